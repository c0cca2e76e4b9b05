//! Charging, Hand-to-Hand Combat (the Combat Table and its modifiers),
//! Combat Results, Officer Casualties in combat, Pursuit, Routing through
//! friends and prisoners, on set positions with dice set on the table.

use engine::param::{Degrees, Inches};
use engine::{Ruleset, Side};
use red_actions::RedActions;
use red_actions::geometry::Aspect;
use red_actions::state::{Action, Event, Order, Phase, State, Status, Test, UnitId};
use red_actions::tables::{CombatResult, Tables};

mod common;
use common::*;

/// Dice in the order they are rolled.
fn roll(s: &mut State, dice: &[u8]) {
    s.loaded = dice.iter().rev().copied().collect();
}

fn charge(r: &RedActions, s: &mut State, unit: UnitId, target: UnitId) -> Vec<Event> {
    let mut ev = Vec::new();
    let side = s.unit(unit).side;
    r.apply(s, side, &Action::Charge { unit, target }, &mut ev)
        .unwrap_or_else(|e| panic!("{e:?}"));
    r.check_invariants(s).unwrap();
    ev
}

fn answer(r: &RedActions, s: &mut State, side: Side, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    r.apply(s, side, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{e:?}"));
    r.check_invariants(s).unwrap();
    ev
}

fn combat(ev: &[Event]) -> Option<&Event> {
    ev.iter().find(|e| matches!(e, Event::Combat { .. }))
}

fn answers(r: &RedActions, s: &State, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    r.choices_opened(s, side, &mut out);
    out
}

#[test]
fn charging_sabres_charge_rifles_who_stand_and_fight_on_the_combat_table() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let line = s.unit(vol).formation.front.at;
    // Charge test 3+3 (7 needed), fear test 4+4 (8), then the fight: 3+4.
    roll(&mut s, &[3, 3, 4, 4, 3, 4]);
    let ev = charge(&r, &mut s, cav, vol);
    assert!(ev.iter().any(|e| matches!(e, Event::MoraleTest { unit, test: Test::Charge, passed: true, .. } if *unit == cav)));
    assert!(ev.iter().any(|e| matches!(e, Event::MoraleTest { unit, test: Test::Fear, passed: true, .. } if *unit == vol)));
    // White decides out of Red's segment: stand or flee (it has acted: no fire).
    assert_eq!(r.decider(&s), Some(WHITE));
    assert_eq!(
        answers(&r, &s, WHITE),
        vec![
            Action::StandCharge { unit: vol },
            Action::FleeCharge { unit: vol }
        ]
    );
    assert_eq!(r.rules_section(&s), "charging");
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    let Some(Event::Combat {
        strength,
        charger_stronger,
        column,
        result,
        percent,
        ..
    }) = combat(&ev)
    else {
        panic!("no fight: {ev:?}")
    };
    // 4 × 3 bases against 3 × 4 bases: equal, the charger reads Advantage.
    assert_eq!(strength[0], strength[1]);
    assert_eq!(*percent, [0, 0]);
    assert!(*charger_stronger);
    assert_eq!(*column, 0);
    assert_eq!(result.to_string(), "W/Ret 1T");
    // The volunteers retire 3" (they face east: back is west) with 1 terror.
    assert_eq!(s.unit(vol).terror, 1);
    assert_eq!(s.unit(vol).formation.front.at.x, Inches(line.x.0 - 300));
    // The chargers stand where they met the line, their segment over.
    let cavx = s.unit(cav).formation.front.at.x.0;
    assert!((3200..3210).contains(&cavx), "contact at x={cavx}");
    assert!(s.unit(cav).acted);
    let words = r.describe_events(&s, &ev, None);
    assert!(
        words
            .iter()
            .flatten()
            .any(|w| w.contains("column Adv") && w.contains("2d6 3+4 = 7")),
        "{words:?}"
    );
}

#[test]
fn combat_table_example_equal_strength_the_charger_uses_the_advantage_column() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    let sums = r.combat_sums(&s, cav, vol, Aspect::Front, false);
    assert_eq!(sums.strength[0], sums.strength[1]);
    assert!(sums.charger_stronger);
    assert_eq!(sums.column, 0);
    // The same strengths the other way round: the new charger is stronger.
    let back = r.combat_sums(&s, vol, cav, Aspect::Front, false);
    assert!(back.charger_stronger);
}

#[test]
fn charging_a_failed_charge_test_means_no_charge_this_turn() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[4, 4]);
    let ev = charge(&r, &mut s, cav, vol);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest {
            test: Test::Charge,
            passed: false,
            ..
        }
    )));
    assert!(s.unit(cav).charge_failed);
    assert!(combat(&ev).is_none());
    // Otherwise unaffected: its segment goes on and it may still move.
    assert!(matches!(s.phase, Phase::Acting(seg) if seg.unit == cav));
    let refusal = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(refusal.contains("failed a charge test"), "{refusal}");
    assert!(
        answers(&r, &s, RED)
            .iter()
            .any(|a| matches!(a, Action::Advance { .. }))
    );
}

#[test]
fn charging_riflemen_may_not_charge_sabres_from_the_front() {
    let (r, mut s) = empty(RED);
    let (reg, cos) = (id(&r, "r_reg1"), id(&r, "w_cossacks"));
    place(&mut s, reg, 40.0, 40.0, 270);
    place(&mut s, cos, 36.0, 40.0, 90);
    s.unit_mut(reg).acted = false;
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: reg,
                target: cos,
            },
        )
        .unwrap();
    assert!(why.contains("sabres from the front"), "{why}");
    // From behind them it may.
    place(&mut s, cos, 36.0, 40.0, 270);
    place(&mut s, reg, 40.5, 40.0, 270);
    s.unit_mut(cos).formation.front.at.x = Inches(3600);
    let why = r.refusal(
        &s,
        RED,
        &Action::Charge {
            unit: reg,
            target: cos,
        },
    );
    assert!(
        why.as_deref().is_none_or(|w| !w.contains("from the front")),
        "{why:?}"
    );
}

