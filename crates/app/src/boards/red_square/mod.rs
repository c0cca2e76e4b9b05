//! The Red Square board. `mod.rs` holds what runs without a window: the
//! units kept as entities in step with the view, and how a click on a unit
//! or a square maps to choices of the prompt. `draw.rs` draws the offset
//! grid and the pieces; `panel.rs` the turn, the cards and the score.

pub mod draw;
pub mod panel;

use crate::boards::kit::{self, BoardPiece};
use crate::screens::Screen;
use crate::session::{Match, Session};
use bevy::prelude::*;
use engine::Side;
use red_square::grid::{Grid, Sq};
use red_square::state::{Action, Status};
use red_square::view::View;
use red_square::{RedSquare, UnitId};

pub type RsMatch = Match<RedSquare>;

/// What this board tells the app (its one line in `boards::BOARDS`).
pub const BOARD: crate::boards::Board = crate::boards::Board {
    ruleset: red_square::data::RULESET_ID,
    core: |app| {
        app.add_plugins(RedSquareBoard);
    },
    draw: |app| {
        app.add_plugins(draw::RedSquareDraw);
    },
    in_progress: ("kakhovka", 300, "red_square-in-progress.png"),
    measured: false,
};

/// The sides' colours: the Whites (side A in every scenario) off-white, the
/// Reds red.
pub const PALETTE: kit::Palette = kit::Palette {
    board: [Color::srgb(0.94, 0.93, 0.86), Color::srgb(0.72, 0.12, 0.12)],
    panel: [
        bevy_egui::egui::Color32::from_rgb(235, 232, 215),
        bevy_egui::egui::Color32::from_rgb(235, 90, 90),
    ],
};

/// A unit on the table, as the view shows it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct UnitPiece {
    pub id: UnitId,
    pub side: Side,
    pub at: Sq,
}

/// The view the board shows now (the kit's [`kit::Shown`]).
pub type RsShown = kit::Shown<RedSquare>;

/// The unit the seated player picked (for the unit panel, and for firing,
/// observing or moving a headquarters with a second click).
pub type RsSelected = kit::Selected<RedSquare, UnitId>;

/// What a click on the board hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Unit(UnitId),
    Square(Sq),
}

pub struct RedSquareBoard;

impl Plugin for RedSquareBoard {
    fn build(&self, app: &mut App) {
        kit::keep_shown_and_selected::<RedSquare, UnitId>(app);
        app.add_systems(
            PostUpdate,
            (sync_view, panel::keep_panel)
                .chain()
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
        );
    }
}

/// Keeps the view, and one entity per unit on the table, in step with the
/// match.
pub fn sync_view(
    session: Res<Session>,
    mut shown: ResMut<RsShown>,
    mut commands: Commands,
    pieces: Query<(Entity, &UnitPiece)>,
) {
    let Some(m) = session.of::<RedSquare>() else {
        return;
    };
    if !shown.refresh(m) {
        return;
    }
    let Some(view) = &shown.view else {
        return;
    };
    let on_table = |id: UnitId| {
        view.unit(id)
            .filter(|u| u.status == Status::OnTable)
            .is_some()
    };
    for (e, p) in &pieces {
        if !on_table(p.id) {
            commands.entity(e).despawn();
        }
    }
    for u in view.units.iter().filter(|u| u.status == Status::OnTable) {
        let piece = UnitPiece {
            id: u.id,
            side: u.side,
            at: u.at,
        };
        match pieces.iter().find(|(_, p)| p.id == u.id) {
            Some((e, p)) if *p != piece => {
                commands.entity(e).insert(piece);
            }
            Some(_) => {}
            None => {
                commands.spawn((
                    piece,
                    BoardPiece,
                    kit::RefreshedPiece,
                    Transform::default(),
                    Visibility::default(),
                    crate::boards::Glide::default(),
                ));
            }
        }
    }
}

/// The unit a choice is made by (the moving unit for a step's wheel or
/// stop), when it is made by clicking that unit: asked of the rules.
pub fn actor_of(a: &Action, view: &View) -> Option<UnitId> {
    match a {
        Action::Wheel { .. } | Action::StopMoving => view.moving,
        _ => a.unit(),
    }
}

/// The other unit a two-click choice is aimed at (fire, observe, replace
/// losses, unload): picked by clicking it after its actor.
pub fn target_of(a: &Action) -> Option<UnitId> {
    match a {
        // The unit unloaded is not on the table: the square is clicked.
        Action::Unload { .. } => None,
        _ => a.other_unit(),
    }
}

/// The square a choice goes to, and the unit that goes there if it is not
/// the one already moving.
pub fn square_of(a: &Action) -> Option<(Sq, Option<UnitId>)> {
    let to = a.square()?;
    match a {
        Action::Step { .. } => Some((to, None)),
        _ => Some((to, a.unit())),
    }
}

