//! The data files of Red Square as written on disk (TOML). The format is
//! described in `docs/red_square/data.md`; `scenario.rs` checks a file set
//! and turns it into a [`crate::Scenario`].

use engine::data::Spanned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const RULESET_ID: &str = "red_square";

// ---------------------------------------------------------------- tables

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub weapon: BTreeMap<String, Spanned<WeaponFile>>,
    pub fire_dice: FireDice,
    pub hit_score: HitScore,
    pub casualties: Casualties,
    pub movement: BTreeMap<String, Spanned<MovementFile>>,
    pub anti_vehicle: BTreeMap<String, Spanned<BTreeMap<String, Spanned<String>>>>,
    pub occupancy: Occupancy,
    pub train: TrainFile,
    pub unit: BTreeMap<String, Spanned<UnitTypeFile>>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponFile {
    pub name: String,
    #[serde(default)]
    pub calibre: String,
    pub close: u8,
    pub effective: u8,
    pub long: u8,
}

/// The number-of-dice column of the Fire Effect Table.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FireDice {
    pub close: i8,
    pub effective: i8,
    pub long: i8,
    pub firing_line: i8,
    pub oblique: i8,
    pub massed: i8,
    pub enfilade: i8,
    pub moving: i8,
    pub changing_target: i8,
    pub protected: i8,
    pub unobserved: i8,
    pub vehicle: i8,
}

/// The score-to-hit column of the Fire Effect Table.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HitScore {
    pub small_arms_per_base: u8,
    pub poor: i8,
    pub mg_per_base: u8,
    pub mg_enfilade_factor: u8,
    pub artillery_per_base: u8,
    pub vehicle_per_base: u8,
}

/// Firing 9: the dice that turn hit markers into lost bases.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Casualties {
    pub divisor: u8,
    pub advancing_in_open: u8,
    pub still_or_cover: u8,
    pub still_and_cover: u8,
    pub rings_per_base: u8,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MovementFile {
    pub open: u8,
    pub closed: u8,
    #[serde(default)]
    pub road: Option<u8>,
    /// "diamonds": does not move in closed terrain on a diamond.
    #[serde(default)]
    pub halt_in_closed_on: Option<String>,
    #[serde(default)]
    pub bog_on: Vec<String>,
    #[serde(default)]
    pub unbog_on: Vec<String>,
    /// The train: unlimited along unbroken track.
    #[serde(default)]
    pub railway_unlimited: bool,
}

/// The armoured train's numbers (Armoured Trains).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TrainFile {
    pub fired_at_as: String,
    pub retreat_hits: u8,
    pub disabled_hits: u8,
    pub cards: u8,
    pub keep_cards: u8,
    pub unload_turns: u8,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Occupancy {
    pub max_troop_types: u8,
    pub mg_bases_with_troops: u8,
    pub mg_bases: u8,
    pub vehicles_with_troops: u8,
    pub vehicle_equivalents: f32,
    #[serde(default)]
    pub equivalent: BTreeMap<String, f32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Infantry,
    Cavalry,
    Mg,
    Tchanka,
    Artillery,
    ArmouredCar,
    LightTank,
    HeavyTank,
    Motor,
    Train,
    Hq,
    Officer,
    Commissar,
    Cheka,
}

