//! What each side may know: its own hand; the other side's hand and both
//! draw piles are hidden (the cards kept in front and the reshuffle pile lie
//! open).

mod common;

use engine::runner::{random_step, texts_read};
use engine::{Game, Options, Ruleset, Side};
use rand::RngExt;
use veli_veljea_vastaan::Event;

/// Secrets hold in words (DESIGN.md 9). Along random campaigns, after every
/// step and for each side, the other side's hand is changed (cards exchanged
/// with its draw pile, and the step's events changed to match) and both draw
/// piles are shuffled. What the side sees
/// stays the same, and so must every prompt, choice and log line it reads.
#[test]
fn texts_keep_secrets() {
    let r = common::rules();
    let mut rng = engine::rng_from_seed(16);
    let mut exchanges = 0u32;
    for seed in 0..3 {
        let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
        while let Some((_, events)) = random_step(&mut game, &mut rng) {
            let s = game.state();
            for viewer in Side::BOTH {
                let read = texts_read(&r, s, &events, viewer);
                let seen = r.view(s, Some(viewer));
                let mut s2 = s.clone();
                let other = &mut s2.decks[viewer.other().index()];
                let unseen_before: Vec<u8> =
                    other.hand.iter().chain(&other.draw).copied().collect();
                for card in other.hand.iter_mut() {
                    if !other.draw.is_empty() && rng.random_range(0..2) == 0 {
                        let j = rng.random_range(0..other.draw.len());
                        std::mem::swap(card, &mut other.draw[j]);
                        exchanges += 1;
                    }
                }
                // The cards dealt to the other side in this step are, in the
                // changed game, the ones now in their places.
                let unseen_after: Vec<u8> = other.hand.iter().chain(&other.draw).copied().collect();
                let mut events2 = events.clone();
                for e in &mut events2 {
                    if let Event::CardsDealt { side, cards, .. } = e
                        && *side == viewer.other()
                    {
                        for c in cards.iter_mut() {
                            if let Some(k) = unseen_before.iter().position(|x| x == c) {
                                *c = unseen_after[k];
                            }
                        }
                    }
                }
                for deck in s2.decks.iter_mut() {
                    for i in (1..deck.draw.len()).rev() {
                        let j = rng.random_range(0..=i);
                        deck.draw.swap(i, j);
                    }
                }
                assert_eq!(
                    r.view(&s2, Some(viewer)),
                    seen,
                    "the change must not show on {viewer:?}'s side of the table"
                );
                assert_eq!(
                    texts_read(&r, &s2, &events2, viewer),
                    read,
                    "seed {seed}: {viewer:?} reads something the other side hides"
                );
            }
        }
    }
    assert!(exchanges > 1000, "only {exchanges} cards exchanged");
}
