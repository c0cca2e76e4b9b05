//! Armoured Trains: the train stands in one square (its gun car), moves as
//! far as it likes along unbroken track, fires only when it has not moved,
//! keeps one of its two cards, retreats when damaged (4 hits) or when
//! infantry come next to it, and is disabled at 5 hits.

use super::RedSquare;
use crate::data::Class;
use crate::grid::Sq;
use crate::state::{Action, Event, Move, Phase, State, Status, UnitId};

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

    /// Armoured Trains 6 (our reading): a train retreats along the track,
    /// away from the enemy and towards its own baseline, at least 2 squares
    /// and on until no enemy infantry is next to it, as far as the track
    /// and the enemy let it.
    pub(crate) fn train_retreat(&self, s: &mut State, train: UnitId, ev: &mut Vec<Event>) {
        let grid = &self.scenario.grid;
        let side = s.unit(train).side;
        let baseline = self.scenario.sides[side.index()].baseline;
        let start = s.unit(train).at;
        let mut at = start;
        let mut path: Vec<Sq> = Vec::new();
        s.unit_mut(train).retreating = true;
        for _ in 0..grid.len() {
            let threatened = self
                .enemies_of(s, side)
                .any(|e| self.class(e) == Class::Infantry && grid.distance(e.at, at) <= 1);
            if path.len() >= 2 && !threatened {
                break;
            }
            let best = grid
                .neighbours(at)
                .map(|(_, n)| n)
                .filter(|&n| self.scenario.rail(at, n) && n != start && !path.contains(&n))
                .filter(|&n| !self.enemies_of(s, side).any(|e| e.at == n))
                .filter(|&n| {
                    let mut probe = s.units.clone();
                    probe[train as usize].at = n;
                    self.room_for(&probe, train, n)
                })
                .max_by_key(|&n| {
                    (
                        self.nearest_enemy(s, side, n).min(50),
                        self.towards_baseline(baseline, at, n),
                        std::cmp::Reverse(n),
                    )
                });
            let Some(n) = best else { break };
            let f = grid.facing_towards(at, n);
            let u = s.unit_mut(train);
            u.at = n;
            u.facing = f;
            at = n;
            path.push(n);
        }
        s.unit_mut(train).last_moved = !path.is_empty();
        ev.push(Event::Retreats { unit: train, path });
        self.carry_companions(s, train, start, ev);
    }

    /// Armoured Trains 5: a stationary carrier may put the unit it carries
    /// into an adjacent square free of the enemy, using its whole activation.
    pub(crate) fn unload_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let u = s.unit(unit);
        if u.last_moved || u.status != Status::OnTable {
            return;
        }
        let grid = &self.scenario.grid;
        for c in s.units.iter() {
            if c.carried_by != Some(unit) || c.status != Status::Waiting {
                continue;
            }
            for (d, to) in grid.neighbours(u.at) {
                if self.scenario.edge(u.at, d) == Some(crate::scenario::Edge::River)
                    || self.enemies_of(s, u.side).any(|e| e.at == to)
                {
                    continue;
                }
                let mut probe = s.units.clone();
                probe[c.id as usize].at = to;
                probe[c.id as usize].status = Status::OnTable;
                if self.room_for(&probe, c.id, to)
                    && self.occupancy_problem(&probe, to, None).is_none()
                {
                    out.push(Action::Unload {
                        unit,
                        carried: c.id,
                        to,
                    });
                }
            }
        }
    }

    pub(crate) fn unload(
        &self,
        s: &mut State,
        unit: UnitId,
        carried: UnitId,
        to: Sq,
        ev: &mut Vec<Event>,
    ) {
        let facing = s.unit(unit).facing;
        let c = s.unit_mut(carried);
        c.at = to;
        c.facing = facing;
        c.status = Status::OnTable;
        c.carried_by = None;
        c.revealed = false;
        ev.push(Event::Unloaded { unit, carried, to });
        self.finish_unit(s, unit, ev);
    }
}
