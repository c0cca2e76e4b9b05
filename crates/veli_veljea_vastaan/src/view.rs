//! What one side may know: everything on the map and in front of the
//! players, the sizes of the piles and of the opponent's hand, but only its
//! own hand.

use crate::rules::VeliVeljeaVastaan;
use crate::scenario::{CardId, CitySet};
use crate::state::{Combat, Phase, Placement, State, Unit, UnitId};
use engine::{Outcome, Side};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub viewer: Option<Side>,
    pub month: u8,
    pub months: u8,
    pub phase: Phase,
    pub to_decide: Option<Side>,
    /// Whose card turn it is.
    pub turn_side: Option<Side>,
    pub card_in_play: Option<CardId>,
    pub ap_left: u8,
    pub activated: CitySet,
    pub attacked: CitySet,
    pub mover: Option<UnitId>,
    pub control: Vec<Side>,
    pub fieldworks: CitySet,
    pub units: Vec<Unit>,
    /// The viewer's own hand (empty for a spectator).
    pub hand: Vec<CardId>,
    pub hand_sizes: [u8; 2],
    pub draw_sizes: [u8; 2],
    pub reshuffle_sizes: [u8; 2],
    pub kept: [Vec<CardId>; 2],
    pub removed: [Vec<CardId>; 2],
    /// The cities each side holds in supply now.
    pub supplied: [CitySet; 2],
    pub combat: Option<Combat>,
    pub placing: Option<Placement>,
    pub outcome: Option<Outcome>,
}

impl View {
    /// Unit `id`, if it is on the map.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// Whether two counters are interchangeable (the rules list one choice
    /// for all of them, naming the first): a click on either means the same.
    pub fn interchangeable(&self, a: UnitId, b: UnitId) -> bool {
        a == b
            || matches!((self.unit(a), self.unit(b)), (Some(x), Some(y)) if x.side == y.side && x.twin_key() == y.twin_key())
    }
}

pub fn view(rules: &VeliVeljeaVastaan, s: &State, viewer: Option<Side>) -> View {
    let d = &s.decks;
    View {
        viewer,
        month: s.month,
        months: rules.sc().months(),
        phase: s.phase,
        to_decide: rules.decider(s),
        turn_side: s.turn.side,
        card_in_play: s.turn.card,
        ap_left: s.turn.ap,
        activated: s.turn.activated,
        attacked: s.turn.attacked,
        mover: s.turn.mover,
        control: s.control.clone(),
        fieldworks: s.fieldworks,
        units: s.units.clone(),
        hand: viewer
            .map(|v| d[v.index()].hand.clone())
            .unwrap_or_default(),
        hand_sizes: [d[0].hand.len() as u8, d[1].hand.len() as u8],
        draw_sizes: [d[0].draw.len() as u8, d[1].draw.len() as u8],
        reshuffle_sizes: [d[0].reshuffle.len() as u8, d[1].reshuffle.len() as u8],
        kept: [d[0].kept.clone(), d[1].kept.clone()],
        removed: [d[0].removed.clone(), d[1].removed.clone()],
        supplied: [rules.supplied(s, Side::A), rules.supplied(s, Side::B)],
        combat: s.combat.clone(),
        placing: s.placements.first().copied(),
        outcome: s.outcome.clone(),
    }
}
