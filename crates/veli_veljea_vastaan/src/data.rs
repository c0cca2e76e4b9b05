//! The data files of Veli Veljeä Vastaan as written on disk (TOML). The schema
//! is described in `docs/veli_veljea_vastaan/data.md`; `scenario.rs` checks a
//! file set and turns it into a [`crate::Scenario`].

use engine::data::Spanned;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const RULESET_ID: &str = "veli_veljea_vastaan";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideKey {
    White,
    Red,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FrontKey {
    North,
    South,
}

// ---------------------------------------------------------------- map

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub reconstruction: String,
    pub size: [f32; 2],
    #[serde(default)]
    pub front_line: Vec<[f32; 2]>,
    pub russia: RussiaFile,
    #[serde(rename = "city")]
    pub cities: Vec<Spanned<CityFile>>,
    #[serde(default)]
    pub roads: Vec<Spanned<[Spanned<String>; 2]>>,
    #[serde(default)]
    pub railways: Vec<Spanned<[Spanned<String>; 2]>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RussiaFile {
    pub name: String,
    pub at: [f32; 2],
    pub size: [f32; 2],
    /// The cities next to the box.
    #[serde(default)]
    pub border: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityFile {
    pub id: Spanned<String>,
    pub name: String,
    pub at: [f32; 2],
    #[serde(default)]
    pub strategic: bool,
    #[serde(default)]
    pub anchor: bool,
    pub front: FrontKey,
}

// ---------------------------------------------------------------- tables

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub units: BTreeMap<String, Spanned<UnitTypeFile>>,
    pub attack: Spanned<TableFile>,
    pub defence: Spanned<TableFile>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Infantry,
    Jager,
    German,
    Train,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTypeFile {
    pub name: String,
    pub side: SideKey,
    pub kind: UnitKind,
    pub full: Spanned<[u8; 2]>,
    pub reduced: Spanned<[u8; 2]>,
    pub counters: u16,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub columns: Vec<Spanned<String>>,
    pub rows: Vec<Spanned<Vec<Spanned<String>>>>,
}

// ---------------------------------------------------------------- cards

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    #[serde(rename = "card")]
    pub cards: Vec<Spanned<CardFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub number: Spanned<u8>,
    pub side: SideKey,
    pub month: Spanned<u8>,
    pub ap: Spanned<u8>,
    pub name: String,
    #[serde(default)]
    pub english: String,
    #[serde(default)]
    pub star: bool,
    #[serde(default)]
    pub forced: Option<Spanned<u8>>,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub history: String,
    #[serde(default)]
    pub keep: Option<Spanned<String>>,
    #[serde(default)]
    pub effects: Vec<Spanned<EffectFile>>,
}

/// `at = [...]` or `at = "own"` and the like. (Inside an effect nothing is
/// `Spanned`: serde buffers internally tagged enums, which loses spans;
/// problems there are reported at the effect.)
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum AtFile {
    Cities(Vec<String>),
    Keyword(String),
}

#[derive(Debug, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum EffectFile {
    Place {
        unit: String,
        count: u8,
        #[serde(default)]
        reduced: bool,
        at: AtFile,
    },
    Activate {
        cities: u8,
        #[serde(default = "yes")]
        r#move: bool,
        #[serde(default = "yes")]
        attack: bool,
        #[serde(default)]
        attack_roll: i8,
    },
    Repair {
        count: u8,
        #[serde(default)]
        unit: Option<String>,
    },
    Fieldworks {
        count: u8,
        at: AtFile,
    },
    Reduce {
        count: u8,
        #[serde(default)]
        unit: Option<String>,
        at: AtFile,
    },
    Control {
        at: AtFile,
    },
    AttackRoll {
        value: i8,
    },
    DefenceRoll {
        value: i8,
    },
    AttackColumn {
        value: i8,
    },
    DefenceColumn {
        value: i8,
    },
    CancelAttack {},
}

fn yes() -> bool {
    true
}

// ---------------------------------------------------------------- scenario

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    pub title: String,
    #[serde(default)]
    pub date: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub reconstruction: String,
    pub map: Spanned<String>,
    pub cards: Spanned<String>,
    pub tables: Spanned<String>,
    pub hand: Spanned<Vec<u8>>,
    #[serde(default)]
    pub fieldworks: Vec<Spanned<String>>,
    #[serde(default)]
    pub white_south: Vec<Spanned<String>>,
    #[serde(default)]
    pub red_north: Vec<Spanned<String>>,
    #[serde(default)]
    pub units: Vec<Spanned<SetupUnitFile>>,
    #[serde(default)]
    pub reinforcements: Vec<Spanned<ReinforcementFile>>,
    pub victory: VictoryFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupUnitFile {
    pub side: SideKey,
    pub unit: Spanned<String>,
    pub at: Spanned<String>,
    #[serde(default = "one")]
    pub count: u8,
    #[serde(default)]
    pub reduced: bool,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReinforcementFile {
    pub month: Spanned<u8>,
    pub side: SideKey,
    pub unit: Spanned<String>,
    #[serde(default)]
    pub count: u8,
    #[serde(default)]
    pub per_strategic: u8,
    pub at: Spanned<AtFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    pub red_takes: Spanned<String>,
    pub white_cities: u8,
    pub white_by_month: u8,
    pub final_month: u8,
}
