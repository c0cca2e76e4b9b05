//! Prompts, choices and the log in words.

use crate::geometry;
use crate::rules::RedActions;
use crate::state::{Action, Ask, Event, Phase, Question, State, Test, VehicleCheck, VehicleResult};
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
        Ask::SpringAmbush { unit, target } => format!(
            "{} has come within reach of {}, lying in ambush: spring the ambush (fire or charge, as the choices allow) or lie low?",
            r.name(target),
            r.name(unit)
        ),
        Ask::Charged { charger, target } => format!(
            "{} is charged by {}: stand, flee, shoot at the chargers or counter-charge, as the choices allow?",
            r.name(target),
            r.name(charger)
        ),
        Ask::ReturnFire { shooter, target } => format!(
            "{} is shooting at your {} from close range: fire back at the same moment \
             (that is its action this turn) or hold its fire?",
            r.name_for(s, Some(q.side), shooter),
            r.unit_name(s, target)
        ),
        Ask::EvadeShot {
            shooter, target, ..
        } => format!(
            "{} is shooting at your {}, which has not yet acted: evade now (better cover \
             against this shot and the rest of the turn, but evasive speed at most in its \
             segment) or not?",
            r.name_for(s, Some(q.side), shooter),
            r.unit_name(s, target)
        ),
        Ask::ChooseOfficer { unit, drawn } => {
            let all: Vec<String> = drawn
                .iter()
                .filter_map(|&token| r.token_at(s, unit, token).map(token_words))
                .collect();
            // Copies of one token are told once, with their number.
            let mut told: Vec<String> = Vec::new();
            for (i, t) in all.iter().enumerate() {
                if all[..i].contains(t) {
                    continue;
                }
                match all.iter().filter(|x| *x == t).count() {
                    1 => told.push(t.clone()),
                    n => told.push(format!("{t} ({n} copies)")),
                }
            }
            format!(
                "{} has drawn {} officer tokens: {}. Which one leads? The others go back.",
                r.unit_name(s, unit),
                all.len(),
                told.join("; ")
            )
        }
        Ask::TargetFled { charger } => format!(
            "the target of {} got away: halt where it stood, or run on along the line of the charge?",
            r.name(charger)
        ),
    }
}

/// An officer token in words: its name, its morale modifier and its
/// traits ("Kombrig, bold (+1; clever)").
pub fn token_words(t: &crate::scenario::OfficerToken) -> String {
    let traits: Vec<String> = t
        .traits
        .iter()
        .map(|x| format!("{x:?}").to_lowercase())
        .collect();
    if traits.is_empty() {
        format!("{} ({:+})", t.name, t.morale)
    } else {
        format!("{} ({:+}; {})", t.name, t.morale, traits.join(", "))
    }
}

