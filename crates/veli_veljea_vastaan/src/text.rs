//! Prompts, choices and events in words, for the log and the panels.

use crate::rules::VeliVeljeaVastaan;
use crate::scenario::{CardId, CityId, Effect, UnitType};
use crate::state::{Action, Cause, Event, Modifier, Phase, Roll, Source, State, UnitId};
use engine::Side;
use std::fmt::Write;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub fn month_name(month: u8) -> &'static str {
    MONTHS
        .get(month.wrapping_sub(1) as usize)
        .copied()
        .unwrap_or("?")
}

fn side(s: Side) -> &'static str {
    VeliVeljeaVastaan::side_word(s)
}

impl VeliVeljeaVastaan {
    pub fn city_name(&self, c: CityId) -> &str {
        self.sc()
            .map
            .cities
            .get(c as usize)
            .map_or("?", |c| c.name.as_str())
    }
    pub fn unit_name(&self, kind: UnitType) -> &str {
        self.sc()
            .units
            .get(kind as usize)
            .map_or("?", |u| u.name.as_str())
    }
    pub fn card_title(&self, card: CardId) -> String {
        match self.sc().cards.get(card as usize) {
            Some(c) => format!("\"{}{}\"", c.name, if c.star { "*" } else { "" }),
            None => "?".into(),
        }
    }
    /// "full Red Guard in Tampere"
    pub fn describe_unit(&self, s: &State, unit: UnitId) -> String {
        match s.unit(unit) {
            Some(u) => format!(
                "{} {} in {}",
                if u.reduced { "reduced" } else { "full" },
                self.unit_name(u.kind),
                self.city_name(u.city)
            ),
            None => format!("unit {unit}"),
        }
    }
    /// What a card's event does, in words.
    pub fn describe_effect(&self, e: &Effect) -> String {
        match *e {
            Effect::Place {
                unit,
                count,
                reduced,
                ..
            } => {
                format!(
                    "place {count} {}{}",
                    if reduced { "reduced " } else { "" },
                    self.unit_name(unit)
                )
            }
            Effect::Activate {
                cities,
                move_,
                attack,
                attack_roll,
            } => {
                let mut t = format!(
                    "activate {cities} cit{}",
                    if cities == 1 { "y" } else { "ies" }
                );
                if !move_ {
                    t.push_str(" to attack only");
                }
                if !attack {
                    t.push_str(" to move only");
                }
                if attack_roll != 0 {
                    let _ = write!(t, ", {attack_roll:+} to attack rolls");
                }
                t
            }
            Effect::Repair { count, unit } => format!(
                "restore up to {count} reduced {} to full strength",
                unit.map_or("units".to_string(), |u| self.unit_name(u).to_string())
            ),
            Effect::Fieldworks { count, .. } => format!("build {count} fieldworks"),
            Effect::Reduce { count, .. } => format!(
                "{count} hit{} on enemy units",
                if count == 1 { "" } else { "s" }
            ),
            Effect::Control { .. } => "take an empty enemy city".into(),
            Effect::AttackRoll(v) => format!("{v:+} to the attacker's roll"),
            Effect::DefenceRoll(v) => format!("{v:+} to the defender's roll"),
            Effect::AttackColumn(v) => format!("attack column {v:+}"),
            Effect::DefenceColumn(v) => format!("defence column {v:+}"),
            Effect::CancelAttack => "the attack does not happen".into(),
        }
    }
}

