//! The board kit: what every board uses and no board owns. Pieces
//! ([`BoardPiece`]) are cleared when the players go back to the launcher,
//! hidden while the seat is handed over and shown again after; the click menu
//! ([`ClickMenu`]) asks which choice an ambiguous click meant; [`Offered`]
//! marks what a board lights up for the prompt's choices; [`Shown`] is the
//! seated player's view the board shows, [`Selected`] the piece picked;
//! [`pick`] and [`choose_clicked`] turn a click's choices into a decision;
//! [`line`] and [`label`] draw; [`Panels`] holds what the board in play adds
//! to the side panels. [`BoardKit`] is registered once, by the app.

use crate::AppConfig;
use crate::flow::{Playout, after_decision};
use crate::screens::{Play, Screen};
use crate::session::{AnyMatch, Match, Session};
use bevy::prelude::*;
use bevy_egui::egui;
use engine::{Ruleset, Side};
use std::marker::PhantomData;

/// Everything drawn for or kept about the board; removed when the launcher
/// comes back (Bevy's `DespawnOnEnter`, which every piece carries: a board
/// cannot forget it), hidden during the hand-over.
#[derive(Component, Clone, Copy, Debug, Default)]
#[require(DespawnOnEnter<Screen> = DespawnOnEnter(Screen::Launcher))]
pub struct BoardPiece;

/// A piece whose visibility its board's refresh sets (units, highlights):
/// hidden at the hand-over like every piece, but not shown again by the
/// kit; the board's next refresh does.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct RefreshedPiece;

/// A sprite a board lights up because a choice of the prompt names the
/// piece or square under it (or the piece selected for a two-click
/// choice): a click there has a result. Shown or hidden with the
/// highlight it marks; `--measure` clicks the visible ones.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Offered;

/// The choices a click stood for when it was ambiguous: the panel asks which.
#[derive(Resource, Default, Debug, Clone)]
pub struct ClickMenu(pub Vec<usize>);

/// What a board adds to the game's panels, from the view it shows and the
/// piece selected (kept in [`Panels`] by the board, and drawn by the app's
/// panels, which name no board).
pub trait BoardPanel: Send + Sync + 'static {
    /// Under the prompt: the table (turn, tracks, hand, secrets of the
    /// seated player); the choice a button there stands for, if clicked.
    fn table(&self, ui: &mut egui::Ui, m: &dyn AnyMatch, deciding: bool) -> Option<usize>;
    /// Above the log: the selected piece; whether anything was drawn.
    fn selected(&self, ui: &mut egui::Ui, m: &dyn AnyMatch) -> bool;
}

/// Whether the board in play took the press under way for itself (a piece
/// dragged to a new place, the measuring tape): the camera does not pan
/// with it.
#[derive(Resource, Default, Debug)]
pub struct HeldPress(pub bool);

/// The panels of the board in play (`None` on the launcher).
#[derive(Resource, Default)]
pub struct Panels(pub Option<Box<dyn BoardPanel>>);

/// The view of rule system `R` the board shows now, and the revision and
/// seat of the match it came from.
#[derive(Resource)]
pub struct Shown<R: Ruleset> {
    pub revision: u64,
    pub seat: Option<Side>,
    pub view: Option<R::View>,
}

impl<R: Ruleset> Default for Shown<R> {
    fn default() -> Self {
        Shown {
            revision: 0,
            seat: None,
            view: None,
        }
    }
}

impl<R: Ruleset> Shown<R> {
    /// Takes the seated player's view when the match changed since it was
    /// taken; whether it did.
    pub fn refresh(&mut self, m: &Match<R>) -> bool {
        if self.revision == m.revision && self.seat == Some(m.seat()) && self.view.is_some() {
            return false;
        }
        self.view = Some(m.game().view(Some(m.seat())));
        self.revision = m.revision;
        self.seat = Some(m.seat());
        true
    }

    /// The view shown, if it is the seated player's view of `m` as it is
    /// now (a system running before the board's refresh may find it a
    /// change behind: then see [`Shown::now`]).
    pub fn current(&self, m: &Match<R>) -> Option<&R::View> {
        self.view
            .as_ref()
            .filter(|_| self.revision == m.revision && self.seat == Some(m.seat()))
    }

