//! 4.1 Activation (one action point a city) and 4.2 Movement: one unit at a
//! time, a road costs 2 movement points and a railway 1, armoured trains only
//! by rail, never into enemy units or Russia, through full friendly cities but
//! not stopping in them (2.3), taking empty enemy cities on the way.

use super::VeliVeljeaVastaan;
use crate::scenario::CityId;
use crate::state::{Action, Event, Phase, State, UnitId};
use engine::Side;

impl VeliVeljeaVastaan {
    pub(crate) fn activate_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if s.turn.ap > 0 {
            let mut seen = crate::scenario::CitySet::default();
            for u in s.units.iter().filter(|u| u.side == side && !u.activated) {
                if !seen.has(u.city) && !s.turn.activated.has(u.city) {
                    seen.insert(u.city);
                }
            }
            for city in seen.iter() {
                out.push(Action::Activate { city });
            }
        }
        out.push(Action::DoneActivating);
    }

    /// 4.1: all units in the city are activated for one action point.
    pub(crate) fn activate(&self, s: &mut State, side: Side, city: CityId, ev: &mut Vec<Event>) {
        s.turn.ap -= 1;
        s.turn.activated.insert(city);
        let mut n = 0;
        let sc = self.scenario.clone();
        for u in s
            .units
            .iter_mut()
            .filter(|u| u.city == city && u.side == side)
        {
            u.activated = true;
            u.mp = sc.units[u.kind as usize].mp(u.reduced);
            n += 1;
        }
        ev.push(Event::Activated {
            side,
            city,
            units: n,
        });
        self.skip_empty_activation(s, ev);
    }

    /// Goes on to movement when no more cities can be activated.
    pub(crate) fn skip_empty_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.turn.side.expect("a turn is under way");
        let more = s.turn.ap > 0
            && s.units
                .iter()
                .any(|u| u.side == side && !u.activated && !s.turn.activated.has(u.city));
        if !more {
            self.done_activating(s, ev);
        }
    }

    pub(crate) fn done_activating(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.phase = Phase::Move;
        self.skip_empty_movement(s, ev);
    }

    /// Whether the unit may end its move in `city` (2.3 stacking).
    pub fn may_stop(&self, s: &State, unit: UnitId, city: CityId) -> bool {
        let Some(u) = s.unit(unit) else { return false };
        self.room(s, city, self.is_train(u.kind), Some(unit))
    }

    /// Whether a unit standing in `city` with `mp` left can still end its move
    /// somewhere legal (so that it never gets stuck in a full city).
    fn can_finish(
        &self,
        s: &State,
        unit: UnitId,
        side: Side,
        train: bool,
        city: CityId,
        mp: u8,
    ) -> bool {
        if self.room(s, city, train, Some(unit)) {
            return true;
        }
        self.sc().map.neighbours[city as usize]
            .iter()
            .any(|&(n, link)| {
                (!train || link.has_rail())
                    && link.cost() <= mp
                    && s.occupant(n) != Some(side.other())
                    && self.can_finish(s, unit, side, train, n, mp - link.cost())
            })
    }

    /// The links a unit may take now (4.2).
    pub fn steps_of(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let Some(u) = s.unit(unit) else { return };
        if !s.turn.may_move || !u.activated || u.moved || u.mp == 0 || Some(u.side) != s.turn.side {
            return;
        }
        if let Some(m) = s.turn.mover
            && m != unit
            && !s.unit(m).is_some_and(|mu| self.may_stop(s, m, mu.city))
        {
            return;
        }
        let train = self.is_train(u.kind);
        for &(n, link) in &self.sc().map.neighbours[u.city as usize] {
            if train && !link.has_rail() {
                continue;
            }
            let cost = link.cost();
            if cost > u.mp || s.occupant(n) == Some(u.side.other()) {
                continue;
            }
            if self.can_finish(s, unit, u.side, train, n, u.mp - cost) {
                out.push(Action::Step { unit, to: n });
            }
        }
    }

    pub(crate) fn move_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for u in s
            .units
            .iter()
            .filter(|u| u.side == side && u.activated && !u.moved)
        {
            self.steps_of(s, u.id, out);
        }
        if self.mover_may_stop(s) {
            out.push(Action::DoneMoving);
        }
    }

    fn mover_may_stop(&self, s: &State) -> bool {
        match s.turn.mover.and_then(|m| s.unit(m)) {
            Some(u) => self.may_stop(s, u.id, u.city),
            None => true,
        }
    }

    pub(crate) fn step(&self, s: &mut State, unit: UnitId, to: CityId, ev: &mut Vec<Event>) {
        // 4.2: one unit's move is over before the next one starts.
        if let Some(m) = s.turn.mover
            && m != unit
            && let Some(mu) = s.unit_mut(m)
        {
            mu.moved = true;
        }
        s.turn.mover = Some(unit);
        let link = {
            let u = s.unit(unit).expect("legal step");
            self.sc().map.link(u.city, to).expect("legal step")
        };
        let (from, side, mp_left, kind) = {
            let u = s.unit_mut(unit).expect("legal step");
            let from = u.city;
            u.city = to;
            u.mp -= link.cost();
            (from, u.side, u.mp, u.kind)
        };
        ev.push(Event::Moved {
            unit,
            kind,
            from,
            to,
            cost: link.cost(),
            mp_left,
        });
        // 4.2: passing through an empty enemy city takes it.
        if s.control[to as usize] != side {
            self.capture(s, to, side, ev);
        }
        if mp_left == 0 {
            if let Some(u) = s.unit_mut(unit) {
                u.moved = true;
            }
            s.turn.mover = None;
        }
        self.skip_empty_movement(s, ev);
    }

    pub(crate) fn done_moving(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(m) = s.turn.mover.take()
            && let Some(u) = s.unit_mut(m)
        {
            u.moved = true;
        }
        self.enter_attack(s, ev);
    }

    /// Goes on to the attacks when no unit can move any more.
    fn skip_empty_movement(&self, s: &mut State, ev: &mut Vec<Event>) {
        let side = s.turn.side.expect("a turn is under way");
        let mut steps = Vec::new();
        if s.turn.may_move {
            for u in s
                .units
                .iter()
                .filter(|u| u.side == side && u.activated && !u.moved)
            {
                self.steps_of(s, u.id, &mut steps);
                if !steps.is_empty() {
                    return;
                }
            }
        }
        self.done_moving(s, ev);
    }
}
