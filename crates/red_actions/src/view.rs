//! What a player sees: every unit on the table with its bases, markers
//! and state (nothing is hidden yet: ambushes and dummies are not played).

use crate::geometry::Base;
use crate::rules::RedActions;
use crate::state::{Order, State, Status};
use engine::Side;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: u16,
    pub name: String,
    pub side: Side,
    pub troop: String,
    pub order: Order,
    pub bases: Vec<Base>,
    pub terror: u8,
    pub humiliated: u8,
    pub pinned: bool,
    pub routing: bool,
    pub acted: bool,
    pub on_table: bool,
    /// Vehicles, trains and guns: breakdowns, hits, the train's move,
    /// ammunition fired.
    pub kit: crate::state::Kit,
    /// Aboard a train: its car.
    pub aboard: Option<u16>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub turn: u8,
    pub turns: u8,
    pub units: Vec<UnitView>,
    pub points_lost: [u32; 2],
    /// Building sections destroyed (their scenario index).
    pub ruined: Vec<u16>,
}

pub fn view(r: &RedActions, s: &State, _side: Option<Side>) -> View {
    View {
        turn: s.turn,
        turns: r.sc().turns,
        units: s
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.status != Status::Gone)
            .map(|(i, u)| UnitView {
                id: i as u16,
                name: r.name(i as u16).to_string(),
                side: u.side,
                troop: r.troop(u).name.clone(),
                order: u.order,
                bases: u.footprint(),
                terror: u.terror,
                humiliated: u.humiliated,
                pinned: u.pinned,
                routing: u.routing,
                acted: u.acted,
                on_table: u.on_table(),
                kit: u.kit.clone(),
                aboard: r.carrier(s, i as u16),
            })
            .collect(),
        points_lost: [r.points_lost(s, Side::A), r.points_lost(s, Side::B)],
        ruined: s.ruined.clone(),
    }
}
