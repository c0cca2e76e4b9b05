//! Barbed Wire: only infantry and tanks cross it. Infantry stop at the
//! wire (an ordinary move cannot cross it), enter it (a segment), and on
//! each later turn roll 2d6: 9+ crosses and puts them on the far side;
//! engineers on 8+ also cut a gap a base wide, which later units cross
//! without a roll. Tanks cross as their terrain cell says (breakdown
//! tests are the vehicles' section).
//!
//! Our readings (docs/red_actions/rulings.md, Barbed Wire): a unit is at
//! the wire when a wire line passes within 1" of the middle of its front
//! edge; entering and each crossing attempt are the unit's whole segment;
//! crossing moves the unit straight ahead until its rear is ½" beyond the
//! wire, and it stays in the wire when that place is taken or off the
//! table; a gap serves a unit whose front middle is within one base
//! frontage of the gap's middle. A tank whose move takes its front middle
//! across a wire line rolls a d6 for the 4" strip it crossed: on 4+ the
//! strip is crushed, and infantry whose front middle is within 2" of its
//! middle cross there as at a gap (Terrain Effects gives crushed wire to
//! infantry at ½, which we read as passable at once). A tank with a
//! wire-removing device (trait `wire_clearing`) whose move starts and ends
//! with its front middle within 1" of the same wire line drives down it:
//! a d6 per 4" strip, 4+ crushed, 1 a temporary problem (stuck until 4+).
//! An armoured car crosses wire only where it is crushed, as its entire
//! move (Terrain Effects; the movement rules ask `car_over_crushed_wire`).

use super::{RedActions, Say};
use crate::geometry::{self, point_segment_dist2};
use crate::scenario::{Category, LineKind, Trait};
use crate::state::{Event, State, UnitId, VehicleCheck, VehicleResult};
use engine::param::{Inches, Point};

/// Infantry cross on 2d6 of this or more.
pub const WIRE_CROSS_ON: u8 = 9;
/// Engineers cross and cut a gap on this or more.
pub const WIRE_CUT_ON: u8 = 8;
/// A tank crushes a strip of wire on this d6 or more.
pub const WIRE_CRUSHED_ON: u8 = 4;
/// The strip of wire a d6 is rolled for ("each 100m (4\") strip").
pub const WIRE_STRIP: Inches = Inches(400);

impl RedActions {
    /// The wire line (index in the scenario's lines) at the unit's front.
    pub fn wire_at(&self, s: &State, id: UnitId) -> Option<u16> {
        let f = s.unit(id).formation.front.at;
        self.sc().lines.iter().enumerate().find_map(|(i, l)| {
            (l.kind == LineKind::Wire
                && l.points
                    .windows(2)
                    .any(|w| point_segment_dist2(f, w[0], w[1]).within(Inches::whole(1))))
            .then_some(i as u16)
        })
    }

    /// After a move it was made to make (a rout, a retire): a unit caught
    /// in the wire whose front middle is no longer at that wire is out of it.
    pub(crate) fn out_of_the_wire(&self, s: &mut State, id: UnitId) {
        if let Some(line) = s.unit(id).in_wire
            && (!s.unit(id).on_table() || self.wire_at(s, id) != Some(line))
        {
            s.unit_mut(id).in_wire = None;
        }
    }

    /// The point of the wire line nearest `p` (approximately: the nearest
    /// of points along each stretch, a tenth apart).
    fn wire_point(&self, line: u16, p: Point) -> Point {
        let l = &self.sc().lines[line as usize];
        let mut best = l.points[0];
        let mut best_d = geometry::dist2(p, best);
        for w in l.points.windows(2) {
            for k in 0..=10 {
                let q = Point {
                    x: Inches(w[0].x.0 + (w[1].x.0 - w[0].x.0) * k / 10),
                    y: Inches(w[0].y.0 + (w[1].y.0 - w[0].y.0) * k / 10),
                };
                let d = geometry::dist2(p, q);
                if d < best_d {
                    best = q;
                    best_d = d;
                }
            }
        }
        best
    }

    pub(crate) fn at_gap(&self, s: &State, id: UnitId) -> bool {
        let f = s.unit(id).formation.front.at;
        let w = self.sc().tables.distances.base_frontage;
        s.wire_gaps.iter().any(|&g| geometry::dist2(f, g).within(w))
            || s.crushed
                .iter()
                .any(|&g| geometry::dist2(f, g).within(Inches::whole(2)))
    }

