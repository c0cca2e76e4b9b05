//! 9.2 Melee combat: at the end of the active player's turn, in every area
//! holding units of both sides, fought like fire combat with these
//! differences: dice are the steps available, abilities M/A/D do not raise
//! dice, both sides lose steps for the hit points the other scored, ties go to
//! the defender, and it is fought again until one side is gone. Artillery
//! neither leads nor supports (it takes no part in group fire), but it can be
//! the defending unit.

use super::DeathOnTheRails;
use crate::data::UnitKind;
use crate::map::AreaId;
use crate::scenario::UnitId;
use crate::state::{
    Action, Combat, CombatMode, DicePart, DiceParts, Event, Phase, RemovedWhy, Role, State, UnitSet,
};
use engine::Side;

/// The steps a unit of this kind at `strength` has left before it is gone
/// (see [`DeathOnTheRails::steps_available`]).
pub(crate) fn steps_available(d: &crate::scenario::UnitDef, strength: u8) -> u8 {
    if !d.is_combat() {
        return 0;
    }
    (strength + 1).saturating_sub(d.critical)
}

impl DeathOnTheRails {
    /// The steps a unit has left before it is gone: strength − critical + 1.
    ///
    /// Our reading of "amount of dice is calculated not by unit strength but
    /// the steps available": a block at strength 4 with critical strength 2
    /// can lose 3 steps, so it rolls 3 dice in melee. None of fire combat's
    /// modifiers (range, cover, stacking, suppression) apply.
    pub(crate) fn steps_available(&self, s: &State, u: UnitId) -> u8 {
        steps_available(self.def(u), s.units[u as usize].strength)
    }

    /// Whether `u` may lead or support in melee. Melee follows the fire-combat
    /// procedure (9.2), where "artillery and units with no combat strength
    /// cannot participate in group fire" (9.1, 9.3) and artillery never leads
    /// fire combat (it fires by 9.3): so only infantry, not train parts (which
    /// fight no melee). Artillery can still be the defending unit.
    pub(crate) fn fights_melee(&self, u: UnitId) -> bool {
        let d = self.def(u);
        d.kind == UnitKind::Infantry && d.train_part.is_none()
    }

    fn has_melee_lead_in(&self, s: &State, side: Side, area: AreaId) -> bool {
        self.side_units_in(s, side, area)
            .iter()
            .any(|u| self.fights_melee(u))
    }

    fn ground_units_in(&self, s: &State, side: Side, area: AreaId) -> UnitSet {
        let mut set = self.side_units_in(s, side, area);
        for u in set.iter() {
            if self.def(u).train_part.is_some() {
                set.remove(u);
            }
        }
        set
    }

    /// Fights the melees of the turn's end, area by area from `area` on.
    /// `continuing`: a melee in `area` is already under way.
    pub(crate) fn run_melee(
        &self,
        s: &mut State,
        mut area: AreaId,
        mut continuing: bool,
        ev: &mut Vec<Event>,
    ) {
        let n = self.sc().map.area_count();
        loop {
            if !continuing {
                // Jump to the next area holding both sides.
                let contested = if (area as usize) < n {
                    self.contested_areas(s).0 >> area
                } else {
                    0
                };
                if contested == 0 {
                    self.end_turn_finish(s, ev);
                    return;
                }
                area += contested.trailing_zeros() as AreaId;
            }
            let active = s.active;
            if !continuing {
                ev.push(Event::MeleeBegins { area });
                // Dummy blocks are shown for what they are and taken away.
                for side in Side::BOTH {
                    for u in self.side_units_in(s, side, area).iter() {
                        if self.def(u).kind == UnitKind::Dummy {
                            ev.push(Event::Revealed {
                                unit: u,
                                strength: 0,
                            });
                            self.remove_unit(s, u, RemovedWhy::Dummy, ev);
                        }
                    }
                }
            }
            let both = !self.ground_units_in(s, active, area).is_empty()
                && !self.ground_units_in(s, active.other(), area).is_empty();
            // The active player attacks; if it has no unit there that may
            // lead (only artillery and non-combat units), the defender's
            // infantry do. With neither, nothing is fought.
            let attacker = if self.has_melee_lead_in(s, active, area) {
                Some(active)
            } else if self.has_melee_lead_in(s, active.other(), area) {
                Some(active.other())
            } else {
                None
            };
            if let (true, Some(attacker)) = (both, attacker) {
                s.phase = Phase::MeleeLead { area, attacker };
                return;
            }
            self.settle_melee_control(s, area, ev);
            ev.push(Event::MeleeEnds { area });
            area += 1;
            continuing = false;
        }
    }

    pub(crate) fn melee_lead_choices(
        &self,
        s: &State,
        area: AreaId,
        attacker: Side,
        out: &mut Vec<Action>,
    ) {
        for u in self.side_units_in(s, attacker, area).iter() {
            if self.fights_melee(u) {
                out.push(Action::Fire { lead: u });
            }
        }
    }

    pub(crate) fn melee_lead(&self, s: &mut State, area: AreaId, lead: UnitId) {
        s.phase = Phase::Fire {
            mode: CombatMode::Melee(area),
            lead,
            supports: UnitSet::EMPTY,
        };
    }

    /// One round of melee: both roll their steps, supporting units raise the
    /// attacker's lowest dice, ties score for the defender, and both lose steps.
    pub(crate) fn melee_round(&self, s: &mut State, mut c: Combat, ev: &mut Vec<Event>) {
        let defender = c.attacker.other();
        let a = self.steps_available(s, c.lead);
        c.attack = self.roll(
            s,
            c.attacker,
            Role::Attacker,
            a as i8,
            DiceParts::of(DicePart::Steps(a)),
            ev,
        );
        self.support_raises(&mut c, ev);
        let d = self.steps_available(s, c.target);
        c.defence = self.roll(
            s,
            defender,
            Role::Defender,
            d as i8,
            DiceParts::of(DicePart::Steps(d)),
            ev,
        );
        let (ah, dh) = super::fire::compare(&c.attack, &c.defence, true);
        ev.push(Event::Compared {
            attack: c.attack,
            defence: c.defence,
            attack_hits: ah,
            defence_hits: dh,
            ties_to_defender: true,
        });
        ev.push(Event::MeleeLosses {
            attacker_lead: c.lead,
            attacker_steps: dh,
            defender: c.target,
            defender_steps: ah,
        });
        self.lose_steps(s, c.target, ah, ev);
        self.lose_steps(s, c.lead, dh, ev);
        self.after_combat(s, c.mode, c.attacker, ev);
    }

    /// 11: after melee the objective goes to the side with units left; if
    /// every unit was killed, the defender keeps it.
    fn settle_melee_control(&self, s: &mut State, area: AreaId, ev: &mut Vec<Event>) {
        let Some(_) = self.sc().objective_in(area) else {
            return;
        };
        let active = s.active;
        let holds = |side: Side| {
            self.side_units_in(s, side, area)
                .iter()
                .any(|u| self.def(u).takes_objectives())
        };
        let (a, d) = (holds(active), holds(active.other()));
        let anyone = !self.ground_units_in(s, active, area).is_empty()
            || !self.ground_units_in(s, active.other(), area).is_empty();
        let winner = match (a, d) {
            (true, false) => Some(active),
            (false, true) => Some(active.other()),
            _ if !anyone => Some(active.other()),
            _ => None,
        };
        if let Some(w) = winner {
            self.take_objective(s, area, w, ev);
        }
    }
}
