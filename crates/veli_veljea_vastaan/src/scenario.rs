//! A scenario, loaded and checked: the map, the counters and tables, both
//! decks, the setup, reinforcements and victory conditions, ready for play.

use crate::data::{
    AtFile, CardFile, CardsFile, EffectFile, FrontKey, MapFile, RULESET_ID, ScenarioFile, SideKey,
    TableFile, TablesFile, UnitKind,
};
use engine::data::{DataErrors, Problems, SourceFile, Spanned};
use engine::{ScenarioInfo, Side};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;

pub type CityId = u8;
/// An index into [`Scenario::units`].
pub type UnitType = u8;
/// An index into [`Scenario::cards`].
pub type CardId = u8;

/// The White player is side A and plays first each month; Red is side B.
pub const WHITE: Side = Side::A;
pub const RED: Side = Side::B;

/// The most cities a map may have (city sets are 128-bit masks).
pub const MAX_CITIES: usize = 128;

/// The highest combat value a unit may have. The counters print 1 to 5; ours
/// leaves room for a modder's stronger unit, and keeps the sums of values
/// well inside a byte.
pub const MAX_COMBAT_VALUE: u8 = 20;

pub fn side_of(key: SideKey) -> Side {
    match key {
        SideKey::White => WHITE,
        SideKey::Red => RED,
    }
}

/// A set of cities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct CitySet(pub u128);

impl CitySet {
    /// Whether `c` is in the set; a number past the last city (from a damaged
    /// save, say) is in no set.
    pub fn has(self, c: CityId) -> bool {
        self.0.checked_shr(u32::from(c)).is_some_and(|b| b & 1 == 1)
    }
    pub fn insert(&mut self, c: CityId) {
        self.0 |= 1 << c;
    }
    pub fn remove(&mut self, c: CityId) {
        self.0 &= !(1 << c);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn iter(self) -> impl Iterator<Item = CityId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let c = bits.trailing_zeros() as CityId;
                bits &= bits - 1;
                Some(c)
            }
        })
    }
}

/// How two neighbouring cities are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Link {
    Road,
    Rail,
    /// Both a road and a railway: moving costs 1, an attack is not a road attack.
    Both,
}

