//! What changes during a game of Death on the Rails: one value, with its own
//! seeded generator, cheap to clone.

use crate::map::{AreaId, AreaSet};

use crate::scenario::{TrainPart, UnitId};
use engine::{GameRng, Outcome, Side};
use serde::{Deserialize, Serialize};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Not on the map yet: waiting to be set up, or a reinforcement.
    Pool,
    Area(AreaId),
    /// Removed: destroyed or disbanded.
    Gone,
    /// Left the map from the enemy setup area (Narva).
    Exited,
    /// Evacuated on the armoured train (Tapa).
    Evacuated,
}

impl Place {
    pub fn area(self) -> Option<AreaId> {
        match self {
            Place::Area(a) => Some(a),
            _ => None,
        }
    }
}

/// Per-unit markers, as bits.
pub mod flag {
    /// Fired (or took part in group fire) this turn.
    pub const FIRED: u8 = 1;
    /// Moved this turn.
    pub const MOVED: u8 = 2;
    /// Kiltsi: asleep, cannot be activated.
    pub const ASLEEP: u8 = 4;
    /// Tapa: has been in the objective building (may be evacuated).
    pub const VISITED_BUILDING: u8 = 16;
    /// Mustjõe: a reinforcement that has used its extra move.
    pub const EXTRA_MOVE_USED: u8 = 32;
}

/// One unit's changing state in four bytes: where it is (the kind of place
/// and, on the map, the area), its strength and its markers. Every byte is
/// a plain number, so a unit reads as one word ([`UnitState::word`]) and
/// lists of units compare a word at a time (the invariants, checked after
/// every step, lean on this). `place()` gives the place as a [`Place`].
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize, bytemuck::Pod, bytemuck::Zeroable)]
#[serde(from = "UnitStateData", into = "UnitStateData")]
#[repr(C)]
pub struct UnitState {
    kind: u8,
    area: AreaId,
    pub strength: u8,
    pub flags: u8,
}

/// [`UnitState::kind`] values; `ON_MAP` is the only one with an area.
pub mod place_kind {
    pub const ON_MAP: u8 = 0;
    pub const POOL: u8 = 1;
    pub const GONE: u8 = 2;
    pub const EXITED: u8 = 3;
    pub const EVACUATED: u8 = 4;
}

impl UnitState {
    pub fn new(place: Place, strength: u8, flags: u8) -> UnitState {
        let mut u = UnitState {
            kind: 0,
            area: 0,
            strength,
            flags,
        };
        u.put(place);
        u
    }

    pub fn place(&self) -> Place {
        match self.kind {
            place_kind::ON_MAP => Place::Area(self.area),
            place_kind::POOL => Place::Pool,
            place_kind::GONE => Place::Gone,
            place_kind::EXITED => Place::Exited,
            _ => Place::Evacuated,
        }
    }

    /// Puts the unit in a place without updating the area sets: only for
    /// [`State::set_place`], and for tests that break a state on purpose.
    pub fn put(&mut self, place: Place) {
        (self.kind, self.area) = match place {
            Place::Area(a) => (place_kind::ON_MAP, a),
            Place::Pool => (place_kind::POOL, 0),
            Place::Gone => (place_kind::GONE, 0),
            Place::Exited => (place_kind::EXITED, 0),
            Place::Evacuated => (place_kind::EVACUATED, 0),
        };
    }

    /// The kind of place (a [`place_kind`] value).
    pub fn kind(&self) -> u8 {
        self.kind
    }

    /// The unit as one word: kind of place, area, strength and markers,
    /// lowest byte first.
    pub fn word(&self) -> u32 {
        u32::from_le_bytes([self.kind, self.area, self.strength, self.flags])
    }

    pub fn has(&self, f: u8) -> bool {
        self.flags & f != 0
    }
}

impl std::fmt::Debug for UnitState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnitState")
            .field("place", &self.place())
            .field("strength", &self.strength)
            .field("flags", &self.flags)
            .finish()
    }
}

/// How a unit's state is written in JSON (as it was before the place
/// became two bytes).
#[derive(Serialize, Deserialize)]
struct UnitStateData {
    place: Place,
    strength: u8,
    flags: u8,
}