pub fn prompt(r: &VeliVeljeaVastaan, s: &State, who: Side) -> String {
    if r.decider(s) != Some(who) {
        return match &s.outcome {
            Some(o) => format!("The game is over: {}.", o.reason),
            None => "Waiting for the other side.".into(),
        };
    }
    let month = month_name(s.month);
    match s.phase {
        Phase::Place => match s.placements.first() {
            Some(p) => format!(
                "{month}: place a {}{} ({}, {} more to place).",
                if p.reduced { "reduced " } else { "" },
                r.unit_name(p.unit),
                match p.source {
                    Source::Reinforcement => "reinforcement".to_string(),
                    Source::Card(c) => r.card_title(c),
                },
                s.placements.len() - 1
            ),
            None => "Place a unit.".into(),
        },
        Phase::PlayCard => format!(
            "{month}: play a card from your hand as its event or as action points ({} in hand).",
            s.decks[who.index()].hand.len()
        ),
        Phase::Activate => format!(
            "Activate a city (one action point each, {} left), or go on to movement.",
            s.turn.ap
        ),
        Phase::Move => {
            "Move an activated unit one link (road 2 MP, railway 1), or end movement.".into()
        }
        Phase::Attack => {
            "Declare an attack on a neighbouring city with enemy units, or end your turn.".into()
        }
        Phase::Attackers => match &s.combat {
            Some(c) => format!(
                "Attack {}: add attacking units ({} so far), then launch.",
                r.city_name(c.target),
                c.attackers.len()
            ),
            None => String::new(),
        },
        Phase::Respond(_) => "Use a card kept in front for this combat?".into(),
        Phase::Losses(sd) => {
            let c = s.combat.as_ref();
            let hits = c.map_or(0, |c| c.hits[sd.index()]);
            let star = c.is_some_and(|c| c.star[sd.index()]);
            format!(
                "Take {hits} hit{}: pick a unit for each{}.",
                if hits == 1 { "" } else { "s" },
                if star {
                    " (the star: first a Jäger, German or train)"
                } else {
                    ""
                }
            )
        }
        Phase::Retreat => "Retreat your units to neighbouring cities you hold.".into(),
        Phase::Advance => {
            "Advance full-strength attackers into the empty city (up to 3), or stay.".into()
        }
        Phase::Repair => "Pick a reduced unit to restore to full strength, or stop.".into(),
        Phase::Fieldworks => "Pick a city for the fieldworks, or stop.".into(),
        Phase::Reduce => "Pick an enemy unit to take a hit.".into(),
        Phase::Control => "Pick the empty enemy city to take.".into(),
        Phase::GameOver => "The game is over.".into(),
    }
}

/// An action as `viewer` reads it. Every action names only open counters,
/// cities and cards of the viewer's own hand or kept in front (the choices
/// are the deciding side's own), so the words are the same for any viewer.
pub fn action(r: &VeliVeljeaVastaan, s: &State, _viewer: Side, a: &Action) -> String {
    match *a {
        Action::Place { city } => format!("place in {}", r.city_name(city)),
        Action::PlayEvent { card } => format!("play {} as its event", r.card_title(card)),
        Action::PlayPoints { card } => format!(
            "play {} for {} action points",
            r.card_title(card),
            r.sc().cards.get(card as usize).map_or(0, |c| c.ap)
        ),
        Action::Activate { city } => format!("activate {}", r.city_name(city)),
        Action::DoneActivating => "go on to movement".into(),
        Action::Step { unit, to } => format!(
            "move the {} to {}",
            r.describe_unit(s, unit),
            r.city_name(to)
        ),
        Action::DoneMoving => "end movement".into(),
        Action::Declare { target } => format!("attack {}", r.city_name(target)),
        Action::EndTurn => "end the turn".into(),
        Action::AddAttacker { unit } => format!("attack with the {}", r.describe_unit(s, unit)),
        Action::Launch => "launch the attack".into(),
        Action::UseKept { card } => format!("use {}", r.card_title(card)),
        Action::NoResponse => "use no card".into(),
        Action::Hit { unit } => format!("hit on the {}", r.describe_unit(s, unit)),
        Action::Retreat { unit, to } => format!(
            "retreat the {} to {}",
            r.describe_unit(s, unit),
            r.city_name(to)
        ),
        Action::Advance { unit } => format!("advance the {}", r.describe_unit(s, unit)),
        Action::StayPut => "do not advance".into(),
        Action::Repair { unit } => format!("restore the {}", r.describe_unit(s, unit)),
        Action::Fieldworks { city } => format!("fieldworks in {}", r.city_name(city)),
        Action::Reduce { unit } => format!("hit the {}", r.describe_unit(s, unit)),
        Action::Control { city } => format!("take {}", r.city_name(city)),
        Action::Enough => "stop here".into(),
    }
}

