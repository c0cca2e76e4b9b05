//! The rule systems this program knows, where their scenarios are found, and
//! running generic code (`RulesetVisitor`) with the rule system a scenario or
//! a save file names.

use engine::data::{DataError, DataErrors, SourceFile};
use engine::{RuleSystem, RulesetVisitor, ScenarioInfo};
use std::path::{Path, PathBuf};

/// A rule system, built or still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesetEntry {
    pub id: &'static str,
    pub title: &'static str,
    pub built: bool,
    /// Its rules reference (`RuleSystem::REFERENCE`); empty when not built.
    pub reference: &'static str,
}

/// Generic code run with the type of one registered rule system, before any
/// scenario is loaded (see [`dispatch`]).
pub trait Dispatch {
    type Output;
    fn with<S: RuleSystem>(self) -> Self::Output;
}

/// The registration: each built rule system is one line (its `RuleSystem`
/// type); each one being built, whose crate reads its data but which is not
/// playable yet, one line (its type: only `validate` reaches it); each one
/// still to come one line (id and title). Everything else,
/// here, on the command line and in the app, goes through [`RULESETS`] and
/// [`dispatch`].
macro_rules! register {
    (built: $($system:ty),* ; in_progress: $($wip:ty),* ; coming: $(($id:literal, $title:literal)),* $(,)?) => {
        /// Every rule system, built or still to come.
        pub const RULESETS: &[RulesetEntry] = &[
            $(RulesetEntry {
                id: <$system as RuleSystem>::ID,
                title: <$system as RuleSystem>::TITLE,
                built: true,
                reference: <$system as RuleSystem>::REFERENCE,
            },)*
            $(RulesetEntry {
                id: <$wip as RuleSystem>::ID,
                title: <$wip as RuleSystem>::TITLE,
                built: false,
                reference: "",
            },)*
            $(RulesetEntry {
                id: $id,
                title: $title,
                built: false,
                reference: "",
            },)*
        ];

        /// Runs `d` with the rule system `id` (`None`: not built, or unknown).
        pub fn dispatch<D: Dispatch>(id: &str, d: D) -> Option<D::Output> {
            $(if id == <$system as RuleSystem>::ID {
                return Some(d.with::<$system>());
            })*
            None
        }

        /// Runs `d` with the rule system `id` if its data files can be
        /// checked: a built one, or one still being built whose crate
        /// already reads its files (`validate` checks their shipped data;
        /// nothing else offers them).
        pub fn dispatch_data<D: Dispatch>(id: &str, d: D) -> Option<D::Output> {
            $(if id == <$system as RuleSystem>::ID {
                return Some(d.with::<$system>());
            })*
            $(if id == <$wip as RuleSystem>::ID {
                return Some(d.with::<$wip>());
            })*
            None
        }
    };
}

register! {
    built:
        death_on_the_rails::DeathOnTheRails,
        veli_veljea_vastaan::VeliVeljeaVastaan,
        red_square::RedSquare,
        red_actions::rules::RedActions;
    in_progress: ;
    coming:
}

pub fn ruleset(id: &str) -> Option<&'static RulesetEntry> {
    RULESETS.iter().find(|r| r.id == id)
}

/// Why a scenario could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("unknown rule system \"{0}\" (known: {known})", known = RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", "))]
    UnknownRuleset(String),
    #[error("the rule system \"{0}\" is not built yet")]
    NotBuilt(String),
    #[error("no scenario \"{id}\" for {ruleset} in {dirs}")]
    NoScenario {
        ruleset: String,
        id: String,
        dirs: String,
    },
    #[error("{0}")]
    Data(DataErrors),
}

/// Where scenarios are looked for: the shipped folder and the player's own.
#[derive(Clone, Debug)]
pub struct ScenarioDirs(pub Vec<PathBuf>);

impl ScenarioDirs {
    /// The shipped `scenarios/` (next to the working directory, else the
    /// source tree this program was built from), then the user folder.
    pub fn standard() -> ScenarioDirs {
        let mut dirs = vec![shipped_dir()];
        if let Some(user) = user_dir()
            && !dirs.contains(&user)
        {
            dirs.push(user);
        }
        ScenarioDirs(dirs)
    }

