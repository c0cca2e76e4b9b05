//! Drawing the Death on the Rails board from the map data: areas cell by cell
//! with their terrain, borders, centre dots, the railway, setup areas,
//! objectives with their control; unit blocks turned for each step lost;
//! artillery and sabotage tokens; highlights of legal choices; line of sight
//! and range while a target is picked; pan, zoom and clicks.

use super::{
    DotrMatch, Hit, Selected, ShownView, UnitToken, choices_for, fire_lines, legal_targets,
};
use crate::boards::Glide;
use crate::boards::kit::{self, BoardPiece, RefreshedPiece, label, line};
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::sprite::Anchor;
use bevy::window::PrimaryWindow;
use death_on_the_rails::DeathOnTheRails;
use death_on_the_rails::data::{Ability, Terrain};
use death_on_the_rails::map::{AreaId, Map};
use death_on_the_rails::state::Place;
use engine::Ruleset;
use engine::Side;

pub const CELL: f32 = 64.0;
const BLOCK: f32 = 40.0;

/// A side's colour on the board.
pub fn side_colour(side: Side) -> Color {
    super::PALETTE.board(side)
}

fn terrain_colour(t: Terrain) -> Color {
    match t {
        Terrain::Open => Color::srgb(0.80, 0.78, 0.58),
        Terrain::Forest => Color::srgb(0.42, 0.56, 0.32),
        Terrain::Building => Color::srgb(0.62, 0.55, 0.50),
    }
}

/// Which map is drawn now (its scenario), so it is drawn once per game.
#[derive(Resource, Default)]
pub struct DrawnBoard {
    pub scenario: Option<String>,
    pub revision: u64,
    pub seat: Option<Side>,
}

#[derive(Resource)]
struct DotImage(Handle<Image>);

#[derive(Component)]
struct CellHighlight(AreaId);
#[derive(Component)]
struct ObjectiveMarker(usize);
#[derive(Component)]
struct UnitHighlight;
/// Redrawn on every change: tokens, fire lines.
#[derive(Component)]
struct Transient;
/// The block's turning part (sprite and edge numbers).
#[derive(Component)]
struct BlockFace;

pub struct DeathOnTheRailsDraw;

impl Plugin for DeathOnTheRailsDraw {
    fn build(&self, app: &mut App) {
        app.init_resource::<DrawnBoard>()
            .add_systems(Startup, make_dot_image)
            .add_systems(
                Update,
                (
                    draw_map,
                    (dress_units, place_units, refresh_marks).chain(),
                    click
                        .run_if(in_state(Play::Deciding))
                        .after(crate::boards::pan_and_zoom),
                )
                    .chain()
                    .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
            )
            .add_systems(OnEnter(Screen::Launcher), forget_board)
            .add_systems(OnExit(Play::HandOver), redraw_after_hand_over);
    }
}

fn make_dot_image(mut images: ResMut<Assets<Image>>, mut commands: Commands) {
    let n = 32u32;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let dx = x as f32 + 0.5 - n as f32 / 2.0;
            let dy = y as f32 + 0.5 - n as f32 / 2.0;
            let d = (dx * dx + dy * dy).sqrt();
            let a = (n as f32 / 2.0 - d).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (a * 255.0) as u8]);
        }
    }
    let image = Image::new(
        Extent3d {
            width: n,
            height: n,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    );
    commands.insert_resource(DotImage(images.add(image)));
}

/// World position of a point given in map cells from the top-left corner.
pub fn world(map: &Map, x: f32, y: f32) -> Vec2 {
    Vec2::new(
        x * CELL - map.width as f32 * CELL / 2.0,
        map.height as f32 * CELL / 2.0 - y * CELL,
    )
}

/// The middle of an area: the mean of its centre dots.
pub fn area_centre(map: &Map, a: AreaId) -> Vec2 {
    let dots = &map.areas[a as usize].dots;
    let n = dots.len().max(1) as f32;
    let (sx, sy) = dots
        .iter()
        .fold((0.0, 0.0), |(sx, sy), d| (sx + d[0], sy + d[1]));
    world(map, sx / n, sy / n)
}

/// The area of a cell, `None` off the map.
fn cell_area(map: &Map, col: isize, row: isize) -> Option<AreaId> {
    if col < 0 || row < 0 || col as usize >= map.width || row as usize >= map.height {
        return None;
    }
    map.cells[row as usize * map.width + col as usize]
}

