//! Four Fronts 1918: the game, and its command line.
//!
//! Until the game window exists, running without a command prints the help.

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
    Replay { file: PathBuf },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let dirs = catalog::ScenarioDirs::with(cli.scenarios.clone());
    match cli.command {
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_long_help();
            ExitCode::SUCCESS
        }
        Some(Command::Scenarios) => commands::scenarios(&dirs),
        Some(Command::Validate { paths }) => commands::validate(&paths),
        Some(Command::Simulate(args)) => commands::simulate::run(&dirs, &args),
        Some(Command::Replay { file }) => commands::replay::run(&dirs, &file),
    }
}
