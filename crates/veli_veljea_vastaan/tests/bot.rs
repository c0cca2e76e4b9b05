//! The computer opponent (issue 20): it never looks at what its side
//! cannot see, and it plays whole campaigns.

mod common;

use bot::{Budget, Player, PlayerKind};
use engine::runner::random_step;
use engine::{Decider, Game, Options, Ruleset, Side};
use rand::RngExt;

fn searcher(iterations: u32) -> Player {
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(iterations));
    p.mcts.playout_depth = 20;
    p
}

/// Along random campaigns, wherever a side has a real choice, what it
/// cannot see is changed (the opponent's hand exchanged with its draw
/// pile, both draw piles shuffled, the generator's dice to come), and the
/// bot, with the same seed and budget, must choose the same action.
#[test]
fn bot_sees_only_its_view() {
    let r = common::rules();
    let mut rng = engine::rng_from_seed(20);
    let bot = searcher(40);
    let (mut compared, mut hands_changed, mut differing_seeds) = (0u32, 0u32, 0u32);
    for seed in 0..2 {
        let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
        let mut step = 0u32;
        while random_step(&mut game, &mut rng).is_some() {
            step += 1;
            if !step.is_multiple_of(13) {
                continue;
            }
            let s = game.state();
            let Decider::One(side) = r.to_decide(s) else {
                continue;
            };
            let mut s2 = s.clone();
            s2.rng = engine::rng_from_seed(rng.random());
            let other = &mut s2.decks[side.other().index()];
            for card in other.hand.iter_mut() {
                if !other.draw.is_empty() && rng.random_bool(0.5) {
                    let j = rng.random_range(0..other.draw.len());
                    std::mem::swap(card, &mut other.draw[j]);
                }
            }
            for deck in s2.decks.iter_mut() {
                for i in (1..deck.draw.len()).rev() {
                    let j = rng.random_range(0..=i);
                    deck.draw.swap(i, j);
                }
            }
            assert_eq!(r.view(&s2, Some(side)), r.view(s, Some(side)));
            let (mut c1, mut c2) = (Vec::new(), Vec::new());
            r.choices(s, side, &mut c1);
            r.choices(&s2, side, &mut c2);
            assert_eq!(c1, c2);
            if c1.len() < 2 {
                continue;
            }
            if s2.decks[side.other().index()].hand != s.decks[side.other().index()].hand {
                hands_changed += 1;
            }
            let seed = u64::from(step);
            let first = bot.choose(&r, s, side, &c1, seed);
            let second = bot.choose(&r, &s2, side, &c2, seed);
            assert_eq!(
                c1[first], c2[second],
                "step {step}: the bot's choice depends on what {side:?} cannot see"
            );
            if bot.choose(&r, s, side, &c1, seed + 1000) != first {
                differing_seeds += 1;
            }
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} positions compared");
    assert!(hands_changed >= 10, "hands changed in only {hands_changed}");
    assert!(differing_seeds > 0);
}

/// A drawn game looks the same to the side: its view and its choices.
#[test]
fn a_drawn_game_looks_the_same_to_the_side() {
    let r = common::rules();
    let mut rng = engine::rng_from_seed(21);
    let mut game = Game::new(r.clone(), Options::new(), 4).unwrap();
    let mut hands_changed = 0;
    while random_step(&mut game, &mut rng).is_some() {
        let s = game.state();
        for side in Side::BOTH {
            let d = r.determinize(s, side, &mut rng);
            r.check_invariants(&d).unwrap();
            assert_eq!(r.view(&d, Some(side)), r.view(s, Some(side)));
            if d.decks[side.other().index()].hand != s.decks[side.other().index()].hand {
                hands_changed += 1;
            }
        }
    }
    assert!(hands_changed > 100, "{hands_changed}");
}

/// The bot plays the campaign to its end against the random player, on
/// both sides, with the invariants checked after every step.
#[test]
fn bot_plays_the_campaign_to_the_end() {
    let summary = bot::plays_to_the_end(&common::rules(), searcher(15), 20_000)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(summary.games, 2);
}

/// The value's pressure (`VeliVeljeaVastaan::approach`, `massing`): a
/// White Civil Guard next to Red Tampere raises White's approach, its
/// massing against Tampere and White's value more than one far off by
/// White Oulu; Red's value falls as much.
#[test]
fn the_value_counts_white_pressing_on_red_cities() {
    let r = common::rules();
    let mut far = common::empty(&r);
    common::hold(
        &r,
        &mut far,
        veli_veljea_vastaan::RED,
        &["tampere", "helsinki", "viipuri"],
    );
    common::hold(&r, &mut far, veli_veljea_vastaan::WHITE, &["oulu", "vaasa"]);
    common::put(&r, &mut far, "red_guard", "tampere", false);
    common::put(&r, &mut far, "red_guard", "helsinki", false);
    common::put(&r, &mut far, "civil_guard", "vaasa", false);
    let mut near = far.clone();
    common::put(&r, &mut far, "civil_guard", "kajaani", false);
    common::put(&r, &mut near, "civil_guard", "orivesi", false);
    assert!(r.approach(&near) > r.approach(&far) + 0.05);
    assert!(r.massing(&near) > r.massing(&far) + 0.05);
    let white = veli_veljea_vastaan::WHITE;
    let (a, b) = (r.evaluate(&far, white), r.evaluate(&near, white));
    assert!(b > a + 0.02, "{a} then {b}");
    let red = r.evaluate(&near, veli_veljea_vastaan::RED);
    assert!((b + red - 1.0).abs() < 1e-5);
}
