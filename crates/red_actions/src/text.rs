//! Prompts, choices and the log in words.

use crate::geometry;
use crate::rules::RedActions;
use crate::state::{Action, Ask, Event, Phase, Question, State, Test};
use engine::Side;

/// An open question, as the side asked reads it.
pub fn question(r: &RedActions, s: &State, q: &Question) -> String {
    match q.ask {
        Ask::IgnoreRetire { unit } => format!(
            "{} is told to retire, but its hard cover lets it stay once this turn: stay or retire?",
            r.unit_name(s, unit)
        ),
        Ask::SwapRetire { unit } => format!(
            "{} is told to retire: {}, or retire?",
            r.unit_name(s, unit),
            if r.has_trait(s, unit, crate::scenario::Trait::Storm) {
                "give up a base instead (Storm)"
            } else {
                "take a terror marker instead (Specialist)"
            }
        ),
        Ask::PreEmpt { clever, enemy } => format!(
            "{} is about to act; the Clever officer of {} may try to act first (a 6 on a d6): try?",
            r.unit_name(s, enemy),
            r.unit_name(s, clever)
        ),
    }
}

pub fn prompt(r: &RedActions, s: &State, side: Side) -> String {
    let name = r.side_name_of(side);
    if let Some(q) = r.question(s) {
        return if q.side == side {
            format!(
                "Turn {}: {name}, out of turn: {}",
                s.turn,
                question(r, s, q)
            )
        } else {
            format!(
                "Turn {}: {name}, waiting for {} to decide.",
                s.turn,
                r.side_name_of(q.side)
            )
        };
    }
    match &s.phase {
        Phase::GameOver => "The game is over.".into(),
        Phase::Choose { card: Some(u), .. } => format!(
            "Turn {}: {name}, the card names {}: its segment.",
            s.turn,
            r.unit_name(s, *u)
        ),
        Phase::Choose { .. } => format!(
            "Turn {}: {name}, choose a unit to act (move, shoot, rally or hold).",
            s.turn
        ),
        Phase::Acting(seg) => format!(
            "Turn {}: {name}, {} has used {} of {}: move on or end its segment.",
            s.turn,
            r.unit_name(s, seg.unit),
            seg.charged,
            seg.allowance
        ),
    }
}

fn pivot(p: geometry::Side) -> &'static str {
    match p {
        geometry::Side::Left => "on its left",
        geometry::Side::Right => "on its right",
    }
}

fn turn(t: geometry::Turn) -> &'static str {
    match t {
        geometry::Turn::Left => "turns left",
        geometry::Turn::Right => "turns right",
        geometry::Turn::About => "turns about",
    }
}

pub fn action(r: &RedActions, s: &State, a: &Action) -> String {
    let n = r.name(a.unit());
    match *a {
        Action::Enter { at, .. } => format!("{n} enters ({at}% along its entry)"),
        Action::Advance { distance, .. } => format!("{n} advances {distance}"),
        Action::Wheel {
            pivot: p, angle, ..
        } => format!("{n} wheels {angle} {}", pivot(p)),
        Action::Turn { turn: t, .. } => format!("{n} {}", turn(t)),
        Action::Reform { .. } => format!("{n} changes formation"),
        Action::Limber { .. } => format!("{n} limbers up"),
        Action::Unlimber { .. } => format!("{n} unlimbers"),
        Action::Shoot { target, .. } => format!("{n} shoots at {}", r.unit_name(s, target)),
        Action::RallyTerror { .. } => format!("{n} rallies from terror"),
        Action::RallyRout { .. } => format!("{n} tries to rally from rout"),
        Action::Rout { .. } => format!("{n} runs"),
        Action::Unpin { .. } => format!("{n} takes its pinned test"),
        Action::Done { .. } => format!("{n}: end of its segment"),
        Action::HoldCover { .. } => format!("{n} stays in its cover"),
        Action::TakeRetire { .. } => format!("{n} retires"),
        Action::Divide { into, .. } => format!("{n} divides into {into} units"),
        Action::Combine { with, .. } => {
            format!("{n} combines with {}", r.unit_name(s, with))
        }
        Action::Dismount { .. } => format!("{n} dismounts"),
        Action::Mount { .. } => format!("{n} mounts"),
        Action::JoinUnit { target, .. } => {
            format!("{n} takes personal command of {}", r.unit_name(s, target))
        }
        Action::LeaveUnit { .. } => format!("the senior officer leaves {n}"),
        Action::SwapRetire { .. } => format!("{n} takes a loss instead of retiring"),
        Action::PreEmpt { .. } => format!("{n}'s Clever officer tries to act first"),
        Action::LetAct { .. } => format!("{n} lets the enemy act"),
    }
}

