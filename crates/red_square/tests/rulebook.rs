//! The rulebook's worked examples (brief section 5) and a test per rulebook
//! section, on hand-made states: a scenario's forces on a bare, open map.

use engine::Ruleset;
use red_square::cards::{Card, Suit};
use red_square::data::Class;
use red_square::grid::Facing;
use red_square::rules::firing::FireKind;
use red_square::state::{Event, Formation, Orders, Phase, Position, State};
use red_square::testing::*;
use red_square::{Action, RedSquare};

fn choices(r: &RedSquare, s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(side) = r.decider(s) {
        r.choices(s, side, &mut out);
    }
    out
}

fn apply(r: &RedSquare, s: &mut State, a: Action) -> Vec<Event> {
    let side = r.decider(s).expect("someone decides");
    assert!(choices(r, s).contains(&a), "{a:?} is not offered");
    let mut ev = Vec::new();
    r.apply_legal(s, side, &a, &mut ev);
    ev
}

fn game(r: &RedSquare) -> State {
    let mut s = r.new_game(7);
    clear_table(&mut s);
    s
}

fn c2() -> Card {
    Card::new(Suit::Clubs, 2)
}

/// Firing 6: "A unit of 2 MG bases must roll 4 or less on a D6. If
/// enfilading it gets an automatic hit as 4 doubled is 8, and rolls again
/// to get 2 or less for the remainder."
#[test]
fn fire_mg_enfilade_auto_hit() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    let mg = first_of(&r, &s, Class::Mg);
    let target = first_on(&r, &s, s.unit(mg).side.other(), Class::Infantry);
    s.unit_mut(mg).bases = 2;
    put(&r, &mut s, mg, 2, 4, Facing::E);
    put(&r, &mut s, target, 4, 4, Facing::N);
    s.unit_mut(target).formation = Formation::FiringLine;
    let kind = FireKind::Activated { score: 2 };
    let (_, _, aspect, score) = r.fire_dice(&s, mg, target, kind);
    assert_eq!(aspect, red_square::grid::Aspect::Flank);
    assert_eq!(score, 8, "2 bases x 2, doubled again enfilading");
    // Frontal, the same MG scores 4.
    s.unit_mut(target).facing = Facing::W;
    assert_eq!(r.fire_dice(&s, mg, target, kind).3, 4);
    s.unit_mut(target).facing = Facing::N;
    let (_, n, _, _) = r.fire_dice(&s, mg, target, kind);
    let dice: Vec<u8> = [2, 3, 1, 6, 5, 4, 2, 3]
        .into_iter()
        .take(n as usize)
        .collect();
    set_dice(&mut s, &dice);
    act_on(&mut s, mg, c2(), 2);
    let ev = apply(&r, &mut s, Action::Fire { unit: mg, target });
    let fired = ev
        .iter()
        .find_map(|e| match e {
            Event::Fired {
                automatic, hits, ..
            } => Some((*automatic, *hits)),
            _ => None,
        })
        .expect("it fired");
    let expected = n + dice.iter().filter(|&&d| d <= 2).count() as u8;
    assert_eq!(fired, (1, expected), "one sure hit a die, plus each 1 or 2");
}

/// Sample Moves: massed infantry on a road follow it to a square that is not
/// ahead, and take the road's direction without wheeling.
#[test]
fn road_follow() {
    let base = bare_rules("sviyazhsk");
    let mut sc = (*base.scenario).clone();
    let g = sc.grid.clone();
    let a = g.at(4, 4).unwrap();
    let b = g.at(5, 4).unwrap();
    sc.roads[a as usize] |= 1 << g.dir_to(a, b).unwrap() as u8;
    sc.roads[b as usize] |= 1 << g.dir_to(b, a).unwrap() as u8;
    let r = RedSquare::new(sc);
    let mut s = game(&r);
    let inf = first_of(&r, &s, Class::Infantry);
    put(&r, &mut s, inf, 4, 4, Facing::N);
    s.unit_mut(inf).formation = Formation::Masses;
    s.unit_mut(inf).orders = Orders::Attack;
    act_on(&mut s, inf, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: inf });
    assert!(
        !g.within(a, Facing::N, b, red_square::grid::Arc::Deg45),
        "east is not ahead"
    );
    apply(&r, &mut s, Action::Step { to: b });
    assert_eq!(s.unit(inf).at, b);
    assert_eq!(
        s.unit(inf).facing,
        Facing::E,
        "it takes the road's direction"
    );
    // Waves do not follow the road: only squares ahead.
    let mut s = game(&r);
    put(&r, &mut s, inf, 4, 4, Facing::N);
    s.unit_mut(inf).formation = Formation::Waves;
    s.unit_mut(inf).orders = Orders::Attack;
    act_on(&mut s, inf, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: inf });
    assert!(!choices(&r, &s).contains(&Action::Step { to: b }));
}

/// Artillery Firing 8: a battery not yet activated fires over open sights at
/// troops moving to 4 squares or less, counting as wild fire; not at 5.
#[test]
fn open_sights_range() {
    let r = bare_rules("sviyazhsk");
    for (range, fires) in [(4, true), (5, false), (3, true)] {
        let mut s = game(&r);
        let gun = first_of(&r, &s, Class::Artillery);
        let inf = first_on(&r, &s, s.unit(gun).side.other(), Class::Infantry);
        put(&r, &mut s, gun, 2, 4, Facing::E);
        s.unit_mut(gun).formation = Formation::Unlimbered;
        s.unit_mut(gun).position = Position::Unmasked;
        deal(&mut s, gun, Card::new(Suit::Spades, 13));
        put(&r, &mut s, inf, 2 + range, 4, Facing::W);
        assert_eq!(
            r.reaction_kind(&s, gun, inf),
            fires.then_some(FireKind::OpenSights),
            "range {range}"
        );
        if fires {
            let (parts, ..) = r.fire_dice(&s, gun, inf, FireKind::OpenSights);
            assert!(parts.contains(&(red_square::state::Part::Wild, -1)));
        }
        // Limbered guns cannot.
        s.unit_mut(gun).formation = Formation::Limbered;
        assert_eq!(r.reaction_kind(&s, gun, inf), None);
    }
}

/// Movement 3: units that dismount on their first card may also activate on
/// their second in the turn.
#[test]
fn dismount_then_act() {
    let r = bare_rules("tambov");
    let mut s = game(&r);
    let cav = first_of(&r, &s, Class::Cavalry);
    let inf = first_on(&r, &s, s.unit(cav).side.other(), Class::Infantry);
    put(&r, &mut s, cav, 3, 4, Facing::E);
    s.unit_mut(cav).formation = Formation::Mounted;
    s.unit_mut(cav).orders = Orders::Probe;
    put(&r, &mut s, inf, 5, 4, Facing::W);
    s.observed.push((cav, inf));
    s.stage = 1;
    let first = act_on(&mut s, cav, c2(), 2);
    let second = deal(&mut s, cav, Card::new(Suit::Hearts, 9));
    // Mounted, it cannot fire.
    assert!(!choices(&r, &s).contains(&Action::Fire {
        unit: cav,
        target: inf
    }));
    apply(
        &r,
        &mut s,
        Action::Reform {
            unit: cav,
            formation: Formation::Dismounted,
        },
    );
    assert!(s.dealt[first as usize].played);
    assert_eq!(
        s.phase,
        Phase::Activate { card: second },
        "the second card plays"
    );
    apply(&r, &mut s, Action::Auto);
    assert!(
        choices(&r, &s).contains(&Action::Fire {
            unit: cav,
            target: inf
        }),
        "dismounted on the first card, it fires on the second"
    );
}

/// Artillery Positions 3: a masked howitzer needs three turns to come into
/// action: unlimber, place the firing platform, open fire.
#[test]
fn howitzer_three_turns() {
    let base = bare_rules("kakhovka");
    let mut sc = (*base.scenario).clone();
    let how = sc
        .types
        .iter()
        .position(|t| t.howitzer)
        .expect("a howitzer type") as u8;
    sc.dawn = 0;
    let r = RedSquare::new(sc);
    let mut s = game(&r);
    let gun = first_of(&r, &s, Class::Artillery);
    let inf = first_on(&r, &s, s.unit(gun).side.other(), Class::Infantry);
    s.unit_mut(gun).kind = how;
    s.unit_mut(gun).position = Position::Masked;
    s.unit_mut(gun).formation = Formation::Limbered;
    s.unit_mut(gun).readiness = 0;
    put(&r, &mut s, gun, 1, 4, Facing::E);
    put(&r, &mut s, inf, 6, 4, Facing::W);
    s.observed.push((gun, inf));
    let fire = Action::Fire {
        unit: gun,
        target: inf,
    };
    // Turn 1: unlimber.
    act_on(&mut s, gun, c2(), 2);
    apply(
        &r,
        &mut s,
        Action::Reform {
            unit: gun,
            formation: Formation::Unlimbered,
        },
    );
    // Turn 2: the platform; no fire.
    s.turn += 1;
    s.observed.push((gun, inf));
    let c = deal(&mut s, gun, Card::new(Suit::Hearts, 3));
    s.phase = Phase::Activate { card: c };
    let ev = apply(&r, &mut s, Action::Auto);
    assert!(ev.contains(&Event::Platform { unit: gun }));
    assert_eq!(s.unit(gun).readiness, 2);
    assert_ne!(
        s.phase,
        Phase::Act { card: c, score: 2 },
        "the platform takes its activation"
    );
    let mut probe = s.clone();
    probe.phase = Phase::Act { card: c, score: 2 };
    probe.dealt[c as usize].group = vec![gun];
    assert!(!choices(&r, &probe).contains(&fire), "not yet in action");
    // Turn 3: it opens fire.
    s.turn += 1;
    let c = deal(&mut s, gun, Card::new(Suit::Hearts, 4));
    s.phase = Phase::Activate { card: c };
    apply(&r, &mut s, Action::Auto);
    assert_eq!(s.unit(gun).readiness, 3);
    assert!(choices(&r, &s).contains(&fire), "fires on its third turn");
}

/// Turn Sequence 1: mounted units, motors and tanks get two cards and
/// activate on each; infantry and guns one.
#[test]
fn turn_sequence_deals_two_cards_to_mounted_units_and_vehicles() {
    for id in ["tambov", "kakhovka"] {
        let r = rules(id);
        let s = r.new_game(3);
        let mut checked = 0;
        for u in s
            .units
            .iter()
            .filter(|u| u.status == red_square::state::Status::OnTable)
        {
            let n = s.dealt.iter().filter(|d| d.holder == u.id).count();
            let class = r.class(u);
            if matches!(
                class,
                Class::ArmouredCar | Class::LightTank | Class::HeavyTank
            ) {
                assert_eq!(n, 2, "{id}: {} gets two cards", r.ty(u).key);
                checked += 1;
            }
            if matches!(class, Class::Artillery | Class::Infantry) && n > 0 {
                assert_eq!(n, 1, "{id}: {} gets one card", r.ty(u).key);
            }
        }
        assert!(checked > 0, "{id} has vehicles");
    }
}

/// Command and Control 1: units under Defend orders hold; under Attack they move.
#[test]
fn command_and_control_defend_orders_forbid_moving() {
    let r = bare_rules("sviyazhsk");
    for (orders, moves) in [(Orders::Defend, false), (Orders::Attack, true)] {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        put(&r, &mut s, inf, 4, 4, Facing::N);
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = orders;
        act_on(&mut s, inf, c2(), 2);
        assert_eq!(
            choices(&r, &s).contains(&Action::Move { unit: inf }),
            moves,
            "{orders:?}"
        );
    }
}

