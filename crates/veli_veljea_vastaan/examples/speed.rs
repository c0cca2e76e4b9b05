//! Random campaigns as fast as they go, without the game's window linked in:
//! `cargo run --release -p veli_veljea_vastaan --example speed [GAMES]`.
//! Prints the same summary line as `fourfronts simulate --quiet` (invariants
//! checked after every step, as there).

use engine::runner::{RunSettings, random_game};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/veli_veljea_vastaan/campaign_1918.toml");
    let rules =
        veli_veljea_vastaan::VeliVeljeaVastaan::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let check_invariants = std::env::var_os("NO_INVARIANTS").is_none();
    let settings = RunSettings {
        time_steps: true,
        check_invariants,
        ..RunSettings::default()
    };
    let started = Instant::now();
    let mut steps = 0;
    let mut ns: Vec<u32> = Vec::new();
    for seed in 0..games {
        let mut f = random_game(rules.clone(), &Default::default(), seed, &settings)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        steps += f.steps;
        ns.append(&mut f.step_ns);
    }
    let secs = started.elapsed().as_secs_f64();
    ns.sort_unstable();
    println!(
        "summary: games={games} steps={steps} games_per_s={:.1} median_step_us={:.3}",
        games as f64 / secs,
        ns.get(ns.len() / 2).copied().unwrap_or(0) as f64 / 1000.0
    );
}
