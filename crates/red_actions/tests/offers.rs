//! Movement's parameterised choices (the offers): each states its limits,
//! a value within them is applied, a value past them is refused with the
//! reason and the state left as it was; only the deciding side is offered
//! anything, and only for a unit that may move.
//!
//! Red Actions! offers an advance (a distance) and a wheel each way (an
//! angle); it offers no new pose (position and facing) today.

use engine::param::{Degrees, Inches, Offer, Param, Pose, Value};
use engine::{Options, RuleError, Ruleset, Side};
use red_actions::RedActions;
use red_actions::state::{Action, Phase, State, Status, UnitId};

mod common;
use common::*;

/// Red's 1st battalion alone on open ground south of the village, facing
/// north; the generals in the far corners keep the turn going; Red to
/// choose.
fn alone() -> (RedActions, State, UnitId) {
    let r = village();
    let mut s = r.setup(&Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.acted = true;
        u.arrives = 99;
        u.hidden = false;
        u.marker = false;
        u.ambush = false;
    }
    s.dummies.clear();
    for (key, y, facing) in [("w_gen", 4, 180), ("r_kombrig", 44, 0)] {
        let g = id(&r, key);
        place(&mut s, g, 69, y, facing);
        s.unit_mut(g).acted = false;
    }
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 36, 44, 0);
    s.unit_mut(reg).acted = false;
    s.phase = Phase::Choose {
        side: RED,
        card: None,
        selected: Some(reg),
    };
    (r, s, reg)
}

fn offers_of(r: &RedActions, s: &State, side: Side, unit: UnitId) -> Vec<Offer<Action>> {
    r.offers(s, side)
        .into_iter()
        .filter(|o| {
            let probe = match o.param {
                Param::Distance { max, .. } => Value::Distance(max),
                Param::Angle { max, .. } => Value::Angle(max),
                Param::Pose { around, .. } => Value::Pose(Pose {
                    at: around,
                    facing: Degrees(0),
                }),
            };
            o.action(probe).map(|a| a.unit()) == Some(unit)
        })
        .collect()
}

/// A value refused: the reason given, the state as it was.
fn refused(r: &RedActions, s: &State, side: Side, a: Action) -> String {
    let mut t = s.clone();
    let why = r
        .refusal(&t, side, &a)
        .unwrap_or_else(|| panic!("{a:?} is not refused"));
    assert!(!why.is_empty());
    let err = r.apply(&mut t, side, &a, &mut Vec::new()).unwrap_err();
    assert!(
        matches!(&err, RuleError::Refused { reason, .. } if *reason == why),
        "{err}"
    );
    assert_eq!(&t, s, "a refused value leaves the state as it was");
    why
}