/// Machine Guns 3: when the unit they accompany retreats, the guns are saved
/// on a d6 of no more than twice their bases, and lost otherwise.
#[test]
fn machine_guns_saved_on_d6_when_their_unit_retreats() {
    let r = bare_rules("sviyazhsk");
    for (save_die, saved) in [(4, true), (5, false)] {
        let mut s = game(&r);
        let mg = first_of(&r, &s, Class::Mg);
        let side = s.unit(mg).side;
        let inf = first_on(&r, &s, side, Class::Infantry);
        let foe = first_on(&r, &s, side.other(), Class::Infantry);
        put(&r, &mut s, inf, 5, 4, Facing::E);
        put(&r, &mut s, mg, 5, 3, Facing::E);
        put(&r, &mut s, foe, 8, 4, Facing::W);
        s.unit_mut(inf).quality = red_square::state::Quality::Regular;
        s.unit_mut(mg).bases = 2;
        s.unit_mut(mg).with = Some(inf);
        s.unit_mut(inf).hits = 3;
        let c = deal(&mut s, inf, c2());
        s.dealt[c as usize].group.push(mg);
        s.phase = Phase::Activate { card: c };
        // Activation 1 - 3 hits = -2: retreat; the casualty die (a d12, not
        // having moved or fired) misses; then the guns' save.
        set_dice(&mut s, &[1, 12, save_die]);
        let ev = apply(&r, &mut s, Action::Roll);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Retreats { unit, .. } if *unit == inf)),
            "{ev:?}"
        );
        let gone = s.unit(mg).status == red_square::state::Status::Gone;
        assert_eq!(!gone, saved, "save die {save_die}: {ev:?}");
    }
}

// ---------------------------------------------------------------------------
// Section tests (second batch).

use red_square::grid::Sq;
use red_square::scenario::{Edge, Terrain};
use red_square::state::{Part, Quality, Status};

/// A scenario's bare map with some squares' terrain changed.
fn with_terrain(id: &str, squares: &[((i32, i32), Terrain)]) -> RedSquare {
    let mut sc = (*bare_rules(id).scenario).clone();
    for &((c, row), t) in squares {
        let sq = sc.grid.at(c, row).expect("on the map");
        sc.terrain[sq as usize] = t;
    }
    RedSquare::new(sc)
}

/// Puts an edge (both sides) between two neighbouring squares.
fn set_edge(sc: &mut red_square::Scenario, a: (i32, i32), b: (i32, i32), e: Edge) {
    let a = sc.grid.at(a.0, a.1).unwrap();
    let b = sc.grid.at(b.0, b.1).unwrap();
    let d = sc.grid.dir_to(a, b).unwrap();
    sc.edges[a as usize][d as usize] = Some(e);
    sc.edges[b as usize][d.opposite() as usize] = Some(e);
}

/// Links two neighbouring squares by road (or by rail).
fn link(sc: &mut red_square::Scenario, a: (i32, i32), b: (i32, i32), rail: bool) {
    let a = sc.grid.at(a.0, a.1).unwrap();
    let b = sc.grid.at(b.0, b.1).unwrap();
    let ab = sc.grid.dir_to(a, b).unwrap() as u8;
    let ba = sc.grid.dir_to(b, a).unwrap() as u8;
    let v = if rail { &mut sc.rails } else { &mut sc.roads };
    v[a as usize] |= 1 << ab;
    v[b as usize] |= 1 << ba;
}

fn sq(r: &RedSquare, c: i32, row: i32) -> Sq {
    r.sc().grid.at(c, row).unwrap()
}

fn steps(r: &RedSquare, s: &State) -> Vec<Sq> {
    choices(r, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { to } => Some(to),
            _ => None,
        })
        .collect()
}

/// Ends a spare unit's activation on a card already played, so that the
/// next card comes up as in play.
fn end_spare(r: &RedSquare, s: &mut State, spare: red_square::UnitId) -> Vec<Event> {
    let i = act_on(s, spare, c2(), 0);
    s.dealt[i as usize].played = true;
    apply(r, s, Action::Done { unit: spare })
}

fn red_side(r: &RedSquare, s: &State) -> engine::Side {
    s.unit(first_of(r, s, Class::Commissar)).side
}

/// Activation Table, below 0: troops in the open turn to the rear and fall
/// back 2 squares; troops in natural cover hide; troops that take
/// casualties while hiding must then retreat.
#[test]
fn activation_table_below_zero_retreats_or_hides() {
    let r = with_terrain("sviyazhsk", &[((5, 2), Terrain::Wood)]);
    let g = r.sc().grid.clone();
    for wood in [false, true] {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        let foe = first_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
        let row = if wood { 2 } else { 4 };
        let start = put(&r, &mut s, inf, 5, row, Facing::E);
        let foe_at = put(&r, &mut s, foe, 8, row, Facing::W);
        s.unit_mut(inf).quality = Quality::Regular;
        s.unit_mut(inf).hits = 3;
        let c = deal(&mut s, inf, c2());
        s.phase = Phase::Activate { card: c };
        // 1 - 3 hits = -2; the casualty die (d12 or d24) misses.
        set_dice(&mut s, &[1, 12]);
        let ev = apply(&r, &mut s, Action::Roll);
        if wood {
            assert!(ev.contains(&Event::Hides { unit: inf }), "{ev:?}");
            assert_eq!(s.unit(inf).at, start, "hiding, it stays");
            assert!(s.unit(inf).hiding);
        } else {
            let path = ev
                .iter()
                .find_map(|e| match e {
                    Event::Retreats { unit, path } if *unit == inf => Some(path.clone()),
                    _ => None,
                })
                .expect("it retreats");
            assert_eq!(path.len(), 2, "2 squares");
            assert!(g.distance(s.unit(inf).at, foe_at) > g.distance(start, foe_at));
        }
    }
    // Hiding in the wood, it loses a base when its hits resolve: it retreats
    // although its score (6 - 6 hits = 0) is not below 0.
    let mut s = game(&r);
    let inf = first_of(&r, &s, Class::Infantry);
    let foe = first_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
    let start = put(&r, &mut s, inf, 5, 2, Facing::E);
    put(&r, &mut s, foe, 8, 2, Facing::W);
    s.unit_mut(inf).quality = Quality::Regular;
    s.unit_mut(inf).hiding = true;
    s.unit_mut(inf).hits = 6;
    let c = deal(&mut s, inf, c2());
    s.phase = Phase::Activate { card: c };
    set_dice(&mut s, &[6, 1]);
    let ev = apply(&r, &mut s, Action::Roll);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Retreats { unit, .. } if *unit == inf)),
        "casualties while hiding force a retreat: {ev:?}"
    );
    assert_ne!(s.unit(inf).at, start);
    assert!(
        !matches!(s.phase, Phase::Act { .. }) || !s.dealt[c as usize].group.contains(&inf),
        "and it does nothing more"
    );
}

/// Command and Control 1 (our enforcement): under Attack a unit may not
/// step to a square further from the nearest enemy; under Probe it may.
#[test]
fn command_and_control_attack_may_not_open_the_distance() {
    let r = bare_rules("sviyazhsk");
    for (orders, opens) in [(Orders::Attack, false), (Orders::Probe, true)] {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        let foe = first_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
        put(&r, &mut s, inf, 4, 4, Facing::E);
        put(&r, &mut s, foe, 0, 4, Facing::E);
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = orders;
        act_on(&mut s, inf, c2(), 2);
        assert_eq!(
            choices(&r, &s).contains(&Action::Move { unit: inf }),
            opens,
            "{orders:?}: the only square ahead is further from the enemy"
        );
        // Facing the enemy, Attack closes in.
        s.unit_mut(inf).facing = Facing::W;
        apply(&r, &mut s, Action::Move { unit: inf });
        assert_eq!(steps(&r, &s), vec![sq(&r, 3, 4)], "{orders:?}");
    }
}

/// Movement 2 and Terrain 5: the closed-terrain allowance applies when the
/// path enters, leaves or passes a wood, crosses a linear obstacle or passes
/// through friends, but not along a road.
#[test]
fn movement_closed_terrain_allowance() {
    let base = with_terrain(
        "sviyazhsk",
        &[((4, 4), Terrain::Wood), ((4, 2), Terrain::Wood)],
    );
    let mut sc = (*base.scenario).clone();
    link(&mut sc, (3, 2), (4, 2), false);
    link(&mut sc, (4, 2), (5, 2), false);
    set_edge(&mut sc, (2, 6), (3, 6), Edge::Stream);
    let r = RedSquare::new(sc);
    // (start, squares the masses may enter in a row going east)
    let cases = [
        ((1, 0), 2, "open: 2 squares"),
        ((3, 4), 1, "into a wood: 1"),
        ((4, 4), 1, "out of a wood: 1"),
        ((3, 2), 2, "through a wood along a road: 2"),
        ((2, 6), 1, "across a stream: 1"),
        ((1, 7), 1, "through friends: 1"),
    ];
    for ((c, row), n, why) in cases {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        let side = s.unit(inf).side;
        put(&r, &mut s, inf, c, row, Facing::E);
        if row == 7 {
            let mg = first_on(&r, &s, side, Class::Mg);
            put(&r, &mut s, mg, c + 1, row, Facing::E);
        }
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = Orders::Attack;
        act_on(&mut s, inf, c2(), 2);
        apply(&r, &mut s, Action::Move { unit: inf });
        let mut entered = 0;
        while let Some(&to) = steps(&r, &s).first() {
            apply(&r, &mut s, Action::Step { to });
            entered += 1;
            if !matches!(s.phase, Phase::Moving(_)) {
                break;
            }
        }
        assert_eq!(entered, n, "{why}");
    }
}

/// Movement Table: Waves and dismounted cavalry do not move in closed
/// terrain on a DIAMOND; on other suits, or in the open, they do; Masses are
/// not stopped.
#[test]
fn movement_waves_halt_in_closed_terrain_on_diamonds() {
    let r = with_terrain("sviyazhsk", &[((4, 4), Terrain::Wood)]);
    let d5 = Card::new(Suit::Diamonds, 5);
    let c5 = Card::new(Suit::Clubs, 5);
    let cases = [
        (Class::Infantry, Formation::Waves, 4, d5, false),
        (Class::Infantry, Formation::Waves, 4, c5, true),
        (Class::Infantry, Formation::Waves, 2, d5, true),
        (Class::Infantry, Formation::Masses, 4, d5, true),
        (Class::Cavalry, Formation::Dismounted, 4, d5, false),
        (Class::Cavalry, Formation::Dismounted, 4, c5, true),
        (Class::Cavalry, Formation::Mounted, 4, d5, true),
    ];
    for (class, formation, row, card, moves) in cases {
        let mut s = game(&r);
        let u = first_of(&r, &s, class);
        put(&r, &mut s, u, 3, row, Facing::E);
        s.unit_mut(u).formation = formation;
        s.unit_mut(u).orders = Orders::Attack;
        act_on(&mut s, u, card, 2);
        assert_eq!(
            choices(&r, &s).contains(&Action::Move { unit: u }),
            moves,
            "{formation:?} on {} into row {row}",
            card.name()
        );
    }
}

