//! The shipped data files load, and mistakes in them are reported with the
//! file, line and column and what is wrong (Red Actions!'s data format,
//! docs/red_actions/data.md).

use red_actions::scenario::{Category, check_file, load_scenario};
use red_actions::tables::Tables;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SCENARIOS: [&str; 3] = ["village", "railway_raid", "wired_position"];
const FILES: [&str; 7] = [
    "village.toml",
    "railway_raid.toml",
    "wired_position.toml",
    "tables/tables.toml",
    "troops/troops.toml",
    "officers/officers.toml",
    "armies/armies.toml",
];

fn shipped() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/red_actions")
}

#[test]
fn the_shipped_scenarios_and_files_load() {
    for id in SCENARIOS {
        let path = shipped().join(format!("{id}.toml"));
        let sc = load_scenario(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sc.info.id, id);
        assert!(
            !sc.reconstruction.trim().is_empty(),
            "{id} says what is ours"
        );
        assert!(!sc.units.is_empty());
        assert!(sc.sides.iter().all(|s| s.points > 0));
    }
    check_file("tables", &shipped().join("tables/tables.toml")).unwrap();
    check_file("officers", &shipped().join("officers/officers.toml")).unwrap();
    check_file("troops", &shipped().join("troops/troops.toml")).unwrap();
    check_file("armies", &shipped().join("armies/armies.toml")).unwrap();
}

#[test]
fn every_troop_type_and_army_the_rulebook_names_has_a_card_and_a_list() {
    let sc = load_scenario(&shipped().join("village.toml")).unwrap();
    for key in [
        "red_conscripts",
        "red_regulars",
        "red_cavalry",
        "horse_army",
        "red_cossacks",
        "partisans",
        "latvians",
        "chon",
        "kursanty",
        "internationals",
        "white_conscripts",
        "white_volunteers",
        "officer_company",
        "colour_company",
        "plastoons",
        "white_cossacks",
        "white_cavalry",
        "czech_legion",
        "nationalist_regulars",
        "nationalist_cavalry",
        "polish_regulars",
        "polish_uhlans",
        "freikorps_kompagnie",
        "fk_uhlans",
        "makhnovist_partisans",
        "makhnovist_cavalry",
        "engineers",
        "grenadiers",
        "mg",
        "tachanka",
        "mortar",
        "field_gun",
        "horse_gun",
        "heavy_gun",
        "armoured_car",
        "tank",
        "engine",
        "gun_car",
        "turret_car",
        "mg_car",
        "wagon",
        "senior_officer_mounted",
        "senior_officer_foot",
    ] {
        assert!(sc.troop(key).is_some(), "no card for {key}");
    }
    let armies: Vec<&str> = sc.armies.iter().map(|a| a.key.as_str()).collect();
    for a in [
        "soviet",
        "konnarmiya",
        "latvian",
        "makhnovist",
        "white",
        "nationalist",
        "polish",
        "freikorps",
        "czech",
    ] {
        assert!(armies.contains(&a), "no list for {a}");
    }
    // Definitions: Soviet and Partisan armies but Konnarmiya and Latvians
    // draw 2; the others 3.
    for a in &sc.armies {
        let two = matches!(a.key.as_str(), "soviet" | "makhnovist");
        assert_eq!(a.draw, if two { 2 } else { 3 }, "{}", a.key);
        assert!(a.flight > 0 && a.flight <= 100);
    }
}

