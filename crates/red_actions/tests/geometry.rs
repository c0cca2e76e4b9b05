//! The geometry of the open table (src/geometry.rs): hand-worked cases for
//! each function and property tests for the invariants the rules rely on.

use engine::param::{Degrees, Inches, Point, Pose};
use proptest::prelude::*;
use red_actions::geometry::*;

fn pt(x: i32, y: i32) -> Point {
    Point {
        x: Inches(x),
        y: Inches(y),
    }
}

fn pose(x: i32, y: i32, facing: i32) -> Pose {
    Pose {
        at: pt(x, y),
        facing: Degrees(facing),
    }
}

fn base(x: i32, y: i32, facing: i32, w: i32, d: i32) -> Base {
    Base::new(pose(x, y, facing), Inches(w), Inches(d))
}

fn square(x0: i32, y0: i32, x1: i32, y1: i32) -> Polygon {
    Polygon::new(vec![pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)])
}

// ---------------------------------------------------------------- rotation

#[test]
fn rotation_is_clockwise_with_y_south() {
    let o = pt(0, 0);
    assert_eq!(
        rotate(pt(100, 0), o, Degrees(900)),
        pt(0, 100),
        "east to south"
    );
    assert_eq!(
        rotate(pt(0, -100), o, Degrees(900)),
        pt(100, 0),
        "north to east"
    );
    assert_eq!(rotate(pt(100, 0), o, Degrees(300)), pt(87, 50));
    assert_eq!(rotate(pt(100, 0), o, Degrees(-900)), pt(0, -100));
    assert_eq!(rotate(pt(150, 30), pt(50, 30), Degrees(1800)), pt(-50, 30));
    assert_eq!(Vec2::facing(Degrees(0)), Vec2::new(0, -65536));
    assert_eq!(Vec2::facing(Degrees(900)), Vec2::new(65536, 0));
}

// ------------------------------------------------------------ bases, units

#[test]
fn a_base_has_its_corners_rounded_once() {
    let b = base(1000, 1000, 0, 118, 118);
    assert_eq!(
        b.corners(),
        [pt(941, 941), pt(1059, 941), pt(1059, 1059), pt(941, 1059)]
    );
    assert_eq!(b.front_centre(), pt(1000, 941));
    assert_eq!(b.rear_centre(), pt(1000, 1059));
    let e = base(1000, 1000, 900, 118, 200);
    assert_eq!(
        e.corners(),
        [pt(1100, 941), pt(1100, 1059), pt(900, 1059), pt(900, 941)],
        "facing east: front-left is north-east"
    );
    assert!(b.contains(pt(1059, 1000)) && !b.contains(pt(1060, 1000)));
}

#[test]
fn a_line_and_a_column_are_laid_out_from_the_middle_of_their_front() {
    let line = Formation::new(Order::Line, 4, Inches(100), Inches(50), pose(0, 0, 0));
    let centres: Vec<Point> = line.bases().iter().map(|b| b.pose.at).collect();
    assert_eq!(
        centres,
        vec![pt(-150, 25), pt(-50, 25), pt(50, 25), pt(150, 25)]
    );
    assert_eq!(
        line.outline(),
        [pt(-200, 0), pt(200, 0), pt(200, 50), pt(-200, 50)]
    );
    let col = Formation::new(Order::Column, 3, Inches(100), Inches(50), pose(0, 0, 0));
    let centres: Vec<Point> = col.bases().iter().map(|b| b.pose.at).collect();
    assert_eq!(centres, vec![pt(0, 25), pt(0, 75), pt(0, 125)]);
    assert_eq!(
        col.outline(),
        [pt(-50, 0), pt(50, 0), pt(50, 150), pt(-50, 150)]
    );
    for f in [line, col] {
        let b = f.bases();
        for w in b.windows(2) {
            assert_eq!(meet(&w[0], &w[1]), Meet::Touch, "neighbours touch");
        }
    }
}

// ------------------------------------------------- distance and overlap

#[test]
fn distance_between_bases_is_between_their_nearest_points() {
    let a = base(0, 0, 0, 100, 100);
    let b = base(300, 0, 0, 100, 100);
    assert_eq!(base_dist2(&a, &b).inches(), Inches(200));
    assert!(within(&[a], &[b], Inches::whole(2)));
    assert!(!within(&[a], &[b], Inches(199)));
    // Corner to corner: (50, 50) to (250, 350) is 360.555 hundredths.
    let c = base(300, 400, 0, 100, 100);
    let d = base_dist2(&a, &c);
    assert_eq!(d.inches(), Inches(361));
    assert!(!d.within(Inches(360)), "360.555 > 360.5");
    assert!(d.within(Inches(361)));
    assert!(!d.at_most(Inches(360)) && d.at_most(Inches(361)));
    // Touching bases are at distance zero.
    let t = base(100, 0, 0, 100, 100);
    assert!(base_dist2(&a, &t).is_zero());
    assert_eq!(meet(&a, &t), Meet::Touch);
    assert!(!overlaps(&a, &t));
}

#[test]
fn the_within_tolerance_is_half_a_hundredth() {
    let d = dist2(pt(0, 0), pt(120, 160)); // exactly 2"
    assert!(d.within(Inches::whole(2)) && !d.within(Inches(199)));
    let d = dist2(pt(0, 0), pt(0, 201)); // 2.01" > 2.005"
    assert!(!d.within(Inches::whole(2)) && d.within(Inches(201)));
    let d = dist2(pt(0, 0), pt(141, 142)); // 2.00123"
    assert!(d.within(Inches::whole(2)) && !d.within(Inches(199)));
    let d = dist2(pt(0, 0), pt(141, 143)); // 2.0083"
    assert!(!d.within(Inches::whole(2)) && d.within(Inches(201)));
    // Perpendicular to an edge: (0, 0) to the segment x = 401.
    let d = point_segment_dist2(pt(0, 0), pt(401, -1), pt(401, 1));
    assert!(d.within(Inches(401)) && !d.within(Inches(400)));
    // Slanted edge 3-4-5: (0, 0) to the line through (500, 0) and (0, 375)
    // is 500 × 375 / 625 = 300 exactly.
    let d = point_segment_dist2(pt(0, 0), pt(500, 0), pt(0, 375));
    assert!(d.within(Inches(300)) && !d.within(Inches(299)));
    assert_eq!(d.inches(), Inches(300));
}

