//! A scenario, loaded and checked: the map of squares, the tables, the unit
//! types, both sides' forces and the victory conditions, ready for play.

use crate::data::{
    Casualties, Class, FireDice, HitScore, MovementFile, Occupancy, RULESET_ID, ScenarioFile,
    TablesFile, UnitFile,
};
use crate::grid::{Dir, Facing, Grid, Sq};
use crate::state::{Formation, Orders, Position, Quality};
use engine::data::{DataErrors, Problems, SourceFile, Spanned};
use engine::{ScenarioInfo, Side};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The largest map: 26 columns (one letter) by 20 rows.
pub const MAX_COLUMNS: u8 = 26;
pub const MAX_ROWS: u8 = 20;

/// Terrain covers a whole square (Playing Area; Terrain 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Terrain {
    Open,
    Wood,
    /// A village of wooden buildings (catches fire on hearts or diamonds).
    Village,
    /// A town of brick or stone (catches fire on hearts; stone buildings).
    Town,
    Hedges,
    /// Hills (Terrain 4): forward slope, crest, reverse slope.
    Forward,
    Crest,
    Reverse,
    Marsh,
}

impl Terrain {
    pub fn letter(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Wood => 'w',
            Terrain::Village => 'v',
            Terrain::Town => 't',
            Terrain::Hedges => 'h',
            Terrain::Forward => 'f',
            Terrain::Crest => 'c',
            Terrain::Reverse => 'r',
            Terrain::Marsh => 'm',
        }
    }
    pub fn from_letter(c: char) -> Option<Terrain> {
        [
            Terrain::Open,
            Terrain::Wood,
            Terrain::Village,
            Terrain::Town,
            Terrain::Hedges,
            Terrain::Forward,
            Terrain::Crest,
            Terrain::Reverse,
            Terrain::Marsh,
        ]
        .into_iter()
        .find(|t| t.letter() == c)
    }
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Wood => "wood",
            Terrain::Village => "village",
            Terrain::Town => "town",
            Terrain::Hedges => "hedges",
            Terrain::Forward => "forward slope",
            Terrain::Crest => "crest",
            Terrain::Reverse => "reverse slope",
            Terrain::Marsh => "marsh",
        }
    }
    /// Closed terrain for movement (Movement 2; Terrain 1 and 5).
    pub fn closed(self) -> bool {
        matches!(
            self,
            Terrain::Wood | Terrain::Village | Terrain::Town | Terrain::Marsh
        )
    }
    /// Cover from fire (Firing 9: halves the loss); natural cover for hiding.
    pub fn cover(self) -> bool {
        matches!(
            self,
            Terrain::Wood | Terrain::Village | Terrain::Town | Terrain::Hedges | Terrain::Reverse
        )
    }
    /// Units here stay concealed even when they move or fire (Observation 1).
    pub fn conceals(self) -> bool {
        matches!(
            self,
            Terrain::Wood | Terrain::Village | Terrain::Town | Terrain::Hedges
        )
    }
    /// Blocks a line of sight passing through it (Firing 4, Artillery Firing 3).
    pub fn blocks_sight(self) -> bool {
        matches!(
            self,
            Terrain::Wood | Terrain::Village | Terrain::Town | Terrain::Hedges | Terrain::Crest
        )
    }
    /// Higher ground (fire over friends, Firing 5).
    pub fn high(self) -> bool {
        matches!(self, Terrain::Forward | Terrain::Crest | Terrain::Reverse)
    }
    pub fn buildings(self) -> bool {
        matches!(self, Terrain::Village | Terrain::Town)
    }
}

/// What lies on the edge between two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Edge {
    Stream,
    River,
    Ford,
    Bridge,
    Wall,
    Hedge,
    Wire,
}

