//! What must hold after every step: no two units' bases overlap, every
//! base on the table is on it, a unit whose terror is more than its bases
//! is routing, a unit on the table has bases, a segment's unit is on the
//! table; foxholes at most 3 columns; only
//! infantry in wire; fire markers 0 to 5; a spring question only for a
//! unit in ambush.

use super::RedActions;
use crate::geometry::units_overlap;
use crate::state::{Phase, State};

impl RedActions {
    pub fn invariants(&self, s: &State) -> Result<(), String> {
        let on: Vec<usize> = (0..s.units.len())
            .filter(|&i| s.units[i].on_table())
            .collect();
        for (k, &i) in on.iter().enumerate() {
            let u = &s.units[i];
            if u.bases() == 0 {
                return Err(format!(
                    "{} is on the table with no bases",
                    self.name(i as u16)
                ));
            }
            if !self.on_table(&u.formation) {
                return Err(format!("{} is off the table", self.name(i as u16)));
            }
            if u.all_terror() > u.bases() && !u.routing {
                return Err(format!(
                    "{} has {} terror on {} bases and is not routing",
                    self.name(i as u16),
                    u.all_terror(),
                    u.bases()
                ));
            }
            for &j in &on[k + 1..] {
                if units_overlap(&u.formation.bases(), &s.units[j].formation.bases()) {
                    return Err(format!(
                        "{} and {} overlap",
                        self.name(i as u16),
                        self.name(j as u16)
                    ));
                }
            }
        }
        if let Phase::Acting(seg) = s.phase
            && !s.unit(seg.unit).on_table()
        {
            return Err(format!("{} acts off the table", self.name(seg.unit)));
        }
        for (i, u) in s.units.iter().enumerate() {
            let n = self.name(i as u16);
            if u.dug_in > crate::rules::digging_in::MOST_QUARTERS {
                return Err(format!("{n} has foxholes deeper than 3 columns"));
            }
            if u.in_wire.is_some() && !self.cat(u).is_infantry() {
                return Err(format!("{n} is caught in wire but is not infantry"));
            }
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
        if s.phase == Phase::GameOver && s.outcome.is_none() {
            return Err("the game is over without an outcome".into());
        }
        Ok(())
    }
}
