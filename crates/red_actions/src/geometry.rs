//! The geometry of the open table: bases as oriented rectangles, units in
//! line or column, distances, overlaps, arcs, flank and rear, enfilade, lines
//! of sight across terrain and the primitive moves, all in exact integer
//! arithmetic so that a save replays bit for bit on every machine.
//!
//! # Exactness
//!
//! Nothing a rule decides goes through floating point (`f64` sine, cosine
//! and square root may differ in the last bit between machines and
//! libraries). The choices, in order:
//!
//! - **Units.** Lengths are [`Inches`] (hundredths of an inch), angles
//!   [`Degrees`] (tenths of a degree clockwise from north), points x east and
//!   y south. Coordinates must stay within ±[`COORD_LIMIT`] (1000"), which
//!   keeps every product below in `i128` with room to spare (the largest is
//!   about 2^111).
//! - **Trigonometry.** [`sin`] and [`cos`] read a table of the sine of every
//!   tenth of a degree from 0° to 90° scaled by 2^16 ([`TRIG_SCALE`]),
//!   generated once and embedded (`geometry/sine.rs`); the other quadrants
//!   come from its symmetries, so `sin(a + 180°) = −sin(a)` and
//!   `cos(a) = sin(90° − a)` hold exactly. A direction is that integer vector
//!   (its length is 65536 give or take 1).
//! - **Rounding.** A rotated or offset point is rounded to the hundredth,
//!   half away from zero ([`div_round`]), so that rounding is symmetric:
//!   `round(−v) = −round(v)`. That makes an advance by `d` then by `−d`
//!   return exactly to the start, and an about-face land exactly on the same
//!   footprint.
//! - **Bases.** A base is its centre pose, width (frontage) and depth. Its
//!   footprint is the parallelogram `centre ± hf ± hr` where `hf` and `hr`
//!   are the half-depth and half-width vectors, *each rounded once to the
//!   hundredth*. Its four corners are therefore integers and every later
//!   test (overlap, distance, charge aspect) is exact on those integers. A
//!   unit laid out by [`Formation`] places its bases `2 hr` (line) or `2 hf`
//!   (column) apart, so neighbours share their edges exactly: a formed unit
//!   never overlaps itself, and its bases touch.
//! - **Distances** are compared squared, as exact rationals ([`SqDist`]):
//!   "within X" is `d ≤ X + 0.005"`, that is `4 d² ≤ (2X + 1)²` in
//!   hundredths ([`SqDist::within`]). Distances shown to a player are
//!   rounded to the nearest hundredth with an integer square root. Between
//!   integer corners a distance is never exactly X + 0.005" (4d² is never an
//!   odd square, for vertex–vertex or vertex–edge distances alike), so "within
//!   X" agrees with the distance shown rounded to the hundredth.
//! - **Arc lengths** (a wheel, a turn) are exact *upper bounds* rounded up to
//!   the hundredth: the radius is the ceiling of an integer square root and
//!   π is taken as 355/113 (larger than π by 2.7e-7), so a wheel is never
//!   charged less than its true swept arc, and at most 1 + θ hundredths more
//!   (θ in radians: under 0.05" for any wheel up to 180°).
//! - **Terrain** crossings along a segment are rational parameters, compared
//!   exactly. A segment that only runs along a polygon's edge or touches a
//!   corner is not inside it (the open interior counts, see
//!   [`segment_inside`]). For the cost of a path through area terrain the
//!   crossings are rounded to the nearest 2^-24 of the segment and the
//!   weighted length to the nearest hundredth ([`path_cost`]), the same
//!   half-hundredth tolerance as "within": compared with an allowance by
//!   `≤`, a path up to 0.005" over it passes, as a distance would.
//!
//! # Decisions (the rulings file belongs to the rules; listed here as well)
//!
//! - A wheel pivots on the front corner of the unit's inner end, and every
//!   base pays the arc swept by the corner farthest from that pivot (the rear
//!   corner of the outside base: "no part of any base may move more than
//!   this distance").
//! - A turn of 90° or 180° turns each base about its own centre; it costs the
//!   arc swept by a corner (half the diagonal × the angle). A line turned 90°
//!   becomes a column headed by the base at that end, and a column a line.
//! - Flank, rear and enfilade are judged from base centres, "most" and
//!   "bulk" being a strict majority.
//! - Line of sight: within the close range (4") nothing blocks; otherwise
//!   any stretch of a sight-blocking area (woods, town, scrub) blocks, except
//!   the stretch from an observer inside it up to `edge` (2") long and the
//!   stretch to a target inside it up to `edge` long when the target can be
//!   seen there (not stationary infantry or unlimbered guns). A hedge blocks
//!   unless it is within `hedge_near` of the observer (behind it, he sees
//!   through) or of a target that can be seen there. Hills, crests and
//!   dead ground are the rules' (`rules::visibility`), on top of this.

mod bearing;
mod moves;
mod sine;
mod terrain;

pub use bearing::*;
pub use moves::*;
pub use terrain::*;

