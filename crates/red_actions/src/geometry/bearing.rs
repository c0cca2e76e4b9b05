//! Bearings: fire arcs, flank and rear charges, enfilade, "in line".

use super::{Base, Vec2, convex_contains};
use engine::param::{Degrees, Point};
use serde::{Deserialize, Serialize};

/// A fire arc: everything within `half` either side of `facing`, seen from
/// `origin` (a half of 180° or more is all round).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arc {
    pub origin: Point,
    pub facing: Degrees,
    pub half: Degrees,
}

impl Arc {
    /// The arc ahead of a base, from the middle of its front edge (rifles,
    /// sabres and guns: ±22°; vehicle guns ±45°, sponsons ±90°, turrets
    /// ±180°).
    pub fn ahead(base: &Base, half: Degrees) -> Arc {
        Arc {
            origin: base.front_centre(),
            facing: base.pose.facing,
            half,
        }
    }
    /// The arc behind a base, from the middle of its rear edge (tachankas).
    pub fn behind(base: &Base, half: Degrees) -> Arc {
        Arc {
            origin: base.rear_centre(),
            facing: Degrees(base.pose.facing.0 + 1800).normalised(),
            half,
        }
    }
    /// The boundary directions, anticlockwise edge first (each the facing
    /// rotated by the half, from the sine table).
    fn edges(&self) -> (Vec2, Vec2) {
        (
            Vec2::facing(Degrees(self.facing.0 - self.half.0)),
            Vec2::facing(Degrees(self.facing.0 + self.half.0)),
        )
    }
    fn all_round(&self) -> bool {
        self.half.0 >= 1800
    }
    /// Whether the direction `v` (from the origin) is in the arc, its edges
    /// included; the origin itself is.
    fn holds(&self, v: Vec2) -> bool {
        if self.all_round() || (v.x == 0 && v.y == 0) {
            return true;
        }
        if self.half.0 < 0 {
            return false;
        }
        let (l, r) = self.edges();
        if self.half.0 <= 900 {
            l.cross(v) >= 0 && v.cross(r) >= 0
        } else {
            l.cross(v) >= 0 || v.cross(r) >= 0
        }
    }
    /// Whether `p` lies within the arc (exact against the table's rotated
    /// facing vectors; the edges count as in).
    pub fn contains(&self, p: Point) -> bool {
        self.holds(Vec2::between(self.origin, p))
    }
    /// Whether any part of `target` lies within the arc: a corner in it, an
    /// edge of the arc crossing the base, or the origin inside the base.
    pub fn reaches(&self, target: &Base) -> bool {
        self.reaches_corners(&target.corners())
    }
    /// [`Arc::reaches`] for a base given by its corners (as
    /// [`Base::corners`] gives them), the arc's edges worked out once.
    pub fn reaches_corners(&self, c: &[Point; 4]) -> bool {
        let (l, r) = self.edges();
        // `holds` with the edges at hand.
        let holds = |v: Vec2| {
            if self.all_round() || (v.x == 0 && v.y == 0) {
                return true;
            }
            if self.half.0 < 0 {
                return false;
            }
            if self.half.0 <= 900 {
                l.cross(v) >= 0 && v.cross(r) >= 0
            } else {
                l.cross(v) >= 0 || v.cross(r) >= 0
            }
        };
        if c.iter().any(|&p| holds(Vec2::between(self.origin, p)))
            || convex_contains(c, self.origin)
        {
            return true;
        }
        (0..4).any(|i| {
            let (a, b) = (c[i], c[(i + 1) % 4]);
            ray_meets_segment(self.origin, l, a, b) || ray_meets_segment(self.origin, r, a, b)
        })
    }
}

/// Whether the ray from `o` along `dir` meets the segment `a`–`b`.
pub fn ray_meets_segment(o: Point, dir: Vec2, a: Point, b: Point) -> bool {
    let (oa, ob) = (Vec2::between(o, a), Vec2::between(o, b));
    let (ca, cb) = (dir.cross(oa), dir.cross(ob));
    if (ca > 0 && cb > 0) || (ca < 0 && cb < 0) {
        return false;
    }
    let ab = Vec2::between(a, b);
    let den = dir.cross(ab);
    if den == 0 {
        // Parallel: on the ray's line only if collinear; then either end
        // ahead of the origin will do.
        return ca == 0 && (dir.dot(oa) >= 0 || dir.dot(ob) >= 0);
    }
    // The ray parameter s = cross(oa, ab) / den must be ≥ 0.
    let num = oa.cross(ab);
    (num >= 0) == (den > 0) || num == 0
}

/// Where a charger comes from, judged by the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aspect {
    Front,
    /// Most of the charger's bases are behind the line of the target's
    /// front (+1 terror, fights at ½).
    Flank,
    /// The bulk of the charger is between the lines extended down the
    /// target's sides, behind its front (+3 terror, fights at ½).
    Rear,
}

