//! Terrain shapes: polygons (area terrain) and polylines (linear features),
//! the crossings of a segment with them, line of sight and the cost of a
//! path.

use super::{SqDist, Vec2, dist2};
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
        let n = self.points.len();
        (0..n).map(move |i| (self.points[i], self.points[(i + 1) % n]))
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
    let mut inside = false;
    for (a, b) in poly.edges() {
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
    let mut ts: Vec<Rat> = Vec::new();
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
        ts.push(t);
    }
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
    intersect(
        &intervals_pushed(a, b, poly, 1),
        &intervals_pushed(a, b, poly, -1),
    )
}

/// Whether the segment `a`–`b` passes through the polygon's interior (any
/// stretch of positive length).
pub fn segment_enters(a: Point, b: Point, poly: &Polygon) -> bool {
    if a == b {
        return locate(poly, a) == Location::Inside;
    }
    !segment_inside(a, b, poly).is_empty()
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
    if dist2(from, to).within(rules.close) {
        return true;
    }
    for poly in areas {
        let observer_in = locate(poly, from) == Location::Inside;
        let target_in = locate(poly, to) == Location::Inside;
        for (lo, hi) in segment_inside(from, to, poly) {
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
/// Whether the segment's bounding box misses that of the points (then the
/// segment cannot enter their polygon or cross their polyline): a cheap
/// test before the exact ones.
fn boxes_apart(a: Point, b: Point, points: &[Point]) -> bool {
    let (Some(min_x), Some(max_x), Some(min_y), Some(max_y)) = (
        points.iter().map(|p| p.x.0).min(),
        points.iter().map(|p| p.x.0).max(),
        points.iter().map(|p| p.y.0).min(),
        points.iter().map(|p| p.y.0).max(),
    ) else {
        return true;
    };
    a.x.0.max(b.x.0) < min_x
        || a.x.0.min(b.x.0) > max_x
        || a.y.0.max(b.y.0) < min_y
        || a.y.0.min(b.y.0) > max_y
}

pub fn path_cost(
    path: &[Point],
    areas: &[(&Polygon, AreaCost)],
    lines: &[(&Polyline, LineCost)],
) -> Option<PathCost> {
    let mut total = PathCost::FREE;
    for leg in path.windows(2) {
        let (a, b) = (leg[0], leg[1]);
        let mut cap = 4u8;
        for (line, cost) in lines {
            if !boxes_apart(a, b, &line.points) && crosses_polyline(a, b, line) {
                match cost {
                    LineCost::Impassable => return None,
                    LineCost::Cap(q) => cap = cap.min(*q),
                }
            }
        }
        // Quantised inside stretches per area.
        let mut spans: Vec<(i128, i128, u8)> = Vec::new();
        let mut cuts: Vec<i128> = vec![0, QUANTUM];
        for (poly, cost) in areas {
            if boxes_apart(a, b, &poly.points) {
                continue;
            }
            let inside = segment_inside(a, b, poly);
            if inside.is_empty() {
                continue;
            }
            let m = match cost {
                AreaCost::Impassable => return None,
                AreaCost::PerInch(m) => *m,
            };
            for (lo, hi) in inside {
                let (l, h) = (lo.quantised(QUANTUM), hi.quantised(QUANTUM));
                cuts.push(l);
                cuts.push(h);
                spans.push((l, h, m));
            }
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
        let l2 = Vec2::between(a, b).len2() as u128;
        let w = weight as u128;
        // round(sqrt(l2 w²) / Q) = floor((floor(2 sqrt(l2 w²)) + Q) / 2Q).
        let q = QUANTUM as u128;
        let charged = ((4 * l2 * w * w).isqrt() + q) / (2 * q);
        total = total.then(PathCost {
            charged: Inches(charged as i32),
            cap_quarters: cap,
        });
    }
    Some(total)
}

/// The minimum distance from a point to a polygon's boundary, squared (for
/// "within 2" of the edge").
pub fn boundary_dist2(poly: &Polygon, p: Point) -> SqDist {
    poly.edges()
        .map(|(a, b)| super::point_segment_dist2(p, a, b))
        .min()
        .unwrap_or(SqDist::ZERO)
}
