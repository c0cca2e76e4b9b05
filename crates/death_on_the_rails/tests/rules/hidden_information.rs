//! What each side may see: face-down blocks, the action card, secret
//! objectives, simultaneous setup.

use crate::common::Table;
use death_on_the_rails::state::{Event, Place};
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
        let words =
            t.r.describe_events(&t.s, std::slice::from_ref(&drawn), viewer);
        assert!(!words[0].as_deref().unwrap().contains("action(s)"));
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

/// What `viewer` sees on the board, without the prompt (the texts are
/// compared on their own).
pub(crate) fn board_seen(
    r: &death_on_the_rails::DeathOnTheRails,
    s: &death_on_the_rails::state::State,
    viewer: engine::Side,
) -> death_on_the_rails::view::View {
    let mut v = engine::Ruleset::view(r, s, Some(viewer));
    v.prompt = None;
    v
}

/// The same game with `viewer`'s opponent's secrets changed: three times,
/// two of its face-down blocks (not among `shown`) exchange what they are
/// (type, strength, ability); the draw pile is shuffled; and the cards
/// `viewer` cannot see (the action card it did not draw, the other side's
/// secret objective) are exchanged with cards from the pile.
pub(crate) fn other_secrets(
    r: &death_on_the_rails::DeathOnTheRails,
    s: &death_on_the_rails::state::State,
    viewer: engine::Side,
    shown: u64,
    rng: &mut engine::GameRng,
) -> (
    death_on_the_rails::DeathOnTheRails,
    death_on_the_rails::state::State,
) {
    use rand::RngExt;
    let hidden: Vec<u8> = board_seen(r, s, viewer)
        .units
        .iter()
        .filter(|u| u.face.is_none() && shown >> u.id & 1 == 0)
        .map(|u| u.id)
        .collect();
    let mut other = r.clone();
    let mut s2 = s.clone();
    for _ in 0..3 {
        if hidden.len() < 2 {
            break;
        }
        let a = hidden[rng.random_range(0..hidden.len())];
        let b = hidden[rng.random_range(0..hidden.len())];
        if let Some(sc) = other.sc().with_blocks_exchanged(a, b) {
            let (sa, sb) = (s2.units[a as usize], s2.units[b as usize]);
            s2.units[a as usize].strength = sb.strength;
            s2.units[b as usize].strength = sa.strength;
            other = death_on_the_rails::DeathOnTheRails {
                scenario: std::sync::Arc::new(sc),
            };
        }
    }
    for i in (1..s2.deck.len()).rev() {
        let j = rng.random_range(0..=i);
        s2.deck.swap(i, j);
    }
    if !s2.deck.is_empty() {
        let top = s2.deck.len() - 1;
        if viewer == s2.active
            && let Some(card) = s2.card.as_mut()
        {
            std::mem::swap(card, &mut s2.deck[top]);
        }
        if let Some(card) = s2.secret[viewer.other().index()].as_mut() {
            std::mem::swap(card, &mut s2.deck[0]);
        }
    }
    (other, s2)
}

/// The step's events as they would have been in the changed game `(r, s)`
/// of the game that ended in `before`: a block's strength after its losses
/// (by as much as the exchange changed it), the action card drawn.
fn events_in(
    r: &death_on_the_rails::DeathOnTheRails,
    s: &death_on_the_rails::state::State,
    before: &death_on_the_rails::state::State,
    events: &[Event],
) -> Vec<Event> {
    let mut events = events.to_vec();
    for e in &mut events {
        match e {
            Event::StepsLost { unit, strength, .. } => {
                let u = *unit as usize;
                let shift = i16::from(s.units[u].strength) - i16::from(before.units[u].strength);
                *strength = (i16::from(*strength) + shift).clamp(0, 255) as u8;
            }
            Event::ActionCardDrawn {
                card: Some(card),
                actions,
                ..
            } => {
                if let Some(now) = s.card {
                    *card = now;
                    *actions = Some(r.sc().cards[now as usize].actions);
                }
            }
            _ => {}
        }
    }
    events
}

/// Secrets hold in words (DESIGN.md 9; section 9.1 reveals only a fire
/// combat's lead and target). Along random games of every scenario, after
/// every step and for each side, the other side's secrets are changed where
/// the side cannot tell on its board (`other_secrets`; the step's events
/// changed to match, `events_in`), and the side must read the same prompt,
/// choices and log lines in both games.
#[test]
fn texts_keep_secrets() {
    use engine::runner::{random_step, texts_read};
    use engine::{Game, Options, Ruleset, Side};
    let mut rng = engine::rng_from_seed(16);
    let mut compared = 0u32;
    for r in crate::common::shipped_scenarios() {
        for seed in 0..2 {
            let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
            while let Some((_, events)) = random_step(&mut game, &mut rng) {
                let s = game.state();
                let shown = events.iter().fold(0u64, |m, e| m | e.shows_faces().0);
                for viewer in Side::BOTH {
                    let (other, s2) = other_secrets(&r, s, viewer, shown, &mut rng);
                    if other.check_invariants(&s2).is_err()
                        || board_seen(&other, &s2, viewer) != board_seen(&r, s, viewer)
                    {
                        continue;
                    }
                    assert_eq!(
                        texts_read(&other, &s2, &events_in(&other, &s2, s, &events), viewer),
                        texts_read(&r, s, &events, viewer),
                        "{} seed {seed}: {viewer:?} reads what the other side hides",
                        r.scenario_id()
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 5000, "only {compared} comparisons");
}

/// 9.1: the lead and the defending unit are revealed; they stand face up
/// (on the board and in the words) while the raises are decided, and are
/// stood up again when the combat is over. Supporting units stay hidden.
#[test]
fn fire_combat_9_1_lead_and_target_stand_face_up_while_the_raises_are_decided() {
    use death_on_the_rails::state::Phase;
    let mut t = Table::strip();
    let lead = t.estonian("MG", "b");
    let support = t.estonian("Rifles", "b");
    let target = t.russian("Rifles", "c");
    let other = t.russian("Rifles", "e");
    t.dice(&[5, 3, 3, 2, 1, 4, 4, 4, 4]);
    t.fire_at(lead, &[support], target);
    assert!(matches!(t.s.phase, Phase::Raise { .. }), "{:?}", t.s.phase);
    let russia = t.view(Some(RUSSIA));
    assert!(
        russia.units[lead as usize].face.is_some(),
        "the lead is shown"
    );
    assert!(
        russia.units[support as usize].face.is_none(),
        "a support is not"
    );
    let estonia = t.view(Some(ESTONIA));
    assert!(
        estonia.units[target as usize].face.is_some(),
        "the target is shown"
    );
    assert!(estonia.units[other as usize].face.is_none());
    // Once the raises are taken the combat is over: faces down again.
    while let Phase::Raise { side, .. } = t.s.phase {
        let a = t.choices(side)[0];
        t.act(side, a);
    }
    assert!(t.view(Some(RUSSIA)).units[lead as usize].face.is_none());
    assert!(t.view(Some(ESTONIA)).units[target as usize].face.is_none());
}
