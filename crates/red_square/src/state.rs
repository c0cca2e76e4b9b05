//! What changes during a game: the state, the decisions (actions) and what
//! happens (events).

use crate::cards::Card;
use crate::grid::{Aspect, Facing, Sq};
use engine::{GameRng, Outcome, Side};
use serde::{Deserialize, Serialize};

pub type UnitId = u16;

/// Tactical Formations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formation {
    /// Infantry and dismounted cavalry fire best in line; it does not move.
    FiringLine,
    Waves,
    Masses,
    /// Digging In 3: dug in, all round, does not move.
    Defence,
    Mounted,
    Scouting,
    Dismounted,
    Limbered,
    Unlimbered,
    /// Units without formations (MGs, vehicles, figures).
    None,
}

impl Formation {
    pub fn key(self) -> &'static str {
        match self {
            Formation::FiringLine => "firing_line",
            Formation::Waves => "waves",
            Formation::Masses => "masses",
            Formation::Defence => "defence",
            Formation::Mounted => "mounted",
            Formation::Scouting => "scouting",
            Formation::Dismounted => "dismounted",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
            Formation::None => "none",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Formation::FiringLine => "firing line",
            Formation::Waves => "waves",
            Formation::Masses => "masses",
            Formation::Defence => "defence",
            Formation::Mounted => "mounted",
            Formation::Scouting => "scouting",
            Formation::Dismounted => "dismounted",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
            Formation::None => "",
        }
    }
    pub const ALL: [Formation; 10] = [
        Formation::FiringLine,
        Formation::Waves,
        Formation::Masses,
        Formation::Defence,
        Formation::Mounted,
        Formation::Scouting,
        Formation::Dismounted,
        Formation::Limbered,
        Formation::Unlimbered,
        Formation::None,
    ];
    pub fn parse(s: &str) -> Option<Formation> {
        Formation::ALL.into_iter().find(|f| f.key() == s)
    }
    /// Massed, mounted or limbered targets take an extra die (Fire Effect Table).
    pub fn dense(self) -> bool {
        matches!(
            self,
            Formation::Masses | Formation::Mounted | Formation::Scouting | Formation::Limbered
        )
    }
    pub fn mounted(self) -> bool {
        matches!(self, Formation::Mounted | Formation::Scouting)
    }
}

/// Command and Control 1: the orders of infantry, cavalry and vehicles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Orders {
    Attack,
    Probe,
    Defend,
    CounterAttack,
    /// Units that need no orders (artillery, MGs, figures).
    None,
}

impl Orders {
    pub const GIVEN: [Orders; 4] = [
        Orders::Attack,
        Orders::Probe,
        Orders::Defend,
        Orders::CounterAttack,
    ];
    pub fn key(self) -> &'static str {
        match self {
            Orders::Attack => "attack",
            Orders::Probe => "probe",
            Orders::Defend => "defend",
            Orders::CounterAttack => "counter_attack",
            Orders::None => "none",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Orders::Attack => "Attack",
            Orders::Probe => "Probe",
            Orders::Defend => "Defend",
            Orders::CounterAttack => "Counter Attack",
            Orders::None => "no orders",
        }
    }
    pub fn parse(s: &str) -> Option<Orders> {
        Orders::GIVEN.into_iter().find(|o| o.key() == s)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    Elite,
    Regular,
    Poor,
}

impl Quality {
    pub fn parse(s: &str) -> Option<Quality> {
        match s {
            "elite" => Some(Quality::Elite),
            "regular" => Some(Quality::Regular),
            "poor" => Some(Quality::Poor),
            _ => None,
        }
    }
    /// Turn Sequence 5a: +1 Elite, -1 Poor on each activation die.
    pub fn die_modifier(self) -> i8 {
        match self {
            Quality::Elite => 1,
            Quality::Regular => 0,
            Quality::Poor => -1,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Quality::Elite => "elite",
            Quality::Regular => "regular",
            Quality::Poor => "poor",
        }
    }
}

