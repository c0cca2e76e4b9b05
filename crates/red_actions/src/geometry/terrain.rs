//! Terrain shapes: polygons (area terrain) and polylines (linear features),
//! the crossings of a segment with them, line of sight and the cost of a
//! path.

use super::{Bbox, SqDist, Vec2, dist2};
use engine::param::{Inches, Point};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// A simple polygon (not self-intersecting), either orientation, closed
/// implicitly (the last point joins the first).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Polygon {
    pub points: Vec<Point>,
}

/// An open polyline (a hedge, a wall, a stream).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Polyline {
    pub points: Vec<Point>,
}

impl Polygon {
    pub fn new(points: Vec<Point>) -> Polygon {
        Polygon { points }
    }
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        // Each point with the next, the last with the first (no division
        // an edge).
        let p = &self.points[..];
        let n = p.len();
        (0..n).map(move |i| (p[i], p[if i + 1 == n { 0 } else { i + 1 }]))
    }
}

impl Polyline {
    pub fn new(points: Vec<Point>) -> Polyline {
        Polyline { points }
    }
    pub fn edges(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.points.windows(2).map(|w| (w[0], w[1]))
    }
}

/// Where a point lies against a polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    Inside,
    Boundary,
    Outside,
}

fn on_segment(p: Point, a: Point, b: Point) -> bool {
    let (ab, ap) = (Vec2::between(a, b), Vec2::between(a, p));
    ab.cross(ap) == 0 && ap.dot(ab) >= 0 && ap.dot(ab) <= ab.len2()
}

/// Point in polygon, exactly (crossing number with half-open edges).
pub fn locate(poly: &Polygon, p: Point) -> Location {
    locate_in(&poly.points, p)
}

/// [`locate`] in the polygon of these points (closed implicitly).
pub fn locate_in(points: &[Point], p: Point) -> Location {
    let n = points.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (points[i], points[if i + 1 == n { 0 } else { i + 1 }]);
        // An edge wholly above or below p neither holds p nor crosses
        // the horizontal through it (plain comparisons first).
        if (a.y.0 < p.y.0 && b.y.0 < p.y.0) || (a.y.0 > p.y.0 && b.y.0 > p.y.0) {
            continue;
        }
        if on_segment(p, a, b) {
            return Location::Boundary;
        }
        // Edges crossing the horizontal through p, half-open in y.
        if (a.y.0 > p.y.0) != (b.y.0 > p.y.0) {
            // The crossing lies east of p when cross(b − a, p − a) has the
            // sign of b.y − a.y (it is not zero: p is not on the edge).
            let c = Vec2::between(a, b).cross(Vec2::between(a, p));
            if (c > 0) == (b.y.0 > a.y.0) {
                inside = !inside;
            }
        }
    }
    if inside {
        Location::Inside
    } else {
        Location::Outside
    }
}

/// Whether `p` is in the polygon, its boundary included.
pub fn in_polygon(poly: &Polygon, p: Point) -> bool {
    locate(poly, p) != Location::Outside
}

/// A rational parameter along a segment, `n / d` with `d > 0`.
#[derive(Clone, Copy, Debug)]
pub struct Rat {
    pub n: i128,
    pub d: i128,
}

impl Rat {
    pub const ZERO: Rat = Rat { n: 0, d: 1 };
    pub const ONE: Rat = Rat { n: 1, d: 1 };
    fn new(n: i128, d: i128) -> Rat {
        if d < 0 {
            Rat { n: -n, d: -d }
        } else {
            Rat { n, d }
        }
    }
    /// Rounded to the nearest of `q` parts (halves away from zero).
    fn quantised(self, q: i128) -> i128 {
        super::div_round_i128(self.n * q, self.d)
    }
}