#[test]
fn the_cards_keep_the_texts_constraints() {
    let sc = load_scenario(&shipped().join("village.toml")).unwrap();
    let t = &sc.tables;
    for c in &sc.troops {
        if c.shooting > 0 {
            assert!(c.shooting as u32 * c.min_bases as u32 >= 2, "{}", c.key);
        }
        if c.category.is_mg() {
            assert!(c.range > t.shooting_modifiers.mg_close_range, "{}", c.key);
        }
        if let Some(d) = c.dismounts_as {
            assert!(
                c.shooting < sc.troops[d].shooting,
                "{} fires mounted",
                c.key
            );
        }
        if c.category.is_infantry() {
            assert!(c.speed > t.distances.retire_infantry && c.speed <= t.distances.officer_foot);
        }
        if c.category == Category::Sabre {
            assert!(c.speed > t.distances.retire_cavalry && c.speed <= t.distances.officer_mounted);
        }
        if c.category == Category::Engine {
            assert_eq!(c.speed, t.train.max_speed);
        }
        if let Some(dh) = c.direct_hit {
            let row = (
                dh.building,
                dh.moving_vehicle,
                dh.stationary_vehicle,
                dh.other,
            );
            if matches!(c.category, Category::FieldGun) {
                assert_eq!(row, (9, 11, 9, 10), "{}", c.key);
            } else {
                assert!(row == (9, 11, 9, 10) || row == (9, 12, 10, 11), "{}", c.key);
            }
        }
        if let Some(e) = c.evasive {
            assert!(e < c.speed);
        }
    }
    // The White Officer base tests as White Volunteers.
    let white = sc.armies.iter().find(|a| a.key == "white").unwrap();
    let opt = white
        .options
        .iter()
        .find(|o| o.key == "white_officer_base")
        .unwrap();
    assert_eq!(sc.troops[opt.tests_as.unwrap()].key, "white_volunteers");
    assert_eq!(sc.troops[opt.applies_to.unwrap()].key, "white_conscripts");
    // A tank's fire and the Combat Table agree with the loaded tables.
    assert_eq!(Tables::ratio_column(3, 2), 1);
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// Copies the shipped files, replaces the first `from` after `after` in
/// `file` with `to`, loads `scenario`, and returns the errors and the line
/// of the edit.
fn errors_after(
    scenario: &str,
    file: &str,
    after: &str,
    from: &str,
    to: &str,
) -> (Vec<String>, usize) {
    let dir = std::env::temp_dir().join(format!(
        "fourfronts-ra-data-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    for f in FILES {
        let target = dir.join(f);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(shipped().join(f), target).unwrap();
    }
    let text = std::fs::read_to_string(shipped().join(file)).unwrap();
    let start = text
        .find(after)
        .unwrap_or_else(|| panic!("{file} has {after:?}"));
    let at = start
        + text[start..]
            .find(from)
            .unwrap_or_else(|| panic!("{file} has {from:?} after {after:?}"));
    let line = text[..at].matches('\n').count() + 1;
    let edited = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
    std::fs::write(dir.join(file), edited).unwrap();
    let result = load_scenario(&dir.join(format!("{scenario}.toml")));
    let _ = std::fs::remove_dir_all(&dir);
    let errors = match result {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
    };
    (errors, line)
}

/// Asserts an error names `file`, the line (when given) and the message.
fn assert_named(errors: &[String], file: &str, line: Option<usize>, message: &str) {
    let place = match line {
        Some(l) => format!("{file}:{l}:"),
        None => format!("{file}:"),
    };
    assert!(
        errors
            .iter()
            .any(|e| e.contains(&place) && e.contains(message)),
        "no error at {place} saying {message:?}: {errors:#?}"
    );
}

#[test]
fn an_unknown_troop_type_is_named_with_its_place() {
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "id = \"r_reg1\"",
        "\"red_regulars\"",
        "\"red_regularz\"",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line),
        "unknown troop type \"red_regularz\"",
    );
}

#[test]
fn a_force_outside_its_list_is_named() {
    let (e, _) = errors_after(
        "village",
        "armies/armies.toml",
        "[army.white]",
        "{ type = \"white_volunteers\", max = 8 }",
        "{ type = \"white_volunteers\", max = 1 }",
    );
    assert_named(
        &e,
        "village.toml",
        None,
        "the White (AFSR) list allows at most 1",
    );
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "id = \"r_reg1\"",
        "type = \"red_regulars\"",
        "type = \"polish_uhlans\"",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line),
        "does not allow Polish Uhlans",
    );
    let (e, _) = errors_after(
        "village",
        "village.toml",
        "[[side]]",
        "options = [\"officer_colour\", \"white_officer_base\"]",
        "options = [\"white_officer_base\"]",
    );
    assert_named(
        &e,
        "village.toml",
        None,
        "need the White (AFSR) list's option \"officer_colour\"",
    );
}

#[test]
fn a_polygon_that_crosses_itself_or_leaves_the_table_is_named() {
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "name = \"Pokrovskoye\"",
        "[[28, 16], [46, 16], [46, 32], [28, 32]]",
        "[[28, 16], [46, 32], [46, 16], [28, 32]]",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line),
        "not a simple polygon: edges 1 and 3 cross",
    );
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "name = \"Birch wood\"",
        "[70, 14]",
        "[80, 14]",
    );
    assert_named(&e, "village.toml", Some(line), "off the 72\" x 48\" table");
}

#[test]
fn a_unit_off_the_table_is_named() {
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "id = \"r_consc1\"",
        "at = [29, 12]",
        "at = [29, 47.5]",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line),
        "does not lie on the 72\" x 48\" table",
    );
}

#[test]
fn a_third_decimal_of_an_inch_is_refused() {
    let (e, line) = errors_after(
        "village",
        "tables/tables.toml",
        "[distances]",
        "base_frontage = 1.18",
        "base_frontage = 1.185",
    );
    assert_named(&e, "tables.toml", Some(line), "at most 2 decimals");
}