use engine::param::{Degrees, Inches, Point, Pose};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The scale of [`sin`] and [`cos`]: 1.0 is 65536.
pub const TRIG_SCALE: i64 = 1 << 16;

/// The largest coordinate (in hundredths) the exact arithmetic is sized for.
pub const COORD_LIMIT: i32 = 100_000;

/// Integer division rounded to the nearest, halves away from zero
/// (`d > 0`), so that `div_round(−n, d) = −div_round(n, d)`.
pub fn div_round(n: i64, d: i64) -> i64 {
    debug_assert!(d > 0);
    if n >= 0 {
        (n + d / 2) / d
    } else {
        -((-n + d / 2) / d)
    }
}

fn div_round_i128(n: i128, d: i128) -> i128 {
    debug_assert!(d > 0);
    if n >= 0 {
        (n + d / 2) / d
    } else {
        -((-n + d / 2) / d)
    }
}

/// Ceiling of `n / d` for `n ≥ 0`, `d > 0`.
fn div_ceil_u(n: u128, d: u128) -> u128 {
    n.div_ceil(d)
}

/// The smallest integer whose square is at least `n`.
fn isqrt_ceil(n: u128) -> u128 {
    let r = n.isqrt();
    if r * r == n { r } else { r + 1 }
}

/// sin(t) × 65536 for t in tenths of a degree, 0 ≤ t < 3600, from the
/// quarter table.
const fn sin_of(t: usize) -> i32 {
    if t <= 900 {
        sine::SINE[t]
    } else if t <= 1800 {
        sine::SINE[1800 - t]
    } else if t <= 2700 {
        -sine::SINE[t - 1800]
    } else {
        -sine::SINE[3600 - t]
    }
}

/// (sin, cos) × 65536 of every angle 0 ≤ t < 3600 tenths, read once a call
/// (the same values as the quarter table's, unfolded when compiled).
static SIN_COS: [(i32, i32); 3600] = {
    let mut v = [(0, 0); 3600];
    let mut t = 0;
    while t < 3600 {
        // cos(t) = sin(90° − t), as an angle in 0..3600.
        v[t] = (sin_of(t), sin_of((900 + 3600 - t) % 3600));
        t += 1;
    }
    v
};

/// sin(a) × 65536, rounded, for any angle in tenths of a degree.
pub fn sin(a: Degrees) -> i64 {
    SIN_COS[a.0.rem_euclid(3600) as usize].0 as i64
}

/// cos(a) × 65536, rounded: sin(90° − a).
pub fn cos(a: Degrees) -> i64 {
    SIN_COS[a.0.rem_euclid(3600) as usize].1 as i64
}

/// (sin(a), cos(a)) × 65536, one look-up.
pub fn sin_cos(a: Degrees) -> (i64, i64) {
    let (s, c) = SIN_COS[a.0.rem_euclid(3600) as usize];
    (s as i64, c as i64)
}

/// An integer vector (x east, y south), in hundredths or in any scale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vec2 {
    pub x: i64,
    pub y: i64,
}

impl Vec2 {
    pub const fn new(x: i64, y: i64) -> Vec2 {
        Vec2 { x, y }
    }
    /// The direction of a facing, scaled by [`TRIG_SCALE`]: north is
    /// (0, −65536), east (65536, 0).
    pub fn facing(a: Degrees) -> Vec2 {
        Vec2::new(sin(a), -cos(a))
    }
    pub fn between(from: Point, to: Point) -> Vec2 {
        Vec2::new(
            to.x.0 as i64 - from.x.0 as i64,
            to.y.0 as i64 - from.y.0 as i64,
        )
    }
    pub fn dot(self, o: Vec2) -> i128 {
        self.x as i128 * o.x as i128 + self.y as i128 * o.y as i128
    }
    /// Positive when `o` is clockwise of `self` (y grows southwards).
    pub fn cross(self, o: Vec2) -> i128 {
        self.x as i128 * o.y as i128 - self.y as i128 * o.x as i128
    }
    pub fn len2(self) -> i128 {
        self.dot(self)
    }
    pub fn reversed(self) -> Vec2 {
        Vec2::new(-self.x, -self.y)
    }
    pub fn plus(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x + o.x, self.y + o.y)
    }
    pub fn minus(self, o: Vec2) -> Vec2 {
        Vec2::new(self.x - o.x, self.y - o.y)
    }
    pub fn scale(self, k: i64) -> Vec2 {
        Vec2::new(self.x * k, self.y * k)
    }
    /// Rotated clockwise by `a`, rounded (symmetric rounding).
    pub fn rotated(self, a: Degrees) -> Vec2 {
        let (s, c) = (sin(a) as i128, cos(a) as i128);
        let (x, y) = (self.x as i128, self.y as i128);
        let t = TRIG_SCALE as i128;
        Vec2::new(
            div_round_i128(x * c - y * s, t) as i64,
            div_round_i128(x * s + y * c, t) as i64,
        )
    }
}

/// `p` moved by `v` (hundredths).
pub fn offset(p: Point, v: Vec2) -> Point {
    Point {
        x: Inches((p.x.0 as i64 + v.x) as i32),
        y: Inches((p.y.0 as i64 + v.y) as i32),
    }
}

