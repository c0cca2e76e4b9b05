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
        Ask::SpringAmbush { unit, target } => format!(
            "{} has come within short range of {}, lying in ambush: spring the ambush (fire) or lie low?",
            r.name(target),
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
            // Neutral: an out-of-turn question may be about a hidden unit.
            format!("Turn {}: {name}, the other side decides.", s.turn)
        };
    }
    match &s.phase {
        Phase::GameOver => "The game is over.".into(),
        Phase::Choose { card: Some(u), .. } if r.unseen_by(s, *u, Some(side)) => format!(
            "Turn {}: {name}, the card names an unseen unit: the other side's segment.",
            s.turn
        ),
        Phase::Acting(seg) if s.unit(seg.unit).side != side => format!(
            "Turn {}: {name}, {} is acting.",
            s.turn,
            r.name_for(s, Some(side), seg.unit)
        ),
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
        Action::Scout { spot, .. } => format!("{n} scouts {}", r.spot_name(spot)),
        Action::Spring { target, .. } => {
            format!("{n} springs its ambush on {}", r.name(target))
        }
        Action::LieLow { .. } => format!("{n} lies low"),
        Action::Release { ambusher, .. } => {
            format!("{n} orders {} out of ambush", r.name(ambusher))
        }
        Action::Dig { .. } => format!("{n} digs in"),
        Action::SetFire { building, .. } => {
            format!("{n} sets fire to {}", building_name(r, building))
        }
        Action::FightFire { building, .. } => {
            format!("{n} fights the fire in {}", building_name(r, building))
        }
        Action::March { .. } => format!("{n} marches (column, double speed)"),
        Action::CrossWire { .. } => format!("{n} tries the wire"),
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
        Event::Scouted {
            unit,
            spot,
            die,
            need,
            found,
        } => format!(
            "{} scouts {}: d6 {die} (needs {need}): {}.",
            r.name(*unit),
            r.spot_name(*spot),
            if *found { "found" } else { "nothing found" }
        ),
        Event::Revealed { unit } => format!(
            "{} is seen: it stands at {}.",
            r.name(*unit),
            where_is(_s, *unit)
        ),
        Event::DummyRemoved { dummy } => format!(
            "The marker at {} was a dummy and is removed.",
            _s.dummies
                .get(*dummy as usize)
                .map(|d| point(d.at))
                .unwrap_or_default()
        ),
        Event::Sprung { unit, target } => {
            format!(
                "{} springs its ambush on {}!",
                r.name(*unit),
                r.name(*target)
            )
        }
        Event::LayLow { unit } => format!("{} lies low.", r.name(*unit)),
        Event::Released { unit, by } => {
            format!("{} orders {} out of ambush.", r.name(*by), r.name(*unit))
        }
        Event::Dug { unit, quarters } => format!(
            "{} digs in: foxholes {} of 3 columns.",
            r.name(*unit),
            quarters_text(*quarters)
        ),
        Event::FireRoll {
            unit,
            building,
            die,
            markers,
            fighting,
        } => format!(
            "{} {} {}: d6 {die} (needs {}): {markers} fire marker{}.",
            r.name(*unit),
            if *fighting {
                "fights the fire in"
            } else {
                "sets fire to"
            },
            building_name(r, *building),
            if *fighting {
                "4, 5 or 6 for 1, 2 or 3"
            } else {
                "3"
            },
            if *markers == 1 { "" } else { "s" }
        ),
        Event::FireGrows { building, markers } => format!(
            "The fire in {} grows to {markers} markers.",
            building_name(r, *building)
        ),
        Event::BuildingBurnt { building } => {
            format!("{} burns down.", building_name(r, *building))
        }
        Event::Marches { unit } => format!("{} marches at double speed.", r.name(*unit)),
        Event::EntersWire { unit } => format!("{} enters the wire.", r.name(*unit)),
        Event::WireRoll {
            unit,
            dice,
            need,
            crossed,
            gap,
        } => format!(
            "{} in the wire: 2d6 {}+{} = {} (needs {need}): {}.",
            r.name(*unit),
            dice[0],
            dice[1],
            dice[0] + dice[1],
            match (crossed, gap) {
                (_, true) => "across, and a gap is cut",
                (true, false) => "across",
                _ => "still caught",
            }
        ),
        Event::Veers { unit, die, angle } => format!(
            "{} in the dark: d6 {die}: {}.",
            r.name(*unit),
            match angle.0.signum() {
                -1 => format!("veers {} left", engine::param::Degrees(-angle.0)),
                1 => format!("veers {angle} right"),
                _ => "keeps its course".to_string(),
            }
        ),
        Event::FoxholeHeld { unit } => {
            format!(
                "{} ignores its first retire in its foxholes.",
                r.name(*unit)
            )
        }
        Event::WireCrushed { unit, die, crushed } => format!(
            "{} drives over the wire: d6 {die} (needs 4): {}.",
            r.name(*unit),
            if *crushed {
                "a 4\" strip is crushed"
            } else {
                "the wire springs back"
            }
        ),
        Event::FriendsInTheDark {
            unit,
            friend,
            die,
            fires,
        } => format!(
            "{} comes on {} in the dark: d6 {die}: {}.",
            r.name(*unit),
            r.name(*friend),
            if *fires {
                "it takes them for the enemy and fires"
            } else {
                "it knows them"
            }
        ),
    }
}

