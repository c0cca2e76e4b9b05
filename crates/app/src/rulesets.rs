//! Making a new match or loading a saved one, of whichever rule system a
//! scenario or save names: through the catalog's one generic dispatch, so
//! this file names no rule system.

use crate::computer::Seats;
use crate::session::{AnyMatch, Match};
use catalog::ScenarioDirs;
use engine::save::SaveFile;
use engine::{Game, OptionSpec, Options, Ruleset, RulesetVisitor};
use std::path::{Path, PathBuf};

pub fn option_specs(ruleset: &str, path: &Path) -> Result<Vec<OptionSpec>, String> {
    struct Specs;
    impl RulesetVisitor for Specs {
        type Output = Vec<OptionSpec>;
        fn visit<R: Ruleset>(self, rules: R) -> Vec<OptionSpec> {
            rules.option_specs()
        }
    }
    catalog::with_scenario(ruleset, path, Specs).map_err(|e| e.to_string())
}

pub fn new_match(
    ruleset: &str,
    path: &Path,
    options: &Options,
    seed: u64,
    players: [String; 2],
    seats: Seats,
    autosave: Option<PathBuf>,
) -> Result<Box<dyn AnyMatch>, String> {
    struct Make<'a> {
        options: &'a Options,
        seed: u64,
        players: [String; 2],
        seats: Seats,
        autosave: Option<PathBuf>,
    }
    impl RulesetVisitor for Make<'_> {
        type Output = Result<Box<dyn AnyMatch>, String>;
        fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
            let game =
                Game::new(rules, self.options.clone(), self.seed).map_err(|e| e.to_string())?;
            Ok(Box::new(
                Match::new(game, self.players, self.autosave).with_seats(self.seats),
            ))
        }
    }
    let make = Make {
        options,
        seed,
        players,
        seats,
        autosave,
    };
    catalog::with_scenario(ruleset, path, make).map_err(|e| e.to_string())?
}

/// Makes the match once the players and the autosave are known.
type MakeMatch = Box<dyn FnOnce([String; 2], Option<PathBuf>) -> Box<dyn AnyMatch>>;

/// Reads and replays a save file; every decision is checked. The match it
/// makes has the save's seats (a person or the computer on each side).
fn replay(dirs: &ScenarioDirs, path: &Path) -> Result<(SaveFile, Seats, MakeMatch), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let save = SaveFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let seats = crate::saves::seats_of(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario =
        catalog::find_scenario(dirs, &save.ruleset, &save.scenario).ok_or_else(|| {
            format!(
                "{}: the scenario \"{}\" of {} is not installed",
                path.display(),
                save.scenario,
                save.ruleset
            )
        })?;
    struct Replayed<'a> {
        save: &'a SaveFile,
        path: &'a Path,
        seats: Seats,
    }
    impl RulesetVisitor for Replayed<'_> {
        type Output = Result<MakeMatch, String>;
        fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
            let game = self
                .save
                .replay(rules)
                .map_err(|e| format!("{}: {e}", self.path.display()))?;
            let seats = self.seats;
            Ok(Box::new(move |players, autosave| {
                Box::new(Match::new(game, players, autosave).with_seats(seats)) as Box<dyn AnyMatch>
            }))
        }
    }
    let replayed = Replayed {
        save: &save,
        path,
        seats,
    };
    let make = catalog::with_scenario(&save.ruleset, &scenario, replayed)
        .map_err(|e| format!("{}: {e}", path.display()))??;
    Ok((save, seats, make))
}
/// Loads a saved game; `players` names each side's player from the
/// saved seats (a person's name, or the computer's).
pub fn load_match(
    dirs: &ScenarioDirs,
    path: &Path,
    players: impl FnOnce(Seats) -> [String; 2],
    autosave: Option<PathBuf>,
) -> Result<Box<dyn AnyMatch>, String> {
    let (_, seats, make) = replay(dirs, path)?;
    let mut m = make(players(seats), autosave);
    m.set_message(Some(format!(
        "Loaded {} ({} decisions replayed and checked).",
        path.display(),
        m.decisions()
    )));
    Ok(m)
}

/// What the autosave holds, if it is a game that can go on.
pub fn resumable(dirs: &ScenarioDirs, path: &Path) -> Option<String> {
    if !path.is_file() {
        return None;
    }
    match replay(dirs, path) {
        Ok((save, seats, make)) => {
            let m = make(["".into(), "".into()], None);
            m.outcome().is_none().then(|| {
                let against = seats.summary(|s| m.side_name(s));
                format!(
                    "{} / {} after {} decisions{}",
                    save.ruleset,
                    save.scenario,
                    save.decisions.len(),
                    if against.is_empty() {
                        String::new()
                    } else {
                        format!(" ({against})")
                    }
                )
            })
        }
        Err(_) => None,
    }
}
