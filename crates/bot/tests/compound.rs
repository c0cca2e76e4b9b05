//! Compound choices (`Ruleset::compound_choices`,
//! `MctsSettings::compounds`): side A either stops (a draw at once) or
//! says it walks and then, as its next decision, picks one of nine doors,
//! of which only the last wins (the others lose). "Walk" alone is worth
//! what the doors tried under it are worth: with a small budget mostly
//! losing ones, and the search stops. Where the rules offer "walk" with
//! each door as one compound, the winning compound is found as soon as it
//! is tried and the search walks. A rule system that offers no compounds
//! (the default) is searched as before.

mod common;

use bot::{Budget, Player, PlayerKind};
use engine::{Decider, Options, Outcome, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Doors {
    compounds: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    walking: bool,
    over: Option<Option<Side>>,
}

const STOP: u8 = 20;
const WALK: u8 = 10;
const RIGHT: u8 = 8;

impl Ruleset for Doors {
    type State = State;
    type Action = u8;
    type View = State;
    type Event = u8;

    common::toy_game!("doors", "walker", "keeper");

    fn setup(&self, _: &Options, _: u64) -> Result<State, SetupError> {
        Ok(State {
            walking: false,
            over: None,
        })
    }
    fn to_decide(&self, s: &State) -> Decider {
        if s.over.is_some() {
            Decider::Nobody
        } else {
            Decider::One(Side::A)
        }
    }
    fn choices(&self, s: &State, side: Side, out: &mut Vec<u8>) {
        if side != Side::A || s.over.is_some() {
            return;
        }
        if s.walking {
            out.extend(0..=RIGHT);
        } else {
            out.extend([WALK, STOP]);
        }
    }
    fn apply_legal(&self, s: &mut State, _: Side, a: &u8, events: &mut Vec<u8>) {
        match *a {
            STOP => s.over = Some(None),
            WALK => s.walking = true,
            RIGHT => s.over = Some(Some(Side::A)),
            _ => s.over = Some(Some(Side::B)),
        }
        events.push(*a);
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.over.map(|winner| Outcome {
            winner,
            reason: "through".into(),
        })
    }
    fn compound_choices(
        &self,
        s: &State,
        side: Side,
        choices: &[u8],
        out: &mut Vec<Vec<u8>>,
    ) -> bool {
        if !self.compounds {
            return false;
        }
        for &a in choices {
            if a == WALK {
                let mut t = s.clone();
                self.apply_legal(&mut t, side, &a, &mut Vec::new());
                let mut next = Vec::new();
                self.choices(&t, side, &mut next);
                out.extend(next.into_iter().map(|d| vec![WALK, d]));
            } else {
                out.push(vec![a]);
            }
        }
        true
    }
}

fn walks(rules: &Doors, compounds: bool, seed: u64) -> bool {
    let s = rules.setup(&Options::new(), 0).unwrap();
    let mut choices = Vec::new();
    rules.choices(&s, Side::A, &mut choices);
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(24));
    p.mcts.compounds = compounds;
    choices[p.choose(rules, &s, Side::A, &choices, seed)] == WALK
}

#[test]
fn a_compound_choice_is_worth_what_it_leads_to() {
    let offered = Doors { compounds: true };
    let with = (0..20).filter(|&k| walks(&offered, true, k)).count();
    let without = (0..20).filter(|&k| walks(&offered, false, k)).count();
    assert_eq!(with, 20, "with compounds the search walks every time");
    assert!(
        without <= 5,
        "alone, walking looks bad: walked {without} of 20"
    );
    // A rule system offering none: the same choices as with them off.
    let plain = Doors { compounds: false };
    for k in 0..20 {
        assert_eq!(walks(&plain, true, k), walks(&offered, false, k));
    }
}

#[test]
fn the_next_decision_takes_the_compounds_second_step() {
    // Once walking, the search (with compounds on) picks the right door.
    let rules = Doors { compounds: true };
    let s = State {
        walking: true,
        over: None,
    };
    let mut choices = Vec::new();
    rules.choices(&s, Side::A, &mut choices);
    let p = Player::new(PlayerKind::Mcts, Budget::Iterations(40));
    for seed in 0..10 {
        assert_eq!(
            choices[p.choose(&rules, &s, Side::A, &choices, seed)],
            RIGHT
        );
    }
}