#[test]
fn overlap_is_exact_for_turned_bases() {
    let a = base(0, 0, 0, 100, 100);
    assert!(overlaps(&a, &base(0, 0, 450, 100, 100)));
    // A diamond whose tip just reaches the square's edge: 45° turned base
    // of half-diagonal 70.71 placed so its tip is inside or outside.
    let diamond = |x| base(x, 0, 450, 100, 100);
    assert!(overlaps(&a, &diamond(110)), "tip 10 inside");
    assert_eq!(meet(&a, &diamond(130)), Meet::Apart, "tip 21 outside");
    assert!(!units_overlap(&[a], &[diamond(130)]));
    assert!(units_overlap(&[a, diamond(300)], &[diamond(110)]));
    let d = unit_dist2(
        &[a],
        &[base(500, 0, 0, 100, 100), base(0, 300, 0, 100, 100)],
    )
    .unwrap();
    assert_eq!(d.inches(), Inches(200));
    assert!(unit_dist2(&[], &[a]).is_none());
}

// --------------------------------------------------------------- terrain

#[test]
fn points_in_polygons_including_concave_ones() {
    let sq = square(0, 0, 200, 100);
    assert_eq!(locate(&sq, pt(100, 50)), Location::Inside);
    assert_eq!(locate(&sq, pt(200, 50)), Location::Boundary);
    assert_eq!(locate(&sq, pt(0, 0)), Location::Boundary);
    assert_eq!(locate(&sq, pt(201, 50)), Location::Outside);
    // An L: the notch (100..200, 100..200) is outside.
    let l = Polygon::new(vec![
        pt(0, 0),
        pt(100, 0),
        pt(100, 100),
        pt(200, 100),
        pt(200, 200),
        pt(0, 200),
    ]);
    assert_eq!(locate(&l, pt(150, 50)), Location::Outside);
    assert_eq!(locate(&l, pt(150, 150)), Location::Inside);
    assert_eq!(
        locate(&l, pt(50, 100)),
        Location::Inside,
        "level with a vertex"
    );
    assert_eq!(
        locate(&l, pt(-50, 100)),
        Location::Outside,
        "level with a vertex"
    );
    assert!(in_polygon(&l, pt(100, 50)));
}

#[test]
fn a_segment_crosses_a_polygon_in_rational_stretches() {
    let sq = square(0, 0, 200, 100);
    let s = segment_inside(pt(-100, 50), pt(300, 50), &sq);
    assert_eq!(s.len(), 1);
    assert!(s[0].0 == Rat { n: 1, d: 4 } && s[0].1 == Rat { n: 3, d: 4 });
    assert!(segment_enters(pt(-100, 50), pt(300, 50), &sq));
    assert!(
        !segment_enters(pt(-100, 0), pt(300, 0), &sq),
        "along an edge"
    );
    assert!(
        !segment_enters(pt(-100, 100), pt(100, -100), &sq),
        "through a corner"
    );
    assert!(
        segment_enters(pt(100, 50), pt(100, 50), &sq),
        "a point inside"
    );
    // In and out of the notch of a U.
    let u = Polygon::new(vec![
        pt(0, 0),
        pt(100, 0),
        pt(100, 200),
        pt(200, 200),
        pt(200, 0),
        pt(300, 0),
        pt(300, 300),
        pt(0, 300),
    ]);
    assert_eq!(segment_inside(pt(-100, 100), pt(400, 100), &u).len(), 2);
    assert_eq!(
        segment_inside(pt(-100, 200), pt(400, 200), &u).len(),
        2,
        "along the notch's floor is not inside"
    );
    assert!(segments_meet(
        pt(0, 0),
        pt(100, 100),
        pt(100, 0),
        pt(0, 100)
    ));
    assert!(segments_meet(pt(0, 0), pt(100, 0), pt(100, 0), pt(200, 50)));
    assert!(!segments_meet(
        pt(0, 0),
        pt(100, 0),
        pt(101, 0),
        pt(200, 50)
    ));
}

#[test]
fn crossing_a_hedge_means_passing_from_one_side_to_the_other() {
    let hedge = Polyline::new(vec![pt(-500, 0), pt(0, 0), pt(500, 10)]);
    assert!(
        crosses_polyline(pt(0, 100), pt(0, -100), &hedge),
        "through a joint"
    );
    assert!(crosses_polyline(pt(200, 100), pt(200, -100), &hedge));
    assert!(
        !crosses_polyline(pt(-100, 100), pt(-100, 0), &hedge),
        "arriving"
    );
    assert!(
        !crosses_polyline(pt(-100, 0), pt(-100, -100), &hedge),
        "leaving"
    );
    assert!(!crosses_polyline(pt(-400, 0), pt(-100, 0), &hedge), "along");
    assert!(
        !crosses_polyline(pt(600, 100), pt(600, -100), &hedge),
        "past its end"
    );
    let t = polyline_crossings(pt(-300, 100), pt(-300, -300), &hedge);
    assert_eq!(t.len(), 1);
    assert!(t[0] == Rat { n: 1, d: 4 });
}

