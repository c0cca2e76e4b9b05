//! Special Unit Characteristics: Mob (a d6 of 3+ to do more than shoot,
//! charge or move away while it sees the enemy), Storm and Specialist (a
//! base lost or a terror marker instead of a retire), the White Officer
//! base of White Conscripts (no Mob, tests as White Volunteers until its
//! first base is lost). Partisan and Skirmisher are column shifts in
//! `shooting`.
//!
//! Our readings (rulings.md): the Mob roll is made once a segment, at the
//! first action that needs it, before the action; on a fail the action is
//! not carried out and the unit may only shoot or end its segment. A move
//! is "away" when it leaves the unit farther from every enemy it sees
//! than before (a turn: when no enemy it sees is ahead of it after).
//! Entering, routing and the answers to questions need no roll; an action
//! not named in [`RedActions::needs_mob_roll`] needs none either (so that a
//! charge, added by the charging rules, is free): the sections that add
//! hiding, digging, cutting wire, embarking or taking possession should
//! name theirs there. Storm and
//! Specialist swap any retire (shooting, a failed serious test, combat);
//! the base a Storm unit gives up is no involuntary loss (no fear test).

use super::RedActions;
use crate::geometry::Formation;
use crate::scenario::Trait;
use crate::state::{Action, Ask, Event, Phase, State, UnitId};

/// The Mob roll's number (Special Unit Characteristics).
pub const MOB_NEEDS: u8 = 3;

impl RedActions {
    /// The enemy units this unit sees now.
    pub fn enemies_seen(&self, s: &State, id: UnitId) -> Vec<UnitId> {
        let side = s.unit(id).side;
        let limit = self.sight_range();
        s.ids()
            .filter(|&e| {
                s.unit(e).side != side && s.unit(e).on_table() && self.sees_unit(s, id, e, limit)
            })
            .collect()
    }

    /// Whether a move leaves the unit farther from every enemy in `seen`
    /// (`step`: where the move leaves it, with its corners before and
    /// after, worked out on first use; `None` when it is not a move or is
    /// refused).
    fn moves_away(
        &self,
        s: &State,
        id: UnitId,
        a: &Action,
        seen: &[UnitId],
        step: &std::cell::OnceCell<Option<Formation>>,
    ) -> bool {
        let moved = step.get_or_init(|| {
            let seg = self.segment_of(s, id);
            match *a {
                Action::Advance { distance, .. } => self.advance(s, id, &seg, distance).ok(),
                Action::Wheel { pivot, angle, .. } => self.wheel(s, id, &seg, pivot, angle).ok(),
                Action::Turn { turn, .. } => self.turn(s, id, &seg, turn).ok(),
                _ => None,
            }
            .map(|m| m.formation)
        });
        let Some(to) = moved else {
            return false;
        };
        if let Action::Turn { .. } = a {
            let mut u = s.unit(id).clone();
            u.formation = *to;
            return seen
                .iter()
                .all(|&e| !self.ahead_of(&u, s.unit(e).formation.front.at));
        }
        // The unit and the enemies are on the table (the Mob roll asks of
        // no other): whole units asked by their outlines.
        let from = &s.unit(id).formation;
        seen.iter().all(|&e| {
            let theirs = &s.unit(e).formation;
            match from.dist2(theirs) {
                // Farther from every base: none at all is farther too.
                Some(d) => to.dist2(theirs).is_none_or(|n| n > d),
                // No bases either side: `None > None` is false.
                None => false,
            }
        })
    }

