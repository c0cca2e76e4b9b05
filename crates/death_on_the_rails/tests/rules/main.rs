//! The rules of Death on the Rails, tested section by section: each module is
//! named after a section of the rulebook (or, for the last ones, after what it
//! checks across the rules). One test binary, so it links once.
#![allow(dead_code)]

mod common;

mod advanced_rules;
mod armoured_train;
mod artillery_fire;
mod bot;
mod damaged_files;
mod fire_combat;
mod hidden_information;
mod line_of_sight_and_range;
mod melee_combat;
mod movement;
mod objective_control;
mod railway_sabotage;
mod random_games;
mod reaction_fire;
mod rules_reference;
mod scenario_files;
mod scenario_forces;
mod scenarios;
mod sequence_of_play;