/// Artillery Positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Position {
    Unmasked,
    SemiMasked,
    Masked,
}

impl Position {
    pub fn parse(s: &str) -> Option<Position> {
        match s {
            "unmasked" => Some(Position::Unmasked),
            "semi_masked" => Some(Position::SemiMasked),
            "masked" => Some(Position::Masked),
            _ => None,
        }
    }
    /// The dead zone in squares in front of the guns.
    pub fn dead_zone(self) -> u8 {
        match self {
            Position::Unmasked => 0,
            Position::SemiMasked => 1,
            Position::Masked => 2,
        }
    }
}

/// One unit (or command figure) of either side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    /// Its type (index into the scenario's unit types).
    pub kind: u8,
    pub at: Sq,
    pub facing: Facing,
    pub formation: Formation,
    pub orders: Orders,
    pub quality: Quality,
    /// Bases still on the table.
    pub bases: u8,
    /// Bases lost so far (each costs a point of activation, Turn Sequence 5b).
    pub lost: u8,
    /// Black rings on the damaged base of artillery or a vehicle (Firing 9).
    pub rings: u8,
    /// Hit markers not yet resolved.
    pub hits: u8,
    pub co: Option<UnitId>,
    pub with: Option<UnitId>,
    pub position: Position,
    /// Where the unit is: on the table, waiting to arrive, carried, or gone.
    pub status: Status,
    /// The turn it arrives (reinforcements).
    pub arrives: u8,
    pub carried_by: Option<UnitId>,
    /// Hiding (Activation Table, score below 0, in cover).
    pub hiding: bool,
    /// Hid in the turn before this one (costs a point of activation).
    pub hid_last_turn: bool,
    /// Retreating this turn (Overrun: flees more easily).
    pub retreating: bool,
    /// Rallying this turn.
    pub rallying: bool,
    /// Has moved or fired since it last stood concealed (Observation 1).
    pub revealed: bool,
    /// Fired at since it last activated ("under fire", our reading).
    pub under_fire: bool,
    /// Fired at by small arms since it last activated (Artillery Firing 9).
    pub under_small_arms: bool,
    /// Its card is turned face down: it holds its fire (Firing 2).
    pub holding_fire: bool,
    /// Has activated (or fired out of turn) this turn.
    pub acted: bool,
    /// What it did at its last activation, for its casualties (Firing 9).
    pub last_moved: bool,
    pub last_fired: bool,
    pub advanced_in_open: bool,
    /// The unit it last fired at (artillery changing target, -1).
    pub last_target: Option<UnitId>,
    /// Pinned (a CO or MG, Firing 10) until the end of this turn number.
    pub pinned_until: u8,
    /// Digging markers (Digging In 1a) and temporary trenches.
    pub digging: u8,
    pub trenches: bool,
    /// Howitzers in a masked position: turns spent coming into action.
    pub readiness: u8,
    /// Vehicles: broken down (Turn Sequence 6), bogged, or damaged (must
    /// retreat on its next move); heavy tanks pinned until a turn.
    pub broken_down: bool,
    /// The turn it broke down (it may restart only in a later turn).
    #[serde(default)]
    pub broke_down_turn: u8,
    /// Red infantry that ignored this card's SPADE under a Commissar's eye
    /// (Turn Sequence 6).
    #[serde(default)]
    pub defied_spades: bool,
    pub bogged: bool,
    pub damaged: bool,
    /// The train: disabled at five hits.
    pub disabled: bool,
    /// Has fired this turn (the optional rule for armoured cars).
    #[serde(default)]
    pub fired_this_turn: bool,
    /// Masses or waves that drew another heart after moving may fire at
    /// 2 squares or less (Firing 3).
    pub move_fire: bool,
    /// Mounted Combat 3: where the horse holders of dismounted cavalry
    /// stand, always a square next to the riflemen (None while mounted).
    #[serde(default)]
    pub horses: Option<Sq>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    OnTable,
    /// A reinforcement not yet arrived, or a unit carried by the train or a
    /// lorry.
    Waiting,
    /// Left the table by retreating; rallies with a red card to come back.
    OffTable,
    /// Destroyed, fled when overrun, or lost its last base.
    Gone,
}