    /// The wire line a move from `from` to `to` of a wire-clearing tank
    /// runs down (Barbed Wire: "Once successfully entered into the wire
    /// these may move down it"): its front middle within 1" of the line
    /// where the move starts and where it ends.
    pub fn clearing_line(&self, s: &State, id: UnitId, from: Point, to: Point) -> Option<u16> {
        if !self.has_trait(s, id, Trait::WireClearing) || from == to {
            return None;
        }
        let near = |l: &crate::scenario::Line, p: Point| {
            l.points
                .windows(2)
                .any(|w| point_segment_dist2(p, w[0], w[1]).within(Inches::whole(1)))
        };
        self.sc().lines.iter().enumerate().find_map(|(i, l)| {
            (l.kind == LineKind::Wire && near(l, from) && near(l, to)).then_some(i as u16)
        })
    }

    /// A wire-clearing tank's move down the wire: a d6 for each 4" strip
    /// (or part) its front middle ran along, in order: 4+ crushes the
    /// strip, and a 1 is a temporary problem (Tanks: "When crushing or
    /// clearing wire, a d6 of 1 indicates a temporary problem"): stuck
    /// until a 4+, and the strips after it are not reached this move.
    fn clear_wire(
        &self,
        s: &mut State,
        id: UnitId,
        line: u16,
        from: Point,
        to: Point,
        ev: &mut Vec<Event>,
    ) {
        let strip = WIRE_STRIP.0 as i64;
        let len = geometry::dist2(from, to).inches_ceil().0 as i64;
        let strips = ((len + strip - 1) / strip).max(1);
        for k in 0..strips {
            // The middle of the strip along the way.
            let mid = (k * strip + strip / 2).min(len);
            let at = Point {
                x: Inches(from.x.0 + ((to.x.0 - from.x.0) as i64 * mid / len.max(1)) as i32),
                y: Inches(from.y.0 + ((to.y.0 - from.y.0) as i64 * mid / len.max(1)) as i32),
            };
            let die = self.crush_die(s, id, line, at, ev);
            if die == crate::rules::vehicles::BREAKS_ON {
                ev.push(Event::VehicleDie {
                    unit: id,
                    check: VehicleCheck::Wire,
                    die,
                    bonus: 0,
                    result: VehicleResult::Stuck,
                });
                s.unit_mut(id).kit.broken_down = true;
                return;
            }
        }
    }

    /// A tank's d6 for a 4" strip of wire line `line` near `at`: on 4+ the
    /// strip is crushed (its point on the wire kept). Returns the die.
    fn crush_die(
        &self,
        s: &mut State,
        id: UnitId,
        line: u16,
        at: Point,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let die = self.d6(s);
        let crushed = die >= WIRE_CRUSHED_ON;
        ev.push(Event::WireCrushed {
            unit: id,
            die,
            crushed,
        });
        if crushed {
            let p = self.wire_point(line, at);
            s.crushed.push(p);
        }
        die
    }

