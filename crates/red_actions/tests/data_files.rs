//! The shipped data files load, and mistakes in them are reported with the
//! file, line and column and what is wrong (Red Actions!'s data format,
//! docs/red_actions/data.md).

use red_actions::scenario::{Category, check_file, load_scenario};
use std::path::{Path, PathBuf};

const SCENARIOS: [&str; 3] = ["village", "railway_raid", "wired_position"];

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/red_actions")
}

#[test]
fn the_shipped_scenarios_and_files_load() {
    for id in SCENARIOS {
        let path = shipped().join(format!("{id}.toml"));
        let sc = load_scenario(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sc.info.id, id);
        assert!(!sc.reconstruction.trim().is_empty(), "{id} says what is ours");
        assert!(!sc.units.is_empty());
    }
    check_file("tables", &shipped().join("tables/tables.toml")).unwrap();
    check_file("officers", &shipped().join("officers/officers.toml")).unwrap();
    check_file("troops", &shipped().join("troops/troops.toml")).unwrap();
    check_file("armies", &shipped().join("armies/armies.toml")).unwrap();
}
