//! The data files: every shipped file loads; each kind of mistake in a
//! modder's copy is reported at its file, line and column.

use engine::data::DataError;
use std::path::{Path, PathBuf};
use veli_veljea_vastaan::scenario::{load_map, load_scenario, load_tables};

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/veli_veljea_vastaan")
}

#[test]
fn every_shipped_file_loads() {
    let s = load_scenario(&shipped().join("campaign_1918.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.cards.len(), 55, "27 White and 28 Red cards");
    assert_eq!(
        s.cards
            .iter()
            .filter(|c| c.side == veli_veljea_vastaan::WHITE)
            .count(),
        27
    );
    assert_eq!(s.map.strategic.len(), 5);
    load_map(&shipped().join("maps/finland_1918.toml")).unwrap();
    load_tables(&shipped().join("tables/combat.toml")).unwrap();
    // The counters the box holds (2): 68 Civil Guards, 86 Red Guards, 10 Germans, 10 Jägers, 4 trains.
    let counters: Vec<(String, u16)> = s
        .units
        .iter()
        .map(|u| (u.key.clone(), u.counters))
        .collect();
    for (key, n) in [
        ("civil_guard", 68),
        ("red_guard", 86),
        ("german", 10),
        ("jager", 10),
        ("armoured_train", 4),
    ] {
        assert!(
            counters.contains(&(key.to_string(), n)),
            "{key}: {counters:?}"
        );
    }
}

#[test]
fn the_tables_never_give_fewer_hits_for_a_higher_value_or_roll() {
    let s = load_scenario(&shipped().join("campaign_1918.toml")).unwrap();
    for t in [&s.attack, &s.defence] {
        for die in 1..=6u8 {
            for col in 0..t.labels.len() {
                let here = t.cell(col, die).hits;
                if col + 1 < t.labels.len() {
                    assert!(t.cell(col + 1, die).hits >= here);
                }
                if die < 6 {
                    assert!(t.cell(col, die + 1).hits >= here);
                }
            }
        }
    }
}

/// A copy of the shipped folder with `from` replaced by `to` in `file`.
fn broken(file: &str, from: &str, to: &str) -> (Vec<DataError>, PathBuf, usize) {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "vvv-broken-{}-{}",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    for sub in ["", "maps", "cards", "tables"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for f in [
        "campaign_1918.toml",
        "maps/finland_1918.toml",
        "cards/cards.toml",
        "tables/combat.toml",
    ] {
        std::fs::copy(shipped().join(f), dir.join(f)).unwrap();
    }
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("{from:?} not in {file}"));
    let line = text[..at].matches('\n').count() + 1;
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let errors = load_scenario(&dir.join("campaign_1918.toml"))
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    (errors, path, line)
}

fn expect(file: &str, from: &str, to: &str, message: &str) {
    let (errors, path, line) = broken(file, from, to);
    let e = errors
        .iter()
        .find(|e| e.message.contains(message))
        .unwrap_or_else(|| panic!("no error containing {message:?}: {errors:?}"));
    assert_eq!(e.file, path);
    assert_eq!(e.line, line, "{e}");
}

#[test]
fn a_toml_syntax_error_names_the_line() {
    expect("maps/finland_1918.toml", "[russia]", "[russia", "");
}

#[test]
fn an_unknown_city_in_a_railway_is_pointed_at() {
    expect(
        "maps/finland_1918.toml",
        "[\"toijala\", \"tampere\"]",
        "[\"tojala\", \"tampere\"]",
        "no city \"tojala\"",
    );
}

#[test]
fn a_card_placing_an_unknown_unit_is_pointed_at() {
    expect(
        "cards/cards.toml",
        "unit = \"civil_guard\"",
        "unit = \"swedish_brigade\"",
        "no unit \"swedish_brigade\"",
    );
}

#[test]
fn a_table_cell_that_is_not_a_number_is_pointed_at() {
    expect(
        "tables/combat.toml",
        "\"4*\", \"5*\"]",
        "\"four\", \"5*\"]",
        "\"four\" is not a number of hits",
    );
}

/// Found by the damaged-file tests: a combat value of 255 loaded, and the
/// values of an attack overflowed when added up.
#[test]
fn a_combat_value_out_of_range_is_pointed_at() {
    expect(
        "tables/combat.toml",
        "full = [5, 4]",
        "full = [255, 4]",
        "full combat value 255: a unit has 1 to 20",
    );
}

/// 2.3: a reduced unit's movement points and combat value are lower than at
/// full strength; a tables file that gives a reduced side as high (or higher)
/// is pointed at, at the reduced values.
#[test]
fn a_reduced_value_not_below_the_full_one_is_pointed_at() {
    // The Germans: full [5, 4].
    expect(
        "tables/combat.toml",
        "reduced = [3, 3]",
        "reduced = [3, 5]",
        "reduced movement points 5 are not below the full 4",
    );
    expect(
        "tables/combat.toml",
        "reduced = [3, 3]",
        "reduced = [6, 3]",
        "reduced combat value 6 is not below the full 5",
    );
    expect(
        "tables/combat.toml",
        "reduced = [3, 3]",
        "reduced = [5, 4]",
        "reduced movement points 4 are not below the full 4",
    );
    let (errors, path, line) = broken("tables/combat.toml", "reduced = [3, 3]", "reduced = [5, 4]");
    let e = errors
        .iter()
        .find(|e| {
            e.message
                .contains("reduced combat value 5 is not below the full 5")
        })
        .unwrap_or_else(|| panic!("{errors:?}"));
    assert_eq!((e.file.as_path(), e.line), (path.as_path(), line));
    assert_eq!(e.column, 11, "{e}");
}

#[test]
fn units_starting_in_an_enemy_city_are_pointed_at() {
    expect(
        "campaign_1918.toml",
        "at = \"vaasa\"",
        "at = \"tampere\"",
        "which the other side holds",
    );
}

#[test]
fn a_file_outside_the_scenario_folder_is_refused() {
    expect(
        "campaign_1918.toml",
        "map = \"maps/finland_1918.toml\"",
        "map = \"../../etc/finland.toml\"",
        "outside this file's folder",
    );
}

#[test]
fn a_combat_effect_on_a_card_played_at_once_is_refused() {
    // Take "keep" off the card that cancels an attack: its effect is then misplaced.
    let text = std::fs::read_to_string(shipped().join("cards/cards.toml")).unwrap();
    let effect = text.find("{ do = \"cancel_attack\" }").unwrap();
    let keep = text[..effect].rfind("keep = \"enemy_attack\"").unwrap();
    let line = text[..effect].matches('\n').count() + 1;
    let (errors, path, _) = broken(
        "cards/cards.toml",
        &text[keep..effect],
        &text[keep + "keep = \"enemy_attack\"".len()..effect],
    );
    let e = errors
        .iter()
        .find(|e| e.message.contains("needs a card kept in front"))
        .unwrap_or_else(|| panic!("{errors:?}"));
    assert_eq!((e.file.clone(), e.line), (path, line));
}

#[test]
fn an_unknown_key_is_named() {
    expect("campaign_1918.toml", "hand = ", "hands = ", "hands");
}
