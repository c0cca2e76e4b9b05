//! Marching: a unit in column (or an officer on his own) away from the
//! fighting moves at double speed; not within 40" of a visible or known
//! enemy, and never once it has been shot at (harassing fire too: it
//! sets the same mark, [`RedActions::mark_shot_at`]). A unit ambushed
//! while marching takes −3 on its fear test (Ambushes).
//!
//! Our readings (docs/red_actions/rulings.md, Marching): marching is
//! declared at the start of the segment and the unit does not shoot in
//! it; "known" enemies are those it may see in the view (not hidden
//! ones); the mark of being shot at lasts the game.

use super::RedActions;
use crate::scenario::Category;
use crate::state::{Event, Order, Segment, State, UnitId};
use engine::param::Inches;

impl RedActions {
    /// Marks a unit as shot at (no marching from now on): shooting and
    /// harassing fire call this.
    pub fn mark_shot_at(&self, s: &mut State, id: UnitId) {
        s.unit_mut(id).shot_at = true;
    }

    pub(crate) fn march_refusal(&self, s: &State, id: UnitId, fresh: bool) -> Option<String> {
        let u = s.unit(id);
        if !fresh {
            return Some("a march is declared at the start of the segment".into());
        }
        let officer = self.cat(u) == Category::Officer;
        if !officer && u.order != Order::Column {
            return Some(format!("{} must be in column to march", self.name(id)));
        }
        if u.pinned || u.routing {
            return Some(format!("{} cannot march now", self.name(id)));
        }
        if u.shot_at {
            return Some(format!(
                "{} has been shot at: no more marching",
                self.name(id)
            ));
        }
        let keep_off = self.sc().tables.distances.march_keep_off;
        let mine = u.footprint();
        let near = s.ids().any(|e| {
            let o = s.unit(e);
            o.side != u.side
                && o.on_table()
                && !self.unseen_by(s, e, Some(u.side))
                && crate::geometry::within(&mine, &o.footprint(), keep_off)
        });
        if near {
            return Some(format!("an enemy is within {keep_off}: no marching"));
        }
        None
    }

    /// The segment becomes a march: double speed.
    pub(crate) fn march(&self, s: &mut State, id: UnitId, seg: &mut Segment, ev: &mut Vec<Event>) {
        let speed = self.troop(s.unit(id)).speed;
        seg.allowance = Inches(speed.0 * 2);
        s.unit_mut(id).marching = true;
        ev.push(Event::Marches { unit: id });
    }
}
