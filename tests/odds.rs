//! End to end: `fourfronts odds FILE` lists the choices open in a saved
//! game with their odds, as the side to decide may know them.

use engine::save::SaveFile;
use engine::{Decider, Game, Options, Ruleset, RulesetVisitor};
use std::process::Command;

/// Plays a game with choices picked by a fixed sequence until the side to
/// decide has a choice with dice; gives the save and, per choice, the
/// odds' one-line summary (`None`: no dice).
struct PlayToDice {
    seed: u64,
}

impl RulesetVisitor for PlayToDice {
    type Output = (String, Vec<Option<String>>);

    fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
        let mut game = Game::new(rules, Options::new(), self.seed).expect("sets up");
        let mut x = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..50_000 {
            let side = match game.to_decide() {
                Decider::One(side) => side,
                Decider::Both => engine::Side::A,
                Decider::Nobody => break,
            };
            let choices = game.legal_choices(side).to_vec();
            let odds: Vec<Option<String>> = choices
                .iter()
                .map(|a| {
                    game.rules()
                        .odds(game.state(), side, a)
                        .map(|o| o.summary())
                })
                .collect();
            if choices.len() > 1 && odds.iter().any(Option::is_some) {
                return (SaveFile::of_game(&game).to_json(), odds);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            game.apply_choice(side, (x % choices.len() as u64) as usize)
                .expect("a listed choice is legal");
        }
        panic!("no choice with dice came up");
    }
}

fn odds_of_a_saved_game(ruleset: &str, scenario: &str) {
    let dirs = catalog::ScenarioDirs::with(None);
    let (json, odds) = catalog::with_scenario_id(&dirs, ruleset, scenario, PlayToDice { seed: 3 })
        .expect("the scenario loads");
    let dir = std::env::temp_dir().join(format!("fourfronts-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{scenario}.json"));
    std::fs::write(&file, json).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_fourfronts"))
        .args(["odds", file.to_str().unwrap()])
        .output()
        .expect("the binary runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.starts_with("ok: "), "{out}");
    assert!(out.contains(" to decide: "), "{out}");
    // Every choice is listed, numbered, with its odds or "no dice".
    for (i, odds) in odds.iter().enumerate() {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("  {}. ", i + 1)))
            .unwrap_or_else(|| panic!("choice {} is not listed:\n{out}", i + 1));
        match odds {
            None => assert!(line.ends_with(": no dice"), "{line}"),
            Some(summary) => {
                assert!(
                    line.ends_with("(exact: every way the dice can fall)"),
                    "{line}"
                );
                // Each part of the summary is on a line of its own.
                for part in summary.split("; ") {
                    assert!(out.contains(&format!("       {part}\n")), "{part}\n{out}");
                }
            }
        }
    }
    assert!(out.contains('%'), "{out}");
    // An edited save is refused, as by `replay`.
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    v["seed"] = serde_json::json!(v["seed"].as_u64().unwrap() + 1);
    std::fs::write(&file, v.to_string()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_fourfronts"))
        .args(["odds", file.to_str().unwrap()])
        .output()
        .expect("the binary runs");
    assert!(!o.status.success());
}

#[test]
fn odds_lists_every_choice_of_a_death_on_the_rails_save() {
    odds_of_a_saved_game("death_on_the_rails", "annemoisa");
}

#[test]
fn odds_lists_every_choice_of_a_veli_veljea_vastaan_save() {
    odds_of_a_saved_game("veli_veljea_vastaan", "campaign_1918");
}
