//! The computer opponent (issue 20): it never looks at what nobody can
//! see (the dice to come, the pile, cards still face down), and it plays
//! whole games of every scenario.

use bot::{Budget, Player, PlayerKind};
use engine::runner::random_step;
use engine::{Decider, Game, Options, Ruleset};
use rand::RngExt;
use red_square::RedSquare;

const SCENARIOS: [&str; 3] = ["sviyazhsk", "tambov", "kakhovka"];

fn rules(id: &str) -> RedSquare {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_square")
        .join(format!("{id}.toml"));
    RedSquare::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn searcher(iterations: u32) -> Player {
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(iterations));
    p.mcts.playout_depth = 20;
    p
}

/// Along random games of every scenario, wherever a side has a real
/// choice, what nobody can see is changed (the generator's future dice,
/// the pile's order, the face-down cards exchanged with the pile), and the
/// bot, with the same seed and budget, must choose the same action.
#[test]
fn bot_sees_only_its_view() {
    let mut rng = engine::rng_from_seed(20);
    let bot = searcher(30);
    let (mut compared, mut differing_seeds) = (0u32, 0u32);
    for id in SCENARIOS {
        let r = rules(id);
        let mut game = Game::new(r.clone(), Options::new(), 2).unwrap();
        let mut step = 0u32;
        while random_step(&mut game, &mut rng).is_some() {
            step += 1;
            if !step.is_multiple_of(17) {
                continue;
            }
            let s = game.state();
            let Decider::One(side) = r.to_decide(s) else {
                continue;
            };
            let mut s2 = s.clone();
            s2.rng = engine::rng_from_seed(rng.random());
            for i in (1..s2.deck.len()).rev() {
                let j = rng.random_range(0..=i);
                s2.deck.swap(i, j);
            }
            for d in s2.dealt.iter_mut().filter(|d| !d.face_up) {
                if !s2.deck.is_empty() && rng.random_bool(0.5) {
                    let j = rng.random_range(0..s2.deck.len());
                    std::mem::swap(&mut d.card, &mut s2.deck[j]);
                }
            }
            if r.check_invariants(&s2).is_err() {
                continue;
            }
            assert_eq!(
                serde_json::to_string(&r.view(&s2, Some(side))).unwrap(),
                serde_json::to_string(&r.view(s, Some(side))).unwrap()
            );
            let (mut c1, mut c2) = (Vec::new(), Vec::new());
            r.choices(s, side, &mut c1);
            r.choices(&s2, side, &mut c2);
            assert_eq!(c1, c2);
            if c1.len() < 2 {
                continue;
            }
            let seed = u64::from(step);
            let first = bot.choose(&r, s, side, &c1, seed);
            let second = bot.choose(&r, &s2, side, &c2, seed);
            assert_eq!(
                c1[first], c2[second],
                "{id} step {step}: the bot's choice depends on the dice or cards to come"
            );
            if bot.choose(&r, s, side, &c1, seed + 1000) != first {
                differing_seeds += 1;
            }
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} positions compared");
    assert!(differing_seeds > 0);
}

/// The bot plays complete games of every scenario against the random
/// player, on both sides, with the invariants checked after every step.
#[test]
fn bot_plays_every_scenario_to_the_end() {
    for id in SCENARIOS {
        let summary = bot::plays_to_the_end(&rules(id), searcher(10), 50_000)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary.games, 2);
    }
}
