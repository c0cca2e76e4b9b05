//! Where games are saved, and loading them back.
//!
//! The game saves itself after every decision to `autosave.json` in the save
//! folder (written to a temporary file and renamed, so a crash mid-write
//! leaves the previous save whole). "Save" writes a named copy beside it.
//!
//! A save of a game against the computer also says who sits on each side
//! (`"seats"`, beside the engine's fields: [`with_seats`]); a save without
//! it is a game of two persons.

use crate::computer::Seats;
use engine::save::SaveFile;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const AUTOSAVE: &str = "autosave.json";

/// The player's data folder for this game: `<data dir>/fourfronts`.
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("fourfronts")
}

/// The save file's text with who sits on each side: the engine's fields
/// as `SaveFile::to_json` writes them, then `"seats"` where the computer
/// plays (a game of two persons is saved as before).
pub fn with_seats(save: &SaveFile, seats: Seats) -> String {
    #[derive(Serialize)]
    struct Saved<'a> {
        #[serde(flatten)]
        save: &'a SaveFile,
        #[serde(skip_serializing_if = "Seats::all_persons")]
        seats: Seats,
    }
    serde_json::to_string_pretty(&Saved { save, seats }).unwrap_or_default()
}

/// Who sits on each side in a save file's text: two persons when it does
/// not say; an error when it says something else than seats.
pub fn seats_of(text: &str) -> Result<Seats, String> {
    #[derive(Deserialize)]
    struct Saved {
        #[serde(default)]
        seats: Seats,
    }
    serde_json::from_str::<Saved>(text)
        .map(|s| s.seats)
        .map_err(|e| format!("who sits on each side cannot be read: {e}"))
}

pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("json.part");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// A save file found in the save folder.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub name: String,
    /// What the file holds, or why it cannot be read.
    pub summary: Result<String, String>,
}

/// Every `.json` file in the save folder, newest first.
pub fn list(dir: &Path) -> Vec<SaveEntry> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .map(|p| {
                    let t = std::fs::metadata(&p)
                        .and_then(|m| m.modified())
                        .unwrap_or(std::time::UNIX_EPOCH);
                    (t, p)
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files
        .into_iter()
        .map(|(_, path)| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let summary = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    let save = SaveFile::parse(&t).map_err(|e| e.to_string())?;
                    Ok((save, seats_of(&t)?))
                })
                .map(|(s, seats)| {
                    let mut text = format!(
                        "{} / {}, {} decisions, seed {}",
                        s.ruleset,
                        s.scenario,
                        s.decisions.len(),
                        s.seed
                    );
                    if !seats.all_persons() {
                        text.push_str(", against the computer");
                    }
                    text
                });
            SaveEntry {
                path,
                name,
                summary,
            }
        })
        .collect()
}

/// A file name for a new named save: `<scenario>-<unix seconds>.json`.
pub fn new_save_path(dir: &Path, scenario: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut path = dir.join(format!("{scenario}-{secs}.json"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("{scenario}-{secs}-{n}.json"));
    }
    path
}
