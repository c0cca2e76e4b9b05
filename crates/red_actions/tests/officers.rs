//! Officers and the special characteristics of units and officers, the
//! morale modifiers, failed tests and rallying options, dismounting,
//! firing priorities and objectives, on set positions with dice set on
//! the table (popped from the end).

use engine::param::{Degrees, Inches};
use engine::{Options, Ruleset, Side};
use red_actions::RedActions;
use red_actions::scenario::{Cover, Trait};
use red_actions::state::{Action, Ask, Event, Officer, Phase, State, Status, Test, UnitId};

mod common;
use common::*;

/// The token of the side's pool with this name.
fn token(r: &RedActions, side: Side, name: &str) -> Option<Officer> {
    let sc = r.sc();
    let pool = &sc.pools[sc.army_of(side).pool];
    let i = pool.tokens.iter().position(|t| t.name == name).unwrap();
    Some(Officer { token: i as u16 })
}

/// Everyone off the table and done for the turn; Red (side B) to choose.
fn empty(options: &[&str]) -> (RedActions, State) {
    let r = village();
    let mut o = Options::new();
    for k in options {
        o.insert(k.to_string(), true);
    }
    let mut s = r.setup(&o, 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.entry = None;
        u.acted = true;
    }
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    (r, s)
}

/// Red's 1st battalion (steady officer, +0) facing west at (40, 40); White's
/// 1st Volunteer company `gap` inches west facing it (a plain veteran
/// captain, +1); Red to act with the battalion.
fn duel(gap: i32) -> (RedActions, State, UnitId, UnitId) {
    duel_with(gap, &[])
}

fn duel_with(gap: i32, options: &[&str]) -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = empty(options);
    let (red, white) = (id(&r, "r_reg1"), id(&r, "w_vol1"));
    place(&mut s, red, 40, 40, 270);
    place(&mut s, white, 40 - gap, 40, 90);
    s.unit_mut(red).acted = false;
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, steady");
    s.unit_mut(white).officer = token(&r, Side::A, "Captain, veteran");
    (r, s, red, white)
}

#[test]
fn special_officer_characteristics_traits_pass_to_the_unit() {
    let (r, mut s, red, white) = duel(20);
    assert!(!r.has_trait(&s, red, Trait::Skirmisher));
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, former NCO");
    assert!(
        r.has_trait(&s, red, Trait::Skirmisher),
        "a skirmisher officer"
    );
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, reluctant");
    assert!(
        r.has_trait(&s, red, Trait::Mob),
        "a Mob officer makes a Mob"
    );
    s.unit_mut(white).officer = token(&r, Side::A, "Captain, dashing");
    assert!(r.has_trait(&s, white, Trait::Storm), "a Storm officer");
    // A Storm card ignores a Mob officer.
    let kornilov = id(&r, "w_kornilov");
    assert!(r.troop(s.unit(kornilov)).has(Trait::Storm));
    s.unit_mut(kornilov).officer = token(&r, Side::A, "Captain, drunk and brutal");
    assert!(!r.has_trait(&s, kornilov, Trait::Mob));
}

#[test]
fn morale_effects_of_officers_a_senior_counts_when_he_sees_the_unit_within_12() {
    let (r, mut s, red, _) = duel(30);
    let base = r.morale_number(&s, red, Test::Fear);
    let kombrig = id(&r, "r_kombrig");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kombrig, inspiring");
    place(&mut s, kombrig, 40, 31, 180);
    assert_eq!(
        r.morale_number(&s, red, Test::Fear),
        base + 2,
        "in sight, 8\""
    );
    place(&mut s, kombrig, 40, 26, 180);
    assert_eq!(
        r.morale_number(&s, red, Test::Fear),
        base,
        "13\" away and inside the village: neither seen nor near"
    );
    // The battalion deep in the village, the Kombrig 9" south in the open:
    // the houses hide it.
    place(&mut s, red, 37, 23, 180);
    place(&mut s, kombrig, 37, 36, 0);
    assert!(!r.sees_unit(&s, kombrig, red, Inches::whole(12)));
    let hidden = r.morale_number(&s, red, Test::Fear);
    place(&mut s, kombrig, 37, 27, 0);
    assert!(!r.sees_unit(&s, kombrig, red, Inches::whole(12)));
    assert_eq!(
        r.morale_number(&s, red, Test::Fear),
        hidden + 2,
        "within 4\" he counts unseen"
    );
}

