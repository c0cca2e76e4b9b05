//! Drawing the Red Actions! table to scale: the cloth with an inch scale
//! along its edges, terrain areas as filled shapes (woods, hills, crops,
//! bog, the town), buildings, linear terrain (roads, rail, streams, fords,
//! hedges, walls, trenches, wire), entry points and objectives; units as
//! their bases (oriented rectangles in formation, the front edge dark) in
//! their side's colour with markers, officer and name; enemy position
//! markers and one's own dummies; the lines to the selected unit's targets
//! with their ranges; the ghost of a move and the measuring tape.

use super::{
    Legal, RaMatch, RaSelected, RaShown, SCALE, Table, Tools, UnitPiece, legal_targets, rotation,
    unit_of,
};
use crate::boards::kit::{self, BoardPiece, label, line};
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use engine::Side;
use engine::param::Point;
use red_actions::RedActions;
use red_actions::geometry::{self, Base};
use red_actions::scenario::{AreaKind, Elevation, LineKind, Material};
use red_actions::state::UnitId;
use red_actions::view::UnitView;

/// A side's colour on the board.
pub fn side_colour(side: Side) -> Color {
    super::PALETTE.board(side)
}

/// Text on a side's colour.
fn ink(side: Side) -> Color {
    if side == Side::A {
        Color::srgb(0.08, 0.08, 0.12)
    } else {
        Color::WHITE
    }
}

fn area_colour(kind: AreaKind, elevation: Elevation) -> Color {
    match kind {
        AreaKind::Wood => Color::srgb(0.33, 0.52, 0.27),
        AreaKind::DenseWood => Color::srgb(0.22, 0.40, 0.20),
        AreaKind::Scrub => Color::srgb(0.56, 0.64, 0.38),
        AreaKind::Crops => Color::srgb(0.86, 0.80, 0.50),
        AreaKind::Rough => Color::srgb(0.64, 0.60, 0.47),
        AreaKind::Boggy => Color::srgb(0.47, 0.62, 0.60),
        AreaKind::Town => Color::srgb(0.70, 0.64, 0.58),
        AreaKind::Hill => match elevation {
            Elevation::Flat | Elevation::Rise => Color::srgb(0.76, 0.72, 0.50),
            Elevation::Hill => Color::srgb(0.72, 0.64, 0.42),
            Elevation::Steep | Elevation::Tall => Color::srgb(0.64, 0.54, 0.36),
        },
    }
}

/// Width (inches) and colour of a linear feature.
fn line_style(kind: LineKind) -> (f32, Color) {
    match kind {
        LineKind::Road => (0.9, Color::srgb(0.70, 0.56, 0.36)),
        LineKind::Rail => (0.5, Color::srgb(0.15, 0.15, 0.15)),
        LineKind::SmallStream => (0.45, Color::srgb(0.28, 0.52, 0.85)),
        LineKind::BigStream => (1.0, Color::srgb(0.18, 0.40, 0.80)),
        LineKind::Ford => (1.3, Color::srgb(0.62, 0.78, 0.95)),
        LineKind::Hedge => (0.45, Color::srgb(0.14, 0.38, 0.12)),
        LineKind::Wall => (0.35, Color::srgb(0.50, 0.50, 0.50)),
        LineKind::Trench => (0.55, Color::srgb(0.36, 0.25, 0.14)),
        LineKind::Wire => (0.12, Color::srgb(0.12, 0.12, 0.12)),
    }
}

/// The board's drawing plugin.
pub struct RedActionsDraw;

#[derive(Resource, Default)]
pub struct DrawnTable {
    pub scenario: Option<String>,
    pub last: kit::LastDrawn<UnitId>,
}

/// Redrawn on every change: markers, dummies, target lines, fires.
#[derive(Component)]
struct Transient;

/// Redrawn when the tools change: the ghost and the tape.
#[derive(Component)]
struct Overlay;

impl Plugin for RedActionsDraw {
    fn build(&self, app: &mut App) {
        app.init_resource::<DrawnTable>()
            .add_systems(
                Update,
                (draw_table, refresh, overlay)
                    .chain()
                    .after(super::board_input)
                    .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
            )
            .add_systems(OnEnter(Screen::Launcher), |mut d: ResMut<DrawnTable>| {
                *d = DrawnTable::default()
            })
            .add_systems(OnExit(Play::HandOver), |mut d: ResMut<DrawnTable>| {
                d.last = kit::LastDrawn::default()
            });
    }
}

/// Triangles of a simple polygon (either orientation) by ear clipping;
/// a fan where that fails (a degenerate outline).
pub fn triangulate(points: &[Vec2]) -> Vec<u32> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    let area: f32 = (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let ccw = area > 0.0;
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = Vec::new();
    let mut guard = 0;
    while idx.len() > 3 && guard < 10 * n {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for k in 0..m {
            let (ia, ib, ic) = (idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
            let (a, b, c) = (points[ia], points[ib], points[ic]);
            let cross = (b - a).perp_dot(c - b);
            if (cross > 0.0) != ccw || cross == 0.0 {
                continue;
            }
            let inside = idx.iter().any(|&j| {
                if j == ia || j == ib || j == ic {
                    return false;
                }
                let p = points[j];
                let s1 = (b - a).perp_dot(p - a);
                let s2 = (c - b).perp_dot(p - b);
                let s3 = (a - c).perp_dot(p - c);
                if ccw {
                    s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0
                } else {
                    s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0
                }
            });
            if inside {
                continue;
            }
            out.extend([ia as u32, ib as u32, ic as u32]);
            idx.remove(k);
            clipped = true;
            break;
        }
        if !clipped {
            break;
        }
    }
    if idx.len() == 3 {
        out.extend(idx.iter().map(|&i| i as u32));
    } else {
        // A fan over what is left.
        for k in 1..idx.len().saturating_sub(1) {
            out.extend([idx[0] as u32, idx[k] as u32, idx[k + 1] as u32]);
        }
    }
    out
}

fn polygon_mesh(points: &[Vec2]) -> Mesh {
    let positions: Vec<[f32; 3]> = points.iter().map(|p| [p.x, p.y, 0.0]).collect();
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(triangulate(points)))
}

