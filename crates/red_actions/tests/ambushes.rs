//! Ambushes and hidden markers: what each side sees and reads, scouting,
//! springing an ambush out of turn, releasing it, dummies.

use engine::param::Inches;
use engine::{Options, Ruleset, Side};
use red_actions::RedActions;
use red_actions::state::{Action, Ask, Event, Phase, State, Status, Test, UnitId};

mod common;
use common::*;

/// Applies an advance of `unit` by `side` (it must be legal), its events
/// added to `ev`.
fn advance(
    r: &RedActions,
    s: &mut State,
    side: Side,
    unit: UnitId,
    distance: Inches,
    ev: &mut Vec<Event>,
) {
    r.apply(s, side, &Action::Advance { unit, distance }, ev)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// [`common::place`], the unit still to act this turn.
fn place(s: &mut State, u: UnitId, x: i32, y: i32, facing: i32) {
    common::place(s, u, x, y, facing);
    s.unit_mut(u).acted = false;
}

/// Everyone off the table; the Red MG platoon in ambush just inside the
/// village's west edge on the road; the 1st Volunteer company on the road
/// west of it, 15" away, facing it; White to choose.
fn ambush() -> (RedActions, State, UnitId, UnitId) {
    let r = village();
    let mut s = r.setup(&Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.acted = true;
    }
    let (mg, white) = (id(&r, "r_mg"), id(&r, "w_vol1"));
    place(&mut s, mg, 29, 24, 270);
    place(&mut s, white, 14, 24, 90);
    // The 2nd company, still to come on, keeps the turn going.
    s.unit_mut(id(&r, "w_vol2")).acted = false;
    s.phase = Phase::Choose {
        side: WHITE,
        card: None,
        selected: None,
    };
    (r, s, mg, white)
}

fn words(r: &RedActions, s: &State, ev: &[Event], viewer: Side) -> String {
    r.describe_events(s, ev, Some(viewer))
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn ambushes_the_enemy_sees_markers_never_the_hidden_units() {
    let r = village();
    let s = r.setup(&Options::new(), 1).unwrap();
    let (reg2, mg) = (id(&r, "r_reg2"), id(&r, "r_mg"));
    assert!(s.unit(reg2).hidden && s.unit(reg2).marker);
    assert!(s.unit(mg).hidden && s.unit(mg).ambush && !s.unit(mg).marker);
    let white = r.view(&s, Some(WHITE));
    assert!(!white.units.iter().any(|u| u.id == reg2 || u.id == mg));
    // The 2nd battalion's marker and the two dummies, alike.
    assert_eq!(white.markers.len(), 3);
    assert!(white.markers.iter().all(|m| m.side == RED));
    let json = serde_json::to_string(&white).unwrap();
    assert!(!json.contains("2nd battalion"), "{json}");
    assert!(white.own_dummies.is_empty());
    // Red sees its own hidden units with their flags and its dummies.
    let red = r.view(&s, Some(RED));
    let v = red.units.iter().find(|u| u.id == reg2).unwrap();
    assert!(v.hidden && !v.ambush);
    assert!(red.units.iter().find(|u| u.id == mg).unwrap().ambush);
    assert_eq!(red.own_dummies.len(), 2);
    assert!(red.markers.is_empty(), "the Whites hide nothing");
    // A spectator sees no secret either.
    let none = r.view(&s, None);
    assert!(!none.units.iter().any(|u| u.id == reg2 || u.id == mg));
    assert!(r.secrets_at_table(&s));
}

#[test]
fn ambushes_secrets_end_when_everything_is_found() {
    let r = village();
    let mut s = r.setup(&Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    assert!(r.secrets_at_table(&s));
    for u in s.units.iter_mut() {
        u.hidden = false;
    }
    assert!(r.secrets_at_table(&s), "the dummies are still out");
    for d in s.dummies.iter_mut() {
        d.gone = true;
    }
    assert!(!r.secrets_at_table(&s));
}

#[test]
fn ambushes_a_move_into_short_range_asks_the_ambusher_and_reads_neutrally() {
    let (r, mut s, mg, white) = ambush();
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(4), &mut ev);
    assert!(s.unit(mg).hidden, "11\" away outside the village: not seen");
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            RED,
            Ask::SpringAmbush {
                unit: mg,
                target: white
            }
        ))
    );
    assert_eq!(r.decider(&s), Some(RED));
    let prompt = r.prompt_text(&s, WHITE);
    assert_eq!(prompt, "Turn 1: Volunteer Army, the other side decides.");
    let white_log = words(&r, &s, &ev, WHITE);
    assert!(
        !white_log.contains("ambush") && !white_log.contains("MG"),
        "{white_log}"
    );
    assert!(words(&r, &s, &ev, RED).contains("lying in ambush"));
    let mut answers = Vec::new();
    r.choices(&s, RED, &mut answers);
    assert_eq!(
        answers,
        vec![
            Action::Spring {
                unit: mg,
                target: white
            },
            Action::LieLow { unit: mg }
        ]
    );
    // The shot rolls 1+1 (no effect), the fear test 6+6 (fails: rout).
    s.loaded = vec![6, 6, 1, 1];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Spring {
            unit: mg,
            target: white,
        },
        &mut ev,
    )
    .unwrap();
    assert!(
        !s.unit(mg).hidden && !s.unit(mg).ambush,
        "out of ambush, seen"
    );
    assert!(s.unit(mg).acted, "its segment is spent");
    assert!(ev.iter().any(|e| matches!(e, Event::Shot { .. })));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest {
            unit,
            test: Test::Fear,
            passed: false,
            ..
        } if *unit == white
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Terror { unit, added: 1 } if *unit == white))
    );
    assert!(s.unit(white).routing);
    let white_log = words(&r, &s, &ev, WHITE);
    assert!(white_log.contains("springs its ambush"), "{white_log}");
}

