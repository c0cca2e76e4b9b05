//! Visibility (hills, woods, hedges), Weather, Marching, Barbed Wire,
//! Buildings and Digging in, on set positions with dice set on the table.

use engine::param::{Degrees, Inches, Point};
use engine::{Options, Ruleset, Side};
use red_actions::RedActions;
use red_actions::scenario::{Area, AreaKind, Cover, Elevation, Scenario, WeatherKind};
use red_actions::state::{Action, Event, Order, Phase, State, Status, Test, UnitId};

mod common;
use common::*;

fn scenario(id: &str) -> Scenario {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    red_actions::load_scenario(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
    vec![pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)]
}

fn area(kind: AreaKind, elevation: Elevation, points: Vec<Point>) -> Area {
    Area {
        kind,
        name: format!("{kind:?}"),
        cover: Cover::None,
        elevation,
        points,
    }
}

/// The village's table cleared and given these areas (no lines).
fn table(areas: Vec<Area>) -> RedActions {
    let mut sc = scenario("village");
    sc.terrain = areas;
    sc.lines.clear();
    sc.buildings.clear();
    RedActions::new(sc)
}

/// [`common::place`], the unit seen and still to act this turn.
fn place(s: &mut State, u: UnitId, x: f64, y: f64, facing: i32) {
    common::place(s, u, x, y, facing);
    let unit = s.unit_mut(u);
    unit.acted = false;
    unit.hidden = false;
    unit.ambush = false;
}

/// Everyone off the table and done for the turn.
fn empty(r: &RedActions, seed: u64) -> State {
    let mut s = r.setup(&Options::new(), seed).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.acted = true;
        u.hidden = false;
        u.ambush = false;
    }
    for d in s.dummies.iter_mut() {
        d.gone = true;
    }
    s
}

fn choose(s: &mut State, side: Side) {
    s.phase = Phase::Choose {
        side,
        card: None,
        selected: None,
    };
}

// ------------------------------------------------------------------ Visibility

#[test]
fn visibility_a_hill_overlooks_woods_but_not_the_dead_ground_behind_them() {
    let r = table(vec![
        area(AreaKind::Hill, Elevation::Hill, rect(0.0, 0.0, 10.0, 48.0)),
        area(
            AreaKind::Wood,
            Elevation::Flat,
            rect(20.0, 10.0, 30.0, 30.0),
        ),
    ]);
    let on_hill = pt(5.0, 20.0);
    assert!(
        r.sees(on_hill, pt(35.0, 20.0), false),
        "5\" beyond the wood"
    );
    assert!(!r.sees(on_hill, pt(31.0, 20.0), false), "1\": dead ground");
    assert!(!r.sees(on_hill, pt(32.0, 20.0), false), "2\": dead ground");
    assert!(r.sees(on_hill, pt(32.1, 20.0), false), "2.1\": seen");
    // From the flat, the wood blocks.
    assert!(!r.sees(pt(15.0, 20.0), pt(35.0, 20.0), false));
    // Sight is the same both ways.
    assert!(r.sees(pt(35.0, 20.0), on_hill, false));
}

#[test]
fn visibility_a_rise_overlooks_nothing() {
    let r = table(vec![
        area(AreaKind::Hill, Elevation::Rise, rect(0.0, 0.0, 10.0, 48.0)),
        area(
            AreaKind::Wood,
            Elevation::Flat,
            rect(20.0, 10.0, 30.0, 30.0),
        ),
    ]);
    assert!(!r.sees(pt(5.0, 20.0), pt(35.0, 20.0), false));
}

#[test]
fn visibility_a_crest_hides_the_low_ground_beyond_it() {
    let r = table(vec![area(
        AreaKind::Hill,
        Elevation::Hill,
        rect(20.0, 0.0, 30.0, 48.0),
    )]);
    assert!(!r.sees(pt(10.0, 20.0), pt(40.0, 20.0), false));
    assert!(
        r.sees(pt(10.0, 20.0), pt(25.0, 20.0), false),
        "onto the hill"
    );
    let open = table(vec![]);
    assert!(open.sees(pt(10.0, 20.0), pt(40.0, 20.0), false));
    // A rise is a crest for the flat too.
    let rise = table(vec![area(
        AreaKind::Hill,
        Elevation::Rise,
        rect(20.0, 0.0, 30.0, 48.0),
    )]);
    assert!(!rise.sees(pt(10.0, 20.0), pt(40.0, 20.0), false));
}

#[test]
fn visibility_a_tall_hill_overlooks_a_low_one_with_dead_ground_equal_to_the_gap() {
    let r = table(vec![
        area(AreaKind::Hill, Elevation::Tall, rect(0.0, 0.0, 10.0, 48.0)),
        area(AreaKind::Hill, Elevation::Hill, rect(20.0, 0.0, 30.0, 48.0)),
    ]);
    let top = pt(5.0, 20.0);
    // The gap between the hills is 10".
    assert!(
        !r.sees(top, pt(35.0, 20.0), false),
        "5\" behind the low hill"
    );
    assert!(!r.sees(top, pt(40.0, 20.0), false), "10\" behind");
    assert!(r.sees(top, pt(40.5, 20.0), false), "10.5\" behind");
    assert!(r.sees(top, pt(25.0, 20.0), false), "the low hill itself");
    // From a hill as high as the other, everything behind it is hidden.
    let same = table(vec![
        area(AreaKind::Hill, Elevation::Hill, rect(0.0, 0.0, 10.0, 48.0)),
        area(AreaKind::Hill, Elevation::Hill, rect(20.0, 0.0, 30.0, 48.0)),
    ]);
    assert!(!same.sees(top, pt(60.0, 20.0), false));
}

#[test]
fn visibility_inside_woods_sight_is_four_inches() {
    let r = table(vec![area(
        AreaKind::Wood,
        Elevation::Flat,
        rect(10.0, 10.0, 40.0, 40.0),
    )]);
    assert!(r.sees(pt(20.0, 20.0), pt(24.0, 20.0), false));
    assert!(!r.sees(pt(20.0, 20.0), pt(24.5, 20.0), false));
    // Within 2" of the edge one sees out.
    assert!(r.sees(pt(11.5, 20.0), pt(2.0, 20.0), false));
    assert!(!r.sees(pt(12.5, 20.0), pt(2.0, 20.0), false));
}

#[test]
fn visibility_a_stationary_unit_behind_a_hedge_is_seen_only_within_four_inches() {
    let mut sc = scenario("village");
    sc.terrain.clear();
    sc.buildings.clear();
    sc.lines.retain(|l| l.name == "West hedges");
    let r = RedActions::new(sc);
    // The hedge runs north-south at x = 27 from y = 15 to 22.
    let behind = pt(27.5, 18.0);
    assert!(
        !r.sees(pt(17.0, 18.0), behind, false),
        "stationary, 10\" off"
    );
    assert!(
        r.sees(pt(17.0, 18.0), behind, true),
        "moving troops are seen"
    );
    assert!(r.sees(pt(24.0, 18.0), behind, false), "3.5\": seen");
    // The unit behind it sees through it.
    assert!(r.sees(behind, pt(17.0, 18.0), true));
}

// ------------------------------------------------------------------ Weather

fn weather(w: WeatherKind) -> RedActions {
    let mut sc = scenario("village");
    sc.weather = w;
    RedActions::new(sc)
}