    /// Whether the action asks a Mob unit for its roll now.
    pub fn needs_mob_roll(&self, s: &State, a: &Action) -> bool {
        let id = a.unit();
        let u = s.unit(id);
        if !u.on_table() || u.more.mob_roll != 0 || !self.has_trait(s, id, Trait::Mob) {
            return false;
        }
        let exempt = matches!(
            a,
            Action::Shoot { .. }
                | Action::Done { .. }
                | Action::Rout { .. }
                | Action::Enter { .. }
                | Action::HoldCover { .. }
                | Action::TakeRetire { .. }
                | Action::SwapRetire { .. }
                | Action::PreEmpt { .. }
                | Action::LetAct { .. }
                | Action::KeepOfficer { .. }
        );
        let known = matches!(
            a,
            Action::Advance { .. }
                | Action::Wheel { .. }
                | Action::Turn { .. }
                | Action::Reform { .. }
                | Action::Limber { .. }
                | Action::Unlimber { .. }
                | Action::RallyTerror { .. }
                | Action::RallyRout { .. }
                | Action::Unpin { .. }
                | Action::Divide { .. }
                | Action::Combine { .. }
                | Action::Dismount { .. }
                | Action::Mount { .. }
                | Action::LeaveUnit { .. }
                | Action::TakePossession { .. }
                | Action::TakePrisoners { .. }
        );
        if exempt || !known {
            return false;
        }
        // It rolls when it sees an enemy it does not move away from
        // (`enemies_seen` not all left behind by `moves_away`), one enemy
        // at a time: the cheap distances before the sight lines, and the
        // move worked out once, when first needed.
        let side = s.unit(id).side;
        let limit = self.sight_range();
        let step = std::cell::OnceCell::new();
        let mine = s.unit(id).formation.bbox();
        s.ids().any(|e| {
            s.unit(e).side != side
                && s.unit(e).on_table()
                // Farther than the sight distance: not seen (sees_unit).
                && !s.unit(e).formation.box_gap_exceeds(&mine, limit.0 as i64)
                && !self.moves_away(s, id, a, &[e], &step)
                && self.sees_unit(s, id, e, limit)
        })
    }

    /// Why a Mob unit that failed its roll may not do this.
    pub(crate) fn mob_refusal(&self, s: &State, a: &Action) -> Option<String> {
        let u = s.unit(a.unit());
        if u.more.mob_roll == 2 && !matches!(a, Action::Shoot { .. } | Action::Done { .. }) {
            return Some(format!(
                "{} hesitates (it failed its Mob roll): it stays where it is, though it may shoot",
                self.unit_name(s, a.unit())
            ));
        }
        None
    }

    /// The Mob roll before the action; false when it fails (the action is
    /// not carried out).
    pub(crate) fn mob_roll(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> bool {
        if !self.needs_mob_roll(s, a) {
            return true;
        }
        let id = a.unit();
        let die = self.d6(s);
        let passed = die >= MOB_NEEDS;
        ev.push(Event::MobRoll {
            unit: id,
            die,
            needed: MOB_NEEDS,
            passed,
        });
        s.unit_mut(id).more.mob_roll = if passed { 1 } else { 2 };
        passed
    }

    /// Whether a retire may be swapped (Storm: a base; Specialist: a
    /// terror marker).
    pub fn may_swap_retire(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        u.on_table()
            && !u.routing
            && (self.has_trait(s, id, Trait::Specialist)
                || (self.has_trait(s, id, Trait::Storm) && u.bases() > 1))
    }

    /// The swap itself.
    pub(crate) fn swap_retire(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if self.has_trait(s, id, Trait::Storm) && s.unit(id).bases() > 1 {
            ev.push(Event::SwappedRetire {
                unit: id,
                base: true,
            });
            self.lose_base(s, id, ev);
            self.check_rout(s, id, ev);
        } else {
            ev.push(Event::SwappedRetire {
                unit: id,
                base: false,
            });
            self.add_terror(s, id, 1, ev);
        }
    }

    /// Asks a Storm or Specialist unit about a retire (true: asked).
    pub(crate) fn ask_swap_retire(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) -> bool {
        if !self.may_swap_retire(s, id) {
            return false;
        }
        let side = s.unit(id).side;
        self.ask(s, side, Ask::SwapRetire { unit: id }, ev);
        true
    }

    /// White Officer base: lost with the first base.
    pub(crate) fn first_base_lost(&self, s: &mut State, id: UnitId) {
        s.unit_mut(id).more.stiffened = None;
    }

    /// Resets the once-a-segment marks when a unit starts its segment.
    pub(crate) fn segment_starts(&self, s: &mut State, id: UnitId) {
        if !matches!(s.phase, Phase::Acting(seg) if seg.unit == id) {
            s.unit_mut(id).more.mob_roll = 0;
        }
    }
}
