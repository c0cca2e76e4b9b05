//! The search on small game trees written out by hand, whose right answer
//! is known: who decides where (the opponent out of turn, a side twice in
//! a row), a value at the leaves and a made-up, misleading value at the
//! inner points. They catch a value backed up from the wrong side's view,
//! and a search that does not get better with more iterations.

use bot::{Budget, MctsSettings};
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
enum Point {
    /// `side` chooses among the children; `guess` is what `evaluate`
    /// says for side A while the game is here.
    Decide {
        side: Side,
        children: Vec<usize>,
        guess: f32,
    },
    /// The game is over: side A's value.
    Leaf(f32),
}

#[derive(Clone, Debug)]
struct Table {
    points: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    at: usize,
}

impl Ruleset for Table {
    type State = State;
    type Action = usize;
    type View = usize;
    type Event = usize;

    fn id(&self) -> &'static str {
        "table"
    }
    fn scenario_id(&self) -> &str {
        "table"
    }
    fn scenario_digest(&self) -> u64 {
        0
    }
    fn side_name(&self, side: Side) -> &str {
        if side == Side::A { "first" } else { "second" }
    }
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn setup(&self, _: &Options, _: u64) -> Result<State, SetupError> {
        Ok(State { at: 0 })
    }
    fn to_decide(&self, s: &State) -> Decider {
        match &self.points[s.at] {
            Point::Decide { side, .. } => Decider::One(*side),
            Point::Leaf(_) => Decider::Nobody,
        }
    }
    fn choices(&self, s: &State, who: Side, out: &mut Vec<usize>) {
        if let Point::Decide { side, children, .. } = &self.points[s.at]
            && *side == who
        {
            out.extend(0..children.len());
        }
    }
    fn prompt_text(&self, _: &State, _: Side) -> String {
        "choose".into()
    }
    fn apply_legal(&self, s: &mut State, _: Side, a: &usize, events: &mut Vec<usize>) {
        if let Point::Decide { children, .. } = &self.points[s.at] {
            s.at = children[*a];
        }
        events.push(*a);
    }
    fn view(&self, s: &State, _: Option<Side>) -> usize {
        s.at
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        match self.points[s.at] {
            Point::Leaf(v) if v >= 1.0 || v <= 0.0 => Some(Outcome {
                winner: Some(if v >= 1.0 { Side::A } else { Side::B }),
                reason: "over".into(),
            }),
            _ => None,
        }
    }
    fn ends_undo(&self, _: &usize) -> bool {
        false
    }
    fn check_invariants(&self, _: &State) -> Result<(), String> {
        Ok(())
    }
    fn describe_action(&self, _: &State, _: Side, a: &usize) -> String {
        format!("{a}")
    }
    fn describe_events(&self, _: &State, e: &[usize], _: Option<Side>) -> Vec<Option<String>> {
        e.iter().map(|n| Some(format!("{n}"))).collect()
    }
    fn evaluate(&self, s: &State, side: Side) -> f32 {
        let a = match self.points[s.at] {
            Point::Decide { guess, .. } => guess,
            Point::Leaf(v) => v,
        };
        if side == Side::A { a } else { 1.0 - a }
    }
}

/// Builds a table from its points, in order (point 0 first).
fn table(points: Vec<Point>) -> Table {
    Table { points }
}

fn decide(side: Side, children: &[usize], guess: f32) -> Point {
    Point::Decide {
        side,
        children: children.to_vec(),
        guess,
    }
}

fn choice(rules: &Table, side: Side, iterations: u32, depth: u32, seed: u64) -> usize {
    let s = State { at: 0 };
    let mut choices = Vec::new();
    rules.choices(&s, side, &mut choices);
    let settings = MctsSettings {
        budget: Budget::Iterations(iterations),
        playout_depth: depth,
        ..MctsSettings::default()
    };
    bot::search(rules, &s, side, &choices, &settings, seed).index
}

/// A: 0 safe (0.6) or 1 risky. After risky B answers out of turn: 0 gives
/// A everything (1.0) or 1 takes it, after which A decides twice in a
/// row, between 0.0 and 0.1 each time. Minimax: safe 0.6, risky 0.1. A
/// search that valued B's choices from A's view would take the risk.
fn out_of_turn() -> Table {
    let a = Side::A;
    let b = Side::B;
    table(vec![
        decide(a, &[1, 2], 0.5), // 0
        Point::Leaf(0.6),        // 1 safe
        decide(b, &[3, 4], 0.5), // 2 risky: B answers
        Point::Leaf(1.0),        // 3 B gives
        decide(a, &[5, 6], 0.5), // 4 B takes: A twice
        decide(a, &[7, 8], 0.5), // 5
        decide(a, &[7, 8], 0.5), // 6
        Point::Leaf(0.0),        // 7
        Point::Leaf(0.1),        // 8
    ])
}

#[test]
fn the_opponent_out_of_turn_is_valued_from_its_own_view() {
    let rules = out_of_turn();
    for seed in 0..10 {
        for depth in [0, 10] {
            assert_eq!(choice(&rules, Side::A, 500, depth, seed), 0, "seed {seed}");
        }
    }
}

/// The same with the sides' parts exchanged: B at the root.
#[test]
fn side_b_at_the_root_is_valued_from_its_own_view() {
    let mut rules = out_of_turn();
    for p in &mut rules.points {
        match p {
            Point::Decide { side, guess, .. } => {
                *side = side.other();
                *guess = 1.0 - *guess;
            }
            Point::Leaf(v) => *v = 1.0 - *v,
        }
    }
    for seed in 0..10 {
        assert_eq!(choice(&rules, Side::B, 500, 10, seed), 0, "seed {seed}");
    }
}

/// A bait and a quiet move. The quiet one (1) is worth 0.6 for sure. The
/// bait (0) looks good (the made-up value says 0.9 all along) and three of
/// B's four answers give A 0.95, but the fourth, after a few forced
/// decisions, loses: minimax says quiet. Random playouts below the bait
/// average about 0.71: only a tree that has learnt B's answer sees it.
fn bait() -> Table {
    let a = Side::A;
    let b = Side::B;
    table(vec![
        decide(a, &[2, 1], 0.5),       // 0: 0 bait, 1 quiet
        Point::Leaf(0.6),              // 1 quiet
        decide(b, &[3, 3, 3, 4], 0.9), // 2 bait: B answers
        Point::Leaf(0.95),             // 3
        decide(a, &[5], 0.9),          // 4 B's refutation: forced
        decide(b, &[6], 0.9),          // 5
        decide(a, &[7, 7], 0.9),       // 6
        decide(b, &[8], 0.9),          // 7
        Point::Leaf(0.0),              // 8
    ])
}

#[test]
fn more_iterations_find_the_answer_to_the_bait() {
    let rules = bait();
    // A short search trusts the bait's looks at least sometimes; a long
    // one, with playouts or without, never.
    let short = (0..20)
        .filter(|&seed| choice(&rules, Side::A, 6, 10, seed) == 0)
        .count();
    assert!(short > 0, "a search of 6 iterations never took the bait");
    for seed in 0..20 {
        for depth in [0, 10] {
            assert_eq!(
                choice(&rules, Side::A, 3000, depth, seed),
                1,
                "seed {seed}, playouts of {depth}"
            );
        }
    }
}
