//! What changes in a game of Red Actions!: the units on the table (their
//! bases as a geometry formation), their markers and officers, the turn and
//! the segment, the seeded generator; the actions a player takes and the
//! events they cause.

use crate::geometry::{self, Bases, Formation, Turn};
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
    /// More fields, each `#[serde(default)]`: see [`UnitMore`].
    #[serde(default)]
    pub more: UnitMore,
    /// Failed a charge test this turn: it may not charge again this turn.
    #[serde(default)]
    pub charge_failed: bool,
    /// The turn it last moved (Buildings: moving through counts soft
    /// cover).
    #[serde(default)]
    pub moved_turn: u8,
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
    /// Night or fog: it veered off course and keeps its heading until it
    /// strikes a well-defined terrain feature (Weather).
    #[serde(default)]
    pub lost_way: bool,
    /// The optional rule: no advance toward the enemy before this turn.
    #[serde(default)]
    pub no_advance_until: u8,
    /// Chose to evade when shot at before its segment (Evading): its
    /// segment this turn moves at its evasive speed at most.
    #[serde(default)]
    pub evade_chosen: bool,
    /// Buildings: the building section whose hard (or stone) cover the
    /// unit holds, having taken possession of it (or having stood in it
    /// from the start); lost when it moves.
    #[serde(default)]
    pub possession: Option<u16>,
    /// A Clever officer has tried to pre-empt this unit this turn.
    #[serde(default)]
    pub preempt_tried: bool,
    /// The last turn it started in contact with these units (combining).
    #[serde(default)]
    pub touching: Vec<UnitId>,
    /// Miscellaneous: routed off the table out of sight of pursuers; it
    /// waits off the table for its one chance to rally.
    #[serde(default)]
    pub off_table: bool,
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
    pub fn footprint(&self) -> Bases {
        if self.on_table() {
            self.formation.base_list()
        } else {
            Bases::EMPTY
        }
    }
    /// Whether the two units' bases on the table are within `x` of each
    /// other (`geometry::within` of their footprints, asked of their
    /// outlines: `Formation::outline_quad`).
    pub fn within(&self, o: &Unit, x: Inches) -> bool {
        self.on_table() && o.on_table() && self.formation.within(&o.formation, x)
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
    /// Terrain Effects: a column starting on a road has the road's 2"
    /// in its allowance while every move of the segment stays on the road.
    #[serde(default)]
    pub road: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// `side` picks one of its units to act ([`Action::Select`]), then
    /// that unit's first action (or `Done` to hold), one decision a step.
    /// With cards initiative, the unit is named by the card and there is
    /// nothing to select. A unit's action given with none selected (a save
    /// made before selecting was a step, a typed action) selects it too.
    Choose {
        side: Side,
        card: Option<UnitId>,
        /// The unit chosen to act in this segment, before its first action.
        #[serde(default)]
        selected: Option<UnitId>,
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
    /// Officer tokens out of the bags for good (killed), per side.
    #[serde(default)]
    pub spent_tokens: [Vec<u16>; 2],
    /// Who holds each objective of the scenario now (judged at the end of
    /// every turn).
    #[serde(default)]
    pub objective_holders: Vec<Option<Side>>,
    /// The charge being resolved (see `rules::charging`), if any.
    #[serde(default)]
    pub charge: Option<Charge>,
    /// Strips of wire crushed by tanks (the middle of each, 4" long).
    #[serde(default)]
    pub crushed: Vec<engine::param::Point>,
    /// The kind of action the unit to act chose ([`Action::Kind`]): its
    /// next listing holds only that kind's samples. Cleared by any other
    /// action (a save made before kinds were chosen has none).
    #[serde(default)]
    pub kind: Option<ActionKind>,
    /// Prisoners' tokens on the table (Miscellaneous), in the order taken.
    #[serde(default)]
    pub prisoners: Vec<Prisoners>,
}

/// What became of a prisoners' token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrisonersFate {
    /// Held by the enemy of the men (guarded or not).
    Held,
    /// Retaken by their own side: they go to the rear and count as lost no
    /// more (rulings).
    Freed,
    /// Killed by their captors: lost for good.
    Killed,
}