fn cause(r: &VeliVeljeaVastaan, c: Cause) -> String {
    match c {
        Cause::Road => "road".into(),
        Cause::Germans => "Germans".into(),
        Cause::Fieldworks => "fieldworks".into(),
        Cause::Event(card) | Cause::Kept(card) => r.card_title(card),
    }
}

fn mods(r: &VeliVeljeaVastaan, list: &[Modifier]) -> String {
    let mut t = String::new();
    for m in list {
        let _ = write!(t, " {} {}", signed(m.value), cause(r, m.cause));
    }
    t
}

fn signed(v: i8) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        format!("+{v}")
    }
}

/// "Red attack 13, column 13-15; die 5 −2 road +2 … −3 … = 2: 2 hits"
pub fn roll(r: &VeliVeljeaVastaan, what: &str, roll: &Roll) -> String {
    let labels = if roll.shifts.is_empty() {
        String::new()
    } else {
        let table = if what == "attack" {
            &r.sc().attack
        } else {
            &r.sc().defence
        };
        let base = table
            .labels
            .get(roll.base_column as usize)
            .cloned()
            .unwrap_or_default();
        let moves: Vec<String> = roll
            .shifts
            .iter()
            .map(|m| {
                format!(
                    "{} {} ({})",
                    if m.value < 0 { "left" } else { "right" },
                    m.value.unsigned_abs(),
                    cause(r, m.cause)
                )
            })
            .collect();
        format!(" {base} moved {} to", moves.join(", "))
    };
    let mut t = format!(
        "{} {what} {}, column{labels} {}; die {}",
        side(roll.side),
        roll.value,
        roll.column_label,
        roll.die
    );
    if !roll.modifiers.is_empty() {
        let _ = write!(t, "{} = {}", mods(r, &roll.modifiers), roll.modified);
    }
    let _ = write!(
        t,
        ": {} hit{}{}",
        roll.hits,
        if roll.hits == 1 { "" } else { "s" },
        if roll.star { "*" } else { "" }
    );
    t
}

/// The events of one step as `viewer` reads them: each as the viewer may see
/// it (another side's dealt cards blanked), then in words.
pub fn events(
    r: &VeliVeljeaVastaan,
    _s: &State,
    events: &[Event],
    viewer: Option<Side>,
) -> Vec<Option<String>> {
    events
        .iter()
        .map(|e| engine::Ruleset::event_for(r, e, viewer).map(|e| event(r, &e)))
        .collect()
}