#[test]
fn weather_sight_and_range_at_night_in_fog_and_rain() {
    let cases = [
        (WeatherKind::Clear, 200, 16),
        (WeatherKind::Rain, 40, 16),
        (WeatherKind::DarkNight, 3, 3),
        (WeatherKind::Moonlight, 6, 6),
        (WeatherKind::Fog, 6, 6),
    ];
    for (w, sight, range) in cases {
        let r = weather(w);
        assert_eq!(r.sight_range(), Inches::whole(sight), "{w:?}");
        assert_eq!(
            r.fire_range(Inches::whole(16)),
            Inches::whole(range),
            "{w:?}"
        );
    }
    assert!(!weather(WeatherKind::Rain).road_bonus_applies());
    assert!(weather(WeatherKind::Fog).road_bonus_applies());
}

#[test]
fn weather_at_night_every_unit_starts_with_one_humiliated_marker() {
    // Rulebook example (Weather).
    let night = weather(WeatherKind::DarkNight);
    let s = night.setup(&Options::new(), 1).unwrap();
    assert!(s.units.iter().all(|u| u.humiliated == 1));
    let day = weather(WeatherKind::Clear);
    let d = day.setup(&Options::new(), 1).unwrap();
    assert!(d.units.iter().all(|u| u.humiliated == 0));
    // And +1 to the success numbers.
    let u = id(&night, "r_reg1");
    assert_eq!(
        night.morale_number(&s, u, Test::Fear),
        day.morale_number(&d, u, Test::Fear) + 1
    );
}

#[test]
fn weather_at_night_shooting_reaches_only_as_far_as_one_sees() {
    for (w, gap, ok) in [
        (WeatherKind::DarkNight, 4.0, false),
        (WeatherKind::DarkNight, 2.5, true),
        (WeatherKind::Moonlight, 5.0, true),
        (WeatherKind::Moonlight, 7.0, false),
    ] {
        let r = weather(w);
        let mut s = empty(&r, 1);
        let (red, white) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
        place(&mut s, red, 40.0, 44.0, 270);
        place(&mut s, white, 40.0 - gap, 44.0, 90);
        choose(&mut s, RED);
        let shot = r.refusal(
            &s,
            RED,
            &Action::Shoot {
                unit: red,
                target: white,
            },
        );
        assert_eq!(shot.is_none(), ok, "{w:?} at {gap}: {shot:?}");
    }
}

#[test]
fn weather_at_night_a_line_moves_at_half_speed_a_column_at_full() {
    let r = weather(WeatherKind::Fog);
    let mut s = empty(&r, 1);
    let u = id(&r, "r_reg1");
    place(&mut s, u, 40.0, 44.0, 0);
    assert_eq!(r.speed_allowance(&s, u), Inches::whole(3));
    s.unit_mut(u).order = Order::Column;
    assert_eq!(r.speed_allowance(&s, u), Inches::whole(6));
    let day = weather(WeatherKind::Clear);
    s.unit_mut(u).order = Order::Line;
    assert_eq!(day.speed_allowance(&s, u), Inches::whole(6));
}

#[test]
fn weather_at_night_units_off_the_features_veer_on_one_and_six() {
    for (die, facing) in [(1, 3300), (2, 0), (5, 0), (6, 300)] {
        let r = weather(WeatherKind::DarkNight);
        let mut s = empty(&r, 1);
        let u = id(&r, "r_reg1");
        place(&mut s, u, 66.0, 40.0, 0);
        choose(&mut s, RED);
        s.loaded = vec![die];
        let mut ev = Vec::new();
        r.apply(
            &mut s,
            RED,
            &Action::Advance {
                unit: u,
                distance: Inches::whole(1),
            },
            &mut ev,
        )
        .unwrap();
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Veers { die: d, .. } if *d == die))
        );
        assert_eq!(
            s.unit(u).formation.front.facing,
            Degrees(facing),
            "d6 {die}"
        );
    }
    // On a road: no roll.
    let r = weather(WeatherKind::DarkNight);
    let mut s = empty(&r, 1);
    let u = id(&r, "r_reg1");
    place(&mut s, u, 10.0, 24.5, 90);
    choose(&mut s, RED);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(1),
        },
        &mut ev,
    )
    .unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::Veers { .. })));
}

#[test]
fn weather_at_night_a_unit_that_veered_keeps_its_heading_until_it_strikes_a_feature() {
    use red_actions::geometry::{Side as End, Turn};
    let r = weather(WeatherKind::DarkNight);
    let mut s = empty(&r, 1);
    let u = id(&r, "r_reg1");
    place(&mut s, u, 66.0, 40.0, 0);
    choose(&mut s, RED);
    s.loaded = vec![6];
    let mut ev = Vec::new();
    let step = |unit| Action::Advance {
        unit,
        distance: Inches::whole(1),
    };
    r.apply(&mut s, RED, &step(u), &mut ev).unwrap();
    assert_eq!(s.unit(u).formation.front.facing, Degrees(300));
    assert!(s.unit(u).more.lost_way, "it veered and has lost its way");
    // Its next segment, still off every feature: no turn, wheel or pivot.
    let next_segment = |s: &mut State| {
        s.unit_mut(u).acted = false;
        choose(s, RED);
    };
    next_segment(&mut s);
    let turn = Action::Turn {
        unit: u,
        turn: Turn::Left,
    };
    let wheel = Action::Wheel {
        unit: u,
        pivot: End::Left,
        angle: Degrees::whole(30),
    };
    for a in [turn, wheel] {
        let why = r.refusal(&s, RED, &a).expect("refused while lost");
        assert!(why.contains("keeps its heading"), "{a:?}: {why}");
    }
    // Straight on it may go; an advance across the road west of the
    // village finds its way again, and then it may turn.
    place(&mut s, u, 10.0, 26.5, 0);
    s.loaded = vec![3];
    r.apply(&mut s, RED, &step(u), &mut ev).unwrap();
    r.apply(
        &mut s,
        RED,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(2),
        },
        &mut ev,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!s.unit(u).more.lost_way, "the road is a clear feature");
    next_segment(&mut s);
    assert_eq!(r.refusal(&s, RED, &wheel), None);
}

// ------------------------------------------------------------------ Marching

fn march_setup() -> (RedActions, State, UnitId) {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let u = id(&r, "w_vol1");
    white_column_at(&mut s, u, 4.0, 44.0);
    (r, s, u)
}

/// White's unit `u` in column facing east at (`x`, `y`), White to choose.
fn white_column_at(s: &mut State, u: UnitId, x: f64, y: f64) {
    place(s, u, x, y, 90);
    s.unit_mut(u).order = Order::Column;
    s.unit_mut(u).formation.order = Order::Column.geometry();
    choose(s, WHITE);
}

#[test]
fn marching_a_column_away_from_the_enemy_moves_at_double_speed() {
    let (r, mut s, u) = march_setup();
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::March { unit: u }, &mut ev)
        .unwrap();
    assert!(s.unit(u).marching);
    let Phase::Acting(seg) = s.phase else {
        panic!()
    };
    assert_eq!(seg.allowance, Inches::whole(12));
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(11),
        },
        &mut ev,
    )
    .unwrap();
    // Marching units do not shoot.
    let red = id(&r, "r_reg1");
    place(&mut s, red, 30.0, 44.0, 270);
    choose(&mut s, WHITE);
    s.unit_mut(u).acted = false;
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Shoot {
                unit: u,
                target: red,
            },
        )
        .unwrap();
    assert!(why.contains("marching"), "{why}");
}

