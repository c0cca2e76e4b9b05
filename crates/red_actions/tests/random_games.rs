//! Random complete games of every Red Actions! scenario with the invariants
//! checked after every step, with and without random values fed to the
//! parameterised moves, replayed from their save files bit for bit.

use engine::runner::{RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Decider, Options};
use red_actions::RedActions;

pub const SCENARIOS: [&str; 3] = ["village", "wired_position", "railway_raid"];

pub fn rules(id: &str) -> RedActions {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn run(fuzz: bool, seeds: std::ops::Range<u64>) {
    let settings = RunSettings {
        fuzz_offers: fuzz,
        ..RunSettings::default()
    };
    for id in SCENARIOS {
        let r = rules(id);
        let mut results = [0; 3];
        for seed in seeds.clone() {
            let finished = random_game(r.clone(), &Options::new(), seed, &settings)
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert_eq!(finished.game.to_decide(), Decider::Nobody);
            match finished.outcome.winner {
                Some(w) => results[w.index()] += 1,
                None => results[2] += 1,
            }
            let json = SaveFile::of_game(&finished.game).to_json();
            let replayed = SaveFile::parse(&json)
                .and_then(|s| s.replay(r.clone()))
                .unwrap_or_else(|e| panic!("{id} seed {seed}: {e}"));
            assert_eq!(replayed.state(), finished.game.state(), "{id} seed {seed}");
        }
        eprintln!(
            "{id} (fuzz {fuzz}): side A {}, side B {}, draws {}",
            results[0], results[1], results[2]
        );
    }
}

#[test]
fn random_games_end_and_replay_to_the_same_state() {
    run(false, 0..3);
}

#[test]
fn random_games_with_random_values_end_and_replay() {
    run(true, 100..103);
}

/// What a random game brought about: shots on the Shooting Table, charges
/// declared, fights on the Combat Table.
#[derive(Default, Debug)]
struct Tally {
    /// Steps that offered a shot or a charge.
    offered: u32,
    shots: u32,
    charges: u32,
    fights: u32,
    steps: u32,
    /// Prisoners' tokens taken, retaken, killed (Miscellaneous).
    prisoners: [u32; 3],
    /// Routers off the table unseen (one rally), and those back.
    off_table: [u32; 2],
}

impl Tally {
    fn add(&mut self, t: &Tally) {
        self.offered += t.offered;
        self.shots += t.shots;
        self.charges += t.charges;
        self.fights += t.fights;
        self.steps += t.steps;
        for k in 0..3 {
            self.prisoners[k] += t.prisoners[k];
        }
        for k in 0..2 {
            self.off_table[k] += t.off_table[k];
        }
    }
}

/// The distance from a unit to the nearest enemy on the table.
fn nearest_enemy(
    r: &RedActions,
    s: &red_actions::state::State,
    id: u16,
) -> Option<engine::param::Inches> {
    let u = s.unit(id);
    if !u.on_table() {
        return None;
    }
    s.ids()
        .filter(|&e| s.unit(e).side != u.side && s.unit(e).on_table())
        .map(|e| r.range_between(s, id, e))
        .min()
}

/// Whether a move brings its unit nearer the nearest enemy (played on a
/// copy of the state).
fn closes_in(
    r: &RedActions,
    s: &red_actions::state::State,
    side: engine::Side,
    a: &red_actions::state::Action,
) -> bool {
    use engine::Ruleset;
    use red_actions::state::Action;
    if !matches!(
        a,
        Action::Advance { .. } | Action::Wheel { .. } | Action::Turn { .. } | Action::Enter { .. }
    ) {
        return false;
    }
    let id = a.unit();
    let before = nearest_enemy(r, s, id);
    let mut t = s.clone();
    if r.apply(&mut t, side, a, &mut Vec::new()).is_err() {
        return false;
    }
    match (before, nearest_enemy(r, &t, id)) {
        (Some(b), Some(n)) => n < b,
        (None, Some(_)) => true,
        _ => false,
    }
}

/// A random game whose player still picks only among the listed choices
/// but weighs those that lead to shooting or charging (their kinds and
/// the actions themselves) `weight` times the others, moves that bring the
/// unit nearer the enemy half that, and choosing to move or to come on a
/// quarter of it (1: the uniform player of the engine's runner); the
/// invariants checked after every step, the game replayed from its save
/// file at the end.
fn weighted_game(r: &RedActions, seed: u64, weight: u32) -> Tally {
    use engine::{Game, Ruleset};
    use rand::RngExt;
    use red_actions::state::{Action, ActionKind, Event};
    let favoured = |a: &Action| {
        matches!(
            a,
            Action::Kind {
                kind: ActionKind::Shoot | ActionKind::Charge | ActionKind::Fire | ActionKind::Pivot,
                ..
            } | Action::Shoot { .. }
                | Action::Fire { .. }
                | Action::Charge { .. }
                | Action::Spring { .. }
                | Action::ShootChargers { .. }
                | Action::ReturnFire { .. }
                | Action::CounterCharge { .. }
        )
    };
    let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
    let mut chooser = engine::rng_from_seed(seed ^ 0x5eed);
    let mut tally = Tally::default();
    for step in 0..200_000u32 {
        let side = match game.to_decide() {
            Decider::One(side) => side,
            Decider::Both => engine::Side::A,
            Decider::Nobody => break,
        };
        let choices = game.legal_choices(side).to_vec();
        assert!(!choices.is_empty(), "seed {seed} step {step}: no choices");
        let s = game.state();
        if choices.iter().any(favoured) {
            tally.offered += 1;
        }
        let weights: Vec<u32> = choices
            .iter()
            .map(|a| {
                if favoured(a) {
                    weight
                } else if weight > 1 && closes_in(r, s, side, a) {
                    weight / 2
                } else if weight > 1
                    && matches!(
                        a,
                        Action::Kind {
                            kind: ActionKind::Move,
                            ..
                        } | Action::Enter { .. }
                    )
                {
                    weight / 4
                } else {
                    1
                }
            })
            .collect();
        let mut pick = chooser.random_range(0..weights.iter().sum::<u32>());
        let index = weights
            .iter()
            .position(|&w| {
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .unwrap_or(0);
        let events = game
            .apply_choice(side, index)
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
        for e in events {
            match e {
                Event::Shot { .. } => tally.shots += 1,
                Event::ChargeDeclared { .. } => tally.charges += 1,
                Event::Combat { .. } => tally.fights += 1,
                Event::PrisonersTaken { .. } => tally.prisoners[0] += 1,
                Event::PrisonersFreed { .. } => tally.prisoners[1] += 1,
                Event::PrisonersKilled { .. } => tally.prisoners[2] += 1,
                Event::RoutedOffTable { seen: false, .. } => tally.off_table[0] += 1,
                Event::Returned { .. } => tally.off_table[1] += 1,
                _ => {}
            }
        }
        if let Err(m) = game.rules().check_invariants(game.state()) {
            panic!("seed {seed} step {step}: {m}");
        }
        tally.steps = step + 1;
    }
    assert_eq!(game.to_decide(), Decider::Nobody, "seed {seed}: not over");
    let json = SaveFile::of_game(&game).to_json();
    let replayed = SaveFile::parse(&json)
        .and_then(|s| s.replay(r.clone()))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert_eq!(replayed.state(), game.state(), "seed {seed}");
    tally
}

/// The uniform random player picks a kind of action before the action,
/// and most of what it picks are moves: it rarely shoots (10 village games:
/// 99 shots, no fight). A player that favours shooting, charging and
/// closing in, still among the legal choices only, covers the Shooting and
/// Combat Tables, morale and rout more often (278 shots and a fight in the
/// same games; `random_games_shots_uniform_and_favouring`).
#[test]
fn random_games_favouring_fire_and_charges_end_and_replay() {
    for id in SCENARIOS {
        let r = rules(id);
        let mut total = Tally::default();
        for seed in 200..203 {
            let t = weighted_game(&r, seed, 8);
            total.add(&t);
        }
        eprintln!("{id} (favouring fire, 3 games): {total:?}");
        assert!(total.shots > 0, "{id}: {total:?}");
    }
}

/// The uniform and the favouring player side by side (not run by
/// default): `cargo test -p red_actions --test random_games -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn random_games_shots_uniform_and_favouring() {
    for id in SCENARIOS {
        let r = rules(id);
        for weight in [1, 8] {
            let mut total = Tally::default();
            for seed in 0..10 {
                let t = weighted_game(&r, seed, weight);
                total.add(&t);
            }
            eprintln!("{id} weight {weight}, 10 games: {total:?}");
        }
    }
}