impl Edge {
    pub fn parse(s: &str) -> Option<Edge> {
        match s {
            "stream" => Some(Edge::Stream),
            "river" => Some(Edge::River),
            "ford" => Some(Edge::Ford),
            "bridge" => Some(Edge::Bridge),
            "wall" => Some(Edge::Wall),
            "hedge" => Some(Edge::Hedge),
            "wire" => Some(Edge::Wire),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Edge::Stream => "stream",
            Edge::River => "river",
            Edge::Ford => "ford",
            Edge::Bridge => "bridge",
            Edge::Wall => "wall",
            Edge::Hedge => "hedge",
            Edge::Wire => "barbed wire",
        }
    }
    /// A linear obstacle (the closed-terrain allowance applies).
    pub fn obstacle(self) -> bool {
        matches!(
            self,
            Edge::Stream | Edge::Ford | Edge::Wall | Edge::Hedge | Edge::Wire
        )
    }
}

/// A row of the Range Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Weapon {
    Rifle,
    TankGun,
    LightGun,
    QfGun,
    Heavy,
}

impl Weapon {
    pub const ALL: [Weapon; 5] = [
        Weapon::Rifle,
        Weapon::TankGun,
        Weapon::LightGun,
        Weapon::QfGun,
        Weapon::Heavy,
    ];
    pub fn key(self) -> &'static str {
        ["rifle", "tank_gun", "light_gun", "qf_gun", "heavy"][self as usize]
    }
    pub fn parse(s: &str) -> Option<Weapon> {
        Weapon::ALL.into_iter().find(|w| w.key() == s)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ranges {
    pub close: u8,
    pub effective: u8,
    pub long: u8,
}

/// A row of the Movement Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRow {
    pub open: u8,
    pub closed: u8,
    pub road: Option<u8>,
    pub halt_in_closed_on_diamonds: bool,
    /// Suit masks (bit per `Suit`): bogs on these in closed terrain, unbogs on these.
    pub bog_on: u8,
    pub unbog_on: u8,
}

/// The rows of the Movement Table, by the keys of `[movement.<key>]`.
pub const MOVE_KEYS: [&str; 15] = [
    "infantry_masses",
    "infantry_waves",
    "infantry_firing_line",
    "infantry_defence",
    "cavalry_mounted",
    "cavalry_scouting",
    "cavalry_dismounted",
    "artillery_limbered",
    "artillery_unlimbered",
    "wheeled",
    "light_tank",
    "heavy_tank",
    "hq",
    "officer",
    "train",
];

/// Every number of the rulebook's tables.
#[derive(Clone, Debug, Serialize)]
pub struct Tables {
    pub ranges: [Ranges; 5],
    pub fire_dice: FireDice,
    pub hit_score: HitScore,
    pub casualties: Casualties,
    pub movement: [MoveRow; 15],
    pub train: crate::data::TrainFile,
    /// Anti-Tank/Vehicle Table: by weapon, then column (armoured car, light
    /// tank, heavy tank, truck), the suits that take effect (a bit per suit).
    pub anti_vehicle: [[u8; 4]; 5],
    pub occupancy: Occupancy,
}

pub const VEHICLE_COLUMNS: [&str; 4] = ["armoured_car", "light_tank", "heavy_tank", "truck"];

/// A unit type.
#[derive(Clone, Debug, Serialize)]
pub struct UnitType {
    pub key: String,
    pub name: String,
    pub class: Class,
    pub bases: u8,
    pub figures_per_base: u8,
    pub weapon: Weapon,
    pub howitzer: bool,
    pub shielded: bool,
    pub capacity: u8,
    pub cards: u8,
    pub batteries: u8,
    pub mg_bases: u8,
    /// Square Occupancy note 1: vehicle equivalents, in halves.
    pub equivalent_halves: u8,
}

