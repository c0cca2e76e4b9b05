//! Movement: advance, wheel and turn as parameterised choices within the
//! unit's card speed, charged along the path of every base corner through
//! terrain (`geometry::path_cost`), on the table, clear of other units and
//! never closer than 2" to the enemy (except a charge: `charging`); a
//! column moving on a road pays only the uphill slopes (and wire); line to
//! column and back; entering at an entry point; and the moves the
//! rules make for a unit (retire, rout).
//!
//! Our readings: a move is checked where it ends and at every inch on the
//! way against the enemy (no passing through or past enemies); a unit may
//! pass through friends but not end on them; a wheel or turn that ends
//! within 2" of an enemy is refused only when it comes closer than before.
//! Reforming (line to column and back about the front centre) is a free
//! extra before the unit moves; it must fit on the table like any move.

use super::RedActions;
use crate::geometry::{
    self, AreaCost, Base, Bbox, Formation, LineCost, PathCost, Polygon, Polyline, Turn,
    corner_paths, dist2, offset, path_cost_boxed, round_sqrt,
};
use crate::scenario::Category;
use crate::state::{Action, Event, Order, Segment, State, Status, Unit, UnitId};
use crate::tables::{After, Mover};
use engine::param::{Degrees, Inches, Offer, Param, Point, Pose, Value};

/// A move worked out: where the unit ends and what it costs.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub formation: Formation,
    pub cost: PathCost,
}

/// Why a move is refused: in words, or (what most refused samples of
/// the listing overrun) the allowance, put in words only when they are
/// shown (the listing asks only whether).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    Words(String),
    Allowance {
        cost: Inches,
        allowance: Inches,
        so_far: Inches,
    },
}

impl std::fmt::Display for MoveRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveRefusal::Words(w) => f.write_str(w),
            MoveRefusal::Allowance {
                cost,
                allowance,
                so_far,
            } => write!(
                f,
                "it would cost {cost} of an allowance of {allowance} (with the terrain, {so_far} so far)"
            ),
        }
    }
}

impl From<String> for MoveRefusal {
    fn from(words: String) -> MoveRefusal {
        MoveRefusal::Words(words)
    }
}

impl From<&str> for MoveRefusal {
    fn from(words: &str) -> MoveRefusal {
        MoveRefusal::Words(words.to_string())
    }
}

impl From<MoveRefusal> for String {
    fn from(r: MoveRefusal) -> String {
        r.to_string()
    }
}