#[test]
fn morale_effects_of_officers_personal_command_replaces_the_junior() {
    let (r, mut s, red, _) = duel(30);
    let kombrig = id(&r, "r_kombrig");
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, inspiring");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kombrig, inspiring");
    place(&mut s, kombrig, 40, 43, 270);
    s.unit_mut(kombrig).acted = false;
    let card = r.troop(s.unit(red)).fear as i32;
    assert_eq!(r.morale_number(&s, red, Test::Fear), card + 1 + 2);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::JoinUnit {
            unit: kombrig,
            target: red,
        },
        &mut ev,
    )
    .unwrap();
    assert!(!s.unit(kombrig).on_table(), "his base goes with the unit");
    assert_eq!(
        r.morale_number(&s, red, Test::Fear),
        card + 2,
        "the senior's +2 instead of the junior's +1"
    );
    r.check_invariants(&s).unwrap();
    // He leaves in the unit's segment, 1" behind it.
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    r.apply(&mut s, Side::B, &Action::LeaveUnit { unit: red }, &mut ev)
        .unwrap();
    assert!(s.unit(kombrig).on_table());
    assert_eq!(r.morale_number(&s, red, Test::Fear), card + 1 + 2);
    r.check_invariants(&s).unwrap();
}

#[test]
fn special_officer_characteristics_only_a_commissar_takes_over_from_a_commissar() {
    let (r, mut s, red, _) = duel(30);
    let kombrig = id(&r, "r_kombrig");
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, Party man");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kombrig, inspiring");
    place(&mut s, kombrig, 40, 43, 270);
    s.unit_mut(kombrig).acted = false;
    let join = Action::JoinUnit {
        unit: kombrig,
        target: red,
    };
    let why = r.refusal(&s, Side::B, &join).unwrap();
    assert!(why.contains("Commissar"), "{why}");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kompolk, Party man");
    assert_eq!(r.refusal(&s, Side::B, &join), None);
}

#[test]
fn officer_casualties_all_lost_adds_terror_and_a_serious_test_and_a_replacement_comes() {
    let (r, mut s, red, _) = duel(30);
    // Officer d6 1 (killed), then the serious test 2+2 (passed).
    s.loaded = vec![2, 2, 1];
    let mut ev = Vec::new();
    r.officer_casualties(&mut s, red, 1, &mut ev);
    assert_eq!(s.unit(red).officer, None);
    assert_eq!(s.unit(red).terror, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleTest {
            test: Test::Serious,
            passed: true,
            ..
        }
    )));
    // The replacement is drawn at its next voluntary action.
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::RallyTerror { unit: red }, &mut ev)
        .unwrap();
    assert!(s.unit(red).officer.is_some());
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::OfficerDrawn { unit, .. } if *unit == red))
    );
}

#[test]
fn officer_casualties_a_dead_senior_is_replaced_at_the_end_of_the_next_turn() {
    let (r, mut s, red, _) = duel(30);
    let kombrig = id(&r, "r_kombrig");
    place(&mut s, kombrig, 40, 30, 270);
    // The dead man's humiliation is not the new one's.
    s.unit_mut(kombrig).humiliated = 1;
    s.loaded = vec![1];
    let mut ev = Vec::new();
    r.officer_casualties(&mut s, kombrig, 1, &mut ev);
    assert_eq!(s.unit(kombrig).status, Status::Gone);
    let junior = s.unit(red).officer;
    // The end of turn 1: nothing yet; the end of turn 2: promoted.
    r.apply(&mut s, Side::B, &Action::Done { unit: red }, &mut ev)
        .unwrap();
    assert_eq!(s.turn, 2);
    assert_eq!(s.unit(kombrig).status, Status::Gone);
    for u in s.units.iter_mut() {
        if u.status != Status::OnTable {
            u.acted = true;
        }
    }
    s.unit_mut(red).acted = false;
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    let white = id(&r, "w_vol1");
    s.unit_mut(white).acted = true;
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::Done { unit: red }, &mut ev)
        .unwrap();
    assert_eq!(s.turn, 3);
    assert_eq!(s.unit(kombrig).status, Status::OnTable);
    assert_eq!(s.unit(kombrig).officer, junior, "the battalion's junior");
    assert_eq!(s.unit(kombrig).all_terror(), 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Promoted { from, .. } if *from == red))
    );
    assert!(
        s.unit(red).officer.is_some() && s.unit(red).officer != junior,
        "replaced at once"
    );
    r.check_invariants(&s).unwrap();
}

