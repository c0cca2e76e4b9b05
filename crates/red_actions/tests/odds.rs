//! The odds shown before a choice, checked against the rules: for every
//! way the dice can fall, the action applied with those dice set on the
//! table gives the outcome the odds count it under; and the odds tell the
//! deciding side nothing it cannot see.

use engine::odds::{Distribution, Odds};
use engine::param::{Degrees, Inches};
use engine::{Ruleset, Side};
use red_actions::RedActions;
use red_actions::rules::combat::TWO_D6;
use red_actions::rules::odds::combat_words;
use red_actions::state::{
    Action, Ask, Dummy, Event, FireMode, Officer, Order, Phase, Question, State, Status, Test,
    UnitId,
};

mod common;
use common::*;

/// Dice in the order they are rolled.
fn roll(s: &mut State, dice: &[u8]) {
    s.loaded = dice.iter().rev().copied().collect();
}

/// Every way two dice fall, each once (36).
fn two_d6() -> impl Iterator<Item = [u8; 2]> {
    (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| [a, b]))
}

/// The probability of the outcomes whose words start with `prefix`.
fn p_of(d: &Distribution, prefix: &str) -> f64 {
    d.outcomes
        .iter()
        .filter(|(l, _)| l.starts_with(prefix))
        .map(|(_, p)| p)
        .sum()
}

fn part<'a>(o: &'a Odds, subject: &str) -> &'a Distribution {
    o.parts
        .iter()
        .find(|d| d.subject.starts_with(subject))
        .unwrap_or_else(|| panic!("no part \"{subject}\" in {}", o.summary()))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Each label's share of the 36 rolls, counted from what the rules did.
fn tally(counted: &[(String, u32)], label: String) -> Vec<(String, u32)> {
    let mut out = counted.to_vec();
    match out.iter_mut().find(|(l, _)| *l == label) {
        Some(x) => x.1 += 1,
        None => out.push((label, 1)),
    }
    out
}

/// The odds' distribution is the rules' count of the 36 rolls.
fn same_as_counted(d: &Distribution, counted: &[(String, u32)]) {
    assert_eq!(counted.iter().map(|(_, n)| n).sum::<u32>(), 36);
    for (label, n) in counted {
        assert!(
            close(d.p(label), *n as f64 / 36.0),
            "{label}: odds {} but the rules {n}/36 ({})",
            d.p(label),
            d.summary()
        );
    }
    assert!(close(d.total(), 1.0), "{}", d.summary());
}

/// Every way the dice can fall through the rules themselves, with no
/// help from the odds' code: `a` applied with dice set on the table, one
/// more roll each time the game's generator was needed. Every roll here is
/// of two dice, read by their sum (no officers on the table, no single
/// die), so each branches on the 11 sums. The chance of each word
/// `classify` gives the end.
fn every_roll(
    r: &RedActions,
    s: &State,
    side: Side,
    a: Action,
    classify: &dyn Fn(&State, &[Event]) -> String,
) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut stack = vec![(Vec::<u8>::new(), 1.0f64)];
    let mut plays = 0;
    while let Some((sums, p)) = stack.pop() {
        plays += 1;
        assert!(plays < 50_000, "too many ways to play through");
        let mut t = s.clone();
        t.rng = engine::rng_from_seed(11);
        let fresh = t.rng.clone();
        let dice: Vec<u8> = sums.iter().flat_map(|&x| [x / 2, x - x / 2]).collect();
        roll(&mut t, &dice);
        let ev = apply(r, &mut t, side, a);
        assert!(
            !ev.iter().any(|e| matches!(
                e,
                Event::OfficerRoll { .. }
                    | Event::VehicleDie { .. }
                    | Event::Pursuit { die: Some(_), .. }
                    | Event::RollOff { .. }
                    | Event::SegmentRoll { .. }
            )),
            "a single die or an initiative roll: {ev:?}"
        );
        if t.rng != fresh {
            for x in 2..=12u8 {
                let mut more = sums.clone();
                more.push(x);
                stack.push((more, p * TWO_D6[x as usize - 2] as f64 / 36.0));
            }
        } else {
            let label = classify(&t, &ev);
            match out.iter_mut().find(|(l, _)| *l == label) {
                Some(x) => x.1 += p,
                None => out.push((label, p)),
            }
        }
    }
    out
}

/// The same distribution, outcome by outcome.
fn same_as(d: &Distribution, counted: &[(String, f64)]) {
    for (label, p) in counted {
        assert!(
            close(d.p(label), *p),
            "{label}: odds {} but the rules {p} ({})",
            d.p(label),
            d.summary()
        );
    }
    assert!(close(d.total(), 1.0), "{}", d.summary());
    assert_eq!(
        d.outcomes.len(),
        counted.len(),
        "{} / {counted:?}",
        d.summary()
    );
}

/// What became of a unit fired at (the odds' words).
fn fate(target: UnitId, routing_before: bool) -> impl Fn(&State, &[Event]) -> String {
    move |t: &State, ev: &[Event]| {
        let u = t.unit(target);
        if u.status != Status::OnTable {
            "gone".into()
        } else if u.routing && !routing_before {
            "routs".into()
        } else if t.questions.iter().any(|q| {
            matches!(q.ask, Ask::IgnoreRetire { unit } | Ask::SwapRetire { unit } if unit == target)
        }) {
            "retires unless it holds (its side's choice)".into()
        } else if ev
            .iter()
            .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == target))
        {
            "retires".into()
        } else {
            "stands".into()
        }
    }
}

/// The last test of this kind the unit took after the fire.
fn last_test(target: UnitId, which: Test) -> impl Fn(&State, &[Event]) -> String {
    move |_: &State, ev: &[Event]| {
        let fired = ev
            .iter()
            .rposition(|e| matches!(e, Event::Shot { .. } | Event::DirectHit { .. }))
            .unwrap_or(0);
        match ev[fired..].iter().rev().find_map(|e| match *e {
            Event::MoraleTest {
                unit, test, passed, ..
            } if unit == target && test == which => Some(passed),
            _ => None,
        }) {
            Some(true) => "passed: it stands".into(),
            Some(false) => "failed: it routs".into(),
            None => "not taken: the fire routed or destroyed it first".into(),
        }
    }
}

#[test]
fn shooting_table_what_becomes_of_the_target_counts_every_test_the_fire_brings() {
    // Red's 1st battalion and the volunteers 6" apart in the open: 4 bases
    // × 3 = 12, the 9-12 column (Kill! S! Off on 12, 2xTer S! on 10 and
    // 11): the fear and serious tests after the table.
    let (r, mut s) = empty(RED);
    let (reg, vol) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, reg, 40.0, 40.0, 270);
    place(&mut s, vol, 34.0, 40.0, 90);
    s.unit_mut(reg).acted = false;
    let a = Action::Shoot {
        unit: reg,
        target: vol,
    };
    let odds = r.odds(&s, RED, &a).expect("a shot has odds");
    let after = part(&odds, "the target after the fire");
    let counted = every_roll(&r, &s, RED, a, &fate(vol, false));
    assert!(counted.len() >= 3, "{counted:?}");
    same_as(after, &counted);
    // Already terrified: the same fire routs it more often.
    s.unit_mut(vol).terror = 3;
    let odds = r.odds(&s, RED, &a).unwrap();
    let counted = every_roll(&r, &s, RED, a, &fate(vol, false));
    same_as(part(&odds, "the target after the fire"), &counted);
    assert!(part(&odds, "the target after the fire").p("routs") > after.p("routs"));
}

fn apply(r: &RedActions, s: &mut State, side: Side, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    r.apply(s, side, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    ev
}

fn test_of(ev: &[Event], who: UnitId, which: Test) -> Option<bool> {
    ev.iter().find_map(|e| match e {
        Event::MoraleTest {
            unit, test, passed, ..
        } if *unit == who && *test == which => Some(*passed),
        _ => None,
    })
}

/// Red's 1st battalion alone in the open, routing with 2 terror; Red to
/// choose.
fn routing_battalion() -> (RedActions, State, UnitId) {
    let (r, mut s) = empty(RED);
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 40.0, 30.0, 270);
    let u = s.unit_mut(reg);
    u.acted = false;
    u.routing = true;
    u.terror = 2;
    (r, s, reg)
}

