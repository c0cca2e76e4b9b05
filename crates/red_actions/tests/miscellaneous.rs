//! Miscellaneous: prisoners on the table (taken, guarded, retaken, taken in
//! buildings, killed) and routers off the table (gone in sight of
//! pursuers, else one rally); and a divided unit in a building
//! (Permitted Actions, Buildings).

mod common;

use engine::Ruleset;
use engine::param::Inches;
use red_actions::RedActions;
use red_actions::state::{
    Action, Event, Order, Phase, Prisoners, PrisonersFate, State, Status, UnitId,
};

use common::*;

/// Dice in the order they are rolled.
fn roll(s: &mut State, dice: &[u8]) {
    s.loaded = dice.iter().rev().copied().collect();
}

fn act(r: &RedActions, s: &mut State, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    let side = s.unit(a.unit()).side;
    r.apply(s, side, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    r.check_invariants(s).unwrap();
    ev
}

/// `side` chooses next, `u` still to act.
fn to_act(s: &mut State, u: UnitId) {
    s.unit_mut(u).acted = false;
    s.phase = Phase::Choose {
        side: s.unit(u).side,
        card: None,
        selected: None,
    };
}

/// Two bases of White's 1st Volunteer company (4 bases, gone) held
/// prisoner by the Reds at `x`, `y`.
fn white_prisoners(r: &RedActions, s: &mut State, x: f64, y: f64, building: Option<u16>) -> u16 {
    let vol = id(r, "w_vol1");
    s.unit_mut(vol).status = Status::Gone;
    s.prisoners.push(Prisoners {
        side: WHITE,
        unit: vol,
        bases: 2,
        at: pt(x, y),
        building,
        fate: PrisonersFate::Held,
    });
    (s.prisoners.len() - 1) as u16
}

fn per_base(r: &RedActions, s: &State, key: &str) -> u32 {
    r.troop(s.unit(id(r, key))).points as u32
}

/// Pursuit: "the rest taken prisoner"; Combat Results: "surrenders
/// entirely". The prisoners stay on the table as a token where the men
/// stood, held (and, with the captors in contact, guarded) by the enemy;
/// the board and the log show it.
#[test]
fn miscellaneous_prisoners_are_left_on_the_table_where_they_were_taken() {
    // Caught in a pursuit: 4 bases less 2 lost in the fight, 1 cut down, 1
    // a prisoner.
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    roll(&mut s, &[3, 3, 3, 3, 5, 6]);
    act(
        &r,
        &mut s,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let ev = act(&r, &mut s, Action::StandCharge { unit: vol });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::PrisonersTaken { unit, bases: 1, prisoners: 0 } if *unit == vol
        )),
        "{ev:?}"
    );
    assert_eq!(s.prisoners.len(), 1);
    let p = s.prisoners[0];
    assert_eq!((p.side, p.bases, p.fate), (WHITE, 1, PrisonersFate::Held));
    // Where the routers were caught: west of the fight, on the table.
    assert!(p.at.x < pt(32, 0).x && p.at.x > Inches::ZERO, "{p:?}");
    let view = r.view(&s, Some(WHITE));
    assert_eq!(view.prisoners.len(), 1);
    assert_eq!(view.prisoners[0].held_by, RED);
    assert_eq!(view.prisoners[0].bases, 1);
    let log: Vec<String> = ev
        .iter()
        .map(|e| red_actions::text::event(&r, &s, e))
        .collect();
    assert!(
        log.iter().any(|t| t.contains("taken prisoner (1 bases)")),
        "{log:?}"
    );

    // Surrendering in combat: every base a prisoner, guarded by the
    // chargers in contact.
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    s.unit_mut(vol).terror = 3;
    roll(&mut s, &[3, 3, 3, 3, 6, 6]);
    act(
        &r,
        &mut s,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    act(&r, &mut s, Action::StandCharge { unit: vol });
    assert_eq!(s.prisoners.len(), 1);
    assert_eq!(s.prisoners[0].bases, 4);
    assert!(r.guarded(&s, &s.prisoners[0]));
    assert!(r.view(&s, None).prisoners[0].guarded);
}

