//! Marching: a unit in column (or an officer on his own) away from the
//! fighting moves at double speed; not within 40" of a visible or known
//! enemy, and never once it has been shot at (harassing fire too: it
//! sets the same mark, [`RedActions::mark_shot_at`]). A unit ambushed
//! while marching takes −3 on its fear test (Ambushes).
//!
//! Road columns (Terrain Effects) are here too: a column that starts its
//! segment on a road (every base centre within half a base frontage of a
//! road line), in weather that allows it, has 2" more in its allowance as
//! long as its moves keep it on the road; a move that leaves the road must
//! fit the allowance without the 2", and the 2" are then gone.
//!
//! Our readings (docs/red_actions/rulings.md, Marching): marching is
//! declared at the start of the segment and the unit does not shoot in
//! it; "known" enemies are those it may see in the view (not hidden
//! ones); the mark of being shot at lasts the game.

use super::{RedActions, Say};
use crate::geometry::{Formation, point_segment_dist2};
use crate::rules::movement::Step;
use crate::scenario::Category;
use crate::scenario::LineKind;
use crate::state::{Event, Order, Phase, Segment, State, UnitId};
use engine::param::Inches;

impl RedActions {
    /// Marks a unit as shot at (no marching from now on): shooting and
    /// harassing fire call this.
    pub fn mark_shot_at(&self, s: &mut State, id: UnitId) {
        s.unit_mut(id).shot_at = true;
    }

    pub(crate) fn march_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "a march is declared at the start of the segment".into());
        }
        let officer = self.cat(u) == Category::Officer;
        if !officer && u.order != Order::Column {
            return w.say(|| format!("{} must be in column to march", self.name(id)));
        }
        if u.pinned || u.routing {
            return w.say(|| format!("{} cannot march now", self.name(id)));
        }
        if u.more.evade_chosen {
            return w.say(|| format!("{} is evading this turn: no marching", self.name(id)));
        }
        if u.shot_at {
            return w.say(|| format!("{} has been shot at: no more marching", self.name(id)));
        }
        let keep_off = self.sc().tables.distances.march_keep_off;
        let near = s.ids().any(|e| {
            let o = s.unit(e);
            o.side != u.side
                && o.on_table()
                && !self.unseen_by(s, e, Some(u.side))
                && u.within(o, keep_off)
        });
        if near {
            return w.say(|| format!("an enemy is within {keep_off}: no marching"));
        }
        None
    }

    /// The segment becomes a march: double speed.
    pub(crate) fn march(&self, s: &mut State, id: UnitId, seg: &mut Segment, ev: &mut Vec<Event>) {
        let speed = self.troop(s.unit(id)).speed;
        let bonus = if seg.road {
            self.sc().tables.distances.road_bonus.0
        } else {
            0
        };
        seg.allowance = Inches(speed.0 * 2 + bonus);
        s.unit_mut(id).marching = true;
        ev.push(Event::Marches { unit: id });
    }

    /// Whether every base centre of the formation lies on a road.
    pub fn on_road(&self, f: &Formation) -> bool {
        let half = Inches(self.sc().tables.distances.base_frontage.0 / 2);
        // The roads as they come, and the bases' centres (no lists made).
        let roads = || self.sc().lines.iter().filter(|l| l.kind == LineKind::Road);
        roads().next().is_some()
            && f.base_list().iter().all(|b| {
                let p = b.pose.at;
                roads().any(|l| {
                    l.points
                        .windows(2)
                        .any(|w| point_segment_dist2(p, w[0], w[1]).within(half))
                })
            })
    }

    /// Whether a unit starting its segment now gets the road's 2".
    pub fn road_bonus_for(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        self.road_bonus_applies()
            && u.on_table()
            && matches!(u.order, Order::Column | Order::Limbered)
            && self.on_road(&u.formation)
    }

    /// Whether moving unit `id` to `to` is a move on the road (Terrain
    /// Effects, rulings): a column (or limbered guns) on the road where it
    /// starts and still a column on the road where it ends. Such a move
    /// ignores the terrain's penalties except uphill slopes (and wire).
    pub fn road_move(&self, s: &State, id: UnitId, to: &Formation) -> bool {
        let u = s.unit(id);
        matches!(u.order, Order::Column | Order::Limbered)
            && to.order == crate::geometry::Order::Column
            && self.on_road(&u.formation)
            && self.on_road(to)
    }

    /// Whether a move from `from` to `to` climbs: the front comes onto
    /// higher ground anywhere on its way (a road column pays the slopes
    /// then), even if it comes down again before the move ends. The way is
    /// the straight line between the front's middles ([`Self::climbs_along`]
    /// for a wheel's arc).
    pub fn climbs(&self, from: &Formation, to: &Formation) -> bool {
        self.climbs_along(&[from.front.at, to.front.at])
    }

    /// Whether a point following `path` (the front's middle on its way: a
    /// straight move's line, a wheel's arc) comes onto higher ground
    /// anywhere on it, looked at every quarter inch.
    pub fn climbs_along(&self, path: &[engine::param::Point]) -> bool {
        if path.len() < 2
            || self
                .hills_near(crate::geometry::Bbox::of(path))
                .next()
                .is_none()
        {
            return false;
        }
        let mut last = self.height(path[0]);
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = crate::geometry::dist2(a, b).inches_ceil().0.max(1) as i64;
            let steps = (len + 24) / 25;
            for k in 1..=steps {
                let p = engine::param::Point {
                    x: Inches(a.x.0 + ((b.x.0 - a.x.0) as i64 * k / steps) as i32),
                    y: Inches(a.y.0 + ((b.y.0 - a.y.0) as i64 * k / steps) as i32),
                };
                let h = self.height(p);
                if h > last {
                    return true;
                }
                last = h;
            }
        }
        false
    }

    /// A move that leaves the road must fit without the road's 2".
    pub(crate) fn road_refusal(&self, s: &State, seg: &Segment, m: &Step) -> Result<Step, String> {
        let _ = s;
        if !seg.road
            || (m.formation.order == crate::geometry::Order::Column && self.on_road(&m.formation))
        {
            return Ok(*m);
        }
        let bonus = self.sc().tables.distances.road_bonus;
        let without = Inches(seg.allowance.0 - bonus.0);
        if m.cost.fits(without) {
            Ok(*m)
        } else {
            Err(format!(
                "off the road the {bonus} road bonus is lost: the move would cost {} of {without}",
                m.cost.charged
            ))
        }
    }

    /// After a move: a column that has left the road loses the 2".
    pub(crate) fn leave_road(&self, s: &mut State, id: UnitId) {
        if let Phase::Acting(mut seg) = s.phase
            && seg.unit == id
            && seg.road
        {
            let f = s.unit(id).formation;
            if f.order != crate::geometry::Order::Column || !self.on_road(&f) {
                seg.road = false;
                seg.allowance = Inches(seg.allowance.0 - self.sc().tables.distances.road_bonus.0);
                s.phase = Phase::Acting(seg);
            }
        }
    }
}
