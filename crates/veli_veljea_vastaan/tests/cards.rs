//! 2.2 and 4.1: every card's event does what its data says.

mod common;
use common::*;
use veli_veljea_vastaan::scenario::{At, Effect};
use veli_veljea_vastaan::state::Source;
use veli_veljea_vastaan::{Action, Event, Phase};

/// Plays card `i` as its event from a campaign's start (with the card's side
/// to play and every own unit reduced, so that repairs have work), choosing
/// the first choice at every step until the turn is over.
fn play_event(
    i: u8,
) -> (
    veli_veljea_vastaan::State,
    veli_veljea_vastaan::State,
    Vec<Event>,
) {
    let r = rules();
    let def = r.sc().cards[i as usize].clone();
    let side = def.side;
    let mut s = r.new_campaign(20 + i as u64);
    give(&r, &mut s, i);
    for u in s.units.iter_mut().filter(|u| u.side == side) {
        u.reduced = true;
    }
    // Make room where the card places units.
    for e in &def.effects {
        if let Effect::Place {
            at: At::Cities(set),
            ..
        } = e
        {
            s.units.retain(|u| !set.has(u.city));
        }
    }
    turn(&mut s, side, 0);
    s.phase = Phase::PlayCard;
    let before = s.clone();
    let mut events = act(&r, &mut s, side, Action::PlayEvent { card: i });
    if let Some(Effect::Activate {
        cities,
        move_,
        attack,
        attack_roll,
    }) = def.effects.last()
    {
        assert_eq!(
            s.turn.ap + s.turn.activated.len() as u8,
            *cities,
            "{}",
            def.name
        );
        assert_eq!(
            (s.turn.may_move, s.turn.may_attack, s.turn.attack_roll),
            (*move_, *attack, *attack_roll),
            "{}",
            def.name
        );
        return (before, s, events);
    }
    let mut guard = 0;
    while s.turn.side == Some(side) && s.outcome.is_none() && s.month == before.month {
        let who = r.decider(&s).unwrap();
        let cs = choices(&r, &s, who);
        events.extend(act(&r, &mut s, who, cs[0].clone()));
        guard += 1;
        assert!(guard < 100, "{}: the event does not end", def.name);
    }
    (before, s, events)
}

#[test]
fn s4_1_every_cards_event() {
    let r = rules();
    for (i, def) in r.sc().cards.iter().enumerate() {
        let i = i as u8;
        let (before, after, ev) = play_event(i);
        let side = def.side;
        let name = &def.name;
        if def.keep.is_some() {
            assert!(
                after.decks[side.index()].kept.contains(&i),
                "{name} is kept in front"
            );
            assert!(ev.iter().any(|e| matches!(e, Event::CardKept { .. })));
            continue;
        }
        if def.star {
            assert!(
                after.decks[side.index()].removed.contains(&i),
                "{name}* leaves the game"
            );
        } else if !matches!(def.effects.last(), Some(Effect::Activate { .. })) {
            assert!(
                after.decks[side.index()].reshuffle.contains(&i),
                "{name} goes to the reshuffle pile"
            );
        }
        for e in &def.effects {
            match *e {
                Effect::Place {
                    unit,
                    count,
                    reduced,
                    at,
                } => {
                    let placed: Vec<_> = ev
                        .iter()
                        .filter_map(|e| match e {
                            Event::Placed {
                                kind,
                                city,
                                reduced: red,
                                source: Source::Card(c),
                                ..
                            } if *c == i && *kind == unit => Some((*city, *red)),
                            _ => None,
                        })
                        .collect();
                    let dropped = ev
                        .iter()
                        .filter(|e| matches!(e, Event::NotPlaced { kind, .. } if *kind == unit))
                        .count();
                    assert_eq!(
                        placed.len() + dropped,
                        count as usize,
                        "{name}: {count} to place"
                    );
                    assert!(
                        !placed.is_empty(),
                        "{name}: at the campaign's start some unit can be placed"
                    );
                    for (city, red) in placed {
                        assert_eq!(red, reduced, "{name}");
                        match at {
                            At::Cities(set) => {
                                assert!(set.has(city), "{name}: placed in a listed city")
                            }
                            At::Anchor => {
                                assert!(r.sc().map.anchors.has(city), "{name}: lands at an anchor")
                            }
                            At::RussiaBorder => assert!(r.sc().map.russia.border.has(city)),
                            _ => assert_eq!(
                                before.control[city as usize], side,
                                "{name}: an own city"
                            ),
                        }
                    }
                }
                Effect::Repair { count, unit } => {
                    let candidates = before
                        .units
                        .iter()
                        .filter(|u| u.side == side && u.reduced && unit.is_none_or(|k| k == u.kind))
                        .count();
                    let repaired = ev
                        .iter()
                        .filter(|e| matches!(e, Event::Repaired { .. }))
                        .count();
                    assert_eq!(repaired, candidates.min(count as usize), "{name}: repairs");
                }
                Effect::Fieldworks { .. } => {
                    assert!(
                        ev.iter()
                            .any(|e| matches!(e, Event::FieldworksBuilt { .. }))
                            || after.fieldworks.len() >= 3,
                        "{name}: fieldworks built"
                    );
                }
                Effect::Reduce { count, unit, at } => {
                    let allowed = |c: u8| match at {
                        At::Cities(set) => set.has(c),
                        _ => true,
                    };
                    let steps: usize = before
                        .units
                        .iter()
                        .filter(|u| {
                            u.side != side && allowed(u.city) && unit.is_none_or(|k| k == u.kind)
                        })
                        .map(|u| if u.reduced { 1 } else { 2 })
                        .sum();
                    let hits = ev
                        .iter()
                        .filter(|e| matches!(e, Event::Hit { side: s, .. } if *s != side))
                        .count();
                    assert_eq!(
                        hits,
                        steps.min(count as usize),
                        "{name}: hits on enemy units"
                    );
                }
                Effect::Control { at } => {
                    let At::Cities(set) = at else {
                        panic!("{name}: control takes a list")
                    };
                    let captured = ev.iter().any(|e| matches!(e, Event::Captured { city, by } if *by == side && set.has(*city)));
                    let open = set
                        .iter()
                        .any(|c| after.control[c as usize] != side && after.occupant(c).is_none());
                    assert!(
                        captured || !open,
                        "{name}: takes an empty listed city when there is one"
                    );
                }
                _ => {}
            }
        }
    }
}

