//! The actions of the terrain and hidden-unit sections (Ambushes,
//! Digging in, Buildings, Marching, Barbed Wire) plugged into the segment:
//! their refusals, their effects and their finite choices for the random
//! tester; and what every step ends with (hidden units seen, ambushes
//! offered to spring, foxholes left behind).

use super::{RedActions, Say};
use crate::state::Event;
use crate::state::{Action, Segment, State, Status, UnitId};
use engine::Side;

impl RedActions {
    /// Why a unit in ambush may not take this action (it only springs or
    /// holds until released).
    pub(crate) fn ambush_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        a: &Action,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if u.ambush
            && !matches!(
                a,
                Action::Spring { .. } | Action::Charge { .. } | Action::Done { .. }
            )
        {
            return w.say(|| {
                format!(
                    "{} lies in ambush: it springs (fire or charge) or holds until a senior officer releases it",
                    self.name(id)
                )
            });
        }
        if !u.ambush && matches!(a, Action::Spring { .. }) {
            return w.say(|| format!("{} is not in ambush", self.name(id)));
        }
        // Caught in the wire: it tries to cross, shoots or holds; routing,
        // it runs or tries to rally like any router (Barbed Wire).
        if s.unit(id).in_wire.is_some()
            && !matches!(
                a,
                Action::CrossWire { .. } | Action::Shoot { .. } | Action::Done { .. }
            )
            && !(s.unit(id).routing && matches!(a, Action::Rout { .. } | Action::RallyRout { .. }))
        {
            return w.say(|| {
                format!(
                    "{} is caught in the wire: it tries to cross, shoots or holds",
                    self.name(id)
                )
            });
        }
        None
    }

    /// Refusals of this module's actions.
    pub(crate) fn more_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        fresh: bool,
        a: &Action,
        w: W,
    ) -> Option<W::Why> {
        match *a {
            Action::Scout { spot, .. } => self.scout_refusal(s, id, spot, w),
            Action::Spring { target, .. } => {
                if !fresh {
                    w.say(|| "springing an ambush is the whole segment".into())
                } else if seg.shot {
                    w.say(|| "it has fired this segment".into())
                } else if self.may_spring(s, id, target) {
                    None
                } else {
                    w.say(|| "no enemy to spring on there (short range, arc and sight)".into())
                }
            }
            Action::Release { ambusher, .. } => {
                if !fresh {
                    w.say(|| "giving the order takes the officer's segment".into())
                } else {
                    w.told(self.release_refusal(s, id, ambusher))
                }
            }
            Action::Dig { .. } => self.dig_refusal(s, id, fresh, w),
            Action::SetFire { building, .. } => {
                self.building_fire_refusal(s, id, building, false, fresh, w)
            }
            Action::FightFire { building, .. } => {
                self.building_fire_refusal(s, id, building, true, fresh, w)
            }
            Action::TakePossession { building, .. } => {
                self.possession_refusal(s, id, building, fresh, w)
            }
            Action::March { .. } => self.march_refusal(s, id, fresh, w),
            Action::CrossWire { .. } => self.wire_refusal(s, id, fresh, w),
            Action::LieLow { .. } => w.say(|| "nothing asks that now".into()),
            Action::TakePrisoners { prisoners, .. } => {
                w.told(self.prisoners_refusal(s, id, prisoners, false, fresh))
            }
            Action::KillPrisoners { prisoners, .. } => {
                w.told(self.prisoners_refusal(s, id, prisoners, true, fresh))
            }
            _ => w.say(|| "not an action of these sections".into()),
        }
    }

    /// Carries out one of this module's actions; `true` when the segment
    /// goes on, `false` when it has ended.
    pub(crate) fn more_act(
        &self,
        s: &mut State,
        a: &Action,
        seg: &mut Segment,
        ev: &mut Vec<Event>,
    ) -> bool {
        let id = a.unit();
        match *a {
            Action::Scout { spot, .. } => {
                self.scout(s, id, spot, ev);
                true
            }
            Action::Spring { target, .. } => {
                self.spring_fire(s, id, target, ev);
                seg.shot = true;
                seg.allowance = self.after_shooting(s, id);
                true
            }
            Action::Release { ambusher, .. } => {
                self.release(s, id, ambusher, ev);
                self.end_segment(s, id, ev);
                false
            }
            Action::Dig { .. } => {
                self.dig(s, id, ev);
                self.end_segment(s, id, ev);
                false
            }
            Action::SetFire { building, .. } | Action::FightFire { building, .. } => {
                let fighting = matches!(a, Action::FightFire { .. });
                self.fire_roll(s, id, building, fighting, ev);
                self.end_segment(s, id, ev);
                false
            }
            Action::TakePossession { building, .. } => {
                s.unit_mut(id).more.possession = Some(building);
                ev.push(Event::TookPossession { unit: id, building });
                self.end_segment(s, id, ev);
                false
            }
            Action::March { .. } => {
                self.march(s, id, seg, ev);
                true
            }
            Action::CrossWire { .. } => {
                self.cross_wire(s, id, ev);
                self.end_segment(s, id, ev);
                false
            }
            Action::TakePrisoners { .. } | Action::KillPrisoners { .. } => {
                self.prisoners_act(s, a, ev);
                false
            }
            _ => true,
        }
    }

    /// The candidates of this module for the random tester (a finite
    /// sample; the caller keeps the legal ones).
    pub(crate) fn more_choices(
        &self,
        s: &State,
        id: UnitId,
        starting: bool,
        out: &mut Vec<Action>,
    ) {
        let u = s.unit(id);
        if u.status != Status::OnTable || u.routing {
            return;
        }
        // (In ambush or scouted already this turn: every spot refused; so
        // is a piece whose box is farther from the unit's than any unit
        // scouts: `scout_refusal`.)
        if !u.ambush && u.scouted_turn != s.turn {
            let (mine, longest) = (u.formation.bbox(), self.longest_scout());
            for (spot, b) in self.prep.spot_boxes.iter().enumerate() {
                if mine.gap(b) <= longest {
                    out.push(Action::Scout {
                        unit: id,
                        spot: spot as u16,
                    });
                }
            }
        }
        // Springing is the whole segment of a unit in ambush, releasing one
        // the whole segment of a senior officer (not in ambush itself):
        // `ambush_refusal`, `more_refusal` and `release_refusal` refuse
        // every other, so they are not listed to be refused one by one.
        let spring = starting && u.ambush;
        let release = starting && !u.ambush && self.senior_officer(s, id);
        if spring || release {
            for t in s.ids() {
                if s.unit(t).side != u.side {
                    if spring {
                        out.push(Action::Spring {
                            unit: id,
                            target: t,
                        });
                    }
                } else if s.unit(t).ambush && release {
                    out.push(Action::Release {
                        unit: id,
                        ambusher: t,
                    });
                }
            }
        }
        // These take the whole segment; and what is refused whatever else
        // holds is not listed (to be refused one by one): digging and
        // crossing wire other than by infantry, marching other than in
        // column (or an officer), a building's actions without touching
        // it, fighting a fire where none burns, taking possession other
        // than by infantry.
        if starting {
            let infantry = self.cat(u).is_infantry();
            if infantry {
                out.push(Action::Dig { unit: id });
            }
            if self.cat(u) == crate::scenario::Category::Officer
                || u.order == crate::state::Order::Column
            {
                out.push(Action::March { unit: id });
            }
            if infantry {
                out.push(Action::CrossWire { unit: id });
            }
            for b in 0..self.sc().buildings.len() as u16 {
                if !self.touches_building(s, id, b) {
                    continue;
                }
                out.push(Action::SetFire {
                    unit: id,
                    building: b,
                });
                if s.fires.get(b as usize).is_some_and(|&m| m > 0) {
                    out.push(Action::FightFire {
                        unit: id,
                        building: b,
                    });
                }
                if infantry {
                    out.push(Action::TakePossession {
                        unit: id,
                        building: b,
                    });
                }
            }
            self.prisoners_choices(s, id, out);
        }
    }

    /// After every step: a unit that moved leaves its foxholes; hidden
    /// units that moved or fired are given away; whatever an enemy now
    /// sees is revealed; units in ambush may spring on a mover. A charger
    /// moves when it goes in, often in the answer of its target's side:
    /// that move is followed up there ([`RedActions::charge_moved`]).
    pub(crate) fn after_step(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        before: &crate::state::Unit,
        ev: &mut Vec<Event>,
    ) {
        let id = a.unit();
        if id as usize >= s.units.len() || s.unit(id).side != side {
            return;
        }
        // A charge's move is followed up when the charger goes in or runs
        // on (`charge_moved`); dividing and combining move no one: the
        // parts stand where the unit stood, the combined unit where the two
        // stood (their foxholes and possession: Permitted Actions).
        let moved = !matches!(
            a,
            Action::Charge { .. }
                | Action::RunOn { .. }
                | Action::Divide { .. }
                | Action::Combine { .. }
        ) && s.unit(id).formation != before.formation;
        self.after_move(s, id, a, moved, before, ev);
    }

    /// What follows a charger's move into contact, in whoever's step it
    /// comes: the same as after a move of its own (a vehicle's obstacle
    /// dice, foxholes left, hidden units revealed, and Ambushes: a charge
    /// is a move, and ambushers it comes near may spring on it).
    pub(crate) fn charge_moved(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        before: &crate::state::Unit,
        ev: &mut Vec<Event>,
    ) {
        if s.unit(id).formation != before.formation {
            // A tank or armoured car: its obstacle dice, as for any move.
            self.after_vehicle_move(s, id, &before.formation, ev);
            let a = Action::Charge { unit: id, target };
            self.after_move(s, id, &a, true, before, ev);
        }
    }

    /// [`RedActions::after_step`] for unit `id` (`moved`: it moved).
    fn after_move(
        &self,
        s: &mut State,
        id: UnitId,
        a: &Action,
        moved: bool,
        before: &crate::state::Unit,
        ev: &mut Vec<Event>,
    ) {
        if moved {
            s.unit_mut(id).dug_in = 0;
            s.unit_mut(id).more.possession = None;
            s.unit_mut(id).moved_turn = s.turn;
            self.leave_road(s, id);
            self.tank_on_wire(s, id, before.formation.front.at, ev);
            self.find_way(s, id, before.formation.front.at);
        }
        if s.unit(id).hidden
            && Self::gives_away(a)
            && (moved
                || s.unit(id).ambush != before.ambush
                || matches!(a, Action::Shoot { .. } | Action::Enter { .. }))
        {
            self.reveal(s, id, ev);
        }
        if moved && s.outcome.is_none() && Self::gives_away(a) {
            let old = before.footprint();
            self.friends_in_the_dark(s, id, &old, ev);
        }
        self.reveal_seen(s, ev);
        if moved && s.outcome.is_none() {
            let old = before.on_table().then_some(before.formation);
            self.check_springs(s, id, old, ev);
        }
    }
}