#[test]
fn sight_across_woods_follows_the_four_and_two_inch_rules() {
    let wood = square(0, 0, 1000, 1000);
    let areas = [&wood];
    let r = SightRules::default();
    let los = |a, b, c| line_of_sight(a, b, &areas, &[], &r, c);
    assert!(!los(pt(-500, 500), pt(1500, 500), true), "through the wood");
    assert!(los(pt(-500, -10), pt(1500, -10), true), "past it");
    assert!(los(pt(-500, 0), pt(1500, 0), true), "along its edge");
    assert!(los(pt(100, 500), pt(-1000, 500), true), "1\" in: sees out");
    assert!(los(pt(200, 500), pt(-1000, 500), true), "2\" in: sees out");
    assert!(
        !los(pt(201, 500), pt(-1000, 500), true),
        "2.01\" in: does not"
    );
    assert!(
        los(pt(-1000, 500), pt(150, 500), true),
        "a mover 1.5\" in is seen"
    );
    assert!(!los(pt(-1000, 500), pt(150, 500), false), "stationary: not");
    assert!(!los(pt(-1000, 500), pt(300, 500), true), "3\" in: not");
    assert!(los(pt(100, 500), pt(500, 500), false), "both inside, 4\"");
    assert!(!los(pt(100, 500), pt(600, 500), true), "both inside, 5\"");
    assert!(
        los(pt(-200, 500), pt(200, 500), false),
        "close: 4\" across the edge"
    );
    // Sees out of one side, but not across the wood's far side.
    assert!(!los(pt(900, 500), pt(-1000, 500), true));
}

#[test]
fn sight_across_hedges() {
    let hedge = Polyline::new(vec![pt(0, -1000), pt(0, 1000)]);
    let r = SightRules::default();
    let los = |a, b, c| line_of_sight(a, b, &[], &[&hedge], &r, c);
    assert!(
        los(pt(-50, 0), pt(1000, 0), false),
        "behind it: sees through"
    );
    assert!(!los(pt(-500, 0), pt(1000, 0), true), "a hedge in between");
    assert!(
        los(pt(-500, 0), pt(50, 0), true),
        "a mover behind it is seen"
    );
    assert!(
        !los(pt(-500, 0), pt(50, 0), false),
        "a stationary one is not"
    );
    assert!(los(pt(-350, 0), pt(50, 0), false), "... unless within 4\"");
}

#[test]
fn path_cost_through_area_and_linear_terrain() {
    let open = path_cost(&[pt(0, 0), pt(300, 400)], &[], &[]).unwrap();
    assert_eq!(
        open,
        PathCost {
            charged: Inches(500),
            cap_quarters: 4
        }
    );
    let wood = square(500, -100, 1500, 100);
    let rough = square(750, -100, 1000, 100);
    let path = [pt(0, 0), pt(1000, 0)];
    let c = path_cost(&path, &[(&wood, AreaCost::PerInch(2))], &[]).unwrap();
    assert_eq!(c.charged, Inches(1500), "5\" open + 5\" at 2 per inch");
    let c = path_cost(
        &path,
        &[
            (&wood, AreaCost::PerInch(2)),
            (&rough, AreaCost::PerInch(4)),
        ],
        &[],
    )
    .unwrap();
    assert_eq!(
        c.charged,
        Inches(500 + 2 * 250 + 4 * 250),
        "the dearer of two"
    );
    assert!(path_cost(&path, &[(&wood, AreaCost::Impassable)], &[]).is_none());
    // Along the wood's edge is in the open.
    let c = path_cost(
        &[pt(0, 100), pt(1000, 100)],
        &[(&wood, AreaCost::PerInch(4))],
        &[],
    );
    assert_eq!(c.unwrap().charged, Inches(1000));
    // Two legs, the second over a hedge that caps the move at ½.
    let hedge = Polyline::new(vec![pt(1200, -500), pt(1200, 500)]);
    let c = path_cost(
        &[pt(0, 0), pt(1000, 0), pt(1500, 0)],
        &[],
        &[(&hedge, LineCost::Cap(2))],
    )
    .unwrap();
    assert_eq!(
        c,
        PathCost {
            charged: Inches(1500),
            cap_quarters: 2
        }
    );
    assert!(!c.fits(Inches::whole(12)) && c.fits(Inches::whole(30)));
    assert!(
        path_cost(&path, &[], &[(&hedge, LineCost::Impassable)]).is_some(),
        "not crossed"
    );
    let c = path_cost(
        &[pt(0, 0), pt(1500, 0)],
        &[],
        &[(&hedge, LineCost::Impassable)],
    );
    assert!(c.is_none());
    assert_eq!(boundary_dist2(&wood, pt(600, 0)).inches(), Inches(100));
}

// ------------------------------------------------------------- bearings

#[test]
fn fire_arcs() {
    let b = base(0, 0, 0, 100, 100); // front centre (0, -50)
    let ahead = Arc::ahead(&b, Degrees(220));
    assert!(ahead.contains(pt(0, -1050)));
    assert!(ahead.contains(pt(384, -1050)), "21.0°");
    assert!(!ahead.contains(pt(425, -1050)), "23.0°");
    assert!(!ahead.contains(pt(-425, -1050)));
    assert!(!ahead.contains(pt(0, 1000)), "behind");
    // A target whose centre is outside the arc but whose corner is in.
    let t = base(500, -1050, 0, 200, 100);
    assert!(!ahead.contains(t.pose.at) && ahead.reaches(&t));
    // A big target straddling the arc with no corner in it.
    let wide = base(0, -2000, 0, 3000, 100);
    assert!(wide.corners().iter().all(|&c| !ahead.contains(c)) && ahead.reaches(&wide));
    assert!(!ahead.reaches(&base(1000, -1050, 0, 100, 100)));
    // Tachankas fire to the rear; sponsons ±90°; turrets all round.
    let behind = Arc::behind(&b, Degrees(220));
    assert!(behind.contains(pt(0, 1000)) && !behind.contains(pt(0, -1000)));
    let sponson = Arc::ahead(&b, Degrees(900));
    assert!(sponson.contains(pt(1000, -50)) && !sponson.contains(pt(1000, -49)));
    let turret = Arc::ahead(&b, Degrees(1800));
    assert!(turret.contains(pt(0, 1000)));
    let wide_arc = Arc::ahead(&b, Degrees(1350));
    assert!(wide_arc.contains(pt(1000, 500)) && !wide_arc.contains(pt(0, 1000)));
}