    /// After a tank's move: a wire-clearing tank that drove down the wire
    /// clears it strip by strip; each other wire line its front middle
    /// crossed is a strip diced for.
    pub(crate) fn tank_on_wire(&self, s: &mut State, id: UnitId, from: Point, ev: &mut Vec<Event>) {
        if self.cat(s.unit(id)) != Category::Tank || !s.unit(id).on_table() {
            return;
        }
        let to = s.unit(id).formation.front.at;
        let clearing = self.clearing_line(s, id, from, to);
        if let Some(line) = clearing {
            self.clear_wire(s, id, line, from, to, ev);
        }
        let lines: Vec<u16> = self
            .sc()
            .lines
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                Some(*i as u16) != clearing
                    && l.kind == LineKind::Wire
                    && geometry::crosses_polyline(
                        from,
                        to,
                        &geometry::Polyline::new(l.points.clone()),
                    )
            })
            .map(|(i, _)| i as u16)
            .collect();
        for line in lines {
            self.crush_die(s, id, line, to, ev);
        }
    }

    /// Whether a prepared line is one of the table's wire lines.
    pub(crate) fn is_wire(&self, l: &geometry::Polyline) -> bool {
        self.sc()
            .lines
            .iter()
            .any(|w| w.kind == LineKind::Wire && w.points == l.points)
    }

    /// Where a move takes a corner of its bases across wire, its corners
    /// following `paths` (straight lines, or a wheel's arcs): `Ok(true)`
    /// when every such crossing is within 2" of a crushed strip's middle
    /// (half the 4" strip), `Ok(false)` when it crosses no wire, `Err` when
    /// it crosses wire that is not crushed there.
    pub(crate) fn car_over_crushed_wire(
        &self,
        s: &State,
        paths: &[Vec<Point>],
    ) -> Result<bool, String> {
        let half = Inches(WIRE_STRIP.0 / 2);
        let mut crossed = false;
        for l in self.sc().lines.iter().filter(|l| l.kind == LineKind::Wire) {
            let line = geometry::Polyline::new(l.points.clone());
            for p in paths {
                for w in p.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    for t in geometry::polyline_crossings(a, b, &line) {
                        let at = Point {
                            x: Inches(a.x.0 + ((b.x.0 - a.x.0) as i128 * t.n / t.d) as i32),
                            y: Inches(a.y.0 + ((b.y.0 - a.y.0) as i128 * t.n / t.d) as i32),
                        };
                        if !s
                            .crushed
                            .iter()
                            .any(|&c| geometry::dist2(at, c).within(half))
                        {
                            return Err(format!("{} is not crushed there", l.name));
                        }
                        crossed = true;
                    }
                }
            }
        }
        Ok(crossed)
    }

    pub(crate) fn wire_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "crossing wire takes the whole segment".into());
        }
        if !self.cat(u).is_infantry() {
            return w.say(|| {
                format!(
                    "{} does not cross wire on foot (infantry only; tanks drive)",
                    self.name(id)
                )
            });
        }
        if u.pinned {
            return w.say(|| format!("{} is pinned", self.name(id)));
        }
        if self.wire_at(s, id).is_none() {
            return w.say(|| format!("{} is not at the wire", self.name(id)));
        }
        None
    }

    /// Enters the wire, or tries to get across it.
    pub(crate) fn cross_wire(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let Some(line) = self.wire_at(s, id) else {
            return;
        };
        let gap = self.at_gap(s, id);
        if s.unit(id).in_wire.is_none() && !gap {
            s.unit_mut(id).in_wire = Some(line);
            ev.push(Event::EntersWire { unit: id });
            return;
        }
        let engineers = self.cat(s.unit(id)) == Category::Engineer;
        let (crossed, cut) = if gap {
            (true, false)
        } else {
            let dice = self.d6x2(s);
            let (crossed, cut) = wire_roll(engineers, dice[0] + dice[1]);
            ev.push(Event::WireRoll {
                unit: id,
                dice,
                need: if engineers {
                    WIRE_CUT_ON
                } else {
                    WIRE_CROSS_ON
                },
                crossed,
                gap: cut,
            });
            (crossed, cut)
        };
        if cut {
            let f = s.unit(id).formation.front.at;
            let g = self.wire_point(line, f);
            s.wire_gaps.push(g);
        }
        if crossed {
            let f = s.unit(id).formation;
            let (_, ranks) = f.files_ranks();
            let depth = f.depth.0 as i64 * ranks;
            let front = f.front.at;
            let wire = self.wire_point(line, front);
            let ahead = geometry::dist2(front, wire).inches().0 as i64;
            let d = Inches((depth + ahead + 50) as i32);
            let to = f.advanced(d).formation;
            if self.placement(s, id, &f, &to, false).is_ok() {
                let u = s.unit_mut(id);
                u.formation = to;
                u.in_wire = None;
                ev.push(Event::Moved {
                    unit: id,
                    charged: d,
                });
            }
        }
    }
}

/// The crossing roll's 2d6 total: (across, a gap cut). Engineers cut a
/// gap (and are across) on 8+, anyone gets across on 9+.
pub fn wire_roll(engineers: bool, roll: u8) -> (bool, bool) {
    let cut = engineers && roll >= WIRE_CUT_ON;
    (roll >= WIRE_CROSS_ON || cut, cut)
}
