//! Random games as fast as they go, without the game's window linked in:
//! `cargo run --release -p red_actions --example speed_red_actions [GAMES] [SCENARIO]`
//! (default: 1000 games of the wired position). Prints the same
//! summary line as `fourfronts simulate --quiet` (invariants checked after
//! every step, as there; `NO_INVARIANTS=1` to leave them out), and with
//! `OUTCOMES=1` how the games ended (`engine::runner::speed_example`).
//! With `DIGEST=1` it prints instead one digest of every game's decisions
//! and final state (the same games give the same digest: a check that a
//! change for speed left the games alone).

use std::hash::{Hash, Hasher};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let id = args.next().unwrap_or_else(|| "wired_position".to_string());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    let rules = red_actions::rules::RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"));
    if std::env::var_os("DIGEST").is_some() {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let settings = engine::runner::RunSettings::default();
        for seed in 0..games {
            let f = engine::runner::random_game(
                rules.clone(),
                &engine::Options::new(),
                seed,
                &settings,
            )
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            for d in f.game.history() {
                format!("{:?} {:?}", d.side, d.action).hash(&mut h);
            }
            format!("{:?}", f.game.state()).hash(&mut h);
        }
        println!("digest {id} {games}: {:016x}", h.finish());
        return;
    }
    engine::runner::speed_example(rules, games);
}
