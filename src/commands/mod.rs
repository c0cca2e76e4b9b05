//! The command-line commands.

pub mod duel;
pub mod odds;
pub mod replay;
pub mod simulate;

use engine::RulesetVisitor;
use engine::save::SaveFile;
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `replay` and `odds` share: reads the save file `file`, runs the
/// visitor `make` builds from it with the save's rule system and scenario,
/// and prints its report, or the error with the file's name.
pub fn with_save<V, E>(
    dirs: &catalog::ScenarioDirs,
    file: &Path,
    make: impl FnOnce(SaveFile) -> V,
) -> ExitCode
where
    V: RulesetVisitor<Output = Result<String, E>>,
    E: Display,
{
    let fail = |e: &dyn Display| {
        eprintln!("error: {}: {e}", file.display());
        ExitCode::FAILURE
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail(&format!("cannot read: {e}")),
    };
    let save = match SaveFile::parse(&text) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let (ruleset, scenario) = (save.ruleset.clone(), save.scenario.clone());
    match catalog::with_scenario_id(dirs, &ruleset, &scenario, make(save)) {
        Ok(Ok(report)) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => fail(&e),
        Err(e) => fail(&e),
    }
}

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