#[test]
fn marching_not_in_line_near_a_known_enemy_or_once_shot_at() {
    let (r, mut s, u) = march_setup();
    s.unit_mut(u).order = Order::Line;
    let why = r.refusal(&s, WHITE, &Action::March { unit: u }).unwrap();
    assert!(why.contains("column"), "{why}");
    let (r, mut s, u) = march_setup();
    let red = id(&r, "r_reg1");
    place(&mut s, red, 43.0, 44.0, 270);
    let why = r.refusal(&s, WHITE, &Action::March { unit: u }).unwrap();
    assert!(why.contains("within 40"), "{why}");
    // A hidden enemy is not known.
    s.unit_mut(red).hidden = true;
    assert_eq!(r.refusal(&s, WHITE, &Action::March { unit: u }), None);
    // 40.5" off: allowed.
    s.unit_mut(red).hidden = false;
    place(&mut s, red, 46.0, 44.0, 270);
    assert_eq!(r.refusal(&s, WHITE, &Action::March { unit: u }), None);
    s.unit_mut(u).shot_at = true;
    let why = r.refusal(&s, WHITE, &Action::March { unit: u }).unwrap();
    assert!(why.contains("shot at"), "{why}");
}

// ------------------------------------------------------------------ Barbed Wire

/// The wired position with everyone away; `key` facing the wire belt
/// from the south, its front 0.6" short of it at x = 16.
fn at_the_wire(key: &str) -> (RedActions, State, UnitId) {
    let r = RedActions::new(scenario("wired_position"));
    let mut s = empty(&r, 1);
    let u = id(&r, key);
    // The wire runs from (8, 19) to (24, 20): y = 19.5 at x = 16.
    place(&mut s, u, 16.0, 20.1, 0);
    choose(&mut s, WHITE);
    (r, s, u)
}

fn next_turn(s: &mut State, u: UnitId) {
    s.unit_mut(u).acted = false;
    s.turn += 1;
    choose(s, WHITE);
}

#[test]
fn barbed_wire_stops_a_move_and_infantry_cross_on_nine() {
    let (r, mut s, u) = at_the_wire("w_vol1");
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Advance {
                unit: u,
                distance: Inches::whole(3),
            },
        )
        .unwrap();
    assert!(why.contains("impassable"), "{why}");
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::EntersWire { .. })));
    assert!(s.unit(u).in_wire.is_some());
    let y0 = s.unit(u).formation.front.at.y;
    // 4 + 4 = 8: still caught (riflemen need 9).
    next_turn(&mut s, u);
    s.loaded = vec![4, 4];
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    assert_eq!(s.unit(u).formation.front.at.y, y0);
    // Caught in the wire it may not move.
    next_turn(&mut s, u);
    assert!(
        r.refusal(
            &s,
            WHITE,
            &Action::Advance {
                unit: u,
                distance: Inches(50)
            }
        )
        .unwrap()
        .contains("wire")
    );
    s.loaded = vec![5, 4];
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    let u2 = s.unit(u);
    assert!(u2.in_wire.is_none());
    let rear = u2.formation.bases()[0]
        .corners()
        .iter()
        .map(|p| p.y)
        .max()
        .unwrap();
    assert!(
        rear < pt(0.0, 19.5).y,
        "the whole unit is north of the wire"
    );
    assert!(s.wire_gaps.is_empty(), "riflemen cut no gap");
}

#[test]
fn barbed_wire_a_unit_routing_in_the_wire_runs_or_rallies() {
    let (r, mut s, u) = at_the_wire("w_vol1");
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    assert!(s.unit(u).in_wire.is_some());
    // Routed while caught (say, shot at from the trench).
    s.unit_mut(u).routing = true;
    next_turn(&mut s, u);
    for a in [Action::Rout { unit: u }, Action::RallyRout { unit: u }] {
        assert_eq!(r.refusal(&s, WHITE, &a), None, "{a:?}");
    }
    let mut choices = Vec::new();
    r.choices(&s, WHITE, &mut choices);
    assert!(choices.contains(&Action::Select { unit: u }));
    let mut chosen = s.clone();
    r.apply(&mut chosen, WHITE, &Action::Select { unit: u }, &mut ev)
        .unwrap();
    r.choices(&chosen, WHITE, &mut choices);
    assert!(
        choices.contains(&Action::Rout { unit: u }),
        "a router in the wire has something to do: {choices:?}"
    );
    // Its rout takes it back out of the wire (south, away from the
    // enemy's trench): no longer caught.
    s.unit_mut(id(&r, "r_mg1")).status = Status::OnTable;
    place(&mut s, id(&r, "r_mg1"), 16.0, 14.0, 180);
    r.apply(&mut s, WHITE, &Action::Rout { unit: u }, &mut ev)
        .unwrap();
    assert!(
        s.unit(u).formation.front.at.y > pt(0.0, 20.1).y,
        "it ran south"
    );
    assert_eq!(s.unit(u).in_wire, None);
}

#[test]
fn barbed_wire_engineers_on_eight_cross_and_cut_a_gap_others_then_use() {
    let (r, mut s, u) = at_the_wire("w_sappers");
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    next_turn(&mut s, u);
    s.loaded = vec![4, 3];
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    assert!(s.unit(u).in_wire.is_some(), "7 fails");
    next_turn(&mut s, u);
    s.loaded = vec![4, 4];
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: u }, &mut ev)
        .unwrap();
    assert!(s.unit(u).in_wire.is_none());
    assert_eq!(s.wire_gaps.len(), 1);
    // The Volunteers at the gap go through without a roll or a wait (the
    // sappers gone on).
    place(&mut s, u, 60.0, 10.0, 0);
    let v = id(&r, "w_vol1");
    place(&mut s, v, 16.0, 20.1, 0);
    next_turn(&mut s, v);
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::CrossWire { unit: v }, &mut ev)
        .unwrap();
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::WireRoll { .. } | Event::EntersWire { .. }))
    );
    assert!(s.unit(v).formation.front.at.y < pt(0.0, 19.0).y);
}

#[test]
fn barbed_wire_only_infantry_cross_on_foot() {
    let r = RedActions::new(scenario("wired_position"));
    let mut s = empty(&r, 1);
    let guns = id(&r, "w_guns");
    place(&mut s, guns, 16.0, 20.6, 0);
    choose(&mut s, WHITE);
    let why = r
        .refusal(&s, WHITE, &Action::CrossWire { unit: guns })
        .unwrap();
    assert!(why.contains("infantry only"), "{why}");
    let (r, mut s, u) = at_the_wire("w_vol1");
    place(&mut s, u, 16.0, 25.0, 0);
    let why = r
        .refusal(&s, WHITE, &Action::CrossWire { unit: u })
        .unwrap();
    assert!(why.contains("not at the wire"), "{why}");
}

// ------------------------------------------------------------------ Buildings

/// The village; the 1st battalion touching the south huts from the west.
fn by_the_huts() -> (RedActions, State, UnitId, u16) {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let u = id(&r, "r_reg1");
    place(&mut s, u, 29.8, 28.0, 90);
    s.unit_mut(u).order = Order::Column;
    s.unit_mut(u).formation.order = Order::Column.geometry();
    choose(&mut s, RED);
    // A White unit still to come keeps the turn going.
    s.unit_mut(id(&r, "w_vol2")).acted = false;
    let b = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.name == "South huts")
        .unwrap() as u16;
    (r, s, u, b)
}