/// "A unit moving onto unguarded prisoners immediately gains ownership":
/// White's men retaken by a White company marching onto them go to the
/// rear and count as lost no more.
#[test]
fn miscellaneous_prisoners_retaken_by_moving_onto_them() {
    let (r, mut s) = empty(WHITE);
    let k = white_prisoners(&r, &mut s, 40.0, 38.0, None);
    let vol2 = id(&r, "w_vol2");
    place(&mut s, vol2, 40.0, 42.0, 0);
    s.unit_mut(vol2).order = Order::Line;
    to_act(&mut s, vol2);
    let lost = r.points_lost(&s, WHITE);
    assert_eq!(lost, 4 * per_base(&r, &s, "w_vol1"));
    // 2" short of them: nothing yet.
    let ev = act(
        &r,
        &mut s,
        Action::Advance {
            unit: vol2,
            distance: Inches(200),
        },
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::PrisonersFreed { .. })));
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Held);
    // Onto them.
    let ev = act(
        &r,
        &mut s,
        Action::Advance {
            unit: vol2,
            distance: Inches(200),
        },
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::PrisonersFreed { prisoners, by: Some(u) } if *prisoners == k && *u == vol2
        )),
        "{ev:?}"
    );
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Freed);
    assert_eq!(r.points_lost(&s, WHITE), 2 * per_base(&r, &s, "w_vol1"));
    assert!(r.view(&s, Some(RED)).prisoners.is_empty());
}

/// Guarded prisoners are not retaken by a unit standing on them: only when
/// their guards (within 2") have gone.
#[test]
fn miscellaneous_prisoners_guarded_within_two_inches_are_not_retaken() {
    let (r, mut s) = empty(RED);
    let k = white_prisoners(&r, &mut s, 40.0, 38.0, None);
    let (vol2, reg) = (id(&r, "w_vol2"), id(&r, "r_reg1"));
    // The White company touching them, a Red battalion 1.5" from them.
    place(&mut s, vol2, 40.0, 38.0, 0);
    s.unit_mut(vol2).order = Order::Line;
    place(&mut s, reg, 40.0, 36.5, 0);
    s.unit_mut(reg).order = Order::Line;
    to_act(&mut s, reg);
    assert!(r.guarded(&s, &s.prisoners[k as usize]));
    // The guards step half an inch away: still within 2", still guarded.
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: reg,
            distance: Inches(50),
        },
    );
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Held);
    // They walk off: the Whites standing on their men have them back.
    let ev = act(
        &r,
        &mut s,
        Action::Advance {
            unit: reg,
            distance: Inches(300),
        },
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::PrisonersFreed { by: Some(u), .. } if *u == vol2
        )),
        "{ev:?}"
    );
}

/// "A unit that causes any enemy units in contact with prisoners to retire
/// immediately gains possession of them": Red sabres drive back the White
/// company guarding Red prisoners, and have them back at once.
#[test]
fn miscellaneous_prisoners_gained_by_making_their_guards_retire() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let reg2 = id(&r, "r_reg2");
    s.unit_mut(reg2).status = Status::Gone;
    // Beside the company's right end, 1.2" from it, and 1.7" from where
    // the sabres make contact (not on them).
    s.prisoners.push(Prisoners {
        side: RED,
        unit: reg2,
        bases: 3,
        at: pt(32.5, 43.5),
        building: None,
        fate: PrisonersFate::Held,
    });
    assert!(r.guarded(&s, &s.prisoners[0]));
    let lost = r.points_lost(&s, RED);
    // Adv column, 7: W/Ret 1 Ter: the company retires 3".
    roll(&mut s, &[3, 3, 3, 3, 3, 4]);
    act(
        &r,
        &mut s,
        Action::Charge {
            unit: cav,
            target: vol,
        },
    );
    let ev = act(&r, &mut s, Action::StandCharge { unit: vol });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == vol)),
        "{ev:?}"
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::PrisonersFreed {
                prisoners: 0,
                by: None
            }
        )),
        "{ev:?}"
    );
    assert_eq!(s.prisoners[0].fate, PrisonersFate::Freed);
    assert_eq!(
        r.points_lost(&s, RED),
        lost - 3 * per_base(&r, &s, "r_reg2")
    );
}

