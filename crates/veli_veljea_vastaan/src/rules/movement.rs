//! 4.1 Activation (one action point a city) and 4.2 Movement: one unit at a
//! time, a road costs 2 movement points and a railway 1, armoured trains only
//! by rail, never into enemy units or Russia, through full friendly cities but
//! not stopping in them (2.3), taking empty enemy cities on the way.

use super::VeliVeljeaVastaan;
use crate::scenario::{CityId, MAX_CITIES};
use crate::state::{Action, Event, Phase, State, UnitId, first_of_twins};
use engine::Side;

/// Who stands where, counted once per question instead of scanning every
/// unit for every city looked at (the move generator asks a lot).
pub struct Occupancy {
    units: [u8; MAX_CITIES],
    trains: [u8; MAX_CITIES],
    /// 0: nobody; 1 + side index.
    side: [u8; MAX_CITIES],
}

impl Occupancy {
    pub fn occupant(&self, c: CityId) -> Option<Side> {
        match self.side[c as usize] {
            1 => Some(Side::A),
            2 => Some(Side::B),
            _ => None,
        }
    }
    /// 2.3: room for one more unit in `c`, not counting `me` (a unit standing
    /// in `me.0`, a train if `me.1`) if it is there.
    pub fn room(&self, c: CityId, train: bool, me: Option<(CityId, bool)>) -> bool {
        let mut n = self.units[c as usize];
        let mut t = self.trains[c as usize];
        if let Some((mc, mt)) = me
            && mc == c
        {
            n -= 1;
            t -= u8::from(mt);
        }
        n < 3 && (!train || t < 2)
    }
}

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

    /// Counts the units in every city.
    pub fn occupancy(&self, s: &State) -> Occupancy {
        let mut o = Occupancy {
            units: [0; MAX_CITIES],
            trains: [0; MAX_CITIES],
            side: [0; MAX_CITIES],
        };
        for u in &s.units {
            let c = u.city as usize;
            o.units[c] += 1;
            o.trains[c] += u8::from(self.is_train(u.kind));
            o.side[c] = 1 + u.side.index() as u8;
        }
        o
    }

    /// Whether a unit (standing in `me.0`, a train if `me.1`) that is in
    /// `city` with `mp` left can still end its move somewhere legal (so that
    /// it never gets stuck in a full city).
    fn can_finish(
        &self,
        occ: &Occupancy,
        side: Side,
        me: (CityId, bool),
        city: CityId,
        mp: u8,
    ) -> bool {
        let train = me.1;
        if occ.room(city, train, Some(me)) {
            return true;
        }
        self.sc().map.neighbours[city as usize]
            .iter()
            .any(|&(n, link)| {
                (!train || link.has_rail())
                    && link.cost() <= mp
                    && occ.occupant(n) != Some(side.other())
                    && self.can_finish(occ, side, me, n, mp - link.cost())
            })
    }

    /// The links a unit may take now (4.2).
    pub fn steps_of(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let occ = self.occupancy(s);
        self.steps_with(s, &occ, unit, out);
    }

    fn steps_with(&self, s: &State, occ: &Occupancy, unit: UnitId, out: &mut Vec<Action>) {
        let Some(u) = s.unit(unit) else { return };
        if !s.turn.may_move || !u.activated || u.moved || u.mp == 0 || Some(u.side) != s.turn.side {
            return;
        }
        if let Some(m) = s.turn.mover
            && m != unit
            && let Some(mu) = s.unit(m)
        {
            let mt = self.is_train(mu.kind);
            if !occ.room(mu.city, mt, Some((mu.city, mt))) {
                return;
            }
        }
        let train = self.is_train(u.kind);
        for &(n, link) in &self.sc().map.neighbours[u.city as usize] {
            if train && !link.has_rail() {
                continue;
            }
            let cost = link.cost();
            if cost > u.mp || occ.occupant(n) == Some(u.side.other()) {
                continue;
            }
            if self.can_finish(occ, u.side, (u.city, train), n, u.mp - cost) {
                out.push(Action::Step { unit, to: n });
            }
        }
    }

    pub(crate) fn move_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let occ = self.occupancy(s);
        let mut seen = Vec::new();
        for u in s
            .units
            .iter()
            .filter(|u| u.side == side && u.activated && !u.moved)
        {
            if first_of_twins(&mut seen, u) {
                self.steps_with(s, &occ, u.id, out);
            }
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
            let occ = self.occupancy(s);
            for u in s
                .units
                .iter()
                .filter(|u| u.side == side && u.activated && !u.moved)
            {
                self.steps_with(s, &occ, u.id, &mut steps);
                if !steps.is_empty() {
                    return;
                }
            }
        }
        self.done_moving(s, ev);
    }
}
