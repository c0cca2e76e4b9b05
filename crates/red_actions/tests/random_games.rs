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