impl PartialEq for Rat {
    fn eq(&self, o: &Rat) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Rat {}
impl PartialOrd for Rat {
    fn partial_cmp(&self, o: &Rat) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Rat {
    fn cmp(&self, o: &Rat) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
}

/// The stretches of the segment `a`–`b` inside the polygon, as parameters
/// `t` in [0, 1], with the segment's line pushed an infinitesimal step to
/// one side (`push` = +1 or −1) so that every crossing is transversal.
fn intervals_pushed(a: Point, b: Point, poly: &Polygon, push: i8) -> Vec<(Rat, Rat)> {
    let d = Vec2::between(a, b);
    let raw = |v: Point| d.cross(Vec2::between(a, v)).signum() as i8;
    let side = |v: Point| {
        let s = raw(v);
        if s == 0 { push } else { s }
    };
    // The crossings: on the stack for the small polygons of the tables
    // (the same values, in the same order, as a `Vec` would hold).
    let mut small = [Rat::ZERO; 8];
    let mut spilled: Vec<Rat> = Vec::new();
    let mut count = 0;
    let l2 = d.len2();
    for (u, v) in poly.edges() {
        if side(u) == side(v) {
            continue;
        }
        let t = if raw(u) == 0 {
            Rat::new(d.dot(Vec2::between(a, u)), l2)
        } else if raw(v) == 0 {
            Rat::new(d.dot(Vec2::between(a, v)), l2)
        } else {
            let e = Vec2::between(u, v);
            Rat::new(Vec2::between(a, u).cross(e), d.cross(e))
        };
        if count < small.len() {
            small[count] = t;
        } else {
            if spilled.is_empty() {
                spilled.extend_from_slice(&small);
            }
            spilled.push(t);
        }
        count += 1;
    }
    let ts: &mut [Rat] = if count <= small.len() {
        &mut small[..count]
    } else {
        &mut spilled
    };
    ts.sort();
    ts.chunks(2)
        .filter(|c| c.len() == 2)
        .filter_map(|c| {
            let lo = c[0].max(Rat::ZERO);
            let hi = c[1].min(Rat::ONE);
            (lo < hi).then_some((lo, hi))
        })
        .collect()
}

fn intersect(x: &[(Rat, Rat)], y: &[(Rat, Rat)]) -> Vec<(Rat, Rat)> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < x.len() && j < y.len() {
        let lo = x[i].0.max(y[j].0);
        let hi = x[i].1.min(y[j].1);
        if lo < hi {
            out.push((lo, hi));
        }
        if x[i].1 < y[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// The stretches of the segment `a`–`b` inside the polygon's open interior,
/// as sorted parameter intervals of positive length within [0, 1]: a
/// segment that runs along an edge or through a corner only is not inside.
/// Exact (rational parameters).
pub fn segment_inside(a: Point, b: Point, poly: &Polygon) -> Vec<(Rat, Rat)> {
    if a == b || poly.points.len() < 3 {
        return Vec::new();
    }
    // A segment that meets no edge lies wholly outside or wholly inside
    // (the pushed lines below find the same: nothing, or all of it).
    match leg_in(a, b, poly) {
        LegIn::Outside => Vec::new(),
        LegIn::Inside => vec![(Rat::ZERO, Rat::ONE)],
        LegIn::Crosses => segment_inside_crossing(a, b, poly),
    }
}

/// [`segment_inside`] of a segment (`a` ≠ `b`) that meets the boundary
/// ([`leg_in`] said `Crosses`; not asked again).
fn segment_inside_crossing(a: Point, b: Point, poly: &Polygon) -> Vec<(Rat, Rat)> {
    // With no corner on the segment's line the two pushed lines cross the
    // same edges at the same points: both give the same sorted, disjoint
    // stretches, and their intersection is those stretches.
    let d = Vec2::between(a, b);
    if poly
        .points
        .iter()
        .all(|&v| d.cross(Vec2::between(a, v)) != 0)
    {
        return intervals_pushed(a, b, poly, 1);
    }
    intersect(
        &intervals_pushed(a, b, poly, 1),
        &intervals_pushed(a, b, poly, -1),
    )
}

/// Where a segment lies against a polygon, when that is simple.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LegIn {
    /// Wholly outside (not even touching the boundary).
    Outside,
    /// Wholly in the open interior.
    Inside,
    /// Meeting the boundary somewhere.
    Crosses,
}

/// A segment (`a` ≠ `b`) that meets no edge lies wholly outside or wholly
/// inside: [`segment_inside`] finds nothing, or all of it.
fn leg_in(a: Point, b: Point, poly: &Polygon) -> LegIn {
    let sb = Bbox::of(&[a, b]);
    if poly.edges().any(|(c, d)| {
        // The edge's box meets the segment's (plain comparisons first).
        c.x.0.max(d.x.0) >= sb.x0
            && c.x.0.min(d.x.0) <= sb.x1
            && c.y.0.max(d.y.0) >= sb.y0
            && c.y.0.min(d.y.0) <= sb.y1
            && segments_meet(a, b, c, d)
    }) {
        LegIn::Crosses
    } else if locate(poly, a) == Location::Inside {
        LegIn::Inside
    } else {
        LegIn::Outside
    }
}

/// Whether the segment `a`–`b` passes through the polygon's interior (any
/// stretch of positive length).
pub fn segment_enters(a: Point, b: Point, poly: &Polygon) -> bool {
    if a == b {
        return locate(poly, a) == Location::Inside;
    }
    crosses_an_edge(a, b, poly) || !segment_inside(a, b, poly).is_empty()
}

/// Whether the segment `a`–`b` crosses an edge of the polygon strictly:
/// the ends of each on opposite sides of the other's line (so not at a
/// corner, nor along the edge). Then, the polygon being simple, one side
/// of the edge is inside where they cross: the segment has a stretch
/// inside ([`segment_inside`] is not empty).
pub fn crosses_an_edge(a: Point, b: Point, poly: &Polygon) -> bool {
    let sb = Bbox::of(&[a, b]);
    let o = |p: Point, q: Point, r: Point| Vec2::between(p, q).cross(Vec2::between(p, r)).signum();
    poly.edges().any(|(c, d)| {
        c.x.0.max(d.x.0) >= sb.x0
            && c.x.0.min(d.x.0) <= sb.x1
            && c.y.0.max(d.y.0) >= sb.y0
            && c.y.0.min(d.y.0) <= sb.y1
            && o(a, b, c) * o(a, b, d) < 0
            && o(c, d, a) * o(c, d, b) < 0
    })
}

/// Whether the segments `a`–`b` and `c`–`d` share a point (closed).
pub fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let o = |p: Point, q: Point, r: Point| Vec2::between(p, q).cross(Vec2::between(p, r)).signum();
    let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && on_segment(c, a, b))
        || (o2 == 0 && on_segment(d, a, b))
        || (o3 == 0 && on_segment(a, c, d))
        || (o4 == 0 && on_segment(b, c, d))
}

/// Whether the move `a`→`b` crosses the edge `c`–`d`: `a` and `b` strictly
/// on opposite sides of its line and the crossing on the edge (its ends
/// included). Arriving on an obstacle, leaving from it or moving along it
/// is not crossing it. Returns the crossing's parameter along `a`–`b`.
pub fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<Rat> {
    let e = Vec2::between(c, d);
    let (sa, sb) = (
        e.cross(Vec2::between(c, a)).signum(),
        e.cross(Vec2::between(c, b)).signum(),
    );
    if sa == 0 || sb == 0 || sa == sb {
        return None;
    }
    let ab = Vec2::between(a, b);
    let (sc, sd) = (
        ab.cross(Vec2::between(a, c)).signum(),
        ab.cross(Vec2::between(a, d)).signum(),
    );
    if sc * sd > 0 {
        return None;
    }
    Some(Rat::new(Vec2::between(a, c).cross(e), ab.cross(e)))
}

/// The crossings of the move `a`→`b` with a polyline, as parameters along
/// the move, sorted (see [`crossing`]).
pub fn polyline_crossings(a: Point, b: Point, line: &Polyline) -> Vec<Rat> {
    let mut ts: Vec<Rat> = line
        .edges()
        .filter_map(|(c, d)| crossing(a, b, c, d))
        .collect();
    ts.sort();
    ts
}

/// Whether the move `a`→`b` crosses the polyline.
pub fn crosses_polyline(a: Point, b: Point, line: &Polyline) -> bool {
    line.edges().any(|(c, d)| crossing(a, b, c, d).is_some())
}

/// Whether the stretch of `a`–`b` from parameter 0 to `t` (or from `t` to
/// 1 when `from_end`) is at most `x` long.
fn stretch_at_most(a: Point, b: Point, t: Rat, from_end: bool, x: Inches) -> bool {
    let l2 = Vec2::between(a, b).len2();
    let n = if from_end { t.d - t.n } else { t.n };
    // (n/d)² · l2 ≤ x²
    x.0 >= 0 && n * n * l2 <= (x.0 as i128).pow(2) * t.d * t.d
}

/// The rules of sight that take distances (§3 Visibility, DD in the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SightRules {
    /// Within this nothing on the ground blocks sight (4": inside woods and
    /// towns, behind hedges).
    pub close: Inches,
    /// How far into a sight-blocking area one sees out of it, or is seen
    /// into it (2").
    pub edge: Inches,
    /// How near a hedge must be to count as "behind" it.
    pub hedge_near: Inches,
}

