//! Direct Hits, artillery fire, Tanks, Armoured Cars and Trains on set
//! positions with dice set on the table (the rulebook's examples among
//! them: the resolution order of a direct hit with an officer lost and a
//! Kill!, a train's speeds and engine hits, a tank's breakdown cleared at
//! once).

use engine::param::{Degrees, Inches};
use engine::{Options, Ruleset};
use red_actions::RedActions;
use red_actions::geometry::Formation;
use red_actions::scenario::Cover;
use red_actions::state::{
    Action, Ask, Event, FireMode, HitKind, Order, Phase, State, Status, Test, UnitId, VehicleCheck,
    VehicleResult,
};

mod common;
use common::*;

/// A position with every unit off the table but `keep`.
fn quiet(name: &str, keep: &[&str]) -> (RedActions, State) {
    let r = load(name);
    let mut s = r.setup(&Options::new(), 3).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for (i, u) in s.units.iter_mut().enumerate() {
        if !keep.contains(&r.sc().units[i].id.as_str()) && u.status == Status::OnTable {
            u.status = Status::Waiting;
        }
        u.acted = true;
    }
    (r, s)
}

fn unlimber(s: &mut State, u: UnitId) {
    let unit = s.unit_mut(u);
    unit.order = Order::Unlimbered;
    unit.formation.order = Order::Unlimbered.geometry();
}

/// Makes a unit of another card (a tank or armoured car for a test).
fn recast(r: &RedActions, s: &mut State, u: UnitId, troop: &str) {
    let t = r.sc().troops.iter().position(|t| t.key == troop).unwrap();
    let front = s.unit(u).formation.front;
    let unit = s.unit_mut(u);
    unit.troop = t as u16;
    unit.order = Order::Line;
    unit.formation = Formation::new(
        Order::Line.geometry(),
        1,
        r.sc().tables.distances.base_frontage,
        r.sc().troops[t].depth,
        front,
    );
    unit.start_bases = 1;
}

/// The unit's segment is next.
fn its_turn(s: &mut State, u: UnitId) {
    s.unit_mut(u).acted = false;
    s.questions.clear();
    s.phase = Phase::Choose {
        side: s.unit(u).side,
        card: None,
        selected: None,
    };
}

/// Dice in the order they are rolled.
fn dice(s: &mut State, d: &[u8]) {
    s.loaded = d.iter().rev().copied().collect();
}

