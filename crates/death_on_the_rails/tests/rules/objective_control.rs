//! 11. Objective control.

use crate::common::Table;
use death_on_the_rails::state::Event;
use death_on_the_rails::{ESTONIA, RUSSIA};

#[test]
fn objective_control_11_taken_on_entering_and_kept_after_leaving() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "b");
    t.russian("Rifles", "j");
    let ev = t.move_units(&[u], &["c", "d"]);
    assert!(
        ev.contains(&Event::ObjectiveTaken {
            objective: 0,
            side: ESTONIA
        }),
        "passing through takes it"
    );
    t.no_reaction();
    assert_eq!(t.s.control[0], Some(ESTONIA));
}

#[test]
fn objective_control_11_lost_when_an_enemy_unit_moves_in() {
    let mut t = Table::strip();
    t.s.control[0] = Some(ESTONIA);
    t.estonian("Rifles", "a");
    let r = t.russian("Rifles", "d");
    t.s.active = RUSSIA;
    t.s.initiative = -2;
    t.move_units(&[r], &["c"]);
    t.no_reaction();
    assert_eq!(t.s.control[0], Some(RUSSIA));
}

#[test]
fn objective_control_11_only_infantry_or_artillery_take_objectives() {
    for name in ["Staff", "Dummy"] {
        let mut t = Table::strip();
        let u = t.estonian(name, "b");
        t.estonian("Rifles", "a");
        t.russian("Rifles", "j");
        t.move_units(&[u], &["c"]);
        t.no_reaction();
        assert_eq!(t.s.control[0], None, "{name}");
    }
}

#[test]
fn objective_control_11_kept_even_if_the_unit_is_destroyed_by_reaction_fire() {
    let mut t = Table::strip();
    let u = t.estonian("Weak rifles", "b");
    t.estonian("Rifles", "a");
    let reactor = t.russian("Rifles", "d");
    t.russian("Rifles", "j");
    t.s.units[u as usize].strength = 1;
    t.move_units(&[u], &["c"]);
    t.dice(&[6, 6, 6, 6, 6, 2]);
    t.fire_at(reactor, &[], u);
    assert!(t.gone(u));
    assert_eq!(t.s.control[0], Some(ESTONIA));
}