/// A unit as the scenario sets it up.
#[derive(Clone, Debug, Serialize)]
pub struct UnitSetup {
    pub key: String,
    pub name: String,
    pub side: Side,
    pub kind: u8,
    pub at: Sq,
    pub facing: Facing,
    pub formation: Formation,
    pub orders: Orders,
    pub quality: Quality,
    pub bases: u8,
    pub co: Option<u16>,
    pub with: Option<u16>,
    pub position: Position,
    pub digging: u8,
    pub trenches: bool,
    pub arrives: u8,
    pub carried_by: Option<u16>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Objective {
    pub at: Sq,
    pub name: String,
    pub points: u8,
}

/// The map edge a side comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Baseline {
    North,
    South,
    West,
    East,
}

#[derive(Clone, Debug, Serialize)]
pub struct SideInfo {
    pub key: String,
    pub name: String,
    pub baseline: Baseline,
    pub victory: String,
}

#[derive(Clone, Debug)]
pub struct Scenario {
    pub info: ScenarioInfo,
    pub reconstruction: String,
    pub grid: Grid,
    pub terrain: Vec<Terrain>,
    /// What lies on each of a square's six edges (by `Dir`).
    pub edges: Vec<[Option<Edge>; 6]>,
    /// A road or railway runs to the neighbour in this direction (bit per `Dir`).
    pub roads: Vec<u8>,
    pub rails: Vec<u8>,
    pub objectives: Vec<Objective>,
    pub place_names: Vec<(Sq, String)>,
    pub tables: Tables,
    pub types: Vec<UnitType>,
    pub units: Vec<UnitSetup>,
    pub sides: [SideInfo; 2],
    pub turns: u8,
    pub dawn: u8,
    pub initiative: Side,
    pub break_percent: u8,
    pub digest: u64,
}

impl Scenario {
    pub fn kind(&self, kind: u8) -> &UnitType {
        &self.types[kind as usize]
    }
    pub fn edge(&self, s: Sq, d: Dir) -> Option<Edge> {
        self.edges[s as usize][d as usize]
    }
    pub fn road(&self, a: Sq, b: Sq) -> bool {
        self.grid
            .dir_to(a, b)
            .is_some_and(|d| self.roads[a as usize] & (1 << d as u8) != 0)
    }
    pub fn rail(&self, a: Sq, b: Sq) -> bool {
        self.grid
            .dir_to(a, b)
            .is_some_and(|d| self.rails[a as usize] & (1 << d as u8) != 0)
    }
    pub fn on_rail(&self, s: Sq) -> bool {
        self.rails[s as usize] != 0
    }
    pub fn side_of(&self, key: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.sides[s.index()].key == key)
    }
    pub fn move_row(&self, key: &str) -> &MoveRow {
        let i = MOVE_KEYS.iter().position(|k| *k == key).unwrap_or(0);
        &self.tables.movement[i]
    }
}

fn check_header(
    file: &SourceFile,
    ruleset: &Spanned<String>,
    kind: &Spanned<String>,
    expected: &str,
    p: &mut Problems,
) {
    engine::data::check_header(file, ruleset, kind, RULESET_ID, expected, p);
}

fn suit_mask(
    file: &SourceFile,
    list: &[String],
    at: &Spanned<MovementFile>,
    p: &mut Problems,
) -> u8 {
    let mut m = 0;
    for s in list {
        match s.as_str() {
            "hearts" => m |= 1,
            "clubs" => m |= 2,
            "diamonds" => m |= 4,
            "spades" => m |= 8,
            other => p.at(
                file,
                at,
                format!("\"{other}\" is not a suit: hearts, clubs, diamonds or spades"),
            ),
        }
    }
    m
}

/// Loads and checks a tables file on its own.
pub fn load_tables(path: &Path) -> Result<(Tables, Vec<UnitType>), DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: TablesFile = file.parse_toml()?;
    let mut p = Problems::default();
    let t = compile_tables(&file, raw, &mut p);
    p.into_result(t)
}