#[test]
fn buildings_setting_fire_needs_a_three_and_the_fire_grows_to_five() {
    for (die, markers) in [(2, 0), (3, 1), (6, 1)] {
        let (r, mut s, u, b) = by_the_huts();
        s.loaded = vec![die];
        let mut ev = Vec::new();
        r.apply(
            &mut s,
            RED,
            &Action::SetFire {
                unit: u,
                building: b,
            },
            &mut ev,
        )
        .unwrap();
        assert_eq!(s.fires[b as usize], markers, "d6 {die}");
        assert!(s.unit(u).acted, "the whole segment");
    }
    let (r, mut s, u, b) = by_the_huts();
    s.loaded = vec![3];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::SetFire {
            unit: u,
            building: b,
        },
        &mut ev,
    )
    .unwrap();
    // Each new turn adds a marker: 2, 3, 4, 5 (burnt down).
    let mut turns = 0;
    while s.fires[b as usize] < 5 && turns < 10 {
        let turn = s.turn;
        let side = r.decider(&s).unwrap();
        let mut c = Vec::new();
        r.choices(&s, side, &mut c);
        let done = c
            .iter()
            .find(|a| matches!(a, Action::Done { .. }))
            .copied()
            .unwrap_or(c[0]);
        r.apply(&mut s, side, &done, &mut ev).unwrap();
        if s.turn != turn {
            turns += 1;
        }
    }
    assert_eq!((s.fires[b as usize], turns), (5, 4));
    assert!(ev.iter().any(|e| matches!(e, Event::BuildingBurnt { .. })));
    s.unit_mut(u).acted = false;
    choose(&mut s, RED);
    let why = r
        .refusal(
            &s,
            RED,
            &Action::FightFire {
                unit: u,
                building: b,
            },
        )
        .unwrap();
    assert!(why.contains("burnt down"), "{why}");
}

#[test]
fn buildings_fighting_fire_removes_one_two_or_three_markers() {
    for (die, left) in [(3, 4), (4, 3), (5, 2), (6, 1)] {
        let (r, mut s, u, b) = by_the_huts();
        s.fires[b as usize] = 4;
        s.loaded = vec![die];
        let mut ev = Vec::new();
        r.apply(
            &mut s,
            RED,
            &Action::FightFire {
                unit: u,
                building: b,
            },
            &mut ev,
        )
        .unwrap();
        assert_eq!(s.fires[b as usize], left, "d6 {die}");
    }
    let (r, s, u, b) = by_the_huts();
    let why = r
        .refusal(
            &s,
            RED,
            &Action::FightFire {
                unit: u,
                building: b,
            },
        )
        .unwrap();
    assert!(why.contains("not on fire"), "{why}");
    // Not touching: refused.
    let (r, mut s, u, b) = by_the_huts();
    place(&mut s, u, 20.0, 40.0, 90);
    let why = r
        .refusal(
            &s,
            RED,
            &Action::SetFire {
                unit: u,
                building: b,
            },
        )
        .unwrap();
    assert!(why.contains("not touching"), "{why}");
}

#[test]
fn buildings_only_the_bases_that_fit_the_frontage_fire_out() {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let (red, white) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    // 4 bases in line (4.72") in the north huts (frontage 3), facing
    // north 1.1" from the village's edge; the Volunteers 6" north.
    place(&mut s, red, 32.0, 17.1, 0);
    place(&mut s, white, 32.0, 11.1, 180);
    assert_eq!(r.frontage_cap(&s, red), 3);
    assert_eq!(r.fire_sums(&s, red, white).unwrap().bases, 3);
    place(&mut s, red, 32.0, 40.0, 0);
    place(&mut s, white, 32.0, 34.0, 180);
    assert_eq!(r.fire_sums(&s, red, white).unwrap().bases, 4, "in the open");
}

// ------------------------------------------------------------------ Digging in

#[test]
fn digging_in_half_a_column_with_tools_a_quarter_without_up_to_three() {
    let r = RedActions::new(scenario("wired_position"));
    let mut s = empty(&r, 1);
    let (sappers, vols) = (id(&r, "w_sappers"), id(&r, "w_vol1"));
    place(&mut s, sappers, 20.0, 40.0, 0);
    place(&mut s, vols, 40.0, 40.0, 0);
    let mut ev = Vec::new();
    for (u, per) in [(sappers, 2u8), (vols, 1)] {
        for n in 1..=13u8 {
            s.unit_mut(u).acted = false;
            choose(&mut s, WHITE);
            let dig = Action::Dig { unit: u };
            if (per * (n - 1)) >= 12 {
                assert!(r.refusal(&s, WHITE, &dig).unwrap().contains("3 columns"));
                break;
            }
            r.apply(&mut s, WHITE, &dig, &mut ev).unwrap();
            assert_eq!(s.unit(u).dug_in, (per * n).min(12));
            assert!(s.unit(u).acted, "digging is the whole segment");
            assert!(!s.unit(u).evading);
        }
    }
    let guns = id(&r, "w_guns");
    place(&mut s, guns, 60.0, 40.0, 0);
    choose(&mut s, WHITE);
    assert!(
        r.refusal(&s, WHITE, &Action::Dig { unit: guns })
            .unwrap()
            .contains("infantry only")
    );
}

#[test]
fn digging_in_foxholes_shift_whole_columns_and_are_left_on_moving() {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let (red, white) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, red, 40.0, 44.0, 270);
    place(&mut s, white, 34.0, 44.0, 90);
    let open = r.fire_sums(&s, white, red).unwrap().shift;
    s.unit_mut(red).dug_in = 2;
    assert_eq!(r.fire_sums(&s, white, red).unwrap().shift, open, "½ column");
    s.unit_mut(red).dug_in = 4;
    assert_eq!(r.fire_sums(&s, white, red).unwrap().shift, open - 1);
    s.unit_mut(red).dug_in = 12;
    assert_eq!(r.fire_sums(&s, white, red).unwrap().shift, open - 3);
    choose(&mut s, RED);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Turn {
            unit: red,
            turn: red_actions::geometry::Turn::About,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(red).dug_in, 0, "out of its foxholes");
}

#[test]
fn terrain_effects_only_infantry_stand_in_woods_other_than_in_column() {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let cav = id(&r, "w_cossacks");
    // West of the birch wood (it starts at x = 52 on y = 9), facing east.
    place(&mut s, cav, 50.0, 9.0, 90);
    choose(&mut s, WHITE);
    let into = Action::Advance {
        unit: cav,
        distance: Inches::whole(4),
    };
    let why = r.refusal(&s, WHITE, &into).unwrap();
    assert!(why.contains("Birch wood"), "{why}");
    // In column it may.
    s.unit_mut(cav).order = Order::Column;
    s.unit_mut(cav).formation.order = Order::Column.geometry();
    assert_eq!(r.refusal(&s, WHITE, &into), None);
    // Infantry in line may.
    let inf = id(&r, "w_vol1");
    place(&mut s, cav, 10.0, 44.0, 90);
    place(&mut s, inf, 50.0, 9.0, 90);
    let into = Action::Advance {
        unit: inf,
        distance: Inches::whole(2),
    };
    assert_eq!(r.refusal(&s, WHITE, &into), None);
}

#[test]
fn buildings_a_burnt_out_section_gives_no_cover() {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let red = id(&r, "r_reg1");
    place(&mut s, red, 32.0, 17.1, 0);
    let b = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.name == "North huts")
        .unwrap();
    s.unit_mut(red).more.possession = Some(b as u16);
    assert_eq!(r.cover_of(&s, red), Cover::Hard, "wooden huts, held");
    s.fires[b] = 5;
    assert_eq!(
        r.cover_of(&s, red),
        Cover::Soft,
        "only the village's soft cover"
    );
}

