//! What the rule tests share: the shipped scenarios, units by their key,
//! and units set on the table where a test wants them.

// Each test file uses what it needs of these.
#![allow(dead_code)]

use engine::Side;
use engine::param::{Degrees, Inches, Point, Pose};
use red_actions::RedActions;
use red_actions::state::{State, Status, UnitId};

/// The village's sides: White attacks (side A), Red holds (side B).
pub const WHITE: Side = Side::A;
pub const RED: Side = Side::B;

/// A shipped scenario by its file name.
pub fn load(name: &str) -> RedActions {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{name}.toml"));
    RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

pub fn village() -> RedActions {
    load("village")
}

/// The unit with the scenario key `key`.
pub fn id(r: &RedActions, key: &str) -> UnitId {
    r.sc().units.iter().position(|u| u.id == key).unwrap() as UnitId
}

/// A table point `x`, `y` inches from the table's north-west corner
/// (to the hundredth).
pub fn pt(x: impl Into<f64>, y: impl Into<f64>) -> Point {
    Point {
        x: Inches((x.into() * 100.0).round() as i32),
        y: Inches((y.into() * 100.0).round() as i32),
    }
}

/// Sets unit `u` on the table, its front's middle at `x`, `y` inches,
/// facing `facing` degrees (0 north, clockwise).
pub fn place(s: &mut State, u: UnitId, x: impl Into<f64>, y: impl Into<f64>, facing: i32) {
    let unit = s.unit_mut(u);
    unit.status = Status::OnTable;
    unit.formation.front = Pose {
        at: pt(x, y),
        facing: Degrees::whole(facing),
    };
}
