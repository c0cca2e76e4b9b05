//! The computer opponent (issue 20), written once for every rule system:
//! information-set Monte Carlo tree search with determinization ([`mcts`]),
//! two simple baselines (a random player and a one-ply greedy player on the
//! rules' evaluation), and the duel loop behind `fourfronts duel` and the
//! `duel` example ([`duel`]). Nothing here reads what the bot's side cannot
//! see: every search works on states drawn by the rules'
//! `determinize_rules`, and the choices it picks from are its side's
//! choices in the real state. See `docs/bot.md`.

pub mod duel;
pub mod mcts;

use engine::{Ruleset, Side};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;

pub use duel::{DuelSettings, DuelSummary, DuelVisitor, GameResult, duel, plays_to_the_end};
pub use mcts::{MctsSettings, Searched, decision_seed, search};

/// How long a search may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations: the choice is the same on every machine.
    Iterations(u32),
    /// About this many milliseconds of the clock (at least one iteration):
    /// the choice depends on the machine's speed.
    Millis(u64),
}

impl Budget {
    /// The launcher's strengths (issue 20): time per decision. A game
    /// against the bot replays from its save whatever the budget, since the
    /// save keeps the decisions taken.
    pub const QUICK: Budget = Budget::Millis(100);
    pub const NORMAL: Budget = Budget::Millis(400);
    pub const STRONG: Budget = Budget::Millis(1000);
}

/// The kinds of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// A uniformly random legal choice.
    Random,
    /// One ply on the evaluation: each choice applied to a few drawn
    /// states, the best average `Ruleset::evaluate` taken.
    Greedy,
    /// Information-set Monte Carlo tree search.
    Mcts,
}

impl PlayerKind {
    pub const ALL: [PlayerKind; 3] = [PlayerKind::Random, PlayerKind::Greedy, PlayerKind::Mcts];
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Mcts => "mcts",
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PlayerKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("unknown player \"{s}\": one of random, greedy, mcts"))
    }
}

/// A player: its kind and, for the search, its settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub kind: PlayerKind,
    pub mcts: MctsSettings,
    /// States drawn per choice by the greedy player.
    pub greedy_samples: u32,
}

impl Player {
    pub fn new(kind: PlayerKind, budget: Budget) -> Player {
        Player {
            kind,
            mcts: MctsSettings {
                budget,
                ..MctsSettings::default()
            },
            greedy_samples: 4,
        }
    }

    /// The index in `choices` (`side`'s legal choices in `s`, not empty)
    /// of the player's choice. The same `seed` gives the same choice
    /// (for the search, with an iteration budget).
    pub fn choose<R: Ruleset>(
        &self,
        rules: &R,
        s: &R::State,
        side: Side,
        choices: &[R::Action],
        seed: u64,
    ) -> usize {
        self.choose_avoiding(rules, s, side, choices, seed, &Recent::default())
    }

    /// Like [`Player::choose`], but not a choice that brings back a
    /// position `side` has already decided in [`Recent::REVISITS`] times
    /// since the last die, draw or reveal (`recent`), while another is
    /// open: the best choice by the
    /// player's own ranking that does not. Without it a player can go
    /// round in circles where the rules allow a step and its undoing at no
    /// cost (a formation changed back and forth), and the game never ends.
    pub fn choose_avoiding<R: Ruleset>(
        &self,
        rules: &R,
        s: &R::State,
        side: Side,
        choices: &[R::Action],
        seed: u64,
        recent: &Recent,
    ) -> usize {
        self.choose_counted(rules, s, side, choices, seed, recent).0
    }