#[test]
fn rallying_from_rout_odds_agree_with_every_roll() {
    let (r, s, reg) = routing_battalion();
    let a = Action::RallyRout { unit: reg };
    let odds = r.odds(&s, RED, &a).expect("a rally test has odds");
    let d = part(&odds, "the rally test");
    let number = r.morale_number(&s, reg, Test::Rally);
    let mut passed = 0;
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        let ev = apply(&r, &mut t, RED, a);
        let pass = test_of(&ev, reg, Test::Rally).expect("a rally test");
        assert_eq!(
            pass,
            r.test_passes((dice[0] + dice[1]) as i32, number),
            "{dice:?}"
        );
        assert_eq!(!t.unit(reg).routing, pass, "{dice:?}: rallied iff passed");
        if pass {
            passed += 1;
            assert_eq!(t.unit(reg).terror, 0);
        } else {
            assert_eq!(t.unit(reg).humiliated, 1, "{dice:?}: failing humiliates");
        }
    }
    assert!(
        close(p_of(d, "passed"), passed as f64 / 36.0),
        "{}",
        d.summary()
    );
    assert!(close(p_of(d, "failed"), (36 - passed) as f64 / 36.0));
    assert!(
        p_of(d, "failed: a humiliated marker") > 0.0,
        "{}",
        d.summary()
    );
    // Not routing: no rally, no odds.
    let mut t = s.clone();
    t.unit_mut(reg).routing = false;
    assert!(r.odds(&t, RED, &a).is_none());
}

#[test]
fn rallying_pinned_test_odds_agree_with_every_roll() {
    let (r, mut s, reg) = routing_battalion();
    let u = s.unit_mut(reg);
    u.routing = false;
    u.terror = 0;
    u.pinned = true;
    let a = Action::Unpin { unit: reg };
    let odds = r.odds(&s, RED, &a).expect("the pinned test has odds");
    let d = part(&odds, "the pinned test");
    let mut passed = 0;
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        let ev = apply(&r, &mut t, RED, a);
        let pass = test_of(&ev, reg, Test::Rally).expect("a rally test");
        assert_eq!(!t.unit(reg).pinned, pass, "{dice:?}");
        passed += pass as u32;
    }
    assert!(
        close(p_of(d, "passed"), passed as f64 / 36.0),
        "{}",
        d.summary()
    );
}

#[test]
fn charging_odds_of_the_charge_test_and_the_targets_fear_test_agree_with_every_roll() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    let a = Action::Charge {
        unit: cav,
        target: vol,
    };
    let odds = r.odds(&s, RED, &a).expect("a charge has odds");
    let (mut charge_passed, mut fear_passed) = (0, 0);
    for dice in two_d6() {
        // The charge test with these dice; the fear test passes.
        let mut t = s.clone();
        roll(&mut t, &[dice[0], dice[1], 1, 1]);
        let ev = apply(&r, &mut t, RED, a);
        let pass = test_of(&ev, cav, Test::Charge).unwrap();
        assert_eq!(t.unit(cav).charge_failed, !pass, "{dice:?}");
        charge_passed += pass as u32;
        // The charge test passes; the fear test with these dice.
        let mut t = s.clone();
        roll(&mut t, &[1, 1, dice[0], dice[1]]);
        let ev = apply(&r, &mut t, RED, a);
        let pass = test_of(&ev, vol, Test::Fear).unwrap();
        assert_eq!(
            t.unit(vol).routing,
            !pass,
            "{dice:?}: a failed fear test routs"
        );
        assert_eq!(
            t.questions.last().map(|q| q.side),
            Some(if pass { WHITE } else { RED }),
            "{dice:?}: a target that stands answers, one that routs leaves the charger to decide"
        );
        fear_passed += pass as u32;
    }
    let test = part(&odds, "the charge test");
    assert!(close(p_of(test, "passed"), charge_passed as f64 / 36.0));
    let fear = part(&odds, "the target's fear test");
    assert!(
        close(p_of(fear, "passed"), fear_passed as f64 / 36.0),
        "{}",
        fear.summary()
    );
    assert!(p_of(fear, "failed: it routs") > 0.0);
}

/// The fight as the charge's odds show it, and as the target's answer
/// (standing) shows it, against the rules' Combat Table roll for each of
/// the 36.
fn fight_agrees(r: &RedActions, s: &State, cav: UnitId, vol: UnitId) {
    let a = Action::Charge {
        unit: cav,
        target: vol,
    };
    let odds = r.odds(s, RED, &a).expect("a charge has odds");
    let fight = part(&odds, "if the target stands");
    // Both tests passed: the volunteers are asked, or (with a single
    // answer, standing) the fight follows at once.
    let mut asked = s.clone();
    roll(&mut asked, &[1, 1, 1, 1]);
    apply(r, &mut asked, RED, a);
    let stand = Action::StandCharge { unit: vol };
    let theirs = (!asked.questions.is_empty()).then(|| {
        let o = r
            .odds(&asked, WHITE, &stand)
            .expect("standing leads to the fight: odds");
        part(&o, "the fight").clone()
    });
    let (mut mine_counted, mut theirs_counted) = (Vec::new(), Vec::new());
    for dice in two_d6() {
        let ev = if theirs.is_some() {
            let mut t = asked.clone();
            roll(&mut t, &dice);
            apply(r, &mut t, WHITE, stand)
        } else {
            let mut t = s.clone();
            roll(&mut t, &[1, 1, 1, 1, dice[0], dice[1]]);
            apply(r, &mut t, RED, a)
        };
        let (result, stronger) = ev
            .iter()
            .find_map(|e| match e {
                Event::Combat {
                    result,
                    charger_stronger,
                    dice: d,
                    ..
                } => {
                    assert_eq!(*d, dice);
                    Some((*result, *charger_stronger))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{dice:?}: no fight in {ev:?}"));
        mine_counted = tally(&mine_counted, combat_words(&result, stronger, true));
        theirs_counted = tally(&theirs_counted, combat_words(&result, stronger, false));
    }
    same_as_counted(fight, &mine_counted);
    if let Some(theirs) = theirs {
        same_as_counted(&theirs, &theirs_counted);
    }
}

#[test]
fn combat_table_odds_of_a_frontal_charge_agree_with_every_roll() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    fight_agrees(&r, &s, cav, vol);
}

#[test]
fn combat_table_odds_of_a_flank_charge_count_the_terror_and_the_turn_to_face() {
    // The volunteers face north, the cavalry at their east end, behind
    // the line of their front: +1 terror, the target at ½.
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    place(&mut s, vol, 32.0, 40.0, 0);
    place(&mut s, cav, 40.0, 41.8, 270);
    let plan = r.charge_plan(&s, cav, vol, false).unwrap();
    assert_eq!(plan.aspect, red_actions::geometry::Aspect::Flank);
    fight_agrees(&r, &s, cav, vol);
}

#[test]
fn charging_counter_charge_odds_agree_with_every_roll() {
    let (r, mut s) = empty(RED);
    let (cav, cos) = (id(&r, "r_cav"), id(&r, "w_cossacks"));
    place(&mut s, cav, 40.0, 40.0, 270);
    place(&mut s, cos, 32.0, 40.0, 90);
    s.unit_mut(cav).acted = false;
    s.unit_mut(cav).order = Order::Line;
    s.unit_mut(cos).acted = false;
    s.unit_mut(cos).order = Order::Formed;
    roll(&mut s, &[1, 1, 1, 1]);
    apply(
        &r,
        &mut s,
        RED,
        Action::Charge {
            unit: cav,
            target: cos,
        },
    );
    let counter = Action::CounterCharge { unit: cos };
    let odds = r
        .odds(&s, WHITE, &counter)
        .expect("a counter-charge has odds");
    let fight = part(&odds, "the fight");
    let mut counted = Vec::new();
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        let ev = apply(&r, &mut t, WHITE, counter);
        let (result, stronger) = ev
            .iter()
            .find_map(|e| match e {
                Event::Combat {
                    result,
                    charger_stronger,
                    ..
                } => Some((*result, *charger_stronger)),
                _ => None,
            })
            .expect("the fight");
        counted = tally(&counted, combat_words(&result, stronger, false));
    }
    same_as_counted(fight, &counted);
    // Formed cavalry counter-charging gets its +25%: not the same fight
    // as standing.
    let stand = r
        .odds(&s, WHITE, &Action::StandCharge { unit: cos })
        .unwrap();
    assert_ne!(
        odds.notes.iter().find(|n| n.starts_with("strengths")),
        stand.notes.iter().find(|n| n.starts_with("strengths")),
    );
}

#[test]
fn charging_shooting_at_chargers_odds_agree_with_every_roll() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).acted = false;
    roll(&mut s, &[1, 1, 1, 1]);
    apply(
        &r,
        &mut s,
        RED,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let shoot = Action::ShootChargers { unit: vol };
    let odds = r.odds(&s, WHITE, &shoot).expect("return fire has odds");
    let table = part(&odds, "the target");
    let charge = part(&odds, "the charge");
    let (mut counted, mut off) = (Vec::new(), 0);
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        let ev = apply(&r, &mut t, WHITE, shoot);
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::Shot {
                    result, dice: d, ..
                } => {
                    assert_eq!(*d, dice);
                    Some(*result)
                }
                _ => None,
            })
            .expect("a shot");
        counted = tally(&counted, red_actions::text::effect(&result));
        if result.retire {
            off += 1;
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::ChargeCancelled { unit } if *unit == cav)),
                "{dice:?}: Ret calls the charge off"
            );
        }
    }
    same_as_counted(table, &counted);
    // Ret calls it off; so do the chargers retiring or routing from the
    // tests the fire brings: every roll through the rules.
    assert!(p_of(charge, "called off") >= off as f64 / 36.0 - 1e-9);
    let called_off = |_: &State, ev: &[Event]| -> String {
        if ev
            .iter()
            .any(|e| matches!(e, Event::ChargeCancelled { unit } if *unit == cav))
        {
            "called off".into()
        } else {
            "goes in".into()
        }
    };
    same_as(charge, &every_roll(&r, &s, WHITE, shoot, &called_off));
    // How it ends, the fight after the fire included.
    let fight = ending(cav, vol, false, s.clone());
    let ends = |t: &State, ev: &[Event]| -> String {
        if ev
            .iter()
            .any(|e| matches!(e, Event::ChargeCancelled { unit } if *unit == cav))
        {
            let u = t.unit(cav);
            let fate = if u.status != Status::OnTable {
                "gone"
            } else if u.routing {
                "routs"
            } else if ev
                .iter()
                .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == cav))
            {
                "retires"
            } else {
                "stands"
            };
            format!("the charge called off, the chargers {fate}")
        } else {
            fight(t, ev)
        }
    };
    let counted = every_roll(&r, &s, WHITE, shoot, &ends);
    assert!(counted.len() >= 4, "{counted:?}");
    same_as(part(&odds, "how it ends"), &counted);
}