    /// Only the given folder (command-line `--scenarios DIR`), with the shipped one.
    pub fn with(extra: Option<PathBuf>) -> ScenarioDirs {
        match extra {
            Some(dir) => {
                let mut dirs = vec![shipped_dir()];
                if !dirs.contains(&dir) {
                    dirs.push(dir);
                }
                ScenarioDirs(dirs)
            }
            None => ScenarioDirs::standard(),
        }
    }

    fn describe(&self) -> String {
        self.0
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The scenarios shipped with the game.
pub fn shipped_dir() -> PathBuf {
    let here = PathBuf::from("scenarios");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios")
}

/// The player's own scenarios: `<data dir>/fourfronts/scenarios`.
pub fn user_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("fourfronts").join("scenarios"))
}

/// One scenario file found, loaded or with its errors.
#[derive(Debug)]
pub struct ScenarioEntry {
    pub ruleset: &'static str,
    pub id: String,
    pub path: PathBuf,
    pub result: Result<ScenarioInfo, DataErrors>,
}

/// Scenario files are the `.toml` files directly in `<dir>/<ruleset>/`;
/// maps, decks and tables live in sub-folders.
fn scenario_files(dir: &Path, ruleset: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(ruleset))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Every scenario found, broken ones included (with their errors).
pub fn discover(dirs: &ScenarioDirs) -> Vec<ScenarioEntry> {
    let mut found = Vec::new();
    for dir in &dirs.0 {
        for r in RULESETS.iter().filter(|r| r.built) {
            for path in scenario_files(dir, r.id) {
                let id = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let result = load_info(r.id, &path);
                found.push(ScenarioEntry {
                    ruleset: r.id,
                    id,
                    path,
                    result,
                });
            }
        }
    }
    found
}

fn load_info(ruleset: &str, path: &Path) -> Result<ScenarioInfo, DataErrors> {
    struct LoadInfo<'a>(&'a Path);
    impl Dispatch for LoadInfo<'_> {
        type Output = Result<ScenarioInfo, DataErrors>;
        fn with<S: RuleSystem>(self) -> Self::Output {
            S::load_info(self.0)
        }
    }
    dispatch(ruleset, LoadInfo(path)).unwrap_or_else(|| {
        Err(DataError {
            file: path.to_path_buf(),
            line: 0,
            column: 0,
            message: format!("the rule system \"{ruleset}\" is not built yet"),
        }
        .into())
    })
}

/// The file of scenario `id` of a rule system (the first found).
pub fn find_scenario(dirs: &ScenarioDirs, ruleset: &str, id: &str) -> Option<PathBuf> {
    dirs.0
        .iter()
        .map(|d| d.join(ruleset).join(format!("{id}.toml")))
        .find(|p| p.is_file())
}

/// Loads a scenario file with its rule system and runs `visitor` with it.
pub fn with_scenario<V: RulesetVisitor>(
    ruleset: &str,
    path: &Path,
    visitor: V,
) -> Result<V::Output, LoadError> {
    struct Load<'a, V>(&'a Path, V);
    impl<V: RulesetVisitor> Dispatch for Load<'_, V> {
        type Output = Result<V::Output, LoadError>;
        fn with<S: RuleSystem>(self) -> Self::Output {
            let rules = S::load(self.0).map_err(LoadError::Data)?;
            Ok(self.1.visit(rules))
        }
    }
    let entry =
        self::ruleset(ruleset).ok_or_else(|| LoadError::UnknownRuleset(ruleset.to_string()))?;
    dispatch(entry.id, Load(path, visitor))
        .unwrap_or_else(|| Err(LoadError::NotBuilt(entry.id.to_string())))
}

/// Finds scenario `id` of `ruleset` and runs `visitor` with it.
pub fn with_scenario_id<V: RulesetVisitor>(
    dirs: &ScenarioDirs,
    ruleset: &str,
    id: &str,
    visitor: V,
) -> Result<V::Output, LoadError> {
    let entry =
        self::ruleset(ruleset).ok_or_else(|| LoadError::UnknownRuleset(ruleset.to_string()))?;
    if !entry.built {
        return Err(LoadError::NotBuilt(ruleset.to_string()));
    }
    let path = find_scenario(dirs, ruleset, id).ok_or_else(|| LoadError::NoScenario {
        ruleset: ruleset.to_string(),
        id: id.to_string(),
        dirs: dirs.describe(),
    })?;
    with_scenario(ruleset, &path, visitor)
}