fn compile_tables(file: &SourceFile, raw: TablesFile, p: &mut Problems) -> (Tables, Vec<UnitType>) {
    check_header(file, &raw.ruleset, &raw.kind, "tables", p);
    let mut ranges = [Ranges {
        close: 1,
        effective: 1,
        long: 1,
    }; 5];
    for (key, w) in &raw.weapon {
        match Weapon::parse(key) {
            Some(weapon) => {
                let v = w.get_ref();
                if !(1 <= v.close && v.close <= v.effective && v.effective <= v.long) {
                    p.at(
                        file,
                        w,
                        format!(
                            "weapon \"{key}\": ranges must grow: close {} <= effective {} <= long {}, from 1",
                            v.close, v.effective, v.long
                        ),
                    );
                }
                ranges[weapon as usize] = Ranges {
                    close: v.close,
                    effective: v.effective,
                    long: v.long,
                };
            }
            None => p.at(
                file,
                w,
                format!(
                    "unknown weapon \"{key}\": the Range Table's rows are {}",
                    Weapon::ALL.map(|w| w.key()).join(", ")
                ),
            ),
        }
    }
    for w in Weapon::ALL {
        if !raw.weapon.contains_key(w.key()) {
            p.push(file.error(format!("the Range Table lacks [weapon.{}]", w.key())));
        }
    }
    let mut movement = [MoveRow {
        open: 0,
        closed: 0,
        road: None,
        halt_in_closed_on_diamonds: false,
        bog_on: 0,
        unbog_on: 0,
    }; 15];
    for (key, row) in &raw.movement {
        match MOVE_KEYS.iter().position(|k| k == key) {
            Some(i) => {
                let v = row.get_ref();
                let halt = match v.halt_in_closed_on.as_deref() {
                    None => false,
                    Some("diamonds") => true,
                    Some(other) => {
                        p.at(
                            file,
                            row,
                            format!("halt_in_closed_on = \"{other}\": only \"diamonds\" is known"),
                        );
                        false
                    }
                };
                movement[i] = MoveRow {
                    open: v.open,
                    closed: v.closed,
                    road: v.road,
                    halt_in_closed_on_diamonds: halt,
                    bog_on: suit_mask(file, &v.bog_on, row, p),
                    unbog_on: suit_mask(file, &v.unbog_on, row, p),
                };
            }
            None => p.at(
                file,
                row,
                format!(
                    "unknown Movement Table row \"{key}\": the rows are {}",
                    MOVE_KEYS.join(", ")
                ),
            ),
        }
    }
    for k in MOVE_KEYS {
        if !raw.movement.contains_key(k) {
            p.push(file.error(format!("the Movement Table lacks [movement.{k}]")));
        }
    }
    let mut anti_vehicle = [[0u8; 4]; 5];
    for (key, row) in &raw.anti_vehicle {
        let Some(w) = Weapon::parse(key) else {
            p.at(
                file,
                row,
                format!("unknown weapon \"{key}\" in the Anti-Tank/Vehicle Table"),
            );
            continue;
        };
        for (col, suits) in row.get_ref() {
            let Some(ci) = VEHICLE_COLUMNS.iter().position(|c| c == col) else {
                p.at(
                    file,
                    suits,
                    format!(
                        "unknown column \"{col}\": the columns are {}",
                        VEHICLE_COLUMNS.join(", ")
                    ),
                );
                continue;
            };
            let mut m = 0;
            for ch in suits.get_ref().chars() {
                match ch {
                    'H' => m |= 1,
                    'C' => m |= 2,
                    'D' => m |= 4,
                    'S' => m |= 8,
                    _ => p.at(
                        file,
                        suits,
                        format!("\"{ch}\" is not a suit letter: use H, C, D and S"),
                    ),
                }
            }
            anti_vehicle[w as usize][ci] = m;
        }
    }
    let mut types = Vec::new();
    for (key, t) in &raw.unit {
        let v = t.get_ref();
        if !(1..=6).contains(&v.bases) {
            p.at(
                file,
                t,
                format!(
                    "unit \"{key}\" has {} bases: a unit has 1 to 6 (Units)",
                    v.bases
                ),
            );
        }
        let weapon = match &v.weapon {
            Some(w) => Weapon::parse(w.get_ref()).unwrap_or_else(|| {
                p.at(
                    file,
                    w,
                    format!(
                        "unknown weapon \"{}\": use one of {}",
                        w.get_ref(),
                        Weapon::ALL.map(|w| w.key()).join(", ")
                    ),
                );
                Weapon::Rifle
            }),
            None => Weapon::Rifle,
        };
        let eq = raw
            .occupancy
            .equivalent
            .get(v.class.key())
            .copied()
            .unwrap_or(1.0);
        types.push(UnitType {
            key: key.clone(),
            name: v.name.clone(),
            class: v.class,
            bases: v.bases,
            figures_per_base: v.figures_per_base,
            weapon,
            howitzer: v.howitzer,
            shielded: v.shielded,
            capacity: v.capacity,
            cards: v.cards.clamp(1, 2),
            batteries: v.batteries,
            mg_bases: v.mg_bases,
            equivalent_halves: (eq * 2.0).round() as u8,
        });
    }
    (
        Tables {
            ranges,
            fire_dice: raw.fire_dice,
            hit_score: raw.hit_score,
            casualties: raw.casualties,
            movement,
            anti_vehicle,
            occupancy: raw.occupancy,
            train: raw.train,
        },
        types,
    )
}

