//! Drawing the Veli Veljeä Vastaan board from the map data: cities (octagons
//! for the strategic ones) coloured by who holds them, black roads, brown
//! railways, the red front line, the Russia box, landing anchors, the month
//! track; counters with their combat value and movement points, full or
//! reduced (white top); fieldworks, activation and combat markers; highlights
//! of legal choices; clicks.

use super::{
    CounterToken, Hit, VvvMatch, VvvSelected, VvvShown, choices_for, legal_targets,
    starts_two_click,
};
use crate::boards::kit::{self, BoardPiece, label, line};
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use engine::{Ruleset, Side};
use veli_veljea_vastaan::data::UnitKind;
use veli_veljea_vastaan::scenario::{Link, Map};
use veli_veljea_vastaan::view::View;
use veli_veljea_vastaan::{CityId, VeliVeljeaVastaan, WHITE};

const COUNTER: f32 = 24.0;

/// A side's colour on the board.
pub fn side_colour(side: Side) -> Color {
    super::PALETTE.board(side)
}

fn ink(side: Side) -> Color {
    if side == WHITE {
        Color::srgb(0.1, 0.1, 0.12)
    } else {
        Color::WHITE
    }
}

/// World position of a map point (map units: x east, y south).
pub fn world(map: &Map, p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0] - map.size[0] / 2.0, map.size[1] / 2.0 - p[1])
}

#[derive(Resource, Default)]
pub struct DrawnMap {
    pub scenario: Option<String>,
    pub last: kit::LastDrawn<u16>,
}

#[derive(Component)]
struct CityFill(CityId);
/// Redrawn on every change: markers and highlights.
#[derive(Component)]
struct Transient;
#[derive(Component)]
struct MonthBox(u8);

pub struct VeliVeljeaVastaanDraw;