/// A card dealt to a unit or an officer this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealt {
    pub card: Card,
    /// The officer or unit holding it.
    pub holder: UnitId,
    /// Turned over with the officers, artillery and vehicles (stage 1), or
    /// with the standalone units (stage 2).
    pub stage: u8,
    pub face_up: bool,
    /// An Ace's owner has said high (true) or low (false).
    pub ace_high: Option<bool>,
    /// The units it activates (an officer's subordinates in the same or a
    /// contiguous square when dealt, with their MGs and tchankas).
    pub group: Vec<UnitId>,
    pub played: bool,
    /// Its units activated without a roll (they may not close on the enemy).
    pub auto: bool,
}

/// Where the turn stands, and who decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Turn Sequence 2: a side moves its headquarters.
    Headquarters(Side),
    /// A turned Ace: its owner says whether it counts high or low.
    Ace {
        card: u8,
    },
    /// The train's two cards are turned: its owner keeps one.
    TrainCard {
        unit: UnitId,
    },
    /// Before the next card is played, a side holding a turned Joker may
    /// play it now (Turn Sequence 3).
    Joker(Side),
    /// A card is played: its owner rolls for activation or, where allowed,
    /// activates without rolling.
    Activate {
        card: u8,
    },
    /// The units of the played card act, one at a time, on `score`.
    Act {
        card: u8,
        score: i8,
    },
    /// A unit is moving square by square.
    Moving(Move),
    /// Mounted Combat 1: mounted cavalry ended its move next to more than
    /// one enemy unit in the open; its owner chooses which it attacks.
    Charge {
        unit: UnitId,
        card: u8,
        score: i8,
        squares: u8,
    },
    /// The other side may fire at a unit that has just entered a square.
    Reaction {
        mover: UnitId,
        side: Side,
    },
    GameOver,
}

/// A move under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub unit: UnitId,
    pub card: u8,
    pub score: i8,
    /// Squares entered so far.
    pub squares: u8,
    /// The path has met closed terrain, an obstacle or friends.
    pub closed: bool,
    /// Every square so far was entered along a road.
    pub road: bool,
    /// Has wheeled in the square it last entered.
    pub wheeled: bool,
    /// May not enter a square next to the enemy (it activated without a roll).
    pub keep_off_enemy: bool,
    /// The unit overran an enemy: one more square at most.
    pub overran: bool,
    /// The most squares this move may still reach in all (after an
    /// overrun: one more; after crossing wire: none).
    pub cap: u8,
}