#[test]
fn ambushes_the_rest_of_the_move_is_pre_empted() {
    let (r, mut s, mg, white) = ambush();
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(4), &mut ev);
    // Shot 1+1, fear test 2+2: passed.
    s.loaded = vec![2, 2, 1, 1];
    r.apply(
        &mut s,
        RED,
        &Action::Spring {
            unit: mg,
            target: white,
        },
        &mut ev,
    )
    .unwrap();
    assert!(!s.unit(white).routing);
    // The Volunteers' segment is over: Red's turn to choose (or the next).
    assert!(
        !matches!(s.phase, Phase::Acting(seg) if seg.unit == white),
        "{:?}",
        s.phase
    );
    assert!(s.unit(white).acted);
}

#[test]
fn ambushes_lying_low_keeps_the_secret() {
    let (r, mut s, mg, white) = ambush();
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(4), &mut ev);
    let mut ev = Vec::new();
    r.apply(&mut s, RED, &Action::LieLow { unit: mg }, &mut ev)
        .unwrap();
    assert!(s.unit(mg).hidden && s.unit(mg).ambush);
    assert_eq!(words(&r, &s, &ev, WHITE), "");
    assert_eq!(
        r.decider(&s),
        Some(WHITE),
        "the Volunteers' segment goes on"
    );
}

#[test]
fn ambushes_several_ambushers_cause_one_fear_test_and_one_terror() {
    // Rulebook example: however many units fire on the ambushed unit, the
    // effects are as if one did.
    let (r, mut s, mg, white) = ambush();
    let reg1 = id(&r, "r_reg1");
    // The 1st battalion half an inch behind the west hedges.
    place(&mut s, reg1, 27, 19, 270);
    s.unit_mut(reg1).formation.front.at.x = Inches(2750);
    s.unit_mut(reg1).hidden = true;
    s.unit_mut(reg1).ambush = true;
    place(&mut s, white, 16, 24, 90);
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(6), &mut ev);
    assert_eq!(s.questions.len(), 2, "both ambushers are asked");
    // Each shot 1+1; one fear test 2+2.
    s.loaded = vec![1, 1, 2, 2, 1, 1];
    let mut ev = Vec::new();
    while let Some(q) = r.question(&s).cloned() {
        let Ask::SpringAmbush { unit, target } = q.ask else {
            panic!()
        };
        r.apply(&mut s, RED, &Action::Spring { unit, target }, &mut ev)
            .unwrap();
    }
    assert!(!s.unit(mg).ambush && !s.unit(reg1).ambush);
    let fear = ev
        .iter()
        .filter(|e| matches!(e, Event::MoraleTest { unit, test: Test::Fear, .. } if *unit == white))
        .count();
    let terror = ev
        .iter()
        .filter(|e| matches!(e, Event::Terror { unit, .. } if *unit == white))
        .count();
    assert_eq!((fear, terror), (1, 1));
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Shot { .. }))
            .count(),
        2
    );
}

