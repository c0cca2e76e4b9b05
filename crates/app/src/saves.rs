//! Where games are saved, and loading them back.
//!
//! The game saves itself after every decision to `autosave.json` in the save
//! folder (written to a temporary file and renamed, so a crash mid-write
//! leaves the previous save whole). "Save" writes a named copy beside it.

use engine::save::SaveFile;
use std::path::{Path, PathBuf};

pub const AUTOSAVE: &str = "autosave.json";

/// The player's data folder for this game: `<data dir>/fourfronts`.
pub fn data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("fourfronts")
}

pub fn write_autosave(path: &Path, save: &SaveFile) -> std::io::Result<()> {
    write_atomically(path, &save.to_json())
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
                .and_then(|t| SaveFile::parse(&t).map_err(|e| e.to_string()))
                .map(|s| {
                    format!(
                        "{} / {}, {} decisions, seed {}",
                        s.ruleset,
                        s.scenario,
                        s.decisions.len(),
                        s.seed
                    )
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