impl Default for SightRules {
    fn default() -> SightRules {
        SightRules {
            close: Inches::whole(4),
            edge: Inches::whole(2),
            hedge_near: Inches::whole(1),
        }
    }
}

/// Line of sight from `from` to `to` across sight-blocking areas (woods,
/// towns, scrub) and hedges. `conspicuous`: the target may be seen at the
/// edge of cover (not stationary infantry or unlimbered guns). Within
/// `close` (with the 0.005" tolerance) sight is never blocked. Hills are not
/// modelled here yet.
pub fn line_of_sight(
    from: Point,
    to: Point,
    areas: &[&Polygon],
    hedges: &[&Polyline],
    rules: &SightRules,
    conspicuous: bool,
) -> bool {
    line_of_sight_through(
        from,
        to,
        areas.iter().copied(),
        hedges.iter().copied(),
        rules,
        conspicuous,
    )
}

/// A sight-blocking area as [`line_of_sight_through`] takes it: the
/// polygon alone, or with its bounding box (then a point outside the box
/// is known to be outside without locating it).
pub trait SightArea<'a>: Copy {
    fn polygon(self) -> &'a Polygon;
    /// False only when `p` is certainly outside the polygon.
    fn may_hold(self, p: Point) -> bool;
}

impl<'a> SightArea<'a> for &'a Polygon {
    fn polygon(self) -> &'a Polygon {
        self
    }
    fn may_hold(self, _: Point) -> bool {
        true
    }
}