/// A decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Turn Sequence 2: move a headquarters one square.
    MoveHq {
        unit: UnitId,
        to: Sq,
    },
    HqDone,
    AceHigh {
        card: u8,
        high: bool,
    },
    KeepTrainCard {
        card: u8,
    },
    PlayJoker {
        card: u8,
    },
    NoJoker,
    /// Roll the activation dice for the card's units.
    Roll,
    /// Activate without rolling (no hits or losses; may not close on the enemy).
    Auto,
    /// Start moving a unit.
    Move {
        unit: UnitId,
    },
    Step {
        to: Sq,
    },
    /// Wheel 45 degrees, or about face, in the square just entered.
    Wheel {
        facing: Facing,
    },
    StopMoving,
    /// Wheel up to 90 degrees (or about face) instead of moving.
    Face {
        unit: UnitId,
        facing: Facing,
    },
    Reform {
        unit: UnitId,
        formation: Formation,
    },
    Fire {
        unit: UnitId,
        target: UnitId,
    },
    /// A vehicle fires and discards its other card to cancel the vehicle's
    /// -1 (Fire Effect Table).
    FireDiscarding {
        unit: UnitId,
        target: UnitId,
    },
    /// Red infantry with a CHEKA or Commissar in or next to its square
    /// ignores the SPADE, taking the difference of 2d6 in hit markers
    /// (Turn Sequence 6).
    DefySpades {
        unit: UnitId,
    },
    /// The train (or a lorry) puts the unit it carries into an adjacent
    /// square, which takes its whole activation (Armoured Trains 5).
    Unload {
        unit: UnitId,
        carried: UnitId,
        to: Sq,
    },
    Observe {
        unit: UnitId,
        target: UnitId,
    },
    HoldFire {
        unit: UnitId,
    },
    DigIn {
        unit: UnitId,
    },
    Rally {
        unit: UnitId,
    },
    /// Ask headquarters for new orders.
    AskOrders {
        unit: UnitId,
        orders: Orders,
    },
    /// A support battalion replaces an adjacent battalion's losses.
    Replace {
        unit: UnitId,
        into: UnitId,
    },
    /// The unit does nothing more this activation.
    Done {
        unit: UnitId,
    },
    /// The card's remaining units do nothing more.
    EndCard,
    /// Mounted Combat 1: the mounted attack's target, when there are several.
    Charge {
        unit: UnitId,
        target: UnitId,
    },
    /// Artillery Positions 2: a semi-masked battery wheels its guns up to
    /// the obstacle (on 2+) and is unmasked from then on.
    WheelUp {
        unit: UnitId,
    },
    /// Out of turn: fire at the unit that has just moved.
    ReactFire {
        unit: UnitId,
    },
    LetPass,
}

impl Action {
    /// The unit the decision is about (the one that moves, fires, reforms...),
    /// for the board's clicks; `None` for decisions about no one unit.
    pub fn unit(&self) -> Option<UnitId> {
        match *self {
            Action::MoveHq { unit, .. }
            | Action::Move { unit }
            | Action::Face { unit, .. }
            | Action::Reform { unit, .. }
            | Action::Fire { unit, .. }
            | Action::FireDiscarding { unit, .. }
            | Action::DefySpades { unit }
            | Action::Unload { unit, .. }
            | Action::Observe { unit, .. }
            | Action::HoldFire { unit }
            | Action::DigIn { unit }
            | Action::Rally { unit }
            | Action::AskOrders { unit, .. }
            | Action::Replace { unit, .. }
            | Action::Done { unit }
            | Action::Charge { unit, .. }
            | Action::WheelUp { unit }
            | Action::ReactFire { unit } => Some(unit),
            _ => None,
        }
    }

    /// The other unit the decision names: a target fired at or observed, a
    /// battalion whose losses are replaced, a unit unloaded.
    pub fn other_unit(&self) -> Option<UnitId> {
        match *self {
            Action::Fire { target, .. }
            | Action::FireDiscarding { target, .. }
            | Action::Observe { target, .. }
            | Action::Charge { target, .. } => Some(target),
            Action::Replace { into, .. } => Some(into),
            Action::Unload { carried, .. } => Some(carried),
            _ => None,
        }
    }

    /// The square the decision goes to: a step, a headquarters' move, an unloading.
    pub fn square(&self) -> Option<Sq> {
        match *self {
            Action::Step { to } | Action::MoveHq { to, .. } | Action::Unload { to, .. } => Some(to),
            _ => None,
        }
    }
}

