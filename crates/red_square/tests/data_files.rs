//! The shipped data files load, and mistakes in them are reported with the
//! file, line and column and what is wrong (Red Square's data format,
//! docs/red_square/data.md).

use engine::RuleSystem;
use red_square::RedSquare;
use std::path::{Path, PathBuf};

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/red_square")
}

#[test]
fn the_shipped_scenarios_and_tables_load() {
    for id in ["sviyazhsk", "tambov", "kakhovka"] {
        let path = shipped().join(format!("{id}.toml"));
        RedSquare::check_file("scenario", &path).unwrap_or_else(|e| panic!("{e}"));
        let r = RedSquare::load(&path).unwrap();
        assert!(
            r.sc().grid.columns >= 10 && r.sc().grid.rows >= 6,
            "Playing Area: at least 6 x 10"
        );
        assert!(
            !r.sc().reconstruction.trim().is_empty(),
            "{id} says what is ours"
        );
        assert_eq!(r.sc().info.id, id);
    }
    RedSquare::check_file("tables", &shipped().join("tables/red_square.toml")).unwrap();
}

/// Writes a copy of Sviyazhsk with one line changed and returns the errors.
fn errors_after(from: &str, to: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!(
        "fourfronts-rs-data-{}-{}",
        std::process::id(),
        from.len() * 31 + to.len()
    ));
    std::fs::create_dir_all(dir.join("tables")).unwrap();
    std::fs::copy(
        shipped().join("tables/red_square.toml"),
        dir.join("tables/red_square.toml"),
    )
    .unwrap();
    let text = std::fs::read_to_string(shipped().join("sviyazhsk.toml")).unwrap();
    assert!(text.contains(from), "the scenario has {from:?}");
    std::fs::write(dir.join("sviyazhsk.toml"), text.replacen(from, to, 1)).unwrap();
    let result = RedSquare::load(&dir.join("sviyazhsk.toml"));
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn a_unit_on_a_square_outside_the_map_is_named_with_its_place() {
    let text = std::fs::read_to_string(shipped().join("sviyazhsk.toml")).unwrap();
    // The first unit's square, moved past the last column.
    let at = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("at = \""))
        .and_then(|rest| rest.split('"').next())
        .expect("a unit with a square")
        .to_string();
    let errors = errors_after(&format!("at = \"{at}\""), "at = \"Z9\"");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("sviyazhsk.toml:") && e.contains("Z9")),
        "{errors:?}"
    );
}

#[test]
fn an_unknown_unit_type_and_facing_are_named() {
    let errors = errors_after("type = \"infantry\"", "type = \"infantryy\"");
    assert!(
        errors
            .iter()
            .any(|e| e.contains("unknown unit type \"infantryy\"")),
        "{errors:?}"
    );
    let errors = errors_after("facing = \"", "facing = \"x");
    assert!(
        errors.iter().any(|e| e.contains("facing \"x")),
        "{errors:?}"
    );
}

#[test]
fn a_terrain_row_of_the_wrong_length_is_named() {
    let text = std::fs::read_to_string(shipped().join("sviyazhsk.toml")).unwrap();
    let start = text.find("terrain = [").unwrap();
    let row_start = text[start..].find('"').unwrap() + start + 1;
    let row = &text[row_start..row_start + text[row_start..].find('"').unwrap()];
    let errors = errors_after(&format!("\"{row}\""), &format!("\"{row} .\""));
    assert!(errors.iter().any(|e| e.contains("row 1 has")), "{errors:?}");
}

/// Units and Machine Guns 1: an MG company stands with or next to the unit
/// it goes with; a scenario that puts it elsewhere is refused at its place.
#[test]
fn units_an_mg_away_from_its_unit_is_refused() {
    let errors = errors_after(
        "id = \"officers_mg\"\ntype = \"mg\"\nname = \"Officers' MG company\"\nat = \"C7\"",
        "id = \"officers_mg\"\ntype = \"mg\"\nname = \"Officers' MG company\"\nat = \"A1\"",
    );
    assert!(
        errors.iter().any(|e| e.contains("sviyazhsk.toml:")
            && e.contains("with or next to")
            && e.contains("Machine Guns 1")),
        "{errors:?}"
    );
}
