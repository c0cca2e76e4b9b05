//! The Red Actions! board: an open table measured in inches. `mod.rs` holds
//! what runs without a window: the units kept as entities in step with the
//! view, what a click on a unit means, the ghost of a move that follows the
//! pointer (snapped to the limits the rules offer), the measuring tape, and
//! the input that drives them (a press on the selected unit dragged and let
//! go moves it there). `draw.rs` draws the table, its terrain and the
//! pieces; `panel.rs` the turn, the points lost and the selected unit.

pub mod draw;
pub mod panel;

use crate::AppConfig;
use crate::boards::kit::{self, BoardPiece, ClickMenu};
use crate::flow::{Playout, after_decision};
use crate::input::{UiAction, UiFocus};
use crate::screens::{Play, Screen};
use crate::session::{Match, Session};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use engine::param::{Degrees, Inches, Offer, Param, Point, Pose, Value};
use engine::{Ruleset, Side};
use leafwing_input_manager::prelude::ActionState;
use red_actions::RedActions;
use red_actions::geometry::{self, Base, Formation};
use red_actions::state::{Action, ActionKind, UnitId};
use red_actions::view::{UnitView, View};

pub type RaMatch = Match<RedActions>;

/// The view the board shows now (the kit's [`kit::Shown`]).
pub type RaShown = kit::Shown<RedActions>;

/// The unit the seated player picked (for the unit panel, its moves and its
/// targets).
pub type RaSelected = kit::Selected<RedActions, UnitId>;

/// What this board tells the app (its one line in `boards::BOARDS`).
pub const BOARD: crate::boards::Board = crate::boards::Board {
    ruleset: red_actions::data::RULESET_ID,
    core: |app| {
        app.add_plugins(RedActionsBoard);
    },
    draw: |app| {
        app.add_plugins(draw::RedActionsDraw);
    },
    in_progress: ("village", 40, "red_actions-in-progress.png"),
    measured: false,
};

/// The sides' colours: the first side (Whites, Poles…) pale blue-grey, the
/// second (Reds) red.
pub const PALETTE: kit::Palette = kit::Palette {
    board: [Color::srgb(0.80, 0.84, 0.92), Color::srgb(0.78, 0.14, 0.14)],
    panel: [
        bevy_egui::egui::Color32::from_rgb(190, 205, 235),
        bevy_egui::egui::Color32::from_rgb(235, 95, 95),
    ],
};

/// World units per inch of the table.
pub const SCALE: f32 = 12.0;

/// How far (inches) the pointer must move with the button held before a
/// press on the board is a drag rather than a click.
pub const DRAG_INCHES: f32 = 0.4;

/// The table's size in inches, and the mapping between table points (x
/// east, y south, hundredths of an inch) and the world (centred on the
/// origin, y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Table {
    pub width: f32,
    pub depth: f32,
}

impl Table {
    pub fn of(m: &RaMatch) -> Table {
        let sc = m.game().rules().sc();
        Table {
            width: sc.width.as_f32(),
            depth: sc.depth.as_f32(),
        }
    }

    /// The table's size in world units.
    pub fn size(&self) -> Vec2 {
        Vec2::new(self.width, self.depth) * SCALE
    }

    /// A table point in the world.
    pub fn world(&self, p: Point) -> Vec2 {
        Vec2::new(
            (p.x.as_f32() - self.width / 2.0) * SCALE,
            (self.depth / 2.0 - p.y.as_f32()) * SCALE,
        )
    }

    /// The table point under a world point (to the hundredth).
    pub fn point(&self, w: Vec2) -> Point {
        let x = w.x / SCALE + self.width / 2.0;
        let y = self.depth / 2.0 - w.y / SCALE;
        let clamp = |v: f32| (v * 100.0).round().clamp(-99_999.0, 99_999.0) as i32;
        Point {
            x: Inches(clamp(x)),
            y: Inches(clamp(y)),
        }
    }
}

/// The world rotation of something facing `facing` (clockwise from north,
/// the table's top): its local x axis runs along its front, to its right.
pub fn rotation(facing: Degrees) -> Quat {
    Quat::from_rotation_z(-(facing.0 as f32 / 10.0).to_radians())
}

/// The unit vector (world) of a facing.
pub fn heading(facing: Degrees) -> Vec2 {
    let a = (facing.0 as f32 / 10.0).to_radians();
    Vec2::new(a.sin(), a.cos())
}

/// A unit on the table, as the view shows it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct UnitPiece {
    pub id: UnitId,
    pub side: Side,
    pub bases: Vec<Base>,
}

/// Where the pointer is on the board (world units), kept from the window
/// and the camera (set by hand where there is no window, as in the
/// headless tests).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Pointer(pub Option<Vec2>);

/// A move being shown before it is made: the action the pointer's place
/// makes of an offer of the rules, the unit's bases after it, and the
/// rules' reason if they refuse it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ghost {
    pub unit: UnitId,
    pub action: Action,
    pub bases: Vec<Base>,
    /// `None`: the rules allow it.
    pub refusal: Option<String>,
    /// The move in words ("advance 3.25\"", "wheel 20°").
    pub label: String,
    /// How far the unit's front centre goes (inches), for the tape.
    pub from: Point,
    pub to: Point,
}