#[test]
fn weather_at_night_a_unit_coming_on_friends_fires_at_them_on_a_one() {
    for (die, fires) in [(1, true), (2, false)] {
        let r = weather(WeatherKind::Moonlight);
        let mut s = empty(&r, 1);
        let (reg1, consc) = (id(&r, "r_reg1"), id(&r, "r_consc1"));
        // The conscripts 8" ahead of the 1st battalion, both facing west.
        place(&mut s, reg1, 40.0, 44.0, 270);
        place(&mut s, consc, 31.0, 44.0, 270);
        choose(&mut s, RED);
        // The veer (2: on course), the friends' die, the shot's dice.
        s.loaded = vec![3, 3, die, 2];
        let mut ev = Vec::new();
        r.apply(
            &mut s,
            RED,
            &Action::Advance {
                unit: reg1,
                distance: Inches::whole(3),
            },
            &mut ev,
        )
        .unwrap();
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::FriendsInTheDark { friend, die: d, .. } if *friend == consc && *d == die
        )));
        assert_eq!(
            ev.iter()
                .any(|e| matches!(e, Event::Shot { target, .. } if *target == consc)),
            fires,
            "d6 {die}"
        );
        // Moving on, still within sight of them: no new roll.
        let mut ev = Vec::new();
        if r.refusal(
            &s,
            RED,
            &Action::Advance {
                unit: reg1,
                distance: Inches(10),
            },
        )
        .is_none()
        {
            r.apply(
                &mut s,
                RED,
                &Action::Advance {
                    unit: reg1,
                    distance: Inches(10),
                },
                &mut ev,
            )
            .unwrap();
            assert!(
                !ev.iter()
                    .any(|e| matches!(e, Event::FriendsInTheDark { .. }))
            );
        }
    }
}

/// The 1st Volunteer company in column on the Orel road, facing east.
fn on_the_road(w: WeatherKind) -> (RedActions, State, UnitId) {
    let r = weather(w);
    let mut s = empty(&r, 1);
    let u = id(&r, "w_vol1");
    place(&mut s, u, 10.0, 24.0, 90);
    s.unit_mut(u).order = Order::Column;
    s.unit_mut(u).formation.order = Order::Column.geometry();
    choose(&mut s, WHITE);
    (r, s, u)
}

#[test]
fn terrain_effects_a_column_on_the_road_gains_two_inches() {
    let (r, mut s, u) = on_the_road(WeatherKind::Clear);
    assert!(r.road_bonus_for(&s, u));
    let far = Action::Advance {
        unit: u,
        distance: Inches::whole(8),
    };
    assert_eq!(r.refusal(&s, WHITE, &far), None);
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &far, &mut ev).unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(18));
    // Not in rain; not in line; not off the road.
    let (r, s, _) = on_the_road(WeatherKind::Rain);
    assert!(r.refusal(&s, WHITE, &far).is_some(), "rain: no road bonus");
    let (r, mut s, u) = on_the_road(WeatherKind::Clear);
    s.unit_mut(u).order = Order::Line;
    s.unit_mut(u).formation.order = Order::Line.geometry();
    assert!(!r.road_bonus_for(&s, u));
    place(&mut s, u, 10.0, 30.0, 90);
    s.unit_mut(u).order = Order::Column;
    s.unit_mut(u).formation.order = Order::Column.geometry();
    assert!(!r.road_bonus_for(&s, u));
}

/// The village's Orel road (y = 24) running through `area` and nothing
/// else; the 1st Volunteer company in column on it at x = `x`, facing
/// east, White to choose.
fn road_through(area: Area, x: f64) -> (RedActions, State, UnitId) {
    let mut sc = scenario("village");
    sc.terrain = vec![area];
    sc.lines
        .retain(|l| l.kind == red_actions::scenario::LineKind::Road);
    sc.buildings.clear();
    let r = RedActions::new(sc);
    let mut s = empty(&r, 1);
    let u = id(&r, "w_vol1");
    white_column_at(&mut s, u, x, 24.0);
    (r, s, u)
}

/// Terrain Effects: "Troops in column on roads ignore all movement
/// penalties except up hill slopes." Rough ground (1/2 for infantry) from
/// x = 12" to 30" across the road: the column on the road moves its 8"
/// (6" and the road's 2") from x = 10" into it as on open ground; the
/// same company in line off the road pays double in the rough.
#[test]
fn terrain_effects_a_road_column_ignores_the_ground_it_crosses() {
    let rough = area(
        AreaKind::Rough,
        Elevation::Flat,
        rect(12.0, 20.0, 30.0, 28.0),
    );
    let (r, mut s, u) = road_through(rough.clone(), 10.0);
    let far = Action::Advance {
        unit: u,
        distance: Inches::whole(8),
    };
    assert_eq!(r.refusal(&s, WHITE, &far), None);
    r.apply(&mut s, WHITE, &far, &mut Vec::new()).unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(18));
    // Off the road (in column 2.5" north of it, or in line across it), the
    // rough costs 2" an inch: 2" + 2 × 4" = 10" for a 6" advance.
    for line in [false, true] {
        let (r, mut s, u) = road_through(rough.clone(), 10.0);
        if line {
            s.unit_mut(u).order = Order::Line;
            s.unit_mut(u).formation.order = Order::Line.geometry();
        } else {
            place(&mut s, u, 10.0, 21.5, 90);
            s.unit_mut(u).order = Order::Column;
            s.unit_mut(u).formation.order = Order::Column.geometry();
        }
        let before = s.clone();
        let six = Action::Advance {
            unit: u,
            distance: Inches::whole(6),
        };
        let why = r.refusal(&s, WHITE, &six).expect("refused");
        assert!(why.contains("cost"), "{why}");
        assert!(r.apply(&mut s, WHITE, &six, &mut Vec::new()).is_err());
        assert_eq!(s, before);
    }
}

/// Terrain Effects: the uphill exception. A steep hill (1/2 for infantry)
/// from x = 12" to 30" across the road: a column climbing onto it from
/// x = 10" pays the slope (8" would cost 2" + 2 × 6" = 14"), 4" costs
/// 2" + 2 × 2" = 6" and is allowed; on the hill, along the level road, it
/// moves its full 8".
#[test]
fn terrain_effects_a_road_column_still_pays_uphill() {
    let steep = area(
        AreaKind::Hill,
        Elevation::Steep,
        rect(12.0, 20.0, 30.0, 28.0),
    );
    let (r, mut s, u) = road_through(steep.clone(), 10.0);
    let far = Action::Advance {
        unit: u,
        distance: Inches::whole(8),
    };
    let before = s.clone();
    let why = r.refusal(&s, WHITE, &far).expect("uphill is paid");
    assert!(why.contains("cost"), "{why}");
    assert_eq!(s, before);
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(4),
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(14));
    let (r, mut s, u) = road_through(steep, 16.0);
    assert_eq!(r.refusal(&s, WHITE, &far), None, "level along the top");
    r.apply(&mut s, WHITE, &far, &mut Vec::new()).unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(24));
}

