//! A scenario, loaded and checked with the files it names: the tables, the
//! troop cards, the officer tokens and the army lists; the table with its
//! terrain as shapes; both sides' forces and the victory conditions. Every
//! mistake is reported as `file:line:column: what is wrong`.
//!
//! Lengths and positions are fixed point ([`Inches`], [`Point`]); angles are
//! [`Degrees`] (0 = north, clockwise; x runs east, y south, from the
//! table's north-west corner).

use crate::data::{
    ArmiesFile, OfficersFile, PointFile, PointsFile, RULESET_ID, ScenarioFile, TablesFile,
    TroopsFile, UnitFile,
};
use crate::tables::{DirectHitNumbers, Tables, compile_tables, degrees, inches};
use engine::data::{DataErrors, Problems, SourceFile, Spanned};
use engine::param::{Degrees, Inches, Point, Pose};
use engine::{ScenarioInfo, Side};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

// ---------------------------------------------------------------- troop cards

/// A troop card's category (brief §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Category {
    Rifle,
    Engineer,
    Grenadier,
    Mg,
    Sabre,
    Tachanka,
    Mortar,
    FieldGun,
    HorseGun,
    /// 120 mm guns.
    HeavyGun,
    ArmouredCar,
    Tank,
    /// Train cars: the engine, a field-gun car, a 120 mm turret car, an MG
    /// car, any other car.
    Engine,
    GunCar,
    TurretCar,
    MgCar,
    Wagon,
    /// A senior officer's base.
    Officer,
}

impl Category {
    pub const ALL: [(&'static str, Category); 18] = [
        ("rifle", Category::Rifle),
        ("engineer", Category::Engineer),
        ("grenadier", Category::Grenadier),
        ("mg", Category::Mg),
        ("sabre", Category::Sabre),
        ("tachanka", Category::Tachanka),
        ("mortar", Category::Mortar),
        ("field_gun", Category::FieldGun),
        ("horse_gun", Category::HorseGun),
        ("heavy_gun", Category::HeavyGun),
        ("armoured_car", Category::ArmouredCar),
        ("tank", Category::Tank),
        ("engine", Category::Engine),
        ("gun_car", Category::GunCar),
        ("turret_car", Category::TurretCar),
        ("mg_car", Category::MgCar),
        ("wagon", Category::Wagon),
        ("officer", Category::Officer),
    ];
    pub fn parse(s: &str) -> Option<Category> {
        Category::ALL.iter().find(|(k, _)| *k == s).map(|(_, c)| *c)
    }
    pub fn key(self) -> &'static str {
        Category::ALL
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("", |(k, _)| k)
    }
    /// Infantry: riflemen, engineers, grenadiers and machine-gunners.
    pub fn is_infantry(self) -> bool {
        matches!(
            self,
            Category::Rifle | Category::Engineer | Category::Grenadier | Category::Mg
        )
    }
    /// Riflemen of any sort (units of 2-6 bases with a junior officer).
    pub fn is_rifles(self) -> bool {
        matches!(
            self,
            Category::Rifle | Category::Engineer | Category::Grenadier
        )
    }
    pub fn is_cavalry(self) -> bool {
        matches!(self, Category::Sabre | Category::Tachanka)
    }
    pub fn is_gun(self) -> bool {
        matches!(
            self,
            Category::FieldGun | Category::HorseGun | Category::HeavyGun
        )
    }
    pub fn is_train_car(self) -> bool {
        matches!(
            self,
            Category::Engine
                | Category::GunCar
                | Category::TurretCar
                | Category::MgCar
                | Category::Wagon
        )
    }
    pub fn is_vehicle(self) -> bool {
        matches!(self, Category::ArmouredCar | Category::Tank) || self.is_train_car()
    }
    /// The kinds that may charge (Charging: sabres, riflemen, armoured
    /// cars and tanks; never tachankas, MGs, mortars or guns).
    pub fn may_charge(self) -> bool {
        self.is_rifles()
            || matches!(
                self,
                Category::Sabre | Category::ArmouredCar | Category::Tank
            )
    }
    /// Units that carry a junior officer's token.
    pub fn has_junior_officer(self) -> bool {
        self.is_rifles() || self == Category::Sabre
    }
    /// MG fire (the MG close-range bonus).
    pub fn is_mg(self) -> bool {
        matches!(self, Category::Mg | Category::Tachanka | Category::MgCar)
    }
}

/// Unit characteristics on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Trait {
    Mob,
    Partisan,
    Skirmisher,
    Storm,
    Specialist,
    /// Cavalry that may be formed.
    CanForm,
    /// Entrenching tools (digging in at 1/2 column a move).
    Tools,
    /// Poor ammunition: +1 to direct-hit numbers.
    PoorAmmo,
    /// Tanks fitted with wire-removing devices (Barbed Wire): they drive
    /// down the wire at full speed, clearing it.
    WireClearing,
}

impl Trait {
    const ALL: [(&'static str, Trait); 9] = [
        ("mob", Trait::Mob),
        ("partisan", Trait::Partisan),
        ("skirmisher", Trait::Skirmisher),
        ("storm", Trait::Storm),
        ("specialist", Trait::Specialist),
        ("can_form", Trait::CanForm),
        ("tools", Trait::Tools),
        ("poor_ammo", Trait::PoorAmmo),
        ("wire_clearing", Trait::WireClearing),
    ];
    pub fn parse(s: &str) -> Option<Trait> {
        Trait::ALL.iter().find(|(k, _)| *k == s).map(|(_, t)| *t)
    }
}

/// A weapon arc: centred `toward` clockwise from the front, `half` either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Arc {
    pub toward: Degrees,
    pub half: Degrees,
}

/// A troop card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TroopType {
    pub key: String,
    pub name: String,
    pub armies: Vec<String>,
    pub category: Category,
    pub min_bases: u8,
    pub max_bases: u8,
    pub depth: Inches,
    pub speed: Inches,
    pub evasive: Option<Inches>,
    pub shooting: u8,
    pub range: Inches,
    pub fighting: u8,
    pub direct_hit: Option<DirectHitNumbers>,
    pub charge: u8,
    pub fear: u8,
    pub serious: u8,
    pub rally: u8,
    pub class: u8,
    pub traits: Vec<Trait>,
    /// Index in [`Scenario::troops`].
    pub dismounts_as: Option<usize>,
    pub tests_as: Option<usize>,
    pub arcs: Vec<Arc>,
    pub points: u16,
}

impl TroopType {
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }
}

