//! The launcher's model: rule systems, scenarios found (broken ones with their
//! errors), players and sides, optional rules, the seed, saved games. The
//! panel in `screens::launcher` draws it; starting or loading a game goes through
//! the [`LauncherRequest`] message, so tests drive it without a window.

use crate::AppConfig;
use crate::computer::{Seat, Seats};
use crate::rulesets;
use crate::saves::{self, SaveEntry};
use crate::screens::Screen;
use crate::session::Session;
use bevy::prelude::*;
use catalog::{RULESETS, ScenarioDirs, ScenarioEntry};
use engine::{OptionSpec, Options, Side};
use std::path::PathBuf;

#[derive(Resource)]
pub struct Launcher {
    pub dirs: ScenarioDirs,
    pub scenarios: Vec<ScenarioEntry>,
    /// The chosen rule system (an id from `catalog::RULESETS`).
    pub ruleset: &'static str,
    /// The chosen scenario: an index into `scenarios`.
    pub scenario: Option<usize>,
    /// Player names: player 1, player 2.
    pub players: [String; 2],
    /// The side player 1 takes (player 2 takes the other).
    pub player_one_side: Side,
    /// Whether player 1, player 2 is a person or the computer (and how
    /// strong).
    pub kinds: [Seat; 2],
    pub option_specs: Vec<OptionSpec>,
    pub options: Options,
    /// The seed as typed (random by default, shown, editable).
    pub seed_text: String,
    pub saves: Vec<SaveEntry>,
    /// The autosaved game that can be continued, with what it holds.
    pub resumable: Option<String>,
    pub error: Option<String>,
    pub save_dir: PathBuf,
}

impl Launcher {
    pub fn new(dirs: ScenarioDirs, save_dir: PathBuf) -> Launcher {
        let mut l = Launcher {
            dirs,
            scenarios: Vec::new(),
            ruleset: RULESETS[0].id,
            scenario: None,
            players: ["Player 1".to_string(), "Player 2".to_string()],
            player_one_side: Side::A,
            kinds: [Seat::Person, Seat::Person],
            option_specs: Vec::new(),
            options: Options::new(),
            seed_text: random_seed().to_string(),
            saves: Vec::new(),
            resumable: None,
            error: None,
            save_dir,
        };
        l.refresh();
        l
    }

    /// Scans the scenario folders and the save folder again.
    pub fn refresh(&mut self) {
        self.scenarios = catalog::discover(&self.dirs);
        self.saves = saves::list(&self.save_dir);
        self.resumable = rulesets::resumable(&self.dirs, &self.save_dir.join(saves::AUTOSAVE));
        let keep = self
            .scenario
            .and_then(|i| self.scenarios.get(i))
            .map(|e| e.path.clone());
        self.scenario = None;
        if let Some(path) = keep
            && let Some(i) = self.scenarios.iter().position(|e| e.path == path)
        {
            self.select_scenario(i);
        }
        if self.scenario.is_none() {
            let first = self.first_playable(self.ruleset);
            if let Some(i) = first {
                self.select_scenario(i);
            }
        }
    }

