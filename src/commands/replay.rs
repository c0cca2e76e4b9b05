//! `fourfronts replay FILE [--log SIDE]`: verify a save and say where the
//! game stands; with `--log`, first print the log as that side read it.

use engine::save::SaveFile;
use engine::{Decider, Game, Ruleset, RulesetVisitor, Side};
use std::path::Path;
use std::process::ExitCode;

pub fn run(dirs: &catalog::ScenarioDirs, file: &Path, log: Option<&str>) -> ExitCode {
    super::with_save(dirs, file, |save| Replay { save, log })
}

struct Replay<'a> {
    save: SaveFile,
    log: Option<&'a str>,
}

/// The side a `--log` argument names: the scenario's name for it (any case,
/// or the start of it), or A / B.
fn side_named<R: Ruleset>(rules: &R, name: &str) -> Result<Side, String> {
    let wanted = name.trim().to_lowercase();
    let found: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|&s| {
            let own = rules.side_name(s).to_lowercase();
            wanted == s.to_string().to_lowercase()
                || (!wanted.is_empty() && own.starts_with(&wanted))
        })
        .collect();
    match found[..] {
        [side] => Ok(side),
        _ => Err(format!(
            "--log {name}: name one side: {} (or A), {} (or B)",
            rules.side_name(Side::A),
            rules.side_name(Side::B)
        )),
    }
}

/// The log as `side` read it at the table: every decision's events in the
/// words written for that side, numbered by decision.
fn log_as<R: Ruleset>(game: &Game<R>, side: Side) -> String {
    let r = game.rules();
    let mut out = String::new();
    let Ok(mut again) = Game::new(r.clone(), game.options().clone(), game.seed()) else {
        return out;
    };
    for (i, d) in game.history().iter().enumerate() {
        let Ok(events) = again.apply(d.side, d.action.clone()) else {
            break;
        };
        let events = events.to_vec();
        for line in r
            .describe_events(again.state(), &events, Some(side))
            .into_iter()
            .flatten()
        {
            out.push_str(&format!("{:>5}  {line}\n", i + 1));
        }
    }
    out
}

impl RulesetVisitor for Replay<'_> {
    type Output = Result<String, String>;

    fn visit<R: Ruleset>(self, rules: R) -> Self::Output {
        let side = match self.log {
            Some(name) => Some(side_named(&rules, name)?),
            None => None,
        };
        let game = self.save.replay(rules).map_err(|e| e.to_string())?;
        let r = game.rules();
        let mut out = String::new();
        if let Some(side) = side {
            out.push_str(&format!("log as {} read it:\n", r.side_name(side)));
            out.push_str(&log_as(&game, side));
        }
        out.push_str(&format!(
            "ok: {} decisions replayed and verified ({} / {}, seed {})\n",
            game.history().len(),
            self.save.ruleset,
            self.save.scenario,
            self.save.seed
        ));
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