impl Link {
    /// 4.2: a road costs two movement points, a railway one.
    pub fn cost(self) -> u8 {
        match self {
            Link::Road => 2,
            Link::Rail | Link::Both => 1,
        }
    }
    pub fn has_rail(self) -> bool {
        !matches!(self, Link::Road)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct City {
    pub id: String,
    pub name: String,
    pub at: [f32; 2],
    pub strategic: bool,
    pub anchor: bool,
    /// North of the starting front line.
    pub north: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RussiaBox {
    pub name: String,
    pub at: [f32; 2],
    pub size: [f32; 2],
    pub border: CitySet,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Map {
    pub name: String,
    pub size: [f32; 2],
    pub front_line: Vec<[f32; 2]>,
    pub russia: RussiaBox,
    pub cities: Vec<City>,
    /// Each city's neighbours and how they are joined, in a fixed order.
    pub neighbours: Vec<Vec<(CityId, Link)>>,
    pub strategic: CitySet,
    pub north: CitySet,
    pub anchors: CitySet,
}

impl Map {
    pub fn link(&self, a: CityId, b: CityId) -> Option<Link> {
        self.neighbours[a as usize]
            .iter()
            .find(|(c, _)| *c == b)
            .map(|(_, l)| *l)
    }
    pub fn city_by_id(&self, id: &str) -> Option<CityId> {
        self.cities
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as CityId)
    }
    pub fn name(&self, c: CityId) -> &str {
        &self.cities[c as usize].name
    }
}

/// One kind of counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitDef {
    pub key: String,
    pub name: String,
    pub side: Side,
    pub kind: UnitKind,
    /// Combat value and movement points, full strength.
    pub full: [u8; 2],
    pub reduced: [u8; 2],
    /// How many the box holds.
    pub counters: u16,
}

impl UnitDef {
    pub fn combat(&self, reduced: bool) -> u8 {
        if reduced {
            self.reduced[0]
        } else {
            self.full[0]
        }
    }
    pub fn mp(&self, reduced: bool) -> u8 {
        if reduced {
            self.reduced[1]
        } else {
            self.full[1]
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub hits: u8,
    /// `*`: at least one hit falls on a Jäger, German or train if one took part.
    pub star: bool,
}

/// The attack or the defence table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table {
    pub labels: Vec<String>,
    /// The lowest value of each column (the first column takes everything below).
    pub from: Vec<u8>,
    /// `rows[die - 1][column]`.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// The column a value falls in; values off the table use its first or last column.
    pub fn column_of(&self, value: i32) -> usize {
        let mut col = 0;
        for (i, &from) in self.from.iter().enumerate() {
            if value >= from as i32 {
                col = i;
            }
        }
        col
    }
    pub fn cell(&self, column: usize, die: u8) -> Cell {
        self.rows[(die.clamp(1, 6) - 1) as usize][column]
    }
}

/// Where an effect or a reinforcement may put something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum At {
    Cities(CitySet),
    Own,
    OwnSupplied,
    /// Own, in supply, on the side's own side of the starting front line.
    OwnSuppliedStartSide,
    Anchor,
    RussiaBorder,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    Place {
        unit: UnitType,
        count: u8,
        reduced: bool,
        at: At,
    },
    Activate {
        cities: u8,
        move_: bool,
        attack: bool,
        attack_roll: i8,
    },
    Repair {
        count: u8,
        unit: Option<UnitType>,
    },
    Fieldworks {
        count: u8,
        at: At,
    },
    Reduce {
        count: u8,
        unit: Option<UnitType>,
        at: At,
    },
    Control {
        at: At,
    },
    AttackRoll(i8),
    DefenceRoll(i8),
    AttackColumn(i8),
    DefenceColumn(i8),
    CancelAttack,
}

impl Effect {
    /// The effects that only a card kept in front carries (they act on one combat).
    pub fn is_combat(&self) -> bool {
        matches!(
            self,
            Effect::AttackRoll(_)
                | Effect::DefenceRoll(_)
                | Effect::AttackColumn(_)
                | Effect::DefenceColumn(_)
                | Effect::CancelAttack
        )
    }
}

/// When a card kept in front may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Keep {
    /// When the opponent declares an attack.
    EnemyAttack,
    /// When its owner declares an attack.
    OwnAttack,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Card {
    pub number: u8,
    pub side: Side,
    pub month: u8,
    pub ap: u8,
    pub name: String,
    pub english: String,
    pub star: bool,
    pub forced: Option<u8>,
    pub text: String,
    pub history: String,
    pub keep: Option<Keep>,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reinforcement {
    pub month: u8,
    pub side: Side,
    pub unit: UnitType,
    pub count: u8,
    pub per_strategic: u8,
    pub at: At,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Victory {
    pub red_takes: CityId,
    pub white_cities: u8,
    pub white_by_month: u8,
    pub final_month: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetupUnit {
    pub side: Side,
    pub unit: UnitType,
    pub city: CityId,
    pub reduced: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    pub info: ScenarioInfo,
    pub reconstruction: String,
    pub map: Map,
    pub units: Vec<UnitDef>,
    pub attack: Table,
    pub defence: Table,
    pub cards: Vec<Card>,
    /// Cards dealt (and played) by each side, month by month.
    pub hand: Vec<u8>,
    pub fieldworks: CitySet,
    /// Who holds each city at the start.
    pub control: Vec<Side>,
    pub setup: Vec<SetupUnit>,
    pub reinforcements: Vec<Reinforcement>,
    pub victory: Victory,
    /// How many fieldworks counters the box holds.
    pub fieldworks_counters: u8,
    pub digest: u64,
}

impl Scenario {
    pub fn months(&self) -> u8 {
        self.hand.len() as u8
    }
    pub fn unit_by_key(&self, key: &str) -> Option<UnitType> {
        self.units
            .iter()
            .position(|u| u.key == key)
            .map(|i| i as UnitType)
    }
}

// ---------------------------------------------------------------- loading

fn check_header(
    file: &SourceFile,
    ruleset: &Spanned<String>,
    kind: &Spanned<String>,
    expected: &str,
    p: &mut Problems,
) {
    engine::data::check_header(file, ruleset, kind, RULESET_ID, expected, p);
}

/// Loads and checks a map file on its own.
pub fn load_map(path: &Path) -> Result<Map, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: MapFile = file.parse_toml()?;
    let mut p = Problems::default();
    let map = compile_map(&file, raw, &mut p);
    p.into_result(map)
}

fn compile_map(file: &SourceFile, raw: MapFile, p: &mut Problems) -> Map {
    check_header(file, &raw.ruleset, &raw.kind, "map", p);
    let mut cities = Vec::new();
    let mut ids: BTreeMap<String, CityId> = BTreeMap::new();
    if raw.cities.is_empty() {
        p.push(file.error("the map has no cities"));
    }
    if raw.cities.len() > MAX_CITIES {
        p.push(file.error(format!(
            "{} cities; a map may have at most {MAX_CITIES}",
            raw.cities.len()
        )));
    }
    for c in raw.cities.iter().take(MAX_CITIES) {
        let cf = c.get_ref();
        let id = cf.id.get_ref();
        if id.is_empty()
            || !id
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
        {
            p.at(
                file,
                &cf.id,
                format!("city id \"{id}\" must be lower-case letters, digits and _"),
            );
        }
        if ids.contains_key(id) {
            p.at(file, &cf.id, format!("city \"{id}\" is defined twice"));
            continue;
        }
        ids.insert(id.clone(), cities.len() as CityId);
        cities.push(City {
            id: id.clone(),
            name: cf.name.clone(),
            at: cf.at,
            strategic: cf.strategic,
            anchor: cf.anchor,
            north: cf.front == FrontKey::North,
        });
    }
    let mut neighbours: Vec<Vec<(CityId, Link)>> = vec![Vec::new(); cities.len()];
    let mut add = |pair: &Spanned<[Spanned<String>; 2]>, rail: bool, p: &mut Problems| {
        let [a, b] = pair.get_ref();
        let (Some(&ca), Some(&cb)) = (ids.get(a.get_ref()), ids.get(b.get_ref())) else {
            for end in [a, b] {
                if !ids.contains_key(end.get_ref()) {
                    p.at(
                        file,
                        end,
                        format!("no city \"{}\" on this map", end.get_ref()),
                    );
                }
            }
            return;
        };
        if ca == cb {
            p.at(
                file,
                pair,
                format!("\"{}\" is linked to itself", a.get_ref()),
            );
            return;
        }
        for (x, y) in [(ca, cb), (cb, ca)] {
            let list = &mut neighbours[x as usize];
            match list.iter_mut().find(|(c, _)| *c == y) {
                Some((_, link)) => {
                    let dup = matches!(
                        (*link, rail),
                        (Link::Road, false) | (Link::Rail, true) | (Link::Both, _)
                    );
                    if dup {
                        if x == ca {
                            p.at(
                                file,
                                pair,
                                format!(
                                    "{} {}–{} is listed twice",
                                    if rail { "railway" } else { "road" },
                                    a.get_ref(),
                                    b.get_ref()
                                ),
                            );
                        }
                    } else {
                        *link = Link::Both;
                    }
                }
                None => list.push((y, if rail { Link::Rail } else { Link::Road })),
            }
        }
    };
    for pair in &raw.roads {
        add(pair, false, p);
    }
    for pair in &raw.railways {
        add(pair, true, p);
    }
    let mut border = CitySet::default();
    for b in &raw.russia.border {
        match ids.get(b.get_ref()) {
            Some(&c) => border.insert(c),
            None => p.at(file, b, format!("no city \"{}\" on this map", b.get_ref())),
        }
    }
    let mut strategic = CitySet::default();
    let mut north = CitySet::default();
    let mut anchors = CitySet::default();
    for (i, c) in cities.iter().enumerate() {
        if c.strategic {
            strategic.insert(i as CityId);
        }
        if c.north {
            north.insert(i as CityId);
        }
        if c.anchor {
            anchors.insert(i as CityId);
        }
    }
    if strategic.len() != 5 && !cities.is_empty() {
        p.push(file.error(format!(
            "{} strategic cities; the game has five (Helsinki, Viipuri, Tampere, Vaasa, Oulu)",
            strategic.len()
        )));
    }
    // Every city must be reachable from every other.
    if !cities.is_empty() {
        let mut seen = CitySet::default();
        let mut stack = vec![0 as CityId];
        seen.insert(0);
        while let Some(c) = stack.pop() {
            for &(n, _) in &neighbours[c as usize] {
                if !seen.has(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        for (i, c) in raw.cities.iter().take(cities.len()).enumerate() {
            if !seen.has(i as CityId) && ids.get(c.get_ref().id.get_ref()) == Some(&(i as CityId)) {
                p.at(
                    file,
                    &c.get_ref().id,
                    format!(
                        "\"{}\" cannot be reached from \"{}\" by road or railway",
                        cities[i].id, cities[0].id
                    ),
                );
            }
        }
    }
    Map {
        name: raw.name,
        size: raw.size,
        front_line: raw.front_line,
        russia: RussiaBox {
            name: raw.russia.name,
            at: raw.russia.at,
            size: raw.russia.size,
            border,
        },
        cities,
        neighbours,
        strategic,
        north,
        anchors,
    }
}

/// Loads and checks a tables file on its own.
pub fn load_tables(path: &Path) -> Result<(Vec<UnitDef>, Table, Table), DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: TablesFile = file.parse_toml()?;
    let mut p = Problems::default();
    let t = compile_tables(&file, raw, &mut p);
    p.into_result(t)
}

fn compile_tables(
    file: &SourceFile,
    raw: TablesFile,
    p: &mut Problems,
) -> (Vec<UnitDef>, Table, Table) {
    check_header(file, &raw.ruleset, &raw.kind, "tables", p);
    let mut units = Vec::new();
    for (key, u) in &raw.units {
        let uf = u.get_ref();
        for (values, what) in [(&uf.full, "full"), (&uf.reduced, "reduced")] {
            let [combat, mp] = *values.get_ref();
            if !(2..=5).contains(&mp) {
                p.at(
                    file,
                    values,
                    format!("{what} movement points {mp}: every unit has 2 to 5"),
                );
            }
            if !(1..=MAX_COMBAT_VALUE).contains(&combat) {
                p.at(
                    file,
                    values,
                    format!("{what} combat value {combat}: a unit has 1 to {MAX_COMBAT_VALUE}"),
                );
            }
        }
        // 2.3: "Vajaavahvuisten yksiköiden liikepisteet ja taisteluarvo ovat
        // pienemmät": a reduced unit's movement points and combat value are
        // both lower than at full strength.
        let ([full_combat, full_mp], [combat, mp]) = (*uf.full.get_ref(), *uf.reduced.get_ref());
        if combat >= full_combat {
            p.at(
                file,
                &uf.reduced,
                format!("reduced combat value {combat} is not below the full {full_combat} (2.3: a reduced unit is weaker)"),
            );
        }
        if mp >= full_mp {
            p.at(
                file,
                &uf.reduced,
                format!("reduced movement points {mp} are not below the full {full_mp} (2.3: a reduced unit has fewer)"),
            );
        }
        let side = side_of(uf.side);
        let expected = match uf.kind {
            UnitKind::Jager | UnitKind::German => Some(Side::A),
            UnitKind::Train => Some(Side::B),
            UnitKind::Infantry => None,
        };
        if expected.is_some_and(|s| s != side) {
            p.at(
                file,
                u,
                format!("a {:?} unit belongs to the other side", uf.kind),
            );
        }
        units.push(UnitDef {
            key: key.clone(),
            name: uf.name.clone(),
            side,
            kind: uf.kind,
            full: *uf.full.get_ref(),
            reduced: *uf.reduced.get_ref(),
            counters: uf.counters,
        });
    }
    if units.len() > 32 {
        p.push(file.error("more than 32 kinds of unit"));
    }
    let attack = compile_table(file, &raw.attack, "attack", p);
    let defence = compile_table(file, &raw.defence, "defence", p);
    (units, attack, defence)
}

fn compile_table(
    file: &SourceFile,
    raw: &Spanned<TableFile>,
    what: &str,
    p: &mut Problems,
) -> Table {
    let t = raw.get_ref();
    let mut from = Vec::new();
    let mut labels = Vec::new();
    for c in &t.columns {
        let label = c.get_ref().trim();
        let low = label
            .split(['-', '+', '–'])
            .next()
            .and_then(|s| s.trim().parse::<u8>().ok());
        match low {
            Some(v) => {
                if from.last().is_some_and(|&l| l >= v) {
                    p.at(
                        file,
                        c,
                        format!(
                            "{what} table column \"{label}\" does not rise above the one before"
                        ),
                    );
                }
                from.push(v);
            }
            None => {
                p.at(
                    file,
                    c,
                    format!(
                        "{what} table column \"{label}\": expected a range like \"3-4\" or \"16+\""
                    ),
                );
                from.push(0);
            }
        }
        labels.push(label.to_string());
    }
    if t.rows.len() != 6 {
        p.at(
            file,
            raw,
            format!(
                "the {what} table has {} rows; it needs one per die roll, 6",
                t.rows.len()
            ),
        );
    }
    let mut rows = Vec::new();
    for row in &t.rows {
        if row.get_ref().len() != labels.len() {
            p.at(
                file,
                row,
                format!(
                    "{} cells in this row, but {} columns",
                    row.get_ref().len(),
                    labels.len()
                ),
            );
        }
        let mut cells = Vec::new();
        for cell in row.get_ref().iter().take(labels.len()) {
            let s = cell.get_ref().trim();
            let (num, star) = match s.strip_suffix('*') {
                Some(n) => (n, true),
                None => (s, false),
            };
            match num.parse::<u8>() {
                Ok(hits) => cells.push(Cell { hits, star }),
                Err(_) => {
                    p.at(
                        file,
                        cell,
                        format!("\"{s}\" is not a number of hits (like \"3\" or \"4*\")"),
                    );
                    cells.push(Cell {
                        hits: 0,
                        star: false,
                    });
                }
            }
        }
        while cells.len() < labels.len() {
            cells.push(Cell {
                hits: 0,
                star: false,
            });
        }
        rows.push(cells);
    }
    while rows.len() < 6 {
        rows.push(vec![
            Cell {
                hits: 0,
                star: false
            };
            labels.len()
        ]);
    }
    if labels.is_empty() {
        p.at(file, raw, format!("the {what} table has no columns"));
        labels.push("-".into());
        from.push(0);
        for r in &mut rows {
            r.push(Cell {
                hits: 0,
                star: false,
            });
        }
    }
    Table { labels, from, rows }
}

/// Checks a card file on its own (its references to cities and units are
/// checked when a scenario loads it).
pub fn check_cards_file(path: &Path) -> Result<(), DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: CardsFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(&file, &raw.ruleset, &raw.kind, "cards", &mut p);
    p.into_result(())
}

struct Refs<'a> {
    map: &'a Map,
    units: &'a [UnitDef],
}

impl Refs<'_> {
    fn unit_at<T>(
        &self,
        file: &SourceFile,
        key: &str,
        place: &Spanned<T>,
        p: &mut Problems,
    ) -> UnitType {
        match self.units.iter().position(|u| u.key == key) {
            Some(i) => i as UnitType,
            None => {
                p.at(file, place, format!("no unit \"{key}\" in the tables"));
                0
            }
        }
    }
    fn at_plain<T>(
        &self,
        file: &SourceFile,
        at: &AtFile,
        place: &Spanned<T>,
        allowed: &[&str],
        p: &mut Problems,
    ) -> At {
        match at {
            AtFile::Cities(list) => {
                let mut set = CitySet::default();
                for c in list {
                    match self.map.city_by_id(c) {
                        Some(city) => set.insert(city),
                        None => p.at(file, place, format!("no city \"{c}\" on the map")),
                    }
                }
                if list.is_empty() {
                    p.at(file, place, "an empty list of cities");
                }
                At::Cities(set)
            }
            AtFile::Keyword(k) => {
                if !allowed.contains(&k.as_str()) {
                    p.at(
                        file,
                        place,
                        format!(
                            "at = \"{k}\" is not allowed here (a list of cities, or one of: {})",
                            allowed.join(", ")
                        ),
                    );
                }
                keyword_at(k)
            }
        }
    }
    fn unit(&self, file: &SourceFile, key: &Spanned<String>, p: &mut Problems) -> UnitType {
        match self.units.iter().position(|u| &u.key == key.get_ref()) {
            Some(i) => i as UnitType,
            None => {
                p.at(
                    file,
                    key,
                    format!(
                        "no unit \"{}\" in the tables (known: {})",
                        key.get_ref(),
                        self.units
                            .iter()
                            .map(|u| u.key.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
                0
            }
        }
    }
    fn city(&self, file: &SourceFile, id: &Spanned<String>, p: &mut Problems) -> CityId {
        match self.map.city_by_id(id.get_ref()) {
            Some(c) => c,
            None => {
                p.at(file, id, format!("no city \"{}\" on the map", id.get_ref()));
                0
            }
        }
    }
    fn at(
        &self,
        file: &SourceFile,
        at: &Spanned<AtFile>,
        allowed: &[&str],
        p: &mut Problems,
    ) -> At {
        match at.get_ref() {
            AtFile::Cities(list) => {
                let mut set = CitySet::default();
                for c in list {
                    match self.map.city_by_id(c) {
                        Some(city) => set.insert(city),
                        None => p.at(file, at, format!("no city \"{c}\" on the map")),
                    }
                }
                if list.is_empty() {
                    p.at(file, at, "an empty list of cities");
                }
                At::Cities(set)
            }
            AtFile::Keyword(k) => {
                let value = keyword_at(k);
                if !allowed.contains(&k.as_str()) {
                    p.at(
                        file,
                        at,
                        format!(
                            "at = \"{k}\" is not allowed here (a list of cities, or one of: {})",
                            allowed.join(", ")
                        ),
                    );
                }
                value
            }
        }
    }
}

fn keyword_at(k: &str) -> At {
    match k {
        "own" => At::Own,
        "own_supplied" => At::OwnSupplied,
        "own_supplied_start_side" => At::OwnSuppliedStartSide,
        "anchor" => At::Anchor,
        "russia_border" => At::RussiaBorder,
        _ => At::Any,
    }
}

const PLACES: &[&str] = &["own", "own_supplied", "anchor", "russia_border"];

fn compile_cards(
    file: &SourceFile,
    raw: CardsFile,
    refs: &Refs,
    months: u8,
    p: &mut Problems,
) -> Vec<Card> {
    check_header(file, &raw.ruleset, &raw.kind, "cards", p);
    let mut cards: Vec<Card> = Vec::new();
    if raw.cards.len() > 250 {
        p.push(file.error("more than 250 cards"));
    }
    for c in raw.cards.iter().take(250) {
        let cf: &CardFile = c.get_ref();
        let side = side_of(cf.side);
        let number = *cf.number.get_ref();
        if cards.iter().any(|k| k.number == number) {
            p.at(
                file,
                &cf.number,
                format!("card number {number} is used twice"),
            );
        }
        let month = *cf.month.get_ref();
        if month == 0 || month > months {
            p.at(
                file,
                &cf.month,
                format!("month {month}: the campaign has months 1 to {months}"),
            );
        }
        let ap = *cf.ap.get_ref();
        if ap > 9 {
            p.at(
                file,
                &cf.ap,
                format!("{ap} action points is more than a card can carry"),
            );
        }
        let forced = cf.forced.as_ref().map(|f| {
            if *f.get_ref() < month || *f.get_ref() > months {
                p.at(
                    file,
                    f,
                    format!(
                        "forced into the hand in month {} but the card enters in month {month}",
                        f.get_ref()
                    ),
                );
            }
            *f.get_ref()
        });
        let keep = cf.keep.as_ref().map(|k| match k.get_ref().as_str() {
            "enemy_attack" => Keep::EnemyAttack,
            "own_attack" => Keep::OwnAttack,
            other => {
                p.at(
                    file,
                    k,
                    format!("keep = \"{other}\": expected \"enemy_attack\" or \"own_attack\""),
                );
                Keep::EnemyAttack
            }
        });
        let mut effects = Vec::new();
        for e in &cf.effects {
            let effect = match e.get_ref() {
                EffectFile::Place {
                    unit,
                    count,
                    reduced,
                    at,
                } => {
                    let u = refs.unit_at(file, unit, e, p);
                    if refs.units.get(u as usize).is_some_and(|d| d.side != side) {
                        p.at(
                            file,
                            e,
                            format!(
                                "a {} card cannot place the other side's {unit}",
                                side_word(side)
                            ),
                        );
                    }
                    Effect::Place {
                        unit: u,
                        count: *count,
                        reduced: *reduced,
                        at: refs.at_plain(file, at, e, PLACES, p),
                    }
                }
                EffectFile::Activate {
                    cities,
                    r#move,
                    attack,
                    attack_roll,
                } => Effect::Activate {
                    cities: *cities,
                    move_: *r#move,
                    attack: *attack,
                    attack_roll: *attack_roll,
                },
                EffectFile::Repair { count, unit } => Effect::Repair {
                    count: *count,
                    unit: unit.as_ref().map(|u| refs.unit_at(file, u, e, p)),
                },
                EffectFile::Fieldworks { count, at } => Effect::Fieldworks {
                    count: *count,
                    at: refs.at_plain(file, at, e, &["own", "own_supplied"], p),
                },
                EffectFile::Reduce { count, unit, at } => Effect::Reduce {
                    count: *count,
                    unit: unit.as_ref().map(|u| refs.unit_at(file, u, e, p)),
                    at: refs.at_plain(file, at, e, &["any"], p),
                },
                EffectFile::Control { at } => Effect::Control {
                    at: refs.at_plain(file, at, e, &[], p),
                },
                EffectFile::AttackRoll { value } => Effect::AttackRoll(*value),
                EffectFile::DefenceRoll { value } => Effect::DefenceRoll(*value),
                EffectFile::AttackColumn { value } => Effect::AttackColumn(*value),
                EffectFile::DefenceColumn { value } => Effect::DefenceColumn(*value),
                EffectFile::CancelAttack {} => Effect::CancelAttack,
            };
            if matches!(effect, Effect::Activate { .. })
                && !std::ptr::eq(e, cf.effects.last().expect("not empty"))
            {
                p.at(
                    file,
                    e,
                    "activate must be the card's last effect (the turn goes on with it)",
                );
            }
            match (keep.is_some(), effect.is_combat()) {
                (true, false) => p.at(file, e, "a card kept in front carries only combat effects (attack_roll, defence_roll, attack_column, defence_column, cancel_attack)"),
                (false, true) => p.at(file, e, "a combat effect needs a card kept in front: add keep = \"enemy_attack\" or \"own_attack\""),
                _ => {}
            }
            effects.push(effect);
        }
        if effects.is_empty() {
            p.at(
                file,
                c,
                format!("card {number} \"{}\" has no effects", cf.name),
            );
        }
        cards.push(Card {
            number,
            side,
            month,
            ap,
            name: cf.name.clone(),
            english: cf.english.clone(),
            star: cf.star,
            forced,
            text: cf.text.clone(),
            history: cf.history.clone(),
            keep,
            effects,
        });
    }
    cards
}

fn side_word(side: Side) -> &'static str {
    if side == WHITE { "White" } else { "Red" }
}

/// Loads a scenario with every file it refers to, reporting all problems.
pub fn load_scenario(path: &Path) -> Result<Scenario, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: ScenarioFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(&file, &raw.ruleset, &raw.kind, "scenario", &mut p);

    let map_file = engine::data::read_referenced(path, &file, &raw.map, "map", &mut p);
    let tables_file = engine::data::read_referenced(path, &file, &raw.tables, "tables", &mut p);
    let cards_file = engine::data::read_referenced(path, &file, &raw.cards, "card", &mut p);
    let (Some(map_file), Some(tables_file), Some(cards_file)) = (map_file, tables_file, cards_file)
    else {
        return Err(DataErrors(p.0));
    };
    // Parse errors in referenced files are reported at their own place.
    let raw_map: MapFile = map_file.parse_toml().map_err(|e| DataErrors(vec![e]))?;
    let raw_tables: TablesFile = tables_file.parse_toml().map_err(|e| DataErrors(vec![e]))?;
    let raw_cards: CardsFile = cards_file.parse_toml().map_err(|e| DataErrors(vec![e]))?;

    let map = compile_map(&map_file, raw_map, &mut p);
    let (units, attack, defence) = compile_tables(&tables_file, raw_tables, &mut p);
    let months = raw.hand.get_ref().len() as u8;
    if !(1..=12).contains(&months) {
        p.at(
            &file,
            &raw.hand,
            "hand lists the cards dealt each month: one number a month, 1 to 12 months",
        );
    }
    let refs = Refs {
        map: &map,
        units: &units,
    };
    let cards = compile_cards(&cards_file, raw_cards, &refs, months, &mut p);

    let mut fieldworks = CitySet::default();
    for c in &raw.fieldworks {
        fieldworks.insert(refs.city(&file, c, &mut p));
    }
    // 2.1: north of the front line White, south Red, with the listed exceptions.
    let mut control: Vec<Side> = map
        .cities
        .iter()
        .map(|c| if c.north { WHITE } else { RED })
        .collect();
    for (list, side, north) in [
        (&raw.white_south, WHITE, false),
        (&raw.red_north, RED, true),
    ] {
        for c in list {
            let city = refs.city(&file, c, &mut p);
            if let Some(def) = map.cities.get(city as usize) {
                if def.north != north {
                    p.at(
                        &file,
                        c,
                        format!(
                            "{} is not {} of the front line",
                            def.name,
                            if north { "north" } else { "south" }
                        ),
                    );
                }
                control[city as usize] = side;
            }
        }
    }
    let mut setup = Vec::new();
    let mut per_city: BTreeMap<CityId, (u8, u8)> = BTreeMap::new();
    for u in &raw.units {
        let uf = u.get_ref();
        let side = side_of(uf.side);
        let unit = refs.unit(&file, &uf.unit, &mut p);
        let city = refs.city(&file, &uf.at, &mut p);
        if units.get(unit as usize).is_some_and(|d| d.side != side) {
            p.at(
                &file,
                &uf.unit,
                format!("{} is not a {} unit", uf.unit.get_ref(), side_word(side)),
            );
        }
        if control.get(city as usize).is_some_and(|&c| c != side) {
            p.at(
                &file,
                &uf.at,
                format!(
                    "{} units start in {}, which the other side holds",
                    side_word(side),
                    uf.at.get_ref()
                ),
            );
        }
        let entry = per_city.entry(city).or_default();
        entry.0 = entry.0.saturating_add(uf.count);
        if units
            .get(unit as usize)
            .is_some_and(|d| d.kind == UnitKind::Train)
        {
            entry.1 = entry.1.saturating_add(uf.count);
        }
        if entry.0 > 3 || entry.1 > 2 {
            p.at(
                &file,
                u,
                format!(
                    "more than three units (or two trains) start in {}",
                    uf.at.get_ref()
                ),
            );
        }
        for _ in 0..uf.count {
            setup.push(SetupUnit {
                side,
                unit,
                city,
                reduced: uf.reduced,
            });
        }
    }
    let mut reinforcements = Vec::new();
    for r in &raw.reinforcements {
        let rf = r.get_ref();
        let month = *rf.month.get_ref();
        if month == 0 || month > months {
            p.at(
                &file,
                &rf.month,
                format!("month {month}: the campaign has months 1 to {months}"),
            );
        }
        let side = side_of(rf.side);
        let unit = refs.unit(&file, &rf.unit, &mut p);
        if units.get(unit as usize).is_some_and(|d| d.side != side) {
            p.at(
                &file,
                &rf.unit,
                format!("{} is not a {} unit", rf.unit.get_ref(), side_word(side)),
            );
        }
        if (rf.count == 0) == (rf.per_strategic == 0) {
            p.at(&file, r, "give either count or per_strategic");
        }
        reinforcements.push(Reinforcement {
            month,
            side,
            unit,
            count: rf.count,
            per_strategic: rf.per_strategic,
            at: refs.at(
                &file,
                &rf.at,
                &["own_supplied", "own_supplied_start_side", "own"],
                &mut p,
            ),
        });
    }
    let victory = Victory {
        red_takes: refs.city(&file, &raw.victory.red_takes, &mut p),
        white_cities: raw.victory.white_cities,
        white_by_month: raw.victory.white_by_month,
        final_month: raw.victory.final_month,
    };
    if victory.final_month != months {
        p.push(file.error(format!(
            "victory.final_month is {} but hand lists {months} months",
            victory.final_month
        )));
    }
    // Counters: the box limits what can be on the map.
    for (i, def) in units.iter().enumerate() {
        let n = setup.iter().filter(|s| s.unit as usize == i).count();
        if n > def.counters as usize {
            p.push(file.error(format!(
                "{n} {} start on the map but the box holds {}",
                def.name, def.counters
            )));
        }
    }
    let mut digest_text = file.text.clone();
    for f in [&map_file, &tables_file, &cards_file] {
        digest_text.push_str(&f.text);
    }
    let id = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let scenario = Scenario {
        info: ScenarioInfo {
            ruleset: RULESET_ID.to_string(),
            id,
            title: raw.title,
            date: raw.date,
            sides: ["White".to_string(), "Red".to_string()],
            description: raw.description.trim().to_string(),
        },
        reconstruction: raw.reconstruction,
        map,
        units,
        attack,
        defence,
        cards,
        hand: raw.hand.into_inner(),
        fieldworks,
        control,
        setup,
        reinforcements,
        victory,
        fieldworks_counters: 3,
        digest: engine::save::digest_bytes(digest_text.as_bytes()),
    };
    p.into_result(scenario)
}