/// A prisoners' token (Miscellaneous): the men of a unit that were taken
/// prisoner, where they were taken. They belong to `side` and are held by
/// its enemy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prisoners {
    /// The side whose men they are.
    pub side: Side,
    /// The unit they were taken from (gone; its card counts their points).
    pub unit: UnitId,
    /// How many bases of men.
    pub bases: u8,
    /// Where they are (the middle of the unit's bases when taken).
    pub at: engine::param::Point,
    /// The building section they are in: taking them there needs an action.
    pub building: Option<u16>,
    pub fate: PrisonersFate,
}

/// The kinds of action with several samples, chosen before the samples
/// ([`Action::Kind`]): the acting unit's listing names the kinds that have
/// a legal sample (and the actions that are alone of their kind), and only
/// the chosen kind's samples are listed next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionKind {
    /// Advances, wheels and turns.
    Move,
    /// Pivots to fire (Moving and Shooting).
    Pivot,
    /// Direct shooting at a target.
    Shoot,
    /// Charges.
    Charge,
    /// Guns' and mortars' other fire (speculative, observed, harassing, gas).
    Fire,
    /// Scouting a terrain piece.
    Scout,
    /// Springing an ambush on an enemy, releasing a friend's ambush.
    Ambush,
    /// Setting fire to a building, fighting a fire.
    Buildings,
    /// Dividing a unit, combining two.
    Reorganise,
    /// An officer joining a unit.
    Join,
}

impl ActionKind {
    /// Every kind, in the order the listing names them.
    pub const ALL: [ActionKind; 10] = [
        ActionKind::Move,
        ActionKind::Pivot,
        ActionKind::Shoot,
        ActionKind::Charge,
        ActionKind::Fire,
        ActionKind::Scout,
        ActionKind::Ambush,
        ActionKind::Buildings,
        ActionKind::Reorganise,
        ActionKind::Join,
    ];

    /// The kind of an action (`None`: alone of its kind, listed directly).
    pub fn of(a: &Action) -> Option<ActionKind> {
        Some(match a {
            Action::Advance { .. } | Action::Wheel { .. } | Action::Turn { .. } => ActionKind::Move,
            Action::Pivot { .. } => ActionKind::Pivot,
            Action::Shoot { .. } => ActionKind::Shoot,
            Action::Charge { .. } => ActionKind::Charge,
            Action::Fire { .. } => ActionKind::Fire,
            Action::Scout { .. } => ActionKind::Scout,
            Action::Spring { .. } | Action::Release { .. } => ActionKind::Ambush,
            Action::SetFire { .. } | Action::FightFire { .. } | Action::TakePossession { .. } => {
                ActionKind::Buildings
            }
            Action::Divide { .. } | Action::Combine { .. } => ActionKind::Reorganise,
            Action::JoinUnit { .. } => ActionKind::Join,
            _ => return None,
        })
    }

    /// The kind in words ("moves", "shooting"...).
    pub fn words(self) -> &'static str {
        match self {
            ActionKind::Move => "moves (advance, wheel, turn)",
            ActionKind::Pivot => "a pivot to fire",
            ActionKind::Shoot => "shooting",
            ActionKind::Charge => "a charge",
            ActionKind::Fire => "gun fire (speculative, observed, harassing, gas)",
            ActionKind::Scout => "scouting",
            ActionKind::Ambush => "ambushes (spring, release)",
            ActionKind::Buildings => "fires in buildings (set, fight)",
            ActionKind::Reorganise => "dividing or combining",
            ActionKind::Join => "joining a unit",
        }
    }
}

/// A dummy position marker: the enemy sees a marker like any other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dummy {
    pub side: Side,
    pub at: engine::param::Point,
    /// Revealed and removed.
    pub gone: bool,
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
    /// The chargers are in contact; ambushers their move came near are
    /// asked whether to spring first, then the fight.
    Fight,
    /// A charger that ran on after its target fled has met a unit in its
    /// way (`target`); ambushers its move came near are asked whether to
    /// spring first, then the clash (the fear test, the fight).
    RunOnClash,
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
    /// The questions already open when it was declared (an ambusher's
    /// charge out of turn, other ambushers still to answer): the charge
    /// goes on whenever no question above them is open.
    #[serde(default)]
    pub under: u16,
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

