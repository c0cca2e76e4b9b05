//! What changes during a campaign: the state, the decisions (actions) and
//! what happens (events).

use crate::scenario::{At, CardId, CityId, CitySet, UnitType};
use engine::{GameRng, Outcome, Side};
use serde::{Deserialize, Serialize};

pub type UnitId = u16;

/// One counter on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub kind: UnitType,
    pub side: Side,
    pub city: CityId,
    pub reduced: bool,
    /// Activated this turn (may move and attack).
    pub activated: bool,
    /// Its move this turn is over.
    pub moved: bool,
    /// Movement points left this turn.
    pub mp: u8,
    /// Has attacked this turn (4.3: once a turn).
    pub attacked: bool,
}

/// What makes units interchangeable: kind, reduced, city, movement points
/// left, and whether activated, moved and attacked (see `Unit::twin_key`).
pub type TwinKey = (UnitType, bool, CityId, u8, bool, bool, bool);

impl Unit {
    /// Units with the same key are interchangeable: the choices list only the
    /// first of them (the board takes a click on any of them for it).
    pub fn twin_key(&self) -> TwinKey {
        (
            self.kind,
            self.reduced,
            self.city,
            self.mp,
            self.activated,
            self.moved,
            self.attacked,
        )
    }
}

/// Keeps the first of each set of interchangeable units.
pub fn first_of_twins(seen: &mut Vec<TwinKey>, u: &Unit) -> bool {
    let k = u.twin_key();
    if seen.contains(&k) {
        false
    } else {
        seen.push(k);
        true
    }
}

/// One side's cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    /// Face down; the last card is drawn first.
    pub draw: Vec<CardId>,
    pub reshuffle: Vec<CardId>,
    pub hand: Vec<CardId>,
    /// Played as events and kept in front for later use.
    pub kept: Vec<CardId>,
    /// Starred cards played as events: out of the game.
    pub removed: Vec<CardId>,
}

/// Where a new unit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Reinforcement,
    Card(CardId),
}

/// A unit waiting to be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub side: Side,
    pub unit: UnitType,
    pub reduced: bool,
    pub at: At,
    pub source: Source,
}

/// What the turn in progress allows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub side: Option<Side>,
    pub card: Option<CardId>,
    /// Cities still to activate.
    pub ap: u8,
    pub activated: CitySet,
    pub may_move: bool,
    pub may_attack: bool,
    /// Added to every attack roll this turn (an event such as Russian artillery).
    pub attack_roll: i8,
    pub attacked: CitySet,
    /// The unit whose move is under way.
    pub mover: Option<UnitId>,
}

/// A card's event being carried out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectCursor {
    pub card: CardId,
    /// The next effect to start.
    pub next: u8,
    /// What is left of the effect under way (units to repair, hits to give…).
    pub left: u8,
}

/// Why a die roll or a column moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    /// 4.3: some attacker attacks along a road only.
    Road,
    /// 2.3: Reds fighting Germans.
    Germans,
    /// 4.3: fieldworks in the attacked city.
    Fieldworks,
    /// A card's event this turn.
    Event(CardId),
    /// A card kept in front, used now.
    Kept(CardId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub cause: Cause,
    pub value: i8,
}

/// One side's roll in a combat, with the arithmetic behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub side: Side,
    /// Attack or defence value: the units' combat values summed.
    pub value: u8,
    /// The column the value falls in, and the shifts applied to it.
    pub base_column: u8,
    pub shifts: Vec<Modifier>,
    pub column: u8,
    pub column_label: String,
    pub die: u8,
    pub modifiers: Vec<Modifier>,
    /// The die with its modifiers, kept within 1–6.
    pub modified: u8,
    pub hits: u8,
    pub star: bool,
}

/// The combat under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub target: CityId,
    pub attacker: Side,
    pub attackers: Vec<UnitId>,
    /// Modifiers from cards kept in front, used after the declaration.
    pub kept: Vec<(CardId, Side)>,
    /// Which sides have been asked about their kept cards.
    pub asked: [bool; 2],
    /// Hits still to take, by side index.
    pub hits: [u8; 2],
    /// A star result not yet satisfied, by side index.
    pub star: [bool; 2],
    pub retreat: bool,
    pub advanced: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Units waiting in `State::placements` are placed one by one.
    Place,
    /// The side to play picks a card, as an event or as action points.
    PlayCard,
    /// 4.1: activate cities, one action point each.
    Activate,
    /// 4.2: move activated units one at a time.
    Move,
    /// 4.3: declare attacks, or end the turn.
    Attack,
    /// Pick the units that attack the declared target.
    Attackers,
    /// A side may use a card kept in front.
    Respond(Side),
    /// A side takes its hits, one at a time.
    Losses(Side),
    /// The defender retreats its units.
    Retreat,
    /// The attacker may advance into the empty city.
    Advance,
    /// An event: turn reduced units to full strength.
    Repair,
    /// An event: build fieldworks.
    Fieldworks,
    /// An event: hits on enemy units.
    Reduce,
    /// An event: take an empty enemy city.
    Control,
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    /// 1 January … 5 May.
    pub month: u8,
    pub phase: Phase,
    /// Who holds each city.
    pub control: Vec<Side>,
    pub fieldworks: CitySet,
    pub units: Vec<Unit>,
    pub next_unit: UnitId,
    pub decks: [Deck; 2],
    pub turn: Turn,
    pub placements: Vec<Placement>,
    /// The card event under way (placements made for it go on with it).
    pub effects: Option<EffectCursor>,
    pub combat: Option<Combat>,
    pub outcome: Option<Outcome>,
}