/// White's light battery unlimbered 20" west of Red's 1st battalion, both
/// in the open, facing each other; White to choose.
fn battery() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = empty(WHITE);
    let (guns, reg) = (id(&r, "w_guns"), id(&r, "r_reg1"));
    place(&mut s, guns, 20.0, 40.0, 90);
    place(&mut s, reg, 40.0, 40.0, 270);
    let g = s.unit_mut(guns);
    g.acted = false;
    g.order = Order::Unlimbered;
    g.formation.order = Order::Unlimbered.geometry();
    (r, s, guns, reg)
}

/// Fire (any mode) at `target`: the direct hits of the first base and the
/// Shooting Table against every roll, the others' direct hits missing.
fn fire_agrees(r: &RedActions, s: &State, a: Action, guns: UnitId, target: UnitId) -> Odds {
    let odds = r
        .odds(s, WHITE, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(s, WHITE, &a)));
    let (mode, observer) = match a {
        Action::Fire { mode, .. } => (
            mode,
            match mode {
                FireMode::Observed { observer, .. } => Some(observer),
                _ => None,
            },
        ),
        _ => (FireMode::Direct, None),
    };
    let plan = r.plan(s, guns, target, mode).unwrap();
    let range = observer.map_or(r.range_between(s, guns, target), |o| {
        r.range_between(s, o, target)
    });
    let n = r
        .direct_hit_number(s, guns, target, range, plan.observed_add)
        .expect("guns roll direct hits");
    let bases = plan.sums.bases as usize;
    assert!(bases >= 1);
    // The first base's roll: a hit or not, as counted.
    let mut hits = 0;
    for dice in two_d6() {
        let mut t = s.clone();
        // This base's dice, a passed fear test if it hits, the rest miss,
        // then the Shooting Table.
        let mut seq = vec![dice[0], dice[1], 1, 1];
        seq.extend(std::iter::repeat_n(1, 2 * (bases - 1)));
        roll(&mut t, &seq);
        let ev = apply(r, &mut t, WHITE, a);
        let hit = ev
            .iter()
            .find_map(|e| match e {
                Event::DirectHit { hit, dice: d, .. } => {
                    assert_eq!(*d, dice);
                    Some(*hit)
                }
                _ => None,
            })
            .expect("a direct-hit roll");
        assert_eq!(hit, n.hits(dice[0] + dice[1]), "{dice:?}");
        hits += hit as u32;
    }
    let d = part(&odds, "direct hits");
    let p = hits as f64 / 36.0;
    assert!(
        close(d.p("no direct hit"), (1.0 - p).powi(bases as i32)),
        "{}",
        d.summary()
    );
    // The Shooting Table after the direct hits all missed.
    let mut counted = Vec::new();
    for dice in two_d6() {
        let mut t = s.clone();
        let mut seq = vec![1; 2 * bases];
        seq.extend(dice);
        roll(&mut t, &seq);
        let ev = apply(r, &mut t, WHITE, a);
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::DirectHit { hit: true, .. }))
        );
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::Shot {
                    result, dice: d, ..
                } => {
                    assert_eq!(*d, dice);
                    Some(*result)
                }
                _ => None,
            })
            .expect("a Shooting Table roll");
        counted = tally(&counted, red_actions::text::effect(&result));
    }
    same_as_counted(part(&odds, "the target"), &counted);
    odds
}

#[test]
fn direct_hits_odds_of_a_battery_agree_with_every_roll() {
    let (r, s, guns, reg) = battery();
    let a = Action::Shoot {
        unit: guns,
        target: reg,
    };
    fire_agrees(&r, &s, a, guns, reg);
}

#[test]
fn observed_indirect_fire_odds_agree_with_every_roll() {
    let (r, mut s, guns, reg) = battery();
    // An observer north-west of the target, who sees it.
    let obs = id(&r, "w_vol1");
    place(&mut s, obs, 30.0, 35.0, 90);
    let a = Action::Fire {
        unit: guns,
        target: reg,
        mode: FireMode::Observed {
            observer: obs,
            speculative: false,
        },
    };
    let odds = fire_agrees(&r, &s, a, guns, reg);
    assert!(
        odds.notes.iter().any(|n| n.contains("×1/2")),
        "{:?}",
        odds.notes
    );
    let direct = r
        .odds(
            &s,
            WHITE,
            &Action::Shoot {
                unit: guns,
                target: reg,
            },
        )
        .unwrap();
    assert_ne!(
        part(&odds, "direct hits").subject,
        part(&direct, "direct hits").subject,
        "observed fire adds to the direct-hit number"
    );
}