#[test]
fn movement_the_advance_offer_states_its_limit_applies_up_to_it_and_refuses_past_it() {
    let (r, s, reg) = alone();
    let offers = offers_of(&r, &s, RED, reg);
    let adv = offers
        .iter()
        .find(|o| matches!(o.param, Param::Distance { .. }))
        .expect("an advance is offered");
    let Param::Distance { min, max } = adv.param else {
        unreachable!()
    };
    assert_eq!(min, Inches(1));
    let speed = r.troop(s.unit(reg)).speed;
    assert_eq!(max, speed, "nothing in the way: the whole move");
    assert!(adv.label.contains(&max.to_string()), "{}", adv.label);
    // Within the limits: applied, the unit as far forward as asked.
    for d in [min, max.fraction(1, 2), max] {
        assert!(adv.param.admits(&Value::Distance(d)));
        let a = adv.action(Value::Distance(d)).unwrap();
        assert_eq!(
            a,
            Action::Advance {
                unit: reg,
                distance: d
            }
        );
        let mut t = s.clone();
        let y0 = t.unit(reg).formation.front.at.y.0;
        r.apply(&mut t, RED, &a, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{d}: {e}"));
        assert_eq!(t.unit(reg).formation.front.at.y.0, y0 - d.0, "{d}");
        r.check_invariants(&t).unwrap();
    }
    // Past them: the offer does not admit it, the rules refuse it.
    for d in [Inches(max.0 + 1), Inches::ZERO, Inches(-100)] {
        assert!(!adv.param.admits(&Value::Distance(d)), "{d}");
        refused(
            &r,
            &s,
            RED,
            Action::Advance {
                unit: reg,
                distance: d,
            },
        );
    }
    // A value of the wrong kind makes no action.
    assert!(adv.action(Value::Angle(Degrees(100))).is_none());
}

#[test]
fn movement_the_advance_offer_shrinks_to_what_is_left_and_to_the_enemys_zone() {
    let (r, mut s, reg) = alone();
    let speed = r.troop(s.unit(reg)).speed;
    let half = speed.fraction(1, 2);
    r.apply(
        &mut s,
        RED,
        &Action::Advance {
            unit: reg,
            distance: half,
        },
        &mut Vec::new(),
    )
    .unwrap();
    let max = offers_of(&r, &s, RED, reg)
        .into_iter()
        .find_map(|o| match o.param {
            Param::Distance { max, .. } => Some(max),
            _ => None,
        })
        .expect("the rest of the move is offered");
    assert_eq!(max, Inches(speed.0 - half.0));
    refused(
        &r,
        &s,
        RED,
        Action::Advance {
            unit: reg,
            distance: Inches(max.0 + 1),
        },
    );
    // An enemy 5" ahead: the offer stops short of its 2" zone, and the
    // rules refuse the step into it with the reason.
    let (r, mut s, reg) = alone();
    let vol = id(&r, "w_vol1");
    place(&mut s, vol, 36, 38, 180);
    let max = offers_of(&r, &s, RED, reg)
        .into_iter()
        .find_map(|o| match o.param {
            Param::Distance { max, .. } => Some(max),
            _ => None,
        })
        .expect("a shorter advance is offered");
    assert!(max < speed, "{max}");
    let mut t = s.clone();
    r.apply(
        &mut t,
        RED,
        &Action::Advance {
            unit: reg,
            distance: max,
        },
        &mut Vec::new(),
    )
    .unwrap();
    let why = refused(
        &r,
        &s,
        RED,
        Action::Advance {
            unit: reg,
            distance: Inches(max.0 + 1),
        },
    );
    assert!(why.contains("2\""), "{why}");
}

#[test]
fn movement_the_wheel_offers_state_their_angle_apply_up_to_it_and_refuse_past_it() {
    let (r, s, reg) = alone();
    let offers = offers_of(&r, &s, RED, reg);
    let wheels: Vec<&Offer<Action>> = offers
        .iter()
        .filter(|o| matches!(o.param, Param::Angle { .. }))
        .collect();
    assert_eq!(wheels.len(), 2, "a wheel each way");
    for w in wheels {
        let Param::Angle { min, max } = w.param else {
            unreachable!()
        };
        assert_eq!(min, Degrees(1));
        assert!(max.0 > 0 && max.0 <= 1800, "{max}");
        assert!(w.label.contains(&max.to_string()), "{}", w.label);
        let Some(Action::Wheel { pivot, .. }) = w.action(Value::Angle(max)) else {
            panic!("a wheel offer makes wheels");
        };
        for a in [min, Degrees(max.0 / 2), max] {
            let act = w.action(Value::Angle(a)).unwrap();
            assert_eq!(
                act,
                Action::Wheel {
                    unit: reg,
                    pivot,
                    angle: a
                }
            );
            let mut t = s.clone();
            r.apply(&mut t, RED, &act, &mut Vec::new())
                .unwrap_or_else(|e| panic!("{a}: {e}"));
            assert_ne!(t.unit(reg).formation.front, s.unit(reg).formation.front);
            r.check_invariants(&t).unwrap();
        }
        if max.0 < 1800 {
            let past = Degrees(max.0 + 1);
            assert!(!w.param.admits(&Value::Angle(past)));
            refused(
                &r,
                &s,
                RED,
                Action::Wheel {
                    unit: reg,
                    pivot,
                    angle: past,
                },
            );
        }
        assert!(!w.param.admits(&Value::Angle(Degrees(0))));
        assert!(w.action(Value::Distance(Inches(100))).is_none());
    }
}

#[test]
fn movement_offers_go_to_the_deciding_side_for_a_unit_that_may_move() {
    let (r, s, reg) = alone();
    assert!(!offers_of(&r, &s, RED, reg).is_empty());
    assert!(r.offers(&s, WHITE).is_empty(), "White does not decide");
    // A routing unit runs; it is offered no move.
    let mut t = s.clone();
    t.unit_mut(reg).routing = true;
    t.unit_mut(reg).terror = 5;
    assert!(offers_of(&r, &t, RED, reg).is_empty());
    // After charging through its whole allowance there is nothing left.
    let mut t = s.clone();
    let speed = r.troop(t.unit(reg)).speed;
    r.apply(
        &mut t,
        RED,
        &Action::Advance {
            unit: reg,
            distance: speed,
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert!(
        !offers_of(&r, &t, RED, reg)
            .iter()
            .any(|o| matches!(o.param, Param::Distance { .. })),
        "no advance is left"
    );
    // Every value an offer admits at its limits is a legal choice.
    for o in offers_of(&r, &s, RED, reg) {
        let v = match o.param {
            Param::Distance { max, .. } => Value::Distance(max),
            Param::Angle { max, .. } => Value::Angle(max),
            Param::Pose { .. } => panic!("Red Actions! offers no pose"),
        };
        let a = o.action(v).unwrap();
        assert!(
            r.legal(&s, RED, &a),
            "{}: {:?}",
            o.label,
            r.refusal(&s, RED, &a)
        );
    }
}