/// Which side of the directed line `a`→`b` `p` lies on: positive when `p`
/// is clockwise of it (to the right, as one walks from `a` to `b`).
fn side(a: Point, b: Point, p: Point) -> i128 {
    Vec2::between(a, b).cross(Vec2::between(a, p))
}

/// Whether `p` is strictly behind the line of the front of a target whose
/// outline is front-left, front-right, rear-right, rear-left.
pub fn behind_front(outline: &[Point; 4], p: Point) -> bool {
    let [fl, fr, _, rl] = *outline;
    let s = side(fl, fr, p);
    s != 0 && (s > 0) == (side(fl, fr, rl) > 0)
}

/// Whether `p` lies between the lines extended down the target's sides
/// (those lines included).
pub fn between_sides(outline: &[Point; 4], p: Point) -> bool {
    let [fl, fr, rr, rl] = *outline;
    let left = side(rl, fl, p);
    let right = side(rr, fr, p);
    let left_in = side(rl, fl, fr);
    let right_in = side(rr, fr, fl);
    (left == 0 || (left > 0) == (left_in > 0)) && (right == 0 || (right > 0) == (right_in > 0))
}

/// The aspect of a charge: the target's outline (front-left, front-right,
/// rear-right, rear-left) against the centres of the charger's bases.
/// "Most" and "bulk" are a strict majority of the centres; rear is judged
/// first.
pub fn charge_aspect(target: &[Point; 4], charger_centres: &[Point]) -> Aspect {
    let n = charger_centres.len();
    let behind: Vec<bool> = charger_centres
        .iter()
        .map(|&p| behind_front(target, p))
        .collect();
    let rear = charger_centres
        .iter()
        .zip(&behind)
        .filter(|&(&p, &b)| b && between_sides(target, p))
        .count();
    let flank = behind.iter().filter(|&&b| b).count();
    if 2 * rear > n {
        Aspect::Rear
    } else if 2 * flank > n {
        Aspect::Flank
    } else {
        Aspect::Front
    }
}

/// The angle of the enfilade lines off the target's front and rear (11°).
pub const ENFILADE: Degrees = Degrees(110);

/// Whether a shooter at `p` lies in the enfilade zone of a target whose
/// outline is front-left, front-right, rear-right, rear-left: beyond the
/// target's nearer end, and between a line from the far front corner
/// angled `angle` forward of the front line and a line from the far rear
/// corner angled `angle` behind the rear line (lines included).
pub fn in_enfilade(target: &[Point; 4], p: Point, angle: Degrees) -> bool {
    let [fl, fr, rr, rl] = *target;
    let along = Vec2::between(fl, fr);
    // The shooter's side: past the middle of the front towards the right end?
    let mid2 = Vec2::new(
        2 * p.x.0 as i64 - fl.x.0 as i64 - fr.x.0 as i64,
        2 * p.y.0 as i64 - fl.y.0 as i64 - fr.y.0 as i64,
    );
    let to_right = along.dot(mid2) > 0;
    let (far_front, far_rear, near_front, u) = if to_right {
        (fl, rl, fr, along)
    } else {
        (fr, rr, fl, along.reversed())
    };
    // Beyond the near end: past the line of the near side.
    if u.dot(Vec2::between(near_front, p)) <= 0 {
        return false;
    }
    let forward = Vec2::between(far_rear, far_front);
    let tilt = |towards: Vec2| {
        let a = u.rotated(angle);
        if a.dot(towards) > 0 {
            a
        } else {
            u.rotated(Degrees(-angle.0))
        }
    };
    let u1 = tilt(forward);
    let u2 = tilt(forward.reversed());
    let s1 = u1.cross(Vec2::between(far_front, p));
    let r1 = u1.cross(Vec2::between(far_front, far_rear));
    let s2 = u2.cross(Vec2::between(far_rear, p));
    let r2 = u2.cross(Vec2::between(far_rear, far_front));
    (s1 == 0 || (s1 > 0) == (r1 > 0)) && (s2 == 0 || (s2 > 0) == (r2 > 0))
}

/// Whether the bulk (a strict majority) of the shooters' points lie in the
/// enfilade zone (11°) of the target.
pub fn enfilades(target: &[Point; 4], shooters: &[Point]) -> bool {
    let n = shooters
        .iter()
        .filter(|&&p| in_enfilade(target, p, ENFILADE))
        .count();
    2 * n > shooters.len()
}

/// Whether a unit is "in line": each base faces within 10° of the next
/// (the bases in the unit's order, left to right).
pub fn in_line(bases: &[Base]) -> bool {
    bases.windows(2).all(|w| {
        let d = (w[0].pose.facing.0 - w[1].pose.facing.0).rem_euclid(3600);
        d.min(3600 - d) <= 100
    })
}