/// Movement 5: a hiding unit overrun flees on a d6 of 1-4 if Poor, 1-3 if
/// Regular, 1-2 if Elite, and is removed; otherwise it stands and the mover
/// stops next to it.
#[test]
fn overrun_hiding_units_flee_on_d6() {
    let r = bare_rules("sviyazhsk");
    let cases = [
        (Quality::Poor, 4, true),
        (Quality::Poor, 5, false),
        (Quality::Regular, 3, true),
        (Quality::Regular, 4, false),
        (Quality::Elite, 2, true),
        (Quality::Elite, 3, false),
    ];
    for (quality, die, flees) in cases {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let mover = first_on(&r, &s, red.other(), Class::Infantry);
        let target = first_on(&r, &s, red, Class::Infantry);
        let from = put(&r, &mut s, mover, 3, 4, Facing::E);
        let at = put(&r, &mut s, target, 4, 4, Facing::W);
        s.unit_mut(mover).formation = Formation::Masses;
        s.unit_mut(mover).orders = Orders::Attack;
        s.unit_mut(target).quality = quality;
        s.unit_mut(target).hiding = true;
        act_on(&mut s, mover, c2(), 2);
        apply(&r, &mut s, Action::Move { unit: mover });
        set_dice(&mut s, &[die]);
        let ev = apply(&r, &mut s, Action::Step { to: at });
        if flees {
            assert_eq!(s.unit(target).status, Status::Gone, "{quality:?} {die}");
            assert_eq!(s.unit(mover).at, at, "the mover goes in");
        } else {
            assert_eq!(s.unit(target).status, Status::OnTable, "{quality:?} {die}");
            assert_eq!(s.unit(mover).at, from, "the mover stops next to it");
            assert!(ev.iter().any(|e| matches!(e, Event::Stands { .. })));
        }
    }
    // Not hiding, retreating or rallying: it stands without a roll.
    let mut s = game(&r);
    let red = red_side(&r, &s);
    let mover = first_on(&r, &s, red.other(), Class::Infantry);
    let target = first_on(&r, &s, red, Class::Infantry);
    put(&r, &mut s, mover, 3, 4, Facing::E);
    let at = put(&r, &mut s, target, 4, 4, Facing::W);
    s.unit_mut(mover).formation = Formation::Masses;
    s.unit_mut(mover).orders = Orders::Attack;
    s.unit_mut(target).quality = Quality::Poor;
    act_on(&mut s, mover, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: mover });
    set_dice(&mut s, &[1]);
    apply(&r, &mut s, Action::Step { to: at });
    assert_eq!(s.unit(target).status, Status::OnTable);
}

/// Observation 1-4: infantry in the open not yet revealed (or in a wood
/// whatever it does) must be observed before it is fired at: a d6 above the
/// range; then units next to the observer may fire at it too.
#[test]
fn observation_concealed_target_must_be_observed() {
    let r = with_terrain("sviyazhsk", &[((5, 2), Terrain::Wood)]);
    for (die, ok) in [(3, false), (4, true)] {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let firer = first_on(&r, &s, red.other(), Class::Infantry);
        let target = first_on(&r, &s, red, Class::Infantry);
        put(&r, &mut s, firer, 2, 4, Facing::E);
        put(&r, &mut s, target, 5, 4, Facing::W);
        s.unit_mut(firer).formation = Formation::FiringLine;
        s.unit_mut(target).revealed = false;
        let friend = s
            .units
            .iter()
            .find(|u| u.side == red.other() && r.class(u) == Class::Infantry && u.id != firer)
            .map(|u| u.id)
            .expect("a second battalion");
        put(&r, &mut s, friend, 2, 5, Facing::E);
        s.unit_mut(friend).formation = Formation::FiringLine;
        s.stage = 1;
        act_on(&mut s, firer, c2(), 2);
        // The friend's card keeps the turn going after the firer's.
        deal(&mut s, friend, Card::new(Suit::Clubs, 9));
        let fire = Action::Fire {
            unit: firer,
            target,
        };
        assert!(!choices(&r, &s).contains(&fire), "concealed");
        assert!(!r.may_fire_at(&s, friend, target, 2));
        let mut dice = vec![die];
        dice.extend([6; 12]);
        set_dice(&mut s, &dice);
        let ev = apply(
            &r,
            &mut s,
            Action::Observe {
                unit: firer,
                target,
            },
        );
        let fired = ev.iter().any(|e| matches!(e, Event::Fired { .. }));
        assert_eq!(fired, ok, "observe on {die} at range 3, then fire: {ev:?}");
        assert_eq!(r.may_fire_at(&s, friend, target, 2), ok, "the neighbour");
    }
    // Revealed in the open: no test needed. Revealed in a wood: still concealed.
    let mut s = game(&r);
    let red = red_side(&r, &s);
    let firer = first_on(&r, &s, red.other(), Class::Infantry);
    let target = first_on(&r, &s, red, Class::Infantry);
    put(&r, &mut s, firer, 2, 4, Facing::E);
    put(&r, &mut s, target, 5, 4, Facing::W);
    s.unit_mut(firer).formation = Formation::FiringLine;
    assert!(r.may_fire_at(&s, firer, target, 2));
    put(&r, &mut s, firer, 2, 2, Facing::E);
    put(&r, &mut s, target, 5, 2, Facing::W);
    assert!(!r.may_fire_at(&s, firer, target, 2), "in a wood");
}

/// Firing 2: a unit lacking a target may hold its fire; it is then offered
/// a shot after each square an enemy enters in its sights, at -1.
#[test]
fn firing_held_fire_is_offered_after_each_square() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    s.stage = 1;
    let red = red_side(&r, &s);
    let holder = first_on(&r, &s, red, Class::Infantry);
    let mover = first_on(&r, &s, red.other(), Class::Infantry);
    put(&r, &mut s, holder, 2, 4, Facing::E);
    s.unit_mut(holder).formation = Formation::FiringLine;
    s.unit_mut(holder).orders = Orders::Defend;
    put(&r, &mut s, mover, 7, 4, Facing::W);
    s.unit_mut(mover).formation = Formation::Masses;
    s.unit_mut(mover).orders = Orders::Attack;
    act_on(&mut s, holder, c2(), 2);
    deal(&mut s, mover, Card::new(Suit::Clubs, 5));
    // At range 5 it has no target: it may hold its fire (instead of
    // wheeling or digging in).
    apply(&r, &mut s, Action::HoldFire { unit: holder });
    assert!(s.unit(holder).holding_fire);
    assert!(matches!(s.phase, Phase::Activate { .. }), "{:?}", s.phase);
    apply(&r, &mut s, Action::Auto);
    apply(&r, &mut s, Action::Move { unit: mover });
    // 7 -> 6: range 4. Offered; let it pass.
    apply(&r, &mut s, Action::Step { to: sq(&r, 6, 4) });
    let reaction = Phase::Reaction { mover, side: red };
    assert_eq!(s.phase, reaction);
    assert!(choices(&r, &s).contains(&Action::ReactFire { unit: holder }));
    apply(&r, &mut s, Action::LetPass);
    assert!(s.unit(holder).holding_fire, "still holding");
    assert!(matches!(s.phase, Phase::Moving(_)), "{:?}", s.phase);
    // 6 -> 5: offered again; it fires, at -1.
    apply(&r, &mut s, Action::Step { to: sq(&r, 5, 4) });
    assert_eq!(s.phase, reaction);
    let ev = apply(&r, &mut s, Action::ReactFire { unit: holder });
    let parts = ev
        .iter()
        .find_map(|e| match e {
            Event::Fired { parts, .. } => Some(parts.clone()),
            _ => None,
        })
        .expect("it fires");
    assert!(parts.contains(&(Part::HeldFire, -1)), "{parts:?}");
    assert!(!s.unit(holder).holding_fire, "the held card is used");
}

/// Mounted Combat 1c-e: the side that suffers more hits retreats; the
/// winning attacker follows up into the square the loser left; on equal
/// hits both retreat.
#[test]
fn mounted_combat_more_hits_retreats() {
    let r = bare_rules("tambov");
    // (attacker's dice, defender's dice, attacker retreats, defender retreats)
    let cases = [
        ([1, 1, 6], [1, 6, 6], false, true),
        ([1, 6, 6], [1, 1, 6], true, false),
        ([1, 6, 6], [1, 6, 6], true, true),
    ];
    for (a, d, a_back, d_back) in cases {
        let mut s = game(&r);
        let cav = first_of(&r, &s, Class::Cavalry);
        let inf = first_on(&r, &s, s.unit(cav).side.other(), Class::Infantry);
        put(&r, &mut s, cav, 2, 4, Facing::E);
        let t_at = put(&r, &mut s, inf, 4, 4, Facing::W);
        s.unit_mut(cav).formation = Formation::Mounted;
        s.unit_mut(cav).orders = Orders::Attack;
        s.unit_mut(cav).bases = 1;
        s.unit_mut(inf).formation = Formation::FiringLine;
        s.unit_mut(inf).quality = Quality::Regular;
        s.unit_mut(inf).bases = 1;
        act_on(&mut s, cav, c2(), 2);
        apply(&r, &mut s, Action::Move { unit: cav });
        apply(&r, &mut s, Action::Step { to: sq(&r, 3, 4) });
        // 3 figures each: 3 dice a side hitting on 3 or less; then casualty
        // dice that miss (d12 for the still infantry, d6 twice for the cavalry).
        let mut dice = a.to_vec();
        dice.extend(d);
        dice.extend([12, 6, 6]);
        set_dice(&mut s, &dice);
        let ev = apply(&r, &mut s, Action::StopMoving);
        let retreated = |u| {
            ev.iter()
                .any(|e| matches!(e, Event::Retreats { unit, .. } if *unit == u))
        };
        assert_eq!(retreated(cav), a_back, "{a:?} v {d:?}: {ev:?}");
        assert_eq!(retreated(inf), d_back, "{a:?} v {d:?}: {ev:?}");
        if !a_back {
            assert_eq!(s.unit(cav).at, t_at, "the winner follows up");
        }
    }
}

/// Digging In 1: a unit scoring 2+ that neither moves nor fires places a
/// digging marker; when next fired at, a d6 of 4-6 on any marker makes
/// temporary trenches (rifles then take -1).
#[test]
fn digging_in_markers_make_trenches_on_4_to_6() {
    let r = bare_rules("sviyazhsk");
    for (die, made) in [(3, false), (4, true), (6, true)] {
        let mut s = game(&r);
        s.stage = 1;
        let red = red_side(&r, &s);
        let digger = first_on(&r, &s, red, Class::Infantry);
        let firer = first_on(&r, &s, red.other(), Class::Infantry);
        put(&r, &mut s, digger, 5, 4, Facing::E);
        s.unit_mut(digger).formation = Formation::FiringLine;
        s.unit_mut(digger).orders = Orders::Defend;
        put(&r, &mut s, firer, 3, 4, Facing::E);
        s.unit_mut(firer).formation = Formation::FiringLine;
        act_on(&mut s, digger, c2(), 2);
        deal(&mut s, firer, Card::new(Suit::Clubs, 5));
        apply(&r, &mut s, Action::DigIn { unit: digger });
        assert_eq!(s.unit(digger).digging, 1);
        apply(&r, &mut s, Action::Auto);
        let before = r.fire_dice(&s, firer, digger, FireKind::Activated { score: 2 });
        assert!(!before.0.contains(&(Part::Protected, -1)));
        let mut dice = vec![6; before.1 as usize];
        dice.push(die);
        set_dice(&mut s, &dice);
        let ev = apply(
            &r,
            &mut s,
            Action::Fire {
                unit: firer,
                target: digger,
            },
        );
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Trenches { made: m, .. } if *m == made)),
            "{die}: {ev:?}"
        );
        assert_eq!(s.unit(digger).trenches, made);
        let after = r.fire_dice(&s, firer, digger, FireKind::Activated { score: 2 });
        assert_eq!(after.0.contains(&(Part::Protected, -1)), made);
    }
}

/// Armoured Trains 3: the train moves only along track, as far as it goes.
#[test]
fn armoured_trains_move_only_on_track() {
    let base = bare_rules("sviyazhsk");
    let mut sc = (*base.scenario).clone();
    for c in 4..8 {
        link(&mut sc, (c, 4), (c + 1, 4), true);
    }
    let r = RedSquare::new(sc);
    let mut s = game(&r);
    let train = first_of(&r, &s, Class::Train);
    put(&r, &mut s, train, 4, 4, Facing::E);
    act_on(&mut s, train, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: train });
    assert_eq!(steps(&r, &s), vec![sq(&r, 5, 4)], "only along the track");
    for c in 5..=8 {
        apply(&r, &mut s, Action::Step { to: sq(&r, c, 4) });
    }
    assert_eq!(s.unit(train).at, sq(&r, 8, 4), "4 squares: no allowance");
    assert_eq!(
        steps(&r, &s),
        vec![sq(&r, 7, 4)],
        "the track ends: only back"
    );
}