#[test]
fn ambushes_marching_units_take_minus_three_on_the_fear_test() {
    let (r, mut s, mg, white) = ambush();
    s.unit_mut(white).marching = true;
    let plain = r.morale_number(&s, white, Test::Fear);
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(4), &mut ev);
    s.loaded = vec![1, 1, 1, 1];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        RED,
        &Action::Spring {
            unit: mg,
            target: white,
        },
        &mut ev,
    )
    .unwrap();
    let number = ev.iter().find_map(|e| match e {
        Event::MoraleTest {
            test: Test::Fear,
            number,
            ..
        } => Some(*number),
        _ => None,
    });
    assert_eq!(number, Some(plain - 3));
}

#[test]
fn ambushes_an_ambusher_only_springs_until_a_senior_officer_releases_it() {
    let (r, mut s, mg, _) = ambush();
    s.unit_mut(mg).acted = false;
    s.phase = Phase::Choose {
        side: RED,
        card: None,
        selected: None,
    };
    let advance = Action::Advance {
        unit: mg,
        distance: Inches::whole(1),
    };
    let why = r.refusal(&s, RED, &advance).unwrap();
    assert!(why.contains("ambush"), "{why}");
    let kombrig = id(&r, "r_kombrig");
    // Too far to give the order.
    place(&mut s, kombrig, 40, 36, 270);
    let release = Action::Release {
        unit: kombrig,
        ambusher: mg,
    };
    assert!(r.refusal(&s, RED, &release).unwrap().contains("within"));
    place(&mut s, kombrig, 32, 28, 270);
    let mut ev = Vec::new();
    r.apply(&mut s, RED, &release, &mut ev).unwrap();
    assert!(!s.unit(mg).ambush);
    assert!(
        s.unit(mg).hidden && s.unit(mg).marker,
        "now a position marker"
    );
    assert!(s.unit(kombrig).acted, "the officer's segment");
    // The Whites read nothing of it but that the officer acted.
    let white_log = words(&r, &s, &ev, WHITE);
    assert!(
        !white_log.contains("MG") && !white_log.contains("ambush"),
        "{white_log}"
    );
    // A junior unit cannot release.
    let (r, s2, mg2, _) = ambush();
    let reg1 = id(&r, "r_reg1");
    let mut s2 = s2;
    place(&mut s2, reg1, 31, 28, 270);
    s2.phase = Phase::Choose {
        side: RED,
        card: None,
        selected: None,
    };
    let why = r
        .refusal(
            &s2,
            RED,
            &Action::Release {
                unit: reg1,
                ambusher: mg2,
            },
        )
        .unwrap();
    assert!(why.contains("not a senior officer"), "{why}");
}

#[test]
fn ambushes_scouting_finds_the_ambush_on_four_or_more() {
    for (die, found) in [(3, false), (4, true), (5, true)] {
        let (r, mut s, mg, white) = ambush();
        // The Volunteers 3" from the village's edge.
        place(&mut s, white, 25, 24, 90);
        let town = r
            .sc()
            .terrain
            .iter()
            .position(|a| a.name == "Pokrovskoye")
            .unwrap() as u16;
        s.loaded = vec![die];
        let mut ev = Vec::new();
        let scout = Action::Scout {
            unit: white,
            spot: town,
        };
        r.apply(&mut s, WHITE, &scout, &mut ev).unwrap();
        assert_eq!(!s.unit(mg).hidden, found, "d6 {die}");
        assert_eq!(
            s.dummies.iter().filter(|d| d.gone).count(),
            if found { 2 } else { 0 },
            "both dummies stand in the village"
        );
        // The scouting side never reads the die; the hiding side does.
        let white_log = words(&r, &s, &ev, WHITE);
        assert!(!white_log.contains("d6"), "{white_log}");
        assert!(words(&r, &s, &ev, RED).contains(&format!("d6 {die}")));
        // Once a turn for the unit.
        let again = r.refusal(&s, WHITE, &scout).unwrap();
        assert!(again.contains("scouted this turn"), "{again}");
    }
}

