//! The primitive moves of a unit in formation: advance, incline, wheel and
//! turn, each giving the new formation and the distance it charges.

use super::{
    AreaCost, Base, Formation, LineCost, Order, PathCost, Polygon, Polyline, Vec2, isqrt_ceil,
    local, offset, path_cost_boxed, rotate,
};
use engine::param::{Degrees, Inches, Point, Pose};
use serde::{Deserialize, Serialize};

/// One end of a unit (the pivot of a wheel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    /// The turn (clockwise positive) of a wheel of `angle` about this end:
    /// the free end swings forward, so a wheel on the left corner turns the
    /// unit anticlockwise (a left wheel) and one on the right clockwise.
    pub fn turn(self, angle: Degrees) -> Degrees {
        match self {
            Side::Left => Degrees(-angle.0),
            Side::Right => angle,
        }
    }

    /// The pivot of a wheel turning the unit by `signed` (clockwise
    /// positive): the corner on the side it turns toward, the inner corner.
    pub fn toward(signed: Degrees) -> Side {
        if signed.0 < 0 {
            Side::Left
        } else {
            Side::Right
        }
    }
}

/// A change of facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Turn {
    /// 90° anticlockwise.
    Left,
    /// 90° clockwise.
    Right,
    /// 180°.
    About,
}

/// The largest incline: a unit may drift up to 20° off its facing.
pub const MAX_INCLINE: Degrees = Degrees(200);

/// A formation after a move and the distance the move charges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    pub formation: Formation,
    pub charged: Inches,
}

/// An upper bound of the arc swept at the squared radius `r2` (hundredths²)
/// through `angle`, rounded up to the hundredth: the radius is rounded up
/// (integer square root) and π taken as 355/113 (slightly more than π).
pub fn arc_length(r2: i128, angle: Degrees) -> Inches {
    let r = isqrt_ceil(r2.max(0) as u128);
    let a = angle.0.unsigned_abs() as u128;
    Inches((r * a * 355).div_ceil(113 * 1800) as i32)
}

/// Points along the arc swept by `start` rotating about `pivot` through
/// `angle` (clockwise when positive), one every `step` (a polyline for the
/// terrain it crosses; its chords are at most 0.03% shorter than the arc
/// for steps of 5°).
pub fn arc_points(pivot: Point, start: Point, angle: Degrees, step: Degrees) -> Vec<Point> {
    let mut out = Vec::new();
    arc_points_into(pivot, start, angle, step, &mut out);
    out
}

/// [`arc_points`] into `out` (cleared first), to reuse its room.
pub fn arc_points_into(
    pivot: Point,
    start: Point,
    angle: Degrees,
    step: Degrees,
    out: &mut Vec<Point>,
) {
    let step = step.0.abs().max(1);
    let n = ((angle.0.abs() + step - 1) / step).max(1);
    out.clear();
    out.extend((0..=n).map(|k| rotate(start, pivot, Degrees(angle.0 * k / n))));
}

/// Each base moved `d` along its own facing (negative: backwards, as a
/// retire moves).
pub fn advance_bases(bases: &[Base], d: Inches) -> Vec<Base> {
    bases
        .iter()
        .map(|b| {
            let mut n = *b;
            n.pose.at = offset(b.pose.at, local(b.pose.facing, 0, d.0 as i64, 1));
            n
        })
        .collect()
}

impl Formation {
    fn with_front(&self, at: Point, facing: Degrees) -> Formation {
        Formation {
            front: Pose {
                at,
                facing: facing.normalised(),
            },
            ..*self
        }
    }

    /// Straight ahead by `d` (negative: straight back, keeping the facing,
    /// as a retire moves). Every base moves exactly the same rounded
    /// vector, so advancing by `d` then by `−d` returns exactly.
    pub fn advanced(&self, d: Inches) -> Moved {
        let v = local(self.front.facing, 0, d.0 as i64, 1);
        Moved {
            formation: self.with_front(offset(self.front.at, v), self.front.facing),
            charged: Inches(d.0.abs()),
        }
    }

    /// Drifting `d` in a direction up to 20° off the facing (positive:
    /// to the right), keeping the facing: it charges `d`. `None` past 20°.
    pub fn inclined(&self, angle: Degrees, d: Inches) -> Option<Moved> {
        if angle.0.abs() > MAX_INCLINE.0 {
            return None;
        }
        let dir = Degrees(self.front.facing.0 + angle.0);
        let v = local(dir, 0, d.0 as i64, 1);
        Some(Moved {
            formation: self.with_front(offset(self.front.at, v), self.front.facing),
            charged: Inches(d.0.abs()),
        })
    }

    /// The front corner a wheel pivots on.
    pub fn pivot(&self, side: Side) -> Point {
        let o = self.outline();
        match side {
            Side::Left => o[0],
            Side::Right => o[1],
        }
    }

