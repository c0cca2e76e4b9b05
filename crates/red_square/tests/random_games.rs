//! Random complete games of every Red Square scenario with the invariants
//! checked after every step, replayed from their save files.

use engine::runner::{RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Decider, Options};
use red_square::RedSquare;

pub const SCENARIOS: [&str; 3] = ["sviyazhsk", "tambov", "kakhovka"];

pub fn rules(id: &str) -> RedSquare {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_square")
        .join(format!("{id}.toml"));
    RedSquare::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn random_games_end_and_replay_to_the_same_state() {
    for id in SCENARIOS {
        let r = rules(id);
        let mut results = [0; 3];
        for seed in 0..12 {
            let finished = random_game(r.clone(), &Options::new(), seed, &RunSettings::default())
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
            "{id}: side A {}, side B {}, draws {}",
            results[0], results[1], results[2]
        );
    }
}
