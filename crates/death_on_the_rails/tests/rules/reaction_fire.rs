//! 6.3 Reaction fire.

use crate::common::Table;
use death_on_the_rails::state::Phase;
use death_on_the_rails::{Action, ESTONIA, Event, RUSSIA};
use engine::{Decider, Ruleset};

#[test]
fn reaction_fire_6_3_after_a_move_the_opponent_may_fire_at_a_unit_that_moved() {
    let mut t = Table::strip();
    let mover = t.estonian("Rifles", "a");
    let mover2 = t.estonian("Rifles", "a");
    let stayer = t.estonian("Rifles", "b");
    let reactor = t.russian("Rifles", "d");
    t.move_units(&[mover, mover2], &["b"]);
    assert!(matches!(t.s.phase, Phase::Reaction));
    assert_eq!(t.r.to_decide(&t.s), Decider::One(RUSSIA));
    let c = t.choices(RUSSIA);
    assert_eq!(c, vec![Action::Fire { lead: reactor }, Action::NoReaction]);
    t.act(RUSSIA, Action::Fire { lead: reactor });
    let c = t.choices(RUSSIA);
    assert!(c.contains(&Action::Target { unit: mover }));
    assert!(c.contains(&Action::Target { unit: mover2 }));
    assert!(
        !c.contains(&Action::Target { unit: stayer }),
        "only a unit that just moved"
    );
    t.dice(&[1, 1, 1, 1, 1, 1, 1, 1]);
    let ev = t.act(RUSSIA, Action::Target { unit: mover });
    // The token goes one step towards the active player for the reaction, and
    // one towards the enemy for the action: back where it was.
    let moves: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::InitiativeMoved { .. }))
        .cloned()
        .collect();
    assert_eq!(
        moves,
        vec![
            Event::InitiativeMoved { from: 1, to: 2 },
            Event::InitiativeMoved { from: 2, to: 1 }
        ]
    );
    // Only one reaction per movement action: play goes back to Estonia.
    assert_eq!(t.s.phase, Phase::ChooseAction);
    assert_eq!(t.r.to_decide(&t.s), Decider::One(ESTONIA));
}

#[test]
fn reaction_fire_6_3_declining_moves_the_token_only_for_the_action() {
    let mut t = Table::strip();
    let mover = t.estonian("Rifles", "a");
    t.russian("Rifles", "d");
    t.move_units(&[mover], &["b"]);
    let ev = t.act(RUSSIA, Action::NoReaction);
    assert!(ev.contains(&Event::InitiativeMoved { from: 1, to: -1 }));
}

#[test]
fn reaction_fire_6_3_artillery_cannot_react_but_the_question_is_still_asked() {
    // Asking only when a reaction is really possible would tell the active
    // player what the enemy's face-down blocks are.
    let mut t = Table::strip();
    let mover = t.estonian("Rifles", "a");
    t.russian("Gun", "d");
    t.move_units(&[mover], &["b"]);
    assert!(matches!(t.s.phase, Phase::Reaction));
    assert_eq!(t.choices(RUSSIA), vec![Action::NoReaction]);
}

#[test]
fn reaction_fire_6_3_not_against_units_that_entered_melee() {
    let mut t = Table::strip();
    let mover = t.estonian("Rifles", "a");
    t.russian("Rifles", "b");
    t.russian("Rifles", "d");
    t.move_units(&[mover], &["b"]);
    assert_eq!(
        t.s.phase,
        Phase::ChooseAction,
        "no reaction against a unit now in melee"
    );
}

#[test]
fn reaction_fire_6_3_units_in_melee_do_not_react() {
    let mut t = Table::strip();
    t.estonian("Rifles", "d");
    let in_melee = t.russian("Rifles", "d");
    let free = t.russian("Rifles", "e");
    let mover = t.estonian("Rifles", "a");
    t.move_units(&[mover], &["b"]);
    assert!(
        matches!(t.s.phase, Phase::Reaction),
        "the unit in E may react"
    );
    let c = t.choices(RUSSIA);
    assert!(c.contains(&Action::Fire { lead: free }));
    assert!(!c.contains(&Action::Fire { lead: in_melee }));
}
