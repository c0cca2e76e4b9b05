//! What changes in a game of Red Actions!: the units on the table (their
//! bases as a geometry formation), their markers and officers, the turn and
//! the segment, the seeded generator; the actions a player takes and the
//! events they cause.

use crate::geometry::{self, Base, Formation, Turn};
use engine::param::{Degrees, Inches};
use engine::{GameRng, Outcome, Side};
use serde::{Deserialize, Serialize};

/// A unit's index in [`State::units`] (the same as in the scenario).
pub type UnitId = u16;

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Not yet on the table: a reinforcement or a unit aboard a train.
    Waiting,
    OnTable,
    /// Destroyed, surrendered or routed off the table.
    Gone,
}

/// How a unit stands: the four orders of the scenario format that matter
/// to movement and shooting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    Line,
    Column,
    /// Formed cavalry (a straight line).
    Formed,
    Limbered,
    Unlimbered,
}

impl Order {
    pub fn geometry(self) -> geometry::Order {
        match self {
            Order::Column | Order::Limbered => geometry::Order::Column,
            _ => geometry::Order::Line,
        }
    }
}

/// An officer token with a unit (its index in the army's pool).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Officer {
    pub token: u16,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub side: Side,
    /// Index in the scenario's troop cards.
    pub troop: u16,
    pub status: Status,
    pub order: Order,
    /// Its bases (count, size) and the middle of its front edge.
    pub formation: Formation,
    pub start_bases: u8,
    pub terror: u8,
    /// Permanent; counts as terror.
    pub humiliated: u8,
    pub pinned: bool,
    pub routing: bool,
    /// Retired, rallied from terror or otherwise stationary and evading this
    /// turn (the evading cover shifts).
    pub evading: bool,
    /// Retired already this turn (one retire distance a turn).
    pub retired: bool,
    /// Has had its segment this turn.
    pub acted: bool,
    /// The junior officer (rifles and sabres) or the senior officer's own
    /// token (an officer base); `None` once lost.
    pub officer: Option<Officer>,
    /// First turn it may enter (reinforcements).
    pub arrives: u8,
    /// Its side's entry point (index), if it enters.
    pub entry: Option<u8>,
    /// Has ignored a retire in hard cover this turn (one a turn).
    #[serde(default)]
    pub held_in_cover: bool,
    /// What vehicles, trains and artillery track (`rules::vehicles`,
    /// `trains`, `artillery`, `direct_hits`).
    #[serde(default)]
    pub kit: Kit,
}

/// The state of the vehicle, train and artillery rules on one unit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kit {
    /// Moved in its last segment (a "moving vehicle" for direct hits; a
    /// target that stays still for repeat fire).
    pub moving: bool,
    /// Broken down or stuck until a 4+ on a later move (Tanks, Armoured
    /// Cars).
    pub broken_down: bool,
    /// Stuck for good or immobilised (never moves again; may still fire).
    pub immobilised: bool,
    /// Direct hits taken (engines and turret cars count them).
    pub hits: u8,
    /// An engine: its train's move this turn, signed (+ along the engine's
    /// facing, − backward); zero when stopped.
    pub train_speed: Inches,
    /// An engine: its train failed a fear test after a hit and makes for
    /// the table's edge (it may rally).
    pub leaving: bool,
    /// A tank or armoured car left good going in this segment's moves
    /// (armoured cars' breakdown test).
    pub off_road: bool,
    /// Guns and mortars: moves of ammunition fired.
    pub ammo_used: u8,
    /// The target of its last shot, the turn of it, and whether it was
    /// observed indirect fire (repeat fire, the ¾ of later observed turns).
    pub last_target: Option<UnitId>,
    pub last_turn: u8,
    pub last_observed: bool,
    /// Turn in which it was last under harassing fire (it may not march).
    pub harassed: u8,
    /// Captured intact from this side: a tank that surrendered, or a
    /// train's car now run by the enemy.
    pub captured_from: Option<Side>,
}