#[test]
fn ambushes_one_scout_per_spot_per_turn_and_within_reach() {
    let (r, mut s, _, white) = ambush();
    let other = id(&r, "w_vol2");
    place(&mut s, white, 25, 24, 90);
    place(&mut s, other, 25, 30, 90);
    let town = r
        .sc()
        .terrain
        .iter()
        .position(|a| a.name == "Pokrovskoye")
        .unwrap() as u16;
    s.loaded = vec![1];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        WHITE,
        &Action::Scout {
            unit: white,
            spot: town,
        },
        &mut ev,
    )
    .unwrap();
    r.apply(&mut s, WHITE, &Action::Done { unit: white }, &mut ev)
        .unwrap();
    s.phase = Phase::Choose {
        side: WHITE,
        card: None,
        selected: None,
    };
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Scout {
                unit: other,
                spot: town,
            },
        )
        .unwrap();
    assert!(why.contains("another unit"), "{why}");
    // 4" reach: 5" away is too far for riflemen.
    let (r, mut s, _, white) = ambush();
    place(&mut s, white, 23, 24, 90);
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Scout {
                unit: white,
                spot: town,
            },
        )
        .unwrap();
    assert!(why.contains("farther than 4"), "{why}");
}

#[test]
fn ambushes_partisans_and_clever_officers_scout_at_eight_inches() {
    let (r, mut s, _, white) = ambush();
    let normal = r.scouting_range(&s, white);
    assert_eq!(normal, Inches::whole(4));
    let partisans = r
        .sc()
        .troops
        .iter()
        .position(|t| t.key == "partisans")
        .unwrap() as u16;
    s.unit_mut(white).troop = partisans;
    assert_eq!(r.scouting_range(&s, white), Inches::whole(8));
    // A Clever officer does it too.
    let (r, mut s, _, white) = ambush();
    let pool = &r.sc().pools[r.sc().army_of(WHITE).pool];
    let clever = pool
        .tokens
        .iter()
        .position(|t| {
            t.traits
                .contains(&red_actions::scenario::OfficerTrait::Clever)
        })
        .unwrap() as u16;
    s.unit_mut(white).officer = Some(red_actions::state::Officer { token: clever });
    assert_eq!(r.scouting_range(&s, white), Inches::whole(8));
}

#[test]
fn ambushes_dummies_are_removed_when_an_enemy_sees_their_place() {
    let (r, mut s, _, white) = ambush();
    // The dummy at (33, 29) inside the village: seen within 4".
    place(&mut s, white, 30, 31, 90);
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::Done { unit: white }, &mut ev)
        .unwrap();
    assert!(s.dummies[0].gone);
    assert!(!s.dummies[1].gone, "the other is far off in the village");
    assert!(words(&r, &s, &ev, WHITE).contains("was a dummy"));
}

#[test]
fn ambushes_a_hidden_unit_cannot_be_shot_and_the_refusal_tells_nothing() {
    let (r, mut s, mg, white) = ambush();
    place(&mut s, white, 20, 24, 90);
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Shoot {
                unit: white,
                target: mg,
            },
        )
        .unwrap();
    assert_eq!(why, "there is no such unit");
    let why_none = r
        .refusal(
            &s,
            WHITE,
            &Action::Shoot {
                unit: white,
                target: 999,
            },
        )
        .unwrap();
    assert_eq!(why, why_none);
}

/// Plays the village from the start with the first legal choice (answers
/// lie low) and checks at every step that the Whites' view and log never
/// show the 2nd battalion or the MG while they are hidden, and that the
/// Reds' view shows them.
#[test]
fn ambushes_views_and_logs_never_show_the_other_sides_hidden_units() {
    let r = village();
    let mut s = r.setup(&Options::new(), 3).unwrap();
    r.keep_officers_as_drawn(&mut s);
    let (reg2, mg) = (id(&r, "r_reg2"), id(&r, "r_mg"));
    for step in 0..400 {
        let Some(side) = r.decider(&s) else { break };
        let mut choices = Vec::new();
        r.choices(&s, side, &mut choices);
        let a = choices
            .iter()
            .find(|a| matches!(a, Action::LieLow { .. }))
            .or_else(|| choices.get(step % choices.len().max(1)))
            .copied()
            .unwrap();
        let mut ev = Vec::new();
        r.apply(&mut s, side, &a, &mut ev).unwrap();
        for (u, name) in [(reg2, "2nd battalion"), (mg, "")] {
            let hidden = s.unit(u).hidden && s.unit(u).status == Status::OnTable;
            let white = r.view(&s, Some(WHITE));
            let red = r.view(&s, Some(RED));
            // A unit gone (combined into another, destroyed) is in no view.
            let gone = s.unit(u).status == Status::Gone;
            assert_eq!(
                white.units.iter().any(|v| v.id == u),
                !hidden && !gone,
                "step {step}"
            );
            if s.unit(u).status != Status::Gone {
                assert!(red.units.iter().any(|v| v.id == u), "step {step}");
            }
            if hidden && !name.is_empty() {
                let log = words(&r, &s, &ev, WHITE);
                assert!(!log.contains(name), "step {step}: {log}");
                assert!(
                    !serde_json::to_string(&white).unwrap().contains(name),
                    "step {step}"
                );
                assert!(!r.prompt_text(&s, WHITE).contains(name), "step {step}");
            }
        }
        r.check_invariants(&s).unwrap();
    }
}

