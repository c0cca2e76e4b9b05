//! Death on the Rails: the Estonian War of Independence, 1918–1919.
//!
//! The rules follow the rulebook's sections; each module under `rules/` is
//! named after one (`rules::movement` is 6.1 Movement, and so on). Where the
//! rulebook's text was lost or is unclear, the reading we chose is written in
//! `docs/death_on_the_rails/rulings.md` and at the place in the code.

pub mod bot;
pub mod data;
pub mod map;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod text;
pub mod view;

pub use map::{AreaId, AreaSet, Map};
pub use rules::DeathOnTheRails;
pub use scenario::{ESTONIA, RUSSIA, Scenario, TrainPart, UnitId, load_scenario};
pub use state::{Action, Event, Phase, State};