/// Square Occupancy 2-3: one infantry, cavalry or artillery unit to a
/// square; MG bases may join it.
#[test]
fn square_occupancy_one_troop_unit() {
    let r = bare_rules("sviyazhsk");
    for other in [Class::Infantry, Class::Cavalry, Class::Mg] {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        let side = s.unit(inf).side;
        let friend = s
            .units
            .iter()
            .find(|u| r.class(u) == other && u.id != inf)
            .map(|u| u.id)
            .expect("the scenario has one");
        s.unit_mut(friend).side = side;
        put(&r, &mut s, inf, 3, 4, Facing::E);
        put(&r, &mut s, friend, 4, 4, Facing::E);
        s.unit_mut(friend).bases = s.unit(friend).bases.min(2);
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = Orders::Attack;
        act_on(&mut s, inf, c2(), 2);
        assert_eq!(
            choices(&r, &s).contains(&Action::Move { unit: inf }),
            other == Class::Mg,
            "{other:?}"
        );
        let mut units = s.units.clone();
        units[inf as usize].at = sq(&r, 4, 4);
        assert_eq!(
            r.occupancy_problem(&units, sq(&r, 4, 4), None).is_none(),
            other == Class::Mg
        );
    }
}

/// Tchankas 1-3: they activate on the card of the cavalry they go with,
/// keep with or next to friendly cavalry, and fire as vehicles (3 a base,
/// -1 for a vehicle firing).
#[test]
fn tchankas_go_with_cavalry_and_fire_as_vehicles() {
    let r = bare_rules("tambov");
    let s = r.new_game(5);
    let mut seen = 0;
    for t in s.on_table().filter(|u| r.class(u) == Class::Tchanka) {
        let w = t.with.expect("a tchanka goes with cavalry");
        assert_eq!(r.class(s.unit(w)), Class::Cavalry);
        assert!(
            !s.dealt.iter().any(|d| d.holder == t.id),
            "no card of its own"
        );
        assert!(
            s.dealt
                .iter()
                .any(|d| d.group.contains(&t.id) && d.group.contains(&w)),
            "on its cavalry's card"
        );
        seen += 1;
    }
    assert!(seen > 0);
    // Firing.
    let mut s = game(&r);
    let tch = first_of(&r, &s, Class::Tchanka);
    let side = s.unit(tch).side;
    let cav = first_on(&r, &s, side, Class::Cavalry);
    let foe = first_on(&r, &s, side.other(), Class::Infantry);
    put(&r, &mut s, tch, 3, 4, Facing::E);
    put(&r, &mut s, cav, 5, 4, Facing::E);
    put(&r, &mut s, foe, 6, 4, Facing::W);
    s.unit_mut(tch).bases = 2;
    s.unit_mut(foe).formation = Formation::FiringLine;
    let (parts, _, _, score) = r.fire_dice(&s, tch, foe, FireKind::Activated { score: 2 });
    assert_eq!(score, 6, "3 a base, as a vehicle");
    assert!(parts.contains(&(Part::Vehicle, -1)), "{parts:?}");
    // It moves only to squares with or next to friendly cavalry.
    s.unit_mut(cav).formation = Formation::Mounted;
    put(&r, &mut s, foe, 10, 4, Facing::W);
    act_on(&mut s, tch, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: tch });
    assert!(steps(&r, &s).contains(&sq(&r, 4, 4)), "next to its cavalry");
    let mut s = game(&r);
    put(&r, &mut s, tch, 3, 4, Facing::E);
    put(&r, &mut s, cav, 2, 4, Facing::E);
    act_on(&mut s, tch, c2(), 2);
    assert!(
        !choices(&r, &s).contains(&Action::Move { unit: tch }),
        "two squares from its cavalry"
    );
}

/// Terrain 2: rivers are crossed only at a ford (an obstacle) or a bridge
/// (free along its road, an obstacle off it); streams anywhere as obstacles.
#[test]
fn terrain_rivers_only_at_fords_and_bridges() {
    let base = bare_rules("sviyazhsk");
    let mut sc = (*base.scenario).clone();
    set_edge(&mut sc, (3, 4), (4, 4), Edge::River);
    set_edge(&mut sc, (3, 2), (4, 2), Edge::Ford);
    set_edge(&mut sc, (3, 0), (4, 0), Edge::Bridge);
    link(&mut sc, (3, 0), (4, 0), false);
    link(&mut sc, (4, 0), (5, 0), false);
    set_edge(&mut sc, (3, 6), (4, 6), Edge::Bridge);
    let r = RedSquare::new(sc);
    let cases = [
        ((3, 4), 0, "a river"),
        ((3, 2), 1, "a ford: an obstacle"),
        ((3, 0), 2, "a bridge along its road"),
        ((3, 6), 1, "a bridge off the road: an obstacle"),
    ];
    for ((c, row), n, why) in cases {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        put(&r, &mut s, inf, c, row, Facing::E);
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = Orders::Attack;
        act_on(&mut s, inf, c2(), 2);
        if n == 0 {
            assert!(
                !choices(&r, &s).contains(&Action::Move { unit: inf }),
                "{why}"
            );
            continue;
        }
        apply(&r, &mut s, Action::Move { unit: inf });
        let mut entered = 0;
        while let Some(&to) = steps(&r, &s).first() {
            apply(&r, &mut s, Action::Step { to });
            entered += 1;
            if !matches!(s.phase, Phase::Moving(_)) {
                break;
            }
        }
        assert_eq!(entered, n, "{why}");
    }
}

/// Victory (our framework): a side that has lost the scenario's break
/// percentage of its starting bases loses at once.
#[test]
fn victory_break_percentage() {
    let r = bare_rules("sviyazhsk");
    assert_eq!(r.sc().break_percent, 50);
    for short in [2u16, 1] {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let inf = first_on(&r, &s, red, Class::Infantry);
        put(&r, &mut s, inf, 5, 4, Facing::E);
        s.unit_mut(inf).quality = Quality::Regular;
        s.unit_mut(inf).hits = 6;
        let start = r.starting_bases(red);
        let threshold = start.div_ceil(2);
        s.losses[red.index()] = threshold - short;
        let c = deal(&mut s, inf, c2());
        s.phase = Phase::Activate { card: c };
        // 6 - 6 hits = 0; the casualty d12 (still, in the open) takes a base.
        set_dice(&mut s, &[6, 1]);
        apply(&r, &mut s, Action::Roll);
        assert_eq!(s.losses[red.index()], threshold - short + 1);
        let ev = apply(&r, &mut s, Action::Done { unit: inf });
        let over = ev.iter().any(|e| matches!(e, Event::GameOver { .. }));
        assert_eq!(over, short == 1, "{short} short of half");
        if over {
            assert_eq!(s.phase, Phase::GameOver);
            assert_eq!(s.outcome.as_ref().and_then(|o| o.winner), Some(red.other()));
        }
    }
}

/// Turn Sequence 5a and Command and Control 3: a CO (not pinned) rolls an
/// extra activation die and the lowest is dropped.
#[test]
fn activation_co_adds_a_die_and_drops_the_lowest() {
    let r = bare_rules("sviyazhsk");
    let cases = [
        (1, false, vec![3, 5], Some(1), 4),
        (6, false, vec![5, 6], Some(3), 5),
        (1, true, vec![3, 5], None, 4),
    ];
    for (co_die, pinned, kept, dropped_die, score) in cases {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let co = first_on(&r, &s, red, Class::Officer);
        let bns: Vec<_> = s
            .units
            .iter()
            .filter(|u| u.side == red && r.class(u) == Class::Infantry)
            .map(|u| u.id)
            .take(2)
            .collect();
        put(&r, &mut s, co, 5, 4, Facing::E);
        put(&r, &mut s, bns[0], 4, 4, Facing::E);
        put(&r, &mut s, bns[1], 6, 4, Facing::E);
        for &b in &bns {
            s.unit_mut(b).co = Some(co);
            s.unit_mut(b).quality = Quality::Regular;
        }
        if pinned {
            s.unit_mut(co).pinned_until = s.turn;
        }
        let c = deal(&mut s, co, c2());
        s.dealt[c as usize].group = bns.clone();
        s.phase = Phase::Activate { card: c };
        set_dice(&mut s, &[3, 5, co_die]);
        let ev = apply(&r, &mut s, Action::Roll);
        let got = ev
            .iter()
            .find_map(|e| match e {
                Event::Activation {
                    dice,
                    dropped,
                    score,
                    ..
                } => Some((dice.clone(), *dropped, *score)),
                _ => None,
            })
            .expect("rolled");
        assert_eq!(
            got,
            (kept, dropped_die, score),
            "CO die {co_die}, pinned {pinned}"
        );
    }
}

/// Turn Sequence 3: a Joker may be played at any moment, between any two
/// cards, the side that did not just act asked first; declined, it is
/// offered again before the next card.
#[test]
fn turn_sequence_jokers_interrupt() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    s.stage = 1;
    let red = red_side(&r, &s);
    let units: Vec<_> = s
        .units
        .iter()
        .filter(|u| u.side == red && r.class(u) == Class::Infantry)
        .map(|u| u.id)
        .take(3)
        .collect();
    let white = first_on(&r, &s, red.other(), Class::Infantry);
    put(&r, &mut s, units[0], 1, 1, Facing::E);
    put(&r, &mut s, units[1], 1, 3, Facing::E);
    put(&r, &mut s, units[2], 1, 5, Facing::E);
    put(&r, &mut s, white, 10, 5, Facing::W);
    s.last_side = red;
    let three = deal(&mut s, units[1], Card::new(Suit::Clubs, 3));
    let four = deal(&mut s, units[2], Card::new(Suit::Clubs, 4));
    let joker = deal(&mut s, white, Card::JOKERS[0]);
    end_spare(&r, &mut s, units[0]);
    assert_eq!(s.phase, Phase::Joker(red.other()), "before the next card");
    apply(&r, &mut s, Action::NoJoker);
    assert_eq!(s.phase, Phase::Activate { card: three });
    apply(&r, &mut s, Action::Auto);
    apply(&r, &mut s, Action::Done { unit: units[1] });
    assert_eq!(s.phase, Phase::Joker(red.other()), "offered again");
    apply(&r, &mut s, Action::PlayJoker { card: joker });
    assert_eq!(s.phase, Phase::Activate { card: joker }, "before the 4");
    assert_eq!(r.decider(&s), Some(red.other()));
    apply(&r, &mut s, Action::Auto);
    apply(&r, &mut s, Action::Done { unit: white });
    assert_eq!(s.phase, Phase::Activate { card: four });
}

/// Turn Sequence 3: an Ace counts low (before the 2) or high (after the
/// King) as its owner says when it is turned.
#[test]
fn turn_sequence_aces_high_or_low() {
    let r = bare_rules("sviyazhsk");
    for high in [false, true] {
        let mut s = game(&r);
        s.stage = 1;
        let red = red_side(&r, &s);
        let units: Vec<_> = s
            .units
            .iter()
            .filter(|u| u.side == red && r.class(u) == Class::Infantry)
            .map(|u| u.id)
            .take(3)
            .collect();
        for (i, &u) in units.iter().enumerate() {
            put(&r, &mut s, u, 1, 1 + 2 * i as i32, Facing::E);
        }
        let ace = deal(&mut s, units[1], Card::new(Suit::Spades, 14));
        s.dealt[ace as usize].ace_high = None;
        let king = deal(&mut s, units[2], Card::new(Suit::Hearts, 13));
        end_spare(&r, &mut s, units[0]);
        assert_eq!(s.phase, Phase::Ace { card: ace });
        assert_eq!(r.decider(&s), Some(red));
        apply(&r, &mut s, Action::AceHigh { card: ace, high });
        let first = if high { king } else { ace };
        assert_eq!(s.phase, Phase::Activate { card: first }, "high {high}");
    }
}

