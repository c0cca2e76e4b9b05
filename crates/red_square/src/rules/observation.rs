//! Observation: infantry and artillery in open squares are concealed until
//! they move or fire; in buildings, woods and hedges they stay concealed.
//! To fire at a concealed target a unit must first observe it: line of
//! sight, the target in its arc, and a d6 above the range (a second die for
//! unlimbered artillery observing, or against artillery that has fired;
//! before dawn no second die). Units next to a successful observer may fire
//! at its target too. MGs and artillery may fire at a wood or village
//! without observing, at -1.

use super::RedSquare;
use crate::data::Class;
use crate::grid::Arc;
use crate::state::{Action, Event, Formation, State, UnitId};

impl RedSquare {
    /// Whether the target cannot be fired at without being observed.
    pub fn concealed(&self, s: &State, target: UnitId) -> bool {
        let t = s.unit(target);
        if !matches!(
            self.class(t),
            Class::Infantry | Class::Artillery | Class::Mg
        ) {
            return false;
        }
        // Artillery Positions 2 and 3: semi-masked and masked batteries
        // must be observed even when they fire.
        if self.class(t) == Class::Artillery && t.position != crate::state::Position::Unmasked {
            return true;
        }
        // Artillery Positions 1: an unmasked battery behind a hedge (its
        // guns wheeled up to it, Positions 2) is observed once it has fired.
        if self.class(t) == Class::Artillery
            && t.revealed
            && self.scenario.terrain[t.at as usize] == crate::scenario::Terrain::Hedges
        {
            return false;
        }
        self.scenario.terrain[t.at as usize].conceals() || !t.revealed
    }

    /// Whether `firer` (or a friend next to it that observed) has observed `target`.
    pub fn observed_for(&self, s: &State, firer: UnitId, target: UnitId) -> bool {
        if !self.concealed(s, target) {
            // Before dawn every target must be observed (Observation 5).
            if s.turn >= self.scenario.dawn {
                return true;
            }
        }
        let f = s.unit(firer);
        s.observed.iter().any(|&(o, t)| {
            t == target
                && (o == firer
                    || (s.unit(o).side == f.side
                        && self.scenario.grid.distance(s.unit(o).at, f.at) <= 1))
        })
    }

    pub(crate) fn observe_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let u = s.unit(unit);
        if self.class(u).is_figure() {
            return;
        }
        let grid = &self.scenario.grid;
        let arc = self.arc(s, unit);
        for t in self.enemies_of(s, u.side) {
            // The cheap tests first: at most two dice and the higher-ground
            // point can beat a range of 12.
            let range = grid.distance(u.at, t.at);
            if range > 12 || self.class(t).is_figure() || !grid.within(u.at, u.facing, t.at, arc) {
                continue;
            }
            let best = 6 * (1 + u8::from(self.observe_bonus(s, unit, t.id)))
                + u8::from(self.uphill(s, unit, t.id));
            if range >= best || self.observed_for(s, unit, t.id) {
                continue;
            }
            if self.line_of_sight(s, unit, u.at, t.at) {
                out.push(Action::Observe { unit, target: t.id });
            }
        }
    }

    /// Observation 5 speaks of a bonus for observing uphill... downhill: by
    /// day, an observer on a crest or forward slope looking at a target on
    /// lower ground adds 1 to its roll (our reading).
    pub fn uphill(&self, s: &State, observer: UnitId, target: UnitId) -> bool {
        use crate::scenario::Terrain;
        let high = |sq| {
            matches!(
                self.scenario.terrain[sq as usize],
                Terrain::Crest | Terrain::Forward
            )
        };
        s.turn >= self.scenario.dawn
            && high(s.unit(observer).at)
            && !self.scenario.terrain[s.unit(target).at as usize].high()
    }

    fn observe_bonus(&self, s: &State, observer: UnitId, target: UnitId) -> bool {
        if s.turn < self.scenario.dawn {
            return false;
        }
        let o = s.unit(observer);
        let t = s.unit(target);
        (self.class(o) == Class::Artillery && o.formation == Formation::Unlimbered)
            || (self.class(t) == Class::Artillery
                && t.revealed
                && t.position != crate::state::Position::Masked)
    }

    pub(crate) fn observe_action(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let range = self
            .scenario
            .grid
            .distance(s.unit(unit).at, s.unit(target).at);
        let n = 1 + u8::from(self.observe_bonus(s, unit, target));
        let dice: Vec<u8> = (0..n).map(|_| self.die(s, 6)).collect();
        let uphill = u8::from(self.uphill(s, unit, target));
        let total: u8 = dice.iter().sum::<u8>() + uphill;
        let ok = total > range;
        ev.push(Event::Observed {
            observer: unit,
            target,
            dice,
            uphill,
            need: range + 1,
            ok,
        });
        if ok {
            s.observed.push((unit, target));
            // Observation 4: a large target holding several consecutive
            // wood, village or hedge squares is observed once: the enemy
            // units in the same block of that terrain are observed too.
            for other in self.same_cover_block(s, target) {
                if !s.observed.contains(&(unit, other)) {
                    s.observed.push((unit, other));
                }
            }
            // Observe & Fire.
            let score = match s.phase {
                crate::state::Phase::Act { score, .. } => score,
                _ => 2,
            };
            if self.may_fire_at(s, unit, target, score) {
                return self.fire_action(s, unit, target, ev);
            }
        }
        self.finish_unit(s, unit, ev);
    }

    /// The other units of the target's side standing in the same block of
    /// concealing terrain as the target: squares of the same terrain joined
    /// edge to edge (our reading of Observation 4's "large targets
    /// occupying several consecutive hedge / wood / village squares").
    pub fn same_cover_block(&self, s: &State, target: UnitId) -> Vec<UnitId> {
        let t = s.unit(target);
        let grid = &self.scenario.grid;
        let terrain = self.scenario.terrain[t.at as usize];
        if !terrain.conceals() {
            return Vec::new();
        }
        let mut block = vec![t.at];
        let mut i = 0;
        while i < block.len() {
            let at = block[i];
            for (_, n) in grid.neighbours(at) {
                if self.scenario.terrain[n as usize] == terrain && !block.contains(&n) {
                    block.push(n);
                }
            }
            i += 1;
        }
        s.on_table()
            .filter(|u| {
                u.side == t.side
                    && u.id != target
                    && !self.class(u).is_figure()
                    && block.contains(&u.at)
            })
            .map(|u| u.id)
            .collect()
    }

    /// The unit's arc of fire: 45 degrees either side of its front, 90 for
    /// MGs, all round in DEFENCE and for the train.
    pub fn arc(&self, s: &State, unit: UnitId) -> Arc {
        let u = s.unit(unit);
        match self.class(u) {
            Class::Train => Arc::All,
            Class::Mg => Arc::Deg90,
            _ if u.formation == Formation::Defence => Arc::All,
            _ => Arc::Deg45,
        }
    }
}
