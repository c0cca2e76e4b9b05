//! Scenario files: every shipped file loads; each kind of mistake in a file
//! gets an error naming the file, the line and column, and the problem.

use crate::common;
use death_on_the_rails::load_scenario;
use engine::data::DataError;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

#[test]
fn every_shipped_scenario_loads() {
    let dir = common::shipped("x").parent().unwrap().to_path_buf();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            if let Err(e) = load_scenario(&path) {
                panic!("{e}");
            }
            count += 1;
        }
    }
    assert!(count >= 1);
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A copy of the test scenario's files in a fresh folder.
fn copy_fixture() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fourfronts-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    for f in ["strip.toml", "cards.toml", "maps/strip.toml"] {
        std::fs::copy(common::fixture(f), dir.join(f)).unwrap();
    }
    dir
}

/// Loads the test scenario with `from` replaced by `to` in one of its files;
/// returns the errors and the place where `to` now stands.
fn broken(file: &str, from: &str, to: &str) -> (Vec<DataError>, PathBuf, usize) {
    let dir = copy_fixture();
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from:?} not in {file}");
    let new = text.replacen(from, to, 1);
    let line = new[..new.find(to).unwrap()].matches('\n').count() + 1;
    std::fs::write(&path, new).unwrap();
    let errors = load_scenario(&dir.join("strip.toml"))
        .expect_err("the file is broken")
        .0;
    (errors, path, line)
}

fn expect(file: &str, from: &str, to: &str, message: &str) -> DataError {
    let (errors, path, line) = broken(file, from, to);
    let found = errors
        .iter()
        .find(|e| e.message.contains(message))
        .unwrap_or_else(|| panic!("no error containing {message:?} in {errors:#?}"));
    assert_eq!(found.file, path, "{found}");
    assert_eq!(found.line, line, "{found}");
    assert!(
        found
            .to_string()
            .starts_with(&format!("{}:{}:", path.display(), line))
    );
    found.clone()
}

#[test]
fn a_toml_syntax_error_names_the_line() {
    expect(
        "strip.toml",
        "title = \"Test strip\"",
        "title = \"Test strip",
        "",
    );
}

#[test]
fn an_unknown_key_is_named() {
    expect(
        "strip.toml",
        "date = ",
        "colour = \"red\"\ndate = ",
        "unknown field `colour`",
    );
}

#[test]
fn a_value_of_the_wrong_type_is_named() {
    expect(
        "strip.toml",
        "{ name = \"Rifles\", strength = 4, count = 3 }",
        "{ name = \"Rifles\", strength = \"four\", count = 3 }",
        "invalid type",
    );
}

#[test]
fn an_unknown_area_is_pointed_at() {
    let e = expect(
        "strip.toml",
        "setup_areas = [\"a\", \"f\"]",
        "setup_areas = [\"a\", \"z\"]",
        "there is no area 'z'",
    );
    // The column points at the "z" itself.
    assert_eq!(e.column, "setup_areas = [\"a\", ".len() + 1);
}

#[test]
fn a_grid_cell_without_an_area_entry_is_pointed_at() {
    let e = expect(
        "maps/strip.toml",
        "aaabbbcccdddeee\nfff",
        "aaabbbcccdddeeX\nfff",
        "grid cell 'X' (row 2, column 15) has no entry under [areas]",
    );
    assert_eq!(e.column, 15);
}

