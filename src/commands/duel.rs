//! `fourfronts duel`: games between two players (the computer opponent
//! and its baselines), seats swapped every other game, for measuring the
//! bot's strength (issue 20, docs/bot.md). The loop itself is
//! `bot::duel`, shared with the `duel` example of `crates/bot`.

use bot::{Budget, DuelSettings, DuelVisitor, Player, PlayerKind};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    ruleset: String,
    #[arg(long)]
    scenario: String,
    /// Player a: random, greedy or mcts.
    #[arg(long, default_value = "mcts")]
    a: String,
    /// Player b: random, greedy or mcts.
    #[arg(long, default_value = "random")]
    b: String,
    #[arg(long, default_value_t = 10)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Milliseconds of thought per decision for the search (each player).
    #[arg(long, conflicts_with = "iterations")]
    ms: Option<u64>,
    /// Search iterations per decision (each player): the games replay
    /// exactly from their seed.
    #[arg(long)]
    iterations: Option<u32>,
    /// Player b's budget, when it differs: milliseconds...
    #[arg(long, conflicts_with = "b_iterations")]
    b_ms: Option<u64>,
    /// ...or iterations.
    #[arg(long)]
    b_iterations: Option<u32>,
    /// An optional rule, as KEY=true or KEY=false (repeatable).
    #[arg(long = "option", value_name = "KEY=BOOL")]
    options: Vec<String>,
    /// A game still going after this many decisions counts as a draw.
    #[arg(long, default_value_t = 100_000)]
    max_steps: usize,
    /// Check the rules' invariants after every step.
    #[arg(long)]
    invariants: bool,
    /// Print only the summary line.
    #[arg(long)]
    quiet: bool,
}

pub fn run(dirs: &catalog::ScenarioDirs, args: &Args) -> ExitCode {
    let parsed = (|| -> Result<DuelSettings, String> {
        let a: PlayerKind = args.a.parse()?;
        let b: PlayerKind = args.b.parse()?;
        let budget = match (args.ms, args.iterations) {
            (Some(ms), _) => Budget::Millis(ms),
            (None, Some(i)) => Budget::Iterations(i),
            (None, None) => Budget::Millis(100),
        };
        let b_budget = match (args.b_ms, args.b_iterations) {
            (Some(ms), _) => Budget::Millis(ms),
            (None, Some(i)) => Budget::Iterations(i),
            (None, None) => budget,
        };
        Ok(DuelSettings {
            a: Player::new(a, budget),
            b: Player::new(b, b_budget),
            games: args.games,
            seed: args.seed,
            options: super::simulate::parse_options(&args.options)?,
            max_steps: args.max_steps,
            check_invariants: args.invariants,
        })
    })();
    let settings = match parsed {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let visitor = DuelVisitor {
        settings,
        quiet: args.quiet,
    };
    match catalog::with_scenario_id(dirs, &args.ruleset, &args.scenario, visitor) {
        Ok(Ok(summary)) => {
            println!("{}", summary.iterations_line());
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
