//! `fourfronts odds FILE`: verify a save like `replay`, then list every
//! choice open to the side (or sides) to decide, with its odds as that side
//! may know them (`Ruleset::odds`), or "no dice".

use engine::save::SaveFile;
use engine::{Decider, Ruleset, RulesetVisitor, Side};
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
    let result = catalog::with_scenario_id(
        dirs,
        &save.ruleset,
        &save.scenario,
        OddsReport { save: &save },
    );
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

struct OddsReport<'a> {
    save: &'a SaveFile,
}

/// The lines for one side's choices.
pub fn side_report<R: Ruleset>(r: &R, s: &R::State, side: Side) -> String {
    let mut out = format!(
        "{} to decide: {}\n",
        r.side_name(side),
        r.prompt_text(s, side)
    );
    let mut choices = Vec::new();
    r.choices(s, side, &mut choices);
    for (i, a) in choices.iter().enumerate() {
        let what = r.describe_action(s, side, a);
        match r.odds(s, side, a) {
            None => out.push_str(&format!("  {}. {what}: no dice\n", i + 1)),
            Some(o) => {
                out.push_str(&format!("  {}. {what} ({})\n", i + 1, o.method_text()));
                for d in &o.parts {
                    out.push_str(&format!("       {}: {}\n", d.subject, d.summary()));
                }
                for n in &o.notes {
                    out.push_str(&format!("       note: {n}\n"));
                }
            }
        }
    }
    out
}

impl RulesetVisitor for OddsReport<'_> {
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
        if let Some(o) = game.outcome() {
            out.push_str(&format!("game over: {}; no choices are open\n", o.reason));
            return Ok(out);
        }
        let sides: Vec<Side> = match game.to_decide() {
            Decider::One(side) => vec![side],
            Decider::Both => Side::BOTH.to_vec(),
            Decider::Nobody => Vec::new(),
        };
        for side in sides {
            out.push_str(&side_report(r, game.state(), side));
        }
        Ok(out)
    }
}
