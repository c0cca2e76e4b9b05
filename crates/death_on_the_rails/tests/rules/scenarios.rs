//! Each scenario's setup, victory conditions and additional rules, on the
//! shipped scenario files (areas are found from the data, not by letter, so
//! the tests hold when a map is redrawn).

use crate::common::Table;
use death_on_the_rails::data::{Terrain, UnitKind};
use death_on_the_rails::state::{Event, Phase, Place, flag};
use death_on_the_rails::{Action, AreaId, ESTONIA, RUSSIA};
use engine::{Decider, Ruleset, Side};

fn objective_area(t: &Table, side: Side) -> AreaId {
    let mask = t.r.secret_objectives(&t.s, side).expect("a secret card");
    t.r.sc().objectives[mask.trailing_zeros() as usize].area
}

/// A neighbouring area holding no unit.
fn empty_neighbour(t: &Table, area: AreaId) -> AreaId {
    t.r.sc().map.adjacent[area as usize]
        .iter()
        .find(|&a| t.s.area_units[a as usize].is_empty())
        .expect("an empty neighbour")
}

fn infantry(t: &Table, side: Side) -> u8 {
    t.unit_where(side, |d, u| {
        d.kind == UnitKind::Infantry
            && d.train_part.is_none()
            && matches!(u.place(), Place::Area(_))
    })
}

// ----- I Annemõisa -----

#[test]
fn annemoisa_estonia_draws_a_green_secret_objective_that_only_it_sees() {
    let t = Table::scenario("annemoisa");
    assert!(t.s.secret[ESTONIA.index()].is_some());
    assert!(t.s.secret[RUSSIA.index()].is_none());
    assert_eq!(
        t.view(Some(ESTONIA)).secret_objectives.map(|l| l.len()),
        Some(1),
        "one building"
    );
    assert_eq!(t.view(Some(RUSSIA)).secret_objectives, None);
    assert_eq!(t.view(None).secret_objectives, None);
}

#[test]
fn annemoisa_setup_is_simultaneous_neither_side_sees_where_the_other_places() {
    let mut t = Table::scenario("annemoisa");
    let c = t.choices(ESTONIA)[0];
    t.act(ESTONIA, c);
    let Action::Place { unit, .. } = c else {
        panic!("a placement")
    };
    assert_eq!(
        t.view(Some(RUSSIA)).units[unit as usize].place,
        Place::Pool,
        "hidden from Russia"
    );
    assert!(matches!(
        t.view(Some(ESTONIA)).units[unit as usize].place,
        Place::Area(_)
    ));
    t.auto_setup();
    assert!(
        matches!(
            t.view(Some(RUSSIA)).units[unit as usize].place,
            Place::Area(_)
        ),
        "shown once play begins"
    );
}

#[test]
fn annemoisa_estonia_wins_by_taking_the_building_on_its_card() {
    let mut t = Table::scenario("annemoisa");
    t.auto_setup();
    let building = objective_area(&t, ESTONIA);
    t.clear(building);
    let start = empty_neighbour(&t, building);
    let u = infantry(&t, ESTONIA);
    t.set(u, Place::Area(start));
    t.turn_of(ESTONIA, 2);
    t.act(ESTONIA, Action::Move { from: start });
    if let Phase::MoveGroup { group, .. } = t.s.phase
        && !group.contains(u)
    {
        t.act(ESTONIA, Action::Select { unit: u });
    }
    t.act(ESTONIA, Action::Step { to: building });
    let outcome = t.over().expect("game over");
    assert_eq!(outcome.winner, Some(ESTONIA));
    assert!(outcome.reason.contains("secret card"), "{}", outcome.reason);
}

// ----- II Mustjõe -----