/// What a press on the board started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PressKind {
    /// On the selected unit, which has moves on offer: dragging shows the
    /// ghost, letting go makes the move.
    Move,
    /// The measuring tape, from the press to the pointer.
    Measure,
    /// A click (or, with the pointer moved, a drag of the camera).
    Click,
}

#[derive(Clone, Copy, Debug)]
struct Press {
    at: Vec2,
    kind: PressKind,
    dragged: bool,
}

/// A wheel set by the rotation keys: its pivot end and angle.
pub type Keyed = (geometry::Side, Degrees);

/// What the ghost was worked out for: the match's revision and seat, the
/// unit, the pointer's point and the keys' wheel.
type GhostKey = (u64, Side, UnitId, Point, Option<Keyed>);

/// The board's tools: the measuring tape, the move in the making (its ghost)
/// and the parameterised choices on offer (asked of the rules once per
/// change of the match).
#[derive(Resource, Default)]
pub struct Tools {
    /// The measuring tool is on (its key toggles it): a press and drag
    /// anywhere measures instead of clicking.
    pub measuring: bool,
    /// The tape: from, to (world).
    pub tape: Option<(Vec2, Vec2)>,
    /// The move shown for the selected unit, if it has any on offer.
    pub ghost: Option<Ghost>,
    /// A wheel set by the rotation keys (its pivot end and angle), which the
    /// ghost shows until the pointer moves on.
    pub keyed: Option<Keyed>,
    keyed_at: Option<Vec2>,
    press: Option<Press>,
    ghost_for: Option<GhostKey>,
    offers_for: Option<(u64, Side)>,
    offers: Vec<Offer<Action>>,
}

impl Tools {
    /// The parameterised choices of the seated side now (asked of the
    /// rules when the match changed).
    pub fn offers(&mut self, m: &RaMatch) -> &[Offer<Action>] {
        let key = (m.revision, m.seat());
        if self.offers_for != Some(key) {
            self.offers = m.game().rules().offers(m.game().state(), m.seat());
            self.offers_for = Some(key);
        }
        &self.offers
    }
}

pub struct RedActionsBoard;

impl Plugin for RedActionsBoard {
    fn build(&self, app: &mut App) {
        kit::keep_shown_and_selected::<RedActions, UnitId>(app);
        app.init_resource::<Pointer>()
            .init_resource::<Tools>()
            .add_systems(
                Update,
                (track_pointer, board_input.run_if(in_state(Play::Deciding)))
                    .chain()
                    .run_if(in_state(Screen::Game)),
            )
            .add_systems(
                PostUpdate,
                (sync_view, panel::keep_panel)
                    .chain()
                    .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
            )
            .add_systems(
                OnEnter(Screen::Launcher),
                |mut tools: ResMut<Tools>, mut pointer: ResMut<Pointer>| {
                    *tools = Tools::default();
                    pointer.0 = None;
                },
            )
            .add_systems(
                OnEnter(Play::HandOver),
                |mut tools: ResMut<Tools>, mut selected: ResMut<RaSelected>| {
                    tools.tape = None;
                    tools.ghost = None;
                    tools.keyed = None;
                    tools.press = None;
                    selected.0 = None;
                },
            );
    }
}

