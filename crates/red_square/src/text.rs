//! Prompts, choices and the log in words. Nothing is hidden at the table in
//! Red Square (every card is turned for both players), so the words are the
//! same for both readers; each is still written for its reader's side
//! ("your", "the enemy's").

use crate::RedSquare;
use crate::grid::Sq;
use crate::state::{Action, Event, Part, Phase, State, UnitId};
use engine::{Ruleset, Side};

fn unit_name(r: &RedSquare, id: UnitId) -> String {
    r.sc()
        .units
        .get(id as usize)
        .map_or_else(|| format!("unit {id}"), |u| u.name.clone())
}

fn sq(r: &RedSquare, s: Sq) -> String {
    if (s as usize) < r.sc().grid.len() {
        r.sc().grid.name(s)
    } else {
        "?".into()
    }
}

fn whose(r: &RedSquare, s: &State, viewer: Option<Side>, id: UnitId) -> String {
    let Some(u) = s.units.get(id as usize) else {
        return unit_name(r, id);
    };
    match viewer {
        Some(v) if v == u.side => format!("your {}", unit_name(r, id)),
        Some(_) => format!("the enemy's {}", unit_name(r, id)),
        None => format!("{} ({})", unit_name(r, id), r.side_name(u.side)),
    }
}

pub fn prompt(r: &RedSquare, s: &State, side: Side) -> String {
    let v = Some(side);
    match &s.phase {
        Phase::Headquarters(_) => {
            "Turn sequence 2: move a headquarters, or go on to the cards.".into()
        }
        Phase::Ace { card } => format!(
            "Your {} for {}: does the Ace count high or low?",
            s.dealt[*card as usize].card.name(),
            whose(r, s, v, s.dealt[*card as usize].holder)
        ),
        Phase::TrainCard { unit } => {
            format!("{}: keep one of its two cards.", whose(r, s, v, *unit))
        }
        Phase::Joker(_) => "You hold a turned Joker: play it now, before the next card?".into(),
        Phase::Activate { card } => {
            let d = &s.dealt[*card as usize];
            format!(
                "{} for {}: roll for activation{}.",
                d.card.name(),
                whose(r, s, v, d.holder),
                if r.may_auto(s, *card) {
                    ", or activate without rolling (then no square next to the enemy)"
                } else {
                    ""
                }
            )
        }
        Phase::Act { card, score } => {
            let d = &s.dealt[*card as usize];
            let band = if *score >= 2 {
                "any action"
            } else if *score >= 0 {
                "fire wildly or hold fire"
            } else {
                "retreat or hide"
            };
            format!(
                "{} for {}: score {score} ({band}). Choose a unit's action.",
                d.card.name(),
                whose(r, s, v, d.holder)
            )
        }
        Phase::Moving(m) => format!(
            "{} is moving ({} square{} so far): step ahead, wheel, or stop.",
            whose(r, s, v, m.unit),
            m.squares,
            if m.squares == 1 { "" } else { "s" }
        ),
        Phase::Charge { unit, .. } => format!(
            "{} ends its move next to several enemy units in the open: choose the one it attacks.",
            whose(r, s, v, *unit)
        ),
        Phase::Reaction { mover, .. } => format!(
            "{} has entered {}: fire at it, or let it pass.",
            whose(r, s, v, *mover),
            sq(r, s.unit(*mover).at)
        ),
        Phase::GameOver => s
            .outcome
            .as_ref()
            .map_or_else(|| "The game is over.".into(), |o| o.reason.clone()),
    }
}

/// The square of a unit, as a name ("?" for a unit the game does not have:
/// a damaged save's action is described in its refusal, never a panic).
fn at_of(r: &RedSquare, s: &State, id: UnitId) -> String {
    s.units
        .get(id as usize)
        .map_or_else(|| "?".into(), |u| sq(r, u.at))
}

fn card_of(s: &State, card: u8) -> String {
    s.dealt
        .get(card as usize)
        .map_or_else(|| "card ?".into(), |d| d.card.name())
}