/// Checks data files: a file, or every `.toml` under a folder. Scenarios are
/// checked with everything they refer to; maps and decks on their own. Each
/// problem is reported once.
pub fn validate(path: &Path) -> Vec<DataError> {
    let mut errors = Vec::new();
    if path.is_dir() {
        let mut files = Vec::new();
        collect_toml(path, &mut files);
        files.sort();
        if files.is_empty() {
            errors.push(DataError {
                file: path.to_path_buf(),
                line: 0,
                column: 0,
                message: "no data files (.toml) in this folder".to_string(),
            });
        }
        for f in files {
            errors.extend(validate_file(&f));
        }
    } else {
        errors.extend(validate_file(path));
    }
    let mut unique: Vec<DataError> = Vec::new();
    for e in errors {
        if !unique.contains(&e) {
            unique.push(e);
        }
    }
    unique
}

fn collect_toml(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(|e| e.ok()) {
        let p = e.path();
        if p.is_dir() {
            collect_toml(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

#[derive(serde::Deserialize)]
struct AnyHeader {
    ruleset: engine::data::Spanned<String>,
    kind: engine::data::Spanned<String>,
}

fn validate_file(path: &Path) -> Vec<DataError> {
    let file = match SourceFile::read(path) {
        Ok(f) => f,
        Err(e) => return vec![e],
    };
    let header: AnyHeader = match file.parse_toml() {
        Ok(h) => h,
        Err(e) => {
            return vec![DataError {
                message: format!("not a Four Fronts data file: {}", e.message),
                ..e
            }];
        }
    };
    struct Check<'a> {
        path: &'a Path,
        file: &'a SourceFile,
        kind: &'a engine::data::Spanned<String>,
    }
    impl Dispatch for Check<'_> {
        type Output = Vec<DataError>;
        fn with<S: RuleSystem>(self) -> Vec<DataError> {
            let kind = self.kind.get_ref().as_str();
            if !S::FILE_KINDS.contains(&kind) {
                return vec![self.file.error_at(
                    self.kind.span(),
                    format!(
                        "unknown kind \"{kind}\" (expected {})",
                        one_of(S::FILE_KINDS)
                    ),
                )];
            }
            S::check_file(kind, self.path)
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        }
    }
    let id = header.ruleset.get_ref().as_str();
    let check = Check {
        path,
        file: &file,
        kind: &header.kind,
    };
    dispatch_data(id, check).unwrap_or_else(|| {
        let message = match ruleset(id) {
            Some(r) if !r.built => format!("the rule system \"{id}\" is not built yet"),
            _ => format!(
                "unknown rule system \"{id}\" (known: {})",
                RULESETS.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")
            ),
        };
        vec![file.error_at(header.ruleset.span(), message)]
    })
}

/// "a, b or c".
fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each built rule system is registered once, with its scenarios, its
    /// docs and its rules reference where the recipe in
    /// `docs/architecture.md` puts them; dispatch reaches exactly the built.
    #[test]
    fn the_registration_lists_every_rule_system() {
        struct Id;
        impl Dispatch for Id {
            type Output = &'static str;
            fn with<S: RuleSystem>(self) -> &'static str {
                S::ID
            }
        }
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        for (i, r) in RULESETS.iter().enumerate() {
            assert!(RULESETS[..i].iter().all(|o| o.id != r.id), "{} twice", r.id);
            if !r.built {
                assert_eq!(dispatch(r.id, Id), None);
                continue;
            }
            assert_eq!(dispatch(r.id, Id), Some(r.id));
            assert!(root.join("scenarios").join(r.id).is_dir(), "{}", r.id);
            assert!(root.join("docs").join(r.id).is_dir(), "{}", r.id);
            assert!(
                r.reference.contains(&format!("ruleset = \"{}\"", r.id)),
                "the rules reference of {} does not name it",
                r.id
            );
            let found = discover(&ScenarioDirs(vec![root.join("scenarios")]));
            assert!(
                found.iter().any(|e| e.ruleset == r.id && e.result.is_ok()),
                "no scenario of {} loads",
                r.id
            );
        }
        assert_eq!(dispatch("no_such_system", Id), None);
        assert_eq!(one_of(&["a", "b", "c"]), "a, b or c");
    }
}
