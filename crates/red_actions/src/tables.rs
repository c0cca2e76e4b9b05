//! The rulebook's tables, loaded and checked: the Shooting Table (as we
//! reconstruct it, brief §3), the Combat Table (copied whole), the modifiers,
//! Terrain Effects, Moving and Shooting, Visibility, weather, direct hits and
//! the fixed distances. Every length is fixed point ([`Inches`]), every angle
//! [`Degrees`].

use crate::data::{Num, RULESET_ID, TablesFile};
use engine::data::{DataErrors, Problems, SourceFile, Spanned};
use engine::param::{Degrees, Inches};
use serde::Serialize;
use std::fmt;
use std::path::Path;

// ---------------------------------------------------------------- fixed point

/// Inches written as a decimal, to hundredths exactly; an error names the
/// place when the number has more than two decimals, is negative or is
/// beyond any table (10,000 inches).
pub fn inches(file: &SourceFile, v: &Spanned<Num>, p: &mut Problems) -> Inches {
    match to_fixed(v.get_ref().0, 100) {
        Some(h) if (0..=1_000_000).contains(&h) => Inches(h as i32),
        Some(_) => {
            p.at(
                file,
                v,
                format!("{} inches: a length is 0 to 10000 inches", v.get_ref().0),
            );
            Inches::ZERO
        }
        None => {
            p.at(
                file,
                v,
                format!(
                    "{} inches: write lengths with at most 2 decimals (hundredths of an inch)",
                    v.get_ref().0
                ),
            );
            Inches::ZERO
        }
    }
}

/// Degrees written as a decimal, to tenths exactly, from -360 to 360.
pub fn degrees(file: &SourceFile, v: &Spanned<Num>, p: &mut Problems) -> Degrees {
    match to_fixed(v.get_ref().0, 10) {
        Some(t) if (-3600..=3600).contains(&t) => Degrees(t as i32),
        Some(_) => {
            p.at(
                file,
                v,
                format!("{} degrees: an angle is -360 to 360 degrees", v.get_ref().0),
            );
            Degrees(0)
        }
        None => {
            p.at(
                file,
                v,
                format!(
                    "{} degrees: write angles with at most 1 decimal (tenths of a degree)",
                    v.get_ref().0
                ),
            );
            Degrees(0)
        }
    }
}

/// `x * scale` when it is a whole number (within rounding of the decimal
/// text), else `None`.
fn to_fixed(x: f64, scale: i64) -> Option<i64> {
    if !x.is_finite() || x.abs() > 1e9 {
        return None;
    }
    let scaled = x * scale as f64;
    let whole = scaled.round();
    ((scaled - whole).abs() < 1e-6).then_some(whole as i64)
}

// ---------------------------------------------------------------- fractions

/// A multiplier written "1/2", "3/4".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Frac {
    pub num: u8,
    pub den: u8,
}

impl Frac {
    pub const ONE: Frac = Frac { num: 1, den: 1 };
    pub fn parse(s: &str) -> Option<Frac> {
        let (a, b) = s.trim().split_once('/')?;
        let num: u8 = a.trim().parse().ok()?;
        let den: u8 = b.trim().parse().ok()?;
        (den > 0 && num > 0 && num <= den).then_some(Frac { num, den })
    }
    /// `x` times this fraction, rounded down.
    pub fn of(self, x: u32) -> u32 {
        x * self.num as u32 / self.den as u32
    }
}

impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

fn frac(file: &SourceFile, v: &Spanned<String>, p: &mut Problems) -> Frac {
    Frac::parse(v.get_ref()).unwrap_or_else(|| {
        p.at(
            file,
            v,
            format!(
                "\"{}\" is not a fraction such as \"1/2\" or \"3/4\" (at most 1)",
                v.get_ref()
            ),
        );
        Frac::ONE
    })
}

// ---------------------------------------------------------------- shooting

/// One cell of the Shooting Table: the Shooting Results it combines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Effect {
    /// Ret: the target retires.
    pub retire: bool,
    /// Ter (1) or 2 x Ter (2) terror markers.
    pub terror: u8,
    /// 2 x Ter and Kill! also place a pinned marker.
    pub pinned: bool,
    /// Kill!: a base is removed, a fear test.
    pub kill: bool,
    /// S!: a serious test.
    pub serious: bool,
    /// Off: a d6 per officer, killed on 1.
    pub officer: bool,
}

impl Effect {
    pub const NONE: Effect = Effect {
        retire: false,
        terror: 0,
        pinned: false,
        kill: false,
        serious: false,
        officer: false,
    };

    /// Reads a cell as the rulebook prints it: "-" (or "--") for no effect,
    /// else the words Ret, Ter, 2xTer (or "2 x Ter"), Kill!, S!, Off,
    /// separated by spaces or "+".
    pub fn parse(s: &str) -> Result<Effect, String> {
        let t = s.trim();
        if t == "-" || t == "--" || t == "–" {
            return Ok(Effect::NONE);
        }
        let norm = t.replace("2 x Ter", "2xTer").replace('+', " ");
        let mut e = Effect::NONE;
        let mut any = false;
        for w in norm.split_whitespace() {
            let dup = match w {
                "Ret" => std::mem::replace(&mut e.retire, true),
                "Ter" | "2xTer" => {
                    let was = e.terror > 0;
                    e.terror = if w == "Ter" { 1 } else { 2 };
                    e.pinned |= w == "2xTer";
                    was
                }
                "Kill!" => {
                    e.pinned = true;
                    std::mem::replace(&mut e.kill, true)
                }
                "S!" => std::mem::replace(&mut e.serious, true),
                "Off" => std::mem::replace(&mut e.officer, true),
                other => {
                    return Err(format!(
                        "\"{other}\" is not a shooting result: use Ret, Ter, 2xTer, Kill!, S!, Off, or \"-\" for none"
                    ));
                }
            };
            if dup {
                return Err(format!("\"{t}\" names a result twice"));
            }
            any = true;
        }
        if !any {
            return Err("an empty cell: write \"-\" for no effect".into());
        }
        Ok(e)
    }