#[test]
fn charging_machine_guns_artillery_and_mortars_never_charge() {
    let (r, mut s) = empty(RED);
    let (mg, guns, vol) = (id(&r, "r_mg"), id(&r, "r_guns"), id(&r, "w_vol1"));
    place(&mut s, vol, 32.0, 40.0, 90);
    for u in [mg, guns] {
        place(&mut s, u, 36.0, 40.0, 270);
        s.unit_mut(u).acted = false;
        let why = r
            .refusal(
                &s,
                RED,
                &Action::Charge {
                    unit: u,
                    target: vol,
                },
            )
            .unwrap();
        assert!(why.contains("cannot charge"), "{why}");
        s.unit_mut(u).status = Status::Waiting;
    }
}

#[test]
fn charging_reach_is_the_cards_speed() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // 12" of speed: a gap of 11.9" is reached, 12.1" is not.
    place(&mut s, cav, 43.9, 40.0, 270);
    assert_eq!(
        r.refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol
            }
        ),
        None
    );
    place(&mut s, cav, 44.1, 40.0, 270);
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(why.contains("beyond its charge reach"), "{why}");
}

#[test]
fn charging_wheels_at_most_45_degrees() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // The target 8" away and 30° off: a wheel of about 30°.
    place(&mut s, cav, 39.0, 35.0, 205);
    let plan = r.charge_plan(&s, cav, vol, false).unwrap();
    assert!(
        plan.angle.0 > 250 && plan.angle.0 <= 450,
        "{:?}",
        plan.angle
    );
    // The target lies clockwise (to its right): it wheels right, pivoting
    // on its right front corner, the left end swinging forward.
    assert_eq!(plan.pivot, red_actions::geometry::Side::Right);
    assert_eq!(plan.contact.front.facing, Degrees(2050 + plan.angle.0));
    // About 63° off: refused.
    place(&mut s, cav, 39.0, 35.0, 180);
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(
        why.contains("45°") || why.contains("does not meet"),
        "{why}"
    );
}

#[test]
fn charging_a_pinned_unit_may_not_charge() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(cav).pinned = true;
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(why.contains("pinned"), "{why}");
}

#[test]
fn charging_the_target_must_be_seen() {
    let (r, mut s) = empty(RED);
    let (cav, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
    // The volunteers deep inside the birch wood (4" sight), the cavalry
    // outside it to the south.
    place(&mut s, vol, 61.0, 7.0, 180);
    place(&mut s, cav, 61.0, 19.0, 0);
    s.unit_mut(cav).acted = false;
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(
        why.contains("cannot see") || why.contains("beyond"),
        "{why}"
    );
}

#[test]
fn charging_a_target_that_fails_its_fear_test_routs_and_the_charger_decides() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[3, 3, 5, 5]);
    let ev = charge(&r, &mut s, cav, vol);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Routs { unit } if *unit == vol))
    );
    assert!(s.unit(vol).routing);
    // Red decides: halt or run on.
    assert_eq!(r.decider(&s), Some(RED));
    assert_eq!(
        answers(&r, &s, RED),
        vec![
            Action::HaltCharge { unit: cav },
            Action::RunOn { unit: cav }
        ]
    );
    let contact = s.charge.unwrap().contact;
    answer(&r, &mut s, RED, Action::HaltCharge { unit: cav });
    assert_eq!(
        s.unit(cav).formation,
        contact,
        "it halts where the target stood"
    );
    assert!(s.unit(cav).acted);
}

#[test]
fn charging_the_target_may_flee_a_frontal_charge_with_a_humiliated_marker() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[3, 3, 3, 3]);
    charge(&r, &mut s, cav, vol);
    answer(&r, &mut s, WHITE, Action::FleeCharge { unit: vol });
    assert_eq!(s.unit(vol).humiliated, 1);
    assert!(s.unit(vol).routing);
    assert!(s.unit(vol).acted, "fleeing uses its segment");
    assert_eq!(r.decider(&s), Some(RED));
}

/// The volunteers facing north, the cavalry at their right (east) end,
/// behind the line of their front.
fn flank() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    place(&mut s, vol, 32.0, 40.0, 0);
    place(&mut s, cav, 40.0, 41.8, 270);
    (r, s, cav, vol)
}

#[test]
fn charging_flank_charge_adds_one_terror_and_the_target_fights_at_half() {
    let (r, mut s, cav, vol) = flank();
    let plan = r.charge_plan(&s, cav, vol, false).unwrap();
    assert_eq!(plan.aspect, Aspect::Flank);
    roll(&mut s, &[3, 3, 3, 3, 3, 4]);
    let ev = charge(&r, &mut s, cav, vol);
    // No flight from a flank charge: stand is the only answer, so no question.
    assert!(s.questions.is_empty());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Terror { unit, added: 1 } if *unit == vol))
    );
    let Some(Event::Combat {
        percent, halves, ..
    }) = combat(&ev)
    else {
        panic!("{ev:?}")
    };
    assert_eq!(percent[1], -50);
    assert_eq!(halves[1], 6, "4 bases less 1 terror");
    // It turned to face the chargers.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Turned { unit, .. } if *unit == vol))
    );
}

#[test]
fn charging_rear_charge_adds_three_terror() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    place(&mut s, vol, 32.0, 40.0, 0);
    place(&mut s, cav, 32.0, 46.0, 0);
    let plan = r.charge_plan(&s, cav, vol, false).unwrap();
    assert_eq!(plan.aspect, Aspect::Rear);
    roll(&mut s, &[3, 3, 3, 3, 3, 4]);
    let ev = charge(&r, &mut s, cav, vol);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Terror { unit, added: 3 } if *unit == vol))
    );
    let Some(Event::Combat { percent, .. }) = combat(&ev) else {
        panic!("{ev:?}")
    };
    assert_eq!(percent[1], -50, "the ½ applies once");
}

