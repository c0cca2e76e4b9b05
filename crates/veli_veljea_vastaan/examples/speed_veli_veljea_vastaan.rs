//! Random campaigns as fast as they go, without the game's window linked in:
//! `cargo run --release -p veli_veljea_vastaan --example speed_veli_veljea_vastaan [GAMES]`.
//! Prints the same summary line as `fourfronts simulate --quiet` (invariants
//! checked after every step, as there; `NO_INVARIANTS=1` to leave them out).

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/veli_veljea_vastaan/campaign_1918.toml");
    let rules =
        veli_veljea_vastaan::VeliVeljeaVastaan::load(&path).unwrap_or_else(|e| panic!("{e}"));
    engine::runner::speed_example(rules, games);
}
