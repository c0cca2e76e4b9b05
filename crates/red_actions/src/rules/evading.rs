//! Evading: a unit may evade, using the ground against the enemy's fire,
//! for the rest of the turn once it chooses to: moving no faster than its
//! card's evasive speed, or standing (a unit with no evasive speed evades
//! only standing). Units rallying from terror, pinned and still, or
//! retiring count as evading without choosing (Morale, Retire Results);
//! routers never evade. A unit shot at by the enemy before its segment
//! may choose then, before the shot is resolved ([`Ask::EvadeShot`]); if it
//! evades, its segment later this turn moves at its evasive speed at most
//! (rulings: asked before close-range return fire).

use super::{RedActions, Say};
use crate::scenario::Cover;
use crate::state::{Ask, Event, FireMode, Phase, Segment, State, UnitId};
use engine::param::Inches;

impl RedActions {
    /// The speed a unit may move at while evading: its evasive speed, or
    /// nothing (it evades standing).
    pub fn evasive_speed(&self, s: &State, id: UnitId) -> Inches {
        self.troop(s.unit(id)).evasive.unwrap_or(Inches::ZERO)
    }

    pub(crate) fn evade_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if u.routing {
            return w.say(|| "a routing unit never evades".into());
        }
        if !u.on_table() {
            return w.say(|| format!("{} is not on the table", self.name(id)));
        }
        if u.evading && seg.allowance <= self.evasive_speed(s, id) {
            return w.say(|| format!("{} is evading already", self.name(id)));
        }
        let v = self.evasive_speed(s, id);
        if seg.charged > v {
            return w.say(|| {
                format!(
                    "{} has moved {} this segment, more than its evasive speed of {v}",
                    self.name(id),
                    seg.charged
                )
            });
        }
        None
    }

    /// The unit evades: for the rest of the turn, and this segment at its
    /// evasive speed at most.
    pub(crate) fn evade(&self, s: &mut State, id: UnitId, seg: &mut Segment, ev: &mut Vec<Event>) {
        let v = self.evasive_speed(s, id);
        if seg.allowance > v {
            seg.allowance = v;
            // Capped: the road's 2" no longer count (nor come off later).
            seg.road = false;
        }
        s.unit_mut(id).evading = true;
        ev.push(Event::Evades { unit: id });
        s.phase = Phase::Acting(*seg);
    }

    /// Whether `target`, shot at by `shooter` (`mode`), may choose to
    /// evade before the shot: an enemy's fire having effect on the table
    /// (not harassing), a unit on the table and known to the shooter's side
    /// (asking would tell of a hidden unit under speculative fire), not
    /// routing, not evading and not yet acted this turn, not the acting
    /// unit, not a vehicle, standing where evading changes the cover column
    /// (soft cover or the open, foxholes no better).
    pub fn may_evade_when_shot(
        &self,
        s: &State,
        target: UnitId,
        shooter: UnitId,
        mode: FireMode,
    ) -> bool {
        let (tg, u) = (s.unit(target), s.unit(shooter));
        tg.side != u.side
            && mode != FireMode::Harassing
            && tg.on_table()
            && !self.unseen_by(s, target, Some(u.side))
            && self.in_play(s, target)
            && !tg.routing
            && !tg.evading
            && !tg.acted
            && !self.cat(tg).is_vehicle()
            && !matches!(s.phase, Phase::Acting(seg) if seg.unit == target)
            && self.evading_shifts(s, target)
    }

    /// Whether evading would change the cover column of fire at the unit.
    fn evading_shifts(&self, s: &State, id: UnitId) -> bool {
        let c = &self.sc().tables.cover;
        let (plain, evading) = match self.cover_of(s, id) {
            Cover::Soft => (c.soft as i32, c.evading_in_soft as i32),
            Cover::None => (0, c.evading_in_open as i32),
            _ => return false,
        };
        let dug = -((s.unit(id).dug_in / 4) as i32);
        plain.min(dug) != evading.min(dug)
    }

    /// A Fire action's shot: the target may first choose to evade.
    pub(crate) fn fire_at(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        mode: FireMode,
        ev: &mut Vec<Event>,
    ) {
        if self.may_evade_when_shot(s, target, id, mode) {
            let side = s.unit(target).side;
            let fire = Some(mode);
            let ask = Ask::EvadeShot {
                shooter: id,
                target,
                fire,
            };
            self.ask(s, side, ask, ev);
            return;
        }
        self.fire(s, id, target, mode, ev);
    }

    /// The answer to [`Ask::EvadeShot`]: the unit evades (or not), then the
    /// shot goes on (the Shoot action's may still be answered by return
    /// fire).
    pub(crate) fn answer_evade_shot(
        &self,
        s: &mut State,
        shooter: UnitId,
        target: UnitId,
        fire: Option<FireMode>,
        evades: bool,
        ev: &mut Vec<Event>,
    ) {
        if evades {
            let u = s.unit_mut(target);
            u.evading = true;
            u.more.evade_chosen = true;
            ev.push(Event::Evades { unit: target });
        }
        match fire {
            None => self.shoot_on(s, shooter, target, ev),
            Some(mode) => self.fire(s, shooter, target, mode, ev),
        }
    }
}
