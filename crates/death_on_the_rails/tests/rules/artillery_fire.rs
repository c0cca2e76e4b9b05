//! 9.3 Artillery fire.

use crate::common::Table;
use death_on_the_rails::state::{Event, RemovedWhy};
use death_on_the_rails::{Action, ESTONIA, TrainPart};

fn gun_and_targets() -> (Table, u8, u8, u8) {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "a");
    let rifles = t.russian("Rifles", "c");
    let staff = t.russian("Staff", "c");
    t.russian("Rifles", "j");
    (t, gun, rifles, staff)
}

#[test]
fn artillery_fire_9_3_three_tokens_two_dice_and_ten_or_more_costs_every_unit_a_step() {
    let (mut t, gun, rifles, staff) = gun_and_targets();
    t.act(ESTONIA, Action::Artillery { unit: gun });
    t.dice(&[6, 4]);
    let ev = t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
    assert_eq!(t.s.artillery_tokens[t.area("c") as usize], 3);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ArtilleryFire {
            total: 10,
            hit: true,
            ..
        }
    )));
    assert_eq!(t.strength(rifles), 3);
    // Units with no combat value are removed.
    assert!(ev.contains(&Event::UnitRemoved {
        unit: staff,
        why: RemovedWhy::Destroyed
    }));
}

#[test]
fn artillery_fire_9_3_under_ten_does_no_harm_but_the_tokens_suppress() {
    let (mut t, gun, rifles, _) = gun_and_targets();
    t.act(ESTONIA, Action::Artillery { unit: gun });
    t.dice(&[5, 4]);
    t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
    assert_eq!(t.strength(rifles), 4);
    assert!(t.r.suppressed(&t.s, t.area("c")));
}

#[test]
fn artillery_fire_9_3_tokens_are_replenished_to_three_and_guns_fire_several_times() {
    let (mut t, gun, _, _) = gun_and_targets();
    let c = t.area("c") as usize;
    t.s.artillery_tokens[c] = 1;
    for _ in 0..2 {
        assert!(t.can(ESTONIA, Action::Artillery { unit: gun }));
        t.act(ESTONIA, Action::Artillery { unit: gun });
        t.dice(&[1, 1]);
        t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
        assert_eq!(t.s.artillery_tokens[c], 3);
    }
}

#[test]
fn artillery_fire_9_3_only_into_areas_in_line_of_sight() {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "f");
    t.russian("Rifles", "i");
    t.act(ESTONIA, Action::Artillery { unit: gun });
    let c = t.choices(ESTONIA);
    assert!(
        !c.contains(&Action::TargetArea { area: t.area("i") }),
        "behind the wood and the house"
    );
    assert!(c.contains(&Action::TargetArea { area: t.area("g") }));
}

#[test]
fn artillery_fire_9_3_at_an_armoured_train_names_the_part_and_rolls_three_dice() {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "c");
    let [_, mg] = t.train(death_on_the_rails::RUSSIA, "i");
    let rifles = t.russian("Rifles", "i");
    t.act(ESTONIA, Action::Artillery { unit: gun });
    let c = t.choices(ESTONIA);
    assert!(c.contains(&Action::TargetTrain {
        part: TrainPart::MachineGun
    }));
    assert!(!c.contains(&Action::TargetArea { area: t.area("i") }));
    t.dice(&[4, 3, 3]);
    let ev = t.act(
        ESTONIA,
        Action::TargetTrain {
            part: TrainPart::MachineGun,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ArtilleryFire {
            total: 10,
            hit: true,
            part: Some(TrainPart::MachineGun),
            ..
        }
    )));
    assert_eq!(t.strength(mg), 3);
    assert_eq!(
        t.strength(rifles),
        3,
        "the other units there lose a step too"
    );
}

#[test]
fn artillery_fire_9_3_artillery_takes_no_part_in_group_fire() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "b");
    let mate = t.estonian("Rifles", "b");
    let gun = t.estonian("Gun", "b");
    t.russian("Rifles", "c");
    t.russian("Rifles", "d");
    t.act(ESTONIA, Action::Fire { lead });
    assert!(matches!(
        t.s.phase,
        death_on_the_rails::state::Phase::Fire { .. }
    ));
    assert!(t.can(ESTONIA, Action::Support { unit: mate }));
    assert!(!t.can(ESTONIA, Action::Support { unit: gun }));
}

#[test]
fn artillery_fire_9_3_the_box_holds_thirteen_artillery_fire_tokens() {
    let (mut t, gun, rifles, _) = gun_and_targets();
    // Three each in D, E, F and G: one token is left in the box.
    for key in ["d", "e", "f", "g"] {
        let a = t.area(key) as usize;
        t.s.artillery_tokens[a] = 3;
    }
    assert_eq!(t.r.artillery_tokens_left(&t.s), 1);
    let c = t.area("c") as usize;
    t.act(ESTONIA, Action::Artillery { unit: gun });
    t.dice(&[1, 1]);
    let ev = t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
    assert!(
        ev.contains(&Event::ArtilleryTokensPlaced {
            area: t.area("c"),
            tokens: 1
        }),
        "one token left for C: {ev:?}"
    );
    assert_eq!(t.s.artillery_tokens[c], 1);
    assert_eq!(t.s.artillery_tokens.iter().sum::<u8>(), 13);
    // The box is empty: C is not topped up, but the gun still fires (the
    // dice do the harm; the tokens only suppress).
    t.act(ESTONIA, Action::Artillery { unit: gun });
    t.dice(&[1, 1]);
    t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
    assert_eq!(t.s.artillery_tokens[c], 1);
    assert!(t.can(ESTONIA, Action::Artillery { unit: gun }));
    t.act(ESTONIA, Action::Artillery { unit: gun });
    t.dice(&[6, 4]);
    let ev = t.act(ESTONIA, Action::TargetArea { area: t.area("c") });
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ArtilleryFire { hit: true, .. }))
    );
    assert_eq!(t.strength(rifles), 3, "the roll hits without tokens");
    assert_eq!(t.s.artillery_tokens.iter().sum::<u8>(), 13);
}
