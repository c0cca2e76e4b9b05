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
    // depth), C_A, C_B (exploration), PRIOR_A, PRIOR_B (the root's
    // progressive bias, 0 for none).
    let tuned = |kind, budget, who: &str| -> Result<Player, String> {
        let mut p = Player::new(kind, budget);
        // The rule system's own search settings are taken unless one of
        // DEPTH, WEIGHTED, WBIAS is given (then none of them) or
        // RULES_A/RULES_B is 0.
        if ["DEPTH", "WEIGHTED", "WBIAS"]
            .iter()
            .any(|k| std::env::var(format!("{k}_{who}")).is_ok())
            || std::env::var(format!("RULES_{who}")).is_ok_and(|v| v == "0")
        {
            p.mcts.rule_defaults = false;
        }
        if let Ok(d) = std::env::var(format!("DEPTH_{who}")) {
            p.mcts.playout_depth = d.parse().map_err(|e| format!("DEPTH_{who}: {e}"))?;
        }
        if let Ok(w) = std::env::var(format!("PRIOR_{who}")) {
            p.mcts.prior = w.parse().map_err(|e| format!("PRIOR_{who}: {e}"))?;
        }
        if let Ok(c) = std::env::var(format!("C_{who}")) {
            p.mcts.exploration = c.parse().map_err(|e| format!("C_{who}: {e}"))?;
        }
        // WEIGHTED_A, WEIGHTED_B: 1 playouts weighted by the rules'
        // `playout_weight`, 0 uniform (the default); WBIAS_A, WBIAS_B:
        // the tree's bias from the same weights (0, the default: none).
        if let Ok(w) = std::env::var(format!("WEIGHTED_{who}")) {
            p.mcts.weighted_playouts = w != "0";
        }
        if let Ok(w) = std::env::var(format!("WBIAS_{who}")) {
            p.mcts.weight_bias = w.parse().map_err(|e| format!("WBIAS_{who}: {e}"))?;
        }
        // COMPOUND_A, COMPOUND_B: 0 takes each choice alone even where the
        // rule system offers compound choices (on by default).
        if let Ok(w) = std::env::var(format!("COMPOUND_{who}")) {
            p.mcts.compounds = w != "0";
        }
        Ok(p)
    };
    let settings = DuelSettings {
        a: tuned(a, ba, "A")?,
        b: tuned(b, bb, "B")?,
        games,
        seed,
        options: engine::Options::new(),
        // MAX_STEPS: games cut short after so many decisions (a draw), to
        // time a few decisions at a large budget.
        max_steps: match std::env::var("MAX_STEPS") {
            Ok(n) => n.parse().map_err(|e| format!("MAX_STEPS: {e}"))?,
            Err(_) => 100_000,
        },
        check_invariants: false,
    };
    let dirs = catalog::ScenarioDirs::standard();
    // TRACE=1: one game (seed SEED, player a as side A, b as side B) with
    // every decision printed, the evaluation for side A every 40 steps
    // and, in Red Actions!, side A's units every 200.
    if std::env::var("TRACE").is_ok() && args[0] != "red_actions" {
        let visitor = TraceVisitor {
            a: &settings.a,
            b: &settings.b,
            seed,
        };
        return catalog::with_scenario_id(&dirs, &args[0], &args[1], visitor)
            .map_err(|e| e.to_string());
    }
    if std::env::var("TRACE").is_ok() {
        let path = catalog::find_scenario(&dirs, &args[0], &args[1])
            .ok_or_else(|| format!("no scenario {}", args[1]))?;
        let rules = red_actions::rules::RedActions::load(&path).map_err(|e| e.to_string())?;
        let show = |s: &red_actions::state::State| {
            s.ids()
                .filter(|&i| s.unit(i).side == engine::Side::A && s.unit(i).on_table())
                .map(|i| {
                    let f = s.unit(i).formation.front;
                    format!(
                        "{} ({:.1},{:.1}) {}°{}",
                        rules.name(i),
                        f.at.x.as_f32(),
                        f.at.y.as_f32(),
                        f.facing.0 / 10,
                        if s.unit(i).in_wire.is_some() {
                            " in wire"
                        } else {
                            ""
                        }
                    )
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        trace(&rules, &settings.a, &settings.b, seed, show);
        return Ok(());
    }
    let visitor = DuelVisitor {
        settings,
        quiet: args.get(7).is_some(),
    };
    let summary = catalog::with_scenario_id(&dirs, &args[0], &args[1], visitor)
        .map_err(|e| e.to_string())??;
    println!("{}", summary.iterations_line());
    println!("{summary}");
    Ok(())
}

/// `TRACE=1` for any rule system through the catalog (no positions shown).
struct TraceVisitor<'a> {
    a: &'a Player,
    b: &'a Player,
    seed: u64,
}

impl engine::RulesetVisitor for TraceVisitor<'_> {
    type Output = ();
    fn visit<R: engine::Ruleset>(self, rules: R) {
        trace(&rules, self.a, self.b, self.seed, |_| String::new());
    }
}

fn trace<R: engine::Ruleset>(
    rules: &R,
    a: &Player,
    b: &Player,
    seed: u64,
    show: impl Fn(&R::State) -> String,
) {
    use engine::{Decider, Side};
    let mut game = engine::Game::new(rules.clone(), engine::Options::new(), seed).unwrap();
    let mut recent = bot::Recent::default();
    let mut step = 0u64;
    while game.outcome().is_none() && step < 5000 {
        let side = match game.to_decide() {
            Decider::One(s) => s,
            _ => Side::A,
        };
        let player = if side == Side::A { a } else { b };
        let choices = game.legal_choices(side).to_vec();
        let i = player.choose_avoiding(
            rules,
            game.state(),
            side,
            &choices,
            bot::decision_seed(seed, step),
            &recent,
        );
        if choices.len() > 1 {
            println!(
                "{step} {side}: {} ({} choices)",
                rules.describe_action(game.state(), side, &choices[i]),
                choices.len()
            );
        }
        // ROOT=1 with TRACE: each choice's visits and mean at side A's root.
        if side == Side::A && choices.len() > 1 && std::env::var("ROOT").is_ok() {
            let found = bot::search(
                rules,
                game.state(),
                side,
                &choices,
                &a.mcts,
                bot::decision_seed(seed, step),
            );
            for (k, (v, m)) in found.root.iter().enumerate() {
                println!(
                    "    {v:4} {m:.4} {}",
                    rules.describe_action(game.state(), side, &choices[k])
                );
            }
        }
        if step.is_multiple_of(40) {
            println!(
                "{step} value for A {:.3}",
                rules.evaluate(game.state(), Side::A)
            );
        }
        let units = show(game.state());
        if step.is_multiple_of(200) && !units.is_empty() {
            println!("{step} side A: {units}");
        }
        let before = game.state().clone();
        game.legal_choices(side);
        let events = game.apply_choice(side, i).unwrap().to_vec();
        recent.note(rules, &before, side, &events);
        step += 1;
    }
    println!("{:?}", game.outcome());
}