#[test]
fn flank_and_rear_charges_from_base_centres() {
    // A line of two facing north: front from (-100, 0) to (100, 0), 1" deep.
    let target = Formation::new(Order::Line, 2, Inches(100), Inches(100), pose(0, 0, 0)).outline();
    assert_eq!(
        target,
        [pt(-100, 0), pt(100, 0), pt(100, 100), pt(-100, 100)]
    );
    let front = [pt(-50, -50), pt(50, -50)];
    assert_eq!(charge_aspect(&target, &front), Aspect::Front);
    let flank = [pt(150, 50), pt(150, 150), pt(250, -50)];
    assert_eq!(charge_aspect(&target, &flank), Aspect::Flank);
    let rear = [pt(-50, 150), pt(50, 150), pt(150, 150)];
    assert_eq!(charge_aspect(&target, &rear), Aspect::Rear);
    let mixed = [pt(50, 150), pt(150, 150), pt(150, -50)];
    assert_eq!(
        charge_aspect(&target, &mixed),
        Aspect::Flank,
        "2 behind, 1 in the rear zone"
    );
    let half = [pt(150, 50), pt(150, -50)];
    assert_eq!(
        charge_aspect(&target, &half),
        Aspect::Front,
        "half is not most"
    );
    assert!(
        !behind_front(&target, pt(500, 0)),
        "on the line is not behind"
    );
    assert!(
        between_sides(&target, pt(100, 500)),
        "on a side line is between"
    );
}

#[test]
fn enfilade_lies_within_eleven_degrees_of_the_front_and_rear_lines() {
    let target = Formation::new(Order::Line, 4, Inches(100), Inches(50), pose(0, 0, 0)).outline();
    assert!(in_enfilade(&target, pt(1000, 25), ENFILADE));
    assert!(in_enfilade(&target, pt(-1000, 25), ENFILADE), "either end");
    // From the far front corner (-200, 0), 1200 along: the line is at
    // y = −1200 tan 11° = −233.
    assert!(in_enfilade(&target, pt(1000, -230), ENFILADE));
    assert!(!in_enfilade(&target, pt(1000, -240), ENFILADE));
    assert!(in_enfilade(&target, pt(1000, 50 + 230), ENFILADE));
    assert!(!in_enfilade(&target, pt(1000, 50 + 240), ENFILADE));
    assert!(!in_enfilade(&target, pt(0, -1000), ENFILADE), "in front");
    assert!(
        !in_enfilade(&target, pt(150, -20), ENFILADE),
        "not past the end"
    );
    assert!(enfilades(
        &target,
        &[pt(1000, 0), pt(1000, 100), pt(0, -500)]
    ));
    assert!(!enfilades(&target, &[pt(1000, 0), pt(0, -500)]));
}

#[test]
fn in_line_means_neighbours_within_ten_degrees() {
    let b = |f| base(0, 0, f, 100, 100);
    assert!(in_line(&[b(3550), b(50), b(150)]));
    assert!(!in_line(&[b(0), b(101)]));
}

// ----------------------------------------------------------------- moves

fn line4() -> Formation {
    Formation::new(Order::Line, 4, Inches(100), Inches(50), pose(0, 0, 0))
}

#[test]
fn advance_and_incline() {
    let m = line4().advanced(Inches(300));
    assert_eq!(m.formation.front, pose(0, -300, 0));
    assert_eq!(m.charged, Inches(300));
    assert_eq!(m.formation.advanced(Inches(-300)).formation, line4());
    let i = line4().inclined(Degrees(200), Inches(1000)).unwrap();
    assert_eq!(
        i.formation.front,
        pose(342, -940, 0),
        "20° right, facing kept"
    );
    assert_eq!(i.charged, Inches(1000));
    assert!(line4().inclined(Degrees(-200), Inches(1000)).is_some());
    assert!(line4().inclined(Degrees(201), Inches(1000)).is_none());
    let bases = advance_bases(&[base(0, 0, 900, 100, 100)], Inches(250));
    assert_eq!(bases[0].pose.at, pt(250, 0));
}

#[test]
fn a_wheel_pivots_on_the_inner_front_corner_and_charges_the_outer_arc() {
    // A line of four facing north (y grows southwards), its front from
    // (−200, 0) to (200, 0). Pivoting on its left front corner it wheels
    // left: the right end swings forward (north) and it ends facing west.
    let m = line4().wheeled(Side::Left, Degrees(900)).unwrap();
    assert_eq!(m.formation.front, pose(-200, -200, 2700));
    let o = m.formation.outline();
    assert_eq!(o[0], pt(-200, 0), "pivot fixed");
    assert_eq!(o[1], pt(-200, -400), "the free end swung forward");
    assert_eq!(Side::Left.turn(Degrees(900)), Degrees(-900));
    // Farthest corner (200, 50): radius 403.11, ceil 404; 404 × π/2 → 635
    // (the true arc is 633.2).
    assert_eq!(m.charged, Inches(635));
    // On the right corner it wheels right (clockwise), the left end
    // swinging forward.
    let r = line4().wheeled(Side::Right, Degrees(450)).unwrap();
    let o = r.formation.outline();
    assert_eq!(o[1], pt(200, 0), "pivot fixed");
    assert_eq!(r.formation.front.facing, Degrees(450));
    // The half front (35, 35) rounded, four times: 3.96" from the pivot.
    assert_eq!(o[0], pt(-80, -280), "the free end ahead of the line");
    assert_eq!(Side::toward(Degrees(450)), Side::Right);
    assert_eq!(Side::toward(Degrees(-450)), Side::Left);
    assert!(line4().wheeled(Side::Left, Degrees(-10)).is_none());
    assert_eq!(arc_length(100 * 100, Degrees(1800)), Inches(315));
    assert_eq!(arc_length(0, Degrees(900)), Inches(0));
    let pts = arc_points(pt(0, 0), pt(100, 0), Degrees(900), Degrees(50));
    assert_eq!(pts.len(), 19);
    assert_eq!(*pts.last().unwrap(), pt(0, 100));
    // The arcs charged are those ahead of the line, where the free end
    // swings: a wood ahead of the right half costs, one behind does not.
    let arcs = line4().wheel_paths(Side::Left, Degrees(900));
    assert_eq!(*arcs[13].last().unwrap(), pt(-200, -400), "right end's arc");
    let open = worst_path_cost(&arcs, &[], &[]).unwrap();
    let ahead = square(0, -350, 150, -250);
    let behind = square(0, 100, 400, 300);
    let c = worst_path_cost(&arcs, &[(&ahead, AreaCost::PerInch(2))], &[]).unwrap();
    assert!(c.charged > open.charged, "{c:?} {open:?}");
    let c = worst_path_cost(&arcs, &[(&behind, AreaCost::Impassable)], &[]).unwrap();
    assert_eq!(c.charged, open.charged);
}