fn holder_of(s: &State, card: u8) -> UnitId {
    s.dealt.get(card as usize).map_or(u16::MAX, |d| d.holder)
}

pub fn action(r: &RedSquare, s: &State, viewer: Side, a: &Action) -> String {
    let v = Some(viewer);
    match a {
        Action::MoveHq { unit, to } => format!("Move {} to {}", whose(r, s, v, *unit), sq(r, *to)),
        Action::HqDone => "Go on to the cards".into(),
        Action::AceHigh { high, .. } => if *high { "Ace high" } else { "Ace low" }.into(),
        Action::KeepTrainCard { card } => {
            format!("Keep the {}", card_of(s, *card))
        }
        Action::PlayJoker { card } => format!(
            "Play the Joker: activate {} now",
            whose(r, s, v, holder_of(s, *card))
        ),
        Action::NoJoker => "Not now".into(),
        Action::Roll => "Roll for activation".into(),
        Action::Auto => "Activate without rolling".into(),
        Action::Move { unit } => format!("Move {}", whose(r, s, v, *unit)),
        Action::Step { to } => format!("Step to {}", sq(r, *to)),
        Action::Wheel { facing } => format!("Wheel to face {}", facing.name()),
        Action::StopMoving => "Stop here".into(),
        Action::Face { unit, facing } => {
            format!("{}: face {}", whose(r, s, v, *unit), facing.name())
        }
        Action::Reform { unit, formation } => {
            format!("{}: form {}", whose(r, s, v, *unit), formation.name())
        }
        Action::Fire { unit, target } => format!(
            "{} fires at {} in {}",
            whose(r, s, v, *unit),
            whose(r, s, v, *target),
            at_of(r, s, *target)
        ),
        Action::FireDiscarding { unit, target } => format!(
            "{} fires at {}, discarding its other card (no -1)",
            whose(r, s, v, *unit),
            whose(r, s, v, *target)
        ),
        Action::DefySpades { unit } => format!(
            "{} ignores the spade under the Commissar's eye (2d6 difference in hits)",
            whose(r, s, v, *unit)
        ),
        Action::Unload { unit, carried, to } => format!(
            "{} puts {} down in {}",
            whose(r, s, v, *unit),
            whose(r, s, v, *carried),
            sq(r, *to)
        ),
        Action::Observe { unit, target } => format!(
            "{} observes {} in {} (and fires if it can)",
            whose(r, s, v, *unit),
            whose(r, s, v, *target),
            at_of(r, s, *target)
        ),
        Action::HoldFire { unit } => format!("{} holds its fire", whose(r, s, v, *unit)),
        Action::DigIn { unit } => format!("{} digs in", whose(r, s, v, *unit)),
        Action::Rally { unit } => format!("{} rallies", whose(r, s, v, *unit)),
        Action::AskOrders { unit, orders } => format!(
            "{}: ask headquarters for {} orders",
            whose(r, s, v, *unit),
            orders.name()
        ),
        Action::Replace { unit, into } => format!(
            "{} replaces the losses of {}",
            whose(r, s, v, *unit),
            whose(r, s, v, *into)
        ),
        Action::Done { unit } => format!("{}: nothing more", whose(r, s, v, *unit)),
        Action::EndCard => "The card's other units do nothing more".into(),
        Action::ReactFire { unit } => format!("{} fires", whose(r, s, v, *unit)),
        Action::LetPass => "Let it pass".into(),
        Action::Charge { unit, target } => format!(
            "{} charges {} in {}",
            whose(r, s, v, *unit),
            whose(r, s, v, *target),
            at_of(r, s, *target)
        ),
        Action::WheelUp { unit } => format!(
            "{} wheels its guns up to the obstacle (unmasked)",
            whose(r, s, v, *unit)
        ),
    }
}

