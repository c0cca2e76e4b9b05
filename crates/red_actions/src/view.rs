//! What a player sees: every unit on the table with its bases, markers
//! and state, except what is hidden from that player (Ambushes): an enemy
//! unit in ambush is not shown at all, an enemy unit under a position
//! marker and an enemy dummy are shown alike, as markers (a point and a
//! side, in an order that does not tell them apart). Its own hidden units
//! and dummies a side sees with their flags. A spectator (`None`) sees
//! what both sides may see.

use crate::geometry::Base;
use crate::rules::RedActions;
use crate::state::{Order, PrisonersFate, State, Status};
use engine::Side;
use engine::param::Point;
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
    /// Hidden from the enemy (shown to its own side only).
    pub hidden: bool,
    /// In ambush (shown to its own side only).
    pub ambush: bool,
    /// Foxholes, in quarter columns of cover.
    pub dug_in: u8,
    /// The building section it holds (Buildings: possession), by name.
    pub holds: Option<String>,
    /// It veered in the dark and keeps its heading until it reaches a
    /// clear feature (Weather).
    pub lost_way: bool,
    /// Vehicles, trains and guns: breakdowns, hits, the train's move,
    /// ammunition fired.
    pub kit: crate::state::Kit,
    /// Aboard a train: its car.
    pub aboard: Option<u16>,
    /// Its commander's token and morale effect (a senior officer's in
    /// personal command).
    pub officer: Option<String>,
    /// Routed off the table out of sight: it waits there for its one
    /// chance to rally (Miscellaneous).
    pub off_table: bool,
}

/// A prisoners' token on the table (Miscellaneous), held by the enemy of
/// the men's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrisonersView {
    /// Its index in the state (the actions name it).
    pub index: u16,
    /// The side whose men they are.
    pub side: Side,
    /// The side holding them.
    pub held_by: Side,
    /// The unit they were taken from, by name.
    pub from: String,
    pub bases: u8,
    pub at: Point,
    /// Guards within 2" hold them; unguarded, their own side may retake them.
    pub guarded: bool,
    /// The building section they are in, by name.
    pub building: Option<String>,
}

/// A position marker as the enemy sees it: real or dummy, it cannot tell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkerView {
    pub side: Side,
    pub at: Point,
}

/// One of the viewer's own dummies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DummyView {
    pub index: u16,
    pub at: Point,
}

#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub turn: u8,
    pub turns: u8,
    pub units: Vec<UnitView>,
    pub points_lost: [u32; 2],
    /// The enemy's position markers (real units and dummies alike).
    pub markers: Vec<MarkerView>,
    /// The viewer's own dummy markers still on the table.
    pub own_dummies: Vec<DummyView>,
    /// Fire markers per building section.
    pub fires: Vec<u8>,
    /// Gaps cut in the wire.
    pub wire_gaps: Vec<Point>,
    /// Building sections destroyed (their scenario index).
    pub ruined: Vec<u16>,
    /// Strips of wire crushed by tanks (their middles).
    pub crushed: Vec<Point>,
    /// Prisoners held on the table (retaken and killed ones are gone).
    pub prisoners: Vec<PrisonersView>,
}

pub fn view(r: &RedActions, s: &State, side: Option<Side>) -> View {
    let mut markers: Vec<MarkerView> = s
        .units
        .iter()
        .filter(|u| u.on_table() && u.hidden && u.marker && side != Some(u.side))
        .map(|u| MarkerView {
            side: u.side,
            at: u.formation.front.at,
        })
        .chain(
            s.dummies
                .iter()
                .filter(|d| !d.gone && side != Some(d.side))
                .map(|d| MarkerView {
                    side: d.side,
                    at: d.at,
                }),
        )
        .collect();
    markers.sort_by_key(|m| (m.side.index(), m.at.x.0, m.at.y.0));
    View {
        turn: s.turn,
        turns: r.sc().turns,
        units: s
            .units
            .iter()
            .enumerate()
            .filter(|(i, u)| u.status != Status::Gone && !r.unseen_by(s, *i as u16, side))
            .map(|(i, u)| UnitView {
                id: i as u16,
                name: r.unit_name(s, i as u16),
                side: u.side,
                troop: r.troop(u).name.clone(),
                order: u.order,
                bases: u.footprint().to_vec(),
                terror: u.terror,
                humiliated: u.humiliated,
                pinned: u.pinned,
                routing: u.routing,
                acted: u.acted,
                on_table: u.on_table(),
                hidden: u.hidden,
                ambush: u.ambush,
                dug_in: u.dug_in,
                holds: u
                    .more
                    .possession
                    .and_then(|b| r.sc().buildings.get(b as usize))
                    .map(|b| b.name.clone()),
                lost_way: u.more.lost_way,
                kit: u.kit.clone(),
                aboard: r.carrier(s, i as u16),
                officer: r
                    .commander(s, i as u16)
                    .map(|o| format!("{} ({:+})", o.name, o.morale)),
                off_table: u.more.off_table,
            })
            .collect(),
        points_lost: [r.points_lost(s, Side::A), r.points_lost(s, Side::B)],
        markers,
        own_dummies: s
            .dummies
            .iter()
            .enumerate()
            .filter(|(_, d)| !d.gone && side == Some(d.side))
            .map(|(i, d)| DummyView {
                index: i as u16,
                at: d.at,
            })
            .collect(),
        fires: s.fires.clone(),
        wire_gaps: s.wire_gaps.clone(),
        ruined: s.ruined.clone(),
        crushed: s.crushed.clone(),
        prisoners: s
            .prisoners
            .iter()
            .enumerate()
            .filter(|(_, p)| p.fate == PrisonersFate::Held)
            .map(|(k, p)| PrisonersView {
                index: k as u16,
                side: p.side,
                held_by: p.side.other(),
                from: r.unit_name(s, p.unit),
                bases: p.bases,
                at: p.at,
                guarded: r.guarded(s, p),
                building: p
                    .building
                    .and_then(|b| r.sc().buildings.get(b as usize))
                    .map(|b| b.name.clone()),
            })
            .collect(),
    }
}