#[test]
fn charging_fire_with_a_retire_result_cancels_the_charge() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).acted = false;
    // A roll of the Shooting Table that gives a retire (and no Kill!).
    let sums = r.fire_sums(&s, vol, cav).expect("in range");
    let t = &r.sc().tables;
    let col = t.shooting_column(sums.total).unwrap() as i32 + sums.shift;
    let hit = (2..=12u8)
        .find(|&x| {
            let e = t.shooting_cell(x, col);
            e.retire && !e.kill && !e.serious && e.terror == 0
        })
        .expect("a plain retire somewhere in the column");
    let (a, b) = (hit / 2, hit - hit / 2);
    roll(&mut s, &[3, 3, 3, 3, a, b]);
    charge(&r, &mut s, cav, vol);
    assert!(answers(&r, &s, WHITE).contains(&Action::ShootChargers { unit: vol }));
    let ev = answer(&r, &mut s, WHITE, Action::ShootChargers { unit: vol });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeCancelled { unit } if *unit == cav))
    );
    assert!(combat(&ev).is_none());
    assert!(s.unit(vol).acted, "its fire used its segment");
}

#[test]
fn charging_fire_without_effect_and_the_charge_goes_in() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).acted = false;
    let sums = r.fire_sums(&s, vol, cav).unwrap();
    let t = &r.sc().tables;
    let col = t.shooting_column(sums.total).map_or(-1, |c| c as i32) + sums.shift;
    let miss = (2..=12u8)
        .find(|&x| t.shooting_cell(x, col).is_none())
        .expect("a miss");
    let (a, b) = (miss / 2, miss - miss / 2);
    roll(&mut s, &[3, 3, 3, 3, a, b, 3, 4]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::ShootChargers { unit: vol });
    assert!(combat(&ev).is_some(), "{ev:?}");
}

#[test]
fn charging_cavalry_charged_frontally_by_cavalry_may_counter_charge() {
    let (r, mut s) = empty(RED);
    let (cav, cos) = (id(&r, "r_cav"), id(&r, "w_cossacks"));
    place(&mut s, cav, 40.0, 40.0, 270);
    place(&mut s, cos, 32.0, 40.0, 90);
    s.unit_mut(cav).acted = false;
    s.unit_mut(cav).order = Order::Line;
    s.unit_mut(cos).acted = false;
    s.unit_mut(cos).order = Order::Line;
    let x0 = s.unit(cos).formation.front.at.x.0;
    roll(&mut s, &[3, 3, 3, 3, 3, 4]);
    charge(&r, &mut s, cav, cos);
    assert!(answers(&r, &s, WHITE).contains(&Action::CounterCharge { unit: cos }));
    let ev = answer(&r, &mut s, WHITE, Action::CounterCharge { unit: cos });
    // They meet half-way: the Cossacks rode about 4" of the 8".
    assert!(ev.iter().any(|e| matches!(e, Event::CounterCharged { .. })));
    assert!(combat(&ev).is_some());
    let moved = ev
        .iter()
        .find_map(|e| match e {
            Event::Moved { unit, charged } if *unit == cos => Some(charged.0),
            _ => None,
        })
        .unwrap();
    assert!((390..=410).contains(&moved), "{moved} (from x {x0})");
}

#[test]
fn charging_guns_crews_surrender_rather_than_fight() {
    let (r, mut s, cav, _) = cavalry_and_volunteers();
    let guns = id(&r, "w_guns");
    s.unit_mut(id(&r, "w_vol1")).status = Status::Waiting;
    place(&mut s, guns, 32.0, 40.0, 90);
    roll(&mut s, &[3, 3, 3, 3]);
    let ev = charge(&r, &mut s, cav, guns);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CrewSurrendered { unit } if *unit == guns))
    );
    assert_eq!(s.unit(guns).status, Status::Gone);
    assert!(combat(&ev).is_none());
}

#[test]
fn charging_mortar_crews_rout_and_are_removed() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let mortar = r
        .sc()
        .troops
        .iter()
        .position(|t| t.category == red_actions::scenario::Category::Mortar)
        .unwrap();
    // The company made a mortar crew for the test: the army's starting
    // points no longer add up, so the invariants are not checked here.
    s.unit_mut(vol).troop = mortar as u16;
    roll(&mut s, &[3, 3]);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Charge {
            unit: cav,
            target: vol,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(vol).status, Status::Gone);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::MoraleTest { unit, .. } if *unit == vol)),
        "no fear test: they just run"
    );
}

#[test]
fn charging_running_on_charges_the_unit_in_the_way_which_may_not_shoot() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let vol2 = id(&r, "w_vol2");
    // A second company 3" behind the first, facing east too.
    place(&mut s, vol2, 29.0, 40.0, 90);
    s.unit_mut(vol2).acted = false;
    // Charge test, fear test failed by the first company (it routs), then
    // the second company's fear test and the fight.
    roll(&mut s, &[3, 3, 6, 6, 3, 3, 3, 4]);
    charge(&r, &mut s, cav, vol);
    if s.unit(vol).status == Status::OnTable {
        assert!(s.unit(vol).routing);
    }
    let ev = answer(&r, &mut s, RED, Action::RunOn { unit: cav });
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == vol2)
        ),
        "{ev:?}"
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Shot { .. })));
    assert!(combat(&ev).is_some(), "{ev:?}");
}

/// Charging and Ambushes: a charger running on after its target fled makes
/// a move, and "an ambush can be sprung during another player's action,
/// providing that action was a move that brought the unit closer". White's
/// MG in ambush north of the line is asked when the sabres come near it on
/// their way, before their clash with the second company in their way (as
/// ambushers are asked before the fight of a first charge's move into
/// contact); the clash follows the answer.
#[test]
fn charging_running_on_ambushers_it_comes_near_are_asked_before_the_clash() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let (vol2, mg) = (id(&r, "w_vol2"), id(&r, "w_mg"));
    place(&mut s, vol2, 29.0, 40.0, 90);
    s.unit_mut(vol2).acted = false;
    place(&mut s, mg, 33.0, 33.0, 180);
    s.unit_mut(mg).ambush = true;
    s.unit_mut(mg).hidden = true;
    // Charge test 3+3, the first company's fear test 6+6: it routs.
    roll(&mut s, &[3, 3, 6, 6, 3, 3]);
    charge(&r, &mut s, cav, vol);
    assert_eq!(r.decider(&s), Some(RED));
    assert!(
        !r.may_spring(&s, mg, cav),
        "not from where the sabres stand"
    );
    s.loaded.clear();
    let ev = answer(&r, &mut s, RED, Action::RunOn { unit: cav });
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::ChargeDeclared { unit, target, .. } if *unit == cav && *target == vol2)
        ),
        "it meets the second company: {ev:?}"
    );
    assert_eq!(
        s.questions.last().map(|q| (q.side, q.ask)),
        Some((
            WHITE,
            red_actions::state::Ask::SpringAmbush {
                unit: mg,
                target: cav
            }
        )),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == vol2
        )) && combat(&ev).is_none(),
        "the clash waits for the ambushers: {ev:?}"
    );
    // Lying low: the second company's fear test 3+3, then the fight 3+4.
    roll(&mut s, &[3, 3, 3, 4]);
    let ev = answer(&r, &mut s, WHITE, Action::LieLow { unit: mg });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::MoraleTest { unit, test: Test::Fear, passed: true, .. } if *unit == vol2
        )),
        "{ev:?}"
    );
    assert!(combat(&ev).is_some(), "{ev:?}");
    assert!(s.questions.is_empty() && s.charge.is_none());
    assert!(s.unit(mg).ambush, "the ambush kept its secret");
}