/// What a move's checks must look at ([`RedActions::near_move`]).
struct Near<'a> {
    areas: Vec<(&'a Polygon, AreaCost, Bbox)>,
    lines: Vec<(&'a Polyline, LineCost, Bbox)>,
    /// Other units on the table near the move, in their order.
    units: Vec<u16>,
    /// Whether any of them is an enemy.
    enemies: bool,
}

/// The paths of a move's base corners, for the terrain.
#[derive(Clone, Copy)]
enum Legs {
    /// No movement (a change of formation).
    None,
    /// Straight from each corner to the same corner at the end.
    Straight,
    /// The arcs of a wheel.
    Arcs(geometry::Side, Degrees),
}

/// The points on the way a move is checked at against the enemy.
enum Waypoints<'a> {
    List(&'a [Formation]),
    /// Straight ahead at every whole inch in `from..below`.
    Advance {
        from: i32,
        below: i32,
    },
}

/// Near enough to test two units base by base (bounding check).
const NEAR: i32 = 2500;

impl RedActions {
    pub fn mover(&self, u: &Unit) -> Mover {
        match self.cat(u) {
            Category::Sabre => Mover::Sabres,
            Category::Tachanka => Mover::Wheeled,
            c if c.is_gun() => Mover::Wheeled,
            Category::ArmouredCar => Mover::ArmouredCar,
            Category::Tank => Mover::Tank,
            Category::Officer if self.mounted(u) => Mover::Sabres,
            _ => Mover::Infantry,
        }
    }

    fn mounted(&self, u: &Unit) -> bool {
        u.officer.is_some_and(|o| {
            self.sc().pools[self.sc().army_of(u.side).pool].tokens[o.token as usize].mounted
        })
    }

    /// Whether every corner of every base is on the table.
    pub fn on_table(&self, f: &Formation) -> bool {
        self.outline_on_table(&f.outline())
    }

    /// [`RedActions::on_table`] of a formation's outline.
    fn outline_on_table(&self, q: &[Point; 4]) -> bool {
        let (w, d) = (self.sc().width.0, self.sc().depth.0);
        q.iter()
            .all(|p| (0..=w).contains(&p.x.0) && (0..=d).contains(&p.y.0))
    }

    /// Whether two placements may touch at all (a cheap bound first).
    fn near(a: &Formation, b: &Formation) -> bool {
        (a.front.at.x.0 - b.front.at.x.0).abs() < NEAR
            && (a.front.at.y.0 - b.front.at.y.0).abs() < NEAR
    }

    /// Why the unit may not stand at `to` having come from `from`
    /// (`enemy_only`: checking a point on the way).
    pub(crate) fn placement(
        &self,
        s: &State,
        id: UnitId,
        from: &Formation,
        to: &Formation,
        enemy_only: bool,
    ) -> Result<(), String> {
        self.placement_among(s, id, from, to, enemy_only, None)
    }

    /// [`RedActions::placement`] against the units listed in `among` (all
    /// when `None`): a move's broad phase lists those near enough to
    /// matter anywhere on it ([`Near`]), in their order.
    fn placement_among(
        &self,
        s: &State,
        id: UnitId,
        from: &Formation,
        to: &Formation,
        enemy_only: bool,
        among: Option<&[u16]>,
    ) -> Result<(), String> {
        // Each outline worked out once (`Formation::overlaps`, `within` and
        // `dist2` asked of them directly, with their bases' counts).
        let to_q = to.outline();
        if !self.outline_on_table(&to_q) {
            return Err("it would leave the table".into());
        }
        let me = s.unit(id);
        let zone = self.sc().tables.distances.enemy_zone;
        let mine = Bbox::of(&to_q);
        let from_q = std::cell::OnceCell::new();
        let all = 0..s.units.len() as u16;
        let ids: &mut dyn Iterator<Item = u16> = match among {
            Some(list) => &mut list.iter().copied(),
            None => &mut all.into_iter(),
        };
        for j in ids {
            let o = &s.units[j as usize];
            if j == id || !o.on_table() || !Self::near(to, &o.formation) {
                continue;
            }
            let enemy = o.side != me.side;
            if !enemy && enemy_only {
                continue;
            }
            // Boxes farther apart than the enemy zone (and a hundredth):
            // neither overlap nor the 2-inch rule can apply.
            if o.formation.box_gap_exceeds(&mine, zone.0 as i64 + 1) {
                continue;
            }
            // Whole units asked by their outlines (`Formation::outline_quad`).
            let theirs = &o.formation;
            if to.count == 0 || theirs.count == 0 {
                // No bases: neither overlaps nor comes within anything.
                continue;
            }
            let their_q = theirs.outline();
            if geometry::convex_meet(&to_q, &their_q) == geometry::Meet::Overlap {
                return Err(format!(
                    "it would run into {}",
                    self.name_for(s, Some(me.side), j)
                ));
            }
            if enemy && geometry::quad_within(&to_q, &their_q, zone) {
                let from_q = from_q.get_or_init(|| from.outline_quad());
                let before = from_q.map(|q| geometry::quad_dist2(&q, &their_q));
                let after = Some(geometry::quad_dist2(&to_q, &their_q));
                if after < before {
                    return Err(format!(
                        "it would come within {zone} of {} (only a charge may)",
                        self.name_for(s, Some(me.side), j)
                    ));
                }
            }
        }
        Ok(())
    }

    /// What may matter to a move of unit `id` whose paths stay within
    /// `paths` and whose placements (on the way and at the end) stay within
    /// `placed`: the terrain pieces whose boxes meet `paths` and the units
    /// whose boxes lie within the enemy zone (and a hundredth) of `placed`.
    /// Whatever it leaves out cannot change a check (the box tests the
    /// exact checks begin with would skip it).
    fn near_move(&self, s: &State, id: UnitId, paths: Bbox, placed: Bbox) -> Near<'_> {
        let u = s.unit(id);
        let m = self.mover(u) as usize;
        let prep = &self.prep;
        let areas = prep.areas[m]
            .iter()
            .zip(&prep.area_boxes[m])
            .filter(|(_, b)| b.meets(&paths))
            .map(|((p, c), b)| (p, *c, *b))
            .collect();
        let lines = prep.lines[m]
            .iter()
            .zip(&prep.line_boxes[m])
            .filter(|(_, b)| b.meets(&paths))
            .map(|((l, c), b)| (l, *c, *b))
            .collect();
        let zone = self.sc().tables.distances.enemy_zone.0 as i64 + 1;
        let mut units = Vec::new();
        let mut enemies = false;
        for (j, o) in s.units.iter().enumerate() {
            if j == id as usize || !o.on_table() {
                continue;
            }
            // Every corner of a unit lies within its bases' widths and
            // depths (and the rounding) of its front centre: a bound
            // without the trigonometry first.
            if !o.formation.box_gap_exceeds(&placed, zone) {
                units.push(j as u16);
                enemies |= o.side != u.side;
            }
        }
        Near {
            areas,
            lines,
            units,
            enemies,
        }
    }

    /// The terrain cost of the paths of the unit's base corners from `from`
    /// to `to` (`None`: impassable). Neighbouring bases share corners, and
    /// a shared corner's path is worked out once. `charged`: what the move
    /// charges in any case; with no terrain near, a wheel's corner whose
    /// arc is provably no dearer than that is not worked out (the result
    /// can only be used as `charged.max(...)`, with the same cap).
    fn legs_cost(
        &self,
        from: &Formation,
        to: &Formation,
        legs: Legs,
        near: &Near,
        charged: Inches,
    ) -> Option<PathCost> {
        let mut worst = PathCost::FREE;
        let mut take = |c: PathCost| {
            worst = PathCost {
                charged: worst.charged.max(c.charged),
                cap_quarters: worst.cap_quarters.min(c.cap_quarters),
            }
        };
        match legs {
            Legs::None => {}
            Legs::Straight
                if near.areas.is_empty()
                    && near.lines.is_empty()
                    && from.front.facing == to.front.facing
                    && Formation {
                        front: to.front,
                        ..*from
                    } == *to =>
            {
                // The same formation moved: every corner moves by the same
                // vector, in the open.
                let v = geometry::Vec2::between(from.front.at, to.front.at);
                take(PathCost {
                    charged: Inches(round_sqrt(v.len2() as u128) as i32),
                    cap_quarters: 4,
                });
            }
            Legs::Straight => {
                // The same formation moved (an advance): each corner at the
                // end is the corner at the start moved by the front
                // centre's vector (the corners are sums of the front
                // centre and the same offsets), not worked out again.
                let moved = from.front.facing == to.front.facing
                    && Formation {
                        front: to.front,
                        ..*from
                    } == *to;
                let v = geometry::Vec2::between(from.front.at, to.front.at);
                let starts = from.base_corners();
                let ends = if moved { None } else { Some(to.base_corners()) };
                let mut prev: Option<([Point; 4], [Point; 4])> = None;
                for (k, &(ca, _)) in starts.iter().enumerate() {
                    let cb = match &ends {
                        Some(e) => match e.get(k) {
                            Some(&(cb, _)) => cb,
                            None => break,
                        },
                        None => ca.map(|c| offset(c, v)),
                    };
                    for i in 0..4 {
                        let seen = prev.is_some_and(|(pa, pb)| {
                            (0..4).any(|j| pa[j] == ca[i] && pb[j] == cb[i])
                        });
                        if !seen {
                            take(path_cost_boxed(&[ca[i], cb[i]], &near.areas, &near.lines)?);
                        }
                    }
                    prev = Some((ca, cb));
                }
            }
            Legs::Arcs(pivot, angle) => {
                let p = from.pivot(pivot);
                let signed = pivot.turn(angle);
                // In the open a corner's chords (n of them) add up to less
                // than its arc and 3n hundredths: a rotated point is within
                // 0.71 + r/65536 hundredths of the true one (the sines are
                // within 1/131072), under 1.25 for any radius r under 300",
                // and each chord is rounded to the hundredth. When that is
                // within `charged`, the corner cannot raise the charge.
                let open = near.areas.is_empty() && near.lines.is_empty();
                let n = ((angle.0.abs() + 49) / 50).max(1) as u128;
                let cheap = |c: Point| {
                    let r2 = geometry::Vec2::between(p, c).len2().max(0) as u128;
                    let mut rc = r2.isqrt();
                    if rc * rc < r2 {
                        rc += 1;
                    }
                    // The arc with π taken as 355/113 (more than π).
                    let arc = (rc * angle.0.unsigned_abs() as u128 * 355).div_ceil(113 * 1800);
                    r2 < 30_000 * 30_000 && charged.0 >= 0 && arc + 3 * n <= charged.0 as u128
                };
                let mut prev: Option<[Point; 4]> = None;
                let mut arc = Vec::new();
                for (cs, _) in from.base_corners() {
                    for c in cs {
                        if prev.is_some_and(|pc| pc.contains(&c)) || (open && cheap(c)) {
                            continue;
                        }
                        geometry::arc_points_into(p, c, signed, Degrees(50), &mut arc);
                        if open {
                            take(path_cost_boxed(&arc, &[], &[])?);
                            continue;
                        }
                        // No terrain near this arc (its chords stay within
                        // the box of its points): in the open after all.
                        let ab = Bbox::of(&arc);
                        if !near.areas.iter().any(|a| a.2.meets(&ab))
                            && !near.lines.iter().any(|l| l.2.meets(&ab))
                            && cheap(c)
                        {
                            continue;
                        }
                        take(path_cost_boxed(&arc, &near.areas, &near.lines)?);
                    }
                    prev = Some(cs);
                }
            }
        }
        Some(worst)
    }

    /// The paths of the base corners of a move from `from` to `to`:
    /// straight lines, or the arcs a wheel sweeps (none for a change of
    /// formation in place).
    fn leg_paths(from: &Formation, to: &Formation, legs: Legs) -> Vec<Vec<Point>> {
        match legs {
            Legs::None => Vec::new(),
            Legs::Straight => corner_paths(&from.base_list(), &to.base_list()),
            Legs::Arcs(pivot, angle) => from.wheel_paths(pivot, angle),
        }
    }

    /// The way the middle of the front follows in a move: the straight
    /// line, or a wheel's arc.
    fn front_path(from: &Formation, to: &Formation, legs: Legs) -> Vec<Point> {
        match legs {
            Legs::Arcs(pivot, angle) => geometry::arc_points(
                from.pivot(pivot),
                from.front.at,
                pivot.turn(angle),
                Degrees(50),
            ),
            Legs::None | Legs::Straight => vec![from.front.at, to.front.at],
        }
    }

    /// The terrain a move on the road pays for (`RedActions::road_move`):
    /// the slopes when it climbs on its way (a wheel's arc, not its
    /// chord), and wire; the units of `near`.
    fn road_near(&self, u: &Unit, to: &Formation, legs: Legs, near: &Near) -> Near<'_> {
        let m = self.mover(u) as usize;
        let prep = &self.prep;
        let areas = if self.climbs_along(&Self::front_path(&u.formation, to, legs)) {
            prep.road_areas[m]
                .iter()
                .map(|(p, c)| (p, *c, Bbox::of(&p.points)))
                .collect()
        } else {
            Vec::new()
        };
        let lines = prep.road_lines[m]
            .iter()
            .map(|(l, c)| (l, *c, Bbox::of(&l.points)))
            .collect();
        Near {
            areas,
            lines,
            units: near.units.clone(),
            enemies: near.enemies,
        }
    }

    fn terrain(&self, u: &Unit, paths: &[Vec<Point>]) -> Option<PathCost> {
        let m = self.mover(u) as usize;
        let prep = &self.prep;
        let areas: Vec<_> = prep.areas[m]
            .iter()
            .zip(&prep.area_boxes[m])
            .map(|((p, c), b)| (p, *c, *b))
            .collect();
        let lines: Vec<_> = prep.lines[m]
            .iter()
            .zip(&prep.line_boxes[m])
            .map(|((l, c), b)| (l, *c, *b))
            .collect();
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

    /// The checks every voluntary move shares: the unit may move, the
    /// terrain lets it and the allowance covers it; then the placements on
    /// the way (`waypoints`, against the enemy) and at the end.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        to: Formation,
        charged: Inches,
        legs: Legs,
        waypoints: Waypoints,
        near: &Near,
    ) -> Result<Step, MoveRefusal> {
        let u = s.unit(id);
        let road;
        let ground = if self.road_move(s, id, &to) {
            road = self.road_near(u, &to, legs, near);
            &road
        } else {
            near
        };
        let terrain = match self.legs_cost(&u.formation, &to, legs, ground, charged) {
            Some(t) => t,
            None => self.crushed_wire_cost(s, id, seg, &to, legs, ground, charged)?,
        };
        let cost = PathCost {
            charged: Inches(charged.0.max(terrain.charged.0)),
            cap_quarters: terrain.cap_quarters,
        };
        let total = PathCost {
            charged: Inches(seg.charged.0 + cost.charged.0),
            cap_quarters: seg.cap_quarters.min(cost.cap_quarters),
        };
        if !total.fits(seg.allowance) {
            return Err(MoveRefusal::Allowance {
                cost: cost.charged,
                allowance: Inches(seg.allowance.0 * total.cap_quarters as i32 / 4),
                so_far: seg.charged,
            });
        }
        let among = Some(&near.units[..]);
        match waypoints {
            Waypoints::List(list) => {
                for w in list {
                    if near.enemies {
                        self.placement_among(s, id, &u.formation, w, true, among)?;
                    } else if !self.on_table(w) {
                        // With no enemy near, only the table edge can stop
                        // a point on the way.
                        return Err("it would leave the table".into());
                    }
                }
            }
            Waypoints::Advance { from, below } => {
                // A straight advance stays on the table wherever its ends
                // do (the corners move monotonically), and the end is
                // checked next with the same words: with no enemy near,
                // nothing on the way can refuse it first.
                if near.enemies {
                    let f = u.formation;
                    for k in (from..below).step_by(100) {
                        let w = f.advanced(Inches(k)).formation;
                        self.placement_among(s, id, &f, &w, true, among)?;
                    }
                }
            }
        }
        self.placement_among(s, id, &u.formation, &to, false, among)?;
        Ok(Step {
            formation: to,
            cost: total,
        })
    }

    /// An armoured car's move whose only obstacle is wire it crosses at
    /// crushed strips (Terrain Effects: crushed wire, "entire move*"):
    /// the crossing takes the car's entire move, so it must be the first
    /// of its segment and spends the whole allowance. Otherwise the
    /// terrain's refusal.
    #[allow(clippy::too_many_arguments)]
    fn crushed_wire_cost(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        to: &Formation,
        legs: Legs,
        ground: &Near,
        charged: Inches,
    ) -> Result<PathCost, String> {
        let impassable = || "impassable terrain is in the way".to_string();
        let u = s.unit(id);
        if self.cat(u) != Category::ArmouredCar || s.crushed.is_empty() {
            return Err(impassable());
        }
        // The corners' ways: a wheel's arcs, as the terrain is judged.
        let paths = Self::leg_paths(&u.formation, to, legs);
        if !self.car_over_crushed_wire(s, &paths)? {
            return Err(impassable());
        }
        let rest = Near {
            areas: ground.areas.clone(),
            lines: (ground.lines.iter())
                .filter(|(l, _, _)| !self.is_wire(l))
                .cloned()
                .collect(),
            units: Vec::new(),
            enemies: false,
        };
        let cost = self
            .legs_cost(&u.formation, to, legs, &rest, charged)
            .ok_or_else(impassable)?;
        if seg.moved || seg.charged > Inches::ZERO {
            return Err(
                "crossing crushed wire takes an armoured car's entire move: not after moving"
                    .into(),
            );
        }
        Ok(PathCost {
            charged: Inches(seg.allowance.0.max(cost.charged.0)),
            cap_quarters: cost.cap_quarters,
        })
    }

    /// Why the unit cannot move at all now.
    fn may_move(&self, s: &State, id: UnitId, seg: &Segment) -> Result<(), String> {
        let u = s.unit(id);
        let c = self.cat(u);
        if u.status != Status::OnTable {
            return Err("it is not on the table".into());
        }
        if u.pinned {
            return Err("it is pinned (a pinned test first)".into());
        }
        if c.is_train_car() {
            return Err("a train car runs with its train (its engine's move)".into());
        }
        if let Some(r) = self.vehicle_move_refusal(s, id) {
            return Err(r);
        }
        if u.order == Order::Unlimbered && seg.allowance > Inches::ZERO && !seg.shot {
            return Err("unlimbered guns must limber to move".into());
        }
        if seg.allowance <= Inches::ZERO {
            return Err("it has no move left this segment".into());
        }
        Ok(())
    }

    pub fn advance(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        d: Inches,
    ) -> Result<Step, MoveRefusal> {
        self.may_move(s, id, seg)?;
        if d <= Inches::ZERO {
            return Err(format!("an advance of {d} goes nowhere (no moving backward)").into());
        }
        let f = s.unit(id).formation;
        if d.0 > 10 * seg.allowance.0 {
            return Err(format!("{d} is far beyond the allowance").into());
        }
        let m = f.advanced(d);
        let sweep = f.bbox().union(m.formation.bbox());
        let near = self.near_move(s, id, sweep, sweep);
        let waypoints = Waypoints::Advance {
            from: 100,
            below: d.0,
        };
        self.finish(
            s,
            id,
            seg,
            m.formation,
            m.charged,
            Legs::Straight,
            waypoints,
            &near,
        )
    }

    pub fn wheel(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        pivot: geometry::Side,
        angle: Degrees,
    ) -> Result<Step, MoveRefusal> {
        self.may_move(s, id, seg)?;
        self.keeps_heading(s, id)?;
        if angle.0 <= 0 || angle.0 > 1800 {
            return Err(format!("a wheel is of 0.1° to 180°, not {angle}").into());
        }
        let f = s.unit(id).formation;
        let m = f
            .wheeled(pivot, angle)
            .ok_or_else(|| "no such wheel".to_string())?;
        let waypoints: Vec<Formation> = (1..)
            .map(|k| k * 150)
            .take_while(|&k| k < angle.0)
            .filter_map(|k| f.wheeled(pivot, Degrees(k)).map(|m| m.formation))
            .collect();
        // The arcs stay within the radius of the farthest corner (and the
        // rounding of a rotated point) of the pivot.
        let p = f.pivot(pivot);
        let r2 = f
            .outline()
            .iter()
            .map(|&c| geometry::Vec2::between(p, c).len2())
            .max()
            .unwrap_or(0);
        let r = (r2.max(0) as u128).isqrt() as i32 + 2;
        let arcs = Bbox {
            x0: p.x.0 - r,
            y0: p.y.0 - r,
            x1: p.x.0 + r,
            y1: p.y.0 + r,
        };
        let placed = waypoints
            .iter()
            .fold(f.bbox().union(m.formation.bbox()), |b, w| b.union(w.bbox()));
        let near = self.near_move(s, id, arcs, placed);
        self.finish(
            s,
            id,
            seg,
            m.formation,
            m.charged,
            Legs::Arcs(pivot, angle),
            Waypoints::List(&waypoints),
            &near,
        )
    }

    /// Whether a wheel charges more in the open than the segment has
    /// left: then [`RedActions::wheel`] refuses it whatever the terrain
    /// (`finish` charges at least the open ground's distance and caps the
    /// allowance at most as the segment does, so the allowance refuses it
    /// if nothing sooner does). Asked before the terrain is worked out.
    pub(crate) fn wheel_beyond_allowance(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        pivot: geometry::Side,
        angle: Degrees,
    ) -> bool {
        s.unit(id).formation.wheeled(pivot, angle).is_some_and(|m| {
            let least = PathCost {
                charged: Inches(seg.charged.0 + m.charged.0),
                cap_quarters: seg.cap_quarters,
            };
            !least.fits(seg.allowance)
        })
    }

    pub fn turn(&self, s: &State, id: UnitId, seg: &Segment, t: Turn) -> Result<Step, MoveRefusal> {
        self.may_move(s, id, seg)?;
        self.keeps_heading(s, id)?;
        let f = s.unit(id).formation;
        let m = f.turned(t);
        let sweep = f.bbox().union(m.formation.bbox());
        let near = self.near_move(s, id, sweep, sweep);
        self.finish(
            s,
            id,
            seg,
            m.formation,
            m.charged,
            Legs::Straight,
            Waypoints::List(&[]),
            &near,
        )
    }

    /// Line (or formed) to column and back, about the front centre: a free
    /// extra before the unit moves or shoots.
    pub fn reform(&self, s: &State, id: UnitId, seg: &Segment) -> Result<Step, MoveRefusal> {
        let u = s.unit(id);
        if seg.moved || seg.shot {
            return Err("a change of formation comes before moving or shooting".into());
        }
        if !(self.cat(u).is_rifles() || self.cat(u) == Category::Sabre) || u.bases() < 2 {
            return Err(format!("{} has no formations to change", self.name(id)).into());
        }
        if u.pinned {
            return Err("it is pinned".into());
        }
        let mut to = u.formation;
        to.order = match to.order {
            geometry::Order::Line => geometry::Order::Column,
            geometry::Order::Column => geometry::Order::Line,
        };
        let seg = Segment {
            allowance: Inches(i32::MAX / 8),
            ..*seg
        };
        let near = self.near_move(s, id, Bbox::EMPTY, to.bbox());
        let step = self.finish(
            s,
            id,
            &seg,
            to,
            Inches::ZERO,
            Legs::None,
            Waypoints::List(&[]),
            &near,
        )?;
        Ok(Step {
            formation: step.formation,
            cost: PathCost {
                charged: Inches::ZERO,
                cap_quarters: 4,
            },
        })
    }

    pub(crate) fn do_move(
        &self,
        s: &mut State,
        id: UnitId,
        seg: &mut Segment,
        m: Step,
        ev: &mut Vec<Event>,
    ) {
        let before = seg.charged;
        if m.cost.charged > Inches::ZERO {
            seg.charged = m.cost.charged;
            seg.cap_quarters = m.cost.cap_quarters;
            seg.moved = true;
        }
        s.unit_mut(id).formation = m.formation;
        ev.push(Event::Moved {
            unit: id,
            charged: Inches(seg.charged.0 - before.0),
        });
    }

    /// What shooting leaves of the move (Moving and Shooting).
    pub fn after_shooting(&self, s: &State, id: UnitId) -> Inches {
        let u = s.unit(id);
        let c = self.cat(u);
        let row = if c.is_rifles() {
            0
        } else if c == Category::Sabre {
            1
        } else if c.is_mg() || c == Category::Mortar {
            2
        } else if c.is_gun() {
            3
        } else if c == Category::ArmouredCar {
            4
        } else {
            5
        };
        let speed = self.troop(u).speed;
        match self.sc().tables.move_fire[row].after {
            After::Full => speed,
            After::Half => speed.fraction(1, 2),
            After::None => Inches::ZERO,
            After::Prolong(x) => x,
        }
    }

    /// The farthest the unit can advance now (stepping an inch at a time,
    /// then to the hundredth): the advance of a whole number of inches
    /// before the first refused one (or the allowance), then the bisection
    /// of the last inch.
    ///
    /// Every advance tried is checked as [`RedActions::advance`] would, but
    /// for its points on the way: they are the whole inches already
    /// accepted as ends (an end is checked against every unit, a point on
    /// the way only against the enemy), so they cannot refuse it.
    pub fn max_advance(&self, s: &State, id: UnitId, seg: &Segment) -> Inches {
        if self.may_move(s, id, seg).is_err() {
            return Inches::ZERO;
        }
        let left = seg.allowance.0 - seg.charged.0;
        if left <= 0 {
            return Inches::ZERO;
        }
        let f = s.unit(id).formation;
        let sweep = f.bbox().union(f.advanced(Inches(left)).formation.bbox());
        let near = self.near_move(s, id, sweep, sweep);
        let ok = |d: i32| {
            let m = f.advanced(Inches(d));
            let waypoints = Waypoints::Advance { from: 0, below: 0 };
            self.finish(
                s,
                id,
                seg,
                m.formation,
                m.charged,
                Legs::Straight,
                waypoints,
                &near,
            )
            .is_ok()
        };
        let mut lo = 0;
        let mut hi = None;
        let mut d = 100;
        while d < left {
            if ok(d) {
                lo = d;
                d += 100;
            } else {
                hi = Some(d);
                break;
            }
        }
        let hi = match hi {
            Some(h) => h,
            None if ok(left) => return Inches(left),
            None => left,
        };
        let (mut a, mut b) = (lo, hi);
        while b - a > 1 {
            let m = (a + b) / 2;
            if ok(m) {
                a = m;
            } else {
                b = m;
            }
        }
        Inches(a)
    }

    /// The widest wheel the allowance pays for (the terrain may refuse it).
    fn max_wheel(&self, s: &State, id: UnitId, seg: &Segment, pivot: geometry::Side) -> Degrees {
        let f = s.unit(id).formation;
        let full = f.wheeled(pivot, Degrees(1800)).map_or(0, |m| m.charged.0);
        let left = (seg.allowance.0 - seg.charged.0).max(0) as i64;
        if full <= 0 {
            return Degrees(0);
        }
        Degrees((left * 1800 / full as i64).min(1800) as i32)
    }

    /// The finite sample of moves for the tester, bots and keyboard.
    pub fn move_samples(&self, s: &State, id: UnitId, out: &mut Vec<Action>) {
        let seg = self.segment_of(s, id);
        if self.may_move(s, id, &seg).is_err() {
            return;
        }
        // A quarter, half and all of what is left, each checked once when
        // listed (the farthest it can go is the offer's, `max_advance`:
        // stepping to it an inch at a time is too dear for every listing).
        let left = Inches(seg.allowance.0 - seg.charged.0);
        for (n, d) in [(1, 4), (1, 2), (1, 1)] {
            let dist = left.fraction(n, d);
            if dist > Inches::ZERO {
                out.push(Action::Advance {
                    unit: id,
                    distance: dist,
                });
            }
        }
        // One wheel each way (30°): a wheel is the dearest move to check
        // (its arcs through the terrain), and any angle up to 180° may be
        // offered.
        for a in [300] {
            for pivot in [geometry::Side::Left, geometry::Side::Right] {
                out.push(Action::Wheel {
                    unit: id,
                    pivot,
                    angle: Degrees(a),
                });
            }
        }
        if !seg.moved {
            for turn in [Turn::Left, Turn::Right, Turn::About] {
                out.push(Action::Turn { unit: id, turn });
            }
        }
    }

    /// The parameterised moves of a unit, with their limits.
    pub fn move_offers(&self, s: &State, id: UnitId, out: &mut Vec<Offer<Action>>) {
        let seg = self.segment_of(s, id);
        if self.may_move(s, id, &seg).is_err() || s.unit(id).routing {
            return;
        }
        let name = self.name(id).to_string();
        let max = self.max_advance(s, id, &seg);
        if max > Inches::ZERO {
            out.push(Offer::new(
                format!("{name}: advance up to {max}"),
                Param::Distance {
                    min: Inches(1),
                    max,
                },
                move |v| match v {
                    Value::Distance(distance) => Some(Action::Advance { unit: id, distance }),
                    _ => None,
                },
            ));
        }
        for (pivot, word) in [
            (geometry::Side::Left, "left (on its left corner)"),
            (geometry::Side::Right, "right (on its right corner)"),
        ] {
            let max = self.max_wheel(s, id, &seg, pivot);
            if max.0 > 0 {
                out.push(Offer::new(
                    format!("{name}: wheel {word} up to {max}"),
                    Param::Angle {
                        min: Degrees(1),
                        max,
                    },
                    move |v| match v {
                        Value::Angle(angle) => Some(Action::Wheel {
                            unit: id,
                            pivot,
                            angle,
                        }),
                        _ => None,
                    },
                ));
            }
        }
    }

    // ------------------------------------------------------------ entering

    /// Where a waiting unit would enter: its rear on the edge at `at`
    /// percent along the entry, facing into the table.
    pub fn entry_formation(&self, s: &State, id: UnitId, at: u8) -> Option<Formation> {
        let u = s.unit(id);
        let e = &self.sc().sides[u.side.index()].entries[u.entry? as usize];
        let at = at.min(100) as i64;
        let p = Point {
            x: Inches((e.from.x.0 as i64 + (e.to.x.0 - e.from.x.0) as i64 * at / 100) as i32),
            y: Inches((e.from.y.0 as i64 + (e.to.y.0 - e.from.y.0) as i64 * at / 100) as i32),
        };
        let (w, d) = (self.sc().width.0, self.sc().depth.0);
        let facing = if e.from.x.0 == 0 && e.to.x.0 == 0 {
            900
        } else if e.from.x.0 == w && e.to.x.0 == w {
            2700
        } else if e.from.y.0 == 0 && e.to.y.0 == 0 {
            1800
        } else if e.from.y.0 == d && e.to.y.0 == d {
            0
        } else {
            return None;
        };
        let mut f = u.formation;
        f.front = Pose {
            at: p,
            facing: Degrees(facing),
        };
        let (_, ranks) = f.files_ranks();
        let depth = Inches(f.depth.0 * ranks as i32);
        f.front.at = offset(p, geometry::local(Degrees(facing), 0, depth.0 as i64, 1));
        // Keep the whole front on the table along the edge.
        let mut best = None;
        for shift in [0i32, 100, -100, 200, -200, 300, -300, 400, -400] {
            let mut g = f;
            g.front.at = offset(
                f.front.at,
                geometry::local(Degrees(facing), shift as i64, 0, 1),
            );
            if self.on_table(&g) {
                best = Some(g);
                break;
            }
        }
        best
    }

    pub fn enter_cost(&self, s: &State, id: UnitId) -> Inches {
        let f = s.unit(id).formation;
        let (_, ranks) = f.files_ranks();
        Inches(f.depth.0 * ranks as i32)
    }

    pub(crate) fn enter_refusal(&self, s: &State, id: UnitId, at: u8) -> Option<String> {
        let u = s.unit(id);
        if u.status != Status::Waiting {
            return Some(format!("{} is on the table already", self.name(id)));
        }
        if at > 100 {
            return Some("the place along the entry runs from 0 to 100".into());
        }
        let Some(f) = self.entry_formation(s, id, at) else {
            return Some("the entry point is not on a table edge".into());
        };
        self.placement(s, id, &f, &f, false).err()
    }

    pub(crate) fn enter(&self, s: &mut State, id: UnitId, at: u8, ev: &mut Vec<Event>) {
        if let Some(f) = self.entry_formation(s, id, at) {
            let u = s.unit_mut(id);
            u.formation = f;
            u.status = Status::OnTable;
            ev.push(Event::Entered { unit: id });
        }
    }

    // ------------------------------------------------------------ moved by the rules

    /// Moves a unit straight along its facing by up to `d` (negative:
    /// backward), as far as it can: it stops short of other units and
    /// impassable terrain. Returns the distance moved and what stopped it.
    pub(crate) fn forced_move(&self, s: &State, id: UnitId, d: Inches) -> (Inches, Blocked) {
        let u = s.unit(id);
        let f = u.formation;
        let sign = d.0.signum();
        let mut last = 0;
        let step = 25;
        let mut k = step;
        while k < d.0.abs() + step {
            let k2 = k.min(d.0.abs());
            let to = f.advanced(Inches(sign * k2)).formation;
            if !self.on_table(&to) {
                return (Inches(sign * last), Blocked::Edge);
            }
            let paths = corner_paths(&f.base_list(), &to.base_list());
            if self.terrain(u, &paths).is_none() {
                return (Inches(sign * last), Blocked::Impassable);
            }
            let bases = to.base_list();
            for (j, o) in s.units.iter().enumerate() {
                if j != id as usize
                    && o.on_table()
                    && Self::near(&to, &o.formation)
                    && geometry::units_overlap(&bases, &o.formation.base_list())
                {
                    let by = if o.side == u.side {
                        Blocked::Friend
                    } else {
                        Blocked::Enemy
                    };
                    return (Inches(sign * last), by);
                }
            }
            last = k2;
            k += step;
        }
        (Inches(sign * last), Blocked::Nothing)
    }

    /// The nearest enemy on the table, by base distance.
    pub fn nearest_enemy(&self, s: &State, id: UnitId) -> Option<UnitId> {
        let me = s.unit(id);
        // Whole units asked by their outlines (the unit's bases only on
        // the table).
        let mine = me.on_table().then_some(me.formation);
        s.ids()
            .filter(|&j| s.unit(j).side != me.side && s.unit(j).on_table())
            .min_by_key(|&j| {
                mine.and_then(|m| m.dist2(&s.unit(j).formation))
                    .map(|d| d.inches().0)
                    .unwrap_or(i32::MAX)
            })
    }

    /// Whether `p` lies ahead of the unit's front (on its facing's side).
    pub fn ahead_of(&self, u: &Unit, p: Point) -> bool {
        let v = geometry::Vec2::facing(u.formation.front.facing);
        v.dot(geometry::Vec2::between(u.formation.front.at, p)) > 0
    }

    /// Whether the bases' centres are mostly within some distance.
    pub fn centres(bases: &[Base]) -> Vec<Point> {
        bases.iter().map(|b| b.pose.at).collect()
    }

    pub fn distance(a: Point, b: Point) -> Inches {
        dist2(a, b).inches()
    }
}

/// What stopped a move the rules make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    Nothing,
    Edge,
    Impassable,
    Friend,
    Enemy,
}