impl Class {
    /// Vehicles for firing, breaking down and the Anti-Tank/Vehicle Table.
    pub fn is_vehicle(self) -> bool {
        matches!(
            self,
            Class::ArmouredCar
                | Class::LightTank
                | Class::HeavyTank
                | Class::Motor
                | Class::Tchanka
                | Class::Train
        )
    }
    /// Command figures: free in any square (Square Occupancy 4).
    pub fn is_figure(self) -> bool {
        matches!(
            self,
            Class::Hq | Class::Officer | Class::Commissar | Class::Cheka
        )
    }
    /// Infantry, cavalry and artillery: one of these to a square.
    pub fn is_troops(self) -> bool {
        matches!(self, Class::Infantry | Class::Cavalry | Class::Artillery)
    }
    /// Units that need orders (Command and Control 1).
    pub fn takes_orders(self) -> bool {
        matches!(
            self,
            Class::Infantry
                | Class::Cavalry
                | Class::ArmouredCar
                | Class::LightTank
                | Class::HeavyTank
                | Class::Motor
        )
    }
    /// The column of the Anti-Tank/Vehicle Table.
    pub fn vehicle_column(self) -> Option<&'static str> {
        match self {
            Class::ArmouredCar => Some("armoured_car"),
            Class::LightTank => Some("light_tank"),
            Class::HeavyTank | Class::Train => Some("heavy_tank"),
            Class::Motor | Class::Tchanka => Some("truck"),
            _ => None,
        }
    }
    pub fn key(self) -> &'static str {
        match self {
            Class::Infantry => "infantry",
            Class::Cavalry => "cavalry",
            Class::Mg => "mg",
            Class::Tchanka => "tchanka",
            Class::Artillery => "artillery",
            Class::ArmouredCar => "armoured_car",
            Class::LightTank => "light_tank",
            Class::HeavyTank => "heavy_tank",
            Class::Motor => "motor",
            Class::Train => "train",
            Class::Hq => "hq",
            Class::Officer => "officer",
            Class::Commissar => "commissar",
            Class::Cheka => "cheka",
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTypeFile {
    pub name: String,
    pub class: Class,
    pub bases: u8,
    #[serde(default = "one")]
    pub figures_per_base: u8,
    #[serde(default)]
    pub weapon: Option<Spanned<String>>,
    #[serde(default)]
    pub howitzer: bool,
    #[serde(default)]
    pub shielded: bool,
    #[serde(default)]
    pub capacity: u8,
    /// Activation cards dealt each turn (cavalry: while mounted).
    #[serde(default = "one")]
    pub cards: u8,
    /// The train: the artillery bases it fires as, and its MG bases.
    #[serde(default)]
    pub batteries: u8,
    #[serde(default)]
    pub mg_bases: u8,
}

fn one() -> u8 {
    1
}

// ---------------------------------------------------------------- scenario

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
    pub tables: Spanned<String>,
    pub turns: Spanned<u8>,
    #[serde(default)]
    pub dawn: u8,
    pub initiative: Spanned<String>,
    pub map: MapFile,
    pub side: Spanned<Vec<SideFile>>,
    pub unit: Vec<Spanned<UnitFile>>,
    pub victory: VictoryFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub columns: Spanned<u8>,
    pub rows: Spanned<u8>,
    pub terrain: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    pub edges: Vec<Spanned<EdgeFile>>,
    #[serde(default)]
    pub roads: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub railways: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub objectives: Vec<Spanned<ObjectiveFile>>,
    #[serde(default)]
    pub names: Vec<Spanned<PlaceNameFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeFile {
    pub at: Spanned<String>,
    pub side: Spanned<String>,
    pub kind: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    pub at: Spanned<String>,
    pub name: String,
    #[serde(default = "one")]
    pub points: u8,
}

/// A label on the map (a village's name), for the board only.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceNameFile {
    pub at: Spanned<String>,
    pub name: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    pub key: Spanned<String>,
    pub name: String,
    pub baseline: Spanned<String>,
    #[serde(default)]
    pub victory: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    pub side: Spanned<String>,
    pub id: Spanned<String>,
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    pub name: String,
    pub at: Spanned<String>,
    #[serde(default)]
    pub facing: Option<Spanned<String>>,
    #[serde(default)]
    pub formation: Option<Spanned<String>>,
    #[serde(default)]
    pub orders: Option<Spanned<String>>,
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    #[serde(default)]
    pub bases: Option<Spanned<u8>>,
    #[serde(default)]
    pub co: Option<Spanned<String>>,
    #[serde(default)]
    pub with: Option<Spanned<String>>,
    #[serde(default)]
    pub position: Option<Spanned<String>>,
    #[serde(default)]
    pub dug_in: Option<Spanned<u8>>,
    #[serde(default)]
    pub trenches: bool,
    #[serde(default)]
    pub arrives: Option<Spanned<u8>>,
    #[serde(default)]
    pub carried_by: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    #[serde(default = "fifty")]
    pub break_percent: Spanned<u8>,
}

fn fifty() -> Spanned<u8> {
    Spanned::new(0..0, 50)
}