#[test]
fn combat_modifiers_formed_cavalry_charging_adds_a_quarter() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(cav).order = Order::Formed;
    let sums = r.combat_sums(&s, cav, vol, Aspect::Front, false);
    assert_eq!(sums.percent, [25, 0]);
    assert_eq!(sums.strength[0], 4 * 6 * 125);
    assert_eq!(sums.column, 0, "3000 : 2400 is 1.25, below 3:2");
}

#[test]
fn combat_modifiers_defending_cover_and_uphill() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // In the birch wood (cover).
    place(&mut s, vol, 58.0, 9.0, 90);
    let sums = r.combat_sums(&s, cav, vol, Aspect::Front, false);
    assert_eq!(sums.percent[1], 25);
    // On Windmill hill against cavalry below it: uphill for the defender.
    place(&mut s, vol, 13.0, 39.0, 90);
    place(&mut s, cav, 30.0, 40.0, 270);
    let sums = r.combat_sums(&s, cav, vol, Aspect::Front, false);
    assert_eq!(sums.percent[1], 25);
    // Flank and cover together: +25 − 50.
    place(&mut s, vol, 58.0, 9.0, 90);
    let sums = r.combat_sums(&s, cav, vol, Aspect::Flank, false);
    assert_eq!(sums.percent[1], -25);
}

#[test]
fn combat_ratio_columns_at_their_thresholds() {
    // (stronger, weaker) at n−1, n, n+1 of each column's ratio.
    for (s, w, col) in [
        (100, 100, 0),
        (149, 100, 0),
        (150, 100, 1),
        (151, 100, 1),
        (199, 100, 1),
        (200, 100, 2),
        (201, 100, 2),
        (249, 100, 2),
        (250, 100, 3),
        (251, 100, 3),
        (299, 100, 3),
        (300, 100, 4),
        (301, 100, 4),
        (399, 100, 4),
        (400, 100, 5),
        (401, 100, 5),
        (10_000, 100, 5),
        (5, 0, 5),
    ] {
        assert_eq!(Tables::ratio_column(s, w), col, "{s}:{w}");
        assert_eq!(Tables::ratio_column(w, s), col, "either way round");
    }
}

/// The Combat Table as the rulebook prints it (003), rows 2d6 = 2..12.
const COMBAT_TABLE: [[&str; 6]; 11] = [
    [
        "S/Defeated",
        "S/Defeated",
        "S/Defeated",
        "S/Retires 2 x Ter",
        "S/Retires 1 x Ter",
        "S/Humiliated",
    ],
    [
        "S/Defeated",
        "S/Defeated",
        "S/Retires 2 x Ter",
        "S/Retires 1 x Ter",
        "S/Humiliated",
        "W/Retires 1 x Ter",
    ],
    [
        "S/Retires 3 x Ter",
        "S/Retires 3 x Ter",
        "S/Humiliated",
        "S/Humiliated",
        "W/Retires 1 x Ter",
        "W/Retires 2 x Ter",
    ],
    [
        "S/Retires 2 x Ter",
        "S/Retires 2 x Ter",
        "W/Retires 1 x Ter",
        "W/Retires 1 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
    ],
    [
        "S/Retires 1 x Ter",
        "W/Retires 1 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 3 x Ter",
        "W/Retires 3 x Ter",
    ],
    [
        "W/Retires 1 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 3 x Ter",
        "W/Defeated",
    ],
    [
        "W/Retires 1 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 3 x Ter",
        "W/Defeated",
        "W/Defeated",
    ],
    [
        "W/Retires 2 x Ter",
        "W/Retires 2 x Ter",
        "W/Retires 3 x Ter",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
    ],
    [
        "W/Retires 3 x Ter",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
    ],
    [
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Surrenders",
    ],
    [
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Defeated",
        "W/Surrenders",
        "W/Surrenders",
    ],
];

#[test]
fn combat_table_matches_the_rulebook_cell_by_cell() {
    let r = village();
    let t = &r.sc().tables;
    for (row, cells) in COMBAT_TABLE.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            let want = CombatResult::parse(cell).unwrap();
            assert_eq!(
                t.combat(col, row as u8 + 2),
                want,
                "2d6 {} column {col}",
                row + 2
            );
        }
    }
}

/// How good a result is for the stronger side (higher is better).
fn goodness(c: CombatResult) -> i32 {
    use red_actions::tables::{Outcome, Who};
    match (c.who, c.outcome) {
        (Who::Stronger, Outcome::Defeated) => 0,
        (Who::Stronger, Outcome::Retires(n)) => 4 - n as i32,
        (Who::Stronger, Outcome::Humiliated) => 4,
        (Who::Weaker, Outcome::Retires(n)) => 4 + n as i32,
        (Who::Weaker, Outcome::Defeated) => 8,
        (Who::Weaker, Outcome::Surrenders) => 9,
        _ => -1,
    }
}