/// The choices (indices into [`Match::choices`]) that a click on `hit`
/// stands for, with the unit `selected`:
/// - a unit: the choices aimed at it by the selected unit (fire, observe,
///   replace), else its own choices but those aimed at others (those take a
///   second click on the target), else those into its square;
/// - a square: a step into it, or the selected headquarters' move into it
///   (any headquarters' when none is selected).
pub fn choices_for(m: &RsMatch, view: &View, hit: Hit, selected: Option<UnitId>) -> Vec<usize> {
    let indices = |f: &dyn Fn(&Action) -> bool| -> Vec<usize> {
        m.choices()
            .iter()
            .enumerate()
            .filter(|(_, a)| f(a))
            .map(|(i, _)| i)
            .collect()
    };
    match hit {
        Hit::Unit(u) => {
            if let Some(s) = selected {
                let aimed = indices(&|a| actor_of(a, view) == Some(s) && target_of(a) == Some(u));
                if !aimed.is_empty() {
                    return aimed;
                }
            }
            let own = indices(&|a| actor_of(a, view) == Some(u) && target_of(a).is_none());
            if !own.is_empty() || starts_two_click(m, view, u) {
                return own;
            }
            match view.unit(u) {
                Some(x) => choices_for(m, view, Hit::Square(x.at), selected),
                None => Vec::new(),
            }
        }
        Hit::Square(sq) => {
            let hq_selected = selected.is_some_and(|s| {
                m.choices()
                    .iter()
                    .any(|a| square_of(a).is_some_and(|(_, by)| by == Some(s)))
            });
            indices(&|a| match square_of(a) {
                Some((to, None)) => to == sq,
                Some((to, Some(unit))) => to == sq && (!hq_selected || selected == Some(unit)),
                None => false,
            })
        }
    }
}

/// Whether a click on this unit selects it for a second click on a target
/// (or, for a headquarters, on a square).
pub fn starts_two_click(m: &RsMatch, view: &View, unit: UnitId) -> bool {
    m.choices().iter().any(|a| {
        actor_of(a, view) == Some(unit)
            && (target_of(a).is_some() || square_of(a).is_some_and(|(_, by)| by.is_some()))
    })
}

/// What some choice of the prompt points at: units that act, the targets of
/// the selected unit, and the squares a click moves into.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Legal {
    pub actors: Vec<UnitId>,
    pub targets: Vec<UnitId>,
    pub squares: Vec<Sq>,
}

pub fn legal_targets(m: &RsMatch, view: &View, selected: Option<UnitId>) -> Legal {
    let mut l = Legal::default();
    let hq_selected = selected.is_some_and(|s| {
        m.choices()
            .iter()
            .any(|a| square_of(a).is_some_and(|(_, by)| by == Some(s)))
    });
    for a in m.choices() {
        if let Some(u) = actor_of(a, view) {
            l.actors.push(u);
            if selected == Some(u)
                && let Some(t) = target_of(a)
            {
                l.targets.push(t);
            }
        }
        match square_of(a) {
            Some((to, None)) => l.squares.push(to),
            Some((to, Some(unit))) if !hq_selected || selected == Some(unit) => l.squares.push(to),
            _ => {}
        }
    }
    for v in [&mut l.actors, &mut l.targets] {
        v.sort_unstable();
        v.dedup();
    }
    l.squares.sort_unstable();
    l.squares.dedup();
    l
}

/// Half a square, in world units: the grid's half-square units scaled.
pub const HALF: f32 = 60.0;

/// The world position of a square's centre: the map centred on the origin,
/// x east, y north.
pub fn square_centre(grid: &Grid, sq: Sq) -> Vec2 {
    let (x, y) = grid.centre(sq);
    let (w, h) = map_size(grid);
    Vec2::new(
        (x as f32 + 1.0) * HALF - w / 2.0,
        h / 2.0 - (y as f32 + 1.0) * HALF,
    )
}

/// The map's width and height in world units (the odd rows stick out half
/// a square east).
pub fn map_size(grid: &Grid) -> (f32, f32) {
    let shift = if grid.rows > 1 { 1.0 } else { 0.0 };
    (
        (2.0 * grid.columns as f32 + shift) * HALF,
        2.0 * grid.rows as f32 * HALF,
    )
}

/// The square under a world point, if any.
pub fn square_at(grid: &Grid, p: Vec2) -> Option<Sq> {
    let (w, h) = map_size(grid);
    let y = (h / 2.0 - p.y) / HALF; // half-units from the top edge
    let r = (y / 2.0).floor() as i32;
    let x = (p.x + w / 2.0) / HALF - (r & 1) as f32;
    let c = (x / 2.0).floor() as i32;
    if x < 0.0 {
        return None;
    }
    grid.at(c, r)
}