#[test]
fn mustjoe_the_first_side_to_hold_its_objectives_shows_its_card_and_draws_a_new_one() {
    let mut t = Table::scenario("mustjoe");
    t.auto_setup();
    let old = t.s.secret[ESTONIA.index()].unwrap();
    let mask = t.r.secret_objectives(&t.s, ESTONIA).unwrap();
    // Estonia holds all but one of its objectives; the next card on the deck
    // asks for others, so the change does not win at once.
    let held: Vec<usize> = (0..t.s.control.len())
        .filter(|i| mask >> i & 1 == 1)
        .collect();
    for &i in &held[1..] {
        t.s.control[i] = Some(ESTONIA);
    }
    let pos =
        t.s.deck
            .iter()
            .position(|&c| t.r.sc().cards[c as usize].blue != mask)
            .unwrap();
    let next = t.s.deck.remove(pos);
    t.s.deck.push(next);
    let last = t.r.sc().objectives[held[0]].area;
    t.clear(last);
    let start = empty_neighbour(&t, last);
    let u = infantry(&t, ESTONIA);
    t.set(u, Place::Area(start));
    t.turn_of(ESTONIA, 3);
    t.move_units(&[u], &[&t.r.sc().map.areas[last as usize].key.to_string()]);
    assert!(t.events.contains(&Event::ObjectivesChanged {
        side: ESTONIA,
        old_card: old,
        new_card: Some(next)
    }));
    assert_eq!(t.s.objectives_changed, Some((ESTONIA, old)));
    assert_eq!(t.s.secret[ESTONIA.index()], Some(next));
    assert!(
        t.over().is_none(),
        "the new card's objectives are not held yet"
    );
    // The old card is shown to both.
    assert!(t.view(Some(RUSSIA)).revealed_objectives.is_some());
}

#[test]
fn mustjoe_after_the_change_reinforcements_are_called_at_the_end_of_a_turn_with_an_extra_move_for_the_changer()
 {
    let mut t = Table::scenario("mustjoe");
    t.auto_setup();
    let old = t.s.secret[ESTONIA.index()].take().unwrap();
    let new = t.s.deck.pop().unwrap();
    t.s.secret[ESTONIA.index()] = Some(new);
    t.s.objectives_changed = Some((ESTONIA, old));
    t.turn_of(ESTONIA, 2);
    t.act(ESTONIA, Action::Pass);
    t.act(ESTONIA, Action::Pass);
    assert_eq!(t.s.phase, Phase::CallReinforcements);
    t.act(ESTONIA, Action::CallReinforcements);
    while let Phase::PlaceReinforcements { .. } = t.s.phase {
        let c = t.choices(ESTONIA)[0];
        t.act(ESTONIA, c);
    }
    let train = t.r.sc().side(ESTONIA).train.as_ref().unwrap().parts[0];
    assert!(
        matches!(t.place(train), Place::Area(_)),
        "Armoured Train nr 1 has arrived"
    );
    // The player who changed objectives moves each reinforcement once.
    assert_eq!(t.s.phase, Phase::ExtraMoves);
    assert!(
        t.choices(ESTONIA)
            .iter()
            .any(|a| matches!(a, Action::Move { .. }))
    );
    t.act(ESTONIA, Action::Done);
    assert!(t.s.reinforcements_called[ESTONIA.index()]);
    assert_ne!(t.s.phase, Phase::CallReinforcements, "once only");
}

// ----- III Kiltsi -----

#[test]
fn kiltsi_estonia_sets_up_first_in_the_open_and_its_crew_sleeps_in_buildings() {
    let mut t = Table::scenario("kiltsi");
    assert_eq!(t.s.phase, Phase::Setup { side: ESTONIA });
    let mut sleeping_seen = false;
    while let Phase::Setup { side: ESTONIA } = t.s.phase {
        let c = t.choices(ESTONIA);
        let Action::Place { unit, .. } = c[0] else {
            panic!()
        };
        if t.r.def(unit).reinforcement {
            sleeping_seen = true;
            let russian_setup = t.r.sc().side(RUSSIA).setup_areas;
            for a in &c {
                let Action::Place { area, .. } = a else {
                    panic!()
                };
                assert_eq!(
                    t.r.sc().map.areas[*area as usize].terrain,
                    Terrain::Building
                );
                assert!(!russian_setup.contains(*area));
            }
        }
        t.act(ESTONIA, c[0]);
        // Not simultaneous: Russia sees where Estonia placed.
        assert!(matches!(
            t.view(Some(RUSSIA)).units[unit as usize].place,
            Place::Area(_)
        ));
    }
    assert!(sleeping_seen);
    for u in t.r.units_of(ESTONIA) {
        let d = t.r.def(u);
        assert_eq!(
            t.has_flag(u, flag::ASLEEP),
            d.reinforcement || d.train_part.is_some(),
            "{}",
            d.name
        );
    }
}