/// Loads a scenario with its tables file, reporting all problems.
pub fn load_scenario(path: &Path) -> Result<Scenario, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: ScenarioFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(&file, &raw.ruleset, &raw.kind, "scenario", &mut p);
    let Some(tables_file) =
        engine::data::read_referenced(path, &file, &raw.tables, "tables", &mut p)
    else {
        return Err(DataErrors(p.0));
    };
    let raw_tables: TablesFile = tables_file.parse_toml().map_err(|e| DataErrors(vec![e]))?;
    let (tables, types) = compile_tables(&tables_file, raw_tables, &mut p);
    let id = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut digest_text = file.text.clone();
    digest_text.push_str(&tables_file.text);
    let digest = engine::save::digest_bytes(digest_text.as_bytes());
    let sc = compile_scenario(&file, raw, id, tables, types, digest, &mut p);
    match sc {
        Some(sc) => p.into_result(sc),
        None => Err(DataErrors(p.0)),
    }
}

fn compile_scenario(
    file: &SourceFile,
    raw: ScenarioFile,
    id: String,
    tables: Tables,
    types: Vec<UnitType>,
    digest: u64,
    p: &mut Problems,
) -> Option<Scenario> {
    let map = &raw.map;
    let (columns, rows) = (*map.columns.get_ref(), *map.rows.get_ref());
    if !(2..=MAX_COLUMNS).contains(&columns) {
        p.at(
            file,
            &map.columns,
            format!("columns = {columns}: a map has 2 to {MAX_COLUMNS} columns"),
        );
        return None;
    }
    if !(2..=MAX_ROWS).contains(&rows) {
        p.at(
            file,
            &map.rows,
            format!("rows = {rows}: a map has 2 to {MAX_ROWS} rows"),
        );
        return None;
    }
    let grid = Grid::new(columns, rows);
    let n = grid.len();
    let mut terrain = vec![Terrain::Open; n];
    if map.terrain.get_ref().len() != rows as usize {
        p.at(
            file,
            &map.terrain,
            format!(
                "terrain has {} rows; the map has {rows}",
                map.terrain.get_ref().len()
            ),
        );
    }
    for (r, line) in map.terrain.get_ref().iter().enumerate().take(rows as usize) {
        let letters: Vec<&str> = line.get_ref().split_whitespace().collect();
        if letters.len() != columns as usize {
            p.at(
                file,
                line,
                format!(
                    "row {} has {} squares; the map has {columns} columns (letters separated by spaces)",
                    r + 1,
                    letters.len()
                ),
            );
        }
        for (c, l) in letters.iter().enumerate().take(columns as usize) {
            let t = l
                .chars()
                .next()
                .filter(|_| l.len() == 1)
                .and_then(Terrain::from_letter);
            match t {
                Some(t) => terrain[r * columns as usize + c] = t,
                None => p.at(
                    file,
                    line,
                    format!(
                        "row {}, column {}: \"{l}\" is not a terrain letter (. w v t h f c r m)",
                        r + 1,
                        c + 1
                    ),
                ),
            }
        }
    }
    let sq = |s: &Spanned<String>, p: &mut Problems| -> Option<Sq> {
        let v = grid.parse(s.get_ref());
        if v.is_none() {
            p.at(
                file,
                s,
                format!(
                    "\"{}\" is not a square of this {columns} x {rows} map (column letter A-{}, row 1-{rows})",
                    s.get_ref(),
                    (b'A' + columns - 1) as char
                ),
            );
        }
        v
    };
    let mut edges = vec![[None; 6]; n];
    for e in &map.edges {
        let e = e.get_ref();
        let Some(a) = sq(&e.at, p) else { continue };
        let Some(d) = Dir::parse(e.side.get_ref()) else {
            p.at(
                file,
                &e.side,
                format!(
                    "\"{}\" is not a side of a square: e, se, sw, w, nw or ne",
                    e.side.get_ref()
                ),
            );
            continue;
        };
        let Some(kind) = Edge::parse(e.kind.get_ref()) else {
            p.at(
                file,
                &e.kind,
                format!(
                    "\"{}\" is not an edge feature: stream, river, ford, bridge, wall, hedge or wire",
                    e.kind.get_ref()
                ),
            );
            continue;
        };
        let Some(b) = grid.neighbour(a, d) else {
            p.at(file, &e.side, "this edge is on the map's border");
            continue;
        };
        edges[a as usize][d as usize] = Some(kind);
        edges[b as usize][d.opposite() as usize] = Some(kind);
    }
    let chains = |list: &Vec<Spanned<Vec<Spanned<String>>>>, p: &mut Problems| {
        let mut links = vec![0u8; n];
        for chain in list {
            let squares: Vec<Option<Sq>> = chain.get_ref().iter().map(|s| sq(s, p)).collect();
            for (i, w) in squares.windows(2).enumerate() {
                let (Some(a), Some(b)) = (w[0], w[1]) else {
                    continue;
                };
                match grid.dir_to(a, b) {
                    Some(d) => {
                        links[a as usize] |= 1 << d as u8;
                        links[b as usize] |= 1 << d.opposite() as u8;
                    }
                    None => p.at(
                        file,
                        &chain.get_ref()[i + 1],
                        format!(
                            "{} does not touch {}: a road or railway joins neighbouring squares",
                            grid.name(b),
                            grid.name(a)
                        ),
                    ),
                }
            }
        }
        links
    };
    let roads = chains(&map.roads, p);
    let rails = chains(&map.railways, p);
    let mut objectives = Vec::new();
    for o in &map.objectives {
        let o = o.get_ref();
        if let Some(at) = sq(&o.at, p) {
            objectives.push(Objective {
                at,
                name: o.name.clone(),
                points: o.points,
            });
        }
    }
    let mut place_names = Vec::new();
    for o in &map.names {
        let o = o.get_ref();
        if let Some(at) = sq(&o.at, p) {
            place_names.push((at, o.name.clone()));
        }
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
        let baseline = match s.baseline.get_ref().as_str() {
            "north" => Baseline::North,
            "south" => Baseline::South,
            "west" => Baseline::West,
            "east" => Baseline::East,
            other => {
                p.at(
                    file,
                    &s.baseline,
                    format!("baseline \"{other}\": use north, south, west or east"),
                );
                Baseline::North
            }
        };
        sides.push(SideInfo {
            key: s.key.get_ref().clone(),
            name: s.name.clone(),
            baseline,
            victory: s.victory.trim().to_string(),
        });
    }
    if sides[0].key == sides[1].key {
        p.at(file, &sides_raw[1].key, "the two sides have the same key");
    }
    let side_of = |k: &Spanned<String>, p: &mut Problems| -> Side {
        match sides.iter().position(|s| &s.key == k.get_ref()) {
            Some(0) => Side::A,
            Some(_) => Side::B,
            None => {
                p.at(
                    file,
                    k,
                    format!(
                        "unknown side \"{}\": the sides are \"{}\" and \"{}\"",
                        k.get_ref(),
                        sides[0].key,
                        sides[1].key
                    ),
                );
                Side::A
            }
        }
    };
    let initiative = side_of(&raw.initiative, p);
    if *raw.turns.get_ref() == 0 || *raw.turns.get_ref() > 60 {
        p.at(file, &raw.turns, "turns: a game lasts 1 to 60 turns");
    }
    // Units.
    let mut ids: BTreeMap<String, u16> = BTreeMap::new();
    for (i, u) in raw.unit.iter().enumerate() {
        let key = u.get_ref().id.get_ref();
        if ids.insert(key.clone(), i as u16).is_some() {
            p.at(
                file,
                &u.get_ref().id,
                format!("a second unit with id \"{key}\""),
            );
        }
    }
    let mut units = Vec::new();
    for u in &raw.unit {
        if let Some(setup) = compile_unit(file, u, &grid, &types, &ids, &side_of, p) {
            units.push(setup);
        }
    }
    let sc = Scenario {
        info: ScenarioInfo {
            ruleset: RULESET_ID.to_string(),
            id,
            title: raw.title,
            date: raw.date,
            sides: [sides[0].name.clone(), sides[1].name.clone()],
            description: raw.description.trim().to_string(),
        },
        reconstruction: raw.reconstruction,
        grid,
        terrain,
        edges,
        roads,
        rails,
        objectives,
        place_names,
        tables,
        types,
        units,
        sides: [sides[0].clone(), sides[1].clone()],
        turns: *raw.turns.get_ref(),
        dawn: raw.dawn,
        initiative,
        break_percent: *raw.victory.break_percent.get_ref(),
        digest,
    };
    if p.is_empty() {
        crate::rules::setup::check_deployment(&sc, file, &raw.unit, p);
    }
    Some(sc)
}

