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
use crate::geometry::{Formation, quads_overlap};
use crate::scenario::Scenario;
use crate::state::{Phase, State};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

/// Overlap answers kept (a pure function of the two formations, asked
/// again after every step of units that have not moved).
type OverlapMemo = HashMap<(Formation, Formation), bool, BuildHasherDefault<MixHasher>>;

/// The units on the table: each one's index and formation.
type Standing = Vec<(usize, Formation)>;

/// Answers kept before the memo starts again.
const OVERLAP_MEMO_MAX: usize = 1 << 14;

thread_local! {
    static OVERLAPS: RefCell<OverlapMemo> = RefCell::default();
    /// The scenario and where its units on the table stood (index and
    /// formation) at the last check that found them on the table and apart.
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
        // Room for every unit at once (a filtered collect grows by steps).
        let mut on: Vec<usize> = Vec::with_capacity(s.units.len());
        on.extend((0..s.units.len()).filter(|&i| s.units[i].on_table()));
        for &i in &on {
            let u = &s.units[i];
            if u.bases() == 0 {
                return Err(format!(
                    "{} is on the table with no bases",
                    self.name(i as u16)
                ));
            }
            if u.all_terror() > u.bases() && !u.routing {
                return Err(format!(
                    "{} has {} terror on {} bases and is not routing",
                    self.name(i as u16),
                    u.all_terror(),
                    u.bases()
                ));
            }
        }
        // Where the units stand: the same as at the last check that found
        // it right (most steps move nobody), or checked again.
        let stand: Standing = on.iter().map(|&i| (i, s.units[i].formation)).collect();
        let kept = STANDING_OK.with(|k| {
            k.borrow()
                .as_ref()
                .is_some_and(|(sc, v)| Arc::ptr_eq(sc, &self.scenario) && *v == stand)
        });
        if !kept {
            self.standing_invariants(s, &on)?;
            STANDING_OK.with(|k| *k.borrow_mut() = Some((self.scenario.clone(), stand)));
        }
        let top = self.sc().tables.train.max_speed;
        for (i, u) in s.units.iter().enumerate() {
            if u.kit.train_speed.0.abs() > top.0 {
                return Err(format!(
                    "{} runs at {} (more than {top})",
                    self.name(i as u16),
                    u.kit.train_speed
                ));
            }
            if self.cat(u) == crate::scenario::Category::Engine
                && (u.kit.hits > self.sc().tables.train.engine_hits
                    || (u.kit.immobilised && u.kit.train_speed.0 != 0))
            {
                return Err(format!("{} runs beyond its hits", self.name(i as u16)));
            }
            if let Some(max) = self.ammunition(s, i as u16)
                && u.kit.ammo_used > max
            {
                return Err(format!(
                    "{} has fired more than it carries",
                    self.name(i as u16)
                ));
            }
            if u.on_table()
                && self.cat(u).is_train_car()
                && self.rail_locate(u.formation.front).is_none()
            {
                return Err(format!("{} is off the rails", self.name(i as u16)));
            }
            if u.dug_in > crate::rules::digging_in::MOST_QUARTERS {
                let n = self.name(i as u16);
                return Err(format!("{n} has foxholes deeper than 3 columns"));
            }
            if u.in_wire.is_some() && !self.cat(u).is_infantry() {
                let n = self.name(i as u16);
                return Err(format!("{n} is caught in wire but is not infantry"));
            }
        }
        self.officer_invariants(s)?;
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
    /// Every base on the table is on it and no two units' bases overlap
    /// (`on`: the units on the table).
    fn standing_invariants(&self, s: &State, on: &[usize]) -> Result<(), String> {
        let boxes: Vec<crate::geometry::Bbox> =
            on.iter().map(|&i| s.units[i].formation.bbox()).collect();
        for (k, &i) in on.iter().enumerate() {
            // On the table: its outline is (`on_table`), that is its box.
            let b = boxes[k];
            if b.x0 < 0 || b.y0 < 0 || b.x1 > self.sc().width.0 || b.y1 > self.sc().depth.0 {
                return Err(format!("{} is off the table", self.name(i as u16)));
            }
        }
        // Overlaps: the boxes swept from west to east, each against those
        // that start before it ends (boxes apart or only touching cannot
        // hold overlapping bases).
        let mut west: Vec<usize> = (0..on.len()).collect();
        west.sort_unstable_by_key(|&k| boxes[k].x0);
        for (n, &k) in west.iter().enumerate() {
            for &l in &west[n + 1..] {
                if boxes[l].x0 >= boxes[k].x1 {
                    break;
                }
                let (i, j) = (on[k].min(on[l]), on[k].max(on[l]));
                if boxes[k].gap(&boxes[l]) < 0
                    && overlap(&s.units[i].formation, &s.units[j].formation)
                {
                    return Err(format!(
                        "{} and {} overlap",
                        self.name(i as u16),
                        self.name(j as u16)
                    ));
                }
            }
        }
        Ok(())
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

    fn officer_invariants(&self, s: &State) -> Result<(), String> {
        for side in engine::Side::BOTH {
            let points: u32 = s
                .ids()
                .filter(|&i| s.unit(i).side == side)
                .map(|i| s.unit(i).start_bases as u32 * self.points_card(s, i).points as u32)
                .sum();
            let start = self.sc().sides[side.index()].points;
            if points != start {
                return Err(format!(
                    "{} counts {points} starting points, not {start}",
                    self.side_name_of(side)
                ));
            }
        }
        for i in s.ids() {
            let u = s.unit(i);
            if u.more.merged_into.is_some()
                && (u.status != crate::state::Status::Gone || u.start_bases != 0)
            {
                return Err(format!("{} merged but still counts", self.unit_name(s, i)));
            }
            if let Some(t) = u.more.with_unit
                && (u.status != crate::state::Status::Waiting
                    || t as usize >= s.units.len()
                    || !(s.unit(t).on_table() || s.unit(t).more.off_table))
            {
                return Err(format!(
                    "{} commands a unit that is not on the table",
                    self.unit_name(s, i)
                ));
            }
            if u.more.horse_holders > 0 && u.more.mounted_as.is_none() {
                return Err(format!("{} holds horses it has not", self.unit_name(s, i)));
            }
        }
        Ok(())
    }
}