#[test]
fn combat_table_is_monotone_in_the_roll_and_the_ratio() {
    let r = village();
    let t = &r.sc().tables;
    for roll in 2..=12u8 {
        for col in 0..6 {
            let g = goodness(t.combat(col, roll));
            assert!(g >= 0);
            if col > 0 {
                assert!(
                    g >= goodness(t.combat(col - 1, roll)),
                    "2d6 {roll} col {col}"
                );
            }
            if roll > 2 {
                assert!(
                    g >= goodness(t.combat(col, roll - 1)),
                    "2d6 {roll} col {col}"
                );
            }
        }
    }
}

/// The volunteers worn down to 2 half bases (3 terror on 4 bases): the
/// cavalry's 2400 against their 600 is 4:1.
fn four_to_one() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).terror = 3;
    let sums = r.combat_sums(&s, cav, vol, Aspect::Front, false);
    assert_eq!(sums.column, 5);
    (r, s, cav, vol)
}

#[test]
fn combat_results_surrenders_makes_the_weaker_prisoners() {
    let (r, mut s, cav, vol) = four_to_one();
    let lost = r.points_lost(&s, WHITE);
    roll(&mut s, &[3, 3, 3, 3, 6, 6]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Surrendered { unit } if *unit == vol))
    );
    assert_eq!(s.unit(vol).status, Status::Gone);
    // Prisoners count for the flight figure as captured.
    let per_base = r.troop(s.unit(vol)).points as u32;
    assert_eq!(r.points_lost(&s, WHITE), lost + 4 * per_base);
}

#[test]
fn combat_results_stronger_humiliated_takes_a_fear_test_and_the_weaker_retires_with_two_terror() {
    let (r, mut s, cav, vol) = four_to_one();
    // 2 at 4:1: S/Humiliated; the cavalry's fear test 3+3 passes (6).
    roll(&mut s, &[3, 3, 3, 3, 1, 1, 3, 3]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert_eq!(s.unit(cav).humiliated, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == cav))
    );
    // 3 + 2 terror on 4 bases: the volunteers rout, and the sabres pursue.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Terror { unit, added: 2 } if *unit == vol))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Pursuit { unit, .. } if *unit == cav))
    );
}

#[test]
fn combat_results_defeated_loses_two_bases_and_the_rest_rout() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // Adv column, 11: W/Defeated.
    roll(&mut s, &[3, 3, 3, 3, 5, 6]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::BaseLost { unit } if *unit == vol))
            .count(),
        2
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Routs { unit } if *unit == vol))
    );
}

#[test]
fn combat_results_stronger_retires_with_its_terror() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // Adv column, 4: S/Retires 3 x Ter: the chargers (stronger) go back 6".
    roll(&mut s, &[3, 3, 3, 3, 2, 2]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::Retired { unit, distance } if *unit == cav && distance.0 == 600)
        ),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Terror { unit, added: 3 } if *unit == cav))
    );
}

#[test]
fn combat_officer_casualties_one_is_lost_and_two_when_routing() {
    for (die, rout, lost) in [
        (1, false, true),
        (2, false, false),
        (2, true, true),
        (3, true, false),
    ] {
        let (r, mut s, cav, vol) = cavalry_and_volunteers();
        s.unit_mut(cav).officer = Some(red_actions::state::Officer { token: 0 });
        // Adv 7: W/Ret 1T (nobody routs); Adv 11: W/Defeated (the
        // volunteers rout): the roll is the charger's officer's either way.
        let fight: [u8; 2] = if rout { [5, 6] } else { [3, 4] };
        s.unit_mut(vol).officer = Some(red_actions::state::Officer { token: 0 });
        roll(
            &mut s,
            &[1, 1, 1, 1, fight[0], fight[1], 6, die, 3, 3, 3, 3],
        );
        charge(&r, &mut s, cav, vol);
        let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
        let rolls: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                Event::OfficerRoll {
                    unit,
                    die,
                    at_most,
                    killed,
                } => Some((*unit, *die, *at_most == 2, *killed)),
                _ => None,
            })
            .collect();
        assert_eq!(rolls[0], (cav, 6, false, false), "{rolls:?}");
        assert_eq!(rolls[1], (vol, die, rout, lost), "{rolls:?}");
        assert_eq!(s.unit(vol).officer.is_none(), lost);
    }
}

#[test]
fn pursuit_sabres_catch_slower_routers() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[3, 3, 3, 3, 5, 6]);
    charge(&r, &mut s, cav, vol);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    // 4 bases less 2: 2 left, 1 cut down, 1 captured.
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Pursuit {
                caught: true,
                stopped: false,
                die: None,
                ..
            }
        )),
        "{ev:?}"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Captured {
            destroyed: 1,
            prisoners: 1,
            ..
        }
    )));
    assert_eq!(s.unit(vol).status, Status::Gone);
}

#[test]
fn pursuit_cavalry_as_fast_is_caught_on_a_four_or_more() {
    for (die, caught) in [(3, false), (4, true), (5, true)] {
        let (r, mut s) = empty(RED);
        let (cav, cos) = (id(&r, "r_cav"), id(&r, "w_cossacks"));
        place(&mut s, cav, 40.0, 40.0, 270);
        place(&mut s, cos, 32.0, 40.0, 90);
        s.unit_mut(cav).acted = false;
        s.unit_mut(cav).order = Order::Line;
        s.unit_mut(cos).order = Order::Line;
        // Make them as fast as the cavalry: same card speed (12) by the data.
        assert_eq!(
            r.troop(s.unit(cav)).speed,
            r.troop(s.unit(cos)).speed,
            "both ride 12\""
        );
        // The Cossacks worn down so the charger wins: 2 terror on 4 bases.
        s.unit_mut(cos).terror = 2;
        roll(&mut s, &[3, 3, 3, 3, 6, 6, die]);
        charge(&r, &mut s, cav, cos);
        let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: cos });
        let p = ev
            .iter()
            .find_map(|e| match e {
                Event::Pursuit { die, caught, .. } => Some((*die, *caught)),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{ev:?}"));
        assert_eq!(p, (Some(die), caught));
    }
}

