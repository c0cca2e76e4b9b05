//! The odds shown before a choice agree with what the rules then roll.

use engine::{Ruleset, Side};
use red_square::RedSquare;
use red_square::cards::{Card, Suit};
use red_square::data::Class;
use red_square::grid::Facing;
use red_square::state::{Action, Event, Formation, State};
use red_square::testing::*;

fn frequency(
    r: &RedSquare,
    s: &State,
    a: &Action,
    label_of: impl Fn(&[Event]) -> String,
    label: &str,
) -> f64 {
    let side = r.decider(s).unwrap();
    let trials = 3000;
    let mut hits = 0;
    for seed in 0..trials {
        let mut t = s.clone();
        t.rng = engine::rng_from_seed(seed);
        let mut ev = Vec::new();
        r.apply(&mut t, side, a, &mut ev).unwrap();
        if label_of(&ev) == label {
            hits += 1;
        }
    }
    hits as f64 / trials as f64
}

#[test]
fn the_odds_of_a_fire_and_an_activation_match_the_dice_rolled() {
    let r = bare_rules("sviyazhsk");
    let mut s = r.new_game(3);
    clear_table(&mut s);
    let inf = first_of(&r, &s, Class::Infantry);
    let target = first_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
    put(&r, &mut s, inf, 2, 3, Facing::E);
    put(&r, &mut s, target, 4, 3, Facing::N);
    s.unit_mut(inf).formation = Formation::FiringLine;
    s.observed.push((inf, target));
    act_on(&mut s, inf, Card::new(Suit::Clubs, 2), 2);
    let fire = Action::Fire { unit: inf, target };
    let side: Side = r.decider(&s).unwrap();
    let odds = r.odds(&s, side, &fire).expect("a fire has odds");
    let d = &odds.parts[0];
    assert!((d.total() - 1.0).abs() < 1e-9);
    for h in 0..4 {
        let label = if h == 1 {
            "1 hit".to_string()
        } else {
            format!("{h} hits")
        };
        let seen = frequency(
            &r,
            &s,
            &fire,
            |ev| {
                ev.iter()
                    .find_map(|e| match e {
                        Event::Fired { hits, .. } => Some(*hits),
                        _ => None,
                    })
                    .map_or("none".into(), |h| {
                        if h == 1 {
                            "1 hit".into()
                        } else {
                            format!("{h} hits")
                        }
                    })
            },
            &label,
        );
        assert!(
            (seen - d.p(&label)).abs() < 0.035,
            "{label}: odds {} rolled {seen}",
            d.p(&label)
        );
    }

    // The activation roll of a battered battalion.
    let card = deal(&mut s, inf, Card::new(Suit::Hearts, 5));
    s.unit_mut(inf).hits = 3;
    s.unit_mut(inf).lost = 1;
    s.phase = red_square::state::Phase::Activate { card };
    let odds = r
        .odds(&s, r.decider(&s).unwrap(), &Action::Roll)
        .expect("a roll has odds");
    let d = &odds.parts[0];
    let band = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match e {
                Event::Activation { score, .. } => Some(*score),
                _ => None,
            })
            .map_or("none".to_string(), |sc| {
                if sc >= 2 {
                    "2 or more: any action".into()
                } else if sc >= 0 {
                    "1 or 0: wild fire or hold".into()
                } else {
                    "below 0: retreat or hide".into()
                }
            })
    };
    for label in [
        "2 or more: any action",
        "1 or 0: wild fire or hold",
        "below 0: retreat or hide",
    ] {
        let seen = frequency(&r, &s, &Action::Roll, band, label);
        assert!(
            (seen - d.p(label)).abs() < 0.035,
            "{label}: odds {} rolled {seen}",
            d.p(label)
        );
    }
    assert!(
        d.p("below 0: retreat or hide") > 0.1,
        "a 6 less 4 is often below 0: {}",
        d.summary()
    );
}