fn act(r: &RedActions, s: &mut State, a: Action) -> Vec<Event> {
    let side = s.unit(a.unit()).side;
    let mut ev = Vec::new();
    r.apply(s, side, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"));
    ev
}

fn refused(r: &RedActions, s: &State, a: Action) -> String {
    r.refusal(s, s.unit(a.unit()).side, &a)
        .unwrap_or_else(|| panic!("{a:?} was allowed"))
}

fn tests_of(ev: &[Event]) -> Vec<Test> {
    ev.iter()
        .filter_map(|e| match e {
            Event::MoraleTest { test, .. } => Some(*test),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------ Trains

const TRAIN: [&str; 4] = [
    "w_train_mg",
    "w_train_engine",
    "w_train_gun",
    "w_train_wagon",
];

fn train() -> (RedActions, State, UnitId) {
    let (r, s) = quiet("railway_raid", &TRAIN);
    let e = id(&r, "w_train_engine");
    (r, s, e)
}

fn run(r: &RedActions, s: &mut State, engine: UnitId, speed: i32) -> Vec<Event> {
    its_turn(s, engine);
    act(
        r,
        s,
        Action::RunTrain {
            unit: engine,
            speed: Inches(speed),
        },
    )
}

#[test]
fn trains_are_the_engine_and_the_cars_chained_to_it() {
    let (r, _, e) = train();
    let mut cars = r.train_cars(e);
    cars.sort();
    let mut want: Vec<UnitId> = TRAIN.iter().map(|k| id(&r, k)).collect();
    want.sort();
    assert_eq!(cars, want);
}

#[test]
fn trains_stopping_from_full_speed_halves_each_turn_then_stops() {
    // 8 → 4 → 2 → 1 → ½, then stopped.
    let (r, mut s, e) = train();
    s.unit_mut(e).kit.train_speed = Inches::whole(8);
    let x0 = s.unit(e).formation.front.at.x.0;
    for (speed, moving) in [(400, true), (200, true), (100, true), (50, false)] {
        let opts = r.train_options(&s, e);
        assert!(opts.contains(&Inches(speed)), "{opts:?} lacks {speed}");
        let ev = run(&r, &mut s, e, speed);
        assert!(
            ev.iter()
                .any(|x| matches!(x, Event::TrainRan { speed: v, .. } if v.0 == speed)),
            "{ev:?}"
        );
        assert_eq!(s.unit(e).kit.train_speed.0 != 0, moving);
    }
    assert_eq!(s.unit(e).kit.train_speed, Inches::ZERO, "stopped");
    assert_eq!(s.unit(e).formation.front.at.x.0, x0 + 750);
    // Every car ran with it, still coupled.
    let mg = id(&r, "w_train_mg");
    assert_eq!(
        s.unit(mg).formation.front.at.x.0 - s.unit(e).formation.front.at.x.0,
        400
    );
    r.check_invariants(&s).unwrap();
}

#[test]
fn trains_restart_at_one_inch_and_double_to_eight() {
    let (r, mut s, e) = train();
    assert_eq!(
        r.train_options(&s, e),
        vec![Inches(100), Inches(-100)],
        "from a stand: 1\" either way"
    );
    for speed in [100, 200, 400, 800] {
        run(&r, &mut s, e, speed);
        assert_eq!(s.unit(e).kit.train_speed, Inches(speed));
    }
    // At the top speed it keeps 8 or halves.
    assert_eq!(r.train_options(&s, e), vec![Inches(800), Inches(400)]);
    its_turn(&mut s, e);
    assert!(
        refused(
            &r,
            &s,
            Action::RunTrain {
                unit: e,
                speed: Inches(300)
            }
        )
        .contains("one of")
    );
}

#[test]
fn trains_must_stop_before_reversing() {
    let (r, mut s, e) = train();
    s.unit_mut(e).kit.train_speed = Inches(200);
    its_turn(&mut s, e);
    assert!(r.train_options(&s, e).iter().all(|v| v.0 > 0));
    refused(
        &r,
        &s,
        Action::RunTrain {
            unit: e,
            speed: Inches(-100),
        },
    );
    // A moving train must run in its engine's segment.
    assert!(refused(&r, &s, Action::Done { unit: e }).contains("must run"));
    // Stopped, it may back away.
    s.unit_mut(e).kit.train_speed = Inches::ZERO;
    let x0 = s.unit(e).formation.front.at.x.0;
    run(&r, &mut s, e, -100);
    assert_eq!(s.unit(e).formation.front.at.x.0, x0 - 100);
    assert_eq!(
        s.unit(e).formation.front.facing,
        Degrees::whole(90),
        "facing kept"
    );
}

#[test]
fn trains_engine_hits_take_two_inches_each_and_the_third_immobilises() {
    // 8 → 6 → 4 → immobilised.
    let (r, mut s, e) = train();
    s.unit_mut(e).kit.train_speed = Inches::whole(8);
    let mut tops = Vec::new();
    for _ in 0..3 {
        dice(&mut s, &[1, 1]); // the train's fear test passes
        let mut ev = Vec::new();
        r.direct_hit_on(&mut s, e, &mut ev);
        assert_eq!(tests_of(&ev), vec![Test::Fear], "any hit: a fear test");
        tops.push(r.top_speed(&s, e).0);
    }
    assert_eq!(tops, vec![600, 400, 0]);
    assert!(s.unit(e).kit.immobilised);
    assert_eq!(s.unit(e).kit.train_speed, Inches::ZERO);
    assert!(r.train_options(&s, e).is_empty());
}

#[test]
fn trains_after_an_engine_hit_at_full_speed_it_runs_no_faster_than_six() {
    let (r, mut s, e) = train();
    s.unit_mut(e).kit.train_speed = Inches::whole(8);
    dice(&mut s, &[1, 1]);
    r.direct_hit_on(&mut s, e, &mut Vec::new());
    assert_eq!(s.unit(e).kit.train_speed, Inches::whole(6));
    assert!(r.train_options(&s, e).iter().all(|v| v.0 <= 600));
}

#[test]
fn trains_a_failed_fear_test_sends_the_train_for_the_nearer_edge() {
    let (r, mut s, e) = train();
    dice(&mut s, &[6, 6]);
    let mut ev = Vec::new();
    r.direct_hit_on(&mut s, e, &mut ev);
    assert!(ev.iter().any(|x| matches!(x, Event::TrainLeaves { .. })));
    assert!(s.unit(e).kit.leaving);
    // The engine faces east at 42": the east end (72) is nearer.
    assert_eq!(r.train_options(&s, e), vec![Inches(100)]);
    // Running west, it may only brake.
    s.unit_mut(e).kit.train_speed = Inches(-400);
    assert_eq!(r.train_options(&s, e), vec![Inches(-200)]);
    // It may rally at the start of the engine's segment.
    s.unit_mut(e).kit.train_speed = Inches::ZERO;
    its_turn(&mut s, e);
    dice(&mut s, &[1, 1]);
    let ev = act(&r, &mut s, Action::RallyTrain { unit: e });
    assert!(ev.iter().any(|x| matches!(x, Event::TrainRallied { .. })));
    assert!(!s.unit(e).kit.leaving);
}

#[test]
fn trains_a_turret_car_goes_at_the_second_hit_other_cars_at_the_first() {
    let (r, mut s, _) = train();
    let gun = id(&r, "w_train_gun");
    let wagon = id(&r, "w_train_wagon");
    let troops = id(&r, "w_train_troops");
    dice(&mut s, &[1, 1]);
    let mut ev = Vec::new();
    r.direct_hit_on(&mut s, wagon, &mut ev);
    assert_eq!(s.unit(wagon).status, Status::Gone);
    assert_eq!(s.unit(troops).status, Status::Gone, "lost with their wagon");
    dice(&mut s, &[1, 1]);
    r.direct_hit_on(&mut s, gun, &mut ev);
    assert_eq!(
        s.unit(gun).status,
        Status::Gone,
        "a field-gun car: destroyed"
    );
    // A turret car (recast) takes two.
    let (r, mut s, _) = train();
    let tur = id(&r, "w_train_gun");
    s.unit_mut(tur).troop = r
        .sc()
        .troops
        .iter()
        .position(|t| t.key == "turret_car")
        .unwrap() as u16;
    dice(&mut s, &[1, 1]);
    r.direct_hit_on(&mut s, tur, &mut Vec::new());
    assert_eq!(s.unit(tur).status, Status::OnTable, "one hit");
    dice(&mut s, &[1, 1]);
    r.direct_hit_on(&mut s, tur, &mut Vec::new());
    assert_eq!(s.unit(tur).status, Status::Gone, "two hits");
}

#[test]
fn trains_artillery_cars_fire_only_when_stopped_mg_cars_also_moving() {
    let (r, mut s, e) = train();
    let gun = id(&r, "w_train_gun");
    let mg = id(&r, "w_train_mg");
    let sq = id(&r, "r_sq1");
    // Red cavalry 10" ahead (east) of the train, beside the line.
    place(&mut s, sq, 60.0, 18.0, 270);
    s.unit_mut(e).kit.train_speed = Inches(200);
    its_turn(&mut s, gun);
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: gun,
                target: sq
            }
        )
        .contains("stopped")
    );
    s.unit_mut(e).kit.train_speed = Inches::ZERO;
    assert!(
        r.refusal(
            &s,
            s.unit(gun).side,
            &Action::Shoot {
                unit: gun,
                target: sq
            }
        )
        .is_none()
    );
    // The MG car fires 45° to its right (south): cavalry there, moving.
    place(&mut s, sq, 48.0, 26.0, 0);
    s.unit_mut(e).kit.train_speed = Inches(200);
    its_turn(&mut s, mg);
    assert_eq!(
        r.refusal(
            &s,
            s.unit(mg).side,
            &Action::Shoot {
                unit: mg,
                target: sq
            }
        ),
        None
    );
}

#[test]
fn trains_troops_get_off_a_stopped_train_beside_their_car() {
    let (r, mut s, e) = train();
    let troops = id(&r, "w_train_troops");
    let wagon = id(&r, "w_train_wagon");
    s.unit_mut(e).kit.train_speed = Inches(100);
    its_turn(&mut s, troops);
    assert!(
        refused(
            &r,
            &s,
            Action::Disembark {
                unit: troops,
                left: false
            }
        )
        .contains("stopped")
    );
    s.unit_mut(e).kit.train_speed = Inches::ZERO;
    assert!(r.eligible(&s, troops));
    act(
        &r,
        &mut s,
        Action::Disembark {
            unit: troops,
            left: false,
        },
    );
    let u = s.unit(troops);
    assert_eq!(u.status, Status::OnTable);
    // The wagon faces east; its right is south: the troops face south.
    assert_eq!(u.formation.front.facing, Degrees::whole(180));
    assert!(u.formation.front.at.y.0 > s.unit(wagon).formation.front.at.y.0);
    r.check_invariants(&s).unwrap();
}

#[test]
fn trains_a_train_running_past_the_table_edge_leaves_with_everyone_aboard() {
    let (r, mut s, e) = train();
    for k in TRAIN {
        let u = id(&r, k);
        s.unit_mut(u).formation.front.at.x.0 += 2400;
    }
    s.unit_mut(e).kit.train_speed = Inches::whole(8);
    run(&r, &mut s, e, 800);
    for k in TRAIN {
        assert_eq!(s.unit(id(&r, k)).status, Status::Gone, "{k}");
    }
    assert_eq!(s.unit(id(&r, "w_train_troops")).status, Status::Gone);
}

#[test]
fn trains_a_unit_on_the_line_stops_the_train_short() {
    let (r, mut s, e) = train();
    let sq = id(&r, "r_sq1");
    place(&mut s, sq, 52.0, 15.0, 0); // across the rails 6" ahead of the MG car
    s.unit_mut(sq).order = Order::Column;
    s.unit_mut(sq).formation.order = Order::Column.geometry();
    s.unit_mut(e).kit.train_speed = Inches::whole(8);
    let x0 = s.unit(e).formation.front.at.x.0;
    run(&r, &mut s, e, 800);
    let moved = s.unit(e).formation.front.at.x.0 - x0;
    assert!(moved > 0 && moved < 800, "{moved}");
    assert_eq!(s.unit(e).kit.train_speed, Inches::ZERO);
    r.check_invariants(&s).unwrap();
}

// ------------------------------------------------------------ Direct Hits

/// Red's horse battery unlimbered 14" south of the engine, facing it.
fn battery() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = quiet("railway_raid", &TRAIN);
    let guns = id(&r, "r_guns");
    place(&mut s, guns, 41.0, 30.0, 0);
    unlimber(&mut s, guns);
    let e = id(&r, "w_train_engine");
    (r, s, guns, e)
}