#[test]
fn pursuit_halts_within_two_inches_of_an_enemy_facing_it() {
    for (facing, stopped) in [(90, true), (180, false)] {
        let (r, mut s, cav, vol) = cavalry_and_volunteers();
        // White's second company 8" behind the first: facing the cavalry
        // (east), or 1" to the side of its path with its back to it.
        let vol2 = id(&r, "w_vol2");
        place(&mut s, vol2, 24.0, 40.0, facing);
        if facing == 180 {
            place(&mut s, vol2, 21.0, 43.5, facing);
        }
        // Adv 11: W/Defeated; the second company's serious test (the router
        // passes within 8") 3+3; the cavalry pursue.
        roll(&mut s, &[3, 3, 3, 3, 5, 6, 3, 3]);
        charge(&r, &mut s, cav, vol);
        let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
        let p = ev.iter().find_map(|e| match e {
            Event::Pursuit {
                stopped, caught, ..
            } => Some((*stopped, *caught)),
            _ => None,
        });
        assert_eq!(p, Some((stopped, !stopped)), "facing {facing}: {ev:?}");
        assert_eq!(s.unit(vol).on_table(), stopped);
    }
}

#[test]
fn pursuit_other_troops_catch_only_blocked_routers() {
    let (r, mut s) = empty(RED);
    let (reg, vol) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    // Routing volunteers facing east, their rear 1" from the west edge.
    place(&mut s, vol, 1.6, 30.0, 90);
    s.unit_mut(vol).routing = true;
    place(&mut s, reg, 6.0, 30.0, 270);
    s.unit_mut(reg).acted = false;
    assert!(r.router_blocked(&s, vol));
    roll(&mut s, &[3, 3]);
    let ev = charge(&r, &mut s, reg, vol);
    assert!(
        ev.iter().any(|e| matches!(e, Event::Captured { .. })),
        "{ev:?}"
    );
    // In the open the routers run on.
    let (r, mut s) = empty(RED);
    place(&mut s, vol, 30.0, 40.0, 90);
    s.unit_mut(vol).routing = true;
    place(&mut s, reg, 34.0, 40.0, 270);
    s.unit_mut(reg).acted = false;
    assert!(!r.router_blocked(&s, vol));
    roll(&mut s, &[3, 3]);
    let ev = charge(&r, &mut s, reg, vol);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Pursuit { caught: false, .. }))
    );
    assert_eq!(s.unit(vol).status, Status::OnTable);
    assert!(s.unit(vol).routing);
}

#[test]
fn routing_through_friends_they_take_a_fear_test() {
    let (r, mut s) = empty(WHITE);
    let (vol, vol2, reg) = (id(&r, "w_vol1"), id(&r, "w_vol2"), id(&r, "r_reg1"));
    place(&mut s, vol, 30.0, 40.0, 90);
    place(&mut s, vol2, 27.0, 40.0, 90);
    place(&mut s, reg, 36.0, 40.0, 270);
    s.unit_mut(vol).routing = true;
    s.unit_mut(vol).acted = false;
    roll(&mut s, &[3, 3]);
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::Rout { unit: vol }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::PassedThrough { unit, friend } if *unit == vol && *friend == vol2)), "{ev:?}");
    assert!(
        ev.iter().any(
            |e| matches!(e, Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == vol2)
        )
    );
    assert_eq!(
        s.unit(vol).formation.front.at.x,
        Inches(2400),
        "a full 6\" move"
    );
}

#[test]
fn routing_formed_cavalry_cannot_be_passed() {
    let (r, mut s) = empty(WHITE);
    let (vol, cos, reg) = (id(&r, "w_vol1"), id(&r, "w_cossacks"), id(&r, "r_reg1"));
    place(&mut s, vol, 30.0, 40.0, 90);
    place(&mut s, cos, 27.0, 40.0, 90);
    s.unit_mut(cos).order = Order::Formed;
    place(&mut s, reg, 36.0, 40.0, 270);
    let run = r.rout_run(&s, vol, Inches(-600));
    assert!(run.moved.0.abs() < 600);
    assert!(run.through.is_empty());
}

#[test]
fn routing_a_router_of_equal_or_better_class_passing_within_8_inches_forces_a_serious_test() {
    let (r, mut s) = empty(WHITE);
    let (vol, consc, reg) = (id(&r, "w_vol1"), id(&r, "w_consc"), id(&r, "r_reg1"));
    place(&mut s, vol, 30.0, 40.0, 90);
    place(&mut s, reg, 36.0, 40.0, 270);
    // Conscripts (class 1, below the volunteers' 3) 6" to the north.
    place(&mut s, consc, 26.0, 32.0, 90);
    let run = r.rout_run(&s, vol, Inches(-600));
    assert_eq!(run.near, vec![consc]);
    // 9" away: no test.
    place(&mut s, consc, 26.0, 24.0, 90);
    let run = r.rout_run(&s, vol, Inches(-600));
    assert!(run.near.is_empty(), "{:?}", run.near);
}

#[test]
fn charging_odds_give_the_chance_of_the_test_and_of_each_result() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    let odds = r
        .charge_odds(
            &s,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    // Charge 7: 21 of 36 rolls pass.
    assert_eq!(odds.test_in_36, 21);
    let get = |x: &str| {
        let c = CombatResult::parse(x).unwrap();
        odds.results
            .iter()
            .find(|(y, _)| *y == c)
            .map_or(0, |p| p.1)
    };
    assert_eq!(get("S/Def"), 3);
    assert_eq!(get("S/Ret 3T"), 3);
    assert_eq!(get("S/Ret 2T"), 4);
    assert_eq!(get("S/Ret 1T"), 5);
    assert_eq!(get("W/Ret 1T"), 11);
    assert_eq!(get("W/Ret 2T"), 4);
    assert_eq!(get("W/Ret 3T"), 3);
    assert_eq!(get("W/Def"), 3);
    assert_eq!(odds.results.iter().map(|p| p.1).sum::<u32>(), 36);
    // Not a charge, or an illegal one: none.
    assert!(r.charge_odds(&s, &Action::Done { unit: cav }).is_none());
    assert!(
        r.charge_odds(
            &s,
            &Action::Charge {
                unit: vol,
                target: cav
            }
        )
        .is_none()
    );
}

