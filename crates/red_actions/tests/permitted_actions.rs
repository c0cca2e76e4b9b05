//! Permitted Actions: dividing and combining units.

use engine::{Options, Ruleset, Side};
use red_actions::RedActions;
use red_actions::state::{Action, Event, Phase, State, Status, UnitId};

mod common;
use common::*;

/// Red's 1st battalion alone on the table at (40, 40) facing west, to act.
fn alone() -> (RedActions, State, UnitId) {
    let r = village();
    let mut s = r.setup(&Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.entry = None;
        u.acted = true;
    }
    let red = id(&r, "r_reg1");
    place(&mut s, red, 40, 40, 270);
    s.unit_mut(red).acted = false;
    // The Volunteers far away, still to act (the turn goes on).
    let white = id(&r, "w_vol1");
    place(&mut s, white, 10, 6, 90);
    s.unit_mut(white).acted = false;
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    (r, s, red)
}

#[test]
fn permitted_actions_dividing_shares_terror_rounding_up() {
    // The text's example: 3 terror in two parts is 2 and 2; each part of
    // 2 bases with 2 terror counts as half a base.
    let (r, mut s, red) = alone();
    s.unit_mut(red).terror = 3;
    let lost = r.points_lost(&s, Side::B);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Divide { unit: red, into: 2 },
        &mut ev,
    )
    .unwrap();
    let new = (s.units.len() - 1) as UnitId;
    for p in [red, new] {
        let u = s.unit(p);
        assert_eq!((u.bases(), u.terror), (2, 2));
        assert_eq!(u.effective_halves(), 1, "half a base");
        assert!(!u.routing);
        assert!(u.acted, "the whole turn");
    }
    assert_eq!(r.unit_name(&s, red), "1st battalion (a)");
    assert_eq!(r.unit_name(&s, new), "1st battalion (b)");
    assert!(s.unit(new).officer.is_some(), "a junior is drawn");
    assert_eq!(r.points_lost(&s, Side::B), lost, "nothing lost");
    r.check_invariants(&s).unwrap();
    let words = r.describe_events(&s, &ev, None);
    assert!(
        words
            .iter()
            .flatten()
            .any(|w| w.contains("1st battalion (b)")),
        "{words:?}"
    );
    // The parts side by side where the unit stood.
    let a = s.unit(red).formation.bases();
    let b = s.unit(new).formation.bases();
    assert_eq!(a.len() + b.len(), 4);
}

#[test]
fn permitted_actions_dividing_humiliation_rounds_up_too() {
    let (r, mut s, red) = alone();
    s.unit_mut(red).status = Status::Waiting;
    let consc = id(&r, "r_consc1");
    place(&mut s, consc, 40, 40, 270);
    s.unit_mut(consc).acted = false;
    let u = s.unit_mut(consc);
    u.terror = 2;
    u.humiliated = 1;
    // A Mob in sight of the Volunteers: its roll (6) first.
    s.loaded = vec![6];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Divide {
            unit: consc,
            into: 2,
        },
        &mut ev,
    )
    .unwrap();
    let new = (s.units.len() - 1) as UnitId;
    assert_eq!(s.unit(consc).bases(), 3);
    assert_eq!(s.unit(new).bases(), 3);
    for p in [consc, new] {
        assert_eq!((s.unit(p).terror, s.unit(p).humiliated), (1, 1));
    }
    r.check_invariants(&s).unwrap();
}

#[test]
fn permitted_actions_too_small_to_divide() {
    let (r, mut s, red) = alone();
    let three = Action::Divide { unit: red, into: 3 };
    assert!(
        r.refusal(&s, Side::B, &three)
            .unwrap()
            .contains("do not make")
    );
    s.unit_mut(red).formation.count = 3;
    assert!(
        r.refusal(&s, Side::B, &Action::Divide { unit: red, into: 2 })
            .is_some(),
        "rifles need 2 bases a unit"
    );
}

