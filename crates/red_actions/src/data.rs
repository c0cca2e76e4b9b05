//! The data files of Red Actions! as written on disk (TOML). The format is
//! described in `docs/red_actions/data.md`; `tables.rs` turns a tables file
//! into [`crate::tables::Tables`] and `scenario.rs` checks a scenario with the
//! troop, officer and army files it names and turns it into a
//! [`crate::scenario::Scenario`].
//!
//! Lengths are written in inches as decimals (`speed = 6`, `depth = 0.75`)
//! and read as a [`Num`]; the loader converts them exactly to
//! `engine::param::Inches` (hundredths) and refuses a third decimal.

use engine::data::Spanned;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;

pub const RULESET_ID: &str = "red_actions";

/// A number as written in a file: an integer or a decimal. Converted to
/// fixed point (with a check of its decimals) by the loader.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num(pub f64);

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Num, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Num;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number (inches or degrees, such as 6 or 0.75)")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Num, E> {
                Ok(Num(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// A point written `[x, y]` in inches (x east from the west edge, y south
/// from the north edge).
pub type PointFile = Spanned<[Spanned<Num>; 2]>;
/// A polygon or a polyline: a list of points.
pub type PointsFile = Spanned<Vec<PointFile>>;

// ---------------------------------------------------------------- tables

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub shooting: ShootingFile,
    pub shooting_modifiers: ShootingModifiersFile,
    pub cover: CoverFile,
    pub direct_hit: DirectHitFile,
    pub combat: CombatFile,
    pub combat_modifiers: CombatModifiersFile,
    pub morale: MoraleFile,
    pub terrain_effects: BTreeMap<String, Spanned<BTreeMap<String, Spanned<String>>>>,
    pub moving_and_shooting: BTreeMap<String, Spanned<MovingShootingFile>>,
    pub visibility: VisibilityFile,
    pub weather: WeatherFile,
    pub distances: DistancesFile,
    pub train: TrainFile,
    /// Ammunition Supply; the text's numbers when left out.
    #[serde(default)]
    pub ammunition: Option<AmmunitionFile>,
}

/// Moves of fire carried: guns in the limber and in a cart, mortars on
/// foot and in a cart.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmunitionFile {
    pub gun_limber: Spanned<u8>,
    pub gun_cart: Spanned<u8>,
    pub mortar: Spanned<u8>,
    pub mortar_cart: Spanned<u8>,
}

/// The Shooting Table: `columns` are the lowest shooting total of each
/// column; `rows` the cells for 2d6 = 2 to 12.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingFile {
    pub columns: Spanned<Vec<Spanned<u16>>>,
    pub rows: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
}

/// The cumulative Shooting Modifiers. Fractions are written "1/2".
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingModifiersFile {
    pub long_range: Spanned<String>,
    pub mg_close_columns: Spanned<i8>,
    pub mg_close_range: Spanned<Num>,
    pub enfilade_columns: Spanned<i8>,
    pub formed_cavalry_or_road_column: Spanned<i8>,
    pub skirmisher_or_partisan_in_cover: Spanned<i8>,
    pub speculative: Spanned<String>,
    pub observed_first_turn: Spanned<String>,
    pub observed_later_turns: Spanned<String>,
    pub harassing_range_factor: Spanned<u8>,
    pub arc: Spanned<Num>,
    pub enfilade_angle: Spanned<Num>,
}

/// The best-one-only cover shifts, in columns.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverFile {
    pub super_hard: Spanned<i8>,
    pub stone: Spanned<i8>,
    pub wood: Spanned<i8>,
    pub evading_in_soft: Spanned<i8>,
    pub evading_in_open: Spanned<i8>,
    pub soft: Spanned<i8>,
}

/// Direct hits: the two rows of numbers (`[direct_hit.field_gun]`,
/// `[direct_hit.other]`) and the modifiers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectHitFile {
    pub numbers: BTreeMap<String, Spanned<DirectHitRowFile>>,
    pub range_step: Spanned<Num>,
    pub early_artillery: Spanned<u8>,
    pub observed_first_turn: Spanned<u8>,
    pub observed_later_turns: Spanned<u8>,
    pub destroys_wood_section: Spanned<u8>,
    pub destroys_stone_section: Spanned<u8>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectHitRowFile {
    pub building: u8,
    pub moving_vehicle: u8,
    pub stationary_vehicle: u8,
    pub other: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatFile {
    pub columns: Spanned<Vec<Spanned<String>>>,
    pub rows: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
}

/// Combat Modifiers, in percent of the strength.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatModifiersFile {
    pub fortifications: Spanned<i16>,
    pub defending_cover: Spanned<i16>,
    pub uphill: Spanned<i16>,
    pub flank_or_rear: Spanned<i16>,
    pub formed_cavalry_charging: Spanned<i16>,
}