/// With the advanced rules' stacking limit the sleeping crew must still fit
/// into the buildings: the sentries, placed first, may not take the room the
/// sleepers need (they are placed into buildings whenever they may be).
#[test]
fn kiltsi_with_the_advanced_rules_the_sentries_leave_the_buildings_room_for_the_sleepers() {
    let r = death_on_the_rails::DeathOnTheRails::load(&crate::common::shipped("kiltsi"))
        .unwrap_or_else(|e| panic!("{e}"));
    let advanced: engine::Options = [("advanced_rules".to_string(), true)].into_iter().collect();
    let s = r
        .setup(&advanced, 3)
        .expect("Kiltsi's buildings hold its sleeping crew");
    let mut t = Table {
        r,
        s,
        events: Vec::new(),
    };
    let buildings =
        |t: &Table, a: AreaId| t.r.sc().map.areas[a as usize].terrain == Terrain::Building;
    let mut sentries_in_buildings = 0;
    while let Phase::Setup { side: ESTONIA } = t.s.phase {
        let c = t.choices(ESTONIA);
        assert!(
            !c.is_empty(),
            "Estonia has units left to place but nowhere to put them"
        );
        let pick = c
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Place { area, .. } if buildings(&t, *area)))
            .unwrap_or(c[0]);
        if let Action::Place { unit, area } = pick
            && !t.r.def(unit).reinforcement
            && buildings(&t, area)
        {
            sentries_in_buildings += 1;
        }
        t.act(ESTONIA, pick);
    }
    let sleepers =
        t.r.units_of(ESTONIA)
            .filter(|&u| t.r.def(u).reinforcement)
            .count();
    let room: usize = (0..t.r.sc().map.area_count() as AreaId)
        .filter(|&a| buildings(&t, a) && !t.r.sc().side(RUSSIA).setup_areas.contains(a))
        .map(|a| t.r.sc().map.areas[a as usize].size())
        .sum();
    assert!(
        sentries_in_buildings <= room - sleepers,
        "{sentries_in_buildings} sentries took building room"
    );
    for u in t.r.units_of(ESTONIA) {
        let d = t.r.def(u);
        if d.train_part.is_none() {
            assert!(
                matches!(t.s.units[u as usize].place(), Place::Area(_)),
                "{} placed",
                d.name
            );
        }
    }
}

#[test]
fn kiltsi_dark_night_one_area_a_move_and_no_reaction_fire() {
    let mut t = Table::scenario("kiltsi");
    t.auto_setup();
    t.turn_of(RUSSIA, 2);
    // An empty open area with an empty open neighbour: by day the unit could go on.
    let map = &t.r.sc().map;
    let empty_open = |a: AreaId| {
        map.areas[a as usize].terrain == Terrain::Open && t.s.area_units[a as usize].is_empty()
    };
    let (from, to) = (0..map.area_count() as AreaId)
        .filter(|&a| t.s.area_units[a as usize].is_empty())
        .find_map(|a| {
            map.adjacent[a as usize]
                .iter()
                .find(|&b| {
                    empty_open(b)
                        && map.adjacent[b as usize]
                            .iter()
                            .any(|c| c != a && empty_open(c))
                })
                .map(|b| (a, b))
        })
        .expect("two open areas in a row");
    let u = infantry(&t, RUSSIA);
    t.set(u, Place::Area(from));
    t.act(RUSSIA, Action::Move { from });
    t.act(RUSSIA, Action::Step { to });
    assert!(
        !matches!(t.s.phase, Phase::MoveOn { .. }),
        "no second area at night"
    );
    assert!(
        !matches!(t.s.phase, Phase::Reaction),
        "no reaction fire at night"
    );
    assert_eq!(t.s.phase, Phase::ChooseAction);
}