/// The area under a world position.
pub fn area_at(map: &Map, p: Vec2) -> Option<AreaId> {
    let x = (p.x + map.width as f32 * CELL / 2.0) / CELL;
    let y = (map.height as f32 * CELL / 2.0 - p.y) / CELL;
    if x < 0.0 || y < 0.0 {
        return None;
    }
    cell_area(map, x as isize, y as isize)
}

#[allow(clippy::too_many_arguments)]
fn draw_map(
    session: Res<Session>,
    mut drawn: ResMut<DrawnBoard>,
    mut commands: Commands,
    dot: Option<Res<DotImage>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    let Some(m) = session.of::<DeathOnTheRails>() else {
        return;
    };
    let scenario = m.game().rules().scenario_id().to_string();
    if drawn.scenario.as_deref() == Some(&scenario) {
        return;
    }
    drawn.scenario = Some(scenario);
    drawn.revision = 0;
    let rules = m.game().rules();
    let sc = rules.sc();
    let map = &sc.map;
    let piece = (BoardPiece, Visibility::default());

    // Areas, cell by cell; setup areas tinted with their side's colour.
    for row in 0..map.height {
        for col in 0..map.width {
            let Some(a) = map.cells[row * map.width + col] else {
                continue;
            };
            let area = &map.areas[a as usize];
            let mut colour = terrain_colour(area.terrain);
            for side in Side::BOTH {
                if sc.side(side).setup_areas.contains(a) {
                    colour = colour.mix(&side_colour(side), 0.22);
                }
            }
            let p = world(map, col as f32 + 0.5, row as f32 + 0.5);
            commands.spawn((
                Sprite::from_color(colour, Vec2::splat(CELL)),
                Transform::from_translation(p.extend(0.0)),
                piece,
            ));
            commands.spawn((
                Sprite::from_color(Color::srgba(1.0, 0.9, 0.2, 0.35), Vec2::splat(CELL)),
                Transform::from_translation(p.extend(0.5)),
                BoardPiece,
                RefreshedPiece,
                Visibility::Hidden,
                CellHighlight(a),
                kit::Offered,
            ));
            // A border on each edge whose neighbour is another area or off
            // the map (drawn from both sides, which does no harm).
            let (c, r) = (col as f32, row as f32);
            let edges = [
                ((0, -1), (c, r), (c + 1.0, r)),
                ((0, 1), (c, r + 1.0), (c + 1.0, r + 1.0)),
                ((-1, 0), (c, r), (c, r + 1.0)),
                ((1, 0), (c + 1.0, r), (c + 1.0, r + 1.0)),
            ];
            for ((dc, dr), from, to) in edges {
                if cell_area(map, col as isize + dc, row as isize + dr) != Some(a) {
                    commands.spawn((
                        line(
                            world(map, from.0, from.1),
                            world(map, to.0, to.1),
                            3.0,
                            Color::srgb(0.15, 0.12, 0.10),
                            1.0,
                        ),
                        piece,
                    ));
                }
            }
        }
    }
    // The railway, from area to area along the track.
    for (a, next) in map.rail_next.iter().enumerate() {
        for b in next.iter() {
            if (b as usize) < a {
                continue;
            }
            let from = area_centre(map, a as AreaId);
            let to = area_centre(map, b);
            commands.spawn((
                line(from, to, 6.0, Color::srgb(0.25, 0.2, 0.18), 2.0),
                piece,
            ));
            commands.spawn((
                line(from, to, 2.0, Color::srgb(0.75, 0.72, 0.65), 2.1),
                piece,
            ));
        }
    }
    // Centre dots, and each area's name.
    for (i, area) in map.areas.iter().enumerate() {
        for d in &area.dots {
            let p = world(map, d[0], d[1]);
            let sprite = match &dot {
                Some(img) => Sprite {
                    image: img.0.clone(),
                    color: Color::srgb(0.1, 0.1, 0.1),
                    custom_size: Some(Vec2::splat(9.0)),
                    ..default()
                },
                None => Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::splat(7.0)),
            };
            commands.spawn((sprite, Transform::from_translation(p.extend(3.0)), piece));
        }
        let first = map
            .cells
            .iter()
            .position(|c| *c == Some(i as AreaId))
            .unwrap_or(0);
        let (col, row) = (first % map.width, first / map.width);
        let p = world(map, col as f32 + 0.08, row as f32 + 0.08);
        commands.spawn((
            label(area.name.clone(), 13.0, Color::srgb(0.1, 0.08, 0.06)),
            Anchor::TOP_LEFT,
            Transform::from_translation(p.extend(3.5)),
            piece,
        ));
    }
    // Objectives: a lettered disc, coloured by who controls it.
    for (i, o) in sc.objectives.iter().enumerate() {
        let p = area_centre(map, o.area) + Vec2::new(0.0, CELL * 0.42);
        commands
            .spawn((
                Sprite::from_color(Color::WHITE, Vec2::splat(24.0)),
                Transform::from_translation(p.extend(4.0)),
                ObjectiveMarker(i),
                piece,
            ))
            .with_children(|c| {
                c.spawn((
                    label(o.letter.to_string(), 18.0, Color::BLACK),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
    // Fit the map to the window, leaving room for the panels.
    let (w, h) = windows
        .single()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((1280.0, 720.0));
    let board_w = (w - 2.0 * crate::ui::PANEL_WIDTH).max(200.0);
    let scale = (map.width as f32 * CELL / board_w).max(map.height as f32 * CELL / (h - 40.0));
    for (mut t, mut proj) in &mut camera {
        t.translation.x = 0.0;
        t.translation.y = 0.0;
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = scale * 1.05;
        }
    }
}

/// Gives each new unit entity its block.
fn dress_units(
    mut commands: Commands,
    tokens: Query<(Entity, &UnitToken), Changed<UnitToken>>,
    session: Res<Session>,
) {
    let Some(m) = session.of::<DeathOnTheRails>() else {
        return;
    };
    let rules = m.game().rules();
    for (e, token) in &tokens {
        let mut entity = commands.entity(e);
        entity.despawn_related::<Children>();
        let colour = side_colour(token.side);
        let size = if token.train {
            Vec2::new(BLOCK * 1.4, BLOCK * 0.8)
        } else {
            Vec2::splat(BLOCK)
        };
        entity.with_children(|c| {
            c.spawn((
                Sprite::from_color(Color::srgb(1.0, 0.9, 0.1), size + Vec2::splat(8.0)),
                Transform::from_xyz(0.0, 0.0, -0.2),
                Visibility::Hidden,
                UnitHighlight,
                kit::Offered,
            ));
            let turns = token.face.as_ref().map(|f| f.turns).unwrap_or(0);
            let body = if token.train {
                Color::srgb(0.22, 0.22, 0.24).mix(&colour, 0.35)
            } else {
                colour
            };
            c.spawn((
                Sprite::from_color(body, size),
                Transform::from_rotation(Quat::from_rotation_z(
                    turns as f32 * std::f32::consts::FRAC_PI_2,
                )),
                BlockFace,
            ))
            .with_children(|b| {
                let Some(face) = &token.face else {
                    return;
                };
                if token.train {
                    let def = rules.def(token.id);
                    let part = match def.train_part {
                        Some(death_on_the_rails::scenario::TrainPart::Artillery) => "train gun",
                        _ => "train MG",
                    };
                    b.spawn((
                        label(format!("{part} {}", face.strength), 13.0, Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.2),
                    ));
                    return;
                }
                // The strength printed on each edge, as on the sticker: full
                // strength on the top edge, one less on each edge clockwise.
                // Turning the block a quarter for each step lost brings the
                // current strength to the top.
                for k in 0..4u8 {
                    let value = face.full_strength.checked_sub(k);
                    let Some(v) = value.filter(|_| face.full_strength > 0) else {
                        continue;
                    };
                    let angle = -(k as f32) * std::f32::consts::FRAC_PI_2;
                    let offset = Vec2::new(0.0, BLOCK * 0.33).rotate(Vec2::from_angle(angle));
                    b.spawn((
                        label(
                            v.to_string(),
                            if k == turns { 17.0 } else { 10.0 },
                            Color::WHITE,
                        ),
                        Transform::from_translation(offset.extend(0.2))
                            .with_rotation(Quat::from_rotation_z(angle)),
                    ));
                }
            });
            if let Some(face) = &token.face
                && !token.train
            {
                let ability = match face.ability {
                    Some(Ability::A) => "A",
                    Some(Ability::M) => "M",
                    Some(Ability::D) => "D",
                    None => "",
                };
                let kind = match face.kind {
                    death_on_the_rails::data::UnitKind::Artillery => "art",
                    death_on_the_rails::data::UnitKind::NonCombat => "-",
                    death_on_the_rails::data::UnitKind::Dummy => "?",
                    death_on_the_rails::data::UnitKind::Infantry => "",
                };
                c.spawn((
                    label(
                        format!("{kind}{ability}"),
                        13.0,
                        Color::srgb(1.0, 0.95, 0.7),
                    ),
                    Transform::from_xyz(0.0, -1.0, 0.3),
                ));
            }
            if token.asleep {
                c.spawn((
                    label("zz", 12.0, Color::srgb(1.0, 1.0, 0.6)),
                    Transform::from_xyz(BLOCK * 0.35, BLOCK * 0.35, 0.4),
                ));
            }
        });
    }
}

/// Puts every block in its area (or in the tray below the map).
fn place_units(
    session: Res<Session>,
    mut tokens: Query<(&UnitToken, &mut Transform, &mut Visibility, &mut Glide)>,
    shown: Res<ShownView>,
    mut drawn: ResMut<DrawnBoard>,
) {
    let Some(m) = session.of::<DeathOnTheRails>() else {
        return;
    };
    if !shown.is_changed() {
        return;
    }
    let map = &m.game().rules().sc().map;
    let mut per_area: Vec<u32> = vec![0; map.areas.len()];
    let mut tray = [0u32; 2];
    let mut sorted: Vec<_> = tokens.iter_mut().collect();
    sorted.sort_by_key(|(t, ..)| (!t.train, t.id));
    for (token, mut transform, mut vis, mut glide) in sorted {
        match token.place {
            Place::Area(a) => {
                let n = per_area[a as usize];
                per_area[a as usize] += 1;
                let dots = &map.areas[a as usize].dots;
                let d = dots[n as usize % dots.len()];
                let layer = n / dots.len() as u32;
                let p =
                    world(map, d[0], d[1]) + Vec2::new(layer as f32 * 14.0, -(layer as f32) * 14.0);
                glide.place(&mut transform, p.extend(10.0 + n as f32 * 0.5));
                *vis = Visibility::Inherited;
            }
            Place::Pool => {
                let i = tray[token.side.index()];
                tray[token.side.index()] += 1;
                let base = world(map, 0.0, map.height as f32 + 0.8);
                let y = base.y - token.side.index() as f32 * (BLOCK + 10.0);
                let p = Vec2::new(base.x + BLOCK / 2.0 + i as f32 * (BLOCK + 6.0), y);
                glide.place(&mut transform, p.extend(10.0));
                *vis = Visibility::Inherited;
            }
            Place::Gone | Place::Exited | Place::Evacuated => *vis = Visibility::Hidden,
        }
    }
    drawn.revision = 0;
}

/// Highlights, objective control, tokens, line of sight and range.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn refresh_marks(
    session: Res<Session>,
    mut drawn: ResMut<DrawnBoard>,
    selected: Res<Selected>,
    mut commands: Commands,
    mut cells: Query<(&CellHighlight, &mut Visibility), Without<UnitHighlight>>,
    mut objectives: Query<(&ObjectiveMarker, &mut Sprite)>,
    units: Query<(&UnitToken, &Children)>,
    mut unit_marks: Query<
        (&mut Visibility, &mut Sprite),
        (With<UnitHighlight>, Without<ObjectiveMarker>),
    >,
    transient: Query<Entity, With<Transient>>,
    play: Option<Res<State<Play>>>,
    shown: Res<ShownView>,
) {
    let Some(m) = session.of::<DeathOnTheRails>() else {
        return;
    };
    if drawn.revision == m.revision && drawn.seat == Some(m.seat()) && !selected.is_changed() {
        return;
    }
    drawn.revision = m.revision;
    drawn.seat = Some(m.seat());
    let deciding = play.is_some_and(|p| *p.get() == Play::Deciding);
    let (mut legal_units, mut legal_areas) = if deciding && m.game().to_decide().includes(m.seat())
    {
        legal_targets(m)
    } else {
        (Vec::new(), Vec::new())
    };
    // While setting up, the areas light up for the selected block only.
    if let Some(u) = selected.0 {
        let places = place_areas(m, u);
        if !places.is_empty() {
            legal_areas = places;
        }
    } else if !place_areas_any(m) {
        // nothing to narrow
    } else {
        legal_areas.clear();
    }
    legal_units.dedup();
    for (cell, mut vis) in &mut cells {
        *vis = if legal_areas.contains(&cell.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
    let view = shown.now(m);
    for (marker, mut sprite) in &mut objectives {
        if let Some(o) = view.objectives.get(marker.0) {
            sprite.color = match o.control {
                Some(side) => side_colour(side).mix(&Color::WHITE, 0.3),
                None => Color::WHITE,
            };
        }
    }
    for (token, children) in &units {
        for child in children.iter() {
            if let Ok((mut vis, mut sprite)) = unit_marks.get_mut(child) {
                let is_selected = selected.0 == Some(token.id);
                *vis = if legal_units.contains(&token.id) || is_selected {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                sprite.color = if is_selected {
                    Color::WHITE
                } else {
                    Color::srgb(1.0, 0.9, 0.1)
                };
            }
        }
    }
    for e in &transient {
        commands.entity(e).despawn();
    }
    let map = &m.game().rules().sc().map;
    // Artillery-fire and sabotage tokens.
    for (a, &n) in view.artillery_tokens.iter().enumerate() {
        if n > 0 {
            let p = area_centre(map, a as AreaId) + Vec2::new(-CELL * 0.45, -CELL * 0.4);
            token_marker(
                &mut commands,
                p,
                Color::srgb(0.95, 0.55, 0.1),
                format!("ART {n}"),
            );
        }
    }
    for (a, &n) in view.sabotage.iter().enumerate() {
        if n > 0 {
            let p = area_centre(map, a as AreaId) + Vec2::new(CELL * 0.45, -CELL * 0.4);
            token_marker(
                &mut commands,
                p,
                Color::srgb(0.45, 0.3, 0.15),
                format!("SAB {n}"),
            );
        }
    }
    // Line of sight and range from the firing area to each target.
    if deciding && let Some((from, targets)) = fire_lines(m, &view) {
        let a = area_centre(map, from);
        for (t, range) in targets {
            let b = area_centre(map, t);
            commands.spawn((
                line(a, b, 3.0, Color::srgba(1.0, 0.95, 0.3, 0.9), 20.0),
                BoardPiece,
                Transient,
            ));
            commands
                .spawn((
                    Sprite::from_color(Color::srgba(0.1, 0.1, 0.1, 0.8), Vec2::new(62.0, 20.0)),
                    Transform::from_translation(((a + b) / 2.0).extend(21.0)),
                    BoardPiece,
                    Transient,
                ))
                .with_children(|c| {
                    c.spawn((
                        label(format!("range {range}"), 13.0, Color::srgb(1.0, 0.95, 0.3)),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                });
        }
    }
}

fn place_areas(m: &DotrMatch, unit: u8) -> Vec<AreaId> {
    m.choices()
        .iter()
        .filter_map(|a| match *a {
            death_on_the_rails::state::Action::Place { unit: u, area } if u == unit => Some(area),
            _ => None,
        })
        .collect()
}

fn place_areas_any(m: &DotrMatch) -> bool {
    m.choices()
        .iter()
        .any(|a| matches!(a, death_on_the_rails::state::Action::Place { .. }))
}

fn token_marker(commands: &mut Commands, p: Vec2, colour: Color, text: String) {
    commands
        .spawn((
            Sprite::from_color(colour, Vec2::new(46.0, 20.0)),
            Transform::from_translation(p.extend(15.0)),
            BoardPiece,
            Transient,
        ))
        .with_children(|c| {
            c.spawn((
                label(text, 12.0, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        });
}

/// A click on the board picks the matching choice; when several match, the
/// panel asks which; a click on one's own block selects it.
fn click(
    mut c: kit::Clicking<DeathOnTheRails, death_on_the_rails::scenario::UnitId>,
    tokens: Query<(&UnitToken, &GlobalTransform, &Visibility)>,
) {
    let Some(p) = c.point() else {
        return;
    };
    let Some(m) = c.session.of::<DeathOnTheRails>() else {
        return;
    };
    let best = crate::boards::nearest(
        tokens.iter().map(|(token, t, vis)| {
            (
                token.id,
                t.translation().truncate(),
                *vis != Visibility::Hidden,
            )
        }),
        p,
        BLOCK * 0.6,
    );
    let hit = match best {
        Some(u) => Hit::Unit(u),
        None => match area_at(&m.game().rules().sc().map, p) {
            Some(a) => Hit::Area(a),
            None => {
                c.selected.0 = None;
                return;
            }
        },
    };
    let view = c.shown.now(m);
    let mut found = choices_for(m, &view, hit, c.selected.0);
    if found.is_empty()
        && let Hit::Unit(u) = hit
    {
        // A unit's block stands in its area: try the area too.
        if let Some(a) = view.area_of(u) {
            found = choices_for(m, &view, Hit::Area(a), c.selected.0);
        }
    }
    drop(view);
    let piece = match hit {
        Hit::Unit(u) => Some(u),
        Hit::Area(_) => None,
    };
    c.finish(found, piece);
}

fn forget_board(mut drawn: ResMut<DrawnBoard>) {
    *drawn = DrawnBoard::default();
}

/// The kit shows the board again after the hand-over; units and highlights
/// come back with the next refresh.
fn redraw_after_hand_over(mut shown: ResMut<ShownView>, mut drawn: ResMut<DrawnBoard>) {
    shown.set_changed();
    drawn.revision = 0;
}
