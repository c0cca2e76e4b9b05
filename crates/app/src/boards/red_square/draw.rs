//! Drawing the Red Square board: the brick rows of squares coloured by
//! terrain, square names, roads and railways from centre to centre, edge
//! features on the shared edges, objectives and place names; units as
//! pieces in their side's colour with their facing, class and bases, and
//! markers for hits and states; highlights of legal choices; clicks.

use super::{
    HALF, Hit, Legal, RsMatch, RsSelected, RsShown, UnitPiece, choices_for, legal_targets,
    map_size, square_at, square_centre, starts_two_click, target_of,
};
use crate::boards::kit::{self, BoardPiece, label, line};
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use engine::Side;
use red_square::data::Class;
use red_square::grid::{Dir, Grid, Sq};
use red_square::scenario::{Edge, Terrain};
use red_square::view::{UnitView, View};
use red_square::{RedSquare, UnitId};

pub const PIECE_W: f32 = 52.0;
pub const PIECE_H: f32 = 32.0;

/// A side's colour on the board.
pub fn side_colour(side: Side) -> Color {
    super::PALETTE.board(side)
}

fn ink(side: Side) -> Color {
    if side == Side::A {
        Color::srgb(0.1, 0.1, 0.12)
    } else {
        Color::WHITE
    }
}

pub fn terrain_colour(t: Terrain) -> Color {
    match t {
        Terrain::Open => Color::srgb(0.74, 0.78, 0.58),
        Terrain::Wood => Color::srgb(0.30, 0.50, 0.28),
        Terrain::Village => Color::srgb(0.72, 0.60, 0.42),
        Terrain::Town => Color::srgb(0.62, 0.56, 0.54),
        Terrain::Hedges => Color::srgb(0.58, 0.70, 0.42),
        Terrain::Forward => Color::srgb(0.80, 0.72, 0.50),
        Terrain::Crest => Color::srgb(0.70, 0.58, 0.36),
        Terrain::Reverse => Color::srgb(0.76, 0.66, 0.46),
        Terrain::Marsh => Color::srgb(0.52, 0.64, 0.62),
    }
}

fn edge_style(e: Edge) -> (Color, f32) {
    match e {
        Edge::Stream => (Color::srgb(0.25, 0.50, 0.85), 5.0),
        Edge::River => (Color::srgb(0.15, 0.35, 0.80), 10.0),
        Edge::Ford => (Color::srgb(0.50, 0.72, 0.95), 10.0),
        Edge::Bridge => (Color::srgb(0.40, 0.28, 0.16), 10.0),
        Edge::Wall => (Color::srgb(0.45, 0.45, 0.45), 5.0),
        Edge::Hedge => (Color::srgb(0.15, 0.40, 0.12), 5.0),
        Edge::Wire => (Color::srgb(0.15, 0.15, 0.15), 3.0),
    }
}

/// The two ends of the edge square `sq` shares with its neighbour in
/// direction `d` (whether or not the neighbour is on the map).
pub fn edge_ends(grid: &Grid, sq: Sq, d: Dir) -> (Vec2, Vec2) {
    let c = square_centre(grid, sq);
    let h = HALF;
    let (a, b) = match d {
        Dir::E => (Vec2::new(h, h), Vec2::new(h, -h)),
        Dir::W => (Vec2::new(-h, h), Vec2::new(-h, -h)),
        Dir::NE => (Vec2::new(0.0, h), Vec2::new(h, h)),
        Dir::NW => (Vec2::new(-h, h), Vec2::new(0.0, h)),
        Dir::SE => (Vec2::new(0.0, -h), Vec2::new(h, -h)),
        Dir::SW => (Vec2::new(-h, -h), Vec2::new(0.0, -h)),
    };
    (c + a, c + b)
}

/// The short label of a unit: its class and, for troops, its bases.
pub fn short_label(u: &UnitView) -> String {
    let class = match u.class {
        Class::Infantry => "Inf",
        Class::Cavalry => "Cav",
        Class::Mg => "MG",
        Class::Tchanka => "Tch",
        Class::Artillery => "Art",
        Class::ArmouredCar => "AC",
        Class::LightTank => "LT",
        Class::HeavyTank => "HT",
        Class::Motor => "Lorry",
        Class::Train => "Train",
        Class::Hq => "HQ",
        Class::Officer => "CO",
        Class::Commissar => "Com",
        Class::Cheka => "Cheka",
    };
    if matches!(
        u.class,
        Class::Infantry | Class::Cavalry | Class::Mg | Class::Tchanka | Class::Artillery
    ) {
        format!("{class} {}", u.bases)
    } else {
        class.to_string()
    }
}