    /// How bad the effect is, for the monotonicity of the table: a Kill!
    /// beats any terror, two terror markers beat one, then S!, Off, Ret (the
    /// order of brief §3: – < Ret < Ter < Ter+Ret < Ter S! < Ter S! Off <
    /// 2xTer < 2xTer S! < 2xTer S! Off < Kill! S! Off).
    pub fn severity(&self) -> (bool, u8, bool, bool, bool) {
        (
            self.kill,
            self.terror,
            self.serious,
            self.officer,
            self.retire,
        )
    }

    pub fn is_none(&self) -> bool {
        *self == Effect::NONE
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("-");
        }
        let mut parts: Vec<&str> = Vec::new();
        if self.kill {
            parts.push("Kill!");
        }
        match self.terror {
            1 => parts.push("Ter"),
            2 => parts.push("2xTer"),
            _ => {}
        }
        if self.serious {
            parts.push("S!");
        }
        if self.officer {
            parts.push("Off");
        }
        let mut s = parts.join(" ");
        if self.retire {
            s = if s.is_empty() {
                "Ret".into()
            } else {
                format!("{s}+Ret")
            };
        }
        f.write_str(&s)
    }
}

// ---------------------------------------------------------------- combat

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Who {
    Stronger,
    Weaker,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// Retires with this many terror markers.
    Retires(u8),
    /// Loses two bases; the survivors rout.
    Defeated,
    /// The stronger side takes a humiliated marker and a fear test; the
    /// weaker retires with 2 terror markers.
    Humiliated,
    /// Surrenders entirely.
    Surrenders,
}

/// One cell of the Combat Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CombatResult {
    pub who: Who,
    pub outcome: Outcome,
}

impl CombatResult {
    /// Reads "S/Def", "W/Ret 2T", "S/Hum", "W/Sur" (the long forms
    /// "S/Retires 2 x Ter", "W/Defeated", "S/Humiliated", "W/Surrenders" too).
    pub fn parse(s: &str) -> Result<CombatResult, String> {
        let bad = || {
            format!(
                "\"{s}\" is not a combat result: S/ or W/ and then Def, Hum, Sur or Ret with its terror (\"W/Ret 2T\")"
            )
        };
        let (w, rest) = s.trim().split_once('/').ok_or_else(bad)?;
        let who = match w.trim() {
            "S" => Who::Stronger,
            "W" => Who::Weaker,
            _ => return Err(bad()),
        };
        let rest = rest.trim();
        let outcome = match rest {
            "Def" | "Defeated" => Outcome::Defeated,
            "Hum" | "Humiliated" => Outcome::Humiliated,
            "Sur" | "Surrenders" => Outcome::Surrenders,
            _ => {
                let n = rest
                    .strip_prefix("Retires")
                    .or_else(|| rest.strip_prefix("Ret"))
                    .ok_or_else(bad)?
                    .replace("x Ter", "T")
                    .replace(' ', "");
                let n = n.strip_suffix('T').ok_or_else(bad)?;
                let t: u8 = n.parse().map_err(|_| bad())?;
                if !(1..=3).contains(&t) {
                    return Err(format!("\"{s}\": a retire carries 1 to 3 terror markers"));
                }
                Outcome::Retires(t)
            }
        };
        if who == Who::Stronger && outcome == Outcome::Surrenders
            || who == Who::Weaker && outcome == Outcome::Humiliated
        {
            return Err(format!(
                "\"{s}\": only the weaker side surrenders and only the stronger is humiliated"
            ));
        }
        Ok(CombatResult { who, outcome })
    }
}

impl fmt::Display for CombatResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = match self.who {
            Who::Stronger => "S",
            Who::Weaker => "W",
        };
        match self.outcome {
            Outcome::Retires(t) => write!(f, "{w}/Ret {t}T"),
            Outcome::Defeated => write!(f, "{w}/Def"),
            Outcome::Humiliated => write!(f, "{w}/Hum"),
            Outcome::Surrenders => write!(f, "{w}/Sur"),
        }
    }
}

/// The Combat Table's columns: the ratio of the stronger to the weaker side
/// that each needs at least (Adv is 1:1), as (stronger, weaker).
pub const COMBAT_COLUMNS: [(&str, u32, u32); 6] = [
    ("Adv", 1, 1),
    ("3:2", 3, 2),
    ("2:1", 2, 1),
    ("5:2", 5, 2),
    ("3:1", 3, 1),
    ("4:1", 4, 1),
];

// ---------------------------------------------------------------- terrain effects

/// A cell of Terrain Effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Passage {
    Full,
    Half,
    Quarter,
    /// Nyet!: impassable.
    Nyet,
    /// Wire for infantry: halt at it and test to cross.
    HaltAndTest,
    /// Takes the entire move to cross.
    EntireMove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct TerrainCell {
    pub passage: Passage,
    /// `*`: a breakdown test.
    pub breakdown: bool,
}

impl TerrainCell {
    pub fn parse(s: &str) -> Option<TerrainCell> {
        let t = s.trim();
        let (t, breakdown) = match t.strip_suffix('*') {
            Some(x) => (x.trim(), true),
            None => (t, false),
        };
        let passage = match t {
            "full" | "da" => Passage::Full,
            "1/2" => Passage::Half,
            "1/4" => Passage::Quarter,
            "nyet" => Passage::Nyet,
            "halt_and_test" => Passage::HaltAndTest,
            "entire_move" => Passage::EntireMove,
            _ => return None,
        };
        Some(TerrainCell { passage, breakdown })
    }
}

/// The rows of Terrain Effects: (key, linear obstacle?).
pub const TERRAIN_ROWS: [(&str, bool); 15] = [
    ("hedge", true),
    ("wall", true),
    ("small_stream", true),
    ("big_stream", true),
    ("ford", true),
    ("trench", true),
    ("wire", true),
    ("crushed_wire", true),
    ("hill", false),
    ("steep", false),
    ("buildings", false),
    ("boggy", false),
    ("rough", false),
    ("wood", false),
    ("dense_wood", false),
];