/// Terrain Effects: the uphill exception over the whole move. A steep
/// ridge 2" wide (x = 12" to 14") across the road: a column going over it
/// and down again from x = 10" climbs on the way, so it pays the slopes
/// (8" would cost 8" + 2" for the ridge at 1/2: refused; 6" fits), though
/// its front ends no higher than it started. Coming down off the ridge
/// only, it pays nothing.
#[test]
fn terrain_effects_a_road_column_pays_a_hill_climbed_on_the_way() {
    let ridge = area(
        AreaKind::Hill,
        Elevation::Steep,
        rect(12.0, 20.0, 14.0, 28.0),
    );
    let (r, mut s, u) = road_through(ridge.clone(), 10.0);
    let far = Action::Advance {
        unit: u,
        distance: Inches::whole(8),
    };
    assert!(r.climbs(
        &s.unit(u).formation,
        &s.unit(u).formation.advanced(Inches::whole(8)).formation
    ));
    let before = s.clone();
    let why = r.refusal(&s, WHITE, &far).expect("the ridge is paid");
    assert!(why.contains("cost"), "{why}");
    assert!(r.apply(&mut s, WHITE, &far, &mut Vec::new()).is_err());
    assert_eq!(s, before);
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(6),
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(16));
    // From the top of the ridge down and on: no climb, the road's 8".
    let (r, mut s, u) = road_through(ridge, 13.0);
    assert_eq!(r.refusal(&s, WHITE, &far), None);
    r.apply(&mut s, WHITE, &far, &mut Vec::new()).unwrap();
    assert_eq!(s.unit(u).formation.front.at.x, Inches::whole(21));
}

/// Terrain Effects: the uphill exception judged along a wheel's arc. A
/// one-base column on a road that turns back on itself wheels 180° about
/// its front-left corner (the road's bend): its front's middle sweeps a
/// half circle ahead of the corner, onto a steep hill that begins 0.3"
/// ahead of it, though the chord from the start to the end of the front's
/// middle runs through the corner and never touches the hill. The column
/// climbs on its way and pays the slopes its corners' arcs cross: more
/// than the same wheel on the same road with no hill.
#[test]
fn terrain_effects_a_road_column_wheeling_onto_a_hill_pays_the_climb_of_its_arc() {
    use red_actions::geometry::Side as End;
    let u = |r: &RedActions| id(r, "w_vol1");
    let setup = |s: &mut State, r: &RedActions| {
        white_column_at(s, u(r), 20.0, 24.0);
        s.unit_mut(u(r)).formation.count = 1;
    };
    // The wheel's geometry, worked out on the bare table.
    let bare = RedActions::new(scenario("village"));
    let mut s = empty(&bare, 1);
    setup(&mut s, &bare);
    let from = s.unit(u(&bare)).formation;
    let to = from
        .wheeled(End::Left, Degrees::whole(180))
        .unwrap()
        .formation;
    let corner = from.pivot(End::Left);
    // The road through the base's centre before and after (its bend).
    let road: Vec<Point> = from
        .base_list()
        .iter()
        .rev()
        .chain(to.base_list().iter())
        .map(|b| b.pose.at)
        .collect();
    let wheel_cost = |hill: bool| {
        let mut sc = scenario("village");
        sc.terrain = if hill {
            let (x, y) = (corner.x.0 as f64 / 100.0, corner.y.0 as f64 / 100.0);
            vec![area(
                AreaKind::Hill,
                Elevation::Steep,
                rect(x + 0.3, y - 4.0, x + 6.0, y + 4.0),
            )]
        } else {
            Vec::new()
        };
        sc.lines = vec![red_actions::scenario::Line {
            kind: red_actions::scenario::LineKind::Road,
            name: "Bend".into(),
            points: road.clone(),
        }];
        sc.buildings.clear();
        let r = RedActions::new(sc);
        let mut s = empty(&r, 1);
        setup(&mut s, &r);
        assert!(r.road_move(&s, u(&r), &to), "a move on the road");
        if hill {
            assert!(!r.climbs(&from, &to), "the chord does not climb");
        }
        let wheel = Action::Wheel {
            unit: u(&r),
            pivot: End::Left,
            angle: Degrees::whole(180),
        };
        r.apply(&mut s, WHITE, &wheel, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e:?}"));
        let Phase::Acting(seg) = s.phase else {
            panic!("{:?}", s.phase)
        };
        seg.charged
    };
    let open = wheel_cost(false);
    let climbing = wheel_cost(true);
    assert!(climbing > open, "{climbing} against {open}");
}

/// Evading and the road: a column on the road that chose to evade when
/// shot at moves 3" at most (its evasive speed), the road's 2" gone with
/// the cap (leaving the road later takes nothing more off).
#[test]
fn evading_caps_a_road_column_and_its_road_bonus() {
    let (r, mut s, u) = on_the_road(WeatherKind::Clear);
    s.unit_mut(u).more.evade_chosen = true;
    s.unit_mut(u).evading = true;
    let four = Action::Advance {
        unit: u,
        distance: Inches::whole(4),
    };
    assert!(r.refusal(&s, WHITE, &four).is_some());
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(1),
        },
        &mut Vec::new(),
    )
    .unwrap();
    let Phase::Acting(seg) = s.phase else {
        panic!()
    };
    assert_eq!((seg.allowance, seg.road), (Inches::whole(3), false));
}

#[test]
fn terrain_effects_leaving_the_road_loses_the_two_inches() {
    let (r, mut s, u) = on_the_road(WeatherKind::Clear);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: u,
            distance: Inches::whole(2),
        },
        &mut ev,
    )
    .unwrap();
    let Phase::Acting(seg) = s.phase else {
        panic!()
    };
    assert_eq!(seg.allowance, Inches::whole(8));
    // A turn off the road (4.39") costs more than the 4" left without the
    // bonus.
    let off = Action::Turn {
        unit: u,
        turn: red_actions::geometry::Turn::Left,
    };
    let why = r.refusal(&s, WHITE, &off).unwrap();
    assert!(why.contains("road bonus is lost"), "{why}");
    // Turning off at once: allowed, and the 2" are gone.
    let (r, mut s, u) = on_the_road(WeatherKind::Clear);
    let off = Action::Turn {
        unit: u,
        turn: red_actions::geometry::Turn::Left,
    };
    r.apply(&mut s, WHITE, &off, &mut ev)
        .unwrap_or_else(|e| panic!("{e:?}"));
    let Phase::Acting(seg) = s.phase else {
        panic!()
    };
    assert_eq!(seg.allowance, Inches::whole(6));
    assert!(!seg.road);
}

#[test]
fn barbed_wire_tanks_crush_a_strip_on_four_or_more() {
    for (die, crushed) in [(3, false), (4, true)] {
        let r = RedActions::new(scenario("wired_position"));
        let mut s = empty(&r, 1);
        let tank = id(&r, "w_tank");
        place(&mut s, tank, 16.0, 21.0, 0);
        choose(&mut s, WHITE);
        // The tank's test for the wire (Tanks: 5, no harm), then the crush.
        s.loaded = vec![die, 5];
        let mut ev = Vec::new();
        r.apply(
            &mut s,
            WHITE,
            &Action::Advance {
                unit: tank,
                distance: Inches::whole(3),
            },
            &mut ev,
        )
        .unwrap();
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::WireCrushed { die: d, .. } if *d == die))
        );
        assert_eq!(s.crushed.len(), usize::from(crushed), "d6 {die}");
        if crushed {
            // Infantry cross the crushed strip at once.
            place(&mut s, tank, 60.0, 40.0, 0);
            let v = id(&r, "w_vol1");
            place(&mut s, v, 17.0, 20.1, 0);
            next_turn(&mut s, v);
            let mut ev = Vec::new();
            r.apply(&mut s, WHITE, &Action::CrossWire { unit: v }, &mut ev)
                .unwrap();
            assert!(
                !ev.iter()
                    .any(|e| matches!(e, Event::WireRoll { .. } | Event::EntersWire { .. }))
            );
            assert!(s.unit(v).formation.front.at.y < pt(0.0, 19.0).y);
        }
    }
}