/// The markers under a unit's label: hiding, retreating, holding fire,
/// pinned, broken down and the like.
pub fn markers(u: &UnitView) -> String {
    let mut m = Vec::new();
    for (on, tag) in [
        (u.hiding, "Hid"),
        (u.retreating, "Ret"),
        (u.holding_fire, "HF"),
        (u.pinned, "Pin"),
        (u.broken_down, "BD"),
        (u.bogged, "Bog"),
        (u.damaged, "Dmg"),
        (u.disabled, "Dis"),
        (u.trenches, "Tr"),
        (u.digging > 0 && !u.trenches, "Dig"),
    ] {
        if on {
            m.push(tag);
        }
    }
    m.join(" ")
}

#[derive(Resource, Default)]
pub struct DrawnMap {
    pub scenario: Option<String>,
    pub last: kit::LastDrawn<UnitId>,
}

/// Redrawn on every change: highlights and objective holders.
#[derive(Component)]
struct Transient;

pub struct RedSquareDraw;

impl Plugin for RedSquareDraw {
    fn build(&self, app: &mut App) {
        app.init_resource::<DrawnMap>()
            .add_systems(
                Update,
                (
                    draw_map,
                    refresh,
                    click
                        .run_if(in_state(Play::Deciding))
                        .after(crate::boards::pan_and_zoom),
                )
                    .chain()
                    .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
            )
            .add_systems(OnEnter(Screen::Launcher), |mut d: ResMut<DrawnMap>| {
                *d = DrawnMap::default()
            })
            .add_systems(OnExit(Play::HandOver), |mut d: ResMut<DrawnMap>| {
                d.last = kit::LastDrawn::default()
            });
    }
}

