//! The command-line commands.

pub mod odds;
pub mod replay;
pub mod simulate;

use std::path::PathBuf;
use std::process::ExitCode;

/// `fourfronts scenarios`: one `RULESET/ID  title` a line; broken files with their errors.
pub fn scenarios(dirs: &catalog::ScenarioDirs) -> ExitCode {
    for r in catalog::RULESETS.iter().filter(|r| !r.built) {
        println!("# {} ({}): not built yet", r.title, r.id);
    }
    let entries = catalog::discover(dirs);
    let mut broken = 0;
    for e in &entries {
        match &e.result {
            Ok(info) => println!("{}/{}  {}", e.ruleset, e.id, info.title),
            Err(errors) => {
                broken += 1;
                println!("{}/{}  BROKEN: {}", e.ruleset, e.id, e.path.display());
                for err in &errors.0 {
                    println!("    {err}");
                }
            }
        }
    }
    if entries.is_empty() {
        eprintln!("no scenarios found in {:?}", dirs.0);
        return ExitCode::FAILURE;
    }
    if broken > 0 {
        eprintln!("{broken} broken scenario file(s)");
    }
    ExitCode::SUCCESS
}

/// `fourfronts validate [PATH]...`: `file:line:column: problem` per error; exit 1 if any.
pub fn validate(paths: &[PathBuf]) -> ExitCode {
    let paths = if paths.is_empty() {
        vec![catalog::shipped_dir()]
    } else {
        paths.to_vec()
    };
    let mut count = 0;
    for p in &paths {
        for e in catalog::validate(p) {
            println!("{e}");
            count += 1;
        }
    }
    if count > 0 {
        eprintln!("{count} problem(s) found");
        ExitCode::FAILURE
    } else {
        eprintln!(
            "ok: no problems in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        ExitCode::SUCCESS
    }
}