// ---------------------------------------------------------------- officers

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Level {
    Junior,
    Senior,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum OfficerTrait {
    Clever,
    Commissar,
    Mob,
    Partisan,
    Storm,
    Specialist,
    Skirmisher,
}

impl OfficerTrait {
    const ALL: [(&'static str, OfficerTrait); 7] = [
        ("clever", OfficerTrait::Clever),
        ("commissar", OfficerTrait::Commissar),
        ("mob", OfficerTrait::Mob),
        ("partisan", OfficerTrait::Partisan),
        ("storm", OfficerTrait::Storm),
        ("specialist", OfficerTrait::Specialist),
        ("skirmisher", OfficerTrait::Skirmisher),
    ];
    pub fn parse(s: &str) -> Option<OfficerTrait> {
        OfficerTrait::ALL
            .iter()
            .find(|(k, _)| *k == s)
            .map(|(_, t)| *t)
    }
}

/// One officer token (a pool holds `count` copies of each written token).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OfficerToken {
    pub name: String,
    pub level: Level,
    pub rank: u8,
    pub morale: i8,
    pub traits: Vec<OfficerTrait>,
    pub mounted: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pool {
    pub key: String,
    pub name: String,
    /// Every token in the bag, copies included.
    pub tokens: Vec<OfficerToken>,
}

impl Pool {
    pub fn count(&self, level: Level) -> usize {
        self.tokens.iter().filter(|t| t.level == level).count()
    }
}

// ---------------------------------------------------------------- armies

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Allow {
    pub troop: usize,
    pub min: u8,
    pub max: u8,
    pub option: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArmyOption {
    pub key: String,
    pub name: String,
    pub description: String,
    pub applies_to: Option<usize>,
    pub tests_as: Option<usize>,
    pub max_units: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Army {
    pub key: String,
    pub name: String,
    /// Percent of the starting points.
    pub flight: u8,
    /// Index in [`Scenario::pools`].
    pub pool: usize,
    /// Senior officer tokens drawn per senior officer (keep one).
    pub draw: u8,
    pub early_artillery: bool,
    pub allow: Vec<Allow>,
    pub options: Vec<ArmyOption>,
}

// ---------------------------------------------------------------- the table

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum AreaKind {
    Wood,
    DenseWood,
    Scrub,
    Crops,
    Rough,
    Boggy,
    Hill,
    /// A built-up area; its building sections are listed apart.
    Town,
}

impl AreaKind {
    const ALL: [(&'static str, AreaKind); 8] = [
        ("wood", AreaKind::Wood),
        ("dense_wood", AreaKind::DenseWood),
        ("scrub", AreaKind::Scrub),
        ("crops", AreaKind::Crops),
        ("rough", AreaKind::Rough),
        ("boggy", AreaKind::Boggy),
        ("hill", AreaKind::Hill),
        ("town", AreaKind::Town),
    ];
    fn default_cover(self) -> Cover {
        match self {
            AreaKind::Wood | AreaKind::DenseWood => Cover::Hard,
            AreaKind::Scrub | AreaKind::Crops => Cover::Soft,
            AreaKind::Town => Cover::Soft,
            _ => Cover::None,
        }
    }
}

/// Cover for shooting (the best-one-only shifts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Cover {
    None,
    Soft,
    /// Woods and wooden buildings.
    Hard,
    Stone,
    SuperHard,
}

impl Cover {
    fn parse(s: &str) -> Option<Cover> {
        Some(match s {
            "none" => Cover::None,
            "soft" => Cover::Soft,
            "hard" => Cover::Hard,
            "stone" => Cover::Stone,
            "super_hard" => Cover::SuperHard,
            _ => return None,
        })
    }
}

/// The height of an area: a gentle rise (no overlook), a hill, a hill with
/// steep slopes, a tall hill (overlooks hills).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Elevation {
    Flat,
    Rise,
    Hill,
    Steep,
    Tall,
}

impl Elevation {
    fn parse(s: &str) -> Option<Elevation> {
        Some(match s {
            "flat" => Elevation::Flat,
            "rise" => Elevation::Rise,
            "hill" => Elevation::Hill,
            "steep" => Elevation::Steep,
            "tall" => Elevation::Tall,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Area {
    pub kind: AreaKind,
    pub name: String,
    pub cover: Cover,
    pub elevation: Elevation,
    /// A simple polygon on the table.
    pub points: Vec<Point>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LineKind {
    Hedge,
    Wall,
    SmallStream,
    BigStream,
    Ford,
    Trench,
    Wire,
    Road,
    Rail,
}

impl LineKind {
    const ALL: [(&'static str, LineKind); 9] = [
        ("hedge", LineKind::Hedge),
        ("wall", LineKind::Wall),
        ("small_stream", LineKind::SmallStream),
        ("big_stream", LineKind::BigStream),
        ("ford", LineKind::Ford),
        ("trench", LineKind::Trench),
        ("wire", LineKind::Wire),
        ("road", LineKind::Road),
        ("rail", LineKind::Rail),
    ];
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub kind: LineKind,
    pub name: String,
    /// A polyline on the table.
    pub points: Vec<Point>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Material {
    Wood,
    Stone,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Building {
    pub name: String,
    pub material: Material,
    /// Bases that may fire out.
    pub frontage: u8,
    pub points: Vec<Point>,
}

// ---------------------------------------------------------------- sides and units

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Role {
    Attacker,
    Defender,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub key: String,
    pub name: String,
    /// A stretch of one table edge.
    pub from: Point,
    pub to: Point,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zone {
    pub name: String,
    pub points: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideSetup {
    pub key: String,
    pub name: String,
    /// Index in [`Scenario::armies`].
    pub army: usize,
    pub role: Role,
    pub options: Vec<String>,
    pub dummies: u8,
    pub victory: String,
    pub entries: Vec<Entry>,
    pub zones: Vec<Zone>,
    /// The force's points at the start (bases x card points).
    pub points: u32,
    /// Where its dummy position markers stand (as many as `dummies`).
    pub dummy_at: Vec<Point>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Formation {
    Line,
    Column,
    /// Formed cavalry.
    Formed,
    Limbered,
    Unlimbered,
}

impl Formation {
    fn parse(s: &str) -> Option<Formation> {
        Some(match s {
            "line" => Formation::Line,
            "column" => Formation::Column,
            "formed" => Formation::Formed,
            "limbered" => Formation::Limbered,
            "unlimbered" => Formation::Unlimbered,
            _ => return None,
        })
    }
}

/// Where a unit starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Placement {
    /// On the table (the front centre of the unit and its facing).
    At(Pose),
    /// Enters at an entry point (index in its side's entries) from this turn.
    Enters { entry: usize, turn: u8 },
    /// Carried by another unit (index in [`Scenario::units`]).
    Aboard(usize),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitSetup {
    pub id: String,
    pub name: String,
    pub side: Side,
    /// Index in [`Scenario::troops`].
    pub troop: usize,
    pub bases: u8,
    pub formation: Formation,
    pub placement: Placement,
    pub ambush: bool,
    /// Starts as a position marker (hidden from the enemy until seen).
    pub hidden: bool,
    /// Foxholes dug, in quarter columns of cover (at most 3 columns).
    pub dug_in_quarters: u8,
    pub options: Vec<String>,
}

// ---------------------------------------------------------------- the scenario

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum WeatherKind {
    Clear,
    Rain,
    DarkNight,
    Moonlight,
    Fog,
}

impl WeatherKind {
    pub fn is_night_or_fog(self) -> bool {
        matches!(
            self,
            WeatherKind::DarkNight | WeatherKind::Moonlight | WeatherKind::Fog
        )
    }
}

/// The three initiative methods (Turn Sequence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Initiative {
    /// Roll off, then alternate units.
    Standard,
    /// Option 1: a card per unit and per HQ.
    Cards,
    /// Option 2: both roll a d6 each segment.
    Dice,
}

/// The optional rules: key, (title in the launcher, what it does).
pub const OPTIONS: [(&str, (&str, &str)); 6] = [
    (
        "second_retire_terror",
        (
            "A second retire is terror",
            "a second retire in a turn becomes a terror marker (Retire Results)",
        ),
    ),
    (
        "commissar_terror",
        (
            "Commissars make an example",
            "a Commissar's unit failing a charge test takes a terror marker (Miscellaneous)",
        ),
    ),
    (
        "double_one_ends_turn",
        (
            "Double one ends the turn",
            "with dice initiative, the turn ends when both roll a 1 (Initiative, Option 2)",
        ),
    ),
    (
        "rout_no_advance",
        (
            "No advance after a rout",
            "two turns without advancing for each turn spent routing (Rallying)",
        ),
    ),
    (
        "rout_standard_ra",
        (
            "Original rally from rout",
            "the original Red Actions! rally from rout: more than 2 over, or 12, removes the unit (Rallying)",
        ),
    ),
    (
        "spare_prisoners",
        (
            "Prisoners are spared",
            "captors may not kill the prisoners they hold (Miscellaneous; without it they may, as in most of the Civil War)",
        ),
    ),
];

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Objective {
    pub name: String,
    pub at: Point,
    pub radius: Inches,
    pub held_by: Option<Side>,
    pub value: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Victory {
    pub flight: bool,
    pub train_captured_loses: bool,
    pub tank_captured_margin: u8,
    pub text: String,
    pub objectives: Vec<Objective>,
}

#[derive(Clone, Debug)]
pub struct Scenario {
    pub info: ScenarioInfo,
    pub reconstruction: String,
    pub tables: Tables,
    pub troops: Vec<TroopType>,
    pub pools: Vec<Pool>,
    pub armies: Vec<Army>,
    pub width: Inches,
    pub depth: Inches,
    pub terrain: Vec<Area>,
    pub lines: Vec<Line>,
    pub buildings: Vec<Building>,
    pub sides: [SideSetup; 2],
    pub units: Vec<UnitSetup>,
    pub turns: u8,
    pub weather: WeatherKind,
    pub initiative: Initiative,
    pub options: Vec<String>,
    pub victory: Victory,
    pub digest: u64,
}

impl Scenario {
    pub fn troop(&self, key: &str) -> Option<&TroopType> {
        self.troops.iter().find(|t| t.key == key)
    }
    pub fn army_of(&self, side: Side) -> &Army {
        &self.armies[self.sides[side.index()].army]
    }
    pub fn option(&self, key: &str) -> bool {
        self.options.iter().any(|o| o == key)
    }
}

/// Loads a scenario with the tables, troops, officers and armies files it
/// names (relative to its folder), reporting every problem found.
pub fn load_scenario(path: &Path) -> Result<Scenario, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: ScenarioFile = file.parse_toml()?;
    let mut p = Problems::default();
    engine::data::check_header(
        &file,
        &raw.ruleset,
        &raw.kind,
        RULESET_ID,
        "scenario",
        &mut p,
    );
    let tables_file = engine::data::read_referenced(path, &file, &raw.tables, "tables", &mut p);
    let troops_file = engine::data::read_referenced(path, &file, &raw.troops, "troops", &mut p);
    let officers_file =
        engine::data::read_referenced(path, &file, &raw.officers, "officers", &mut p);
    let armies_file = engine::data::read_referenced(path, &file, &raw.armies, "armies", &mut p);
    let (Some(tf), Some(trf), Some(of), Some(af)) =
        (tables_file, troops_file, officers_file, armies_file)
    else {
        return Err(DataErrors(p.0));
    };
    let mut parse_errors = Vec::new();
    let raw_tables: Option<TablesFile> = tf.parse_toml().map_err(|e| parse_errors.push(e)).ok();
    let raw_troops: Option<TroopsFile> = trf.parse_toml().map_err(|e| parse_errors.push(e)).ok();
    let raw_officers: Option<OfficersFile> = of.parse_toml().map_err(|e| parse_errors.push(e)).ok();
    let raw_armies: Option<ArmiesFile> = af.parse_toml().map_err(|e| parse_errors.push(e)).ok();
    let (Some(rt), Some(rtr), Some(ro), Some(ra)) =
        (raw_tables, raw_troops, raw_officers, raw_armies)
    else {
        p.0.extend(parse_errors);
        return Err(DataErrors(p.0));
    };
    let tables = compile_tables(&tf, rt, &mut p);
    let troops = compile_troops(&trf, rtr, &tables, &mut p);
    let pools = compile_officers(&of, ro, &mut p);
    let armies = compile_armies(&af, ra, &troops, &pools, &mut p);
    let id = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut digest_text = file.text.clone();
    for f in [&tf, &trf, &of, &af] {
        digest_text.push_str(&f.text);
    }
    let digest = engine::save::digest_bytes(digest_text.as_bytes());
    let lib = Library {
        tables,
        troops,
        pools,
        armies,
    };
    match compile_scenario(&file, raw, id, lib, digest, &mut p) {
        Some(sc) => p.into_result(sc),
        None => Err(DataErrors(p.0)),
    }
}

/// Checks one file of a given kind on its own ("tables", "troops",
/// "officers", "armies" need the shipped tables and troop files beside them
/// only for cross-checks, which `load_scenario` does; here each is checked
/// for its own content).
pub fn check_file(kind: &str, path: &Path) -> Result<(), DataErrors> {
    let file = SourceFile::read(path)?;
    let mut p = Problems::default();
    match kind {
        "scenario" => return load_scenario(path).map(|_| ()),
        "tables" => {
            let raw: TablesFile = file.parse_toml()?;
            compile_tables(&file, raw, &mut p);
        }
        "officers" => {
            let raw: OfficersFile = file.parse_toml()?;
            compile_officers(&file, raw, &mut p);
        }
        "troops" | "armies" => {
            // Header and syntax only: their checks need the other files.
            let raw: toml::Table = file.parse_toml()?;
            let head = |k: &str| raw.get(k).and_then(|v| v.as_str()).unwrap_or("");
            if head("ruleset") != RULESET_ID || head("kind") != kind {
                p.push(file.error(format!(
                    "expected ruleset = \"{RULESET_ID}\" and kind = \"{kind}\""
                )));
            }
        }
        other => p.push(file.error(format!(
            "unknown kind \"{other}\": scenario, tables, troops, officers or armies"
        ))),
    }
    p.into_result(())
}

struct Library {
    tables: Tables,
    troops: Vec<TroopType>,
    pools: Vec<Pool>,
    armies: Vec<Army>,
}

fn keys_of<T>(list: &[(&str, T)]) -> String {
    list.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
}

fn compile_troops(
    file: &SourceFile,
    raw: TroopsFile,
    tables: &Tables,
    p: &mut Problems,
) -> Vec<TroopType> {
    engine::data::check_header(file, &raw.ruleset, &raw.kind, RULESET_ID, "troops", p);
    let keys: Vec<&String> = raw.troop.keys().collect();
    let index = |k: &Spanned<String>, what: &str, p: &mut Problems| -> Option<usize> {
        let i = keys.iter().position(|x| *x == k.get_ref());
        if i.is_none() {
            p.at(
                file,
                k,
                format!(
                    "{what} \"{}\" is not a troop type of this file",
                    k.get_ref()
                ),
            );
        }
        i
    };
    let d = &tables.distances;
    let mut out = Vec::new();
    for (key, card) in &raw.troop {
        let v = card.get_ref();
        let category = Category::parse(v.category.get_ref()).unwrap_or_else(|| {
            p.at(
                file,
                &v.category,
                format!(
                    "unknown category \"{}\": use one of {}",
                    v.category.get_ref(),
                    keys_of(&Category::ALL)
                ),
            );
            Category::Rifle
        });
        let [lo, hi] = *v.bases.get_ref();
        let (min_b, max_b) = if category.has_junior_officer() {
            (2, 6)
        } else if category.is_train_car() || category == Category::Officer {
            (1, 1)
        } else {
            (1, 4)
        };
        if lo < min_b || hi > max_b || lo > hi {
            p.at(
                file,
                &v.bases,
                format!(
                    "troop \"{key}\": bases [{lo}, {hi}]: a {} unit has {min_b} to {max_b} bases (Definitions)",
                    category.key()
                ),
            );
        }
        let depth = inches(file, &v.depth, p);
        if depth == Inches::ZERO {
            p.at(
                file,
                &v.depth,
                format!("troop \"{key}\": a base has a depth above 0"),
            );
        }
        let speed = inches(file, &v.speed, p);
        let evasive = v.evasive.as_ref().map(|e| (e, inches(file, e, p)));
        if let Some((e, ev)) = &evasive
            && *ev >= speed
        {
            p.at(
                file,
                *e,
                format!("troop \"{key}\": evasive speed {ev} must be below its speed {speed}"),
            );
        }
        // Speeds against the text's fixed distances.
        let speed_limits: Option<(Inches, Inches, &str)> =
            if category.is_infantry() || category == Category::Mortar {
                Some((
                    d.retire_infantry,
                    d.officer_foot,
                    "above the 3\" infantry retire and at most an officer's 10\" on foot",
                ))
            } else if category.is_cavalry() || category == Category::HorseGun {
                Some((
                    d.retire_cavalry,
                    d.officer_mounted,
                    "above the 6\" cavalry retire and at most a mounted officer's 20\"",
                ))
            } else {
                None
            };
        if let Some((above, at_most, words)) = speed_limits
            && (speed <= above || speed > at_most)
        {
            p.at(
                file,
                &v.speed,
                format!(
                    "troop \"{key}\": speed {speed}: a {} moves {words}",
                    category.key()
                ),
            );
        }
        if category == Category::Engine && speed != tables.train.max_speed {
            p.at(
                file,
                &v.speed,
                format!(
                    "troop \"{key}\": an engine runs at the trains' {} (Trains)",
                    tables.train.max_speed
                ),
            );
        }
        if category == Category::Officer && speed != d.officer_mounted && speed != d.officer_foot {
            p.at(
                file,
                &v.speed,
                format!(
                    "troop \"{key}\": an officer base moves {} mounted or {} on foot (Movement)",
                    d.officer_mounted, d.officer_foot
                ),
            );
        }
        let shooting = *v.shooting.get_ref();
        let range = v
            .range
            .as_ref()
            .map(|r| inches(file, r, p))
            .unwrap_or(Inches::ZERO);
        if shooting > 0 {
            let first = tables.shooting_columns[0] as u32;
            if (shooting as u32) * (lo as u32) < first {
                p.at(
                    file,
                    &v.shooting,
                    format!(
                        "troop \"{key}\": shooting {shooting} x {lo} bases = {} is below the Shooting Table's first column ({first})",
                        shooting as u32 * lo as u32
                    ),
                );
            }
            match &v.range {
                None => p.at(
                    file,
                    card,
                    format!("troop \"{key}\" shoots but has no range"),
                ),
                Some(r) if range == Inches::ZERO => {
                    p.at(file, r, format!("troop \"{key}\": a range above 0"))
                }
                Some(r)
                    if category.is_mg() && range <= tables.shooting_modifiers.mg_close_range =>
                {
                    p.at(
                        file,
                        r,
                        format!(
                            "troop \"{key}\": an MG's range {range} must exceed the {} of the MG close-range bonus",
                            tables.shooting_modifiers.mg_close_range
                        ),
                    )
                }
                _ => {}
            }
        }
        let direct_hit = match &v.direct_hit {
            Some(row) => {
                let n = tables.direct_hit_numbers(row.get_ref());
                if n.is_none() {
                    p.at(
                        file,
                        row,
                        format!(
                            "direct_hit \"{}\" is not a row of the tables file's [direct_hit.numbers]: {}",
                            row.get_ref(),
                            tables
                                .direct_hit
                                .numbers
                                .iter()
                                .map(|(k, _)| k.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
                if !(category.is_gun()
                    || matches!(
                        category,
                        Category::Mortar | Category::Tank | Category::GunCar | Category::TurretCar
                    ))
                {
                    p.at(
                        file,
                        row,
                        format!(
                            "troop \"{key}\": only guns and mortars (and vehicles carrying guns) roll direct hits"
                        ),
                    );
                }
                n
            }
            None => {
                if category.is_gun()
                    || matches!(
                        category,
                        Category::Mortar | Category::GunCar | Category::TurretCar
                    )
                {
                    p.at(
                        file,
                        card,
                        format!("troop \"{key}\": a {} needs direct_hit", category.key()),
                    );
                }
                None
            }
        };
        if category == Category::FieldGun
            && let (Some(row), Some(dh)) = (&v.direct_hit, direct_hit)
            && (
                dh.building,
                dh.moving_vehicle,
                dh.stationary_vehicle,
                dh.other,
            ) != (9, 11, 9, 10)
        {
            p.at(
                file,
                row,
                format!("troop \"{key}\": field guns hit on 9/11/9/10 (Direct Hits)"),
            );
        }
        for (what, n) in [
            ("charge", &v.charge),
            ("fear", &v.fear),
            ("serious", &v.serious),
            ("rally", &v.rally),
        ] {
            if !(2..=12).contains(n.get_ref()) {
                p.at(
                    file,
                    n,
                    format!(
                        "troop \"{key}\": {what} {}: a success number for 2d6, 2 to 12",
                        n.get_ref()
                    ),
                );
            }
        }
        let mut traits = Vec::new();
        for t in &v.traits {
            match Trait::parse(t.get_ref()) {
                Some(x) if traits.contains(&x) => p.at(file, t, "this trait is listed twice"),
                Some(x) => traits.push(x),
                None => p.at(
                    file,
                    t,
                    format!(
                        "unknown trait \"{}\": use {}",
                        t.get_ref(),
                        keys_of(&Trait::ALL)
                    ),
                ),
            }
        }
        if traits.contains(&Trait::WireClearing) && category != Category::Tank {
            p.at(
                file,
                card,
                format!("troop \"{key}\": only tanks carry wire-removing devices"),
            );
        }
        if traits.contains(&Trait::CanForm) && category != Category::Sabre {
            p.at(
                file,
                card,
                format!("troop \"{key}\": only sabres may be formed"),
            );
        }
        let dismounts_as = v
            .dismounts_as
            .as_ref()
            .and_then(|k| index(k, "dismounts_as", p));
        if v.dismounts_as.is_some() && category != Category::Sabre {
            p.at(
                file,
                card,
                format!("troop \"{key}\": only cavalry (sabres) dismount"),
            );
        }
        let tests_as = v.tests_as.as_ref().and_then(|k| index(k, "tests_as", p));
        let mut arcs = Vec::new();
        match &v.arcs {
            Some(list) => {
                for a in list.get_ref() {
                    let a = a.get_ref();
                    let half = degrees(file, &a.half, p);
                    if half <= Degrees(0) || half > Degrees::whole(180) {
                        p.at(
                            file,
                            &a.half,
                            "an arc's half width is above 0 and at most 180 degrees",
                        );
                    }
                    arcs.push(Arc {
                        toward: degrees(file, &a.toward, p).normalised(),
                        half,
                    });
                }
            }
            None if shooting > 0 => arcs.push(Arc {
                toward: Degrees(0),
                half: tables.shooting_modifiers.arc,
            }),
            None => {}
        }
        if *v.points.get_ref() == 0 {
            p.at(
                file,
                &v.points,
                format!("troop \"{key}\": points above 0 (flight counts them)"),
            );
        }
        out.push(TroopType {
            key: key.clone(),
            name: v.name.clone(),
            armies: v
                .armies
                .get_ref()
                .iter()
                .map(|a| a.get_ref().clone())
                .collect(),
            category,
            min_bases: lo,
            max_bases: hi,
            depth,
            speed,
            evasive: evasive.map(|e| e.1),
            shooting,
            range,
            fighting: *v.fighting.get_ref(),
            direct_hit,
            charge: *v.charge.get_ref(),
            fear: *v.fear.get_ref(),
            serious: *v.serious.get_ref(),
            rally: *v.rally.get_ref(),
            class: *v.class.get_ref(),
            traits,
            dismounts_as,
            tests_as,
            arcs,
            points: *v.points.get_ref(),
        });
    }
    // Mounted fire is weaker than dismounted (A Few Notes).
    for (key, card) in &raw.troop {
        let v = card.get_ref();
        let (Some(dk), Some(me)) = (&v.dismounts_as, out.iter().find(|t| &t.key == key)) else {
            continue;
        };
        if let Some(foot) = out.iter().find(|t| &t.key == dk.get_ref()) {
            if !foot.category.is_rifles() {
                p.at(
                    file,
                    dk,
                    format!(
                        "troop \"{key}\" dismounts as \"{}\", which is not infantry",
                        foot.key
                    ),
                );
            } else if me.shooting >= foot.shooting {
                p.at(
                    file,
                    &v.shooting,
                    format!(
                        "troop \"{key}\": mounted shooting {} must be below the {} of the \"{}\" it dismounts as (A Few Notes)",
                        me.shooting, foot.shooting, foot.key
                    ),
                );
            }
        }
    }
    out
}

fn compile_officers(file: &SourceFile, raw: OfficersFile, p: &mut Problems) -> Vec<Pool> {
    engine::data::check_header(file, &raw.ruleset, &raw.kind, RULESET_ID, "officers", p);
    let mut pools = Vec::new();
    for (key, pool) in &raw.pool {
        let v = pool.get_ref();
        let mut tokens = Vec::new();
        for t in &v.token {
            let tv = t.get_ref();
            let level = match tv.level.get_ref().as_str() {
                "junior" => Level::Junior,
                "senior" => Level::Senior,
                other => {
                    p.at(
                        file,
                        &tv.level,
                        format!("level \"{other}\": an officer is junior or senior"),
                    );
                    Level::Junior
                }
            };
            if !(-3..=3).contains(tv.morale.get_ref()) {
                p.at(file, &tv.morale, "an officer's morale effect is -3 to +3");
            }
            let mut traits = Vec::new();
            for tr in &tv.traits {
                match OfficerTrait::parse(tr.get_ref()) {
                    Some(x) if !traits.contains(&x) => traits.push(x),
                    Some(_) => p.at(file, tr, "this trait is listed twice"),
                    None => p.at(
                        file,
                        tr,
                        format!(
                            "unknown officer trait \"{}\": use {}",
                            tr.get_ref(),
                            keys_of(&OfficerTrait::ALL)
                        ),
                    ),
                }
            }
            if *tv.count.get_ref() == 0 {
                p.at(file, &tv.count, "count: at least 1 of each token");
            }
            for _ in 0..*tv.count.get_ref() {
                tokens.push(OfficerToken {
                    name: tv.name.clone(),
                    level,
                    rank: *tv.rank.get_ref(),
                    morale: *tv.morale.get_ref(),
                    traits: traits.clone(),
                    mounted: tv.mounted,
                });
            }
        }
        let pool_v = Pool {
            key: key.clone(),
            name: v.name.clone(),
            tokens,
        };
        for level in [Level::Junior, Level::Senior] {
            if pool_v.count(level) == 0 {
                p.at(
                    file,
                    pool,
                    format!("pool \"{key}\" has no {level:?} tokens").to_lowercase(),
                );
            }
        }
        pools.push(pool_v);
    }
    pools
}

fn compile_armies(
    file: &SourceFile,
    raw: ArmiesFile,
    troops: &[TroopType],
    pools: &[Pool],
    p: &mut Problems,
) -> Vec<Army> {
    engine::data::check_header(file, &raw.ruleset, &raw.kind, RULESET_ID, "armies", p);
    let troop = |k: &Spanned<String>, p: &mut Problems| -> Option<usize> {
        let i = troops.iter().position(|t| &t.key == k.get_ref());
        if i.is_none() {
            p.at(
                file,
                k,
                format!(
                    "unknown troop type \"{}\": the troops file has no such card",
                    k.get_ref()
                ),
            );
        }
        i
    };
    let mut out = Vec::new();
    for (key, army) in &raw.army {
        let v = army.get_ref();
        if !(1..=100).contains(v.flight.get_ref()) {
            p.at(
                file,
                &v.flight,
                "flight is a percentage of the starting points, 1 to 100",
            );
        }
        if !(1..=3).contains(v.draw.get_ref()) {
            p.at(
                file,
                &v.draw,
                "draw: a senior officer draws 2 or 3 tokens and keeps one (Definitions); 1 to 3",
            );
        }
        let pool = pools.iter().position(|x| &x.key == v.officers.get_ref());
        if pool.is_none() {
            p.at(
                file,
                &v.officers,
                format!(
                    "officers \"{}\" is not a pool of the officers file: {}",
                    v.officers.get_ref(),
                    pools
                        .iter()
                        .map(|x| x.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let mut options = Vec::new();
        for o in &v.option {
            let ov = o.get_ref();
            if options
                .iter()
                .any(|x: &ArmyOption| &x.key == ov.key.get_ref())
            {
                p.at(
                    file,
                    &ov.key,
                    format!("a second option \"{}\"", ov.key.get_ref()),
                );
            }
            options.push(ArmyOption {
                key: ov.key.get_ref().clone(),
                name: ov.name.clone(),
                description: ov.description.clone(),
                applies_to: ov.applies_to.as_ref().and_then(|k| troop(k, p)),
                tests_as: ov.tests_as.as_ref().and_then(|k| troop(k, p)),
                max_units: ov.max_units,
            });
        }
        let mut allow: Vec<Allow> = Vec::new();
        for a in &v.allow {
            let av = a.get_ref();
            let Some(t) = troop(&av.kind, p) else {
                continue;
            };
            if allow.iter().any(|x| x.troop == t) {
                p.at(
                    file,
                    &av.kind,
                    format!("\"{}\" is allowed twice", av.kind.get_ref()),
                );
            }
            if !troops[t].armies.iter().any(|x| x == key) {
                p.at(
                    file,
                    &av.kind,
                    format!(
                        "the {key} list allows \"{}\", but that card's armies do not name {key}",
                        av.kind.get_ref()
                    ),
                );
            }
            if av.min > *av.max.get_ref() {
                p.at(
                    file,
                    &av.max,
                    format!("max {} is below min {}", av.max.get_ref(), av.min),
                );
            }
            if let Some(o) = &av.option
                && !options.iter().any(|x| &x.key == o.get_ref())
            {
                p.at(
                    file,
                    o,
                    format!(
                        "option \"{}\" is not one of the {key} list's options",
                        o.get_ref()
                    ),
                );
            }
            allow.push(Allow {
                troop: t,
                min: av.min,
                max: *av.max.get_ref(),
                option: av.option.as_ref().map(|o| o.get_ref().clone()),
            });
        }
        out.push(Army {
            key: key.clone(),
            name: v.name.clone(),
            flight: *v.flight.get_ref(),
            pool: pool.unwrap_or(0),
            draw: *v.draw.get_ref(),
            early_artillery: v.early_artillery,
            allow,
            options,
        });
    }
    out
}

// ---------------------------------------------------------------- geometry checks

fn point(file: &SourceFile, pt: &PointFile, p: &mut Problems) -> Point {
    let [x, y] = pt.get_ref();
    Point {
        x: inches(file, x, p),
        y: inches(file, y, p),
    }
}

fn on_table(pt: Point, w: Inches, d: Inches) -> bool {
    (0..=w.0).contains(&pt.x.0) && (0..=d.0).contains(&pt.y.0)
}

fn cross(o: Point, a: Point, b: Point) -> i64 {
    let (ax, ay) = ((a.x.0 - o.x.0) as i64, (a.y.0 - o.y.0) as i64);
    let (bx, by) = ((b.x.0 - o.x.0) as i64, (b.y.0 - o.y.0) as i64);
    ax * by - ay * bx
}

fn on_segment(a: Point, b: Point, q: Point) -> bool {
    cross(a, b, q) == 0
        && q.x.0 >= a.x.0.min(b.x.0)
        && q.x.0 <= a.x.0.max(b.x.0)
        && q.y.0 >= a.y.0.min(b.y.0)
        && q.y.0 <= a.y.0.max(b.y.0)
}

/// Whether segments ab and cd share any point.
pub fn segments_touch(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = cross(c, d, a).signum();
    let d2 = cross(c, d, b).signum();
    let d3 = cross(a, b, c).signum();
    let d4 = cross(a, b, d).signum();
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    on_segment(c, d, a) || on_segment(c, d, b) || on_segment(a, b, c) || on_segment(a, b, d)
}

/// Why a closed polygon is not simple, if it is not: fewer than 3 corners,
/// a repeated corner, edges that cross or touch, or no area.
pub fn polygon_problem(pts: &[Point]) -> Option<String> {
    let n = pts.len();
    if n < 3 {
        return Some(format!("a polygon needs at least 3 corners; this has {n}"));
    }
    for i in 0..n {
        for j in i + 1..n {
            if pts[i] == pts[j] {
                return Some(format!(
                    "corners {} and {} are the same point",
                    i + 1,
                    j + 1
                ));
            }
        }
    }
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        for j in i + 1..n {
            let (c, d) = (pts[j], pts[(j + 1) % n]);
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            if adjacent {
                // Neighbouring edges share one corner; they may not fold back.
                let shared = if j == i + 1 { b } else { a };
                let (other1, other2) = if j == i + 1 { (a, d) } else { (b, c) };
                if cross(shared, other1, other2) == 0
                    && ((other1.x.0 - shared.x.0) as i64 * (other2.x.0 - shared.x.0) as i64
                        + (other1.y.0 - shared.y.0) as i64 * (other2.y.0 - shared.y.0) as i64)
                        > 0
                {
                    return Some(format!(
                        "edges {} and {} fold back over each other",
                        i + 1,
                        j + 1
                    ));
                }
            } else if segments_touch(a, b, c, d) {
                return Some(format!("edges {} and {} cross", i + 1, j + 1));
            }
        }
    }
    let area2: i64 = (0..n)
        .map(|i| cross(Point::default(), pts[i], pts[(i + 1) % n]))
        .sum();
    if area2 == 0 {
        return Some("the polygon has no area".into());
    }
    None
}

/// Whether a point is inside a simple polygon or on its boundary.
pub fn point_in_polygon(q: Point, pts: &[Point]) -> bool {
    let n = pts.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        if on_segment(a, b, q) {
            return true;
        }
        if (a.y.0 > q.y.0) != (b.y.0 > q.y.0) {
            // x of the edge at q.y, compared exactly.
            let lhs = (q.x.0 - a.x.0) as i64 * (b.y.0 - a.y.0) as i64;
            let rhs = (b.x.0 - a.x.0) as i64 * (q.y.0 - a.y.0) as i64;
            if (b.y.0 > a.y.0 && lhs < rhs) || (b.y.0 < a.y.0 && lhs > rhs) {
                inside = !inside;
            }
        }
    }
    inside
}

/// The distance from q to segment ab, in hundredths (rounded), for checks.
fn distance_to_segment(q: Point, a: Point, b: Point) -> f64 {
    let (ax, ay, bx, by, qx, qy) = (
        a.x.0 as f64,
        a.y.0 as f64,
        b.x.0 as f64,
        b.y.0 as f64,
        q.x.0 as f64,
        q.y.0 as f64,
    );
    let (dx, dy) = (bx - ax, by - ay);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((qx - ax) * dx + (qy - ay) * dy) / len2).clamp(0.0, 1.0)
    };
    let (px, py) = (ax + t * dx, ay + t * dy);
    ((qx - px).powi(2) + (qy - py).powi(2)).sqrt()
}

/// The four corners of a unit's footprint: front centre `at`, facing,
/// `width` across and `depth` back (a check only: the geometry module owns
/// the exact shapes).
fn footprint(pose: Pose, width: Inches, depth: Inches) -> [(f64, f64); 4] {
    let th = (pose.facing.0 as f64 / 10.0).to_radians();
    let (fx, fy) = (th.sin(), -th.cos());
    let (rx, ry) = (th.cos(), th.sin());
    let (x, y) = (pose.at.x.0 as f64, pose.at.y.0 as f64);
    let (hw, d) = (width.0 as f64 / 2.0, depth.0 as f64);
    [
        (x - rx * hw, y - ry * hw),
        (x + rx * hw, y + ry * hw),
        (x + rx * hw - fx * d, y + ry * hw - fy * d),
        (x - rx * hw - fx * d, y - ry * hw - fy * d),
    ]
}

struct Geo<'a> {
    file: &'a SourceFile,
    width: Inches,
    depth: Inches,
}

impl Geo<'_> {
    fn points(&self, pts: &PointsFile, what: &str, p: &mut Problems) -> Vec<Point> {
        let mut out = Vec::new();
        for pt in pts.get_ref() {
            let q = point(self.file, pt, p);
            if !on_table(q, self.width, self.depth) {
                p.at(
                    self.file,
                    pt,
                    format!(
                        "{what}: the point ({}, {}) is off the {} x {} table",
                        q.x, q.y, self.width, self.depth
                    ),
                );
            }
            out.push(q);
        }
        out
    }
    fn polygon(&self, pts: &PointsFile, what: &str, p: &mut Problems) -> Vec<Point> {
        let out = self.points(pts, what, p);
        if let Some(why) = polygon_problem(&out) {
            p.at(
                self.file,
                pts,
                format!("{what} is not a simple polygon: {why}"),
            );
        }
        out
    }
    fn polyline(&self, pts: &PointsFile, what: &str, p: &mut Problems) -> Vec<Point> {
        let out = self.points(pts, what, p);
        if out.len() < 2 {
            p.at(
                self.file,
                pts,
                format!("{what}: a line needs at least 2 points"),
            );
        }
        for (i, w) in out.windows(2).enumerate() {
            if w[0] == w[1] {
                p.at(
                    self.file,
                    &pts.get_ref()[i + 1],
                    format!("{what}: point {} repeats the one before it", i + 2),
                );
            }
        }
        out
    }
}

// ---------------------------------------------------------------- the scenario file

fn parse_enum<T: Copy>(
    file: &SourceFile,
    v: &Spanned<String>,
    list: &[(&str, T)],
    what: &str,
    p: &mut Problems,
) -> Option<T> {
    let r = list
        .iter()
        .find(|(k, _)| *k == v.get_ref())
        .map(|(_, t)| *t);
    if r.is_none() {
        p.at(
            file,
            v,
            format!("{what} \"{}\": use one of {}", v.get_ref(), keys_of(list)),
        );
    }
    r
}

fn compile_scenario(
    file: &SourceFile,
    raw: ScenarioFile,
    id: String,
    lib: Library,
    digest: u64,
    p: &mut Problems,
) -> Option<Scenario> {
    let Library {
        tables,
        troops,
        pools,
        armies,
    } = lib;
    let width = inches(file, &raw.table.width, p);
    let depth = inches(file, &raw.table.depth, p);
    for (v, x) in [(&raw.table.width, width), (&raw.table.depth, depth)] {
        if x < Inches::whole(12) || x > Inches::whole(240) {
            p.at(
                file,
                v,
                format!("{x}: a table is 12 to 240 inches on a side"),
            );
            return None;
        }
    }
    let geo = Geo { file, width, depth };
    let weather = parse_enum(
        file,
        &raw.weather,
        &[
            ("clear", WeatherKind::Clear),
            ("rain", WeatherKind::Rain),
            ("dark_night", WeatherKind::DarkNight),
            ("moonlight", WeatherKind::Moonlight),
            ("fog", WeatherKind::Fog),
        ],
        "weather",
        p,
    )
    .unwrap_or(WeatherKind::Clear);
    let initiative = parse_enum(
        file,
        &raw.initiative,
        &[
            ("standard", Initiative::Standard),
            ("cards", Initiative::Cards),
            ("dice", Initiative::Dice),
        ],
        "initiative",
        p,
    )
    .unwrap_or(Initiative::Standard);
    let mut options = Vec::new();
    for o in &raw.options {
        if !OPTIONS.iter().any(|(k, _)| k == o.get_ref()) {
            p.at(
                file,
                o,
                format!(
                    "unknown option \"{}\": the options are {}",
                    o.get_ref(),
                    keys_of(&OPTIONS)
                ),
            );
        } else if options.contains(o.get_ref()) {
            p.at(file, o, "this option is listed twice");
        } else {
            options.push(o.get_ref().clone());
        }
        if o.get_ref() == "double_one_ends_turn" && initiative != Initiative::Dice {
            p.at(
                file,
                o,
                "double_one_ends_turn needs initiative = \"dice\" (Option 2)",
            );
        }
    }
    if options.iter().any(|o| o == "rout_no_advance")
        && options.iter().any(|o| o == "rout_standard_ra")
    {
        p.push(
            file.error(
                "the options rout_no_advance and rout_standard_ra are alternatives: take one",
            ),
        );
    }
    let turns = *raw.turns.get_ref();
    if !(1..=60).contains(&turns) {
        p.at(file, &raw.turns, "turns: a game lasts 1 to 60 turns");
    }

    // Terrain.
    let mut terrain = Vec::new();
    for (i, t) in raw.terrain.iter().enumerate() {
        let v = t.get_ref();
        let what = format!("terrain {} ({})", i + 1, v.name);
        let kind =
            parse_enum(file, &v.kind, &AreaKind::ALL, "terrain type", p).unwrap_or(AreaKind::Rough);
        let cover = match &v.cover {
            Some(c) => Cover::parse(c.get_ref()).unwrap_or_else(|| {
                p.at(
                    file,
                    c,
                    format!(
                        "cover \"{}\": use none, soft, hard, stone or super_hard",
                        c.get_ref()
                    ),
                );
                Cover::None
            }),
            None => kind.default_cover(),
        };
        let elevation = match &v.elevation {
            Some(e) => Elevation::parse(e.get_ref()).unwrap_or_else(|| {
                p.at(
                    file,
                    e,
                    format!(
                        "elevation \"{}\": use flat, rise, hill, steep or tall",
                        e.get_ref()
                    ),
                );
                Elevation::Flat
            }),
            None if kind == AreaKind::Hill => Elevation::Hill,
            None => Elevation::Flat,
        };
        if kind == AreaKind::Hill && elevation == Elevation::Flat {
            p.at(
                file,
                t,
                format!("{what}: a hill is a rise, hill, steep or tall, not flat"),
            );
        }
        let points = geo.polygon(&v.points, &what, p);
        terrain.push(Area {
            kind,
            name: v.name.clone(),
            cover,
            elevation,
            points,
        });
    }
    let mut lines = Vec::new();
    for (i, l) in raw.line.iter().enumerate() {
        let v = l.get_ref();
        let what = format!("line {} ({})", i + 1, v.name);
        let kind =
            parse_enum(file, &v.kind, &LineKind::ALL, "line type", p).unwrap_or(LineKind::Road);
        let points = geo.polyline(&v.points, &what, p);
        lines.push(Line {
            kind,
            name: v.name.clone(),
            points,
        });
    }
    let mut buildings = Vec::new();
    for (i, b) in raw.building.iter().enumerate() {
        let v = b.get_ref();
        let what = format!("building {} ({})", i + 1, v.name);
        let material = parse_enum(
            file,
            &v.material,
            &[("wood", Material::Wood), ("stone", Material::Stone)],
            "material",
            p,
        )
        .unwrap_or(Material::Wood);
        if *v.frontage.get_ref() == 0 {
            p.at(
                file,
                &v.frontage,
                "frontage: the bases that may fire out, at least 1",
            );
        }
        let points = geo.polygon(&v.points, &what, p);
        buildings.push(Building {
            name: v.name.clone(),
            material,
            frontage: *v.frontage.get_ref(),
            points,
        });
    }

    // Sides.
    let sides_raw = raw.side.get_ref();
    if sides_raw.len() != 2 {
        p.at(
            file,
            &raw.side,
            format!(
                "a scenario has two [[side]]s; this one has {}",
                sides_raw.len()
            ),
        );
        return None;
    }
    let mut sides = Vec::new();
    for s in sides_raw {
        let v = s.get_ref();
        let army = armies.iter().position(|a| &a.key == v.army.get_ref());
        if army.is_none() {
            p.at(
                file,
                &v.army,
                format!(
                    "unknown army \"{}\": the armies file has {}",
                    v.army.get_ref(),
                    armies
                        .iter()
                        .map(|a| a.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let role = parse_enum(
            file,
            &v.role,
            &[("attacker", Role::Attacker), ("defender", Role::Defender)],
            "role",
            p,
        )
        .unwrap_or(Role::Attacker);
        let mut opts = Vec::new();
        for o in &v.options {
            if let Some(a) = army
                && !armies[a].options.iter().any(|x| &x.key == o.get_ref())
            {
                p.at(
                    file,
                    o,
                    format!(
                        "option \"{}\" is not one of the {} list's options ({})",
                        o.get_ref(),
                        armies[a].key,
                        armies[a]
                            .options
                            .iter()
                            .map(|x| x.key.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
            opts.push(o.get_ref().clone());
        }
        let mut entries: Vec<Entry> = Vec::new();
        for e in &v.entry {
            let ev = e.get_ref();
            let what = format!("entry \"{}\"", ev.key.get_ref());
            let pts = geo.points(&ev.points, &what, p);
            if pts.len() != 2 {
                p.at(
                    file,
                    &ev.points,
                    format!("{what}: two points, the ends of a stretch of table edge"),
                );
                continue;
            }
            let edge = |q: Point| [q.y.0 == 0, q.x.0 == width.0, q.y.0 == depth.0, q.x.0 == 0];
            let (ea, eb) = (edge(pts[0]), edge(pts[1]));
            if !(0..4).any(|k| ea[k] && eb[k]) {
                p.at(
                    file,
                    &ev.points,
                    format!("{what}: both ends must lie on the same table edge (x = 0 or {width}, y = 0 or {depth})"),
                );
            }
            if entries.iter().any(|x| &x.key == ev.key.get_ref()) {
                p.at(
                    file,
                    &ev.key,
                    format!("a second entry \"{}\"", ev.key.get_ref()),
                );
            }
            entries.push(Entry {
                key: ev.key.get_ref().clone(),
                name: ev.name.clone(),
                from: pts[0],
                to: pts[1],
            });
        }
        let mut zones = Vec::new();
        for z in &v.deploy {
            let zv = z.get_ref();
            let what = format!("deployment zone \"{}\"", zv.name);
            zones.push(Zone {
                name: zv.name.clone(),
                points: geo.polygon(&zv.points, &what, p),
            });
        }
        let mut dummy_at = Vec::new();
        for d in &v.dummy {
            let q = point(file, &d.get_ref().at, p);
            if !on_table(q, width, depth) {
                p.at(
                    file,
                    &d.get_ref().at,
                    format!(
                        "dummy marker at ({}, {}) is not on the {} x {} table",
                        q.x, q.y, width, depth
                    ),
                );
            }
            dummy_at.push(q);
        }
        if v.dummies as usize != v.dummy.len() {
            p.at(
                file,
                &v.key,
                format!(
                    "side \"{}\" has dummies = {} but {} [[side.dummy]] markers (one each, with at = [x, y])",
                    v.key.get_ref(),
                    v.dummies,
                    v.dummy.len()
                ),
            );
        }
        sides.push((
            SideSetup {
                key: v.key.get_ref().clone(),
                name: v.name.clone(),
                army: army.unwrap_or(0),
                role,
                options: opts,
                dummies: v.dummies,
                victory: v.victory.trim().to_string(),
                entries,
                zones,
                points: 0,
                dummy_at,
            },
            army.is_some(),
        ));
    }
    if sides[0].0.key == sides[1].0.key {
        p.at(
            file,
            &sides_raw[1].get_ref().key,
            "the two sides have the same key",
        );
    }
    if sides[0].0.role == sides[1].0.role {
        p.at(
            file,
            &sides_raw[1].get_ref().role,
            "one side attacks and the other defends (Game Sequence 1)",
        );
    }
    let side_keys = [sides[0].0.key.clone(), sides[1].0.key.clone()];
    let side_of = |k: &Spanned<String>, p: &mut Problems| -> Option<Side> {
        match side_keys.iter().position(|s| s == k.get_ref()) {
            Some(0) => Some(Side::A),
            Some(_) => Some(Side::B),
            None => {
                p.at(
                    file,
                    k,
                    format!(
                        "unknown side \"{}\": the sides are \"{}\" and \"{}\"",
                        k.get_ref(),
                        side_keys[0],
                        side_keys[1]
                    ),
                );
                None
            }
        }
    };

    // Units.
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    for (i, u) in raw.unit.iter().enumerate() {
        let k = u.get_ref().id.get_ref();
        if ids.insert(k.clone(), i).is_some() {
            p.at(
                file,
                &u.get_ref().id,
                format!("a second unit with id \"{k}\""),
            );
        }
    }
    let mut units: Vec<UnitSetup> = Vec::new();
    let mut spans: Vec<&Spanned<UnitFile>> = Vec::new();
    for u in &raw.unit {
        let v = u.get_ref();
        let Some(side) = side_of(&v.side, p) else {
            continue;
        };
        let Some(t) = troops.iter().position(|x| &x.key == v.kind.get_ref()) else {
            p.at(
                file,
                &v.kind,
                format!(
                    "unknown troop type \"{}\": the troops file has {}",
                    v.kind.get_ref(),
                    troops
                        .iter()
                        .map(|x| x.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            continue;
        };
        let card = &troops[t];
        let bases = match &v.bases {
            Some(b) => {
                if !(card.min_bases..=card.max_bases).contains(b.get_ref()) {
                    p.at(
                        file,
                        b,
                        format!(
                            "unit \"{}\": {} bases; a {} unit has {} to {}",
                            v.id.get_ref(),
                            b.get_ref(),
                            card.name,
                            card.min_bases,
                            card.max_bases
                        ),
                    );
                }
                *b.get_ref()
            }
            None if card.min_bases == card.max_bases => card.min_bases,
            None => {
                p.at(
                    file,
                    &v.id,
                    format!(
                        "unit \"{}\" needs bases = {} to {}",
                        v.id.get_ref(),
                        card.min_bases,
                        card.max_bases
                    ),
                );
                card.min_bases
            }
        };
        let allowed: &[Formation] = if card.category.is_gun() {
            &[Formation::Limbered, Formation::Unlimbered]
        } else if card.category == Category::Sabre && card.has(Trait::CanForm) {
            &[Formation::Line, Formation::Column, Formation::Formed]
        } else {
            &[Formation::Line, Formation::Column]
        };
        let formation = match &v.formation {
            Some(f) => match Formation::parse(f.get_ref()) {
                Some(x) if allowed.contains(&x) => x,
                _ => {
                    p.at(
                        file,
                        f,
                        format!(
                            "formation \"{}\" is not one of a {}'s: {}",
                            f.get_ref(),
                            card.name,
                            allowed
                                .iter()
                                .map(|x| format!("{x:?}").to_lowercase())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                    allowed[0]
                }
            },
            None => allowed[0],
        };
        let facing = v
            .facing
            .as_ref()
            .map(|f| degrees(file, f, p).normalised())
            .unwrap_or(Degrees(0));
        let placement = match (&v.at, &v.entry, &v.aboard) {
            (Some(at), None, None) => {
                if v.arrives.is_some() {
                    p.at(
                        file,
                        at,
                        "a unit on the table at the start has no arrives turn",
                    );
                }
                let q = point(file, at, p);
                let pose = Pose { at: q, facing };
                let frontage = tables.distances.base_frontage;
                let n = bases as i32;
                let (w, d) = match formation {
                    Formation::Column => (frontage, Inches(card.depth.0 * n)),
                    _ => (Inches(frontage.0 * n), card.depth),
                };
                // "Within" allows half a hundredth (brief §6).
                let slack = 0.5;
                let off = footprint(pose, w, d).iter().any(|&(x, y)| {
                    x < -slack
                        || y < -slack
                        || x > width.0 as f64 + slack
                        || y > depth.0 as f64 + slack
                });
                if off {
                    p.at(
                        file,
                        at,
                        format!(
                            "unit \"{}\" at ({}, {}) facing {} does not lie on the {} x {} table ({} bases of {} x {} in {:?})",
                            v.id.get_ref(), q.x, q.y, facing, width, depth, bases, frontage, card.depth,
                            formation
                        ),
                    );
                }
                Placement::At(pose)
            }
            (None, Some(e), None) => {
                let entries = &sides[side.index()].0.entries;
                let i = entries.iter().position(|x| &x.key == e.get_ref());
                if i.is_none() {
                    p.at(
                        file,
                        e,
                        format!(
                            "entry \"{}\" is not one of side \"{}\"'s entry points ({})",
                            e.get_ref(),
                            side_keys[side.index()],
                            entries
                                .iter()
                                .map(|x| x.key.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                }
                let turn = v.arrives.as_ref().map(|a| *a.get_ref()).unwrap_or(1);
                if let Some(a) = &v.arrives
                    && (turn == 0 || turn > turns)
                {
                    p.at(file, a, format!("arrives {turn}: a turn from 1 to {turns}"));
                }
                Placement::Enters {
                    entry: i.unwrap_or(0),
                    turn,
                }
            }
            (None, None, Some(c)) => match ids.get(c.get_ref()) {
                Some(&ci) => Placement::Aboard(ci),
                None => {
                    p.at(
                        file,
                        c,
                        format!("aboard \"{}\" is not the id of a unit", c.get_ref()),
                    );
                    Placement::Aboard(0)
                }
            },
            _ => {
                p.at(
                    file,
                    &v.id,
                    format!(
                        "unit \"{}\" needs exactly one of at = [x, y] (on the table), entry = \"...\" (arrives at an entry point) or aboard = \"id\"",
                        v.id.get_ref()
                    ),
                );
                continue;
            }
        };
        if (v.ambush || v.hidden) && !matches!(placement, Placement::At(_)) {
            p.at(
                file,
                &v.id,
                "only a unit on the table at the start may be in ambush or hidden under a marker",
            );
        }
        let dug_in_quarters = match &v.dug_in {
            Some(dg) => {
                let x = dg.get_ref().0 * 4.0;
                if x.fract() != 0.0 || !(0.0..=12.0).contains(&x) {
                    p.at(
                        file,
                        dg,
                        "dug_in: columns of cover in quarters, 0 to 3 (Digging in)",
                    );
                    0
                } else {
                    if !card.category.is_infantry() {
                        p.at(file, dg, "only infantry dig in (Digging in)");
                    }
                    x as u8
                }
            }
            None => 0,
        };
        let mut uopts = Vec::new();
        for o in &v.options {
            let s = &sides[side.index()].0;
            if !s.options.contains(o.get_ref()) {
                p.at(
                    file,
                    o,
                    format!(
                        "option \"{}\" is not taken by side \"{}\" (its options = [...])",
                        o.get_ref(),
                        s.key
                    ),
                );
            } else if let Some(opt) = armies
                .get(s.army)
                .and_then(|a| a.options.iter().find(|x| &x.key == o.get_ref()))
                && let Some(to) = opt.applies_to
                && to != t
            {
                p.at(
                    file,
                    o,
                    format!(
                        "option \"{}\" applies to {} units, not {}",
                        o.get_ref(),
                        troops[to].name,
                        card.name
                    ),
                );
            }
            uopts.push(o.get_ref().clone());
        }
        units.push(UnitSetup {
            id: v.id.get_ref().clone(),
            name: v.name.clone(),
            side,
            troop: t,
            bases,
            formation,
            placement,
            ambush: v.ambush,
            hidden: v.hidden || v.ambush,
            dug_in_quarters,
            options: uopts,
        });
        spans.push(u);
    }
    // Carriers: aboard a train car or an armoured car, of the same side.
    let by_id: BTreeMap<&str, usize> = units
        .iter()
        .enumerate()
        .map(|(i, u)| (u.id.as_str(), i))
        .collect();
    for (i, u) in units.iter().enumerate() {
        if let Placement::Aboard(_) = u.placement {
            let carrier_id = spans[i].get_ref().aboard.as_ref();
            let Some(c) = carrier_id else { continue };
            match by_id.get(c.get_ref().as_str()) {
                Some(&ci) => {
                    let carrier = &units[ci];
                    let cat = troops[carrier.troop].category;
                    if !(cat.is_train_car() && cat != Category::Engine) {
                        p.at(
                            file,
                            c,
                            format!("\"{}\" is not a train car that carries troops", carrier.id),
                        );
                    } else if carrier.side != u.side {
                        p.at(
                            file,
                            c,
                            format!("\"{}\" belongs to the other side", carrier.id),
                        );
                    } else if !troops[u.troop].category.is_infantry() {
                        p.at(file, c, "only infantry ride in a train's cars");
                    }
                }
                None => p.at(
                    file,
                    c,
                    format!("aboard \"{}\" is not the id of a unit", c.get_ref()),
                ),
            }
        }
    }
    // Train cars stand on a rail line.
    let rails: Vec<&Line> = lines.iter().filter(|l| l.kind == LineKind::Rail).collect();
    for (i, u) in units.iter().enumerate() {
        if let (true, Placement::At(pose)) = (troops[u.troop].category.is_train_car(), &u.placement)
        {
            let near = rails.iter().any(|l| {
                l.points
                    .windows(2)
                    .any(|w| distance_to_segment(pose.at, w[0], w[1]) <= 50.0)
            });
            if !near {
                let at = spans[i].get_ref().at.as_ref();
                if let Some(at) = at {
                    p.at(
                        file,
                        at,
                        format!(
                            "unit \"{}\" is a train car but stands off any rail line",
                            u.id
                        ),
                    );
                }
            }
        }
    }
    // Deployment zones: a unit on the table at the start stands in one of
    // its side's zones, where the side has any.
    for (i, u) in units.iter().enumerate() {
        let zones = &sides[u.side.index()].0.zones;
        if let Placement::At(pose) = u.placement
            && !zones.is_empty()
            && !zones.iter().any(|z| point_in_polygon(pose.at, &z.points))
            && let Some(at) = spans[i].get_ref().at.as_ref()
        {
            p.at(
                file,
                at,
                format!(
                    "unit \"{}\" at ({}, {}) is outside its side's deployment zones",
                    u.id, pose.at.x, pose.at.y
                ),
            );
        }
    }
    // Forces against their army lists.
    for (si, (side, army_ok)) in sides.iter_mut().enumerate() {
        let s = if si == 0 { Side::A } else { Side::B };
        let side_span = &sides_raw[si].get_ref().army;
        if !*army_ok {
            continue;
        }
        let army = &armies[side.army];
        let mut count: BTreeMap<usize, (u32, Option<&Spanned<UnitFile>>)> = BTreeMap::new();
        let mut option_units: BTreeMap<&str, u32> = BTreeMap::new();
        let mut seniors = 0usize;
        let mut juniors = 0usize;
        let mut points = 0u32;
        for (i, u) in units.iter().enumerate().filter(|(_, u)| u.side == s) {
            let card = &troops[u.troop];
            points += u.bases as u32 * card.points as u32;
            for o in &u.options {
                *option_units.entry(o.as_str()).or_default() += 1;
            }
            if card.category == Category::Officer {
                seniors += 1;
                continue;
            }
            if card.category.has_junior_officer() {
                juniors += 1;
            }
            let e = count.entry(u.troop).or_insert((0, None));
            e.0 += 1;
            e.1 = Some(spans[i]);
            match army.allow.iter().find(|a| a.troop == u.troop) {
                None => p.at(
                    file,
                    &spans[i].get_ref().kind,
                    format!("the {} list does not allow {}", army.name, card.name),
                ),
                Some(a) => {
                    if let Some(o) = &a.option
                        && !side.options.contains(o)
                    {
                        p.at(
                            file,
                            &spans[i].get_ref().kind,
                            format!(
                                "{} need the {} list's option \"{o}\" (side \"{}\" options)",
                                card.name, army.name, side.key
                            ),
                        );
                    }
                }
            }
        }
        side.points = points;
        for a in &army.allow {
            let (n, last) = count.get(&a.troop).copied().unwrap_or((0, None));
            if n > a.max as u32 {
                let msg = format!(
                    "side \"{}\" fields {n} units of {}; the {} list allows at most {}",
                    side.key, troops[a.troop].name, army.name, a.max
                );
                match last {
                    Some(u) => p.at(file, &u.get_ref().kind, msg),
                    None => p.at(file, side_span, msg),
                }
            }
            if n < a.min as u32 {
                p.at(
                    file,
                    side_span,
                    format!(
                        "side \"{}\" fields {n} units of {}; the {} list needs at least {}",
                        side.key, troops[a.troop].name, army.name, a.min
                    ),
                );
            }
        }
        for o in &army.options {
            let n = option_units.get(o.key.as_str()).copied().unwrap_or(0);
            if o.max_units > 0 && n > o.max_units as u32 {
                p.at(
                    file,
                    side_span,
                    format!(
                        "side \"{}\": {n} units take \"{}\"; the {} list allows {}",
                        side.key, o.key, army.name, o.max_units
                    ),
                );
            }
        }
        if seniors == 0 {
            p.at(
                file,
                side_span,
                format!(
                    "side \"{}\" has no senior officer; one is the commanding general (Definitions)",
                    side.key
                ),
            );
        }
        let pool = &pools[army.pool.min(pools.len().saturating_sub(1))];
        if pools.is_empty() {
            continue;
        }
        let need = seniors * army.draw as usize;
        if need > pool.count(Level::Senior) {
            p.at(
                file,
                side_span,
                format!(
                    "side \"{}\": {seniors} senior officers drawing {} each need {need} senior tokens; pool \"{}\" has {}",
                    side.key,
                    army.draw,
                    pool.key,
                    pool.count(Level::Senior)
                ),
            );
        }
        if juniors > pool.count(Level::Junior) {
            p.at(
                file,
                side_span,
                format!(
                    "side \"{}\": {juniors} units need junior officers; pool \"{}\" has {} junior tokens",
                    side.key,
                    pool.key,
                    pool.count(Level::Junior)
                ),
            );
        }
    }
    let sides: Vec<SideSetup> = sides.into_iter().map(|(s, _)| s).collect();

    // Victory.
    let mut objectives = Vec::new();
    for o in &raw.victory.objective {
        let v = o.get_ref();
        let at = point(file, &v.at, p);
        if !on_table(at, width, depth) {
            p.at(
                file,
                &v.at,
                format!("objective \"{}\" is off the table", v.name),
            );
        }
        let held_by = v.held_by.as_ref().and_then(|k| side_of(k, p));
        objectives.push(Objective {
            name: v.name.clone(),
            at,
            radius: inches(file, &v.radius, p),
            held_by,
            value: *v.value.get_ref(),
        });
    }
    let has_train = units
        .iter()
        .any(|u| troops[u.troop].category == Category::Engine);
    if raw.victory.train_captured_loses && !has_train {
        p.push(file.error("victory.train_captured_loses, but no side has an engine"));
    }
    let victory = Victory {
        flight: raw.victory.flight,
        train_captured_loses: raw.victory.train_captured_loses,
        tank_captured_margin: raw.victory.tank_captured_margin,
        text: raw.victory.text.trim().to_string(),
        objectives,
    };
    let [a, b]: [SideSetup; 2] = sides.try_into().ok()?;
    Some(Scenario {
        info: ScenarioInfo {
            ruleset: RULESET_ID.to_string(),
            id,
            title: raw.title,
            date: raw.date,
            sides: [a.name.clone(), b.name.clone()],
            description: raw.description.trim().to_string(),
        },
        reconstruction: raw.reconstruction,
        tables,
        troops,
        pools,
        armies,
        width,
        depth,
        terrain,
        lines,
        buildings,
        sides: [a, b],
        units,
        turns,
        weather,
        initiative,
        options,
        victory,
        digest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: i32, y: i32) -> Point {
        Point {
            x: Inches::whole(x),
            y: Inches::whole(y),
        }
    }

    #[test]
    fn simple_polygons_and_the_others() {
        let square = [pt(0, 0), pt(4, 0), pt(4, 4), pt(0, 4)];
        assert_eq!(polygon_problem(&square), None);
        let bow_tie = [pt(0, 0), pt(4, 4), pt(4, 0), pt(0, 4)];
        assert!(polygon_problem(&bow_tie).unwrap().contains("cross"));
        assert!(polygon_problem(&[pt(0, 0), pt(1, 1)]).is_some());
        let flat = [pt(0, 0), pt(2, 0), pt(4, 0)];
        assert!(polygon_problem(&flat).is_some());
        let spike = [pt(0, 0), pt(4, 0), pt(2, 0), pt(2, 3)];
        assert!(polygon_problem(&spike).is_some());
        let repeated = [pt(0, 0), pt(4, 0), pt(4, 4), pt(4, 0)];
        assert!(polygon_problem(&repeated).is_some());
        // A concave L is simple.
        let l = [pt(0, 0), pt(4, 0), pt(4, 1), pt(1, 1), pt(1, 4), pt(0, 4)];
        assert_eq!(polygon_problem(&l), None);
        assert!(point_in_polygon(pt(0, 3), &l), "on the boundary");
        assert!(!point_in_polygon(pt(3, 3), &l), "in the notch");
        assert!(point_in_polygon(
            Point {
                x: Inches(50),
                y: Inches(300)
            },
            &l
        ));
    }
}
