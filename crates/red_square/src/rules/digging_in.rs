//! Digging In & Entrenchments: infantry scoring 2 or more that neither move
//! nor fire place a digging marker, three at most; when next brought under
//! fire each marker makes temporary trenches on a 4-6 (our reading: at the
//! first fire after digging). Markers and trenches go when the unit moves.

use super::RedSquare;
use crate::data::Class;
use crate::state::{Event, Formation, State, UnitId};

impl RedSquare {
    pub(crate) fn may_dig(&self, s: &State, unit: UnitId) -> bool {
        let u = s.unit(unit);
        matches!(self.class(u), Class::Infantry | Class::Mg)
            && u.formation != Formation::Defence
            && !u.trenches
            && u.digging < 3
            && !u.last_moved
            && !u.last_fired
    }

    pub(crate) fn dig_in(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(unit);
        u.digging += 1;
        let markers = u.digging;
        ev.push(Event::Dug { unit, markers });
        self.finish_unit(s, unit, ev);
    }

    /// Digging In 1b: brought under fire, a unit with digging markers rolls
    /// a d6 per marker; a 4-6 makes temporary trenches.
    pub(crate) fn trenches_under_fire(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let n = s.unit(unit).digging;
        if n == 0 || s.unit(unit).trenches {
            return;
        }
        let dice: Vec<u8> = (0..n).map(|_| self.die(s, 6)).collect();
        let made = dice.iter().any(|&d| d >= 4);
        if made {
            let u = s.unit_mut(unit);
            u.trenches = true;
            u.digging = 0;
        }
        ev.push(Event::Trenches { unit, dice, made });
    }
}