/// How far `p` lies behind the front line of `f` (hundredths, rounded
/// down; negative: ahead of it).
fn behind(f: &Formation, p: Point) -> i64 {
    let v = Vec2::facing(f.front.facing);
    -(v.dot(Vec2::between(f.front.at, p)) as i64).div_euclid(65536)
}

/// Movement: "Units wheeling count all elements moving at the speed of the
/// outside ones", and "units may not move backwards or sideways, other
/// than by turning": a wheel swings its free end forward about the inner
/// front corner, and what it charges is the outside corner's arc.
#[test]
fn movement_units_wheeling_count_all_elements_at_the_speed_of_the_outside_ones() {
    let f = line4();
    for (side, turn) in [(Side::Left, -450), (Side::Right, 450)] {
        let m = f.wheeled(side, Degrees(450)).unwrap();
        assert_eq!(m.formation.front.facing, Degrees(turn).normalised());
        // The outside corner (the far rear one) sweeps 404 × π/4 → 318;
        // the inner base's corners far less, yet all pay the same.
        assert_eq!(m.charged, Inches(318));
        // The free end went forward, the pivot stayed.
        let (old, new) = (f.outline(), m.formation.outline());
        let (pivot, free) = match side {
            Side::Left => (0, 1),
            Side::Right => (1, 0),
        };
        assert_eq!(new[pivot], old[pivot]);
        assert!(behind(&f, new[free]) < -250, "{side:?}: {:?}", new[free]);
    }
}

#[test]
fn turns_of_ninety_and_one_eighty_degrees() {
    let sq = Formation::new(Order::Line, 3, Inches(100), Inches(100), pose(0, 0, 0));
    let about = sq.turned(Turn::About);
    assert_eq!(about.formation.front, pose(0, 100, 1800));
    let (mut a, mut b): (Vec<_>, Vec<_>) = (
        sq.bases().iter().map(|b| b.pose.at).collect(),
        about.formation.bases().iter().map(|b| b.pose.at).collect(),
    );
    a.sort();
    b.sort();
    assert_eq!(a, b, "same footprint");
    // Half-diagonal 70.71 → 71; × π = 223.05 → 224.
    assert_eq!(about.charged, Inches(224));
    assert_eq!(about.formation.turned(Turn::About).formation, sq);
    // A line of square bases turned right is a column headed by its right
    // base, each base turned in place.
    let right = sq.turned(Turn::Right);
    assert_eq!(right.formation.order, Order::Column);
    assert_eq!(right.formation.front, pose(150, 50, 900));
    let centres: Vec<Point> = right.formation.bases().iter().map(|b| b.pose.at).collect();
    assert_eq!(centres, vec![pt(100, 50), pt(0, 50), pt(-100, 50)]);
    assert_eq!(right.charged, Inches(112), "71 × π/2 = 111.5");
    let back = right.formation.turned(Turn::Left);
    assert_eq!(back.formation, sq, "and back again");
    let col = Formation::new(Order::Column, 3, Inches(100), Inches(100), pose(0, 0, 0));
    for t in [Turn::Left, Turn::Right] {
        let m = col.turned(t);
        assert_eq!(m.formation.order, Order::Line);
        let mut a: Vec<_> = col.bases().iter().map(|b| b.pose.at).collect();
        let mut b: Vec<_> = m.formation.bases().iter().map(|b| b.pose.at).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{t:?}: each base turned in place");
        assert_eq!(m.charged, Inches(112));
    }
    // Deep bases: the column closes up on its new head and pays for it.
    let deep = Formation::new(Order::Line, 2, Inches(100), Inches(200), pose(0, 0, 0));
    let m = deep.turned(Turn::Right);
    let new = m.formation.bases();
    assert_eq!(new[0].pose.at, pt(50, 100), "the head turned in place");
    assert_eq!(new[1].pose.at, pt(-150, 100));
    assert_eq!(meet(&new[0], &new[1]), Meet::Touch);
    assert!(m.charged.0 > arc_length(100 * 100 + 50 * 50, Degrees(900)).0);
}

#[test]
fn a_unit_pays_for_its_dearest_corner() {
    let f = line4();
    let m = f.advanced(Inches(600));
    let paths = corner_paths(&f.bases(), &m.formation.bases());
    assert_eq!(paths.len(), 16);
    // A wood 1" deep across the right-hand base's path only.
    let wood = square(100, -400, 300, -300);
    let c = worst_path_cost(&paths, &[(&wood, AreaCost::PerInch(2))], &[]).unwrap();
    assert_eq!(c.charged, Inches(700), "6\" + 1\" extra in the wood");
    let hedge = Polyline::new(vec![pt(-1000, -580), pt(1000, -580)]);
    let c = worst_path_cost(&paths, &[], &[(&hedge, LineCost::Cap(1))]).unwrap();
    assert_eq!(c.cap_quarters, 1, "the front corners cross it");
    assert!(worst_path_cost(&paths, &[(&wood, AreaCost::Impassable)], &[]).is_none());
    let arcs = f.wheel_paths(Side::Left, Degrees(900));
    assert_eq!(arcs.len(), 16);
    let open = worst_path_cost(&arcs, &[], &[]).unwrap();
    let m = f.wheeled(Side::Left, Degrees(900)).unwrap();
    assert!(
        open.charged <= m.charged && open.charged.0 >= m.charged.0 - 6,
        "{open:?} {m:?}"
    );
    assert_eq!(*arcs[0].last().unwrap(), pt(-200, 0), "the pivot stays");
}

