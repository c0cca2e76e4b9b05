//! 7. Line of sight and 8. Range, on the test strip:
//!
//! ```text
//! a b c d e    all open ground
//! f g h i j    f open, g forest, h building, i and j open
//! ```

use crate::common::Table;

#[test]
fn line_of_sight_7_blocked_by_forest_or_building_in_between_not_by_units() {
    let mut t = Table::strip();
    let map = &t.r.sc().map;
    let (a, e, f, g, h, i) = (
        t.area("a"),
        t.area("e"),
        t.area("f"),
        t.area("g"),
        t.area("h"),
        t.area("i"),
    );
    assert!(map.sees(a, e), "open ground all the way");
    assert!(!map.sees(f, i), "the wood and the house are in between");
    assert!(map.sees(f, g), "into the wood itself");
    assert!(map.sees(g, h), "from the wood into the house");
    // Units do not block: line of sight is a property of the map alone.
    let before = map.line_of_sight.clone();
    t.russian("Rifles", "c");
    assert_eq!(t.r.sc().map.line_of_sight, before);
}

#[test]
fn range_8_is_the_least_number_of_moves_between_areas() {
    let t = Table::strip();
    let map = &t.r.sc().map;
    let d = |x: &str, y: &str| map.distance(t.area(x), t.area(y));
    assert_eq!(d("a", "a"), 0);
    assert_eq!(d("a", "b"), 1);
    assert_eq!(d("a", "e"), 4);
    assert_eq!(d("a", "j"), 5);
    assert_eq!(d("f", "e"), 5);
    assert_eq!(
        d("c", "i"),
        2,
        "down and across is as short as across and down"
    );
}
