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
    /// More fields, each `#[serde(default)]`: see [`UnitMore`].
    #[serde(default)]
    pub more: UnitMore,
}

/// A unit's state for officers, divided and combined units, dismounting
/// and rallying (`rules::officers`, `permitted_actions`, `dismounting`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMore {
    /// White Conscripts with a White Officer base: the card it tests
    /// morale as (and it is no Mob) until it first loses a base.
    #[serde(default)]
    pub stiffened: Option<u16>,
    /// Its officers are lost: a replacement is drawn at its next voluntary
    /// action.
    #[serde(default)]
    pub replace_officer: bool,
    /// A senior officer base in personal command of this unit (his base
    /// is off the table, with the unit).
    #[serde(default)]
    pub with_unit: Option<UnitId>,
    /// A part of a divided unit: the scenario unit whose name it carries.
    #[serde(default)]
    pub origin: Option<UnitId>,
    /// Its letter among the parts of a divided unit (1 = a); 0: whole.
    #[serde(default)]
    pub part: u8,
    /// Combined into that unit (gone, its bases and markers there).
    #[serde(default)]
    pub merged_into: Option<UnitId>,
    /// Dismounted cavalry: the card it mounts again as.
    #[serde(default)]
    pub mounted_as: Option<u16>,
    /// Bases away holding the horses (dismounted cavalry).
    #[serde(default)]
    pub horse_holders: u8,
    /// A dead senior officer: the turn at whose end a junior takes his place.
    #[serde(default)]
    pub promote_at: Option<u8>,
    /// The Mob roll this segment: 0 not rolled, 1 passed, 2 failed (it
    /// stays where it is).
    #[serde(default)]
    pub mob_roll: u8,
    /// Turns spent routing (the optional rule: no advance for 2 a turn).
    #[serde(default)]
    pub rout_turns: u8,
    /// The optional rule: no advance toward the enemy before this turn.
    #[serde(default)]
    pub no_advance_until: u8,
    /// A Clever officer has tried to pre-empt this unit this turn.
    #[serde(default)]
    pub preempt_tried: bool,
    /// The last turn it started in contact with these units (combining).
    #[serde(default)]
    pub touching: Vec<UnitId>,
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
    /// Officer tokens out of the bags for good (killed), per side.
    #[serde(default)]
    pub spent_tokens: [Vec<u16>; 2],
    /// Who holds each objective of the scenario now (judged at the end of
    /// every turn).
    #[serde(default)]
    pub objective_holders: Vec<Option<Side>>,
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
    /// Special Unit Characteristics: a Storm unit may lose a base, a
    /// Specialist unit take a terror marker, instead of retiring. Answers:
    /// [`Action::SwapRetire`], [`Action::TakeRetire`] (and
    /// [`Action::HoldCover`] where its hard cover allows).
    SwapRetire { unit: UnitId },
    /// Pre-empting Enemy Actions: a unit with a Clever officer may try (a
    /// 6 on a d6) to act before the enemy unit about to act. Answers:
    /// [`Action::PreEmpt`] or [`Action::LetAct`].
    PreEmpt { clever: UnitId, enemy: UnitId },
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
    /// Permitted Actions: divides into `into` parts (the whole turn).
    Divide {
        unit: UnitId,
        into: u8,
    },
    /// Permitted Actions: takes `with` into this unit (the whole turn of
    /// both).
    Combine {
        unit: UnitId,
        with: UnitId,
    },
    /// Dismounting: cavalry dismounts (the whole move).
    Dismount {
        unit: UnitId,
    },
    /// Dismounting: mounts again (the whole move).
    Mount {
        unit: UnitId,
    },
    /// A senior officer base takes personal command of `target`.
    JoinUnit {
        unit: UnitId,
        target: UnitId,
    },
    /// The senior officer in personal command of the unit leaves it.
    LeaveUnit {
        unit: UnitId,
    },
    /// Answer to [`Ask::SwapRetire`]: a base lost (Storm) or a terror
    /// marker (Specialist) instead of the retire.
    SwapRetire {
        unit: UnitId,
    },
    /// Answer to [`Ask::PreEmpt`]: the Clever officer tries.
    PreEmpt {
        unit: UnitId,
    },
    /// Answer to [`Ask::PreEmpt`]: the enemy acts first.
    LetAct {
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
            | Action::Divide { unit, .. }
            | Action::Combine { unit, .. }
            | Action::Dismount { unit }
            | Action::Mount { unit }
            | Action::JoinUnit { unit, .. }
            | Action::LeaveUnit { unit }
            | Action::SwapRetire { unit }
            | Action::PreEmpt { unit }
            | Action::LetAct { unit } => unit,
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
    /// A junior officer token drawn for a unit (a replacement, or for a
    /// new part of a divided unit).
    OfficerDrawn {
        unit: UnitId,
        token: u16,
    },
    /// A Mob unit in sight of the enemy rolls to do more than shoot,
    /// charge or move away: `needed` or more goes.
    MobRoll {
        unit: UnitId,
        die: u8,
        needed: u8,
        passed: bool,
    },
    /// A unit divided: its new parts.
    Divided {
        unit: UnitId,
        parts: Vec<UnitId>,
    },
    /// `with` joined `unit`; the officer of `commander` commands (a die
    /// when their ranks are equal).
    Combined {
        unit: UnitId,
        with: UnitId,
        die: Option<u8>,
    },
    Dismounted {
        unit: UnitId,
    },
    Mounted {
        unit: UnitId,
    },
    /// A senior officer joined (or left) a unit in personal command.
    Command {
        officer: UnitId,
        unit: UnitId,
        joined: bool,
    },
    /// A junior officer promoted to the place of a dead senior officer.
    Promoted {
        officer: UnitId,
        from: UnitId,
    },
    /// A Storm or Specialist unit took a loss instead of a retire.
    SwappedRetire {
        unit: UnitId,
        base: bool,
    },
    /// A Clever officer's pre-empting roll (6 succeeds).
    PreEmptRoll {
        unit: UnitId,
        enemy: UnitId,
        die: u8,
        passed: bool,
    },
    /// A failed rally from rout under the original rules: more than 2 over
    /// (or 12) removes the unit, else it runs again.
    RallyMargin {
        unit: UnitId,
        over: i32,
    },
    /// The success number of the morale test that follows, in parts: the
    /// card's, the officers', the place's (a flank, works), the weather's
    /// and any other (an ambush on the march).
    MoraleNumber {
        unit: UnitId,
        card: i32,
        officers: i32,
        place: i32,
        weather: i32,
        other: i32,
    },
}
