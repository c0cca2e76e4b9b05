//! Prompts, choices and the log in words.

use crate::geometry;
use crate::rules::RedActions;
use crate::state::{Action, Ask, Event, Phase, Question, State, Test, VehicleCheck, VehicleResult};
use engine::Side;

/// An open question, as the side asked reads it.
pub fn question(r: &RedActions, _s: &State, q: &Question) -> String {
    match q.ask {
        Ask::IgnoreRetire { unit } => format!(
            "{} is told to retire, but its hard cover lets it stay once this turn: stay or retire?",
            r.name(unit)
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
        Action::RunTrain { speed, .. } if speed.0 < 0 => {
            format!(
                "{n} runs its train back {}",
                engine::param::Inches(-speed.0)
            )
        }
        Action::RunTrain { speed, .. } => format!("{n} runs its train {speed} ahead"),
        Action::Repair { .. } => format!("{n} tries to get going again"),
        Action::Disembark { left, .. } => format!(
            "{n} gets off the train on its {}",
            if left { "left" } else { "right" }
        ),
        Action::Fire { target, mode, .. } => {
            format!("{n} {} {}", fire_mode(r, mode), r.name(target))
        }
        Action::RallyTrain { .. } => format!("{n} tries to rally its train"),
        Action::Pivot { angle, .. } => format!("{n} pivots {angle} to fire"),
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
        Event::DirectHit {
            unit,
            target,
            dice,
            kind,
            card,
            range,
            poor,
            observed,
            hit,
        } => {
            let mut need = format!("{card} ({})", hit_kind(*kind));
            if *range > 0 {
                need += &format!(" +{range} range");
            }
            if *poor > 0 {
                need += &format!(" +{poor} poor ammunition");
            }
            if *observed > 0 {
                need += &format!(" +{observed} observed fire");
            }
            let total = card + range + poor + observed;
            format!(
                "Direct hit roll of {} at {}: 2d6 {}+{} = {} against {need} = {total}: {}.",
                r.name(*unit),
                r.name(*target),
                dice[0],
                dice[1],
                dice[0] + dice[1],
                if *hit { "a direct hit!" } else { "a miss" }
            )
        }
        Event::BuildingRoll {
            building,
            dice,
            needed,
            destroyed,
        } => format!(
            "{} is hit: 2d6 {}+{} = {} against {needed}: {}.",
            r.sc().buildings[*building as usize].name,
            dice[0],
            dice[1],
            dice[0] + dice[1],
            if *destroyed {
                "it collapses, and everyone inside is lost"
            } else {
                "it stands"
            }
        ),
        Event::VehicleDie {
            unit,
            check,
            die,
            bonus,
            result,
        } => {
            let why = match check {
                VehicleCheck::Speed => "after a fast move",
                VehicleCheck::Obstacle => "crossing an obstacle",
                VehicleCheck::Wire => "in the wire",
                VehicleCheck::Repair => "to get going again (4+)",
                VehicleCheck::Charged => "for the troops it charged (6 immobilises it)",
            };
            let roll = if *bonus > 0 {
                format!("d6 {die} +{bonus} = {}", die + bonus)
            } else {
                format!("d6 {die}")
            };
            let what = match result {
                VehicleResult::Fine => "no harm",
                VehicleResult::BrokenDown => "it breaks down",
                VehicleResult::Stuck => "it is stuck for now",
                VehicleResult::StuckForGood => "it is stuck for good",
                VehicleResult::Freed => "it is going again",
                VehicleResult::StillStuck => "still stuck",
                VehicleResult::Immobilised => "it is immobilised",
            };
            format!("{} rolls {why}: {roll}: {what}.", r.name(*unit))
        }
        Event::FireMode {
            unit,
            target,
            mode,
            factor,
        } => {
            let f = match factor {
                (1, 1) => String::new(),
                (0, _) => " (no effect on the table)".into(),
                (n, d) => format!(" (× {n}/{d})"),
            };
            format!(
                "{} {} {}{f}.",
                r.name(*unit),
                fire_mode(r, *mode),
                r.name(*target)
            )
        }
        Event::Harassed { target, .. } => format!(
            "{} is under harassing fire: it may not march this turn.",
            r.name(*target)
        ),
        Event::TrainRan {
            unit,
            speed,
            stopped,
        } => format!(
            "{}'s train runs {} {}{}.",
            r.name(*unit),
            engine::param::Inches(speed.0.abs()),
            if speed.0 < 0 { "back" } else { "ahead" },
            if *stopped {
                " and comes to a stand"
            } else {
                ""
            }
        ),
        Event::EngineHit { unit, hits, top } => {
            if top.0 == 0 {
                format!("{} is hit ({hits} hits): immobilised.", r.name(*unit))
            } else {
                format!(
                    "{} is hit ({hits} so far): its train runs {top} at most now.",
                    r.name(*unit)
                )
            }
        }
        Event::TrainLeaves { unit } => format!(
            "{}'s train loses heart and makes for the table's edge.",
            r.name(*unit)
        ),
        Event::TrainRallied { unit } => format!("{}'s train rallies.", r.name(*unit)),
        Event::Disembarked { unit } => format!("{} gets off the train.", r.name(*unit)),
        Event::TankTerror { unit, target } => format!(
            "{} is under tank fire from {}: a terror marker.",
            r.name(*target),
            r.name(*unit)
        ),
        Event::TankCaptured { unit } => format!(
            "{} is captured intact: its side's victory margin drops.",
            r.name(*unit)
        ),
        Event::Pivoted { unit, angle } => format!("{} pivots {angle} to fire.", r.name(*unit)),
        Event::TrainCaptured { unit, by } => format!(
            "{}'s train is taken by {}: they run it now.",
            r.name(*unit),
            r.side_name_of(*by)
        ),
    }
}

fn hit_kind(k: crate::state::HitKind) -> &'static str {
    match k {
        crate::state::HitKind::Building => "a building",
        crate::state::HitKind::MovingVehicle => "a moving vehicle",
        crate::state::HitKind::StationaryVehicle => "a stationary vehicle",
        crate::state::HitKind::Other => "troops",
    }
}

fn fire_mode(r: &RedActions, m: crate::state::FireMode) -> String {
    use crate::state::FireMode;
    match m {
        FireMode::Direct => "fires at".into(),
        FireMode::Speculative => "fires speculatively at".into(),
        FireMode::Observed {
            observer,
            speculative: false,
        } => format!("fires, observed by {}, at", r.name(observer)),
        FireMode::Observed { observer, .. } => {
            format!("fires speculatively, observed by {}, at", r.name(observer))
        }
        FireMode::Harassing => "lays harassing fire on".into(),
        FireMode::Gas => "fires gas shells at".into(),
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
