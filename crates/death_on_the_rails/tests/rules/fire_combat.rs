//! 6.2 Fire and 9.1 Fire combat, with the rulebook's worked example.

use crate::common::Table;
use death_on_the_rails::state::{DicePart, DiceParts, Phase, RemovedWhy, Role, flag};
use death_on_the_rails::{Action, ESTONIA, Event, RUSSIA};

fn dice_parts(ev: &[Event], role: Role) -> DiceParts {
    ev.iter()
        .find_map(|e| match e {
            Event::DiceCount { role: r, parts, .. } if *r == role => Some(*parts),
            _ => None,
        })
        .expect("a dice count")
}

/// "Infantry unit with strength 4 fires at the enemy unit at range 3 while
/// being suppressed by artillery fire. Amount of dice to be rolled is 4 (unit
/// strength) − 1 (suppressive fire) − 1 (range 3) = 2."
#[test]
fn fire_combat_worked_example_strength_4_at_range_3_suppressed_rolls_2_dice() {
    let (n, parts) = death_on_the_rails::rules::fire::attack_dice(4, 3, true, false);
    assert_eq!(n, 2);
    assert_eq!(
        parts,
        vec![
            DicePart::Strength(4),
            DicePart::Range { range: 3, dice: -1 },
            DicePart::Suppressed
        ]
    );

    // The same on the board: rifles in A, suppressed, fire at D three areas away.
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "a");
    t.suppress("a");
    let target = t.russian("Rifles", "d");
    assert_eq!(t.r.sc().map.distance(t.area("a"), t.area("d")), 3);
    let ev = t.fire_at(lead, &[], target);
    assert_eq!(Table::dice_count(&ev, Role::Attacker), Some(2));
    assert_eq!(dice_parts(&ev, Role::Attacker), parts);
    let words = engine::Ruleset::describe_events(&t.r, &t.s, &ev, Some(engine::Side::A))
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        words.contains("2 dice: strength 4, −1 range 3, −1 suppressed"),
        "{words}"
    );
}

#[test]
fn fire_combat_9_1_1_range_modifier_is_two_minus_range() {
    for (key, dice) in [("b", 5), ("c", 4), ("d", 3), ("e", 2)] {
        let mut t = Table::strip();
        let lead = t.estonian("Rifles", "a");
        let target = t.russian("Rifles", key);
        let ev = t.fire_at(lead, &[], target);
        assert_eq!(
            Table::dice_count(&ev, Role::Attacker),
            Some(dice),
            "at {key}"
        );
    }
}

#[test]
fn fire_6_2_needs_at_least_one_die() {
    // Weak rifles (2) at range 4 would roll 2 + 2 − 4 = 0 dice: no target.
    let mut t = Table::strip();
    let lead = t.estonian("Weak rifles", "a");
    let far = t.russian("Rifles", "e");
    let near = t.russian("Rifles", "d");
    t.russian("Rifles", "c");
    t.act(ESTONIA, Action::Fire { lead });
    assert!(!t.can(ESTONIA, Action::Target { unit: far }));
    assert!(t.can(ESTONIA, Action::Target { unit: near }));
}

#[test]
fn fire_combat_9_1_2_defender_modifiers_cover_stacking_and_suppression() {
    // A unit in the house (building, size 1) with a second unit there, suppressed.
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "c");
    let target = t.russian("Rifles", "h");
    t.russian("Weak rifles", "h");
    t.suppress("h");
    let ev = t.fire_at(lead, &[], target);
    assert_eq!(
        dice_parts(&ev, Role::Defender),
        vec![
            DicePart::Strength(4),
            DicePart::Cover,
            DicePart::Stacking { over: 1 },
            DicePart::Suppressed
        ]
    );
    assert_eq!(Table::dice_count(&ev, Role::Defender), Some(3));
}

/// Rifles in B fire at rifles in C: 5 dice against 4.
fn adjacent_duel(t: &mut Table, attack: &[u8], defence: &[u8]) -> (u8, Vec<Event>) {
    let lead = t.estonian("Rifles", "b");
    let target = t.russian("Rifles", "c");
    t.russian("Rifles", "e");
    let mut dice = attack.to_vec();
    dice.extend_from_slice(defence);
    t.dice(&dice);
    let ev = t.fire_at(lead, &[], target);
    (target, ev)
}

#[test]
fn fire_combat_9_1_attacker_scoring_more_costs_the_defender_one_step() {
    let mut t = Table::strip();
    // Without 1s, high to low: 6 6 2 2 against 5 5 5 (and a missing die as 0):
    // 6>5, 6>5, 2<5, 2>0: attacker 3, defender 1.
    let (target, ev) = adjacent_duel(&mut t, &[6, 2, 6, 1, 2], &[5, 1, 5, 5]);
    assert!(
        ev.contains(&Event::FireResult {
            target,
            steps: 1,
            decisive: false
        }),
        "{ev:#?}"
    );
    assert_eq!(t.strength(target), 3);
}