// ---------------------------------------------------------------------------
// Rules added in this batch.

/// Turn Sequence 6: a vehicle broken down in an earlier turn draws two
/// cards at its card, and restarts only if both are red.
#[test]
fn turn_sequence_broken_down_vehicles_restart_on_two_reds() {
    let r = bare_rules("tambov");
    let cases = [
        (
            Card::new(Suit::Diamonds, 2),
            Card::new(Suit::Hearts, 3),
            0,
            true,
        ),
        (
            Card::new(Suit::Spades, 2),
            Card::new(Suit::Hearts, 3),
            0,
            false,
        ),
        (
            Card::new(Suit::Diamonds, 2),
            Card::new(Suit::Hearts, 3),
            1,
            false,
        ),
    ];
    for (second, first, ago, restarts) in cases {
        let mut s = game(&r);
        s.stage = 1;
        let car = first_of(&r, &s, Class::ArmouredCar);
        let spare = first_on(&r, &s, s.unit(car).side, Class::Cavalry);
        put(&r, &mut s, car, 5, 4, Facing::E);
        put(&r, &mut s, spare, 1, 1, Facing::E);
        s.unit_mut(car).broken_down = true;
        if ago == 1 {
            // Broke down this very turn: no draw before the next turn.
            s.unit_mut(car).broke_down_turn = s.turn;
        } else {
            s.unit_mut(car).broke_down_turn = s.turn - 1;
        }
        let c = deal(&mut s, car, Card::new(Suit::Clubs, 9));
        s.deck.extend([second, first]);
        let ev = end_spare(&r, &mut s, spare);
        assert_eq!(s.phase, Phase::Activate { card: c });
        assert_eq!(!s.unit(car).broken_down, restarts, "{ev:?}");
        let drew = ev.iter().any(|e| matches!(e, Event::Restarted { .. }));
        assert_eq!(drew, ago == 0, "{ev:?}");
    }
}

/// Fire Effect Table: a vehicle fires at -1, unless it discards its other
/// card; the choice is offered only while it holds one.
#[test]
fn fire_effect_vehicle_discards_its_other_card_to_cancel_the_minus_one() {
    let r = bare_rules("tambov");
    let mut s = game(&r);
    let car = first_of(&r, &s, Class::ArmouredCar);
    let foe = first_on(&r, &s, s.unit(car).side.other(), Class::Infantry);
    put(&r, &mut s, car, 3, 4, Facing::E);
    put(&r, &mut s, foe, 5, 4, Facing::W);
    s.stage = 1;
    act_on(&mut s, car, c2(), 2);
    let second = deal(&mut s, car, Card::new(Suit::Hearts, 9));
    // The enemy's card keeps the turn going.
    let theirs = deal(&mut s, foe, Card::new(Suit::Clubs, 13));
    let discard = Action::FireDiscarding {
        unit: car,
        target: foe,
    };
    let mut one_card = s.clone();
    one_card.dealt[second as usize].played = true;
    assert!(
        !choices(&r, &one_card).contains(&discard),
        "no card to discard"
    );
    assert!(choices(&r, &one_card).contains(&Action::Fire {
        unit: car,
        target: foe
    }));
    set_dice(&mut s, &[6; 8]);
    let ev = apply(&r, &mut s, discard);
    assert!(ev.contains(&Event::Discarded {
        unit: car,
        card: Card::new(Suit::Hearts, 9)
    }));
    let parts = ev
        .iter()
        .find_map(|e| match e {
            Event::Fired { parts, .. } => Some(parts.clone()),
            _ => None,
        })
        .expect("it fires");
    assert!(!parts.iter().any(|p| p.0 == Part::Vehicle), "{parts:?}");
    assert!(s.dealt[second as usize].played, "the other card is gone");
    assert_eq!(s.phase, Phase::Activate { card: theirs }, "not played");
    // Without discarding, the -1.
    let (parts, ..) = r.fire_dice(&one_card, car, foe, FireKind::Activated { score: 2 });
    assert!(parts.contains(&(Part::Vehicle, -1)));
}

/// Turn Sequence 6: on a SPADE Poor units may not move or rally; Red
/// infantry with a CHEKA or Commissar in or next to its square may ignore
/// it, taking the difference of 2d6 in hit markers.
#[test]
fn turn_sequence_commissar_lets_red_infantry_ignore_a_spade() {
    let r = bare_rules("sviyazhsk");
    for near in [true, false] {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let inf = first_on(&r, &s, red, Class::Infantry);
        let com = first_of(&r, &s, Class::Commissar);
        put(&r, &mut s, inf, 5, 4, Facing::E);
        put(&r, &mut s, com, if near { 6 } else { 8 }, 4, Facing::E);
        s.unit_mut(inf).quality = Quality::Poor;
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = Orders::Attack;
        act_on(&mut s, inf, Card::new(Suit::Spades, 7), 2);
        let mv = Action::Move { unit: inf };
        let defy = Action::DefySpades { unit: inf };
        assert!(!choices(&r, &s).contains(&mv), "Poor on a spade");
        assert_eq!(choices(&r, &s).contains(&defy), near);
        if near {
            set_dice(&mut s, &[5, 2]);
            let ev = apply(&r, &mut s, defy);
            assert!(ev.contains(&Event::Spades {
                unit: inf,
                dice: vec![5, 2],
                hits: 3
            }));
            assert_eq!(s.unit(inf).hits, 3);
            assert!(choices(&r, &s).contains(&mv), "it may move now");
        }
    }
}

/// Mounted Combat 2 and Firing 11: scouting cavalry fired at observe the
/// firer and withdraw at once to the nearest friend, taking no losses; the
/// friend has observed the firer too.
#[test]
fn mounted_combat_scouts_fired_at_withdraw_to_nearest_friend() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    let red = red_side(&r, &s);
    let scouts = first_on(&r, &s, red.other(), Class::Cavalry);
    let friend = first_on(&r, &s, red.other(), Class::Infantry);
    let firer = first_on(&r, &s, red, Class::Infantry);
    put(&r, &mut s, firer, 4, 4, Facing::E);
    s.unit_mut(firer).formation = Formation::FiringLine;
    s.unit_mut(firer).quality = Quality::Regular;
    put(&r, &mut s, scouts, 6, 4, Facing::W);
    s.unit_mut(scouts).formation = Formation::Scouting;
    let bases = s.unit(scouts).bases;
    put(&r, &mut s, friend, 9, 4, Facing::W);
    s.stage = 1;
    act_on(&mut s, firer, c2(), 2);
    deal(&mut s, friend, Card::new(Suit::Clubs, 9));
    let (_, n, ..) = r.fire_dice(&s, firer, scouts, FireKind::Activated { score: 2 });
    let mut dice = vec![1; n as usize];
    dice.push(5); // the scouts observe: 5 > range 2
    set_dice(&mut s, &dice);
    let ev = apply(
        &r,
        &mut s,
        Action::Fire {
            unit: firer,
            target: scouts,
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Fired { hits, .. } if *hits > 0))
    );
    assert_eq!(s.unit(scouts).hits, 0, "no losses: {ev:?}");
    assert_eq!(s.unit(scouts).bases, bases);
    assert_eq!(s.unit(scouts).at, sq(&r, 8, 4), "next to the friend");
    assert!(s.observed.contains(&(scouts, firer)));
    assert!(
        s.observed.contains(&(friend, firer)),
        "the friend has observed"
    );
}

/// Armoured Trains 5 and 6: with enemy infantry next to it the train
/// retreats along the track at its activation; stationary, it puts the unit
/// it carries into an adjacent square.
#[test]
fn armoured_trains_retreat_along_track_and_unload() {
    let base = bare_rules("sviyazhsk");
    let mut sc = (*base.scenario).clone();
    for c in 2..8 {
        link(&mut sc, (c, 4), (c + 1, 4), true);
    }
    let r = RedSquare::new(sc);
    let mut s = game(&r);
    let train = first_of(&r, &s, Class::Train);
    let side = s.unit(train).side;
    let foe = first_on(&r, &s, side.other(), Class::Infantry);
    put(&r, &mut s, train, 5, 4, Facing::E);
    put(&r, &mut s, foe, 4, 4, Facing::E);
    let c = deal(&mut s, train, c2());
    s.phase = Phase::Activate { card: c };
    let ev = apply(&r, &mut s, Action::Auto);
    let path = ev
        .iter()
        .find_map(|e| match e {
            Event::Retreats { unit, path } if *unit == train => Some(path.clone()),
            _ => None,
        })
        .expect("it retreats");
    assert_eq!(path, vec![sq(&r, 6, 4), sq(&r, 7, 4)], "along the track");
    // Unloading.
    let mut s = game(&r);
    let inf = first_on(&r, &s, side, Class::Infantry);
    put(&r, &mut s, train, 5, 4, Facing::E);
    s.unit_mut(inf).status = Status::Waiting;
    s.unit_mut(inf).carried_by = Some(train);
    act_on(&mut s, train, c2(), 2);
    let to = sq(&r, 6, 4);
    let unload = Action::Unload {
        unit: train,
        carried: inf,
        to,
    };
    let mut moved = s.clone();
    moved.unit_mut(train).last_moved = true;
    assert!(
        !choices(&r, &moved).contains(&unload),
        "only when stationary"
    );
    let ev = apply(&r, &mut s, unload);
    assert!(ev.contains(&Event::Unloaded {
        unit: train,
        carried: inf,
        to
    }));
    assert_eq!(s.unit(inf).status, Status::OnTable);
    assert_eq!(s.unit(inf).at, to);
    assert_eq!(s.unit(inf).carried_by, None);
    assert_eq!(s.unit(train).at, sq(&r, 5, 4));
}

/// Artillery Firing 6: a card for buildings shot at by artillery: a town
/// (brick or stone) burns on HEARTS, a village (wood) on HEARTS or
/// DIAMONDS; hiding troops flee a burning building.
#[test]
fn artillery_firing_buildings_burn_and_hiders_flee() {
    let r = with_terrain(
        "sviyazhsk",
        &[((6, 4), Terrain::Village), ((6, 2), Terrain::Town)],
    );
    let cases = [
        (4, Card::new(Suit::Diamonds, 5), true),
        (2, Card::new(Suit::Diamonds, 5), false),
        (2, Card::new(Suit::Hearts, 5), true),
        (4, Card::new(Suit::Clubs, 5), false),
    ];
    for (row, card, burns) in cases {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let gun = first_on(&r, &s, red.other(), Class::Artillery);
        let inf = first_on(&r, &s, red, Class::Infantry);
        put(&r, &mut s, gun, 2, row, Facing::E);
        s.unit_mut(gun).formation = Formation::Unlimbered;
        s.unit_mut(gun).position = Position::Unmasked;
        s.unit_mut(gun).readiness = 3;
        let at = put(&r, &mut s, inf, 6, row, Facing::W);
        s.unit_mut(inf).hiding = true;
        s.observed.push((gun, inf));
        s.stage = 1;
        act_on(&mut s, gun, c2(), 2);
        deal(&mut s, inf, Card::new(Suit::Clubs, 9));
        s.deck.push(card);
        set_dice(&mut s, &[6; 8]);
        let ev = apply(
            &r,
            &mut s,
            Action::Fire {
                unit: gun,
                target: inf,
            },
        );
        assert!(
            ev.contains(&Event::BuildingCard {
                at,
                card,
                burning: burns
            }),
            "{ev:?}"
        );
        assert_eq!(s.burning.contains(&at), burns);
        let fled = ev
            .iter()
            .any(|e| matches!(e, Event::Retreats { unit, .. } if *unit == inf));
        assert_eq!(fled, burns, "hiders flee a burning building");
    }
}

