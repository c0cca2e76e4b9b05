//! Weighted playouts (`MctsSettings::weighted_playouts`,
//! `Ruleset::playout_weight`): side A takes the safe road (a draw at once)
//! or the corridor, where it must then take the first of five doors three
//! times running to win (any other door loses). With a small tree the
//! corridor's worth is mostly what the playouts below it find: uniform
//! playouts find the way one time in 125 and the search takes the safe
//! road; playouts that lean on the rules' weights (the first door weighs
//! 100 against 1) find it nearly always and the search takes the
//! corridor.

mod common;

use bot::{Budget, Player, PlayerKind};
use engine::{Decider, Options, Outcome, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Corridor {
    /// Whether the rules ask for weighted playouts
    /// (`Ruleset::search_defaults`).
    asks: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    /// None: at the fork; Some(n): n right doors taken in the corridor.
    inside: Option<u8>,
    over: Option<Option<Side>>,
}

const SAFE: u8 = 9;

impl Ruleset for Corridor {
    type State = State;
    type Action = u8;
    type View = State;
    type Event = u8;

    common::toy_game!("corridor", "walker", "keeper");

    fn setup(&self, _: &Options, _: u64) -> Result<State, SetupError> {
        Ok(State {
            inside: None,
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
        match s.inside {
            // 0: the corridor; SAFE: the safe road.
            None => out.extend([0, SAFE]),
            Some(_) => out.extend(0..5),
        }
    }
    fn apply_legal(&self, s: &mut State, _: Side, a: &u8, events: &mut Vec<u8>) {
        match s.inside {
            None if *a == SAFE => s.over = Some(None),
            None => s.inside = Some(0),
            Some(_) if *a != 0 => s.over = Some(Some(Side::B)),
            Some(n) if n + 1 == 3 => s.over = Some(Some(Side::A)),
            Some(n) => s.inside = Some(n + 1),
        }
        events.push(*a);
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.over.map(|winner| Outcome {
            winner,
            reason: "through".into(),
        })
    }
    fn search_defaults(&self) -> engine::ruleset::SearchDefaults {
        engine::ruleset::SearchDefaults {
            weighted_playouts: self.asks.then_some(true),
            ..Default::default()
        }
    }
    fn playout_weight(&self, s: &State, _: Side, a: &u8) -> f32 {
        if s.inside.is_some() && *a == 0 {
            100.0
        } else {
            1.0
        }
    }
}

fn takes_the_corridor(weighted: bool, seed: u64) -> bool {
    let rules = Corridor { asks: false };
    let s = rules.setup(&Options::new(), 0).unwrap();
    let mut choices = Vec::new();
    rules.choices(&s, Side::A, &mut choices);
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(2));
    p.mcts.weighted_playouts = weighted;
    choices[p.choose(&rules, &s, Side::A, &choices, seed)] == 0
}

#[test]
fn weighted_playouts_follow_the_rules_weights() {
    let with = (0..20)
        .filter(|&seed| takes_the_corridor(true, seed))
        .count();
    let without = (0..20)
        .filter(|&seed| takes_the_corridor(false, seed))
        .count();
    assert!(with >= 14, "weighted: the corridor in {with} of 20");
    assert!(without <= 3, "uniform: the corridor in {without} of 20");
}

/// The tree's bias from the same weights (`MctsSettings::weight_bias`),
/// playouts uniform: inside the corridor, six iterations try each door
/// once and one again. Every wrong door loses at once and the right one
/// seldom wins its playout, so without the bias the door tried again (and
/// chosen) is whichever came first; with it, it is the heavy door.
fn door_chosen(bias: f32, seed: u64) -> u8 {
    let rules = Corridor { asks: false };
    let s = State {
        inside: Some(0),
        over: None,
    };
    let mut choices = Vec::new();
    rules.choices(&s, Side::A, &mut choices);
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(6));
    p.mcts.weight_bias = bias;
    choices[p.choose(&rules, &s, Side::A, &choices, seed)]
}

#[test]
fn the_trees_bias_follows_the_rules_weights() {
    let with = (0..20).filter(|&seed| door_chosen(0.5, seed) == 0).count();
    let without = (0..20).filter(|&seed| door_chosen(0.0, seed) == 0).count();
    assert_eq!(with, 20, "with the bias: the right door in {with} of 20");
    assert!(without <= 12, "without: the right door in {without} of 20");
}

/// A rule system's own search settings (`Ruleset::search_defaults`,
/// `MctsSettings::rule_defaults`): the corridor asking for weighted
/// playouts is searched exactly as with them set by hand, unless the bot
/// is told to keep its own settings; one asking for nothing exactly as
/// before.
#[test]
fn the_rules_own_search_settings_are_taken_unless_told_otherwise() {
    let s = State {
        inside: None,
        over: None,
    };
    let (asks, silent) = (Corridor { asks: true }, Corridor { asks: false });
    let mut choices = Vec::new();
    asks.choices(&s, Side::A, &mut choices);
    let searched = |rules: &Corridor, weighted: bool, own: bool, seed: u64| {
        let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(2));
        p.mcts.weighted_playouts = weighted;
        p.mcts.rule_defaults = own;
        bot::search(rules, &s, Side::A, &choices, &p.mcts, seed)
    };
    let mut differ = 0;
    for seed in 0..20 {
        let by_rules = searched(&asks, false, true, seed);
        assert_eq!(by_rules, searched(&silent, true, true, seed));
        assert_eq!(
            searched(&asks, false, false, seed),
            searched(&silent, false, true, seed)
        );
        differ += usize::from(by_rules != searched(&silent, false, true, seed));
    }
    assert!(
        differ >= 10,
        "asking for weights changed {differ} of 20 searches"
    );
}