impl<'a> SightArea<'a> for (&'a Polygon, &'a Bbox) {
    fn polygon(self) -> &'a Polygon {
        self.0
    }
    fn may_hold(self, p: Point) -> bool {
        let b = self.1;
        b.x0 <= p.x.0 && p.x.0 <= b.x1 && b.y0 <= p.y.0 && p.y.0 <= b.y1
    }
}

/// [`line_of_sight`] across the areas and hedges as they come (no list
/// of them made for each line).
pub fn line_of_sight_through<'a, A: SightArea<'a>>(
    from: Point,
    to: Point,
    areas: impl IntoIterator<Item = A>,
    hedges: impl IntoIterator<Item = &'a Polyline>,
    rules: &SightRules,
    conspicuous: bool,
) -> bool {
    if dist2(from, to).within(rules.close) {
        return true;
    }
    for area in areas {
        let poly = area.polygon();
        // A point outside the area's box (when it is known) is outside it.
        let observer_in = area.may_hold(from) && locate(poly, from) == Location::Inside;
        let target_in = conspicuous && area.may_hold(to) && locate(poly, to) == Location::Inside;
        // Where the target is not seen into the area, some answers need no
        // stretches worked out (the loop below would find them so):
        if !target_in {
            // with neither end inside, any stretch inside blocks, and a
            // line crossing an edge strictly has one (the polygon is
            // simple: one side of the edge is inside there);
            if !observer_in && crosses_an_edge(from, to, poly) {
                return false;
            }
            // from inside, the stretch from the observer blocks unless it
            // leaves within `edge`, and it leaves on the boundary, no
            // nearer than the boundary's nearest point.
            if observer_in && !boundary_within(poly, from, rules.edge) {
                return false;
            }
        } else if !observer_in && !boundary_within(poly, to, rules.edge) {
            // The same into the area: the stretch to the target blocks
            // unless it enters within `edge` of it.
            return false;
        }
        let inside = segment_inside(from, to, poly);
        if inside.is_empty() {
            continue;
        }
        for (lo, hi) in inside {
            let sees_out =
                observer_in && lo == Rat::ZERO && stretch_at_most(from, to, hi, false, rules.edge);
            let seen_in = conspicuous
                && target_in
                && hi == Rat::ONE
                && stretch_at_most(from, to, lo, true, rules.edge);
            if !sees_out && !seen_in {
                return false;
            }
        }
    }
    for line in hedges {
        for t in polyline_crossings(from, to, line) {
            let near_observer = stretch_at_most(from, to, t, false, rules.hedge_near);
            let near_target = conspicuous && stretch_at_most(from, to, t, true, rules.hedge_near);
            if !near_observer && !near_target {
                return false;
            }
        }
    }
    true
}