#[test]
fn ambushes_a_move_stopped_by_a_hidden_unit_does_not_name_it() {
    let (r, mut s, mg, white) = ambush();
    // The Volunteers 3" from the MG, which is somehow still unseen.
    place(&mut s, white, 26, 24, 90);
    assert!(s.unit(mg).hidden);
    let why = r
        .refusal(
            &s,
            WHITE,
            &Action::Advance {
                unit: white,
                distance: Inches(150),
            },
        )
        .unwrap();
    assert!(why.contains("an unseen enemy"), "{why}");
    assert!(!why.contains("MG"), "{why}");
}

/// Red's 1st battalion (riflemen, 6" a move) in ambush an inch inside the
/// village's north edge, facing north; the 1st Volunteer company 13" north
/// of it, facing it; White to choose. No officers on either unit.
fn rifles_in_ambush() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s, mg, white) = ambush();
    s.unit_mut(mg).status = Status::Waiting;
    let reg = id(&r, "r_reg1");
    place(&mut s, reg, 38, 17, 0);
    let u = s.unit_mut(reg);
    u.ambush = true;
    u.hidden = true;
    u.marker = false;
    u.officer = None;
    place(&mut s, white, 38, 4, 180);
    s.unit_mut(white).officer = None;
    (r, s, reg, white)
}

/// Ambushes: "An ambush can be sprung during another player's action,
/// providing that action was a move that brought the unit closer ... and
/// within its charge distance ... the rest of the move is pre-empted and
/// the ambushers charge". The charge is an answer to the spring question;
/// it has no charge test and 2" more reach; the mover answers it as a
/// unit that has acted (stand or flee); the fight follows; then the
/// mover's segment goes on, its move over.
#[test]
fn ambushes_an_ambusher_may_spring_a_charge_out_of_turn() {
    let (r, mut s, reg, white) = rifles_in_ambush();
    let mut ev = Vec::new();
    // 7" from the ambushers: beyond a plain charge (6"), within one from
    // ambush (8"), and within short range (8").
    advance(&r, &mut s, WHITE, white, Inches::whole(6), &mut ev);
    assert!(s.unit(reg).hidden, "in the village beyond 4\": not seen");
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            RED,
            Ask::SpringAmbush {
                unit: reg,
                target: white
            }
        ))
    );
    let charge = Action::Charge {
        unit: reg,
        target: white,
    };
    let mut answers = Vec::new();
    r.choices(&s, RED, &mut answers);
    assert_eq!(
        answers,
        vec![
            Action::Spring {
                unit: reg,
                target: white
            },
            charge,
            Action::LieLow { unit: reg }
        ]
    );
    // White reads and may do nothing while Red decides.
    let mut none = Vec::new();
    r.choices(&s, WHITE, &mut none);
    assert!(none.is_empty());
    let white_log = words(&r, &s, &ev, WHITE);
    assert!(
        !white_log.contains("ambush") && !white_log.contains("battalion"),
        "{white_log}"
    );
    let json = serde_json::to_string(&r.view(&s, Some(WHITE))).unwrap();
    assert!(!json.contains("1st battalion"), "{json}");
    // The odds Red reads: no charge test; White's fear test, then the fight.
    let odds = r.odds_of(&s, RED, &charge).unwrap();
    assert!(
        !odds.parts.iter().any(|p| p.subject == "the charge test"),
        "{odds:?}"
    );
    assert!(
        odds.parts
            .iter()
            .any(|p| p.subject == "the target's fear test"),
        "{odds:?}"
    );
    assert!(odds.notes.iter().any(|n| n.contains("from ambush")));
    // No charge test: White's fear test 1+1 is the first roll.
    s.loaded = vec![1, 1];
    let mut ev = Vec::new();
    r.apply(&mut s, RED, &charge, &mut ev).unwrap();
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
    assert!(!s.unit(reg).hidden && !s.unit(reg).ambush, "seen now");
    assert!(s.unit(reg).acted, "its segment for the turn is spent");
    assert_eq!(s.unit(white).terror, 1, "the ambush's terror marker");
    assert!(words(&r, &s, &ev, WHITE).contains("springs its ambush"));
    // White answers: it is in its own segment, so it has acted: it may
    // stand or flee, not shoot at the chargers.
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            WHITE,
            Ask::Charged {
                charger: reg,
                target: white
            }
        ))
    );
    let mut answers = Vec::new();
    r.choices(&s, WHITE, &mut answers);
    assert_eq!(
        answers,
        vec![
            Action::StandCharge { unit: white },
            Action::FleeCharge { unit: white }
        ]
    );
    assert!(
        r.odds_of(&s, WHITE, &Action::StandCharge { unit: white })
            .is_some()
    );
    // The fight: 4+3 against 3+4 (an even fight, a draw-like result).
    s.loaded = vec![4, 3, 4, 3, 4, 3, 4, 3];
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::StandCharge { unit: white }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "{ev:?}"
    );
    assert!(s.questions.is_empty(), "{:?}", s.questions);
    assert!(s.charge.is_none());
    // The sequence is back with White, whose segment it was: the
    // Volunteers' move is over (nothing is left to them: riflemen that
    // advanced do not fire), and White chooses its next unit.
    assert!(s.unit(white).acted);
    assert_eq!(
        s.phase,
        Phase::Choose {
            side: WHITE,
            card: None,
            selected: None
        }
    );
    assert_eq!(r.decider(&s), Some(WHITE));
}

