//! One test per rule of the rulebook (`001_994e9c786bdfdbeb.txt`), named after
//! its section, and every worked example with the rulebook's own numbers.

mod common;
use common::*;
use veli_veljea_vastaan::state::{Cause, Unit};
use veli_veljea_vastaan::{Action, Event, Phase};

fn card(r: &veli_veljea_vastaan::VeliVeljeaVastaan, name: &str) -> u8 {
    r.sc()
        .cards
        .iter()
        .position(|c| c.name.starts_with(name))
        .unwrap_or_else(|| panic!("no card {name}")) as u8
}

fn units_at(
    r: &veli_veljea_vastaan::VeliVeljeaVastaan,
    s: &veli_veljea_vastaan::State,
    at: &str,
) -> Vec<Unit> {
    let c = city(r, at);
    s.units.iter().filter(|u| u.city == c).copied().collect()
}

// ------------------------------------------------------------ 1, 3, 4.1

#[test]
fn s1_january_has_three_card_plays_a_side_white_first() {
    let r = rules();
    let s = r.new_campaign(3);
    assert_eq!(s.month, 1);
    assert_eq!(s.phase, Phase::PlayCard);
    assert_eq!(s.turn.side, Some(W), "White opens the month");
    for side in [W, R] {
        assert_eq!(
            s.decks[side.index()].hand.len(),
            3,
            "three cards in January"
        );
        assert!(
            s.decks[side.index()].draw.is_empty(),
            "the first draw pile holds only January's three"
        );
    }
}

#[test]
fn s1_sides_alternate_and_the_month_ends_with_supply_and_a_new_hand() {
    let r = rules();
    let mut s = r.new_campaign(3);
    let mut order = Vec::new();
    while s.month == 1 {
        let side = s.turn.side.unwrap();
        let card = s.decks[side.index()].hand[0];
        order.push(side);
        act(&r, &mut s, side, Action::PlayPoints { card });
        if s.phase == Phase::Activate {
            act(&r, &mut s, side, Action::DoneActivating);
        }
    }
    assert_eq!(order, vec![W, R, W, R, W, R]);
    assert_eq!(s.month, 2);
    // February: 8 cards each (Red's includes the forced armoured-train card).
    assert_eq!(s.decks[0].hand.len(), 8);
    assert_eq!(s.decks[1].hand.len(), 8);
}

#[test]
fn s4_1_forced_cards_are_dealt_in_february_and_april() {
    let r = rules();
    let trains = card(&r, "Panssarijunat tulevat");
    let landing = card(&r, "Saksalaisten maihinnousu");
    assert_eq!(r.sc().cards[trains as usize].forced, Some(2));
    assert_eq!(r.sc().cards[landing as usize].forced, Some(4));
    for seed in 0..10 {
        let mut s = r.new_campaign(seed);
        s.month = 1;
        let mut ev = Vec::new();
        // Jump to the first of February and of April.
        s.decks[0].hand.clear();
        s.decks[1].hand.clear();
        s.month = 2;
        s.decks.iter_mut().for_each(|d| d.reshuffle.clear());
        s.decks.iter_mut().for_each(|d| d.draw.clear());
        s.decks[0].reshuffle = (0..r.sc().cards.len() as u8)
            .filter(|&c| r.sc().cards[c as usize].side == W && r.sc().cards[c as usize].month == 1)
            .collect();
        s.decks[1].reshuffle = (0..r.sc().cards.len() as u8)
            .filter(|&c| r.sc().cards[c as usize].side == R && r.sc().cards[c as usize].month == 1)
            .collect();
        r.begin_month(&mut s, &mut ev);
        assert!(
            s.decks[1].hand.contains(&trains),
            "seed {seed}: Red always gets the trains in February"
        );
        assert_eq!(s.decks[1].hand.len(), 8);
    }
    let mut s = r.new_campaign(1);
    s.month = 4;
    for d in s.decks.iter_mut() {
        d.hand.clear();
        d.draw.clear();
        d.reshuffle.clear();
    }
    for (i, c) in r.sc().cards.iter().enumerate() {
        if c.month < 4 {
            s.decks[c.side.index()].reshuffle.push(i as u8);
        }
    }
    let mut ev = Vec::new();
    r.begin_month(&mut s, &mut ev);
    assert!(
        s.decks[0].hand.contains(&landing),
        "White always gets the German landing in April"
    );
}

#[test]
fn s4_1_ruotsalaiset_vapaaehtoiset_example() {
    // White plays "Ruotsalaiset vapaaehtoiset" as its event: two full Civil
    // Guards enter, and the starred card leaves the game.
    let r = rules();
    let mut s = r.new_campaign(5);
    let c = card(&r, "Ruotsalaiset vapaaehtoiset");
    give(&r, &mut s, c);
    let before = s.units.iter().filter(|u| u.side == W).count();
    act(&r, &mut s, W, Action::PlayEvent { card: c });
    for _ in 0..2 {
        assert_eq!(s.phase, Phase::Place);
        let vaasa = city(&r, "vaasa");
        let pick = if choices(&r, &s, W).contains(&Action::Place { city: vaasa }) {
            vaasa
        } else {
            city(&r, "kokkola")
        };
        act(&r, &mut s, W, Action::Place { city: pick });
    }
    let after: Vec<_> = s.units.iter().filter(|u| u.side == W).collect();
    assert_eq!(after.len(), before + 2);
    assert!(
        after.iter().rev().take(2).all(|u| !u.reduced),
        "both are full strength"
    );
    assert!(
        s.decks[0].removed.contains(&c),
        "the starred card leaves the game"
    );
    assert_eq!(s.turn.side, Some(R), "then it is Red's turn");
}

#[test]
fn s4_1_tokoin_viljajuna_example_three_action_points() {
    // Red plays "Tokoin viljajuna" for 3 AP and activates Tampere (2 units),
    // Toijala (1) and Helsinki (3).
    let r = rules();
    let mut s = r.new_campaign(5);
    let c = card(&r, "Tokoin viljajuna");
    assert_eq!(r.sc().cards[c as usize].ap, 3);
    assert_eq!(units_at(&r, &s, "tampere").len(), 2);
    assert_eq!(units_at(&r, &s, "toijala").len(), 1);
    assert_eq!(units_at(&r, &s, "helsinki").len(), 3);
    turn(&mut s, R, 0);
    s.phase = Phase::PlayCard;
    give(&r, &mut s, c);
    act(&r, &mut s, R, Action::PlayPoints { card: c });
    for (name, n) in [("tampere", 2), ("toijala", 1), ("helsinki", 3)] {
        let ev = act(
            &r,
            &mut s,
            R,
            Action::Activate {
                city: city(&r, name),
            },
        );
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Activated { units, .. } if *units == n)),
            "{name}"
        );
    }
    assert!(s.units.iter().filter(|u| u.activated).count() == 6);
    assert!(
        s.decks[1].reshuffle.contains(&c),
        "a card played for points goes to the reshuffle pile"
    );
    assert_ne!(s.phase, Phase::Activate, "all three points are spent");
}

