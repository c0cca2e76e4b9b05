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

/// The game box holds 9 sabotage tokens, and sabotage places tokens from it:
/// with fewer left than the dice call for, only those are placed; with none
/// left, a sabotage attempt could place nothing and is not offered.
#[test]
fn railway_sabotage_10_the_box_holds_nine_sabotage_tokens() {
    let mut t = Table::strip();
    let u = t.estonian("Rifles", "h");
    let second = t.estonian("Rifles", "h");
    t.russian("Rifles", "e");
    // Three in F, three in G and two in I: one token is left in the box.
    for (key, n) in [("f", 3), ("g", 3), ("i", 2)] {
        let a = t.area(key) as usize;
        t.s.sabotage[a] = n;
    }
    assert_eq!(t.s.sabotage.iter().sum::<u8>(), 8);
    assert!(t.can(ESTONIA, Action::Sabotage { unit: u }));
    t.dice(&[5, 6, 5, 1]);
    let ev = t.act(ESTONIA, Action::Sabotage { unit: u });
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Sabotage {
                tokens: 1,
                total: 1,
                destroyed: false,
                ..
            }
        )),
        "three 5+ rolled, one token left: {ev:?}"
    );
    assert_eq!(t.s.sabotage[t.area("h") as usize], 1);
    assert_eq!(t.s.sabotage.iter().sum::<u8>(), 9, "all nine on the map");
    assert!(
        !t.can(ESTONIA, Action::Sabotage { unit: second }),
        "no token left in the box"
    );
}
