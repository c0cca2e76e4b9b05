//! Random games draw a choice checking only what they draw
//! (`Ruleset::random_choice`): the drawn choice must be one of the listing
//! (`Ruleset::choices`), each with the same chance, and applying it without
//! the listing must leave the same state as applying it from the listing.

mod common;

use engine::{Decider, Game, Options, Ruleset, Side};
use rand::RngExt;
use red_actions::RedActions;
use red_actions::state::Action;

const SCENARIOS: [&str; 3] = ["village", "wired_position", "railway_raid"];

/// The side to decide (side A where both may).
fn decider<R: Ruleset>(game: &Game<R>) -> Option<Side> {
    match game.to_decide() {
        Decider::One(side) => Some(side),
        Decider::Both => Some(Side::A),
        Decider::Nobody => None,
    }
}

/// Along random games of every scenario, at every step: several draws,
/// each one of the listed choices; the step taken with a drawn choice
/// applied both without a listing (`Game::apply_random`'s way, which asks
/// the unit only whether it can do more) and from the listing
/// (`Game::apply_choice`), to the same state and the same events.
#[test]
fn drawn_choices_are_listed_and_apply_as_listed() {
    for id in SCENARIOS {
        let r = common::load(id);
        for seed in 0..2u64 {
            let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
            let mut rng = engine::rng_from_seed(seed ^ 0xd7a3);
            let mut steps = 0;
            while let Some(side) = decider(&game) {
                steps += 1;
                assert!(steps < 20_000, "{id} seed {seed}: the game did not end");
                let listed = game.legal_choices(side).to_vec();
                assert!(
                    !listed.is_empty(),
                    "{id} seed {seed} step {steps}: no choices"
                );
                let s = game.state().clone();
                for _ in 0..3 {
                    let a = r.random_choice(&s, side, &mut rng).unwrap_or_else(|| {
                        panic!("{id} seed {seed} step {steps}: nothing drawn from {listed:?}")
                    });
                    assert!(
                        listed.contains(&a),
                        "{id} seed {seed} step {steps}: {a:?} drawn, not among {listed:?}"
                    );
                }
                let a = r.random_choice(&s, side, &mut rng).unwrap();
                let mut unlisted = s.clone();
                let mut events = Vec::new();
                r.apply_legal(&mut unlisted, side, &a, &mut events);
                let index = listed.iter().position(|x| *x == a).unwrap();
                let from_list = game.apply_choice(side, index).unwrap().to_vec();
                assert_eq!(
                    &unlisted,
                    game.state(),
                    "{id} seed {seed} step {steps}: {a:?} applied without the listing"
                );
                assert_eq!(
                    format!("{events:?}"),
                    format!("{from_list:?}"),
                    "{id} seed {seed} step {steps}"
                );
            }
            assert!(game.outcome().is_some(), "{id} seed {seed}");
        }
    }
}

/// The chi-square statistic of `counts` against equal chances, and the
/// value it exceeds by chance about once in a million draws of
/// `counts.len() - 1` degrees of freedom (Wilson and Hilferty's
/// approximation of the quantile).
fn chi_square(counts: &[u32]) -> (f64, f64) {
    let total: u32 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    let stat = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    let k = (counts.len() - 1) as f64;
    let z = 4.75; // one in a million, one-sided
    let limit = k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3);
    (stat, limit)
}

/// Positions along random games with at least three choices, some with a
/// kind of action chosen (its samples listed) and some without (the lone
/// actions, the kinds and holding): each choice drawn 300 times as often
/// as there are choices; every choice is drawn, and the counts pass a
/// chi-square test of equal chances (one in a million to fail by chance;
/// the seeds are fixed, so the test gives the same answer every run).
#[test]
fn drawn_choices_are_uniform_over_the_listing() {
    let mut tried = [0u32; 2];
    for id in SCENARIOS {
        let r: RedActions = common::load(id);
        let mut game = Game::new(r.clone(), Options::new(), 7).unwrap();
        let mut walk = engine::rng_from_seed(11);
        let mut rng = engine::rng_from_seed(13);
        let mut here = [0u32; 2];
        let mut step = 0;
        while let Some(side) = decider(&game) {
            step += 1;
            let listed = game.legal_choices(side).to_vec();
            let sort = usize::from(game.state().kind.is_some());
            if listed.len() >= 3 && here[sort] < 5 && step % 7 == 0 {
                here[sort] += 1;
                let s = game.state().clone();
                let mut counts = vec![0u32; listed.len()];
                for _ in 0..300 * listed.len() {
                    let a: Action = r.random_choice(&s, side, &mut rng).unwrap();
                    counts[listed.iter().position(|x| *x == a).unwrap()] += 1;
                }
                assert!(
                    counts.iter().all(|&c| c > 0),
                    "{id} step {step}: {counts:?} for {listed:?}"
                );
                let (stat, limit) = chi_square(&counts);
                assert!(
                    stat < limit,
                    "{id} step {step}: chi-square {stat:.1} over {limit:.1}: {counts:?} for {listed:?}"
                );
            }
            let pick = walk.random_range(0..listed.len());
            game.apply_choice(side, pick).unwrap();
        }
        tried[0] += here[0];
        tried[1] += here[1];
    }
    assert!(
        tried[0] >= 10 && tried[1] >= 10,
        "too few positions tried: {tried:?}"
    );
}