/// Two ambushers asked at once: the one answered first charges, and the
/// charge is fought out (the target's answer, the fight) before the other
/// ambusher answers its own question.
#[test]
fn ambushes_a_charge_from_ambush_is_fought_before_the_next_ambusher_answers() {
    let (r, mut s, reg1, white) = rifles_in_ambush();
    let reg2 = id(&r, "r_reg2");
    place(&mut s, reg1, 34, 17, 0);
    place(&mut s, reg2, 42, 17, 0);
    let u = s.unit_mut(reg2);
    u.ambush = true;
    u.hidden = true;
    u.marker = false;
    u.officer = None;
    let mut ev = Vec::new();
    advance(&r, &mut s, WHITE, white, Inches::whole(6), &mut ev);
    assert_eq!(s.questions.len(), 2, "both ambushers are asked");
    let Some(Ask::SpringAmbush { unit: first, .. }) = r.question(&s).map(|q| q.ask) else {
        panic!("{:?}", s.questions)
    };
    let second = if first == reg1 { reg2 } else { reg1 };
    // White's fear test 1+1, then the fight.
    s.loaded = vec![3, 4, 3, 4, 3, 4, 3, 4, 1, 1];
    let charge = Action::Charge {
        unit: first,
        target: white,
    };
    r.apply(&mut s, RED, &charge, &mut Vec::new()).unwrap();
    assert_eq!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::Charged {
            charger: first,
            target: white
        })
    );
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::StandCharge { unit: white }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(
        ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "{ev:?}"
    );
    assert!(s.charge.is_none());
    assert_eq!(s.questions.len(), 1);
    assert!(matches!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::SpringAmbush { unit, .. }) if unit == second
    ));
    r.apply(
        &mut s,
        RED,
        &Action::LieLow { unit: second },
        &mut Vec::new(),
    )
    .unwrap();
    assert!(s.unit(second).ambush, "it still lies in ambush");
    // The Volunteers' segment, interrupted, is over: the next segment is
    // Red's (its second ambusher has still to act this turn).
    assert!(s.questions.is_empty() && s.unit(white).acted);
    assert!(matches!(s.phase, Phase::Choose { side: RED, .. }));
}

/// Ambushes: the question is put when the mover comes within the
/// ambusher's charge distance even out of its short shooting range; then
/// the charge is the only way to spring (sabres: 4" short range, 14"
/// reach from ambush).
#[test]
fn ambushes_a_move_into_charge_reach_alone_offers_only_the_charge() {
    // 19" apart, then 13": within the 12" + 2" of a charge from ambush.
    let (r, mut s, cav, vol) = cavalry_springs();
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            RED,
            Ask::SpringAmbush {
                unit: cav,
                target: vol
            }
        ))
    );
    let mut answers = Vec::new();
    r.choices(&s, RED, &mut answers);
    assert_eq!(
        answers,
        vec![
            Action::Charge {
                unit: cav,
                target: vol
            },
            Action::LieLow { unit: cav }
        ]
    );
    // A spring by fire is refused with the state unchanged.
    let before = s.clone();
    let fire = Action::Spring {
        unit: cav,
        target: vol,
    };
    assert!(r.apply(&mut s, RED, &fire, &mut Vec::new()).is_err());
    assert_eq!(s, before);
}

