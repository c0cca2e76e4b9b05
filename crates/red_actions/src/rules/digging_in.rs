//! Digging in: infantry dig foxholes, ½ column of cover a move with
//! entrenching tools (the `tools` trait), ¼ without, up to 3 columns; a
//! segment spent digging is nothing else, and the unit does not count as
//! evading. Foxholes let the unit ignore its first retire.
//!
//! Our readings (docs/red_actions/rulings.md, Digging in): foxholes count
//! in whole columns (a half column dug shifts nothing yet) and, like any
//! cover, only when better than the ground's (best only); a unit that
//! moves leaves its foxholes; the first retire is ignored at once, before
//! the hard-cover question, once a game.

use super::RedActions;
use crate::scenario::Trait;
use crate::state::{Event, State, UnitId};

/// Three columns, in quarters.
pub const MOST_QUARTERS: u8 = 12;

impl RedActions {
    pub(crate) fn dig_refusal(&self, s: &State, id: UnitId, fresh: bool) -> Option<String> {
        let u = s.unit(id);
        if !fresh {
            return Some("digging takes the whole segment".into());
        }
        if !self.cat(u).is_infantry() {
            return Some(format!("{} cannot dig in (infantry only)", self.name(id)));
        }
        if u.dug_in >= MOST_QUARTERS {
            return Some(format!(
                "{} has dug 3 columns of cover already",
                self.name(id)
            ));
        }
        None
    }

    /// A segment of digging: ½ column with tools, ¼ without.
    pub(crate) fn dig(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let add = if self.has_trait(s, id, Trait::Tools) {
            2
        } else {
            1
        };
        let u = s.unit_mut(id);
        u.dug_in = (u.dug_in + add).min(MOST_QUARTERS);
        u.evading = false;
        let quarters = u.dug_in;
        ev.push(Event::Dug { unit: id, quarters });
    }

    /// Foxholes ignore the first retire (true: this one is ignored).
    pub(crate) fn foxhole_holds(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) -> bool {
        let u = s.unit(id);
        if u.dug_in >= 4 && !u.foxhole_used {
            s.unit_mut(id).foxhole_used = true;
            ev.push(Event::FoxholeHeld { unit: id });
            true
        } else {
            false
        }
    }
}