#[test]
fn s4_1_a_starred_card_played_for_points_is_reshuffled() {
    let r = rules();
    let mut s = r.new_campaign(5);
    let c = card(&r, "Ruotsalaiset vapaaehtoiset");
    give(&r, &mut s, c);
    act(&r, &mut s, W, Action::PlayPoints { card: c });
    assert!(s.decks[0].reshuffle.contains(&c));
    assert!(!s.decks[0].removed.contains(&c));
}

#[test]
fn s4_1_koulutettu_kuularuiskun_kayttaja_example() {
    // Two AP: Riihimäki (train and two Red Guards) and Toijala (two Red Guards).
    // The train goes Riihimäki → Vilppula by rail (5 MP), where two Red Guards
    // are; one Guard moves to Toijala; three Guards attack Humppila.
    let r = rules();
    let mut s = empty(&r);
    let train = put(&r, &mut s, "armoured_train", "riihimaki", false);
    let g1 = put(&r, &mut s, "red_guard", "riihimaki", false);
    put(&r, &mut s, "red_guard", "riihimaki", false);
    put(&r, &mut s, "red_guard", "toijala", false);
    put(&r, &mut s, "red_guard", "toijala", false);
    put(&r, &mut s, "red_guard", "vilppula", false);
    put(&r, &mut s, "red_guard", "vilppula", false);
    hold(&r, &mut s, R, &["hameenlinna", "tampere", "orivesi"]);
    put(&r, &mut s, "civil_guard", "humppila", false);
    turn(&mut s, R, 2);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "riihimaki"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "toijala"),
        },
    );
    assert_eq!(s.phase, Phase::Move);
    for to in ["hameenlinna", "toijala", "tampere", "orivesi", "vilppula"] {
        act(
            &r,
            &mut s,
            R,
            Action::Step {
                unit: train,
                to: city(&r, to),
            },
        );
    }
    assert_eq!(unit(&s, train).unwrap().city, city(&r, "vilppula"));
    assert_eq!(
        unit(&s, train).unwrap().mp,
        0,
        "five railway links cost its 5 MP"
    );
    for to in ["hameenlinna", "toijala"] {
        act(
            &r,
            &mut s,
            R,
            Action::Step {
                unit: g1,
                to: city(&r, to),
            },
        );
    }
    act(&r, &mut s, R, Action::DoneMoving);
    assert_eq!(units_at(&r, &s, "toijala").len(), 3);
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "humppila"),
        },
    );
    // Interchangeable units are listed once; each may be added in turn.
    let mut added = 0;
    while let Some(a) = choices(&r, &s, R)
        .into_iter()
        .find(|a| matches!(a, Action::AddAttacker { .. }))
    {
        act(&r, &mut s, R, a);
        added += 1;
    }
    assert_eq!(added, 3, "the three Guards in Toijala may attack Humppila");
}

// ------------------------------------------------------------ 2.3, 2.4

#[test]
fn s2_3_stacking_three_units_and_two_trains() {
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "armoured_train", "tampere", false);
    put(&r, &mut s, "armoured_train", "tampere", false);
    let t3 = put(&r, &mut s, "armoured_train", "toijala", false);
    assert!(
        !r.room(&s, city(&r, "tampere"), true, None),
        "no third train"
    );
    assert!(
        r.room(&s, city(&r, "tampere"), false, None),
        "a third unit that is not a train"
    );
    put(&r, &mut s, "red_guard", "tampere", false);
    assert!(
        !r.room(&s, city(&r, "tampere"), false, None),
        "no fourth unit"
    );
    // Fieldworks do not count.
    s.fieldworks.insert(city(&r, "toijala"));
    put(&r, &mut s, "red_guard", "toijala", false);
    put(&r, &mut s, "red_guard", "toijala", false);
    assert_eq!(units_at(&r, &s, "toijala").len(), 3);
    let _ = t3;
}

/// 2.3: "Vajaavahvuisten yksiköiden liikepisteet ja taisteluarvo ovat
/// pienemmät kuin vastaavan täysivahvuisen yksikön": a reduced unit has fewer
/// movement points as well as a lower combat value, the armoured train too. A
/// full train runs Riihimäki–Vilppula, five rail links, in one move (4.1's
/// example); a reduced one stops a link short.
#[test]
fn s2_3_a_reduced_armoured_train_has_fewer_movement_points() {
    let r = rules();
    let mut s = empty(&r);
    let k = r.sc().unit_by_key("armoured_train").expect("trains");
    let def = &r.sc().units[k as usize];
    assert!(def.combat(true) < def.combat(false));
    let train = put(&r, &mut s, "armoured_train", "riihimaki", true);
    let line = ["hameenlinna", "toijala", "tampere", "orivesi", "vilppula"];
    hold(&r, &mut s, R, &line);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "riihimaki"),
        },
    );
    let mp = unit(&s, train).unwrap().mp;
    assert!(
        mp < def.mp(false),
        "a reduced train has {mp} MP, a full one {}",
        def.mp(false)
    );
    assert_eq!(mp, def.mp(true));
    for to in &line[..4] {
        act(
            &r,
            &mut s,
            R,
            Action::Step {
                unit: train,
                to: city(&r, to),
            },
        );
    }
    let mut steps = Vec::new();
    r.steps_of(&s, train, &mut steps);
    assert!(
        !steps.contains(&Action::Step {
            unit: train,
            to: city(&r, "vilppula")
        }),
        "four links use up a reduced train's movement points"
    );
}

#[test]
fn s2_4_a_city_left_empty_stays_with_its_taker() {
    // Red has taken Vilppula and moves on to Pieksämäki: Vilppula stays Red.
    let r = rules();
    let mut s = empty(&r);
    let g = put(&r, &mut s, "red_guard", "vilppula", false);
    hold(&r, &mut s, W, &["haapamaki", "jyvaskyla", "pieksamaki"]);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "vilppula"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "haapamaki"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "jyvaskyla"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "pieksamaki"),
        },
    );
    assert_eq!(s.control[city(&r, "vilppula") as usize], R);
    for c in ["haapamaki", "jyvaskyla", "pieksamaki"] {
        assert_eq!(s.control[city(&r, c) as usize], R, "{c} taken on the way");
    }
}

// ------------------------------------------------------------ 4.2 movement