/// No token: the unused places of [`Ask::ChooseOfficer`]'s draw.
pub const NO_TOKEN: u16 = u16::MAX;

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
    /// Special Unit Characteristics: a Storm unit may lose a base, a
    /// Specialist unit take a terror marker, instead of retiring. Answers:
    /// [`Action::SwapRetire`], [`Action::TakeRetire`] (and
    /// [`Action::HoldCover`] where its hard cover allows).
    SwapRetire { unit: UnitId },
    /// Pre-empting Enemy Actions: a unit with a Clever officer may try (a
    /// 6 on a d6) to act before the enemy unit about to act. Answers:
    /// [`Action::PreEmpt`] or [`Action::LetAct`].
    PreEmpt { clever: UnitId, enemy: UnitId },
    /// Definitions (officer tokens): a senior officer has drawn two or
    /// three tokens (`drawn`, [`NO_TOKEN`] where fewer) and keeps one; the
    /// others go back to the bag. Answers: [`Action::KeepOfficer`], one per
    /// distinct token.
    ChooseOfficer { unit: UnitId, drawn: [u16; 3] },
    /// Charging: the target of a charge decides how to meet it. Answers:
    /// [`Action::StandCharge`], [`Action::FleeCharge`] (frontal charges),
    /// [`Action::ShootChargers`] (not yet acted, able to fire),
    /// [`Action::CounterCharge`] (cavalry charged frontally by cavalry).
    Charged { charger: UnitId, target: UnitId },
    /// Charging: the target fled; the charger halts or runs on along its
    /// declared line. Answers: [`Action::HaltCharge`], [`Action::RunOn`].
    TargetFled { charger: UnitId },
    /// Pre-empting Enemy Actions (Shooting): infantry or cavalry shot at
    /// from close range may fire back at the same moment, using up its
    /// segment. Asked before the shot is resolved. Answers:
    /// [`Action::ReturnFire`] or [`Action::HoldFire`].
    ReturnFire { shooter: UnitId, target: UnitId },
    /// Evading: an enemy shoots at a unit that has not yet had its segment
    /// this turn, standing where evading would shift the cover column; its
    /// side chooses, before the shot, whether it evades for the rest of the
    /// turn. `fire`: `None` for the Shoot action (return fire may be asked
    /// next), the mode of a Fire action otherwise. Answers:
    /// [`Action::Evade`] or [`Action::NoEvade`].
    EvadeShot {
        shooter: UnitId,
        target: UnitId,
        fire: Option<FireMode>,
    },
}