#[test]
fn direct_hits_numbers_by_target_kind_range_and_early_artillery() {
    let (r, mut s, guns, e) = battery();
    // Horse guns read the field-gun row; the Konnarmiya's guns are early
    // Soviet artillery (+1).
    let n = r
        .direct_hit_number(&s, guns, e, Inches::whole(14), 0)
        .unwrap();
    assert_eq!(
        (n.kind, n.card, n.range, n.poor),
        (HitKind::StationaryVehicle, 9, 0, 1)
    );
    s.unit_mut(e).kit.train_speed = Inches(200);
    let n = r
        .direct_hit_number(&s, guns, e, Inches::whole(14), 0)
        .unwrap();
    assert_eq!((n.kind, n.card), (HitKind::MovingVehicle, 11));
    // One more for each whole 40".
    let n = r.direct_hit_number(&s, guns, e, Inches(3999), 0).unwrap();
    assert_eq!(n.range, 0);
    let n = r.direct_hit_number(&s, guns, e, Inches(4000), 0).unwrap();
    assert_eq!(n.range, 1);
    let n = r.direct_hit_number(&s, guns, e, Inches(8000), 2).unwrap();
    assert_eq!((n.range, n.observed, n.total()), (2, 2, 11 + 2 + 1 + 2));
    // Troops in the open: 10; in a building: 9.
    let g = id(&r, "w_garrison");
    place(&mut s, g, 50.0, 26.0, 180);
    assert_eq!(
        r.direct_hit_number(&s, guns, g, Inches(0), 0).unwrap().card,
        10
    );
    place(&mut s, g, 35.0, 10.0, 180);
    let n = r.direct_hit_number(&s, guns, g, Inches(0), 0).unwrap();
    assert_eq!((n.kind, n.card), (HitKind::Building, 9));
    // Riflemen roll none.
    assert!(r.direct_hit_number(&s, g, guns, Inches(0), 0).is_none());
}

#[test]
fn direct_hits_a_roll_at_the_number_hits_one_below_misses() {
    // Against the stationary engine: 9 + 1 (early) = 10.
    for (roll, hit) in [([4, 5], false), ([5, 5], true), ([5, 6], true)] {
        let (r, mut s, guns, e) = battery();
        its_turn(&mut s, guns);
        // First gun: the roll; the train's fear test passes; second gun misses.
        dice(&mut s, &[roll[0], roll[1], 1, 1, 1, 1]);
        let ev = act(
            &r,
            &mut s,
            Action::Shoot {
                unit: guns,
                target: e,
            },
        );
        let rolls: Vec<_> = ev
            .iter()
            .filter_map(|x| match x {
                Event::DirectHit {
                    dice,
                    hit,
                    card,
                    poor,
                    ..
                } => Some((*dice, *hit, *card, *poor)),
                _ => None,
            })
            .collect();
        assert_eq!(rolls.len(), 2, "each gun base rolls: {ev:?}");
        assert_eq!(rolls[0], (roll, hit, 9, 1));
        assert_eq!(s.unit(e).kit.hits, hit as u8);
        assert!(
            !ev.iter().any(|x| matches!(x, Event::Shot { .. })),
            "no Shooting Table against a train"
        );
        let words = r.describe_events(&s, &ev, None);
        assert!(
            words
                .iter()
                .flatten()
                .any(|w| w.contains("against 9 (a stationary vehicle) +1 poor ammunition = 10")),
            "{words:?}"
        );
    }
}

#[test]
fn direct_hits_resolution_order_fear_serious_fear() {
    // The Morale Tests example: a gun gets a direct hit on riflemen, kills
    // the officer and gets a Kill!: fear test, serious test, fear test.
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    place(&mut s, g, 41.0, 24.0, 180);
    let bases = s.unit(g).bases();
    assert!(s.unit(g).officer.is_some());
    its_turn(&mut s, guns);
    dice(
        &mut s,
        &[
            6, 6, // first gun: a direct hit (11 needed)
            1, 1, // fear test for the base lost: passed
            1, 1, // second gun: a miss
            6, 6, // the Shooting Table: Kill! S! Off
            1, // the officer: killed
            1, 1, // all officers lost: serious test, passed
            1, 1, // Kill!: fear test, passed
            1, 1, // S!: serious test, passed
        ],
    );
    let ev = act(
        &r,
        &mut s,
        Action::Shoot {
            unit: guns,
            target: g,
        },
    );
    assert_eq!(
        tests_of(&ev),
        vec![Test::Fear, Test::Serious, Test::Fear, Test::Serious],
        "{ev:?}"
    );
    assert_eq!(
        s.unit(g).bases(),
        bases - 2,
        "one to the direct hit, one to Kill!"
    );
    assert!(s.unit(g).officer.is_none());
    assert_eq!(s.unit(g).terror, 1);
}

#[test]
fn direct_hits_a_stone_building_falls_on_eleven_with_everyone_in_it() {
    for (roll, falls) in [([5, 5], false), ([5, 6], true)] {
        let (r, mut s, guns, _) = battery();
        let g = id(&r, "w_garrison");
        place(&mut s, g, 35.0, 10.0, 180); // in the stone station building
        place(&mut s, guns, 35.0, 30.0, 0);
        its_turn(&mut s, guns);
        // Hidden in the building: speculative fire, direct hits only.
        dice(&mut s, &[6, 6, 1, 1, roll[0], roll[1], 1, 1]);
        let ev = act(
            &r,
            &mut s,
            Action::Fire {
                unit: guns,
                target: g,
                mode: FireMode::Speculative,
            },
        );
        assert!(
            ev.iter().any(|x| matches!(x, Event::BuildingRoll { needed: 11, destroyed, .. } if *destroyed == falls)),
            "{ev:?}"
        );
        assert!(
            !ev.iter().any(|x| matches!(x, Event::Shot { .. })),
            "speculative artillery fire at a building: direct hits only"
        );
        assert_eq!(s.unit(g).status == Status::Gone, falls);
        assert_eq!(s.ruined.contains(&0), falls);
    }
}

// ------------------------------------------------- Fire: the other modes

#[test]
fn observed_indirect_fire_half_then_three_quarters_from_the_observer() {
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    let obs = id(&r, "r_kombrig");
    place(&mut s, g, 60.0, 30.0, 180);
    place(&mut s, obs, 60.0, 40.0, 0);
    place(&mut s, guns, 20.0, 40.0, 180); // facing away: they cannot see it
    s.turn = 2;
    let mode = FireMode::Observed {
        observer: obs,
        speculative: false,
    };
    let p = r.plan(&s, guns, g, mode).unwrap();
    // 2 bases × 5 = 10, close range from the observer (10" of 60), × ½ = 5.
    assert_eq!((p.sums.total, p.factor, p.observed_add), (5, (1, 2), 2));
    assert_eq!(p.range, r.range_between(&s, obs, g));
    its_turn(&mut s, guns);
    dice(&mut s, &[1, 1, 1, 1, 1, 1]);
    act(
        &r,
        &mut s,
        Action::Fire {
            unit: guns,
            target: g,
            mode,
        },
    );
    s.turn = 3;
    let p = r.plan(&s, guns, g, mode).unwrap();
    assert_eq!((p.sums.total, p.factor, p.observed_add), (7, (3, 4), 1));
    // Observed and speculative together: × ½ only, not × ¼.
    let both = FireMode::Observed {
        observer: obs,
        speculative: true,
    };
    place(&mut s, g, 15.0, 30.0, 0); // in the scrub
    place(&mut s, obs, 20.0, 40.0, 0);
    place(&mut s, guns, 30.0, 40.0, 90);
    let p = r.plan(&s, guns, g, both).unwrap();
    assert_eq!((p.sums.total, p.factor), (5, (1, 2)));
}