/// "Any prisoners unguarded in buildings require the capturing unit to
/// perform a take possession action": walking onto them in the huts is
/// not enough; taking them is the unit's whole segment.
#[test]
fn miscellaneous_prisoners_in_a_building_need_a_take_possession_action() {
    let (r, mut s) = empty(WHITE);
    let huts = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.name == "North huts")
        .unwrap() as u16;
    let k = white_prisoners(&r, &mut s, 32.0, 19.0, Some(huts));
    let vol2 = id(&r, "w_vol2");
    place(&mut s, vol2, 32.0, 22.5, 0);
    s.unit_mut(vol2).order = Order::Line;
    to_act(&mut s, vol2);
    let take = Action::TakePrisoners {
        unit: vol2,
        prisoners: k,
    };
    let why = r.refusal(&s, WHITE, &take).unwrap();
    assert!(why.contains("not touching"), "{why}");
    act(
        &r,
        &mut s,
        Action::Advance {
            unit: vol2,
            distance: Inches(300),
        },
    );
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Held);
    let why = r.refusal(&s, WHITE, &take).unwrap();
    assert!(why.contains("whole segment"), "{why}");
    act(&r, &mut s, Action::Done { unit: vol2 });
    to_act(&mut s, vol2);
    act(&r, &mut s, Action::Select { unit: vol2 });
    let mut listed = Vec::new();
    r.choices_opened(&s, WHITE, &mut listed);
    assert!(listed.contains(&take), "{listed:?}");
    let ev = act(&r, &mut s, take);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PrisonersFreed { by: Some(u), .. } if *u == vol2))
    );
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Freed);
    assert!(s.unit(vol2).acted, "taking them is the whole segment");
    // Refused for prisoners that do not exist.
    to_act(&mut s, vol2);
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::TakePrisoners {
                unit: vol2,
                prisoners: 60000,
            },
        )
        .unwrap();
    assert!(why.contains("no such prisoners"), "{why}");
}

/// "Prisoners can be eliminated by troops as an action if historically
/// appropriate, which is more often than not in the RCW": the guards may
/// kill them (they stay lost), unless the game spares prisoners.
#[test]
fn miscellaneous_prisoners_killed_by_their_guards_unless_the_game_spares_them() {
    let (r, mut s) = empty(RED);
    let k = white_prisoners(&r, &mut s, 30.0, 30.0, None);
    let (reg, reg2) = (id(&r, "r_reg1"), id(&r, "r_reg2"));
    place(&mut s, reg, 30.0, 28.5, 180);
    place(&mut s, reg2, 50.0, 28.5, 180);
    s.unit_mut(reg2).hidden = false;
    to_act(&mut s, reg);
    let lost = r.points_lost(&s, WHITE);
    let kill = Action::KillPrisoners {
        unit: reg,
        prisoners: k,
    };
    // Not by a unit that does not guard them.
    to_act(&mut s, reg2);
    let why = r
        .refusal(
            &s,
            RED,
            &Action::KillPrisoners {
                unit: reg2,
                prisoners: k,
            },
        )
        .unwrap();
    assert!(why.contains("not guarding"), "{why}");
    s.unit_mut(reg2).acted = true;
    to_act(&mut s, reg);
    // Not when the game spares them.
    let mut spared = s.clone();
    spared.options.push("spare_prisoners".into());
    let why = r.refusal(&spared, RED, &kill).unwrap();
    assert!(why.contains("spared"), "{why}");
    let ev = act(&r, &mut s, kill);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PrisonersKilled { unit, .. } if *unit == reg))
    );
    assert_eq!(s.prisoners[k as usize].fate, PrisonersFate::Killed);
    assert_eq!(r.points_lost(&s, WHITE), lost);
    assert!(r.view(&s, None).prisoners.is_empty());
}

/// White's 1st Volunteer company routing with its back 0.5" from the west
/// edge, the enemy `by` 17" east of it.
fn router_at_the_edge(by: &str) -> (RedActions, State, UnitId) {
    let (r, mut s) = empty(WHITE);
    let vol = id(&r, "w_vol1");
    place(&mut s, vol, 3.0, 30.0, 90);
    s.unit_mut(vol).order = Order::Line;
    s.unit_mut(vol).routing = true;
    s.unit_mut(vol).terror = 5;
    let e = id(&r, by);
    place(&mut s, e, 20.0, 30.0, 270);
    s.unit_mut(e).hidden = false;
    to_act(&mut s, vol);
    (r, s, vol)
}

/// "If a unit of troops routs behind its starting positions, then it can
/// reasonably be assumed that it won't be coming back if there is any
/// sight of pursuers": Red riflemen in sight, the router is gone.
#[test]
fn miscellaneous_routers_off_the_table_in_sight_of_pursuers_are_gone() {
    let (r, mut s, vol) = router_at_the_edge("r_reg1");
    let ev = act(&r, &mut s, Action::Rout { unit: vol });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RoutedOffTable { unit, seen: true } if *unit == vol)),
        "{ev:?}"
    );
    assert_eq!(s.unit(vol).status, Status::Gone);
}

