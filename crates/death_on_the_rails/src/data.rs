//! The data files of Death on the Rails, as written on disk (TOML), and their
//! checks. `scenario.rs` turns a checked file set into a [`crate::Scenario`].
//!
//! Three kinds of file, each saying what it is in its first lines:
//! - `kind = "map"`: the areas drawn as a grid of letters, with terrain, centre
//!   dots and railway (see `docs/death_on_the_rails/data.md`);
//! - `kind = "action_cards"`: the 50-card action deck;
//! - `kind = "scenario"`: title, map and deck used, objectives, forces, special rules.

use engine::data::Spanned;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const RULESET_ID: &str = "death_on_the_rails";

/// What every data file starts with.
#[derive(Debug, Deserialize)]
pub struct Header {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Open,
    Forest,
    Building,
}

impl Terrain {
    /// 7. Line of sight: an area mostly covered with forest or building blocks it.
    pub fn blocks_line_of_sight(self) -> bool {
        !matches!(self, Terrain::Open)
    }
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Forest => "forest",
            Terrain::Building => "building",
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub reconstruction: String,
    /// The areas drawn with one character a cell; `.` is off the map.
    pub grid: Spanned<String>,
    /// One entry per character used in the grid.
    pub areas: Spanned<BTreeMap<String, Spanned<AreaFile>>>,
    /// Railway lines, each a list of areas in order along the track.
    #[serde(default)]
    pub railway: Vec<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaFile {
    pub name: String,
    pub terrain: Terrain,
    /// Centre dots, `[x, y]` in cells from the grid's top-left corner. The
    /// number of dots is the area's size (stacking).
    pub dots: Spanned<Vec<Spanned<[f32; 2]>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub cards: Spanned<Vec<Spanned<CardFile>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// Number of actions (the red number).
    pub actions: Spanned<u8>,
    /// Green objective: the one objective token a player must take.
    pub green: Spanned<String>,
    /// Blue objectives: the objective tokens a player must hold together.
    pub blue: Spanned<Vec<Spanned<String>>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideKey {
    Estonia,
    Russia,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveColour {
    Green,
    Blue,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupOrder {
    /// Both sides place at once: neither sees the other's placement until both are done.
    Simultaneous,
    /// Estonia places first, in the open; then Russia.
    EstoniaFirst,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    pub title: String,
    pub date: String,
    pub description: String,
    #[serde(default)]
    pub reconstruction: String,
    pub map: Spanned<String>,
    pub cards: Spanned<String>,
    pub initiative: InitiativeFile,
    pub setup: Spanned<SetupOrder>,
    /// Objective tokens: letter -> area.
    #[serde(default)]
    pub objectives: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    pub secret_objectives: Option<SecretObjectivesFile>,
    #[serde(default)]
    pub special_rules: SpecialRulesFile,
    pub estonia: SideFile,
    pub russia: SideFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeFile {
    pub side: SideKey,
    pub position: Spanned<u8>,
    /// Positions on each side of the track (our reconstruction: 5).
    pub track: Spanned<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecretObjectivesFile {
    pub colour: ObjectiveColour,
    pub drawn_by: Vec<SideKey>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialRulesFile {
    /// Mustjõe: change of objectives, and reinforcements after it.
    #[serde(default)]
    pub objective_change: bool,
    /// Kiltsi: dark night, sleeping Estonians, waking up.
    #[serde(default)]
    pub dark_night: bool,
    /// Tapa: the armoured train's machine gun has no negative range modifier.
    #[serde(default)]
    pub heavy_machine_gun: bool,
    /// Lehtse: fog until it lifts.
    #[serde(default)]
    pub fog: bool,
    /// Narva: the advanced rules are in effect and cannot be switched off.
    #[serde(default)]
    pub advanced_rules: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    /// Areas this side sets up in (and retreats towards, advanced rules).
    pub setup_areas: Spanned<Vec<Spanned<String>>>,
    pub units: Vec<Spanned<UnitFile>>,
    #[serde(default)]
    pub train: Option<Spanned<TrainFile>>,
    #[serde(default)]
    pub reinforcements: Option<Spanned<ReinforcementsFile>>,
    pub victory: Spanned<Vec<Spanned<VictoryFile>>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Infantry,
    Artillery,
    /// "-": no combat strength.
    NonCombat,
    /// "?": a dummy block.
    Dummy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Ability {
    /// Special force in attack.
    A,
    /// Machine gun.
    M,
    /// Special force in defence.
    D,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    pub name: String,
    #[serde(default = "default_kind")]
    pub kind: UnitKind,
    #[serde(default)]
    pub strength: u8,
    #[serde(default)]
    pub ability: Option<Ability>,
    /// The ability is kept while strength is at least this (default: full strength only).
    #[serde(default)]
    pub ability_min: Option<u8>,
    /// Critical strength (red): one more step lost and the unit is gone.
    #[serde(default)]
    pub critical: Option<u8>,
    #[serde(default = "one")]
    pub count: u8,
}

fn default_kind() -> UnitKind {
    UnitKind::Infantry
}
fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainFile {
    pub name: String,
    /// Railway area where the train starts (or enters, with reinforcements).
    pub area: Spanned<String>,
    pub artillery: TrainPartFile,
    pub machine_gun: TrainPartFile,
    /// True: the train arrives with this side's reinforcements.
    #[serde(default)]
    pub reinforcement: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainPartFile {
    pub strength: u8,
    #[serde(default)]
    pub ability: Option<Ability>,
    #[serde(default)]
    pub ability_min: Option<u8>,
    pub critical: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Arrival {
    /// Mustjõe: called at the end of a turn once objectives have changed.
    OnCallAfterObjectiveChange,
    /// Kiltsi (Estonia): placed at setup, asleep, in buildings.
    AtSetupAsleepInBuildings,
    /// Kiltsi (Russia): enter the setup area after the first attack on railway or train.
    AfterFirstAttackOnRailwayOrTrain,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementsFile {
    pub arrive: Arrival,
    pub units: Vec<Spanned<UnitFile>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum VictoryFile {
    /// No enemy unit with combat strength is left on the map.
    DestroyAllEnemyUnits,
    /// Control every objective on this side's secret card.
    SecretObjectives,
    /// Evacuate this many non-combat units from the objective building to the train.
    Evacuate { count: u8 },
    /// Three sabotage hits in one railway area, or three charge hits on the enemy train.
    ThreeHitsOnRailwayOrTrain,
    /// A unit leaves the map from the enemy setup area.
    ExitMap,
}