#[test]
fn cards_breaking_the_texts_constraints_are_named() {
    let (e, line) = errors_after(
        "village",
        "troops/troops.toml",
        "[troop.red_cavalry]",
        "shooting = 1",
        "shooting = 2",
    );
    assert_named(
        &e,
        "troops.toml",
        Some(line),
        "mounted shooting 2 must be below the 2",
    );
    let (e, line) = errors_after(
        "village",
        "troops/troops.toml",
        "[troop.mg]",
        "range = 24",
        "range = 8",
    );
    assert_named(
        &e,
        "troops.toml",
        Some(line),
        "must exceed the 8\" of the MG close-range bonus",
    );
    let (e, line) = errors_after(
        "village",
        "troops/troops.toml",
        "[troop.red_regulars]",
        "speed = 6",
        "speed = 12",
    );
    assert_named(
        &e,
        "troops.toml",
        Some(line),
        "at most an officer's 10\" on foot",
    );
}

/// Barbed Wire: the wire-removing device is a tank's.
#[test]
fn barbed_wire_only_tanks_carry_wire_removing_devices() {
    let (e, _) = errors_after(
        "village",
        "troops/troops.toml",
        "[troop.red_regulars]",
        "class = 2",
        "class = 2\ntraits = [\"wire_clearing\"]",
    );
    assert_named(
        &e,
        "troops.toml",
        None,
        "troop \"red_regulars\": only tanks carry wire-removing devices",
    );
}

#[test]
fn broken_tables_are_named() {
    let (e, line) = errors_after(
        "village",
        "tables/tables.toml",
        "# 7. R:",
        "\"Ter+Ret\", \"2xTer\"",
        "\"Ter\", \"2xTer\"",
    );
    assert_named(
        &e,
        "tables.toml",
        Some(line),
        "is weaker than the row above it",
    );
    let (e, line) = errors_after(
        "village",
        "tables/tables.toml",
        "[combat]",
        "\"W/Sur\", \"W/Sur\"]",
        "\"W/Sur\", \"W/Surr\"]",
    );
    assert_named(
        &e,
        "tables.toml",
        Some(line),
        "\"W/Surr\" is not a combat result",
    );
}

#[test]
fn a_train_car_off_the_rails_is_named() {
    let (e, line) = errors_after(
        "railway_raid",
        "railway_raid.toml",
        "id = \"w_train_mg\"",
        "at = [46, 16]",
        "at = [46, 20]",
    );
    assert_named(
        &e,
        "railway_raid.toml",
        Some(line),
        "stands off any rail line",
    );
}

#[test]
fn unknown_armies_pools_and_entries_are_named() {
    let (e, line) = errors_after(
        "railway_raid",
        "railway_raid.toml",
        "[[side]]",
        "army = \"konnarmiya\"",
        "army = \"budyonny\"",
    );
    assert_named(
        &e,
        "railway_raid.toml",
        Some(line),
        "unknown army \"budyonny\"",
    );
    let (e, line) = errors_after(
        "railway_raid",
        "armies/armies.toml",
        "[army.white]",
        "officers = \"white\"",
        "officers = \"whites\"",
    );
    assert_named(
        &e,
        "armies.toml",
        Some(line),
        "is not a pool of the officers file",
    );
    let (e, line) = errors_after(
        "railway_raid",
        "railway_raid.toml",
        "id = \"r_sq3\"",
        "entry = \"balka\"",
        "entry = \"river\"",
    );
    assert_named(
        &e,
        "railway_raid.toml",
        Some(line),
        "entry \"river\" is not one of side \"red\"'s entry points",
    );
}

#[test]
fn ambushes_a_dummy_marker_off_the_table_is_named() {
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "[[side.dummy]]",
        "at = [33, 29]",
        "at = [33, 49]",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line),
        "dummy marker at (33\", 49\") is not on the 72\" x 48\" table",
    );
}

#[test]
fn ambushes_dummies_must_match_their_markers() {
    let (e, _) = errors_after(
        "village",
        "village.toml",
        "key = \"red\"",
        "dummies = 2",
        "dummies = 3",
    );
    assert_named(
        &e,
        "village.toml",
        None,
        "has dummies = 3 but 2 [[side.dummy]] markers",
    );
}

#[test]
fn ambushes_only_a_unit_on_the_table_hides() {
    let (e, line) = errors_after(
        "village",
        "village.toml",
        "id = \"w_vol1\"",
        "entry = \"west_road\"",
        "entry = \"west_road\"\nhidden = true",
    );
    assert_named(
        &e,
        "village.toml",
        Some(line - 4),
        "only a unit on the table at the start may be in ambush or hidden",
    );
}
