//! Damaged files, at random. A shipped scenario with one random edit in its
//! scenario or tables file either loads and plays a random game to the end
//! with the invariants checked, or is refused with errors that name the file
//! and a line in it. A save file with one random edit either replays or is
//! refused with a reason. Never a panic.

use engine::damage::{Edit, apply};
use engine::runner::{RunFailure, RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Options, Ruleset};
use proptest::prelude::*;
use red_square::RedSquare;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SCENARIOS: &[&str] = &["sviyazhsk.toml", "tambov.toml", "kakhovka.toml"];
const TABLES: &str = "tables/red_square.toml";

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/red_square")
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    (any::<u8>(), any::<usize>(), any::<usize>()).prop_map(|(k, a, b)| Edit::from_numbers(k, a, b))
}

/// 64 cases from a fixed seed, so that a CI run can be repeated; set
/// PROPTEST_RNG_SEED (and PROPTEST_CASES) to explore other cases.
fn config() -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(64);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(1919);
    }
    config
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

fn copy_shipped() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fourfronts-damaged-rs-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    for f in SCENARIOS.iter().chain([&TABLES]) {
        let target = dir.join(f);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(shipped().join(f), target).unwrap();
    }
    dir
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_damaged_scenario_is_refused_with_its_place_or_plays_to_the_end(
        scenario in 0..SCENARIOS.len(),
        tables in any::<bool>(),
        edit in edit_strategy(),
        seed in 0u64..1000,
    ) {
        let dir = copy_shipped();
        let damaged = dir.join(if tables { TABLES } else { SCENARIOS[scenario] });
        let text = std::fs::read_to_string(&damaged).unwrap();
        std::fs::write(&damaged, apply(&text, &edit)).unwrap();
        let result = match RedSquare::load(&dir.join(SCENARIOS[scenario])) {
            Err(errors) => {
                prop_assert!(!errors.0.is_empty());
                for e in &errors.0 {
                    prop_assert!(e.file.starts_with(&dir), "{e}: not in the scenario's folder");
                    prop_assert!(!e.message.trim().is_empty(), "{e}: no message");
                    if e.line > 0 {
                        let lines = std::fs::read_to_string(&e.file)
                            .map(|t| t.lines().count())
                            .unwrap_or(0);
                        prop_assert!(e.line <= lines + 1, "{e}: past the end ({lines} lines)");
                    }
                }
                Ok(())
            }
            Ok(rules) => match random_game(rules, &Options::new(), seed, &RunSettings::default()) {
                Ok(_) | Err(RunFailure::Setup(_)) => Ok(()),
                Err(e) => Err(e),
            },
        };
        let _ = std::fs::remove_dir_all(&dir);
        prop_assert!(result.is_ok(), "{} after {edit:?}: {}", SCENARIOS[scenario], result.unwrap_err());
    }

    #[test]
    fn a_damaged_save_is_refused_with_a_reason_or_replays(
        seed in 0u64..1000,
        edit in edit_strategy(),
    ) {
        let rules = RedSquare::load(&shipped().join(SCENARIOS[0])).unwrap();
        let finished = random_game(rules.clone(), &Options::new(), seed, &RunSettings::default())
            .unwrap();
        let json = SaveFile::of_game(&finished.game).to_json();
        match SaveFile::parse(&apply(&json, &edit)).and_then(|save| save.replay(rules)) {
            Ok(game) => {
                prop_assert!(game.rules().check_invariants(game.state()).is_ok());
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}
