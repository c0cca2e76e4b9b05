//! Red Square: the Russian Civil War on an offset grid of 6-inch squares,
//! activated by playing cards (Graham Evans' variant of Richard Brooks'
//! "Pantalons Rouges & Pickelhaubes").
//!
//! The rules follow the rulebook's sections; each module under `rules/` is
//! named after one. The geometry of the offset grid is in `grid`, the pack
//! of cards in `cards`. Where the rulebook is silent, the reading we chose
//! is in `docs/red_square/rulings.md` and at the place in the code.

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
    use crate::RedSquare;
    use crate::data::Class;
    use crate::grid::Sq;
    use crate::scenario::Terrain;
    use crate::state::{State, UnitId};

    pub fn scenario_path(id: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_square")
            .join(format!("{id}.toml"))
    }

    pub fn rules(id: &str) -> RedSquare {
        RedSquare::load(&scenario_path(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Moves a unit to a square, clearing the square of others first.
    pub fn place(_r: &RedSquare, s: &mut State, unit: UnitId, sq: Sq) {
        for u in s.units.iter_mut() {
            if u.at == sq && u.id != unit {
                u.status = crate::state::Status::Waiting;
            }
        }
        s.unit_mut(unit).at = sq;
        s.unit_mut(unit).status = crate::state::Status::OnTable;
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

    pub fn square_of(r: &RedSquare, t: Terrain) -> Sq {
        r.sc()
            .terrain
            .iter()
            .position(|&x| x == t)
            .expect("the map has this terrain") as Sq
    }
}