/// "Otherwise give them one chance to rally off table": with only a
/// machine gun in sight (no pursuer), the router waits off the table; in
/// its next segment it may only try to rally; passed, it comes back where
/// it left; failed, it is gone.
#[test]
fn miscellaneous_routers_off_the_table_unseen_have_one_chance_to_rally() {
    for (dice, back) in [([1, 1], true), ([6, 6], false)] {
        let (r, mut s, vol) = router_at_the_edge("r_mg");
        // A senior officer in personal command goes off the table with it.
        let colonel = id(&r, "w_colonel2");
        s.unit_mut(colonel).more.with_unit = Some(vol);
        s.unit_mut(colonel).officer = Some(red_actions::state::Officer { token: 0 });
        let lost = r.points_lost(&s, WHITE);
        let ev = act(&r, &mut s, Action::Rout { unit: vol });
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::RoutedOffTable { unit, seen: false } if *unit == vol)),
            "{ev:?}"
        );
        let left = s.unit(vol).formation;
        assert_eq!(s.unit(vol).status, Status::Waiting);
        assert!(s.unit(vol).more.off_table);
        // Routing off the table, it counts as lost meanwhile.
        assert_eq!(r.points_lost(&s, WHITE), lost);
        assert!(
            r.view(&s, Some(WHITE))
                .units
                .iter()
                .any(|u| u.id == vol && u.off_table)
        );
        // Its next segment: only the rally.
        to_act(&mut s, vol);
        assert!(r.eligible(&s, vol));
        act(&r, &mut s, Action::Select { unit: vol });
        let prompt = r.prompt_text(&s, WHITE);
        assert!(prompt.contains("one chance to rally"), "{prompt}");
        let mut listed = Vec::new();
        r.choices_opened(&s, WHITE, &mut listed);
        let its: Vec<_> = listed.iter().filter(|a| a.unit() == vol).collect();
        assert_eq!(its, [&Action::RallyRout { unit: vol }]);
        for a in [
            Action::Rout { unit: vol },
            Action::Enter { unit: vol, at: 0 },
        ] {
            let why = r.refusal(&s, WHITE, &a).unwrap();
            assert!(why.contains("one chance to rally"), "{why}");
        }
        roll(&mut s, &dice);
        let ev = act(&r, &mut s, Action::RallyRout { unit: vol });
        if back {
            assert!(
                ev.iter()
                    .any(|e| matches!(e, Event::Returned { unit } if *unit == vol))
            );
            let u = s.unit(vol);
            assert_eq!((u.status, u.routing, u.terror), (Status::OnTable, false, 0));
            assert_eq!(u.formation, left);
            assert!(r.points_lost(&s, WHITE) < lost);
            assert_eq!(s.unit(colonel).more.with_unit, Some(vol));
        } else {
            assert_eq!(s.unit(vol).status, Status::Gone);
            // He falls with it.
            assert_eq!(s.unit(colonel).status, Status::Gone);
        }
        assert!(!s.unit(vol).more.off_table);
    }
}

/// Permitted Actions (dividing) and Buildings (possession): dividing moves
/// no one, so the part still touching the section its unit held keeps it;
/// a part standing off it holds nothing until it takes possession.
#[test]
fn permitted_actions_a_divided_unit_keeps_its_building_only_where_its_parts_stand() {
    let (r, mut s) = empty(RED);
    let huts = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.name == "North huts")
        .unwrap() as u16;
    let reg = id(&r, "r_reg1");
    // Four bases facing north: the western two in the huts (x 30-34), the
    // eastern two from x 35, 1" off them.
    place(&mut s, reg, 35.0, 19.0, 0);
    s.unit_mut(reg).order = Order::Line;
    s.unit_mut(reg).more.possession = Some(huts);
    s.unit_mut(reg).dug_in = 2;
    to_act(&mut s, reg);
    let ev = act(&r, &mut s, Action::Divide { unit: reg, into: 2 });
    let part = ev
        .iter()
        .find_map(|e| match e {
            Event::Divided { parts, .. } => Some(parts[0]),
            _ => None,
        })
        .unwrap();
    assert!(r.touches_building(&s, reg, huts));
    assert!(!r.touches_building(&s, part, huts));
    assert_eq!(s.unit(reg).more.possession, Some(huts));
    assert_eq!(s.unit(part).more.possession, None);
    // Nor does the first part leave its foxholes.
    assert_eq!(s.unit(reg).dug_in, 2);
}