impl Unit {
    pub fn bases(&self) -> u8 {
        self.formation.count
    }
    pub fn on_table(&self) -> bool {
        self.status == Status::OnTable
    }
    /// Terror markers counted for rout and effective strength (humiliated
    /// markers included).
    pub fn all_terror(&self) -> u8 {
        self.terror + self.humiliated
    }
    /// Effective strength in half bases: bases less terror, or ½ base when
    /// the terror equals the bases (0 when it is more: the unit routs).
    pub fn effective_halves(&self) -> u32 {
        let (b, t) = (self.bases() as u32, self.all_terror() as u32);
        if b == 0 || t > b {
            0
        } else if t == b {
            1
        } else {
            2 * (b - t)
        }
    }
    pub fn footprint(&self) -> Vec<Base> {
        if self.on_table() {
            self.formation.bases()
        } else {
            Vec::new()
        }
    }
}

/// The three initiative methods and where the turn stands in them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Initiative {
    /// Roll off, then alternate; `first` won the roll.
    Standard { first: Side },
    /// Option 1: the cards still to turn this turn (a unit each).
    Cards { deck: Vec<UnitId> },
    /// Option 2: a d6 each every segment; `loser` lost the last roll.
    Dice { loser: Option<Side> },
}

/// The unit acting in a segment, and what it has done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub unit: UnitId,
    /// Distance charged so far this segment.
    pub charged: Inches,
    /// The tightest cap of a linear obstacle crossed (quarters of speed).
    pub cap_quarters: u8,
    /// The allowance of this segment (speed, or what shooting leaves).
    pub allowance: Inches,
    pub shot: bool,
    pub moved: bool,
    /// Tried the pinned test this segment.
    pub unpin_tried: bool,
    /// Moving and Shooting: the only moves so far are those allowed
    /// before firing (a turn, a pivot), so the unit may still fire.
    #[serde(default)]
    pub fire_prep: bool,
    /// It pivoted to fire: it fires before it moves.
    #[serde(default)]
    pub pivoted: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// `side` picks one of its units to act (or a move of one, which commits
    /// it). With cards initiative, the unit is named by the card.
    Choose {
        side: Side,
        card: Option<UnitId>,
    },
    /// A unit is acting: more moves within its allowance, or done.
    Acting(Segment),
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub units: Vec<Unit>,
    pub turn: u8,
    pub phase: Phase,
    pub initiative: Initiative,
    /// Side whose unit acted last (standard initiative alternates).
    pub last: Option<Side>,
    pub options: Vec<String>,
    pub rng: GameRng,
    /// Dice set on the table for tests: popped from the end before the
    /// generator is used.
    pub loaded: Vec<u8>,
    pub outcome: Option<Outcome>,
    /// Decisions put to a side out of turn, the last asked first; while
    /// any is open its side decides and the phase waits.
    #[serde(default)]
    pub questions: Vec<Question>,
    /// Building sections destroyed by direct hits (their scenario index).
    #[serde(default)]
    pub ruined: Vec<u16>,
}

impl State {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id as usize]
    }
    pub fn ids(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.units.len()).map(|i| i as UnitId)
    }
    pub fn option(&self, key: &str) -> bool {
        self.options.iter().any(|o| o == key)
    }
}

/// A decision the rules put to a side out of turn (see
/// `rules::out_of_turn`): who answers and what about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub side: Side,
    pub ask: Ask,
}

/// What is asked. Each rulebook section that asks adds its own; the
/// answers are actions (`RedActions::answers` lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// Retire Results: a unit in hard cover (not a Mob) may ignore one
    /// retire a turn. Answers: [`Action::HoldCover`] or
    /// [`Action::TakeRetire`].
    IgnoreRetire { unit: UnitId },
}

