//! ADVANCED RULES: stacking limit and retreat towards the setup area.

use crate::common::{self, Table};
use death_on_the_rails::data::Terrain;
use death_on_the_rails::rules::ADVANCED_RULES;
use death_on_the_rails::state::{Event, Phase, RemovedWhy};
use death_on_the_rails::{Action, AreaId, DeathOnTheRails, ESTONIA, RUSSIA};
use engine::Ruleset;
use engine::runner::{RunSettings, random_game};

fn advanced() -> Table {
    Table::strip_advanced()
}

#[test]
fn advanced_rules_stacking_limit_holds_even_while_moving_through() {
    // B has one centre dot: it holds one unit.
    let mut t = advanced();
    let a1 = t.estonian("Rifles", "a");
    let a2 = t.estonian("Rifles", "a");
    t.russian("Rifles", "j");
    t.act(ESTONIA, Action::Move { from: t.area("a") });
    t.act(ESTONIA, Action::Select { unit: a1 });
    assert!(t.can(ESTONIA, Action::Step { to: t.area("b") }));
    // With two units selected B is too small, even to pass through to C.
    t.act(ESTONIA, Action::Select { unit: a2 });
    assert!(!t.can(ESTONIA, Action::Step { to: t.area("b") }));
    // Without the advanced rules it is allowed.
    let mut t = Table::strip();
    let a1 = t.estonian("Rifles", "a");
    let a2 = t.estonian("Rifles", "a");
    t.russian("Rifles", "j");
    t.act(ESTONIA, Action::Move { from: t.area("a") });
    t.act(ESTONIA, Action::Select { unit: a1 });
    t.act(ESTONIA, Action::Select { unit: a2 });
    assert!(t.can(ESTONIA, Action::Step { to: t.area("b") }));
}

#[test]
fn advanced_rules_an_option_off_by_default_and_checked_when_set() {
    let t = Table::strip();
    assert!(!t.s.advanced);
    let specs = t.r.option_specs();
    assert_eq!(specs[0].key, "advanced_rules");
    assert_eq!(specs[0].fixed, None);
    let err =
        t.r.setup(
            &[("no_such_rule".to_string(), true)].into_iter().collect(),
            1,
        )
        .unwrap_err();
    assert!(err.to_string().contains("unknown option \"no_such_rule\""));
}

/// A new Estonian turn begins (as after a change of initiative).
fn new_turn(t: &mut Table) -> Vec<Event> {
    if let Some(c) = t.s.card.take() {
        t.s.discard.push(c);
    }
    let mut ev = Vec::new();
    t.r.begin_turn(&mut t.s, true, &mut ev);
    t.events.extend(ev.iter().cloned());
    ev
}

/// Estonian rifles alone in D, far from friends; a new Estonian turn begins.
fn cut_off(t: &mut Table) -> u8 {
    let lone = t.estonian("Rifles", "d");
    t.estonian("Rifles", "a");
    t.russian("Rifles", "j");
    new_turn(t);
    lone
}

#[test]
fn advanced_rules_cut_off_units_must_retreat_first_each_move_closer_to_the_setup_area() {
    let mut t = advanced();
    let lone = cut_off(&mut t);
    assert!(t.s.retreating.contains(lone));
    assert!(
        t.events
            .iter()
            .any(|e| matches!(e, Event::MustRetreat { .. }))
    );
    // Only the retreat may be chosen: no pass, no fire.
    assert_eq!(t.choices(ESTONIA), vec![Action::Move { from: t.area("d") }]);
    // The only way closer to Estonia's setup areas is C (E and I are not
    // closer): the unit is taken along and moves there at once.
    let ev = t.act(ESTONIA, Action::Move { from: t.area("d") });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved { to, .. } if *to == t.area("c")))
    );
    // From C it may go on (open ground) to B, next to the friend in A.
    t.act(ESTONIA, Action::Step { to: t.area("b") });
    assert!(!t.s.retreating.contains(lone), "next to a friend again");
    assert_eq!(
        t.s.phase,
        Phase::ChooseAction,
        "no reaction fire against retreating units"
    );
}

#[test]
fn advanced_rules_retreating_units_may_not_start_a_melee_and_are_disbanded_if_they_cannot_retreat()
{
    let mut t = advanced();
    let lone = t.estonian("Rifles", "d");
    t.estonian("Rifles", "a");
    t.russian("Rifles", "c");
    t.russian("Rifles", "i");
    let ev = new_turn(&mut t);
    // C and I hold enemies; E is not closer: nowhere to go.
    assert!(
        ev.contains(&Event::UnitRemoved {
            unit: lone,
            why: RemovedWhy::Disbanded
        }),
        "{ev:#?}"
    );
}