impl Plugin for VeliVeljeaVastaanDraw {
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
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(m) = session.of::<VeliVeljeaVastaan>() else {
        return;
    };
    let scenario = format!("veli_veljea_vastaan/{}", m.game().rules().scenario_id());
    if drawn.scenario.as_deref() == Some(&scenario) {
        return;
    }
    drawn.scenario = Some(scenario);
    drawn.last = kit::LastDrawn::default();
    let sc = m.game().rules().sc();
    let map = &sc.map;
    let piece = (BoardPiece, Visibility::default());
    // The land.
    commands.spawn((
        Sprite::from_color(
            Color::srgb(0.72, 0.76, 0.62),
            Vec2::new(map.size[0], map.size[1]),
        ),
        Transform::from_xyz(0.0, 0.0, 0.0),
        piece,
    ));
    // Roads (black) and railways (brown); both where a pair has both.
    for (a, list) in map.neighbours.iter().enumerate() {
        for &(b, link) in list {
            if (b as usize) < a {
                continue;
            }
            let from = world(map, map.cities[a].at);
            let to = world(map, map.cities[b as usize].at);
            if matches!(link, Link::Road | Link::Both) {
                commands.spawn((
                    line(from, to, 2.0, Color::srgb(0.08, 0.08, 0.08), 1.0),
                    piece,
                ));
            }
            if link.has_rail() {
                let off = if link == Link::Both {
                    let d = (to - from).normalize_or_zero();
                    Vec2::new(-d.y, d.x) * 4.0
                } else {
                    Vec2::ZERO
                };
                commands.spawn((
                    line(
                        from + off,
                        to + off,
                        4.0,
                        Color::srgb(0.50, 0.30, 0.12),
                        1.2,
                    ),
                    piece,
                ));
            }
        }
    }
    // The front line at the start.
    for w in map.front_line.windows(2) {
        commands.spawn((
            line(
                world(map, w[0]),
                world(map, w[1]),
                4.0,
                Color::srgba(0.85, 0.05, 0.05, 0.7),
                1.5,
            ),
            piece,
        ));
    }
    // The Russia box.
    let r = &map.russia;
    commands
        .spawn((
            Sprite::from_color(
                Color::srgb(0.55, 0.50, 0.45),
                Vec2::new(r.size[0], r.size[1]),
            ),
            Transform::from_translation(world(map, r.at).extend(0.8)),
            piece,
        ))
        .with_children(|c| {
            c.spawn((
                label(r.name.clone(), 16.0, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        });
    // Cities: a square, an octagon for the strategic ones; the name below.
    for (i, c) in map.cities.iter().enumerate() {
        let p = world(map, c.at);
        let size = if c.strategic { 20.0 } else { 12.0 };
        commands.spawn((
            Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::splat(size + 3.0)),
            Transform::from_translation(p.extend(3.0)),
            piece,
        ));
        commands.spawn((
            Sprite::from_color(Color::WHITE, Vec2::splat(size)),
            Transform::from_translation(p.extend(3.1)),
            CityFill(i as CityId),
            piece,
        ));
        if c.strategic {
            commands.spawn((
                Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::splat(size + 3.0)),
                Transform::from_translation(p.extend(2.95))
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                piece,
            ));
            commands.spawn((
                Sprite::from_color(Color::WHITE, Vec2::splat(size)),
                Transform::from_translation(p.extend(3.05))
                    .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                CityFill(i as CityId),
                piece,
            ));
        }
        if c.anchor {
            commands
                .spawn((
                    Sprite::from_color(Color::srgb(0.1, 0.2, 0.5), Vec2::splat(12.0)),
                    Transform::from_translation((p + Vec2::new(-14.0, 10.0)).extend(3.2)),
                    piece,
                ))
                .with_children(|k| {
                    k.spawn((
                        label("L", 10.0, Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                });
        }
        commands.spawn((
            label(
                c.name.clone(),
                if c.strategic { 13.0 } else { 11.0 },
                Color::srgb(0.05, 0.05, 0.05),
            ),
            Anchor::TOP_CENTER,
            Transform::from_translation((p - Vec2::new(0.0, size / 2.0 + 3.0)).extend(3.5)),
            piece,
        ));
    }
    // The month track, in the Gulf of Finland (seen at the start).
    for month in 1..=sc.months() {
        let p = world(
            map,
            [
                map.size[0] * 0.44 + (month as f32 - 1.0) * 84.0,
                map.size[1] - 24.0,
            ],
        );
        commands
            .spawn((
                Sprite::from_color(Color::srgb(0.3, 0.3, 0.3), Vec2::new(80.0, 24.0)),
                Transform::from_translation(p.extend(5.0)),
                MonthBox(month),
                piece,
            ))
            .with_children(|c| {
                c.spawn((
                    label(
                        veli_veljea_vastaan::text::month_name(month),
                        13.0,
                        Color::WHITE,
                    ),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
    // Start on the south, where the war is.
    for (mut t, mut proj) in &mut camera {
        let centre = world(map, [map.size[0] * 0.46, map.size[1] * 0.66]);
        t.translation.x = centre.x;
        t.translation.y = centre.y;
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = 1.12;
        }
    }
}

/// Where counter number `i` of a city stands.
fn counter_at(map: &Map, city: CityId, i: usize) -> Vec2 {
    world(map, map.cities[city as usize].at) + Vec2::new(22.0 + i as f32 * (COUNTER + 2.0), 6.0)
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn refresh(
    session: Res<Session>,
    shown: Res<VvvShown>,
    selected: Res<VvvSelected>,
    play: Option<Res<State<Play>>>,
    mut drawn: ResMut<DrawnMap>,
    mut commands: Commands,
    transients: Query<Entity, With<Transient>>,
    mut fills: Query<(&CityFill, &mut Sprite), Without<MonthBox>>,
    mut months: Query<(&MonthBox, &mut Sprite), Without<CityFill>>,
    mut tokens: Query<(
        Entity,
        &CounterToken,
        &mut Transform,
        &mut crate::boards::Glide,
    )>,
) {
    let Some(m) = session.of::<VeliVeljeaVastaan>() else {
        return;
    };
    let Some(view) = &shown.view else { return };
    if play.is_some_and(|p| *p.get() == Play::HandOver) {
        return;
    }
    if !drawn.last.catch_up(&*shown, selected.0) {
        return;
    }
    let rules = m.game().rules();
    let sc = rules.sc();
    let map = &sc.map;
    for e in &transients {
        commands.entity(e).despawn();
    }
    for (f, mut sprite) in &mut fills {
        sprite.color = side_colour(view.control[f.0 as usize]);
    }
    for (b, mut sprite) in &mut months {
        sprite.color = if b.0 == view.month {
            Color::srgb(0.75, 0.55, 0.1)
        } else {
            Color::srgb(0.3, 0.3, 0.3)
        };
    }
    let (legal_units, legal_cities) = legal_targets(m, view, selected.0);
    // City markers: legal choices, activation, the combat's target, fieldworks.
    for c in legal_cities {
        commands.spawn((
            Sprite::from_color(Color::srgba(1.0, 0.85, 0.1, 0.55), Vec2::splat(34.0)),
            Transform::from_translation(world(map, map.cities[c as usize].at).extend(2.5)),
            BoardPiece,
            Transient,
            kit::Offered,
        ));
    }
    for c in view.activated.iter() {
        commands.spawn((
            Sprite::from_color(Color::srgba(0.1, 0.7, 0.2, 0.6), Vec2::splat(28.0)),
            Transform::from_translation(world(map, map.cities[c as usize].at).extend(2.6)),
            BoardPiece,
            Transient,
        ));
    }
    if let Some(combat) = &view.combat {
        commands.spawn((
            Sprite::from_color(Color::srgba(0.9, 0.2, 0.0, 0.6), Vec2::splat(40.0)),
            Transform::from_translation(
                world(map, map.cities[combat.target as usize].at).extend(2.4),
            ),
            BoardPiece,
            Transient,
        ));
    }
    for c in view.fieldworks.iter() {
        let p = world(map, map.cities[c as usize].at) + Vec2::new(-16.0, -12.0);
        commands
            .spawn((
                Sprite::from_color(Color::srgb(0.45, 0.35, 0.15), Vec2::new(16.0, 12.0)),
                Transform::from_translation(p.extend(4.0)),
                BoardPiece,
                Transient,
            ))
            .with_children(|k| {
                k.spawn((
                    label("F", 10.0, Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
            });
    }
    // Counters: side colour, kind on top, "combat-MP" below; a reduced one has a white top.
    let mut per_city: Vec<usize> = vec![0; map.cities.len()];
    let mut order: Vec<_> = tokens.iter_mut().collect();
    order.sort_by_key(|(_, t, ..)| t.id);
    for (e, token, mut transform, mut glide) in order {
        let Some(u) = view.units.iter().find(|u| u.id == token.id) else {
            continue;
        };
        let def = &sc.units[u.kind as usize];
        let i = per_city[u.city as usize];
        per_city[u.city as usize] += 1;
        let p = counter_at(map, u.city, i);
        let kind = match def.kind {
            UnitKind::Infantry => {
                if u.side == WHITE {
                    "SK"
                } else {
                    "PK"
                }
            }
            UnitKind::Jager => "JÄÄK",
            UnitKind::German => "SAKS",
            UnitKind::Train => "PJ",
        };
        let values = format!("{}-{}", def.combat(u.reduced), def.mp(u.reduced));
        let mut ec = commands.entity(e);
        ec.despawn_related::<Children>();
        glide.place(&mut transform, p.extend(10.0 + i as f32));
        ec.insert(Sprite::from_color(
            side_colour(u.side),
            Vec2::splat(COUNTER),
        ));
        let ink = ink(u.side);
        ec.with_children(|c| {
            if u.reduced {
                c.spawn((
                    Sprite::from_color(Color::WHITE, Vec2::new(COUNTER, 9.0)),
                    Transform::from_xyz(0.0, COUNTER / 2.0 - 4.5, 0.05),
                ));
            }
            let top_ink = if u.reduced {
                Color::srgb(0.1, 0.1, 0.1)
            } else {
                ink
            };
            c.spawn((
                label(kind, 7.0, top_ink),
                Transform::from_xyz(0.0, 7.0, 0.1),
            ));
            c.spawn((
                label(values, 10.0, ink),
                Transform::from_xyz(0.0, -4.0, 0.1),
            ));
            let outline = if selected.0 == Some(u.id) {
                Color::srgb(0.1, 0.9, 0.9)
            } else if legal_units.contains(&u.id) {
                Color::srgb(1.0, 0.85, 0.1)
            } else if u.side != WHITE {
                Color::srgb(0.3, 0.0, 0.0)
            } else {
                Color::srgb(0.35, 0.35, 0.35)
            };
            let mut frame = c.spawn((
                Sprite::from_color(outline, Vec2::splat(COUNTER + 4.0)),
                Transform::from_xyz(0.0, 0.0, -0.05),
            ));
            if selected.0 == Some(u.id) || legal_units.contains(&u.id) {
                frame.insert(kit::Offered);
            }
        });
    }
}

/// A click on the board: a counter or a city picks the matching choice; a
/// click on a counter that can move or retreat selects it, and the next click
/// on a city moves it there.
fn click(
    mut c: kit::Clicking<VeliVeljeaVastaan, veli_veljea_vastaan::UnitId>,
    tokens: Query<(&CounterToken, &GlobalTransform, &Visibility)>,
) {
    let Some(p) = c.point() else {
        return;
    };
    let Some(m) = c.session.of::<VeliVeljeaVastaan>() else {
        return;
    };
    let map = &m.game().rules().sc().map;
    let best = crate::boards::nearest(
        tokens.iter().map(|(token, t, vis)| {
            (
                token.id,
                t.translation().truncate(),
                *vis != Visibility::Hidden,
            )
        }),
        p,
        COUNTER * 0.6,
    );
    let city_hit = || {
        map.cities
            .iter()
            .enumerate()
            .map(|(i, c)| (world(map, c.at).distance(p), i as CityId))
            .filter(|(d, _)| *d < 18.0)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| c)
    };
    let hit = match best {
        Some(u) => Hit::Unit(u),
        None => match city_hit() {
            Some(c) => Hit::City(c),
            None => {
                c.selected.0 = None;
                return;
            }
        },
    };
    let found = resolve_click(m, &c.shown.now(m), hit, c.selected.0);
    let piece = match hit {
        Hit::Unit(u) => Some(u),
        Hit::City(_) => None,
    };
    c.finish(found, piece);
}

/// The choices a click stands for: a unit's own choices, else its city's.
pub fn resolve_click(m: &VvvMatch, view: &View, hit: Hit, selected: Option<u16>) -> Vec<usize> {
    let found = choices_for(m, view, hit, selected);
    if !found.is_empty() {
        return found;
    }
    if let Hit::Unit(u) = hit
        && let Some(unit) = view.unit(u)
        && !starts_two_click(m, view, u)
    {
        return choices_for(m, view, Hit::City(unit.city), selected);
    }
    Vec::new()
}
