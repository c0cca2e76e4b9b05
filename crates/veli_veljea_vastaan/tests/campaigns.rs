//! Random complete campaigns with the invariants checked after every step,
//! replay of their save files, undo, and what each side may see.

mod common;
use common::*;
use engine::runner::{RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Decider, Game, Options, Ruleset};
use proptest::prelude::*;
use veli_veljea_vastaan::{Action, Event};

#[test]
fn random_campaigns_end_and_replay_to_the_same_state() {
    let r = rules();
    let mut winners = [0; 2];
    for seed in 0..16 {
        let finished = random_game(r.clone(), &Options::new(), seed, &RunSettings::default())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(finished.game.to_decide(), Decider::Nobody);
        winners[finished.outcome.winner.unwrap().index()] += 1;
        let json = SaveFile::of_game(&finished.game).to_json();
        let replayed = SaveFile::parse(&json)
            .and_then(|s| s.replay(r.clone()))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.state(), finished.game.state(), "seed {seed}");
    }
    assert_eq!(winners.iter().sum::<i32>(), 16);
}

#[test]
fn hands_are_secret_but_their_sizes_are_not() {
    let r = rules();
    let s = r.new_campaign(9);
    let white = r.view(&s, Some(W));
    let red = r.view(&s, Some(R));
    assert_eq!(white.hand, s.decks[0].hand);
    assert_eq!(red.hand, s.decks[1].hand);
    assert_eq!(white.hand_sizes, [3, 3]);
    let spectator = r.view(&s, None);
    assert!(spectator.hand.is_empty());
    let json = serde_json::to_string(&white).unwrap();
    assert!(
        !json.contains("\"draw\""),
        "the order of the draw pile is never shown"
    );
    // The cards dealt are named only to their owner.
    let dealt = Event::CardsDealt {
        side: R,
        cards: s.decks[1].hand.clone(),
        count: 3,
    };
    match r.event_for(&dealt, Some(W)).unwrap() {
        Event::CardsDealt { cards, count, .. } => {
            assert!(cards.is_empty());
            assert_eq!(count, 3);
        }
        _ => unreachable!(),
    }
    assert_eq!(r.event_for(&dealt, Some(R)).unwrap(), dealt);
}

#[test]
fn an_illegal_action_is_refused_and_changes_nothing() {
    let r = rules();
    let mut s = r.new_campaign(9);
    let before = s.clone();
    let mut ev = Vec::new();
    let err = r.apply(&mut s, R, &Action::EndTurn, &mut ev).unwrap_err();
    assert!(err.to_string().contains("White"), "{err}");
    let not_in_hand = (0..r.sc().cards.len() as u8)
        .find(|c| !s.decks[0].hand.contains(c))
        .unwrap();
    let err = r
        .apply(&mut s, W, &Action::PlayEvent { card: not_in_hand }, &mut ev)
        .unwrap_err();
    assert!(err.to_string().contains("not one of the choices"), "{err}");
    assert_eq!(s, before);
    assert!(ev.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Undo of a decision gives back exactly the state before it.
    #[test]
    fn undo_restores_the_state_before_the_decision(seed in 0u64..10_000) {
        let r = rules();
        let mut game = Game::new(r, Options::new(), seed).unwrap();
        let mut pick = engine::rng_from_seed(seed ^ 77);
        let mut choices = Vec::new();
        for step in 0..300 {
            let side = match game.to_decide() {
                Decider::One(s) => s,
                _ => break,
            };
            choices.clear();
            game.choices(side, &mut choices);
            prop_assert!(!choices.is_empty());
            let n = choices.len();
            let a = choices[rand::RngExt::random_range(&mut pick, 0..n)].clone();
            let before = game.state().clone();
            game.apply(side, a.clone()).unwrap();
            if step % 5 == 0 && game.can_undo(side) {
                game.undo(side).unwrap();
                prop_assert_eq!(game.state(), &before);
                game.apply(side, a).unwrap();
            }
        }
    }
}

#[test]
fn the_quick_legality_check_agrees_with_the_choices_everywhere() {
    let r = rules();
    for seed in 0..4 {
        let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
        let mut pick = engine::rng_from_seed(seed);
        let mut choices = Vec::new();
        while let Decider::One(side) = game.to_decide() {
            choices.clear();
            game.choices(side, &mut choices);
            let s = game.state();
            // Every choice is legal; so is nothing else of the same kinds.
            let mut probes = choices.clone();
            for u in s.units.iter().take(40) {
                for c in [0u8, 5, 17, 30, 44, 60] {
                    probes.push(Action::Step { unit: u.id, to: c });
                    probes.push(Action::Place { city: c });
                    probes.push(Action::Declare { target: c });
                }
                probes.push(Action::AddAttacker { unit: u.id });
            }
            for a in &probes {
                assert_eq!(
                    r.legal(s, side, a),
                    choices.contains(a),
                    "seed {seed}: {a:?} in {:?}",
                    s.phase
                );
                assert!(!r.legal(s, side.other(), a), "the other side may not act");
            }
            let n = choices.len();
            let a = choices[rand::RngExt::random_range(&mut pick, 0..n)].clone();
            game.apply(side, a).unwrap();
        }
    }
}