#[test]
fn morale_tests_an_enemy_behind_the_flank_costs_two_unless_a_friend_could_charge_it() {
    let (r, mut s, red, white) = duel(30);
    let base = r.morale_number(&s, red, Test::Fear);
    // The Volunteers 8" behind the battalion (it faces west).
    place(&mut s, white, 50, 40, 270);
    assert_eq!(r.morale_number(&s, red, Test::Fear), base - 2);
    // A friend that sees them and could reach them.
    let reg2 = id(&r, "r_reg2");
    place(&mut s, reg2, 54, 46, 0);
    assert_eq!(r.morale_number(&s, red, Test::Fear), base);
}

#[test]
fn morale_tests_a_stone_building_adds_two() {
    let (r, mut s, red, _) = duel(30);
    let open = r.morale_number(&s, red, Test::Fear);
    // The church (stone) is 4" by 3": two bases in column fit inside.
    let u = s.unit_mut(red);
    u.formation.count = 2;
    u.formation.order = red_actions::geometry::Order::Column;
    place(&mut s, red, 37, 20, 0);
    assert_eq!(r.cover_of(&s, red), Cover::Soft, "not held yet");
    let church = r
        .sc()
        .buildings
        .iter()
        .position(|b| b.material == red_actions::scenario::Material::Stone)
        .unwrap() as u16;
    s.unit_mut(red).more.possession = Some(church);
    assert_eq!(r.cover_of(&s, red), Cover::Stone);
    assert_eq!(r.morale_number(&s, red, Test::Fear), open + 2);
    assert_eq!(r.ambushed_while_marching(), -3);
}

#[test]
fn special_unit_characteristics_a_mob_in_sight_of_the_enemy_may_hesitate() {
    let (r, mut s, _, white) = duel(30);
    let mob = id(&r, "r_consc1");
    place(&mut s, mob, 40, 34, 270);
    s.unit_mut(mob).acted = false;
    s.unit_mut(mob).terror = 1;
    place(&mut s, white, 32, 34, 90);
    assert!(r.has_trait(&s, mob, Trait::Mob));
    // Taking possession of a building is more than shooting, charging or
    // moving away: it needs the roll too; shooting does not.
    assert!(r.needs_mob_roll(
        &s,
        &Action::TakePossession {
            unit: mob,
            building: 0
        }
    ));
    assert!(!r.needs_mob_roll(
        &s,
        &Action::Shoot {
            unit: mob,
            target: white
        }
    ));
    // Even rallying from terror needs the roll (A Few Notes): a 2 fails.
    s.loaded = vec![2];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::RallyTerror { unit: mob }, &mut ev)
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MobRoll {
            die: 2,
            passed: false,
            ..
        }
    )));
    assert_eq!(s.unit(mob).terror, 1, "it did not rally");
    let adv = Action::Advance {
        unit: mob,
        distance: Inches::whole(2),
    };
    assert!(r.refusal(&s, Side::B, &adv).unwrap().contains("hesitates"));
    assert_eq!(
        r.refusal(
            &s,
            Side::B,
            &Action::Shoot {
                unit: mob,
                target: white
            }
        ),
        None,
        "it may still shoot"
    );
}

#[test]
fn special_unit_characteristics_a_mob_passes_on_three_and_moves_away_freely() {
    let (r, mut s, _, white) = duel(30);
    let mob = id(&r, "r_consc1");
    place(&mut s, mob, 40, 34, 270);
    s.unit_mut(mob).acted = false;
    place(&mut s, white, 26, 34, 90);
    let adv = Action::Advance {
        unit: mob,
        distance: Inches::whole(2),
    };
    assert!(r.needs_mob_roll(&s, &adv));
    let mut back = s.clone();
    back.unit_mut(mob).formation.front.facing = Degrees::whole(90);
    let away = Action::Advance {
        unit: mob,
        distance: Inches::whole(2),
    };
    assert!(!r.needs_mob_roll(&back, &away), "moving away needs no roll");
    s.loaded = vec![3];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &adv, &mut ev).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::MobRoll { passed: true, .. }))
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
}

