//! Visibility: what a unit sees. Woods, towns and scrub (4" inside, 2"
//! from an edge), hedges (seen through from behind; a stationary unit
//! behind one seen only close) are `geometry::line_of_sight`'s; this
//! module adds the weather's sight distance and the hills.
//!
//! Our readings (docs/red_actions/rulings.md, Visibility): heights are
//! levels (flat 0, gentle rise 1, hill and steep hill 2, tall hill 3; a
//! point's level is the highest area it lies in). Of the two ends of a
//! sight line the higher one decides:
//! - a hill or rise crossed by the line (holding neither end) that is at
//!   least as high as the higher end is a crest: it blocks;
//! - a lower one is overlooked, but the lower end is hidden when it lies
//!   lower than that crest and within its dead ground: 2" (the table's
//!   `dead_ground`, ours), or, for a tall hill looking over a lower hill,
//!   the gap between the two hills;
//! - from a hill (not a rise) looking down, woods, towns and scrub crossed
//!   by the line (holding neither end) do not block, except for what lies
//!   within 2" of them (their dead ground).
//!
//! Units never block sight.

use super::RedActions;
use crate::geometry::{Polygon, boundary_dist2, dist2, in_polygon, line_of_sight, segment_enters};
use crate::scenario::Elevation;
use engine::param::{Inches, Point};

/// A height as a level.
pub fn level(e: Elevation) -> u8 {
    match e {
        Elevation::Flat => 0,
        Elevation::Rise => 1,
        Elevation::Hill | Elevation::Steep => 2,
        Elevation::Tall => 3,
    }
}

/// The least distance between two polygons' outlines (0 if they meet).
fn polygon_gap(a: &Polygon, b: &Polygon) -> Inches {
    let mut best: Option<crate::geometry::SqDist> = None;
    for (p, q) in [(a, b), (b, a)] {
        for &v in &p.points {
            if in_polygon(q, v) {
                return Inches::ZERO;
            }
            let d = boundary_dist2(q, v);
            if best.is_none_or(|b| d < b) {
                best = Some(d);
            }
        }
    }
    best.map_or(Inches::ZERO, |d| d.inches())
}

impl RedActions {
    /// The hills (areas with a height), with their levels.
    fn hills(&self) -> impl Iterator<Item = (&Polygon, u8)> + '_ {
        self.prep.hills.iter().map(|(p, h)| (p, *h))
    }

    /// The level of the ground at `p`.
    pub fn height(&self, p: Point) -> u8 {
        self.hills()
            .filter(|(poly, _)| in_polygon(poly, p))
            .map(|(_, h)| h)
            .max()
            .unwrap_or(0)
    }

    /// Whether hills hide `to` from `from` (or the other way: sight is
    /// the same both ways).
    pub fn hills_hide(&self, from: Point, to: Point) -> bool {
        let (hf, ht) = (self.height(from), self.height(to));
        let (hi_p, hi, lo_p, lo) = if hf >= ht {
            (from, hf, to, ht)
        } else {
            (to, ht, from, hf)
        };
        let dead = self.sc().tables.visibility.dead_ground;
        let high_hill = self
            .hills()
            .filter(|(poly, h)| *h == hi && in_polygon(poly, hi_p))
            .map(|(poly, _)| poly)
            .next();
        for (poly, h) in self.hills() {
            if in_polygon(poly, from) || in_polygon(poly, to) || !segment_enters(from, to, poly) {
                continue;
            }
            if h >= hi {
                return true;
            }
            if lo < h {
                let d = match &high_hill {
                    Some(top) if hi == 3 && h >= 2 => polygon_gap(top, poly),
                    _ => dead,
                };
                if boundary_dist2(poly, lo_p).within(d) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a unit at `from` sees a point `to` (`conspicuous`: a target
    /// that is not stationary infantry or unlimbered guns), with the
    /// weather's sight distance, woods, towns, hedges and hills.
    pub fn sees(&self, from: Point, to: Point, conspicuous: bool) -> bool {
        if !dist2(from, to).within(self.sight_range()) {
            return false;
        }
        let (hf, ht) = (self.height(from), self.height(to));
        let (hi, lo_p, lo) = if hf >= ht {
            (hf, to, ht)
        } else {
            (ht, from, hf)
        };
        let overlook = hi >= 2 && hi > lo;
        let dead = self.sc().tables.visibility.dead_ground;
        let mut areas = Vec::new();
        for poly in &self.prep.sight {
            let holds_end = in_polygon(poly, from) || in_polygon(poly, to);
            if overlook && !holds_end {
                if segment_enters(from, to, poly) && boundary_dist2(poly, lo_p).within(dead) {
                    return false;
                }
                continue;
            }
            areas.push(poly);
        }
        let hedges: Vec<_> = self.prep.hedges.iter().collect();
        line_of_sight(from, to, &areas, &hedges, &self.sight_rules(), conspicuous)
            && !self.hills_hide(from, to)
    }
}
