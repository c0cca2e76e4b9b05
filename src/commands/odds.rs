//! `fourfronts odds FILE`: verify a save like `replay`, then list every
//! choice open to the side (or sides) to decide, with its odds as that side
//! may know them (`Ruleset::odds`), or "no dice".

use engine::save::SaveFile;
use engine::{Decider, Ruleset, RulesetVisitor, Side};
use std::path::Path;
use std::process::ExitCode;

pub fn run(dirs: &catalog::ScenarioDirs, file: &Path) -> ExitCode {
    super::with_save(dirs, file, |save| OddsReport { save })
}

struct OddsReport {
    save: SaveFile,
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

impl RulesetVisitor for OddsReport {
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