#[test]
fn gas_fear_test_odds_agree_with_every_roll() {
    let (r, s, guns, reg) = battery();
    let a = Action::Fire {
        unit: guns,
        target: reg,
        mode: FireMode::Gas,
    };
    // With its direct hits, as any fire.
    let odds = fire_agrees(&r, &s, a, guns, reg);
    assert!(part(&odds, "the target's fear test (gas)").total() > 0.99);
    // Every roll through the rules, for guns without direct hits (a card
    // changed for the test, so that every way can be played through): the
    // gas's fear test after whatever the table did, and the target's fate.
    let mut sc = red_actions::load_scenario(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml"),
    )
    .unwrap();
    let field = s.unit(guns).troop as usize;
    sc.troops[field].direct_hit = None;
    let r = RedActions::new(sc);
    let odds = r.odds(&s, WHITE, &a).expect("gas has odds");
    same_as(
        part(&odds, "the target's fear test (gas)"),
        &every_roll(&r, &s, WHITE, a, &last_test(reg, Test::Fear)),
    );
    same_as(
        part(&odds, "the target after the fire"),
        &every_roll(&r, &s, WHITE, a, &fate(reg, false)),
    );
}

#[test]
fn harassing_fire_rolls_nothing_and_has_no_odds() {
    let (r, s, guns, reg) = battery();
    let a = Action::Fire {
        unit: guns,
        target: reg,
        mode: FireMode::Harassing,
    };
    assert!(r.legal(&s, WHITE, &a), "{:?}", r.refusal(&s, WHITE, &a));
    assert!(r.odds(&s, WHITE, &a).is_none());
}

/// A White senior officer with a morale modifier 3" behind the
/// volunteers: hidden under a marker, or a dummy marker there instead.
#[test]
fn ambushes_odds_tell_nothing_of_a_hidden_officer_or_a_dummy() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    let general = id(&r, "w_gen");
    let pool = &r.sc().pools[r.sc().army_of(WHITE).pool];
    let token = (0..pool.tokens.len() as u16)
        .find(|&t| {
            let tok = &pool.tokens[t as usize];
            tok.morale != 0 && tok.level == red_actions::scenario::Level::Senior
        })
        .expect("a senior token with a morale modifier");
    let charge = Action::Charge {
        unit: cav,
        target: vol,
    };
    let fear = |st: &State| {
        let o = r.odds(st, RED, &charge).expect("odds");
        (part(&o, "the target's fear test").clone(), o)
    };
    let mut seen = s.clone();
    place(&mut seen, general, 29.0, 40.0, 90);
    seen.unit_mut(general).officer = Some(Officer { token });
    assert_ne!(r.officer_modifier(&seen, vol), 0);
    let mut hidden = seen.clone();
    let g = hidden.unit_mut(general);
    g.hidden = true;
    g.marker = true;
    let mut dummy = s.clone();
    dummy.dummies.push(Dummy {
        side: WHITE,
        at: seen.unit(general).formation.front.at,
        gone: false,
    });
    let (nobody, all) = fear(&s);
    let (under_marker, all_hidden) = fear(&hidden);
    let (a_dummy, all_dummy) = fear(&dummy);
    assert_eq!(under_marker, nobody, "the hidden officer is not counted");
    assert_eq!(a_dummy, nobody);
    assert_eq!(all_hidden, all, "nothing in the odds differs");
    assert_eq!(all_dummy, all);
    // Seen, he counts (the odds are not blind to officers).
    assert_ne!(fear(&seen).0, nobody);
    // The hidden officer's own side sees him: the test would count him
    // for it (its view of its own unit).
    let own = r.as_seen_by(&hidden, WHITE);
    assert_eq!(own.unit(general).status, Status::OnTable);
}

#[test]
fn ambushes_scouting_odds_are_the_same_whatever_hides_there() {
    let r = village();
    let mut s = r.setup(&engine::Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.acted = true;
    }
    let (mg, white) = (id(&r, "r_mg"), id(&r, "w_vol1"));
    place(&mut s, mg, 29.0, 24.0, 270);
    place(&mut s, white, 25.0, 24.0, 90);
    s.unit_mut(white).acted = false;
    s.unit_mut(id(&r, "w_vol2")).acted = false;
    s.phase = Phase::Choose {
        side: WHITE,
        card: None,
        selected: None,
    };
    let town = r
        .sc()
        .terrain
        .iter()
        .position(|a| a.name == "Pokrovskoye")
        .unwrap() as u16;
    let scout = Action::Scout {
        unit: white,
        spot: town,
    };
    assert!(s.unit(mg).hidden, "the machine guns hide in the village");
    let with = r
        .odds(&s, WHITE, &scout)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, WHITE, &scout)));
    let mut empty = s.clone();
    empty.unit_mut(mg).status = Status::Waiting;
    empty.dummies.clear();
    let without = r.odds(&empty, WHITE, &scout).expect("scouting has odds");
    assert_eq!(with, without, "the odds tell nothing of what is there");
    let d = &with.parts[0];
    let mut found = 0;
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        apply(&r, &mut t, WHITE, scout);
        found += !t.unit(mg).hidden as u32;
    }
    assert!(
        close(p_of(d, "passed"), found as f64 / 6.0),
        "{}",
        d.summary()
    );
}

#[test]
fn rallying_from_rout_under_the_original_rules_odds_count_the_units_that_are_gone() {
    let (r, mut s, reg) = routing_battalion();
    s.options.push("rout_standard_ra".into());
    let a = Action::RallyRout { unit: reg };
    let odds = r.odds(&s, RED, &a).unwrap();
    let d = part(&odds, "the rally test");
    let mut counted = Vec::new();
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        apply(&r, &mut t, RED, a);
        let u = t.unit(reg);
        let label = if u.status == Status::Gone {
            "failed: by more than 2, it is gone"
        } else if u.routing {
            "failed: it runs again"
        } else {
            "passed: it rallies: its terror goes"
        };
        counted = tally(&counted, label.to_string());
    }
    assert_eq!(counted.len(), 3, "{counted:?}");
    same_as_counted(d, &counted);
}

#[test]
fn morale_tests_a_mobs_roll_comes_first_and_is_counted() {
    // Red's Mobilised battalion (a Mob) 10" from the volunteers, in sight:
    // a wheel toward them asks for the roll.
    let (r, mut s) = empty(RED);
    let (mob, vol) = (id(&r, "r_consc1"), id(&r, "w_vol1"));
    place(&mut s, mob, 40.0, 40.0, 270);
    place(&mut s, vol, 30.0, 40.0, 90);
    s.unit_mut(mob).acted = false;
    let a = Action::Wheel {
        unit: mob,
        pivot: red_actions::geometry::Side::Left,
        angle: Degrees::whole(10),
    };
    assert!(r.needs_mob_roll(&s, &a));
    let odds = r.odds(&s, RED, &a).expect("the Mob roll has odds");
    let d = part(&odds, "the Mob roll");
    let mut acts = 0;
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        let ev = apply(&r, &mut t, RED, a);
        let passed = ev
            .iter()
            .find_map(|e| match e {
                Event::MobRoll { passed, .. } => Some(*passed),
                _ => None,
            })
            .expect("a Mob roll");
        assert_eq!(
            passed,
            t.unit(mob).formation.front != s.unit(mob).formation.front,
            "d6 {die}: it wheels iff it passes"
        );
        acts += passed as u32;
    }
    assert!(
        close(p_of(d, "passed"), acts as f64 / 6.0),
        "{}",
        d.summary()
    );
    // No enemy in sight: no roll, no Mob part.
    let mut t = s.clone();
    t.unit_mut(vol).status = Status::Waiting;
    assert!(!r.needs_mob_roll(&t, &a));
    assert!(r.odds(&t, RED, &a).is_none(), "a wheel rolls nothing then");
}