fn test(t: Test) -> &'static str {
    match t {
        Test::Charge => "charge",
        Test::Fear => "fear",
        Test::Serious => "serious",
        Test::Rally => "rally",
    }
}

pub fn event(r: &RedActions, s: &State, e: &Event) -> String {
    match e {
        Event::TurnBegins { turn } => format!("Turn {turn} begins."),
        Event::RollOff { dice, first } => format!(
            "Initiative: {} rolls {}, {} rolls {}: {} moves first.",
            r.side_name_of(Side::A),
            dice[0],
            r.side_name_of(Side::B),
            dice[1],
            r.side_name_of(*first)
        ),
        Event::SegmentRoll { dice, mover } => format!(
            "Segment dice {}–{}: {} moves a unit.",
            dice[0],
            dice[1],
            r.side_name_of(*mover)
        ),
        Event::CardTurned { unit } => format!("The card of {} is turned.", r.unit_name(s, *unit)),
        Event::Entered { unit } => format!("{} enters the table.", r.unit_name(s, *unit)),
        Event::Moved { unit, charged } => format!("{} moves ({charged}).", r.unit_name(s, *unit)),
        Event::Turned { unit, turn: t } => format!("{} {}.", r.unit_name(s, *unit), turn(*t)),
        Event::Reformed { unit } => format!("{} changes formation.", r.unit_name(s, *unit)),
        Event::Limbered { unit, limbered } => format!(
            "{} {}.",
            r.unit_name(s, *unit),
            if *limbered { "limbers up" } else { "unlimbers" }
        ),
        Event::Shot {
            unit,
            target,
            halves,
            value,
            long_range,
            total,
            shift,
            dice,
            result,
        } => format!(
            "{} shoots at {}: {} bases × {value}{} = {total}, {shift:+} columns; 2d6 {}+{} = {}: {}.",
            r.unit_name(s, *unit),
            r.unit_name(s, *target),
            *halves as f32 / 2.0,
            if *long_range {
                " × ½ (long range)"
            } else {
                ""
            },
            dice[0],
            dice[1],
            dice[0] + dice[1],
            effect(result)
        ),
        Event::Retired { unit, distance } => {
            format!("{} retires {distance}.", r.unit_name(s, *unit))
        }
        Event::Terror { unit, added } => format!("{} takes {added} terror.", r.unit_name(s, *unit)),
        Event::Pinned { unit } => format!("{} is pinned.", r.unit_name(s, *unit)),
        Event::BaseLost { unit } => format!("{} loses a base.", r.unit_name(s, *unit)),
        Event::OfficerRoll { unit, die, killed } => format!(
            "Officer of {}: d6 {die}, {}.",
            r.unit_name(s, *unit),
            if *killed { "killed" } else { "unhurt" }
        ),
        Event::MoraleTest {
            unit,
            test: t,
            dice,
            number,
            passed,
        } => format!(
            "{} {} test: 2d6 {}+{} = {} against {number}: {}.",
            r.unit_name(s, *unit),
            test(*t),
            dice[0],
            dice[1],
            dice[0] + dice[1],
            if *passed { "passed" } else { "failed" }
        ),
        Event::Routs { unit } => format!("{} routs!", r.unit_name(s, *unit)),
        Event::RalliedTerror { unit } => format!("{} rallies from terror.", r.unit_name(s, *unit)),
        Event::RalliedRout { unit } => format!("{} rallies from rout.", r.unit_name(s, *unit)),
        Event::Unpinned { unit } => format!("{} is no longer pinned.", r.unit_name(s, *unit)),
        Event::Humiliated { unit } => format!("{} is humiliated.", r.unit_name(s, *unit)),
        Event::Removed { unit, why } => {
            format!("{} is out of the game: {why}.", r.unit_name(s, *unit))
        }
        Event::Done { unit } => format!("{} has acted.", r.unit_name(s, *unit)),
        Event::GameOver { outcome } => format!("Game over: {}.", outcome.reason),
        Event::Asked { question: q } => format!(
            "{} decides out of turn: {}",
            r.side_name_of(q.side),
            question(r, s, q)
        ),
        Event::OfficerDrawn { unit, token } => format!(
            "{} has a new officer: {}.",
            r.unit_name(s, *unit),
            r.token(s.unit(*unit).side, crate::state::Officer { token: *token })
                .name
        ),
        Event::MobRoll {
            unit,
            die,
            needed,
            passed,
        } => format!(
            "{} is a Mob in sight of the enemy: d6 {die} (needs {needed}+): {}.",
            r.unit_name(s, *unit),
            if *passed {
                "it gets going"
            } else {
                "it hesitates and stays where it is (it may still shoot)"
            }
        ),
        Event::Divided { unit, parts } => format!(
            "{} divides; new units: {}.",
            r.unit_name(s, *unit),
            parts
                .iter()
                .map(|p| r.unit_name(s, *p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Combined { unit, with, die } => format!(
            "{} takes {} into its ranks{}.",
            r.unit_name(s, *unit),
            r.unit_name(s, *with),
            match die {
                Some(d) => format!(
                    " (officers of equal rank: d6 {d}, {} commands)",
                    if *d >= 4 {
                        "the joining unit's"
                    } else {
                        "its own"
                    }
                ),
                None => String::new(),
            }
        ),
        Event::Dismounted { unit } => format!(
            "{} dismounts; a base holds the horses.",
            r.unit_name(s, *unit)
        ),
        Event::Mounted { unit } => format!("{} mounts again.", r.unit_name(s, *unit)),
        Event::Command {
            officer,
            unit,
            joined,
        } => format!(
            "{} {} personal command of {}.",
            r.unit_name(s, *officer),
            if *joined { "takes" } else { "gives up" },
            r.unit_name(s, *unit)
        ),
        Event::Promoted { officer, from } => format!(
            "The junior officer of {} is promoted to {}.",
            r.unit_name(s, *from),
            r.unit_name(s, *officer)
        ),
        Event::SwappedRetire { unit, base } => format!(
            "{} stands: {} instead of retiring.",
            r.unit_name(s, *unit),
            if *base {
                "it gives up a base"
            } else {
                "it takes a terror marker"
            }
        ),
        Event::PreEmptRoll {
            unit,
            enemy,
            die,
            passed,
        } => format!(
            "Clever officer of {}: d6 {die} (needs 6): {}.",
            r.unit_name(s, *unit),
            if *passed {
                format!("it acts before {}", r.unit_name(s, *enemy))
            } else {
                format!("{} acts as it wished", r.unit_name(s, *enemy))
            }
        ),
        Event::RallyMargin { unit, over } => format!(
            "{} fails its rally by {over}{}.",
            r.unit_name(s, *unit),
            if *over > 2 { "" } else { ": it runs on" }
        ),
        Event::MoraleNumber {
            unit,
            card,
            officers,
            place,
            weather,
            other,
        } => {
            let mut parts = vec![format!("card {card}")];
            for (what, n) in [
                ("officers", officers),
                ("ground", place),
                ("night or fog", weather),
                ("ambushed on the march", other),
            ] {
                if *n != 0 {
                    parts.push(format!("{what} {n:+}"));
                }
            }
            format!(
                "{}'s success number: {} = {}.",
                r.unit_name(s, *unit),
                parts.join(", "),
                card + officers + place + weather + other
            )
        }
        Event::HeldCover { unit } => {
            format!(
                "{} ignores the retire in its hard cover.",
                r.unit_name(s, *unit)
            )
        }
    }
}

/// A Shooting Table cell in the rulebook's words.
pub fn effect(e: &crate::tables::Effect) -> String {
    let mut parts = Vec::new();
    if e.kill {
        parts.push("Kill!".to_string());
    }
    match e.terror {
        0 => {}
        1 => parts.push("Ter".into()),
        n => parts.push(format!("{n}xTer")),
    }
    if e.retire {
        parts.push("Ret".into());
    }
    if e.serious {
        parts.push("S!".into());
    }
    if e.officer {
        parts.push("Off".into());
    }
    if parts.is_empty() {
        "no effect".into()
    } else {
        parts.join(" ")
    }
}
