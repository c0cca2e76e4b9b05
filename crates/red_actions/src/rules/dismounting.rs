//! Dismounting: cavalry with a `dismounts_as` card (troops.toml: Red
//! Cavalry as Red Conscripts, Horse Army as Red Regulars, and so on down
//! the rulebook's list) dismounts or mounts as a whole segment; one base
//! stays back holding the horses and returns when it mounts again.
//!
//! Our readings (rulings.md, Dismounting): the horse holders are kept in
//! safety off the table (they are no loss and cannot be shot); a unit
//! that has lost bases down to one cannot dismount (no one would be left
//! to fight); the unit dismounts in line on its front, keeping its
//! markers; mounting again needs the place for the returned base; the
//! horse holders are lost if the unit leaves play. Points lost count the
//! mounted card.

use super::{RedActions, Say};
use crate::state::{Event, Order, State, UnitId};

impl RedActions {
    pub(crate) fn dismount_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "dismounting takes the whole move".into());
        }
        let Some(inf) = self.troop(u).dismounts_as else {
            return w.say(|| format!("{} has no horses to leave", self.unit_name(s, id)));
        };
        if u.bases() < 2 {
            return w.say(|| "one base would hold the horses and no one would be left".into());
        }
        let mut to = u.formation;
        to.count -= 1;
        to.order = Order::Line.geometry();
        to.depth = self.sc().troops[inf].depth;
        let fits = self.placement(s, id, &u.formation, &to, false);
        w.told(
            fits.err()
                .map(|r| format!("the dismounted unit would not fit: {r}")),
        )
    }

    pub(crate) fn dismount(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let Some(inf) = self.troop(s.unit(id)).dismounts_as else {
            return;
        };
        let depth = self.sc().troops[inf].depth;
        let u = s.unit_mut(id);
        u.more.mounted_as = Some(u.troop);
        u.troop = inf as u16;
        u.more.horse_holders += 1;
        u.formation.count -= 1;
        u.formation.depth = depth;
        u.order = Order::Line;
        u.formation.order = Order::Line.geometry();
        u.evading = true;
        ev.push(Event::Dismounted { unit: id });
        self.check_rout(s, id, ev);
    }

    fn mounted_formation(&self, s: &State, id: UnitId) -> Option<crate::geometry::Formation> {
        let u = s.unit(id);
        let cav = u.more.mounted_as?;
        let mut to = u.formation;
        to.count += u.more.horse_holders;
        to.depth = self.sc().troops[cav as usize].depth;
        Some(to)
    }

    pub(crate) fn mount_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "mounting takes the whole move".into());
        }
        let Some(to) = self.mounted_formation(s, id) else {
            return w.say(|| format!("{} has no horses", self.unit_name(s, id)));
        };
        let fits = self.placement(s, id, &u.formation, &to, false);
        w.told(
            fits.err()
                .map(|r| format!("the mounted unit would not fit: {r}")),
        )
    }

    pub(crate) fn mount(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let Some(to) = self.mounted_formation(s, id) else {
            return;
        };
        let u = s.unit_mut(id);
        let Some(cav) = u.more.mounted_as.take() else {
            return;
        };
        u.troop = cav;
        u.formation = to;
        u.more.horse_holders = 0;
        u.order = Order::Line;
        ev.push(Event::Mounted { unit: id });
    }

    /// The card whose points count for the unit (mounted cavalry's while
    /// dismounted).
    pub fn points_card(&self, s: &State, id: UnitId) -> &crate::scenario::TroopType {
        let u = s.unit(id);
        match u.more.mounted_as {
            Some(t) => &self.sc().troops[t as usize],
            None => self.troop(u),
        }
    }
}