/// A Ret result on the Volunteers: 4 bases × 3 at 6" is 12; 3+3 reads Ret.
fn ret_shot(r: &RedActions, s: &mut State, red: UnitId, white: UnitId) -> Vec<Event> {
    s.loaded = vec![3, 3];
    let mut ev = Vec::new();
    r.apply(
        s,
        Side::B,
        &Action::Shoot {
            unit: red,
            target: white,
        },
        &mut ev,
    )
    .unwrap();
    ev
}

#[test]
fn special_unit_characteristics_storm_may_lose_a_base_instead_of_retiring() {
    let (r, mut s, red, white) = duel(6);
    s.unit_mut(white).officer = token(&r, Side::A, "Captain, dashing");
    let at = s.unit(white).formation.front.at;
    ret_shot(&r, &mut s, red, white);
    assert_eq!(
        r.question(&s).map(|q| q.ask),
        Some(Ask::SwapRetire { unit: white })
    );
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::A,
        &Action::SwapRetire { unit: white },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(white).bases(), 3);
    assert_eq!(s.unit(white).formation.front.at.x, at.x, "it stood");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::MoraleTest { .. })),
        "a base given up is no involuntary loss"
    );
}

#[test]
fn special_unit_characteristics_specialist_may_take_terror_instead_of_retiring() {
    let (r, mut s, red, white) = duel(6);
    let fk = token(&r, Side::A, "Captain, veteran");
    s.unit_mut(white).officer = fk;
    // Latvians are Specialists: make the target one.
    let latvians = r
        .sc()
        .troops
        .iter()
        .position(|t| t.key == "latvians")
        .unwrap();
    s.unit_mut(white).troop = latvians as u16;
    assert!(r.has_trait(&s, white, Trait::Specialist));
    ret_shot(&r, &mut s, red, white);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::A,
        &Action::SwapRetire { unit: white },
        &mut ev,
    )
    .unwrap();
    assert_eq!((s.unit(white).bases(), s.unit(white).terror), (4, 1));
    // The alternative: retire after all.
    let (r, mut s, red, white) = duel(6);
    s.unit_mut(white).troop = latvians as u16;
    let at = s.unit(white).formation.front.at;
    ret_shot(&r, &mut s, red, white);
    r.apply(
        &mut s,
        Side::A,
        &Action::TakeRetire { unit: white },
        &mut ev,
    )
    .unwrap();
    assert_ne!(s.unit(white).formation.front.at, at);
}

#[test]
fn special_unit_characteristics_white_officer_base_tests_as_volunteers_until_a_base_is_lost() {
    let (r, mut s) = empty(&[]);
    let consc = id(&r, "w_consc");
    place(&mut s, consc, 30, 40, 90);
    s.unit_mut(consc).officer = token(&r, Side::A, "Captain, veteran");
    assert!(
        !r.has_trait(&s, consc, Trait::Mob),
        "the officers stiffen it"
    );
    let vol = r.sc().troop("white_volunteers").unwrap().fear as i32;
    let conscripts = r.sc().troop("white_conscripts").unwrap().fear as i32;
    assert_ne!(vol, conscripts);
    assert_eq!(r.morale_number(&s, consc, Test::Fear), vol + 1);
    // A Kill! takes the officers' base first.
    let red = id(&r, "r_reg1");
    place(&mut s, red, 36, 40, 270);
    s.unit_mut(red).acted = false;
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, steady");
    // 6 bases... the Reds fire 4 × 3 = 12 at 4": 6+6 reads Kill! S! Off.
    s.loaded = vec![6, 6, 6, 6, 6, 6, 6, 6, 6, 6];
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::Shoot {
            unit: red,
            target: consc,
        },
        &mut ev,
    )
    .unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::BaseLost { .. })));
    assert!(r.has_trait(&s, consc, Trait::Mob), "conscripts again");
}

#[test]
fn rallying_the_original_rules_remove_a_unit_failing_by_more_than_two() {
    let (r, mut s, red, _) = duel_with(30, &["rout_standard_ra"]);
    s.unit_mut(red).routing = true;
    let need = r.morale_number(&s, red, Test::Rally);
    // Fail by 3 exactly.
    let roll = need + 3;
    assert!(roll <= 11, "{need}");
    s.loaded = vec![(roll - 5) as u8, 5];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::RallyRout { unit: red }, &mut ev)
        .unwrap();
    assert_eq!(s.unit(red).status, Status::Gone);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RallyMargin { over: 3, .. }))
    );
}

