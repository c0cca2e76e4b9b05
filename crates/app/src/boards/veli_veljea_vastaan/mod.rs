//! The Veli Veljeä Vastaan board. `mod.rs` holds what runs without a window:
//! the table hooks of the rule system, the counters kept as entities in step
//! with the seated player's view, and how a click on a city, a counter or a
//! card maps to choices of the prompt. `draw.rs` draws it.

pub mod draw;
pub mod panel;

use crate::boards::kit::{self, BoardPiece};
use crate::screens::Screen;
use crate::session::{Match, Session};
use bevy::prelude::*;
use engine::Side;
use veli_veljea_vastaan::state::Action;
use veli_veljea_vastaan::view::View;
use veli_veljea_vastaan::{CityId, UnitId, VeliVeljeaVastaan};

pub type VvvMatch = Match<VeliVeljeaVastaan>;

/// What this board tells the app (its one line in `boards::BOARDS`).
pub const BOARD: crate::boards::Board = crate::boards::Board {
    ruleset: veli_veljea_vastaan::data::RULESET_ID,
    core: |app| {
        app.add_plugins(VeliVeljeaVastaanBoard);
    },
    draw: |app| {
        app.add_plugins(draw::VeliVeljeaVastaanDraw);
    },
    in_progress: ("campaign_1918", 260, "veli_veljea_vastaan-in-progress.png"),
    measured: false,
};

/// White is side A: the palette lists side A first.
const _: () = assert!(matches!(veli_veljea_vastaan::WHITE, Side::A));

/// The sides' colours: White (side A) off-white, Red red.
pub const PALETTE: kit::Palette = kit::Palette {
    board: [Color::srgb(0.93, 0.93, 0.88), Color::srgb(0.75, 0.13, 0.13)],
    panel: [
        bevy_egui::egui::Color32::from_rgb(230, 230, 220),
        bevy_egui::egui::Color32::from_rgb(230, 80, 80),
    ],
};

/// A counter on the map, as the seated player sees it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct CounterToken {
    pub id: UnitId,
    pub side: Side,
    pub city: CityId,
}

/// The view the board shows now (the kit's [`kit::Shown`]).
pub type VvvShown = kit::Shown<VeliVeljeaVastaan>;

/// The counter the seated player picked (for the unit panel and for moving
/// it with a click on a city).
pub type VvvSelected = kit::Selected<VeliVeljeaVastaan, UnitId>;

/// What a click on the board hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Unit(UnitId),
    City(CityId),
}

pub struct VeliVeljeaVastaanBoard;

impl Plugin for VeliVeljeaVastaanBoard {
    fn build(&self, app: &mut App) {
        kit::keep_shown_and_selected::<VeliVeljeaVastaan, UnitId>(app);
        app.add_systems(
            PostUpdate,
            (sync_view, panel::keep_panel)
                .chain()
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
        );
    }
}

/// Keeps the seated player's view, and one entity per counter, in step with the match.
pub fn sync_view(
    session: Res<Session>,
    mut shown: ResMut<VvvShown>,
    mut commands: Commands,
    tokens: Query<(Entity, &CounterToken)>,
) {
    let Some(m) = session.of::<VeliVeljeaVastaan>() else {
        return;
    };
    if !shown.refresh(m) {
        return;
    }
    let Some(view) = &shown.view else {
        return;
    };
    for (e, token) in &tokens {
        if !view.units.iter().any(|u| u.id == token.id) {
            commands.entity(e).despawn();
        }
    }
    for u in &view.units {
        let token = CounterToken {
            id: u.id,
            side: u.side,
            city: u.city,
        };
        match tokens.iter().find(|(_, t)| t.id == u.id) {
            Some((e, t)) if *t != token => {
                commands.entity(e).insert(token);
            }
            Some(_) => {}
            None => {
                commands.spawn((
                    token,
                    BoardPiece,
                    Transform::default(),
                    Visibility::default(),
                    crate::boards::Glide::default(),
                ));
            }
        }
    }
}

/// The unit a choice is about, when it is made by clicking that unit.
pub fn unit_of(a: &Action) -> Option<UnitId> {
    match *a {
        Action::AddAttacker { unit }
        | Action::Hit { unit }
        | Action::Advance { unit }
        | Action::Repair { unit }
        | Action::Reduce { unit } => Some(unit),
        _ => None,
    }
}

/// The city a choice is about, when it is made by clicking that city.
pub fn city_of(a: &Action) -> Option<CityId> {
    match *a {
        Action::Place { city }
        | Action::Activate { city }
        | Action::Declare { target: city }
        | Action::Fieldworks { city }
        | Action::Control { city } => Some(city),
        _ => None,
    }
}

/// The choices (indices into the seated side's choices, [`Match::choices`])
/// that a click on `hit` stands for, as the seated player sees the board
/// (`view`). A move or a retreat takes two clicks: the unit, then the city.
/// Interchangeable counters (`View::interchangeable`) mean the same.
pub fn choices_for(m: &VvvMatch, view: &View, hit: Hit, selected: Option<UnitId>) -> Vec<usize> {
    m.choices()
        .iter()
        .enumerate()
        .filter(|(_, a)| match (hit, a) {
            (Hit::Unit(u), a) => unit_of(a).is_some_and(|x| view.interchangeable(x, u)),
            (Hit::City(c), Action::Step { unit, to } | Action::Retreat { unit, to }) => {
                *to == c && selected.is_some_and(|s| view.interchangeable(*unit, s))
            }
            (Hit::City(c), a) => city_of(a) == Some(c),
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether a click on this unit starts a two-click choice (move or retreat).
pub fn starts_two_click(m: &VvvMatch, view: &View, unit: UnitId) -> bool {
    m.choices().iter().any(|a| {
        matches!(a, Action::Step { unit: u, .. } | Action::Retreat { unit: u, .. } if view.interchangeable(*u, unit))
    })
}

/// Units and cities that some choice of the prompt points at (with the
/// selected unit, the cities it may move or retreat to).
pub fn legal_targets(
    m: &VvvMatch,
    view: &View,
    selected: Option<UnitId>,
) -> (Vec<UnitId>, Vec<CityId>) {
    let mut units = Vec::new();
    let mut cities = Vec::new();
    for a in m.choices() {
        match *a {
            Action::Step { unit, to } | Action::Retreat { unit, to } => {
                units.push(unit);
                if selected.is_some_and(|s| view.interchangeable(unit, s)) {
                    cities.push(to);
                }
            }
            ref a => {
                units.extend(unit_of(a));
                cities.extend(city_of(a));
            }
        }
    }
    // Interchangeable counters are all highlighted.
    let twins: Vec<UnitId> = view
        .units
        .iter()
        .filter(|x| {
            units
                .iter()
                .any(|&u| u != x.id && view.interchangeable(u, x.id))
        })
        .map(|x| x.id)
        .collect();
    units.extend(twins);
    units.sort_unstable();
    units.dedup();
    cities.sort_unstable();
    cities.dedup();
    (units, cities)
}

/// The index of a card choice (`event` or points) in the seated side's
/// choices.
pub fn card_choice(m: &VvvMatch, card: u8, event: bool) -> Option<usize> {
    m.choices().iter().position(|a| match *a {
        Action::PlayEvent { card: c } => event && c == card,
        Action::PlayPoints { card: c } => !event && c == card,
        _ => false,
    })
}