/// Permitted Actions (combining) and Buildings (possession): "Two or more
/// units may combine ... if they start it in physical contact": combining
/// moves no one either, so the combined unit keeps the section one of them
/// held where it still touches it (whichever held it), with the shallower
/// foxholes of the two.
#[test]
fn permitted_actions_a_combined_unit_keeps_the_building_either_held() {
    for holder in ["r_reg1", "r_reg2"] {
        let (r, mut s) = empty(RED);
        let huts = r
            .sc()
            .buildings
            .iter()
            .position(|b| b.name == "North huts")
            .unwrap() as u16;
        let (reg, reg2) = (id(&r, "r_reg1"), id(&r, "r_reg2"));
        // Two bases each facing north, side by side: the 1st in the huts
        // (x 30-34), the 2nd from x 33.68 (its western base in them too).
        for (u, x) in [(reg, 32.5), (reg2, 34.86)] {
            place(&mut s, u, x, 19.0, 0);
            s.unit_mut(u).order = Order::Line;
            s.unit_mut(u).formation.order = Order::Line.geometry();
            s.unit_mut(u).formation.count = 2;
            s.unit_mut(u).acted = false;
            s.unit_mut(u).more.possession = None;
        }
        s.unit_mut(id(&r, holder)).more.possession = Some(huts);
        s.unit_mut(reg).dug_in = 4;
        s.unit_mut(reg2).dug_in = 2;
        s.unit_mut(reg).more.touching = vec![reg2];
        to_act(&mut s, reg);
        let combine = Action::Combine {
            unit: reg,
            with: reg2,
        };
        assert_eq!(r.refusal(&s, RED, &combine), None);
        let mut ev = Vec::new();
        r.apply(&mut s, RED, &combine, &mut ev)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert!(ev.iter().any(|e| matches!(e, Event::Combined { .. })));
        assert_eq!(s.unit(reg).bases(), 4);
        assert!(r.touches_building(&s, reg, huts));
        assert_eq!(s.unit(reg).more.possession, Some(huts), "held by {holder}");
        assert_eq!(s.unit(reg).dug_in, 2, "the shallower foxholes");
    }
}

/// Random play from the village's start with prisoners of both sides
/// already on the table, in the open and in a building: every step keeps
/// the invariants, and the prisoners' actions offered are legal and carried
/// out (taken back or killed) along the way.
#[test]
fn miscellaneous_prisoners_in_random_play_keep_the_invariants() {
    use engine::Decider;
    use rand::RngExt;
    let r = village();
    let mut acted = [0u32; 2];
    for seed in 0..6u64 {
        let mut s = r.setup(&engine::Options::new(), seed).unwrap();
        r.keep_officers_as_drawn(&mut s);
        let huts = r
            .sc()
            .buildings
            .iter()
            .position(|b| b.name == "North huts")
            .map(|b| b as u16);
        for (key, x, y, building) in [
            ("w_consc", 30.0, 40.0, None),
            ("r_consc2", 32.0, 19.0, huts),
            ("w_cossacks", 10.0, 20.0, None),
            // Behind the Red 1st battalion (its rear at x 31.5): guarded.
            ("w_vol2", 32.5, 23.0, None),
        ] {
            let u = id(&r, key);
            s.unit_mut(u).status = Status::Gone;
            s.prisoners.push(Prisoners {
                side: s.unit(u).side,
                unit: u,
                bases: 2,
                at: pt(x, y),
                building,
                fate: PrisonersFate::Held,
            });
        }
        r.check_invariants(&s).unwrap();
        let mut rng = engine::rng_from_seed(seed);
        for step in 0..3000 {
            let side = match r.to_decide(&s) {
                Decider::One(side) => side,
                Decider::Both => WHITE,
                Decider::Nobody => break,
            };
            let mut choices = Vec::new();
            r.choices(&s, side, &mut choices);
            assert!(!choices.is_empty(), "seed {seed} step {step}");
            // The prisoners' actions first whenever offered.
            let a = choices
                .iter()
                .find(|a| {
                    matches!(
                        a,
                        Action::TakePrisoners { .. } | Action::KillPrisoners { .. }
                    )
                })
                .copied()
                .unwrap_or_else(|| choices[rng.random_range(0..choices.len())]);
            match a {
                Action::TakePrisoners { .. } => acted[0] += 1,
                Action::KillPrisoners { .. } => acted[1] += 1,
                _ => {}
            }
            let mut ev = Vec::new();
            r.apply(&mut s, side, &a, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e:?}"));
            r.check_invariants(&s)
                .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
            let _ = r.view(&s, Some(side));
        }
    }
    eprintln!("prisoners taken back {}, killed {}", acted[0], acted[1]);
    assert!(acted[0] + acted[1] > 0, "no prisoners' action was played");
}
