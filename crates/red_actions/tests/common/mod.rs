//! What the rule tests share: the shipped scenarios, units by their key,
//! and units set on the table where a test wants them.

// Each test file uses what it needs of these.
#![allow(dead_code)]

use engine::param::{Degrees, Inches, Point, Pose};
use engine::{Ruleset, Side};
use red_actions::RedActions;
use red_actions::state::{Order, Phase, State, Status, UnitId};

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

/// An empty table: every unit off it, every officer gone (no morale
/// modifiers), `side` to choose.
pub fn empty(side: Side) -> (RedActions, State) {
    let r = village();
    let mut s = r.setup(&engine::Options::new(), 1).unwrap();
    r.keep_officers_as_drawn(&mut s);
    for u in s.units.iter_mut() {
        u.status = Status::Waiting;
        u.acted = true;
        u.officer = None;
        u.arrives = 99;
        // Nobody hidden or in ambush.
        u.hidden = false;
        u.marker = false;
        u.ambush = false;
    }
    s.dummies.clear();
    // A general each in the far east corners, still to act: the turn
    // does not end under the tests.
    for (key, y, facing) in [("w_gen", 4.0, 180), ("r_kombrig", 44.0, 0)] {
        let g = id(&r, key);
        place(&mut s, g, 69.0, y, facing);
        s.unit_mut(g).acted = false;
    }
    s.phase = Phase::Choose {
        side,
        card: None,
        selected: None,
    };
    (r, s)
}

/// Red's divisional cavalry (3 bases of sabres, fighting 4) facing west
/// 8" from White's 1st Volunteer company (4 bases, fighting 3) facing east.
pub fn cavalry_and_volunteers() -> (RedActions, State, UnitId, UnitId) {
    let (r, mut s) = empty(RED);
    let (cav, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
    place(&mut s, cav, 40.0, 40.0, 270);
    place(&mut s, vol, 32.0, 40.0, 90);
    s.unit_mut(cav).acted = false;
    s.unit_mut(cav).order = Order::Line;
    (r, s, cav, vol)
}
