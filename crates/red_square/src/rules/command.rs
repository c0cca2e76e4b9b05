//! Command and Control: orders (Attack, Probe, Defend, Counter Attack) and
//! the headquarters that change them. A unit asks for new orders when it
//! activates on 2 or more; the nearest headquarters that has not moved this
//! turn answers on a d6 at least its range in squares, -1 if the unit is
//! under fire or in a wood, +1 in a building (our reading: the receiver's
//! square). A headquarters is destroyed by one casualty or by an overrun.

use super::RedSquare;
use crate::data::Class;
use crate::scenario::Terrain;
use crate::state::{Action, Event, Formation, Orders, State, UnitId};

impl RedSquare {
    /// The headquarters that could answer the unit: its side's, on the
    /// table, not moved this turn.
    pub fn answering_hq(&self, s: &State, unit: UnitId) -> Option<UnitId> {
        let u = s.unit(unit);
        let grid = &self.scenario.grid;
        s.on_table()
            .filter(|h| h.side == u.side && self.class(h) == Class::Hq && !h.acted && !h.under_fire)
            .min_by_key(|h| (grid.distance(h.at, u.at), h.id))
            .map(|h| h.id)
    }

    pub(crate) fn command_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let u = s.unit(unit);
        if !self.class(u).takes_orders() || self.answering_hq(s, unit).is_none() {
            return;
        }
        for orders in Orders::GIVEN {
            if orders != u.orders {
                out.push(Action::AskOrders { unit, orders });
            }
        }
    }

    /// The score a headquarters needs to give `unit` new orders.
    pub fn orders_need(&self, s: &State, unit: UnitId, hq: UnitId) -> u8 {
        let u = s.unit(unit);
        let range = self.scenario.grid.distance(u.at, s.unit(hq).at) as i8;
        let terrain = self.scenario.terrain[u.at as usize];
        let mut need = range;
        if u.under_fire || terrain == Terrain::Wood {
            need += 1;
        }
        if terrain.buildings() {
            need -= 1;
        }
        need.max(1) as u8
    }

    pub(crate) fn ask_orders(
        &self,
        s: &mut State,
        unit: UnitId,
        orders: Orders,
        ev: &mut Vec<Event>,
    ) {
        let Some(hq) = self.answering_hq(s, unit) else {
            return self.finish_unit(s, unit, ev);
        };
        let need = self.orders_need(s, unit, hq);
        let roll = self.die(s, 6);
        let ok = roll >= need;
        if ok {
            let u = s.unit_mut(unit);
            u.orders = orders;
            // The formation follows the new orders where it must.
            let f = u.formation;
            use Formation as F;
            let new_f = match (orders, f) {
                (Orders::Attack, F::FiringLine) => Some(F::Waves),
                (Orders::Defend, F::Waves | F::Masses) => Some(F::FiringLine),
                (Orders::Defend, F::Mounted | F::Scouting) => Some(F::Dismounted),
                (Orders::CounterAttack, F::Masses) => Some(F::Waves),
                _ => None,
            };
            // Mounted Combat 3: no dismounting to Defend without a square
            // for the horses; the unit keeps its saddle (and its orders).
            let new_f = match new_f {
                Some(F::Dismounted) => {
                    let at = u.at;
                    match self.horse_square(s, unit, at, None) {
                        Some(h) => {
                            s.unit_mut(unit).horses = Some(h);
                            ev.push(Event::Horses { unit, at: Some(h) });
                            Some(F::Dismounted)
                        }
                        None => None,
                    }
                }
                other => other,
            };
            let u = s.unit_mut(unit);
            if let Some(nf) = new_f {
                u.formation = nf;
                ev.push(Event::OrdersChanged {
                    unit,
                    orders,
                    roll,
                    need,
                    ok,
                });
                ev.push(Event::Reformed {
                    unit,
                    formation: nf,
                });
                return self.finish_unit(s, unit, ev);
            }
        }
        ev.push(Event::OrdersChanged {
            unit,
            orders,
            roll,
            need,
            ok,
        });
        self.finish_unit(s, unit, ev);
    }

    /// Command and Control 1: Attack orders "stay in place ... until
    /// stopped by being forced to Hide or Retreat". Ours: they become
    /// Defend (the unit holds where it stopped until the HQ orders again).
    pub(crate) fn attack_stopped(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(unit);
        if u.orders == Orders::Attack {
            u.orders = Orders::Defend;
            ev.push(Event::OrdersLapse {
                unit,
                orders: Orders::Defend,
            });
        }
    }

    /// Command and Control 3: a headquarters "rolls for activation if under
    /// fire or needing to move" and "cannot issue orders when moving, under
    /// fire or activation score below 2". One not under fire moves freely;
    /// one under fire that moves rolls a d6 first and goes only on 2+.
    /// Either way it has acted and gives no orders this turn.
    pub(crate) fn hq_may_move(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) -> bool {
        if !s.unit(unit).under_fire {
            return true;
        }
        let roll = self.die(s, 6);
        let ok = roll >= 2;
        ev.push(Event::HqActivation { unit, roll, ok });
        s.unit_mut(unit).acted = true;
        ok
    }

    /// A headquarters in a square whose troops are fired at is under fire
    /// too (ours: it is never a target itself); it stays so until its side's
    /// next headquarters step is over.
    pub(crate) fn hq_fired_at(&self, s: &mut State, at: crate::grid::Sq) {
        for u in s.units.iter_mut() {
            if u.at == at
                && u.status == crate::state::Status::OnTable
                && self.scenario.types[u.kind as usize].class == Class::Hq
            {
                u.under_fire = true;
            }
        }
    }
}
