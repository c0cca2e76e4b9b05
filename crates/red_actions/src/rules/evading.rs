//! Evading: a unit may evade, using the ground against the enemy's fire,
//! for the rest of the turn once it chooses to: moving no faster than its
//! card's evasive speed, or standing (a unit with no evasive speed evades
//! only standing). Units rallying from terror, pinned and still, or
//! retiring count as evading without choosing (Morale, Retire Results);
//! routers never evade. The choice made before the unit's segment when it
//! is shot at is not yet asked (rulings).

use super::{RedActions, Say};
use crate::state::{Event, Phase, Segment, State, UnitId};
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
        seg.allowance = Inches(seg.allowance.0.min(v.0));
        s.unit_mut(id).evading = true;
        ev.push(Event::Evades { unit: id });
        s.phase = Phase::Acting(*seg);
    }
}