fn part_name(p: Part) -> &'static str {
    match p {
        Part::Close => "close range",
        Part::Effective => "effective range",
        Part::Long => "long range",
        Part::FiringLine => "firing line",
        Part::Oblique => "oblique target",
        Part::Massed => "massed, mounted or limbered target",
        Part::Enfilade => "enfiladed",
        Part::Moving => "moving",
        Part::Wild => "firing wildly",
        Part::HeldFire => "held fire",
        Part::ChangingTarget => "changing target",
        Part::Protected => "protected target",
        Part::Unobserved => "unobserved",
        Part::Vehicle => "vehicle firing",
        Part::Hits => "hits",
        Part::Losses => "bases lost",
        Part::Hid => "hid last turn",
    }
}

fn parts(ps: &[(Part, i8)]) -> String {
    ps.iter()
        .map(|(p, n)| format!("{n:+} {}", part_name(*p)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn dice(d: &[u8]) -> String {
    d.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn events(
    r: &RedSquare,
    s: &State,
    events: &[Event],
    viewer: Option<Side>,
) -> Vec<Option<String>> {
    events
        .iter()
        .map(|e| Some(event(r, s, e, viewer)))
        .collect()
}

fn event(r: &RedSquare, s: &State, e: &Event, v: Option<Side>) -> String {
    let w = |id: UnitId| whose(r, s, v, id);
    match e {
        Event::TurnBegins { turn } => format!("Turn {turn} of {} begins.", r.sc().turns),
        Event::Arrived { unit } => format!("{} arrives in {}.", w(*unit), sq(r, s.unit(*unit).at)),
        Event::Shuffled => "The pack is shuffled.".into(),
        Event::Dealt { holder, count } => format!(
            "{} is dealt {} card{} face down.",
            w(*holder),
            count,
            if *count == 1 { "" } else { "s" }
        ),
        Event::Turned { holder, card } => {
            format!("{}'s card is turned: {}.", w(*holder), card.name())
        }
        Event::AceCounts { card, high } => {
            format!(
                "The {} counts {}.",
                card.name(),
                if *high { "high" } else { "low" }
            )
        }
        Event::TrainKeeps { card, discarded } => {
            format!(
                "The train keeps the {} and discards the {}.",
                card.name(),
                discarded.name()
            )
        }
        Event::CardPlayed { holder, card } => format!("{} plays: {}.", w(*holder), card.name()),
        Event::Activation {
            holder,
            dice: d,
            dropped,
            quality,
            penalties,
            battalions,
            score,
        } => {
            let mut t = format!("{} rolls {}", w(*holder), dice(d));
            if let Some(x) = dropped {
                t.push_str(&format!(" (the CO's extra die: {x} dropped)"));
            }
            if *quality != 0 {
                t.push_str(&format!(", {quality:+} quality"));
            }
            if !penalties.is_empty() {
                t.push_str(&format!(", {}", parts(penalties)));
            }
            if *battalions > 1 {
                t.push_str(&format!(", divided by {battalions} battalions"));
            }
            format!("{t}: activation score {score}.")
        }
        Event::AutoActivation { holder } => {
            format!("{} activates without rolling (score 2).", w(*holder))
        }
        Event::Casualties {
            unit,
            hits,
            divisor,
            sure,
            roll,
            lost,
        } => {
            let mut t = format!("{}: {hits} hits, a base per {divisor}: {sure}", w(*unit));
            if let Some(x) = roll {
                t.push_str(&format!(
                    ", and {x} rolled against the remaining {}",
                    hits % divisor
                ));
            }
            format!(
                "{t}. {lost} base{} lost.",
                if *lost == 1 { "" } else { "s" }
            )
        }
        Event::Rings { unit, hits, lost } => format!(
            "{}: {hits} hits as black rings, {lost} base{} lost.",
            w(*unit),
            if *lost == 1 { "" } else { "s" }
        ),
        Event::HitsCleared { unit } => format!("{}'s hit markers are removed.", w(*unit)),
        Event::Moved { unit, from, to } => format!(
            "{} moves from {} to {}.",
            w(*unit),
            sq(r, *from),
            sq(r, *to)
        ),
        Event::Faced { unit, facing } => format!("{} faces {}.", w(*unit), facing.name()),
        Event::Reformed { unit, formation } => format!("{} forms {}.", w(*unit), formation.name()),
        Event::OrdersChanged {
            unit,
            orders,
            roll,
            need,
            ok,
        } => format!(
            "Headquarters, asked for {} orders for {}, rolls {roll} (needs {need}): {}.",
            orders.name(),
            w(*unit),
            if *ok { "given" } else { "not given" }
        ),
        Event::Observed {
            observer,
            target,
            dice: d,
            uphill,
            need,
            ok,
        } => format!(
            "{} tries to observe {}: {}{} (needs {need}): {}.",
            w(*observer),
            w(*target),
            dice(d),
            if *uphill > 0 {
                ", +1 from higher ground"
            } else {
                ""
            },
            if *ok { "observed" } else { "not seen" }
        ),
        Event::Fired {
            firer,
            target,
            range,
            parts: ps,
            dice: d,
            score,
            automatic,
            hits,
            ..
        } => {
            let n: i16 = ps.iter().map(|p| p.1 as i16).sum::<i16>().max(0);
            let mut t = format!(
                "{} fires at {} at {range}: {n} dice ({}), hit on {} or less",
                w(*firer),
                w(*target),
                parts(ps),
                score.min(&6)
            );
            if *automatic > 0 {
                t.push_str(&format!(
                    " ({automatic} automatic hit{} a die, then {} or less)",
                    if *automatic == 1 { "" } else { "s" },
                    score % 6
                ));
            }
            format!(
                "{t}: rolled {}: {hits} hit{}.",
                dice(d),
                if *hits == 1 { "" } else { "s" }
            )
        }
        Event::HoldsFire { unit } => format!("{} holds its fire.", w(*unit)),
        Event::Platform { unit } => format!("{} places its firing platform.", w(*unit)),
        Event::Dug { unit, markers } => format!(
            "{} digs in ({markers} digging marker{}).",
            w(*unit),
            if *markers == 1 { "" } else { "s" }
        ),
        Event::Trenches {
            unit,
            dice: d,
            made,
        } => format!(
            "{} under fire rolls {} for its digging: {}.",
            w(*unit),
            dice(d),
            if *made { "trenches" } else { "no trenches yet" }
        ),
        Event::Rallied { unit } => format!("{} rallies.", w(*unit)),
        Event::Replaced { from, into } => {
            format!("{} replaces the losses of {}.", w(*from), w(*into))
        }
        Event::Retreats { unit, path } => {
            if path.is_empty() {
                format!("{} turns to the rear but cannot fall back.", w(*unit))
            } else {
                format!(
                    "{} retreats to {}.",
                    w(*unit),
                    path.iter()
                        .map(|&p| sq(r, p))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        }
        Event::Hides { unit } => format!("{} hides.", w(*unit)),
        Event::LeftTable { unit } => format!("{} leaves the table.", w(*unit)),
        Event::Fled { unit, roll, need } => match roll {
            Some(x) => format!(
                "{} rolls {x} (flees on {need} or less): it flees.",
                w(*unit)
            ),
            None => format!("{} flees.", w(*unit)),
        },
        Event::GunsSaved {
            unit,
            roll,
            need,
            saved,
        } => format!(
            "{} rolls {roll} to keep up with the retreat (needs {need} or less): {}.",
            w(*unit),
            if *saved {
                "the guns are saved"
            } else {
                "the guns are lost"
            }
        ),
        Event::Stands { unit, roll, need } => match roll {
            Some(x) => format!("{} rolls {x} (needs {need} or less): it holds.", w(*unit)),
            None => format!("{} stands its ground.", w(*unit)),
        },
        Event::Removed { unit } => format!("{} is removed from play.", w(*unit)),
        Event::FigureCard {
            unit,
            card,
            pinned,
            removed,
        } => format!(
            "{} draws the {}: {}.",
            w(*unit),
            card.name(),
            if *removed {
                "removed"
            } else if *pinned {
                "pinned for a turn"
            } else {
                "unharmed"
            }
        ),
        Event::VehicleCard { unit, card, effect } => format!(
            "A card for {}: the {}{}.",
            w(*unit),
            card.name(),
            if *effect { ", which takes effect" } else { "" }
        ),
        Event::BrokeDown { unit, card } => {
            format!("{} breaks down or bogs ({}).", w(*unit), card.name())
        }
        Event::Restarted { unit, cards, ok } => format!(
            "{} draws {} to restart: {}.",
            w(*unit),
            cards
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(" and "),
            if *ok {
                "it gets going again"
            } else {
                "still broken down"
            }
        ),
        Event::Spades { unit, dice, hits } => format!(
            "{} ignores the spade under the Commissar's eye ({}): {hits} hit markers.",
            w(*unit),
            dice.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Discarded { unit, card } => {
            format!(
                "{} discards its {} to fire without the -1.",
                w(*unit),
                card.name()
            )
        }
        Event::BuildingCard { at, card, burning } => format!(
            "A card for the buildings in {}: the {}{}.",
            sq(r, *at),
            card.name(),
            if *burning { ": they catch fire" } else { "" }
        ),
        Event::Unloaded { unit, carried, to } => {
            format!("{} puts {} down in {}.", w(*unit), w(*carried), sq(r, *to))
        }
        Event::Returned { unit, card, to } => match to {
            Some(to) => format!(
                "{} draws the {} and comes back in {}.",
                w(*unit),
                card.name(),
                sq(r, *to)
            ),
            None => format!(
                "{} draws the {}: it stays off the table.",
                w(*unit),
                card.name()
            ),
        },
        Event::MountedCombat {
            attacker,
            defender,
            attacker_hits,
            defender_hits,
        } => format!(
            "Mounted combat: {} scores {attacker_hits} hits, {} {defender_hits}.",
            w(*attacker),
            w(*defender)
        ),
        Event::ObservationPost {
            gun,
            post,
            roll,
            ok,
        } => format!(
            "{} fires through its observation post, {}: rolled {roll} (needs 4 to 6): {}.",
            w(*gun),
            w(*post),
            if *ok {
                "through"
            } else {
                "no contact, the guns stay silent"
            }
        ),
        Event::WireCard { at, card } => format!(
            "A card for the wire in {}: the {}.",
            sq(r, *at),
            card.name()
        ),
        Event::WireCleared { at } => format!("The wire in {} is cleared.", sq(r, *at)),
        Event::TrainCaptured { unit, by } => format!(
            "{} is captured by {}.",
            w(*unit),
            match v {
                Some(x) if x == *by => "you".to_string(),
                _ => r.side_name(*by).to_string(),
            }
        ),
        Event::Horses { unit, at } => match at {
            Some(at) => format!("{}'s horse holders stand in {}.", w(*unit), sq(r, *at)),
            None => format!("{}'s horses rejoin it.", w(*unit)),
        },
        Event::WheeledUp { unit } => format!(
            "{} wheels its guns up to the obstacle: it is unmasked.",
            w(*unit)
        ),
        Event::OrdersLapse { unit, orders } => format!(
            "{}'s Attack is stopped: its orders are now {}.",
            w(*unit),
            orders.name()
        ),
        Event::HqActivation { unit, roll, ok } => format!(
            "{} is under fire and rolls {roll}: {}.",
            w(*unit),
            if *ok {
                "it may act"
            } else {
                "it stays and gives no orders this turn"
            }
        ),
        Event::TurnEnds { turn } => format!("Turn {turn} ends; the cards are gathered."),
        Event::GameOver { outcome } => format!("The game is over: {}.", outcome.reason),
    }
}