/// `p` rotated clockwise by `a` about `about`, rounded to the hundredth.
pub fn rotate(p: Point, about: Point, a: Degrees) -> Point {
    offset(about, Vec2::between(about, p).rotated(a))
}

/// The vector `forward` ahead and `right` to the right of a facing, divided
/// by `den` and rounded once (hundredths in, hundredths out).
pub fn local(facing: Degrees, right: i64, forward: i64, den: i64) -> Vec2 {
    let (s, c) = (sin(facing), cos(facing));
    let d = TRIG_SCALE * den;
    Vec2::new(
        div_round(c * right + s * forward, d),
        div_round(s * right - c * forward, d),
    )
}

/// The squared distance between two points, exactly.
pub fn dist2(a: Point, b: Point) -> SqDist {
    SqDist::new(Vec2::between(a, b).len2(), 1)
}

/// A squared distance as an exact rational `num / den` (hundredths squared).
#[derive(Clone, Copy, Debug)]
pub struct SqDist {
    num: i128,
    den: i128,
}

impl SqDist {
    pub const ZERO: SqDist = SqDist { num: 0, den: 1 };
    fn new(num: i128, den: i128) -> SqDist {
        debug_assert!(num >= 0 && den > 0);
        SqDist { num, den }
    }
    pub fn is_zero(self) -> bool {
        self.num == 0
    }
    /// Whether this distance is at most `x` + 0.005" ("within x").
    pub fn within(self, x: Inches) -> bool {
        let t = 2 * x.0 as i128 + 1;
        if t < 0 {
            return false;
        }
        4 * self.num <= t * t * self.den
    }
    /// Whether this distance is at most `x`, exactly (no tolerance).
    pub fn at_most(self, x: Inches) -> bool {
        x.0 >= 0 && self.num <= (x.0 as i128).pow(2) * self.den
    }
    /// The distance rounded to the nearest hundredth (for showing; rules
    /// compare with [`SqDist::within`]).
    pub fn inches(self) -> Inches {
        let four = (4 * self.num / self.den) as u128;
        Inches(four.isqrt().div_ceil(2) as i32)
    }
    /// The distance rounded up to the hundredth.
    pub fn inches_ceil(self) -> Inches {
        let q = div_ceil_u(self.num as u128, self.den as u128);
        Inches(isqrt_ceil(q) as i32)
    }
}

