//! 4.4 Supply, checked at the end of every month.

use super::VeliVeljeaVastaan;
use crate::data::UnitKind;
use crate::scenario::CitySet;
use crate::state::{Event, State};
use engine::Side;

impl VeliVeljeaVastaan {
    /// 4.4: the cities `side` holds that reach one of its own strategic cities
    /// along roads or railways through cities it holds. Strategic cities are
    /// always in supply.
    pub fn supplied(&self, s: &State, side: Side) -> CitySet {
        let map = &self.sc().map;
        let mut seen = CitySet::default();
        let mut stack: Vec<u8> = Vec::with_capacity(map.cities.len());
        for c in map.strategic.iter() {
            if s.control[c as usize] == side {
                seen.insert(c);
                stack.push(c);
            }
        }
        while let Some(c) = stack.pop() {
            for &(n, _) in &map.neighbours[c as usize] {
                if !seen.has(n) && s.control[n as usize] == side {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// 4.4 at the end of the month: an unsupplied city without its owner's
    /// units goes to the other side; full units in an unsupplied city are
    /// reduced, except armoured trains and Germans. Both sides are checked
    /// against the map as it stands before any change.
    pub fn check_supply(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.scenario.clone();
        let supplied = [self.supplied(s, Side::A), self.supplied(s, Side::B)];
        for side in Side::BOTH {
            let cut: Vec<u8> = (0..sc.map.cities.len() as u8)
                .filter(|&c| s.control[c as usize] == side && !supplied[side.index()].has(c))
                .collect();
            if !cut.is_empty() {
                ev.push(Event::SupplyCut { side, cities: cut });
            }
        }
        for c in 0..sc.map.cities.len() as u8 {
            let owner = s.control[c as usize];
            if supplied[owner.index()].has(c) {
                continue;
            }
            if s.occupant(c).is_none() {
                s.control[c as usize] = owner.other();
                ev.push(Event::CityLost {
                    city: c,
                    to: owner.other(),
                });
                if s.fieldworks.has(c) {
                    s.fieldworks.remove(c);
                    ev.push(Event::FieldworksDestroyed { city: c });
                }
                continue;
            }
            for u in s.units.iter_mut().filter(|u| u.city == c) {
                let kind = sc.units[u.kind as usize].kind;
                if !u.reduced && !matches!(kind, UnitKind::Train | UnitKind::German) {
                    u.reduced = true;
                    ev.push(Event::OutOfSupply {
                        unit: u.id,
                        kind: u.kind,
                        city: c,
                    });
                }
            }
        }
    }
}
