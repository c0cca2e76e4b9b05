//! Damaged files, at random. A shipped scenario with one random edit in its
//! scenario, map or card file either loads and plays random games to the end
//! with the invariants checked, or is refused with errors that name the file
//! and a line in it. A save file with one random edit either replays or is
//! refused with a reason. Never a panic.

use crate::common;
use death_on_the_rails::DeathOnTheRails;
use engine::runner::{RunFailure, RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Options, Ruleset};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

const SCENARIOS: &[&str] = &["annemoisa", "kiltsi", "lehtse", "mustjoe", "narva", "tapa"];

/// What an edit puts in place of a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "6",
    "13",
    "255",
    "256",
    "65536",
    "4294967296",
    "1.5",
    "\"7\"",
];

/// What an edit puts in place of a quoted string.
const STRINGS: &[&str] = &[
    "\"\"",
    "\"x\"",
    "\"A\"",
    "\"B\"",
    "\"../narva.toml\"",
    "\"maps/narva.toml\"",
    "7",
    "[]",
];

/// One random edit of a text; the numbers pick the place and the value.
#[derive(Clone, Debug)]
enum Edit {
    Number { at: usize, value: usize },
    Text { at: usize, value: usize },
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Cut(usize),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let n = any::<usize>();
    prop_oneof![
        3 => (n, n).prop_map(|(at, value)| Edit::Number { at, value }),
        3 => (n, n).prop_map(|(at, value)| Edit::Text { at, value }),
        1 => n.prop_map(Edit::DeleteLine),
        1 => n.prop_map(Edit::DuplicateLine),
        1 => (n, n).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        1 => n.prop_map(Edit::Cut),
    ]
}

/// Byte spans of the runs of digits (with a leading minus sign).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut end = i;
            while end < b.len() && b[end].is_ascii_digit() {
                end += 1;
            }
            spans.push((start, end));
            i = end;
        } else {
            i += 1;
        }
    }
    spans
}

/// Byte spans of the quoted strings, quotes included (the files have no
/// escaped quotes).
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut open = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            match open.take() {
                None => open = Some(i),
                Some(start) => spans.push((start, i + 1)),
            }
        } else if c == '\n' {
            open = None;
        }
    }
    spans
}

fn replace_span(text: &str, spans: &[(usize, usize)], at: usize, by: &str) -> String {
    if spans.is_empty() {
        return text.to_string();
    }
    let (start, end) = spans[at % spans.len()];
    format!("{}{by}{}", &text[..start], &text[end..])
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let n = lines.len().max(1);
    match *edit {
        Edit::Number { at, value } => {
            replace_span(text, &numbers(text), at, NUMBERS[value % NUMBERS.len()])
        }
        Edit::Text { at, value } => {
            replace_span(text, &strings(text), at, STRINGS[value % STRINGS.len()])
        }
        Edit::DeleteLine(i) => {
            if !lines.is_empty() {
                lines.remove(i % n);
            }
            lines.join("\n")
        }
        Edit::DuplicateLine(i) => {
            if !lines.is_empty() {
                lines.insert(i % n, lines[i % n]);
            }
            lines.join("\n")
        }
        Edit::SwapLines(a, b) => {
            if !lines.is_empty() {
                lines.swap(a % n, b % n);
            }
            lines.join("\n")
        }
        Edit::Cut(i) => {
            let mut at = i % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text[..at].to_string()
        }
    }
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
    #![proptest_config(ProptestConfig::with_cases(160))]

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
