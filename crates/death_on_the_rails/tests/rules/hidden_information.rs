//! What each side may see: face-down blocks, the action card, secret
//! objectives, simultaneous setup.

use crate::common::Table;
use death_on_the_rails::state::Place;
use death_on_the_rails::{ESTONIA, RUSSIA};

#[test]
fn view_enemy_blocks_show_colour_and_place_but_not_their_face() {
    let mut t = Table::strip();
    let own = t.estonian("MG", "a");
    let enemy = t.russian("Guard", "e");
    let v = t.view(Some(ESTONIA));
    let own_view = &v.units[own as usize];
    let enemy_view = &v.units[enemy as usize];
    assert_eq!(own_view.face.as_ref().map(|f| f.strength), Some(4));
    assert_eq!(enemy_view.face, None);
    assert_eq!(enemy_view.place, Place::Area(t.area("e")));
    assert_eq!(enemy_view.side, RUSSIA);
    // A spectator sees no faces.
    assert!(
        t.view(None)
            .units
            .iter()
            .all(|u| u.face.is_none() || u.train_part.is_some())
    );
}

#[test]
fn view_nothing_about_an_enemy_block_but_its_place_reaches_the_other_side() {
    let mut t = Table::strip();
    t.estonian("MG", "a");
    let enemy = t.russian("Guard", "e");
    let before = serde_json::to_string(&t.view(Some(ESTONIA))).unwrap();
    // The block loses a step and gets an artillery-free turn: Estonia cannot tell.
    t.s.units[enemy as usize].strength = 3;
    let after = serde_json::to_string(&t.view(Some(ESTONIA))).unwrap();
    assert_eq!(before, after);
    let russian_view = serde_json::to_string(&t.view(Some(RUSSIA))).unwrap();
    assert_ne!(before, russian_view);
}

#[test]
fn events_the_action_card_is_seen_only_by_the_player_who_drew_it() {
    use death_on_the_rails::state::Event;
    use engine::Ruleset;
    let mut t = Table::strip();
    t.estonian("Rifles", "a");
    t.russian("Rifles", "e");
    t.actions(1);
    let ev = t.act(ESTONIA, death_on_the_rails::Action::Pass);
    let drawn = ev
        .iter()
        .find(|e| matches!(e, Event::ActionCardDrawn { .. }))
        .expect("a card for Russia's turn")
        .clone();
    // Estonia drew it for Russia: Estonia sees the number, Russia and a spectator do not.
    assert!(matches!(
        t.r.event_for(&drawn, Some(ESTONIA)),
        Some(Event::ActionCardDrawn {
            actions: Some(_),
            ..
        })
    ));
    for viewer in [Some(RUSSIA), None] {
        let seen =
            t.r.event_for(&drawn, viewer)
                .expect("the draw itself is seen");
        assert!(
            matches!(
                seen,
                Event::ActionCardDrawn {
                    card: None,
                    actions: None,
                    ..
                }
            ),
            "{viewer:?}"
        );
        assert!(!t.r.describe_event(&seen).contains("action(s)"));
    }
}

#[test]
fn events_secret_objectives_and_simultaneous_placements_stay_with_their_owner() {
    use death_on_the_rails::state::Event;
    use engine::Ruleset;
    let mut t = Table::scenario("annemoisa");
    let c = t.choices(ESTONIA)[0];
    let ev = t.act(ESTONIA, c);
    let placed = ev
        .iter()
        .find(|e| matches!(e, Event::Placed { .. }))
        .unwrap()
        .clone();
    assert!(t.r.event_for(&placed, Some(ESTONIA)).is_some());
    assert!(t.r.event_for(&placed, Some(RUSSIA)).is_none());
    let card = Event::ObjectiveCardDrawn {
        side: ESTONIA,
        card: Some(7),
    };
    assert_eq!(
        t.r.event_for(&card, Some(RUSSIA)),
        Some(Event::ObjectiveCardDrawn {
            side: ESTONIA,
            card: None
        })
    );
    assert_eq!(t.r.event_for(&card, Some(ESTONIA)), Some(card.clone()));
}
