//! Damaged files, at random. A shipped scenario with one random edit in its
//! scenario, map or card file either loads and plays random games to the end
//! with the invariants checked, or is refused with errors that name the file
//! and a line in it. A save file with one random edit either replays or is
//! refused with a reason. Never a panic.

use crate::common;
use death_on_the_rails::DeathOnTheRails;
use engine::damage::{Edit, apply};
use engine::runner::{RunFailure, RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Options, Ruleset};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SCENARIOS: &[&str] = &["annemoisa", "kiltsi", "lehtse", "mustjoe", "narva", "tapa"];

/// One random edit of the kinds `engine::damage` makes.
fn edit_strategy() -> impl Strategy<Value = Edit> {
    (any::<u8>(), any::<usize>(), any::<usize>()).prop_map(|(k, a, b)| Edit::from_numbers(k, a, b))
}

/// 160 cases from a fixed seed, so that a CI run can be repeated; set
/// PROPTEST_RNG_SEED (and PROPTEST_CASES) to explore other cases.
fn config() -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(160);
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(1918);
    }
    config
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A copy of the shipped Death on the Rails folder.
fn copy_shipped() -> PathBuf {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    let dir = std::env::temp_dir().join(format!(
        "fourfronts-damaged-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    copy(common::shipped("x").parent().unwrap(), &dir);
    dir
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_damaged_scenario_is_refused_with_its_place_or_plays_to_the_end(
        scenario in 0..SCENARIOS.len(),
        file in 0usize..3,
        edit in edit_strategy(),
        seed in 0u64..1000,
    ) {
        let dir = copy_shipped();
        let id = SCENARIOS[scenario];
        let damaged = match file {
            0 => dir.join(format!("{id}.toml")),
            1 => dir.join(format!("maps/{id}.toml")),
            _ => dir.join("cards/action_cards.toml"),
        };
        let text = std::fs::read_to_string(&damaged).unwrap();
        std::fs::write(&damaged, apply(&text, &edit)).unwrap();
        let loaded = DeathOnTheRails::load(&dir.join(format!("{id}.toml")));
        let result = match loaded {
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
            Ok(rules) => {
                let settings = RunSettings { max_steps: 100_000, ..RunSettings::default() };
                match random_game(rules, &Options::new(), seed, &settings) {
                    Ok(_) | Err(RunFailure::Setup(_)) => Ok(()),
                    Err(e) => Err(e),
                }
            }
        };
        let _ = std::fs::remove_dir_all(&dir);
        prop_assert!(result.is_ok(), "{id} after {edit:?}: {}", result.unwrap_err());
    }

    #[test]
    fn a_damaged_save_is_refused_with_a_reason_or_replays(
        scenario in 0..SCENARIOS.len(),
        seed in 0u64..1000,
        edit in edit_strategy(),
    ) {
        let rules = DeathOnTheRails::load(&common::shipped(SCENARIOS[scenario])).unwrap();
        let finished = random_game(rules.clone(), &Options::new(), seed, &RunSettings::default())
            .unwrap();
        let json = SaveFile::of_game(&finished.game).to_json();
        let damaged = apply(&json, &edit);
        match SaveFile::parse(&damaged).and_then(|save| save.replay(rules)) {
            Ok(game) => {
                prop_assert!(game.rules().check_invariants(game.state()).is_ok());
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
    }
}

/// The first panic the damaged saves found: a save may ask to raise any die
/// value, and describing a raise of 255 overflowed.
#[test]
fn a_raise_of_any_value_in_a_save_can_be_described() {
    use death_on_the_rails::Action;
    let rules = DeathOnTheRails::load(&common::shipped("narva")).unwrap();
    let s = rules.setup(&Options::new(), 1).unwrap();
    let text = rules.describe_action(&s, engine::Side::A, &Action::Raise { value: 255 });
    assert_eq!(text, "raise a 255 to 256");
}