/// A decision. Every move names its unit; the first one a unit takes in a
/// segment commits it to that segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Brings a waiting unit on at its entry point, its rear on the edge;
    /// `at` runs from 0 (the entry's first end) to 100 (its other end).
    Enter {
        unit: UnitId,
        at: u8,
    },
    /// Straight ahead.
    Advance {
        unit: UnitId,
        distance: Inches,
    },
    /// A wheel forward about the front corner of the `pivot` end.
    Wheel {
        unit: UnitId,
        pivot: geometry::Side,
        angle: Degrees,
    },
    Turn {
        unit: UnitId,
        turn: Turn,
    },
    /// Line to column or back (a free extra for a unit that has not moved).
    Reform {
        unit: UnitId,
    },
    Limber {
        unit: UnitId,
    },
    Unlimber {
        unit: UnitId,
    },
    /// Shoot at an enemy unit (before moving).
    Shoot {
        unit: UnitId,
        target: UnitId,
    },
    /// Rally from terror: all terror but humiliated goes; the whole segment.
    RallyTerror {
        unit: UnitId,
    },
    /// Rally from rout (a rally test).
    RallyRout {
        unit: UnitId,
    },
    /// A routing unit runs a full move away.
    Rout {
        unit: UnitId,
    },
    /// The pinned test (a rally test) before advancing.
    Unpin {
        unit: UnitId,
    },
    /// The unit's segment ends (or, not yet started, it holds).
    Done {
        unit: UnitId,
    },
    /// Answer to [`Ask::IgnoreRetire`]: the unit stays in its cover.
    HoldCover {
        unit: UnitId,
    },
    /// Answer to [`Ask::IgnoreRetire`]: the unit retires after all.
    TakeRetire {
        unit: UnitId,
    },
    /// Trains: the engine runs its train along the rails; `speed` is this
    /// turn's move, signed (+ along the engine's facing, − backward).
    RunTrain {
        unit: UnitId,
        speed: Inches,
    },
    /// Tanks and Armoured Cars: try to free a broken-down or stuck vehicle
    /// (a free extra before it moves: 4+).
    Repair {
        unit: UnitId,
    },
    /// Troops aboard a stopped train get off beside their car, on its left
    /// or right.
    Disembark {
        unit: UnitId,
        left: bool,
    },
    /// Artillery fire other than direct fire (observed indirect,
    /// speculative, harassing, gas).
    Fire {
        unit: UnitId,
        target: UnitId,
        mode: FireMode,
    },
    /// A train making for the edge tries to rally (its engine's rally
    /// test), at the start of the engine's segment.
    RallyTrain {
        unit: UnitId,
    },
    /// Moving and Shooting: MGs, tachankas, mortars, guns, armoured cars
    /// and tanks pivot up to 45° (signed: + clockwise) before firing.
    Pivot {
        unit: UnitId,
        angle: Degrees,
    },
}

/// How guns (and other troops) fire, when not plain direct fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireMode {
    /// Direct fire (the Shoot action).
    Direct,
    /// At a target the firers cannot see, believed to hold enemy: × ½.
    Speculative,
    /// Through an observer who sees the target (range from him): × ½ the
    /// first turn, × ¾ after; `speculative` when he cannot see the unit
    /// itself either (then × ½ only).
    Observed { observer: UnitId, speculative: bool },
    /// Up to twice the range, no effect on the table but no marching.
    Harassing,
    /// Gas shells: a fear test on top of the result.
    Gas,
}

impl Action {
    pub fn unit(&self) -> UnitId {
        match *self {
            Action::Enter { unit, .. }
            | Action::Advance { unit, .. }
            | Action::Wheel { unit, .. }
            | Action::Turn { unit, .. }
            | Action::Reform { unit }
            | Action::Limber { unit }
            | Action::Unlimber { unit }
            | Action::Shoot { unit, .. }
            | Action::RallyTerror { unit }
            | Action::RallyRout { unit }
            | Action::Rout { unit }
            | Action::Unpin { unit }
            | Action::Done { unit }
            | Action::HoldCover { unit }
            | Action::TakeRetire { unit }
            | Action::RunTrain { unit, .. }
            | Action::Repair { unit }
            | Action::Disembark { unit, .. }
            | Action::Fire { unit, .. }
            | Action::RallyTrain { unit }
            | Action::Pivot { unit, .. } => unit,
        }
    }
}

/// What a morale test was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    Charge,
    Fear,
    Serious,
    Rally,
}