#[test]
fn s4_2_jager_example_jamsa_jyvaskyla_pieksamaki_mikkeli() {
    let r = rules();
    let mut s = empty(&r);
    let j = put(&r, &mut s, "jager", "jamsa", false);
    hold(&r, &mut s, W, &["jyvaskyla", "pieksamaki", "mikkeli"]);
    turn(&mut s, W, 1);
    act(
        &r,
        &mut s,
        W,
        Action::Activate {
            city: city(&r, "jamsa"),
        },
    );
    assert_eq!(unit(&s, j).unwrap().mp, 4);
    let ev = act(
        &r,
        &mut s,
        W,
        Action::Step {
            unit: j,
            to: city(&r, "jyvaskyla"),
        },
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Moved {
                cost: 2,
                mp_left: 2,
                ..
            }
        )),
        "by road: 2 MP"
    );
    let ev = act(
        &r,
        &mut s,
        W,
        Action::Step {
            unit: j,
            to: city(&r, "pieksamaki"),
        },
    );
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Moved {
                cost: 1,
                mp_left: 1,
                ..
            }
        )),
        "by rail: 1 MP"
    );
    act(
        &r,
        &mut s,
        W,
        Action::Step {
            unit: j,
            to: city(&r, "mikkeli"),
        },
    );
    assert_eq!(unit(&s, j).unwrap().city, city(&r, "mikkeli"));
}

#[test]
fn s4_2_reduced_red_guard_example_kokemaki_pori_not_ahlainen() {
    let r = rules();
    let mut s = empty(&r);
    let g = put(&r, &mut s, "red_guard", "kokemaki", true);
    hold(&r, &mut s, R, &["pori"]);
    hold(&r, &mut s, W, &["ahlainen"]);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "kokemaki"),
        },
    );
    assert_eq!(unit(&s, g).unwrap().mp, 2, "a reduced Red Guard has 2 MP");
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "pori"),
        },
    );
    let mut steps = Vec::new();
    r.steps_of(&s, g, &mut steps);
    assert!(
        !steps.contains(&Action::Step {
            unit: g,
            to: city(&r, "ahlainen")
        }),
        "the road to Ahlainen costs 2"
    );
}

#[test]
fn s4_2_passing_through_a_full_city() {
    // Toijala holds three units, Hämeenlinna two: a unit from Tampere may pass
    // through Toijala and stop in Hämeenlinna, but not stop in Toijala.
    let r = rules();
    let mut s = empty(&r);
    let g = put(&r, &mut s, "red_guard", "tampere", false);
    for _ in 0..3 {
        put(&r, &mut s, "red_guard", "toijala", false);
    }
    for _ in 0..2 {
        put(&r, &mut s, "red_guard", "hameenlinna", false);
    }
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "tampere"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "toijala"),
        },
    );
    assert!(
        !choices(&r, &s, R).contains(&Action::DoneMoving),
        "it may not stop in full Toijala"
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "hameenlinna"),
        },
    );
    assert_eq!(units_at(&r, &s, "hameenlinna").len(), 3);
}

#[test]
fn s4_2_moving_units_out_of_the_way_first() {
    // Toijala and Tampere both activated: Toijala's units leave first, then
    // Tampere's may stop in Toijala.
    let r = rules();
    let mut s = empty(&r);
    let g = put(&r, &mut s, "red_guard", "tampere", false);
    let t: Vec<_> = (0..3)
        .map(|_| put(&r, &mut s, "red_guard", "toijala", false))
        .collect();
    hold(&r, &mut s, R, &["hameenlinna"]);
    turn(&mut s, R, 2);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "tampere"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "toijala"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: t[0],
            to: city(&r, "hameenlinna"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Step {
            unit: g,
            to: city(&r, "toijala"),
        },
    );
    assert!(
        choices(&r, &s, R).contains(&Action::DoneMoving),
        "now there is room in Toijala"
    );
    // A unit whose move is over cannot move again.
    let mut steps = Vec::new();
    r.steps_of(&s, t[0], &mut steps);
    assert!(steps.is_empty());
}

#[test]
fn s4_2_never_into_enemy_units_and_trains_only_by_rail() {
    let r = rules();
    let mut s = empty(&r);
    let train = put(&r, &mut s, "armoured_train", "pori", false);
    let g = put(&r, &mut s, "red_guard", "pori", false);
    put(&r, &mut s, "civil_guard", "kokemaki", false);
    hold(&r, &mut s, W, &["ahlainen"]);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "pori"),
        },
    );
    let mut steps = Vec::new();
    r.steps_of(&s, train, &mut steps);
    assert!(
        steps.is_empty(),
        "the train's only railway leads into enemy units; Ahlainen has only a road: {steps:?}"
    );
    steps.clear();
    r.steps_of(&s, g, &mut steps);
    assert!(steps.contains(&Action::Step {
        unit: g,
        to: city(&r, "ahlainen")
    }));
    assert!(!steps.contains(&Action::Step {
        unit: g,
        to: city(&r, "kokemaki")
    }));
}

// ------------------------------------------------------------ 4.3 combat

fn attack(
    r: &veli_veljea_vastaan::VeliVeljeaVastaan,
    s: &mut veli_veljea_vastaan::State,
    side: engine::Side,
    from: &[&str],
    target: &str,
    rolls: &[u8],
) -> Vec<Event> {
    turn(s, side, from.len() as u8);
    for f in from {
        act(r, s, side, Action::Activate { city: city(r, f) });
    }
    if s.phase == Phase::Move {
        act(r, s, side, Action::DoneMoving);
    }
    act(
        r,
        s,
        side,
        Action::Declare {
            target: city(r, target),
        },
    );
    let ids: Vec<_> = s
        .units
        .iter()
        .filter(|u| u.side == side && u.activated && from.iter().any(|f| city(r, f) == u.city))
        .map(|u| u.id)
        .collect();
    for id in ids {
        if choices(r, s, side).contains(&Action::AddAttacker { unit: id }) {
            act(r, s, side, Action::AddAttacker { unit: id });
        }
    }
    dice(s, rolls);
    act(r, s, side, Action::Launch)
}

#[test]
fn s4_3_attack_and_defence_values_toijala_example() {
    // Train and two full Red Guards from Tampere, two reduced Red Guards from
    // Riihimäki: 5+2+2+1+1 = 11 against a full and a reduced Civil Guard, 2+1 = 3.
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "armoured_train", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "red_guard", "riihimaki", true);
    put(&r, &mut s, "red_guard", "riihimaki", true);
    put(&r, &mut s, "civil_guard", "toijala", false);
    put(&r, &mut s, "civil_guard", "toijala", true);
    let ev = attack(&r, &mut s, R, &["tampere", "riihimaki"], "toijala", &[4, 4]);
    let (a, d) = combat_event(&ev);
    assert_eq!(a.value, 11);
    assert_eq!(d.value, 3);
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.cause == Cause::Road && m.value == -2),
        "Riihimäki attacks along a road"
    );
}

