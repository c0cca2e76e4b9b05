//! Red Square: the Russian Civil War on an offset grid of 6-inch squares,
//! activated by playing cards (Graham Evans' variant of Richard Brooks'
//! "Pantalons Rouges & Pickelhaubes").
//!
//! The rules follow the rulebook's sections; each module under `rules/` is
//! named after one. The geometry of the offset grid is in `grid`, the pack
//! of cards in `cards`. Where the rulebook is silent, the reading we chose
//! is in `docs/red_square/rulings.md` and at the place in the code.

pub mod bot;
pub mod cards;
pub mod data;
pub mod grid;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod text;
pub mod view;

pub use rules::RedSquare;
pub use scenario::{Scenario, load_scenario};
pub use state::{Action, Event, Phase, State, UnitId};
pub use view::View;

#[cfg(test)]
pub(crate) mod tests {
    pub use crate::testing::*;
}

/// Helpers for tests (unit and integration): scenarios, hand-made states,
/// loaded dice. Not part of the game.
#[doc(hidden)]
pub mod testing {
    use crate::RedSquare;
    use crate::cards::Card;
    use crate::data::Class;
    use crate::grid::{Facing, Sq};
    use crate::scenario::Terrain;
    use crate::state::{Dealt, Phase, State, Status, UnitId};

    pub fn scenario_path(id: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_square")
            .join(format!("{id}.toml"))
    }

    pub fn rules(id: &str) -> RedSquare {
        RedSquare::load(&scenario_path(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A scenario's forces on a bare map: every square open, no edges,
    /// roads or railways, in daylight from the first turn.
    pub fn bare_rules(id: &str) -> RedSquare {
        let mut sc = (*rules(id).scenario).clone();
        sc.terrain.iter_mut().for_each(|t| *t = Terrain::Open);
        sc.edges.iter_mut().for_each(|e| *e = [None; 6]);
        sc.roads.iter_mut().for_each(|r| *r = 0);
        sc.rails.iter_mut().for_each(|r| *r = 0);
        sc.dawn = 0;
        RedSquare::new(sc)
    }

    /// Moves a unit to a square, clearing the square of others first.
    pub fn place(_r: &RedSquare, s: &mut State, unit: UnitId, sq: Sq) {
        for u in s.units.iter_mut() {
            if u.at == sq && u.id != unit {
                u.status = Status::Waiting;
            }
        }
        s.unit_mut(unit).at = sq;
        s.unit_mut(unit).status = Status::OnTable;
    }

    /// Takes every unit off the table (a hand-made state then places a few).
    pub fn clear_table(s: &mut State) {
        for u in s.units.iter_mut() {
            u.status = Status::Waiting;
            u.with = None;
            u.co = None;
        }
        s.dealt.clear();
        s.observed.clear();
    }

    /// Puts a unit at column `c`, row `r`, facing `f`, revealed.
    pub fn put(r: &RedSquare, s: &mut State, unit: UnitId, c: i32, row: i32, f: Facing) -> Sq {
        let sq = r.sc().grid.at(c, row).expect("on the map");
        place(r, s, unit, sq);
        let u = s.unit_mut(unit);
        u.facing = f;
        u.revealed = true;
        sq
    }

    /// Deals `card` face up to `unit` alone and sets it acting on `score`.
    pub fn act_on(s: &mut State, unit: UnitId, card: Card, score: i8) -> u8 {
        let i = deal(s, unit, card);
        s.phase = Phase::Act { card: i, score };
        i
    }

    /// Deals `card` face up, not yet played, to `unit` alone.
    pub fn deal(s: &mut State, unit: UnitId, card: Card) -> u8 {
        s.dealt.push(Dealt {
            card,
            holder: unit,
            stage: 1,
            face_up: true,
            ace_high: Some(false),
            group: vec![unit],
            played: false,
            auto: false,
        });
        (s.dealt.len() - 1) as u8
    }

    /// Dice set on the table, rolled in this order.
    pub fn set_dice(s: &mut State, dice: &[u8]) {
        s.loaded = dice.iter().rev().copied().collect();
    }

    pub fn first_of(r: &RedSquare, s: &State, class: Class) -> UnitId {
        s.units
            .iter()
            .find(|u| r.class(u) == class)
            .map(|u| u.id)
            .expect("the scenario has one")
    }

    /// The first unit of a class on a side.
    pub fn first_on(r: &RedSquare, s: &State, side: engine::Side, class: Class) -> UnitId {
        s.units
            .iter()
            .find(|u| r.class(u) == class && u.side == side)
            .map(|u| u.id)
            .expect("the side has one")
    }

    pub fn square_of(r: &RedSquare, t: Terrain) -> Sq {
        r.sc()
            .terrain
            .iter()
            .position(|&x| x == t)
            .expect("the map has this terrain") as Sq
    }
}
