//! Games between two players, with the seats swapped every other game:
//! what `fourfronts duel` and the `duel` example run.

use crate::{Player, Recent, decision_seed};
use engine::{Decider, Game, Options, Ruleset, Side};
use std::fmt;
use std::time::Instant;

/// A duel: players `a` and `b`, `games` games from seed `seed` (game `g`
/// has seed `seed + g`; `a` holds side A in even games, side B in odd).
#[derive(Clone, Debug)]
pub struct DuelSettings {
    pub a: Player,
    pub b: Player,
    pub games: u32,
    pub seed: u64,
    pub options: Options,
    /// A game still going after this many decisions counts as a draw.
    pub max_steps: usize,
    /// Check the rules' invariants after every step (a broken one is an
    /// error).
    pub check_invariants: bool,
}

/// How one game of a duel ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub game: u32,
    pub seed: u64,
    /// The side player `a` held.
    pub a_side: Side,
    /// `Some(true)`: `a` won; `Some(false)`: `b` won; `None`: a draw.
    pub a_won: Option<bool>,
    pub reason: String,
    pub steps: usize,
}

/// What a duel came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DuelSummary {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    /// Milliseconds per decision with more than one choice.
    pub a_ms_per_decision: f64,
    pub b_ms_per_decision: f64,
    /// Search iterations per decision with more than one choice (0 for
    /// the baselines).
    pub a_iterations_per_decision: f64,
    pub b_iterations_per_decision: f64,
}

impl fmt::Display for DuelSummary {
    /// The last line `fourfronts duel` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "summary: games={} a_wins={} b_wins={} draws={} a_ms_per_decision={:.2} b_ms_per_decision={:.2}",
            self.games,
            self.a_wins,
            self.b_wins,
            self.draws,
            self.a_ms_per_decision,
            self.b_ms_per_decision
        )
    }
}

