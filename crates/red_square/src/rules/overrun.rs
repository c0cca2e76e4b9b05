//! Movement 5: infantry and cavalry may overrun enemy units. A hiding,
//! retreating or rallying unit flees on a d6 of 1-4 if Poor, 1-3 if
//! Regular, 1-2 if Elite, and is removed; infantry, artillery and MGs taken
//! in the flank flee unless in buildings or trenches; MGs on their own,
//! command figures and transport flee from any direction. If any enemy
//! stands, the mover stops next to it (our reading). An overrunning unit
//! may go on one more square if it has movement left.

use super::RedSquare;
use crate::data::Class;
use crate::grid::{Aspect, Sq};
use crate::state::{Event, Quality, State, UnitId};

impl RedSquare {
    /// Whether an overrun into `to` may be tried from `from` (any target
    /// that would surely stand makes the step pointless, but the rulebook
    /// lets the mover try: only squares it could enter are offered).
    pub(crate) fn may_overrun(&self, s: &State, unit: UnitId, from: Sq, to: Sq) -> bool {
        let u = s.unit(unit);
        let _ = from;
        // The square must have room for the mover once the enemy is gone.
        let mut probe = s.units.clone();
        for x in probe.iter_mut() {
            if x.at == to && x.side != u.side {
                x.status = crate::state::Status::Gone;
            }
        }
        self.room_for(&probe, unit, to)
    }

    /// Whether the target flees without a roll (flank, lone MGs, figures,
    /// transport).
    fn flees_outright(&self, s: &State, target: UnitId, from: Sq) -> bool {
        let t = s.unit(target);
        let class = self.class(t);
        let protected = self.scenario.terrain[t.at as usize].buildings() || t.trenches;
        let flank = self.scenario.grid.aspect(t.at, t.facing, from) == Aspect::Flank;
        match class {
            Class::Hq | Class::Officer | Class::Commissar | Class::Cheka | Class::Motor => true,
            Class::Mg if t.with.is_none() => true,
            Class::Infantry | Class::Artillery | Class::Mg => flank && !protected,
            _ => false,
        }
    }

    /// Carries out an overrun; true if every enemy in the square fled.
    pub(crate) fn overrun(
        &self,
        s: &mut State,
        unit: UnitId,
        from: Sq,
        to: Sq,
        ev: &mut Vec<Event>,
    ) -> bool {
        let side = s.unit(unit).side;
        let targets: Vec<UnitId> = self
            .enemies_of(s, side)
            .filter(|e| e.at == to)
            .map(|e| e.id)
            .collect();
        let mut all_fled = true;
        for t in targets {
            let tu = s.unit(t);
            // Armoured Trains 7: a disabled train is open to capture by
            // infantry entering its square (our reading).
            if self.class(tu) == Class::Train {
                if tu.disabled && self.class(s.unit(unit)) == Class::Infantry {
                    s.unit_mut(t).side = side;
                    ev.push(Event::TrainCaptured { unit: t, by: side });
                    continue;
                }
                all_fled = false;
                continue;
            }
            if self.flees_outright(s, t, from) {
                ev.push(Event::Fled {
                    unit: t,
                    roll: None,
                    need: 0,
                });
                self.remove(s, t, ev);
                continue;
            }
            if tu.hiding || tu.retreating || tu.rallying {
                let need = match tu.quality {
                    Quality::Poor => 4,
                    Quality::Regular => 3,
                    Quality::Elite => 2,
                };
                let roll = self.die(s, 6);
                if roll <= need {
                    ev.push(Event::Fled {
                        unit: t,
                        roll: Some(roll),
                        need,
                    });
                    self.remove(s, t, ev);
                    continue;
                }
                ev.push(Event::Stands {
                    unit: t,
                    roll: Some(roll),
                    need,
                });
            } else {
                ev.push(Event::Stands {
                    unit: t,
                    roll: None,
                    need: 0,
                });
            }
            all_fled = false;
        }
        all_fled
    }
}