/// Sabres in ambush in the open and the 1st Volunteer company that has
/// just come within 13" of them (the spring question open, Red to answer).
fn cavalry_springs() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = empty(WHITE);
    let (cav, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
    place(&mut s, cav, 45, 40, 270);
    s.unit_mut(cav).order = red_actions::state::Order::Line;
    s.unit_mut(cav).ambush = true;
    place(&mut s, vol, 26, 40, 90);
    r.apply(
        &mut s,
        WHITE,
        &Action::Advance {
            unit: vol,
            distance: Inches::whole(6),
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert!(matches!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::SpringAmbush { .. })
    ));
    (r, s, cav, vol)
}

/// Pursuit out of turn: the ambushing sabres win the fight, cut the
/// Volunteers down in the pursuit, and the Volunteers' segment is over.
#[test]
fn ambushes_a_charge_out_of_turn_wins_and_pursues() {
    let (r, mut s, cav, vol) = cavalry_springs();
    // White's fear test 3+3, the fight 5+6 (as in the pursuit tests).
    s.loaded = vec![6, 5, 3, 3];
    r.apply(
        &mut s,
        RED,
        &Action::Charge {
            unit: cav,
            target: vol,
        },
        &mut Vec::new(),
    )
    .unwrap();
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::StandCharge { unit: vol }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Pursuit { unit, .. } if *unit == cav)),
        "{ev:?}"
    );
    assert_eq!(s.unit(vol).status, Status::Gone);
    assert!(s.questions.is_empty() && s.charge.is_none());
    assert!(!matches!(s.phase, Phase::Acting(_)), "{:?}", s.phase);
    assert!(s.unit(cav).acted && s.unit(vol).acted);
}

/// Fleeing out of turn: the Volunteers flee the frontal charge (a
/// humiliated marker, a rout); Red chooses to halt or run on; the
/// Volunteers' segment is over.
#[test]
fn ambushes_a_charge_out_of_turn_the_mover_flees_and_the_charger_halts() {
    let (r, mut s, cav, vol) = cavalry_springs();
    s.loaded = vec![3, 3];
    r.apply(
        &mut s,
        RED,
        &Action::Charge {
            unit: cav,
            target: vol,
        },
        &mut Vec::new(),
    )
    .unwrap();
    r.apply(
        &mut s,
        WHITE,
        &Action::FleeCharge { unit: vol },
        &mut Vec::new(),
    )
    .unwrap();
    assert!(s.unit(vol).routing && s.unit(vol).humiliated == 1);
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((RED, Ask::TargetFled { charger: cav }))
    );
    r.apply(
        &mut s,
        RED,
        &Action::HaltCharge { unit: cav },
        &mut Vec::new(),
    )
    .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(s.questions.is_empty() && s.charge.is_none());
    assert!(!matches!(s.phase, Phase::Acting(_)), "{:?}", s.phase);
    assert!(s.unit(vol).acted);
}