/// Evading, under artillery fire: the White garrison in the open, not yet
/// acted, is fired on by the Red guns through an observer. White chooses
/// first (the question names the mode's shot); evading, the shot is read
/// 2 columns further left; harassing fire asks nothing.
#[test]
fn evading_under_observed_artillery_fire_is_chosen_before_the_shot() {
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    let obs = id(&r, "r_kombrig");
    place(&mut s, g, 60.0, 30.0, 180);
    place(&mut s, obs, 60.0, 40.0, 0);
    place(&mut s, guns, 20.0, 40.0, 180);
    s.turn = 2;
    s.unit_mut(g).acted = false;
    let mode = FireMode::Observed {
        observer: obs,
        speculative: false,
    };
    let plain = r.plan(&s, guns, g, mode).unwrap().sums.shift;
    its_turn(&mut s, guns);
    let fire = Action::Fire {
        unit: guns,
        target: g,
        mode,
    };
    let ev = act(&r, &mut s, fire);
    assert!(!ev.iter().any(|e| matches!(e, Event::Shot { .. })));
    assert_eq!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::EvadeShot {
            shooter: guns,
            target: g,
            fire: Some(mode)
        })
    );
    let mut t = s.clone();
    dice(&mut t, &[1, 1, 1, 1, 1, 1]);
    let ev = act(&r, &mut t, Action::NoEvade { unit: g });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Shot { target, .. } if *target == g))
    );
    assert!(!t.unit(g).evading);
    dice(&mut s, &[1, 1, 1, 1, 1, 1]);
    let ev = act(&r, &mut s, Action::Evade { unit: g });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Evades { unit } if *unit == g))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Shot { target, .. } if *target == g))
    );
    assert_eq!(
        r.plan(&s, guns, g, mode).unwrap().sums.shift,
        plain + r.sc().tables.cover.evading_in_open as i32
    );
    assert!(s.questions.is_empty());
    r.check_invariants(&s).unwrap();
    assert!(!r.may_evade_when_shot(&s, g, guns, FireMode::Harassing));
}

#[test]
fn observed_indirect_fire_needs_an_observer_who_sees_the_target() {
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    let obs = id(&r, "r_kombrig");
    place(&mut s, g, 35.0, 10.0, 180); // deep in the station building
    place(&mut s, obs, 35.0, 30.0, 0);
    its_turn(&mut s, guns);
    let why = refused(
        &r,
        &s,
        Action::Fire {
            unit: guns,
            target: g,
            mode: FireMode::Observed {
                observer: obs,
                speculative: false,
            },
        },
    );
    assert!(why.contains("sight of the observer"), "{why}");
}

#[test]
fn harassing_fire_reaches_twice_the_range_and_has_no_effect() {
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    place(&mut s, guns, 5.0, 46.0, 90);
    place(&mut s, g, 70.0, 45.0, 270); // 65" away: beyond the 60" range
    its_turn(&mut s, guns);
    refused(
        &r,
        &s,
        Action::Shoot {
            unit: guns,
            target: g,
        },
    );
    let ev = act(
        &r,
        &mut s,
        Action::Fire {
            unit: guns,
            target: g,
            mode: FireMode::Harassing,
        },
    );
    assert!(ev.iter().any(|x| matches!(x, Event::Harassed { .. })));
    assert!(
        !ev.iter()
            .any(|x| matches!(x, Event::Shot { .. } | Event::DirectHit { .. }))
    );
    assert_eq!(s.unit(g).kit.harassed, s.turn);
    assert_eq!(s.unit(g).bases(), 5);
}

#[test]
fn gas_adds_a_fear_test_on_top_of_the_result() {
    let (r, mut s, guns, _) = battery();
    let g = id(&r, "w_garrison");
    place(&mut s, g, 41.0, 24.0, 180);
    its_turn(&mut s, guns);
    dice(&mut s, &[1, 1, 1, 1, 2, 2, 1, 1]);
    let ev = act(
        &r,
        &mut s,
        Action::Fire {
            unit: guns,
            target: g,
            mode: FireMode::Gas,
        },
    );
    assert_eq!(tests_of(&ev), vec![Test::Fear], "{ev:?}");
}

#[test]
fn ammunition_supply_guns_fire_eight_moves_mortars_twelve() {
    let (r, mut s, guns, e) = battery();
    assert_eq!(r.ammunition(&s, guns), Some(8));
    s.unit_mut(guns).kit.ammo_used = 7;
    its_turn(&mut s, guns);
    dice(&mut s, &[1, 1, 1, 1]);
    act(
        &r,
        &mut s,
        Action::Shoot {
            unit: guns,
            target: e,
        },
    );
    assert_eq!(s.unit(guns).kit.ammo_used, 8);
    its_turn(&mut s, guns);
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: guns,
                target: e
            }
        )
        .contains("ammunition")
    );
    let r2 = load("wired_position");
    let s2 = r2.setup(&Options::new(), 1).unwrap();
    assert_eq!(r2.ammunition(&s2, id(&r2, "w_mortar")), Some(12));
    assert_eq!(
        r.ammunition(&s, id(&r, "w_train_gun")),
        None,
        "a train carries enough"
    );
}

#[test]
fn fire_arcs_friendly_bases_block_fire() {
    let (r, mut s, guns, e) = battery();
    let sq = id(&r, "r_sq2");
    its_turn(&mut s, guns);
    assert!(r.fire_sums(&s, guns, e).is_some());
    place(&mut s, sq, 40.5, 24.0, 0); // a squadron in front of the guns
    assert!(r.fire_sums(&s, guns, e).is_none());
    refused(
        &r,
        &s,
        Action::Shoot {
            unit: guns,
            target: e,
        },
    );
}

/// A friendly column whose front stands far off the line of fire but whose
/// rear bases lie across it blocks as well (the quick filter on the front
/// centre must allow for the whole length of the unit).
#[test]
fn fire_arcs_a_long_column_across_the_line_blocks_fire() {
    let (r, mut s, guns, e) = battery();
    let sq = id(&r, "r_sq2");
    its_turn(&mut s, guns);
    assert!(r.fire_sums(&s, guns, e).is_some());
    // Six bases 3" deep in column facing east: 18" long, its front 16"
    // east of the guns' line, its rear 2" west of it.
    let unit = s.unit_mut(sq);
    unit.status = Status::OnTable;
    unit.order = Order::Column;
    unit.formation = Formation::new(
        Order::Column.geometry(),
        6,
        r.sc().tables.distances.base_frontage,
        Inches(300),
        engine::param::Pose {
            at: pt(56.5, 24.0),
            facing: Degrees::whole(90),
        },
    );
    assert!(
        r.fire_sums(&s, guns, e).is_none(),
        "the column's rear blocks"
    );
}

// ------------------------------------------------ Tanks and Armoured Cars

