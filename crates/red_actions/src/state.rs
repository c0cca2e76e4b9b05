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
    /// Unseen by the enemy (Ambushes, position markers): the enemy's view
    /// and log show a marker (`marker`) or nothing (an ambush).
    #[serde(default)]
    pub hidden: bool,
    /// Shown to the enemy as a position marker while hidden.
    #[serde(default)]
    pub marker: bool,
    /// In ambush: it may only spring (shoot, charge) until a senior officer
    /// releases it.
    #[serde(default)]
    pub ambush: bool,
    /// The turn it last suffered an ambush's fear test and terror (once
    /// however many ambushers fire).
    #[serde(default)]
    pub ambushed_turn: u8,
    /// The turn it last scouted (one piece of terrain a turn).
    #[serde(default)]
    pub scouted_turn: u8,
    /// Foxholes dug, in quarter columns of cover (Digging in, at most 12).
    #[serde(default)]
    pub dug_in: u8,
    /// Has ignored its first retire thanks to its foxholes.
    #[serde(default)]
    pub foxhole_used: bool,
    /// Has been shot at (no marching from then on; harassing fire too).
    #[serde(default)]
    pub shot_at: bool,
    /// Marching this turn (column, double speed).
    #[serde(default)]
    pub marching: bool,
    /// Entered barbed wire and not yet across (the wire line's index).
    #[serde(default)]
    pub in_wire: Option<u16>,
    /// The turn it last moved (Buildings: moving through counts soft
    /// cover).
    #[serde(default)]
    pub moved_turn: u8,
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
    /// Terrain Effects: a column starting on a road has the road's 2"
    /// in its allowance while every move of the segment stays on the road.
    #[serde(default)]
    pub road: bool,
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
    /// Dummy position markers (Game Sequence, Ambushes).
    #[serde(default)]
    pub dummies: Vec<Dummy>,
    /// Spots (terrain pieces) scouted this turn, by side: one scout per
    /// spot per turn.
    #[serde(default)]
    pub scouted: Vec<(Side, u16)>,
    /// Fire markers per building section (Buildings; 5 destroy it).
    #[serde(default)]
    pub fires: Vec<u8>,
    /// Gaps cut in barbed wire (Barbed Wire): the middle of each, a base
    /// wide.
    #[serde(default)]
    pub wire_gaps: Vec<engine::param::Point>,
    /// Strips of wire crushed by tanks (the middle of each, 4" long).
    #[serde(default)]
    pub crushed: Vec<engine::param::Point>,
}

/// A dummy position marker: the enemy sees a marker like any other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dummy {
    pub side: Side,
    pub at: engine::param::Point,
    /// Revealed and removed.
    pub gone: bool,
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
    /// Ambushes: an enemy has moved into the short range of a unit in
    /// ambush. Answers: [`Action::Spring`] or [`Action::LieLow`].
    SpringAmbush { unit: UnitId, target: UnitId },
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
    /// Ambushes: scout a piece of terrain (an index in
    /// `RedActions::spots`) within reach; once a turn, a free extra.
    Scout {
        unit: UnitId,
        spot: u16,
    },
    /// Ambushes: a unit in ambush fires on `target` (out of turn, as the
    /// answer to [`Ask::SpringAmbush`], or in its own segment).
    Spring {
        unit: UnitId,
        target: UnitId,
    },
    /// Answer to [`Ask::SpringAmbush`]: the ambush stays hidden.
    LieLow {
        unit: UnitId,
    },
    /// Ambushes: a senior officer (`unit`) orders `ambusher` out of
    /// ambush; the officer's whole segment.
    Release {
        unit: UnitId,
        ambusher: UnitId,
    },
    /// Digging in: the whole segment spent digging foxholes.
    Dig {
        unit: UnitId,
    },
    /// Buildings: set fire to a building section touched (its index).
    SetFire {
        unit: UnitId,
        building: u16,
    },
    /// Buildings: fight the fire in a building section touched.
    FightFire {
        unit: UnitId,
        building: u16,
    },
    /// Marching: the segment is a march, in column at double speed.
    March {
        unit: UnitId,
    },
    /// Barbed Wire: a unit in the wire tries to get across (the whole
    /// segment).
    CrossWire {
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
            | Action::Scout { unit, .. }
            | Action::Spring { unit, .. }
            | Action::LieLow { unit }
            | Action::Release { unit, .. }
            | Action::Dig { unit }
            | Action::SetFire { unit, .. }
            | Action::FightFire { unit, .. }
            | Action::March { unit }
            | Action::CrossWire { unit } => unit,
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
    /// Ambushes: a scouting roll (secret: the scouting side reads only
    /// what was found). `found`: a unit or a dummy marker was discovered.
    Scouted {
        unit: UnitId,
        spot: u16,
        die: u8,
        need: u8,
        found: bool,
    },
    /// A hidden unit is seen (or scouted, or acts) and placed as figures.
    Revealed {
        unit: UnitId,
    },
    /// A dummy marker (its index in `State::dummies`) is found out and
    /// removed.
    DummyRemoved {
        dummy: u16,
    },
    /// Ambushes: `unit` springs its ambush on `target`.
    Sprung {
        unit: UnitId,
        target: UnitId,
    },
    /// Answer to the spring question: the ambush stays hidden.
    LayLow {
        unit: UnitId,
    },
    /// Ambushes: a senior officer releases a unit from ambush.
    Released {
        unit: UnitId,
        by: UnitId,
    },
    /// Digging in: foxholes now `quarters` quarter columns.
    Dug {
        unit: UnitId,
        quarters: u8,
    },
    /// Buildings: a fire-setting or fire-fighting roll.
    FireRoll {
        unit: UnitId,
        building: u16,
        die: u8,
        /// Markers after the roll.
        markers: u8,
        fighting: bool,
    },
    /// Buildings: a fire grows at the start of a turn.
    FireGrows {
        building: u16,
        markers: u8,
    },
    /// Buildings: five fire markers: the section is destroyed.
    BuildingBurnt {
        building: u16,
    },
    /// Marching: the unit marches this segment.
    Marches {
        unit: UnitId,
    },
    /// Barbed Wire: a unit enters the wire and stops.
    EntersWire {
        unit: UnitId,
    },
    /// Barbed Wire: the crossing roll (2d6 against `need`; `gap`: engineers
    /// cut a gap).
    WireRoll {
        unit: UnitId,
        dice: [u8; 2],
        need: u8,
        crossed: bool,
        gap: bool,
    },
    /// Weather: a unit off the terrain features veers at night or in fog
    /// (d6: 1 left, 6 right, by `angle`).
    Veers {
        unit: UnitId,
        die: u8,
        angle: engine::param::Degrees,
    },
    /// Foxholes: the first retire is ignored.
    FoxholeHeld {
        unit: UnitId,
    },
    /// Barbed Wire: a tank drove across a 4" strip of wire; d6 4+ crushes
    /// it.
    WireCrushed {
        unit: UnitId,
        die: u8,
        crushed: bool,
    },
    /// Weather: at night a unit coming on friends rolls a d6 and fires at
    /// them on a 1.
    FriendsInTheDark {
        unit: UnitId,
        friend: UnitId,
        die: u8,
        fires: bool,
    },
}
