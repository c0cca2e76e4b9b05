//! 9.2 Melee combat.

use crate::common::Table;
use death_on_the_rails::state::{DicePart, Phase, RemovedWhy, Role};
use death_on_the_rails::{Action, ESTONIA, Event, RUSSIA};

/// Estonian units in B move into C, where Russian units stand; the move is the
/// turn's only action, so melee follows at once. `dice` are loaded first.
fn into_melee(
    t: &mut Table,
    attackers: &[&str],
    defenders: &[&str],
    dice: &[u8],
) -> (Vec<u8>, Vec<u8>) {
    let a: Vec<u8> = attackers.iter().map(|n| t.estonian(n, "b")).collect();
    let d: Vec<u8> = defenders.iter().map(|n| t.russian(n, "c")).collect();
    t.russian("Rifles", "j");
    t.estonian("Rifles", "f");
    t.actions(1);
    t.dice(dice);
    t.move_units(&a, &["c"]);
    (a, d)
}

fn first_losses(t: &Table) -> Event {
    t.events
        .iter()
        .find(|e| matches!(e, Event::MeleeLosses { .. }))
        .cloned()
        .expect("a melee round")
}

#[test]
fn melee_combat_9_2_is_fought_at_the_end_of_the_active_players_turn() {
    let mut t = Table::strip();
    let a = t.estonian("Rifles", "b");
    let b = t.estonian("Rifles", "b");
    t.russian("Rifles", "c");
    t.russian("Rifles", "j");
    t.actions(2);
    t.move_units(&[a, b], &["c"]);
    assert_eq!(
        t.s.phase,
        Phase::ChooseAction,
        "not yet: one action is left"
    );
    let ev = t.act(ESTONIA, Action::Pass);
    assert!(ev.contains(&Event::MeleeBegins { area: t.area("c") }));
    // Two units could lead: the attacker chooses.
    assert_eq!(
        t.s.phase,
        Phase::MeleeLead {
            area: t.area("c"),
            attacker: ESTONIA
        }
    );
    assert_eq!(
        t.choices(ESTONIA),
        vec![Action::Fire { lead: a }, Action::Fire { lead: b }]
    );
}

#[test]
fn melee_combat_9_2_dice_are_the_steps_available_with_no_fire_modifiers() {
    let mut t = Table::strip();
    t.suppress("c");
    into_melee(&mut t, &["MG"], &["Rifles"], &[2, 2, 2, 2, 2, 2, 2]);
    // MG: strength 4, critical 2 -> 3 steps before it is gone. Rifles: 4.
    let counts: Vec<_> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::DiceCount {
                role, total, parts, ..
            } => Some((*role, *total, parts.to_vec())),
            _ => None,
        })
        .take(2)
        .collect();
    assert_eq!(
        counts,
        vec![
            (Role::Attacker, 3, vec![DicePart::Steps(3)]),
            (Role::Defender, 4, vec![DicePart::Steps(4)])
        ]
    );
    assert!(
        !t.events.iter().any(|e| matches!(e, Event::Raised { .. })),
        "no M in melee"
    );
}

#[test]
fn melee_combat_9_2_ties_go_to_the_defender_and_both_sides_lose_steps() {
    let mut t = Table::strip();
    // 6 4 3 2 against 5 4 3 3: 6>5 for the attacker; 4=4, 3=3 and 2<3 for the defender.
    let (a, d) = into_melee(&mut t, &["Rifles"], &["Rifles"], &[6, 4, 3, 2, 5, 4, 3, 3]);
    assert_eq!(
        first_losses(&t),
        Event::MeleeLosses {
            attacker_lead: a[0],
            attacker_steps: 3,
            defender: d[0],
            defender_steps: 1
        }
    );
    // Both were still there, so the melee was fought again at once, until one side was gone.
    let rounds = t
        .events
        .iter()
        .filter(|e| matches!(e, Event::MeleeLosses { .. }))
        .count();
    assert!(rounds >= 2);
    assert!(t.gone(a[0]) || t.gone(d[0]));
}

#[test]
fn melee_combat_9_2_repeats_until_one_side_is_gone() {
    let mut t = Table::strip();
    let (_, d) = into_melee(&mut t, &["Rifles"], &["Weak rifles"], &[6, 6, 6, 6, 2, 2]);
    assert!(t.gone(d[0]));
    assert!(t.events.contains(&Event::MeleeEnds { area: t.area("c") }));
    // The turn is over: Russia's turn begins.
    assert_eq!(t.s.active, RUSSIA);
}