#[test]
fn charging_is_among_the_units_choices() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // The unit is chosen first (one decision a step), then its action.
    let select = Action::Select { unit: cav };
    assert!(answers(&r, &s, RED).contains(&select));
    r.apply(&mut s, RED, &select, &mut Vec::new()).unwrap();
    assert!(answers(&r, &s, RED).contains(&Action::Charge {
        unit: cav,
        target: vol
    }));
}

#[test]
fn charging_refused_answers_leave_the_state_unchanged() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[3, 3, 3, 3]);
    charge(&r, &mut s, cav, vol);
    let before = s.clone();
    let mut ev = Vec::new();
    assert!(
        r.apply(&mut s, WHITE, &Action::CounterCharge { unit: vol }, &mut ev)
            .is_err()
    );
    assert!(
        r.apply(&mut s, RED, &Action::Done { unit: cav }, &mut ev)
            .is_err()
    );
    assert_eq!(s, before);
}

#[test]
fn charging_the_random_tester_reaches_charges_and_their_answers() {
    use engine::runner::{RunSettings, random_game};
    let (mut charges, mut answered) = (0, 0);
    let scenarios = ["village", "wired_position", "railway_raid"].map(|id| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions")
            .join(format!("{id}.toml"));
        RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
    });
    // Charges come up in few random games (a random side seldom stays in
    // reach of an enemy long enough): games are played until both have
    // been seen, up to 64 seeds of each scenario.
    for (seed, r) in (0..64).flat_map(|seed| scenarios.iter().map(move |r| (seed, r))) {
        if charges > 0 && answered > 0 {
            break;
        }
        let done = random_game(
            r.clone(),
            &engine::Options::new(),
            seed,
            &RunSettings::default(),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for d in done.game.history() {
            match d.action {
                Action::Charge { .. } => charges += 1,
                Action::StandCharge { .. }
                | Action::FleeCharge { .. }
                | Action::ShootChargers { .. }
                | Action::CounterCharge { .. }
                | Action::HaltCharge { .. }
                | Action::RunOn { .. } => answered += 1,
                _ => {}
            }
        }
    }
    eprintln!("charges {charges}, answers {answered}");
    assert!(
        charges > 0 && answered > 0,
        "charges {charges}, answers {answered}"
    );
}

#[test]
fn evading_moves_no_faster_than_the_evasive_speed_for_the_rest_of_the_turn() {
    let (r, mut s) = empty(RED);
    let (reg, vol) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, reg, 40.0, 40.0, 270);
    place(&mut s, vol, 30.0, 40.0, 90);
    s.unit_mut(reg).acted = false;
    let v = r.evasive_speed(&s, reg);
    assert!(v > Inches::ZERO && v < r.troop(s.unit(reg)).speed);
    // Shot at in the open: evading shifts the column left.
    let before = r.fire_sums(&s, vol, reg).map(|f| f.shift);
    answer(&r, &mut s, RED, Action::Evade { unit: reg });
    assert!(s.unit(reg).evading);
    let after = r.fire_sums(&s, vol, reg).map(|f| f.shift);
    assert!(after < before, "{before:?} {after:?}");
    let mut ev = Vec::new();
    let too_far = Action::Advance {
        unit: reg,
        distance: Inches(v.0 + 1),
    };
    assert!(r.apply(&mut s, RED, &too_far, &mut ev).is_err());
    let ok = Action::Advance {
        unit: reg,
        distance: v.fraction(1, 2),
    };
    r.apply(&mut s, RED, &ok, &mut ev).unwrap();
    // Evading, it may not charge.
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: reg,
                target: vol,
            },
        )
        .unwrap();
    assert!(
        why.contains("not after moving") || why.contains("evades"),
        "{why}"
    );
}

#[test]
fn evading_never_while_routing() {
    let (r, mut s) = empty(RED);
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 40.0, 40.0, 270);
    s.unit_mut(reg).acted = false;
    s.unit_mut(reg).routing = true;
    assert!(r.refusal(&s, RED, &Action::Evade { unit: reg }).is_some());
}

#[test]
fn evading_a_unit_that_chose_to_evade_may_not_charge() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    answer(&r, &mut s, RED, Action::Evade { unit: cav });
    let why = r
        .refusal(
            &s,
            RED,
            &Action::Charge {
                unit: cav,
                target: vol,
            },
        )
        .unwrap();
    assert!(why.contains("evades"), "{why}");
}

#[test]
fn miscellaneous_optional_a_commissars_unit_failing_its_charge_test_takes_terror() {
    for (option, terror) in [(true, 1), (false, 0)] {
        let (r, mut s, cav, vol) = cavalry_and_volunteers();
        let pool = &r.sc().pools[r.sc().army_of(RED).pool];
        let token = pool
            .tokens
            .iter()
            .position(|t| {
                t.traits
                    .contains(&red_actions::scenario::OfficerTrait::Commissar)
            })
            .expect("a Commissar in the Red pool");
        s.unit_mut(cav).officer = Some(red_actions::state::Officer {
            token: token as u16,
        });
        s.options.retain(|o| o != "commissar_terror");
        if option {
            s.options.push("commissar_terror".into());
        }
        roll(&mut s, &[6, 6]);
        charge(&r, &mut s, cav, vol);
        assert!(s.unit(cav).charge_failed);
        assert_eq!(s.unit(cav).terror, terror, "option {option}");
    }
}

#[test]
fn charging_from_ambush_needs_no_test_reaches_two_inches_more_and_adds_terror() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // 13" away: beyond the 12" of a plain charge, within 14" from ambush.
    place(&mut s, cav, 45.0, 40.0, 270);
    assert!(r.charge_plan(&s, cav, vol, false).is_err());
    assert!(r.charge_plan(&s, cav, vol, true).is_ok());
    // Only the target's fear test is rolled before the answer.
    roll(&mut s, &[3, 3, 3, 4]);
    let mut ev = Vec::new();
    r.charge(&mut s, cav, vol, true, &mut ev);
    r.check_invariants(&s).unwrap();
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest {
            test: Test::Charge,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { ambush: true, .. }))
    );
    assert_eq!(s.unit(vol).terror, 1);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert!(combat(&ev).is_some());
}