#[test]
fn kiltsi_after_a_russian_fire_combat_the_russian_player_wakes_an_estonian_unit() {
    let mut t = Table::scenario("kiltsi");
    t.auto_setup();
    t.turn_of(RUSSIA, 3);
    let sleeper = t.unit_where(ESTONIA, |d, u| {
        d.reinforcement && u.flags & flag::ASLEEP != 0
    });
    let area = t.s.area_of(sleeper).unwrap();
    let from = empty_neighbour(&t, area);
    let raider = infantry(&t, RUSSIA);
    t.set(raider, Place::Area(from));
    t.dice(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    t.fire_at(raider, &[], sleeper);
    assert!(matches!(t.s.phase, Phase::WakeUp { .. }));
    assert_eq!(t.r.to_decide(&t.s), Decider::One(RUSSIA));
    let Action::WakeUp { unit } = t.choices(RUSSIA)[0] else {
        panic!()
    };
    t.act(RUSSIA, Action::WakeUp { unit });
    assert!(!t.has_flag(unit, flag::ASLEEP));
    assert!(t.events.contains(&Event::WokeUp { unit }));
}

#[test]
fn kiltsi_the_first_sabotage_wakes_everyone_brings_the_reinforcements_and_three_tokens_win() {
    let mut t = Table::scenario("kiltsi");
    t.auto_setup();
    t.turn_of(RUSSIA, 4);
    // A Russian special unit on an empty stretch of railway.
    let rail =
        t.r.sc()
            .map
            .railway_areas
            .iter()
            .find(|&a| t.s.area_units[a as usize].is_empty())
            .unwrap();
    let raider = infantry(&t, RUSSIA);
    t.set(raider, Place::Area(rail));
    t.s.sabotage[rail as usize] = 1;
    t.dice(&[5, 1, 1, 1]);
    t.act(RUSSIA, Action::Sabotage { unit: raider });
    assert!(t.events.contains(&Event::AllAwake));
    assert!(t.r.units_of(ESTONIA).all(|u| !t.has_flag(u, flag::ASLEEP)));
    while let Phase::PlaceReinforcements { .. } = t.s.phase {
        let c = t.choices(RUSSIA)[0];
        t.act(RUSSIA, c);
    }
    assert!(
        t.events
            .contains(&Event::ReinforcementsArrive { side: RUSSIA })
    );
    let reinforcements_in =
        t.r.units_of(RUSSIA)
            .filter(|&u| t.r.def(u).reinforcement)
            .all(|u| matches!(t.place(u), Place::Area(_)));
    assert!(reinforcements_in);
    // Two tokens now; a third wins.
    let raider2 = t.unit_where(RUSSIA, |d, u| {
        d.kind == UnitKind::Infantry
            && matches!(u.place(), Place::Area(_))
            && u.flags & flag::FIRED == 0
    });
    t.set(raider2, Place::Area(rail));
    t.dice(&[6, 1, 1, 1]);
    t.act(RUSSIA, Action::Sabotage { unit: raider2 });
    let outcome = t.over().expect("game over");
    assert_eq!(outcome.winner, Some(RUSSIA));
    assert!(outcome.reason.contains("railway"));
}

// ----- IV Tapa -----

#[test]
fn tapa_estonia_sets_up_before_the_green_cards_are_drawn() {
    let mut t = Table::scenario("tapa");
    assert_eq!(t.s.secret, [None, None]);
    while let Phase::Setup { side: ESTONIA } = t.s.phase {
        let c = t.choices(ESTONIA)[0];
        t.act(ESTONIA, c);
    }
    assert!(
        t.s.secret.iter().all(|c| c.is_some()),
        "both draw once Estonia has placed"
    );
}

#[test]
fn tapa_the_heavy_machine_gun_ignores_a_negative_range_modifier() {
    let mut t = Table::scenario("tapa");
    t.auto_setup();
    t.turn_of(ESTONIA, 2);
    let mg = t.r.sc().side(ESTONIA).train.as_ref().unwrap().parts[1];
    let from = t.s.area_of(mg).unwrap();
    let far = (0..t.r.sc().map.area_count() as AreaId)
        .find(|&a| t.r.sc().map.distance(from, a) == 3 && t.r.sc().map.sees(from, a))
        .expect("an area 3 away in sight");
    let (n, _) = t.r.fire_dice_at(&t.s, mg, far).expect("may fire");
    let strength = t.strength(mg) as i8;
    assert_eq!(n, strength - if t.r.suppressed(&t.s, from) { 1 } else { 0 });
}

#[test]
fn tapa_estonia_wins_by_evacuating_three_staff_through_the_building_to_the_train() {
    let mut t = Table::scenario("tapa");
    t.auto_setup();
    t.turn_of(ESTONIA, 4);
    let train_area = t.r.train_area(&t.s, ESTONIA).unwrap();
    let next = t.r.sc().map.adjacent[train_area as usize]
        .iter()
        .next()
        .unwrap();
    t.clear(next);
    let staff: Vec<u8> =
        t.r.units_of(ESTONIA)
            .filter(|&u| t.r.def(u).kind == UnitKind::NonCombat)
            .take(3)
            .collect();
    let escorts: Vec<u8> =
        t.r.units_of(ESTONIA)
            .filter(|&u| t.r.def(u).kind == UnitKind::Infantry && t.r.def(u).train_part.is_none())
            .take(3)
            .collect();
    for &u in staff.iter().chain(&escorts) {
        t.set(u, Place::Area(next));
    }
    // Staff that never went through the objective building are not evacuated.
    let key = t.r.sc().map.areas[train_area as usize].key.to_string();
    let mut group = staff.clone();
    group.extend(&escorts);
    let mut probe = Table {
        r: t.r.clone(),
        s: t.s.clone(),
        events: Vec::new(),
    };
    probe.clear(train_area);
    probe.train(ESTONIA, &key);
    probe.move_units(&group, &[&key]);
    assert_eq!(probe.s.evacuated, 0);
    // Through the building, with one escort each: evacuated, and Estonia wins.
    for &u in &staff {
        t.set_flag(u, flag::VISITED_BUILDING);
    }
    t.clear(train_area);
    t.train(ESTONIA, &key);
    t.move_units(&group, &[&key]);
    assert_eq!(t.s.evacuated, 3);
    assert!(staff.iter().all(|&u| t.place(u) == Place::Evacuated));
    let outcome = t.over().expect("game over");
    assert_eq!(outcome.winner, Some(ESTONIA));
}

// ----- V Lehtse -----

#[test]
fn lehtse_fog_limits_moves_sight_and_reaction_fire_and_lifts_on_d6_plus_10() {
    let mut t = Table::scenario("lehtse");
    t.auto_setup();
    assert!(t.s.fog);
    // Sight two areas at most: a unit that could fire three areas away by day cannot in the fog.
    let map = &t.r.sc().map;
    let (from, far) = (0..map.area_count() as AreaId)
        .find_map(|a| {
            (0..map.area_count() as AreaId)
                .find(|&b| map.distance(a, b) == 3 && map.sees(a, b))
                .map(|b| (a, b))
        })
        .expect("two areas three apart in sight");
    let u = infantry(&t, ESTONIA);
    t.set(u, Place::Area(from));
    t.s.artillery_tokens[from as usize] = 0;
    assert!(
        t.r.fire_dice_at(&t.s, u, far).is_none(),
        "no fire three areas away in the fog"
    );
    t.s.fog = false;
    assert!(
        t.r.fire_dice_at(&t.s, u, far).is_some(),
        "but there is without it"
    );
    t.s.fog = true;
    // The fog check: at the start of a turn, a die + 10 against the discards.
    while t.s.discard.len() < 12 {
        let c = t.s.deck.pop().unwrap();
        t.s.discard.push(c);
    }
    t.turn_of(ESTONIA, 2);
    t.dice(&[2]);
    t.s.initiative = 1;
    t.act(ESTONIA, Action::Pass);
    t.act(ESTONIA, Action::Pass);
    assert!(
        t.events.iter().any(|e| matches!(
            e,
            Event::FogCheck {
                roll: 2,
                needed: 12,
                lifted: true,
                ..
            }
        )),
        "{:#?}",
        t.events
    );
    assert!(!t.s.fog);
}

#[test]
fn lehtse_objectives_do_not_win_while_the_fog_lies() {
    let mut t = Table::scenario("lehtse");
    t.auto_setup();
    let mask = t.r.secret_objectives(&t.s, ESTONIA).unwrap();
    for i in 0..t.s.control.len() {
        if mask >> i & 1 == 1 {
            t.s.control[i] = Some(ESTONIA);
        }
    }
    let mut ev = Vec::new();
    assert!(!t.r.check_victory(&mut t.s, &mut ev), "not in the fog");
    t.s.fog = false;
    assert!(t.r.check_victory(&mut t.s, &mut ev), "once it has lifted");
    assert_eq!(t.s.outcome.as_ref().unwrap().winner, Some(ESTONIA));
}

// ----- VI Narva -----

#[test]
fn narva_the_advanced_rules_are_always_on() {
    let t = Table::scenario("narva");
    assert!(t.s.advanced);
    assert_eq!(t.r.option_specs()[0].fixed, Some(true));
    let off: engine::Options = [("advanced_rules".to_string(), false)]
        .into_iter()
        .collect();
    let err = t.r.setup(&off, 1).unwrap_err();
    assert!(err.to_string().contains("cannot be switched off"));
}

#[test]
fn narva_a_unit_leaving_the_map_from_the_enemy_setup_area_wins() {
    let mut t = Table::scenario("narva");
    t.auto_setup();
    t.turn_of(ESTONIA, 2);
    let enemy_setup = t.r.sc().side(RUSSIA).setup_areas.iter().next().unwrap();
    t.clear(enemy_setup);
    let u = infantry(&t, ESTONIA);
    t.set(u, Place::Area(enemy_setup));
    t.act(ESTONIA, Action::Move { from: enemy_setup });
    if let Phase::MoveGroup { group, .. } = t.s.phase
        && !group.contains(u)
    {
        t.act(ESTONIA, Action::Select { unit: u });
    }
    t.act(ESTONIA, Action::ExitMap);
    assert_eq!(t.place(u), Place::Exited);
    let outcome = t.over().expect("game over");
    assert_eq!(outcome.winner, Some(ESTONIA));
    assert!(outcome.reason.contains("left the map"));
}
