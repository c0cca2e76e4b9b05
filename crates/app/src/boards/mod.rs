//! One board per rule system: what it keeps in step with the rules (units as
//! entities) and how it draws itself and turns clicks into choices.

pub mod death_on_the_rails;
pub mod veli_veljea_vastaan;