#[test]
fn pre_empting_enemy_actions_odds_of_the_clever_officers_six() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).acted = false;
    s.questions.push(Question {
        side: WHITE,
        ask: Ask::PreEmpt {
            clever: vol,
            enemy: cav,
        },
    });
    let a = Action::PreEmpt { unit: vol };
    let odds = r
        .odds(&s, WHITE, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, WHITE, &a)));
    let mut passed = 0;
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        let ev = apply(&r, &mut t, WHITE, a);
        let p = ev
            .iter()
            .find_map(|e| match e {
                Event::PreEmptRoll { passed, .. } => Some(*passed),
                _ => None,
            })
            .expect("the Clever officer's roll");
        passed += p as u32;
    }
    assert!(close(p_of(&odds.parts[0], "passed"), passed as f64 / 6.0));
    assert!(r.odds(&s, WHITE, &Action::LetAct { unit: vol }).is_none());
}

/// `keep` on the table where they stand, everyone else off; `side` to
/// choose and `unit` still to act.
fn quiet(name: &str, keep: &[&str], unit: &str) -> (RedActions, State, UnitId) {
    let r = load(name);
    let mut s = r.setup(&engine::Options::new(), 3).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for (i, u) in s.units.iter_mut().enumerate() {
        if !keep.contains(&r.sc().units[i].id.as_str()) && u.status == Status::OnTable {
            u.status = Status::Waiting;
        }
        u.acted = true;
        u.hidden = false;
        u.marker = false;
        u.ambush = false;
    }
    s.dummies.clear();
    let u = id(&r, unit);
    s.unit_mut(u).acted = false;
    s.phase = Phase::Choose {
        side: s.unit(u).side,
        card: None,
        selected: None,
    };
    (r, s, u)
}

#[test]
fn tanks_odds_of_getting_going_again_and_of_breaking_down() {
    let (r, mut s, tank) = quiet("wired_position", &[], "w_tank");
    place(&mut s, tank, 40.0, 36.0, 0);
    s.unit_mut(tank).kit.broken_down = true;
    let repair = Action::Repair { unit: tank };
    let odds = r.odds(&s, WHITE, &repair).expect("the repair die has odds");
    let mut freed = 0;
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        apply(&r, &mut t, WHITE, repair);
        freed += !t.unit(tank).kit.broken_down as u32;
    }
    assert!(close(p_of(&odds.parts[0], "passed"), freed as f64 / 6.0));
    // Faster than half speed (three quarters, the segment goes on): ending
    // the segment rolls the breakdown die.
    s.unit_mut(tank).kit.broken_down = false;
    let speed = r.troop(s.unit(tank)).speed;
    apply(
        &r,
        &mut s,
        WHITE,
        Action::Advance {
            unit: tank,
            distance: speed.fraction(3, 4),
        },
    );
    let done = Action::Done { unit: tank };
    let odds = r
        .odds(&s, WHITE, &done)
        .expect("the breakdown die has odds");
    let d = &odds.parts[0];
    let mut broken = 0;
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        apply(&r, &mut t, WHITE, done);
        broken += t.unit(tank).kit.broken_down as u32;
    }
    assert!(
        close(p_of(d, "broken down"), broken as f64 / 6.0),
        "{}",
        d.summary()
    );
    // Not over half speed: no die, no odds.
    let (r, mut s, tank) = quiet("wired_position", &[], "w_tank");
    place(&mut s, tank, 40.0, 36.0, 0);
    apply(
        &r,
        &mut s,
        WHITE,
        Action::Advance {
            unit: tank,
            distance: Inches::whole(1),
        },
    );
    assert!(r.odds(&s, WHITE, &Action::Done { unit: tank }).is_none());
}

#[test]
fn trains_odds_of_the_engines_rally_test() {
    let (r, mut s, engine) = quiet(
        "railway_raid",
        &[
            "w_train_mg",
            "w_train_engine",
            "w_train_gun",
            "w_train_wagon",
        ],
        "w_train_engine",
    );
    s.unit_mut(engine).kit.leaving = true;
    let a = Action::RallyTrain { unit: engine };
    let odds = r
        .odds(&s, s.unit(engine).side, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, s.unit(engine).side, &a)));
    let mut rallied = 0;
    for dice in two_d6() {
        let mut t = s.clone();
        roll(&mut t, &dice);
        let side = t.unit(engine).side;
        apply(&r, &mut t, side, a);
        rallied += !t.unit(engine).kit.leaving as u32;
    }
    assert!(close(p_of(&odds.parts[0], "passed"), rallied as f64 / 36.0));
}

#[test]
fn barbed_wire_odds_of_the_crossing_roll_for_riflemen_and_engineers() {
    for key in ["w_vol1", "w_sappers"] {
        let (r, mut s, u) = quiet("wired_position", &[], key);
        // Facing the wire belt from the south, 0.6" short of it.
        place(&mut s, u, 16.0, 20.1, 0);
        let a = Action::CrossWire { unit: u };
        assert!(
            r.odds(&s, WHITE, &a).is_none(),
            "entering the wire rolls nothing"
        );
        apply(&r, &mut s, WHITE, a);
        assert!(s.unit(u).in_wire.is_some());
        s.unit_mut(u).acted = false;
        s.turn += 1;
        s.phase = Phase::Choose {
            side: WHITE,
            card: None,
            selected: None,
        };
        let odds = r
            .odds(&s, WHITE, &a)
            .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, WHITE, &a)));
        let d = &odds.parts[0];
        let mut counted = Vec::new();
        for dice in two_d6() {
            let mut t = s.clone();
            roll(&mut t, &dice);
            let ev = apply(&r, &mut t, WHITE, a);
            let (crossed, gap) = ev
                .iter()
                .find_map(|e| match e {
                    Event::WireRoll { crossed, gap, .. } => Some((*crossed, *gap)),
                    _ => None,
                })
                .expect("the crossing roll");
            assert_eq!(crossed, t.unit(u).in_wire.is_none(), "{dice:?}");
            let label = match (crossed, gap) {
                (_, true) => "a gap cut: across",
                (true, false) => "across",
                (false, false) => "still in the wire",
            };
            counted = tally(&counted, label.to_string());
        }
        same_as_counted(d, &counted);
        assert_eq!(d.p("a gap cut: across") > 0.0, key == "w_sappers", "{key}");
    }
}

#[test]
fn buildings_odds_of_setting_and_fighting_a_fire() {
    let (r, mut s, u) = quiet("village", &[], "r_reg1");
    place(&mut s, u, 29.8, 28.0, 90);
    s.unit_mut(u).order = Order::Column;
    s.unit_mut(u).formation.order = Order::Column.geometry();
    s.unit_mut(id(&r, "w_vol2")).acted = false;
    let b = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.name == "South huts")
        .unwrap() as u16;
    let set = Action::SetFire {
        unit: u,
        building: b,
    };
    let fight = Action::FightFire {
        unit: u,
        building: b,
    };
    for (a, markers) in [(set, 0u8), (set, 4), (fight, 3)] {
        let mut st = s.clone();
        st.fires[b as usize] = markers;
        let odds = r
            .odds(&st, RED, &a)
            .unwrap_or_else(|| panic!("{:?}", r.refusal(&st, RED, &a)));
        let mut counted: Vec<(String, u32)> = Vec::new();
        for die in 1..=6u8 {
            let mut t = st.clone();
            roll(&mut t, &[die]);
            apply(&r, &mut t, RED, a);
            let label = match t.fires[b as usize] {
                0 => "the fire is out".to_string(),
                n if n >= 5 => "it burns down".to_string(),
                1 => "1 fire marker".to_string(),
                n => format!("{n} fire markers"),
            };
            counted = tally(&counted, label);
        }
        let d = &odds.parts[0];
        for (label, n) in &counted {
            assert!(
                close(d.p(label), *n as f64 / 6.0),
                "{label}: {}",
                d.summary()
            );
        }
    }
}