#[test]
fn s4_3_table_example_attack_7_rolls_6_defence_4_rolls_2() {
    let r = rules();
    let sc = r.sc();
    let col = sc.attack.column_of(7);
    assert_eq!(sc.attack.cell(col, 6).hits, 3);
    let col = sc.defence.column_of(4);
    assert_eq!(sc.defence.cell(col, 2).hits, 2);
    // Off the table: the first or last column.
    assert_eq!(sc.attack.column_of(0), 0);
    assert_eq!(sc.attack.column_of(40), sc.attack.labels.len() - 1);
}

#[test]
fn s4_3_karkku_example_star_result() {
    // Tampere: train and two full Red Guards attack Karkku: a full Jäger and two
    // full Civil Guards. 9 against 8; Red rolls 6 → 4*, White rolls 3 → 3.
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "armoured_train", "tampere", false);
    let g1 = put(&r, &mut s, "red_guard", "tampere", false);
    let g2 = put(&r, &mut s, "red_guard", "tampere", false);
    let j = put(&r, &mut s, "jager", "karkku", false);
    let c1 = put(&r, &mut s, "civil_guard", "karkku", false);
    let c2 = put(&r, &mut s, "civil_guard", "karkku", false);
    let ev = attack(&r, &mut s, R, &["tampere"], "karkku", &[6, 3]);
    let (a, d) = combat_event(&ev);
    assert_eq!((a.value, a.die, a.hits, a.star), (9, 6, 4, true));
    assert_eq!((d.value, d.die, d.hits, d.star), (8, 3, 3, false));
    assert_eq!(s.phase, Phase::Losses(W));
    // The star: the first hit must fall on the Jäger. That is no choice, so
    // it is taken at once; then White picks freely.
    assert!(
        unit(&s, j).unwrap().reduced,
        "the star's hit is on the Jäger"
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Hit { unit, .. } if *unit == j))
    );
    // The reduced Jäger, and the full Civil Guards (listed once: they are alike).
    assert_eq!(
        choices(&r, &s, W),
        vec![Action::Hit { unit: j }, Action::Hit { unit: c1 }]
    );
    act(&r, &mut s, W, Action::Hit { unit: c1 });
    act(&r, &mut s, W, Action::Hit { unit: c1 });
    act(&r, &mut s, W, Action::Hit { unit: c2 });
    let left: Vec<_> = units_at(&r, &s, "karkku");
    assert_eq!(left.len(), 2);
    assert!(
        left.iter().all(|u| u.reduced),
        "a reduced Jäger and a reduced Civil Guard remain"
    );
    // Red: reduce a Guard, eliminate it, reduce the other.
    assert_eq!(s.phase, Phase::Losses(R));
    act(&r, &mut s, R, Action::Hit { unit: g1 });
    act(&r, &mut s, R, Action::Hit { unit: g1 });
    act(&r, &mut s, R, Action::Hit { unit: g2 });
    assert!(unit(&s, g1).is_none());
    assert!(unit(&s, g2).unwrap().reduced);
    // 4 − 3 = 1 more hit: the Whites must retreat from Karkku (not strategic).
    assert_eq!(s.phase, Phase::Retreat);
}

#[test]
fn s4_3_seinajoki_example_retreat_and_advance() {
    // Haapamäki: train and two full Red Guards attack Seinäjoki: two full and
    // one reduced Civil Guard. Red rolls 3 → 3 hits, White rolls 1 → 1.
    let r = rules();
    let mut s = empty(&r);
    hold(&r, &mut s, W, &["vaasa", "kauhava", "kristiinankaupunki"]);
    let train = put(&r, &mut s, "armoured_train", "haapamaki", false);
    let g1 = put(&r, &mut s, "red_guard", "haapamaki", false);
    let g2 = put(&r, &mut s, "red_guard", "haapamaki", false);
    let c1 = put(&r, &mut s, "civil_guard", "seinajoki", false);
    let c2 = put(&r, &mut s, "civil_guard", "seinajoki", false);
    put(&r, &mut s, "civil_guard", "seinajoki", true);
    let ev = attack(&r, &mut s, R, &["haapamaki"], "seinajoki", &[3, 1]);
    let (a, d) = combat_event(&ev);
    assert_eq!((a.value, a.hits), (9, 3));
    assert_eq!((d.value, d.hits), (5, 1));
    act(&r, &mut s, W, Action::Hit { unit: c1 });
    act(&r, &mut s, W, Action::Hit { unit: c1 });
    act(&r, &mut s, W, Action::Hit { unit: c2 });
    assert_eq!(
        units_at(&r, &s, "seinajoki")
            .iter()
            .filter(|u| u.reduced)
            .count(),
        2
    );
    act(&r, &mut s, R, Action::Hit { unit: g1 });
    assert!(unit(&s, g1).unwrap().reduced);
    // The Whites may retreat to Vaasa, Kauhava or Kristiinankaupunki.
    assert_eq!(s.phase, Phase::Retreat);
    let mut to: Vec<_> = choices(&r, &s, W)
        .into_iter()
        .filter_map(|a| {
            if let Action::Retreat { to, .. } = a {
                Some(to)
            } else {
                None
            }
        })
        .collect();
    to.sort();
    to.dedup();
    let mut expected = vec![
        city(&r, "vaasa"),
        city(&r, "kauhava"),
        city(&r, "kristiinankaupunki"),
    ];
    expected.sort();
    assert_eq!(to, expected);
    let first = units_at(&r, &s, "seinajoki")[0].id;
    act(
        &r,
        &mut s,
        W,
        Action::Retreat {
            unit: first,
            to: city(&r, "vaasa"),
        },
    );
    let second = units_at(&r, &s, "seinajoki")[0].id;
    act(
        &r,
        &mut s,
        W,
        Action::Retreat {
            unit: second,
            to: city(&r, "kauhava"),
        },
    );
    // Red may advance with the train and the full Guard, not the reduced one.
    assert_eq!(s.phase, Phase::Advance);
    let adv: Vec<_> = choices(&r, &s, R);
    assert!(adv.contains(&Action::Advance { unit: train }));
    assert!(adv.contains(&Action::Advance { unit: g2 }));
    assert!(!adv.contains(&Action::Advance { unit: g1 }));
    act(&r, &mut s, R, Action::Advance { unit: train });
    assert_eq!(
        s.control[city(&r, "seinajoki") as usize],
        R,
        "advancing takes the city"
    );
}

