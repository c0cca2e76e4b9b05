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

use super::{Prepared, RedActions};
use crate::geometry::{
    Bbox, Polygon, boundary_dist2, dist2, in_polygon, line_of_sight_through, segment_enters,
};
use crate::scenario::{Elevation, Scenario};
use engine::param::{Inches, Point};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// What a sight line between two points gave, per thread, for the last
/// table asked about. Sight between two points reads nothing but the
/// table (its terrain, weather and tables), never the state, so a kept
/// answer is the answer; a random game asks the same lines again and
/// again (the hidden units against every enemy after every step, the
/// targets of every unit that lists its choices). The table is held by
/// its `Arc`s, so no other table can take its place at the same address.
#[derive(Default)]
struct SightMemo {
    table: Option<(Arc<Scenario>, Arc<Prepared>)>,
    seen: HashMap<SightKey, bool, BuildHasherDefault<MixHasher>>,
}

/// A quick multiply-and-rotate hash for the memo's keys (whole numbers,
/// nothing an adversary chooses).
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_i32(&mut self, i: i32) {
        self.write_u64(i as u32 as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The two ends and which question (see [`RedActions::sight_memo`]).
type SightKey = (i32, i32, i32, i32, u8);

/// Answers kept before the memo starts again (a few megabytes).
const SIGHT_MEMO_MAX: usize = 1 << 17;

thread_local! {
    static SIGHT_MEMO: RefCell<SightMemo> = RefCell::default();
}

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
    /// `ask()` for the sight line from `from` to `to`, kept per thread:
    /// `kind` tells the questions apart (each a pure function of the two
    /// points and the table).
    pub(crate) fn sight_memo(
        &self,
        from: Point,
        to: Point,
        kind: u8,
        ask: impl FnOnce() -> bool,
    ) -> bool {
        let key = (from.x.0, from.y.0, to.x.0, to.y.0, kind);
        let kept = SIGHT_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            let same = m.table.as_ref().is_some_and(|(sc, prep)| {
                Arc::ptr_eq(sc, &self.scenario) && Arc::ptr_eq(prep, &self.prep)
            });
            if !same {
                m.table = Some((self.scenario.clone(), self.prep.clone()));
                m.seen.clear();
            }
            m.seen.get(&key).copied()
        });
        if let Some(v) = kept {
            return v;
        }
        let v = ask();
        SIGHT_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.seen.len() >= SIGHT_MEMO_MAX {
                m.seen.clear();
            }
            m.seen.insert(key, v);
        });
        v
    }

    /// The hills (areas with a height, with their levels) whose boxes
    /// meet `b` (the others hold no point of it).
    pub(crate) fn hills_near(&self, b: Bbox) -> impl Iterator<Item = (&Polygon, u8)> + '_ {
        self.prep
            .hills
            .iter()
            .zip(&self.prep.hill_boxes)
            .filter(move |(_, hb)| hb.meets(&b))
            .map(|((p, h), _)| (p, *h))
    }

    /// The level of the ground at `p`.
    pub fn height(&self, p: Point) -> u8 {
        self.hills_near(Bbox::of(&[p]))
            .filter(|(poly, _)| in_polygon(poly, p))
            .map(|(_, h)| h)
            .max()
            .unwrap_or(0)
    }

    /// Whether hills hide `to` from `from` (or the other way: sight is
    /// the same both ways).
    pub fn hills_hide(&self, from: Point, to: Point) -> bool {
        self.hills_hide_at(from, to, (self.height(from), self.height(to)))
    }

    /// [`RedActions::hills_hide`] with the ends' heights known.
    fn hills_hide_at(&self, from: Point, to: Point, (hf, ht): (u8, u8)) -> bool {
        let (hi_p, hi, lo_p, lo) = if hf >= ht {
            (from, hf, to, ht)
        } else {
            (to, ht, from, hf)
        };
        let dead = self.sc().tables.visibility.dead_ground;
        let high_hill = self
            .hills_near(Bbox::of(&[hi_p]))
            .filter(|(poly, h)| *h == hi && in_polygon(poly, hi_p))
            .map(|(poly, _)| poly)
            .next();
        // A hill whose box misses the line's holds neither end and is not
        // entered: passed over below.
        for (poly, h) in self.hills_near(Bbox::of(&[from, to])) {
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
        self.sight_memo(from, to, conspicuous as u8, || {
            self.sees_uncached(from, to, conspicuous)
        })
    }

    /// [`RedActions::sees`] within the sight distance, worked out.
    fn sees_uncached(&self, from: Point, to: Point, conspicuous: bool) -> bool {
        let (hf, ht) = (self.height(from), self.height(to));
        let (hi, lo_p, lo) = if hf >= ht {
            (hf, to, ht)
        } else {
            (ht, from, hf)
        };
        let overlook = hi >= 2 && hi > lo;
        let dead = self.sc().tables.visibility.dead_ground;
        let line = Bbox::of(&[from, to]);
        // Neither holding an end nor entered: nothing below (and nothing in
        // line_of_sight) comes of an area whose box misses the line's.
        let near = || {
            (self.prep.sight.iter())
                .zip(&self.prep.sight_boxes)
                .filter(move |(_, pb)| pb.meets(&line))
        };
        // From a hill, an area holding neither end is overlooked (its dead
        // ground aside); line_of_sight judges the others.
        let overlooked =
            |poly: &Polygon| overlook && !(in_polygon(poly, from) || in_polygon(poly, to));
        if near().any(|(poly, _)| {
            overlooked(poly)
                && segment_enters(from, to, poly)
                && boundary_dist2(poly, lo_p).within(dead)
        }) {
            return false;
        }
        let areas = near().filter(|(poly, _)| !overlooked(poly));
        line_of_sight_through(
            from,
            to,
            areas,
            &self.prep.hedges,
            &self.sight_rules(),
            conspicuous,
        ) && !self.hills_hide_at(from, to, (hf, ht))
    }
}