    /// The seated player's view of `m` as it is now: the one shown, or when
    /// that is a change behind (the match changed earlier in this frame),
    /// one taken for the caller.
    pub fn now(&self, m: &Match<R>) -> ViewNow<'_, R::View> {
        match self.current(m) {
            Some(view) => ViewNow::Shown(view),
            None => ViewNow::Taken(m.game().view(Some(m.seat()))),
        }
    }
}

/// A view from [`Shown::now`]: the one shown, or one taken just now.
pub enum ViewNow<'a, V> {
    Shown(&'a V),
    Taken(V),
}

impl<V> std::ops::Deref for ViewNow<'_, V> {
    type Target = V;
    fn deref(&self) -> &V {
        match self {
            ViewNow::Shown(v) => v,
            ViewNow::Taken(v) => v,
        }
    }
}

/// What a board's changing parts were last drawn for: the shown view's
/// revision, the seat and the selection. Each board keeps one in its
/// drawing resource and draws those parts again only when
/// [`LastDrawn::catch_up`] says something changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastDrawn<U> {
    pub revision: u64,
    pub seat: Option<Side>,
    pub selected: Option<U>,
}

impl<U> Default for LastDrawn<U> {
    fn default() -> Self {
        LastDrawn {
            revision: 0,
            seat: None,
            selected: None,
        }
    }
}

impl<U: Copy + PartialEq> LastDrawn<U> {
    /// Whether the view, the seat or the selection changed since the last
    /// drawing (always after a reset to the default), bringing the record
    /// up to date.
    pub fn catch_up<R: Ruleset>(&mut self, shown: &Shown<R>, selected: Option<U>) -> bool {
        let now = LastDrawn {
            revision: shown.revision,
            seat: shown.seat,
            selected,
        };
        if self.revision != 0 && *self == now {
            return false;
        }
        *self = now;
        true
    }
}

/// The piece (of type `U`) the seated player picked on the board of rule
/// system `R`: for the selected-piece panel and two-click choices.
#[derive(Resource)]
pub struct Selected<R, U>(pub Option<U>, PhantomData<fn() -> R>);

impl<R, U> Default for Selected<R, U> {
    fn default() -> Self {
        Selected(None, PhantomData)
    }
}

/// Keeps [`Shown`] and [`Selected`] for a board of rule system `R`, both
/// forgotten when the players go back to the launcher.
pub fn keep_shown_and_selected<R: Ruleset, U: Send + Sync + 'static>(app: &mut App) {
    app.init_resource::<Shown<R>>()
        .init_resource::<Selected<R, U>>()
        .add_systems(
            OnEnter(Screen::Launcher),
            |mut shown: ResMut<Shown<R>>, mut selected: ResMut<Selected<R, U>>| {
                *shown = Shown::default();
                selected.0 = None;
            },
        );
}

/// The kit's own systems: the click menu, clearing the board, hiding it at
/// the hand-over.
pub struct BoardKit;

impl Plugin for BoardKit {
    fn build(&self, app: &mut App) {
        app.init_resource::<ClickMenu>()
            .init_resource::<Panels>()
            .init_resource::<HeldPress>()
            .add_systems(OnEnter(Screen::Launcher), clear_board)
            .add_systems(OnEnter(Play::HandOver), hide_board)
            .add_systems(OnExit(Play::HandOver), show_board);
    }
}

/// What the board kept besides its pieces (those go by themselves).
fn clear_board(mut menu: ResMut<ClickMenu>, mut panels: ResMut<Panels>) {
    menu.0.clear();
    panels.0 = None;
}

fn hide_board(mut pieces: Query<&mut Visibility, With<BoardPiece>>) {
    for mut v in &mut pieces {
        if *v != Visibility::Hidden {
            *v = Visibility::Hidden;
        }
    }
}

fn show_board(mut pieces: Query<&mut Visibility, (With<BoardPiece>, Without<RefreshedPiece>)>) {
    for mut v in &mut pieces {
        *v = Visibility::Inherited;
    }
}

/// What a click's matching choices `found` make of it: none, the piece
/// clicked (if any) is selected; one, it is returned to be taken at once;
/// several, the click menu asks which (and the piece is selected).
pub fn pick<U: Copy>(
    found: Vec<usize>,
    piece: Option<U>,
    selected: &mut Option<U>,
    menu: &mut ClickMenu,
) -> Option<usize> {
    match found.len() {
        0 => {
            *selected = piece;
            menu.0.clear();
            None
        }
        1 => {
            menu.0.clear();
            Some(found[0])
        }
        _ => {
            if piece.is_some() {
                *selected = piece;
            }
            menu.0 = found;
            None
        }
    }
}