// ------------------------------------------------------------ properties

fn any_base() -> impl Strategy<Value = Base> {
    (
        -3000i32..3000,
        -3000i32..3000,
        0i32..3600,
        50i32..300,
        50i32..300,
    )
        .prop_map(|(x, y, f, w, d)| base(x, y, f, w, d))
}

fn any_formation() -> impl Strategy<Value = Formation> {
    (
        prop_oneof![Just(Order::Line), Just(Order::Column)],
        1u8..=6,
        50i32..200,
        50i32..200,
        -3000i32..3000,
        -3000i32..3000,
        0i32..3600,
    )
        .prop_map(|(o, n, w, d, x, y, f)| Formation::new(o, n, Inches(w), Inches(d), pose(x, y, f)))
}

fn len(a: Point, b: Point) -> f64 {
    let (dx, dy) = ((a.x.0 - b.x.0) as f64, (a.y.0 - b.y.0) as f64);
    (dx * dx + dy * dy).sqrt()
}

proptest! {
    /// Rounding each rotated point moves it at most 0.71 of a hundredth,
    /// and the table adds r × 2^-16: the distance to the pivot is kept
    /// within 1 hundredth, and between two rotated points within 2.
    #[test]
    fn rotation_preserves_distances(
        px in -5000i32..5000, py in -5000i32..5000,
        qx in -5000i32..5000, qy in -5000i32..5000,
        cx in -5000i32..5000, cy in -5000i32..5000,
        a in -3600i32..3600,
    ) {
        let (p, q, c) = (pt(px, py), pt(qx, qy), pt(cx, cy));
        let (rp, rq) = (rotate(p, c, Degrees(a)), rotate(q, c, Degrees(a)));
        prop_assert!((len(rp, c) - len(p, c)).abs() <= 1.0);
        prop_assert!((len(rp, rq) - len(p, q)).abs() <= 2.0);
    }

    #[test]
    fn overlap_and_distance_are_symmetric(a in any_base(), b in any_base()) {
        prop_assert_eq!(meet(&a, &b), meet(&b, &a));
        prop_assert_eq!(base_dist2(&a, &b), base_dist2(&b, &a));
        prop_assert_eq!(base_dist2(&a, &b).is_zero(), meet(&a, &b) != Meet::Apart);
    }

    #[test]
    fn near_bases_are_symmetric_too(a in any_base(), dx in -300i32..300, dy in -300i32..300, f in 0i32..3600) {
        // Close enough that overlaps and touches happen often.
        let b = base(a.pose.at.x.0 + dx, a.pose.at.y.0 + dy, f, a.width.0, a.depth.0);
        prop_assert_eq!(meet(&a, &b), meet(&b, &a));
        prop_assert_eq!(base_dist2(&a, &b).is_zero(), meet(&a, &b) != Meet::Apart);
        // A base overlapping another has a corner in it, or the other has a
        // corner in it, or their edges cross: the exact distance agrees.
        if meet(&a, &b) == Meet::Apart {
            prop_assert!(!a.corners().iter().any(|&c| b.contains(c)));
        }
    }

    #[test]
    fn advancing_then_backing_returns_exactly(f in any_formation(), d in -2000i32..2000) {
        let m = f.advanced(Inches(d));
        prop_assert_eq!(m.formation.advanced(Inches(-d)).formation, f);
        let bases = f.bases();
        let there = advance_bases(&bases, Inches(d));
        prop_assert_eq!(advance_bases(&there, Inches(-d)), bases);
        prop_assert_eq!(m.formation.bases(), there);
    }

    #[test]
    fn the_within_rule_is_the_distance_plus_half_a_hundredth(a in any_base(), b in any_base()) {
        let d = base_dist2(&a, &b);
        let shown = d.inches();
        prop_assert!(d.within(shown));
        prop_assert!(!d.within(Inches(shown.0 - 2)) || shown.0 < 2);
        let exact = {
            let (mut lo, mut hi) = (0i32, 100_000);
            while lo < hi {
                let m = (lo + hi) / 2;
                if d.within(Inches(m)) { hi = m } else { lo = m + 1 }
            }
            lo
        };
        // The smallest x with "within x" is the shown distance: between
        // integer corners no distance is ever exactly x + 0.005" (4d² is
        // never an odd square), so the two roundings agree.
        prop_assert_eq!(exact, shown.0);
        prop_assert_eq!(within(&[a], &[b], shown), true);
    }

    #[test]
    fn a_formation_touches_itself_and_never_overlaps(f in any_formation()) {
        let b = f.bases();
        for i in 0..b.len() {
            for j in i + 1..b.len() {
                let m = meet(&b[i], &b[j]);
                prop_assert!(m != Meet::Overlap);
                if j == i + 1 { prop_assert_eq!(m, Meet::Touch); }
            }
        }
        let outline = Polygon::new(f.outline().to_vec());
        for x in &b {
            for c in x.corners() {
                prop_assert!(locate(&outline, c) != Location::Outside);
            }
        }
    }

    /// The bases tile the outline exactly, so the questions about two whole
    /// units asked of their outlines give what base by base gives: the
    /// least distance, "within" and overlapping (near enough that they
    /// touch and overlap often).
    #[test]
    fn two_formations_are_asked_by_their_outlines(
        f in any_formation(),
        g in any_formation(),
        dx in -600i32..600,
        dy in -600i32..600,
        x in 0i32..400,
    ) {
        let g = Formation::new(g.order, g.count, g.width, g.depth, pose(
            f.front.at.x.0 + dx, f.front.at.y.0 + dy, g.front.facing.0,
        ));
        let (a, b) = (f.bases(), g.bases());
        prop_assert_eq!(f.dist2(&g), unit_dist2(&a, &b));
        prop_assert_eq!(f.within(&g, Inches(x)), within(&a, &b, Inches(x)));
        prop_assert_eq!(f.overlaps(&g), units_overlap(&a, &b));
    }

    #[test]
    fn wheels_keep_the_pivot_and_turns_undo(f in any_formation(), a in 0i32..=1800) {
        let l = f.wheeled(Side::Left, Degrees(a)).unwrap();
        prop_assert_eq!(l.formation.outline()[0], f.outline()[0]);
        let r = f.wheeled(Side::Right, Degrees(a)).unwrap();
        prop_assert_eq!(r.formation.outline()[1], f.outline()[1]);
        prop_assert_eq!(f.turned(Turn::About).formation.turned(Turn::About).formation, f);
        // The charge is at least what any corner travels in a straight line.
        let far = f.outline().iter().map(|&c| len(c, f.outline()[0])).fold(0.0, f64::max);
        let arc = far * (a as f64 / 10.0).to_radians();
        prop_assert!(l.charged.0 as f64 >= arc - 1e-9);
        prop_assert!((l.charged.0 as f64) < arc + 1.0 + 4.0);
    }

    /// A wheel never moves any base backward past the old front line: no
    /// corner ends farther behind it than it started (so the corners on it
    /// stay on or ahead of it), at every point on the way (within the
    /// rounding of the corners, two hundredths a base).
    #[test]
    fn a_wheel_never_moves_a_base_back_past_the_old_front_line(
        f in any_formation(),
        a in 1i32..=1800,
        left in any::<bool>(),
    ) {
        let side = if left { Side::Left } else { Side::Right };
        let slack = 2 * f.count as i64 + 2;
        let old = f.base_corners();
        for k in [a / 4, a / 2, a] {
            let m = f.wheeled(side, Degrees(k)).unwrap();
            for ((o, _), (n, _)) in old.iter().zip(m.formation.base_corners().iter()) {
                for i in 0..4 {
                    let (was, now) = (behind(&f, o[i]), behind(&f, n[i]));
                    prop_assert!(now <= was.max(0) + slack, "{side:?} {k}: corner {i} {was} → {now}");
                }
            }
            for arc in f.wheel_paths(side, Degrees(k)) {
                let was = behind(&f, arc[0]);
                for p in arc {
                    prop_assert!(behind(&f, p) <= was.max(0) + slack);
                }
            }
        }
    }
}