#[test]
fn melee_combat_9_2_supporting_units_raise_the_lowest_die() {
    let mut t = Table::strip();
    let a = t.estonian("Rifles", "b");
    let b = t.estonian("Rifles", "b");
    let d = t.russian("Rifles", "c");
    t.russian("Rifles", "j");
    t.actions(1);
    t.move_units(&[a, b], &["c"]);
    t.dice(&[1, 5, 5, 5, 2, 2, 2, 2]);
    let ev = t.fire_at(a, &[b], d);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Raised { from: 1, to: 2, .. }))
    );
}

#[test]
fn melee_combat_9_2_dummies_are_revealed_and_removed() {
    let mut t = Table::strip();
    let a = t.estonian("Rifles", "b");
    let dummy = t.russian("Dummy", "c");
    t.russian("Rifles", "j");
    t.actions(1);
    let ev = t.move_units(&[a], &["c"]);
    assert!(ev.contains(&Event::UnitRemoved {
        unit: dummy,
        why: RemovedWhy::Dummy
    }));
    // The area is Estonia's now, and with it objective A.
    assert_eq!(t.s.control[0], Some(ESTONIA));
}

#[test]
fn objective_control_11_after_melee_the_side_with_units_left_holds_the_objective() {
    let mut t = Table::strip();
    t.s.control[0] = Some(RUSSIA);
    into_melee(&mut t, &["Rifles"], &["Weak rifles"], &[6, 6, 6, 6, 2, 2]);
    assert_eq!(t.s.control[0], Some(ESTONIA));
}

/// 9.2: melee follows the fire-combat procedure, and 9.1 and 9.3 keep
/// artillery out of group fire: a gun neither leads nor supports in melee.
/// It can still be the defending unit, rolling its steps and losing steps.
#[test]
fn melee_combat_9_2_artillery_neither_leads_nor_supports_but_can_be_the_defending_unit() {
    let mut t = Table::strip();
    let rifles = t.estonian("Rifles", "b");
    let gun = t.estonian("Gun", "b");
    t.russian("Rifles", "c");
    let enemy_gun = t.russian("Gun", "c");
    t.russian("Rifles", "j");
    t.actions(1);
    t.move_units(&[rifles, gun], &["c"]);
    // The rifles are the only unit able to lead: taken at once.
    assert!(
        matches!(t.s.phase, Phase::Fire { lead, .. } if lead == rifles),
        "{:?}: {:?}",
        t.s.phase,
        t.choices(ESTONIA)
    );
    let c = t.choices(ESTONIA);
    assert!(
        !c.contains(&Action::Support { unit: gun }),
        "artillery does not support: {c:?}"
    );
    assert!(
        c.contains(&Action::Target { unit: enemy_gun }),
        "a gun can be the defending unit: {c:?}"
    );
    // Rifles (4 steps) against the gun (strength 3, critical 1: 3 steps);
    // the 1s are removed: 6 6 against 5.
    t.dice(&[6, 6, 1, 1, 5, 1, 1]);
    let ev = t.act(ESTONIA, Action::Target { unit: enemy_gun });
    assert!(ev.contains(&Event::DiceCount {
        side: RUSSIA,
        role: Role::Defender,
        total: 3,
        parts: death_on_the_rails::state::DiceParts::of(DicePart::Steps(3)),
    }));
    assert_eq!(
        first_losses(&t),
        Event::MeleeLosses {
            attacker_lead: rifles,
            attacker_steps: 0,
            defender: enemy_gun,
            defender_steps: 2
        }
    );
}

/// With only artillery in the melee area, the active player has no unit to
/// lead; the defender's infantry attack instead, and the gun defends.
#[test]
fn melee_combat_9_2_a_side_with_only_artillery_there_is_attacked_by_the_other() {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "b");
    let d = t.russian("Rifles", "c");
    t.russian("Rifles", "j");
    t.estonian("Rifles", "f");
    t.actions(1);
    t.dice(&[6, 6, 6, 6, 2, 2, 2]);
    t.move_units(&[gun], &["c"]);
    assert_eq!(
        first_losses(&t),
        Event::MeleeLosses {
            attacker_lead: d,
            attacker_steps: 0,
            defender: gun,
            defender_steps: 4
        }
    );
    assert!(t.gone(gun));
}

/// Guns alone on both sides have no unit to lead a melee: nothing is fought.
#[test]
fn melee_combat_9_2_artillery_against_artillery_fights_no_melee() {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "b");
    let enemy_gun = t.russian("Gun", "c");
    t.russian("Rifles", "j");
    t.estonian("Rifles", "f");
    t.actions(1);
    t.move_units(&[gun], &["c"]);
    assert!(
        !t.events
            .iter()
            .any(|e| matches!(e, Event::MeleeLosses { .. })),
        "{:?}",
        t.events
    );
    assert_eq!(t.place(gun), t.place(enemy_gun));
    assert_eq!(t.s.active, RUSSIA, "the turn ended");
}