/// The wired position with the Mark V on the wire belt at x = 10" (the
/// belt runs from (8, 19) to (24, 20)), its front middle 0.2" south of it,
/// driving along it (94°); `fitted`: the tank carries a wire-removing
/// device (the `wire_tank` card).
fn tank_on_the_belt(fitted: bool) -> (RedActions, State, UnitId) {
    let r = RedActions::new(scenario("wired_position"));
    let mut s = empty(&r, 1);
    let tank = id(&r, "w_tank");
    place(&mut s, tank, 10.0, 19.325, 94);
    if fitted {
        let card = r.sc().troops.iter().position(|t| t.key == "wire_tank");
        s.unit_mut(tank).troop = card.expect("the wire_tank card") as u16;
    }
    choose(&mut s, WHITE);
    (r, s, tank)
}

fn drive(r: &RedActions, s: &mut State, tank: UnitId, inches: f64) -> Vec<Event> {
    let mut ev = Vec::new();
    r.apply(
        s,
        WHITE,
        &Action::Advance {
            unit: tank,
            distance: Inches((inches * 100.0).round() as i32),
        },
        &mut ev,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    ev
}

/// Barbed Wire: "Some tanks were fitted with wire removing devices. Once
/// successfully entered into the wire these may move down it at full
/// speed. For each 100m (4\") strip a d6 roll of 4+ indicates that the
/// wire there is considered crushed." A tank without the device driving
/// along the belt clears nothing; the fitted one drives its full 4" down
/// it and dices for the strip.
#[test]
fn barbed_wire_wire_clearing_tanks_clear_the_wire_they_drive_down() {
    let (r, mut s, tank) = tank_on_the_belt(false);
    s.loaded = vec![6];
    // (At half speed: no breakdown test either.)
    let ev = drive(&r, &mut s, tank, 2.0);
    assert!(!ev.iter().any(|e| matches!(e, Event::WireCrushed { .. })));
    assert!(s.crushed.is_empty());
    assert_eq!(s.loaded, vec![6], "no die rolled");
    for (die, crushed) in [(3, false), (4, true)] {
        let (r, mut s, tank) = tank_on_the_belt(true);
        assert!(r.has_trait(&s, tank, red_actions::scenario::Trait::WireClearing));
        s.loaded = vec![die];
        let ev = drive(&r, &mut s, tank, 4.0);
        assert!(
            ev.iter().any(
                |e| matches!(e, Event::WireCrushed { die: d, crushed: c, .. } if *d == die && *c == crushed)
            ),
            "{ev:?}"
        );
        assert!(s.loaded.is_empty(), "a die for the strip");
        let strips = ev
            .iter()
            .filter(|e| matches!(e, Event::WireCrushed { .. }))
            .count();
        assert_eq!(strips, 1, "one 4\" strip");
        assert_eq!(s.crushed.len(), usize::from(crushed));
        if crushed {
            // The crushed strip's middle lies on the belt, about 2" along
            // (the nearest of its points a tenth of the stretch apart).
            let p = s.crushed[0];
            assert!((1040..1360).contains(&p.x.0), "{p:?}");
        }
        assert!(!s.unit(tank).kit.broken_down);
    }
    // Away from the wire the device does nothing.
    let (r, mut s, tank) = tank_on_the_belt(true);
    place(&mut s, tank, 40.0, 40.0, 94);
    s.loaded = vec![6];
    let ev = drive(&r, &mut s, tank, 2.0);
    assert!(!ev.iter().any(|e| matches!(e, Event::WireCrushed { .. })));
}

/// Tanks: "When crushing or clearing wire, a d6 of 1 indicates a
/// temporary problem": the clearing tank rolling a 1 for its strip is
/// stuck until it throws a 4+ on a later move.
#[test]
fn barbed_wire_a_wire_clearing_tank_rolling_one_is_stuck_for_a_while() {
    let (r, mut s, tank) = tank_on_the_belt(true);
    s.loaded = vec![1];
    let ev = drive(&r, &mut s, tank, 2.0);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VehicleDie {
                check: red_actions::state::VehicleCheck::Wire,
                result: red_actions::state::VehicleResult::Stuck,
                ..
            }
        )),
        "{ev:?}"
    );
    assert!(s.unit(tank).kit.broken_down);
    assert!(s.crushed.is_empty());
    assert!(!s.unit(tank).kit.immobilised, "not for good");
}

/// The wired position with the Mark V made an armoured car, 1.5" south of
/// the wire belt at x = 16" (the belt at y = 19.5" there), facing it.
fn car_at_the_wire() -> (RedActions, State, UnitId) {
    let r = RedActions::new(scenario("wired_position"));
    let mut s = empty(&r, 1);
    let car = id(&r, "w_tank");
    let card = r.sc().troops.iter().position(|t| t.key == "armoured_car");
    s.unit_mut(car).troop = card.expect("the armoured_car card") as u16;
    place(&mut s, car, 16.0, 21.0, 0);
    choose(&mut s, WHITE);
    (r, s, car)
}