fn draw_map(
    session: Res<Session>,
    mut drawn: ResMut<DrawnMap>,
    mut commands: Commands,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(m) = session.of::<RedSquare>() else {
        return;
    };
    let scenario = format!(
        "red_square/{}",
        engine::Ruleset::scenario_id(m.game().rules())
    );
    if drawn.scenario.as_deref() == Some(&scenario) {
        return;
    }
    drawn.scenario = Some(scenario);
    drawn.last = kit::LastDrawn::default();
    let sc = m.game().rules().sc();
    let grid = &sc.grid;
    let piece = (BoardPiece, Visibility::default());
    let (w, h) = map_size(grid);
    // A dark frame under the squares: the gaps between them are the grid.
    commands.spawn((
        Sprite::from_color(Color::srgb(0.25, 0.25, 0.22), Vec2::new(w + 8.0, h + 8.0)),
        Transform::from_xyz(0.0, 0.0, 0.0),
        piece,
    ));
    for sq in 0..grid.len() as Sq {
        let c = square_centre(grid, sq);
        let t = sc.terrain[sq as usize];
        commands.spawn((
            Sprite::from_color(terrain_colour(t), Vec2::splat(2.0 * HALF - 2.0)),
            Transform::from_translation(c.extend(0.5)),
            piece,
        ));
        // Texture marks: trees, houses, reeds, the crest line.
        let mark = |commands: &mut Commands, at: Vec2, size: Vec2, colour: Color| {
            commands.spawn((
                Sprite::from_color(colour, size),
                Transform::from_translation((c + at).extend(0.6)),
                piece,
            ));
        };
        match t {
            Terrain::Wood => {
                for (x, y) in [(-30.0, 30.0), (28.0, 34.0), (-34.0, -30.0), (32.0, -32.0)] {
                    mark(
                        &mut commands,
                        Vec2::new(x, y),
                        Vec2::splat(9.0),
                        Color::srgb(0.18, 0.36, 0.17),
                    );
                }
            }
            Terrain::Village | Terrain::Town => {
                let col = if t == Terrain::Town {
                    Color::srgb(0.45, 0.30, 0.28)
                } else {
                    Color::srgb(0.55, 0.40, 0.25)
                };
                for (x, y) in [(-34.0, 34.0), (34.0, 34.0), (-34.0, -34.0), (34.0, -34.0)] {
                    mark(&mut commands, Vec2::new(x, y), Vec2::new(12.0, 9.0), col);
                }
            }
            Terrain::Crest => {
                mark(
                    &mut commands,
                    Vec2::ZERO,
                    Vec2::new(2.0 * HALF - 6.0, 3.0),
                    Color::srgb(0.50, 0.38, 0.20),
                );
            }
            Terrain::Marsh => {
                for (x, y) in [(-30.0, 32.0), (26.0, 34.0), (-28.0, -34.0), (30.0, -32.0)] {
                    mark(
                        &mut commands,
                        Vec2::new(x, y),
                        Vec2::new(12.0, 2.0),
                        Color::srgb(0.25, 0.40, 0.45),
                    );
                }
            }
            Terrain::Hedges => {
                for y in [-36.0, 36.0] {
                    mark(
                        &mut commands,
                        Vec2::new(0.0, y),
                        Vec2::new(2.0 * HALF - 14.0, 3.0),
                        Color::srgb(0.25, 0.45, 0.18),
                    );
                }
            }
            _ => {}
        }
        // The square's name, small, top left.
        commands.spawn((
            label(grid.name(sq), 13.0, Color::srgba(0.1, 0.1, 0.1, 0.75)),
            Anchor::TOP_LEFT,
            Transform::from_translation((c + Vec2::new(-HALF + 3.0, HALF - 2.0)).extend(3.0)),
            piece,
        ));
        // Roads (tan) and railways (dark, with sleepers' colour) to the
        // neighbours; both where a pair has both, side by side.
        for d in Dir::ALL {
            let Some(n) = grid.neighbour(sq, d) else {
                continue;
            };
            if n < sq {
                continue;
            }
            let to = square_centre(grid, n);
            let road = sc.roads[sq as usize] & (1 << d as u8) != 0;
            let rail = sc.rails[sq as usize] & (1 << d as u8) != 0;
            let off = if road && rail {
                let v = (to - c).normalize_or_zero();
                Vec2::new(-v.y, v.x) * 5.0
            } else {
                Vec2::ZERO
            };
            if road {
                commands.spawn((
                    line(c - off, to - off, 5.0, Color::srgb(0.62, 0.46, 0.26), 1.0),
                    piece,
                ));
            }
            if rail {
                commands.spawn((
                    line(c + off, to + off, 6.0, Color::srgb(0.12, 0.12, 0.12), 1.1),
                    piece,
                ));
                commands.spawn((
                    line(c + off, to + off, 2.0, Color::srgb(0.85, 0.85, 0.80), 1.2),
                    piece,
                ));
            }
        }
        // Edge features on the shared edge.
        for d in Dir::ALL {
            let Some(e) = sc.edge(sq, d) else {
                continue;
            };
            let (a, b) = edge_ends(grid, sq, d);
            let (colour, width) = edge_style(e);
            commands.spawn((line(a, b, width, colour, 1.5), piece));
            if e == Edge::Wire {
                // Barbs: short ticks across the wire.
                let v = (b - a).normalize_or_zero();
                let n = Vec2::new(-v.y, v.x) * 4.0;
                for k in 1..6 {
                    let p = a + (b - a) * (k as f32 / 6.0);
                    commands.spawn((
                        line(p - n, p + n, 2.0, Color::srgb(0.15, 0.15, 0.15), 1.55),
                        piece,
                    ));
                }
            }
        }
    }
    // Place names and the objectives' names, across the top of their
    // square, right of the square's name (wrapped to its width).
    let mut names: Vec<(Sq, String)> = sc.place_names.clone();
    for o in &sc.objectives {
        if !names.iter().any(|(at, _)| *at == o.at) {
            names.push((o.at, o.name.clone()));
        }
    }
    for (sq, name) in names {
        let c = square_centre(grid, sq);
        commands.spawn((
            label(name, 12.0, Color::srgb(0.05, 0.05, 0.3)),
            bevy::text::TextBounds::new_horizontal(2.0 * HALF - 30.0),
            Anchor::TOP_RIGHT,
            Transform::from_translation((c + Vec2::new(HALF - 3.0, HALF - 2.0)).extend(3.2)),
            piece,
        ));
    }
    // Fit the map to the window, leaving room for the panels.
    let (ww, wh) = windows
        .single()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((1280.0, 720.0));
    let board_w = (ww - 2.0 * crate::ui::PANEL_WIDTH).max(200.0);
    let scale = (w / board_w).max(h / (wh - 40.0));
    for (mut t, mut proj) in &mut camera {
        t.translation.x = 0.0;
        t.translation.y = 0.0;
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = scale * 1.04;
        }
    }
}

