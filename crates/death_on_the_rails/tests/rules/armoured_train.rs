//! 12. Armoured train.

use crate::common::Table;
use death_on_the_rails::state::{Event, Phase};
use death_on_the_rails::{Action, ESTONIA, RUSSIA, TrainPart};

#[test]
fn armoured_train_12_is_immune_to_infantry_fire() {
    let mut t = Table::strip();
    let lead = t.estonian("Rifles", "d");
    let [art, mg] = t.train(RUSSIA, "i");
    let rifles = t.russian("Rifles", "i");
    t.russian("Rifles", "e");
    t.act(ESTONIA, Action::Fire { lead });
    let c = t.choices(ESTONIA);
    assert!(c.contains(&Action::Target { unit: rifles }));
    assert!(!c.contains(&Action::Target { unit: art }));
    assert!(!c.contains(&Action::Target { unit: mg }));
}

#[test]
fn armoured_train_12_runs_along_the_railway_up_to_two_areas() {
    let mut t = Table::strip();
    let [art, _] = t.train(ESTONIA, "f");
    t.russian("Rifles", "e");
    // From F the only way is into G: the train runs there at once.
    t.act(ESTONIA, Action::MoveTrain);
    assert_eq!(t.s.area_of(art), Some(t.area("g")));
    let mut c = t.choices(ESTONIA);
    c.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        c,
        vec![
            Action::Step { to: t.area("f") },
            Action::Step { to: t.area("h") },
            Action::Stop
        ]
    );
    t.act(ESTONIA, Action::Step { to: t.area("h") });
    assert_eq!(t.s.phase, Phase::ChooseAction);
    assert_eq!(t.s.area_of(art), Some(t.area("h")));
}

#[test]
fn armoured_train_12_cannot_move_or_attack_while_an_enemy_shares_its_area() {
    let mut t = Table::strip();
    let [art, mg] = t.train(ESTONIA, "h");
    t.russian("Rifles", "h");
    t.russian("Rifles", "c");
    assert!(!t.can(ESTONIA, Action::MoveTrain));
    assert!(!t.can(ESTONIA, Action::Fire { lead: mg }));
    assert!(!t.can(ESTONIA, Action::Artillery { unit: art }));
}

#[test]
fn armoured_train_12_the_trains_artillery_may_move_and_fire_and_its_machine_gun_fires_as_m() {
    let mut t = Table::strip();
    let [art, mg] = t.train(ESTONIA, "f");
    let target = t.russian("Rifles", "a");
    t.russian("Rifles", "e");
    t.act(ESTONIA, Action::MoveTrain);
    t.act(ESTONIA, Action::Stop);
    assert!(t.has_flag(art, death_on_the_rails::state::flag::MOVED));
    assert!(t.can(ESTONIA, Action::Artillery { unit: art }));
    t.dice(&[1, 1, 1, 1, 1, 2, 2, 2, 2]);
    t.fire_at(mg, &[], target);
    assert!(
        t.can(ESTONIA, Action::Fire { lead: mg }),
        "a machine gun fires again"
    );
}

#[test]
fn armoured_train_12_explosive_charges_hit_on_five_or_six_and_sixes_cost_parts_steps() {
    let mut t = Table::strip();
    let sapper = t.estonian("Rifles", "i");
    let [art, mg] = t.train(RUSSIA, "i");
    t.russian("Rifles", "e");
    assert!(t.can(ESTONIA, Action::PlantCharges { unit: sapper }));
    t.dice(&[5, 6, 6, 2]);
    let ev = t.act(ESTONIA, Action::PlantCharges { unit: sapper });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Charges {
            hits: 3,
            total: 3,
            sixes: 2,
            immobilised: true,
            ..
        }
    )));
    // The owner chooses which part takes each of the two losses.
    assert_eq!(
        t.s.phase,
        Phase::TrainLoss {
            side: RUSSIA,
            losses: 2,
            then: death_on_the_rails::state::Resume::FinishAction
        }
    );
    t.act(
        RUSSIA,
        Action::TrainLoss {
            part: TrainPart::MachineGun,
        },
    );
    t.act(
        RUSSIA,
        Action::TrainLoss {
            part: TrainPart::Artillery,
        },
    );
    assert_eq!(t.strength(mg), 3);
    assert_eq!(
        t.strength(art),
        1,
        "strength 2, critical 1: one loss leaves it at its critical strength"
    );
}