#[test]
fn rallying_the_original_rules_run_again_failing_by_one_or_two() {
    let (r, mut s, red, _) = duel_with(30, &["rout_standard_ra"]);
    s.unit_mut(red).routing = true;
    let need = r.morale_number(&s, red, Test::Rally);
    let roll = need + 2;
    s.loaded = vec![(roll - 5) as u8, 5];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::RallyRout { unit: red }, &mut ev)
        .unwrap();
    assert_eq!(s.unit(red).humiliated, 0, "no other effect");
    assert!(s.unit(red).routing);
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
}

#[test]
fn rallying_machine_guns_leave_their_weapons_or_cannot_rally() {
    let (r, mut s, _, _) = duel(30);
    let mg = id(&r, "w_mg");
    place(&mut s, mg, 20, 10, 90);
    s.unit_mut(mg).routing = true;
    s.unit_mut(mg).acted = false;
    s.phase = Phase::Choose {
        side: Side::A,
        card: None,
        selected: None,
    };
    s.loaded = vec![6, 6];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::A, &Action::RallyRout { unit: mg }, &mut ev)
        .unwrap();
    assert_eq!(s.unit(mg).status, Status::Gone, "weapons left behind");
    let (r, mut s, _, _) = duel_with(30, &["rout_standard_ra"]);
    place(&mut s, mg, 20, 10, 90);
    s.unit_mut(mg).routing = true;
    s.unit_mut(mg).acted = false;
    s.phase = Phase::Choose {
        side: Side::A,
        card: None,
        selected: None,
    };
    assert!(
        r.refusal(&s, Side::A, &Action::RallyRout { unit: mg })
            .unwrap()
            .contains("cannot rally")
    );
}

#[test]
fn rallying_the_option_holds_a_rallied_unit_back_two_turns_per_turn_routing() {
    let (r, mut s, red, _) = duel_with(30, &["rout_no_advance"]);
    s.unit_mut(red).routing = true;
    s.unit_mut(red).more.rout_turns = 1;
    s.loaded = vec![1, 1];
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::RallyRout { unit: red }, &mut ev)
        .unwrap();
    assert!(!s.unit(red).routing);
    assert_eq!(s.unit(red).more.no_advance_until, 4);
    s.turn = 3;
    s.unit_mut(red).acted = false;
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    let adv = Action::Advance {
        unit: red,
        distance: Inches::whole(2),
    };
    assert!(r.refusal(&s, Side::B, &adv).unwrap().contains("turn 4"));
    s.turn = 4;
    assert_eq!(r.refusal(&s, Side::B, &adv), None);
}

#[test]
fn special_officer_characteristics_commissar_terror_on_a_failed_charge_test() {
    let (r, mut s, red, _) = duel_with(30, &["commissar_terror"]);
    let mut ev = Vec::new();
    r.failed_charge_test(&mut s, red, &mut ev);
    assert_eq!(s.unit(red).terror, 0, "not a Commissar");
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, Party man");
    r.failed_charge_test(&mut s, red, &mut ev);
    assert_eq!(s.unit(red).terror, 1);
    let (r, mut s, red, _) = duel(30);
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, Party man");
    r.failed_charge_test(&mut s, red, &mut ev);
    assert_eq!(s.unit(red).terror, 0, "only with the option");
}

#[test]
fn pre_empting_enemy_actions_a_clever_officer_acts_first_on_a_six() {
    let (r, mut s, red, white) = duel(20);
    s.unit_mut(white).officer = token(&r, Side::A, "Captain, clever");
    s.unit_mut(white).acted = false;
    s.phase = Phase::Choose {
        side: Side::B,
        card: None,
        selected: None,
    };
    let adv = Action::Advance {
        unit: red,
        distance: Inches::whole(2),
    };
    let at = s.unit(red).formation.front.at;
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &adv, &mut ev).unwrap();
    assert_eq!(s.unit(red).formation.front.at, at, "the advance waits");
    assert_eq!(r.decider(&s), Some(Side::A));
    // A 5 fails: Red chooses again.
    let mut t = s.clone();
    t.loaded = vec![5];
    r.apply(&mut t, Side::A, &Action::PreEmpt { unit: white }, &mut ev)
        .unwrap();
    assert_eq!(r.decider(&t), Some(Side::B));
    r.apply(&mut t, Side::B, &adv, &mut ev).unwrap();
    assert_ne!(t.unit(red).formation.front.at, at, "no second try");
    // A 6: the Volunteers act now.
    s.loaded = vec![6];
    r.apply(&mut s, Side::A, &Action::PreEmpt { unit: white }, &mut ev)
        .unwrap();
    assert_eq!(
        s.phase,
        Phase::Choose {
            side: Side::A,
            card: Some(white),
            selected: None,
        }
    );
    r.apply(&mut s, Side::A, &Action::Done { unit: white }, &mut ev)
        .unwrap();
    assert_eq!(r.decider(&s), Some(Side::B), "then Red");
}