/// Morale test modifiers and reaches.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleFile {
    pub always_fails: Spanned<u8>,
    pub enemy_behind_flank: Spanned<i8>,
    pub enemy_behind_flank_within: Spanned<Num>,
    pub earthworks_trench_stone: Spanned<i8>,
    pub ambushed_while_marching: Spanned<i8>,
    pub night_or_fog: Spanned<i8>,
    pub senior_sees_within: Spanned<Num>,
    pub senior_near: Spanned<Num>,
    pub routers_pass_within: Spanned<Num>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovingShootingFile {
    #[serde(default)]
    pub turn: bool,
    #[serde(default)]
    pub deploy_from_column: bool,
    #[serde(default)]
    pub pivot: Option<Spanned<Num>>,
    pub after: Spanned<String>,
    #[serde(default)]
    pub prolong: Option<Spanned<Num>>,
}

/// The Visibility table and the rules of sight around it (inches).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VisibilityFile {
    pub large_bodies: Spanned<Num>,
    pub infantry_from_cavalry: Spanned<Num>,
    pub single_movers: Spanned<Num>,
    pub signal_side: Spanned<Num>,
    pub friend_from_foe: Spanned<Num>,
    pub movers_in_cover: Spanned<Num>,
    pub stationary_in_cover: Spanned<Num>,
    pub inside_woods_or_town: Spanned<Num>,
    pub edge: Spanned<Num>,
    pub behind_hedge_stationary: Spanned<Num>,
    pub dead_ground: Spanned<Num>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherFile {
    pub dark_night_sight: Spanned<Num>,
    pub moonlight_or_fog_sight: Spanned<Num>,
    pub night_humiliated: Spanned<u8>,
    pub night_column_above: Spanned<String>,
    pub fire_on_friends_on: Spanned<u8>,
    pub veer: Spanned<Num>,
    pub rain_sight: Spanned<Num>,
}

/// The fixed distances of the text, in inches.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DistancesFile {
    pub base_frontage: Spanned<Num>,
    pub entry_depth: Spanned<Num>,
    pub enemy_zone: Spanned<Num>,
    pub retire_infantry: Spanned<Num>,
    pub retire_cavalry: Spanned<Num>,
    pub officer_mounted: Spanned<Num>,
    pub officer_foot: Spanned<Num>,
    pub march_keep_off: Spanned<Num>,
    pub road_bonus: Spanned<Num>,
    pub incline: Spanned<Num>,
    pub charge_wheel: Spanned<Num>,
    pub ambush_bonus: Spanned<Num>,
    pub scout: Spanned<Num>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainFile {
    pub max_speed: Spanned<Num>,
    pub restart: Spanned<Num>,
    pub stops_below: Spanned<Num>,
    pub engine_hit_loss: Spanned<Num>,
    pub engine_hits: Spanned<u8>,
    pub turret_car_hits: Spanned<u8>,
}

// ---------------------------------------------------------------- troop cards

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TroopsFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub troop: BTreeMap<String, Spanned<TroopFile>>,
}

/// One troop card.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TroopFile {
    pub name: String,
    pub armies: Spanned<Vec<Spanned<String>>>,
    pub category: Spanned<String>,
    /// Bases in a unit: `[least, most]`.
    pub bases: Spanned<[u8; 2]>,
    pub depth: Spanned<Num>,
    pub speed: Spanned<Num>,
    #[serde(default)]
    pub evasive: Option<Spanned<Num>>,
    pub shooting: Spanned<u8>,
    #[serde(default)]
    pub range: Option<Spanned<Num>>,
    pub fighting: Spanned<u8>,
    #[serde(default)]
    pub direct_hit: Option<Spanned<String>>,
    pub charge: Spanned<u8>,
    pub fear: Spanned<u8>,
    pub serious: Spanned<u8>,
    pub rally: Spanned<u8>,
    pub class: Spanned<u8>,
    #[serde(default)]
    pub traits: Vec<Spanned<String>>,
    #[serde(default)]
    pub dismounts_as: Option<Spanned<String>>,
    #[serde(default)]
    pub tests_as: Option<Spanned<String>>,
    #[serde(default)]
    pub arcs: Option<Spanned<Vec<Spanned<ArcFile>>>>,
    pub points: Spanned<u16>,
}

/// A weapon arc: centred `toward` degrees clockwise from the front, `half`
/// degrees either side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArcFile {
    pub toward: Spanned<Num>,
    pub half: Spanned<Num>,
}

