//! What the board shows. Red Square keeps no secrets at the table: every
//! card is dealt face down and turned over for both players at once, so the
//! view is the same for both sides (a face-down card is a card back).

use crate::RedSquare;
use crate::cards::Card;
use crate::data::Class;
use crate::grid::{Facing, Sq};
use crate::state::{Formation, Orders, Phase, Quality, State, Status, UnitId};
use engine::Side;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitView {
    pub id: UnitId,
    pub side: Side,
    pub name: String,
    pub type_name: String,
    pub class: Class,
    pub at: Sq,
    pub facing: Facing,
    pub formation: Formation,
    /// Mounted Combat 3: the square of dismounted cavalry's horse holders.
    pub horses: Option<Sq>,
    pub orders: Orders,
    pub quality: Quality,
    pub bases: u8,
    pub full_bases: u8,
    pub hits: u8,
    pub rings: u8,
    pub status: Status,
    pub hiding: bool,
    pub retreating: bool,
    pub holding_fire: bool,
    pub pinned: bool,
    /// Concealed: must be observed before it can be fired at.
    pub concealed: bool,
    pub broken_down: bool,
    pub bogged: bool,
    pub damaged: bool,
    pub disabled: bool,
    pub digging: u8,
    pub trenches: bool,
    /// One of the units of the card being played (or the unit moving).
    pub acting: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardView {
    pub holder: UnitId,
    /// `None`: still face down.
    pub card: Option<Card>,
    pub played: bool,
    pub ace_high: Option<bool>,
    pub stage: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub turn: u8,
    pub turns: u8,
    pub dawn: u8,
    pub stage: u8,
    pub units: Vec<UnitView>,
    pub cards: Vec<CardView>,
    /// The card being played (an index into `cards`).
    pub playing: Option<u8>,
    pub moving: Option<UnitId>,
    /// A unit the other side may fire at now.
    pub reacting_to: Option<UnitId>,
    pub held: Vec<Option<Side>>,
    pub losses: [u16; 2],
    pub starting_bases: [u16; 2],
    pub points: [u32; 2],
    pub observed: Vec<(UnitId, UnitId)>,
    /// Squares whose buildings burn (Artillery Firing 6).
    pub burning: Vec<Sq>,
    /// Squares whose wire artillery has cleared, and the gaps tanks drove
    /// through wire (the square left and the direction, Terrain 3).
    pub wire_cleared: Vec<Sq>,
    pub wire_gaps: Vec<(Sq, crate::grid::Dir)>,
}

impl View {
    pub fn unit(&self, id: UnitId) -> Option<&UnitView> {
        self.units.iter().find(|u| u.id == id)
    }
    /// The units standing in a square.
    pub fn at(&self, sq: Sq) -> impl Iterator<Item = &UnitView> {
        self.units
            .iter()
            .filter(move |u| u.status == Status::OnTable && u.at == sq)
    }
}

pub fn view(r: &RedSquare, s: &State, _side: Option<Side>) -> View {
    let sc = r.sc();
    let playing = match &s.phase {
        Phase::Activate { card } | Phase::Act { card, .. } => Some(*card),
        Phase::Moving(m) => Some(m.card),
        Phase::Reaction { .. } => s.paused_move.as_ref().map(|m| m.card),
        _ => None,
    };
    let acting: Vec<UnitId> = match playing {
        Some(c) => s.dealt[c as usize].group.clone(),
        None => Vec::new(),
    };
    let moving = match &s.phase {
        Phase::Moving(m) => Some(m.unit),
        _ => None,
    };
    let reacting_to = match &s.phase {
        Phase::Reaction { mover, .. } => Some(*mover),
        _ => None,
    };
    let units = s
        .units
        .iter()
        .map(|u| {
            let t = r.ty(u);
            UnitView {
                id: u.id,
                side: u.side,
                name: sc.units[u.id as usize].name.clone(),
                type_name: t.name.clone(),
                class: t.class,
                at: u.at,
                facing: u.facing,
                formation: u.formation,
                horses: u.horses,
                orders: u.orders,
                quality: u.quality,
                bases: u.bases,
                full_bases: sc.units[u.id as usize].bases,
                hits: u.hits,
                rings: u.rings,
                status: u.status,
                hiding: u.hiding,
                retreating: u.retreating,
                holding_fire: u.holding_fire,
                pinned: u.pinned_until >= s.turn && u.pinned_until > 0,
                concealed: u.status == Status::OnTable && r.concealed(s, u.id),
                broken_down: u.broken_down,
                bogged: u.bogged,
                damaged: u.damaged,
                disabled: u.disabled,
                digging: u.digging,
                trenches: u.trenches,
                acting: acting.contains(&u.id) || moving == Some(u.id),
            }
        })
        .collect();
    View {
        turn: s.turn,
        turns: sc.turns,
        dawn: sc.dawn,
        stage: s.stage,
        units,
        cards: s
            .dealt
            .iter()
            .map(|d| CardView {
                holder: d.holder,
                card: d.face_up.then_some(d.card),
                played: d.played,
                ace_high: d.ace_high,
                stage: d.stage,
            })
            .collect(),
        playing,
        moving,
        reacting_to,
        held: s.held.clone(),
        losses: s.losses,
        starting_bases: [r.starting_bases(Side::A), r.starting_bases(Side::B)],
        points: [r.points(s, Side::A), r.points(s, Side::B)],
        observed: s.observed.clone(),
        burning: s.burning.clone(),
        wire_cleared: s.wire_cleared.clone(),
        wire_gaps: s
            .wire_gaps
            .iter()
            .map(|&(sq, d)| (sq, crate::grid::Dir::ALL[d as usize % 6]))
            .collect(),
    }
}