/// What every board's click system starts and ends with, for rule system
/// `R` whose pieces are picked by ids of type `U`: the input, the match,
/// the view shown, the selection and the click menu, and what taking a
/// choice needs. A board's `click` asks [`Clicking::point`], finds what
/// was hit and the choices it stands for (indices into
/// `Match::choices`), and ends with [`Clicking::finish`].
#[derive(bevy::ecs::system::SystemParam)]
pub struct Clicking<'w, 's, R: Ruleset, U: Copy + Send + Sync + 'static> {
    input: crate::boards::BoardClick<'w, 's>,
    pub session: ResMut<'w, Session>,
    pub shown: Res<'w, Shown<R>>,
    pub selected: ResMut<'w, Selected<R, U>>,
    pub menu: ResMut<'w, ClickMenu>,
    next: ResMut<'w, NextState<Play>>,
    playout: ResMut<'w, Playout>,
    config: Res<'w, AppConfig>,
}

impl<R: Ruleset, U: Copy + Send + Sync + 'static> Clicking<'_, '_, R, U> {
    /// Drops the selection and the click menu when the player cancels;
    /// the point on the board if this frame ends a click there.
    pub fn point(&mut self) -> Option<Vec2> {
        if self.input.cancelled() {
            self.selected.0 = None;
            self.menu.0.clear();
        }
        self.input.at()
    }

    /// The click stood for the choices `found`, on `piece` if one was hit:
    /// [`pick`] decides, and a choice picked is taken (then the selection
    /// is dropped).
    pub fn finish(&mut self, found: Vec<usize>, piece: Option<U>) {
        if let Some(i) = pick(found, piece, &mut self.selected.0, &mut self.menu)
            && choose_clicked::<R>(
                i,
                &mut self.session,
                &mut self.next,
                &mut self.playout,
                &self.config,
            )
        {
            self.selected.0 = None;
        }
    }
}

/// Takes choice `index` of the seated side's choices of rule system `R`
/// after a click; whether it was taken (then the selection is dropped).
pub fn choose_clicked<R: Ruleset>(
    index: usize,
    session: &mut Session,
    next: &mut NextState<Play>,
    playout: &mut Playout,
    config: &AppConfig,
) -> bool {
    let chose = session
        .of_mut::<R>()
        .map(|m| m.choose(index).is_ok())
        .unwrap_or(false);
    if chose {
        after_decision(session, next, playout, config);
    }
    chose
}

/// A rule system's colours for the two sides: on the board (Bevy) and in
/// the panels (egui), each board's `PALETTE` in its folder.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// By side (`Side::index`): the board's colour.
    pub board: [Color; 2],
    /// By side: the panels' colour (lighter, for text on a dark panel).
    pub panel: [egui::Color32; 2],
}

impl Palette {
    /// Blue and red, for what belongs to no rule system (the prompt panel,
    /// the hand-over screen).
    pub const GENERIC: Palette = Palette {
        board: [Color::srgb(0.20, 0.36, 0.66), Color::srgb(0.66, 0.16, 0.16)],
        panel: [
            egui::Color32::from_rgb(90, 140, 230),
            egui::Color32::from_rgb(230, 90, 90),
        ],
    };

    /// Side `side`'s colour on the board.
    pub fn board(&self, side: Side) -> Color {
        self.board[side.index()]
    }

    /// Side `side`'s colour in the panels.
    pub fn panel(&self, side: Side) -> egui::Color32 {
        self.panel[side.index()]
    }
}

/// A straight line from `from` to `to` as a sprite.
pub fn line(from: Vec2, to: Vec2, width: f32, colour: Color, z: f32) -> (Sprite, Transform) {
    let d = to - from;
    let mid = (from + to) / 2.0;
    (
        Sprite::from_color(colour, Vec2::new(d.length(), width)),
        Transform::from_translation(mid.extend(z))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    )
}

/// A text on the board.
pub fn label(text: impl Into<String>, size: f32, colour: Color) -> (Text2d, TextFont, TextColor) {
    (
        Text2d::new(text),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(colour),
    )
}
