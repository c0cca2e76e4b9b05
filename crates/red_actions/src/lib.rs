//! Red Actions! (the Perfect Captain's rules, Pygmy Wars version of October
//! 2006): the Russian Civil War with miniatures on an open table measured in
//! inches. Registered in the app's catalog with three scenarios
//! (`scenarios/red_actions/`); the rules are in `rules/`, one file per
//! rulebook section.
//!
//! Positions, lengths and angles are fixed point (`engine::param::Inches`,
//! `Degrees`), so that a save replays bit for bit on any machine.

pub mod bot;
pub mod data;
pub mod geometry;
pub mod scenario;
pub mod tables;

pub use scenario::{Scenario, load_scenario};
pub use tables::Tables;
pub mod rules;
pub mod state;
pub mod text;
pub mod view;

pub use rules::RedActions;