#[test]
fn ambushes_odds_of_springing_an_ambush_count_the_targets_fear_test() {
    // Red's MG platoon in ambush, White's volunteers come within its
    // short range: White's move asks Red whether to spring.
    let (r, mut s) = empty(RED);
    let (mg, vol) = (id(&r, "r_mg"), id(&r, "w_vol1"));
    place(&mut s, mg, 40.0, 40.0, 270);
    place(&mut s, vol, 34.0, 40.0, 90);
    s.unit_mut(mg).acted = false;
    s.unit_mut(mg).ambush = true;
    s.unit_mut(mg).hidden = true;
    let a = Action::Spring {
        unit: mg,
        target: vol,
    };
    let odds = r
        .odds(&s, RED, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, RED, &a)));
    let fear = part(&odds, "the target's fear test (ambushed)");
    // A Shooting Table roll with no effect, then the fear test.
    let plan = r.plan(&s, mg, vol, FireMode::Direct).unwrap();
    let t = &r.sc().tables;
    let col = t.shooting_column(plan.sums.total);
    let miss = (2..=12u8)
        .find(|&x| col.is_none_or(|c| t.shooting_cell(x, c as i32 + plan.sums.shift).is_none()))
        .expect("a roll without effect");
    let mut passed = 0;
    let mut counted = Vec::new();
    for dice in two_d6() {
        let mut st = s.clone();
        roll(&mut st, &[miss / 2, miss - miss / 2, dice[0], dice[1]]);
        let ev = apply(&r, &mut st, RED, a);
        let pass = test_of(&ev, vol, Test::Fear).expect("the ambush's fear test");
        assert_eq!(st.unit(vol).routing, !pass, "{dice:?}");
        passed += pass as u32;
        // The table, counted on its own.
        let mut st = s.clone();
        roll(&mut st, &[dice[0], dice[1], 1, 1]);
        let ev = apply(&r, &mut st, RED, a);
        let result = ev
            .iter()
            .find_map(|e| match e {
                Event::Shot { result, .. } => Some(*result),
                _ => None,
            })
            .expect("the ambush's fire");
        counted = tally(&counted, red_actions::text::effect(&result));
    }
    assert!(passed > 0 && passed < 36);
    same_as_counted(part(&odds, "the target"), &counted);
    same_as(
        fear,
        &every_roll(&r, &s, RED, a, &last_test(vol, Test::Fear)),
    );
    same_as(
        part(&odds, "the target after the fire"),
        &every_roll(&r, &s, RED, a, &fate(vol, false)),
    );
    // White, whose unit is shot at, is not asked and sees no odds.
    assert!(r.odds(&s, WHITE, &a).is_none());
}

#[test]
fn ambushes_the_odds_of_a_shot_tell_nothing_of_a_hidden_officer_or_a_dummy() {
    // The volunteers shot at 6" (Kill! and S! bring tests), a White senior
    // officer with a morale modifier 3" behind them: seen, hidden under a
    // marker, or a dummy marker in his place.
    let (r, mut s) = empty(RED);
    let (reg, vol, general) = (id(&r, "r_reg1"), id(&r, "w_vol1"), id(&r, "w_gen"));
    place(&mut s, reg, 40.0, 40.0, 270);
    place(&mut s, vol, 34.0, 40.0, 90);
    s.unit_mut(reg).acted = false;
    let pool = &r.sc().pools[r.sc().army_of(WHITE).pool];
    let token = (0..pool.tokens.len() as u16)
        .find(|&t| {
            let tok = &pool.tokens[t as usize];
            tok.morale != 0 && tok.level == red_actions::scenario::Level::Senior
        })
        .unwrap();
    let shot = Action::Shoot {
        unit: reg,
        target: vol,
    };
    let nobody = r.odds(&s, RED, &shot).unwrap();
    let mut seen = s.clone();
    place(&mut seen, general, 31.0, 40.0, 90);
    seen.unit_mut(general).officer = Some(Officer { token });
    let mut hidden = seen.clone();
    hidden.unit_mut(general).hidden = true;
    hidden.unit_mut(general).marker = true;
    let mut dummy = s.clone();
    dummy.dummies.push(Dummy {
        side: WHITE,
        at: seen.unit(general).formation.front.at,
        gone: false,
    });
    assert_eq!(r.odds(&hidden, RED, &shot).unwrap(), nobody);
    assert_eq!(r.odds(&dummy, RED, &shot).unwrap(), nobody);
    assert_ne!(
        part(
            &r.odds(&seen, RED, &shot).unwrap(),
            "the target after the fire"
        ),
        part(&nobody, "the target after the fire"),
        "a senior officer seen with them steadies them"
    );
}

#[test]
fn direct_hits_the_odds_of_a_battery_are_worked_out_in_few_plays() {
    let (r, s, guns, reg) = battery();
    let a = Action::Shoot {
        unit: guns,
        target: reg,
    };
    let start = std::time::Instant::now();
    let odds = r.odds(&s, WHITE, &a).unwrap();
    let took = start.elapsed();
    let after = part(&odds, "the target after the fire");
    assert!(close(after.total(), 1.0), "{}", after.summary());
    // Debug build, shared machine: generous, but not a hover's worth of
    // seconds.
    assert!(took.as_secs_f64() < 5.0, "{took:?}");
    eprintln!("battery odds: {took:?}: {}", odds.summary());
}

#[test]
fn charging_running_on_odds_count_the_fear_test_and_the_fight_of_the_unit_in_the_way() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let vol2 = id(&r, "w_vol2");
    // A second company 3" behind the first, facing east too.
    place(&mut s, vol2, 29.0, 40.0, 90);
    s.unit_mut(vol2).acted = false;
    // The charge test passed, the first company's fear test failed.
    roll(&mut s, &[3, 3, 6, 6]);
    apply(
        &r,
        &mut s,
        RED,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let a = Action::RunOn { unit: cav };
    let odds = r.odds(&s, RED, &a).expect("running on has odds");
    let d = part(&odds, "running on");
    let classify = |_: &State, ev: &[Event]| -> String {
        match ev.iter().find_map(|e| match e {
            Event::Combat {
                result,
                charger_stronger,
                ..
            } => Some(combat_words(result, *charger_stronger, true)),
            _ => None,
        }) {
            Some(w) => format!("a fight: {w}"),
            None if ev.iter().any(
                |e| matches!(e, Event::MoraleTest { unit, passed: false, .. } if *unit == vol2),
            ) =>
            {
                "the unit in its way fails its fear test and routs".into()
            }
            None => "no enemy in its way".into(),
        }
    };
    let counted = every_roll(&r, &s, RED, a, &classify);
    assert!(counted.len() > 2, "{counted:?}");
    same_as(d, &counted);
    // Halting rolls nothing.
    assert!(r.odds(&s, RED, &Action::HaltCharge { unit: cav }).is_none());
}

#[test]
fn routing_through_friends_odds_count_their_tests_when_the_target_flees() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    // A second company 3" behind the first: the first flees through it.
    let vol2 = id(&r, "w_vol2");
    place(&mut s, vol2, 29.0, 40.0, 90);
    roll(&mut s, &[3, 3, 3, 3]);
    apply(
        &r,
        &mut s,
        RED,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let flee = Action::FleeCharge { unit: vol };
    let odds = r
        .odds(&s, WHITE, &flee)
        .expect("fleeing through friends has odds");
    let d = part(&odds, "your friends in its way");
    let classify = friend_fate(vol2);
    let counted = every_roll(&r, &s, WHITE, flee, &classify);
    assert!(counted.len() > 1, "{counted:?}");
    same_as(d, &counted);
    // Nobody behind: no friends' part, no odds at all.
    let mut alone = s.clone();
    alone.unit_mut(vol2).status = Status::Waiting;
    assert!(r.odds(&alone, WHITE, &flee).is_none());
    // Standing has no friends' part.
    let stand = r
        .odds(&s, WHITE, &Action::StandCharge { unit: vol })
        .unwrap();
    assert!(
        stand
            .parts
            .iter()
            .all(|p| p.subject != "your friends in its way")
    );
}

