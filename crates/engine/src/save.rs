//! Save files: versioned JSON holding the rule system, the scenario, the
//! options, the seed and every decision. A save loads by replaying: each
//! decision is checked against the rules, and the state reached must match the
//! digest written with the file, so a damaged or edited file is caught and the
//! error says where.

use crate::game::Game;
use crate::ruleset::{Options, Ruleset, Side};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

pub const FORMAT: &str = "fourfronts-save";
pub const VERSION: u32 = 1;

/// The parts of a save file that do not depend on the rule system; the
/// decisions stay raw JSON until the rule system that reads them is known.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub scenario: String,
    /// Digest of the scenario data the game was played with.
    pub scenario_digest: String,
    pub options: Options,
    pub seed: u64,
    pub decisions: Vec<SavedDecision>,
    /// Digest of the state after the last decision.
    pub final_digest: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedDecision {
    pub side: Side,
    pub action: serde_json::Value,
    /// The decision in words, for people reading the file; ignored on load.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

/// What is wrong with a save file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error("not a save file: {0}")]
    NotJson(String),
    #[error("not a Four Fronts save file (format is \"{0}\", expected \"{FORMAT}\")")]
    WrongFormat(String),
    #[error("save file version {found} is newer than this program reads (up to {VERSION})")]
    NewerVersion { found: u32 },
    #[error("the save is for rule system \"{found}\", not \"{expected}\"")]
    WrongRuleset { found: String, expected: String },
    #[error("the save is for scenario \"{found}\", not \"{expected}\"")]
    WrongScenario { found: String, expected: String },
    #[error("the game cannot be set up again: {0}")]
    Setup(String),
    #[error("decision {index} ({side}) cannot be read: {message}")]
    BadDecision {
        index: usize,
        side: String,
        message: String,
    },
    #[error("decision {index} ({side}: {action}) is illegal when replayed: {message}{hint}")]
    IllegalDecision {
        index: usize,
        side: String,
        action: String,
        message: String,
        hint: String,
    },
    #[error(
        "the replayed game does not match the file's digest (file {expected}, replay {found}): the decisions or the seed were edited{hint}"
    )]
    DigestMismatch {
        expected: String,
        found: String,
        hint: String,
    },
}

/// A 64-bit FNV-1a digest, printed as 16 hex digits. Stable across platforms
/// and program runs (unlike `std`'s hasher).
pub fn digest_bytes(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

pub fn hex(d: u64) -> String {
    let mut s = String::with_capacity(16);
    let _ = write!(s, "{d:016x}");
    s
}

/// The digest of a game state: its JSON form, hashed.
pub fn state_digest<R: Ruleset>(state: &R::State) -> u64 {
    match serde_json::to_vec(state) {
        Ok(bytes) => digest_bytes(&bytes),
        Err(_) => 0,
    }
}

impl SaveFile {
    /// The save file for a game in progress.
    pub fn of_game<R: Ruleset>(game: &Game<R>) -> SaveFile {
        let rules = game.rules();
        // Replay to describe each decision in the state it was taken in.
        let mut decisions = Vec::with_capacity(game.history().len());
        let described = rules.setup(game.options(), game.seed()).ok();
        let mut state = described;
        let mut events = Vec::new();
        for d in game.history() {
            let text = match state.as_mut() {
                Some(s) => {
                    let text = format!(
                        "{}: {}",
                        rules.side_name(d.side),
                        rules.describe_action(s, d.side, &d.action)
                    );
                    events.clear();
                    if rules.apply(s, d.side, &d.action, &mut events).is_err() {
                        state = None;
                    }
                    text
                }
                None => String::new(),
            };
            decisions.push(SavedDecision {
                side: d.side,
                action: serde_json::to_value(&d.action).unwrap_or(serde_json::Value::Null),
                text,
            });
        }
        SaveFile {
            format: FORMAT.to_string(),
            version: VERSION,
            ruleset: rules.id().to_string(),
            scenario: rules.scenario_id().to_string(),
            scenario_digest: hex(rules.scenario_digest()),
            options: game.options().clone(),
            seed: game.seed(),
            decisions,
            final_digest: hex(state_digest::<R>(game.state())),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads the generic part of a save file; checks format and version.
    pub fn parse(text: &str) -> Result<SaveFile, SaveError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
        if let Some(format) = value.get("format").and_then(|f| f.as_str())
            && format != FORMAT
        {
            return Err(SaveError::WrongFormat(format.to_string()));
        }
        if let Some(version) = value.get("version").and_then(|v| v.as_u64())
            && version > VERSION as u64
        {
            return Err(SaveError::NewerVersion {
                found: version as u32,
            });
        }
        serde_json::from_value(value).map_err(|e| SaveError::NotJson(e.to_string()))
    }

    /// Replays the save with the rule system and scenario it names, checking
    /// every decision and the final digest.
    pub fn replay<R: Ruleset>(&self, rules: R) -> Result<Game<R>, SaveError> {
        if self.ruleset != rules.id() {
            return Err(SaveError::WrongRuleset {
                found: self.ruleset.clone(),
                expected: rules.id().to_string(),
            });
        }
        if self.scenario != rules.scenario_id() {
            return Err(SaveError::WrongScenario {
                found: self.scenario.clone(),
                expected: rules.scenario_id().to_string(),
            });
        }
        let scenario_changed = self.scenario_digest != hex(rules.scenario_digest());
        let hint = if scenario_changed {
            format!(
                " (note: the scenario \"{}\" has changed since this game was saved)",
                self.scenario
            )
        } else {
            String::new()
        };
        let mut game = Game::new(rules, self.options.clone(), self.seed)
            .map_err(|e| SaveError::Setup(e.to_string()))?;
        for (i, saved) in self.decisions.iter().enumerate() {
            let index = i + 1;
            let side_name = game.rules().side_name(saved.side).to_string();
            let action: R::Action = serde_json::from_value(saved.action.clone()).map_err(|e| {
                SaveError::BadDecision {
                    index,
                    side: side_name.clone(),
                    message: e.to_string(),
                }
            })?;
            let described = game
                .rules()
                .describe_action(game.state(), saved.side, &action);
            if let Err(e) = game.apply(saved.side, action) {
                return Err(SaveError::IllegalDecision {
                    index,
                    side: side_name,
                    action: described,
                    message: e.to_string(),
                    hint,
                });
            }
        }
        let found = hex(state_digest::<R>(game.state()));
        if found != self.final_digest {
            return Err(SaveError::DigestMismatch {
                expected: self.final_digest.clone(),
                found,
                hint,
            });
        }
        Ok(game)
    }
}