#[test]
fn s4_3_antrea_example_russian_artillery_and_eero_haapalainen() {
    // Red plays "Venäläiset tykistöjoukot auttavat punaisia": two full Red
    // Guards from Joutseno, train and two Guards from Viipuri attack Antrea
    // (two full Civil Guards): 13 against 4. Road −2, the event +2, White's
    // kept "Eero Haapalaisen juopottelu…" −3: Red's 5 becomes 2 → 2 hits.
    // White rolls 2 → 2. No retreat.
    let r = rules();
    let mut s = empty(&r);
    for _ in 0..2 {
        put(&r, &mut s, "red_guard", "joutseno", false);
    }
    put(&r, &mut s, "armoured_train", "viipuri", false);
    for _ in 0..2 {
        put(&r, &mut s, "red_guard", "viipuri", false);
    }
    for _ in 0..2 {
        put(&r, &mut s, "civil_guard", "antrea", false);
    }
    let artillery = card(&r, "Venäläiset tykistöjoukot");
    let eero = card(&r, "Eero Haapalaisen");
    keep(&r, &mut s, eero);
    give(&r, &mut s, artillery);
    turn(&mut s, R, 0);
    s.phase = Phase::PlayCard;
    act(&r, &mut s, R, Action::PlayEvent { card: artillery });
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "joutseno"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "viipuri"),
        },
    );
    assert_eq!(
        s.phase,
        Phase::Attack,
        "the event activates for an attack only"
    );
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "antrea"),
        },
    );
    for id in s
        .units
        .iter()
        .filter(|u| u.side == R)
        .map(|u| u.id)
        .collect::<Vec<_>>()
    {
        act(&r, &mut s, R, Action::AddAttacker { unit: id });
    }
    act(&r, &mut s, R, Action::Launch);
    assert_eq!(s.phase, Phase::Respond(W), "White may use its kept card");
    dice(&mut s, &[5, 2]);
    let ev = act(&r, &mut s, W, Action::UseKept { card: eero });
    let (a, d) = combat_event(&ev);
    assert_eq!(a.value, 13);
    assert_eq!(a.die, 5);
    let total: i32 = a.modifiers.iter().map(|m| m.value as i32).sum();
    assert_eq!(
        total, -3,
        "−2 road, +2 event, −3 kept card: {:?}",
        a.modifiers
    );
    assert_eq!(a.modified, 2);
    assert_eq!(a.hits, 2);
    assert_eq!((d.value, d.die, d.hits), (4, 2, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Retreats {
            required: false,
            ..
        }
    )));
    assert!(
        s.decks[0].reshuffle.contains(&eero),
        "the kept card is used up"
    );
}

#[test]
fn s4_3_fieldworks_example_tampere() {
    // Fieldworks in Tampere: an attack of 13 uses column 11–12, a defence of 7
    // column 9–11.
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "jager", "karkku", false);
    put(&r, &mut s, "jager", "karkku", false);
    put(&r, &mut s, "german", "karkku", false);
    put(&r, &mut s, "armoured_train", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    s.fieldworks.insert(city(&r, "tampere"));
    let ev = attack(&r, &mut s, W, &["karkku"], "tampere", &[3, 3]);
    let (a, d) = combat_event(&ev);
    assert_eq!(a.value, 13);
    assert_eq!(a.column_label, "11-12");
    assert_eq!(d.value, 7);
    assert_eq!(d.column_label, "9-11");
}

#[test]
fn s4_3_kristiina_example_retreated_units_defend_again() {
    // Red activates Kristiinankaupunki and Vilppula. Kristiina's Guards drive
    // the Whites from Seinäjoki to Haapamäki; there they defend, with the
    // Whites already in Haapamäki, against the Reds from Vilppula.
    let r = rules();
    let mut s = empty(&r);
    hold(&r, &mut s, W, &["vaasa", "kauhava"]);
    for _ in 0..3 {
        put(&r, &mut s, "red_guard", "kristiinankaupunki", false);
    }
    for _ in 0..3 {
        put(&r, &mut s, "red_guard", "vilppula", false);
    }
    let c = put(&r, &mut s, "civil_guard", "seinajoki", false);
    put(&r, &mut s, "civil_guard", "haapamaki", false);
    turn(&mut s, R, 2);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "kristiinankaupunki"),
        },
    );
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "vilppula"),
        },
    );
    act(&r, &mut s, R, Action::DoneMoving);
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "seinajoki"),
        },
    );
    for id in s
        .units
        .iter()
        .filter(|u| u.city == city(&r, "kristiinankaupunki"))
        .map(|u| u.id)
        .collect::<Vec<_>>()
    {
        act(&r, &mut s, R, Action::AddAttacker { unit: id });
    }
    dice(&mut s, &[2, 1]);
    act(&r, &mut s, R, Action::Launch);
    // 6 → column 5-6, die 2 → 1 hit; defence 2 → column 1-2, die 1 → 0 hits: retreat.
    assert_eq!(s.phase, Phase::Retreat);
    assert!(unit(&s, c).unwrap().reduced);
    act(
        &r,
        &mut s,
        W,
        Action::Retreat {
            unit: c,
            to: city(&r, "haapamaki"),
        },
    );
    act(&r, &mut s, R, Action::StayPut);
    assert_eq!(s.phase, Phase::Attack);
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "haapamaki"),
        },
    );
    for id in s
        .units
        .iter()
        .filter(|u| u.city == city(&r, "vilppula"))
        .map(|u| u.id)
        .collect::<Vec<_>>()
    {
        act(&r, &mut s, R, Action::AddAttacker { unit: id });
    }
    dice(&mut s, &[1, 1]);
    let ev = act(&r, &mut s, R, Action::Launch);
    let (_, d) = combat_event(&ev);
    assert_eq!(
        d.value, 3,
        "the full Guard already there (2) and the retreated reduced one (1)"
    );
}

