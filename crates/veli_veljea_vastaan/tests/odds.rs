//! The odds of an attack (`Ruleset::odds`): they add up, they read the
//! tables as a hand would, and they agree with the dice.

mod common;

use engine::{Decider, Game, Options, Ruleset, Side};
use rand::RngExt;
use std::collections::BTreeMap;
use veli_veljea_vastaan::{Action, Event, Phase, State, VeliVeljeaVastaan};

/// States along random campaigns where a side may launch an attack or
/// answer one with a card kept in front, with the side and its choices.
fn attack_decisions(r: &VeliVeljeaVastaan, games: u64) -> Vec<(State, Side, Vec<Action>)> {
    let mut rng = engine::rng_from_seed(5);
    let mut out = Vec::new();
    for seed in 0..games {
        let mut game = Game::new(r.clone(), Options::new(), seed).expect("the campaign sets up");
        for _ in 0..20_000 {
            let side = match game.to_decide() {
                Decider::One(side) => side,
                Decider::Both => Side::A,
                Decider::Nobody => break,
            };
            let choices = game.legal_choices(side).to_vec();
            if choices
                .iter()
                .any(|a| matches!(a, Action::Launch | Action::NoResponse))
            {
                out.push((game.state().clone(), side, choices.clone()));
            }
            // Launch early, so that attacks are launched often.
            let pick = match choices.iter().position(|a| *a == Action::Launch) {
                Some(i) if rng.random_range(0..3) == 0 => i,
                _ => rng.random_range(0..choices.len()),
            };
            game.apply_choice(side, pick)
                .expect("a listed choice is legal");
        }
    }
    out
}

#[test]
fn the_odds_of_every_attack_add_up_to_one_and_other_choices_have_none() {
    let r = common::rules();
    let mut with = 0;
    for (s, side, choices) in attack_decisions(&r, 3) {
        for a in &choices {
            let odds = r.odds(&s, side, a);
            match a {
                Action::Launch | Action::NoResponse | Action::UseKept { .. } => {
                    let o = odds.unwrap_or_else(|| panic!("no odds for {a:?}"));
                    for d in &o.parts {
                        assert!((d.total() - 1.0).abs() < 1e-9, "{a:?}: {d:?}");
                    }
                    with += 1;
                }
                _ => assert!(odds.is_none(), "odds for {a:?}"),
            }
            // Nor for the other side, who is not choosing.
            assert!(r.odds(&s, side.other(), a).is_none());
        }
    }
    assert!(with > 20, "{with}");
}

/// Read off the tables by hand: with no shifts or modifiers, the
/// defenders take k hits in as many sixths as the attack table's column
/// has rows with k hits.
#[test]
fn without_shifts_the_odds_are_the_attack_tables_column() {
    let r = common::rules();
    let sc = r.sc();
    let mut checked = 0;
    for (s, side, _) in attack_decisions(&r, 3) {
        if s.phase != Phase::Attackers || s.fieldworks.has(s.combat.as_ref().unwrap().target) {
            continue;
        }
        let o = r.odds(&s, side, &Action::Launch).expect("odds");
        let notes = o.notes.join(" ");
        if notes.contains("column") || notes.contains("roll") {
            continue; // a shift or a modifier
        }
        let c = s.combat.as_ref().unwrap();
        let value: u32 = c
            .attackers
            .iter()
            .filter_map(|&id| s.unit(id))
            .map(|u| sc.units[u.kind as usize].combat(u.reduced) as u32)
            .sum();
        let col = sc.attack.column_of(value as i32);
        let steps: u32 = s
            .units_in(c.target)
            .map(|u| if u.reduced { 1 } else { 2 })
            .sum();
        let mut by_hand = BTreeMap::<u8, f64>::new();
        for row in &sc.attack.rows {
            *by_hand.entry(row[col].hits).or_default() += 1.0 / 6.0;
        }
        let defenders = &o.parts[0];
        for (hits, p) in by_hand {
            let label = match hits {
                0 => "no hit".to_string(),
                h if h as u32 >= steps => "destroyed".to_string(),
                1 => "1 hit".to_string(),
                h => format!("{h} hits"),
            };
            // "destroyed" may gather several hit counts.
            if label != "destroyed" {
                assert!(
                    (defenders.p(&label) - p).abs() < 1e-9,
                    "{label}: {defenders:?}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 3, "{checked}");
}

/// The odds of launching agree with the dice: over 2,000 rolls from
/// other seeds (no card in front used), the hits each side took.
#[test]
fn the_odds_of_a_launch_agree_with_the_rolls() {
    let r = common::rules();
    let mut checked = 0;
    for (s, side, _) in attack_decisions(&r, 2) {
        if s.phase != Phase::Attackers || checked >= 4 {
            continue;
        }
        let o = r.odds(&s, side, &Action::Launch).expect("odds");
        let rolls = 2000;
        let (mut to_d, mut to_a) = (BTreeMap::<u8, f64>::new(), BTreeMap::<u8, f64>::new());
        for seed in 0..rolls {
            let mut t = s.clone();
            t.rng = engine::rng_from_seed(seed);
            let mut ev = Vec::new();
            r.apply(&mut t, side, &Action::Launch, &mut ev)
                .expect("legal");
            // No card in front is used.
            while let Phase::Respond(who) = t.phase {
                r.apply(&mut t, who, &Action::NoResponse, &mut ev)
                    .expect("legal");
            }
            let (a, d) = ev
                .iter()
                .find_map(|e| match e {
                    Event::Combat {
                        attack, defence, ..
                    } => Some((attack.hits, defence.hits)),
                    _ => None,
                })
                .expect("the dice were rolled");
            *to_d.entry(a).or_default() += 1.0 / rolls as f64;
            *to_a.entry(d).or_default() += 1.0 / rolls as f64;
        }
        // Compare the mean hits: the labels fold "destroyed" together.
        let mean = |m: &BTreeMap<u8, f64>| m.iter().map(|(k, p)| *k as f64 * p).sum::<f64>();
        let odds_mean = |i: usize| {
            o.parts[i]
                .outcomes
                .iter()
                .map(|(l, p)| {
                    let k: f64 = match l.as_str() {
                        "no hit" => 0.0,
                        "1 hit" => 1.0,
                        "destroyed" => f64::NAN,
                        other => other.split(' ').next().unwrap().parse().unwrap(),
                    };
                    k * p
                })
                .sum::<f64>()
        };
        for (i, seen) in [(0, &to_d), (1, &to_a)] {
            let m = odds_mean(i);
            if m.is_nan() {
                // Check the chance of no hit instead.
                let p0 = seen.get(&0).copied().unwrap_or(0.0);
                assert!(
                    (o.parts[i].p("no hit") - p0).abs() < 0.035,
                    "{:?} {seen:?}",
                    o.parts[i]
                );
            } else {
                assert!((m - mean(seen)).abs() < 0.08, "{:?} {seen:?}", o.parts[i]);
            }
        }
        checked += 1;
    }
    assert!(checked >= 2, "{checked}");
}