fn building_name(r: &RedActions, b: u16) -> &str {
    r.sc()
        .buildings
        .get(b as usize)
        .map_or("no building", |x| x.name.as_str())
}

fn point(p: engine::param::Point) -> String {
    format!("({}, {})", p.x, p.y)
}

fn where_is(s: &State, id: crate::state::UnitId) -> String {
    point(s.unit(id).formation.front.at)
}

fn quarters_text(q: u8) -> String {
    match q % 4 {
        0 => format!("{}", q / 4),
        1 => format!("{}¼", q / 4),
        2 => format!("{}½", q / 4),
        _ => format!("{}¾", q / 4),
    }
}

/// The unit an event is about (the first it names).
fn subject(e: &Event) -> Option<crate::state::UnitId> {
    Some(match e {
        Event::CardTurned { unit }
        | Event::Entered { unit }
        | Event::Moved { unit, .. }
        | Event::Turned { unit, .. }
        | Event::Reformed { unit }
        | Event::Limbered { unit, .. }
        | Event::Shot { unit, .. }
        | Event::Retired { unit, .. }
        | Event::Terror { unit, .. }
        | Event::Pinned { unit }
        | Event::BaseLost { unit }
        | Event::OfficerRoll { unit, .. }
        | Event::MoraleTest { unit, .. }
        | Event::Routs { unit }
        | Event::RalliedTerror { unit }
        | Event::RalliedRout { unit }
        | Event::Unpinned { unit }
        | Event::Humiliated { unit }
        | Event::Removed { unit, .. }
        | Event::Done { unit }
        | Event::HeldCover { unit }
        | Event::Scouted { unit, .. }
        | Event::Sprung { unit, .. }
        | Event::LayLow { unit }
        | Event::Released { unit, .. }
        | Event::Dug { unit, .. }
        | Event::FireRoll { unit, .. }
        | Event::Marches { unit }
        | Event::EntersWire { unit }
        | Event::WireRoll { unit, .. }
        | Event::Veers { unit, .. }
        | Event::FoxholeHeld { unit }
        | Event::FriendsInTheDark { unit, .. }
        | Event::WireCrushed { unit, .. } => *unit,
        _ => return None,
    })
}

/// An event as `viewer` may read it (`None`: not told). Events about a
/// unit still hidden from the viewer are not told (a hidden unit's
/// holding reads as an unseen unit acting); a question to the other side
/// reads neutrally; a scouting roll is told to the scouting side only as
/// what was found (the die is the hiding side's to read).
pub fn event_for(r: &RedActions, s: &State, e: &Event, viewer: Option<Side>) -> Option<String> {
    match e {
        Event::Asked { question } if Some(question.side) != viewer => {
            return Some(format!(
                "{} decides something out of turn.",
                r.side_name_of(question.side)
            ));
        }
        Event::Scouted {
            unit, spot, found, ..
        } if viewer != Some(s.unit(*unit).side.other()) => {
            return Some(format!(
                "{} scouts {}: {}.",
                r.name(*unit),
                r.spot_name(*spot),
                if *found { "found" } else { "nothing found" }
            ));
        }
        Event::Shot { target, unit, .. }
            if r.unseen_by(s, *target, viewer) || r.unseen_by(s, *unit, viewer) =>
        {
            return None;
        }
        _ => {}
    }
    if let Some(u) = subject(e)
        && r.unseen_by(s, u, viewer)
    {
        return match e {
            Event::Done { .. } => Some("An unseen unit has acted.".into()),
            _ => None,
        };
    }
    Some(event(r, s, e))
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
