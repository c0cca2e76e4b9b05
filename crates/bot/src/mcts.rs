//! Information-set Monte Carlo tree search with determinization.
//!
//! Each iteration draws a complete state consistent with what the bot's
//! side knows (`Ruleset::determinize_rules`), then walks one shared tree on
//! it. A node's edges are keyed by the side deciding there and its action,
//! so that statistics gathered on different draws add up wherever the same
//! action is legal; only the actions legal in the current draw are
//! considered (selected, or expanded when new), and the exploration term
//! counts how often an action was available rather than how often its node
//! was visited (Cowling, Powley and Whitehouse, "Information Set Monte
//! Carlo Tree Search", 2012). Whichever side decides at a point of the game
//! (the opponent's reaction fire, a card answered out of turn) gets its own
//! edges, valued from its own point of view. Below the tree, a random
//! playout of at most `playout_depth` decisions, and then
//! `Ruleset::evaluate`.

use crate::Budget;
use engine::{Decider, Ruleset, Side};
use rand::RngExt;
use std::time::Instant;

/// How the search runs.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsSettings {
    pub budget: Budget,
    /// The exploration constant of UCB1 (values are in `[0, 1]`).
    pub exploration: f32,
    /// Random decisions played below the tree before the position is
    /// evaluated.
    pub playout_depth: u32,
    /// Progressive bias at the root: each of the bot's choices is first
    /// applied to one drawn game and valued with `Ruleset::evaluate`; the
    /// values, scaled to `[0, 1]` among the choices, are tried best first
    /// and added to the choice's score times this weight over
    /// `visits + 1`, so that a short search follows the evaluation and a
    /// long one its playouts. 0 (the default): no bias, untried choices
    /// taken in random order: the search measured before. Measured on 28
    /// November 2026 at 0.5 it did no better (White in the 1918 campaign
    /// won 0 of 5 against random with it, 3 of 6 without; Death on the
    /// Rails 56 of 60), so it is off unless asked for (`PRIOR_A`,
    /// `PRIOR_B` in the duel example); see docs/bot.md.
    pub prior: f32,
    /// Playouts pick each choice with a chance in proportion to
    /// `Ruleset::playout_weight` (uniform where the rule system leaves
    /// every weight at 1: the very playouts of uniform ones). Off by
    /// default: measured on 28 November 2026 in Red Actions! with the
    /// tree's bias below, it won no more (docs/bot.md, "Tried and
    /// dropped"); `WEIGHTED_A`, `WEIGHTED_B` in the duel example.
    pub weighted_playouts: bool,
    /// Progressive bias in the whole tree from `Ruleset::playout_weight`:
    /// where the choices legal at a node do not all weigh alike, each
    /// edge's score gains this times its weight over the largest among
    /// them, over `visits + 1`, so that a short search follows the rule
    /// system's hint and a long one its statistics; no effect where every
    /// weight is 1. 0 (off) by default: measured at 0.5 with weighted
    /// playouts it won no more (docs/bot.md); `WBIAS_A`, `WBIAS_B`.
    pub weight_bias: f32,
    /// Takes the rule system's compound choices
    /// (`Ruleset::compound_choices`) as the tree's steps where it offers
    /// them: a sequence of the deciding side's decisions as one edge. No
    /// effect where the rule system offers none (the default). On by
    /// default; `COMPOUND_A`, `COMPOUND_B` (0: off) in the duel example.
    pub compounds: bool,
    /// Where on, the rule system's own search settings
    /// (`Ruleset::search_defaults`) replace `playout_depth`,
    /// `weighted_playouts` and `weight_bias` wherever it asks for them
    /// (Red Actions! asks for short, weighted playouts; no other rule
    /// system asks anything, so their search is as before). On by
    /// default; the duel example turns it off where one of those is given
    /// (`DEPTH_A`, `WEIGHTED_A`, `WBIAS_A`) or `RULES_A=0`.
    pub rule_defaults: bool,
}

impl MctsSettings {
    /// These settings with the rule system's `defaults` in place of the
    /// settings it asks for (`rule_defaults` off: unchanged).
    pub fn with_rule_defaults(&self, defaults: engine::ruleset::SearchDefaults) -> MctsSettings {
        let mut s = self.clone();
        if self.rule_defaults {
            if let Some(d) = defaults.playout_depth {
                s.playout_depth = d;
            }
            if let Some(w) = defaults.weighted_playouts {
                s.weighted_playouts = w;
            }
            if let Some(b) = defaults.weight_bias {
                s.weight_bias = b;
            }
        }
        s
    }
}