/// Where unit number `i` of `n` in a square stands, from its centre: two to
/// a row, the rows centred.
pub fn slot(i: usize, n: usize) -> Vec2 {
    if n == 1 {
        return Vec2::ZERO;
    }
    let rows = n.div_ceil(2);
    let row = i / 2;
    let y = ((rows as f32 - 1.0) / 2.0 - row as f32) * (PIECE_H + 3.0);
    let alone = i == n - 1 && !n.is_multiple_of(2);
    let x = if alone {
        0.0
    } else if i.is_multiple_of(2) {
        -(PIECE_W / 2.0 + 1.5)
    } else {
        PIECE_W / 2.0 + 1.5
    };
    Vec2::new(x, y)
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn refresh(
    session: Res<Session>,
    shown: Res<RsShown>,
    selected: Res<RsSelected>,
    play: Option<Res<State<Play>>>,
    mut drawn: ResMut<DrawnMap>,
    mut commands: Commands,
    transients: Query<Entity, With<Transient>>,
    mut pieces: Query<(
        Entity,
        &UnitPiece,
        &mut Transform,
        &mut Visibility,
        &mut crate::boards::Glide,
    )>,
) {
    let Some(m) = session.of::<RedSquare>() else {
        return;
    };
    let Some(view) = &shown.view else { return };
    if play.is_some_and(|p| *p.get() == Play::HandOver) {
        return;
    }
    if !drawn.last.catch_up(&*shown, selected.0) {
        return;
    }
    let sc = m.game().rules().sc();
    let grid = &sc.grid;
    for e in &transients {
        commands.entity(e).despawn();
    }
    let legal = legal_targets(m, view, selected.0);
    draw_squares_and_objectives(&mut commands, m, view, &legal);
    // Pieces: the units of each square, by id.
    let mut order: Vec<_> = pieces.iter_mut().collect();
    order.sort_by_key(|(_, p, ..)| p.id);
    let count = |sq: Sq| order.iter().filter(|(_, p, ..)| p.at == sq).count();
    let counts: Vec<usize> = (0..grid.len() as Sq).map(count).collect();
    let mut placed = vec![0usize; grid.len()];
    for (e, p, mut transform, mut vis, mut glide) in order {
        let Some(u) = view.unit(p.id) else {
            continue;
        };
        let i = placed[u.at as usize];
        placed[u.at as usize] += 1;
        let at = square_centre(grid, u.at) + slot(i, counts[u.at as usize]);
        glide.place(&mut transform, at.extend(10.0 + i as f32));
        *vis = Visibility::Inherited;
        dress(&mut commands, e, u, &legal, selected.0);
    }
}

/// The squares a click moves into, and the objectives with their holders.
fn draw_squares_and_objectives(commands: &mut Commands, m: &RsMatch, view: &View, legal: &Legal) {
    let sc = m.game().rules().sc();
    let grid = &sc.grid;
    for &sq in &legal.squares {
        commands.spawn((
            Sprite::from_color(
                Color::srgba(1.0, 0.85, 0.1, 0.45),
                Vec2::splat(2.0 * HALF - 8.0),
            ),
            Transform::from_translation(square_centre(grid, sq).extend(2.0)),
            BoardPiece,
            Transient,
            kit::Offered,
        ));
    }
    if let Some(mover) = view.moving.and_then(|u| view.unit(u)) {
        let c = square_centre(grid, mover.at);
        for (a, b) in [
            (Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0)),
            (Vec2::new(-1.0, 1.0), Vec2::new(1.0, 1.0)),
            (Vec2::new(-1.0, -1.0), Vec2::new(-1.0, 1.0)),
            (Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0)),
        ] {
            commands.spawn((
                line(
                    c + a * (HALF - 3.0),
                    c + b * (HALF - 3.0),
                    4.0,
                    Color::srgb(0.1, 0.8, 0.3),
                    2.1,
                ),
                BoardPiece,
                Transient,
            ));
        }
    }
    // Buildings on fire (Artillery Firing 6): a flame-coloured band across
    // the square.
    for &sq in &view.burning {
        let c = square_centre(grid, sq);
        commands.spawn((
            Sprite::from_color(
                Color::srgba(0.95, 0.35, 0.05, 0.55),
                Vec2::new(2.0 * HALF - 6.0, 14.0),
            ),
            Transform::from_translation((c + Vec2::new(0.0, -HALF + 10.0)).extend(2.2)),
            BoardPiece,
            Transient,
        ));
        commands.spawn((
            label("burning", 12.0, Color::WHITE),
            Transform::from_translation((c + Vec2::new(0.0, -HALF + 10.0)).extend(2.3)),
            BoardPiece,
            Transient,
        ));
    }
    // Wire that is no longer whole: cleared by artillery, or gapped by a
    // tank (the gap is marked on the edge it crossed).
    for &sq in &view.wire_cleared {
        commands.spawn((
            label("wire cleared", 11.0, Color::srgb(0.9, 0.9, 0.9)),
            Transform::from_translation(
                (square_centre(grid, sq) + Vec2::new(0.0, HALF - 26.0)).extend(2.3),
            ),
            BoardPiece,
            Transient,
        ));
    }
    for &(sq, d) in &view.wire_gaps {
        let (a, b) = edge_ends(grid, sq, d);
        commands.spawn((
            Sprite::from_color(Color::srgb(0.95, 0.9, 0.3), Vec2::splat(10.0)),
            Transform::from_translation(((a + b) / 2.0).extend(3.5)),
            BoardPiece,
            Transient,
        ));
    }
    // Dismounted cavalry's horse holders (Mounted Combat 3): a small tag in
    // the side's colour in the square where the horses are held.
    for u in view
        .units
        .iter()
        .filter(|u| u.status == red_square::state::Status::OnTable)
    {
        let Some(h) = u.horses else { continue };
        let c = square_centre(grid, h) + Vec2::new(-HALF + 22.0, -HALF + 12.0);
        commands
            .spawn((
                Sprite::from_color(side_colour(u.side), Vec2::new(34.0, 16.0)),
                Transform::from_translation(c.extend(4.0)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    label("horses", 11.0, ink(u.side)),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
    // Objectives: a gold-edged plate in the bottom right corner, in the
    // colour of the side holding it (grey while nobody does), with its
    // victory points.
    for (i, o) in sc.objectives.iter().enumerate() {
        let c = square_centre(grid, o.at) + Vec2::new(HALF - 24.0, -HALF + 12.0);
        let holder = view.held.get(i).copied().flatten();
        let (fill, text) = match holder {
            Some(s) => (side_colour(s), ink(s)),
            None => (Color::srgb(0.35, 0.35, 0.35), Color::WHITE),
        };
        commands
            .spawn((
                Sprite::from_color(Color::srgb(0.95, 0.72, 0.1), Vec2::new(42.0, 20.0)),
                Transform::from_translation(c.extend(4.0)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    Sprite::from_color(fill, Vec2::new(38.0, 16.0)),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                ));
                k.spawn((
                    label(format!("{} VP", o.points), 13.0, text),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
}

/// Gives a unit's piece its block, outline, facing, label and markers.
fn dress(
    commands: &mut Commands,
    e: Entity,
    u: &UnitView,
    legal: &Legal,
    selected: Option<UnitId>,
) {
    let alpha = if u.concealed { 0.55 } else { 1.0 };
    let mut ec = commands.entity(e);
    ec.despawn_related::<Children>();
    ec.insert(Sprite::from_color(
        side_colour(u.side).with_alpha(alpha),
        Vec2::new(PIECE_W, PIECE_H),
    ));
    let ink = ink(u.side).with_alpha(if u.concealed { 0.7 } else { 1.0 });
    let outline = if selected == Some(u.id) {
        (Color::srgb(0.1, 0.9, 0.95), 3.0)
    } else if legal.targets.contains(&u.id) {
        (Color::srgb(1.0, 0.35, 0.0), 3.0)
    } else if legal.actors.contains(&u.id) {
        (Color::srgb(1.0, 0.85, 0.1), 3.0)
    } else if u.acting {
        (Color::srgb(0.1, 0.75, 0.3), 3.0)
    } else if u.side == Side::A {
        (Color::srgb(0.25, 0.25, 0.25), 1.5)
    } else {
        (Color::srgb(0.3, 0.0, 0.0), 1.5)
    };
    let marks = markers(u);
    ec.with_children(|c| {
        let mut frame = c.spawn((
            Sprite::from_color(outline.0, Vec2::new(PIECE_W, PIECE_H) + 2.0 * outline.1),
            Transform::from_xyz(0.0, 0.0, -0.05),
        ));
        let lit = [&legal.targets, &legal.actors]
            .iter()
            .any(|l| l.contains(&u.id));
        if selected == Some(u.id) || lit {
            frame.insert(kit::Offered);
        }
        if u.acting && (legal.actors.contains(&u.id) || selected == Some(u.id)) {
            // Acting and able to act: a green bar under the piece too.
            c.spawn((
                Sprite::from_color(Color::srgb(0.1, 0.75, 0.3), Vec2::new(PIECE_W + 6.0, 3.0)),
                Transform::from_xyz(0.0, -PIECE_H / 2.0 - 4.5, -0.04),
            ));
        }
        let y = if marks.is_empty() { 0.0 } else { 6.0 };
        c.spawn((
            label(short_label(u), 16.0, ink),
            Transform::from_xyz(0.0, y, 0.1),
        ));
        if !marks.is_empty() {
            c.spawn((label(marks, 10.0, ink), Transform::from_xyz(0.0, -9.0, 0.1)));
        }
        // Facing: a dark notch on the edge the unit faces.
        if !u.class.is_figure() {
            let (fx, fy) = u.facing.vector();
            let v = Vec2::new(fx as f32, -fy as f32);
            let at = Vec2::new(v.x * PIECE_W / 2.0, v.y * PIECE_H / 2.0);
            c.spawn((
                Sprite::from_color(Color::srgb(0.05, 0.05, 0.05), Vec2::splat(7.0)),
                Transform::from_translation(at.extend(0.12))
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
            ));
        }
        // Hits: a red disc-like square with the number, top right.
        if u.hits > 0 {
            c.spawn((
                Sprite::from_color(Color::srgb(0.85, 0.1, 0.1), Vec2::splat(15.0)),
                Transform::from_xyz(PIECE_W / 2.0 - 4.0, PIECE_H / 2.0 - 2.0, 0.15),
            ))
            .with_children(|k| {
                k.spawn((
                    label(u.hits.to_string(), 12.0, Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
        }
    });
}

/// A click on the board: a unit or a square picks the matching choice; a
/// click on a unit that fires, observes or moves as headquarters selects
/// it, and the next click on its target or square takes that choice.
fn click(
    mut c: kit::Clicking<RedSquare, UnitId>,
    pieces: Query<(&UnitPiece, &GlobalTransform, &Visibility)>,
) {
    let Some(p) = c.point() else {
        return;
    };
    let Some(m) = c.session.of::<RedSquare>() else {
        return;
    };
    let grid = &m.game().rules().sc().grid;
    let best = pieces
        .iter()
        .filter(|(_, _, v)| **v != Visibility::Hidden)
        .filter(|(_, t, _)| {
            let d = (t.translation().truncate() - p).abs();
            d.x <= PIECE_W / 2.0 + 1.0 && d.y <= PIECE_H / 2.0 + 1.0
        })
        .max_by(|a, b| a.1.translation().z.total_cmp(&b.1.translation().z))
        .map(|(u, ..)| u.id);
    let hit = match (best, square_at(grid, p)) {
        (Some(u), _) => Hit::Unit(u),
        (None, Some(sq)) => Hit::Square(sq),
        (None, None) => {
            c.selected.0 = None;
            c.menu.0.clear();
            return;
        }
    };
    let found = choices_for(m, &c.shown.now(m), hit, c.selected.0);
    let piece = match hit {
        Hit::Unit(u) => Some(u),
        Hit::Square(_) => None,
    };
    if let Hit::Unit(u) = hit
        && found.len() == 1
        && target_of(&m.choices()[found[0]]) != Some(u)
        && starts_two_click(m, &c.shown.now(m), u)
    {
        // A unit with targets to pick: its one other choice (say, Done) is
        // asked in the menu, not taken at once.
        c.selected.0 = Some(u);
        c.menu.0 = found;
        return;
    }
    c.finish(found, piece);
}