impl From<UnitStateData> for UnitState {
    fn from(d: UnitStateData) -> UnitState {
        UnitState::new(d.place, d.strength, d.flags)
    }
}

impl From<UnitState> for UnitStateData {
    fn from(u: UnitState) -> UnitStateData {
        UnitStateData {
            place: u.place(),
            strength: u.strength,
            flags: u.flags,
        }
    }
}

/// A set of units, as a bit mask.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    bytemuck::Pod,
    bytemuck::Zeroable,
)]
#[repr(transparent)]
pub struct UnitSet(pub u64);

impl UnitSet {
    pub const EMPTY: UnitSet = UnitSet(0);
    pub fn contains(self, u: UnitId) -> bool {
        self.0 >> u & 1 == 1
    }
    pub fn insert(&mut self, u: UnitId) {
        self.0 |= 1u64 << u;
    }
    pub fn remove(&mut self, u: UnitId) {
        self.0 &= !(1u64 << u);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn iter(self) -> impl Iterator<Item = UnitId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let u = bits.trailing_zeros() as UnitId;
                bits &= bits - 1;
                Some(u)
            }
        })
    }
}

/// Up to eight dice, as rolled and then raised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    pub len: u8,
    pub values: [u8; 8],
}

impl Dice {
    pub fn as_slice(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }
    pub fn from_slice(v: &[u8]) -> Dice {
        let mut d = Dice::default();
        for (i, x) in v.iter().take(8).enumerate() {
            d.values[i] = *x;
        }
        d.len = v.len().min(8) as u8;
        d
    }
}

/// Which kind of combat, and so where play goes on after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatMode {
    /// 6.2 Fire, as the active player's action.
    Fire,
    /// 6.3 Reaction fire against a unit that just moved.
    Reaction,
    /// 9.2 Melee combat in an area at the end of the turn.
    Melee(AreaId),
}

/// A fire or melee combat under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub mode: CombatMode,
    pub attacker: Side,
    pub lead: UnitId,
    pub supports: UnitSet,
    pub target: UnitId,
    pub attack: Dice,
    pub defence: Dice,
}

/// Where play resumes once a nested decision is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resume {
    /// The active player's action is complete: move the initiative token on.
    FinishAction,
    /// Reaction fire is over: initiative back one step, then finish the action.
    FinishReaction,
    /// Go on with melee combat, from this area on.
    Melee(AreaId),
    /// Go on with the end of the turn after reinforcements.
    AfterReinforcements,
}