/// The Mark V on open ground, the Red Internationals 10" north of it.
fn tank() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = quiet("wired_position", &[]);
    let t = id(&r, "w_tank");
    let red = id(&r, "r_reg1");
    place(&mut s, t, 40.0, 36.0, 0);
    place(&mut s, red, 40.0, 26.0, 180);
    (r, s, t, red)
}

#[test]
fn tanks_only_artillery_direct_hits_hurt_a_tank() {
    let (r, mut s, t, red) = tank();
    its_turn(&mut s, red);
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: red,
                target: t
            }
        )
        .contains("tank")
    );
}

#[test]
fn tanks_a_tanks_fire_adds_a_terror_marker() {
    let (r, mut s, t, red) = tank();
    // The tank turns its right sponson toward the Reds.
    s.unit_mut(t).formation.front.facing = Degrees::whole(270);
    its_turn(&mut s, t);
    dice(&mut s, &[1, 1, 1, 1]); // direct hit missed, the table: nothing
    let ev = act(
        &r,
        &mut s,
        Action::Shoot {
            unit: t,
            target: red,
        },
    );
    assert!(
        ev.iter().any(|x| matches!(x, Event::TankTerror { .. })),
        "{ev:?}"
    );
    assert_eq!(s.unit(red).terror, 1);
}

#[test]
fn tanks_faster_than_half_speed_may_break_down_and_a_4_clears_it_next_move() {
    let (r, mut s, t, _) = tank();
    // 4" speed: 3" is over half.
    its_turn(&mut s, t);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(3),
        },
    );
    dice(&mut s, &[1]);
    let ev = act(&r, &mut s, Action::Done { unit: t });
    assert!(ev.iter().any(|x| matches!(
        x,
        Event::VehicleDie {
            check: VehicleCheck::Speed,
            die: 1,
            result: VehicleResult::BrokenDown,
            ..
        }
    )));
    its_turn(&mut s, t);
    assert!(
        refused(
            &r,
            &s,
            Action::Advance {
                unit: t,
                distance: Inches::whole(1)
            }
        )
        .contains("broken down")
    );
    // It still fires while broken down.
    assert!(r.vehicle_move_refusal(&s, t).is_some());
    // The very next move: a 4 gets it going, and it moves at once.
    dice(&mut s, &[4]);
    act(&r, &mut s, Action::Repair { unit: t });
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(1),
        },
    );
}

#[test]
fn tanks_a_3_does_not_clear_a_breakdown_and_half_speed_needs_no_test() {
    let (r, mut s, t, _) = tank();
    s.unit_mut(t).kit.broken_down = true;
    its_turn(&mut s, t);
    dice(&mut s, &[3]);
    let ev = act(&r, &mut s, Action::Repair { unit: t });
    assert!(ev.iter().any(|x| matches!(
        x,
        Event::VehicleDie {
            result: VehicleResult::StillStuck,
            ..
        }
    )));
    refused(&r, &s, Action::Repair { unit: t });
    s.unit_mut(t).kit.broken_down = false;
    its_turn(&mut s, t);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(2),
        },
    );
    let ev = act(&r, &mut s, Action::Done { unit: t });
    assert!(
        !ev.iter().any(|x| matches!(x, Event::VehicleDie { .. })),
        "2\" of 4\": no test"
    );
}

#[test]
fn tanks_crossing_an_obstacle_1_sticks_for_good_2_for_a_while() {
    for (die, result) in [
        (1, VehicleResult::StuckForGood),
        (2, VehicleResult::Stuck),
        (3, VehicleResult::Fine),
    ] {
        let (r, mut s, t, red) = tank();
        s.unit_mut(red).status = Status::Waiting;
        // Just south of the fire trench, heading north across it.
        place(&mut s, t, 40.0, 15.5, 0);
        its_turn(&mut s, t);
        dice(&mut s, &[die]);
        let ev = act(
            &r,
            &mut s,
            Action::Advance {
                unit: t,
                distance: Inches::whole(2),
            },
        );
        assert!(
            ev.iter().any(|x| matches!(x, Event::VehicleDie { check: VehicleCheck::Obstacle, result: got, .. } if *got == result)),
            "{ev:?}"
        );
        assert_eq!(
            s.unit(t).kit.immobilised,
            result == VehicleResult::StuckForGood
        );
        assert_eq!(s.unit(t).kit.broken_down, result == VehicleResult::Stuck);
    }
}

#[test]
fn tanks_troops_charged_rout_on_contact_and_a_6_immobilises_grenadiers_add_2() {
    for (troops, die, immobilised) in [
        ("r_reg1", 5, false),
        ("r_reg1", 6, true),
        ("w_bombers", 4, true),
    ] {
        let (r, mut s, t, _) = tank();
        let target = id(&r, troops);
        place(&mut s, target, 40.0, 30.0, 180);
        dice(&mut s, &[die]);
        let mut ev = Vec::new();
        assert_eq!(
            r.tank_charge_contact(&mut s, t, target, &mut ev),
            immobilised
        );
        assert_eq!(s.unit(t).kit.immobilised, immobilised);
        assert!(s.unit(target).routing || s.unit(target).status == Status::Gone);
    }
}

/// A tank's charge through the rules: the charge test, the target's fear
/// test, the target stands, and on contact the troops' d6 (6, grenadiers
/// 4+, immobilises the tank) before they rout.
#[test]
fn tanks_a_tank_charge_rolls_the_troops_d6_on_contact() {
    for (die, immobilised) in [(5, false), (6, true)] {
        let (r, mut s, t, red) = tank();
        // 3" ahead: within a tank's 4" charge.
        place(&mut s, red, 40.0, 33.0, 180);
        its_turn(&mut s, t);
        // Charge test 1+1, fear test 1+1 (both pass), then the d6.
        dice(&mut s, &[1, 1, 1, 1, die]);
        let charge = Action::Charge {
            unit: t,
            target: red,
        };
        assert_eq!(r.refusal(&s, s.unit(t).side, &charge), None);
        let odds = r
            .odds_of(&s, s.unit(t).side, &charge)
            .expect("a charge has odds");
        let d6 = odds
            .parts
            .iter()
            .find(|p| p.subject.contains("against the vehicle"))
            .unwrap_or_else(|| panic!("no vehicle die in {odds:?}"));
        assert!((d6.p("the vehicle is immobilised, the troops rout") - 1.0 / 6.0).abs() < 1e-9);
        let mut ev = act(&r, &mut s, charge);
        if r.question(&s).is_some() {
            ev.extend(act(&r, &mut s, Action::StandCharge { unit: red }));
        }
        let rolled = ev.iter().find_map(|e| match e {
            Event::VehicleDie {
                unit,
                check: VehicleCheck::Charged,
                die: d,
                result,
                ..
            } if *unit == t => Some((*d, *result)),
            _ => None,
        });
        let want = if immobilised {
            VehicleResult::Immobilised
        } else {
            VehicleResult::Fine
        };
        assert_eq!(rolled, Some((die, want)), "{ev:?}");
        assert_eq!(s.unit(t).kit.immobilised, immobilised);
        assert!(s.unit(red).routing || s.unit(red).status == Status::Gone);
        assert!(!ev.iter().any(|e| matches!(e, Event::Combat { .. })));
        r.check_invariants(&s).unwrap();
    }
}