/// What area terrain does to movement for one kind of troops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AreaCost {
    /// Each inch inside costs this many inches (1 open, 2 for a ½ move, 4
    /// for a ¼ move).
    PerInch(u8),
    Impassable,
}

/// What a linear feature does to a move that crosses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineCost {
    /// The whole move is capped at this many quarters of the speed (4: no
    /// effect, 2: ½ move, 1: ¼ move).
    Cap(u8),
    Impassable,
}

/// The cost of a path: its length weighted by area terrain, and the
/// tightest cap of the linear features it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathCost {
    /// Σ length × cost per inch, rounded to the nearest hundredth.
    pub charged: Inches,
    /// Quarters of the speed the move may use (4 when nothing caps it).
    pub cap_quarters: u8,
}

impl PathCost {
    pub const FREE: PathCost = PathCost {
        charged: Inches::ZERO,
        cap_quarters: 4,
    };
    /// Whether the path fits a move of `speed`: charged ≤ speed × cap.
    pub fn fits(&self, speed: Inches) -> bool {
        self.charged.0 as i64 * 4 <= speed.0 as i64 * self.cap_quarters as i64
    }
    /// Two legs of one move: charges add, caps take the tighter.
    pub fn then(self, o: PathCost) -> PathCost {
        PathCost {
            charged: Inches(self.charged.0 + o.charged.0),
            cap_quarters: self.cap_quarters.min(o.cap_quarters),
        }
    }
}

/// The parts of a segment the area-terrain costs are counted in.
const QUANTUM: i128 = 1 << 24;

/// The cost of a path with each terrain piece's bounding box worked out
/// beforehand (see [`path_cost`]): a leg whose box misses a piece's box
/// cannot enter or cross it, and a leg that enters no area costs its
/// length rounded to the nearest hundredth without the quantised sums.
pub fn path_cost_boxed(
    path: &[Point],
    areas: &[(&Polygon, AreaCost, Bbox)],
    lines: &[(&Polyline, LineCost, Bbox)],
) -> Option<PathCost> {
    let mut total = PathCost::FREE;
    // Kept across the legs (cleared for each): no allocation a leg.
    let mut spans: Vec<(i128, i128, u8)> = Vec::new();
    let mut cuts: Vec<i128> = Vec::new();
    for leg in path.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let lb = Bbox::of(&[a, b]);
        let mut cap = 4u8;
        for (line, cost, bb) in lines {
            if lb.meets(bb) && crosses_polyline(a, b, line) {
                match cost {
                    LineCost::Impassable => return None,
                    LineCost::Cap(q) => cap = cap.min(*q),
                }
            }
        }
        // Quantised inside stretches per area; `whole`: the dearest area
        // the whole leg is inside.
        spans.clear();
        let mut whole: Option<u8> = None;
        for (poly, cost, bb) in areas {
            if !lb.meets(bb) || a == b || poly.points.len() < 3 {
                continue;
            }
            match leg_in(a, b, poly) {
                LegIn::Outside => continue,
                LegIn::Inside => {
                    match cost {
                        AreaCost::Impassable => return None,
                        AreaCost::PerInch(m) => whole = Some(whole.map_or(*m, |w| w.max(*m))),
                    }
                    continue;
                }
                LegIn::Crosses => {}
            }
            let inside = segment_inside_crossing(a, b, poly);
            if inside.is_empty() {
                continue;
            }
            let m = match cost {
                AreaCost::Impassable => return None,
                AreaCost::PerInch(m) => *m,
            };
            for (lo, hi) in inside {
                spans.push((lo.quantised(QUANTUM), hi.quantised(QUANTUM), m));
            }
        }
        let l2 = Vec2::between(a, b).len2() as u128;
        if let Some(m) = whole {
            // The whole leg inside an area: its span covers the leg.
            spans.push((0, QUANTUM, m));
        }
        let charged = if spans.iter().all(|s| s.0 == 0 && s.1 == QUANTUM) {
            // The whole leg at one multiplier m (1 in the open): the
            // weight is m × QUANTUM and the formula below reduces to
            // ⌊m √l2 + ½⌋ = ⌊√(m² l2) + ½⌋.
            let m = spans.iter().map(|s| s.2 as u128).max().unwrap_or(1);
            round_sqrt(m * m * l2)
        } else {
            cuts.clear();
            cuts.extend([0, QUANTUM]);
            for s in &spans {
                cuts.push(s.0);
                cuts.push(s.1);
            }
            cuts.sort_unstable();
            cuts.dedup();
            let mut weight: i128 = 0;
            for w in cuts.windows(2) {
                let m = spans
                    .iter()
                    .filter(|s| s.0 <= w[0] && w[1] <= s.1)
                    .map(|s| s.2 as i128)
                    .max()
                    .unwrap_or(1);
                weight += m * (w[1] - w[0]);
            }
            let w = weight as u128;
            // round(sqrt(l2 w²) / Q) = floor((floor(2 sqrt(l2 w²)) + Q) / 2Q).
            let q = QUANTUM as u128;
            ((4 * l2 * w * w).isqrt() + q) / (2 * q)
        };
        total = total.then(PathCost {
            charged: Inches(charged as i32),
            cap_quarters: cap,
        });
    }
    Some(total)
}