impl Default for MctsSettings {
    fn default() -> Self {
        MctsSettings {
            budget: Budget::NORMAL,
            exploration: 0.7,
            playout_depth: 10,
            prior: 0.0,
            weighted_playouts: false,
            weight_bias: 0.0,
            compounds: true,
            rule_defaults: true,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The index of the chosen action in the choices given.
    pub index: usize,
    pub iterations: u32,
    /// Each choice's visits and mean value at the root (for the given
    /// choices, in their order), the mean with the root's bias
    /// (`MctsSettings::prior`) added.
    pub root: Vec<(u32, f32)>,
}

struct Edge<A> {
    side: Side,
    action: A,
    /// The rest of a compound choice (empty for a plain one).
    then: Vec<A>,
    child: u32,
    visits: u32,
    value: f64,
    available: u32,
}

struct Node<A> {
    edges: Vec<Edge<A>>,
}

/// Searches for `side`'s best choice among `choices` (its legal choices in
/// `s`, in the rules' order) and returns its index. Deterministic for a
/// given `seed` with an iteration budget. `choices` must not be empty.
pub fn search<R: Ruleset>(
    rules: &R,
    s: &R::State,
    side: Side,
    choices: &[R::Action],
    settings: &MctsSettings,
    seed: u64,
) -> Searched {
    let mut rng = engine::rng_from_seed(seed);
    if choices.len() <= 1 {
        return Searched {
            index: 0,
            iterations: 0,
            root: vec![(0, 0.0); choices.len()],
        };
    }
    let started = Instant::now();
    let settings = &settings.with_rule_defaults(rules.search_defaults());
    let prior = root_prior(rules, s, side, choices, settings.prior, &mut rng);
    let mut nodes: Vec<Node<R::Action>> = vec![Node { edges: Vec::new() }];
    let mut path: Vec<(u32, usize)> = Vec::new();
    let mut legal: Vec<R::Action> = Vec::new();
    let mut events = Vec::new();
    let mut weights: Vec<f32> = Vec::new();
    let mut compounds: Vec<Vec<R::Action>> = Vec::new();
    let mut iterations = 0u32;
    let c = f64::from(settings.exploration);
    loop {
        match settings.budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Millis(ms) if iterations > 0 && started.elapsed().as_millis() >= ms as u128 => {
                break;
            }
            _ => {}
        }
        iterations += 1;
        let (r, mut st) = rules.determinize_rules(s, side, &mut rng);
        path.clear();
        let mut node = 0u32;
        let mut expanded = false;
        // Selection and expansion.
        while !expanded {
            if r.outcome(&st).is_some() {
                break;
            }
            let decider = match r.to_decide(&st) {
                Decider::One(d) => d,
                Decider::Both if node == 0 => side,
                Decider::Both => Side::A,
                Decider::Nobody => break,
            };
            legal.clear();
            r.choices(&st, decider, &mut legal);
            if node == 0 {
                // At the root only what the bot may really choose.
                legal.retain(|a| choices.contains(a));
            }
            if legal.is_empty() {
                break;
            }
            // The tree's options: the rule system's compounds where it
            // offers them, else each choice alone.
            compounds.clear();
            let compound = settings.compounds
                && r.compound_choices(&st, decider, &legal, &mut compounds)
                && !compounds.is_empty();
            let count = if compound {
                compounds.len()
            } else {
                legal.len()
            };
            let first = |i: usize| -> &R::Action {
                if compound {
                    &compounds[i][0]
                } else {
                    &legal[i]
                }
            };
            let rest =
                |i: usize| -> &[R::Action] { if compound { &compounds[i][1..] } else { &[] } };
            let last = |i: usize| rest(i).last().unwrap_or(first(i));
            let n = &mut nodes[node as usize];
            let mut untried: Vec<usize> = Vec::new();
            let mut best: Option<(usize, f64)> = None;
            let mut positions: Vec<(usize, usize)> = Vec::with_capacity(count);
            for i in 0..count {
                let (a, more) = (first(i), rest(i));
                match n
                    .edges
                    .iter()
                    .position(|e| e.side == decider && e.action == *a && e.then[..] == *more)
                {
                    Some(p) => positions.push((p, i)),
                    None => untried.push(i),
                }
            }
            for &(p, _) in &positions {
                n.edges[p].available += 1;
            }
            // The largest weight among the legal options, where they do
            // not all weigh alike (else 0: no bias).
            let top = if settings.weight_bias > 0.0 && untried.is_empty() {
                let (lo, hi) = (0..count)
                    .map(|i| r.playout_weight(&st, decider, last(i)))
                    .fold((f32::MAX, 0f32), |(l, h), w| (l.min(w), h.max(w)));
                if hi > lo { hi } else { 0.0 }
            } else {
                0.0
            };
            let edge = if untried.is_empty() {
                for &(p, i) in &positions {
                    let e = &n.edges[p];
                    let visits = f64::from(e.visits.max(1));
                    let mut score =
                        e.value / visits + c * (f64::from(e.available.max(1)).ln() / visits).sqrt();
                    if node == 0 {
                        score +=
                            f64::from(settings.prior) * bias(&prior, choices, &e.action, e.visits);
                    }
                    if top > 0.0 {
                        let w = r.playout_weight(&st, decider, last(i)) / top;
                        score += f64::from(settings.weight_bias * w.max(0.0))
                            / (f64::from(e.visits) + 1.0);
                    }
                    if best.is_none_or(|(_, b)| score > b) {
                        best = Some((p, score));
                    }
                }
                match best {
                    Some((p, _)) => p,
                    None => break,
                }
            } else {
                let pick = if node == 0 && !prior.is_empty() {
                    // The root's choices best first by the evaluation.
                    let at = |i: usize| {
                        choices
                            .iter()
                            .position(|c| c == first(i))
                            .map_or(0.0, |k| prior[k])
                    };
                    untried
                        .iter()
                        .copied()
                        .fold(None, |b: Option<usize>, i| match b {
                            Some(j) if at(j) >= at(i) => Some(j),
                            _ => Some(i),
                        })
                        .unwrap_or(untried[0])
                } else {
                    untried[rng.random_range(0..untried.len())]
                };
                let child = nodes.len() as u32;
                nodes.push(Node { edges: Vec::new() });
                let n = &mut nodes[node as usize];
                n.edges.push(Edge {
                    side: decider,
                    action: first(pick).clone(),
                    then: rest(pick).to_vec(),
                    child,
                    visits: 0,
                    value: 0.0,
                    available: 1,
                });
                expanded = true;
                n.edges.len() - 1
            };
            let e = &nodes[node as usize].edges[edge];
            events.clear();
            r.apply_legal(&mut st, decider, &e.action, &mut events);
            // The rest of a compound, while the same side decides and each
            // step is still legal (the compound was listed on this drawn
            // game, so it is, unless the rule system erred).
            for a in &e.then {
                if r.outcome(&st).is_some()
                    || r.to_decide(&st) != Decider::One(decider)
                    || !r.legal(&st, decider, a)
                {
                    break;
                }
                events.clear();
                r.apply_legal(&mut st, decider, a, &mut events);
            }
            path.push((node, edge));
            node = e.child;
        }
        // Playout.
        for _ in 0..settings.playout_depth {
            if r.outcome(&st).is_some() {
                break;
            }
            let decider = match r.to_decide(&st) {
                Decider::One(d) => d,
                Decider::Both => {
                    if rng.random_bool(0.5) {
                        Side::A
                    } else {
                        Side::B
                    }
                }
                Decider::Nobody => break,
            };
            legal.clear();
            r.choices(&st, decider, &mut legal);
            if legal.is_empty() {
                break;
            }
            let a = if settings.weighted_playouts {
                &legal[weighted_pick(
                    &mut rng,
                    legal.iter().map(|a| r.playout_weight(&st, decider, a)),
                    &mut weights,
                )]
            } else {
                &legal[rng.random_range(0..legal.len())]
            };
            events.clear();
            r.apply_legal(&mut st, decider, a, &mut events);
        }
        let value = f64::from(r.evaluate(&st, Side::A).clamp(0.0, 1.0));
        for &(n, e) in &path {
            let e = &mut nodes[n as usize].edges[e];
            e.visits += 1;
            e.value += if e.side == Side::A {
                value
            } else {
                1.0 - value
            };
        }
    }
    // Each choice's statistics: its edge's, or where compounds start with
    // it, those of the one visited most (then the best mean): the plan
    // the bot would follow.
    let root: Vec<(u32, f32)> = choices
        .iter()
        .map(|a| {
            nodes[0]
                .edges
                .iter()
                .filter(|e| e.side == side && e.action == *a)
                .map(|e| (e.visits, (e.value / f64::from(e.visits.max(1))) as f32))
                .fold((0, 0.0), |b, x| {
                    if x.0 > b.0 || (x.0 == b.0 && x.1 > b.1) {
                        x
                    } else {
                        b
                    }
                })
        })
        .collect();
    // Most visited, then the best mean with the bias (the bias alone
    // where a choice was never visited).
    let key = |i: usize| {
        let (v, m) = root[i];
        let b = prior.get(i).map_or(0.0, |&h| {
            f64::from(settings.prior) * h / (f64::from(v) + 1.0)
        });
        (v, f64::from(m) + b)
    };
    let mut index = 0;
    for i in 1..root.len() {
        let ((v, m), (bv, bm)) = (key(i), key(index));
        if v > bv || (v == bv && m > bm) {
            index = i;
        }
    }
    let root = root
        .iter()
        .enumerate()
        .map(|(i, &(v, _))| (v, key(i).1 as f32))
        .collect();
    Searched {
        index,
        iterations,
        root,
    }
}

/// Each choice's value after it is applied to one drawn game, scaled to
/// `[0, 1]` among the choices (empty where `weight` is 0 or the values are
/// all alike).
fn root_prior<R: Ruleset>(
    rules: &R,
    s: &R::State,
    side: Side,
    choices: &[R::Action],
    weight: f32,
    rng: &mut engine::GameRng,
) -> Vec<f64> {
    if weight <= 0.0 {
        return Vec::new();
    }
    let (r, drawn) = rules.determinize_rules(s, side, rng);
    let mut events = Vec::new();
    let values: Vec<f64> = choices
        .iter()
        .map(|a| {
            if !r.legal(&drawn, side, a) {
                return f64::NAN;
            }
            let mut st = drawn.clone();
            events.clear();
            r.apply_legal(&mut st, side, a, &mut events);
            f64::from(r.evaluate(&st, side))
        })
        .collect();
    let (lo, hi) = values
        .iter()
        .filter(|v| !v.is_nan())
        .fold((f64::MAX, f64::MIN), |(l, h), &v| (l.min(v), h.max(v)));
    if hi - lo < 1e-9 {
        return Vec::new();
    }
    values
        .iter()
        .map(|&v| {
            if v.is_nan() {
                0.0
            } else {
                (v - lo) / (hi - lo)
            }
        })
        .collect()
}

/// An index drawn with a chance in proportion to its weight (weights not
/// above 0, or not finite, count as 0). Where all weigh alike (or none is
/// above 0), drawn uniformly just as an unweighted playout draws, so that
/// a rule system without weights plays the very same playouts. `buf` is
/// scratch space.
fn weighted_pick(
    rng: &mut engine::GameRng,
    weights: impl Iterator<Item = f32>,
    buf: &mut Vec<f32>,
) -> usize {
    buf.clear();
    buf.extend(weights.map(|w| if w.is_finite() && w > 0.0 { w } else { 0.0 }));
    let total: f32 = buf.iter().sum();
    if total <= 0.0 || buf.iter().all(|&w| w == buf[0]) {
        return rng.random_range(0..buf.len());
    }
    let mut x = rng.random_range(0.0..total);
    for (i, &w) in buf.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    buf.iter().rposition(|&w| w > 0.0).unwrap_or(0)
}

/// The progressive bias of the root choice `a` after `visits` visits.
fn bias<A: PartialEq>(prior: &[f64], choices: &[A], a: &A, visits: u32) -> f64 {
    if prior.is_empty() {
        return 0.0;
    }
    choices
        .iter()
        .position(|c| c == a)
        .map_or(0.0, |k| prior[k] / (f64::from(visits) + 1.0))
}

impl Searched {
    /// The choices best first: most visited, then best mean, then first
    /// listed.
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.root.len()).collect();
        order.sort_by(|&a, &b| {
            let (va, ma) = self.root[a];
            let (vb, mb) = self.root[b];
            vb.cmp(&va).then(mb.total_cmp(&ma)).then(a.cmp(&b))
        });
        // The chosen one first (the same by construction).
        if let Some(p) = order.iter().position(|&i| i == self.index) {
            order[..=p].rotate_right(1);
        }
        order
    }
}

/// A seed for one decision, from a game's seed and the decision's number,
/// so that a game against the bot replays from its save.
pub fn decision_seed(game_seed: u64, decision: u64) -> u64 {
    let mut x = game_seed ^ decision.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xb07_5eed;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}
