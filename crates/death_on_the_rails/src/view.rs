//! What one side may know: `view(state, side)`. Enemy blocks show only their
//! colour and place; the action card is seen by the player who drew it (the
//! opponent of the active player); secret objective cards by their owner;
//! during a simultaneous setup, nobody sees where the other side is placing.

use crate::data::{Ability, ObjectiveColour, SetupOrder, UnitKind};
use crate::map::AreaId;
use crate::rules::DeathOnTheRails;
use crate::scenario::{TrainPart, UnitId};
use crate::state::{Phase, Place, State, flag};
use engine::{Decider, Outcome, Ruleset, Side};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Option<Side>,
    pub to_decide: Decider,
    pub prompt: Option<String>,
    pub active: Side,
    pub turn: u32,
    pub initiative: i8,
    pub track: i8,
    pub actions_done: u8,
    /// The action card's number of actions: only for the player who drew it.
    pub actions_on_card: Option<u8>,
    pub units: Vec<UnitView>,
    pub artillery_tokens: Vec<u8>,
    pub sabotage: Vec<u8>,
    pub train_hits: [u8; 2],
    pub objectives: Vec<ObjectiveView>,
    pub secret_objectives: Option<Vec<char>>,
    /// Mustjõe: the card shown at the change of objectives.
    pub revealed_objectives: Option<(Side, Vec<char>)>,
    pub deck: usize,
    pub discard: usize,
    pub fog: bool,
    pub evacuated: u8,
    pub outcome: Option<Outcome>,
    /// While a fire or an artillery unit waits for its target: the area it
    /// fires from, for the side firing only (its own lead; the board draws
    /// the lines of sight from it).
    pub firing_from: Option<AreaId>,
}

impl View {
    /// Unit `u` as the viewer sees it.
    pub fn unit(&self, u: UnitId) -> Option<&UnitView> {
        self.units.get(u as usize).filter(|v| v.id == u)
    }

    /// The area where the viewer sees unit `u`, if it sees it on the map.
    pub fn area_of(&self, u: UnitId) -> Option<AreaId> {
        self.unit(u)?.place.area()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitView {
    pub id: UnitId,
    pub side: Side,
    pub place: Place,
    /// `None`: a face-down enemy block.
    pub face: Option<Face>,
    pub asleep: bool,
    pub must_retreat: bool,
    pub train_part: Option<TrainPart>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Face {
    pub name: String,
    pub kind: UnitKind,
    pub strength: u8,
    pub full_strength: u8,
    pub critical: u8,
    pub ability: Option<Ability>,
    /// Steps lost, i.e. quarter turns of the block.
    pub turns: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObjectiveView {
    pub letter: char,
    pub area: AreaId,
    pub control: Option<Side>,
}

fn letters(mask: u8) -> Vec<char> {
    (0..8)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| (b'A' + i) as char)
        .collect()
}

pub fn view(r: &DeathOnTheRails, s: &State, viewer: Option<Side>) -> View {
    let sc = r.sc();
    let hidden_setup =
        sc.setup_order == SetupOrder::Simultaneous && matches!(s.phase, Phase::Setup { .. });
    let units = r
        .unit_ids()
        .map(|u| {
            let d = r.def(u);
            let st = &s.units[u as usize];
            let face = face_known(r, s, u, viewer).then(|| Face {
                name: d.name.clone(),
                kind: d.kind,
                strength: st.strength,
                full_strength: d.strength,
                critical: d.critical,
                ability: r.ability(s, u),
                turns: d.strength - st.strength,
            });
            let place = place_seen_in(r, s, u, viewer, hidden_setup);
            UnitView {
                id: u,
                side: d.side,
                place,
                face,
                asleep: st.has(flag::ASLEEP),
                must_retreat: s.retreating.contains(u),
                train_part: d.train_part,
            }
        })
        .collect();
    let colour = sc
        .secret_objectives
        .map(|(c, _)| c)
        .unwrap_or(ObjectiveColour::Green);
    View {
        viewer,
        to_decide: r.to_decide(s),
        prompt: viewer.map(|v| r.prompt_text(s, v)),
        active: s.active,
        turn: s.turn,
        initiative: s.initiative,
        track: sc.track,
        actions_done: s.actions_done,
        actions_on_card: match (viewer, s.card) {
            (Some(v), Some(c)) if v != s.active => Some(sc.cards[c as usize].actions),
            _ => None,
        },
        units,
        artillery_tokens: s.artillery_tokens.clone(),
        sabotage: s.sabotage.clone(),
        train_hits: s.train_hits,
        objectives: sc
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| ObjectiveView {
                letter: o.letter,
                area: o.area,
                control: s.control[i],
            })
            .collect(),
        secret_objectives: viewer.and_then(|v| r.secret_objectives(s, v)).map(letters),
        revealed_objectives: s
            .objectives_changed
            .map(|(who, card)| (who, letters(sc.cards[card as usize].objectives(colour)))),
        deck: s.deck.len(),
        discard: s.discard.len(),
        fog: s.fog,
        evacuated: s.evacuated,
        outcome: s.outcome.clone(),
        firing_from: match s.phase {
            Phase::Fire { lead, .. } | Phase::ArtilleryAim { unit: lead }
                if viewer == Some(r.side_of(lead)) =>
            {
                s.units[lead as usize].place().area()
            }
            _ => None,
        },
    }
}

/// Whether `viewer` may know the face of block `u`: its own blocks, the
/// armoured trains' parts (open on the table), and the lead and the target of
/// a fire combat or melee under way (section 9.1 reveals them; they stand
/// face up until the combat is over).
pub fn face_known(r: &DeathOnTheRails, s: &State, u: UnitId, viewer: Option<Side>) -> bool {
    let d = r.def(u);
    viewer == Some(d.side)
        || d.train_part.is_some()
        || matches!(s.phase, Phase::Raise { combat, .. } if combat.lead == u || combat.target == u)
}

/// Where `viewer` sees unit `u`: during a simultaneous setup, the other
/// side's blocks are not seen on the map until both have set up.
pub fn place_seen(r: &DeathOnTheRails, s: &State, u: UnitId, viewer: Option<Side>) -> Place {
    let hidden_setup =
        r.sc().setup_order == SetupOrder::Simultaneous && matches!(s.phase, Phase::Setup { .. });
    place_seen_in(r, s, u, viewer, hidden_setup)
}

fn place_seen_in(
    r: &DeathOnTheRails,
    s: &State,
    u: UnitId,
    viewer: Option<Side>,
    hidden_setup: bool,
) -> Place {
    let d = r.def(u);
    if hidden_setup && viewer != Some(d.side) && d.train_part.is_none() {
        Place::Pool
    } else {
        s.units[u as usize].place()
    }
}

/// An event as one side may see it: the action card only for the player who
/// drew it (the active player's opponent), secret objective cards only for
/// their owner, placements of a simultaneous setup only for the side placing.
pub fn event_for(event: &crate::state::Event, viewer: Option<Side>) -> Option<crate::state::Event> {
    use crate::state::Event;
    let mut e = event.clone();
    match &mut e {
        Event::ActionCardDrawn {
            side,
            card,
            actions,
        } if viewer != Some(side.other()) => {
            *card = None;
            *actions = None;
        }
        Event::ObjectiveCardDrawn { side, card } if viewer != Some(*side) => *card = None,
        Event::ObjectivesChanged { side, new_card, .. } if viewer != Some(*side) => {
            *new_card = None
        }
        Event::Placed {
            side, secret: true, ..
        } if viewer != Some(*side) => return None,
        _ => {}
    }
    Some(e)
}