/// Keeps the view, and one entity per unit on the table, in step with the
/// match.
pub fn sync_view(
    session: Res<Session>,
    mut shown: ResMut<RaShown>,
    mut commands: Commands,
    pieces: Query<(Entity, &UnitPiece)>,
) {
    let Some(m) = session.of::<RedActions>() else {
        return;
    };
    if !shown.refresh(m) {
        return;
    }
    let Some(view) = &shown.view else {
        return;
    };
    let on_table = |id: UnitId| view.units.iter().any(|u| u.id == id && u.on_table);
    for (e, p) in &pieces {
        if !on_table(p.id) {
            commands.entity(e).despawn();
        }
    }
    for u in view
        .units
        .iter()
        .filter(|u| u.on_table && !u.bases.is_empty())
    {
        let piece = UnitPiece {
            id: u.id,
            side: u.side,
            bases: u.bases.clone(),
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

/// The unit a view shows, on the table.
pub fn unit_of(view: &View, id: UnitId) -> Option<&UnitView> {
    view.units.iter().find(|u| u.id == id && u.on_table)
}

/// The formation a unit stands in, worked out from its bases as the view
/// shows them (the inverse of `Formation::bases`, exact on the hundredths).
pub fn formation_of(u: &UnitView) -> Option<Formation> {
    let first = u.bases.first()?;
    let n = u.bases.len();
    let order = u.order.geometry();
    let (hf, hr) = geometry::half_vectors(first.pose.facing, first.width, first.depth);
    let v = match order {
        geometry::Order::Line => hr.scale(n as i64 - 1).plus(hf),
        geometry::Order::Column => hf,
    };
    Some(Formation::new(
        order,
        n as u8,
        first.width,
        first.depth,
        Pose {
            at: geometry::offset(first.pose.at, v),
            facing: first.pose.facing,
        },
    ))
}

/// The enemy unit (or the friend joined or combined with) a choice is
/// aimed at: picked by clicking it after its actor.
pub fn target_of(a: &Action) -> Option<UnitId> {
    match *a {
        Action::Shoot { target, .. }
        | Action::Fire { target, .. }
        | Action::Spring { target, .. }
        | Action::Charge { target, .. }
        | Action::JoinUnit { target, .. } => Some(target),
        Action::Combine { with, .. } => Some(with),
        Action::Release { ambusher, .. } => Some(ambusher),
        _ => None,
    }
}

/// The piece on the table that stands for unit `t` as a target: the train
/// car it rides in (troops aboard are shot at through their car), else
/// the unit itself.
pub fn piece_of(m: &RaMatch, t: UnitId) -> UnitId {
    m.game().rules().riding_in(m.game().state(), t).unwrap_or(t)
}

/// Whether a choice is one of the rules' samples of a parameterised move
/// (the ghost makes any of them, and more).
pub fn is_move(a: &Action) -> bool {
    matches!(a, Action::Advance { .. } | Action::Wheel { .. })
}

/// The unit whose base lies under the table point `p`, if any (the last
/// drawn, that is the highest id, when bases overlap).
pub fn unit_at(view: &View, p: Point) -> Option<UnitId> {
    view.units
        .iter()
        .filter(|u| u.on_table && u.bases.iter().any(|b| b.contains(p)))
        .map(|u| u.id)
        .next_back()
}

/// The choices (indices into [`Match::choices`]) that a click on unit `u`
/// stands for when no selected unit aims at it: its own choices but the
/// moves (made with the ghost) and those aimed at others (made with a
/// second click on the target, [`aimed_by`]).
pub fn own_choices(m: &RaMatch, u: UnitId) -> Vec<usize> {
    m.choices()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.unit() == u && target_of(a).is_none() && !is_move(a))
        .map(|(i, _)| i)
        .collect()
}

/// What some choice of the prompt points at: the units that act, and the
/// targets of the selected unit with the actions aimed at each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Legal {
    pub actors: Vec<UnitId>,
    pub targets: Vec<(UnitId, Vec<Action>)>,
}

pub fn legal_targets(m: &RaMatch, selected: Option<UnitId>) -> Legal {
    let mut l = Legal::default();
    for a in m.choices() {
        l.actors.push(a.unit());
    }
    l.actors.sort_unstable();
    l.actors.dedup();
    if let Some(s) = selected {
        for a in aimed_by(m, s) {
            let Some(t) = target_of(&a).map(|t| piece_of(m, t)) else {
                continue;
            };
            match l.targets.iter_mut().find(|(u, _)| *u == t) {
                Some((_, v)) => v.push(a),
                None => l.targets.push((t, vec![a])),
            }
        }
    }
    l
}

/// The actions of unit `s` aimed at another unit (shots, charges, fire,
/// joining…). The rules list a unit's shots and charges only after the
/// player has chosen that kind of action (`Action::Kind`); the board opens
/// the kinds here, so that a target shows and is taken with one click
/// whatever kind is still closed (the rules take any legal action given
/// directly).
pub fn aimed_by(m: &RaMatch, s: UnitId) -> Vec<Action> {
    let listed = m.choices();
    let closed = listed
        .iter()
        .any(|a| matches!(a, Action::Kind { unit, .. } if *unit == s));
    let keep = |a: &Action| a.unit() == s && target_of(a).is_some();
    if !closed {
        return listed.iter().filter(|a| keep(a)).copied().collect();
    }
    let mut opened = Vec::new();
    m.game()
        .rules()
        .choices_opened(m.game().state(), m.seat(), &mut opened);
    opened.retain(|a| keep(a));
    opened
}

/// A click on `target` with unit `s` selected, when `aimed` (its actions
/// aimed at the target) is not empty: one listed choice or one action is
/// taken; several listed ones are asked in the click menu; several behind
/// closed kinds open their kind (or ask which kind, when they are of
/// several), the next click on the target then picking among them.
fn decide_aimed(
    m: &RaMatch,
    s: UnitId,
    aimed: &[Action],
    selected: &mut Option<UnitId>,
    menu: &mut ClickMenu,
) -> Option<Decision> {
    let listed = m.choices();
    let indices: Option<Vec<usize>> = aimed
        .iter()
        .map(|a| listed.iter().position(|c| c == a))
        .collect();
    if let Some(indices) = indices {
        return kit::pick(indices, None, selected, menu).map(Decision::Choose);
    }
    if let [one] = aimed {
        menu.0.clear();
        return Some(Decision::Act(*one));
    }
    let kinds: Vec<usize> = listed
        .iter()
        .enumerate()
        .filter(|(_, c)| match c {
            Action::Kind { unit, kind } => {
                *unit == s && aimed.iter().any(|a| ActionKind::of(a) == Some(*kind))
            }
            _ => false,
        })
        .map(|(i, _)| i)
        .collect();
    kit::pick(kinds, None, selected, menu).map(Decision::Choose)
}

/// The one unit every choice is about (a unit in the middle of its
/// segment), selected without a click.
pub fn sole_actor(m: &RaMatch) -> Option<UnitId> {
    let first = m.choices().first()?.unit();
    m.choices()
        .iter()
        .all(|a| a.unit() == first)
        .then_some(first)
}

/// The angle (tenths of a degree, clockwise) from the direction `a` to the
/// direction `b`, on the table (y south), within ±180°.
fn angle_between(a: (f64, f64), b: (f64, f64)) -> i32 {
    let cross = a.0 * b.1 - a.1 * b.0;
    let dot = a.0 * b.0 + a.1 * b.1;
    (cross.atan2(dot).to_degrees() * 10.0).round() as i32
}

fn vector(from: Point, to: Point) -> (f64, f64) {
    (
        (to.x.0 - from.x.0) as f64 / 100.0,
        (to.y.0 - from.y.0) as f64 / 100.0,
    )
}

/// The value of `offer` (whose action is about a unit standing in
/// formation `f`) that the pointer at `p` asks for, clamped to the offer's
/// limits, with the formation it leaves: an advance is the pointer's
/// distance ahead of the front; a wheel, the angle the front's middle
/// turns about the pivot to face the pointer; a new pose, the pointer's
/// point within reach. `keyed`: a wheel set by the keys instead.
fn value_at(
    offer: &Offer<Action>,
    f: &Formation,
    p: Point,
    keyed: Option<Keyed>,
) -> Option<(Value, Formation)> {
    match offer.param {
        Param::Distance { min, max } => {
            if keyed.is_some() {
                return None;
            }
            let (dx, dy) = vector(f.front.at, p);
            let (hx, hy) = {
                let h = heading(f.front.facing);
                (h.x as f64, -h.y as f64)
            };
            let d = ((dx * hx + dy * hy) * 100.0).round() as i32;
            if d < min.0 {
                // Behind or level with the front: not an advance.
                return None;
            }
            let d = Inches(d.min(max.0.max(min.0)));
            Some((Value::Distance(d), f.advanced(d).formation))
        }
        Param::Angle { min, max } => {
            let Some(Action::Wheel { pivot, .. }) = offer.action(Value::Angle(max)) else {
                return None;
            };
            let angle = match keyed {
                Some((side, a)) if side == pivot => a.0,
                Some(_) => return None,
                None => {
                    let centre = f.pivot(pivot);
                    let a = angle_between(vector(centre, f.front.at), vector(centre, p));
                    match pivot {
                        geometry::Side::Left => a,
                        geometry::Side::Right => -a,
                    }
                }
            };
            if angle < min.0 {
                // Turned the other way (a wheel on the other end, if any).
                return None;
            }
            let a = Degrees(angle.min(max.0.max(min.0)));
            let g = f.wheeled(pivot, a)?.formation;
            Some((Value::Angle(a), g))
        }
        Param::Pose {
            around,
            reach,
            facing_min,
            facing_max,
        } => {
            if keyed.is_some() {
                return None;
            }
            let (dx, dy) = vector(around, p);
            let r = reach.as_f32() as f64;
            let len = (dx * dx + dy * dy).sqrt();
            let k = if len > r && len > 0.0 { r / len } else { 1.0 };
            let at = Point {
                x: Inches(around.x.0 + (dx * k * 100.0).trunc() as i32),
                y: Inches(around.y.0 + (dy * k * 100.0).trunc() as i32),
            };
            let span = (facing_max.0 - facing_min.0).rem_euclid(3600);
            let off = (f.front.facing.0 - facing_min.0).rem_euclid(3600);
            let facing = if off <= span || facing_max.0 - facing_min.0 >= 3600 {
                f.front.facing
            } else {
                facing_min
            };
            let pose = Pose { at, facing };
            let mut g = *f;
            g.front = pose;
            Some((Value::Pose(pose), g))
        }
    }
}

/// The move the pointer at `p` shows for `unit`: of the rules' offers about
/// it, the one whose result puts the unit's front nearest the pointer
/// (straight ahead an advance, off to a side a wheel), its value clamped
/// to the offer's limits, checked by the rules (`None`: no move on offer).
pub fn ghost_at(
    m: &RaMatch,
    offers: &[Offer<Action>],
    view: &View,
    unit: UnitId,
    p: Point,
    keyed: Option<Keyed>,
) -> Option<Ghost> {
    let u = unit_of(view, unit)?;
    let f = formation_of(u)?;
    let mut best: Option<(f64, Action, Formation)> = None;
    for offer in offers {
        let Some((value, g)) = value_at(offer, &f, p, keyed) else {
            continue;
        };
        let Some(action) = offer.action(value) else {
            continue;
        };
        if action.unit() != unit {
            continue;
        }
        let (dx, dy) = vector(g.front.at, p);
        let miss = dx * dx + dy * dy;
        if best.as_ref().is_none_or(|(b, ..)| miss < *b) {
            best = Some((miss, action, g));
        }
    }
    let (_, action, g) = best?;
    let rules = m.game().rules();
    let state = m.game().state();
    let refusal = if rules.legal(state, m.seat(), &action) {
        None
    } else {
        Some(
            rules
                .refusal(state, m.seat(), &action)
                .unwrap_or_else(|| "the rules do not allow it".into()),
        )
    };
    let label = match action {
        Action::Advance { distance, .. } => format!("advance {distance}"),
        Action::Wheel { angle, pivot, .. } => format!(
            "wheel {angle} on the {}",
            match pivot {
                geometry::Side::Left => "left",
                geometry::Side::Right => "right",
            }
        ),
        _ => rules.describe_action(state, m.seat(), &action),
    };
    Some(Ghost {
        unit,
        action,
        bases: g.bases(),
        refusal,
        label,
        from: f.front.at,
        to: g.front.at,
    })
}

/// The distance between two world points, in inches, as the tape reads it.
pub fn tape_inches(a: Vec2, b: Vec2) -> f32 {
    a.distance(b) / SCALE
}

/// Keeps [`Pointer`] from the window and the camera (where there is a
/// window: without one, it is left as set).
pub fn track_pointer(
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    mut pointer: ResMut<Pointer>,
) {
    if windows.is_empty() {
        return;
    }
    let at = crate::boards::pointer_on_board(&windows, &camera);
    if pointer.0 != at {
        pointer.0 = at;
    }
}

/// What the board's input decided this frame.
enum Decision {
    /// A listed choice, by index.
    Choose(usize),
    /// A move made with the ghost (checked by the rules as it is applied).
    Act(Action),
}

/// The board's input: selecting units and their targets by clicking, a
/// press on the selected unit dragged to where it should go and let go
/// (or a click on open ground while its ghost shows) to move it, the
/// rotation keys for a wheel, the measuring tape.
#[allow(clippy::too_many_arguments)]
pub fn board_input(
    actions: Single<&ActionState<UiAction>>,
    focus: Res<UiFocus>,
    pointer: Res<Pointer>,
    drag_pan: Option<Res<crate::boards::DragPan>>,
    mut session: ResMut<Session>,
    shown: Res<RaShown>,
    mut selected: ResMut<RaSelected>,
    mut menu: ResMut<ClickMenu>,
    mut tools: ResMut<Tools>,
    mut held: ResMut<kit::HeldPress>,
    mut next: ResMut<NextState<Play>>,
    mut playout: ResMut<Playout>,
    config: Res<AppConfig>,
) {
    let Some(m) = session.of::<RedActions>() else {
        return;
    };
    let table = Table::of(m);
    if actions.just_pressed(&UiAction::Cancel) {
        selected.0 = None;
        menu.0.clear();
        tools.tape = None;
        tools.keyed = None;
    }
    if !focus.typing && actions.just_pressed(&UiAction::Measure) {
        tools.measuring = !tools.measuring;
        if !tools.measuring {
            tools.tape = None;
        }
    }
    let view = shown.now(m);
    if selected.0.is_none()
        && let Some(u) = sole_actor(m)
    {
        selected.0 = Some(u);
    }
    if selected
        .0
        .is_some_and(|u| unit_of(&view, u).is_none() && !m.choices().iter().any(|a| a.unit() == u))
    {
        selected.0 = None;
    }
    // The rotation keys: a wheel of the selected unit, 5° a press.
    let unit = selected.0;
    let offers: Vec<Offer<Action>> = tools.offers(m).to_vec();
    let mine: Vec<&Offer<Action>> = offers
        .iter()
        .filter(|o| {
            let probe = match o.param {
                Param::Distance { max, .. } => Value::Distance(max),
                Param::Angle { max, .. } => Value::Angle(max),
                Param::Pose { around, .. } => Value::Pose(Pose {
                    at: around,
                    facing: Degrees(0),
                }),
            };
            unit.is_some() && o.action(probe).map(|a| a.unit()) == unit
        })
        .collect();
    if !focus.typing && !mine.is_empty() {
        for (key, side) in [
            (UiAction::RotateRight, geometry::Side::Left),
            (UiAction::RotateLeft, geometry::Side::Right),
        ] {
            if actions.just_pressed(&key) {
                let step = Degrees::whole(5);
                tools.keyed = Some(match tools.keyed {
                    Some((s, a)) if s == side => (s, Degrees(a.0 + step.0)),
                    Some((s, a)) if a.0 > step.0 => (s, Degrees(a.0 - step.0)),
                    Some(_) => (side, Degrees(0)),
                    None => (side, step),
                });
                if tools.keyed.is_some_and(|(_, a)| a.0 <= 0) {
                    tools.keyed = None;
                }
                tools.keyed_at = pointer.0;
            }
        }
    }
    if tools
        .keyed_at
        .zip(pointer.0)
        .is_some_and(|(a, b)| a.distance(b) > DRAG_INCHES * SCALE)
    {
        tools.keyed = None;
        tools.keyed_at = None;
    }
    // The ghost: the move the pointer (or the keys) show. None while the
    // pointer rests on the unit itself, unless a drag from it is under way
    // or the keys set a wheel: there it would show a meaningless sliver of
    // an advance.
    let on_unit = |p: Point| {
        unit.is_some_and(|u| {
            unit_of(&view, u).is_some_and(|x| x.bases.iter().any(|b| b.contains(p)))
        })
    };
    let dragging_unit = tools
        .press
        .is_some_and(|pr| pr.kind == PressKind::Move && pr.dragged);
    let ghost = match (unit, pointer.0) {
        (Some(_), Some(at))
            if tools.keyed.is_none() && !dragging_unit && on_unit(table.point(at)) =>
        {
            tools.ghost_for = None;
            None
        }
        (Some(u), Some(at)) if !mine.is_empty() => {
            let p = table.point(at);
            let key = (m.revision, m.seat(), u, p, tools.keyed);
            if tools.ghost_for == Some(key) {
                tools.ghost.clone()
            } else {
                let own: Vec<Offer<Action>> = mine.iter().map(|o| (*o).clone()).collect();
                let g = ghost_at(m, &own, &view, u, p, tools.keyed);
                tools.ghost_for = Some(key);
                g
            }
        }
        _ => None,
    };
    if tools.ghost != ghost {
        tools.ghost = ghost;
    }
    // Presses and releases.
    let mut decision = None;
    if actions.just_pressed(&UiAction::Select) {
        held.0 = false;
        tools.press = match pointer.0 {
            Some(at) if !focus.pointer_over_panel => {
                let p = table.point(at);
                let kind = if tools.measuring {
                    PressKind::Measure
                } else if !mine.is_empty() && on_unit(p) {
                    PressKind::Move
                } else {
                    PressKind::Click
                };
                if kind != PressKind::Click {
                    held.0 = true;
                }
                if kind == PressKind::Measure {
                    tools.tape = Some((at, at));
                }
                Some(Press {
                    at,
                    kind,
                    dragged: false,
                })
            }
            _ => None,
        };
    } else if let (Some(press), Some(at)) = (tools.press, pointer.0) {
        let dragged = press.dragged || press.at.distance(at) > DRAG_INCHES * SCALE;
        if dragged != press.dragged {
            tools.press = Some(Press { dragged, ..press });
        }
        if press.kind == PressKind::Measure && actions.pressed(&UiAction::Select) {
            let tape = Some((press.at, at));
            if tools.tape != tape {
                tools.tape = tape;
            }
        }
    }
    if actions.just_released(&UiAction::Select)
        && let Some(press) = tools.press.take()
    {
        held.0 = false;
        let camera_dragged = drag_pan.as_ref().is_some_and(|d| !d.is_click());
        match press.kind {
            PressKind::Measure => {}
            PressKind::Move if press.dragged => {
                if let Some(g) = &tools.ghost {
                    decision = Some(Decision::Act(g.action));
                }
            }
            PressKind::Click if press.dragged || camera_dragged => {}
            PressKind::Move | PressKind::Click => {
                if let Some(at) = pointer.0.filter(|_| !focus.pointer_over_panel) {
                    let p = table.point(at);
                    match unit_at(&view, p) {
                        Some(u) => {
                            decision =
                                click_unit(m, u, &mut selected.0, &mut menu, !mine.is_empty());
                        }
                        None => match &tools.ghost {
                            Some(g) => decision = Some(Decision::Act(g.action)),
                            None => {
                                selected.0 = None;
                                menu.0.clear();
                            }
                        },
                    }
                }
            }
        }
    }
    drop(view);
    let Some(decision) = decision else {
        return;
    };
    let taken = match decision {
        Decision::Choose(i) => {
            kit::choose_clicked::<RedActions>(i, &mut session, &mut next, &mut playout, &config)
        }
        Decision::Act(action) => {
            let ok = session
                .of_mut::<RedActions>()
                .is_some_and(|m| m.act(action).is_ok());
            if ok {
                after_decision(&mut session, &mut next, &mut playout, &config);
            }
            ok
        }
    };
    if taken {
        selected.0 = None;
        menu.0.clear();
        tools.ghost = None;
        tools.keyed = None;
    }
}

/// A click on unit `u`: with a unit selected whose choices aim at `u`,
/// those (one is taken, several are asked in the click menu); else `u` is
/// selected and its own choices (but its moves) are asked in the click
/// menu, one alone being taken at once when nothing else can follow (no
/// moves, no targets, and not the end of its segment).
fn click_unit(
    m: &RaMatch,
    u: UnitId,
    selected: &mut Option<UnitId>,
    menu: &mut ClickMenu,
    selected_moves: bool,
) -> Option<Decision> {
    if let Some(s) = *selected
        && s != u
    {
        let aimed: Vec<Action> = aimed_by(m, s)
            .into_iter()
            .filter(|a| target_of(a).map(|t| piece_of(m, t)) == Some(u))
            .collect();
        if !aimed.is_empty() {
            return decide_aimed(m, s, &aimed, selected, menu);
        }
    }
    let own = own_choices(m, u);
    let more = m
        .choices()
        .iter()
        .any(|a| a.unit() == u && (is_move(a) || target_of(a).is_some()))
        || (*selected == Some(u) && selected_moves);
    let rules = m.game().rules();
    if own.len() == 1 && !more && !rules.is_pass(&m.choices()[own[0]]) {
        menu.0.clear();
        return Some(Decision::Choose(own[0]));
    }
    *selected = Some(u);
    menu.0 = own;
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(scenario: &str) -> RedActions {
        let path = catalog::shipped_dir()
            .join("red_actions")
            .join(format!("{scenario}.toml"));
        RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_formation_worked_out_from_the_view_gives_back_its_bases() {
        for scenario in ["village", "wired_position", "railway_raid"] {
            let r = shipped(scenario);
            let s = r.setup(&engine::Options::new(), 1).unwrap();
            let view = r.view(&s, None);
            let mut checked = 0;
            for u in view.units.iter().filter(|u| u.on_table) {
                let f = formation_of(u).unwrap();
                assert_eq!(f.bases(), u.bases, "{scenario}: {}", u.name);
                checked += 1;
            }
            assert!(checked > 3, "{scenario}: {checked} units");
        }
    }

    #[test]
    fn table_points_and_world_points_map_both_ways() {
        let t = Table {
            width: 72.0,
            depth: 48.0,
        };
        let p = Point {
            x: Inches(1234),
            y: Inches(4567),
        };
        assert_eq!(t.point(t.world(p)), p);
        // The table's top left corner is the world's top left.
        let corner = t.world(Point::default());
        assert_eq!(corner, Vec2::new(-36.0 * SCALE, 24.0 * SCALE));
        // Facing north is up the screen, east is right.
        assert!(heading(Degrees(0)).abs_diff_eq(Vec2::Y, 1e-6));
        assert!(heading(Degrees(900)).abs_diff_eq(Vec2::X, 1e-6));
        assert!((rotation(Degrees(900)) * Vec3::Y).abs_diff_eq(Vec3::X, 1e-6));
    }

    #[test]
    fn the_pointer_ahead_asks_for_an_advance_and_beside_for_a_wheel_within_the_limits() {
        let f = Formation::new(
            geometry::Order::Line,
            3,
            Inches(150),
            Inches(100),
            Pose {
                at: Point {
                    x: Inches(3000),
                    y: Inches(3000),
                },
                facing: Degrees(0),
            },
        );
        let advance = Offer::new(
            "advance",
            Param::Distance {
                min: Inches(1),
                max: Inches(600),
            },
            |v| match v {
                Value::Distance(distance) => Some(Action::Advance { unit: 0, distance }),
                _ => None,
            },
        );
        let wheel = Offer::new(
            "wheel",
            Param::Angle {
                min: Degrees(1),
                max: Degrees(450),
            },
            |v| match v {
                Value::Angle(angle) => Some(Action::Wheel {
                    unit: 0,
                    pivot: geometry::Side::Left,
                    angle,
                }),
                _ => None,
            },
        );
        // 4" straight ahead (north is y smaller).
        let p = Point {
            x: Inches(3000),
            y: Inches(2600),
        };
        let (v, g) = value_at(&advance, &f, p, None).unwrap();
        assert_eq!(v, Value::Distance(Inches(400)));
        assert_eq!(g.front.at, p);
        // 10" ahead: clamped to the 6" allowed.
        let far = Point {
            x: Inches(3000),
            y: Inches(2000),
        };
        assert_eq!(
            value_at(&advance, &f, far, None).unwrap().0,
            Value::Distance(Inches(600))
        );
        // Swung clockwise about the left end's front corner (the front's
        // middle going round towards the south): a wheel, clamped to 45°.
        let right = Point {
            x: Inches(3775),
            y: Inches(4500),
        };
        let (v, _) = value_at(&wheel, &f, right, None).unwrap();
        assert_eq!(v, Value::Angle(Degrees(450)));
        // The keys set the angle.
        let (v, _) = value_at(
            &wheel,
            &f,
            right,
            Some((geometry::Side::Left, Degrees(100))),
        )
        .unwrap();
        assert_eq!(v, Value::Angle(Degrees(100)));
        assert!(value_at(&advance, &f, p, Some((geometry::Side::Left, Degrees(100)))).is_none());
        // Behind the front no advance is asked for (not the least one), and
        // swung the other way no wheel on this end.
        let behind = Point {
            x: Inches(3000),
            y: Inches(3300),
        };
        assert!(value_at(&advance, &f, behind, None).is_none());
        let back = Point {
            x: Inches(3775),
            y: Inches(2000),
        };
        assert!(value_at(&wheel, &f, back, None).is_none());
    }

    /// Troops aboard a train are shot at through their car: the board
    /// marks the car as the target, and a click on it with the shooter
    /// selected takes (or offers) the shot at the troops.
    #[test]
    fn troops_aboard_a_train_are_targeted_by_a_click_on_their_car() {
        use crate::session::AnyMatch;
        let rules = shipped("railway_raid");
        let mut found = 0;
        for seed in 0..40u64 {
            let game = engine::Game::new(rules.clone(), engine::Options::new(), seed).unwrap();
            let mut m = Match::new(game, ["A".into(), "B".into()], None);
            let mut x: u64 = 0x9E37_79B9_7F4A_7C15 ^ seed;
            for _ in 0..3000 {
                if m.game().outcome().is_some() {
                    break;
                }
                let engine::Decider::One(side) = m.game().to_decide() else {
                    break;
                };
                m.set_seat(side);
                let state = m.game().state().clone();
                let aboard: Vec<(UnitId, Action)> = m
                    .choices()
                    .iter()
                    .flat_map(|a| aimed_by(&m, a.unit()))
                    .filter_map(|a| {
                        let t = target_of(&a)?;
                        let car = rules.riding_in(&state, t)?;
                        Some((car, a))
                    })
                    .collect();
                if let Some(&(car, shot)) = aboard.first() {
                    let legal = legal_targets(&m, Some(shot.unit()));
                    assert!(
                        legal
                            .targets
                            .iter()
                            .any(|(t, v)| *t == car && v.contains(&shot)),
                        "the car {car} stands for the troops: {:?}",
                        legal.targets
                    );
                    let mut selected = Some(shot.unit());
                    let mut menu = ClickMenu::default();
                    match click_unit(&m, car, &mut selected, &mut menu, false) {
                        Some(Decision::Act(a)) => assert_eq!(a, shot),
                        Some(Decision::Choose(i)) => assert_eq!(m.choices()[i], shot),
                        None => assert!(
                            !menu.0.is_empty() || selected != Some(shot.unit()),
                            "the click on the car did something"
                        ),
                    }
                    found += 1;
                    break;
                }
                let n = m.choices().len();
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Shots first where there are any, to bring the fight on.
                let shots: Vec<usize> = (0..n)
                    .filter(|&i| target_of(&m.choices()[i]).is_some())
                    .collect();
                let i = if !shots.is_empty() && x.is_multiple_of(2) {
                    shots[(x / 2) as usize % shots.len()]
                } else {
                    (x % n as u64) as usize
                };
                m.choose(i).unwrap();
            }
            if found >= 2 {
                break;
            }
        }
        assert!(found > 0, "no shot at troops aboard came up");
    }

    /// With the kinds of action closed (the rules list a unit's shots and
    /// charges only once the kind is chosen), a click on a target the
    /// selected unit may shoot or charge still finds those actions, and the
    /// one taken is one the rules accept.
    #[test]
    fn a_click_on_a_target_takes_a_shot_or_charge_behind_a_closed_kind() {
        use crate::session::AnyMatch;
        let mut taken = 0;
        for scenario in ["village", "wired_position", "railway_raid"] {
            let rules = shipped(scenario);
            let game = engine::Game::new(rules, engine::Options::new(), 7).unwrap();
            let mut m = Match::new(game, ["A".into(), "B".into()], None);
            // A small generator of our own for picking the random choices.
            let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
            for _ in 0..4000 {
                if m.game().outcome().is_some() {
                    break;
                }
                let engine::Decider::One(side) = m.game().to_decide() else {
                    break;
                };
                m.set_seat(side);
                let closed: Vec<UnitId> = m
                    .choices()
                    .iter()
                    .filter_map(|a| match a {
                        Action::Kind {
                            unit,
                            kind: ActionKind::Shoot | ActionKind::Charge,
                        } => Some(*unit),
                        _ => None,
                    })
                    .collect();
                if let Some(&s) = closed.first() {
                    let aimed = aimed_by(&m, s);
                    assert!(
                        !aimed.is_empty(),
                        "{scenario}: a closed kind with no target"
                    );
                    assert!(
                        aimed.iter().all(|a| !m.choices().contains(a)),
                        "{scenario}: the kind was closed"
                    );
                    let target = target_of(&aimed[0]).unwrap();
                    let at: Vec<Action> = aimed
                        .iter()
                        .filter(|a| target_of(a) == Some(target))
                        .copied()
                        .collect();
                    let mut selected = Some(s);
                    let mut menu = ClickMenu::default();
                    match decide_aimed(&m, s, &at, &mut selected, &mut menu) {
                        Some(Decision::Act(a)) => {
                            assert_eq!(at, vec![a]);
                            m.act(a).unwrap_or_else(|e| panic!("{scenario}: {e}"));
                            taken += 1;
                            continue;
                        }
                        Some(Decision::Choose(i)) => {
                            assert!(at.len() > 1);
                            assert!(
                                matches!(m.choices()[i], Action::Kind { unit, .. } if unit == s)
                            );
                        }
                        None => assert!(at.len() > 1 && menu.0.len() > 1),
                    }
                }
                let n = m.choices().len();
                if n == 0 {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                m.choose((x % n as u64) as usize).unwrap();
            }
        }
        assert!(taken > 5, "only {taken} shots or charges taken by a click");
    }
}
