//! Terrain: what lies on the edges between squares as the game changes it.
//! Barbed wire stops cavalry and wheeled vehicles and costs infantry a whole
//! turn; tanks are not stopped, and the gap a tank drives through lets
//! infantry cross at normal speed, and cavalry and wheeled vehicles in a
//! whole turn, in the tank's direction of travel (Terrain 3). Artillery
//! firing at a square with wire draws a card per hit: two red picture cards
//! clear it (Artillery Firing 7).

use super::RedSquare;
use crate::grid::{Dir, Sq};
use crate::scenario::Edge;
use crate::state::{Event, State};

/// Wire on an edge as a mover from one side meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wire {
    None,
    Intact,
    /// A tank has driven a gap through it in this direction.
    Gap,
}

impl RedSquare {
    /// The wire between `from` and its neighbour in direction `d`, for a
    /// unit crossing that way.
    pub fn wire(&self, s: &State, from: Sq, d: Dir) -> Wire {
        if self.scenario.edge(from, d) != Some(Edge::Wire) {
            return Wire::None;
        }
        let Some(to) = self.scenario.grid.neighbour(from, d) else {
            return Wire::None;
        };
        if s.wire_cleared.contains(&from) || s.wire_cleared.contains(&to) {
            return Wire::None;
        }
        if s.wire_gaps.contains(&(from, d as u8)) {
            Wire::Gap
        } else {
            Wire::Intact
        }
    }

    /// A tank crossing wire leaves a gap behind it.
    pub(crate) fn tank_crosses(&self, s: &mut State, from: Sq, d: Dir) {
        if self.wire(s, from, d) == Wire::Intact {
            s.wire_gaps.push((from, d as u8));
        }
    }

    /// Artillery Firing 7: a card per hit on a square with wire; two red
    /// picture cards among them clear the square's wire.
    pub(crate) fn fire_at_wire(&self, s: &mut State, sq: Sq, hits: u8, ev: &mut Vec<Event>) {
        let wired = Dir::ALL
            .iter()
            .any(|&d| self.scenario.edge(sq, d) == Some(Edge::Wire));
        if !wired || hits == 0 || s.wire_cleared.contains(&sq) {
            return;
        }
        let mut red_pictures = 0;
        for _ in 0..hits {
            let card = self.draw(s);
            if card.is_picture() && card.is_red() {
                red_pictures += 1;
            }
            ev.push(Event::WireCard { at: sq, card });
        }
        if red_pictures >= 2 {
            s.wire_cleared.push(sq);
            ev.push(Event::WireCleared { at: sq });
        }
    }
}
