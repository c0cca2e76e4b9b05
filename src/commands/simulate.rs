//! `fourfronts simulate`: random legal games, with their speed.

use engine::runner::{RunSettings, median, random_game_kept};
use engine::save::SaveFile;
use engine::{Options, Ruleset, RulesetVisitor};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    ruleset: String,
    #[arg(long)]
    scenario: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write each game's save file into this folder.
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    /// An optional rule, as KEY=true or KEY=false (repeatable).
    #[arg(long = "option", value_name = "KEY=BOOL")]
    options: Vec<String>,
    /// A game still going after this many decisions counts as a failure.
    #[arg(long, default_value_t = 200_000)]
    max_steps: usize,
    /// Skip the invariant checks after each step (to time the rules alone).
    #[arg(long)]
    no_invariants: bool,
    /// Print only the summary line.
    #[arg(long)]
    quiet: bool,
}

pub fn parse_options(raw: &[String]) -> Result<Options, String> {
    let mut options = Options::new();
    for o in raw {
        let (k, v) = o
            .split_once('=')
            .ok_or_else(|| format!("option \"{o}\" is not KEY=true or KEY=false"))?;
        let v: bool = v
            .parse()
            .map_err(|_| format!("option \"{o}\": the value must be true or false"))?;
        options.insert(k.to_string(), v);
    }
    Ok(options)
}

pub fn run(dirs: &catalog::ScenarioDirs, args: &Args) -> ExitCode {
    let options = match parse_options(&args.options) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.save_dir
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("error: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    match catalog::with_scenario_id(
        dirs,
        &args.ruleset,
        &args.scenario,
        Simulate { args, options },
    ) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

struct Simulate<'a> {
    args: &'a Args,
    options: Options,
}

impl RulesetVisitor for Simulate<'_> {
    type Output = ExitCode;

    fn visit<R: Ruleset>(self, rules: R) -> ExitCode {
        simulate(rules, self.args, &self.options)
    }
}

fn simulate<R: Ruleset>(rules: R, args: &Args, options: &Options) -> ExitCode {
    let settings = RunSettings {
        max_steps: args.max_steps,
        check_invariants: !args.no_invariants,
        time_steps: true,
        fuzz_offers: false,
    };
    let mut step_ns: Vec<u32> = Vec::new();
    let mut total_steps = 0u64;
    let mut failures = 0;
    let started = Instant::now();
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i);
        let r = rules.clone();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            random_game_kept(r, options, seed, &settings)
        }));
        match result {
            Ok(Ok(mut finished)) => {
                total_steps += finished.steps as u64;
                step_ns.append(&mut finished.step_ns);
                if !args.quiet {
                    let winner = match finished.outcome.winner {
                        Some(side) => rules.side_name(side).to_string(),
                        None => "draw".to_string(),
                    };
                    println!(
                        "game {i}: seed {seed} winner {winner} steps {} ({})",
                        finished.steps, finished.outcome.reason
                    );
                }
                if let Some(dir) = &args.save_dir {
                    let path = dir.join(format!("game-{i}-seed-{seed}.json"));
                    if let Err(e) =
                        std::fs::write(&path, SaveFile::of_game(&finished.game).to_json())
                    {
                        eprintln!("error: cannot write {}: {e}", path.display());
                        failures += 1;
                    }
                }
            }
            Ok(Err(failed)) => {
                failures += 1;
                println!("game {i}: seed {seed} FAILED: {}", failed.failure);
                if let (Some(dir), Some(game)) = (&args.save_dir, &failed.game) {
                    let path = dir.join(format!("game-{i}-seed-{seed}-FAILED.json"));
                    match std::fs::write(&path, SaveFile::of_game(game).to_json()) {
                        Ok(()) => {
                            println!("game {i}: the failed game is saved in {}", path.display())
                        }
                        Err(e) => eprintln!("error: cannot write {}: {e}", path.display()),
                    }
                }
            }
            Err(panic) => {
                failures += 1;
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".to_string());
                println!("game {i}: seed {seed} PANICKED: {msg}");
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let med = median(&mut step_ns) as f64 / 1000.0;
    println!(
        "summary: games={} steps={} games_per_s={:.1} median_step_us={:.3}",
        args.games,
        total_steps,
        args.games as f64 / secs.max(1e-9),
        med
    );
    if failures > 0 {
        eprintln!("{failures} game(s) failed");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