#[test]
fn pre_empting_enemy_actions_not_against_another_clever_officer() {
    let (r, mut s, red, white) = duel(20);
    s.unit_mut(white).officer = token(&r, Side::A, "Captain, clever");
    s.unit_mut(white).acted = false;
    s.unit_mut(red).officer = token(&r, Side::B, "Kombat, quick");
    assert!(r.clever_preempters(&s, red).is_empty());
    assert_eq!(r.scouting_range(&s, red), Inches::whole(8), "twice 4\"");
}

#[test]
fn firing_priorities_close_targets_first_unless_a_senior_officer_overrides() {
    let (r, mut s, red, white) = duel(6);
    let vol2 = id(&r, "w_vol2");
    place(&mut s, vol2, 29, 43, 90);
    let shoot_far = Action::Shoot {
        unit: red,
        target: vol2,
    };
    if r.target_priority(&s, red, vol2).is_some() {
        let why = r.refusal(&s, Side::B, &shoot_far).unwrap();
        assert!(why.contains("1st Volunteer company"), "{why}");
        let kombrig = id(&r, "r_kombrig");
        place(&mut s, kombrig, 40, 43, 270);
        assert_eq!(r.refusal(&s, Side::B, &shoot_far), None, "overridden");
    } else {
        panic!("the 2nd company should be in range and arc");
    }
    assert_eq!(
        r.refusal(
            &s,
            Side::B,
            &Action::Shoot {
                unit: red,
                target: white
            }
        ),
        None
    );
}

#[test]
fn dismounting_one_base_holds_the_horses_and_the_card_changes() {
    let (r, mut s) = empty(&[]);
    let cossacks = id(&r, "w_cossacks");
    place(&mut s, cossacks, 20, 40, 90);
    s.unit_mut(cossacks).acted = false;
    s.phase = Phase::Choose {
        side: Side::A,
        card: None,
        selected: None,
    };
    let lost = r.points_lost(&s, Side::A);
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::A,
        &Action::Dismount { unit: cossacks },
        &mut ev,
    )
    .unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Done { unit } if *unit == cossacks)),
        "the whole move"
    );
    let u = s.unit(cossacks);
    assert_eq!(r.troop(u).key, "plastoons");
    assert_eq!((u.bases(), u.more.horse_holders), (3, 1));
    assert_eq!(
        r.points_lost(&s, Side::A),
        lost,
        "the horse holders are safe"
    );
    s.unit_mut(cossacks).acted = false;
    s.phase = Phase::Choose {
        side: Side::A,
        card: None,
        selected: None,
    };
    r.apply(&mut s, Side::A, &Action::Mount { unit: cossacks }, &mut ev)
        .unwrap();
    assert_eq!(r.troop(s.unit(cossacks)).key, "white_cossacks");
    assert_eq!(s.unit(cossacks).bases(), 4);
    let vol = id(&r, "w_vol1");
    assert!(
        r.refusal(&s, Side::A, &Action::Dismount { unit: vol })
            .is_some()
    );
}

#[test]
fn victory_objectives_change_hands_at_the_end_of_a_turn_and_stay_held() {
    let (r, mut s, red, white) = duel(30);
    // The ford (Red's at the start) taken by the Volunteers.
    place(&mut s, white, 51, 22, 180);
    place(&mut s, red, 10, 40, 90);
    s.unit_mut(white).formation.count = 2;
    let before = r.objective_values(&s);
    let mut ev = Vec::new();
    r.apply(&mut s, Side::B, &Action::Done { unit: red }, &mut ev)
        .unwrap();
    assert_eq!(s.turn, 2);
    let after = r.objective_values(&s);
    assert_eq!(after[0], before[0] + 1);
    assert_eq!(after[1], before[1] - 1);
    // They leave; the ford stays theirs.
    place(&mut s, white, 10, 10, 90);
    assert_eq!(r.objective_values(&s), after);
}