#[test]
fn tanks_grenadiers_charged_by_a_tank_immobilise_it_on_a_4() {
    let (r, s, _, red) = tank();
    let bombers = id(&r, "w_bombers");
    // The faces of the d6 that immobilise: a 6 for riflemen, 4 to 6 for
    // grenadiers (+2), as the contact roll reads them.
    assert_eq!(r.immobilise_in_6(&s, red), 1);
    assert_eq!(r.immobilise_in_6(&s, bombers), 3);
}

#[test]
fn armoured_cars_hurt_by_close_mg_fire_only_and_off_road_breakdowns() {
    let (r, mut s, t, red) = tank();
    recast(&r, &mut s, t, "armoured_car");
    let mg = id(&r, "r_mg1");
    its_turn(&mut s, red);
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: red,
                target: t
            }
        )
        .contains("armoured car")
    );
    place(&mut s, mg, 40.0, 30.0, 180); // 6" away: close
    its_turn(&mut s, mg);
    assert_eq!(
        r.refusal(
            &s,
            s.unit(mg).side,
            &Action::Shoot {
                unit: mg,
                target: t
            }
        ),
        None
    );
    place(&mut s, mg, 40.0, 22.0, 180); // 14": not close
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: mg,
                target: t
            }
        )
        .contains("close-range")
    );
    // On open ground a fast move needs no test.
    s.unit_mut(red).status = Status::Waiting;
    s.unit_mut(mg).status = Status::Waiting;
    its_turn(&mut s, t);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(8),
        },
    );
    let ev = act(&r, &mut s, Action::Done { unit: t });
    assert!(!ev.iter().any(|x| matches!(x, Event::VehicleDie { .. })));
    // Up the rise (a normal hill, half speed for cars) it tests: 4" costs 8.
    place(&mut s, t, 28.0, 6.0, 90);
    its_turn(&mut s, t);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(4),
        },
    );
    dice(&mut s, &[1]);
    let ev = act(&r, &mut s, Action::Done { unit: t });
    assert!(
        ev.iter().any(|x| matches!(
            x,
            Event::VehicleDie {
                check: VehicleCheck::Speed,
                result: VehicleResult::BrokenDown,
                ..
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn trains_the_railway_raid_train_runs_and_its_troops_get_off_in_random_games() {
    use engine::runner::{RunSettings, random_game};
    let r = load("railway_raid");
    let (mut runs, mut off, mut fire) = (0, 0, 0);
    for seed in 0..3 {
        let g = random_game(r.clone(), &Options::new(), seed, &RunSettings::default()).unwrap();
        for d in g.game.history() {
            match d.action {
                Action::RunTrain { .. } => runs += 1,
                Action::Disembark { .. } => off += 1,
                Action::Fire { .. } => fire += 1,
                _ => {}
            }
        }
    }
    eprintln!("train runs {runs}, disembarks {off}, other fire {fire}");
    assert!(runs > 0, "the train never ran");
    assert!(off + fire > 0);
}

#[test]
fn trains_a_train_captured_and_taken_off_the_table_loses_the_game() {
    let (r, mut s, e) = train();
    // Losing the train would break the Whites by the flight figure first.
    let r = RedActions::new({
        let mut sc = (*r.scenario).clone();
        sc.victory.flight = false;
        sc
    });
    for k in TRAIN {
        s.unit_mut(id(&r, k)).formation.front.at.x.0 += 2400;
    }
    let white = s.unit(e).side;
    let troops = id(&r, "w_train_troops");
    // With troops aboard the train is defended.
    let sq = id(&r, "r_sq1");
    place(&mut s, sq, 64.0, 17.0, 0);
    its_turn(&mut s, sq);
    let ev = act(&r, &mut s, Action::Done { unit: sq });
    assert!(!ev.iter().any(|x| matches!(x, Event::TrainCaptured { .. })));
    s.unit_mut(troops).status = Status::Gone;
    its_turn(&mut s, sq);
    let ev = act(&r, &mut s, Action::Done { unit: sq });
    assert!(
        ev.iter().any(|x| matches!(x, Event::TrainCaptured { .. })),
        "{ev:?}"
    );
    assert_ne!(s.unit(e).side, white, "the Reds run it now");
    assert_eq!(s.unit(e).kit.captured_from, Some(white));
    assert!(r.points_lost(&s, white) > 0, "lost to its owner");
    assert_eq!(r.points_lost(&s, white.other()), 0, "not to its captor");
    s.unit_mut(sq).status = Status::Waiting;
    run(&r, &mut s, e, 100);
    assert!(s.outcome.is_none());
    run(&r, &mut s, e, 200);
    let o = s.outcome.clone().expect("the game is over");
    assert_eq!(o.winner, Some(white.other()), "{}", o.reason);
}

#[test]
fn tanks_an_intact_tank_lost_to_capture_counts_against_its_owner() {
    let (r, mut s, t, red) = tank();
    let reg2 = id(&r, "r_reg2");
    place(&mut s, red, 40.0, 34.0, 180); // 2" ahead: the nearest enemy
    place(&mut s, reg2, 40.0, 41.5, 0); // 3" behind it
    s.unit_mut(t).routing = true;
    its_turn(&mut s, t);
    let ev = act(&r, &mut s, Action::Rout { unit: t });
    assert!(
        ev.iter().any(|x| matches!(x, Event::TankCaptured { .. })),
        "{ev:?}"
    );
    assert_eq!(s.unit(t).status, Status::Gone);
    assert_eq!(r.tanks_captured(&s, s.unit(t).side), 1);
    assert_eq!(r.tanks_captured(&s, s.unit(red).side), 0);
}

#[test]
fn trains_troops_aboard_fire_rifles_from_their_car_even_while_it_moves() {
    let (r, mut s, e) = train();
    let troops = id(&r, "w_train_troops");
    let sq = id(&r, "r_sq1");
    s.unit_mut(e).kit.train_speed = Inches(200);
    // South of the wagon (front at 34", its middle at 32").
    place(&mut s, sq, 32.0, 24.0, 0);
    its_turn(&mut s, troops);
    let sums = r
        .aboard_sums(&s, troops, sq)
        .expect("in arc from the car's side");
    // 2 Volunteer bases at close range (8" of 16").
    assert_eq!((sums.halves, sums.long_range), (4, false));
    dice(&mut s, &[4, 4]);
    let ev = act(
        &r,
        &mut s,
        Action::Shoot {
            unit: troops,
            target: sq,
        },
    );
    assert!(ev.iter().any(|x| matches!(x, Event::Shot { .. })));
    assert_eq!(s.unit(troops).status, Status::Waiting, "still aboard");
    // Straight ahead of the train is not out of a side.
    place(&mut s, sq, 60.0, 16.5, 270);
    assert!(r.aboard_sums(&s, troops, sq).is_none());
}

#[test]
fn trains_backing_over_the_table_edge_takes_the_train_off() {
    let (r, mut s, e) = train();
    for k in TRAIN {
        s.unit_mut(id(&r, k)).formation.front.at.x.0 -= 2900; // the wagon's rear at 1"
    }
    run(&r, &mut s, e, -100);
    assert_eq!(s.unit(e).status, Status::OnTable, "its rear on the edge");
    run(&r, &mut s, e, -200);
    for k in TRAIN {
        assert_eq!(s.unit(id(&r, k)).status, Status::Gone, "{k}");
    }
}

#[test]
fn vehicles_the_log_words_each_roll_with_its_arithmetic() {
    let (r, mut s, t, _) = tank();
    its_turn(&mut s, t);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: t,
            distance: Inches::whole(3),
        },
    );
    dice(&mut s, &[1]);
    let ev = act(&r, &mut s, Action::Done { unit: t });
    let words = r.describe_events(&s, &ev, None);
    assert!(
        words
            .iter()
            .flatten()
            .any(|w| w.contains("after a fast move: d6 1: it breaks down")),
        "{words:?}"
    );
    let (r, mut s, e) = train();
    s.unit_mut(e).kit.train_speed = Inches(100);
    let ev = run(&r, &mut s, e, 50);
    let words = r.describe_events(&s, &ev, None);
    assert!(
        words
            .iter()
            .flatten()
            .any(|w| w.contains("train runs 0.5\" ahead and comes to a stand")),
        "{words:?}"
    );
}

#[test]
fn moving_and_shooting_mgs_pivot_up_to_45_degrees_then_fire() {
    let (r, mut s) = quiet("wired_position", &[]);
    let mg = id(&r, "r_mg1");
    let white = id(&r, "w_vol1");
    place(&mut s, mg, 30.0, 30.0, 0);
    // 10" off, 40 degrees right of the MG's front.
    place(&mut s, white, 36.4, 22.3, 220);
    its_turn(&mut s, mg);
    refused(
        &r,
        &s,
        Action::Shoot {
            unit: mg,
            target: white,
        },
    );
    assert!(
        refused(
            &r,
            &s,
            Action::Pivot {
                unit: mg,
                angle: Degrees(460)
            }
        )
        .contains("at most")
    );
    act(
        &r,
        &mut s,
        Action::Pivot {
            unit: mg,
            angle: Degrees(400),
        },
    );
    assert_eq!(s.unit(mg).formation.front.facing, Degrees(400));
    assert!(
        refused(
            &r,
            &s,
            Action::Advance {
                unit: mg,
                distance: Inches(50)
            }
        )
        .contains("fires before")
    );
    assert_eq!(
        r.refusal(
            &s,
            s.unit(mg).side,
            &Action::Shoot {
                unit: mg,
                target: white
            }
        ),
        None
    );
    // Riflemen do not pivot: they turn.
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 20.0, 40.0, 0);
    its_turn(&mut s, reg);
    refused(
        &r,
        &s,
        Action::Pivot {
            unit: reg,
            angle: Degrees(200),
        },
    );
}

#[test]
fn moving_and_shooting_rifles_turn_before_firing_but_not_advance() {
    let (r, mut s) = quiet("wired_position", &[]);
    let reg = id(&r, "r_reg1");
    let white = id(&r, "w_vol1");
    place(&mut s, reg, 30.0, 30.0, 0);
    place(&mut s, white, 30.0, 40.0, 0); // 10" behind it
    its_turn(&mut s, reg);
    refused(
        &r,
        &s,
        Action::Shoot {
            unit: reg,
            target: white,
        },
    );
    act(
        &r,
        &mut s,
        Action::Turn {
            unit: reg,
            turn: red_actions::geometry::Turn::About,
        },
    );
    assert_eq!(
        r.refusal(
            &s,
            s.unit(reg).side,
            &Action::Shoot {
                unit: reg,
                target: white
            }
        ),
        None
    );
    // Having advanced, it may not.
    let (r, mut s) = quiet("wired_position", &[]);
    place(&mut s, reg, 30.0, 30.0, 180);
    place(&mut s, white, 30.0, 42.0, 0);
    its_turn(&mut s, reg);
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: reg,
            distance: Inches::whole(1),
        },
    );
    assert!(
        refused(
            &r,
            &s,
            Action::Shoot {
                unit: reg,
                target: white
            }
        )
        .contains("before it moves")
    );
}

