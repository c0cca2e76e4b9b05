//! The one place that names each built rule system: making a new match or
//! loading a saved one of whichever rule system a scenario or save names.

use crate::session::{AnyMatch, Match, TableRules};
use catalog::ScenarioDirs;
use death_on_the_rails::DeathOnTheRails;
use engine::save::SaveFile;
use engine::{Game, OptionSpec, Options, Ruleset};
use std::path::{Path, PathBuf};
use veli_veljea_vastaan::VeliVeljeaVastaan;

pub fn option_specs(ruleset: &str, path: &Path) -> Result<Vec<OptionSpec>, String> {
    match ruleset {
        "death_on_the_rails" => DeathOnTheRails::load(path)
            .map(|r| r.option_specs())
            .map_err(|e| e.to_string()),
        "veli_veljea_vastaan" => VeliVeljeaVastaan::load(path)
            .map(|r| r.option_specs())
            .map_err(|e| e.to_string()),
        other => Err(format!("the rule system \"{other}\" is not built yet")),
    }
}

pub fn new_match(
    ruleset: &str,
    path: &Path,
    options: &Options,
    seed: u64,
    players: [String; 2],
    autosave: Option<PathBuf>,
) -> Result<Box<dyn AnyMatch>, String> {
    fn make<R: TableRules + Send + Sync + 'static>(
        rules: Result<R, engine::data::DataErrors>,
        options: &Options,
        seed: u64,
        players: [String; 2],
        autosave: Option<PathBuf>,
    ) -> Result<Box<dyn AnyMatch>, String>
    where
        R::State: Send + Sync,
        R::Action: Send + Sync,
        R::Event: Send + Sync,
    {
        let game = Game::new(rules.map_err(|e| e.to_string())?, options.clone(), seed)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(Match::new(game, players, autosave)))
    }
    match ruleset {
        "death_on_the_rails" => make(
            DeathOnTheRails::load(path),
            options,
            seed,
            players,
            autosave,
        ),
        "veli_veljea_vastaan" => make(
            VeliVeljeaVastaan::load(path),
            options,
            seed,
            players,
            autosave,
        ),
        other => Err(format!("the rule system \"{other}\" is not built yet")),
    }
}

/// Makes the match once the players and the autosave are known.
type MakeMatch = Box<dyn FnOnce([String; 2], Option<PathBuf>) -> Box<dyn AnyMatch>>;

/// Reads and replays a save file; every decision is checked.
fn replay(dirs: &ScenarioDirs, path: &Path) -> Result<(SaveFile, MakeMatch), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let save = SaveFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario =
        catalog::find_scenario(dirs, &save.ruleset, &save.scenario).ok_or_else(|| {
            format!(
                "{}: the scenario \"{}\" of {} is not installed",
                path.display(),
                save.scenario,
                save.ruleset
            )
        })?;
    fn replayed<R: TableRules + Send + Sync + 'static>(
        rules: Result<R, engine::data::DataErrors>,
        save: SaveFile,
        path: &Path,
    ) -> Result<(SaveFile, MakeMatch), String>
    where
        R::State: Send + Sync,
        R::Action: Send + Sync,
        R::Event: Send + Sync,
    {
        let game = save
            .replay(rules.map_err(|e| e.to_string())?)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok((
            save,
            Box::new(move |players, autosave| {
                Box::new(Match::new(game, players, autosave)) as Box<dyn AnyMatch>
            }),
        ))
    }
    match save.ruleset.as_str() {
        "death_on_the_rails" => replayed(DeathOnTheRails::load(&scenario), save, path),
        "veli_veljea_vastaan" => replayed(VeliVeljeaVastaan::load(&scenario), save, path),
        other => Err(format!(
            "{}: the rule system \"{other}\" is not built yet",
            path.display()
        )),
    }
}

pub fn load_match(
    dirs: &ScenarioDirs,
    path: &Path,
    players: [String; 2],
    autosave: Option<PathBuf>,
) -> Result<Box<dyn AnyMatch>, String> {
    let (_, make) = replay(dirs, path)?;
    let mut m = make(players, autosave);
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
        Ok((save, make)) => {
            let m = make(["".into(), "".into()], None);
            m.outcome().is_none().then(|| {
                format!(
                    "{} / {} after {} decisions",
                    save.ruleset,
                    save.scenario,
                    save.decisions.len()
                )
            })
        }
        Err(_) => None,
    }
}