/// Whose decision, about what. The decision phases; everything automatic runs
/// inside `apply` until the next decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// GAME SETUP: `side` places its units in its setup areas.
    Setup {
        side: Side,
    },
    /// 6. Actions: the active player chooses movement, fire or pass.
    ChooseAction,
    /// 6.1: units of one area are being chosen to move together.
    MoveGroup {
        from: AreaId,
        group: UnitSet,
        extra: bool,
    },
    /// 6.1: the group has moved one area and may go on across open ground.
    MoveOn {
        group: UnitSet,
        from: AreaId,
        at: AreaId,
        entered_melee: bool,
        extra: bool,
    },
    /// 12: the armoured train moves along the railway.
    TrainMove {
        steps: u8,
    },
    /// 6.2 / 6.3 / 9.2: the lead unit is chosen; supporting units and the target next.
    Fire {
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
    },
    /// 9.3: an artillery unit chooses its target area.
    ArtilleryAim {
        unit: UnitId,
    },
    /// 9.1: the attacker (or defender) raises one die by 1 with ability A, M or D.
    Raise {
        combat: Combat,
        side: Side,
    },
    /// 12: the owner of a train hit by explosive charges chooses which part loses each step.
    TrainLoss {
        side: Side,
        losses: u8,
        then: Resume,
    },
    /// 6.3: the non-active player may fire at a unit that just moved.
    /// (The units that may be fired at are `State::just_moved`.)
    Reaction,
    /// Kiltsi: the Russian player wakes one sleeping Estonian unit.
    WakeUp {
        then: Resume,
    },
    /// Mustjõe: call the reinforcements at the end of the turn?
    CallReinforcements,
    /// Reinforcements are placed in the setup area.
    PlaceReinforcements {
        side: Side,
        then: Resume,
        extra_moves: bool,
    },
    /// Mustjõe: reinforcements may each move once.
    ExtraMoves,
    /// 9.2: melee combat in `area`; `attacker` chooses its lead unit.
    MeleeLead {
        area: AreaId,
        attacker: Side,
    },
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    pub phase: Phase,
    pub units: Vec<UnitState>,
    /// Artillery fire tokens per area.
    pub artillery_tokens: Vec<u8>,
    /// Sabotage tokens per area.
    pub sabotage: Vec<u8>,
    /// Charge hits on each side's armoured train.
    pub train_hits: [u8; 2],
    /// Controller of each objective token.
    pub control: Vec<Option<Side>>,
    pub active: Side,
    /// Initiative token: positive on Estonia's side, negative on Russia's.
    pub initiative: i8,
    /// The action card drawn for the active player's turn (hidden from them).
    pub card: Option<u8>,
    pub actions_done: u8,
    /// Draw pile; the top card is the last.
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    /// Each side's secret objective card.
    pub secret: [Option<u8>; 2],
    /// Mustjõe: the side that changed objectives first (its old card is revealed).
    pub objectives_changed: Option<(Side, u8)>,
    pub reinforcements_called: [bool; 2],
    /// Lehtse: fog still lies.
    pub fog: bool,
    /// Kiltsi: the first attack on railway or train has happened.
    pub alarm: bool,
    pub evacuated: u8,
    /// Narva: a real unit (not a dummy) of each side has left the map.
    pub exited: [bool; 2],
    /// Advanced rules (stacking limit, retreat) in effect.
    pub advanced: bool,
    /// Number of turns begun (one per action card drawn).
    pub turn: u32,
    /// Units that moved in the current movement action (for reaction fire).
    pub just_moved: UnitSet,
    pub outcome: Option<Outcome>,
    /// The units in each area (kept by `set_place`, checked by the invariants).
    pub area_units: Vec<UnitSet>,
    /// The units on the map, as a mask: the union of `area_units`, kept
    /// beside it (by `set_place`, checked by the invariants) because many
    /// rules start from it.
    pub on_map: u64,
    /// Advanced rules: the units that must retreat towards their setup area.
    pub retreating: UnitSet,
    /// Dice to roll next, last first, before the generator is asked: dice
    /// set on the table for a rule example or a test. Empty in normal play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loaded_dice: Vec<u8>,
}

impl State {
    /// Moves a unit to a place, keeping the per-area unit sets up to date.
    /// Every change of a unit's place goes through here.
    pub fn set_place(&mut self, u: UnitId, place: Place) {
        if let Place::Area(a) = self.units[u as usize].place() {
            self.area_units[a as usize].remove(u);
            self.on_map &= !(1 << u);
        }
        self.units[u as usize].put(place);
        if let Place::Area(a) = place {
            self.area_units[a as usize].insert(u);
            self.on_map |= 1 << u;
        }
    }

    pub fn area_of(&self, u: UnitId) -> Option<AreaId> {
        self.units[u as usize].place().area()
    }

    /// Units on the map in `area`.
    pub fn units_in(&self, area: AreaId) -> UnitSet {
        self.area_units[area as usize]
    }

    /// The areas holding any of `units` (those off the map are left out).
    /// It goes area by area, not unit by unit: the first unit found in an
    /// area takes the rest of that area's units off the list, so a side's
    /// areas cost a step each.
    pub fn areas_holding(&self, units: u64) -> AreaSet {
        let mut rest = units & self.on_map;
        let mut areas = AreaSet::default();
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            let a = self.units[u].area;
            areas.insert(a);
            let here = self.area_units.get(a as usize).map_or(0, |set| set.0);
            rest &= !(here | 1 << u);
        }
        areas
    }
}