#[test]
fn dismounting_the_cavalry_dismount_as_the_rulebooks_infantry() {
    let r = village();
    let sc = r.sc();
    for (cav, inf) in [
        ("red_cavalry", "red_conscripts"),
        ("horse_army", "red_regulars"),
        ("red_cossacks", "partisans"),
        ("white_cossacks", "plastoons"),
        ("white_cavalry", "white_volunteers"),
        ("nationalist_cavalry", "nationalist_regulars"),
        ("polish_uhlans", "polish_regulars"),
        ("fk_uhlans", "freikorps_kompagnie"),
        ("makhnovist_cavalry", "makhnovist_partisans"),
    ] {
        let c = sc.troop(cav).unwrap();
        let d = c.dismounts_as.map(|i| sc.troops[i].key.as_str());
        assert_eq!(d, Some(inf), "{cav}");
        assert!(sc.troops[c.dismounts_as.unwrap()].shooting > c.shooting);
    }
}

#[test]
fn morale_tests_the_success_number_is_logged_in_its_parts() {
    let (r, mut s, red, white) = duel(30);
    let kombrig = id(&r, "r_kombrig");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kombrig, inspiring");
    place(&mut s, kombrig, 40, 31, 180);
    place(&mut s, white, 50, 40, 270);
    let card = r.troop(s.unit(red)).serious as i32;
    assert_eq!(r.morale_parts(&s, red, Test::Serious), [card, 2, -2, 0]);
    s.loaded = vec![2, 2, 1];
    let mut ev = Vec::new();
    r.officer_casualties(&mut s, red, 1, &mut ev);
    let words = r.describe_events(&s, &ev, None);
    let want =
        format!("1st battalion's success number: card {card}, officers +2, ground -2 = {card}.");
    assert!(words.iter().flatten().any(|w| *w == want), "{words:?}");
}

#[test]
fn officer_casualties_a_senior_in_personal_command_rolls_too() {
    let (r, mut s, red, _) = duel(30);
    let kombrig = id(&r, "r_kombrig");
    s.unit_mut(kombrig).officer = token(&r, Side::B, "Kombrig, inspiring");
    place(&mut s, kombrig, 40, 43, 270);
    s.unit_mut(kombrig).acted = false;
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        Side::B,
        &Action::JoinUnit {
            unit: kombrig,
            target: red,
        },
        &mut ev,
    )
    .unwrap();
    // The junior dies (1), the Kombrig lives (4): no terror, one officer
    // is left.
    s.loaded = vec![4, 1];
    let mut ev = Vec::new();
    r.officer_casualties(&mut s, red, 1, &mut ev);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::OfficerRoll { .. }))
            .count(),
        2
    );
    assert_eq!(s.unit(red).terror, 0);
    assert_eq!(s.unit(red).officer, None);
    assert_eq!(r.personal_commander(&s, red), Some(kombrig));
    // Then the Kombrig falls: all officers lost.
    s.loaded = vec![3, 3, 1];
    let mut ev = Vec::new();
    r.officer_casualties(&mut s, red, 1, &mut ev);
    assert_eq!(s.unit(kombrig).status, Status::Gone);
    assert_eq!(s.unit(red).terror, 1);
    assert!(s.unit(kombrig).more.promote_at.is_some());
    let view = r.view(&s, None);
    let v = view.units.iter().find(|u| u.id == red).unwrap();
    assert_eq!(v.officer, None);
    r.check_invariants(&s).unwrap();
}

fn choices_of(r: &RedActions, s: &State, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    r.choices(s, side, &mut out);
    out
}