#[test]
fn s4_3_pori_example_units_of_one_city_attack_different_targets() {
    // Pori: a train and two Red Guards. The train and one Guard attack Kokemäki
    // (railway); the other Guard attacks Ahlainen (road); the train cannot.
    let r = rules();
    let mut s = empty(&r);
    let train = put(&r, &mut s, "armoured_train", "pori", false);
    let g1 = put(&r, &mut s, "red_guard", "pori", false);
    let g2 = put(&r, &mut s, "red_guard", "pori", false);
    put(&r, &mut s, "civil_guard", "kokemaki", true);
    put(&r, &mut s, "civil_guard", "ahlainen", true);
    turn(&mut s, R, 1);
    act(
        &r,
        &mut s,
        R,
        Action::Activate {
            city: city(&r, "pori"),
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
            target: city(&r, "ahlainen"),
        },
    );
    let c = choices(&r, &s, R);
    assert!(
        !c.contains(&Action::AddAttacker { unit: train }),
        "no railway to Ahlainen"
    );
    assert!(c.contains(&Action::AddAttacker { unit: g1 }));
    act(&r, &mut s, R, Action::AddAttacker { unit: g1 });
    dice(&mut s, &[1, 1]);
    act(&r, &mut s, R, Action::Launch);
    while s.phase != Phase::Attack {
        let side = r.decider(&s).unwrap();
        let a = choices(&r, &s, side)[0].clone();
        act(&r, &mut s, side, a);
    }
    // Ahlainen cannot be attacked twice, nor can g1 attack again.
    assert!(!choices(&r, &s, R).contains(&Action::Declare {
        target: city(&r, "ahlainen")
    }));
    act(
        &r,
        &mut s,
        R,
        Action::Declare {
            target: city(&r, "kokemaki"),
        },
    );
    let c = choices(&r, &s, R);
    assert!(c.contains(&Action::AddAttacker { unit: train }));
    assert!(c.contains(&Action::AddAttacker { unit: g2 }));
    assert!(
        !c.contains(&Action::AddAttacker { unit: g1 }),
        "each unit attacks once a turn"
    );
}

#[test]
fn s4_3_strategic_cities_and_fieldworks_need_two_more_hits() {
    let r = rules();
    let mut s = empty(&r);
    for _ in 0..3 {
        put(&r, &mut s, "jager", "karkku", false);
    }
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    // 12 → column 11-12: die 4 → 3 hits; defence 4 → column 3-4: die 2 → 2 hits: one more.
    let ev = attack(&r, &mut s, W, &["karkku"], "tampere", &[4, 2]);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Retreats {
                required: false,
                difference: 1,
                needed: 2
            }
        )),
        "{ev:?}"
    );
}

#[test]
fn s4_3_surrender_when_there_is_nowhere_to_retreat() {
    // Every neighbour of Karkku is White: the two Red Guards that must retreat
    // surrender instead.
    let r = rules();
    let mut s = empty(&r);
    for c in 0..r.sc().map.cities.len() {
        s.control[c] = W;
    }
    let g1 = put(&r, &mut s, "red_guard", "karkku", false);
    let g2 = put(&r, &mut s, "red_guard", "karkku", false);
    for _ in 0..3 {
        put(&r, &mut s, "jager", "tampere", false);
    }
    // Attack 12, column 11-12, die 2: 2 hits. Defence 4, column 3-4, die 1: 1 hit.
    let mut ev = attack(&r, &mut s, W, &["tampere"], "karkku", &[2, 1]);
    // The first hit fell on one Guard (no real choice); Red puts the second on the other.
    assert_eq!(s.phase, Phase::Losses(R));
    let full = [g1, g2]
        .into_iter()
        .find(|&g| !unit(&s, g).unwrap().reduced)
        .unwrap();
    ev.extend(act(&r, &mut s, R, Action::Hit { unit: full }));
    let surrendered = ev
        .iter()
        .filter(|e| matches!(e, Event::Surrendered { .. }))
        .count();
    assert_eq!(surrendered, 2, "{ev:?}");
    assert!(units_at(&r, &s, "karkku").is_empty());
    assert_eq!(s.phase, Phase::Advance, "the empty city may be entered");
}

#[test]
fn s4_3_germans_shift_the_reds_column_and_cost_them_two() {
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "german", "karkku", false);
    let ev = attack(&r, &mut s, R, &["tampere"], "karkku", &[4, 4]);
    let (a, d) = combat_event(&ev);
    assert!(
        a.shifts
            .iter()
            .any(|m| m.cause == Cause::Germans && m.value == -1)
    );
    assert!(
        a.modifiers
            .iter()
            .any(|m| m.cause == Cause::Germans && m.value == -2)
    );
    assert_eq!(a.column as usize, r.sc().attack.column_of(4) - 1);
    assert!(d.modifiers.is_empty());
    // And Reds defending against Germans roll −2 too.
    let mut s = empty(&r);
    put(&r, &mut s, "red_guard", "tampere", false);
    put(&r, &mut s, "german", "karkku", false);
    let ev = attack(&r, &mut s, W, &["karkku"], "tampere", &[4, 4]);
    let (a, d) = combat_event(&ev);
    assert!(
        d.modifiers
            .iter()
            .any(|m| m.cause == Cause::Germans && m.value == -2)
    );
    assert!(
        a.modifiers.is_empty(),
        "no road: Karkku–Tampere is a railway"
    );
}

#[test]
fn s4_3_jagers_and_germans_cancel_the_road_penalty() {
    let r = rules();
    let mut s = empty(&r);
    // Jämsä–Jyväskylä is a road.
    put(&r, &mut s, "civil_guard", "jamsa", false);
    put(&r, &mut s, "red_guard", "jyvaskyla", false);
    let ev = attack(&r, &mut s, W, &["jamsa"], "jyvaskyla", &[4, 4]);
    assert!(
        combat_event(&ev)
            .0
            .modifiers
            .iter()
            .any(|m| m.cause == Cause::Road)
    );
    let mut s = empty(&r);
    put(&r, &mut s, "civil_guard", "jamsa", false);
    put(&r, &mut s, "jager", "pieksamaki", false);
    put(&r, &mut s, "red_guard", "jyvaskyla", false);
    let ev = attack(
        &r,
        &mut s,
        W,
        &["jamsa", "pieksamaki"],
        "jyvaskyla",
        &[4, 4],
    );
    assert!(
        combat_event(&ev).0.modifiers.is_empty(),
        "a Jäger takes part, even along the railway"
    );
}

#[test]
fn s4_3_fieldworks_are_destroyed_when_the_city_is_taken() {
    let r = rules();
    let mut s = empty(&r);
    for _ in 0..3 {
        put(&r, &mut s, "jager", "orivesi", false);
    }
    put(&r, &mut s, "red_guard", "vilppula", true);
    s.fieldworks.insert(city(&r, "vilppula"));
    hold(&r, &mut s, W, &["haapamaki", "ruovesi"]);
    // The Red Guard cannot retreat anywhere Red: it is destroyed or surrenders.
    for c in 0..r.sc().map.cities.len() {
        if s.occupant(c as u8).is_none() {
            s.control[c] = engine::Side::A;
        }
    }
    attack(&r, &mut s, W, &["orivesi"], "vilppula", &[6, 1]);
    while s.phase == Phase::Losses(W) {
        let a = choices(&r, &s, W)[0].clone();
        act(&r, &mut s, W, a);
    }
    assert_eq!(s.phase, Phase::Advance);
    let a = choices(&r, &s, W)[0].clone();
    let ev = act(&r, &mut s, W, a);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::FieldworksDestroyed { .. }))
    );
    assert!(!s.fieldworks.has(city(&r, "vilppula")));
}

