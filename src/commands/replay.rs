//! `fourfronts replay FILE`: verify a save and say where the game stands.

use engine::save::SaveFile;
use engine::{Decider, Ruleset, RulesetVisitor};
use std::path::Path;
use std::process::ExitCode;

pub fn run(dirs: &catalog::ScenarioDirs, file: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: cannot read: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let save = match SaveFile::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let result =
        catalog::with_scenario_id(dirs, &save.ruleset, &save.scenario, Replay { save: &save });
    match result {
        Ok(Ok(report)) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            ExitCode::FAILURE
        }
    }
}

struct Replay<'a> {
    save: &'a SaveFile,
}

impl RulesetVisitor for Replay<'_> {
    type Output = Result<String, engine::save::SaveError>;

    fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
        let game = self.save.replay(rules)?;
        let r = game.rules();
        let mut out = format!(
            "ok: {} decisions replayed and verified ({} / {}, seed {})\n",
            game.history().len(),
            self.save.ruleset,
            self.save.scenario,
            self.save.seed
        );
        match game.outcome() {
            Some(o) => {
                let who = o
                    .winner
                    .map(|s| r.side_name(s).to_string())
                    .unwrap_or_else(|| "nobody (draw)".into());
                out.push_str(&format!("game over: winner {who}: {}\n", o.reason));
            }
            None => match game.to_decide() {
                Decider::One(side) => out.push_str(&format!(
                    "to decide: {}: {}\n",
                    r.side_name(side),
                    r.prompt_text(game.state(), side)
                )),
                Decider::Both => out.push_str("to decide: both sides\n"),
                Decider::Nobody => out.push_str("nobody is to decide\n"),
            },
        }
        Ok(out)
    }
}