/// The choices of officers open at the start, in the order asked.
fn officer_questions(s: &State) -> Vec<(Side, UnitId, Vec<u16>)> {
    s.questions
        .iter()
        .rev()
        .filter_map(|q| match q.ask {
            Ask::ChooseOfficer { unit, drawn } => Some((
                q.side,
                unit,
                drawn
                    .into_iter()
                    .filter(|&t| t != red_actions::state::NO_TOKEN)
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn definitions_each_senior_officer_draws_two_or_three_tokens_and_keeps_one() {
    let r = village();
    for seed in 0..12 {
        let s = r.setup(&Options::new(), seed).unwrap();
        assert_eq!(s.turn, 0, "the officers are chosen before the first turn");
        let asked = officer_questions(&s);
        assert_eq!(asked.len(), s.questions.len(), "nothing else is asked yet");
        // The Whites (side A) choose first, then the Reds.
        let sides: Vec<Side> = asked.iter().map(|q| q.0).collect();
        let mut sorted = sides.clone();
        sorted.sort_by_key(|&x| x != Side::A);
        assert_eq!(sides, sorted);
        for side in [Side::A, Side::B] {
            let seniors = s
                .ids()
                .filter(|&u| {
                    s.unit(u).side == side
                        && r.troop(s.unit(u)).category == red_actions::scenario::Category::Officer
                })
                .count();
            // The Soviet army draws two tokens a senior officer, the Whites
            // three; none drawn twice (without replacement).
            let draw = if side == Side::A { 3 } else { 2 };
            let mine: Vec<&(Side, UnitId, Vec<u16>)> =
                asked.iter().filter(|q| q.0 == side).collect();
            assert!(mine.len() <= seniors);
            let mut all: Vec<u16> = Vec::new();
            for (_, unit, drawn) in &mine {
                assert_eq!(drawn.len(), draw, "seed {seed}");
                let lead = s.unit(*unit).officer.unwrap().token;
                assert!(
                    drawn.contains(&lead),
                    "the one leading until chosen is drawn"
                );
                all.extend(drawn);
            }
            let n = all.len();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), n, "seed {seed}: a token drawn twice");
        }
    }
}

#[test]
fn definitions_the_side_keeps_the_officer_it_chooses_and_then_the_turn_begins() {
    let r = village();
    // A seed where the first choice offers a token weaker than the best.
    let (mut s, unit, weaker) = (0..40)
        .find_map(|seed| {
            let s = r.setup(&Options::new(), seed).unwrap();
            let (_, unit, drawn) = officer_questions(&s).into_iter().next()?;
            let lead = s.unit(unit).officer?.token;
            let weaker = drawn.into_iter().find(|&t| {
                r.token_at(&s, unit, t).map(|x| x.morale)
                    < r.token_at(&s, unit, lead).map(|x| x.morale)
            })?;
            Some((s, unit, weaker))
        })
        .expect("a draw with a choice that matters");
    let side = s.unit(unit).side;
    // Its answers are one per different token, and only they are legal.
    let choices = choices_of(&r, &s, side);
    assert!(choices.contains(&Action::KeepOfficer {
        unit,
        token: weaker
    }));
    assert!(
        choices
            .iter()
            .all(|a| matches!(a, Action::KeepOfficer { unit: u, .. } if *u == unit))
    );
    // The other side has nothing to do, and its prompt names no token.
    assert!(choices_of(&r, &s, side.other()).is_empty());
    let theirs = r.prompt_text(&s, side.other());
    assert!(theirs.contains("the other side chooses"), "{theirs}");
    let name = &r.token_at(&s, unit, weaker).unwrap().name;
    assert!(!theirs.contains(name.as_str()));
    assert!(r.prompt_text(&s, side).contains(name.as_str()));
    // A token it did not draw is refused, the state as it was.
    let not_drawn = (0..200u16)
        .find(|t| !officer_questions(&s)[0].2.contains(t))
        .unwrap();
    let before = s.clone();
    let why = r
        .refusal(
            &s,
            side,
            &Action::KeepOfficer {
                unit,
                token: not_drawn,
            },
        )
        .expect("refused");
    assert!(why.contains("does not answer"), "{why}");
    assert_eq!(s, before);
    // Keeping the weaker token: it leads, and the log says so.
    let mut ev = Vec::new();
    r.apply(
        &mut s,
        side,
        &Action::KeepOfficer {
            unit,
            token: weaker,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(s.unit(unit).officer, Some(Officer { token: weaker }));
    assert!(ev.iter().any(
        |e| matches!(e, Event::OfficerKept { unit: u, token, .. } if *u == unit && *token == weaker)
    ));
    // Once every senior officer has chosen, the first turn begins.
    while let Some((side, unit, drawn)) = officer_questions(&s).into_iter().next() {
        assert_eq!(s.turn, 0);
        r.apply(
            &mut s,
            side,
            &Action::KeepOfficer {
                unit,
                token: drawn[0],
            },
            &mut ev,
        )
        .unwrap();
    }
    assert_eq!(s.turn, 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::TurnBegins { turn: 1 }))
    );
    r.check_invariants(&s).unwrap();
}