/// Every way the dice can fall, die by die (six ways each), through the
/// rules; ends where `keep` is false are dropped and the rest scaled up
/// (the chance given that `keep` holds).
fn every_die(
    r: &RedActions,
    s: &State,
    side: Side,
    a: Action,
    keep: &dyn Fn(&[Event]) -> bool,
    classify: &dyn Fn(&State, &[Event]) -> String,
) -> Vec<(String, f64)> {
    let mut out: Vec<(String, f64)> = Vec::new();
    let mut kept = 0.0;
    let mut stack = vec![(Vec::<u8>::new(), 1.0f64)];
    let mut plays = 0;
    while let Some((dice, p)) = stack.pop() {
        plays += 1;
        assert!(plays < 100_000, "too many ways to play through");
        let mut t = s.clone();
        t.rng = engine::rng_from_seed(11);
        let fresh = t.rng.clone();
        roll(&mut t, &dice);
        let ev = apply(r, &mut t, side, a);
        if t.rng != fresh {
            for d in 1..=6u8 {
                let mut more = dice.clone();
                more.push(d);
                stack.push((more, p / 6.0));
            }
        } else if keep(&ev) {
            kept += p;
            let label = classify(&t, &ev);
            match out.iter_mut().find(|(l, _)| *l == label) {
                Some(x) => x.1 += p,
                None => out.push((label, p)),
            }
        }
    }
    out.into_iter().map(|(l, p)| (l, p / kept)).collect()
}

#[test]
fn unit_characteristics_a_mobs_rally_shows_its_roll_then_what_follows_if_it_acts() {
    // Red's Mobilised battalion (a Mob) routing west, away from the
    // volunteers 14" east of it (in sight, beyond a full move); the 1st
    // battalion 3" west of it, in its way.
    let (r, mut s) = empty(RED);
    let (mob, reg, vol) = (id(&r, "r_consc1"), id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, mob, 40.0, 40.0, 90);
    place(&mut s, reg, 37.0, 40.0, 90);
    place(&mut s, vol, 54.0, 40.0, 270);
    s.unit_mut(mob).acted = false;
    s.unit_mut(mob).routing = true;
    s.unit_mut(mob).terror = 1;
    let a = Action::RallyRout { unit: mob };
    assert!(r.needs_mob_roll(&s, &a), "it sees the enemy");
    let odds = r
        .odds(&s, RED, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, RED, &a)));
    assert_eq!(odds.parts[0].subject, "the Mob roll");
    let friends = part(&odds, "your friends in its way");
    let acts = |ev: &[Event]| {
        ev.iter()
            .any(|e| matches!(e, Event::MobRoll { passed: true, .. }))
    };
    let classify = friend_fate(reg);
    let counted = every_die(&r, &s, RED, a, &acts, &classify);
    assert!(counted.len() > 1, "{counted:?}");
    same_as(friends, &counted);
    // The rally test, given it acts.
    let rally = part(&odds, "the rally test");
    let rallied = every_die(&r, &s, RED, a, &acts, &|t: &State, _: &[Event]| {
        if t.unit(mob).routing || t.unit(mob).status != Status::OnTable {
            "failed".into()
        } else {
            "passed".into()
        }
    });
    let p = rallied
        .iter()
        .find(|(l, _)| l == "passed")
        .map_or(0.0, |x| x.1);
    assert!(
        close(p_of(rally, "passed"), p),
        "{} vs {p}",
        rally.summary()
    );
}

#[test]
fn permitted_actions_combining_units_whose_officers_are_of_equal_rank_has_odds() {
    // Red's 1st battalion divided last turn; its two parts in contact at
    // the start of this one, each with a Kombat of rank 1.
    let r = village();
    let mut s = r.setup(&engine::Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.entry = None;
        u.acted = true;
    }
    let (red, white) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, red, 40.0, 40.0, 270);
    s.unit_mut(red).acted = false;
    place(&mut s, white, 10.0, 6.0, 90);
    s.unit_mut(white).acted = false;
    s.phase = Phase::Choose {
        side: RED,
        card: None,
        selected: None,
    };
    apply(&r, &mut s, RED, Action::Divide { unit: red, into: 2 });
    let new = (s.units.len() - 1) as UnitId;
    apply(&r, &mut s, WHITE, Action::Done { unit: white });
    s.unit_mut(white).acted = false;
    s.phase = Phase::Choose {
        side: RED,
        card: None,
        selected: None,
    };
    let pool = &r.sc().pools[r.sc().army_of(RED).pool];
    let tok = |name: &str| Officer {
        token: pool.tokens.iter().position(|t| t.name == name).unwrap() as u16,
    };
    let a = Action::Combine {
        unit: red,
        with: new,
    };
    s.unit_mut(red).officer = Some(tok("Kombat, steady"));
    s.unit_mut(new).officer = Some(tok("Kombat, inspiring"));
    let odds = r
        .odds(&s, RED, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, RED, &a)));
    let d = &odds.parts[0];
    let mut counted: Vec<(String, u32)> = Vec::new();
    for die in 1..=6u8 {
        let mut t = s.clone();
        roll(&mut t, &[die]);
        let ev = apply(&r, &mut t, RED, a);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Combined { die: Some(x), .. } if *x == die))
        );
        let label = if t.unit(red).officer == s.unit(red).officer {
            format!("the officer of {} commands", r.unit_name(&s, red))
        } else {
            format!("the officer of {} commands", r.unit_name(&s, new))
        };
        counted = tally(&counted, label);
    }
    assert_eq!(counted.len(), 2, "{counted:?}");
    for (label, n) in &counted {
        assert!(
            close(d.p(label), *n as f64 / 6.0),
            "{label}: {}",
            d.summary()
        );
    }
    // A Party man commands without a die: no odds.
    s.unit_mut(new).officer = Some(tok("Kombat, Party man"));
    assert!(r.odds(&s, RED, &a).is_none());
}

/// The move's dice counted from the rules, die by die.
fn move_words(unit: UnitId) -> impl Fn(&State, &[Event]) -> String {
    move |_: &State, ev: &[Event]| {
        use red_actions::state::VehicleResult;
        let mut words: Vec<&str> = Vec::new();
        for e in ev {
            match *e {
                Event::Veers { unit: u, angle, .. } if u == unit && angle.0 != 0 => {
                    words.push(if angle.0 < 0 {
                        "veers left"
                    } else {
                        "veers right"
                    })
                }
                Event::VehicleDie {
                    unit: u,
                    result: VehicleResult::Stuck,
                    ..
                } if u == unit => words.push("stuck"),
                Event::VehicleDie {
                    unit: u,
                    result: VehicleResult::StuckForGood,
                    ..
                } if u == unit => words.push("stuck for good"),
                Event::VehicleDie {
                    unit: u,
                    result: VehicleResult::BrokenDown,
                    ..
                } if u == unit => words.push("breaks down"),
                _ => {}
            }
        }
        if words.is_empty() {
            "as planned".into()
        } else {
            words.join(", ")
        }
    }
}

#[test]
fn tanks_odds_of_a_move_across_an_obstacle_and_past_half_speed() {
    let (r, mut s, tank) = quiet("wired_position", &[], "w_tank");
    // Just south of the fire trench, heading north across it.
    place(&mut s, tank, 40.0, 15.5, 0);
    let speed = r.troop(s.unit(tank)).speed;
    let mut tried = 0;
    for d in [Inches::whole(2), speed.fraction(3, 4), speed] {
        let a = Action::Advance {
            unit: tank,
            distance: d,
        };
        if !r.legal(&s, WHITE, &a) {
            continue;
        }
        tried += 1;
        let odds = r.odds(&s, WHITE, &a).expect("a tank's move has dice");
        let counted = every_die(&r, &s, WHITE, a, &|_| true, &move_words(tank));
        same_as(part(&odds, "the move"), &counted);
        assert!(counted.len() >= 3, "{d}: {counted:?}");
    }
    assert!(tried >= 2, "the 2\" crossing and a faster one");
    // On open ground at a walk, no die: no odds.
    let (r, mut s, tank) = quiet("wired_position", &[], "w_tank");
    place(&mut s, tank, 40.0, 36.0, 0);
    let a = Action::Advance {
        unit: tank,
        distance: Inches::whole(1),
    };
    assert!(r.odds(&s, WHITE, &a).is_none());
}

