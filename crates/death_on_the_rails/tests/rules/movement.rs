//! 6.1 Movement.

use crate::common::Table;
use death_on_the_rails::state::{Phase, Place, flag};
use death_on_the_rails::{Action, ESTONIA, RUSSIA};

#[test]
fn movement_6_1_into_open_ground_the_group_may_go_on_into_a_second_open_area() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "a");
    t.russian("Rifles", "j");
    // The only unit in A is taken along at once.
    t.act(ESTONIA, Action::Move { from: t.area("a") });
    assert!(matches!(t.s.phase, Phase::MoveGroup { group, .. } if group.contains(u)));
    t.act(ESTONIA, Action::Step { to: t.area("b") });
    assert!(matches!(t.s.phase, Phase::MoveOn { .. }));
    let c = t.choices(ESTONIA);
    assert!(c.contains(&Action::Step { to: t.area("c") }));
    assert!(c.contains(&Action::Stop));
    assert!(
        !c.contains(&Action::Step { to: t.area("g") }),
        "the wood is not open ground"
    );
    assert!(
        !c.contains(&Action::Step { to: t.area("a") }),
        "not back where it started"
    );
    t.act(ESTONIA, Action::Step { to: t.area("c") });
    t.no_reaction();
    assert_eq!(t.place(u), Place::Area(t.area("c")));
    assert!(t.has_flag(u, flag::MOVED));
    assert_eq!(t.s.phase, Phase::ChooseAction, "no third area");
}

#[test]
fn movement_6_1_entering_forest_or_a_building_ends_the_move() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "f");
    t.russian("Rifles", "e");
    t.act(ESTONIA, Action::Move { from: t.area("f") });
    t.act(ESTONIA, Action::Step { to: t.area("g") });
    t.no_reaction();
    assert_eq!(t.place(u), Place::Area(t.area("g")));
    assert_eq!(t.s.phase, Phase::ChooseAction);
}

#[test]
fn movement_6_1_some_or_all_units_of_one_area_move_together() {
    let mut t = Table::strip();
    let a = t.estonian("Rifles", "a");
    let b = t.estonian("Rifles", "a");
    let stay = t.estonian("Rifles", "a");
    t.russian("Rifles", "j");
    t.move_units(&[a, b], &["b"]);
    t.no_reaction();
    assert_eq!(t.place(a), Place::Area(t.area("b")));
    assert_eq!(t.place(b), Place::Area(t.area("b")));
    assert_eq!(t.place(stay), Place::Area(t.area("a")));
}

#[test]
fn movement_6_1_units_may_enter_but_not_move_through_an_area_with_enemy_units() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "a");
    t.russian("Rifles", "b");
    t.act(ESTONIA, Action::Move { from: t.area("a") });
    assert!(t.can(ESTONIA, Action::Step { to: t.area("b") }));
    t.act(ESTONIA, Action::Step { to: t.area("b") });
    assert_eq!(
        t.s.phase,
        Phase::ChooseAction,
        "the move ends in the enemy's area"
    );
    assert_eq!(t.place(u), Place::Area(t.area("b")));
}

/// 4 and 6.1: "Units cannot be moved through area containing enemy units".
/// The enemy's armoured train is an enemy unit too: though its parts fight no
/// melee, a unit entering its area stops there, even in open ground.
#[test]
fn movement_6_1_units_may_enter_but_not_move_through_an_area_with_only_the_enemy_train() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "d");
    t.train(RUSSIA, "i");
    t.russian("Rifles", "a");
    t.act(ESTONIA, Action::Move { from: t.area("d") });
    assert!(
        t.can(ESTONIA, Action::Step { to: t.area("i") }),
        "the train's area may be entered"
    );
    t.act(ESTONIA, Action::Step { to: t.area("i") });
    assert!(
        !matches!(t.s.phase, Phase::MoveOn { .. }),
        "the move ends in the train's area (open ground, J beyond it open too): {:?}",
        t.choices(ESTONIA)
    );
    t.no_reaction();
    assert_eq!(t.place(u), Place::Area(t.area("i")));
    assert_eq!(t.s.phase, Phase::ChooseAction);
    // Train parts fight no melee: the unit simply stands with the train,
    // which can neither move nor attack while it does (12).
    t.act(ESTONIA, Action::Pass);
    assert!(
        !t.events
            .iter()
            .any(|e| matches!(e, death_on_the_rails::Event::MeleeLosses { .. }))
    );
}

#[test]
fn movement_6_1_sleeping_units_and_train_parts_do_not_move_as_units() {
    let mut t = Table::strip();
    let sleeper = t.estonian("Rifles", "a");
    t.set_flag(sleeper, crate::common::ASLEEP);
    t.train(ESTONIA, "f");
    t.russian("Rifles", "j");
    assert!(!t.can(ESTONIA, Action::Move { from: t.area("a") }));
    assert!(
        !t.can(ESTONIA, Action::Move { from: t.area("f") }),
        "the train moves as a train"
    );
    assert!(t.can(ESTONIA, Action::MoveTrain));
}

#[test]
fn movement_9_3_artillery_cannot_move_and_fire_in_the_same_turn() {
    let mut t = Table::strip();
    let gun = t.estonian("Gun", "a");
    t.russian("Rifles", "d");
    t.russian("Rifles", "j");
    t.dice(&[1, 1]);
    t.act(ESTONIA, Action::Artillery { unit: gun });
    if let Phase::ArtilleryAim { .. } = t.s.phase {
        t.act(ESTONIA, Action::TargetArea { area: t.area("d") });
    }
    assert!(
        !t.can(ESTONIA, Action::Move { from: t.area("a") }),
        "fired, so it cannot move"
    );

    let mut t = Table::strip();
    let gun = t.estonian("Gun", "a");
    t.russian("Rifles", "d");
    t.russian("Rifles", "j");
    assert!(
        t.can(ESTONIA, Action::Artillery { unit: gun }),
        "before moving it could fire"
    );
    t.move_units(&[gun], &["b"]);
    t.no_reaction();
    assert!(
        !t.can(ESTONIA, Action::Artillery { unit: gun }),
        "moved, so it cannot fire"
    );
}