/// Gun fire's samples are drawn by their places, each target's observers
/// looked for only when drawn: at positions along random games where gun
/// fire is offered, the kind opened, each sample is drawn and the counts
/// pass the chi-square test of equal chances.
#[test]
fn drawn_gun_fire_is_uniform_over_its_listing() {
    let mut tried = 0;
    for id in SCENARIOS {
        let r: RedActions = common::load(id);
        for seed in 0..6u64 {
            let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
            let mut walk = engine::rng_from_seed(seed + 100);
            let mut rng = engine::rng_from_seed(seed + 200);
            let mut here = 0;
            while let Some(side) = decider(&game) {
                let listed = game.legal_choices(side).to_vec();
                let fire = listed.iter().position(|a| {
                    matches!(
                        a,
                        Action::Kind {
                            kind: red_actions::state::ActionKind::Fire,
                            ..
                        }
                    )
                });
                if let Some(fire) = fire
                    && here < 2
                {
                    let mut opened = game.clone();
                    opened.apply_choice(side, fire).unwrap();
                    let samples = opened.legal_choices(side).to_vec();
                    if samples.len() >= 3 {
                        here += 1;
                        let s = opened.state().clone();
                        let mut counts = vec![0u32; samples.len()];
                        for _ in 0..300 * samples.len() {
                            let a = r.random_choice(&s, side, &mut rng).unwrap();
                            let at = samples.iter().position(|x| *x == a);
                            let at = at.unwrap_or_else(|| panic!("{a:?} not in {samples:?}"));
                            counts[at] += 1;
                        }
                        assert!(counts.iter().all(|&c| c > 0), "{id}: {counts:?}");
                        let (stat, limit) = chi_square(&counts);
                        assert!(
                            stat < limit,
                            "{id}: chi-square {stat:.1} over {limit:.1}: {counts:?} for {samples:?}"
                        );
                    }
                }
                let pick = walk.random_range(0..listed.len());
                game.apply_choice(side, pick).unwrap();
            }
            tried += here;
        }
    }
    assert!(tried >= 4, "only {tried} positions with gun fire tried");
}

/// Whether a move is refused, asked quietly (as the listing and the draw
/// ask: a wheel beyond what is left refused before the terrain is worked
/// out), agrees with the refusal in words, along random games: wheels of
/// several angles each way, and advances.
#[test]
fn quiet_refusals_agree_with_the_words_for_wheels() {
    use engine::param::{Degrees, Inches};
    use red_actions::geometry::Side as Corner;
    use red_actions::state::Phase;
    let mut by_allowance = 0;
    for id in SCENARIOS {
        let r = common::load(id);
        let mut game = Game::new(r.clone(), Options::new(), 3).unwrap();
        let mut rng = engine::rng_from_seed(17);
        while let Some(side) = decider(&game) {
            let s = game.state();
            if let Phase::Acting(seg) = s.phase
                && s.questions.is_empty()
            {
                let unit = seg.unit;
                let mut moves = Vec::new();
                for angle in [100, 300, 600, 900, 1800] {
                    for pivot in [Corner::Left, Corner::Right] {
                        moves.push(Action::Wheel {
                            unit,
                            pivot,
                            angle: Degrees(angle),
                        });
                    }
                }
                for inches in [1, 3, 6] {
                    moves.push(Action::Advance {
                        unit,
                        distance: Inches(inches * 100),
                    });
                }
                for a in moves {
                    let words = r.refusal_of(s, side, &a);
                    assert_eq!(
                        r.is_refused(s, side, &a),
                        words.is_some(),
                        "{id}: {a:?} {words:?}"
                    );
                    by_allowance += usize::from(words.is_some_and(|w| w.contains("allowance")));
                }
            }
            game.apply_random(side, &mut rng).unwrap();
        }
    }
    assert!(
        by_allowance > 20,
        "only {by_allowance} moves refused for the allowance"
    );
}

/// The test's own yardstick: counts far from equal fail it, counts near
/// equal pass.
#[test]
fn chi_square_tells_uneven_counts() {
    let (stat, limit) = chi_square(&[300, 300, 300, 300]);
    assert!(stat < limit);
    let (stat, limit) = chi_square(&[380, 300, 300, 220]);
    assert!(stat > limit, "{stat} {limit}");
}