/// ⌊√n + ½⌋: the square root rounded to the nearest (halves up), what
/// [`path_cost`]'s formula gives for a leg in the open.
pub fn round_sqrt(n: u128) -> u128 {
    let r = match u64::try_from(n) {
        Ok(small) => small.isqrt() as u128,
        Err(_) => n.isqrt(),
    };
    // √n ≥ r + ½ ⇔ n ≥ r² + r + ¼ ⇔ n ≥ r² + r + 1 (integers).
    if n > r * r + r { r + 1 } else { r }
}

/// The cost of a path (a polyline of legs) through terrain: each inch in an
/// area costs its multiplier (the largest where areas overlap; 1 outside),
/// and each linear feature crossed caps the move. `None` when the path
/// enters an impassable area or crosses an impassable feature.
///
/// Deterministic rounding: along each leg the crossing parameters are
/// rounded to the nearest 2^-24 of the leg, and the weighted length of a
/// leg, `|leg| × Σ multiplier × Δt`, to the nearest hundredth (an integer
/// square root): the same half-hundredth tolerance as "within", so a leg in
/// the open costs its length as [`SqDist::inches`] shows it, and 5" of open
/// ground and 1" of woods at 2 per inch cost exactly 7".
pub fn path_cost(
    path: &[Point],
    areas: &[(&Polygon, AreaCost)],
    lines: &[(&Polyline, LineCost)],
) -> Option<PathCost> {
    let (areas, lines) = boxed_pieces(areas, lines);
    path_cost_boxed(path, &areas, &lines)
}

