//! One game of the search (side A) against random (side B), with every
//! decision of side A printed and the value every 40 steps, to see where
//! the attacker goes wrong (issue 20, `docs/bot.md`):
//!
//! `cargo run --release -p red_square --example bot_trace -- SCENARIO SEED ITERATIONS [b]`
//!
//! With a fourth argument `b` the search plays side B and random side A.

use bot::{Budget, Player, PlayerKind};
use engine::{Decider, Game, Options, Ruleset, Side};
use red_square::RedSquare;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        return Err("usage: bot_trace SCENARIO SEED ITERATIONS [b]".into());
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_square")
        .join(format!("{}.toml", args[0]));
    let rules = RedSquare::load(&path).map_err(|e| e.to_string())?;
    let seed: u64 = args[1].parse().map_err(|e| format!("seed: {e}"))?;
    let n: u32 = args[2].parse().map_err(|e| format!("iterations: {e}"))?;
    let searcher_side = if args.get(3).is_some_and(|a| a == "b") {
        Side::B
    } else {
        Side::A
    };
    let search = Player::new(PlayerKind::Mcts, Budget::Iterations(n));
    let random = Player::new(PlayerKind::Random, Budget::Iterations(1));
    let mut game = Game::new(rules.clone(), Options::new(), seed).map_err(|e| e.0)?;
    let mut recent = bot::Recent::default();
    let mut step = 0u64;
    while game.outcome().is_none() && step < 20_000 {
        let side = match game.to_decide() {
            Decider::One(s) => s,
            _ => Side::A,
        };
        let player = if side == searcher_side {
            &search
        } else {
            &random
        };
        let choices = game.legal_choices(side).to_vec();
        let i = player.choose_avoiding(
            &rules,
            game.state(),
            side,
            &choices,
            bot::decision_seed(seed, step),
            &recent,
        );
        if choices.len() > 1 {
            println!(
                "{step} t{} {}: {} ({} choices)",
                game.state().turn,
                if side == searcher_side { "bot" } else { "rnd" },
                rules.describe_action(game.state(), side, &choices[i]),
                choices.len()
            );
        }
        if step.is_multiple_of(40) {
            println!(
                "{step} value for the bot {:.3}",
                rules.evaluate(game.state(), searcher_side)
            );
        }
        let before = game.state().clone();
        let events = game
            .apply_choice(side, i)
            .map_err(|e| e.to_string())?
            .to_vec();
        recent.note(&rules, &before, side, &events);
        step += 1;
    }
    println!("{:?}", game.outcome());
    Ok(())
}