/// Trains: "Troops may fire rifles from within the train", and they can be
/// fired back at (our reading, rulings.md, Trains): a shot at them is
/// measured to their car and they count as in hard cover; the Shooting
/// Table's results fall on them, not on the car; a retire does not move
/// them; routing, they jump down on the side away from the enemy and run.
#[test]
fn trains_troops_aboard_are_shot_at_through_their_car_in_hard_cover() {
    let (r, mut s, _) = train();
    let troops = id(&r, "w_train_troops");
    let wagon = id(&r, "w_train_wagon");
    // Tachankas 3" south of the wagon's side, firing over their rear.
    let sq = id(&r, "r_tach");
    place(&mut s, sq, 32.0, 20.0, 180);
    s.unit_mut(sq).order = Order::Line;
    s.unit_mut(sq).formation.order = Order::Line.geometry();
    its_turn(&mut s, sq);
    let shoot = Action::Shoot {
        unit: sq,
        target: troops,
    };
    let red = s.unit(sq).side;
    assert_eq!(r.refusal(&s, red, &shoot), None);
    assert_eq!(r.cover_of(&s, troops), Cover::Hard, "the car's sides");
    let sums = r
        .fire_sums(&s, sq, troops)
        .expect("the car in arc and range");
    assert!(!sums.long_range);
    // Hard cover, and the MGs' close-range shift.
    let m = &r.sc().tables.shooting_modifiers;
    assert_eq!(
        sums.shift,
        r.sc().tables.cover.wood as i32 + m.mg_close_columns as i32,
        "{sums:?}"
    );
    let odds = r.odds_of(&s, red, &shoot).expect("a roll follows");
    assert!(!odds.parts.is_empty());
    // Only direct fire reaches them.
    assert!(
        refused(
            &r,
            &s,
            Action::Fire {
                unit: sq,
                target: troops,
                mode: FireMode::Speculative
            }
        )
        .contains("direct fire")
    );
    // A roll with a Kill!: a base of the troops goes, not the car; the
    // troops' fear test (6+6: failed) makes them jump down north, away
    // from the tachankas, and run.
    let kill = (2..=12u8).find_map(|roll| {
        let mut t = s.clone();
        dice(&mut t, &[roll / 2, roll - roll / 2, 6, 6, 6, 6, 6, 6]);
        let ev = act(&r, &mut t, shoot);
        let killed = ev.iter().any(
            |e| matches!(e, Event::Shot { target, result, .. } if *target == troops && result.kill),
        );
        killed.then_some((t, ev))
    });
    let (t, ev) = kill.expect("some roll kills at close range");
    r.check_invariants(&t).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::BaseLost { unit } if *unit == troops))
    );
    assert_eq!(t.unit(wagon).status, Status::OnTable, "the car is not hurt");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest { unit, test: Test::Fear, passed: false, .. } if *unit == troops
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Disembarked { unit } if *unit == troops))
    );
    let u = t.unit(troops);
    assert!(u.on_table() && u.routing, "{:?}", u.status);
    assert!(
        u.formation.front.at.y < Inches::whole(16),
        "north of the line, away from the tachankas: {:?}",
        u.formation.front.at
    );
    // Not yet acted, they may fire back at once from close range.
    let mut t = s.clone();
    t.unit_mut(troops).acted = false;
    act(&r, &mut t, shoot);
    assert_eq!(
        r.question(&t).map(|q| q.ask),
        Some(Ask::ReturnFire {
            shooter: sq,
            target: troops
        })
    );
    // In their own segment they may rally from terror without getting off.
    let mut t = s.clone();
    t.unit_mut(troops).terror = 1;
    its_turn(&mut t, troops);
    act(&r, &mut t, Action::RallyTerror { unit: troops });
    assert_eq!(t.unit(troops).terror, 0);
    assert_eq!(t.unit(troops).status, Status::Waiting, "still aboard");
}

