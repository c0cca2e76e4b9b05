//! Random games as fast as they go, without the game's window linked in:
//! `cargo run --release -p red_actions --example speed_red_actions [GAMES] [SCENARIO]`
//! (default: 1000 games of the wired position). Prints the same
//! summary line as `fourfronts simulate --quiet` (invariants checked after
//! every step, as there; `NO_INVARIANTS=1` to leave them out), and with
//! `OUTCOMES=1` how the games ended.

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let id = args.next().unwrap_or_else(|| "wired_position".to_string());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    let rules = red_actions::rules::RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let check = std::env::var_os("NO_INVARIANTS").is_none();
    if std::env::var_os("OUTCOMES").is_some() {
        let mut reasons = std::collections::BTreeMap::<String, u32>::new();
        for seed in 0..games {
            let f = engine::runner::random_game(
                rules.clone(),
                &Default::default(),
                seed,
                &engine::runner::RunSettings::default(),
            )
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let o = f.outcome;
            let key = format!(
                "{:?}: {}",
                o.winner,
                o.reason
                    .split(" lost ")
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(60)
                    .collect::<String>()
            );
            *reasons.entry(key).or_default() += 1;
            if seed < 3 {
                println!(
                    "seed {seed}: {} steps, turn {}: {}",
                    f.steps,
                    f.game.state().turn,
                    o.reason
                );
            }
        }
        for (k, n) in reasons {
            println!("{n:5}  {k}");
        }
        return;
    }
    match engine::runner::speed_run(rules, &Default::default(), games, check) {
        Ok(summary) => println!("{summary}"),
        Err(e) => panic!("{e}"),
    }
}
