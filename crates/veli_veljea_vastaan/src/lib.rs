//! Veli Veljeä Vastaan (1918: Brother Against Brother): the Finnish Civil War
//! as a card-driven campaign on a map of Finland.
//!
//! The rules follow the rulebook's sections; each module under `rules/` is
//! named after one (`rules::combat` is 4.3 Taistelut, and so on). Where the
//! rulebook is silent, the reading we chose is in
//! `docs/veli_veljea_vastaan/rulings.md` and at the place in the code.

pub mod bot;
pub mod data;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod text;
pub mod view;

pub use rules::VeliVeljeaVastaan;
pub use scenario::{CardId, CityId, CitySet, RED, Scenario, WHITE, load_scenario};
pub use state::{Action, Event, Phase, State, UnitId};
pub use view::View;
