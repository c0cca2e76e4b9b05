//! Movement and Terrain Effects: a ford drawn across a stream. Where a move
//! crosses the stream at the ford it pays the ford's rate, elsewhere the
//! stream's (village: the Kshen brook and its ford).

use engine::param::{Inches, Point};
use red_actions::RedActions;
use red_actions::geometry::{PathCost, path_cost};
use red_actions::tables::Mover;

mod common;
use common::village;

fn pt(x: i32, y: i32) -> Point {
    Point {
        x: Inches(x),
        y: Inches(y),
    }
}

/// The cap of a straight move from `a` to `b` for `mover` over the
/// scenario's linear features (areas left out).
fn cap(r: &RedActions, mover: Mover, a: Point, b: Point) -> Option<u8> {
    let lines: Vec<_> = r.prep.lines[mover as usize]
        .iter()
        .map(|(l, c)| (l, *c))
        .collect();
    path_cost(&[a, b], &[], &lines).map(|c: PathCost| c.cap_quarters)
}

#[test]
fn terrain_effects_a_ford_across_a_stream_costs_the_fords_rate() {
    let r = village();
    // Across the brook at the ford (y = 23") and well away from it (10").
    let (at_ford, away) = (
        (pt(4800, 2300), pt(5300, 2300)),
        (pt(4800, 1000), pt(5300, 1000)),
    );
    // Infantry: the small stream is a 1/2 move, the ford a full one.
    assert_eq!(cap(&r, Mover::Infantry, away.0, away.1), Some(2));
    assert_eq!(cap(&r, Mover::Infantry, at_ford.0, at_ford.1), Some(4));
    // Wheeled: the small stream is full, the ford 1/2.
    assert_eq!(cap(&r, Mover::Wheeled, away.0, away.1), Some(4));
    assert_eq!(cap(&r, Mover::Wheeled, at_ford.0, at_ford.1), Some(2));
    // Armoured cars cannot cross the brook but can ford it.
    assert_eq!(cap(&r, Mover::ArmouredCar, away.0, away.1), None);
    assert_eq!(cap(&r, Mover::ArmouredCar, at_ford.0, at_ford.1), Some(2));
    // The ford's stretch is as long as the ford (4"), centred on it: 1.5"
    // up or down the brook is still the ford, 4" is the brook again.
    assert_eq!(
        cap(&r, Mover::Infantry, pt(4800, 2150), pt(5300, 2150)),
        Some(4)
    );
    assert_eq!(
        cap(&r, Mover::Infantry, pt(4800, 1900), pt(5300, 1900)),
        Some(2)
    );
    // The ford's own line is the way across, no obstacle: wheels crossing
    // it beside the brook are not slowed.
    assert_eq!(
        cap(&r, Mover::Wheeled, pt(5150, 2200), pt(5150, 2400)),
        Some(4)
    );
}