/// Charging out of an ambush in the ambusher's own segment, through the
/// actions: the charge is among its choices (nothing but springing or
/// holding is), with no charge test and 2" more reach; it leaves the
/// ambush seen, the target takes its fear test and one terror marker.
#[test]
fn charging_from_ambush_in_its_own_segment_through_the_actions() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // 13" away: beyond a plain charge's 12", within 14" from ambush.
    place(&mut s, cav, 45.0, 40.0, 270);
    s.unit_mut(cav).ambush = true;
    s.unit_mut(cav).hidden = true;
    let charge_it = Action::Charge {
        unit: cav,
        target: vol,
    };
    assert_eq!(r.refusal(&s, RED, &charge_it), None);
    let mut ev = Vec::new();
    r.apply(&mut s, RED, &Action::Select { unit: cav }, &mut ev)
        .unwrap();
    let choices = answers(&r, &s, RED);
    assert!(choices.contains(&charge_it), "{choices:?}");
    assert!(
        !choices
            .iter()
            .any(|a| matches!(a, Action::Advance { .. } | Action::Wheel { .. })),
        "in ambush it only springs or holds: {choices:?}"
    );
    // Its odds: no charge test to pass.
    let odds = r.odds_of(&s, RED, &charge_it).unwrap();
    assert!(
        !odds.parts.iter().any(|p| p.subject == "the charge test"),
        "{odds:?}"
    );
    assert!(odds.notes.iter().any(|n| n.contains("from ambush")));
    // Only the target's fear test is rolled before the answer.
    roll(&mut s, &[3, 3, 3, 4]);
    let ev = charge(&r, &mut s, cav, vol);
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest {
            test: Test::Charge,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ChargeDeclared { ambush: true, .. }))
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == vol
    )));
    assert!(!s.unit(cav).ambush && !s.unit(cav).hidden, "seen now");
    assert_eq!(s.unit(vol).terror, 1);
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert!(combat(&ev).is_some());
}

#[test]
fn charging_guns_may_fire_and_then_their_crews_surrender() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let guns = id(&r, "w_guns");
    s.unit_mut(vol).status = Status::Waiting;
    place(&mut s, guns, 32.0, 40.0, 90);
    s.unit_mut(guns).order = Order::Unlimbered;
    s.unit_mut(guns).formation.order = Order::Unlimbered.geometry();
    s.unit_mut(guns).acted = false;
    let sums = r.fire_sums(&s, guns, cav).expect("the guns bear");
    let t = &r.sc().tables;
    let col = t.shooting_column(sums.total).map_or(-1, |c| c as i32) + sums.shift;
    let miss = (2..=12u8)
        .find(|&x| t.shooting_cell(x, col).is_none())
        .expect("a miss");
    // Direct-hit rolls come first for guns: 1+1 never hits.
    roll(&mut s, &[3, 3, 3, 3, 1, 1, 1, 1, miss / 2, miss - miss / 2]);
    charge(&r, &mut s, cav, guns);
    let choices = answers(&r, &s, WHITE);
    assert!(
        !choices.contains(&Action::FleeCharge { unit: guns }),
        "guns do not flee"
    );
    assert!(choices.contains(&Action::ShootChargers { unit: guns }));
    let ev = answer(&r, &mut s, WHITE, Action::ShootChargers { unit: guns });
    assert!(ev.iter().any(|e| matches!(e, Event::Shot { .. })));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CrewSurrendered { .. })),
        "{ev:?}"
    );
    assert_eq!(s.unit(guns).status, Status::Gone);
}

#[test]
fn charging_formed_cavalry_in_the_way_cannot_be_passed_through() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let cav2 = id(&r, "r_kombrig");
    // Red's general between the chargers and the target: passed through.
    place(&mut s, cav2, 36.0, 40.0, 270);
    assert!(r.charge_plan(&s, cav, vol, false).is_ok());
    // Formed cavalry there: refused.
    let (r2, mut s2, cav_b, vol_b) = cavalry_and_volunteers();
    s2.unit_mut(cav2).status = Status::Waiting;
    let other = id(&r2, "r_reg2");
    place(&mut s2, other, 36.0, 40.0, 270);
    s2.unit_mut(other).order = Order::Formed;
    let why = r2.charge_plan(&s2, cav_b, vol_b, false).unwrap_err();
    assert!(why.contains("in the way"), "{why}");
}

/// More random games than the suite plays (run with --ignored).
#[test]
#[ignore]
fn charging_random_games_many_seeds() {
    use engine::runner::{RunSettings, random_game};
    for name in ["village", "wired_position", "railway_raid"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../scenarios/red_actions/{name}.toml"));
        let r = RedActions::load(&path).unwrap();
        for seed in 200..215 {
            for fuzz in [false, true] {
                let settings = RunSettings {
                    fuzz_offers: fuzz,
                    ..RunSettings::default()
                };
                random_game(r.clone(), &engine::Options::new(), seed, &settings)
                    .unwrap_or_else(|e| panic!("{name} seed {seed} fuzz {fuzz}: {e}"));
            }
        }
    }
}

/// Digging in: a unit that moves leaves its foxholes. A charger moves
/// when it goes in, here in its target's answer (standing): its foxholes
/// are left behind all the same.
#[test]
fn charging_a_charger_leaves_its_foxholes_when_it_goes_in() {
    let (r, mut s, _, vol) = cavalry_and_volunteers();
    s.unit_mut(id(&r, "r_cav")).status = Status::Waiting;
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 37.0, 40.0, 270);
    s.unit_mut(reg).acted = false;
    s.unit_mut(reg).officer = None;
    s.unit_mut(reg).dug_in = 4;
    // Charge test 2+2, fear test 4+4, the fight 3+4.
    roll(&mut s, &[2, 2, 4, 4, 3, 4]);
    charge(&r, &mut s, reg, vol);
    assert_eq!(s.unit(reg).dug_in, 4, "not moved yet");
    let ev = answer(&r, &mut s, WHITE, Action::StandCharge { unit: vol });
    assert!(combat(&ev).is_some(), "{ev:?}");
    assert_eq!(s.unit(reg).dug_in, 0);
}
