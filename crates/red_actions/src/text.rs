//! Prompts, choices and the log in words.

use crate::geometry;
use crate::rules::RedActions;
use crate::state::{Action, Ask, Event, Phase, Question, State, Test};
use engine::Side;

/// An open question, as the side asked reads it.
pub fn question(r: &RedActions, _s: &State, q: &Question) -> String {
    match q.ask {
        Ask::IgnoreRetire { unit } => format!(
            "{} is told to retire, but its hard cover lets it stay once this turn: stay or retire?",
            r.name(unit)
        ),
        Ask::Charged { charger, target } => format!(
            "{} is charged by {}: stand, flee, shoot at the chargers or counter-charge, as the choices allow?",
            r.name(target),
            r.name(charger)
        ),
        Ask::TargetFled { charger } => format!(
            "the target of {} got away: halt where it stood, or run on along the line of the charge?",
            r.name(charger)
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
            r.name(*u)
        ),
        Phase::Choose { .. } => format!(
            "Turn {}: {name}, choose a unit to act (move, shoot, rally or hold).",
            s.turn
        ),
        Phase::Acting(seg) => format!(
            "Turn {}: {name}, {} has used {} of {}: move on or end its segment.",
            s.turn,
            r.name(seg.unit),
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

pub fn action(r: &RedActions, _s: &State, a: &Action) -> String {
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
        Action::Shoot { target, .. } => format!("{n} shoots at {}", r.name(target)),
        Action::RallyTerror { .. } => format!("{n} rallies from terror"),
        Action::RallyRout { .. } => format!("{n} tries to rally from rout"),
        Action::Rout { .. } => format!("{n} runs"),
        Action::Unpin { .. } => format!("{n} takes its pinned test"),
        Action::Done { .. } => format!("{n}: end of its segment"),
        Action::HoldCover { .. } => format!("{n} stays in its cover"),
        Action::TakeRetire { .. } => format!("{n} retires"),
        Action::Charge { target, .. } => format!("{n} charges {}", r.name(target)),
        Action::StandCharge { .. } => format!("{n} stands to meet the charge"),
        Action::FleeCharge { .. } => format!("{n} flees from the charge (humiliated)"),
        Action::ShootChargers { .. } => format!("{n} fires at the chargers"),
        Action::CounterCharge { .. } => format!("{n} counter-charges"),
        Action::HaltCharge { .. } => format!("{n} halts where its target stood"),
        Action::RunOn { .. } => format!("{n} runs on along its line"),
        Action::Evade { .. } => format!("{n} evades (evasive speed at most)"),
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

pub fn event(r: &RedActions, _s: &State, e: &Event) -> String {
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
        Event::CardTurned { unit } => format!("The card of {} is turned.", r.name(*unit)),
        Event::Entered { unit } => format!("{} enters the table.", r.name(*unit)),
        Event::Moved { unit, charged } => format!("{} moves ({charged}).", r.name(*unit)),
        Event::Turned { unit, turn: t } => format!("{} {}.", r.name(*unit), turn(*t)),
        Event::Reformed { unit } => format!("{} changes formation.", r.name(*unit)),
        Event::Limbered { unit, limbered } => format!(
            "{} {}.",
            r.name(*unit),
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
            r.name(*unit),
            r.name(*target),
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
        Event::Retired { unit, distance } => format!("{} retires {distance}.", r.name(*unit)),
        Event::Terror { unit, added } => format!("{} takes {added} terror.", r.name(*unit)),
        Event::Pinned { unit } => format!("{} is pinned.", r.name(*unit)),
        Event::BaseLost { unit } => format!("{} loses a base.", r.name(*unit)),
        Event::OfficerRoll { unit, die, killed } => format!(
            "Officer of {}: d6 {die}, {}.",
            r.name(*unit),
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
            r.name(*unit),
            test(*t),
            dice[0],
            dice[1],
            dice[0] + dice[1],
            if *passed { "passed" } else { "failed" }
        ),
        Event::Routs { unit } => format!("{} routs!", r.name(*unit)),
        Event::RalliedTerror { unit } => format!("{} rallies from terror.", r.name(*unit)),
        Event::RalliedRout { unit } => format!("{} rallies from rout.", r.name(*unit)),
        Event::Unpinned { unit } => format!("{} is no longer pinned.", r.name(*unit)),
        Event::Humiliated { unit } => format!("{} is humiliated.", r.name(*unit)),
        Event::Removed { unit, why } => format!("{} is out of the game: {why}.", r.name(*unit)),
        Event::Done { unit } => format!("{} has acted.", r.name(*unit)),
        Event::GameOver { outcome } => format!("Game over: {}.", outcome.reason),
        Event::Asked { question: q } => format!(
            "{} decides out of turn: {}",
            r.side_name_of(q.side),
            question(r, _s, q)
        ),
        Event::HeldCover { unit } => {
            format!("{} ignores the retire in its hard cover.", r.name(*unit))
        }
        Event::ChargeDeclared {
            unit,
            target,
            aspect,
            ambush,
        } => format!(
            "{} charges {}{}{}.",
            r.name(*unit),
            match aspect {
                geometry::Aspect::Front => "",
                geometry::Aspect::Flank => "in the flank: ",
                geometry::Aspect::Rear => "in the rear: ",
            },
            r.name(*target),
            if *ambush { " from ambush" } else { "" }
        ),
        Event::ChargeCancelled { unit } => {
            format!("The charge of {} is called off.", r.name(*unit))
        }
        Event::Fled { unit } => format!("{} flees before the charge.", r.name(*unit)),
        Event::CounterCharged { unit } => format!("{} counter-charges.", r.name(*unit)),
        Event::Contact { unit, target } => {
            format!("{} crashes into {}.", r.name(*unit), r.name(*target))
        }
        Event::CrewSurrendered { unit } => {
            format!("The crews of {} give themselves up.", r.name(*unit))
        }
        Event::Combat {
            charger,
            target,
            values,
            halves,
            percent,
            strength,
            charger_stronger,
            column,
            dice,
            result,
        } => {
            let side = |k: usize, id: u16| {
                format!(
                    "{} {} bases × {}{} = {}",
                    r.name(id),
                    halves[k] as f32 / 2.0,
                    values[k],
                    if percent[k] != 0 {
                        format!(" × (100{:+}%)", percent[k])
                    } else {
                        String::new()
                    },
                    strength_words(strength[k])
                )
            };
            let col = crate::tables::COMBAT_COLUMNS
                .get(*column as usize)
                .map_or("?", |c| c.0);
            format!(
                "Hand-to-hand: {} against {}; {} is the stronger, column {col}; 2d6 {}+{} = {}: {}.",
                side(0, *charger),
                side(1, *target),
                if *charger_stronger {
                    r.name(*charger)
                } else {
                    r.name(*target)
                },
                dice[0],
                dice[1],
                dice[0] + dice[1],
                combat_result(r, result, *charger_stronger, *charger, *target)
            )
        }
        Event::Surrendered { unit } => {
            format!("{} surrenders: its men are taken prisoner.", r.name(*unit))
        }
        Event::Pursuit {
            unit,
            router,
            stopped,
            die,
            caught,
        } => format!(
            "{} pursues {}{}{}: {}.",
            r.name(*unit),
            r.name(*router),
            if *stopped { " but is halted short" } else { "" },
            die.map_or(String::new(), |d| format!(" (d6 {d}, 4+ needed)")),
            if *caught { "caught" } else { "it gets away" }
        ),
        Event::Captured {
            unit,
            destroyed,
            prisoners,
        } => format!(
            "{} is caught: {destroyed} bases cut down, {prisoners} taken prisoner.",
            r.name(*unit)
        ),
        Event::PassedThrough { unit, friend } => {
            format!("{} runs through {}.", r.name(*unit), r.name(*friend))
        }
        Event::Evades { unit } => format!("{} evades for the rest of the turn.", r.name(*unit)),
        Event::CombatOfficerRoll {
            unit,
            die,
            routing,
            lost,
        } => format!(
            "Officer of {} in the fight: d6 {die} ({} needed), {}.",
            r.name(*unit),
            if *routing {
                "1 or 2, the unit routing"
            } else {
                "1"
            },
            if *lost { "lost" } else { "unhurt" }
        ),
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

/// A combat strength (value × half bases × (100 + %)) in fighting points.
fn strength_words(x: u32) -> String {
    let hundredths = x / 2;
    if hundredths.is_multiple_of(100) {
        format!("{}", hundredths / 100)
    } else {
        format!("{}.{:02}", hundredths / 100, hundredths % 100)
    }
}

/// A Combat Table result naming the unit it falls on.
fn combat_result(
    r: &RedActions,
    c: &crate::tables::CombatResult,
    charger_stronger: bool,
    charger: u16,
    target: u16,
) -> String {
    use crate::tables::{Outcome, Who};
    let (stronger, weaker) = if charger_stronger {
        (charger, target)
    } else {
        (target, charger)
    };
    let on = match c.who {
        Who::Stronger => stronger,
        Who::Weaker => weaker,
    };
    match c.outcome {
        Outcome::Retires(n) => format!("{c}, {} retires with {n} terror", r.name(on)),
        Outcome::Defeated => format!("{c}, {} loses 2 bases and routs", r.name(on)),
        Outcome::Humiliated => format!(
            "{c}, {} is humiliated and tests its fear, {} retires with 2 terror",
            r.name(stronger),
            r.name(weaker)
        ),
        Outcome::Surrenders => format!("{c}, {} surrenders", r.name(on)),
    }
}