#[test]
fn advanced_rules_units_still_retreating_at_the_end_of_the_turn_are_disbanded() {
    let mut t = advanced();
    let lone = cut_off(&mut t);
    t.s.retreating.insert(lone);
    let mut ev = Vec::new();
    t.r.end_turn_finish(&mut t.s, &mut ev);
    assert!(ev.contains(&Event::UnitRemoved {
        unit: lone,
        why: RemovedWhy::Disbanded
    }));
}

#[test]
fn advanced_rules_without_them_nobody_retreats() {
    let mut t = Table::strip();
    let lone = cut_off(&mut t);
    assert!(!t.s.retreating.contains(lone));
}

/// Kiltsi with the advanced rules, before anything is placed.
fn kiltsi_advanced(seed: u64) -> Table {
    let r = DeathOnTheRails::load(&common::shipped("kiltsi")).unwrap_or_else(|e| panic!("{e}"));
    let s = r
        .setup(
            &[(ADVANCED_RULES.to_string(), true)].into_iter().collect(),
            seed,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    Table {
        r,
        s,
        events: Vec::new(),
    }
}

fn placed_area(a: &Action) -> AreaId {
    let Action::Place { area, .. } = a else {
        panic!("not a placement: {a:?}")
    };
    *area
}

#[test]
fn advanced_rules_kiltsi_setup_keeps_room_in_the_buildings_for_the_sleeping_crew() {
    // The stacking limit holds at setup. Kiltsi's sleeping blocks must go
    // into the buildings after the sentries, who may stand in any building
    // too: the sentries may take only the building places the crew can spare.
    let mut t = kiltsi_advanced(11);
    let building =
        |t: &Table, a: AreaId| t.r.sc().map.areas[a as usize].terrain == Terrain::Building;
    let russian_setup = t.r.sc().side(RUSSIA).setup_areas;
    let room: usize = (0..t.r.sc().map.area_count())
        .filter(|&a| building(&t, a as AreaId) && !russian_setup.contains(a as AreaId))
        .map(|a| t.r.sc().map.areas[a].size())
        .sum();
    let sleepers =
        t.r.unit_ids()
            .filter(|&u| {
                let d = t.r.def(u);
                d.side == ESTONIA && d.reinforcement && d.train_part.is_none()
            })
            .count();
    assert!(sleepers <= room, "{sleepers} sleepers, {room} places");
    // Sentries go into buildings while they are offered one.
    let mut in_buildings = 0;
    while let Phase::Setup { side: ESTONIA } = t.s.phase {
        let Some(c) = t
            .choices(ESTONIA)
            .into_iter()
            .find(|c| building(&t, placed_area(c)))
        else {
            break;
        };
        if t.r
            .def(match c {
                Action::Place { unit, .. } => unit,
                _ => unreachable!(),
            })
            .reinforcement
        {
            break;
        }
        t.act(ESTONIA, c);
        in_buildings += 1;
    }
    assert_eq!(
        in_buildings,
        room - sleepers,
        "sentries took {in_buildings} building places; the crew of {sleepers} needs {sleepers} of {room}"
    );
    // Taking the last placement offered each time, setup runs to the end
    // (both sides) within the stacking limit.
    while let Phase::Setup { side } = t.s.phase {
        let c = t.choices(side);
        assert!(!c.is_empty(), "{side:?} has nowhere left to place a unit");
        t.act(side, *c.last().unwrap());
    }
    for a in 0..t.r.sc().map.area_count() {
        let here = t.s.area_units[a]
            .iter()
            .filter(|&u| t.r.def(u).train_part.is_none())
            .count();
        assert!(
            here <= t.r.sc().map.areas[a].size(),
            "area {a} holds {here}"
        );
    }
}

#[test]
fn advanced_rules_kiltsi_random_games_that_stuck_at_setup_now_get_through_it() {
    // Seeds whose random setups put the sentries where the sleeping crew had
    // to go: "Estonia must decide but has no choices".
    let options: engine::Options = [(ADVANCED_RULES.to_string(), true)].into_iter().collect();
    let r = DeathOnTheRails::load(&common::shipped("kiltsi")).unwrap_or_else(|e| panic!("{e}"));
    for seed in [23, 33, 44, 128, 140, 182, 201, 216, 220] {
        random_game(r.clone(), &options, seed, &RunSettings::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}
