//! 4.5 Reinforcements, and placing any new unit (from an event too): always in
//! a city in supply, within the stacking limits, while the box has counters;
//! a unit with nowhere to go does not enter.

use super::VeliVeljeaVastaan;
use crate::scenario::{At, CityId, CitySet, WHITE};
use crate::state::{Action, Event, Phase, Placement, Source, State};

impl VeliVeljeaVastaan {
    /// 4.5: the month's reinforcements, White's first: a fixed number, or so
    /// many for each strategic city the side holds now.
    pub(crate) fn queue_reinforcements(&self, s: &mut State, _ev: &mut Vec<Event>) {
        let sc = self.scenario.clone();
        for side in [WHITE, WHITE.other()] {
            let held = self.strategic_held(s, side);
            for r in sc
                .reinforcements
                .iter()
                .filter(|r| r.month == s.month && r.side == side)
            {
                let n = r.count as u16 + r.per_strategic as u16 * held as u16;
                for _ in 0..n {
                    s.placements.push(Placement {
                        side,
                        unit: r.unit,
                        reduced: false,
                        at: r.at,
                        source: Source::Reinforcement,
                    });
                }
            }
        }
    }

    /// The cities where `p` may be placed now.
    pub fn placement_cities(&self, s: &State, p: &Placement) -> CitySet {
        let sc = self.sc();
        let def = &sc.units[p.unit as usize];
        let mut out = CitySet::default();
        let on_map = s.units.iter().filter(|u| u.kind == p.unit).count();
        if on_map >= def.counters as usize {
            return out;
        }
        let train = self.is_train(p.unit);
        let supplied = if p.at == At::Anchor {
            CitySet::default()
        } else {
            self.supplied(s, p.side)
        };
        let candidates: CitySet = match p.at {
            At::Cities(set) => set,
            At::Anchor => sc.map.anchors,
            At::RussiaBorder => sc.map.russia.border,
            At::Own | At::OwnSupplied | At::Any => {
                CitySet(u128::MAX >> (128 - sc.map.cities.len()))
            }
            At::OwnSuppliedStartSide => {
                let north = sc.map.north;
                if p.side == WHITE {
                    north
                } else {
                    CitySet(!north.0 & (u128::MAX >> (128 - sc.map.cities.len())))
                }
            }
        };
        let occ = self.occupancy(s);
        for c in candidates.iter() {
            if !occ.room(c, train, None) {
                continue;
            }
            let ok = match p.at {
                // A landing needs no supply and takes the city, but not from enemy units.
                At::Anchor => occ.occupant(c) != Some(p.side.other()),
                _ => s.control[c as usize] == p.side && supplied.has(c),
            };
            if ok {
                out.insert(c);
            }
        }
        out
    }

    pub(crate) fn place_choices(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(p) = s.placements.first() {
            for city in self.placement_cities(s, p).iter() {
                out.push(Action::Place { city });
            }
        }
    }

    pub(crate) fn place(&self, s: &mut State, city: CityId, ev: &mut Vec<Event>) {
        let p = s.placements.remove(0);
        if s.control[city as usize] != p.side {
            self.capture(s, city, p.side, ev);
        }
        let id = s.add_unit(p.unit, p.side, city, p.reduced);
        ev.push(Event::Placed {
            side: p.side,
            unit: id,
            kind: p.unit,
            city,
            reduced: p.reduced,
            source: p.source,
        });
        self.after_placements(s, ev);
    }

    /// Drops the waiting units that cannot be placed anywhere; when none is
    /// left, goes on with the month or the event.
    pub(crate) fn after_placements(&self, s: &mut State, ev: &mut Vec<Event>) {
        while let Some(p) = s.placements.first().copied() {
            if self.placement_cities(s, &p).is_empty() {
                let def = &self.sc().units[p.unit as usize];
                let on_map = s.units.iter().filter(|u| u.kind == p.unit).count();
                let reason = if on_map >= def.counters as usize {
                    format!("all {} counters are on the map", def.counters)
                } else {
                    "no city in supply has room".to_string()
                };
                ev.push(Event::NotPlaced {
                    side: p.side,
                    kind: p.unit,
                    reason,
                });
                s.placements.remove(0);
            } else {
                s.phase = Phase::Place;
                return;
            }
        }
        // Units placed by a card's event: the event goes on; else these were
        // the month's reinforcements and the month's first turn begins.
        if s.effects.is_some() {
            self.continue_effects(s, ev);
        } else {
            self.start_first_turn(s, ev);
        }
    }
}