// ------------------------------------------------------------ 4.4 supply

#[test]
fn s4_4_supply_example_end_of_january() {
    // With no route opened in January, the units in Varkaus, Uusikaupunki,
    // Loviisa and Kirkkonummi are reduced; Oulu's stays full (a strategic city).
    let r = rules();
    let mut s = r.new_campaign(11);
    let mut ev = Vec::new();
    r.check_supply(&mut s, &mut ev);
    for name in ["varkaus", "uusikaupunki", "loviisa", "kirkkonummi"] {
        let units = units_at(&r, &s, name);
        assert!(!units.is_empty(), "{name} has units at the start");
        assert!(units.iter().all(|u| u.reduced), "{name} is out of supply");
    }
    assert!(
        units_at(&r, &s, "oulu").iter().all(|u| !u.reduced),
        "Oulu is a supply source"
    );
    let fresh = r.new_campaign(11);
    let reduced_now: Vec<_> = s.units.iter().filter(|u| u.reduced).map(|u| u.id).collect();
    let reduced_before: Vec<_> = fresh
        .units
        .iter()
        .filter(|u| u.reduced)
        .map(|u| u.id)
        .collect();
    let newly: Vec<_> = reduced_now
        .iter()
        .filter(|id| !reduced_before.contains(id))
        .collect();
    assert_eq!(
        newly.len(),
        s.units
            .iter()
            .filter(|u| ["varkaus", "uusikaupunki", "loviisa", "kirkkonummi"]
                .iter()
                .any(|n| city(&r, n) == u.city))
            .count(),
        "no other unit is cut off"
    );
    // Empty cut-off cities change hands.
    assert_eq!(s.control[city(&r, "porvoo") as usize], R);
    assert_eq!(s.control[city(&r, "kuopio") as usize], W);
}

#[test]
fn s4_4_trains_and_germans_ignore_supply() {
    let r = rules();
    let mut s = empty(&r);
    for c in 0..r.sc().map.cities.len() {
        s.control[c] = W;
    }
    let t = put(&r, &mut s, "armoured_train", "karkku", false);
    let g = put(&r, &mut s, "red_guard", "karkku", false);
    let mut ev = Vec::new();
    r.check_supply(&mut s, &mut ev);
    assert!(!unit(&s, t).unwrap().reduced);
    assert!(unit(&s, g).unwrap().reduced);
    let mut s = empty(&r);
    for c in 0..r.sc().map.cities.len() {
        s.control[c] = R;
    }
    let ge = put(&r, &mut s, "german", "hanko", false);
    r.check_supply(&mut s, &mut ev);
    assert!(!unit(&s, ge).unwrap().reduced);
}

// ------------------------------------------------------------ 4.5 reinforcements

#[test]
fn s4_5_march_reinforcements_example() {
    // At the start of March White holds Vaasa and Oulu: 3 Jägers and 6 Civil
    // Guards. With two units already in each of Oulu and Vaasa, only one Jäger
    // fits in each; the third does not arrive.
    let r = rules();
    let mut s = empty(&r);
    for c in 0..r.sc().map.cities.len() {
        s.control[c] = if r.sc().map.cities[c].north { W } else { R };
    }
    for name in ["vaasa", "oulu"] {
        put(&r, &mut s, "civil_guard", name, false);
        put(&r, &mut s, "civil_guard", name, false);
    }
    s.month = 3;
    for d in s.decks.iter_mut() {
        d.hand.clear();
        d.draw.clear();
        d.reshuffle.clear();
    }
    for (i, c) in r.sc().cards.iter().enumerate() {
        if c.month < 3 {
            s.decks[c.side.index()].reshuffle.push(i as u8);
        }
    }
    let mut ev = Vec::new();
    r.begin_month(&mut s, &mut ev);
    let white: Vec<_> = s.placements.iter().filter(|p| p.side == W).collect();
    let jager = r.sc().unit_by_key("jager").unwrap();
    let guard = r.sc().unit_by_key("civil_guard").unwrap();
    // The first waiting unit is being placed; count it too.
    assert_eq!(
        white.iter().filter(|p| p.unit == jager).count()
            + ev.iter()
                .filter(|e| matches!(e, Event::NotPlaced { kind, .. } if *kind == jager))
                .count(),
        3
    );
    assert_eq!(white.iter().filter(|p| p.unit == guard).count(), 6);
    let mut placed_jagers = 0;
    while s.phase == Phase::Place {
        let side = r.decider(&s).unwrap();
        let p = s.placements[0];
        let cs = choices(&r, &s, side);
        let a = cs[0].clone();
        let ev = act(&r, &mut s, side, a);
        if p.unit == jager {
            placed_jagers += 1;
        }
        if ev
            .iter()
            .any(|e| matches!(e, Event::NotPlaced { kind, .. } if *kind == jager))
        {
            placed_jagers += 0;
        }
    }
    assert_eq!(
        placed_jagers, 2,
        "one Jäger in each city; the third does not come"
    );
    assert_eq!(units_at(&r, &s, "vaasa").len(), 3);
    assert_eq!(units_at(&r, &s, "oulu").len(), 3);
}

#[test]
fn s4_5_red_february_reinforcements_are_four_per_strategic_city_south_of_the_line() {
    let r = rules();
    let mut s = r.new_campaign(2);
    s.month = 2;
    let mut ev = Vec::new();
    for d in s.decks.iter_mut() {
        let hand = std::mem::take(&mut d.hand);
        d.reshuffle.extend(hand);
    }
    r.begin_month(&mut s, &mut ev);
    let red_held = r.strategic_held(&s, R);
    let guard = r.sc().unit_by_key("red_guard").unwrap();
    let waiting = s
        .placements
        .iter()
        .filter(|p| p.side == R && p.unit == guard)
        .count();
    let dropped = ev
        .iter()
        .filter(|e| matches!(e, Event::NotPlaced { kind, .. } if *kind == guard))
        .count();
    assert_eq!(waiting + dropped, 4 * red_held as usize);
    // Every Red placement choice is south of the starting line, held and in supply.
    while s.phase == Phase::Place {
        let side = r.decider(&s).unwrap();
        let p = s.placements[0];
        for a in choices(&r, &s, side) {
            if let (
                Action::Place { city },
                veli_veljea_vastaan::scenario::At::OwnSuppliedStartSide,
            ) = (a.clone(), p.at)
            {
                assert_eq!(r.sc().map.cities[city as usize].north, side == W);
                assert!(r.supplied(&s, side).has(city));
            }
        }
        let a = choices(&r, &s, side)[0].clone();
        act(&r, &mut s, side, a);
    }
}

// ------------------------------------------------------------ 5 victory

