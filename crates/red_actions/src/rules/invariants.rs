//! What must hold after every step: no two units' bases overlap, every
//! base on the table is on it, a unit whose terror is more than its bases
//! is routing, a unit on the table has bases, a segment's unit is on the
//! table (or aboard a train); no train runs faster than the top speed,
//! train cars stay on the rails, no gun fires more ammunition than it
//! carries; a divided or combined army still counts its starting points
//! (the flight figure), a merged unit is gone, a senior officer in personal
//! command is with a unit on the table (or off it for its rally), horse holders belong to dismounted
//! cavalry; foxholes at most 3 columns; only infantry in wire; fire
//! markers 0 to 5; a spring question only for a unit in ambush; prisoners
//! belong to a unit gone and lie on the table; only routers wait off the
//! table for their rally.

use super::RedActions;
use super::visibility::MixHasher;
use crate::geometry::{Bbox, Formation, quads_overlap};
use crate::scenario::{Category, Scenario};
use crate::state::{Phase, State, Status, UnitId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Overlap answers kept (a pure function of the two formations, asked
/// again after every step of units that have not moved).
type OverlapMemo = HashMap<(Formation, Formation), bool, BuildHasherDefault<MixHasher>>;

/// The units on the table: each one's index, formation and box.
type Standing = Vec<(usize, Formation, Bbox)>;

/// Answers kept before the memo starts again.
const OVERLAP_MEMO_MAX: usize = 1 << 14;

thread_local! {
    static OVERLAPS: RefCell<OverlapMemo> = RefCell::default();
    /// The scenario and where its units on the table stood (index,
    /// formation and box) at the last check that found them on the table
    /// and apart.
    static STANDING_OK: RefCell<Option<(Arc<Scenario>, Standing)>> =
        const { RefCell::new(None) };
}

/// Whether any base of `a` overlaps any base of `b` (`quads_overlap` on
/// their corners), kept.
fn overlap(a: &Formation, b: &Formation) -> bool {
    let key = (*a, *b);
    if let Some(v) = OVERLAPS.with(|m| m.borrow().get(&key).copied()) {
        return v;
    }
    let v = quads_overlap(&a.base_corners(), &b.base_corners());
    OVERLAPS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= OVERLAP_MEMO_MAX {
            m.clear();
        }
        m.insert(key, v);
    });
    v
}

impl RedActions {
    pub fn invariants(&self, s: &State) -> Result<(), String> {
        self.unit_invariants(s)?;
        self.standing_invariants(s)?;
        if let Phase::Acting(seg) = s.phase
            && !s.unit(seg.unit).on_table()
            && self.carrier(s, seg.unit).is_none()
        {
            return Err(format!("{} acts off the table", self.name(seg.unit)));
        }
        if let Phase::Choose {
            side,
            selected: Some(u),
            ..
        } = s.phase
            && (u as usize >= s.units.len() || s.unit(u).side != side || s.unit(u).acted)
        {
            return Err(format!("unit {u} is selected but may not act for its side"));
        }
        if s.charge.is_some() && s.questions.is_empty() {
            return Err("a charge is left waiting with no question open".into());
        }
        if let Some(c) = s.charge
            && (c.charger as usize >= s.units.len() || c.target as usize >= s.units.len())
        {
            return Err("a charge names no such unit".into());
        }
        if s.fires.len() != self.sc().buildings.len()
            || s.fires
                .iter()
                .any(|&m| m > crate::rules::buildings::FIRE_DESTROYS)
        {
            return Err(format!("fire markers out of bounds: {:?}", s.fires));
        }
        if let Some(q) = s.questions.last()
            && let crate::state::Ask::SpringAmbush { unit, .. } = q.ask
            && !s.unit(unit).ambush
        {
            return Err(format!(
                "{} is asked to spring but is not in ambush",
                self.name(unit)
            ));
        }
        self.prisoners_invariants(s)?;
        if s.phase == Phase::GameOver && s.outcome.is_none() {
            return Err("the game is over without an outcome".into());
        }
        Ok(())
    }
}

impl RedActions {
    /// Every base on the table is on it and no two units' bases overlap.
    /// Only the units that moved (or came onto the table) since the last
    /// check that found the table right are checked: that check found
    /// every unit then on the table on it and apart from every other, and
    /// a unit that still stands where it stood is still on the table and
    /// apart from every other that does (whoever has left the table).
    fn standing_invariants(&self, s: &State) -> Result<(), String> {
        STANDING_OK.with(|k| {
            let mut k = k.borrow_mut();
            let kept: &[(usize, Formation, Bbox)] = match &*k {
                Some((sc, v)) if Arc::ptr_eq(sc, &self.scenario) => v,
                _ => &[],
            };
            // Most steps move nobody: then nothing is built.
            let mut was = kept.iter().peekable();
            let unmoved = s.units.iter().enumerate().all(|(i, u)| {
                while was.next_if(|o| o.0 < i).is_some() {}
                !u.on_table() || was.peek().is_some_and(|o| o.0 == i && o.1 == u.formation)
            });
            if unmoved {
                return Ok(());
            }
            // The units on the table now, in their order, with their boxes
            // (kept for a unit that has not moved); `moved` indexes those
            // that moved.
            let mut now: Standing = Vec::with_capacity(s.units.len());
            let mut moved: Vec<usize> = Vec::new();
            let mut old = kept.iter().peekable();
            for (i, u) in s.units.iter().enumerate() {
                if !u.on_table() {
                    continue;
                }
                while old.next_if(|o| o.0 < i).is_some() {}
                match old.peek() {
                    Some(&&o) if o.0 == i && o.1 == u.formation => now.push(o),
                    _ => {
                        moved.push(now.len());
                        now.push((i, u.formation, u.formation.bbox()));
                    }
                }
            }
            for &m in &moved {
                // On the table: its outline is (`on_table`), that is its box.
                let (i, _, b) = now[m];
                if b.x0 < 0 || b.y0 < 0 || b.x1 > self.sc().width.0 || b.y1 > self.sc().depth.0 {
                    return Err(format!("{} is off the table", self.name(i as u16)));
                }
            }
            // Overlaps: each moved unit against every other unit (a pair of
            // moved units once); boxes apart or only touching cannot hold
            // overlapping bases.
            for (n, &m) in moved.iter().enumerate() {
                for (l, other) in now.iter().enumerate() {
                    if l == m || moved[..n].contains(&l) {
                        continue;
                    }
                    let (a, b) = if now[m].0 < other.0 {
                        (&now[m], other)
                    } else {
                        (other, &now[m])
                    };
                    if a.2.gap(&b.2) < 0 && overlap(&a.1, &b.1) {
                        return Err(format!(
                            "{} and {} overlap",
                            self.name(a.0 as u16),
                            self.name(b.0 as u16)
                        ));
                    }
                }
            }
            *k = Some((self.scenario.clone(), now));
            Ok(())
        })
    }

