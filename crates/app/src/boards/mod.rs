//! One board per rule system: what it keeps in step with the rules (units as
//! entities) and how it draws itself and turns clicks into choices.

pub mod death_on_the_rails;
pub mod veli_veljea_vastaan;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Where the pointer is on the board, in world coordinates.
pub fn pointer_on_board(
    windows: &Query<&Window, With<PrimaryWindow>>,
    camera: &Query<(&Camera, &GlobalTransform), With<Camera2d>>,
) -> Option<Vec2> {
    let cursor = windows.single().ok()?.cursor_position()?;
    let (cam, cam_t) = camera.single().ok()?;
    cam.viewport_to_world_2d(cam_t, cursor).ok()
}

/// The visible piece nearest to `p` within `radius`.
pub fn nearest<I>(
    pieces: impl Iterator<Item = (I, Vec2, bool)>,
    p: Vec2,
    radius: f32,
) -> Option<I> {
    pieces
        .filter(|(_, at, visible)| *visible && at.distance(p) < radius)
        .min_by(|a, b| a.1.distance(p).total_cmp(&b.1.distance(p)))
        .map(|(id, _, _)| id)
}
