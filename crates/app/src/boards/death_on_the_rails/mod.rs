//! The Death on the Rails board. `mod.rs` holds what runs without a window:
//! the table hooks of the rule system, the unit entities kept in step with the
//! seated player's view, and how a click on an area or a unit maps to choices
//! of the prompt. `draw.rs` draws it.

pub mod draw;
pub mod panel;

use crate::boards::kit::{self, BoardPiece, RefreshedPiece};
use crate::screens::Screen;
use crate::session::{Match, Session};
use bevy::prelude::*;
use death_on_the_rails::DeathOnTheRails;
use death_on_the_rails::map::AreaId;
use death_on_the_rails::scenario::UnitId;
use death_on_the_rails::state::{Action, Place};
use death_on_the_rails::view::{Face, View};
use engine::Side;

pub type DotrMatch = Match<DeathOnTheRails>;

/// What this board tells the app (its one line in `boards::BOARDS`).
pub const BOARD: crate::boards::Board = crate::boards::Board {
    ruleset: death_on_the_rails::data::RULESET_ID,
    core: |app| {
        app.add_plugins(DeathOnTheRailsBoard);
    },
    draw: |app| {
        app.add_plugins(draw::DeathOnTheRailsDraw);
    },
    in_progress: ("annemoisa", 90, "game-in-progress.png"),
    measured: true,
};

/// The sides' colours: Estonian blue, Russian red (the kit's generic ones).
pub const PALETTE: kit::Palette = kit::Palette::GENERIC;

/// A unit on the table, as the seated player sees it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct UnitToken {
    pub id: UnitId,
    pub side: Side,
    pub place: Place,
    /// `None`: face-down.
    pub face: Option<Face>,
    pub asleep: bool,
    pub train: bool,
}

/// What a click on the board hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Unit(UnitId),
    Area(AreaId),
}

/// The view the board shows now (the kit's [`kit::Shown`]).
pub type ShownView = kit::Shown<DeathOnTheRails>;

/// The unit the seated player picked (for the selected-unit panel and for
/// two-click choices such as setting up a unit in an area).
pub type Selected = kit::Selected<DeathOnTheRails, UnitId>;

pub struct DeathOnTheRailsBoard;

impl Plugin for DeathOnTheRailsBoard {
    fn build(&self, app: &mut App) {
        kit::keep_shown_and_selected::<DeathOnTheRails, UnitId>(app);
        app.add_systems(
            PostUpdate,
            (sync_units, panel::keep_panel)
                .chain()
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
        );
    }
}

/// Keeps one entity per unit, matching the seated player's view.
pub fn sync_units(
    session: Res<Session>,
    mut shown: ResMut<ShownView>,
    mut commands: Commands,
    mut tokens: Query<(Entity, &mut UnitToken)>,
) {
    let Some(m) = session.of::<DeathOnTheRails>() else {
        return;
    };
    if !shown.refresh(m) {
        return;
    }
    let Some(view) = &shown.view else {
        return;
    };
    let mut existing: Vec<Option<Entity>> = vec![None; view.units.len()];
    for (e, mut token) in &mut tokens {
        let Some(u) = view.units.iter().find(|u| u.id == token.id) else {
            commands.entity(e).despawn();
            continue;
        };
        existing[u.id as usize] = Some(e);
        let new = token_of(u);
        if *token != new {
            *token = new;
        }
    }
    for u in &view.units {
        if existing[u.id as usize].is_none() {
            commands.spawn((
                token_of(u),
                BoardPiece,
                RefreshedPiece,
                Transform::default(),
                Visibility::default(),
                crate::boards::Glide::default(),
            ));
        }
    }
}

fn token_of(u: &death_on_the_rails::view::UnitView) -> UnitToken {
    UnitToken {
        id: u.id,
        side: u.side,
        place: u.place,
        face: u.face.clone(),
        asleep: u.asleep,
        train: u.train_part.is_some(),
    }
}

/// The choices (indices into the seated side's choices, [`Match::choices`])
/// that a click on `hit` stands for, as the seated player sees the board
/// (`view`). With a unit selected, a click on an area also matches choices
/// that need both (setting up that unit there).
pub fn choices_for(m: &DotrMatch, view: &View, hit: Hit, selected: Option<UnitId>) -> Vec<usize> {
    m.choices()
        .iter()
        .enumerate()
        .filter(|(_, a)| matches_hit(m, view, a, hit, selected))
        .map(|(i, _)| i)
        .collect()
}

fn matches_hit(m: &DotrMatch, view: &View, a: &Action, hit: Hit, selected: Option<UnitId>) -> bool {
    let rules = m.game().rules();
    let seat = m.seat();
    match (*a, hit) {
        (Action::Place { unit, area }, Hit::Area(at)) => area == at && selected == Some(unit),
        (Action::Place { unit, .. }, Hit::Unit(u)) => unit == u && selected == Some(u),
        (Action::Move { from }, Hit::Area(at)) => from == at,
        (Action::Move { from }, Hit::Unit(u)) => {
            view.area_of(u) == Some(from) && rules.side_of(u) == seat
        }
        (Action::Step { to }, Hit::Area(at)) => to == at,
        (Action::TargetArea { area }, Hit::Area(at)) => area == at,
        (a, Hit::Unit(u)) if a.unit().is_some() => a.unit() == Some(u),
        (Action::TargetTrain { part }, Hit::Unit(u)) => {
            rules.def(u).train_part == Some(part) && rules.side_of(u) != seat
        }
        (Action::TrainLoss { part }, Hit::Unit(u)) => {
            rules.def(u).train_part == Some(part) && rules.side_of(u) == seat
        }
        (Action::MoveTrain, Hit::Unit(u)) => {
            rules.def(u).train_part.is_some() && rules.side_of(u) == seat
        }
        _ => false,
    }
}

/// Units and areas that some choice of the prompt points at: the board
/// highlights them.
pub fn legal_targets(m: &DotrMatch) -> (Vec<UnitId>, Vec<AreaId>) {
    let rules = m.game().rules();
    let seat = m.seat();
    let mut units = Vec::new();
    let mut areas = Vec::new();
    for a in m.choices() {
        match *a {
            Action::Place { unit, area } => {
                units.push(unit);
                areas.push(area);
            }
            Action::Move { from } => areas.push(from),
            Action::Step { to } => areas.push(to),
            Action::TargetArea { area } => areas.push(area),
            Action::TargetTrain { part } => units.extend(rules.train_part_unit(seat.other(), part)),
            Action::TrainLoss { part } => units.extend(rules.train_part_unit(seat, part)),
            Action::MoveTrain => {
                units.extend(
                    rules
                        .units_of(seat)
                        .filter(|&u| rules.def(u).train_part.is_some()),
                );
            }
            a => units.extend(a.unit()),
        }
    }
    units.sort_unstable();
    units.dedup();
    areas.sort_unstable();
    areas.dedup();
    (units, areas)
}

/// When the prompt asks for a fire target: the firing area and each target
/// area with its range, for drawing line of sight and range; all from the
/// seated player's `view` and choices.
pub fn fire_lines(m: &DotrMatch, view: &View) -> Option<(AreaId, Vec<(AreaId, u8)>)> {
    let from = view.firing_from?;
    let map = &m.game().rules().sc().map;
    let mut targets: Vec<(AreaId, u8)> = m
        .choices()
        .iter()
        .filter_map(|a| match *a {
            Action::Target { unit } => view.area_of(unit),
            Action::TargetArea { area } => Some(area),
            _ => None,
        })
        .map(|a| (a, map.distance(from, a)))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    Some((from, targets))
}