#[test]
fn fire_combat_9_1_decisive_attack_costs_two_steps() {
    let mut t = Table::strip();
    let (target, ev) = adjacent_duel(&mut t, &[6, 6, 6, 6, 6], &[5, 5, 5, 5]);
    assert!(ev.contains(&Event::FireResult {
        target,
        steps: 2,
        decisive: true
    }));
    assert_eq!(t.strength(target), 2);
}

#[test]
fn fire_combat_9_1_ties_score_nothing_and_any_other_result_does_nothing() {
    let mut t = Table::strip();
    let (target, ev) = adjacent_duel(&mut t, &[4, 3, 2, 2, 1], &[4, 3, 2, 2]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Compared {
            attack_hits: 0,
            defence_hits: 0,
            ..
        }
    )));
    assert_eq!(t.strength(target), 4);
    let mut t = Table::strip();
    let (target, _) = adjacent_duel(&mut t, &[3, 3, 3, 3, 3], &[6, 6, 6, 6]);
    assert_eq!(t.strength(target), 4, "the defender winning does nothing");
}

#[test]
fn fire_combat_9_1_machine_gun_leader_raises_one_die_of_its_choice() {
    let mut t = Table::strip();
    let lead = t.estonian("MG", "b");
    let target = t.russian("Rifles", "c");
    t.russian("Rifles", "e");
    t.dice(&[5, 3, 3, 2, 1, 4, 4, 4, 4]);
    t.fire_at(lead, &[], target);
    assert!(matches!(t.s.phase, Phase::Raise { side: ESTONIA, .. }));
    let mut values: Vec<_> = t.choices(ESTONIA);
    values.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        values,
        vec![
            Action::Raise { value: 1 },
            Action::Raise { value: 2 },
            Action::Raise { value: 3 },
            Action::Raise { value: 5 }
        ]
    );
    // Raise the 5 to a 6: 6 3 3 2 against 4 4 4 4: 1 to 3, the defender holds.
    let ev = t.act(ESTONIA, Action::Raise { value: 5 });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Compared {
                attack_hits: 1,
                defence_hits: 3,
                ..
            }
        )),
        "{ev:#?}"
    );
    assert_eq!(t.strength(target), 4);
}

#[test]
fn fire_combat_9_1_special_force_a_raises_an_attack_die_and_d_a_defence_die() {
    // A: one die value below 6 only, raised without asking.
    let mut t = Table::strip();
    let lead = t.estonian("Shock", "b");
    let target = t.russian("Guard", "c");
    t.russian("Rifles", "e");
    t.dice(&[5, 5, 5, 5, 5, 6, 4, 3, 4]);
    let ev = t.fire_at(lead, &[], target);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Raised {
            side: ESTONIA,
            role: Role::Attacker,
            from: 5,
            to: 6,
            ..
        }
    )));
    // The defender (D) knows the attack and chooses which die to raise.
    assert!(matches!(t.s.phase, Phase::Raise { side: RUSSIA, .. }));
    assert_eq!(
        engine::Ruleset::to_decide(&t.r, &t.s),
        engine::Decider::One(RUSSIA)
    );
    t.act(RUSSIA, Action::Raise { value: 4 });
    // 6 5 5 5 5 against 6 5 4 3: 6=6, 5=5, 5>4, 5>3, 5>0 -> 3 to 0.
    assert!(t.events.iter().any(|e| matches!(
        e,
        Event::Compared {
            attack_hits: 3,
            defence_hits: 0,
            ..
        }
    )));
}