fn any_point(r: i32) -> impl Strategy<Value = Point> {
    (-r..=r, -r..=r).prop_map(|(x, y)| pt(x, y))
}

/// Line of sight across areas alone as the rules define it, every stretch
/// inside worked out (what `line_of_sight` answers with its shortcuts).
fn sight_by_stretches(
    from: Point,
    to: Point,
    areas: &[&Polygon],
    r: &SightRules,
    conspicuous: bool,
) -> bool {
    let l2 = {
        let (dx, dy) = ((to.x.0 - from.x.0) as i128, (to.y.0 - from.y.0) as i128);
        dx * dx + dy * dy
    };
    let at_most = |n: i128, d: i128| n * n * l2 <= (r.edge.0 as i128).pow(2) * d * d;
    if 4 * l2 <= (2 * r.close.0 as i128 + 1).pow(2) {
        return true;
    }
    for poly in areas {
        let inside = segment_inside(from, to, poly);
        if inside.is_empty() {
            continue;
        }
        let observer_in = locate(poly, from) == Location::Inside;
        let target_in = conspicuous && locate(poly, to) == Location::Inside;
        for (lo, hi) in inside {
            let sees_out = observer_in && lo == Rat::ZERO && at_most(hi.n, hi.d);
            let seen_in = target_in && hi == Rat::ONE && at_most(lo.d - lo.n, lo.d);
            if !sees_out && !seen_in {
                return false;
            }
        }
    }
    true
}