#[test]
fn an_area_drawn_in_pieces_is_an_error_at_its_entry() {
    let (errors, path, _) = broken(
        "maps/strip.toml",
        "aaabbbcccdddeee\naaab",
        "aaabbbcccdddeee\nbaab",
    );
    let e = errors
        .iter()
        .find(|e| e.message.contains("drawn in pieces"))
        .expect("an error");
    let text = std::fs::read_to_string(&path).unwrap();
    let entry_line = text[..text.find("[areas.b]").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert_eq!(
        (e.file.as_path(), e.line),
        (path.as_path(), entry_line),
        "{e}"
    );
    assert_eq!(
        e.message,
        "area 'b' (B field) is drawn in pieces; an area must be one connected shape"
    );
}

#[test]
fn an_area_missing_from_the_grid_is_an_error() {
    expect(
        "maps/strip.toml",
        "[areas.a]",
        "[areas.z]\nname = \"Z\"\nterrain = \"open\"\ndots = [[0.5, 0.5]]\n\n[areas.a]",
        "area 'z' (Z) is not drawn in the grid",
    );
}

#[test]
fn a_centre_dot_outside_its_area_is_pointed_at() {
    expect(
        "maps/strip.toml",
        "dots = [[4.5, 1.0]]",
        "dots = [[9.5, 1.0]]",
        "centre dot [9.5, 1] is not inside area 'b'",
    );
}

#[test]
fn railway_between_areas_that_do_not_touch_is_an_error() {
    expect(
        "maps/strip.toml",
        "railway = [[\"f\", \"g\", \"h\", \"i\", \"j\"]]",
        "railway = [[\"f\", \"h\"]]",
        "railway runs from 'f' to 'h', which do not touch",
    );
}

#[test]
fn a_referenced_file_must_exist_and_stay_inside_the_folder() {
    expect(
        "strip.toml",
        "map = \"maps/strip.toml\"",
        "map = \"maps/nowhere.toml\"",
        "map file \"maps/nowhere.toml\": cannot read the file",
    );
    expect(
        "strip.toml",
        "cards = \"cards.toml\"",
        "cards = \"../../etc/cards.toml\"",
        "points outside this file's folder",
    );
}

#[test]
fn a_file_of_the_wrong_kind_is_named() {
    expect(
        "strip.toml",
        "cards = \"cards.toml\"",
        "cards = \"maps/strip.toml\"",
        "\"maps/strip.toml\" is a map file (kind = \"map\"), not action_cards",
    );
}

#[test]
fn bad_card_values_are_pointed_at() {
    expect(
        "cards.toml",
        "{ actions = 1, green = \"A\"",
        "{ actions = 9, green = \"A\"",
        "a card gives 1 to 8 actions",
    );
    expect(
        "cards.toml",
        "{ actions = 2, green = \"B\"",
        "{ actions = 2, green = \"Q\"",
        "objective letter \"Q\" must be one of A to H",
    );
}

#[test]
fn bad_unit_values_are_pointed_at() {
    expect(
        "strip.toml",
        "{ name = \"Weak rifles\", strength = 2, count = 2 }",
        "{ name = \"Weak rifles\", strength = 5, count = 2 }",
        "strength must be 1 to 4",
    );
    expect(
        "strip.toml",
        "{ name = \"Weak rifles\", strength = 2, count = 2 }",
        "{ name = \"Weak rifles\", strength = 2, critical = 3, count = 2 }",
        "critical strength must be 1 to its strength 2",
    );
    expect(
        "strip.toml",
        "{ name = \"Staff\", kind = \"non_combat\", count = 2 }",
        "{ name = \"Staff\", kind = \"non_combat\", strength = 2, count = 2 }",
        "non-combat units and dummies have no strength",
    );
}

#[test]
fn objectives_are_lettered_in_order_one_per_area() {
    expect(
        "strip.toml",
        "B = \"h\"",
        "C = \"h\"",
        "expected B, found \"C\"",
    );
    expect(
        "strip.toml",
        "B = \"h\"",
        "B = \"c\"",
        "two objective tokens in area 'c'",
    );
}

#[test]
fn the_train_must_start_on_the_railway() {
    expect(
        "strip.toml",
        "area = \"f\", artillery",
        "area = \"a\", artillery",
        "the train must start on the railway",
    );
}

#[test]
fn victory_conditions_must_be_playable() {
    expect(
        "strip.toml",
        "victory = [{ kind = \"destroy_all_enemy_units\" }]\n\n[russia]",
        "victory = [{ kind = \"secret_objectives\" }]\n\n[russia]",
        "does not draw a card",
    );
}

#[test]
fn every_problem_in_a_file_is_reported_at_once() {
    let dir = copy_fixture();
    let path = dir.join("strip.toml");
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "setup_areas = [\"e\", \"j\"]",
        "setup_areas = [\"x\", \"y\"]",
    );
    std::fs::write(&path, text).unwrap();
    let errors = load_scenario(&path).unwrap_err().0;
    assert_eq!(errors.len(), 2, "{errors:#?}");
}

#[test]
fn a_file_that_is_not_text_is_an_error_not_a_panic() {
    let dir = copy_fixture();
    std::fs::write(dir.join("maps/strip.toml"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let errors = load_scenario(&dir.join("strip.toml")).unwrap_err().0;
    assert!(errors[0].message.contains("not valid UTF-8"), "{errors:#?}");
    let _ = Path::new("");
}

#[test]
fn a_deck_too_big_is_refused() {
    let card = "  { actions = 2, green = \"A\", blue = [\"A\", \"B\"] },\n".repeat(201);
    let e = expect(
        "cards.toml",
        "cards = [\n",
        &format!("cards = [\n{card}"),
        "a deck may have at most 200 cards",
    );
    assert!(e.message.ends_with("this one has 213"), "{e}");
}