fn compile_unit(
    file: &SourceFile,
    u: &Spanned<UnitFile>,
    grid: &Grid,
    types: &[UnitType],
    ids: &BTreeMap<String, u16>,
    side_of: &dyn Fn(&Spanned<String>, &mut Problems) -> Side,
    p: &mut Problems,
) -> Option<UnitSetup> {
    let v = u.get_ref();
    let side = side_of(&v.side, p);
    let Some(kind) = types.iter().position(|t| &t.key == v.kind.get_ref()) else {
        p.at(
            file,
            &v.kind,
            format!(
                "unknown unit type \"{}\": the tables file has {}",
                v.kind.get_ref(),
                types
                    .iter()
                    .map(|t| t.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        return None;
    };
    let t = &types[kind];
    let Some(at) = grid.parse(v.at.get_ref()) else {
        p.at(
            file,
            &v.at,
            format!("\"{}\" is not a square of this map", v.at.get_ref()),
        );
        return None;
    };
    let facing = match &v.facing {
        Some(f) => Facing::parse(f.get_ref()).unwrap_or_else(|| {
            p.at(
                file,
                f,
                format!(
                    "facing \"{}\": use n, ne, e, se, s, sw, w or nw",
                    f.get_ref()
                ),
            );
            Facing::N
        }),
        None => Facing::N,
    };
    let allowed: &[Formation] = match t.class {
        Class::Infantry => &[
            Formation::FiringLine,
            Formation::Waves,
            Formation::Masses,
            Formation::Defence,
        ],
        Class::Cavalry => &[
            Formation::Mounted,
            Formation::Scouting,
            Formation::Dismounted,
        ],
        Class::Artillery => &[Formation::Limbered, Formation::Unlimbered],
        _ => &[Formation::None],
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
                        t.class.key(),
                        allowed
                            .iter()
                            .map(|f| f.key())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
                allowed[0]
            }
        },
        None => allowed[0],
    };
    let orders = match &v.orders {
        Some(o) if t.class.takes_orders() => Orders::parse(o.get_ref()).unwrap_or_else(|| {
            p.at(
                file,
                o,
                format!(
                    "orders \"{}\": use attack, probe, defend or counter_attack",
                    o.get_ref()
                ),
            );
            Orders::Defend
        }),
        Some(o) => {
            p.at(
                file,
                o,
                format!(
                    "a {} takes no orders (Command and Control 2)",
                    t.class.key()
                ),
            );
            Orders::None
        }
        None if t.class.takes_orders() => {
            p.at(
                file,
                &v.id,
                format!(
                    "unit \"{}\" needs orders: attack, probe, defend or counter_attack (Command and Control 1)",
                    v.id.get_ref()
                ),
            );
            Orders::Defend
        }
        None => Orders::None,
    };
    let quality = match &v.quality {
        Some(q) => Quality::parse(q.get_ref()).unwrap_or_else(|| {
            p.at(
                file,
                q,
                format!("quality \"{}\": use elite, regular or poor", q.get_ref()),
            );
            Quality::Regular
        }),
        None => Quality::Regular,
    };
    let bases = match &v.bases {
        Some(b) => {
            if !(1..=6).contains(b.get_ref()) {
                p.at(file, b, "a unit has 1 to 6 bases (Units)");
            }
            *b.get_ref()
        }
        None => t.bases,
    };
    let reference = |r: &Option<Spanned<String>>, what: &str, p: &mut Problems| {
        r.as_ref().and_then(|r| {
            let id = ids.get(r.get_ref()).copied();
            if id.is_none() {
                p.at(
                    file,
                    r,
                    format!("{what} \"{}\" is not the id of a unit", r.get_ref()),
                );
            }
            id
        })
    };
    let co = reference(&v.co, "co", p);
    let with = reference(&v.with, "with", p);
    let carried_by = reference(&v.carried_by, "carried_by", p);
    let position = match &v.position {
        Some(s) if t.class == Class::Artillery => {
            Position::parse(s.get_ref()).unwrap_or_else(|| {
                p.at(
                    file,
                    s,
                    format!(
                        "position \"{}\": use unmasked, semi_masked or masked",
                        s.get_ref()
                    ),
                );
                Position::Unmasked
            })
        }
        Some(s) => {
            p.at(
                file,
                s,
                "only artillery takes a position (Artillery Positions)",
            );
            Position::Unmasked
        }
        None => Position::Unmasked,
    };
    if position == Position::Masked && !t.howitzer {
        p.at(
            file,
            &v.id,
            "only howitzers may be masked (Artillery Positions 3)",
        );
    }
    let digging = match &v.dug_in {
        Some(d) => {
            if *d.get_ref() > 3 {
                p.at(file, d, "at most 3 digging markers (Digging In 1a)");
            }
            *d.get_ref()
        }
        None => 0,
    };
    let arrives = match &v.arrives {
        Some(a) => *a.get_ref(),
        None => 0,
    };
    Some(UnitSetup {
        key: v.id.get_ref().clone(),
        name: v.name.clone(),
        side,
        kind: kind as u8,
        at,
        facing,
        formation,
        orders,
        quality,
        bases,
        co,
        with,
        position,
        digging,
        trenches: v.trenches,
        arrives,
        carried_by,
    })
}