proptest! {
    /// The shortcuts of `line_of_sight` (a strict crossing with neither end
    /// inside; an end deeper inside than the edge) give what working out
    /// every stretch gives.
    #[test]
    fn sight_shortcuts_agree_with_the_stretches(
        a in any_point(2500), b in any_point(2500),
        p in any_point(1500), q in any_point(1500), r in any_point(1500),
        x0 in -1500i32..1400, y0 in -1500i32..1400, w in 1i32..1500, h in 1i32..1500,
        conspicuous in any::<bool>(),
    ) {
        let rules = SightRules::default();
        let tri = Polygon::new(vec![p, q, r]);
        let area = (q.x.0 as i64 - p.x.0 as i64) * (r.y.0 as i64 - p.y.0 as i64)
            - (q.y.0 as i64 - p.y.0 as i64) * (r.x.0 as i64 - p.x.0 as i64);
        let sq = square(x0, y0, x0 + w, y0 + h);
        let mut areas = vec![&sq];
        if area != 0 {
            areas.push(&tri);
        }
        prop_assert_eq!(
            line_of_sight(a, b, &areas, &[], &rules, conspicuous),
            sight_by_stretches(a, b, &areas, &rules, conspicuous)
        );
        // With the areas' boxes (an end outside a box is not located):
        // the same answer.
        let boxes: Vec<Bbox> = areas.iter().map(|p| Bbox::of(&p.points)).collect();
        let no_hedges: [&Polyline; 0] = [];
        prop_assert_eq!(
            line_of_sight_through(a, b, areas.iter().copied().zip(&boxes), no_hedges, &rules, conspicuous),
            line_of_sight(a, b, &areas, &[], &rules, conspicuous)
        );
    }

    /// A formation moved without turning has its bases' corners moved by
    /// the same vector, exactly (what a straight move's terrain cost
    /// takes instead of working them out again).
    #[test]
    fn corners_move_with_the_front_centre(
        f in any_formation(),
        dx in -5000i32..5000, dy in -5000i32..5000,
    ) {
        let at = pt(f.front.at.x.0 + dx, f.front.at.y.0 + dy);
        let g = Formation { front: Pose { at, facing: f.front.facing }, ..f };
        let v = Vec2::new(dx as i64, dy as i64);
        let (a, b) = (f.base_corners(), g.base_corners());
        prop_assert_eq!(a.len(), b.len());
        for ((ca, _), (cb, _)) in a.iter().zip(b.iter()) {
            for i in 0..4 {
                prop_assert_eq!(cb[i], offset(ca[i], v));
            }
        }
    }

    /// A formation's box against another box by its front centre first
    /// (`box_gap_exceeds`) is the box's gap; every corner lies within its
    /// reach of the front centre; `far_bound` is at most the boxes' gap.
    #[test]
    fn the_front_centre_bounds_the_box(
        f in any_formation(),
        g in any_formation(),
        x0 in -6000i32..6000, y0 in -6000i32..6000, w in 0i32..3000, h in 0i32..3000,
        x in -200i64..2000,
    ) {
        let b = Bbox { x0, y0, x1: x0 + w, y1: y0 + h };
        prop_assert_eq!(f.box_gap_exceeds(&b, x), f.bbox().gap(&b) > x);
        for c in f.outline() {
            prop_assert!((c.x.0 as i64 - f.front.at.x.0 as i64).abs() <= f.reach());
            prop_assert!((c.y.0 as i64 - f.front.at.y.0 as i64).abs() <= f.reach());
        }
        prop_assert!(f.far_bound(&g) <= f.bbox().gap(&g.bbox()));
    }

    /// Near the boundary by the edges' boxes first: the same answer.
    #[test]
    fn boundary_within_is_the_boundary_distance(
        p in any_point(2000), a in any_point(1500), b in any_point(1500), c in any_point(1500),
        x in -5i32..800,
    ) {
        let tri = Polygon::new(vec![a, b, c]);
        prop_assert_eq!(boundary_within(&tri, p, Inches(x)), boundary_dist2(&tri, p).at_most(Inches(x)));
    }

    /// A segment that crosses an edge of a simple polygon strictly has a
    /// stretch inside it (what sight lines take as given).
    #[test]
    fn crossing_an_edge_strictly_means_a_stretch_inside(
        a in any_point(1500), b in any_point(1500),
        p in any_point(1000), q in any_point(1000), r in any_point(1000),
        x0 in -1000i32..900, y0 in -1000i32..900, w in 1i32..600, h in 1i32..600,
    ) {
        prop_assume!(a != b);
        let tri = Polygon::new(vec![p, q, r]);
        let area = (q.x.0 as i64 - p.x.0 as i64) * (r.y.0 as i64 - p.y.0 as i64)
            - (q.y.0 as i64 - p.y.0 as i64) * (r.x.0 as i64 - p.x.0 as i64);
        for poly in [square(x0, y0, x0 + w, y0 + h), tri] {
            if poly.points.len() == 3 && area == 0 {
                continue;
            }
            if crosses_an_edge(a, b, &poly) {
                prop_assert!(!segment_inside(a, b, &poly).is_empty());
                prop_assert!(segment_enters(a, b, &poly));
            }
        }
    }

    /// The exact stretches inside a box agree with clipping in floating
    /// point (a check only: the rules never use it).
    #[test]
    fn stretches_inside_a_box_agree_with_clipping(
        a in any_point(2000), b in any_point(2000),
        x0 in -1500i32..1000, y0 in -1500i32..1000, w in 1i32..1000, h in 1i32..1000,
    ) {
        prop_assume!(a != b);
        let sq = square(x0, y0, x0 + w, y0 + h);
        let inside: f64 = segment_inside(a, b, &sq)
            .iter()
            .map(|(lo, hi)| hi.n as f64 / hi.d as f64 - lo.n as f64 / lo.d as f64)
            .sum();
        // Liang–Barsky in f64.
        let (ax, ay, dx, dy) = (a.x.0 as f64, a.y.0 as f64, (b.x.0 - a.x.0) as f64, (b.y.0 - a.y.0) as f64);
        let (mut t0, mut t1) = (0.0f64, 1.0f64);
        let mut open = true;
        for (p, q) in [(-dx, ax - x0 as f64), (dx, (x0 + w) as f64 - ax), (-dy, ay - y0 as f64), (dy, (y0 + h) as f64 - ay)] {
            if p == 0.0 {
                if q <= 0.0 { open = false; }
            } else {
                let r = q / p;
                if p < 0.0 { t0 = t0.max(r) } else { t1 = t1.min(r) }
            }
        }
        let expect = if open && t1 > t0 { t1 - t0 } else { 0.0 };
        prop_assert!((inside - expect).abs() < 1e-9, "{inside} vs {expect}");
        // The cost at 3 per inch: the open length plus twice the inside.
        let c = path_cost(&[a, b], &[(&sq, AreaCost::PerInch(3))], &[]).unwrap();
        let l = len(a, b);
        let want = l * (1.0 + 2.0 * expect);
        prop_assert!((c.charged.0 as f64 - want).abs() <= 0.5 + 1e-3, "{:?} vs {want}", c.charged);
    }

    /// Nothing overflows at the far corners of the largest table the
    /// arithmetic is sized for (debug builds check every operation).
    #[test]
    fn no_overflow_at_the_coordinate_limit(
        a in any_point(COORD_LIMIT - 1000), b in any_point(COORD_LIMIT - 1000),
        c in any_point(COORD_LIMIT - 1000), f in 0i32..3600,
    ) {
        let x = base(a.x.0, a.y.0, f, 300, 300);
        let y = base(b.x.0, b.y.0, 3599 - f, 300, 300);
        let _ = base_dist2(&x, &y).inches();
        let _ = within(&[x], &[y], Inches::whole(2));
        let tri = Polygon::new(vec![a, b, c]);
        let _ = segment_inside(a, pt(-a.x.0, -a.y.0), &tri);
        let _ = line_of_sight(a, b, &[&tri], &[&Polyline::new(vec![b, c])], &SightRules::default(), true);
        let _ = path_cost(&[a, b, c], &[(&tri, AreaCost::PerInch(4))], &[]);
        let _ = Arc::ahead(&x, Degrees(220)).reaches(&y);
        let _ = in_enfilade(&y.corners(), a, ENFILADE);
        let _ = rotate(a, b, Degrees(f));
    }
}
