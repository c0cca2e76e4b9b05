//! Armoured Trains: the train stands in one square (its gun car), moves as
//! far as it likes along unbroken track, fires only when it has not moved,
//! keeps one of its two cards, retreats when damaged (4 hits) or when
//! infantry come next to it, and is disabled at 5 hits.

use super::RedSquare;
use crate::data::Class;
use crate::grid::Sq;
use crate::state::{Action, Event, Move, Phase, State};

impl RedSquare {
    /// The train's moves: any railway square joined by track, not through
    /// the enemy.
    pub(crate) fn train_steps(&self, s: &State, m: &Move, out: &mut Vec<Action>) {
        let u = s.unit(m.unit);
        if u.disabled {
            return;
        }
        let grid = &self.scenario.grid;
        for (_, n) in grid.neighbours(u.at) {
            if self.scenario.rail(u.at, n)
                && !self.enemies_of(s, u.side).any(|e| e.at == n)
                && self.room_for(&s.units, m.unit, n)
            {
                out.push(Action::Step { to: n });
            }
        }
    }

    pub(crate) fn train_step(&self, s: &mut State, mut m: Move, to: Sq, ev: &mut Vec<Event>) {
        let from = s.unit(m.unit).at;
        let f = self.scenario.grid.facing_towards(from, to);
        let u = s.unit_mut(m.unit);
        u.at = to;
        u.facing = f;
        u.last_moved = true;
        u.revealed = true;
        ev.push(Event::Moved {
            unit: m.unit,
            from,
            to,
        });
        m.squares += 1;
        m.wheeled = true;
        s.phase = Phase::Moving(m.clone());
        self.offer_reaction(s, m.unit, m, ev);
    }

    /// Armoured Trains 6: infantry next to the train make it retreat.
    pub fn train_threatened(&self, s: &State, train: crate::state::UnitId) -> bool {
        let t = s.unit(train);
        self.enemies_of(s, t.side).any(|e| {
            self.class(e) == Class::Infantry && self.scenario.grid.distance(e.at, t.at) <= 1
        })
    }
}