/// Activation Table note: troops who exit the board must rally (2+) and
/// draw a RED card to return, on their own baseline.
#[test]
fn activation_table_units_off_the_table_return_on_a_red_card() {
    let r = bare_rules("sviyazhsk");
    for (card, back) in [
        (Card::new(Suit::Diamonds, 6), true),
        (Card::new(Suit::Spades, 6), false),
    ] {
        let mut s = game(&r);
        let red = red_side(&r, &s);
        let inf = first_on(&r, &s, red, Class::Infantry);
        put(&r, &mut s, inf, 5, 4, Facing::E);
        s.unit_mut(inf).status = Status::OffTable;
        act_on(&mut s, inf, c2(), 2);
        let offered = choices(&r, &s);
        assert_eq!(
            offered,
            vec![Action::Rally { unit: inf }, Action::Done { unit: inf }],
            "off the table it can only rally"
        );
        s.deck.push(card);
        let ev = apply(&r, &mut s, Action::Rally { unit: inf });
        let to = ev
            .iter()
            .find_map(|e| match e {
                Event::Returned { to, .. } => Some(*to),
                _ => None,
            })
            .expect("it draws");
        assert_eq!(to.is_some(), back);
        if back {
            assert_eq!(s.unit(inf).status, Status::OnTable);
        } else {
            assert_eq!(s.unit(inf).status, Status::OffTable);
        }
    }
}

fn kind_of(r: &RedSquare, key: &str) -> u8 {
    r.sc()
        .types
        .iter()
        .position(|t| t.key == key)
        .expect("a shipped unit type") as u8
}

/// Artillery Positions 3: masked guns may be engaged only by howitzers or
/// heavy guns; Observation: semi-masked and masked batteries must be
/// observed even when they have fired.
#[test]
fn artillery_positions_masked_guns_are_engaged_only_by_howitzers_and_heavy_guns() {
    let r = bare_rules("kakhovka");
    let mut s = game(&r);
    let guns: Vec<u16> = s
        .units
        .iter()
        .filter(|u| r.class(u) == Class::Artillery)
        .map(|u| u.id)
        .collect();
    let (a, b) = (
        guns[0],
        guns.iter()
            .copied()
            .find(|&g| s.unit(g).side != s.unit(guns[0]).side)
            .unwrap(),
    );
    put(&r, &mut s, a, 2, 2, Facing::E);
    put(&r, &mut s, b, 8, 2, Facing::W);
    for g in [a, b] {
        let u = s.unit_mut(g);
        u.formation = Formation::Unlimbered;
        u.readiness = 3;
        u.last_target = None;
    }
    s.unit_mut(b).position = Position::Masked;
    s.unit_mut(b).kind = kind_of(&r, "howitzer");
    assert!(
        r.concealed(&s, b),
        "a masked battery stays concealed after firing"
    );
    s.observed.push((a, b));
    s.unit_mut(a).kind = kind_of(&r, "light_gun");
    assert!(
        !r.may_fire_at(&s, a, b, 2),
        "a light gun cannot engage masked guns"
    );
    s.unit_mut(a).kind = kind_of(&r, "howitzer");
    assert!(
        r.may_fire_at(&s, a, b, 2),
        "a howitzer that observed them can"
    );
    s.unit_mut(b).position = Position::SemiMasked;
    assert!(r.concealed(&s, b), "semi-masked: must be observed first");
    s.unit_mut(b).position = Position::Unmasked;
    s.unit_mut(b).revealed = true;
    assert!(
        !r.concealed(&s, b),
        "unmasked and fired: observed automatically"
    );
}

/// Firing 4: MGs on a crest see over woods below them (not into the square
/// just beyond); infantry on a crest do not.
#[test]
fn firing_mgs_on_a_crest_see_over_woods_below_them() {
    use red_square::scenario::Terrain;
    let r = with_terrain(
        "sviyazhsk",
        &[((2, 2), Terrain::Crest), ((3, 2), Terrain::Wood)],
    );
    let mut s = game(&r);
    let mg = first_of(&r, &s, Class::Mg);
    let inf = first_on(&r, &s, s.unit(mg).side, Class::Infantry);
    let enemy = first_on(&r, &s, s.unit(mg).side.other(), Class::Infantry);
    let from = put(&r, &mut s, mg, 2, 2, Facing::E);
    let far = r.sc().grid.at(5, 2).unwrap();
    let near = r.sc().grid.at(4, 2).unwrap();
    assert!(
        r.line_of_sight(&s, mg, from, far),
        "over the wood, two squares beyond it"
    );
    assert!(
        !r.line_of_sight(&s, mg, from, near),
        "not into the square just beyond"
    );
    put(&r, &mut s, inf, 2, 2, Facing::E);
    s.unit_mut(mg).status = red_square::state::Status::Waiting;
    assert!(
        !r.line_of_sight(&s, inf, from, far),
        "infantry on a crest do not see over"
    );
    let _ = enemy;
}

/// Artillery Firing 3b: field guns trace a line of sight past hedges that
/// are not next to them.
#[test]
fn artillery_firing_field_guns_see_past_hedges_not_next_to_them() {
    use red_square::scenario::Terrain;
    let r = with_terrain("sviyazhsk", &[((4, 2), Terrain::Hedges)]);
    let mut s = game(&r);
    let gun = first_of(&r, &s, Class::Artillery);
    let inf = first_on(&r, &s, s.unit(gun).side, Class::Infantry);
    let from = put(&r, &mut s, gun, 2, 2, Facing::E);
    let target = r.sc().grid.at(6, 2).unwrap();
    assert!(
        r.line_of_sight(&s, gun, from, target),
        "the hedge is two squares away"
    );
    put(&r, &mut s, inf, 2, 2, Facing::E);
    s.unit_mut(gun).status = red_square::state::Status::Waiting;
    assert!(
        !r.line_of_sight(&s, inf, from, target),
        "infantry do not see past it"
    );
    // A hedge next to the guns blocks them too.
    let r = with_terrain("sviyazhsk", &[((3, 2), Terrain::Hedges)]);
    let mut s = game(&r);
    let gun = first_of(&r, &s, Class::Artillery);
    let from = put(&r, &mut s, gun, 2, 2, Facing::E);
    assert!(!r.line_of_sight(&s, gun, from, target));
}

/// Terrain 4: troops on a reverse slope fire only into the crest in front
/// of them.
#[test]
fn terrain_reverse_slope_fires_only_into_the_crest_in_front() {
    use red_square::scenario::Terrain;
    let r = with_terrain(
        "sviyazhsk",
        &[((3, 3), Terrain::Reverse), ((4, 3), Terrain::Crest)],
    );
    let mut s = game(&r);
    let inf = first_of(&r, &s, Class::Infantry);
    let enemies: Vec<u16> = s
        .units
        .iter()
        .filter(|u| u.side != s.unit(inf).side && r.class(u) == Class::Infantry)
        .map(|u| u.id)
        .collect();
    put(&r, &mut s, inf, 3, 3, Facing::E);
    s.unit_mut(inf).formation = Formation::FiringLine;
    put(&r, &mut s, enemies[0], 4, 3, Facing::W);
    put(&r, &mut s, enemies[1], 5, 3, Facing::W);
    assert!(
        r.may_fire_at(&s, inf, enemies[0], 2),
        "into the crest in front"
    );
    assert!(!r.may_fire_at(&s, inf, enemies[1], 2), "not beyond it");
}

/// Digging In 3: an MG company inside a DEFENCE position fires with one
/// base; the battalion with two.
#[test]
fn digging_in_defence_fires_with_two_bases_and_its_mg_with_one() {
    let r = bare_rules("kakhovka");
    let mut s = game(&r);
    let mg = first_of(&r, &s, Class::Mg);
    let bn = first_on(&r, &s, s.unit(mg).side, Class::Infantry);
    s.unit_mut(mg).with = Some(bn);
    let enemy = first_on(&r, &s, s.unit(mg).side.other(), Class::Infantry);
    put(&r, &mut s, bn, 4, 4, Facing::N);
    put(&r, &mut s, mg, 4, 4, Facing::N);
    s.unit_mut(bn).formation = Formation::Defence;
    s.unit_mut(bn).bases = 4;
    s.unit_mut(mg).bases = 2;
    put(&r, &mut s, enemy, 4, 2, Facing::S);
    let (_, _, _, score) = r.fire_dice(&s, mg, enemy, FireKind::Activated { score: 2 });
    assert_eq!(score, 2, "one MG base: hit score 2");
    let (_, _, _, score) = r.fire_dice(&s, bn, enemy, FireKind::Activated { score: 2 });
    assert_eq!(score, 2, "two battalion bases");
}

/// How many squares a unit of `class`, facing east at (3, 4) next to wire on
/// its east edge, enters in one move (with a tank's gap through it or not).
fn squares_through_wire(class: Class, gap: bool) -> (usize, RedSquare, State) {
    let base = bare_rules("kakhovka");
    let mut sc = (*base.scenario).clone();
    set_edge(&mut sc, (3, 4), (4, 4), Edge::Wire);
    let r = RedSquare::new(sc);
    let mut s = game(&r);
    let u = first_of(&r, &s, class);
    let from = put(&r, &mut s, u, 3, 4, Facing::E);
    let mover = s.unit_mut(u);
    mover.orders = Orders::Attack;
    mover.formation = match class {
        Class::Infantry => Formation::Masses,
        Class::Cavalry => Formation::Mounted,
        _ => Formation::None,
    };
    if gap {
        s.wire_gaps.push((from, red_square::grid::Dir::E as u8));
    }
    act_on(&mut s, u, c2(), 2);
    if !choices(&r, &s).contains(&Action::Move { unit: u }) {
        return (0, r, s);
    }
    apply(&r, &mut s, Action::Move { unit: u });
    let mut entered = 0;
    while let Some(&to) = steps(&r, &s).first() {
        apply(&r, &mut s, Action::Step { to });
        entered += 1;
        if !matches!(s.phase, Phase::Moving(_)) {
            break;
        }
    }
    (entered, r, s)
}

/// Terrain 3: wire stops cavalry and wheeled vehicles and takes infantry a
/// whole turn; a tank crosses it and leaves a gap, through which infantry
/// go at normal speed and cavalry in a whole turn, in the tank's direction.
#[test]
fn terrain_wire_and_the_gaps_tanks_make() {
    assert_eq!(
        squares_through_wire(Class::Infantry, false).0,
        1,
        "infantry: the whole move"
    );
    assert_eq!(
        squares_through_wire(Class::Cavalry, false).0,
        0,
        "cavalry cannot cross"
    );
    assert_eq!(
        squares_through_wire(Class::ArmouredCar, false).0,
        0,
        "nor wheels"
    );
    let (n, r, s) = squares_through_wire(Class::LightTank, false);
    assert!(n >= 1, "a tank crosses");
    let from = r.sc().grid.at(3, 4).unwrap();
    assert!(
        s.wire_gaps
            .contains(&(from, red_square::grid::Dir::E as u8)),
        "and leaves a gap"
    );
    assert_eq!(
        squares_through_wire(Class::Infantry, true).0,
        2,
        "masses through the gap: normal speed"
    );
    assert_eq!(
        squares_through_wire(Class::Cavalry, true).0,
        1,
        "cavalry through the gap: a whole turn"
    );
}