/// What happened, for the log and the board. Everything is here: dice with the
/// numbers that set how many were rolled, cards, steps lost, reveals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// `secret`: placed during a simultaneous setup (hidden from the other side).
    Placed {
        side: Side,
        unit: UnitId,
        area: AreaId,
        secret: bool,
    },
    SetupDone {
        side: Side,
    },
    /// `card` is `None` where the viewer may not see it.
    ObjectiveCardDrawn {
        side: Side,
        card: Option<u8>,
    },
    TurnBegins {
        side: Side,
        turn: u32,
        new_initiative: bool,
    },
    ArtilleryTokensRemoved {
        areas: AreaSet,
    },
    FogCheck {
        roll: u8,
        needed: u8,
        discarded: u8,
        lifted: bool,
    },
    Reshuffled {
        cards: u8,
    },
    /// The opponent drew the action card for `side`'s turn (only they see
    /// it: `card` and `actions` are `None` for everybody else).
    ActionCardDrawn {
        side: Side,
        card: Option<u8>,
        actions: Option<u8>,
    },
    ActionDone {
        side: Side,
        number: u8,
    },
    ActionsUsedUp {
        side: Side,
        actions: u8,
    },
    InitiativeMoved {
        from: i8,
        to: i8,
    },
    Passed {
        side: Side,
    },
    Moved {
        units: UnitSet,
        from: AreaId,
        to: AreaId,
    },
    TrainMoved {
        side: Side,
        from: AreaId,
        to: AreaId,
    },
    ObjectiveTaken {
        objective: u8,
        side: Side,
    },
    Revealed {
        unit: UnitId,
        strength: u8,
    },
    /// The number of dice and what set it.
    DiceCount {
        side: Side,
        role: Role,
        total: u8,
        parts: DiceParts,
    },
    Rolled {
        side: Side,
        role: Role,
        dice: Dice,
    },
    Raised {
        side: Side,
        role: Role,
        from: u8,
        to: u8,
        why: RaiseReason,
    },
    Compared {
        attack: Dice,
        defence: Dice,
        attack_hits: u8,
        defence_hits: u8,
        ties_to_defender: bool,
    },
    FireResult {
        target: UnitId,
        steps: u8,
        decisive: bool,
    },
    NoCombatStrength {
        unit: UnitId,
    },
    StepsLost {
        unit: UnitId,
        steps: u8,
        strength: u8,
    },
    UnitRemoved {
        unit: UnitId,
        why: RemovedWhy,
    },
    ArtilleryFire {
        unit: UnitId,
        area: AreaId,
        part: Option<TrainPart>,
        dice: Dice,
        total: u8,
        hit: bool,
    },
    ArtilleryTokensPlaced {
        area: AreaId,
        tokens: u8,
    },
    Sabotage {
        unit: UnitId,
        area: AreaId,
        dice: Dice,
        /// Tokens placed: one for each 5 or 6, as long as the area has room
        /// (three) and the box has tokens left (nine in all).
        tokens: u8,
        total: u8,
        destroyed: bool,
    },
    Charges {
        unit: UnitId,
        train_side: Side,
        dice: Dice,
        hits: u8,
        total: u8,
        sixes: u8,
        immobilised: bool,
    },
    TrainPartHit {
        part: TrainPart,
        unit: UnitId,
    },
    MeleeBegins {
        area: AreaId,
    },
    MeleeEnds {
        area: AreaId,
    },
    MeleeLosses {
        attacker_lead: UnitId,
        attacker_steps: u8,
        defender: UnitId,
        defender_steps: u8,
    },
    WokeUp {
        unit: UnitId,
    },
    AllAwake,
    ReinforcementsArrive {
        side: Side,
    },
    /// The old card is shown to both; `new_card` is `None` where the viewer may not see it.
    ObjectivesChanged {
        side: Side,
        old_card: u8,
        new_card: Option<u8>,
    },
    MustRetreat {
        units: UnitSet,
    },
    RetreatEnded {
        unit: UnitId,
    },
    FogLifted,
    Exited {
        unit: UnitId,
    },
    Evacuated {
        unit: UnitId,
        total: u8,
    },
    GameOver {
        outcome: Outcome,
    },
}

impl Event {
    /// The blocks this event turns face up for both sides: a reveal, and the
    /// lead and the target of a fire combat or a melee (section 9.1: they are
    /// revealed; supporting units stay hidden).
    pub fn shows_faces(&self) -> UnitSet {
        let units: [Option<UnitId>; 2] = match *self {
            Event::Revealed { unit, .. } | Event::NoCombatStrength { unit } => [Some(unit), None],
            Event::FireResult { target, .. } => [Some(target), None],
            Event::MeleeLosses {
                attacker_lead,
                defender,
                ..
            } => [Some(attacker_lead), Some(defender)],
            _ => [None, None],
        };
        let mut set = UnitSet::EMPTY;
        // A unit number past the set (only a damaged file could hold one) is left out.
        for u in units.into_iter().flatten().filter(|&u| u < 64) {
            set.insert(u);
        }
        set
    }

