//! 10. Railway sabotage.

use crate::common::Table;
use death_on_the_rails::state::Event;
use death_on_the_rails::{Action, ESTONIA, RUSSIA};

#[test]
fn railway_sabotage_10_each_five_or_six_places_a_sabotage_token() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "h");
    t.russian("Rifles", "e");
    assert!(t.can(ESTONIA, Action::Sabotage { unit: u }));
    t.dice(&[5, 6, 2, 1]);
    let ev = t.act(ESTONIA, Action::Sabotage { unit: u });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Sabotage {
            tokens: 2,
            total: 2,
            destroyed: false,
            ..
        }
    )));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Rolled { .. })),
        "no defence roll"
    );
    // Only where there is railway.
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "c");
    t.russian("Rifles", "e");
    assert!(!t.can(ESTONIA, Action::Sabotage { unit: u }));
}

#[test]
fn railway_sabotage_10_three_tokens_destroy_the_railway_and_stop_trains() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "h");
    let other = t.estonian("Rifles", "a");
    t.train(RUSSIA, "i");
    t.russian("Rifles", "e");
    let h = t.area("h") as usize;
    t.s.sabotage[h] = 2;
    t.dice(&[5, 1, 1, 1]);
    let ev = t.act(ESTONIA, Action::Sabotage { unit: u });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Sabotage {
            total: 3,
            destroyed: true,
            ..
        }
    )));
    // The saboteur leaves H.
    t.set(u, death_on_the_rails::state::Place::Area(t.area("a")));
    let _ = other;
    // Russia's train at I cannot go into H any more; with J blocked by an
    // Estonian unit it cannot move at all.
    t.s.active = RUSSIA;
    t.s.initiative = -3;
    t.estonian("Rifles", "j");
    assert!(!t.can(RUSSIA, Action::MoveTrain));
    t.s.sabotage[h] = 2;
    assert!(
        t.can(RUSSIA, Action::MoveTrain),
        "two tokens do not stop it"
    );
}
