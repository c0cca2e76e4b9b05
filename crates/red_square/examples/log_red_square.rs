//! One random game in words, as side A reads it:
//! `cargo run -p red_square --example log_red_square [SEED] [SCENARIO]`.

use engine::{Game, Ruleset};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let id = args.next().unwrap_or_else(|| "sviyazhsk".to_string());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_square")
        .join(format!("{id}.toml"));
    let rules = red_square::RedSquare::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(rules.clone(), Default::default(), seed).unwrap();
    let mut chooser = engine::rng_from_seed(seed);
    while let engine::Decider::One(side) = game.to_decide() {
        let n = game.legal_choices(side).len();
        let state = game.state().clone();
        let pick = rand::RngExt::random_range(&mut chooser, 0..n);
        let action = game.legal_choices(side)[pick].clone();
        println!(
            "> {}: {}",
            rules.side_name(side),
            rules.describe_action(&state, side, &action)
        );
        let events = game.apply_choice(side, pick).unwrap().to_vec();
        for line in rules
            .describe_events(game.state(), &events, Some(engine::Side::A))
            .into_iter()
            .flatten()
        {
            println!("  {line}");
        }
    }
    println!("{:?}", game.outcome());
}