fn event(r: &VeliVeljeaVastaan, e: &Event) -> String {
    match e {
        Event::MonthBegins { month } => format!("{} begins.", month_name(*month)),
        Event::CardsDealt {
            side: sd,
            cards,
            count,
        } => {
            if cards.is_empty() {
                format!("{} is dealt {count} cards.", side(*sd))
            } else {
                let names: Vec<String> = cards.iter().map(|&c| r.card_title(c)).collect();
                format!(
                    "{} is dealt {count} cards: {}.",
                    side(*sd),
                    names.join(", ")
                )
            }
        }
        Event::Shuffled { side: sd, cards } => {
            format!("{} shuffles a draw pile of {cards} cards.", side(*sd))
        }
        Event::CardPlayed {
            side: sd,
            card,
            as_event,
        } => {
            let c = &r.sc().cards[*card as usize];
            if *as_event {
                format!(
                    "{} plays {} as its event: {}",
                    side(*sd),
                    r.card_title(*card),
                    c.text
                )
            } else {
                format!(
                    "{} plays {} for {} action points.",
                    side(*sd),
                    r.card_title(*card),
                    c.ap
                )
            }
        }
        Event::CardKept { side: sd, card } => format!(
            "{} keeps {} in front for later.",
            side(*sd),
            r.card_title(*card)
        ),
        Event::CardRemoved { card, .. } => format!("{} leaves the game.", r.card_title(*card)),
        Event::Placed {
            side: sd,
            kind,
            city,
            reduced,
            ..
        } => format!(
            "{} places a {}{} in {}.",
            side(*sd),
            if *reduced { "reduced " } else { "" },
            r.unit_name(*kind),
            r.city_name(*city)
        ),
        Event::NotPlaced {
            side: sd,
            kind,
            reason,
        } => {
            format!(
                "A {} {} does not enter: {reason}.",
                side(*sd),
                r.unit_name(*kind)
            )
        }
        Event::Activated {
            side: sd,
            city,
            units,
        } => {
            format!(
                "{} activates {} ({units} unit{}).",
                side(*sd),
                r.city_name(*city),
                if *units == 1 { "" } else { "s" }
            )
        }
        Event::Moved {
            kind,
            from,
            to,
            cost,
            mp_left,
            ..
        } => format!(
            "{} moves from {} to {} ({cost} MP, {mp_left} left).",
            r.unit_name(*kind),
            r.city_name(*from),
            r.city_name(*to)
        ),
        Event::Captured { city, by } => format!("{} takes {}.", side(*by), r.city_name(*city)),
        Event::FieldworksBuilt { city } => {
            format!("Fieldworks are built in {}.", r.city_name(*city))
        }
        Event::FieldworksDestroyed { city } => {
            format!("The fieldworks in {} are destroyed.", r.city_name(*city))
        }
        Event::Repaired { kind, city, .. } => {
            format!(
                "{} in {} is back to full strength.",
                r.unit_name(*kind),
                r.city_name(*city)
            )
        }
        Event::Hit {
            kind,
            side: sd,
            city,
            removed,
            ..
        } => format!(
            "{} {} in {} {}.",
            side(*sd),
            r.unit_name(*kind),
            r.city_name(*city),
            if *removed {
                "is eliminated"
            } else {
                "is reduced"
            }
        ),
        Event::AttackDeclared {
            side: sd,
            target,
            attackers,
        } => format!(
            "{} attacks {} with {} unit{}.",
            side(*sd),
            r.city_name(*target),
            attackers.len(),
            if attackers.len() == 1 { "" } else { "s" }
        ),
        Event::KeptUsed { side: sd, card } => {
            format!("{} uses {}.", side(*sd), r.card_title(*card))
        }
        Event::AttackCancelled { target, card } => {
            format!(
                "The attack on {} is called off ({}).",
                r.city_name(*target),
                r.card_title(*card)
            )
        }
        Event::Combat {
            target,
            attack,
            defence,
        } => format!(
            "Combat at {}: {}. {}.",
            r.city_name(*target),
            roll(r, "attack", attack),
            roll(r, "defence", defence)
        ),
        Event::Retreats {
            required,
            difference,
            needed,
        } => {
            if *required {
                format!(
                    "The attacker caused {difference} more hit(s) than it took ({needed} needed): the defender must retreat."
                )
            } else {
                format!(
                    "No retreat: the attacker's hits minus the defender's are {difference}, {needed} needed."
                )
            }
        }
        Event::Retreated { kind, from, to, .. } => {
            format!(
                "{} retreats from {} to {}.",
                r.unit_name(*kind),
                r.city_name(*from),
                r.city_name(*to)
            )
        }
        Event::Surrendered { kind, city, .. } => {
            format!(
                "{} in {} has nowhere to retreat and surrenders.",
                r.unit_name(*kind),
                r.city_name(*city)
            )
        }
        Event::Advanced { kind, from, to, .. } => {
            format!(
                "{} advances from {} into {}.",
                r.unit_name(*kind),
                r.city_name(*from),
                r.city_name(*to)
            )
        }
        Event::SupplyCut { side: sd, cities } => {
            let names: Vec<&str> = cities.iter().map(|&c| r.city_name(c)).collect();
            format!("Out of supply ({}): {}.", side(*sd), names.join(", "))
        }
        Event::OutOfSupply { kind, city, .. } => {
            format!(
                "{} in {} is reduced for lack of supply.",
                r.unit_name(*kind),
                r.city_name(*city)
            )
        }
        Event::CityLost { city, to } => {
            format!(
                "{} is cut off and goes over to {}.",
                r.city_name(*city),
                side(*to)
            )
        }
        Event::TurnEnds { side: sd } => format!("{}'s turn ends.", side(*sd)),
        Event::GameOver { outcome } => format!("The game is over: {}.", outcome.reason),
    }
}