/// Why a die count or a score moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Part {
    Close,
    Effective,
    Long,
    FiringLine,
    Oblique,
    Massed,
    Enfilade,
    Moving,
    Wild,
    HeldFire,
    ChangingTarget,
    Protected,
    Unobserved,
    Vehicle,
    Hits,
    Losses,
    Hid,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnBegins {
        turn: u8,
    },
    Arrived {
        unit: UnitId,
    },
    Shuffled,
    /// A card dealt face down.
    Dealt {
        holder: UnitId,
        count: u8,
    },
    Turned {
        holder: UnitId,
        card: Card,
    },
    AceCounts {
        card: Card,
        high: bool,
    },
    TrainKeeps {
        card: Card,
        discarded: Card,
    },
    CardPlayed {
        holder: UnitId,
        card: Card,
    },
    /// Activation: the dice, the one dropped for a CO, the points taken off
    /// and the score.
    Activation {
        holder: UnitId,
        dice: Vec<u8>,
        dropped: Option<u8>,
        quality: i8,
        penalties: Vec<(Part, i8)>,
        battalions: u8,
        score: i8,
    },
    AutoActivation {
        holder: UnitId,
    },
    Casualties {
        unit: UnitId,
        hits: u8,
        divisor: u8,
        sure: u8,
        roll: Option<u8>,
        lost: u8,
    },
    Rings {
        unit: UnitId,
        hits: u8,
        lost: u8,
    },
    HitsCleared {
        unit: UnitId,
    },
    Moved {
        unit: UnitId,
        from: Sq,
        to: Sq,
    },
    Faced {
        unit: UnitId,
        facing: Facing,
    },
    Reformed {
        unit: UnitId,
        formation: Formation,
    },
    OrdersChanged {
        unit: UnitId,
        orders: Orders,
        roll: u8,
        need: u8,
        ok: bool,
    },
    Observed {
        observer: UnitId,
        target: UnitId,
        dice: Vec<u8>,
        /// +1 looking down from a crest or forward slope (our reading).
        uphill: u8,
        need: u8,
        ok: bool,
    },
    Fired {
        firer: UnitId,
        target: UnitId,
        aspect: Aspect,
        range: u8,
        parts: Vec<(Part, i8)>,
        dice: Vec<u8>,
        score: u8,
        automatic: u8,
        hits: u8,
    },
    HoldsFire {
        unit: UnitId,
    },
    Dug {
        unit: UnitId,
        markers: u8,
    },
    /// Artillery Positions 3: a masked howitzer places its firing platform.
    Platform {
        unit: UnitId,
    },
    Trenches {
        unit: UnitId,
        dice: Vec<u8>,
        made: bool,
    },
    Rallied {
        unit: UnitId,
    },
    Replaced {
        from: UnitId,
        into: UnitId,
    },
    Retreats {
        unit: UnitId,
        path: Vec<Sq>,
    },
    Hides {
        unit: UnitId,
    },
    LeftTable {
        unit: UnitId,
    },
    Fled {
        unit: UnitId,
        roll: Option<u8>,
        need: u8,
    },
    /// Machine Guns 3: the guns of a retreating unit are saved on a d6 no
    /// higher than `need`.
    GunsSaved {
        unit: UnitId,
        roll: u8,
        need: u8,
        saved: bool,
    },
    Stands {
        unit: UnitId,
        roll: Option<u8>,
        need: u8,
    },
    Removed {
        unit: UnitId,
    },
    FigureCard {
        unit: UnitId,
        card: Card,
        pinned: bool,
        removed: bool,
    },
    VehicleCard {
        unit: UnitId,
        card: Card,
        effect: bool,
    },
    BrokeDown {
        unit: UnitId,
        card: Card,
    },
    /// A broken-down vehicle's two cards: two reds restart it.
    Restarted {
        unit: UnitId,
        cards: Vec<Card>,
        ok: bool,
    },
    /// Red infantry ignore the SPADE: 2d6 and the hits taken.
    Spades {
        unit: UnitId,
        dice: Vec<u8>,
        hits: u8,
    },
    /// A vehicle discards its other card to fire without the -1.
    Discarded {
        unit: UnitId,
        card: Card,
    },
    /// Artillery Firing 6: the card drawn for buildings shot at.
    BuildingCard {
        at: Sq,
        card: Card,
        burning: bool,
    },
    Unloaded {
        unit: UnitId,
        carried: UnitId,
        to: Sq,
    },
    /// A unit off the table rallied and drew for its return (a red card
    /// brings it back on its baseline).
    Returned {
        unit: UnitId,
        card: Card,
        to: Option<Sq>,
    },
    MountedCombat {
        attacker: UnitId,
        defender: UnitId,
        attacker_hits: u8,
        defender_hits: u8,
    },
    /// A howitzer or heavy gun tries to fire through its observation post.
    ObservationPost {
        gun: UnitId,
        post: UnitId,
        roll: u8,
        ok: bool,
    },
    /// A card drawn for wire under artillery fire.
    WireCard {
        at: Sq,
        card: Card,
    },
    WireCleared {
        at: Sq,
    },
    /// A disabled armoured train taken by enemy infantry.
    TrainCaptured {
        unit: UnitId,
        by: Side,
    },
    /// Mounted Combat 3: the horse holders of dismounted cavalry go to a
    /// square (None: the riflemen remount and the horses rejoin them).
    Horses {
        unit: UnitId,
        at: Option<Sq>,
    },
    /// Artillery Positions 2: a semi-masked battery wheels up its guns.
    WheeledUp {
        unit: UnitId,
    },
    /// Command and Control 1: Attack orders stopped by a forced hide or
    /// retreat become `orders` (our reading: Defend).
    OrdersLapse {
        unit: UnitId,
        orders: Orders,
    },
    /// Command and Control 3: a headquarters under fire rolls to move
    /// (it moves on 2 or more, and may not issue orders this turn).
    HqActivation {
        unit: UnitId,
        roll: u8,
        ok: bool,
    },
    TurnEnds {
        turn: u8,
    },
    GameOver {
        outcome: Outcome,
    },
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub turn: u8,
    pub phase: Phase,
    pub units: Vec<Unit>,
    /// The draw pile (the last card is drawn first) and the discards.
    pub deck: Vec<Card>,
    pub discards: Vec<Card>,
    pub dealt: Vec<Dealt>,
    /// 1 while officers, artillery and vehicles play; 2 for standalone units.
    pub stage: u8,
    /// The side that played the last card (a Joker interrupt asks the other first).
    pub last_side: Side,
    /// Observations made this turn: (observer, target) (Observation 4).
    pub observed: Vec<(UnitId, UnitId)>,
    /// A move waiting while the other side decides whether to fire at it.
    pub paused_move: Option<Move>,
    /// Sides that declined to play their Joker before the next card.
    pub joker_passed: [bool; 2],
    /// Each objective's holder (None: nobody yet).
    pub held: Vec<Option<Side>>,
    /// Bases each side has lost.
    pub losses: [u16; 2],
    /// The optional rules chosen: armoured cars fire once a turn; armour
    /// moves one square a card off the road.
    #[serde(default)]
    pub options: [bool; 2],
    /// Village and town squares set on fire by artillery (Artillery Firing 6).
    #[serde(default)]
    pub burning: Vec<Sq>,
    /// Gaps tanks have driven through wire: the square left and the
    /// direction (a `Dir` as a number), usable only that way (Terrain 3).
    #[serde(default)]
    pub wire_gaps: Vec<(Sq, u8)>,
    /// Squares whose wire artillery has cleared (Artillery Firing 7).
    #[serde(default)]
    pub wire_cleared: Vec<Sq>,
    pub rng: GameRng,
    /// Dice "set on the table" for tests: rolled before the generator is asked.
    #[serde(default)]
    pub loaded: Vec<u8>,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id as usize]
    }
    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.status == Status::OnTable)
    }
    pub fn at(&self, sq: Sq) -> impl Iterator<Item = &Unit> {
        self.on_table().filter(move |u| u.at == sq)
    }
}
