//! The root's progressive bias (`MctsSettings::prior`): side A picks a
//! number from 0 to 19 and wins only with 13; the evaluation of a game
//! still going says how near the pick is. With fewer iterations than
//! choices the search without the bias picks among the few it happened to
//! try; with it, it tries the best valued choice first and keeps it.

mod common;

use bot::{Budget, Player, PlayerKind};
use engine::{Decider, Options, Outcome, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Pick;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    picked: Option<u8>,
    /// Side B answers (any answer) and the game ends.
    answered: bool,
}

const GOOD: u8 = 13;

impl Ruleset for Pick {
    type State = State;
    type Action = u8;
    type View = State;
    type Event = u8;

    common::toy_game!("pick", "picker", "answerer");

    fn setup(&self, _: &Options, _: u64) -> Result<State, SetupError> {
        Ok(State {
            picked: None,
            answered: false,
        })
    }
    fn to_decide(&self, s: &State) -> Decider {
        match (s.picked, s.answered) {
            (None, _) => Decider::One(Side::A),
            (Some(_), false) => Decider::One(Side::B),
            _ => Decider::Nobody,
        }
    }
    fn choices(&self, s: &State, side: Side, out: &mut Vec<u8>) {
        match self.to_decide(s) {
            Decider::One(Side::A) if side == Side::A => out.extend(0..20),
            Decider::One(Side::B) if side == Side::B => out.extend(0..3),
            _ => {}
        }
    }
    fn apply_legal(&self, s: &mut State, side: Side, a: &u8, events: &mut Vec<u8>) {
        if side == Side::A {
            s.picked = Some(*a);
        } else {
            s.answered = true;
        }
        events.push(*a);
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.answered.then(|| Outcome {
            winner: Some(if s.picked == Some(GOOD) {
                Side::A
            } else {
                Side::B
            }),
            reason: "answered".into(),
        })
    }
    fn evaluate(&self, s: &State, side: Side) -> f32 {
        let a = match (self.outcome(s), s.picked) {
            (Some(o), _) => f32::from(u8::from(o.winner == Some(Side::A))),
            (None, Some(p)) => 0.9 - f32::from(p.abs_diff(GOOD)) / 40.0,
            (None, None) => 0.5,
        };
        if side == Side::A { a } else { 1.0 - a }
    }
}

fn chosen(prior: f32, seed: u64) -> u8 {
    let rules = Pick;
    let s = rules.setup(&Options::new(), 0).unwrap();
    let mut choices = Vec::new();
    rules.choices(&s, Side::A, &mut choices);
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(3));
    p.mcts.prior = prior;
    choices[p.choose(&rules, &s, Side::A, &choices, seed)]
}

#[test]
fn the_bias_tries_the_best_valued_choice_first() {
    let with: Vec<u8> = (0..20).map(|seed| chosen(0.5, seed)).collect();
    let without: Vec<u8> = (0..20).map(|seed| chosen(0.0, seed)).collect();
    assert!(with.iter().all(|&p| p == GOOD), "with the bias: {with:?}");
    assert!(
        without.iter().filter(|&&p| p == GOOD).count() < 10,
        "without the bias three tries in twenty should seldom find it: {without:?}"
    );
}
