//! Random legal games: choose uniformly among the prompt's choices until the
//! game ends, checking the rule system's invariants after every step.

use crate::game::Game;
use crate::ruleset::{Decider, Options, Outcome, Ruleset, Side};
use rand::RngExt;
use std::time::Instant;

/// One random step: a choice of the side to decide (side A where both may)
/// drawn at random, each with the same chance (`Game::apply_random`), and
/// applied. Returns that side and the step's
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
    let events = game.apply_random(side, rng)?.to_vec();
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
        if game.apply_random(side, &mut chooser).is_none() {
            let side = game.rules().side_name(side).to_string();
            fail!(RunFailure::NoChoices { step, side });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{OptionSpec, SetupError};

    /// A toy game of sums: the side to decide adds one of its choices
    /// (how many depends on the sum so far, the last sometimes both sides'
    /// at once) until the sum passes 60.
    #[derive(Clone)]
    struct Sums;

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Tally {
        sum: u32,
        turn: Side,
    }

    impl Ruleset for Sums {
        type State = Tally;
        type Action = u32;
        type View = Tally;
        type Event = u32;
        fn id(&self) -> &'static str {
            "sums"
        }
        fn scenario_id(&self) -> &str {
            "sums"
        }
        fn scenario_digest(&self) -> u64 {
            0
        }
        fn side_name(&self, side: Side) -> &str {
            if side == Side::A { "Odd" } else { "Even" }
        }
        fn option_specs(&self) -> Vec<OptionSpec> {
            Vec::new()
        }
        fn setup(&self, _: &Options, seed: u64) -> Result<Tally, SetupError> {
            Ok(Tally {
                sum: (seed % 3) as u32,
                turn: Side::A,
            })
        }
        fn to_decide(&self, s: &Tally) -> Decider {
            if s.sum > 60 {
                Decider::Nobody
            } else if s.sum % 7 == 3 {
                Decider::Both
            } else {
                Decider::One(s.turn)
            }
        }
        fn choices(&self, s: &Tally, side: Side, out: &mut Vec<u32>) {
            if self.to_decide(s).includes(side) {
                out.extend(1..=(2 + s.sum % 5));
            }
        }
        fn prompt_text(&self, _: &Tally, _: Side) -> String {
            "add".into()
        }
        fn apply_legal(&self, s: &mut Tally, _: Side, a: &u32, events: &mut Vec<u32>) {
            s.sum += a;
            s.turn = s.turn.other();
            events.push(s.sum);
        }
        fn view(&self, s: &Tally, _: Option<Side>) -> Tally {
            s.clone()
        }
        fn outcome(&self, s: &Tally) -> Option<Outcome> {
            (s.sum > 60).then(|| Outcome {
                winner: Some(if s.sum % 2 == 1 { Side::A } else { Side::B }),
                reason: "past 60".into(),
            })
        }
        fn ends_undo(&self, _: &u32) -> bool {
            false
        }
        fn check_invariants(&self, _: &Tally) -> Result<(), String> {
            Ok(())
        }
        fn describe_action(&self, _: &Tally, _: Side, a: &u32) -> String {
            format!("add {a}")
        }
        fn describe_events(&self, _: &Tally, e: &[u32], _: Option<Side>) -> Vec<Option<String>> {
            e.iter().map(|n| Some(format!("{n}"))).collect()
        }
    }

    /// A rule system that keeps the default `random_choice` plays the same
    /// random games as the runner always did, draw for draw: the listing,
    /// then one `random_range` over it, then the choice by its place.
    #[test]
    fn the_default_draw_plays_the_same_games_as_the_listing() {
        let mut both = 0;
        for seed in 0..40 {
            let new = random_game(Sums, &Options::new(), seed, &RunSettings::default())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // The runner as it was: list, pick an index, apply it.
            let mut old = Game::new(Sums, Options::new(), seed).unwrap();
            let mut chooser = crate::rng_from_seed(seed ^ 0x5eed_c401_ce5a_11ed);
            loop {
                let side = match old.to_decide() {
                    Decider::One(side) => side,
                    Decider::Both => {
                        both += 1;
                        if chooser.random_bool(0.5) {
                            Side::A
                        } else {
                            Side::B
                        }
                    }
                    Decider::Nobody => break,
                };
                let count = old.legal_choices(side).len();
                let pick = chooser.random_range(0..count);
                old.apply_choice(side, pick).unwrap();
            }
            assert_eq!(new.game.history(), old.history(), "seed {seed}");
            assert_eq!(new.game.state(), old.state(), "seed {seed}");
            assert!(new.steps > 10, "seed {seed}: {} steps", new.steps);
        }
        assert!(both > 10, "both sides could decide only {both} times");
    }

    /// `random_step` too: the same steps as listing and picking by index
    /// with the same generator.
    #[test]
    fn random_steps_pick_as_the_listing_did() {
        let mut game = Game::new(Sums, Options::new(), 1).unwrap();
        let mut old = game.clone();
        let mut rng = crate::rng_from_seed(5);
        let mut again = crate::rng_from_seed(5);
        while let Some((side, events)) = random_step(&mut game, &mut rng) {
            let count = old.legal_choices(side).len();
            let pick = again.random_range(0..count);
            let old_events = old.apply_choice(side, pick).unwrap().to_vec();
            assert_eq!(events, old_events);
            assert_eq!(game.state(), old.state());
        }
        assert!(game.outcome().is_some());
        assert_eq!(game.history(), old.history());
    }

    /// A drawn choice is applied only when there is one: nobody to decide
    /// draws nothing and changes nothing.
    #[test]
    fn nothing_is_drawn_without_choices() {
        let mut game = Game::new(Sums, Options::new(), 0).unwrap();
        let mut rng = crate::rng_from_seed(0);
        let before = game.state().clone();
        assert!(game.apply_random(Side::B, &mut rng).is_none());
        assert_eq!(game.state(), &before);
        assert!(game.history().is_empty());
        assert!(game.apply_random(Side::A, &mut rng).is_some());
        assert_eq!(game.history().len(), 1);
    }
}