/// Terrain Effects: an armoured car crossing crushed wire, judged along the
/// arcs its corners sweep in a wheel (as the terrain is), not the chords. A
/// car facing north wheels left 90° about its front-left corner: its
/// front-right corner sweeps a quarter circle through the north-east. A
/// short run of wire lies across that arc, on a ray north-east from the
/// pivot, beyond the chord from the corner's start to its end: the arc
/// crosses it, no chord does. Not crushed there, the wheel is refused; a
/// strip crushed there lets the car across with its entire move.
#[test]
fn terrain_effects_an_armoured_car_wheeling_over_crushed_wire_is_judged_by_its_arcs() {
    use red_actions::geometry::Side as End;
    let bare = RedActions::new(scenario("wired_position"));
    let car = id(&bare, "w_tank");
    let card = bare
        .sc()
        .troops
        .iter()
        .position(|t| t.key == "armoured_car");
    let setup = |s: &mut State| {
        s.unit_mut(car).troop = card.expect("the armoured_car card") as u16;
        place(s, car, 30.0, 30.0, 0);
        choose(s, WHITE);
    };
    let mut s = empty(&bare, 1);
    setup(&mut s);
    let from = s.unit(car).formation;
    let [fl, fr, _, _] = from.outline();
    assert_eq!(from.pivot(End::Left), fl);
    let r = (fr.x.0 - fl.x.0) as f64;
    // On the bearing 42° from the pivot (between two points of the arc
    // as the terrain follows it, every 5°), from 0.8 to 1.2 of the
    // front-right corner's radius (the chord comes no nearer than 0.71 of
    // it there).
    let (sin, cos) = 42f64.to_radians().sin_cos();
    let ne = |k: f64| Point {
        x: Inches(fl.x.0 + (k * r * sin).round() as i32),
        y: Inches(fl.y.0 - (k * r * cos).round() as i32),
    };
    let mut sc = scenario("wired_position");
    sc.terrain.clear();
    sc.buildings.clear();
    sc.lines = vec![red_actions::scenario::Line {
        kind: red_actions::scenario::LineKind::Wire,
        name: "Wire run".into(),
        points: vec![ne(0.8), ne(1.2)],
    }];
    let r = RedActions::new(sc);
    let wheel = Action::Wheel {
        unit: car,
        pivot: End::Left,
        angle: Degrees::whole(90),
    };
    // Crushed only well off the arc: the wire it crosses is not crushed.
    let mut s = empty(&r, 1);
    setup(&mut s);
    s.crushed.push(pt(40.0, 40.0));
    let why = r.refusal(&s, WHITE, &wheel).expect("not crushed there");
    assert!(why.contains("not crushed"), "{why}");
    // Crushed where the arc crosses: the whole move.
    let mut s = empty(&r, 1);
    setup(&mut s);
    s.crushed.push(ne(1.0));
    assert_eq!(r.refusal(&s, WHITE, &wheel), None);
    s.loaded = vec![5];
    r.apply(&mut s, WHITE, &wheel, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(s.unit(car).formation.front.facing, Degrees::whole(270));
    assert!(
        !matches!(s.phase, Phase::Acting(seg) if seg.unit == car && seg.charged < seg.allowance),
        "no move left: {:?}",
        s.phase
    );
}

/// Terrain Effects: armoured cars may not cross wire (Nyet!), but crushed
/// wire takes their "entire move*": a car crosses a crushed strip as the
/// first move of its segment, which then has no move left, and it takes
/// the vehicle die for wire (1: stuck for a while). Wire not crushed where
/// it would cross still stops it.
#[test]
fn terrain_effects_armoured_cars_cross_crushed_wire_with_their_entire_move() {
    let three = |car| Action::Advance {
        unit: car,
        distance: Inches::whole(3),
    };
    let (r, s, car) = car_at_the_wire();
    let why = r.refusal(&s, WHITE, &three(car)).expect("wire is Nyet!");
    assert!(why.contains("impassable"), "{why}");
    // A strip crushed 14" along the belt: not where the car would cross.
    let (r, mut s, car) = car_at_the_wire();
    s.crushed.push(pt(30.0, 20.0));
    let why = r
        .refusal(&s, WHITE, &three(car))
        .expect("not crushed there");
    assert!(why.contains("not crushed"), "{why}");
    // Crushed where it crosses: the whole move.
    let (r, mut s, car) = car_at_the_wire();
    s.crushed.push(pt(16.0, 19.5));
    assert_eq!(r.refusal(&s, WHITE, &three(car)), None);
    s.loaded = vec![5];
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &three(car), &mut ev).unwrap();
    assert_eq!(s.unit(car).formation.front.at.y, pt(0.0, 18.0).y);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VehicleDie {
                check: red_actions::state::VehicleCheck::Wire,
                die: 5,
                ..
            }
        )),
        "{ev:?}"
    );
    assert!(s.loaded.is_empty());
    assert!(
        !matches!(s.phase, Phase::Acting(seg) if seg.unit == car && seg.charged < seg.allowance),
        "no move left: {:?}",
        s.phase
    );
    // Not after another move in the same segment.
    let (r, mut s, car) = car_at_the_wire();
    s.crushed.push(pt(16.0, 19.5));
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: car,
            distance: Inches(50),
        },
        &mut Vec::new(),
    )
    .unwrap();
    let why = r.refusal(&s, WHITE, &three(car)).expect("not after moving");
    assert!(why.contains("entire move"), "{why}");
}

#[test]
fn buildings_units_moving_through_count_soft_cover_infantry_evading_hard() {
    let r = RedActions::new(scenario("village"));
    let mut s = empty(&r, 1);
    let red = id(&r, "r_reg1");
    place(&mut s, red, 32.0, 17.1, 0);
    s.unit_mut(red).more.possession = None;
    assert_eq!(r.cover_of(&s, red), Cover::Soft, "in the huts, not held");
    let huts = touched(&r, &s, red);
    s.unit_mut(red).more.possession = Some(huts);
    assert_eq!(r.cover_of(&s, red), Cover::Hard, "held");
    s.unit_mut(red).more.possession = None;
    s.unit_mut(red).moved_turn = s.turn;
    assert_eq!(r.cover_of(&s, red), Cover::Soft, "passing through");
    s.unit_mut(red).evading = true;
    assert_eq!(r.cover_of(&s, red), Cover::Hard, "infantry picking its way");
    // Moving in this turn by a move of its own counts.
    let mut s = empty(&r, 1);
    place(&mut s, red, 32.0, 19.1, 0);
    s.unit_mut(red).moved_turn = 0;
    choose(&mut s, RED);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Advance {
            unit: red,
            distance: Inches(50),
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(red).moved_turn, s.turn);
    assert_eq!(r.cover_of(&s, red), Cover::Soft);
}

/// The first building section unit `u` touches.
fn touched(r: &RedActions, s: &State, u: UnitId) -> u16 {
    (0..r.sc().buildings.len() as u16)
        .find(|&b| r.touches_building(s, u, b))
        .expect("the unit touches a building")
}

/// Buildings: "Infantry can take possession of buildings and associated
/// hard cover as their action segment." Infantry standing in a section at
/// the start hold it (rulings); a unit that comes in must spend a segment
/// to take it; moving out loses it; others than infantry may not.
#[test]
fn buildings_infantry_take_possession_as_their_segment_and_lose_it_moving() {
    let r = RedActions::new(scenario("village"));
    // At the start the Reds' infantry in the huts and the church hold them.
    let start = r.setup(&Options::new(), 1).unwrap();
    let held: Vec<UnitId> = start
        .ids()
        .filter(|&u| start.unit(u).more.possession.is_some())
        .collect();
    assert!(!held.is_empty(), "someone starts in a building");
    for &u in &held {
        assert!(r.troop(start.unit(u)).category.is_infantry());
        assert!(matches!(r.cover_of(&start, u), Cover::Hard | Cover::Stone));
    }
    let mut s = empty(&r, 1);
    let red = id(&r, "r_reg1");
    place(&mut s, red, 32.0, 17.1, 0);
    s.unit_mut(red).more.possession = None;
    s.unit_mut(red).acted = false;
    let huts = touched(&r, &s, red);
    choose(&mut s, RED);
    let take = Action::TakePossession {
        unit: red,
        building: huts,
    };
    // Not a building it does not touch, and only once it holds none.
    let far = (0..r.sc().buildings.len() as u16)
        .find(|&b| !r.touches_building(&s, red, b))
        .unwrap();
    let before = s.clone();
    let why = r
        .refusal(
            &s,
            RED,
            &Action::TakePossession {
                unit: red,
                building: far,
            },
        )
        .expect("refused");
    assert!(why.contains("not touching"), "{why}");
    assert_eq!(s, before);
    let mut ev = Vec::new();
    r.apply(&mut s, RED, &take, &mut ev).unwrap();
    assert_eq!(s.unit(red).more.possession, Some(huts));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Done { unit } if *unit == red)),
        "the whole segment"
    );
    assert_eq!(r.cover_of(&s, red), Cover::Hard);
    let shown = r.view(&s, Some(RED));
    let v = shown.units.iter().find(|v| v.id == red).unwrap();
    assert_eq!(
        v.holds.as_deref(),
        Some(r.sc().buildings[huts as usize].name.as_str())
    );
    let told = r.describe_events(&s, &ev, Some(RED));
    assert!(
        told.iter()
            .flatten()
            .any(|t| t.contains("takes possession")),
        "{told:?}"
    );
    // Next it moves: the hold is gone.
    s.unit_mut(red).acted = false;
    choose(&mut s, RED);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Advance {
            unit: red,
            distance: Inches(50),
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(red).more.possession, None);
    // Guns may not take possession.
    let guns = id(&r, "r_guns");
    place(&mut s, guns, 32.0, 17.1, 0);
    choose(&mut s, RED);
    s.unit_mut(guns).acted = false;
    let why = r
        .refusal(
            &s,
            RED,
            &Action::TakePossession {
                unit: guns,
                building: huts,
            },
        )
        .unwrap_or_default();
    assert!(why.contains("only infantry"), "{why}");
}