pub fn prompt(r: &RedActions, s: &State, side: Side) -> String {
    let name = r.side_name_of(side);
    if let Some(q) = r.question(s) {
        return if q.side == side && s.turn == 0 {
            format!("Before the first turn: {name}, {}", question(r, s, q))
        } else if q.side == side {
            format!(
                "Turn {}: {name}, out of turn: {}",
                s.turn,
                question(r, s, q)
            )
        } else if s.turn == 0 {
            format!("Before the first turn: {name}, the other side chooses its officers.")
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
        Phase::Choose {
            side: chooser,
            selected: Some(u),
            ..
        } if *chooser != side || r.unseen_by(s, *u, Some(side)) => {
            format!("Turn {}: {name}, the other side's segment.", s.turn)
        }
        Phase::Choose {
            selected: Some(u), ..
        } if s.unit(*u).more.off_table => format!(
            "Turn {}: {name}, {} routed off the table: its one chance to rally.",
            s.turn,
            r.unit_name(s, *u)
        ),
        Phase::Choose {
            selected: Some(u), ..
        } => format!(
            "Turn {}: {name}, {} is chosen to act: move, shoot, rally or hold.",
            s.turn,
            r.unit_name(s, *u)
        ),
        Phase::Choose { card: Some(u), .. } => format!(
            "Turn {}: {name}, the card names {}: its segment.",
            s.turn,
            r.unit_name(s, *u)
        ),
        Phase::Choose { .. } => format!("Turn {}: {name}, choose a unit to act.", s.turn),
        Phase::Acting(seg) => format!(
            "Turn {}: {name}, {} has used {} of {}: move on or end its segment.",
            s.turn,
            r.unit_name(s, seg.unit),
            seg.charged,
            seg.allowance
        ),
    }
}

/// A wheel's direction and its pivot: on the left front corner the unit
/// wheels left (its right end swings forward), on the right corner right.
fn pivot(p: geometry::Side) -> &'static str {
    match p {
        geometry::Side::Left => "left, pivoting on its left front corner",
        geometry::Side::Right => "right, pivoting on its right front corner",
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
        Action::Select { .. } => format!("{n} acts this segment"),
        Action::Kind { kind, .. } => format!("{n}: {}…", kind.words()),
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
        Action::TakePossession { building, .. } => {
            format!("{n} takes possession of {}", building_name(r, building))
        }
        Action::TakePrisoners { prisoners, .. } => {
            format!(
                "{n} takes possession of {}",
                prisoners_name(r, s, prisoners)
            )
        }
        Action::KillPrisoners { prisoners, .. } => {
            format!("{n} kills {}", prisoners_name(r, s, prisoners))
        }
        Action::March { .. } => format!("{n} marches (column, double speed)"),
        Action::CrossWire { .. } => format!("{n} tries the wire"),
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
        Action::KeepOfficer { unit, token } => match r.token_at(s, unit, token) {
            Some(t) => format!("{n} takes {}", token_words(t)),
            None => format!("{n} takes an officer token its pool does not have"),
        },
        Action::Charge { target, .. } => format!("{n} charges {}", r.name(target)),
        Action::StandCharge { .. } => format!("{n} stands to meet the charge"),
        Action::FleeCharge { .. } => format!("{n} flees from the charge (humiliated)"),
        Action::ShootChargers { .. } => format!("{n} fires at the chargers"),
        Action::CounterCharge { .. } => format!("{n} counter-charges"),
        Action::HaltCharge { .. } => format!("{n} halts where its target stood"),
        Action::RunOn { .. } => format!("{n} runs on along its line"),
        Action::ReturnFire { target, .. } => {
            format!("{n} fires back at {}", r.unit_name(s, target))
        }
        Action::HoldFire { .. } => format!("{n} holds its fire"),
        Action::Evade { .. } => format!("{n} evades (evasive speed at most)"),
        Action::NoEvade { .. } => format!("{n} does not evade (full speed in its segment)"),
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
        Event::OfficerRoll {
            unit,
            die,
            at_most,
            killed,
        } => format!(
            "Officer of {}: d6 {die} ({}), {}.",
            r.unit_name(s, *unit),
            if *at_most >= 2 {
                "1 or 2 is a casualty, the unit routing from a fight"
            } else {
                "1 is a casualty"
            },
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
        Event::OfficerKept { unit, token, drawn } => format!(
            "{} keeps {} of the {drawn} officer tokens drawn.",
            r.unit_name(s, *unit),
            r.token_at(s, *unit, *token)
                .map_or_else(|| "a token".to_string(), token_words)
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
            where_is(s, *unit)
        ),
        Event::DummyRemoved { dummy } => format!(
            "The marker at {} was a dummy and is removed.",
            s.dummies
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
        Event::TookPossession { unit, building } => format!(
            "{} takes possession of {} and its hard cover.",
            r.unit_name(s, *unit),
            building_name(r, *building)
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
        Event::Pivoted { unit, angle } => format!("{} pivots {angle} to fire.", r.name(*unit)),
        Event::TrainCaptured { unit, by } => format!(
            "{}'s train is taken by {}: they run it now.",
            r.name(*unit),
            r.side_name_of(*by)
        ),
        Event::WireCrushed { unit, die, crushed } => format!(
            "{} drives over the wire: d6 {die} (needs 4): {}.",
            r.name(*unit),
            if *crushed {
                "a 4\" strip is crushed"
            } else {
                "the wire springs back"
            }
        ),
        Event::PrisonersTaken {
            bases, prisoners, ..
        } => format!(
            "{} taken prisoner ({bases} bases); {} holds them.",
            prisoners_name(r, s, *prisoners),
            s.prisoners
                .get(*prisoners as usize)
                .map_or("the enemy", |p| r.side_name_of(p.side.other()))
        ),
        Event::PrisonersFreed { prisoners, by } => match by {
            Some(u) => format!(
                "{} retakes {}: they go to the rear.",
                r.name(*u),
                prisoners_name(r, s, *prisoners)
            ),
            None => format!(
                "Their guards driven off, {} are retaken: they go to the rear.",
                prisoners_name(r, s, *prisoners)
            ),
        },
        Event::PrisonersKilled { unit, prisoners } => format!(
            "{} kills {}.",
            r.name(*unit),
            prisoners_name(r, s, *prisoners)
        ),
        Event::RoutedOffTable { unit, seen } => format!(
            "{} routs off the table{}",
            r.name(*unit),
            if *seen {
                " in sight of the enemy: it is gone."
            } else {
                " unseen: it has one chance to rally."
            }
        ),
        Event::Returned { unit } => format!(
            "{} rallies off the table and comes back where it left.",
            r.name(*unit)
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

/// A prisoners' token in words: "the prisoners of <unit>".
fn prisoners_name(r: &RedActions, s: &State, k: u16) -> String {
    match s.prisoners.get(k as usize) {
        Some(p) => format!("the prisoners of {}", r.unit_name(s, p.unit)),
        None => "no prisoners".into(),
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

/// The unit an event is about, for hiding it from a side that may not see
/// that unit (every event is listed: a new one must be placed here).
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
        | Event::DirectHit { unit, .. }
        | Event::VehicleDie { unit, .. }
        | Event::FireMode { unit, .. }
        | Event::Harassed { unit, .. }
        | Event::TrainRan { unit, .. }
        | Event::EngineHit { unit, .. }
        | Event::TrainLeaves { unit }
        | Event::TrainRallied { unit }
        | Event::Disembarked { unit }
        | Event::TankTerror { unit, .. }
        | Event::TankCaptured { unit }
        | Event::Scouted { unit, .. }
        | Event::Revealed { unit }
        | Event::Sprung { unit, .. }
        | Event::LayLow { unit }
        | Event::Released { unit, .. }
        | Event::Dug { unit, .. }
        | Event::FireRoll { unit, .. }
        | Event::TookPossession { unit, .. }
        | Event::Marches { unit }
        | Event::EntersWire { unit }
        | Event::WireRoll { unit, .. }
        | Event::Veers { unit, .. }
        | Event::FoxholeHeld { unit }
        | Event::OfficerDrawn { unit, .. }
        | Event::OfficerKept { unit, .. }
        | Event::MobRoll { unit, .. }
        | Event::Divided { unit, .. }
        | Event::Combined { unit, .. }
        | Event::Dismounted { unit }
        | Event::Mounted { unit }
        | Event::Command { unit, .. }
        | Event::SwappedRetire { unit, .. }
        | Event::PreEmptRoll { unit, .. }
        | Event::RallyMargin { unit, .. }
        | Event::ChargeDeclared { unit, .. }
        | Event::ChargeCancelled { unit }
        | Event::Fled { unit }
        | Event::CounterCharged { unit }
        | Event::Contact { unit, .. }
        | Event::CrewSurrendered { unit }
        | Event::Surrendered { unit }
        | Event::Pursuit { unit, .. }
        | Event::Captured { unit, .. }
        | Event::PassedThrough { unit, .. }
        | Event::Evades { unit }
        | Event::TrainCaptured { unit, .. }
        | Event::Pivoted { unit, .. }
        | Event::FriendsInTheDark { unit, .. }
        | Event::WireCrushed { unit, .. }
        | Event::MoraleNumber { unit, .. }
        | Event::PrisonersTaken { unit, .. }
        | Event::PrisonersKilled { unit, .. }
        | Event::RoutedOffTable { unit, .. }
        | Event::Returned { unit } => *unit,
        Event::Promoted { officer: unit, .. } => *unit,
        Event::Combat { charger: unit, .. } => *unit,
        Event::TurnBegins { .. }
        | Event::RollOff { .. }
        | Event::SegmentRoll { .. }
        | Event::GameOver { .. }
        | Event::Asked { .. }
        | Event::BuildingRoll { .. }
        | Event::DummyRemoved { .. }
        | Event::FireGrows { .. }
        | Event::BuildingBurnt { .. }
        | Event::PrisonersFreed { .. } => return None,
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