/// The terrain pieces with their boxes, for [`path_cost_boxed`].
#[allow(clippy::type_complexity)]
pub fn boxed_pieces<'a>(
    areas: &[(&'a Polygon, AreaCost)],
    lines: &[(&'a Polyline, LineCost)],
) -> (
    Vec<(&'a Polygon, AreaCost, Bbox)>,
    Vec<(&'a Polyline, LineCost, Bbox)>,
) {
    (
        areas
            .iter()
            .map(|&(p, c)| (p, c, Bbox::of(&p.points)))
            .collect(),
        lines
            .iter()
            .map(|&(l, c)| (l, c, Bbox::of(&l.points)))
            .collect(),
    )
}

/// The minimum distance from a point to a polygon's boundary, squared (for
/// "within 2" of the edge").
pub fn boundary_dist2(poly: &Polygon, p: Point) -> SqDist {
    poly.edges()
        .map(|(a, b)| super::point_segment_dist2(p, a, b))
        .min()
        .unwrap_or(SqDist::ZERO)
}

/// Whether `p` is within `x` of the polygon's boundary, exactly
/// (`boundary_dist2(poly, p).at_most(x)`): an edge whose box is farther
/// than `x` from `p` along an axis is not measured.
pub fn boundary_within(poly: &Polygon, p: Point, x: Inches) -> bool {
    if x.0 < 0 {
        return false;
    }
    if poly.points.is_empty() {
        return true;
    }
    let (px, py, r) = (p.x.0 as i64, p.y.0 as i64, x.0 as i64);
    poly.edges().any(|(a, b)| {
        let (ax, ay, bx, by) = (a.x.0 as i64, a.y.0 as i64, b.x.0 as i64, b.y.0 as i64);
        px >= ax.min(bx) - r
            && px <= ax.max(bx) + r
            && py >= ay.min(by) - r
            && py <= ay.max(by) + r
            && super::point_segment_dist2(p, a, b).at_most(x)
    })
}

/// Where a ford drawn across a stream fords it: the stretch of the stream
/// as long as the ford, centred where the ford first crosses it (measured
/// along the stream, cut points rounded to the hundredth). Returns the
/// stream's pieces left on either side (those of positive length) and that
/// stretch; `None` when the ford does not cross the stream.
pub fn ford_stretch(stream: &Polyline, ford: &Polyline) -> Option<(Vec<Polyline>, Polyline)> {
    let pts = &stream.points;
    // The first edge of the stream the ford meets, and where.
    let (i, x) = (0..pts.len().saturating_sub(1)).find_map(|i| {
        let (a, b) = (pts[i], pts[i + 1]);
        ford.edges().find_map(|(c, d)| {
            if a == b || !segments_meet(a, b, c, d) {
                return None;
            }
            let (ab, cd) = (Vec2::between(a, b), Vec2::between(c, d));
            let den = ab.cross(cd);
            let t = if den == 0 {
                Rat::ZERO
            } else {
                Rat::new(Vec2::between(a, c).cross(cd), den)
            };
            let at = Point {
                x: Inches((a.x.0 as i128 + super::div_round_i128(ab.x as i128 * t.n, t.d)) as i32),
                y: Inches((a.y.0 as i128 + super::div_round_i128(ab.y as i128 * t.n, t.d)) as i32),
            };
            Some((i, at))
        })
    })?;
    let length: i64 = ford
        .edges()
        .map(|(c, d)| Vec2::between(c, d).len2().isqrt() as i64)
        .sum();
    let half = length / 2;
    // Walk `half` along the stream from `x` toward its start (`back`) or
    // its end; the points passed and where it stops.
    let walk = |back: bool| -> (Vec<Point>, Point, usize) {
        let mut left = half;
        let mut at = x;
        let mut passed = Vec::new();
        let mut j = if back { i as isize } else { i as isize + 1 };
        while j >= 0 && (j as usize) < pts.len() {
            let p = pts[j as usize];
            let v = Vec2::between(at, p);
            let len = v.len2().isqrt() as i64;
            if len > left {
                let stop = super::offset(
                    at,
                    Vec2::new(
                        super::div_round(v.x * left, len),
                        super::div_round(v.y * left, len),
                    ),
                );
                return (passed, stop, j as usize);
            }
            left -= len;
            at = p;
            passed.push(p);
            j += if back { -1 } else { 1 };
        }
        (passed, at, if back { 0 } else { pts.len() - 1 })
    };
    let (back_pts, start, si) = walk(true);
    let (fwd_pts, end, ei) = walk(false);
    let mut within: Vec<Point> = vec![start];
    within.extend(back_pts.iter().rev().skip_while(|&&p| p == start));
    if within.last() != Some(&x) {
        within.push(x);
    }
    for p in fwd_pts {
        if within.last() != Some(&p) {
            within.push(p);
        }
    }
    if within.last() != Some(&end) {
        within.push(end);
    }
    let mut pieces = Vec::new();
    // Before the stretch: the stream's points up to the stop (when the walk
    // stopped inside edge si..si+1, the points 0..=si).
    let mut before: Vec<Point> = if start == pts[si] {
        pts[..=si].to_vec()
    } else {
        let mut v = pts[..=si].to_vec();
        v.push(start);
        v
    };
    before.dedup();
    if before.len() >= 2 {
        pieces.push(Polyline::new(before));
    }
    let mut after: Vec<Point> = vec![end];
    if end != pts[ei] {
        after.push(pts[ei]);
    }
    after.extend_from_slice(&pts[(ei + 1).min(pts.len())..]);
    after.dedup();
    if after.len() >= 2 {
        pieces.push(Polyline::new(after));
    }
    within.dedup();
    Some((pieces, Polyline::new(within)))
}