/// Trains: a gun's direct hits aimed at troops aboard land on their car,
/// read with the vehicle numbers; a wagon goes at its first hit with
/// everyone in it.
#[test]
fn trains_direct_hits_at_troops_aboard_land_on_their_car() {
    let (r, mut s, guns, _) = battery();
    let troops = id(&r, "w_train_troops");
    let wagon = id(&r, "w_train_wagon");
    place(&mut s, guns, 33.0, 30.0, 0);
    let n = r
        .direct_hit_number(&s, guns, troops, Inches::whole(13), 0)
        .unwrap();
    assert_eq!((n.kind, n.card), (HitKind::StationaryVehicle, 9));
    its_turn(&mut s, guns);
    // Both bases hit (6+6), then the train's fear test.
    dice(&mut s, &[6, 6, 6, 6, 1, 1]);
    let ev = act(
        &r,
        &mut s,
        Action::Shoot {
            unit: guns,
            target: troops,
        },
    );
    r.check_invariants(&s).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::DirectHit { hit: true, .. }))
    );
    assert_eq!(s.unit(wagon).status, Status::Gone);
    assert_eq!(s.unit(troops).status, Status::Gone, "lost with their wagon");
}

/// Morale Tests ("+/- any junior or senior officer's morale effect", "-2 if
/// an enemy unit is behind the unit's flanks within 300m (12")") for troops
/// aboard a train: they stand where their car does (our reading, rulings.md,
/// Trains). A senior officer near the wagon counts, one near the place the
/// troops' own formation was left does not; they look out of both sides of
/// the wagon, so an enemy beyond either end of it is behind their flanks,
/// one alongside is not; the wagon's hard cover is not works (no +2).
#[test]
fn trains_troops_aboard_take_their_morale_modifiers_from_their_car() {
    let (r, mut s, _) = train();
    let troops = id(&r, "w_train_troops");
    let colonel = id(&r, "w_colonel");
    assert_eq!(s.unit(troops).status, Status::Waiting, "aboard");
    // The troops' own formation, left far from the wagon (x 30 to 34").
    s.unit_mut(troops).formation.front.at = pt(60.0, 40.0);
    // A senior officer with a morale effect, 2.5" south of the wagon.
    let token = (0..64u16)
        .find(|&t| {
            r.token_at(&s, colonel, t)
                .is_some_and(|k| k.level == red_actions::scenario::Level::Senior && k.morale != 0)
        })
        .expect("a senior token with a morale effect");
    s.unit_mut(colonel).officer = Some(red_actions::state::Officer { token });
    let effect = r.token_at(&s, colonel, token).unwrap().morale as i32;
    place(&mut s, colonel, 32.0, 19.0, 0);
    assert_eq!(r.senior_modifier(&s, troops), effect);
    place(&mut s, colonel, 60.0, 43.0, 0);
    assert_eq!(r.senior_modifier(&s, troops), 0, "not by their old place");
    s.unit_mut(colonel).status = Status::Waiting;
    // Red sabres 4" south of the track beyond the wagon's front end (x 34").
    let sq = id(&r, "r_sq1");
    place(&mut s, sq, 37.0, 20.0, 0);
    assert!(r.enemy_behind_flank(&s, troops));
    assert_eq!(
        r.position_modifier(&s, troops),
        r.sc().tables.morale.enemy_behind_flank as i32
    );
    // Alongside the wagon: in front of one side.
    place(&mut s, sq, 32.0, 20.0, 0);
    assert!(!r.enemy_behind_flank(&s, troops));
    assert_eq!(r.position_modifier(&s, troops), 0);
}

/// Morale Tests: "A routing unit of equal or better class passes within
/// 200m (8")" is a serious test, for troops aboard a train too: they stand
/// where their car does (rulings.md, Trains). The Plastoons (class 3, as
/// the landing party's Volunteers) rout east from 10" west of the troop
/// wagon's rear, 6" south of its line, and pass within 8" of the wagon:
/// the troops aboard test (a failed test's retire leaves them aboard). A
/// router ending 8" short of it passes none.
#[test]
fn morale_tests_a_router_passing_within_8_inches_of_their_car_tests_troops_aboard() {
    let (r, mut s, _) = train();
    let troops = id(&r, "w_train_troops");
    let wagon = id(&r, "w_train_wagon");
    assert_eq!(r.riding_in(&s, troops), Some(wagon));
    // Their own formation left far away: only the car counts.
    s.unit_mut(troops).formation.front.at = pt(60.0, 40.0);
    let plast = id(&r, "w_plast");
    let sq = id(&r, "r_sq1");
    let setup = |s: &mut State, x: f64| {
        place(s, plast, x, 22.0, 90);
        s.unit_mut(plast).order = Order::Line;
        s.unit_mut(plast).formation.order = Order::Line.geometry();
        s.unit_mut(plast).routing = true;
        s.unit_mut(plast).hidden = false;
        // Red sabres behind them: they run on east.
        place(s, sq, x - 10.0, 22.0, 90);
        s.unit_mut(sq).hidden = false;
        its_turn(s, plast);
    };
    let speed = r.troop(s.unit(plast)).speed;
    setup(&mut s, 20.0);
    let run = r.rout_run(&s, plast, speed);
    assert_eq!(run.moved, speed);
    assert!(run.near.contains(&troops), "{run:?}");
    let ev = act(&r, &mut s, Action::Rout { unit: plast });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::MoraleTest {
                unit,
                test: Test::Serious,
                ..
            } if *unit == troops
        )),
        "{ev:?}"
    );
    assert_eq!(s.unit(troops).status, Status::Waiting, "still aboard");
    assert_eq!(r.riding_in(&s, troops), Some(wagon));
    // Farther off: the run ends more than 8" short of the wagon's rear.
    let (r, mut s, _) = train();
    s.unit_mut(troops).formation.front.at = pt(60.0, 40.0);
    setup(&mut s, 30.0 - 8.5 - speed.0 as f64 / 100.0);
    let run = r.rout_run(&s, plast, speed);
    assert!(!run.near.contains(&troops), "{run:?}");
}

/// Tanks: "When it crosses any obstacle other than barbed wire, at any
/// speed, roll another d6." A charge is a move: a tank charging across the
/// village's south hedge rolls for it when it goes in, here in its
/// target's answer (standing).
#[test]
fn tanks_a_charging_tank_rolls_for_the_obstacle_it_crosses() {
    let (r, mut s) = empty(RED);
    let (tank, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
    recast(&r, &mut s, tank, "tank");
    place(&mut s, tank, 30.0, 34.5, 0);
    s.unit_mut(tank).acted = false;
    s.unit_mut(tank).officer = None;
    place(&mut s, vol, 30.0, 31.0, 180);
    // Charge test 2+2, the Volunteers' fear test 3+3.
    dice(&mut s, &[2, 2, 3, 3]);
    act(
        &r,
        &mut s,
        Action::Charge {
            unit: tank,
            target: vol,
        },
    );
    assert_eq!(r.decider(&s), Some(WHITE), "{:?}", s.questions);
    // The troops' d6 against the tank 2, then the hedge's die 5.
    dice(&mut s, &[2, 5]);
    let ev = act(&r, &mut s, Action::StandCharge { unit: vol });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::VehicleDie {
                check: VehicleCheck::Obstacle,
                die: 5,
                ..
            }
        )),
        "{ev:?}"
    );
}