/// The columns of Terrain Effects.
pub const MOVER_COLUMNS: [&str; 5] = ["infantry", "sabres", "wheeled", "armoured_car", "tank"];

/// Who is moving, for Terrain Effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Mover {
    Infantry,
    Sabres,
    /// Tachankas and limbered guns.
    Wheeled,
    ArmouredCar,
    Tank,
}

// ---------------------------------------------------------------- moving and shooting

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum After {
    Full,
    Half,
    None,
    /// Prolong this far forwards or backwards.
    Prolong(Inches),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveFire {
    /// May turn 90 or 180 degrees before firing.
    pub turn: bool,
    pub deploy_from_column: bool,
    /// May pivot up to this before firing.
    pub pivot: Degrees,
    pub after: After,
}

/// The rows of Moving and Shooting.
pub const MOVE_FIRE_ROWS: [&str; 6] = [
    "rifles",
    "sabres",
    "mg_tachanka_mortar",
    "guns",
    "armoured_cars",
    "tanks",
];

// ---------------------------------------------------------------- the tables

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ShootingModifiers {
    pub long_range: Frac,
    pub mg_close_columns: i8,
    pub mg_close_range: Inches,
    pub enfilade_columns: i8,
    pub formed_cavalry_or_road_column: i8,
    pub skirmisher_or_partisan_in_cover: i8,
    pub speculative: Frac,
    pub observed_first_turn: Frac,
    pub observed_later_turns: Frac,
    pub harassing_range_factor: u8,
    pub arc: Degrees,
    pub enfilade_angle: Degrees,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CoverShifts {
    pub super_hard: i8,
    pub stone: i8,
    pub wood: i8,
    pub evading_in_soft: i8,
    pub evading_in_open: i8,
    pub soft: i8,
}

/// A row of direct-hit numbers (2d6 at least this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DirectHitNumbers {
    pub building: u8,
    pub moving_vehicle: u8,
    pub stationary_vehicle: u8,
    pub other: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DirectHits {
    /// By key: "field_gun" and "other" in the rulebook.
    pub numbers: Vec<(String, DirectHitNumbers)>,
    pub range_step: Inches,
    pub early_artillery: u8,
    pub observed_first_turn: u8,
    pub observed_later_turns: u8,
    pub destroys_wood_section: u8,
    pub destroys_stone_section: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CombatModifiers {
    pub fortifications: i16,
    pub defending_cover: i16,
    pub uphill: i16,
    pub flank_or_rear: i16,
    pub formed_cavalry_charging: i16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoraleModifiers {
    pub always_fails: u8,
    pub enemy_behind_flank: i8,
    pub enemy_behind_flank_within: Inches,
    pub earthworks_trench_stone: i8,
    pub ambushed_while_marching: i8,
    pub night_or_fog: i8,
    pub senior_sees_within: Inches,
    pub senior_near: Inches,
    pub routers_pass_within: Inches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Visibility {
    pub large_bodies: Inches,
    pub infantry_from_cavalry: Inches,
    pub single_movers: Inches,
    pub signal_side: Inches,
    pub friend_from_foe: Inches,
    pub movers_in_cover: Inches,
    pub stationary_in_cover: Inches,
    pub inside_woods_or_town: Inches,
    pub edge: Inches,
    pub behind_hedge_stationary: Inches,
    pub dead_ground: Inches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Weather {
    pub dark_night_sight: Inches,
    pub moonlight_or_fog_sight: Inches,
    pub night_humiliated: u8,
    pub night_column_above: Frac,
    pub fire_on_friends_on: u8,
    pub veer: Degrees,
    pub rain_sight: Inches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Distances {
    pub base_frontage: Inches,
    pub entry_depth: Inches,
    pub enemy_zone: Inches,
    pub retire_infantry: Inches,
    pub retire_cavalry: Inches,
    pub officer_mounted: Inches,
    pub officer_foot: Inches,
    pub march_keep_off: Inches,
    pub road_bonus: Inches,
    pub incline: Degrees,
    pub charge_wheel: Degrees,
    pub ambush_bonus: Inches,
    pub scout: Inches,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Train {
    pub max_speed: Inches,
    pub restart: Inches,
    pub stops_below: Inches,
    pub engine_hit_loss: Inches,
    pub engine_hits: u8,
    pub turret_car_hits: u8,
}

/// Ammunition carried, in moves of fire (Ammunition Supply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Ammunition {
    pub gun_limber: u8,
    pub gun_cart: u8,
    pub mortar: u8,
    pub mortar_cart: u8,
}

impl Default for Ammunition {
    fn default() -> Self {
        Ammunition {
            gun_limber: 2,
            gun_cart: 6,
            mortar: 3,
            mortar_cart: 9,
        }
    }
}

/// Every table of the rulebook, loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tables {
    /// The lowest shooting total of each of the 10 columns.
    pub shooting_columns: [u16; 10],
    /// Rows 2d6 = 2..=12.
    pub shooting: [[Effect; 10]; 11],
    pub shooting_modifiers: ShootingModifiers,
    pub cover: CoverShifts,
    pub direct_hit: DirectHits,
    /// Rows 2d6 = 2..=12, columns [`COMBAT_COLUMNS`].
    pub combat: [[CombatResult; 6]; 11],
    pub combat_modifiers: CombatModifiers,
    pub morale: MoraleModifiers,
    /// By [`TERRAIN_ROWS`], then [`MOVER_COLUMNS`].
    pub terrain: [[TerrainCell; 5]; 15],
    /// By [`MOVE_FIRE_ROWS`].
    pub move_fire: [MoveFire; 6],
    pub visibility: Visibility,
    pub weather: Weather,
    pub distances: Distances,
    pub train: Train,
    /// Ammunition Supply (the text's moves of fire).
    pub ammunition: Ammunition,
}

impl Tables {
    /// The column of a shooting total (after its modifiers, before any
    /// column shifts): below the first column there is no effect (`None`).
    pub fn shooting_column(&self, total: u32) -> Option<usize> {
        self.shooting_columns
            .iter()
            .rposition(|&from| total >= from as u32)
    }

    /// The Shooting Table's cell for a 2d6 roll and a shooting total. A total
    /// below the first column has no effect; beyond the last it is the last
    /// (37+).
    pub fn shooting(&self, row_2d6: u8, total: u32) -> Effect {
        match self.shooting_column(total) {
            Some(c) => self.shooting_cell(row_2d6, c as i32),
            None => Effect::NONE,
        }
    }

    /// The cell at a column index after column shifts: left of the first
    /// column is no effect, right of the last is the last (DD, rulings).
    pub fn shooting_cell(&self, row_2d6: u8, column: i32) -> Effect {
        let r = row_2d6.clamp(2, 12) as usize - 2;
        if column < 0 {
            Effect::NONE
        } else {
            self.shooting[r][(column as usize).min(9)]
        }
    }

    /// The Combat Table's column for two strengths: the ratio of the stronger
    /// to the weaker rounded down to a column, 4:1 at most; equal strengths
    /// are Adv (the charger is the stronger).
    pub fn ratio_column(stronger: u32, weaker: u32) -> usize {
        let (s, w) = (stronger.max(weaker) as u64, stronger.min(weaker) as u64);
        if s == 0 {
            return 0;
        }
        COMBAT_COLUMNS
            .iter()
            .rposition(|&(_, a, b)| s * b as u64 >= w * a as u64)
            .unwrap_or(0)
    }

    /// The Combat Table's cell for a column (0 = Adv .. 5 = 4:1) and a 2d6
    /// roll (2 to 12).
    pub fn combat(&self, ratio_column: usize, roll: u8) -> CombatResult {
        self.combat[roll.clamp(2, 12) as usize - 2][ratio_column.min(5)]
    }

    /// Terrain Effects for a row key and a mover.
    pub fn terrain_effect(&self, row: &str, mover: Mover) -> Option<TerrainCell> {
        let r = TERRAIN_ROWS.iter().position(|(k, _)| *k == row)?;
        Some(self.terrain[r][mover as usize])
    }

    /// The direct-hit numbers of a row key ("field_gun", "other").
    pub fn direct_hit_numbers(&self, key: &str) -> Option<DirectHitNumbers> {
        self.direct_hit
            .numbers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, n)| *n)
    }
}

// ---------------------------------------------------------------- loading

/// Loads and checks a tables file on its own.
pub fn load_tables(path: &Path) -> Result<Tables, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: TablesFile = file.parse_toml()?;
    let mut p = Problems::default();
    let t = compile_tables(&file, raw, &mut p);
    p.into_result(t)
}

fn grid<'a>(
    file: &SourceFile,
    rows: &'a Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
    columns: usize,
    what: &str,
    p: &mut Problems,
) -> Option<&'a Vec<Spanned<Vec<Spanned<String>>>>> {
    let r = rows.get_ref();
    if r.len() != 11 {
        p.at(
            file,
            rows,
            format!(
                "the {what} has 11 rows (2d6 = 2 to 12); this one has {}",
                r.len()
            ),
        );
        return None;
    }
    let mut ok = true;
    for (i, row) in r.iter().enumerate() {
        if row.get_ref().len() != columns {
            p.at(
                file,
                row,
                format!(
                    "the {what}'s row for 2d6 = {} has {} cells; it needs {columns}",
                    i + 2,
                    row.get_ref().len()
                ),
            );
            ok = false;
        }
    }
    ok.then_some(r)
}

pub(crate) fn compile_tables(file: &SourceFile, raw: TablesFile, p: &mut Problems) -> Tables {
    engine::data::check_header(file, &raw.ruleset, &raw.kind, RULESET_ID, "tables", p);
    let inch = |v: &Spanned<Num>, p: &mut Problems| inches(file, v, p);
    let deg = |v: &Spanned<Num>, p: &mut Problems| degrees(file, v, p);

    // Shooting Table.
    let mut shooting_columns = [0u16; 10];
    let cols = raw.shooting.columns.get_ref();
    if cols.len() != 10 {
        p.at(
            file,
            &raw.shooting.columns,
            format!(
                "the Shooting Table has 10 columns (2, 3-4, 5-8 ... 37+); columns lists {}",
                cols.len()
            ),
        );
    } else {
        for (i, c) in cols.iter().enumerate() {
            shooting_columns[i] = *c.get_ref();
            if *c.get_ref() == 0 || (i > 0 && *c.get_ref() <= *cols[i - 1].get_ref()) {
                p.at(
                    file,
                    c,
                    "the columns are the lowest total of each, rising from 1 or more",
                );
            }
        }
    }
    let mut shooting = [[Effect::NONE; 10]; 11];
    if let Some(rows) = grid(file, &raw.shooting.rows, 10, "Shooting Table", p) {
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.get_ref().iter().enumerate() {
                match Effect::parse(cell.get_ref()) {
                    Ok(e) => shooting[r][c] = e,
                    Err(m) => p.at(file, cell, m),
                }
            }
        }
        // Never weaker as the roll or the total rises (brief §3).
        for r in 0..11 {
            for c in 0..10 {
                let e = shooting[r][c];
                let cell = &rows[r].get_ref()[c];
                if c > 0 && e.severity() < shooting[r][c - 1].severity() {
                    p.at(
                        file,
                        cell,
                        format!(
                            "Shooting Table, 2d6 = {}, column {}: \"{e}\" is weaker than the column before it (\"{}\"); the table must not weaken as the total rises",
                            r + 2,
                            c + 1,
                            shooting[r][c - 1]
                        ),
                    );
                }
                if r > 0 && e.severity() < shooting[r - 1][c].severity() {
                    p.at(
                        file,
                        cell,
                        format!(
                            "Shooting Table, 2d6 = {}, column {}: \"{e}\" is weaker than the row above it (\"{}\"); the table must not weaken as the roll rises",
                            r + 2,
                            c + 1,
                            shooting[r - 1][c]
                        ),
                    );
                }
            }
        }
    }

    let sm = &raw.shooting_modifiers;
    let shooting_modifiers = ShootingModifiers {
        long_range: frac(file, &sm.long_range, p),
        mg_close_columns: *sm.mg_close_columns.get_ref(),
        mg_close_range: inch(&sm.mg_close_range, p),
        enfilade_columns: *sm.enfilade_columns.get_ref(),
        formed_cavalry_or_road_column: *sm.formed_cavalry_or_road_column.get_ref(),
        skirmisher_or_partisan_in_cover: *sm.skirmisher_or_partisan_in_cover.get_ref(),
        speculative: frac(file, &sm.speculative, p),
        observed_first_turn: frac(file, &sm.observed_first_turn, p),
        observed_later_turns: frac(file, &sm.observed_later_turns, p),
        harassing_range_factor: *sm.harassing_range_factor.get_ref(),
        arc: deg(&sm.arc, p),
        enfilade_angle: deg(&sm.enfilade_angle, p),
    };
    let c = &raw.cover;
    let cover = CoverShifts {
        super_hard: *c.super_hard.get_ref(),
        stone: *c.stone.get_ref(),
        wood: *c.wood.get_ref(),
        evading_in_soft: *c.evading_in_soft.get_ref(),
        evading_in_open: *c.evading_in_open.get_ref(),
        soft: *c.soft.get_ref(),
    };
    for v in [
        &c.super_hard,
        &c.stone,
        &c.wood,
        &c.evading_in_soft,
        &c.evading_in_open,
        &c.soft,
    ] {
        if !(-9..=0).contains(v.get_ref()) {
            p.at(file, v, "cover shifts the column left: 0 to -9 columns");
        }
    }

    let dh = &raw.direct_hit;
    let mut numbers = Vec::new();
    for (key, row) in &dh.numbers {
        let n = *row.get_ref();
        for v in [n.building, n.moving_vehicle, n.stationary_vehicle, n.other] {
            if !(2..=12).contains(&v) {
                p.at(
                    file,
                    row,
                    format!("direct-hit numbers \"{key}\": each is a 2d6 score, 2 to 12"),
                );
                break;
            }
        }
        numbers.push((
            key.clone(),
            DirectHitNumbers {
                building: n.building,
                moving_vehicle: n.moving_vehicle,
                stationary_vehicle: n.stationary_vehicle,
                other: n.other,
            },
        ));
    }
    let two_d6 = |v: &Spanned<u8>, what: &str, p: &mut Problems| {
        if !(2..=12).contains(v.get_ref()) {
            p.at(file, v, format!("{what}: a 2d6 score, 2 to 12"));
        }
        *v.get_ref()
    };
    let direct_hit = DirectHits {
        numbers,
        range_step: inch(&dh.range_step, p),
        early_artillery: *dh.early_artillery.get_ref(),
        observed_first_turn: *dh.observed_first_turn.get_ref(),
        observed_later_turns: *dh.observed_later_turns.get_ref(),
        destroys_wood_section: two_d6(&dh.destroys_wood_section, "destroys_wood_section", p),
        destroys_stone_section: two_d6(&dh.destroys_stone_section, "destroys_stone_section", p),
    };
    if direct_hit.range_step == Inches::ZERO {
        p.at(
            file,
            &dh.range_step,
            "range_step: +1 per this many inches, more than 0",
        );
    }

    // Combat Table.
    let ccols = raw.combat.columns.get_ref();
    let names: Vec<&str> = COMBAT_COLUMNS.iter().map(|c| c.0).collect();
    if ccols
        .iter()
        .map(|c| c.get_ref().as_str())
        .ne(names.iter().copied())
    {
        p.at(
            file,
            &raw.combat.columns,
            format!("the Combat Table's columns are {}", names.join(", ")),
        );
    }
    let filler = CombatResult {
        who: Who::Weaker,
        outcome: Outcome::Defeated,
    };
    let mut combat = [[filler; 6]; 11];
    if let Some(rows) = grid(file, &raw.combat.rows, 6, "Combat Table", p) {
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.get_ref().iter().enumerate() {
                match CombatResult::parse(cell.get_ref()) {
                    Ok(x) => combat[r][c] = x,
                    Err(m) => p.at(file, cell, m),
                }
            }
        }
    }
    let cm = &raw.combat_modifiers;
    let combat_modifiers = CombatModifiers {
        fortifications: *cm.fortifications.get_ref(),
        defending_cover: *cm.defending_cover.get_ref(),
        uphill: *cm.uphill.get_ref(),
        flank_or_rear: *cm.flank_or_rear.get_ref(),
        formed_cavalry_charging: *cm.formed_cavalry_charging.get_ref(),
    };
    for v in [
        &cm.fortifications,
        &cm.defending_cover,
        &cm.uphill,
        &cm.flank_or_rear,
        &cm.formed_cavalry_charging,
    ] {
        if !(-99..=200).contains(v.get_ref()) {
            p.at(file, v, "a combat modifier is -99 to 200 percent");
        }
    }

    let m = &raw.morale;
    let morale = MoraleModifiers {
        always_fails: two_d6(&m.always_fails, "always_fails", p),
        enemy_behind_flank: *m.enemy_behind_flank.get_ref(),
        enemy_behind_flank_within: inch(&m.enemy_behind_flank_within, p),
        earthworks_trench_stone: *m.earthworks_trench_stone.get_ref(),
        ambushed_while_marching: *m.ambushed_while_marching.get_ref(),
        night_or_fog: *m.night_or_fog.get_ref(),
        senior_sees_within: inch(&m.senior_sees_within, p),
        senior_near: inch(&m.senior_near, p),
        routers_pass_within: inch(&m.routers_pass_within, p),
    };

    // Terrain Effects.
    let full = TerrainCell {
        passage: Passage::Full,
        breakdown: false,
    };
    let mut terrain = [[full; 5]; 15];
    for (key, row) in &raw.terrain_effects {
        let Some(r) = TERRAIN_ROWS.iter().position(|(k, _)| k == key) else {
            p.at(
                file,
                row,
                format!(
                    "unknown Terrain Effects row \"{key}\": the rows are {}",
                    TERRAIN_ROWS.map(|r| r.0).join(", ")
                ),
            );
            continue;
        };
        for (col, cell) in row.get_ref() {
            let Some(c) = MOVER_COLUMNS.iter().position(|k| k == col) else {
                p.at(
                    file,
                    cell,
                    format!(
                        "unknown Terrain Effects column \"{col}\": the columns are {}",
                        MOVER_COLUMNS.join(", ")
                    ),
                );
                continue;
            };
            match TerrainCell::parse(cell.get_ref()) {
                Some(x) => terrain[r][c] = x,
                None => p.at(
                    file,
                    cell,
                    format!(
                        "\"{}\" is not a Terrain Effects cell: full, da, 1/2, 1/4, nyet, halt_and_test or entire_move, with * for a breakdown test",
                        cell.get_ref()
                    ),
                ),
            }
        }
        for col in MOVER_COLUMNS {
            if !row.get_ref().contains_key(col) {
                p.at(file, row, format!("Terrain Effects \"{key}\" lacks {col}"));
            }
        }
    }
    for (k, _) in TERRAIN_ROWS {
        if !raw.terrain_effects.contains_key(k) {
            p.push(file.error(format!("Terrain Effects lacks [terrain_effects.{k}]")));
        }
    }

    // Moving and Shooting.
    let none = MoveFire {
        turn: false,
        deploy_from_column: false,
        pivot: Degrees(0),
        after: After::None,
    };
    let mut move_fire = [none; 6];
    for (key, row) in &raw.moving_and_shooting {
        let Some(i) = MOVE_FIRE_ROWS.iter().position(|k| k == key) else {
            p.at(
                file,
                row,
                format!(
                    "unknown Moving and Shooting row \"{key}\": the rows are {}",
                    MOVE_FIRE_ROWS.join(", ")
                ),
            );
            continue;
        };
        let v = row.get_ref();
        let after = match v.after.get_ref().as_str() {
            "full" => After::Full,
            "half" => After::Half,
            "none" => After::None,
            "prolong" => match &v.prolong {
                Some(d) => After::Prolong(inch(d, p)),
                None => {
                    p.at(file, &v.after, "after = \"prolong\" needs prolong = inches");
                    After::None
                }
            },
            other => {
                p.at(
                    file,
                    &v.after,
                    format!("after = \"{other}\": use full, half, none or prolong"),
                );
                After::None
            }
        };
        move_fire[i] = MoveFire {
            turn: v.turn,
            deploy_from_column: v.deploy_from_column,
            pivot: v.pivot.as_ref().map(|d| deg(d, p)).unwrap_or(Degrees(0)),
            after,
        };
    }
    for k in MOVE_FIRE_ROWS {
        if !raw.moving_and_shooting.contains_key(k) {
            p.push(file.error(format!(
                "Moving and Shooting lacks [moving_and_shooting.{k}]"
            )));
        }
    }

    let v = &raw.visibility;
    let visibility = Visibility {
        large_bodies: inch(&v.large_bodies, p),
        infantry_from_cavalry: inch(&v.infantry_from_cavalry, p),
        single_movers: inch(&v.single_movers, p),
        signal_side: inch(&v.signal_side, p),
        friend_from_foe: inch(&v.friend_from_foe, p),
        movers_in_cover: inch(&v.movers_in_cover, p),
        stationary_in_cover: inch(&v.stationary_in_cover, p),
        inside_woods_or_town: inch(&v.inside_woods_or_town, p),
        edge: inch(&v.edge, p),
        behind_hedge_stationary: inch(&v.behind_hedge_stationary, p),
        dead_ground: inch(&v.dead_ground, p),
    };
    let ladder = [
        (&v.large_bodies, visibility.large_bodies),
        (&v.infantry_from_cavalry, visibility.infantry_from_cavalry),
        (&v.single_movers, visibility.single_movers),
        (&v.signal_side, visibility.signal_side),
        (&v.friend_from_foe, visibility.friend_from_foe),
        (&v.movers_in_cover, visibility.movers_in_cover),
        (&v.stationary_in_cover, visibility.stationary_in_cover),
    ];
    for w in ladder.windows(2) {
        if w[1].1 > w[0].1 {
            p.at(
                file,
                w[1].0,
                "the Visibility table's distances fall from large bodies to stationary troops in cover",
            );
        }
    }
    let w = &raw.weather;
    let weather = Weather {
        dark_night_sight: inch(&w.dark_night_sight, p),
        moonlight_or_fog_sight: inch(&w.moonlight_or_fog_sight, p),
        night_humiliated: *w.night_humiliated.get_ref(),
        night_column_above: frac(file, &w.night_column_above, p),
        fire_on_friends_on: *w.fire_on_friends_on.get_ref(),
        veer: deg(&w.veer, p),
        rain_sight: inch(&w.rain_sight, p),
    };
    if !(1..=6).contains(&weather.fire_on_friends_on) {
        p.at(
            file,
            &w.fire_on_friends_on,
            "fire_on_friends_on: a d6 score, 1 to 6",
        );
    }
    let d = &raw.distances;
    let distances = Distances {
        base_frontage: inch(&d.base_frontage, p),
        entry_depth: inch(&d.entry_depth, p),
        enemy_zone: inch(&d.enemy_zone, p),
        retire_infantry: inch(&d.retire_infantry, p),
        retire_cavalry: inch(&d.retire_cavalry, p),
        officer_mounted: inch(&d.officer_mounted, p),
        officer_foot: inch(&d.officer_foot, p),
        march_keep_off: inch(&d.march_keep_off, p),
        road_bonus: inch(&d.road_bonus, p),
        incline: deg(&d.incline, p),
        charge_wheel: deg(&d.charge_wheel, p),
        ambush_bonus: inch(&d.ambush_bonus, p),
        scout: inch(&d.scout, p),
    };
    if distances.base_frontage == Inches::ZERO {
        p.at(
            file,
            &d.base_frontage,
            "base_frontage: a base is wider than 0",
        );
    }
    let t = &raw.train;
    let train = Train {
        max_speed: inch(&t.max_speed, p),
        restart: inch(&t.restart, p),
        stops_below: inch(&t.stops_below, p),
        engine_hit_loss: inch(&t.engine_hit_loss, p),
        engine_hits: *t.engine_hits.get_ref(),
        turret_car_hits: *t.turret_car_hits.get_ref(),
    };
    if train.restart > train.max_speed || train.stops_below > train.restart {
        p.at(
            file,
            &t.restart,
            "a train restarts at no more than its top speed, and stops below its restart speed",
        );
    }
    if *t.engine_hits.get_ref() == 0 {
        p.at(file, &t.engine_hits, "an engine takes at least 1 hit");
    }
    let ammunition = match &raw.ammunition {
        Some(a) => Ammunition {
            gun_limber: *a.gun_limber.get_ref(),
            gun_cart: *a.gun_cart.get_ref(),
            mortar: *a.mortar.get_ref(),
            mortar_cart: *a.mortar_cart.get_ref(),
        },
        None => Ammunition::default(),
    };
    Tables {
        shooting_columns,
        shooting,
        shooting_modifiers,
        cover,
        direct_hit,
        combat,
        combat_modifiers,
        morale,
        terrain,
        move_fire,
        visibility,
        weather,
        distances,
        train,
        ammunition,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> Tables {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/tables/tables.toml");
        load_tables(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn cells_read_as_printed() {
        let e = Effect::parse("Kill! S! Off").unwrap();
        assert!(e.kill && e.serious && e.officer && e.pinned && e.terror == 0);
        assert_eq!(
            Effect::parse("2 x Ter S!").unwrap(),
            Effect::parse("2xTer S!").unwrap()
        );
        let tr = Effect::parse("Ter+Ret").unwrap();
        assert!(tr.retire && tr.terror == 1 && !tr.pinned);
        assert_eq!(Effect::parse("--").unwrap(), Effect::NONE);
        assert!(Effect::parse("Ter Ter").is_err());
        assert!(Effect::parse("Boom").is_err());
        for s in ["-", "Ret", "Ter", "Ter+Ret", "2xTer S! Off", "Kill! S! Off"] {
            assert_eq!(Effect::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(
            CombatResult::parse("S/Retires 3 x Ter").unwrap(),
            CombatResult::parse("S/Ret 3T").unwrap()
        );
        assert!(CombatResult::parse("S/Sur").is_err());
        assert!(CombatResult::parse("W/Ret 4T").is_err());
    }

    #[test]
    fn the_order_of_effects_is_the_briefs() {
        let order = [
            "-",
            "Ret",
            "Ter",
            "Ter+Ret",
            "Ter S!",
            "Ter S! Off",
            "2xTer",
            "2xTer S!",
            "2xTer S! Off",
            "Kill! S! Off",
        ];
        for w in order.windows(2) {
            let (a, b) = (Effect::parse(w[0]).unwrap(), Effect::parse(w[1]).unwrap());
            assert!(a.severity() < b.severity(), "{a} < {b}");
        }
    }

    #[test]
    fn the_shooting_table_never_weakens_as_roll_or_total_rises() {
        let t = shipped();
        for r in 2..=12u8 {
            for total in 0..60u32 {
                let here = t.shooting(r, total).severity();
                assert!(
                    here <= t.shooting(r, total + 1).severity(),
                    "row {r} total {total}"
                );
                if r < 12 {
                    assert!(
                        here <= t.shooting(r + 1, total).severity(),
                        "row {r} total {total}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_shooting_table_is_the_briefs_reconstruction() {
        let t = shipped();
        // The corners, the repairs and the 76 filled cells.
        assert_eq!(t.shooting(2, 36).to_string(), "-");
        assert_eq!(t.shooting(2, 37).to_string(), "Ret");
        assert_eq!(t.shooting(2, 500).to_string(), "Ret", "beyond 37+ is 37+");
        assert_eq!(t.shooting(12, 2).to_string(), "Ter S!");
        assert_eq!(t.shooting(12, 1), Effect::NONE, "below column 2: no effect");
        assert_eq!(
            t.shooting(7, 25).to_string(),
            "Ter+Ret",
            "repair: row 7, 25-28"
        );
        assert_eq!(
            t.shooting(12, 5).to_string(),
            "2xTer S! Off",
            "repair: row 12, 5-8"
        );
        for total in [13, 21, 29] {
            assert_eq!(t.shooting(12, total).to_string(), "Kill! S! Off");
        }
        assert_eq!(t.shooting(11, 3).to_string(), "Ter S! Off");
        assert_eq!(t.shooting(10, 9).to_string(), "2xTer S!");
        let filled = t.shooting.iter().flatten().filter(|e| !e.is_none()).count();
        assert_eq!(filled, 76);
        // Cells of each kind in the reconstruction (the repairs made one Ter
        // a Ter+Ret, and row 12's four "Ter S! Off" one 2xTer S! Off and
        // three Kill! S! Off).
        let count = |s: &str| {
            let e = Effect::parse(s).unwrap();
            t.shooting.iter().flatten().filter(|x| **x == e).count()
        };
        assert_eq!(count("Ret"), 17);
        assert_eq!(count("Ter"), 16);
        assert_eq!(count("Ter+Ret"), 5);
        assert_eq!(count("Kill! S! Off"), 19);
        // Column bounds.
        assert_eq!(t.shooting_column(2), Some(0));
        assert_eq!(t.shooting_column(4), Some(1));
        assert_eq!(t.shooting_column(5), Some(2));
        assert_eq!(t.shooting_column(36), Some(8));
        assert_eq!(t.shooting_column(37), Some(9));
    }

    #[test]
    fn the_combat_table_is_the_rulebooks_cell_by_cell() {
        // gaps.md / 003, rows 2d6 = 2..12, columns Adv 3:2 2:1 5:2 3:1 4:1.
        let expected = [
            ["S/Def", "S/Def", "S/Def", "S/Ret 2T", "S/Ret 1T", "S/Hum"],
            [
                "S/Def", "S/Def", "S/Ret 2T", "S/Ret 1T", "S/Hum", "W/Ret 1T",
            ],
            [
                "S/Ret 3T", "S/Ret 3T", "S/Hum", "S/Hum", "W/Ret 1T", "W/Ret 2T",
            ],
            [
                "S/Ret 2T", "S/Ret 2T", "W/Ret 1T", "W/Ret 1T", "W/Ret 2T", "W/Ret 2T",
            ],
            [
                "S/Ret 1T", "W/Ret 1T", "W/Ret 2T", "W/Ret 2T", "W/Ret 3T", "W/Ret 3T",
            ],
            [
                "W/Ret 1T", "W/Ret 2T", "W/Ret 2T", "W/Ret 2T", "W/Ret 3T", "W/Def",
            ],
            [
                "W/Ret 1T", "W/Ret 2T", "W/Ret 2T", "W/Ret 3T", "W/Def", "W/Def",
            ],
            [
                "W/Ret 2T", "W/Ret 2T", "W/Ret 3T", "W/Def", "W/Def", "W/Def",
            ],
            ["W/Ret 3T", "W/Def", "W/Def", "W/Def", "W/Def", "W/Def"],
            ["W/Def", "W/Def", "W/Def", "W/Def", "W/Def", "W/Sur"],
            ["W/Def", "W/Def", "W/Def", "W/Def", "W/Sur", "W/Sur"],
        ];
        let t = shipped();
        for (r, row) in expected.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                assert_eq!(
                    t.combat(c, r as u8 + 2),
                    CombatResult::parse(cell).unwrap(),
                    "2d6 = {}, column {}",
                    r + 2,
                    COMBAT_COLUMNS[c].0
                );
            }
        }
    }

    #[test]
    fn strengths_round_down_to_a_column() {
        assert_eq!(Tables::ratio_column(10, 10), 0, "equal: Adv to the charger");
        assert_eq!(Tables::ratio_column(14, 10), 0);
        assert_eq!(Tables::ratio_column(15, 10), 1);
        assert_eq!(Tables::ratio_column(19, 10), 1);
        assert_eq!(Tables::ratio_column(20, 10), 2);
        assert_eq!(Tables::ratio_column(25, 10), 3);
        assert_eq!(Tables::ratio_column(30, 10), 4);
        assert_eq!(Tables::ratio_column(39, 10), 4);
        assert_eq!(Tables::ratio_column(40, 10), 5);
        assert_eq!(Tables::ratio_column(400, 1), 5, "capped at 4:1");
        assert_eq!(Tables::ratio_column(10, 20), 2, "either way round");
        assert_eq!(Tables::ratio_column(0, 0), 0);
    }

    #[test]
    fn fixed_point_is_exact_and_refuses_a_third_decimal() {
        let f = SourceFile::from_text("x.toml", "a = 0.75");
        let mut p = Problems::default();
        let v = |x: f64| Spanned::new(4..8, Num(x));
        assert_eq!(inches(&f, &v(0.75), &mut p), Inches(75));
        assert_eq!(inches(&f, &v(6.0), &mut p), Inches(600));
        assert_eq!(inches(&f, &v(1.18), &mut p), Inches(118));
        assert_eq!(inches(&f, &v(0.29), &mut p), Inches(29));
        assert_eq!(degrees(&f, &v(22.5), &mut p), Degrees(225));
        assert!(p.is_empty());
        inches(&f, &v(0.125), &mut p);
        assert_eq!(p.0.len(), 1);
        assert!(p.0[0].message.contains("at most 2 decimals"), "{}", p.0[0]);
        assert_eq!((p.0[0].line, p.0[0].column), (1, 5));
        inches(&f, &v(-1.0), &mut p);
        degrees(&f, &v(0.05), &mut p);
        assert_eq!(p.0.len(), 3);
    }

    #[test]
    fn terrain_and_moving_and_shooting_read_as_printed() {
        let t = shipped();
        let cell = |r, m| t.terrain_effect(r, m).unwrap();
        assert_eq!(cell("hedge", Mover::Infantry).passage, Passage::Quarter);
        assert!(cell("hedge", Mover::ArmouredCar).breakdown);
        assert_eq!(cell("wall", Mover::Sabres).passage, Passage::Nyet);
        assert_eq!(cell("wire", Mover::Infantry).passage, Passage::HaltAndTest);
        assert_eq!(
            cell("crushed_wire", Mover::ArmouredCar).passage,
            Passage::EntireMove
        );
        assert_eq!(cell("dense_wood", Mover::Sabres).passage, Passage::Quarter);
        assert_eq!(cell("buildings", Mover::Tank).passage, Passage::Half);
        assert!(cell("buildings", Mover::Tank).breakdown);
        assert_eq!(t.move_fire[3].after, After::Prolong(Inches(100)));
        assert_eq!(t.move_fire[0].after, After::Full);
        assert!(t.move_fire[0].deploy_from_column);
        assert_eq!(t.move_fire[2].pivot, Degrees(450));
        let f = t.direct_hit_numbers("field_gun").unwrap();
        assert_eq!(
            (f.building, f.moving_vehicle, f.stationary_vehicle, f.other),
            (9, 11, 9, 10)
        );
        let o = t.direct_hit_numbers("other").unwrap();
        assert_eq!(
            (o.building, o.moving_vehicle, o.stationary_vehicle, o.other),
            (9, 12, 10, 11)
        );
    }
}