    /// Prisoners: each token names a unit of its side that is gone, holds
    /// at least one base and lies on the table; a unit's freed prisoners
    /// are no more than its starting bases; a unit waits off the table
    /// only routing.
    fn prisoners_invariants(&self, s: &State) -> Result<(), String> {
        for p in &s.prisoners {
            let Some(u) = s.units.get(p.unit as usize) else {
                return Err(format!("prisoners of no unit ({})", p.unit));
            };
            if u.side != p.side || u.status != crate::state::Status::Gone || p.bases == 0 {
                return Err(format!(
                    "prisoners of {} that is not gone or not of their side",
                    self.unit_name(s, p.unit)
                ));
            }
            if p.at.x.0 < 0 || p.at.y.0 < 0 || p.at.x > self.sc().width || p.at.y > self.sc().depth
            {
                return Err(format!(
                    "the prisoners of {} are off the table",
                    self.unit_name(s, p.unit)
                ));
            }
            if self.freed_bases(s, p.unit) > u.start_bases {
                return Err(format!(
                    "more of {} freed than it had",
                    self.unit_name(s, p.unit)
                ));
            }
        }
        for i in s.ids() {
            let u = s.unit(i);
            if u.more.off_table && (u.status != crate::state::Status::Waiting || !u.routing) {
                return Err(format!(
                    "{} waits off the table but is not a router off it",
                    self.unit_name(s, i)
                ));
            }
        }
        Ok(())
    }

    /// Each unit's own checks, and the starting points each army counts,
    /// in one pass over the units.
    fn unit_invariants(&self, s: &State) -> Result<(), String> {
        let top = self.sc().tables.train.max_speed;
        let mut points = [0u32; 2];
        for (i, u) in s.units.iter().enumerate() {
            let id = i as UnitId;
            let name = || self.name(id);
            let cat = self.cat(u);
            if u.on_table() {
                if u.bases() == 0 {
                    return Err(format!("{} is on the table with no bases", name()));
                }
                if u.all_terror() > u.bases() && !u.routing {
                    return Err(format!(
                        "{} has {} terror on {} bases and is not routing",
                        name(),
                        u.all_terror(),
                        u.bases()
                    ));
                }
                if cat.is_train_car() && self.rail_locate(u.formation.front).is_none() {
                    return Err(format!("{} is off the rails", name()));
                }
            }
            if u.kit.train_speed.0.abs() > top.0 {
                return Err(format!(
                    "{} runs at {} (more than {top})",
                    name(),
                    u.kit.train_speed
                ));
            }
            if cat == Category::Engine
                && (u.kit.hits > self.sc().tables.train.engine_hits
                    || (u.kit.immobilised && u.kit.train_speed.0 != 0))
            {
                return Err(format!("{} runs beyond its hits", name()));
            }
            if let Some(max) = self.ammunition_of(cat)
                && u.kit.ammo_used > max
            {
                return Err(format!("{} has fired more than it carries", name()));
            }
            if u.dug_in > crate::rules::digging_in::MOST_QUARTERS {
                return Err(format!("{} has foxholes deeper than 3 columns", name()));
            }
            if u.in_wire.is_some() && !cat.is_infantry() {
                return Err(format!("{} is caught in wire but is not infantry", name()));
            }
            // Dividing, combining, officers and horse holders.
            points[u.side.index()] += u.start_bases as u32 * self.points_card(s, id).points as u32;
            if u.more.merged_into.is_some() && (u.status != Status::Gone || u.start_bases != 0) {
                return Err(format!("{} merged but still counts", self.unit_name(s, id)));
            }
            if let Some(t) = u.more.with_unit
                && (u.status != Status::Waiting
                    || t as usize >= s.units.len()
                    || !(s.unit(t).on_table() || s.unit(t).more.off_table))
            {
                return Err(format!(
                    "{} commands a unit that is not on the table",
                    self.unit_name(s, id)
                ));
            }
            if u.more.horse_holders > 0 && u.more.mounted_as.is_none() {
                return Err(format!("{} holds horses it has not", self.unit_name(s, id)));
            }
        }
        for side in engine::Side::BOTH {
            let (counted, start) = (points[side.index()], self.sc().sides[side.index()].points);
            if counted != start {
                return Err(format!(
                    "{} counts {counted} starting points, not {start}",
                    self.side_name_of(side)
                ));
            }
        }
        Ok(())
    }
}