#[test]
fn s5_red_wins_holding_vaasa_at_the_end_of_a_white_turn() {
    let r = rules();
    let mut s = r.new_campaign(4);
    s.control[city(&r, "vaasa") as usize] = R;
    s.units.retain(|u| u.city != city(&r, "vaasa"));
    let card = s.decks[0].hand[0];
    act(&r, &mut s, W, Action::PlayPoints { card });
    while s.outcome.is_none() && s.turn.side == Some(W) {
        let a = choices(&r, &s, W)
            .into_iter()
            .find(|a| {
                matches!(
                    a,
                    Action::DoneActivating | Action::DoneMoving | Action::EndTurn
                )
            })
            .unwrap();
        act(&r, &mut s, W, a);
    }
    assert_eq!(s.outcome.unwrap().winner, Some(R));
}

#[test]
fn s5_white_wins_with_four_strategic_cities_at_the_end_of_a_red_turn() {
    let r = rules();
    let mut s = r.new_campaign(4);
    for c in ["helsinki", "tampere", "oulu"] {
        s.units.retain(|u| u.city != city(&r, c));
        s.control[city(&r, c) as usize] = W;
    }
    let card = s.decks[0].hand[0];
    act(&r, &mut s, W, Action::PlayPoints { card });
    while s.turn.side == Some(W) {
        let a = choices(&r, &s, W)
            .into_iter()
            .find(|a| {
                matches!(
                    a,
                    Action::DoneActivating | Action::DoneMoving | Action::EndTurn
                )
            })
            .unwrap();
        act(&r, &mut s, W, a);
    }
    assert!(s.outcome.is_none(), "White's own turn does not count");
    let card = s.decks[1].hand[0];
    act(&r, &mut s, R, Action::PlayPoints { card });
    while s.outcome.is_none() {
        let a = choices(&r, &s, R)
            .into_iter()
            .find(|a| {
                matches!(
                    a,
                    Action::DoneActivating | Action::DoneMoving | Action::EndTurn
                )
            })
            .unwrap();
        act(&r, &mut s, R, a);
    }
    assert_eq!(s.outcome.unwrap().winner, Some(W));
}

#[test]
fn s5_in_may_white_needs_all_five() {
    let r = rules();
    let mut s = r.new_campaign(4);
    s.month = 5;
    for c in ["helsinki", "tampere", "oulu"] {
        s.units.retain(|u| u.city != city(&r, c));
        s.control[city(&r, c) as usize] = W;
    }
    // Four strategic cities in May do not end the game at a Red turn's end.
    for d in s.decks.iter_mut() {
        let extra = d.hand.split_off(1);
        d.reshuffle.extend(extra);
    }
    let c2 = r
        .sc()
        .cards
        .iter()
        .position(|c| c.month == 2 && c.side == W)
        .unwrap() as u8;
    give(&r, &mut s, c2);
    s.decks[0].hand.retain(|&c| c != c2);
    s.decks[0].reshuffle.push(c2);
    while s.outcome.is_none() {
        let side = r.decider(&s).unwrap();
        let cs = choices(&r, &s, side);
        let a = cs
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::PlayPoints { .. }
                        | Action::DoneActivating
                        | Action::DoneMoving
                        | Action::EndTurn
                )
            })
            .cloned()
            .unwrap_or_else(|| cs[0].clone());
        act(&r, &mut s, side, a);
    }
    let o = s.outcome.unwrap();
    assert_eq!(o.winner, Some(R), "{}", o.reason);
    assert!(o.reason.contains("end of the campaign"));
}

#[test]
fn s4_3_the_log_shows_the_arithmetic_of_each_roll() {
    // The Antrea numbers, as the log prints them.
    let r = rules();
    let mut s = empty(&r);
    put(&r, &mut s, "jager", "orivesi", false);
    put(&r, &mut s, "jager", "orivesi", false);
    put(&r, &mut s, "german", "orivesi", false);
    put(&r, &mut s, "armoured_train", "tampere", false);
    put(&r, &mut s, "red_guard", "tampere", false);
    s.fieldworks.insert(city(&r, "tampere"));
    let ev = attack(&r, &mut s, W, &["orivesi"], "tampere", &[3, 5]);
    let combat = ev
        .iter()
        .find(|e| matches!(e, Event::Combat { .. }))
        .unwrap();
    let line = engine::Ruleset::describe_events(&r, &s, std::slice::from_ref(combat), Some(W))
        .remove(0)
        .unwrap();
    assert!(
        line.contains(
            "White attack 13, column 13-15 moved left 1 (fieldworks) to 11-12; die 3: 3 hits"
        ),
        "{line}"
    );
    assert!(line.contains("Red defence 7, column 7-8 moved right 1 (fieldworks) to 9-11; die 5 −2 Germans = 3: 3 hits"), "{line}");
}

#[test]
fn s4_3_units_from_two_cities_attack_one_target_example() {
    // Units in Tampere and in Hämeenlinna may attack Toijala together.
    let r = rules();
    let mut s = empty(&r);
    let a = put(&r, &mut s, "red_guard", "tampere", false);
    let b = put(&r, &mut s, "red_guard", "hameenlinna", false);
    put(&r, &mut s, "civil_guard", "toijala", false);
    let ev = attack(
        &r,
        &mut s,
        R,
        &["tampere", "hameenlinna"],
        "toijala",
        &[2, 2],
    );
    let attackers = ev
        .iter()
        .find_map(|e| match e {
            Event::AttackDeclared { attackers, .. } => Some(attackers.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(attackers, vec![a, b]);
    assert_eq!(combat_event(&ev).0.value, 4);
}

#[test]
fn s4_3_germans_advance_also_when_reduced() {
    let r = rules();
    let mut s = empty(&r);
    let german = put(&r, &mut s, "german", "karkku", true);
    let guard = put(&r, &mut s, "civil_guard", "karkku", true);
    put(&r, &mut s, "jager", "karkku", false);
    put(&r, &mut s, "red_guard", "tampere", true);
    hold(&r, &mut s, R, &["orivesi", "toijala", "lempaala"]);
    // Attack 3+1+4 = 8, column 7-8, die 6: 3 hits on one reduced Guard.
    // Defence 1 (with the Germans' −2 on the Red roll), die 1: 0 hits.
    attack(&r, &mut s, W, &["karkku"], "tampere", &[6, 1]);
    assert!(units_at(&r, &s, "tampere").is_empty());
    assert_eq!(s.phase, Phase::Advance);
    let c = choices(&r, &s, W);
    assert!(
        c.contains(&Action::Advance { unit: german }),
        "a reduced German may advance"
    );
    assert!(
        !c.contains(&Action::Advance { unit: guard }),
        "a reduced Civil Guard may not"
    );
}