    /// Wheeling forward by `angle` (0° to 180°) about the front corner of
    /// the `pivot` end: the other end swings forward, so about the left end
    /// the unit turns anticlockwise (a left wheel) and about the right end
    /// clockwise ([`Side::turn`]). The
    /// pivot stays exactly where it was; every base pays the arc swept by
    /// the corner farthest from the pivot (an upper bound, see
    /// [`arc_length`]). `None` for a negative angle or more than 180°.
    pub fn wheeled(&self, pivot: Side, angle: Degrees) -> Option<Moved> {
        if !(0..=1800).contains(&angle.0) {
            return None;
        }
        let p = self.pivot(pivot);
        let r2 = self
            .outline()
            .iter()
            .map(|&c| Vec2::between(p, c).len2())
            .max()
            .unwrap_or(0);
        let facing = Degrees(self.front.facing.0 + pivot.turn(angle).0);
        // The pivot is the front-left (right) corner: the front centre
        // lies half the front to its right (left) along the new facing.
        let sign = match pivot {
            Side::Left => 1,
            Side::Right => -1,
        };
        let (files, _) = self.files_ranks();
        let hr = local(facing, self.width.0 as i64, 0, 2);
        Some(Moved {
            formation: self.with_front(offset(p, hr.scale(sign * files)), facing),
            charged: arc_length(r2, angle),
        })
    }

    /// Turning 90° or 180°: each base turns about its own centre. About
    /// face keeps the footprint and order (the rear becomes the front); a
    /// line turned 90° becomes a column headed by the base at that end, a
    /// column a line whose end toward the old front is the old head. With
    /// bases deeper than wide (or wider than deep) the others close up on
    /// that base. It charges the arc swept by a base's corner about its
    /// centre, plus the farthest any base had to close up.
    pub fn turned(&self, turn: Turn) -> Moved {
        let n = self.count as i64;
        let old = self.base_list();
        let (hf, hr) = self.halves();
        let (_, ranks) = self.files_ranks();
        let angle = match turn {
            Turn::Left => Degrees(-900),
            Turn::Right => Degrees(900),
            Turn::About => Degrees(1800),
        };
        let facing = Degrees(self.front.facing.0 + angle.0);
        let sweep = arc_length(hf.plus(hr).len2(), angle);
        if turn == Turn::About {
            let at = offset(self.front.at, hf.scale(-2 * ranks));
            return Moved {
                formation: self.with_front(at, facing),
                charged: sweep,
            };
        }
        let (nf, nr) = super::half_vectors(facing, self.width, self.depth);
        let last = old.len().saturating_sub(1);
        let (order, at) = match (self.order, turn) {
            (Order::Line, Turn::Right) => (Order::Column, offset(old[last].pose.at, nf)),
            (Order::Line, _) => (Order::Column, offset(old[0].pose.at, nf)),
            (Order::Column, Turn::Right) => (
                Order::Line,
                offset(old[0].pose.at, nf.plus(nr.scale(n - 1))),
            ),
            (Order::Column, _) => (
                Order::Line,
                offset(old[0].pose.at, nf.minus(nr.scale(n - 1))),
            ),
        };
        let formation = Formation {
            order,
            ..self.with_front(at, facing)
        };
        // Which old base each new one is (new order: left to right, front
        // to rear).
        let new = formation.base_list();
        let reversed = matches!(
            (self.order, turn),
            (Order::Line, Turn::Right) | (Order::Column, Turn::Left)
        );
        let close_up = new
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let j = if reversed { last - i } else { i };
                Vec2::between(old[j].pose.at, b.pose.at).len2()
            })
            .max()
            .unwrap_or(0);
        let close_up = Inches(isqrt_ceil(close_up as u128) as i32);
        Moved {
            formation,
            charged: Inches(sweep.0 + close_up.0),
        }
    }
}

/// The straight path of every base corner from one placement of a unit to
/// another (an advance, an incline, a retire), base by base.
pub fn corner_paths(from: &[Base], to: &[Base]) -> Vec<Vec<Point>> {
    from.iter()
        .zip(to)
        .flat_map(|(a, b)| {
            let (ca, cb) = (a.corners(), b.corners());
            (0..4).map(move |i| vec![ca[i], cb[i]])
        })
        .collect()
}

/// The dearest of several paths through terrain (the unit's corners): the
/// largest charge and the tightest cap. `None` if any is impassable.
pub fn worst_path_cost(
    paths: &[Vec<Point>],
    areas: &[(&Polygon, AreaCost)],
    lines: &[(&Polyline, LineCost)],
) -> Option<PathCost> {
    // Each piece's box once for all the paths.
    let (areas, lines) = super::boxed_pieces(areas, lines);
    let mut worst = PathCost::FREE;
    for p in paths {
        let c = path_cost_boxed(p, &areas, &lines)?;
        worst = PathCost {
            charged: worst.charged.max(c.charged),
            cap_quarters: worst.cap_quarters.min(c.cap_quarters),
        };
    }
    Some(worst)
}

impl Formation {
    /// The arcs swept by the corners of every base in a wheel, as chords
    /// every 5° (for the terrain they cross; in the open the chords are
    /// shorter than [`Moved::charged`], which bounds the arc itself, so a
    /// rule takes the larger of the two).
    pub fn wheel_paths(&self, pivot: Side, angle: Degrees) -> Vec<Vec<Point>> {
        let p = self.pivot(pivot);
        let signed = pivot.turn(angle);
        self.bases()
            .iter()
            .flat_map(|b| b.corners())
            .map(|c| arc_points(p, c, signed, Degrees(50)))
            .collect()
    }
}
