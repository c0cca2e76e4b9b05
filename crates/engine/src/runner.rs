//! Random legal games: choose uniformly among the prompt's choices until the
//! game ends, checking the rule system's invariants after every step.

use crate::game::Game;
use crate::ruleset::{Decider, Options, Outcome, Ruleset, Side};
use rand::RngExt;
use std::time::Instant;

/// One random step: a listed choice of the side to decide (side A where both
/// may) taken at random and applied. Returns that side and the step's
/// events, or `None` once nobody is to decide.
pub fn random_step<R: Ruleset>(
    game: &mut Game<R>,
    rng: &mut crate::GameRng,
) -> Option<(Side, Vec<R::Event>)> {
    let side = match game.to_decide() {
        Decider::One(side) => side,
        Decider::Both => Side::A,
        Decider::Nobody => return None,
    };
    let count = game.legal_choices(side).len();
    if count == 0 {
        return None;
    }
    let pick = rng.random_range(0..count);
    let events = game.apply_choice(side, pick).ok()?.to_vec();
    Some((side, events))
}

/// Everything `viewer` reads of a position after a step: the prompt, its
/// choices in words (when the viewer decides) and the step's log lines. What
/// the secrecy tests (`texts_keep_secrets`) compare.
pub fn texts_read<R: Ruleset>(
    r: &R,
    s: &R::State,
    events: &[R::Event],
    viewer: Side,
) -> (String, Vec<String>, Vec<Option<String>>) {
    let mut choices = Vec::new();
    r.choices(s, viewer, &mut choices);
    (
        r.prompt_text(s, viewer),
        choices
            .iter()
            .map(|a| r.describe_action(s, viewer, a))
            .collect(),
        r.describe_events(s, events, Some(viewer)),
    )
}

/// Settings for one random game.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// A game not over after this many decisions counts as a failure.
    pub max_steps: usize,
    pub check_invariants: bool,
    /// Record how long decision steps (choices + apply + undo bookkeeping)
    /// take: every 16th step is timed, so that reading the clock does not
    /// weigh on the games it measures (the median of a regular sample is the
    /// median of all steps).
    pub time_steps: bool,
    /// Also feed `apply` random values for the parameterised choices
    /// (`Ruleset::offers`), in and past their limits, half the time there
    /// are any: each must be applied or refused with the state unchanged.
    pub fuzz_offers: bool,
}

impl Default for RunSettings {
    fn default() -> Self {
        RunSettings {
            max_steps: 200_000,
            check_invariants: true,
            time_steps: false,
            fuzz_offers: false,
        }
    }
}

/// A random game that ended.
pub struct Finished<R: Ruleset> {
    pub game: Game<R>,
    pub outcome: Outcome,
    pub steps: usize,
    /// Nanoseconds per decision step, when timed.
    pub step_ns: Vec<u32>,
}

/// A random game that failed, with the game as far as it got (for its save file).
pub struct Failed<R: Ruleset> {
    pub game: Option<Box<Game<R>>>,
    pub failure: RunFailure,
}

/// Why a random game failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunFailure {
    #[error("setup failed: {0}")]
    Setup(String),
    #[error("step {step}: invariant broken: {message}")]
    Invariant { step: usize, message: String },
    #[error("step {step}: {side} must decide but has no choices")]
    NoChoices { step: usize, side: String },
    #[error("step {step}: a listed choice was refused: {message}")]
    ChoiceRefused { step: usize, message: String },
    #[error("step {step}: nobody is to decide but the game has no outcome")]
    Stuck { step: usize },
    #[error("step {step}: a refused value changed the state: {message}")]
    RefusalChangedState { step: usize, message: String },
    #[error("the game did not end within {steps} steps")]
    TooLong { steps: usize },
}

/// Plays one random legal game. `seed` seeds the rules; the choices come from a
/// second generator seeded from it, so a seed names one whole game.
pub fn random_game<R: Ruleset>(
    rules: R,
    options: &Options,
    seed: u64,
    settings: &RunSettings,
) -> Result<Finished<R>, RunFailure> {
    random_game_kept(rules, options, seed, settings).map_err(|f| f.failure)
}

/// Like [`random_game`], but a failure keeps the game as far as it got.
pub fn random_game_kept<R: Ruleset>(
    rules: R,
    options: &Options,
    seed: u64,
    settings: &RunSettings,
) -> Result<Finished<R>, Failed<R>> {
    let game = Game::new(rules, options.clone(), seed).map_err(|e| Failed {
        game: None,
        failure: RunFailure::Setup(e.to_string()),
    })?;
    play(game, seed, settings)
}