/// A decision. Every move names its unit; selecting a unit (or the first
/// move it takes in a segment) commits it to that segment.
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
    /// Buildings: infantry take possession of a building section they
    /// touch, and its hard cover (the whole segment).
    TakePossession {
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
    /// Answer to [`Ask::ChooseOfficer`]: the senior officer base `unit`
    /// keeps token `token` of those it drew.
    KeepOfficer {
        unit: UnitId,
        token: u16,
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
    /// Answer to [`Ask::ReturnFire`]: the unit shot at fires back at the
    /// shooter, both shots at once; it has then acted this turn.
    ReturnFire {
        unit: UnitId,
        target: UnitId,
    },
    /// Answer to [`Ask::ReturnFire`]: the unit shot at keeps its segment.
    HoldFire {
        unit: UnitId,
    },
    /// Evading: the unit evades for the rest of the turn, moving at most
    /// its evasive speed (or standing) this segment.
    Evade {
        unit: UnitId,
    },
    /// Answer to [`Ask::EvadeShot`]: the unit shot at does not evade (its
    /// segment keeps its full speed).
    NoEvade {
        unit: UnitId,
    },
    /// Moving and Shooting: MGs, tachankas, mortars, guns, armoured cars
    /// and tanks pivot up to 45° (signed: + clockwise) before firing.
    Pivot {
        unit: UnitId,
        angle: Degrees,
    },
    /// Game Sequence: the side picks the unit that acts this segment; its
    /// actions (or holding, [`Action::Done`]) are the next decision.
    Select {
        unit: UnitId,
    },
    /// The acting unit chooses the kind of its next action; the next
    /// listing holds that kind's samples. Offered only when the kind has a
    /// legal sample; any legal action may still be given directly.
    Kind {
        unit: UnitId,
        kind: ActionKind,
    },
    /// Miscellaneous: take possession of unguarded prisoners (an index in
    /// `State::prisoners`) the unit touches: its whole segment (the only
    /// way to take them in a building).
    TakePrisoners {
        unit: UnitId,
        prisoners: u16,
    },
    /// Miscellaneous: the unit's guards kill the prisoners they hold (its
    /// whole segment; not with the option `spare_prisoners`).
    KillPrisoners {
        unit: UnitId,
        prisoners: u16,
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
            | Action::Scout { unit, .. }
            | Action::Spring { unit, .. }
            | Action::LieLow { unit }
            | Action::Release { unit, .. }
            | Action::Dig { unit }
            | Action::SetFire { unit, .. }
            | Action::TakePossession { unit, .. }
            | Action::FightFire { unit, .. }
            | Action::March { unit }
            | Action::CrossWire { unit }
            | Action::Divide { unit, .. }
            | Action::Combine { unit, .. }
            | Action::Dismount { unit }
            | Action::Mount { unit }
            | Action::JoinUnit { unit, .. }
            | Action::LeaveUnit { unit }
            | Action::SwapRetire { unit }
            | Action::PreEmpt { unit }
            | Action::LetAct { unit }
            | Action::KeepOfficer { unit, .. }
            | Action::Charge { unit, .. }
            | Action::StandCharge { unit }
            | Action::FleeCharge { unit }
            | Action::ShootChargers { unit }
            | Action::CounterCharge { unit }
            | Action::HaltCharge { unit }
            | Action::RunOn { unit }
            | Action::ReturnFire { unit, .. }
            | Action::HoldFire { unit }
            | Action::Evade { unit }
            | Action::NoEvade { unit }
            | Action::Pivot { unit, .. }
            | Action::Select { unit }
            | Action::Kind { unit, .. }
            | Action::TakePrisoners { unit, .. }
            | Action::KillPrisoners { unit, .. } => unit,
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
    /// Officer Casualties: a d6 for an officer, a casualty at `at_most`
    /// or less (1; 2 as well for a unit routing from a fight).
    OfficerRoll {
        unit: UnitId,
        die: u8,
        at_most: u8,
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
    /// Buildings: infantry took possession of a building section.
    TookPossession {
        unit: UnitId,
        building: u16,
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
    /// A junior officer token drawn for a unit (a replacement, or for a
    /// new part of a divided unit).
    OfficerDrawn {
        unit: UnitId,
        token: u16,
    },
    /// A senior officer kept `token` of the `drawn` tokens it drew.
    OfficerKept {
        unit: UnitId,
        token: u16,
        drawn: u8,
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
    /// A unit chose to evade for the rest of the turn.
    Evades {
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
    /// Miscellaneous: `bases` of `unit` are taken prisoner, a token
    /// (`prisoners`, its index) where they stood.
    PrisonersTaken {
        unit: UnitId,
        prisoners: u16,
        bases: u8,
    },
    /// Miscellaneous: prisoners retaken by their own side, by a unit
    /// moving onto them or taking them (`by`), or because their guards
    /// were made to retire (`by` none).
    PrisonersFreed {
        prisoners: u16,
        by: Option<UnitId>,
    },
    /// Miscellaneous: `unit` kills the prisoners it guards.
    PrisonersKilled {
        unit: UnitId,
        prisoners: u16,
    },
    /// Miscellaneous: a router ran off the table; `seen`: in sight of
    /// pursuers (it is gone), else it waits off the table for one rally.
    RoutedOffTable {
        unit: UnitId,
        seen: bool,
    },
    /// Miscellaneous: a unit rallied off the table comes back where it
    /// left.
    Returned {
        unit: UnitId,
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