#[test]
fn weather_odds_of_veering_at_night() {
    let mut sc = red_actions::load_scenario(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml"),
    )
    .unwrap();
    sc.weather = red_actions::scenario::WeatherKind::DarkNight;
    let r = RedActions::new(sc);
    let (_, mut s) = empty(RED);
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 40.0, 40.0, 0);
    s.unit_mut(reg).acted = false;
    let a = Action::Advance {
        unit: reg,
        distance: Inches::whole(1),
    };
    let odds = r
        .odds(&s, RED, &a)
        .unwrap_or_else(|| panic!("{:?}", r.refusal(&s, RED, &a)));
    let counted = every_die(&r, &s, RED, a, &|_| true, &move_words(reg));
    assert_eq!(counted.len(), 3, "{counted:?}");
    same_as(part(&odds, "the move"), &counted);
    // Once moving, no more veering: the next step rolls nothing.
    let mut t = s.clone();
    roll(&mut t, &[3]);
    apply(&r, &mut t, RED, a);
    assert!(r.odds(&t, RED, &a).is_none());
}

/// Along random games of every scenario: every choice's odds add up to
/// one part by part, the other side is shown none, and the odds never
/// change the state they are worked out from.
#[test]
fn the_odds_of_every_choice_along_random_games_add_up_and_change_nothing() {
    use engine::{Decider, Game, Options};
    use rand::RngExt;
    let mut rng = engine::rng_from_seed(9);
    let mut with = 0;
    for name in ["village", "wired_position", "railway_raid"] {
        let r = load(name);
        let mut game = Game::new(r.clone(), Options::new(), 4).expect("the scenario sets up");
        for _ in 0..600 {
            let side = match game.to_decide() {
                Decider::One(side) => side,
                Decider::Both => Side::A,
                Decider::Nobody => break,
            };
            let choices = game.legal_choices(side).to_vec();
            let s = game.state().clone();
            for a in &choices {
                if let Some(o) = r.odds(&s, side, a) {
                    with += 1;
                    for d in &o.parts {
                        assert!(
                            (d.total() - 1.0).abs() < 1e-9,
                            "{name}: {a:?}: {}",
                            d.summary()
                        );
                    }
                }
                assert!(r.odds(&s, side.other(), a).is_none(), "{name}: {a:?}");
            }
            assert_eq!(&s, game.state(), "{name}: the odds changed the game");
            let pick = rng.random_range(0..choices.len());
            game.apply_choice(side, pick)
                .expect("a listed choice is legal");
        }
    }
    assert!(with > 10, "{with}");
}

/// How a charge ended, in the odds' words.
fn ending(
    charger: UnitId,
    target: UnitId,
    charging: bool,
    before: State,
) -> impl Fn(&State, &[Event]) -> String {
    move |t: &State, ev: &[Event]| {
        let fate = |u: UnitId| {
            if t.unit(u).status != Status::OnTable {
                "gone"
            } else if t.unit(u).routing && !before.unit(u).routing {
                "routs"
            } else if ev
                .iter()
                .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == u))
                || t.questions.iter().any(|q| {
                    matches!(q.ask, Ask::IgnoreRetire { unit } | Ask::SwapRetire { unit } if unit == u)
                })
            {
                "retires"
            } else {
                "stands"
            }
        };
        if ev.iter().any(|e| matches!(e, Event::Combat { .. })) {
            if charging {
                format!("yours {}, the target {}", fate(charger), fate(target))
            } else {
                format!("yours {}, the chargers {}", fate(target), fate(charger))
            }
        } else if ev.iter().any(|e| {
            matches!(e, Event::MoraleTest { unit, test: Test::Charge, passed: false, .. } if *unit == charger)
        }) {
            "no charge: the test failed".into()
        } else if t.unit(target).status != Status::OnTable || t.unit(target).routing {
            "the target runs before the fight".into()
        } else {
            "no fight".into()
        }
    }
}

#[test]
fn combat_results_how_a_charge_ends_counts_every_test_after_the_fight() {
    let (r, s, cav, vol) = cavalry_and_volunteers();
    // Standing, as the volunteers' answer: every roll after it.
    let mut asked = s.clone();
    roll(&mut asked, &[1, 1, 1, 1]);
    apply(
        &r,
        &mut asked,
        RED,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let stand = Action::StandCharge { unit: vol };
    let odds = r.odds(&asked, WHITE, &stand).unwrap();
    let counted = every_roll(
        &r,
        &asked,
        WHITE,
        stand,
        &ending(cav, vol, false, asked.clone()),
    );
    assert!(counted.len() >= 3, "{counted:?}");
    same_as(part(&odds, "how it ends"), &counted);
    // The charge as Red chooses it, the target taken to stand: against
    // every roll of the charge and the answer played through.
    let charge = Action::Charge {
        unit: cav,
        target: vol,
    };
    let odds = r.odds(&s, RED, &charge).unwrap();
    let d = part(&odds, "how it ends");
    assert!(d.p("no charge: the test failed") > 0.0);
    assert!(d.p("the target runs before the fight") > 0.0);
    // Given both tests passed, the rest is the answer's.
    let fights: f64 = d
        .outcomes
        .iter()
        .filter(|(l, _)| l.starts_with("yours"))
        .map(|(_, p)| p)
        .sum();
    let answer = part(&r.odds(&asked, WHITE, &stand).unwrap(), "how it ends").clone();
    for (label, p) in &answer.outcomes {
        let mine = label
            .replace("yours", "THEIRS")
            .replace("the chargers", "yours")
            .replace("THEIRS", "the target");
        // "yours X, the chargers Y" for them is "yours Y, the target X"
        // for Red: the two halves swap.
        let (a, b) = mine.split_once(", ").unwrap();
        let swapped = format!("{b}, {a}");
        assert!(
            close(d.p(&swapped), p * fights),
            "{swapped}: {} vs {} × {fights}",
            d.p(&swapped),
            p
        );
    }
}

#[test]
fn ambushes_no_odds_are_shown_against_a_unit_under_a_marker() {
    // The volunteers hidden under a marker 8" from Red's cavalry and 6"
    // from Red's battalion: neither the charge nor the shot is a choice,
    // and neither has odds; seen, both have.
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 38.0, 46.0, 270);
    place(&mut s, vol, 32.0, 46.0, 90);
    s.unit_mut(reg).acted = false;
    let charge = Action::Charge {
        unit: cav,
        target: vol,
    };
    let shot = Action::Shoot {
        unit: reg,
        target: vol,
    };
    let mut hidden = s.clone();
    hidden.unit_mut(vol).hidden = true;
    hidden.unit_mut(vol).marker = true;
    for a in [charge, shot] {
        assert!(r.odds(&hidden, RED, &a).is_none(), "{a:?}");
        assert!(
            r.odds(&s, RED, &a).is_some(),
            "{a:?}: {:?}",
            r.refusal(&s, RED, &a)
        );
    }
}

/// What became of one friend routed through or passed, in the words of
/// the odds' outcomes, from the events of a play.
fn friend_fate(friend: UnitId) -> impl Fn(&State, &[Event]) -> String {
    move |_, ev| {
        let tested = ev
            .iter()
            .any(|e| matches!(e, Event::MoraleTest { unit, .. } if *unit == friend));
        let routs = ev
            .iter()
            .any(|e| matches!(e, Event::Routs { unit } if *unit == friend));
        let retires = ev
            .iter()
            .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == friend));
        match (tested, routs, retires) {
            (false, ..) => "no friend tested".into(),
            (true, false, false) => "every friend tested holds".into(),
            (true, true, false) => "1 friend rout".into(),
            (true, false, true) => "1 friend retire".into(),
            (true, true, true) => "1 friend(s) rout, 1 retire".into(),
        }
    }
}
