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
    /// Its commander's token and morale effect (a senior officer's in
    /// personal command).
    pub officer: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub turn: u8,
    pub turns: u8,
    pub units: Vec<UnitView>,
    pub points_lost: [u32; 2],
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
                name: r.unit_name(s, i as u16),
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
                officer: r
                    .commander(s, i as u16)
                    .map(|o| format!("{} ({:+})", o.name, o.morale)),
            })
            .collect(),
        points_lost: [r.points_lost(s, Side::A), r.points_lost(s, Side::B)],
    }
}