    /// [`Player::choose_avoiding`], with the number of search iterations
    /// it took (0 for the baselines).
    pub fn choose_counted<R: Ruleset>(
        &self,
        rules: &R,
        s: &R::State,
        side: Side,
        choices: &[R::Action],
        seed: u64,
        recent: &Recent,
    ) -> (usize, u32) {
        if choices.len() <= 1 {
            return (0, 0);
        }
        let mut iterations = 0;
        let mut rng = engine::rng_from_seed(seed);
        let ranking = match self.kind {
            PlayerKind::Random => {
                let mut order: Vec<usize> = (0..choices.len()).collect();
                for i in (1..order.len()).rev() {
                    let j = rng.random_range(0..=i);
                    order.swap(i, j);
                }
                order
            }
            PlayerKind::Greedy => greedy(rules, s, side, choices, self.greedy_samples, &mut rng),
            PlayerKind::Mcts => {
                let searched = search(rules, s, side, choices, &self.mcts, seed);
                iterations = searched.iterations;
                searched.ranking()
            }
        };
        let seen = &recent.seen[side.index()];
        if seen.is_empty() {
            return (ranking[0], iterations);
        }
        // Tried on a drawn game, not the real one: whether a choice brings
        // a position back must not depend on what the side cannot see.
        let mut events = Vec::new();
        let (r, drawn) = rules.determinize_rules(s, side, &mut rng);
        for &i in &ranking {
            if !r.legal(&drawn, side, &choices[i]) {
                continue;
            }
            let mut after = drawn.clone();
            events.clear();
            r.apply_legal(&mut after, side, &choices[i], &mut events);
            let key = Recent::key(&r, &after, side);
            if events.iter().any(|e| r.ends_undo(e))
                || seen.iter().filter(|k| **k == key).count() < Recent::REVISITS
            {
                return (i, iterations);
            }
        }
        (ranking[0], iterations)
    }
}

/// The positions each side has decided in since the last die roll, card
/// draw or reveal (as each saw them), for [`Player::choose_avoiding`].
#[derive(Clone, Debug, Default)]
pub struct Recent {
    seen: [Vec<String>; 2],
}

impl Recent {
    /// How often a position may be decided in again since the last die,
    /// draw or reveal before a choice that brings it back is avoided. Not
    /// 1: a menu entered and left once (Red Actions!' "moves…", then
    /// back) could never be entered again in that segment, and the search
    /// that wanted to move ended the segment instead (26% of the search's
    /// decisions in the Wired Position were turned aside so). A circle is
    /// still broken, after going round twice.
    pub const REVISITS: usize = 2;

    /// A position as `side` sees it.
    pub fn key<R: Ruleset>(rules: &R, s: &R::State, side: Side) -> String {
        serde_json::to_string(&rules.view(s, Some(side))).unwrap_or_default()
    }

    /// `side` decided in `before`, and the decision's events were
    /// `events`: kept, or everything forgotten after a die, draw or
    /// reveal.
    pub fn note<R: Ruleset>(
        &mut self,
        rules: &R,
        before: &R::State,
        side: Side,
        events: &[R::Event],
    ) {
        if events.iter().any(|e| rules.ends_undo(e)) {
            self.seen = Default::default();
        } else {
            self.seen[side.index()].push(Self::key(rules, before, side));
        }
    }
}

/// The one-ply greedy ranking: each choice applied to `samples` states
/// drawn for `side` (the same draws for every choice), valued with
/// `Ruleset::evaluate`; best mean first, ties in random order.
pub fn greedy<R: Ruleset>(
    rules: &R,
    s: &R::State,
    side: Side,
    choices: &[R::Action],
    samples: u32,
    rng: &mut engine::GameRng,
) -> Vec<usize> {
    let mut total = vec![0f64; choices.len()];
    let mut counted = vec![0u32; choices.len()];
    let mut events = Vec::new();
    for _ in 0..samples.max(1) {
        let (r, drawn) = rules.determinize_rules(s, side, rng);
        for (i, a) in choices.iter().enumerate() {
            if !r.legal(&drawn, side, a) {
                continue;
            }
            let mut st = drawn.clone();
            events.clear();
            r.apply_legal(&mut st, side, a, &mut events);
            total[i] += f64::from(r.evaluate(&st, side));
            counted[i] += 1;
        }
    }
    let mean: Vec<f64> = total
        .iter()
        .zip(&counted)
        .map(|(t, &n)| if n == 0 { f64::MIN } else { t / f64::from(n) })
        .collect();
    let mut order: Vec<usize> = (0..choices.len()).collect();
    for i in (1..order.len()).rev() {
        let j = rng.random_range(0..=i);
        order.swap(i, j);
    }
    order.sort_by(|&a, &b| mean[b].total_cmp(&mean[a]));
    order
}
