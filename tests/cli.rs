//! End to end: the `fourfronts` command line as a player or a modder uses it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fourfronts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fourfronts"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fourfronts-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const SHIPPED: [&str; 6] = ["annemoisa", "kiltsi", "lehtse", "mustjoe", "narva", "tapa"];

#[test]
fn scenarios_lists_every_shipped_scenario_one_a_line() {
    let o = fourfronts(&["scenarios"]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    for id in SHIPPED {
        assert!(
            out.lines()
                .any(|l| l.starts_with(&format!("death_on_the_rails/{id}  "))),
            "{id} missing from:\n{out}"
        );
    }
    assert!(
        out.lines()
            .any(|l| l == "death_on_the_rails/annemoisa  Annemõisa"),
        "{out}"
    );
}

/// A user folder with a scenario whose map reference is wrong.
fn user_folder_with_a_broken_scenario() -> PathBuf {
    let dir = temp_dir("user");
    let ruleset = dir.join("death_on_the_rails");
    std::fs::create_dir_all(&ruleset).unwrap();
    let shipped = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/death_on_the_rails/annemoisa.toml"),
    )
    .unwrap();
    std::fs::write(
        ruleset.join("my_manor.toml"),
        shipped.replace("maps/annemoisa.toml", "maps/missing.toml"),
    )
    .unwrap();
    dir
}

#[test]
fn scenarios_lists_a_broken_file_with_its_error_and_does_not_fail() {
    let dir = user_folder_with_a_broken_scenario();
    let o = fourfronts(&["--scenarios", dir.to_str().unwrap(), "scenarios"]);
    let (out, _) = text(&o);
    assert!(o.status.success());
    assert!(out.contains("death_on_the_rails/my_manor  BROKEN"), "{out}");
    assert!(
        out.contains("my_manor.toml:")
            && out.contains("map file \"maps/missing.toml\": cannot read the file"),
        "{out}"
    );
    assert!(
        out.contains("death_on_the_rails/annemoisa  "),
        "the good ones are still listed"
    );
}