/// `player` plays two complete games against the random player (one on
/// each side, seed 7), with the invariants checked after every step: the
/// rule crates' test that the bot plays a scenario to its end. An error
/// names a game still going after `max_steps` decisions, or what `duel`
/// stopped on.
pub fn plays_to_the_end<R: Ruleset>(
    rules: &R,
    player: Player,
    max_steps: usize,
) -> Result<DuelSummary, String> {
    let settings = DuelSettings {
        a: player,
        b: Player::new(crate::PlayerKind::Random, crate::Budget::Iterations(1)),
        games: 2,
        seed: 7,
        options: Options::new(),
        max_steps,
        check_invariants: true,
    };
    let mut unfinished = None;
    let summary = duel(rules, &settings, |g| {
        if unfinished.is_none() && g.reason.starts_with("not over") {
            unfinished = Some(format!(
                "{}: game {} {}",
                rules.scenario_id(),
                g.game,
                g.reason
            ));
        }
    })
    .map_err(|e| format!("{}: {e}", rules.scenario_id()))?;
    match unfinished {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Plays the duel, calling `each` after every game. An error (a setup that
/// fails, a broken invariant, a side asked with no choice, a listed choice
/// refused) stops it and names the game and step.
pub fn duel<R: Ruleset>(
    rules: &R,
    settings: &DuelSettings,
    mut each: impl FnMut(&GameResult),
) -> Result<DuelSummary, String> {
    let mut summary = DuelSummary {
        games: settings.games,
        ..DuelSummary::default()
    };
    let mut time = [0f64; 2];
    let mut decisions = [0u64; 2];
    let mut iterations = [0u64; 2];
    for g in 0..settings.games {
        let seed = settings.seed.wrapping_add(u64::from(g));
        let a_side = if g % 2 == 0 { Side::A } else { Side::B };
        let mut game = Game::new(rules.clone(), settings.options.clone(), seed)
            .map_err(|e| format!("game {g} (seed {seed}): setup failed: {e}"))?;
        let fail =
            |step: usize, what: String| format!("game {g} (seed {seed}) step {step}: {what}");
        if settings.check_invariants {
            rules
                .check_invariants(game.state())
                .map_err(|e| fail(0, format!("invariant broken: {e}")))?;
        }
        let mut steps = 0usize;
        let mut recent = Recent::default();
        let outcome = loop {
            if let Some(o) = game.outcome() {
                break Some(o);
            }
            if steps >= settings.max_steps {
                break None;
            }
            let side = match game.to_decide() {
                Decider::One(s) => s,
                Decider::Both => Side::A,
                Decider::Nobody => return Err(fail(steps, "nobody decides, no outcome".into())),
            };
            let seat = usize::from(side != a_side);
            let player = if seat == 0 { &settings.a } else { &settings.b };
            let choices = game.legal_choices(side).to_vec();
            if choices.is_empty() {
                return Err(fail(steps, format!("{side:?} is asked but has no choice")));
            }
            let started = Instant::now();
            let (index, searched) = player.choose_counted(
                rules,
                game.state(),
                side,
                &choices,
                decision_seed(seed, steps as u64),
                &recent,
            );
            if choices.len() > 1 {
                time[seat] += started.elapsed().as_secs_f64() * 1000.0;
                decisions[seat] += 1;
                iterations[seat] += u64::from(searched);
            }
            // The list is still the game's own (`choose` only reads).
            game.legal_choices(side);
            let before = game.state().clone();
            let events = game
                .apply_choice(side, index)
                .map_err(|e| fail(steps, format!("a listed choice was refused: {e}")))?;
            recent.note(rules, &before, side, events);
            steps += 1;
            if settings.check_invariants {
                rules
                    .check_invariants(game.state())
                    .map_err(|e| fail(steps, format!("invariant broken: {e}")))?;
            }
        };
        let (a_won, reason) = match outcome {
            Some(o) => (o.winner.map(|w| w == a_side), o.reason),
            None => (
                None,
                format!("not over after {} decisions", settings.max_steps),
            ),
        };
        match a_won {
            Some(true) => summary.a_wins += 1,
            Some(false) => summary.b_wins += 1,
            None => summary.draws += 1,
        }
        each(&GameResult {
            game: g,
            seed,
            a_side,
            a_won,
            reason,
            steps,
        });
    }
    summary.a_ms_per_decision = time[0] / (decisions[0].max(1) as f64);
    summary.b_ms_per_decision = time[1] / (decisions[1].max(1) as f64);
    summary.a_iterations_per_decision = iterations[0] as f64 / (decisions[0].max(1) as f64);
    summary.b_iterations_per_decision = iterations[1] as f64 / (decisions[1].max(1) as f64);
    Ok(summary)
}

/// The duel as a [`engine::RulesetVisitor`], for whatever rule system a
/// command names (`catalog::with_scenario_id`): prints one line per game
/// (unless `quiet`) and returns the summary.
pub struct DuelVisitor {
    pub settings: DuelSettings,
    pub quiet: bool,
}

impl DuelSummary {
    /// The line `fourfronts duel` prints before the summary: the search's
    /// iterations per decision.
    pub fn iterations_line(&self) -> String {
        format!(
            "iterations: a_per_decision={:.0} b_per_decision={:.0}",
            self.a_iterations_per_decision, self.b_iterations_per_decision
        )
    }
}

impl engine::RulesetVisitor for DuelVisitor {
    type Output = Result<DuelSummary, String>;
    fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
        let quiet = self.quiet;
        duel(&rules, &self.settings, |g| {
            if !quiet {
                let who = match g.a_won {
                    Some(true) => "a wins",
                    Some(false) => "b wins",
                    None => "draw",
                };
                println!(
                    "game {} seed {} a={} {}: {} after {} decisions ({})",
                    g.game,
                    g.seed,
                    rules.side_name(g.a_side),
                    if g.a_side == Side::A {
                        "(side A)"
                    } else {
                        "(side B)"
                    },
                    who,
                    g.steps,
                    g.reason
                );
            }
        })
    }
}
