//! SEQUENCE OF PLAY, 5. Initiative track, 6. Actions, 6.4 Pass.

use crate::common::Table;
use death_on_the_rails::state::Phase;
use death_on_the_rails::{Action, ESTONIA, Event, RUSSIA};
use engine::{Decider, Ruleset};

fn table() -> Table {
    let mut t = Table::strip();
    t.estonian("Rifles", "a");
    t.russian("Rifles", "e");
    t
}

#[test]
fn initiative_track_each_action_moves_the_token_one_step_towards_the_enemy() {
    let mut t = table();
    t.actions(3);
    let ev = t.act(ESTONIA, Action::Pass);
    // There is no middle square: from Estonia 1 the next step is Russian SFSR 1.
    assert!(ev.contains(&Event::InitiativeMoved { from: 1, to: -1 }));
    t.act(ESTONIA, Action::Pass);
    assert_eq!(t.s.initiative, -2);
}

#[test]
fn sequence_of_play_the_turn_ends_when_the_cards_actions_are_used_and_the_opponent_takes_over() {
    let mut t = table();
    t.actions(2);
    t.act(ESTONIA, Action::Pass);
    assert_eq!(
        t.s.phase,
        Phase::ChooseAction,
        "one action of two: the turn goes on"
    );
    assert_eq!(t.r.to_decide(&t.s), Decider::One(ESTONIA));
    let ev = t.act(ESTONIA, Action::Pass);
    assert!(ev.contains(&Event::ActionsUsedUp {
        side: ESTONIA,
        actions: 2
    }));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TurnBegins {
            side: RUSSIA,
            new_initiative: true,
            ..
        }
    )));
    assert_eq!(t.r.to_decide(&t.s), Decider::One(RUSSIA));
}

#[test]
fn sequence_of_play_while_the_token_is_on_its_side_the_same_player_gets_another_card() {
    let mut t = table();
    t.s.initiative = 4;
    t.actions(2);
    t.act(ESTONIA, Action::Pass);
    let ev = t.act(ESTONIA, Action::Pass);
    assert_eq!(t.s.initiative, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TurnBegins {
            side: ESTONIA,
            new_initiative: false,
            ..
        }
    )));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ActionCardDrawn { side: ESTONIA, .. }))
    );
}

#[test]
fn sequence_of_play_artillery_tokens_come_off_only_when_a_new_player_begins() {
    let mut t = table();
    t.suppress("c");
    let c = t.area("c") as usize;
    // Estonia keeps the initiative: no token comes off.
    t.s.initiative = 4;
    t.actions(1);
    t.act(ESTONIA, Action::Pass);
    assert_eq!(t.s.artillery_tokens[c], 3);
    // Now the initiative passes to Russia: one token comes off each area.
    t.s.initiative = 1;
    t.actions(1);
    let ev = t.act(ESTONIA, Action::Pass);
    assert_eq!(t.s.artillery_tokens[c], 2);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ArtilleryTokensRemoved { .. }))
    );
}

#[test]
fn initiative_track_the_token_stops_at_the_end_of_the_track() {
    let mut t = table();
    t.actions(8);
    for _ in 0..7 {
        t.act(ESTONIA, Action::Pass);
    }
    assert_eq!(t.s.initiative, -5);
}

#[test]
fn sequence_of_play_only_the_opponent_sees_the_action_card() {
    let mut t = table();
    t.actions(1);
    let ev = t.act(ESTONIA, Action::Pass);
    let drawn = ev.iter().find_map(|e| match e {
        Event::ActionCardDrawn { side, actions, .. } => Some((*side, *actions)),
        _ => None,
    });
    let (side, actions) = drawn.expect("a card was drawn for the new turn");
    assert_eq!(side, RUSSIA);
    assert_eq!(
        t.view(Some(RUSSIA)).actions_on_card,
        None,
        "the active player does not know"
    );
    assert_eq!(
        t.view(Some(ESTONIA)).actions_on_card,
        actions,
        "the player who drew it does"
    );
    assert_eq!(t.view(None).actions_on_card, None);
}

#[test]
fn actions_6_4_pass_does_nothing_but_uses_an_action() {
    let mut t = table();
    t.actions(3);
    let before: Vec<_> = t.s.units.clone();
    let ev = t.act(ESTONIA, Action::Pass);
    assert!(ev.contains(&Event::Passed { side: ESTONIA }));
    assert_eq!(t.s.actions_done, 1);
    assert_eq!(t.s.units, before);
}

#[test]
fn actions_6_the_active_player_chooses_movement_fire_or_pass_and_nobody_else_may_act() {
    let mut t = table();
    let c = t.choices(ESTONIA);
    assert!(c.contains(&Action::Pass));
    assert!(c.iter().any(|a| matches!(a, Action::Move { .. })));
    assert!(c.iter().any(|a| matches!(a, Action::Fire { .. })));
    assert!(t.choices(RUSSIA).is_empty());
    let err = t.try_act(RUSSIA, Action::Pass).unwrap_err();
    assert!(
        err.to_string()
            .contains("Russian SFSR has no decision to make now"),
        "{err}"
    );
}

#[test]
fn an_illegal_action_is_refused_with_a_reason_and_changes_nothing() {
    let mut t = table();
    let before = t.s.clone();
    let err = t.try_act(ESTONIA, Action::Stop).unwrap_err();
    assert!(err.to_string().contains("cannot stop now"), "{err}");
    assert_eq!(t.s, before);
}