#[test]
fn s4_1_cards_kept_in_front_change_the_combat_they_are_used_in() {
    // "Koulutettu kuularuiskun käyttäjä" moves Red's defence column one right.
    let r = rules();
    let kept = r
        .sc()
        .cards
        .iter()
        .position(|c| c.name.starts_with("Koulutettu"))
        .unwrap() as u8;
    let mut s = empty(&r);
    keep(&r, &mut s, kept);
    put(&r, &mut s, "civil_guard", "karkku", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    turn(&mut s, W, 1);
    act(
        &r,
        &mut s,
        W,
        Action::Activate {
            city: city(&r, "karkku"),
        },
    );
    if s.phase == Phase::Move {
        act(&r, &mut s, W, Action::DoneMoving);
    }
    act(
        &r,
        &mut s,
        W,
        Action::Declare {
            target: city(&r, "tampere"),
        },
    );
    let launch = act(&r, &mut s, W, Action::Launch);
    assert!(launch.iter().all(|e| !matches!(e, Event::Combat { .. })));
    assert_eq!(s.phase, Phase::Respond(R));
    dice(&mut s, &[3, 3]);
    let ev = act(&r, &mut s, R, Action::UseKept { card: kept });
    let (_, d) = combat_event(&ev);
    assert_eq!(d.column, d.base_column + 1);
}

#[test]
fn s4_1_cancel_attack_card_calls_the_attack_off() {
    let r = rules();
    let cancel = r
        .sc()
        .cards
        .iter()
        .position(|c| c.name.starts_with("Punakaarti kieltäytyy"))
        .unwrap() as u8;
    let mut s = empty(&r);
    keep(&r, &mut s, cancel);
    put(&r, &mut s, "civil_guard", "karkku", false);
    let g = put(&r, &mut s, "red_guard", "tampere", false);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "tampere"),
        },
    );
    if s.phase == Phase::Move {
        act(&r, &mut s, R, Action::DoneMoving);
    }
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "karkku"),
        },
    );
    act(&r, &mut s, R, Action::Launch);
    let ev = act(&r, &mut s, W, Action::UseKept { card: cancel });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackCancelled { .. }))
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "no dice are rolled"
    );
    assert!(!unit(&s, g).unwrap().reduced);
    assert_eq!(s.control[city(&r, "karkku") as usize], W);
    assert_eq!(
        s.turn.side,
        Some(W),
        "nothing left to do: Red's turn is over"
    );
}
