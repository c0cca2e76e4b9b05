//! The duel loop of `fourfronts duel` without Bevy linked in, for measuring
//! the bot's strength in a release build:
//!
//! `cargo run --release -p bot --example duel -- RULESET SCENARIO A B GAMES SEED BUDGET [QUIET]`
//!
//! A and B are players (`random`, `greedy`, `mcts`); BUDGET is `100ms` or
//! `500i` (iterations), or `100ms/25ms` for a budget each. The last line
//! is the same summary as `fourfronts duel`'s.

use bot::{Budget, DuelSettings, DuelVisitor, Player, PlayerKind};

fn budget(s: &str) -> Result<Budget, String> {
    if let Some(ms) = s.strip_suffix("ms") {
        ms.parse()
            .map(Budget::Millis)
            .map_err(|e| format!("{s}: {e}"))
    } else if let Some(i) = s.strip_suffix('i') {
        i.parse()
            .map(Budget::Iterations)
            .map_err(|e| format!("{s}: {e}"))
    } else {
        Err(format!("budget \"{s}\": write 100ms or 500i"))
    }
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 7 {
        return Err("usage: duel RULESET SCENARIO A B GAMES SEED BUDGET[/BUDGET] [quiet]".into());
    }
    let a: PlayerKind = args[2].parse()?;
    let b: PlayerKind = args[3].parse()?;
    let games: u32 = args[4].parse().map_err(|e| format!("games: {e}"))?;
    let seed: u64 = args[5].parse().map_err(|e| format!("seed: {e}"))?;
    let (ba, bb) = match args[6].split_once('/') {
        Some((x, y)) => (budget(x)?, budget(y)?),
        None => (budget(&args[6])?, budget(&args[6])?),
    };
    // Search settings to try, per player: DEPTH_A, DEPTH_B (playout
    // depth), C_A, C_B (exploration).
    let tuned = |kind, budget, who: &str| -> Result<Player, String> {
        let mut p = Player::new(kind, budget);
        if let Ok(d) = std::env::var(format!("DEPTH_{who}")) {
            p.mcts.playout_depth = d.parse().map_err(|e| format!("DEPTH_{who}: {e}"))?;
        }
        if let Ok(c) = std::env::var(format!("C_{who}")) {
            p.mcts.exploration = c.parse().map_err(|e| format!("C_{who}: {e}"))?;
        }
        Ok(p)
    };
    let settings = DuelSettings {
        a: tuned(a, ba, "A")?,
        b: tuned(b, bb, "B")?,
        games,
        seed,
        options: engine::Options::new(),
        max_steps: 100_000,
        check_invariants: false,
    };
    let dirs = catalog::ScenarioDirs::standard();
    let visitor = DuelVisitor {
        settings,
        quiet: args.get(7).is_some(),
    };
    // Red Actions! is still being built (the catalog does not offer it):
    // loaded here directly.
    let summary = if args[0] == "red_actions" {
        let path = catalog::find_scenario(&dirs, &args[0], &args[1])
            .ok_or_else(|| format!("no scenario {}", args[1]))?;
        let rules = red_actions::rules::RedActions::load(&path).map_err(|e| e.to_string())?;
        engine::RulesetVisitor::visit(visitor, rules)?
    } else {
        catalog::with_scenario_id(&dirs, &args[0], &args[1], visitor)
            .map_err(|e| e.to_string())??
    };
    println!("{}", summary.iterations_line());
    println!("{summary}");
    Ok(())
}