/// The middle of a polygon's points (where its name goes).
fn middle(points: &[Vec2]) -> Vec2 {
    if points.is_empty() {
        return Vec2::ZERO;
    }
    points.iter().copied().sum::<Vec2>() / points.len() as f32
}

/// A polyline as sprites: one per segment, with a joint at each point.
fn polyline(
    commands: &mut Commands,
    points: &[Vec2],
    width: f32,
    colour: Color,
    z: f32,
    extra: impl Bundle + Clone,
) {
    for w in points.windows(2) {
        commands.spawn((line(w[0], w[1], width, colour, z), extra.clone()));
    }
    for p in points.iter().skip(1).take(points.len().saturating_sub(2)) {
        commands.spawn((
            Sprite::from_color(colour, Vec2::splat(width)),
            Transform::from_translation(p.extend(z)),
            extra.clone(),
        ));
    }
}

/// Short ticks across a polyline every `every` world units (wire's barbs,
/// rail's sleepers).
fn ticks(
    commands: &mut Commands,
    points: &[Vec2],
    every: f32,
    half: f32,
    width: f32,
    colour: Color,
    z: f32,
) {
    for w in points.windows(2) {
        let d = w[1] - w[0];
        let len = d.length();
        if len <= 0.0 {
            continue;
        }
        let v = d / len;
        let n = Vec2::new(-v.y, v.x) * half;
        let mut t = every / 2.0;
        while t < len {
            let p = w[0] + v * t;
            commands.spawn((line(p - n, p + n, width, colour, z), BoardPiece));
            t += every;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_table(
    session: Res<Session>,
    mut drawn: ResMut<DrawnTable>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(m) = session.of::<RedActions>() else {
        return;
    };
    let scenario = format!(
        "red_actions/{}",
        engine::Ruleset::scenario_id(m.game().rules())
    );
    if drawn.scenario.as_deref() == Some(&scenario) {
        return;
    }
    drawn.scenario = Some(scenario);
    drawn.last = kit::LastDrawn::default();
    let sc = m.game().rules().sc();
    let table = Table::of(m);
    let size = table.size();
    let w = |p: &Point| table.world(*p);
    // The cloth, in a dark frame.
    commands.spawn((
        Sprite::from_color(Color::srgb(0.22, 0.20, 0.16), size + Vec2::splat(10.0)),
        Transform::from_xyz(0.0, 0.0, 0.0),
        BoardPiece,
    ));
    commands.spawn((
        Sprite::from_color(Color::srgb(0.62, 0.70, 0.46), size),
        Transform::from_xyz(0.0, 0.0, 0.1),
        BoardPiece,
    ));
    // An inch scale along the edges: a tick every inch, longer every 6",
    // numbered every 12".
    let tick = Color::srgba(0.1, 0.1, 0.1, 0.6);
    for i in 0..=(table.width as i32) {
        let x = -size.x / 2.0 + i as f32 * SCALE;
        let long = if i % 6 == 0 { 6.0 } else { 3.0 };
        for (y, dir) in [(size.y / 2.0, -1.0), (-size.y / 2.0, 1.0)] {
            commands.spawn((
                line(
                    Vec2::new(x, y),
                    Vec2::new(x, y + dir * long),
                    1.0,
                    tick,
                    0.3,
                ),
                BoardPiece,
            ));
        }
        if i % 12 == 0 && i > 0 && i < table.width as i32 {
            commands.spawn((
                label(format!("{i}\""), 9.0, tick),
                Anchor::TOP_CENTER,
                Transform::from_xyz(x, size.y / 2.0 - 7.0, 0.3),
                BoardPiece,
            ));
        }
    }
    for i in 0..=(table.depth as i32) {
        let y = size.y / 2.0 - i as f32 * SCALE;
        let long = if i % 6 == 0 { 6.0 } else { 3.0 };
        for (x, dir) in [(-size.x / 2.0, 1.0), (size.x / 2.0, -1.0)] {
            commands.spawn((
                line(
                    Vec2::new(x, y),
                    Vec2::new(x + dir * long, y),
                    1.0,
                    tick,
                    0.3,
                ),
                BoardPiece,
            ));
        }
        if i % 12 == 0 && i > 0 && i < table.depth as i32 {
            commands.spawn((
                label(format!("{i}\""), 9.0, tick),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-size.x / 2.0 + 7.0, y, 0.3),
                BoardPiece,
            ));
        }
    }
    // Areas: hills first (under the rest), then the others.
    let mut areas: Vec<_> = sc.terrain.iter().collect();
    areas.sort_by_key(|a| if a.kind == AreaKind::Hill { 0 } else { 1 });
    for (k, a) in areas.iter().enumerate() {
        let pts: Vec<Vec2> = a.points.iter().map(w).collect();
        let z = 0.5 + k as f32 * 0.01;
        commands.spawn((
            Mesh2d(meshes.add(polygon_mesh(&pts))),
            MeshMaterial2d(
                materials.add(ColorMaterial::from_color(area_colour(a.kind, a.elevation))),
            ),
            Transform::from_xyz(0.0, 0.0, z),
            BoardPiece,
        ));
        // The outline, darker.
        let mut ring = pts.clone();
        if let Some(first) = pts.first() {
            ring.push(*first);
        }
        let edge = area_colour(a.kind, a.elevation).darker(0.15);
        polyline(&mut commands, &ring, 1.0, edge, z + 0.005, BoardPiece);
        // Texture: trees in woods, furrows in crops, a contour in hills.
        let mid = middle(&pts);
        match a.kind {
            AreaKind::Wood | AreaKind::DenseWood | AreaKind::Scrub => {
                let tree = area_colour(a.kind, a.elevation).darker(0.12);
                for p in &pts {
                    let q = mid + (*p - mid) * 0.6;
                    commands.spawn((
                        Sprite::from_color(tree, Vec2::splat(SCALE * 0.9)),
                        Transform::from_translation(q.extend(z + 0.006))
                            .with_rotation(Quat::from_rotation_z(0.785)),
                        BoardPiece,
                    ));
                }
            }
            AreaKind::Hill => {
                let inner: Vec<Vec2> = ring.iter().map(|p| mid + (*p - mid) * 0.55).collect();
                polyline(
                    &mut commands,
                    &inner,
                    1.0,
                    area_colour(a.kind, a.elevation).darker(0.2),
                    z + 0.005,
                    BoardPiece,
                );
            }
            _ => {}
        }
        commands.spawn((
            label(a.name.clone(), 10.0, Color::srgba(0.05, 0.05, 0.05, 0.8)),
            Transform::from_translation(mid.extend(3.0)),
            BoardPiece,
        ));
    }
    // Buildings.
    for b in &sc.buildings {
        let pts: Vec<Vec2> = b.points.iter().map(w).collect();
        let colour = match b.material {
            Material::Wood => Color::srgb(0.55, 0.36, 0.20),
            Material::Stone => Color::srgb(0.55, 0.55, 0.58),
        };
        commands.spawn((
            Mesh2d(meshes.add(polygon_mesh(&pts))),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
            Transform::from_xyz(0.0, 0.0, 1.3),
            BoardPiece,
        ));
        let mut ring = pts.clone();
        if let Some(first) = pts.first() {
            ring.push(*first);
        }
        polyline(
            &mut commands,
            &ring,
            1.0,
            Color::srgb(0.15, 0.12, 0.1),
            1.31,
            BoardPiece,
        );
    }
    // Linear terrain: roads under streams under the rest.
    let mut lines: Vec<_> = sc.lines.iter().collect();
    lines.sort_by_key(|l| match l.kind {
        LineKind::Road => 0,
        LineKind::SmallStream | LineKind::BigStream => 1,
        LineKind::Ford => 2,
        LineKind::Rail => 3,
        _ => 4,
    });
    for (k, l) in lines.iter().enumerate() {
        let pts: Vec<Vec2> = l.points.iter().map(w).collect();
        let (width, colour) = line_style(l.kind);
        let z = 1.0 + k as f32 * 0.01;
        polyline(&mut commands, &pts, width * SCALE, colour, z, BoardPiece);
        match l.kind {
            LineKind::Rail => {
                ticks(
                    &mut commands,
                    &pts,
                    0.6 * SCALE,
                    0.45 * SCALE,
                    1.5,
                    Color::srgb(0.35, 0.25, 0.15),
                    z - 0.005,
                );
                polyline(
                    &mut commands,
                    &pts,
                    1.0,
                    Color::srgb(0.80, 0.80, 0.78),
                    z + 0.005,
                    BoardPiece,
                );
            }
            LineKind::Wire => {
                ticks(
                    &mut commands,
                    &pts,
                    0.5 * SCALE,
                    0.3 * SCALE,
                    1.2,
                    Color::srgb(0.12, 0.12, 0.12),
                    z + 0.005,
                );
            }
            LineKind::Trench => {
                polyline(
                    &mut commands,
                    &pts,
                    0.2 * SCALE,
                    Color::srgb(0.18, 0.12, 0.07),
                    z + 0.005,
                    BoardPiece,
                );
            }
            LineKind::Hedge => {
                ticks(
                    &mut commands,
                    &pts,
                    0.7 * SCALE,
                    0.35 * SCALE,
                    2.0,
                    Color::srgb(0.10, 0.30, 0.08),
                    z + 0.005,
                );
            }
            _ => {}
        }
    }
    // Entry points: a strip on the edge in the side's colour, named.
    for (i, side) in sc.sides.iter().enumerate() {
        let colour = side_colour(if i == 0 { Side::A } else { Side::B });
        for e in &side.entries {
            let (a, b) = (w(&e.from), w(&e.to));
            commands.spawn((line(a, b, 5.0, colour, 2.0), BoardPiece));
            let mid = (a + b) / 2.0;
            let inward = -mid.normalize_or_zero() * 14.0;
            commands.spawn((
                label(
                    format!("entry: {}", e.name),
                    9.0,
                    Color::srgb(0.1, 0.1, 0.1),
                ),
                Transform::from_translation((mid + inward).extend(3.1)),
                BoardPiece,
            ));
        }
    }
    // Objectives: a gold diamond with the name and value.
    for o in &sc.victory.objectives {
        let c = w(&o.at);
        commands.spawn((
            Sprite::from_color(Color::srgb(0.95, 0.75, 0.15), Vec2::splat(10.0)),
            Transform::from_translation(c.extend(2.5)).with_rotation(Quat::from_rotation_z(0.785)),
            BoardPiece,
        ));
        commands.spawn((
            label(
                format!("{} ({} VP)", o.name, o.value),
                10.0,
                Color::srgb(0.35, 0.2, 0.0),
            ),
            Anchor::BOTTOM_CENTER,
            Transform::from_translation((c + Vec2::new(0.0, 8.0)).extend(3.2)),
            BoardPiece,
        ));
    }
    // Fit the table to the window, leaving room for the panels.
    let (ww, wh) = windows
        .single()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((1280.0, 720.0));
    let board_w = (ww - 2.0 * crate::ui::PANEL_WIDTH).max(200.0);
    let scale = (size.x / board_w).max(size.y / (wh - 40.0));
    for (mut t, mut proj) in &mut camera {
        t.translation.x = 0.0;
        t.translation.y = 0.0;
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = scale * 1.04;
        }
    }
}

/// The markers of a unit, short: terror, humiliated, pinned, routing.
pub fn markers(u: &UnitView) -> String {
    let mut m = Vec::new();
    if u.terror > 0 {
        m.push(format!("T{}", u.terror));
    }
    if u.humiliated > 0 {
        m.push(format!("H{}", u.humiliated));
    }
    if u.pinned {
        m.push("Pin".into());
    }
    if u.routing {
        m.push("ROUT".into());
    }
    if u.kit.broken_down {
        m.push("BD".into());
    }
    if u.dug_in > 0 {
        m.push("Dug".into());
    }
    m.join(" ")
}

/// The centre of a unit's bases (world).
fn centre(table: &Table, bases: &[Base]) -> Vec2 {
    if bases.is_empty() {
        return Vec2::ZERO;
    }
    bases.iter().map(|b| table.world(b.pose.at)).sum::<Vec2>() / bases.len() as f32
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn refresh(
    session: Res<Session>,
    shown: Res<RaShown>,
    selected: Res<RaSelected>,
    play: Option<Res<State<Play>>>,
    mut drawn: ResMut<DrawnTable>,
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
    let Some(m) = session.of::<RedActions>() else {
        return;
    };
    let Some(view) = &shown.view else { return };
    if play.is_some_and(|p| *p.get() == Play::HandOver) {
        return;
    }
    if !drawn.last.catch_up(&*shown, selected.0) {
        return;
    }
    for e in &transients {
        commands.entity(e).despawn();
    }
    let table = Table::of(m);
    let legal = legal_targets(m, selected.0);
    let mut fixed = table_labels(&table, m.game().rules().sc());
    fixed.extend(view.prisoners.iter().map(|p| prisoners_box(&table, p)));
    let badges = unit_badges(&table, view);
    let badge_shifts = place_badges(&badges, &fixed);
    fixed.extend(badges.iter().zip(&badge_shifts).map(|(b, s)| b.rect(*s)));
    let names = unit_names(&table, view);
    let places = place_names(&names, &fixed);
    for (e, p, mut transform, mut vis, mut glide) in &mut pieces {
        let Some(u) = view.units.iter().find(|u| u.id == p.id) else {
            *vis = Visibility::Hidden;
            continue;
        };
        let at = centre(&table, &u.bases);
        glide.place(&mut transform, at.extend(10.0 + p.id as f32 * 0.01));
        *vis = Visibility::Inherited;
        let place = names.iter().position(|n| n.id == u.id).map_or(
            NamePlace {
                line: 0,
                shift: 0.0,
            },
            |i| places[i],
        );
        let badge = badges
            .iter()
            .position(|b| b.id == u.id)
            .map_or(Vec2::ZERO, |i| badge_shifts[i]);
        let looks = Looks { place, badge };
        dress(&mut commands, e, &table, at, u, &legal, selected.0, looks);
    }
    draw_secrets_and_targets(&mut commands, m, &table, view, &legal, selected.0);
}

/// The names of the units on the table, where each hangs on its first line.
fn unit_names(table: &Table, view: &red_actions::view::View) -> Vec<NameLabel> {
    view.units
        .iter()
        .filter(|u| u.on_table && !u.bases.is_empty())
        .map(|u| {
            let at = centre(table, &u.bases);
            NameLabel {
                id: u.id,
                at: at - Vec2::new(0.0, name_drop(table, at, u)),
                chars: unit_label(u).chars().count(),
            }
        })
        .collect()
}

/// How far a unit's bases reach from its centre `at` (world units, at
/// least 8, at most 30: a long column's labels stay near its middle).
fn reach(table: &Table, at: Vec2, u: &UnitView) -> f32 {
    u.bases
        .iter()
        .map(|b| (table.world(b.pose.at) - at).length() + b.width.as_f32() * SCALE / 2.0)
        .fold(0.0f32, f32::max)
        .clamp(8.0, 30.0)
}

/// Where a unit's name hangs: its top edge this far below the unit's
/// centre (under its bases).
fn name_drop(table: &Table, at: Vec2, u: &UnitView) -> f32 {
    reach(table, at, u) + 2.0
}

/// The marker badges (terror, pinned, dug in…) of the units on the table,
/// for [`place_badges`]: each first over its unit.
fn unit_badges(table: &Table, view: &red_actions::view::View) -> Vec<BadgeLabel> {
    view.units
        .iter()
        .filter(|u| u.on_table && !u.bases.is_empty())
        .filter_map(|u| {
            let marks = markers(u);
            if marks.is_empty() {
                return None;
            }
            let at = centre(table, &u.bases);
            Some(BadgeLabel {
                id: u.id,
                at: at + Vec2::new(0.0, reach(table, at, u) + 7.0),
                width: badge_width(&marks),
            })
        })
        .collect()
}

/// A badge's width for its text (Hack at 9: 6 world units a letter, and
/// a margin).
fn badge_width(marks: &str) -> f32 {
    marks.chars().count() as f32 * 6.0 + 4.0
}

const BADGE_HEIGHT: f32 = 11.0;

/// A unit's marker badge: its centre where it would first go, and its
/// width.
#[derive(Clone, Copy, Debug)]
pub struct BadgeLabel {
    pub id: UnitId,
    pub at: Vec2,
    pub width: f32,
}

impl BadgeLabel {
    /// The badge's box moved by `shift`.
    pub fn rect(&self, shift: Vec2) -> LabelBox {
        let c = self.at + shift;
        let (w, h) = (self.width / 2.0, BADGE_HEIGHT / 2.0);
        (c.x - w, c.y - h, c.x + w, c.y + h)
    }
}

/// Where each badge goes so that it covers neither a name of the table
/// (an objective's, a wood's) nor another badge: over its unit, a line
/// higher, or beside its first place, whichever covers fewest (the first
/// of those, in that order). Returns each badge's shift from its first
/// place.
pub fn place_badges(badges: &[BadgeLabel], fixed: &[LabelBox]) -> Vec<Vec2> {
    let mut placed: Vec<LabelBox> = Vec::with_capacity(badges.len() + fixed.len());
    placed.extend_from_slice(fixed);
    let mut shifts = Vec::with_capacity(badges.len());
    for b in badges {
        // Aside: clear of its first place, and of an objective's diamond
        // (7 each way) under it.
        let (up, aside) = (BADGE_HEIGHT + 1.0, b.width / 2.0 + 8.0);
        let shift = [
            Vec2::ZERO,
            Vec2::new(0.0, up),
            Vec2::new(-aside, 0.0),
            Vec2::new(aside, 0.0),
            Vec2::new(0.0, 2.0 * up),
            Vec2::new(-aside, up),
            Vec2::new(aside, up),
        ]
        .into_iter()
        .min_by_key(|&s| {
            let r = b.rect(s);
            placed.iter().filter(|&&p| boxes_overlap(r, p)).count()
        })
        .unwrap_or(Vec2::ZERO);
        placed.push(b.rect(shift));
        shifts.push(shift);
    }
    shifts
}

/// The text under a unit: its name, and its officer's mark where the
/// officer changes the unit's morale.
fn unit_label(u: &UnitView) -> String {
    let mut name = short_name(&u.name);
    if let Some(mark) = u.officer.as_deref().and_then(officer_mark) {
        name.push(' ');
        name.push_str(&mark);
    }
    name
}

/// The officer's mark after a unit's name: `*+1`, `*-2`… where its
/// commander (its own officer, or a senior officer in personal command)
/// moves its morale tests; none for an officer of +0, which most units
/// have. From the view's "name (+n)"; anything else gives no mark.
pub fn officer_mark(officer: &str) -> Option<String> {
    let (_, effect) = officer.trim_end().rsplit_once(" (")?;
    let n: i32 = effect
        .strip_suffix(')')?
        .trim_start_matches('+')
        .parse()
        .ok()?;
    (n != 0).then(|| format!("*{n:+}"))
}

/// A unit's name on the table, for [`place_names`]: the top middle of the
/// label (world units) and its length in letters.
#[derive(Clone, Copy, Debug)]
pub struct NameLabel {
    pub id: UnitId,
    pub at: Vec2,
    pub chars: usize,
}

/// A label's box in world units: left, bottom, right, top.
pub type LabelBox = (f32, f32, f32, f32);

/// The boxes of the table's own names (terrain, objectives, entry points)
/// and of the objectives' diamonds, which unit names and markers keep
/// clear of where they can: a letter of Hack is
/// about 0.6 of the font's size wide and a line 1.2 of it tall.
fn table_labels(table: &Table, sc: &red_actions::scenario::Scenario) -> Vec<LabelBox> {
    let boxed = |centre: Vec2, text_len: usize, size: f32| {
        let (w, h) = (text_len as f32 * size * 0.6 / 2.0, size * 1.2 / 2.0);
        (centre.x - w, centre.y - h, centre.x + w, centre.y + h)
    };
    let mut boxes = Vec::new();
    for a in &sc.terrain {
        let pts: Vec<Vec2> = a.points.iter().map(|p| table.world(*p)).collect();
        boxes.push(boxed(middle(&pts), a.name.chars().count(), 10.0));
    }
    for o in &sc.victory.objectives {
        // The gold diamond itself (10 across, turned: 7 each way).
        let c = table.world(o.at);
        boxes.push((c.x - 7.0, c.y - 7.0, c.x + 7.0, c.y + 7.0));
        let text = format!("{} ({} VP)", o.name, o.value).chars().count();
        // Anchored at its bottom middle, 8 above the diamond.
        boxes.push(boxed(
            table.world(o.at) + Vec2::new(0.0, 8.0 + 6.0),
            text,
            10.0,
        ));
    }
    for side in &sc.sides {
        for e in &side.entries {
            let mid = (table.world(e.from) + table.world(e.to)) / 2.0;
            let at = mid - mid.normalize_or_zero() * 14.0;
            boxes.push(boxed(at, "entry: ".len() + e.name.chars().count(), 9.0));
        }
    }
    boxes
}

/// How tall a line of a unit's name is, and how wide a letter (the font
/// is fixed-width: Hack at 9).
const NAME_LINE: f32 = 9.5;
const NAME_LETTER: f32 = 5.5;

/// Where a unit's name goes: `line` lines below its first (0: right
/// under the unit), `shift` world units to the right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NamePlace {
    pub line: u8,
    pub shift: f32,
}

impl NameLabel {
    /// The name's box placed at `place`.
    pub fn rect(&self, place: NamePlace) -> LabelBox {
        let w = self.chars as f32 * NAME_LETTER / 2.0;
        let top = self.at.y - f32::from(place.line) * NAME_LINE;
        let x = self.at.x + place.shift;
        (x - w, top - NAME_LINE, x + w, top)
    }
}

fn boxes_overlap(a: LabelBox, b: LabelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Where each name goes so that it covers neither another name nor one of
/// the table's (`fixed`): each name in turn (in the order given) takes,
/// of its first four lines and on each a nudge of a quarter or half its
/// width to either side, the place covering the fewest labels placed
/// before it; among those, the highest line, then the smallest nudge.
pub fn place_names(names: &[NameLabel], fixed: &[LabelBox]) -> Vec<NamePlace> {
    let mut placed: Vec<LabelBox> = Vec::with_capacity(names.len() + fixed.len());
    placed.extend_from_slice(fixed);
    let mut places = Vec::with_capacity(names.len());
    for n in names {
        let quarter = n.chars as f32 * NAME_LETTER / 4.0;
        let place = (0..4u8)
            .flat_map(|line| [0i8, 1, -1, 2, -2].map(|k| (line, k)))
            .map(|(line, k)| NamePlace {
                line,
                shift: f32::from(k) * quarter,
            })
            .min_by_key(|&p| {
                let r = n.rect(p);
                let covered = placed.iter().filter(|&&b| boxes_overlap(r, b)).count();
                (
                    covered,
                    p.line,
                    (p.shift.abs() / quarter.max(1.0)).round() as u8,
                )
            })
            .unwrap_or(NamePlace {
                line: 0,
                shift: 0.0,
            });
        placed.push(n.rect(place));
        places.push(place);
    }
    places
}

/// Where a unit's name and marker badge go: what [`place_names`] and
/// [`place_badges`] chose.
#[derive(Clone, Copy, Debug)]
struct Looks {
    place: NamePlace,
    badge: Vec2,
}

/// Gives a unit's piece its bases (the front edge dark), outline, name
/// and markers, where `looks` puts them.
#[allow(clippy::too_many_arguments)]
fn dress(
    commands: &mut Commands,
    e: Entity,
    table: &Table,
    at: Vec2,
    u: &UnitView,
    legal: &Legal,
    selected: Option<UnitId>,
    looks: Looks,
) {
    let Looks { place, badge } = looks;
    let alpha = if u.hidden || u.ambush { 0.6 } else { 1.0 };
    let fill = side_colour(u.side).with_alpha(alpha);
    let outline = if selected == Some(u.id) {
        Some(Color::srgb(0.1, 0.9, 0.95))
    } else if legal.targets.iter().any(|(t, _)| *t == u.id) {
        Some(Color::srgb(1.0, 0.35, 0.0))
    } else if legal.actors.contains(&u.id) {
        Some(Color::srgb(1.0, 0.85, 0.1))
    } else {
        None
    };
    let lit = outline.is_some() && selected != Some(u.id);
    let mut ec = commands.entity(e);
    ec.despawn_related::<Children>();
    ec.with_children(|c| {
        for b in &u.bases {
            let size = Vec2::new(b.width.as_f32(), b.depth.as_f32()) * SCALE;
            let local = table.world(b.pose.at) - at;
            let rot = rotation(b.pose.facing);
            if let Some(colour) = outline {
                let mut frame = c.spawn((
                    Sprite::from_color(colour, size + Vec2::splat(4.0)),
                    Transform::from_translation(local.extend(-0.05)).with_rotation(rot),
                ));
                if lit {
                    frame.insert(kit::Offered);
                }
            }
            c.spawn((
                Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), size + Vec2::splat(1.0)),
                Transform::from_translation(local.extend(-0.01)).with_rotation(rot),
            ));
            c.spawn((
                Sprite::from_color(fill, size),
                Transform::from_translation(local.extend(0.0)).with_rotation(rot),
            ))
            .with_children(|k| {
                // The front edge: a dark band along it.
                k.spawn((
                    Sprite::from_color(
                        Color::srgb(0.05, 0.05, 0.05),
                        Vec2::new(size.x, (size.y * 0.22).max(2.0)),
                    ),
                    Transform::from_xyz(0.0, size.y / 2.0 - (size.y * 0.11).max(1.0), 0.01),
                ));
            });
        }
        // The name under the unit, the markers over it.
        // Names that would cover a neighbour's (a train's cars, a line of
        // companies) or the table's go a line or more lower, or aside.
        let lower = f32::from(place.line) * NAME_LINE;
        c.spawn((
            label(unit_label(u), 9.0, Color::srgb(0.05, 0.05, 0.05)),
            Anchor::TOP_CENTER,
            Transform::from_xyz(place.shift, -name_drop(table, at, u) - lower, 0.3),
        ));
        let marks = markers(u);
        if !marks.is_empty() {
            c.spawn((
                Sprite::from_color(
                    Color::srgba(0.55, 0.0, 0.0, 0.85),
                    Vec2::new(badge_width(&marks), BADGE_HEIGHT),
                ),
                // Over the unit, or where `place_badges` moved it.
                Transform::from_translation(
                    (Vec2::new(0.0, reach(table, at, u) + 7.0) + badge).extend(0.25),
                ),
            ))
            .with_children(|k| {
                k.spawn((
                    label(marks, 9.0, Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
        }
    });
}

/// The words under a prisoners' token.
fn prisoners_text(p: &red_actions::view::PrisonersView) -> String {
    format!(
        "{} POW{}",
        p.bases,
        if p.guarded { "" } else { " (unguarded)" }
    )
}

/// A prisoners' token with its words (Hack at 8 under a 16 square), which
/// unit names keep clear of.
fn prisoners_box(table: &Table, p: &red_actions::view::PrisonersView) -> LabelBox {
    let c = table.world(p.at);
    let half = (prisoners_text(p).chars().count() as f32 * 8.0 * 0.6 / 2.0).max(8.0);
    (c.x - half, c.y - 10.0 - 8.0 * 1.2, c.x + half, c.y + 8.0)
}

/// A unit's name, short enough for the table: at most 18 letters.
pub fn short_name(name: &str) -> String {
    if name.chars().count() <= 18 {
        return name.to_string();
    }
    // A divided unit's mark, "(a)", is what tells it from its other half:
    // it stays, and the rest is cut.
    let (stem, mark) = match name.rsplit_once(" (") {
        Some((stem, m)) if m.ends_with(')') && m.chars().count() <= 3 => (stem, format!(" ({m}")),
        _ => (name, String::new()),
    };
    let keep = 17usize.saturating_sub(mark.chars().count()).max(4);
    let mut s: String = stem.chars().take(keep).collect();
    s.push('…');
    s.push_str(&mark);
    s
}

/// Enemy position markers (a unit or a dummy: the viewer cannot tell),
/// the viewer's own dummies, gaps in the wire, fires and ruins, and lines
/// from the selected unit to each target its choices aim at, with the range.
fn draw_secrets_and_targets(
    commands: &mut Commands,
    m: &RaMatch,
    table: &Table,
    view: &red_actions::view::View,
    legal: &Legal,
    selected: Option<UnitId>,
) {
    let sc = m.game().rules().sc();
    for mk in &view.markers {
        let c = table.world(mk.at);
        commands
            .spawn((
                Sprite::from_color(side_colour(mk.side), Vec2::splat(16.0)),
                Transform::from_translation(c.extend(9.0)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    label("?", 13.0, ink(mk.side)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
    for d in &view.own_dummies {
        let c = table.world(d.at);
        let side = m.seat();
        commands
            .spawn((
                Sprite::from_color(side_colour(side).with_alpha(0.6), Vec2::splat(16.0)),
                Transform::from_translation(c.extend(9.0)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    label("dummy", 8.0, ink(side)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
    // Prisoners: a token in their own side's colour, edged in their
    // captors', with how many bases of men and whether they are guarded.
    for p in &view.prisoners {
        let c = table.world(p.at);
        let text = prisoners_text(p);
        commands
            .spawn((
                Sprite::from_color(side_colour(p.held_by), Vec2::new(16.0, 16.0)),
                Transform::from_translation(c.extend(8.9)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    Sprite::from_color(side_colour(p.side), Vec2::new(12.0, 12.0)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                k.spawn((
                    label("P", 10.0, ink(p.side)),
                    Transform::from_xyz(0.0, 0.0, 0.02),
                ));
                k.spawn((
                    label(text, 8.0, Color::srgb(0.05, 0.05, 0.05)),
                    Anchor::TOP_CENTER,
                    Transform::from_xyz(0.0, -10.0, 0.02),
                ));
            });
    }
    for g in view.wire_gaps.iter().chain(&view.crushed) {
        commands.spawn((
            Sprite::from_color(Color::srgb(0.95, 0.9, 0.3), Vec2::splat(6.0)),
            Transform::from_translation(table.world(*g).extend(2.6)),
            BoardPiece,
            Transient,
        ));
    }
    for (i, b) in sc.buildings.iter().enumerate() {
        let fires = view.fires.get(i).copied().unwrap_or(0);
        let ruined = view.ruined.contains(&(i as u16));
        if fires == 0 && !ruined {
            continue;
        }
        let pts: Vec<Vec2> = b.points.iter().map(|p| table.world(*p)).collect();
        let text = if ruined {
            "ruined".to_string()
        } else {
            format!("fire {fires}")
        };
        commands.spawn((
            label(text, 9.0, Color::srgb(1.0, 0.5, 0.1)),
            Transform::from_translation(middle(&pts).extend(3.5)),
            BoardPiece,
            Transient,
        ));
    }
    // Targets of the selected unit: the line from its front to the nearest
    // point of each, with the range.
    let Some(me) = selected.and_then(|s| unit_of(view, s)) else {
        return;
    };
    for (t, _) in &legal.targets {
        let Some(tu) = unit_of(view, *t) else {
            continue;
        };
        let from = centre(table, &me.bases);
        let to = centre(table, &tu.bases);
        let range = geometry::unit_dist2(&me.bases, &tu.bases)
            .map(|d| d.inches().to_string())
            .unwrap_or_default();
        commands.spawn((
            line(from, to, 2.0, Color::srgba(1.0, 0.35, 0.0, 0.9), 8.0),
            BoardPiece,
            Transient,
        ));
        let mid = (from + to) / 2.0;
        commands
            .spawn((
                Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.7), Vec2::new(38.0, 13.0)),
                Transform::from_translation(mid.extend(8.1)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    label(range, 10.0, Color::srgb(1.0, 0.8, 0.5)),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
            });
    }
}

/// What the overlay was drawn for: the ghost, the tape, the tool on.
type OverlayKey = (Option<super::Ghost>, Option<(Vec2, Vec2)>, bool);

/// The ghost of the move in the making (green where the rules allow it,
/// red with their reason where not) with the distance its front goes, and
/// the measuring tape with its inches.
fn overlay(
    session: Res<Session>,
    tools: Res<Tools>,
    play: Option<Res<State<Play>>>,
    mut commands: Commands,
    old: Query<Entity, With<Overlay>>,
    mut last: Local<Option<OverlayKey>>,
) {
    let Some(m) = session.of::<RedActions>() else {
        return;
    };
    let deciding = play.is_some_and(|p| *p.get() == Play::Deciding);
    let now = if deciding {
        (tools.ghost.clone(), tools.tape, tools.measuring)
    } else {
        (None, None, false)
    };
    if last.as_ref() == Some(&now) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let table = Table::of(m);
    let (ghost, tape, measuring) = &now;
    if let Some(g) = ghost {
        let (fill, text) = match &g.refusal {
            None => (Color::srgba(0.1, 0.85, 0.2, 0.45), g.label.clone()),
            Some(why) => (
                Color::srgba(0.95, 0.1, 0.1, 0.45),
                format!("{}: {why}", g.label),
            ),
        };
        for b in &g.bases {
            let size = Vec2::new(b.width.as_f32(), b.depth.as_f32()) * SCALE;
            commands
                .spawn((
                    Sprite::from_color(fill, size),
                    Transform::from_translation(table.world(b.pose.at).extend(20.0))
                        .with_rotation(rotation(b.pose.facing)),
                    BoardPiece,
                    Overlay,
                ))
                .with_children(|k| {
                    k.spawn((
                        Sprite::from_color(
                            fill.with_alpha(0.9),
                            Vec2::new(size.x, (size.y * 0.22).max(2.0)),
                        ),
                        Transform::from_xyz(0.0, size.y / 2.0 - (size.y * 0.11).max(1.0), 0.01),
                    ));
                });
        }
        let (a, b) = (table.world(g.from), table.world(g.to));
        commands.spawn((
            line(a, b, 1.5, Color::srgba(1.0, 1.0, 1.0, 0.8), 20.5),
            BoardPiece,
            Overlay,
        ));
        let gone = tape_text(a, b);
        let colour = if g.refusal.is_none() {
            Color::srgb(0.85, 1.0, 0.85)
        } else {
            Color::srgb(1.0, 0.8, 0.8)
        };
        spawn_note(
            &mut commands,
            b + Vec2::new(0.0, 22.0),
            format!("{text}  (front moves {gone})"),
            colour,
        );
    }
    if let Some((a, b)) = tape {
        commands.spawn((
            line(*a, *b, 2.0, Color::srgb(1.0, 0.95, 0.2), 21.0),
            BoardPiece,
            Overlay,
        ));
        for p in [a, b] {
            commands.spawn((
                Sprite::from_color(Color::srgb(1.0, 0.95, 0.2), Vec2::splat(5.0)),
                Transform::from_translation(p.extend(21.0)),
                BoardPiece,
                Overlay,
            ));
        }
        spawn_note(
            &mut commands,
            *b + Vec2::new(0.0, 14.0),
            tape_text(*a, *b),
            Color::srgb(1.0, 0.95, 0.3),
        );
    }
    if *measuring && tape.is_none() {
        let size = table.size();
        spawn_note(
            &mut commands,
            Vec2::new(0.0, size.y / 2.0 + 14.0),
            "measuring: drag from point to point (M to stop)".into(),
            Color::srgb(1.0, 0.95, 0.3),
        );
    }
    *last = Some(now);
}

/// A distance on the table in inches, as the tape shows it.
fn tape_text(a: Vec2, b: Vec2) -> String {
    format!("{:.1}\"", super::tape_inches(a, b))
}

/// A text on a dark band, over everything.
fn spawn_note(commands: &mut Commands, at: Vec2, text: String, colour: Color) {
    let width = text.chars().count() as f32 * 6.2 + 8.0;
    commands
        .spawn((
            Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.75), Vec2::new(width, 15.0)),
            Transform::from_translation(at.extend(22.0)),
            BoardPiece,
            Overlay,
        ))
        .with_children(|k| {
            k.spawn((
                label(text, 11.0, colour),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(points: &[Vec2], tris: &[u32]) -> f32 {
        tris.chunks(3)
            .map(|t| {
                let (a, b, c) = (
                    points[t[0] as usize],
                    points[t[1] as usize],
                    points[t[2] as usize],
                );
                ((b - a).perp_dot(c - a) / 2.0).abs()
            })
            .sum()
    }

    #[test]
    fn a_long_name_is_cut_but_keeps_the_mark_of_its_half() {
        assert_eq!(short_name("Light battery"), "Light battery");
        assert_eq!(short_name("Mobilised battalion"), "Mobilised battali…");
        let a = short_name("Divisional battery (a)");
        let b = short_name("Divisional battery (b)");
        assert_eq!(a, "Divisional ba… (a)");
        assert_ne!(a, b);
        assert!(a.chars().count() <= 18);
        assert_eq!(
            short_name("Battalion of the Republic (Kiev)"),
            "Battalion of the …"
        );
    }

    #[test]
    fn the_officer_mark_shows_only_an_officer_who_changes_morale() {
        assert_eq!(
            officer_mark("Kombat, inspiring (+1)").as_deref(),
            Some("*+1")
        );
        assert_eq!(officer_mark("Kombat, drunk (-2)").as_deref(), Some("*-2"));
        assert_eq!(officer_mark("Kombat, steady (+0)"), None);
        assert_eq!(officer_mark("Kombat (a) (+0)"), None);
        assert_eq!(officer_mark("no effect given"), None);
        assert_eq!(officer_mark("odd (x)"), None);
    }

    #[test]
    fn names_that_would_overlap_go_to_lines_of_their_own() {
        let at = |x: f32, y: f32| Vec2::new(x, y);
        let names = [
            // Three units side by side: their names would run together.
            NameLabel {
                id: 0,
                at: at(0.0, 0.0),
                chars: 12,
            },
            NameLabel {
                id: 1,
                at: at(20.0, 0.0),
                chars: 12,
            },
            NameLabel {
                id: 2,
                at: at(40.0, 2.0),
                chars: 12,
            },
            // One far away keeps the first line.
            NameLabel {
                id: 3,
                at: at(500.0, 0.0),
                chars: 30,
            },
        ];
        let places = place_names(&names, &[]);
        let first = NamePlace {
            line: 0,
            shift: 0.0,
        };
        assert_eq!(places[0], first);
        assert_eq!(places[3], first, "the far one stays where it is");
        assert_ne!(places[1], first, "the second is moved");
        // Placed where they were put, no two overlap.
        for i in 0..names.len() {
            for j in 0..i {
                let (a, b) = (names[i].rect(places[i]), names[j].rect(places[j]));
                assert!(!boxes_overlap(a, b), "{i} and {j} overlap");
            }
        }
    }

    #[test]
    fn a_name_keeps_clear_of_the_tables_own_names() {
        let name = NameLabel {
            id: 0,
            at: Vec2::ZERO,
            chars: 10,
        };
        let at = |line: u8, shift: f32| NamePlace { line, shift };
        // A terrain name right under the unit, as tall as one line of it
        // and wider than the name nudged aside: one line lower.
        let ford = (-20.0, -NAME_LINE + 1.0, 20.0, -1.0);
        assert_eq!(place_names(&[name], &[]), vec![at(0, 0.0)]);
        assert_eq!(place_names(&[name], &[ford]), vec![at(1, 0.0)]);
        // Where every line is covered, the first place covered least.
        let wall = (-20.0, -4.0 * NAME_LINE, 20.0, -NAME_LINE - 1.0);
        assert_eq!(place_names(&[name], &[ford, wall]), vec![at(0, 0.0)]);
        // A narrow name of the table just off to the left: a nudge to the
        // right on the first line (a quarter of 55 is 13.75).
        let post = (-40.0, -5.0, -20.0, -2.0);
        assert_eq!(place_names(&[name], &[post]), vec![at(0, 13.75)]);
    }

    #[test]
    fn at_the_start_of_every_scenario_no_unit_name_covers_a_name_of_the_table() {
        use engine::Ruleset;
        for scenario in ["village", "wired_position", "railway_raid"] {
            let path = catalog::shipped_dir()
                .join("red_actions")
                .join(format!("{scenario}.toml"));
            let r = RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"));
            let s = r.setup(&engine::Options::new(), 1).unwrap();
            let sc = r.sc();
            let table = Table {
                width: sc.width.as_f32(),
                depth: sc.depth.as_f32(),
            };
            let table_names = table_labels(&table, sc);
            for side in [Side::A, Side::B] {
                let view = r.view(&s, Some(side));
                let badges = unit_badges(&table, &view);
                let shifts = place_badges(&badges, &table_names);
                let mut fixed = table_names.clone();
                for (b, shift) in badges.iter().zip(&shifts) {
                    let r = b.rect(*shift);
                    let hit = fixed.iter().find(|&&f| boxes_overlap(r, f));
                    assert!(
                        hit.is_none(),
                        "{scenario}, {side:?}: unit {}'s markers at {shift} cover {hit:?}",
                        b.id
                    );
                    fixed.push(r);
                }
                let names = unit_names(&table, &view);
                let places = place_names(&names, &fixed);
                for (n, p) in names.iter().zip(&places) {
                    let r = n.rect(*p);
                    let hit = fixed.iter().find(|&&b| boxes_overlap(r, b));
                    let name = &view.units.iter().find(|u| u.id == n.id).unwrap().name;
                    assert!(
                        hit.is_none(),
                        "{scenario}, {side:?}: {name} at {p:?} {r:?} covers {hit:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_badge_moves_off_a_name_of_the_table() {
        let badge = BadgeLabel {
            id: 0,
            at: Vec2::ZERO,
            width: 22.0,
        };
        assert_eq!(place_badges(&[badge], &[]), vec![Vec2::ZERO]);
        // An objective's name right where the badge would go, reaching
        // into the line above: the left side is the first free place.
        let objective = (-5.0, -3.0, 5.0, 14.0);
        let shift = place_badges(&[badge], &[objective])[0];
        assert_eq!(shift, Vec2::new(-19.0, 0.0));
        assert!(!boxes_overlap(badge.rect(shift), objective));
        // A second badge at the same place takes another free place.
        let two = place_badges(&[badge, badge], &[objective]);
        assert_ne!(two[0], two[1]);
        assert!(!boxes_overlap(badge.rect(two[0]), badge.rect(two[1])));
    }

    #[test]
    fn a_concave_outline_is_cut_into_triangles_covering_it_once() {
        // An L: 3 x 3 less its top right 2 x 2 square, area 5.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 3.0),
            Vec2::new(0.0, 3.0),
        ];
        for points in [l.to_vec(), l.iter().rev().copied().collect::<Vec<_>>()] {
            let t = triangulate(&points);
            assert_eq!(t.len(), 3 * 4);
            assert!((area(&points, &t) - 5.0).abs() < 1e-5);
        }
        assert!(triangulate(&l[..2]).is_empty());
    }
}