#[test]
fn validate_passes_on_the_shipped_scenarios_and_fails_with_file_line_column() {
    let o = fourfronts(&["validate"]);
    assert!(o.status.success(), "{:?}", text(&o));
    let dir = user_folder_with_a_broken_scenario();
    let o = fourfronts(&["validate", dir.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    let line = out.lines().next().expect("an error line");
    let file = dir.join("death_on_the_rails/my_manor.toml");
    assert!(line.starts_with(&format!("{}:", file.display())), "{line}");
    let parts: Vec<&str> = line[file.display().to_string().len() + 1..]
        .splitn(3, ':')
        .collect();
    assert!(
        parts[0].parse::<usize>().is_ok() && parts[1].parse::<usize>().is_ok(),
        "line and column: {line}"
    );
}

#[test]
fn validate_a_file_that_is_not_a_data_file() {
    let dir = temp_dir("notdata");
    let f = dir.join("notes.toml");
    std::fs::write(&f, "hello = 1\n").unwrap();
    let o = fourfronts(&["validate", f.to_str().unwrap()]);
    let (out, _) = text(&o);
    assert_eq!(o.status.code(), Some(1));
    assert!(out.contains("not a Four Fronts data file"), "{out}");
}

#[test]
fn simulate_plays_games_writes_saves_and_prints_a_summary() {
    let dir = temp_dir("saves");
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "death_on_the_rails",
        "--scenario",
        "annemoisa",
        "--games",
        "3",
        "--seed",
        "9",
        "--save-dir",
        dir.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("game 0: seed 9 winner "), "{out}");
    let summary = lines[3];
    assert!(summary.starts_with("summary: games=3 steps="), "{summary}");
    for key in ["games_per_s=", "median_step_us="] {
        assert!(summary.contains(key), "{summary}");
    }
    let saves: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(saves.len(), 3);

    // Each save replays.
    let save = dir.join("game-0-seed-9.json");
    let o = fourfronts(&["replay", save.to_str().unwrap()]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(out.starts_with("ok: "), "{out}");
    assert!(out.contains("game over: winner "), "{out}");

    // The log as each side read it: its own blocks by name, the other's as
    // blocks, unless a combat turned them face up.
    let mut logs = Vec::new();
    for side in ["estonia", "Russian"] {
        let o = fourfronts(&["replay", save.to_str().unwrap(), "--log", side]);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{err}");
        assert!(out.starts_with("log as "), "{out}");
        assert!(out.contains("ok: "), "{out}");
        logs.push(out);
    }
    assert_ne!(logs[0], logs[1]);
    // Each side set up out of the other's sight (Annemõisa's setup is
    // simultaneous): its own placements are in its log only.
    assert!(logs[0].contains("Estonia places Student"), "{}", logs[0]);
    assert!(!logs[1].contains("Estonia places"), "{}", logs[1]);
    assert!(logs[1].contains("Russian SFSR places"), "{}", logs[1]);
    for line in logs[1].lines() {
        // Annemõisa's Estonian units are students: Russia reads their names
        // only where a combat revealed them.
        if line.contains("Student") {
            assert!(
                ["Revealed", "loses", "Melee:", "removed", "fire", "Fire"]
                    .iter()
                    .any(|w| line.contains(w)),
                "{line}"
            );
        }
    }
    let o = fourfronts(&["replay", save.to_str().unwrap(), "--log", "nobody"]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("name one side"));

    // An edited save is refused, with the reason.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    v["decisions"][5]["action"] = serde_json::json!({ "place": { "unit": 250, "area": 0 } });
    let bad = dir.join("edited.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let o = fourfronts(&["replay", bad.to_str().unwrap()]);
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("decision 6 ("), "{err}");
    assert!(err.contains("is illegal when replayed"), "{err}");

    // A damaged file too.
    std::fs::write(
        &bad,
        "{\"format\": \"fourfronts-save\", \"version\": 1, \"rules",
    )
    .unwrap();
    let o = fourfronts(&["replay", bad.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("not a save file"));
}

/// The third rule system through the same command: Red Square's largest
/// scenario plays to the end and prints its summary line.
#[test]
fn simulate_plays_red_square() {
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "red_square",
        "--scenario",
        "kakhovka",
        "--games",
        "2",
        "--seed",
        "5",
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    let summary = out.lines().last().unwrap_or_default();
    assert!(summary.starts_with("summary: games=2 steps="), "{out}");
    assert!(
        out.lines()
            .next()
            .unwrap_or_default()
            .starts_with("game 0: seed 5 winner "),
        "{out}"
    );
}

/// Issue 20's measuring command: the search against the random player,
/// seats swapped every other game, a last line with the counts; a rule
/// system with secrets (Death on the Rails) and Red Actions!' open table.
#[test]
fn duel_plays_the_search_against_random_and_prints_a_summary() {
    for (ruleset, scenario) in [
        ("death_on_the_rails", "annemoisa"),
        ("red_actions", "railway_raid"),
    ] {
        let o = fourfronts(&[
            "duel",
            "--ruleset",
            ruleset,
            "--scenario",
            scenario,
            "--a",
            "mcts",
            "--b",
            "random",
            "--games",
            "2",
            "--seed",
            "3",
            "--iterations",
            "20",
        ]);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{ruleset}: {out}{err}");
        let summary = out.lines().last().unwrap_or_default();
        assert!(summary.starts_with("summary: games=2 a_wins="), "{out}");
        let count = |key: &str| -> u32 {
            summary
                .split_whitespace()
                .find_map(|w| w.strip_prefix(key))
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("no {key} in {summary}"))
        };
        assert_eq!(
            count("a_wins=") + count("b_wins=") + count("draws="),
            2,
            "{summary}"
        );
    }
    let o = fourfronts(&[
        "duel",
        "--ruleset",
        "chess",
        "--scenario",
        "x",
        "--a",
        "mcts",
        "--b",
        "random",
    ]);
    assert!(!o.status.success());
}

#[test]
fn simulate_refuses_an_unknown_rule_system_or_scenario() {
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "chess",
        "--scenario",
        "x",
        "--games",
        "1",
    ]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("unknown rule system \"chess\""));
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "red_actions",
        "--scenario",
        "x",
        "--games",
        "1",
    ]);
    assert!(text(&o).1.contains("no scenario \"x\""));
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "death_on_the_rails",
        "--scenario",
        "nowhere",
        "--games",
        "1",
    ]);
    assert!(text(&o).1.contains("no scenario \"nowhere\""));
    let o = fourfronts(&[
        "simulate",
        "--ruleset",
        "death_on_the_rails",
        "--scenario",
        "narva",
        "--games",
        "1",
        "--option",
        "advanced_rules=false",
    ]);
    assert!(
        !o.status.success(),
        "Narva's advanced rules cannot be switched off"
    );
}

#[test]
fn help_lists_the_commands_and_the_game_options() {
    let o = fourfronts(&["--help"]);
    assert!(o.status.success());
    let (out, _) = text(&o);
    for word in [
        "scenarios",
        "validate",
        "simulate",
        "replay",
        "--screenshots",
        "--measure",
        "--data-dir",
    ] {
        assert!(out.contains(word), "{out}");
    }
}
