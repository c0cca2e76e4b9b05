//! ADVANCED RULES (an option; always on at Narva).
//!
//! - Stacking limit: an area holds no more units than its size, even for a
//!   moment while moving through (checked in `movement` and `setup`).
//! - Retreat: after each change of initiative, before the artillery tokens
//!   come off, every unit of the new active player with no friendly unit in
//!   its own or a neighbouring area must retreat: it is activated first, only
//!   to move, each move closer to its setup area, never into melee; it stops
//!   retreating once it ends a move next to a friend. A unit that cannot
//!   retreat, or has not stopped by the end of the turn, is disbanded. No
//!   reaction fire against retreating units.

use super::DeathOnTheRails;
use super::movement::MoveKind;
use crate::scenario::UnitId;
use crate::state::{Action, Event, RemovedWhy, State, UnitSet};

impl DeathOnTheRails {
    /// Whether any of the active player's units must retreat.
    pub(crate) fn retreat_pending(&self, s: &State) -> bool {
        s.advanced && !s.retreating.is_empty()
    }

    pub(crate) fn retreat_choices(&self, s: &State, out: &mut Vec<Action>) {
        self.move_choices_of(s, MoveKind::Retreat, out);
    }

    /// A friendly unit (train included) in the unit's own or a neighbouring area.
    pub(crate) fn has_friend_near(&self, s: &State, u: UnitId) -> bool {
        let Some(area) = s.area_of(u) else {
            return false;
        };
        let friends = self.sc().side_mask[self.def(u).side.index()];
        s.area_units[area as usize].0 & friends & !(1 << u) != 0
            || self.sc().map.adjacent[area as usize]
                .iter()
                .any(|a| s.area_units[a as usize].0 & friends != 0)
    }

    /// The retreat is over for a unit next to a friend or back in its setup
    /// area (our reading: there is nowhere closer to go).
    fn safe(&self, s: &State, u: UnitId) -> bool {
        let side = self.def(u).side;
        self.has_friend_near(s, u)
            || s.area_of(u)
                .is_some_and(|a| self.sc().side(side).setup_areas.contains(a))
    }

    /// At the start of a turn with the initiative changed: mark isolated units.
    /// (The same test as `safe` for each of the active player's units on
    /// the map but its train, asked area by area: a unit is cut off when it
    /// is alone in its area, no neighbouring area holds a friend, and the
    /// area is not in its setup area.)
    pub(crate) fn mark_isolated(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.sc();
        let friends = sc.side_mask[s.active.index()];
        let friend_areas = s.areas_holding(friends);
        let setup = sc.side(s.active).setup_areas;
        let mut marked = UnitSet::EMPTY;
        let mut rest = friends & s.on_map & !sc.train_mask;
        while rest != 0 {
            let u = rest.trailing_zeros() as UnitId;
            rest &= rest - 1;
            let Some(area) = s.area_of(u) else { continue };
            let here = s.area_units[area as usize].0 & friends;
            rest &= !here;
            if here & !(1 << u) != 0
                || sc.map.adjacent[area as usize].intersects(friend_areas)
                || setup.contains(area)
            {
                continue;
            }
            if self.awake(s, u) {
                marked.insert(u);
            }
        }
        s.retreating.0 |= marked.0;
        if !marked.is_empty() {
            ev.push(Event::MustRetreat { units: marked });
        }
    }

    /// After a move: units that reached a friend stop retreating.
    pub(crate) fn end_retreats(&self, s: &mut State, group: UnitSet, ev: &mut Vec<Event>) {
        for u in group.iter() {
            if s.retreating.contains(u) && self.safe(s, u) {
                s.retreating.remove(u);
                ev.push(Event::RetreatEnded { unit: u });
            }
        }
    }

    /// Units that must retreat but cannot (surrounded) are disbanded.
    pub(crate) fn disband_stuck_retreats(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.retreat_pending(s) {
            return;
        }
        let side = self.sc().side_mask[s.active.index()];
        for u in UnitSet(s.retreating.0 & side).iter() {
            // Whether a retreat may start from its area (the unit is one of
            // the active player's there, so that area would be listed).
            let can = s
                .area_of(u)
                .is_some_and(|a| self.move_from_ok(s, a, MoveKind::Retreat));
            if !can {
                self.remove_unit(s, u, RemovedWhy::Disbanded, ev);
            }
        }
    }

    /// End of turn: units still retreating are disbanded.
    pub(crate) fn disband_unretreated(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = self.sc().side_mask[s.active.index()];
        for u in UnitSet(s.retreating.0 & side).iter() {
            self.remove_unit(s, u, RemovedWhy::Disbanded, ev);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_games::{shipped, states_along_games};

    /// Advanced rules, retreat: marking cut-off units area by area marks
    /// exactly the active player's units on the map (awake, not train parts)
    /// that `safe` finds cut off, unit by unit, in states along random
    /// Narva games.
    #[test]
    fn advanced_rules_the_units_marked_cut_off_are_those_not_safe() {
        let r = shipped("narva");
        let mut cut_off = 0;
        for s in states_along_games(&r) {
            let mut marked = s.clone();
            marked.retreating = UnitSet::EMPTY;
            r.mark_isolated(&mut marked, &mut Vec::new());
            let mut expected = UnitSet::EMPTY;
            for u in r.units_of(s.active) {
                if r.def(u).train_part.is_none()
                    && r.on_map(&s, u)
                    && r.awake(&s, u)
                    && !r.safe(&s, u)
                {
                    expected.insert(u);
                }
            }
            assert_eq!(marked.retreating, expected);
            cut_off += expected.len();
        }
        assert!(cut_off > 0, "no cut-off unit in any state");
    }
}