fn play<R: Ruleset>(
    mut game: Game<R>,
    seed: u64,
    settings: &RunSettings,
) -> Result<Finished<R>, Failed<R>> {
    macro_rules! fail {
        ($f:expr) => {{
            let failure = $f;
            return Err(Failed {
                game: Some(Box::new(game)),
                failure,
            });
        }};
    }
    let mut chooser = crate::rng_from_seed(seed ^ 0x5eed_c401_ce5a_11ed);
    let mut step_ns = Vec::new();
    if settings.check_invariants
        && let Err(message) = game.rules().check_invariants(game.state())
    {
        fail!(RunFailure::Invariant { step: 0, message });
    }
    for step in 1..=settings.max_steps {
        let started = (settings.time_steps && step % 16 == 0).then(Instant::now);
        let side = match game.to_decide() {
            Decider::One(side) => side,
            Decider::Both => {
                if chooser.random_bool(0.5) {
                    Side::A
                } else {
                    Side::B
                }
            }
            Decider::Nobody => {
                return match game.outcome() {
                    Some(outcome) => Ok(Finished {
                        game,
                        outcome,
                        steps: step - 1,
                        step_ns,
                    }),
                    None => fail!(RunFailure::Stuck { step }),
                };
            }
        };
        if settings.fuzz_offers && chooser.random_bool(0.5) {
            let offers = game.rules().offers(game.state(), side);
            if !offers.is_empty() {
                let offer = &offers[chooser.random_range(0..offers.len())];
                let value = offer.param.sample(&mut chooser);
                if let Some(action) = offer.action(value) {
                    let before = game.state().clone();
                    if let Err(e) = game.apply(side, action)
                        && game.state() != &before
                    {
                        fail!(RunFailure::RefusalChangedState {
                            step,
                            message: e.to_string(),
                        });
                    }
                    if settings.check_invariants
                        && let Err(message) = game.rules().check_invariants(game.state())
                    {
                        fail!(RunFailure::Invariant { step, message });
                    }
                    continue;
                }
            }
        }
        let count = game.legal_choices(side).len();
        if count == 0 {
            let side = game.rules().side_name(side).to_string();
            fail!(RunFailure::NoChoices { step, side });
        }
        let pick = chooser.random_range(0..count);
        if let Err(e) = game.apply_choice(side, pick) {
            fail!(RunFailure::ChoiceRefused {
                step,
                message: e.to_string(),
            });
        }
        if let Some(started) = started {
            step_ns.push(started.elapsed().as_nanos().min(u32::MAX as u128) as u32);
        }
        if settings.check_invariants
            && let Err(message) = game.rules().check_invariants(game.state())
        {
            fail!(RunFailure::Invariant { step, message });
        }
    }
    match game.outcome() {
        Some(outcome) => {
            let steps = game.history().len();
            Ok(Finished {
                game,
                outcome,
                steps,
                step_ns,
            })
        }
        None => fail!(RunFailure::TooLong {
            steps: settings.max_steps,
        }),
    }
}

/// The median of a list of timings (0 for an empty list).
pub fn median(values: &mut [u32]) -> u32 {
    if values.is_empty() {
        return 0;
    }
    let mid = values.len() / 2;
    *values.select_nth_unstable(mid).1
}

/// What [`speed_run`] measured.
#[derive(Clone, Debug)]
pub struct SpeedSummary {
    pub games: u64,
    pub steps: u64,
    pub games_per_s: f64,
    pub median_step_us: f64,
}

impl std::fmt::Display for SpeedSummary {
    /// The same summary line as `fourfronts simulate`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "summary: games={} steps={} games_per_s={:.1} median_step_us={:.3}",
            self.games, self.steps, self.games_per_s, self.median_step_us
        )
    }
}

/// Plays `games` random games (seeds 0, 1, ...) with steps timed, for the
/// speed examples of the rule crates; a failed game is an error.
pub fn speed_run<R: Ruleset>(
    rules: R,
    options: &Options,
    games: u64,
    check_invariants: bool,
) -> Result<SpeedSummary, String> {
    let settings = RunSettings {
        time_steps: true,
        check_invariants,
        ..RunSettings::default()
    };
    let started = Instant::now();
    let mut steps = 0u64;
    let mut ns: Vec<u32> = Vec::new();
    for seed in 0..games {
        let mut f = random_game(rules.clone(), options, seed, &settings)
            .map_err(|e| format!("seed {seed}: {e}"))?;
        steps += f.steps as u64;
        ns.append(&mut f.step_ns);
    }
    let secs = started.elapsed().as_secs_f64();
    Ok(SpeedSummary {
        games,
        steps,
        games_per_s: games as f64 / secs.max(1e-9),
        median_step_us: median(&mut ns) as f64 / 1000.0,
    })
}

/// The body of the rule crates' speed examples (`examples/speed_<id>.rs`):
/// `games` random games, printing the summary line `fourfronts simulate
/// --quiet` prints. With `NO_INVARIANTS` set the invariants are not
/// checked; with `OUTCOMES` set it prints instead how the games ended (each
/// outcome's winner and the start of its reason, counted).
pub fn speed_example<R: Ruleset>(rules: R, games: u64) {
    if std::env::var_os("OUTCOMES").is_some() {
        let mut reasons = std::collections::BTreeMap::<String, u32>::new();
        for seed in 0..games {
            let f = random_game(
                rules.clone(),
                &Options::new(),
                seed,
                &RunSettings::default(),
            )
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let reason: String = f.outcome.reason.chars().take(60).collect();
            let winner = f.outcome.winner.map_or("draw", |w| rules.side_name(w));
            *reasons.entry(format!("{winner}: {reason}")).or_default() += 1;
        }
        for (k, n) in reasons {
            println!("{n:5}  {k}");
        }
        return;
    }
    let check = std::env::var_os("NO_INVARIANTS").is_none();
    match speed_run(rules, &Options::new(), games, check) {
        Ok(summary) => println!("{summary}"),
        Err(e) => panic!("{e}"),
    }
}