impl State {
    /// A new counter on the map (not activated); returns its id.
    pub fn add_unit(&mut self, kind: UnitType, side: Side, city: CityId, reduced: bool) -> UnitId {
        let id = self.next_unit;
        self.next_unit += 1;
        self.units.push(Unit {
            id,
            kind,
            side,
            city,
            reduced,
            activated: false,
            moved: false,
            mp: 0,
            attacked: false,
        });
        id
    }

    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }
    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }
    pub fn units_in(&self, city: CityId) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.city == city)
    }
    /// The side whose units stand in `city`, if any.
    pub fn occupant(&self, city: CityId) -> Option<Side> {
        self.units.iter().find(|u| u.city == city).map(|u| u.side)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Place the waiting unit in this city.
    Place {
        city: CityId,
    },
    PlayEvent {
        card: CardId,
    },
    PlayPoints {
        card: CardId,
    },
    Activate {
        city: CityId,
    },
    DoneActivating,
    /// Move a unit one link on (its move ends when another unit moves).
    Step {
        unit: UnitId,
        to: CityId,
    },
    DoneMoving,
    Declare {
        target: CityId,
    },
    EndTurn,
    AddAttacker {
        unit: UnitId,
    },
    Launch,
    UseKept {
        card: CardId,
    },
    NoResponse,
    /// Take one hit on this unit.
    Hit {
        unit: UnitId,
    },
    Retreat {
        unit: UnitId,
        to: CityId,
    },
    Advance {
        unit: UnitId,
    },
    StayPut,
    Repair {
        unit: UnitId,
    },
    Fieldworks {
        city: CityId,
    },
    Reduce {
        unit: UnitId,
    },
    Control {
        city: CityId,
    },
    /// Stop an optional event effect ("up to" so many).
    Enough,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    MonthBegins {
        month: u8,
    },
    /// The cards are blanked for the other side.
    CardsDealt {
        side: Side,
        cards: Vec<CardId>,
        count: u8,
    },
    Shuffled {
        side: Side,
        cards: u8,
    },
    CardPlayed {
        side: Side,
        card: CardId,
        as_event: bool,
    },
    CardKept {
        side: Side,
        card: CardId,
    },
    CardRemoved {
        side: Side,
        card: CardId,
    },
    Placed {
        side: Side,
        unit: UnitId,
        kind: UnitType,
        city: CityId,
        reduced: bool,
        source: Source,
    },
    NotPlaced {
        side: Side,
        kind: UnitType,
        reason: String,
    },
    Activated {
        side: Side,
        city: CityId,
        units: u8,
    },
    Moved {
        unit: UnitId,
        kind: UnitType,
        from: CityId,
        to: CityId,
        cost: u8,
        mp_left: u8,
    },
    Captured {
        city: CityId,
        by: Side,
    },
    FieldworksBuilt {
        city: CityId,
    },
    FieldworksDestroyed {
        city: CityId,
    },
    Repaired {
        unit: UnitId,
        kind: UnitType,
        city: CityId,
    },
    /// A unit took a hit: reduced, or removed if it was reduced already.
    Hit {
        unit: UnitId,
        kind: UnitType,
        side: Side,
        city: CityId,
        removed: bool,
    },
    AttackDeclared {
        side: Side,
        target: CityId,
        attackers: Vec<UnitId>,
    },
    KeptUsed {
        side: Side,
        card: CardId,
    },
    AttackCancelled {
        target: CityId,
        card: CardId,
    },
    Combat {
        target: CityId,
        attack: Roll,
        defence: Roll,
    },
    Retreats {
        required: bool,
        difference: i8,
        needed: i8,
    },
    Retreated {
        unit: UnitId,
        kind: UnitType,
        from: CityId,
        to: CityId,
    },
    Surrendered {
        unit: UnitId,
        kind: UnitType,
        city: CityId,
    },
    Advanced {
        unit: UnitId,
        kind: UnitType,
        from: CityId,
        to: CityId,
    },
    SupplyCut {
        side: Side,
        cities: Vec<CityId>,
    },
    OutOfSupply {
        unit: UnitId,
        kind: UnitType,
        city: CityId,
    },
    CityLost {
        city: CityId,
        to: Side,
    },
    TurnEnds {
        side: Side,
    },
    GameOver {
        outcome: Outcome,
    },
}