#[test]
fn fire_combat_9_1_each_supporting_unit_raises_the_lowest_die() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "b");
    let s1 = t.estonian("Rifles", "b");
    let s2 = t.estonian("Weak rifles", "b");
    let target = t.russian("Rifles", "c");
    t.russian("Rifles", "e");
    t.dice(&[6, 1, 4, 3, 1, 2, 2, 2, 2]);
    let ev = t.fire_at(lead, &[s1, s2], target);
    let raises: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Raised { from, to, .. } => Some((*from, *to)),
            _ => None,
        })
        .collect();
    assert_eq!(raises, vec![(1, 2), (1, 2)]);
    // Supporting units are not revealed; lead and target are.
    let revealed: Vec<_> = ev
        .iter()
        .filter_map(|e| {
            if let Event::Revealed { unit, .. } = e {
                Some(*unit)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(revealed, vec![lead, target]);
    // All three have fired this turn.
    for u in [lead, s1, s2] {
        assert!(t.has_flag(u, flag::FIRED));
    }
}

#[test]
fn fire_6_2_artillery_and_units_without_combat_strength_cannot_join_group_fire() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "b");
    let gun = t.estonian("Gun", "b");
    let staff = t.estonian("Staff", "b");
    let dummy = t.estonian("Dummy", "b");
    let mate = t.estonian("Rifles", "b");
    t.russian("Rifles", "c");
    t.russian("Rifles", "d");
    t.act(ESTONIA, Action::Fire { lead });
    let c = t.choices(ESTONIA);
    assert!(c.contains(&Action::Support { unit: mate }));
    for u in [gun, staff, dummy] {
        assert!(!c.contains(&Action::Support { unit: u }));
    }
    // Nor may they lead.
    let mut t2 = Table::strip();
    let gun = t2.estonian("Gun", "b");
    let staff = t2.estonian("Staff", "b");
    t2.russian("Rifles", "c");
    assert!(!t2.can(ESTONIA, Action::Fire { lead: gun }));
    assert!(!t2.can(ESTONIA, Action::Fire { lead: staff }));
}

#[test]
fn fire_6_2_a_unit_fires_once_a_turn_but_machine_guns_fire_again() {
    let mut t = Table::strip();
    let rifles = t.estonian("Rifles", "b");
    let mg = t.estonian("MG", "b");
    let target = t.russian("Rifles", "d");
    t.russian("Rifles", "e");
    t.dice(&[1, 1, 1, 1, 6, 6, 6, 6]);
    t.fire_at(rifles, &[], target);
    assert!(!t.can(ESTONIA, Action::Fire { lead: rifles }));
    for _ in 0..2 {
        t.dice(&[1, 1, 1, 1, 6, 6, 6, 6]);
        assert!(t.can(ESTONIA, Action::Fire { lead: mg }));
        t.fire_at(mg, &[], target);
        while let Phase::Raise { .. } = t.s.phase {
            let c = t.choices(ESTONIA)[0];
            t.act(ESTONIA, c);
        }
    }
}

#[test]
fn fire_combat_9_1_a_defender_without_combat_strength_is_removed_without_dice() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "b");
    let staff = t.russian("Staff", "c");
    let dummy = t.russian("Dummy", "c");
    t.russian("Rifles", "e");
    let ev = t.fire_at(lead, &[], staff);
    assert!(ev.contains(&Event::NoCombatStrength { unit: staff }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Rolled { .. })));
    assert!(t.gone(staff));
    let lead2 = t.estonian("Rifles", "b");
    let ev = t.fire_at(lead2, &[], dummy);
    assert!(ev.contains(&Event::UnitRemoved {
        unit: dummy,
        why: RemovedWhy::Dummy
    }));
}

#[test]
fn fire_combat_9_1_a_unit_at_critical_strength_is_removed_instead_of_losing_a_step() {
    let mut t = Table::strip();
    let target = t.russian("MG", "c"); // critical strength 2
    t.s.units[target as usize].strength = 2;
    t.russian("Rifles", "e");
    let lead = t.estonian("Rifles", "b");
    t.dice(&[6, 6, 2, 2, 1, 5, 1]);
    let ev = t.fire_at(lead, &[], target);
    assert!(
        ev.contains(&Event::UnitRemoved {
            unit: target,
            why: RemovedWhy::Destroyed
        }),
        "{ev:#?}"
    );
}

#[test]
fn fire_combat_9_1_step_losses_take_special_abilities_away() {
    let mut t = Table::strip();
    let mg = t.estonian("MG", "b"); // M down to strength 3
    t.s.units[mg as usize].strength = 2;
    assert_eq!(t.r.ability(&t.s, mg), None);
    let target = t.russian("Rifles", "c");
    t.russian("Rifles", "e");
    t.dice(&[1, 1, 1, 6, 6, 6, 6]);
    t.fire_at(mg, &[], target);
    assert!(
        !matches!(t.s.phase, Phase::Raise { .. }),
        "no raise without the M"
    );
    assert!(
        !t.can(ESTONIA, Action::Fire { lead: mg }),
        "without M it fires once a turn"
    );
}

#[test]
fn fire_6_2_only_with_line_of_sight_and_not_into_the_own_area() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "f");
    let hidden = t.russian("Rifles", "i"); // behind the wood and the house
    let same = t.russian("Rifles", "f");
    let seen = t.russian("Rifles", "g"); // the wood itself is in sight
    t.russian("Weak rifles", "a");
    t.act(ESTONIA, Action::Fire { lead });
    let c = t.choices(ESTONIA);
    assert!(!c.contains(&Action::Target { unit: hidden }));
    assert!(!c.contains(&Action::Target { unit: same }));
    assert!(c.contains(&Action::Target { unit: seen }));
}
