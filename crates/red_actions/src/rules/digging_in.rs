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

use super::{RedActions, Say};
use crate::scenario::Trait;
use crate::state::{Event, State, UnitId};

/// Three columns, in quarters.
pub const MOST_QUARTERS: u8 = 12;

impl RedActions {
    pub(crate) fn dig_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "digging takes the whole segment".into());
        }
        if !self.cat(u).is_infantry() {
            return w.say(|| format!("{} cannot dig in (infantry only)", self.name(id)));
        }
        if u.dug_in >= MOST_QUARTERS {
            return w.say(|| format!("{} has dug 3 columns of cover already", self.name(id)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Status;
    use engine::param::{Degrees, Inches, Point, Pose};
    use engine::{Options, Ruleset};

    fn setup(x: i32, y: i32) -> (RedActions, State, UnitId) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml");
        let r = RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut s = r.setup(&Options::new(), 1).unwrap();
        r.keep_officers_as_drawn(&mut s);
        for u in s.units.iter_mut() {
            u.status = Status::Waiting;
            u.hidden = false;
        }
        let w = r.sc().units.iter().position(|u| u.id == "w_vol1").unwrap() as UnitId;
        let u = s.unit_mut(w);
        u.status = Status::OnTable;
        // No officer: a Storm or Specialist one would be asked to swap.
        u.officer = None;
        u.formation.front = Pose {
            at: Point {
                x: Inches::whole(x),
                y: Inches::whole(y),
            },
            facing: Degrees::whole(270),
        };
        (r, s, w)
    }

    #[test]
    fn digging_in_foxholes_ignore_the_first_retire_only() {
        let (r, mut s, w) = setup(30, 44);
        s.unit_mut(w).dug_in = 4;
        let at = s.unit(w).formation.front.at;
        let mut ev = Vec::new();
        r.retire(&mut s, w, &mut ev);
        assert!(ev.iter().any(|e| matches!(e, Event::FoxholeHeld { .. })));
        assert_eq!(s.unit(w).formation.front.at, at);
        assert!(!s.unit(w).retired);
        r.retire(&mut s, w, &mut ev);
        assert_ne!(
            s.unit(w).formation.front.at,
            at,
            "the second retire moves it"
        );
        // Half a column is no foxhole yet.
        let (r, mut s, w) = setup(30, 44);
        s.unit_mut(w).dug_in = 2;
        let mut ev = Vec::new();
        r.retire(&mut s, w, &mut ev);
        assert!(ev.iter().any(|e| matches!(e, Event::Retired { .. })));
    }

    #[test]
    fn digging_in_foxholes_in_hard_cover_come_before_the_cover_question() {
        // Inside the birch wood (hard cover): the foxholes take the first
        // retire, the wood's once-a-turn choice the next.
        let (r, mut s, w) = setup(55, 9);
        s.unit_mut(w).dug_in = 4;
        let mut ev = Vec::new();
        r.retire(&mut s, w, &mut ev);
        assert!(s.questions.is_empty());
        r.retire(&mut s, w, &mut ev);
        assert_eq!(s.questions.len(), 1, "now the hard-cover question");
    }
}
