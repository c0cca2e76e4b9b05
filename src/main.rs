//! Four Fronts 1918: the game, and its command line.
//!
//! Without a command it opens the game window.

mod commands;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "fourfronts",
    version,
    about = "Four Fronts 1918: four wargames of the 1918–1920 civil wars, played hot-seat"
)]
struct Cli {
    /// A folder of your own scenarios, looked at besides the shipped ones.
    #[arg(long, global = true, value_name = "DIR")]
    scenarios: Option<PathBuf>,
    /// Where saves and the input settings are kept (default: the platform's
    /// data folder, e.g. ~/.local/share/fourfronts).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Take screenshots of the launcher, of every scenario's board and of a
    /// game in progress in each rule system into DIR, then quit (exit status
    /// 1 if an image is blank).
    #[arg(long, value_name = "DIR")]
    screenshots: Option<PathBuf>,
    /// Print the time to the first launcher frame, then play the largest
    /// scenario and print frame times and memory, then quit.
    #[arg(long)]
    measure: bool,
    /// Frames to time with --measure.
    #[arg(long, default_value_t = 600)]
    measure_frames: usize,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List every scenario found, and every broken scenario file with its errors.
    Scenarios,
    /// Check scenario files or folders (default: all shipped scenarios).
    Validate { paths: Vec<PathBuf> },
    /// Play random legal games to the end, checking the rules' invariants.
    Simulate(commands::simulate::Args),
    /// Check a save file by replaying it, and say where the game stands.
    Replay {
        file: PathBuf,
        /// Also print the game's log as one side read it at the table
        /// (its name as the scenario gives it, or A / B).
        #[arg(long, value_name = "SIDE")]
        log: Option<String>,
    },
    /// Replay a save like `replay`, then list every choice open to the side
    /// to decide with its odds (no effect / steps / destroyed), as that side
    /// may know them, or "no dice".
    Odds { file: PathBuf },
    /// Games between two players (mcts, greedy, random), seats swapped
    /// every other game; the last line sums them up.
    Duel(commands::duel::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let dirs = catalog::ScenarioDirs::with(cli.scenarios.clone());
    match cli.command {
        None => play(&cli, dirs),
        Some(Command::Scenarios) => commands::scenarios(&dirs),
        Some(Command::Validate { paths }) => commands::validate(&paths),
        Some(Command::Simulate(args)) => commands::simulate::run(&dirs, &args),
        Some(Command::Replay { file, log }) => commands::replay::run(&dirs, &file, log.as_deref()),
        Some(Command::Odds { file }) => commands::odds::run(&dirs, &file),
        Some(Command::Duel(args)) => commands::duel::run(&dirs, &args),
    }
}

/// Opens the game window (or runs one of its scripts).
fn play(cli: &Cli, dirs: catalog::ScenarioDirs) -> ExitCode {
    let data_dir = cli.data_dir.clone().unwrap_or_else(app::saves::data_dir);
    let mut config = app::AppConfig::new(dirs, data_dir);
    if let Some(dir) = &cli.screenshots {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: cannot create {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        let mut scenarios: Vec<(String, String)> = catalog::discover(&config.scenario_dirs)
            .into_iter()
            .filter(|e| e.result.is_ok())
            .map(|e| (e.ruleset.to_string(), e.id))
            .collect();
        scenarios.dedup();
        config.playout_seconds = 0.0;
        config.script = app::script::Script::Screenshots {
            dir: dir.clone(),
            scenarios,
        };
    } else if cli.measure {
        config.playout_seconds = 0.0;
        config.script = app::script::Script::Measure {
            scenario: "narva".into(),
            frames: cli.measure_frames,
        };
    }
    match app::run(config) {
        app::AppExit::Success => ExitCode::SUCCESS,
        app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}