/// Armoured Trains 7: a train disabled by its fifth hit is taken by enemy
/// infantry that enter its square.
#[test]
fn armoured_trains_a_disabled_train_is_captured_by_infantry() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    let train = first_of(&r, &s, Class::Train);
    let inf = first_on(&r, &s, s.unit(train).side.other(), Class::Infantry);
    let at = put(&r, &mut s, train, 5, 4, Facing::E);
    put(&r, &mut s, inf, 4, 4, Facing::E);
    s.unit_mut(inf).formation = Formation::Masses;
    s.unit_mut(inf).orders = Orders::Attack;
    act_on(&mut s, inf, c2(), 2);
    assert!(
        !choices(&r, &s).contains(&Action::Move { unit: inf }),
        "a working train is no overrun target (and Attack may not turn away)"
    );
    s.unit_mut(train).disabled = true;
    apply(&r, &mut s, Action::Move { unit: inf });
    assert!(steps(&r, &s).contains(&at));
    let ev = apply(&r, &mut s, Action::Step { to: at });
    assert!(
        ev.iter().any(|e| matches!(e, Event::TrainCaptured { .. })),
        "{ev:?}"
    );
    assert_eq!(s.unit(train).side, s.unit(inf).side);
    assert_eq!(s.unit(inf).at, at);
}

/// Artillery Firing 3: a howitzer without its own line of sight fires
/// through an observation post within 2 squares on a 4 to 6; a field gun
/// cannot.
#[test]
fn artillery_firing_howitzers_fire_through_an_observation_post() {
    let r = with_terrain("kakhovka", &[((4, 3), Terrain::Wood)]);
    let mut s = game(&r);
    let gun = first_of(&r, &s, Class::Artillery);
    let side = s.unit(gun).side;
    let post = first_on(&r, &s, side, Class::Infantry);
    let target = first_on(&r, &s, side.other(), Class::Infantry);
    put(&r, &mut s, gun, 2, 3, Facing::E);
    put(&r, &mut s, post, 3, 1, Facing::E);
    put(&r, &mut s, target, 6, 3, Facing::W);
    {
        let g = s.unit_mut(gun);
        g.formation = Formation::Unlimbered;
        g.readiness = 3;
        g.kind = kind_of(&r, "howitzer");
    }
    s.observed.push((gun, target));
    let (g_at, t_at) = (s.unit(gun).at, s.unit(target).at);
    assert!(
        !r.line_of_sight(&s, gun, g_at, t_at),
        "the wood hides the target from the guns"
    );
    let p_at = s.unit(post).at;
    let between: Vec<String> = r
        .sc()
        .grid
        .between(p_at, t_at)
        .iter()
        .map(|&q| r.sc().grid.name(q))
        .collect();
    assert!(
        r.line_of_sight(&s, post, p_at, t_at),
        "the post sees the target past {between:?}"
    );
    assert_eq!(r.observation_post(&s, gun, target), Some(post));
    assert!(r.may_fire_at(&s, gun, target, 2));
    for (roll, fires) in [(3, false), (4, true)] {
        let mut t = s.clone();
        act_on(&mut t, gun, c2(), 2);
        set_dice(&mut t, &[roll, 1, 1, 1, 1, 1, 1]);
        let ev = apply(&r, &mut t, Action::Fire { unit: gun, target });
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::ObservationPost { ok, .. } if *ok == fires)),
            "{ev:?}"
        );
        assert_eq!(
            ev.iter().any(|e| matches!(e, Event::Fired { .. })),
            fires,
            "roll {roll}"
        );
    }
    s.unit_mut(gun).kind = kind_of(&r, "light_gun");
    assert!(
        !r.may_fire_at(&s, gun, target, 2),
        "a field gun needs its own line of sight"
    );
}

/// Observation: looking down from a crest or forward slope adds 1 to the
/// roll by day (our reading of Observation 5's "bonuses for uphill").
#[test]
fn observation_from_higher_ground_adds_one() {
    let r = with_terrain("sviyazhsk", &[((2, 2), Terrain::Crest)]);
    let mut s = game(&r);
    let obs = first_of(&r, &s, Class::Infantry);
    let target = first_on(&r, &s, s.unit(obs).side.other(), Class::Infantry);
    put(&r, &mut s, obs, 2, 2, Facing::E);
    put(&r, &mut s, target, 5, 2, Facing::W);
    s.unit_mut(target).revealed = false;
    s.turn = r.sc().dawn.max(1);
    assert!(r.uphill(&s, obs, target));
    act_on(&mut s, obs, c2(), 2);
    set_dice(&mut s, &[3]);
    let ev = apply(&r, &mut s, Action::Observe { unit: obs, target });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Observed {
                ok: true,
                uphill: 1,
                ..
            }
        )),
        "3 + 1 beats a range of 3: {ev:?}"
    );
}

// ---------------------------------------------------------------------------
// Section tests (third batch): horses, targets, wheeling up, orders, HQs.

/// Units of a class on a side, in order.
fn all_on(r: &RedSquare, s: &State, side: engine::Side, class: Class) -> Vec<red_square::UnitId> {
    s.units
        .iter()
        .filter(|u| r.class(u) == class && u.side == side)
        .map(|u| u.id)
        .collect()
}

/// Mounted Combat 3: dismounted regiments keep their horses in an adjacent
/// square; moving on foot, the horses must stay adjacent, and where that is
/// impossible they may not move; at an activation score of 1 or less they
/// remount and retreat, and the horses come back.
#[test]
fn mounted_combat_dismounted_cavalry_keep_their_horses_adjacent() {
    let r = bare_rules("tambov");
    let g = r.sc().grid.clone();
    // Dismounting sends the horses next to the riflemen, away from the enemy.
    let mut s = game(&r);
    let cav = first_of(&r, &s, Class::Cavalry);
    let inf = first_on(&r, &s, s.unit(cav).side.other(), Class::Infantry);
    let at = put(&r, &mut s, cav, 4, 4, Facing::E);
    s.unit_mut(cav).formation = Formation::Mounted;
    s.unit_mut(cav).orders = Orders::Probe;
    put(&r, &mut s, inf, 8, 4, Facing::W);
    act_on(&mut s, cav, c2(), 2);
    apply(
        &r,
        &mut s,
        Action::Reform {
            unit: cav,
            formation: Formation::Dismounted,
        },
    );
    let horses = s.unit(cav).horses.expect("the horse holders have a square");
    assert_eq!(g.distance(horses, at), 1, "in an adjacent square");
    let farthest = g
        .neighbours(at)
        .map(|(_, n)| g.distance(n, sq(&r, 8, 4)))
        .max()
        .unwrap();
    assert_eq!(
        g.distance(horses, sq(&r, 8, 4)),
        farthest,
        "a neighbour farthest from the enemy"
    );
    assert_eq!(r.view(&s, None).units[cav as usize].horses, Some(horses));

    // On foot, only steps that keep the horses adjacent (they stay put).
    let mut s = game(&r);
    put(&r, &mut s, cav, 4, 4, Facing::N);
    put(&r, &mut s, inf, 9, 1, Facing::W);
    s.unit_mut(cav).formation = Formation::Dismounted;
    s.unit_mut(cav).orders = Orders::Probe;
    s.unit_mut(cav).horses = Some(sq(&r, 3, 4));
    act_on(&mut s, cav, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: cav });
    let offered = steps(&r, &s);
    let ahead: Vec<Sq> = g
        .neighbours(at)
        .map(|(_, n)| n)
        .filter(|&n| g.within(at, Facing::N, n, red_square::grid::Arc::Deg45))
        .collect();
    assert_eq!(ahead.len(), 2, "north-west and north-east are ahead");
    for n in ahead {
        assert_eq!(
            offered.contains(&n),
            g.distance(n, sq(&r, 3, 4)) == 1,
            "{n}: only next to the horses"
        );
    }
    assert_eq!(offered.len(), 1);
    apply(&r, &mut s, Action::Step { to: offered[0] });
    assert_eq!(s.unit(cav).horses, Some(sq(&r, 3, 4)), "the horses stay");

    // Facing east, its only step leaves the horses: it may not move.
    let mut s = game(&r);
    put(&r, &mut s, cav, 4, 4, Facing::E);
    put(&r, &mut s, inf, 9, 1, Facing::W);
    s.unit_mut(cav).formation = Formation::Dismounted;
    s.unit_mut(cav).orders = Orders::Probe;
    s.unit_mut(cav).horses = Some(sq(&r, 3, 4));
    act_on(&mut s, cav, c2(), 2);
    assert!(!choices(&r, &s).contains(&Action::Move { unit: cav }));

    // A score of 1, not under fire: remount and retreat.
    let mut s = game(&r);
    put(&r, &mut s, cav, 4, 4, Facing::E);
    put(&r, &mut s, inf, 7, 4, Facing::W);
    s.unit_mut(cav).formation = Formation::Dismounted;
    s.unit_mut(cav).horses = Some(sq(&r, 3, 4));
    s.unit_mut(cav).quality = Quality::Regular;
    s.unit_mut(cav).under_fire = false;
    let i = deal(&mut s, cav, c2());
    s.phase = Phase::Activate { card: i };
    set_dice(&mut s, &[1]);
    let ev = apply(&r, &mut s, Action::Roll);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Retreats { unit, .. } if *unit == cav)),
        "{ev:?}"
    );
    assert_eq!(s.unit(cav).formation, Formation::Mounted, "remounted");
    assert_eq!(s.unit(cav).horses, None, "the horses are back");
}

/// Mounted Combat 1: with several enemy units next to it in the open, the
/// attacking cavalry chooses its target (not only the one in front).
#[test]
fn mounted_combat_attacker_chooses_its_target() {
    let r = bare_rules("tambov");
    let g = r.sc().grid.clone();
    let mut s = game(&r);
    let cav = first_of(&r, &s, Class::Cavalry);
    let foes = all_on(&r, &s, s.unit(cav).side.other(), Class::Infantry);
    assert!(foes.len() >= 2, "two enemy battalions");
    put(&r, &mut s, cav, 2, 4, Facing::E);
    s.unit_mut(cav).formation = Formation::Mounted;
    s.unit_mut(cav).orders = Orders::Attack;
    let dest = sq(&r, 3, 4);
    // One in front (east), one off to the side (south-east).
    put(&r, &mut s, foes[0], 4, 4, Facing::W);
    let side_sq = g
        .neighbours(dest)
        .map(|(_, n)| n)
        .find(|&n| {
            n != sq(&r, 4, 4)
                && n != sq(&r, 2, 4)
                && !g.within(dest, Facing::E, n, red_square::grid::Arc::Deg45)
                && g.distance(n, sq(&r, 4, 4)) == 1
        })
        .expect("a neighbour not ahead");
    let (c, row) = (g.col(side_sq) as i32, g.row(side_sq) as i32);
    put(&r, &mut s, foes[1], c, row, Facing::N);
    for f in [foes[0], foes[1]] {
        s.unit_mut(f).formation = Formation::FiringLine;
    }
    act_on(&mut s, cav, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: cav });
    apply(&r, &mut s, Action::Step { to: dest });
    apply(&r, &mut s, Action::StopMoving);
    assert!(matches!(s.phase, Phase::Charge { unit, .. } if unit == cav));
    let offered = choices(&r, &s);
    for f in [foes[0], foes[1]] {
        assert!(offered.contains(&Action::Charge {
            unit: cav,
            target: f
        }));
    }
    set_dice(&mut s, &[6; 40]);
    let ev = apply(
        &r,
        &mut s,
        Action::Charge {
            unit: cav,
            target: foes[1],
        },
    );
    let attacked = ev.iter().find_map(|e| match e {
        Event::MountedCombat { defender, .. } => Some(*defender),
        Event::Fled { unit, .. } => Some(*unit),
        _ => None,
    });
    assert_eq!(
        attacked,
        Some(foes[1]),
        "the chosen target, not the one in front"
    );
}