#[test]
fn permitted_actions_combining_keeps_every_marker_and_takes_the_turn() {
    let (r, mut s, red) = alone();
    s.unit_mut(red).terror = 1;
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Divide { unit: red, into: 2 },
        &mut ev,
    )
    .unwrap();
    let new = (s.units.len() - 1) as UnitId;
    // The Volunteers end the turn; the parts start the next in contact.
    let white = id(&r, "w_vol1");
    r.apply(&mut s, Side::A, &Action::Done { unit: white }, &mut ev)
        .unwrap();
    assert_eq!(s.turn, 2);
    s.unit_mut(white).acted = false;
    for u in s.units.iter_mut() {
        if u.status != Status::OnTable {
            u.acted = true;
        }
    }
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    let lost = r.points_lost(&s, Side::B);
    s.unit_mut(new).pinned = true;
    let mut choices = Vec::new();
    r.choices(&s, Side::B, &mut choices);
    let select = Action::Select { unit: red };
    assert!(choices.contains(&select), "the unit is chosen first");
    r.apply(&mut s, Side::B, &select, &mut ev).unwrap();
    choices.clear();
    r.choices_opened(&s, Side::B, &mut choices);
    let combine = Action::Combine {
        unit: red,
        with: new,
    };
    assert!(choices.contains(&combine), "the random tester finds it");
    r.apply(&mut s, Side::B, &combine, &mut ev).unwrap();
    let u = s.unit(red);
    assert_eq!((u.bases(), u.terror, u.pinned), (4, 2, true));
    assert_eq!(s.unit(new).status, Status::Gone);
    assert_eq!(r.points_lost(&s, Side::B), lost, "combining loses nothing");
    assert!(s.unit(red).acted);
    r.check_invariants(&s).unwrap();
}

#[test]
fn permitted_actions_combining_needs_contact_at_the_start_of_the_turn() {
    let (r, mut s, red) = alone();
    let reg2 = id(&r, "r_reg2");
    // In contact now, but not at the start of the turn.
    place(&mut s, reg2, 40, 42, 270);
    s.unit_mut(reg2).formation.count = 2;
    s.unit_mut(reg2).acted = false;
    let combine = Action::Combine {
        unit: red,
        with: reg2,
    };
    let why = r.refusal(&s, Side::B, &combine).unwrap();
    assert!(why.contains("start of the turn"), "{why}");
    s.unit_mut(red).more.touching = vec![reg2];
    let u = s.unit(red).formation;
    let (hf, _) = red_actions::geometry::half_vectors(u.front.facing, u.width, u.depth);
    // Put the 2nd battalion right behind the 1st in column.
    let f = &mut s.unit_mut(red).formation;
    f.order = red_actions::geometry::Order::Column;
    f.count = 2;
    let rear = red_actions::geometry::offset(u.front.at, hf.scale(-4));
    s.unit_mut(reg2).formation.order = red_actions::geometry::Order::Column;
    s.unit_mut(reg2).formation.front.at = rear;
    s.unit_mut(red).order = red_actions::state::Order::Column;
    s.unit_mut(reg2).order = red_actions::state::Order::Column;
    assert_eq!(r.refusal(&s, Side::B, &combine), None);
    s.unit_mut(reg2).acted = true;
    assert!(r.refusal(&s, Side::B, &combine).unwrap().contains("acted"));
    let mut ev = Vec::new();
    s.unit_mut(reg2).acted = false;
    r.apply(&mut s, Side::B, &combine, &mut ev).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Combined { .. })));
    assert_eq!(s.unit(red).bases(), 4);
    r.check_invariants(&s).unwrap();
}

#[test]
fn permitted_actions_combining_a_commissar_keeps_command_over_a_higher_rank() {
    let (r, mut s, red) = alone();
    let sc = r.sc();
    let pool = &sc.pools[sc.army_of(Side::B).pool];
    let tok = |name: &str| red_actions::state::Officer {
        token: pool.tokens.iter().position(|t| t.name == name).unwrap() as u16,
    };
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Divide { unit: red, into: 2 },
        &mut ev,
    )
    .unwrap();
    let new = (s.units.len() - 1) as UnitId;
    let white = id(&r, "w_vol1");
    r.apply(&mut s, Side::A, &Action::Done { unit: white }, &mut ev)
        .unwrap();
    s.unit_mut(white).acted = false;
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    // Equal ranks (1); the Party man commands without a die.
    s.unit_mut(red).officer = Some(tok("Kombat, steady"));
    s.unit_mut(new).officer = Some(tok("Kombat, Party man"));
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Combine {
            unit: red,
            with: new,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(red).officer, Some(tok("Kombat, Party man")));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Combined { die: None, .. }))
    );
}
