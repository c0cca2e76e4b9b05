//! Building positions for the rulebook's examples.
#![allow(dead_code)]

use engine::{Ruleset, Side};
use veli_veljea_vastaan::state::{Turn, Unit};
use veli_veljea_vastaan::{
    Action, CityId, Event, Phase, RED, State, UnitId, VeliVeljeaVastaan, WHITE,
};

pub fn rules() -> VeliVeljeaVastaan {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/veli_veljea_vastaan/campaign_1918.toml");
    VeliVeljeaVastaan::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

pub fn city(r: &VeliVeljeaVastaan, id: &str) -> CityId {
    r.sc()
        .map
        .city_by_id(id)
        .unwrap_or_else(|| panic!("no city {id}"))
}

/// A campaign in January with no units on the map and White to play.
pub fn empty(r: &VeliVeljeaVastaan) -> State {
    let mut s = r.new_campaign(7);
    s.units.clear();
    s.fieldworks = Default::default();
    s
}

pub fn hold(r: &VeliVeljeaVastaan, s: &mut State, side: Side, cities: &[&str]) {
    for c in cities {
        s.control[city(r, c) as usize] = side;
    }
}

/// Puts a unit on the map (and gives its side the city).
pub fn put(r: &VeliVeljeaVastaan, s: &mut State, kind: &str, at: &str, reduced: bool) -> UnitId {
    let k = r
        .sc()
        .unit_by_key(kind)
        .unwrap_or_else(|| panic!("no unit {kind}"));
    let side = r.sc().units[k as usize].side;
    let c = city(r, at);
    s.control[c as usize] = side;
    s.add_unit(k, side, c, reduced)
}

/// `side` is in the middle of its turn with `ap` action points to spend.
pub fn turn(s: &mut State, side: Side, ap: u8) {
    s.turn = Turn {
        side: Some(side),
        ap,
        may_move: true,
        may_attack: true,
        ..Turn::default()
    };
    s.phase = Phase::Activate;
    s.combat = None;
    s.placements.clear();
}

/// Sets the generator so that the next dice come up as `dice`.
pub fn dice(s: &mut State, dice: &[u8]) {
    for seed in 0..1_000_000u64 {
        let mut rng = engine::rng_from_seed(seed);
        if dice.iter().all(|&d| engine::dice::d6(&mut rng) == d) {
            s.rng = engine::rng_from_seed(seed);
            return;
        }
    }
    panic!("no seed gives {dice:?}");
}

pub fn act(r: &VeliVeljeaVastaan, s: &mut State, side: Side, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    r.apply(s, side, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{}: {e}", r.describe_action(s, side, &a)));
    r.check_invariants(s).unwrap();
    ev
}

pub fn choices(r: &VeliVeljeaVastaan, s: &State, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    r.choices(s, side, &mut out);
    out
}

pub fn unit(s: &State, id: UnitId) -> Option<Unit> {
    s.unit(id).copied()
}

pub fn combat_event(
    ev: &[Event],
) -> (
    veli_veljea_vastaan::state::Roll,
    veli_veljea_vastaan::state::Roll,
) {
    ev.iter()
        .find_map(|e| match e {
            Event::Combat {
                attack, defence, ..
            } => Some((attack.clone(), defence.clone())),
            _ => None,
        })
        .expect("a combat was fought")
}

pub const W: Side = WHITE;
pub const R: Side = RED;

/// Puts `card` in its side's hand (from wherever it is), making the month at
/// least the card's and every card of the months begun present somewhere.
pub fn give(r: &VeliVeljeaVastaan, s: &mut State, card: u8) {
    let def = &r.sc().cards[card as usize];
    s.month = s.month.max(def.month);
    for (i, c) in r.sc().cards.iter().enumerate() {
        let i = i as u8;
        let d = &s.decks[c.side.index()];
        let present = d.draw.contains(&i)
            || d.reshuffle.contains(&i)
            || d.hand.contains(&i)
            || d.kept.contains(&i)
            || d.removed.contains(&i);
        if c.month <= s.month && !present {
            s.decks[c.side.index()].draw.push(i);
        }
    }
    let d = &mut s.decks[def.side.index()];
    for pile in [
        &mut d.draw,
        &mut d.reshuffle,
        &mut d.hand,
        &mut d.kept,
        &mut d.removed,
    ] {
        pile.retain(|&c| c != card);
    }
    d.hand.push(card);
}

/// Moves `card` from its side's hand or piles into the cards kept in front.
pub fn keep(r: &VeliVeljeaVastaan, s: &mut State, card: u8) {
    give(r, s, card);
    let d = &mut s.decks[r.sc().cards[card as usize].side.index()];
    d.hand.retain(|&c| c != card);
    d.kept.push(card);
}
