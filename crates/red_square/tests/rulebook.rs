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
