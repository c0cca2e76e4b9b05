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
    /// Failed a charge test this turn: it may not charge again this turn.
    #[serde(default)]
    pub charge_failed: bool,
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
    /// The charge being resolved (see `rules::charging`), if any.
    #[serde(default)]
    pub charge: Option<Charge>,
}

/// Where a charge stands while it waits for decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargeStage {
    /// The target's side is asked how it meets the charge.
    Answer,
    /// The chargers go in (after the target stood or its fire failed).
    Contact,
    /// The target fled or routed: the charger will be asked.
    Fled,
    /// The charger's side is asked whether to halt or run on.
    Decide,
}

/// A declared charge being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    pub charger: UnitId,
    pub target: UnitId,
    /// Where the charger comes from, judged when it is declared.
    pub aspect: geometry::Aspect,
    /// Sprung from ambush: no charge test, 2" more, +1 terror on the target.
    pub ambush: bool,
    /// The target counter-charged (cavalry meeting cavalry half-way).
    pub counter: bool,
    pub stage: ChargeStage,
    /// Where the charger would meet the target as it stood (where it
    /// halts, and where its line runs on, if the target flees).
    pub contact: Formation,
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
    /// Charging: the target of a charge decides how to meet it. Answers:
    /// [`Action::StandCharge`], [`Action::FleeCharge`] (frontal charges),
    /// [`Action::ShootChargers`] (not yet acted, able to fire),
    /// [`Action::CounterCharge`] (cavalry charged frontally by cavalry).
    Charged { charger: UnitId, target: UnitId },
    /// Charging: the target fled; the charger halts or runs on along its
    /// declared line. Answers: [`Action::HaltCharge`], [`Action::RunOn`].
    TargetFled { charger: UnitId },
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
    /// Charge an enemy unit: the whole segment (a wheel of up to 45°
    /// toward it, then straight in; see `rules::charging`).
    Charge {
        unit: UnitId,
        target: UnitId,
    },
    /// Answer to [`Ask::Charged`]: the target stands and fights.
    StandCharge {
        unit: UnitId,
    },
    /// Answer to [`Ask::Charged`]: the target takes a humiliated marker and
    /// flees (a frontal charge only).
    FleeCharge {
        unit: UnitId,
    },
    /// Answer to [`Ask::Charged`]: the target shoots at the chargers.
    ShootChargers {
        unit: UnitId,
    },
    /// Answer to [`Ask::Charged`]: cavalry counter-charge (meeting half-way).
    CounterCharge {
        unit: UnitId,
    },
    /// Answer to [`Ask::TargetFled`]: the charger halts.
    HaltCharge {
        unit: UnitId,
    },
    /// Answer to [`Ask::TargetFled`]: the charger runs on along its line.
    RunOn {
        unit: UnitId,
    },
    /// Evading: the unit evades for the rest of the turn, moving at most
    /// its evasive speed (or standing) this segment.
    Evade {
        unit: UnitId,
    },
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
            | Action::Charge { unit, .. }
            | Action::StandCharge { unit }
            | Action::FleeCharge { unit }
            | Action::ShootChargers { unit }
            | Action::CounterCharge { unit }
            | Action::HaltCharge { unit }
            | Action::RunOn { unit }
            | Action::Evade { unit } => unit,
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
    /// A charge passed its test (or needed none) and is declared.
    ChargeDeclared {
        unit: UnitId,
        target: UnitId,
        aspect: geometry::Aspect,
        ambush: bool,
    },
    /// The charge is called off (the target's fire drove it back).
    ChargeCancelled {
        unit: UnitId,
    },
    /// The target of a charge fled (with a humiliated marker).
    Fled {
        unit: UnitId,
    },
    CounterCharged {
        unit: UnitId,
    },
    /// The chargers made contact.
    Contact {
        unit: UnitId,
        target: UnitId,
    },
    /// A gun's crew gave up to the chargers.
    CrewSurrendered {
        unit: UnitId,
    },
    /// Hand-to-hand combat with its arithmetic: per side [charger, target]
    /// the fighting value, effective half bases, the sum of the modifiers in
    /// percent and the strength (value × halves / 2 × (100 + %), in
    /// hundredths); the column (0 = Adv .. 5 = 4:1) and the dice.
    Combat {
        charger: UnitId,
        target: UnitId,
        values: [u8; 2],
        halves: [u32; 2],
        percent: [i32; 2],
        strength: [u32; 2],
        charger_stronger: bool,
        column: u8,
        dice: [u8; 2],
        result: crate::tables::CombatResult,
    },
    /// A unit surrendered: its bases are prisoners.
    Surrendered {
        unit: UnitId,
    },
    /// Sabres pursue a router: whether they were stopped, the die for
    /// cavalry as fast as them, and whether they caught it.
    Pursuit {
        unit: UnitId,
        router: UnitId,
        stopped: bool,
        die: Option<u8>,
        caught: bool,
    },
    /// A caught router: `destroyed` bases cut down, the rest captured.
    Captured {
        unit: UnitId,
        destroyed: u8,
        prisoners: u8,
    },
    /// A router ran through a friend.
    PassedThrough {
        unit: UnitId,
        friend: UnitId,
    },
    /// Officer casualties in combat: a 1, or a 2 when the unit routs.
    CombatOfficerRoll {
        unit: UnitId,
        die: u8,
        routing: bool,
        lost: bool,
    },
    /// A unit chose to evade for the rest of the turn.
    Evades {
        unit: UnitId,
    },
}