    /// Whether this event can change a victory condition (so the victory
    /// check after a decision looks only when one happened).
    pub fn may_decide_the_game(&self) -> bool {
        matches!(
            self,
            Event::UnitRemoved { .. }
                | Event::ObjectiveTaken { .. }
                | Event::Exited { .. }
                | Event::Evacuated { .. }
                | Event::Sabotage { .. }
                | Event::Charges { .. }
                | Event::FogLifted
                | Event::ReinforcementsArrive { .. }
                | Event::Placed { .. }
                | Event::SetupDone { .. }
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}

/// The terms of one dice count, kept in place rather than on the heap, so
/// that an event holds no heap memory (random games make millions of them).
/// A count has at most four terms (strength, range or cover, stacking,
/// suppression); the saved and shown form is a plain list.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(into = "Vec<DicePart>", try_from = "Vec<DicePart>")]
pub struct DiceParts {
    len: u8,
    parts: [DicePart; DiceParts::MOST],
}

impl DiceParts {
    /// The most terms a dice count can have.
    pub const MOST: usize = 4;

    /// No terms (the places hold a filler never read).
    pub const NONE: DiceParts = DiceParts {
        len: 0,
        parts: [DicePart::Suppressed; DiceParts::MOST],
    };

    /// A count that starts with one term.
    pub fn of(first: DicePart) -> DiceParts {
        let mut parts = DiceParts::NONE;
        parts.push(first);
        parts
    }

    /// Adds a term. The rules never make more than [`DiceParts::MOST`]
    /// (a test shows each way of counting stays within it).
    pub fn push(&mut self, part: DicePart) {
        assert!(
            (self.len as usize) < DiceParts::MOST,
            "a dice count with more than {} terms",
            DiceParts::MOST
        );
        self.parts[self.len as usize] = part;
        self.len += 1;
    }
}

impl std::ops::Deref for DiceParts {
    type Target = [DicePart];
    fn deref(&self) -> &[DicePart] {
        &self.parts[..self.len as usize]
    }
}

impl PartialEq for DiceParts {
    fn eq(&self, other: &DiceParts) -> bool {
        self[..] == other[..]
    }
}

impl Eq for DiceParts {}

impl PartialEq<Vec<DicePart>> for DiceParts {
    fn eq(&self, other: &Vec<DicePart>) -> bool {
        self[..] == other[..]
    }
}

impl std::fmt::Debug for DiceParts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl From<DiceParts> for Vec<DicePart> {
    fn from(parts: DiceParts) -> Vec<DicePart> {
        parts.to_vec()
    }
}

impl TryFrom<Vec<DicePart>> for DiceParts {
    type Error = String;
    fn try_from(list: Vec<DicePart>) -> Result<DiceParts, String> {
        if list.len() > DiceParts::MOST {
            return Err(format!(
                "a dice count with {} terms (at most {})",
                list.len(),
                DiceParts::MOST
            ));
        }
        let mut parts = DiceParts::NONE;
        for p in list {
            parts.push(p);
        }
        Ok(parts)
    }
}

/// One term in a dice count: "strength 4", "−1 range 3", "−1 suppressed".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DicePart {
    Strength(u8),
    /// Melee: the steps a unit has left before it is gone.
    Steps(u8),
    /// 2 − range (range given), as the number of dice it adds.
    Range {
        range: u8,
        dice: i8,
    },
    /// Tapa: the heavy machine gun ignores a negative range modifier.
    RangeIgnored {
        range: u8,
    },
    Suppressed,
    /// Forest or building.
    Cover,
    /// Units beyond the area's size.
    Stacking {
        over: u8,
    },
}

impl DicePart {
    pub fn dice(self) -> i8 {
        match self {
            DicePart::Strength(s) | DicePart::Steps(s) => s as i8,
            DicePart::Range { dice, .. } => dice,
            DicePart::RangeIgnored { .. } => 0,
            DicePart::Suppressed => -1,
            DicePart::Cover => 1,
            DicePart::Stacking { over } => -(over as i8),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaiseReason {
    Ability(crate::data::Ability),
    Support,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovedWhy {
    /// Lost a step at critical strength (or had none to lose).
    Destroyed,
    /// Advanced rules: could not retreat.
    Disbanded,
    /// A dummy block revealed.
    Dummy,
}

/// A decision. Bigger decisions are made in small steps (an area, then units,
/// then a destination), each one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Setup: place a unit in an area.
    Place {
        unit: UnitId,
        area: AreaId,
    },
    /// 6.1: start a movement action with units from this area.
    Move {
        from: AreaId,
    },
    /// 12: start a movement action with the armoured train.
    MoveTrain,
    /// 6.2 / 6.3 / 9.2: this unit leads the fire.
    Fire {
        lead: UnitId,
    },
    /// 9.3: this artillery unit fires.
    Artillery {
        unit: UnitId,
    },
    /// 10: this unit sabotages the railway in its area.
    Sabotage {
        unit: UnitId,
    },
    /// 12: this unit plants explosive charges on the enemy train in its area.
    PlantCharges {
        unit: UnitId,
    },
    /// 6.4.
    Pass,
    /// Add a unit to the moving group.
    Select {
        unit: UnitId,
    },
    /// Add a supporting unit to the fire group.
    Support {
        unit: UnitId,
    },
    /// Move (the group or the train) into this adjacent area.
    Step {
        to: AreaId,
    },
    /// End the movement here.
    Stop,
    /// Narva: the group leaves the map.
    ExitMap,
    /// Fire at this unit.
    Target {
        unit: UnitId,
    },
    /// Artillery: fire at this area.
    TargetArea {
        area: AreaId,
    },
    /// Artillery: fire at this part of the enemy train.
    TargetTrain {
        part: TrainPart,
    },
    /// Raise one die showing this value by 1.
    Raise {
        value: u8,
    },
    /// 6.3: let the move pass without reaction fire.
    NoReaction,
    /// 12: this part of the train loses the step.
    TrainLoss {
        part: TrainPart,
    },
    /// Kiltsi: wake this Estonian unit.
    WakeUp {
        unit: UnitId,
    },
    CallReinforcements,
    NotNow,
    /// Finished (extra moves).
    Done,
}

impl Action {
    /// The unit this choice names, if any: the one placed, leading a fire,
    /// firing artillery, sabotaging, planting charges, joining a move or a
    /// fire, targeted, or woken. (A train part is named by its part, not a
    /// unit.) The board picks these choices by a click on the unit.
    pub fn unit(&self) -> Option<UnitId> {
        match *self {
            Action::Place { unit, .. }
            | Action::Fire { lead: unit }
            | Action::Artillery { unit }
            | Action::Sabotage { unit }
            | Action::PlantCharges { unit }
            | Action::Select { unit }
            | Action::Support { unit }
            | Action::Target { unit }
            | Action::WakeUp { unit } => Some(unit),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Decider, Game, Options};
    use rand::RngExt;

    /// The areas of a set of units are the areas whose sets hold one of
    /// them, for states all along a random Narva game and random sets of
    /// units (units off the map count for nothing).
    #[test]
    fn the_areas_holding_some_units_are_those_whose_sets_list_one() {
        let rules = crate::rules::test_games::shipped("narva");
        let mut game = Game::new(rules, Options::new(), 5).expect("Narva sets up");
        let mut rng = engine::rng_from_seed(5);
        let mut checked = 0;
        loop {
            let side = match game.to_decide() {
                Decider::One(side) => side,
                Decider::Both => Side::A,
                Decider::Nobody => break,
            };
            let s = game.state();
            for _ in 0..8 {
                let units: u64 = rng.random();
                let mut expected = AreaSet::EMPTY;
                for (a, set) in s.area_units.iter().enumerate() {
                    if set.0 & units != 0 {
                        expected.insert(a as AreaId);
                    }
                }
                assert_eq!(s.areas_holding(units), expected);
                checked += 1;
            }
            let count = game.legal_choices(side).len();
            let pick = rng.random_range(0..count);
            game.apply_choice(side, pick)
                .expect("a listed choice is legal");
        }
        assert!(checked > 1000, "{checked} sets checked");
    }
}