    /// Indices of the scenarios of one rule system.
    pub fn scenarios_of(&self, ruleset: &str) -> impl Iterator<Item = usize> + '_ {
        let ruleset = ruleset.to_string();
        (0..self.scenarios.len()).filter(move |&i| self.scenarios[i].ruleset == ruleset)
    }

    fn first_playable(&self, ruleset: &str) -> Option<usize> {
        self.scenarios_of(ruleset)
            .find(|&i| self.scenarios[i].result.is_ok())
    }

    pub fn select_ruleset(&mut self, id: &'static str) {
        self.ruleset = id;
        self.scenario = None;
        self.option_specs.clear();
        self.options.clear();
        if let Some(i) = self.first_playable(id) {
            self.select_scenario(i);
        }
    }

    pub fn select_scenario(&mut self, i: usize) {
        let Some(entry) = self.scenarios.get(i) else {
            return;
        };
        self.scenario = Some(i);
        self.error = None;
        match rulesets::option_specs(entry.ruleset, &entry.path) {
            Ok(specs) => {
                self.options = specs
                    .iter()
                    .map(|s| (s.key.clone(), s.fixed.unwrap_or(s.default)))
                    .collect();
                self.option_specs = specs;
            }
            Err(e) => {
                self.option_specs.clear();
                self.options.clear();
                self.error = Some(e);
            }
        }
    }

    /// Selects a scenario by rule system and id (for scripts and tests).
    pub fn select_by_id(&mut self, ruleset: &str, id: &str) -> bool {
        let Some(entry) = RULESETS.iter().find(|r| r.id == ruleset) else {
            return false;
        };
        self.ruleset = entry.id;
        match self
            .scenarios
            .iter()
            .position(|e| e.ruleset == ruleset && e.id == id)
        {
            Some(i) => {
                self.select_scenario(i);
                true
            }
            None => false,
        }
    }

    pub fn seed(&self) -> Result<u64, String> {
        self.seed_text
            .trim()
            .parse::<u64>()
            .map_err(|_| format!("the seed must be a whole number from 0 to {}", u64::MAX))
    }

    /// Player names by side (the computer's where it plays).
    pub fn players_by_side(&self) -> [String; 2] {
        self.names_for(self.seats_by_side())
    }

    /// Who sits on each side, by side.
    pub fn seats_by_side(&self) -> Seats {
        let mut by_side = self.kinds;
        if self.player_one_side == Side::B {
            by_side.swap(0, 1);
        }
        Seats(by_side)
    }

    /// Names for the players of a game with these seats: the computer's
    /// where it sits, else the name typed for that side.
    pub fn names_for(&self, seats: Seats) -> [String; 2] {
        let mut names = self.players.clone();
        if self.player_one_side == Side::B {
            names.swap(0, 1);
        }
        for side in Side::BOTH {
            if let Seat::Computer(strength) = seats.of(side) {
                names[side.index()] = Seat::computer_name(strength);
            }
        }
        names
    }
}

/// A seed from the clock, for a new game.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // SplitMix64 of the clock, so consecutive seeds look unrelated.
    let mut z = nanos.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000_000
}

#[derive(Message, Clone, Debug)]
pub enum LauncherRequest {
    /// Start the chosen scenario with the chosen options.
    Start,
    /// Load a saved game.
    Load(PathBuf),
    /// Go on with the autosaved game.
    Continue,
    /// Back to the launcher (from the game or the game-over screen).
    Quit,
}

pub fn handle_requests(
    mut requests: MessageReader<LauncherRequest>,
    mut launcher: ResMut<Launcher>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
    config: Res<AppConfig>,
) {
    for request in requests.read() {
        let autosave = Some(config.data_dir.join("saves").join(saves::AUTOSAVE));
        let result = match request {
            LauncherRequest::Start => start(&launcher, autosave),
            LauncherRequest::Load(path) => {
                rulesets::load_match(&launcher.dirs, path, |s| launcher.names_for(s), autosave)
            }
            LauncherRequest::Continue => {
                let path = launcher.save_dir.join(saves::AUTOSAVE);
                rulesets::load_match(&launcher.dirs, &path, |s| launcher.names_for(s), autosave)
            }
            LauncherRequest::Quit => {
                if let Some(m) = session.get_mut() {
                    m.autosave_now();
                }
                session.0 = None;
                launcher.refresh();
                next.set(Screen::Launcher);
                continue;
            }
        };
        match result {
            Ok(m) => {
                launcher.error = None;
                session.0 = Some(m);
                if let Some(m) = session.get_mut() {
                    m.autosave_now();
                }
                next.set(Screen::Game);
            }
            Err(e) => {
                warn!("{e}");
                launcher.error = Some(e);
            }
        }
    }
}

fn start(
    launcher: &Launcher,
    autosave: Option<PathBuf>,
) -> Result<Box<dyn crate::session::AnyMatch>, String> {
    let entry = launcher
        .scenario
        .and_then(|i| launcher.scenarios.get(i))
        .ok_or("choose a scenario first")?;
    if let Err(e) = &entry.result {
        return Err(format!("this scenario cannot be played: {e}"));
    }
    let seed = launcher.seed()?;
    rulesets::new_match(
        entry.ruleset,
        &entry.path,
        &launcher.options,
        seed,
        launcher.players_by_side(),
        launcher.seats_by_side(),
        autosave,
    )
}