impl PartialEq for SqDist {
    fn eq(&self, o: &SqDist) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for SqDist {}
impl PartialOrd for SqDist {
    fn partial_cmp(&self, o: &SqDist) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for SqDist {
    fn cmp(&self, o: &SqDist) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

/// The squared distance from `p` to the segment `a`–`b`, exactly.
pub fn point_segment_dist2(p: Point, a: Point, b: Point) -> SqDist {
    let ab = Vec2::between(a, b);
    let ap = Vec2::between(a, p);
    let l2 = ab.len2();
    let t = ab.dot(ap);
    if l2 == 0 || t <= 0 {
        return SqDist::new(ap.len2(), 1);
    }
    if t >= l2 {
        return dist2(p, b);
    }
    let c = ab.cross(ap);
    SqDist::new(c * c, l2)
}

/// An axis-aligned bounding box (hundredths, edges included): the broad
/// phase that lets a check skip terrain and units that cannot matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bbox {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Bbox {
    /// Contains nothing (the union with it is the other box).
    pub const EMPTY: Bbox = Bbox {
        x0: i32::MAX,
        y0: i32::MAX,
        x1: i32::MIN,
        y1: i32::MIN,
    };
    pub fn of(points: &[Point]) -> Bbox {
        let mut b = Bbox::EMPTY;
        for p in points {
            b.add(*p);
        }
        b
    }
    pub fn add(&mut self, p: Point) {
        self.x0 = self.x0.min(p.x.0);
        self.y0 = self.y0.min(p.y.0);
        self.x1 = self.x1.max(p.x.0);
        self.y1 = self.y1.max(p.y.0);
    }
    pub fn union(self, o: Bbox) -> Bbox {
        Bbox {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }
    /// The largest gap between the boxes along an axis (negative when they
    /// overlap on both): a lower bound of the distance between anything
    /// inside one and anything inside the other.
    pub fn gap(&self, o: &Bbox) -> i64 {
        let gx = (o.x0 as i64 - self.x1 as i64).max(self.x0 as i64 - o.x1 as i64);
        let gy = (o.y0 as i64 - self.y1 as i64).max(self.y0 as i64 - o.y1 as i64);
        gx.max(gy)
    }
    /// Whether the boxes share a point (edges included).
    pub fn meets(&self, o: &Bbox) -> bool {
        self.gap(o) <= 0
    }
}

/// A formation's bases: inline up to [`Bases::INLINE`] of them, on the
/// heap past that (a troop card's `max_bases` is a `u8`). Used as a slice.
#[derive(Clone, Debug)]
pub enum Bases {
    Inline(u8, [Base; Bases::INLINE]),
    Heap(Vec<Base>),
}

impl Bases {
    pub const INLINE: usize = 8;
    pub const EMPTY: Bases = Bases::Inline(
        0,
        [Base {
            pose: Pose {
                at: Point {
                    x: Inches(0),
                    y: Inches(0),
                },
                facing: Degrees(0),
            },
            width: Inches(0),
            depth: Inches(0),
        }; Bases::INLINE],
    );
    pub fn push(&mut self, b: Base) {
        match self {
            Bases::Inline(n, a) if (*n as usize) < Bases::INLINE => {
                a[*n as usize] = b;
                *n += 1;
            }
            Bases::Inline(n, a) => {
                let mut v = a[..*n as usize].to_vec();
                v.push(b);
                *self = Bases::Heap(v);
            }
            Bases::Heap(v) => v.push(b),
        }
    }
}

impl std::ops::Deref for Bases {
    type Target = [Base];
    fn deref(&self) -> &[Base] {
        match self {
            Bases::Inline(n, a) => &a[..*n as usize],
            Bases::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Bases {
    fn deref_mut(&mut self) -> &mut [Base] {
        match self {
            Bases::Inline(n, a) => &mut a[..*n as usize],
            Bases::Heap(v) => v,
        }
    }
}

impl FromIterator<Base> for Bases {
    fn from_iter<I: IntoIterator<Item = Base>>(iter: I) -> Bases {
        let mut b = Bases::EMPTY;
        for x in iter {
            b.push(x);
        }
        b
    }
}

impl<'a> IntoIterator for &'a Bases {
    type Item = &'a Base;
    type IntoIter = std::slice::Iter<'a, Base>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Bases {
    fn eq(&self, o: &Bases) -> bool {
        **self == **o
    }
}
impl Eq for Bases {}

/// One base: an oriented rectangle on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Base {
    /// The centre and the facing.
    pub pose: Pose,
    /// Frontage.
    pub width: Inches,
    pub depth: Inches,
}

impl Base {
    pub fn new(pose: Pose, width: Inches, depth: Inches) -> Base {
        Base { pose, width, depth }
    }
    /// Half the depth forward and half the width to the right, each rounded
    /// once: the footprint is `centre ± hf ± hr`.
    pub fn halves(&self) -> (Vec2, Vec2) {
        half_vectors(self.pose.facing, self.width, self.depth)
    }
    /// Front-left, front-right, rear-right, rear-left.
    pub fn corners(&self) -> [Point; 4] {
        let (hf, hr) = self.halves();
        let c = self.pose.at;
        [
            offset(c, hf.minus(hr)),
            offset(c, hf.plus(hr)),
            offset(c, hr.minus(hf)),
            offset(c, hf.plus(hr).reversed()),
        ]
    }
    /// The middle of the front edge (where fire and sight are measured from).
    pub fn front_centre(&self) -> Point {
        offset(self.pose.at, self.halves().0)
    }
    /// The middle of the rear edge (tachankas fire from it).
    pub fn rear_centre(&self) -> Point {
        offset(self.pose.at, self.halves().0.reversed())
    }
    /// The same base turned about its centre by `a` (clockwise).
    pub fn turned(&self, a: Degrees) -> Base {
        let mut b = *self;
        b.pose.facing = Degrees(self.pose.facing.0 + a.0).normalised();
        b
    }
    /// Whether `p` lies in the base (its boundary included).
    pub fn contains(&self, p: Point) -> bool {
        convex_contains(&self.corners(), p)
    }
}

/// The half-depth (forward) and half-width (right) vectors of a base facing
/// `facing`, each rounded once.
pub fn half_vectors(facing: Degrees, width: Inches, depth: Inches) -> (Vec2, Vec2) {
    // `local(facing, 0, depth, 2)` and `local(facing, width, 0, 2)`, the
    // sine and cosine read once.
    let (s, c) = sin_cos(facing);
    let d = TRIG_SCALE * 2;
    let (w, h) = (width.0 as i64, depth.0 as i64);
    (
        Vec2::new(div_round(s * h, d), div_round(-c * h, d)),
        Vec2::new(div_round(c * w, d), div_round(s * w, d)),
    )
}

/// Whether `p` is in the convex polygon `poly` (either orientation),
/// boundary included.
pub fn convex_contains(poly: &[Point], p: Point) -> bool {
    let (mut pos, mut neg) = (false, false);
    for i in 0..poly.len() {
        let a = poly[i];
        let b = poly[(i + 1) % poly.len()];
        let c = Vec2::between(a, b).cross(Vec2::between(a, p));
        pos |= c > 0;
        neg |= c < 0;
    }
    !(pos && neg)
}

/// The extent of a convex polygon projected on `axis` (unscaled dot
/// products).
fn project(poly: &[Point], axis: Vec2) -> (i128, i128) {
    let mut lo = i128::MAX;
    let mut hi = i128::MIN;
    for &p in poly {
        let d = axis.dot(Vec2::new(p.x.0 as i64, p.y.0 as i64));
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// [`project`] in `i64`, for points within ±2^29 (edges within ±2^30: the
/// products stay below 2^61).
fn project64(poly: &[Point], ax: i64, ay: i64) -> (i64, i64) {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for &p in poly {
        let d = ax * p.x.0 as i64 + ay * p.y.0 as i64;
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// How two convex polygons meet, by separating axes (exact).
pub(crate) fn convex_meet(a: &[Point], b: &[Point]) -> Meet {
    const SMALL: i32 = 1 << 29;
    let small = |p: &Point| p.x.0.abs() < SMALL && p.y.0.abs() < SMALL;
    if a.iter().all(small) && b.iter().all(small) {
        return convex_meet64(a, b);
    }
    let mut touching = false;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let e = Vec2::between(poly[i], poly[(i + 1) % poly.len()]);
            if e.x == 0 && e.y == 0 {
                continue;
            }
            let axis = Vec2::new(-e.y, e.x);
            let (alo, ahi) = project(a, axis);
            let (blo, bhi) = project(b, axis);
            if ahi < blo || bhi < alo {
                return Meet::Apart;
            }
            if ahi == blo || bhi == alo {
                touching = true;
            }
        }
    }
    if touching { Meet::Touch } else { Meet::Overlap }
}

/// [`convex_meet`] in `i64` (points within ±2^29).
fn convex_meet64(a: &[Point], b: &[Point]) -> Meet {
    let mut touching = false;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let (ex, ey) = (q.x.0 as i64 - p.x.0 as i64, q.y.0 as i64 - p.y.0 as i64);
            if ex == 0 && ey == 0 {
                continue;
            }
            let (alo, ahi) = project64(a, -ey, ex);
            let (blo, bhi) = project64(b, -ey, ex);
            if ahi < blo || bhi < alo {
                return Meet::Apart;
            }
            if ahi == blo || bhi == alo {
                touching = true;
            }
        }
    }
    if touching { Meet::Touch } else { Meet::Overlap }
}

/// Whether two bases given by their corners are within `x` of each other
/// ([`quad_dist2`] within `x`, stopping at the first pair of a corner and
/// an edge that is).
pub fn quad_within(ca: &[Point; 4], cb: &[Point; 4], x: Inches) -> bool {
    // The same answer as "they meet, or a corner of one is within `x` of
    // an edge of the other" asked in the cheapest order: boxes farther
    // apart than `x` (the distance is at least the gap) are not; then the
    // corners against the edges (any within settles it); the overlap test
    // last.
    if x.0 < 0 {
        return false;
    }
    if Bbox::of(ca).gap(&Bbox::of(cb)) > x.0 as i64 {
        return false;
    }
    // Two corners within `x` of each other settle it (the quick answer
    // for bases well within range).
    if dist2(ca[0], cb[0]).within(x) {
        return true;
    }
    // Nor are quads farther apart than `x` along the normal of one of their
    // first two edges (the distance is at least the gap along any axis;
    // in `i64` for points within ±2^29, as `convex_meet64`).
    const SMALL: i32 = 1 << 29;
    let small = |p: &Point| p.x.0.abs() < SMALL && p.y.0.abs() < SMALL;
    let axes: &[(&[Point; 4], usize)] = if ca.iter().all(small) && cb.iter().all(small) {
        &[(ca, 0), (ca, 1), (cb, 0), (cb, 1)]
    } else {
        &[]
    };
    let t = 2 * x.0 as i128 + 1;
    for &(p, k) in axes {
        let (ex, ey) = (
            p[k + 1].x.0 as i64 - p[k].x.0 as i64,
            p[k + 1].y.0 as i64 - p[k].y.0 as i64,
        );
        if ex == 0 && ey == 0 {
            continue;
        }
        let (alo, ahi) = project64(ca, -ey, ex);
        let (blo, bhi) = project64(cb, -ey, ex);
        let g = (blo - ahi).max(alo - bhi) as i128;
        if g > 0 && 4 * g * g > t * t * (ex as i128 * ex as i128 + ey as i128 * ey as i128) {
            return false;
        }
    }
    for (p, q) in [(ca, cb), (cb, ca)] {
        for &v in p.iter() {
            for i in 0..4 {
                if point_segment_dist2(v, q[i], q[(i + 1) % 4]).within(x) {
                    return true;
                }
            }
        }
    }
    convex_meet(ca, cb) != Meet::Apart
}

/// How two footprints meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meet {
    /// No point in common.
    Apart,
    /// Only boundary points in common (bases in contact).
    Touch,
    /// Their interiors overlap.
    Overlap,
}

/// How two bases meet: apart, touching or overlapping (exact).
pub fn meet(a: &Base, b: &Base) -> Meet {
    convex_meet(&a.corners(), &b.corners())
}

/// Whether the interiors of two bases overlap (touching is not overlapping).
pub fn overlaps(a: &Base, b: &Base) -> bool {
    meet(a, b) == Meet::Overlap
}

/// The minimum distance between two bases, squared, exactly: zero when
/// they touch or overlap.
pub fn base_dist2(a: &Base, b: &Base) -> SqDist {
    quad_dist2(&a.corners(), &b.corners())
}

/// [`base_dist2`] of two bases given by their corners.
pub fn quad_dist2(ca: &[Point; 4], cb: &[Point; 4]) -> SqDist {
    // Quads whose boxes are apart are apart: the overlap test (SAT) only
    // for those whose boxes meet.
    if Bbox::of(ca).gap(&Bbox::of(cb)) <= 0 && convex_meet(ca, cb) != Meet::Apart {
        return SqDist::ZERO;
    }
    // [`point_segment_dist2`] of every corner against every edge of the
    // other, the first least kept: the lengths and dot products of points
    // on the table fit an i64, the squared cross product and the
    // comparisons take i128.
    let (mut bn, mut bd) = (i128::MAX, 1i128);
    for (p, q) in [(ca, cb), (cb, ca)] {
        for &v in p.iter() {
            for i in 0..4 {
                let (a, b) = (q[i], q[(i + 1) % 4]);
                let (abx, aby) = (b.x.0 as i64 - a.x.0 as i64, b.y.0 as i64 - a.y.0 as i64);
                let (apx, apy) = (v.x.0 as i64 - a.x.0 as i64, v.y.0 as i64 - a.y.0 as i64);
                let l2 = abx * abx + aby * aby;
                let t = abx * apx + aby * apy;
                let (n, d) = if l2 == 0 || t <= 0 {
                    ((apx * apx + apy * apy) as i128, 1)
                } else if t >= l2 {
                    let (bpx, bpy) = (v.x.0 as i64 - b.x.0 as i64, v.y.0 as i64 - b.y.0 as i64);
                    ((bpx * bpx + bpy * bpy) as i128, 1)
                } else {
                    let c = (abx * apy - aby * apx) as i128;
                    (c * c, l2 as i128)
                };
                if bn == i128::MAX || n * bd < bn * d {
                    (bn, bd) = (n, d);
                }
            }
        }
    }
    SqDist::new(bn, bd)
}

/// The minimum distance between two units (their closest bases), squared.
/// An empty unit is infinitely far: `None`.
/// (Each base's corners worked out once, pairs pruned by their boxes:
/// [`quads_dist2`].)
pub fn unit_dist2(a: &[Base], b: &[Base]) -> Option<SqDist> {
    quads_dist2(&quads(a), &quads(b))
}

/// Whether two units are within `x` of each other: the minimum distance
/// between their bases is at most `x` + 0.005".
pub fn within(a: &[Base], b: &[Base], x: Inches) -> bool {
    quads_within(&quads(a), &quads(b), x)
}

/// Whether any base of `a` overlaps any base of `b`.
pub fn units_overlap(a: &[Base], b: &[Base]) -> bool {
    quads_overlap(&quads(a), &quads(b))
}

/// A base's facing, width and depth (what its halves depend on).
type BaseShape = (Degrees, Inches, Inches);

/// The corners of each base (as [`Base::corners`] gives them) and their
/// boxes; bases of one size and facing (a unit's) share their halves,
/// worked out once.
pub fn quads(bases: &[Base]) -> Quads {
    // The last base's facing, width and depth, and their halves.
    let mut last: Option<(BaseShape, (Vec2, Vec2))> = None;
    bases
        .iter()
        .map(|x| {
            let key = (x.pose.facing, x.width, x.depth);
            let (hf, hr) = match last {
                Some((k, h)) if k == key => h,
                _ => {
                    let h = x.halves();
                    last = Some((key, h));
                    h
                }
            };
            let c = x.pose.at;
            let q = [
                offset(c, hf.minus(hr)),
                offset(c, hf.plus(hr)),
                offset(c, hr.minus(hf)),
                offset(c, hf.plus(hr).reversed()),
            ];
            (q, Bbox::of(&q))
        })
        .collect()
}

/// The bases of a unit as their corners (see [`Formation::base_corners`]),
/// with each base's bounding box.
pub type Quads = Vec<([Point; 4], Bbox)>;

/// [`units_overlap`] on corners: pairs whose boxes do not overlap are not
/// tested further.
pub fn quads_overlap(a: &[([Point; 4], Bbox)], b: &[([Point; 4], Bbox)]) -> bool {
    a.iter().any(|(p, pb)| {
        b.iter()
            .any(|(q, qb)| pb.gap(qb) < 0 && convex_meet(p, q) == Meet::Overlap)
    })
}

/// [`within`] on corners: pairs whose boxes are farther apart than `x`
/// (and a hundredth) are not measured.
pub fn quads_within(a: &[([Point; 4], Bbox)], b: &[([Point; 4], Bbox)], x: Inches) -> bool {
    a.iter().any(|(p, pb)| {
        b.iter()
            .any(|(q, qb)| pb.gap(qb) <= x.0 as i64 + 1 && quad_within(p, q, x))
    })
}

/// [`unit_dist2`] on corners: a pair whose boxes are at least as far
/// apart as the nearest pair so far is not measured.
pub fn quads_dist2(a: &[([Point; 4], Bbox)], b: &[([Point; 4], Bbox)]) -> Option<SqDist> {
    // The pair whose boxes are nearest first: its distance is a good
    // bound, and the pairs whose gap is no nearer than the best so far are
    // not measured (the least distance is the same in any order).
    let nearest = a
        .iter()
        .enumerate()
        .flat_map(|(i, (_, pb))| {
            b.iter()
                .enumerate()
                .map(move |(j, (_, qb))| (pb.gap(qb), i, j))
        })
        .min_by_key(|&(g, _, _)| g);
    let (_, i0, j0) = nearest?;
    let mut best = quad_dist2(&a[i0].0, &b[j0].0);
    for (i, (p, pb)) in a.iter().enumerate() {
        for (j, (q, qb)) in b.iter().enumerate() {
            if (i, j) == (i0, j0) {
                continue;
            }
            let g = pb.gap(qb);
            if g > 0 && SqDist::new((g as i128).pow(2), 1) >= best {
                continue;
            }
            let d = quad_dist2(p, q);
            if d < best {
                best = d;
            }
        }
    }
    Some(best)
}

/// Whether every base of `a` is farther than `d` from every base of `b`
/// (`quads_dist2(a, b) > d`, stopping at the first pair as near as `d`;
/// a pair whose boxes are farther apart than `d` is not measured).
pub fn quads_farther(a: &[([Point; 4], Bbox)], b: &[([Point; 4], Bbox)], d: SqDist) -> bool {
    a.iter().all(|(p, pb)| {
        b.iter().all(|(q, qb)| {
            let g = pb.gap(qb);
            (g > 0 && SqDist::new((g as i128).pow(2), 1) > d) || quad_dist2(p, q) > d
        })
    })
}

/// Line (side by side) or column (one behind another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    Line,
    Column,
}

/// A unit in formation: `count` bases of one size in line or column,
/// placed from an anchor: the middle of the unit's front edge, and its
/// facing. Neighbouring bases share their edges exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Formation {
    pub order: Order,
    pub count: u8,
    pub width: Inches,
    pub depth: Inches,
    /// The middle of the front edge and the facing.
    pub front: Pose,
}

impl Formation {
    pub fn new(order: Order, count: u8, width: Inches, depth: Inches, front: Pose) -> Formation {
        Formation {
            order,
            count,
            width,
            depth,
            front,
        }
    }
    fn halves(&self) -> (Vec2, Vec2) {
        half_vectors(self.front.facing, self.width, self.depth)
    }
    /// The bases, left to right (line) or front to rear (column), as a
    /// `Vec` (the board keeps them); the rules ask [`Formation::base_list`].
    pub fn bases(&self) -> Vec<Base> {
        self.base_list().to_vec()
    }
    /// [`Formation::bases`] without a heap allocation for up to
    /// [`Bases::INLINE`] bases.
    pub fn base_list(&self) -> Bases {
        let (hf, hr) = self.halves();
        let n = self.count as i64;
        let a = self.front.at;
        let base = |i: i64| {
            let v = match self.order {
                Order::Line => hr.scale(2 * i + 1 - n).minus(hf),
                Order::Column => hf.scale(-(2 * i + 1)),
            };
            Base::new(
                Pose {
                    at: offset(a, v),
                    facing: self.front.facing,
                },
                self.width,
                self.depth,
            )
        };
        match Bases::EMPTY {
            Bases::Inline(_, mut list) if n as usize <= Bases::INLINE => {
                for (i, b) in list.iter_mut().take(n as usize).enumerate() {
                    *b = base(i as i64);
                }
                Bases::Inline(n as u8, list)
            }
            _ => Bases::Heap((0..n).map(base).collect()),
        }
    }
    /// The bounding box of every base (that of the outline: the bases'
    /// corners lie on it).
    pub fn bbox(&self) -> Bbox {
        Bbox::of(&self.outline())
    }
    /// How far, at most, a corner of the outline lies from the front
    /// centre along either axis: the halves are rounded to at most half a
    /// base's width (depth) and a hundredth, so a line's side is within
    /// `count` halves of a width, its back within a depth and a hundredth,
    /// and a column's the other way about.
    #[inline]
    pub fn reach(&self) -> i64 {
        (self.width.0 as i64 + self.depth.0 as i64 + 2) * self.count as i64 + 2
    }
    /// A lower bound of the gap between the two formations' boxes (see
    /// [`Bbox::gap`]) without the trigonometry: that of the front centres
    /// less both reaches.
    #[inline]
    pub fn far_bound(&self, o: &Formation) -> i64 {
        let (a, b) = (self.front.at, o.front.at);
        let gx = (a.x.0 as i64 - b.x.0 as i64).abs();
        let gy = (a.y.0 as i64 - b.y.0 as i64).abs();
        gx.max(gy) - self.reach() - o.reach()
    }
    /// Whether `self.bbox().gap(b) > x`, the box worked out only when the
    /// front centre does not settle it: it lies in the box (it is the
    /// middle of the front edge), so the box is no farther from `b` than
    /// it, and every corner is within [`Formation::reach`] of it.
    #[inline]
    pub fn box_gap_exceeds(&self, b: &Bbox, x: i64) -> bool {
        let g = Bbox::of(&[self.front.at]).gap(b);
        if g <= x {
            return false;
        }
        if g > x + self.reach() {
            return true;
        }
        self.bbox().gap(b) > x
    }
    /// The corners of [`Formation::bases`] (each as [`Base::corners`]
    /// gives them) and their boxes, the halves worked out once.
    pub fn base_corners(&self) -> Quads {
        let (hf, hr) = self.halves();
        let n = self.count as i64;
        let a = self.front.at;
        let (fl, fr) = (hf.minus(hr), hf.plus(hr));
        let (rr, rl) = (hr.minus(hf), hf.plus(hr).reversed());
        (0..n)
            .map(|i| {
                let v = match self.order {
                    Order::Line => hr.scale(2 * i + 1 - n).minus(hf),
                    Order::Column => hf.scale(-(2 * i + 1)),
                };
                let c = offset(a, v);
                let q = [offset(c, fl), offset(c, fr), offset(c, rr), offset(c, rl)];
                (q, Bbox::of(&q))
            })
            .collect()
    }
    /// Bases across the front and ranks deep.
    pub fn files_ranks(&self) -> (i64, i64) {
        match self.order {
            Order::Line => (self.count as i64, 1),
            Order::Column => (1, self.count as i64),
        }
    }
    /// [`unit_dist2`] of two formations' bases (`None`: either has none),
    /// asked of their outlines ([`Formation::outline_quad`]).
    pub fn dist2(&self, o: &Formation) -> Option<SqDist> {
        Some(quad_dist2(&self.outline_quad()?, &o.outline_quad()?))
    }
    /// [`within`] of two formations' bases, asked of their outlines.
    pub fn within(&self, o: &Formation, x: Inches) -> bool {
        // Front centres so far apart that the boxes are more than `x`
        // apart: `quad_within` would say no at its box test.
        if self.far_bound(o) > x.0 as i64 {
            return false;
        }
        match (self.outline_quad(), o.outline_quad()) {
            (Some(a), Some(b)) => quad_within(&a, &b, x),
            _ => false,
        }
    }
    /// [`units_overlap`] of two formations' bases, asked of their outlines.
    pub fn overlaps(&self, o: &Formation) -> bool {
        // Boxes apart (see `far_bound`): the outlines cannot overlap.
        if self.far_bound(o) > 0 {
            return false;
        }
        match (self.outline_quad(), o.outline_quad()) {
            (Some(a), Some(b)) => convex_meet(&a, &b) == Meet::Overlap,
            _ => false,
        }
    }
    /// The outline as one quad (`None` with no bases). The bases tile it
    /// exactly: their corners are whole hundredths worked out from the
    /// same halves, neighbouring bases share their edges and the outer
    /// corners are the outline's. So the least distance between two
    /// formations' bases is that between their outlines, and some of their
    /// bases overlap exactly when the outlines do: a question about two
    /// whole units asks one pair of quads instead of every pair of bases.
    pub fn outline_quad(&self) -> Option<[Point; 4]> {
        (self.count > 0).then(|| self.outline())
    }
    /// The outline of the whole unit: front-left, front-right, rear-right,
    /// rear-left (exactly the outer corners of its bases).
    pub fn outline(&self) -> [Point; 4] {
        let (hf, hr) = self.halves();
        let (files, ranks) = self.files_ranks();
        let (side, back) = (hr.scale(files), hf.scale(2 * ranks));
        let a = self.front.at;
        [
            offset(a, side.reversed()),
            offset(a, side),
            offset(a, side.minus(back)),
            offset(a, side.plus(back).reversed()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sine_table_matches_f64() {
        for t in -3600..=7200 {
            let r = (t as f64 / 10.0).to_radians();
            let s = sin(Degrees(t)) as f64 / 65536.0;
            let c = cos(Degrees(t)) as f64 / 65536.0;
            assert!((s - r.sin()).abs() <= 0.5 / 65536.0 + 1e-12, "sin {t}");
            assert!((c - r.cos()).abs() <= 0.5 / 65536.0 + 1e-12, "cos {t}");
        }
    }

    #[test]
    fn sine_symmetries_hold_exactly() {
        for t in 0..3600 {
            let a = Degrees(t);
            assert_eq!(sin(Degrees(t + 1800)), -sin(a));
            assert_eq!(sin(Degrees(-t)), -sin(a));
            assert_eq!(cos(Degrees(-t)), cos(a));
            assert_eq!(cos(a), sin(Degrees(900 - t)));
            assert_eq!(sin(Degrees(1800 - t)), sin(a));
            let n = sin(a).pow(2) + cos(a).pow(2);
            assert!((n - (1 << 32)).abs() <= 2 * 65536, "{t}: {n}");
        }
        assert_eq!(sin(Degrees(0)), 0);
        assert_eq!(sin(Degrees(900)), 65536);
        assert_eq!(sin(Degrees(300)), 32768);
    }

    #[test]
    fn rounding_is_symmetric() {
        for n in -1000..1000 {
            assert_eq!(div_round(-n, 7), -div_round(n, 7));
        }
        assert_eq!(div_round(5, 10), 1);
        assert_eq!(div_round(-5, 10), -1);
        assert_eq!(div_round(4, 10), 0);
    }
}