/// What happened, with every roll's arithmetic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    TurnBegins {
        turn: u8,
    },
    /// Standard initiative: the roll-off.
    RollOff {
        dice: [u8; 2],
        first: Side,
    },
    /// Dice initiative: this segment's roll.
    SegmentRoll {
        dice: [u8; 2],
        mover: Side,
    },
    CardTurned {
        unit: UnitId,
    },
    Entered {
        unit: UnitId,
    },
    Moved {
        unit: UnitId,
        charged: Inches,
    },
    Turned {
        unit: UnitId,
        turn: Turn,
    },
    Reformed {
        unit: UnitId,
    },
    Limbered {
        unit: UnitId,
        limbered: bool,
    },
    Shot {
        unit: UnitId,
        target: UnitId,
        /// Effective half bases in arc and range.
        halves: u32,
        value: u8,
        long_range: bool,
        total: u32,
        shift: i32,
        dice: [u8; 2],
        result: crate::tables::Effect,
    },
    Retired {
        unit: UnitId,
        distance: Inches,
    },
    Terror {
        unit: UnitId,
        added: u8,
    },
    Pinned {
        unit: UnitId,
    },
    BaseLost {
        unit: UnitId,
    },
    OfficerRoll {
        unit: UnitId,
        die: u8,
        killed: bool,
    },
    MoraleTest {
        unit: UnitId,
        test: Test,
        dice: [u8; 2],
        number: i32,
        passed: bool,
    },
    Routs {
        unit: UnitId,
    },
    RalliedTerror {
        unit: UnitId,
    },
    RalliedRout {
        unit: UnitId,
    },
    Unpinned {
        unit: UnitId,
    },
    Humiliated {
        unit: UnitId,
    },
    Removed {
        unit: UnitId,
        why: String,
    },
    Done {
        unit: UnitId,
    },
    GameOver {
        outcome: Outcome,
    },
    /// A side is asked to decide out of turn.
    Asked {
        question: Question,
    },
    /// A unit in hard cover ignored a retire.
    HeldCover {
        unit: UnitId,
    },
    /// Direct Hits: one gun or mortar base's 2d6 against its number (the
    /// card's for this kind of target, plus range, poor ammunition and
    /// observed fire).
    DirectHit {
        unit: UnitId,
        target: UnitId,
        dice: [u8; 2],
        kind: HitKind,
        card: u8,
        range: u8,
        poor: u8,
        observed: u8,
        hit: bool,
    },
    /// A building section hit: 2d6 against 9 (wood) or 11 (stone).
    BuildingRoll {
        building: u16,
        dice: [u8; 2],
        needed: u8,
        destroyed: bool,
    },
    /// A die for a tank or armoured car (breakdown, obstacle, repair, a
    /// charge on contact).
    VehicleDie {
        unit: UnitId,
        check: VehicleCheck,
        die: u8,
        bonus: u8,
        result: VehicleResult,
    },
    /// Fire other than direct fire, with its factor (num/den).
    FireMode {
        unit: UnitId,
        target: UnitId,
        mode: FireMode,
        factor: (u8, u8),
    },
    /// Harassing fire falls on a unit: no effect but no marching.
    Harassed {
        unit: UnitId,
        target: UnitId,
    },
    /// A train ran (`speed` signed); `stopped`: it is now at a stand.
    TrainRan {
        unit: UnitId,
        speed: Inches,
        stopped: bool,
    },
    /// A direct hit on an engine: hits so far and the top speed left.
    EngineHit {
        unit: UnitId,
        hits: u8,
        top: Inches,
    },
    /// A train failed its fear test: it makes for the table edge.
    TrainLeaves {
        unit: UnitId,
    },
    /// A leaving train rallied.
    TrainRallied {
        unit: UnitId,
    },
    Disembarked {
        unit: UnitId,
    },
    /// A tank's fire: the target takes a terror marker.
    TankTerror {
        unit: UnitId,
        target: UnitId,
    },
    /// A side lost an intact tank to capture (its victory margin drops).
    TankCaptured {
        unit: UnitId,
    },
    /// Enemy troops took a stopped, undefended train: its cars are theirs.
    TrainCaptured {
        unit: UnitId,
        by: Side,
    },
    /// A unit pivoted to fire.
    Pivoted {
        unit: UnitId,
        angle: Degrees,
    },
}

/// What a direct hit's number was read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitKind {
    Building,
    MovingVehicle,
    StationaryVehicle,
    Other,
}

/// Why a vehicle rolls a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehicleCheck {
    /// Moved faster than half speed (armoured cars: off good going).
    Speed,
    /// Crossed an obstacle.
    Obstacle,
    /// Crushed or crossed wire (tanks).
    Wire,
    /// Tried to get going again (4+).
    Repair,
    /// Troops charged by it, on contact (6 immobilises it).
    Charged,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehicleResult {
    Fine,
    BrokenDown,
    Stuck,
    StuckForGood,
    Freed,
    StillStuck,
    Immobilised,
}
