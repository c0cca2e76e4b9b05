//! The computer opponent (issue 20): it never looks at what its side
//! cannot see (hidden units, which markers are real, the dice to come),
//! and it plays whole games of every scenario.

use bot::{Budget, Player, PlayerKind};
use engine::runner::random_step;
use engine::{Decider, Game, Options, Ruleset};
use rand::RngExt;
use red_actions::RedActions;
use red_actions::state::State;

const SCENARIOS: [&str; 3] = ["village", "wired_position", "railway_raid"];

fn rules(id: &str) -> RedActions {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn searcher(iterations: u32) -> Player {
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(iterations));
    p.mcts.playout_depth = 10;
    p
}

/// `s` with what `side` cannot see changed: the dice to come, an enemy
/// unit in ambush moved an inch, an enemy unit under a marker exchanged
/// with one of the enemy's dummies. `None` where the change breaks the
/// rules. The second value: whether a hidden unit moved.
fn other_secrets(
    r: &RedActions,
    s: &State,
    side: engine::Side,
    rng: &mut engine::GameRng,
) -> Option<(State, bool)> {
    let enemy = side.other();
    let mut s2 = s.clone();
    s2.rng = engine::rng_from_seed(rng.random());
    let mut moved = false;
    for u in s2.units.iter_mut() {
        if u.side == enemy && u.on_table() && u.hidden && !u.marker {
            u.formation.front.at.x.0 += 100;
            moved = true;
        }
    }
    let real = s2
        .units
        .iter()
        .position(|u| u.side == enemy && u.on_table() && u.hidden && u.marker);
    let dummy = s2.dummies.iter().position(|d| d.side == enemy && !d.gone);
    if let (Some(u), Some(d)) = (real, dummy) {
        std::mem::swap(&mut s2.units[u].formation.front.at, &mut s2.dummies[d].at);
        moved = true;
    }
    r.check_invariants(&s2).ok()?;
    Some((s2, moved))
}

/// Along random games of every scenario, wherever a side has a real
/// choice, what it cannot see is changed (`other_secrets`), and the bot,
/// with the same seed and budget, must choose the same action in both.
#[test]
fn bot_sees_only_its_view() {
    let mut rng = engine::rng_from_seed(20);
    let bot = searcher(12);
    let (mut compared, mut hidden_moved) = (0u32, 0u32);
    for id in SCENARIOS {
        let r = rules(id);
        let mut game = Game::new(r.clone(), Options::new(), 2).unwrap();
        let mut step = 0u32;
        while random_step(&mut game, &mut rng).is_some() && step < 400 {
            step += 1;
            if !step.is_multiple_of(9) {
                continue;
            }
            let s = game.state();
            let Decider::One(side) = r.to_decide(s) else {
                continue;
            };
            let Some((s2, moved)) = other_secrets(&r, s, side, &mut rng) else {
                continue;
            };
            assert_eq!(
                serde_json::to_string(&r.view(&s2, Some(side))).unwrap(),
                serde_json::to_string(&r.view(s, Some(side))).unwrap(),
                "{id}: the change shows"
            );
            let (mut c1, mut c2) = (Vec::new(), Vec::new());
            r.choices(s, side, &mut c1);
            r.choices(&s2, side, &mut c2);
            if c1 != c2 {
                // The rules' own choices depend on an unseen unit (a move
                // sample stopped by it): not the bot's doing.
                continue;
            }
            if c1.len() < 2 {
                continue;
            }
            let seed = u64::from(step);
            let first = bot.choose(&r, s, side, &c1, seed);
            let second = bot.choose(&r, &s2, side, &c2, seed);
            assert_eq!(
                c1[first], c2[second],
                "{id} step {step}: the bot's choice depends on what {side:?} cannot see"
            );
            compared += 1;
            if moved {
                hidden_moved += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} positions compared");
    assert!(
        hidden_moved >= 5,
        "hidden units moved in only {hidden_moved}"
    );
}

/// The bot plays complete games of every scenario against the random
/// player, with the invariants checked after every step.
#[test]
fn bot_plays_every_scenario_to_the_end() {
    for id in SCENARIOS {
        let summary = bot::plays_to_the_end(&rules(id), searcher(3), 50_000)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary.games, 2);
    }
}