/// Red's divisional cavalry charging the 1st Volunteer company (as in the
/// Charging tests), White's MG platoon in ambush 7" north of the
/// Volunteers' line, outside the village, facing south: the charge's move
/// into contact brings the sabres nearer, into its arc and short range.
fn charge_past_an_ambush() -> (RedActions, State, UnitId, UnitId, UnitId) {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let mg = id(&r, "w_mg");
    common::place(&mut s, mg, 33.0, 33.0, 180);
    s.unit_mut(mg).ambush = true;
    s.unit_mut(mg).hidden = true;
    assert!(!r.may_spring(&s, mg, cav), "not before the charge");
    // Charge test 3+3, the Volunteers' fear test 4+4: White is asked.
    s.loaded = vec![4, 4, 3, 3];
    r.apply(
        &mut s,
        RED,
        &Action::Charge {
            unit: cav,
            target: vol,
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert!(r.question(&s).is_some_and(|q| q.side == WHITE));
    (r, s, cav, vol, mg)
}

/// Ambushes: "An ambush can be sprung during another player's action,
/// providing that action was a move that brought the unit closer": a
/// charge is such a move, even when the charger goes in during its
/// target's answer. The ambushers are asked when the chargers reach
/// contact, and their fire comes before the fight.
#[test]
fn ambushes_a_chargers_move_into_contact_may_be_sprung_on_before_the_fight() {
    let (r, mut s, cav, vol, mg) = charge_past_an_ambush();
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::StandCharge { unit: vol }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            WHITE,
            Ask::SpringAmbush {
                unit: mg,
                target: cav
            }
        )),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "the fight waits for the ambushers"
    );
    // A charge is under way: the MG may fire or lie low, not charge.
    let mut answers = Vec::new();
    r.choices(&s, WHITE, &mut answers);
    assert_eq!(
        answers,
        vec![
            Action::Spring {
                unit: mg,
                target: cav
            },
            Action::LieLow { unit: mg }
        ]
    );
    // The shot 1+1 (nothing), the sabres' fear test 2+2 (passed), then
    // the fight 3+4.
    s.loaded = vec![4, 3, 2, 2, 1, 1];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        WHITE,
        &Action::Spring {
            unit: mg,
            target: cav,
        },
        &mut ev,
    )
    .unwrap();
    r.check_invariants(&s).unwrap();
    let shot = ev.iter().position(|e| matches!(e, Event::Shot { .. }));
    let fight = ev.iter().position(|e| matches!(e, Event::Combat { .. }));
    assert!(shot.is_some() && fight.is_some() && shot < fight, "{ev:?}");
    let terror = ev
        .iter()
        .position(|e| matches!(e, Event::Terror { unit, added: 1 } if *unit == cav));
    assert!(
        terror.is_some() && terror < fight,
        "the ambush's terror marker before the fight: {ev:?}"
    );
    assert!(s.questions.is_empty() && s.charge.is_none());
}

/// The ambush routs the chargers in contact: there is no fight.
#[test]
fn ambushes_chargers_routed_by_an_ambush_in_contact_do_not_fight() {
    let (r, mut s, cav, vol, mg) = charge_past_an_ambush();
    r.apply(
        &mut s,
        WHITE,
        &Action::StandCharge { unit: vol },
        &mut Vec::new(),
    )
    .unwrap();
    // The shot 1+1, the sabres' fear test 6+6: they rout.
    s.loaded = vec![6, 6, 1, 1];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        WHITE,
        &Action::Spring {
            unit: mg,
            target: cav,
        },
        &mut ev,
    )
    .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(s.unit(cav).routing);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "{ev:?}"
    );
    assert!(s.questions.is_empty() && s.charge.is_none());
}

/// Lying low: the fight follows at once.
#[test]
fn ambushes_an_ambusher_lying_low_lets_the_charge_fight_on() {
    let (r, mut s, cav, vol, mg) = charge_past_an_ambush();
    r.apply(
        &mut s,
        WHITE,
        &Action::StandCharge { unit: vol },
        &mut Vec::new(),
    )
    .unwrap();
    s.loaded = vec![4, 3];
    let mut ev = Vec::new();
    r.apply(&mut s, WHITE, &Action::LieLow { unit: mg }, &mut ev)
        .unwrap();
    r.check_invariants(&s).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Combat { .. })));
    assert!(s.unit(mg).ambush && s.unit(cav).acted);
}

/// The same after the target fled: the charger's halt where it would have
/// met the target is a move of its own answer, and the ambushers it came
/// near are asked.
#[test]
fn ambushes_a_charger_halting_after_its_target_fled_may_be_sprung_on() {
    let (r, mut s, cav, vol) = cavalry_and_volunteers();
    let mg = id(&r, "w_mg");
    common::place(&mut s, mg, 33.0, 33.0, 180);
    s.unit_mut(mg).ambush = true;
    s.unit_mut(mg).hidden = true;
    // Charge test 3+3, the Volunteers' fear test 6+6: they rout.
    s.loaded = vec![6, 6, 3, 3];
    r.apply(
        &mut s,
        RED,
        &Action::Charge {
            unit: cav,
            target: vol,
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::TargetFled { charger: cav })
    );
    r.apply(
        &mut s,
        RED,
        &Action::HaltCharge { unit: cav },
        &mut Vec::new(),
    )
    .unwrap();
    r.check_invariants(&s).unwrap();
    assert_eq!(
        r.question(&s).map(|q| (q.side, q.ask)),
        Some((
            WHITE,
            Ask::SpringAmbush {
                unit: mg,
                target: cav
            }
        ))
    );
}