// ---------------------------------------------------------------- officers

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfficersFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub pool: BTreeMap<String, Spanned<PoolFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolFile {
    pub name: String,
    pub token: Vec<Spanned<TokenFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenFile {
    pub name: String,
    pub level: Spanned<String>,
    pub rank: Spanned<u8>,
    pub morale: Spanned<i8>,
    #[serde(default)]
    pub traits: Vec<Spanned<String>>,
    #[serde(default)]
    pub mounted: bool,
    #[serde(default = "one")]
    pub count: Spanned<u8>,
}

fn one() -> Spanned<u8> {
    Spanned::new(0..0, 1)
}

// ---------------------------------------------------------------- armies

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmiesFile {
    pub ruleset: Spanned<String>,
    pub kind: Spanned<String>,
    #[serde(default)]
    pub reconstruction: String,
    pub army: BTreeMap<String, Spanned<ArmyFile>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyFile {
    pub name: String,
    pub flight: Spanned<u8>,
    pub officers: Spanned<String>,
    pub draw: Spanned<u8>,
    #[serde(default)]
    pub early_artillery: bool,
    pub allow: Vec<Spanned<AllowFile>>,
    #[serde(default)]
    pub option: Vec<Spanned<OptionFile>>,
}

/// A troop type the list allows: at least `min` and at most `max` units.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowFile {
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    #[serde(default)]
    pub min: u8,
    pub max: Spanned<u8>,
    /// The special option that must be taken to field this type.
    #[serde(default)]
    pub option: Option<Spanned<String>>,
}

/// A special option of a list (a White Officer base, elite Red units,
/// Officer and Colour companies).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionFile {
    pub key: Spanned<String>,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The type whose units may take it (the White Officer base).
    #[serde(default)]
    pub applies_to: Option<Spanned<String>>,
    /// Such a unit tests morale as this type.
    #[serde(default)]
    pub tests_as: Option<Spanned<String>>,
    /// At most this many units with the option (0: no limit of its own).
    #[serde(default)]
    pub max_units: u8,
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
    pub troops: Spanned<String>,
    pub officers: Spanned<String>,
    pub armies: Spanned<String>,
    pub turns: Spanned<u8>,
    pub weather: Spanned<String>,
    pub initiative: Spanned<String>,
    #[serde(default)]
    pub options: Vec<Spanned<String>>,
    pub table: TableSizeFile,
    #[serde(default)]
    pub terrain: Vec<Spanned<TerrainFile>>,
    #[serde(default)]
    pub line: Vec<Spanned<LineFile>>,
    #[serde(default)]
    pub building: Vec<Spanned<BuildingFile>>,
    pub side: Spanned<Vec<Spanned<SideFile>>>,
    pub unit: Vec<Spanned<UnitFile>>,
    pub victory: VictoryFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSizeFile {
    pub width: Spanned<Num>,
    pub depth: Spanned<Num>,
}

/// An area of terrain: a simple polygon.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub cover: Option<Spanned<String>>,
    #[serde(default)]
    pub elevation: Option<Spanned<String>>,
    pub points: PointsFile,
}

/// A linear feature: a polyline.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineFile {
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    #[serde(default)]
    pub name: String,
    pub points: PointsFile,
}

/// A building section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildingFile {
    #[serde(default)]
    pub name: String,
    pub material: Spanned<String>,
    /// Bases that may fire out of it.
    pub frontage: Spanned<u8>,
    pub points: PointsFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    pub key: Spanned<String>,
    pub name: String,
    pub army: Spanned<String>,
    pub role: Spanned<String>,
    #[serde(default)]
    pub options: Vec<Spanned<String>>,
    #[serde(default)]
    pub dummies: u8,
    #[serde(default)]
    pub victory: String,
    #[serde(default)]
    pub entry: Vec<Spanned<EntryFile>>,
    #[serde(default)]
    pub deploy: Vec<Spanned<ZoneFile>>,
    /// Dummy position markers (Game Sequence): where each stands.
    #[serde(default)]
    pub dummy: Vec<Spanned<DummyFile>>,
}

/// A dummy position marker: a point on the table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DummyFile {
    pub at: PointFile,
}

/// An entry point: a stretch of the table edge.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryFile {
    pub key: Spanned<String>,
    #[serde(default)]
    pub name: String,
    pub points: PointsFile,
}

/// A deployment zone: a simple polygon.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneFile {
    #[serde(default)]
    pub name: String,
    pub points: PointsFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    pub side: Spanned<String>,
    pub id: Spanned<String>,
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub bases: Option<Spanned<u8>>,
    /// The centre of the unit's front edge.
    #[serde(default)]
    pub at: Option<PointFile>,
    #[serde(default)]
    pub facing: Option<Spanned<Num>>,
    #[serde(default)]
    pub formation: Option<Spanned<String>>,
    /// Arrives at this entry point (attackers and reinforcements).
    #[serde(default)]
    pub entry: Option<Spanned<String>>,
    /// The turn it arrives (1: the attacker's entry before play).
    #[serde(default)]
    pub arrives: Option<Spanned<u8>>,
    #[serde(default)]
    pub ambush: bool,
    /// Starts as a position marker: the enemy sees a marker, not the unit.
    #[serde(default)]
    pub hidden: bool,
    #[serde(default)]
    pub dug_in: Option<Spanned<Num>>,
    #[serde(default)]
    pub options: Vec<Spanned<String>>,
    /// Troops carried (a train's or a car's passengers): the carrier's id.
    #[serde(default)]
    pub aboard: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    #[serde(default = "yes")]
    pub flight: bool,
    #[serde(default)]
    pub train_captured_loses: bool,
    /// DD: the victory margin an intact tank captured costs its owner.
    #[serde(default)]
    pub tank_captured_margin: u8,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub objective: Vec<Spanned<ObjectiveFile>>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    pub name: String,
    pub at: PointFile,
    pub radius: Spanned<Num>,
    /// The side that holds it at the start.
    #[serde(default)]
    pub held_by: Option<Spanned<String>>,
    #[serde(default = "one")]
    pub value: Spanned<u8>,
}