/// Artillery Positions 2: a semi-masked battery may roll 2+ to wheel its
/// guns up to the obstacle and fire directly on closing attackers: it is
/// then unmasked (no dead zone) and observed once it fires.
#[test]
fn artillery_positions_semi_masked_guns_wheel_up_on_2() {
    let r = with_terrain("sviyazhsk", &[((2, 4), Terrain::Hedges)]);
    let mut s = game(&r);
    let gun = first_of(&r, &s, Class::Artillery);
    let inf = first_on(&r, &s, s.unit(gun).side.other(), Class::Infantry);
    put(&r, &mut s, gun, 2, 4, Facing::E);
    s.unit_mut(gun).formation = Formation::Unlimbered;
    s.unit_mut(gun).position = Position::SemiMasked;
    put(&r, &mut s, inf, 3, 4, Facing::W);
    // On 1, no wheeling up; nor can it fire into its dead zone.
    act_on(&mut s, gun, c2(), 1);
    let offered = choices(&r, &s);
    assert!(!offered.contains(&Action::WheelUp { unit: gun }));
    assert!(!offered.contains(&Action::Fire {
        unit: gun,
        target: inf
    }));
    // On 2, it wheels up.
    s.dealt.clear();
    act_on(&mut s, gun, c2(), 2);
    apply(&r, &mut s, Action::WheelUp { unit: gun });
    assert_eq!(s.unit(gun).position, Position::Unmasked);
    // (The turn has ended with its only card: the infantry shows itself
    // again by moving closer.)
    s.unit_mut(inf).revealed = true;
    s.dealt.clear();
    act_on(&mut s, gun, c2(), 2);
    assert!(
        choices(&r, &s).contains(&Action::Fire {
            unit: gun,
            target: inf
        }),
        "unmasked, it fires on the closing attackers"
    );
    assert!(r.concealed(&s, gun), "behind its hedge until it fires");
    // A card still to play keeps the turn going.
    deal(&mut s, inf, Card::new(Suit::Spades, 13));
    set_dice(&mut s, &[6; 20]);
    apply(
        &r,
        &mut s,
        Action::Fire {
            unit: gun,
            target: inf,
        },
    );
    assert!(!r.concealed(&s, gun), "observed once it has fired");
}

/// Command and Control 1 (Probe): "Cavalry units may close if enemy expose
/// flank or rear in the open"; infantry on Probe still stop at effective
/// range.
#[test]
fn command_and_control_probing_cavalry_close_on_an_exposed_flank() {
    for (class, facing, closes) in [
        (Class::Cavalry, Facing::W, false),
        (Class::Cavalry, Facing::N, true),
        (Class::Infantry, Facing::N, false),
    ] {
        let r = bare_rules(if class == Class::Cavalry {
            "tambov"
        } else {
            "sviyazhsk"
        });
        let mut s = game(&r);
        let unit = first_of(&r, &s, class);
        let target = first_on(&r, &s, s.unit(unit).side.other(), Class::Infantry);
        put(&r, &mut s, unit, 2, 4, Facing::E);
        s.unit_mut(unit).formation = if class == Class::Cavalry {
            Formation::Mounted
        } else {
            Formation::Masses
        };
        s.unit_mut(unit).orders = Orders::Probe;
        put(&r, &mut s, target, 5, 4, facing);
        act_on(&mut s, unit, c2(), 2);
        let moves = choices(&r, &s).contains(&Action::Move { unit });
        if moves {
            apply(&r, &mut s, Action::Move { unit });
        }
        assert_eq!(
            moves && steps(&r, &s).contains(&sq(&r, 3, 4)),
            closes,
            "{class:?} v a target facing {facing:?}"
        );
    }
}

/// Command and Control 1 (Attack): orders "stay in place ... until stopped
/// by being forced to Hide or Retreat" (ours: they become Defend).
#[test]
fn command_and_control_attack_orders_lapse_on_hide_or_retreat() {
    let r = with_terrain("sviyazhsk", &[((2, 2), Terrain::Wood)]);
    for (c, hides) in [(4, false), (2, true)] {
        let mut s = game(&r);
        let inf = first_of(&r, &s, Class::Infantry);
        let foe = first_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
        put(&r, &mut s, inf, c, 2, Facing::S);
        put(&r, &mut s, foe, c, 5, Facing::N);
        s.unit_mut(inf).formation = Formation::Masses;
        s.unit_mut(inf).orders = Orders::Attack;
        s.unit_mut(inf).quality = Quality::Regular;
        s.unit_mut(inf).lost = 2;
        let i = deal(&mut s, inf, c2());
        s.phase = Phase::Activate { card: i };
        set_dice(&mut s, &[1]);
        let ev = apply(&r, &mut s, Action::Roll);
        assert_eq!(s.unit(inf).hiding, hides, "{ev:?}");
        assert_eq!(s.unit(inf).orders, Orders::Defend, "the Attack is stopped");
        assert!(ev.iter().any(|e| matches!(e, Event::OrdersLapse { .. })));
    }
}

/// Command and Control 1 (Counter Attack): once released it "must advance
/// as Attack", so like Attack it may not open the distance to the enemy.
#[test]
fn command_and_control_released_counter_attack_advances_as_attack() {
    let r = bare_rules("sviyazhsk");
    let mut s = game(&r);
    let inf = first_of(&r, &s, Class::Infantry);
    let foes = all_on(&r, &s, s.unit(inf).side.other(), Class::Infantry);
    let at = put(&r, &mut s, inf, 4, 4, Facing::N);
    s.unit_mut(inf).formation = Formation::Waves;
    s.unit_mut(inf).orders = Orders::CounterAttack;
    // Ahead, an enemy showing its flank releases the counter attack.
    put(&r, &mut s, foes[0], 4, 1, Facing::E);
    // Another, next to it on the west.
    let west = put(&r, &mut s, foes[1], 3, 4, Facing::E);
    assert!(r.counter_attack_released(&s, inf));
    act_on(&mut s, inf, c2(), 2);
    apply(&r, &mut s, Action::Move { unit: inf });
    let g = r.sc().grid.clone();
    let offered = steps(&r, &s);
    for (_, n) in g.neighbours(at) {
        if g.within(at, Facing::N, n, red_square::grid::Arc::Deg45) {
            let opens = g.distance(n, west) > 1;
            assert_eq!(offered.contains(&n), !opens, "{n}");
        }
    }
}

/// Command and Control 3: the HQ "rolls for activation if under fire or
/// needing to move" and "cannot issue orders when moving, under fire or
/// activation score below 2". An HQ whose troops are fired at is under
/// fire; moving, it rolls a d6 and goes only on 2+.
#[test]
fn command_and_control_hq_under_fire_rolls_to_move() {
    let r = bare_rules("sviyazhsk");
    for (die, moves) in [(1, false), (2, true)] {
        let mut s = game(&r);
        let hq = first_of(&r, &s, Class::Hq);
        let side = s.unit(hq).side;
        let inf = first_on(&r, &s, side, Class::Infantry);
        let mg = first_on(&r, &s, side.other(), Class::Mg);
        let at = put(&r, &mut s, inf, 4, 4, Facing::N);
        s.unit_mut(hq).at = at;
        s.unit_mut(hq).status = red_square::state::Status::OnTable;
        put(&r, &mut s, mg, 4, 2, Facing::S);
        s.observed.push((mg, inf));
        assert_eq!(r.answering_hq(&s, inf), Some(hq));
        act_on(&mut s, mg, c2(), 2);
        set_dice(&mut s, &[6; 12]);
        apply(
            &r,
            &mut s,
            Action::Fire {
                unit: mg,
                target: inf,
            },
        );
        assert!(s.unit(hq).under_fire, "its square was fired at");
        assert_eq!(r.answering_hq(&s, inf), None, "no orders under fire");
        s.phase = Phase::Headquarters(side);
        let to = r.hq_destinations(&s, hq)[0];
        set_dice(&mut s, &[die]);
        let ev = apply(&r, &mut s, Action::MoveHq { unit: hq, to });
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::HqActivation { roll, .. } if *roll == die))
        );
        assert_eq!(s.unit(hq).at == to, moves, "moves only on 2+");
        assert_eq!(
            r.answering_hq(&s, inf),
            None,
            "no orders after moving or failing"
        );
    }
}

/// Observation 4: large targets occupying several consecutive wood squares
/// need observing only once.
#[test]
fn observation_a_block_of_wood_is_observed_once() {
    let r = with_terrain(
        "sviyazhsk",
        &[
            ((5, 2), Terrain::Wood),
            ((6, 2), Terrain::Wood),
            ((8, 2), Terrain::Wood),
        ],
    );
    let mut s = game(&r);
    let obs = first_of(&r, &s, Class::Infantry);
    let side = s.unit(obs).side.other();
    let enemies: Vec<u16> = s
        .units
        .iter()
        .filter(|u| u.side == side && r.class(u) == Class::Infantry)
        .map(|u| u.id)
        .collect();
    put(&r, &mut s, obs, 2, 2, Facing::E);
    put(&r, &mut s, enemies[0], 5, 2, Facing::W);
    put(&r, &mut s, enemies[1], 6, 2, Facing::W);
    put(&r, &mut s, enemies[2], 8, 2, Facing::W);
    assert_eq!(
        r.same_cover_block(&s, enemies[0]),
        vec![enemies[1]],
        "the wood at (8, 2) is another block"
    );
    act_on(&mut s, obs, c2(), 2);
    // A card still to play, so that the turn (and its observations) goes on.
    deal(&mut s, enemies[2], Card::new(Suit::Hearts, 9));
    set_dice(&mut s, &[6, 1, 1, 1, 1, 1, 1, 1]);
    apply(
        &r,
        &mut s,
        Action::Observe {
            unit: obs,
            target: enemies[0],
        },
    );
    assert!(
        r.observed_for(&s, obs, enemies[1]),
        "observed with the block"
    );
    assert!(
        !r.observed_for(&s, obs, enemies[2]),
        "not across open ground"
    );
}

/// Games Designer's Notes, as options: armoured cars fire on one card a
/// turn; armour moves one square a card off the road.
#[test]
fn designers_notes_armour_options() {
    let base = bare_rules("tambov");
    let opts = |a: bool, b: bool| {
        let mut o = engine::Options::new();
        o.insert(red_square::rules::ARMOURED_CARS_FIRE_ONCE.into(), a);
        o.insert(red_square::rules::ARMOUR_ONE_SQUARE_OFF_ROAD.into(), b);
        o
    };
    assert!(base.setup(&opts(true, true), 1).is_ok());
    let mut bad = engine::Options::new();
    bad.insert("tanks_fly".into(), true);
    let err = base.setup(&bad, 1).unwrap_err().to_string();
    assert!(
        err.contains("tanks_fly") && err.contains("armoured_cars_fire_once"),
        "{err}"
    );
    for fire_once in [false, true] {
        let mut s = base.setup(&opts(fire_once, false), 1).unwrap();
        clear_table(&mut s);
        let car = first_of(&base, &s, Class::ArmouredCar);
        let inf = first_on(&base, &s, s.unit(car).side.other(), Class::Infantry);
        put(&base, &mut s, car, 2, 3, Facing::E);
        put(&base, &mut s, inf, 3, 3, Facing::W);
        s.observed.push((car, inf));
        s.unit_mut(car).fired_this_turn = true;
        assert_eq!(
            base.may_fire_at(&s, car, inf, 2),
            !fire_once,
            "fire once: {fire_once}"
        );
    }
    for slow in [false, true] {
        let mut s = base.setup(&opts(false, slow), 1).unwrap();
        clear_table(&mut s);
        let car = first_of(&base, &s, Class::ArmouredCar);
        put(&base, &mut s, car, 2, 3, Facing::E);
        s.unit_mut(car).orders = Orders::Probe;
        act_on(&mut s, car, c2(), 2);
        apply(&base, &mut s, Action::Move { unit: car });
        let mut entered = 0;
        while let Some(&to) = steps(&base, &s).first() {
            apply(&base, &mut s, Action::Step { to });
            entered += 1;
            if !matches!(s.phase, Phase::Moving(_)) {
                break;
            }
        }
        assert_eq!(entered, if slow { 1 } else { 2 }, "slow off road: {slow}");
    }
}
