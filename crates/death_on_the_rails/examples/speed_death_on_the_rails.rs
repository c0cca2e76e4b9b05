//! Random games of one scenario as fast as they go, without the game's window
//! linked in: `cargo run --release -p death_on_the_rails --example speed_death_on_the_rails
//! [GAMES] [SCENARIO]` (default: 2000 games of Narva, the largest). Prints
//! the same summary line as `fourfronts simulate --quiet` (invariants checked
//! after every step, as there; `NO_INVARIANTS=1` to leave them out).

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let scenario = args.next().unwrap_or_else(|| "narva".into());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "../../scenarios/death_on_the_rails/{scenario}.toml"
    ));
    let rules = death_on_the_rails::DeathOnTheRails::load(&path).unwrap_or_else(|e| panic!("{e}"));
    engine::runner::speed_example(rules, games);
}
