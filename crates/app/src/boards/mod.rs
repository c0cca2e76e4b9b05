//! One board per rule system: what it keeps in step with the rules (units as
//! entities) and how it draws itself and turns clicks into choices. Shared by
//! all boards, here: the camera's pan and zoom (keys, wheel, dragging), pieces
//! sliding to their places, and finding what the pointer is on.

pub mod death_on_the_rails;
pub mod kit;
pub mod red_actions;
pub mod red_square;
pub mod veli_veljea_vastaan;

use crate::input::{UiAction, UiFocus};
use crate::screens::{Play, Screen};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::ActionState;

/// What a board tells the app: everything else about a rule system reaches
/// the app through the catalog (`catalog::dispatch`) and its `Ruleset`.
pub struct Board {
    /// The rule system's id (`RuleSystem::ID`).
    pub ruleset: &'static str,
    /// What runs without a window: pieces kept in step with the view, what
    /// a click means, the board's panels.
    pub core: fn(&mut App),
    /// The drawing (only with a window).
    pub draw: fn(&mut App),
    /// The game in progress of `--screenshots`: scenario, random decisions
    /// before the picture, file name.
    pub in_progress: (&'static str, usize, &'static str),
    /// Whether `--measure` plays this board (with the scenario it names).
    pub measured: bool,
}

/// The boards: one line per rule system.
pub const BOARDS: &[Board] = &[
    death_on_the_rails::BOARD,
    veli_veljea_vastaan::BOARD,
    red_square::BOARD,
    red_actions::BOARD,
];

/// Pan and zoom of the board camera, shared by every board: the pan keys,
/// the zoom keys and wheel, and dragging the board with the select button.
pub struct BoardCamera;

impl Plugin for BoardCamera {
    fn build(&self, app: &mut App) {
        app.init_resource::<DragPan>().add_systems(
            Update,
            (pan_and_zoom, glide_pieces)
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
        );
    }
}

/// A piece that slides to where the rules put it, so that players see what
/// moved (and, after an undo, what went back).
#[derive(Component, Default, Debug)]
pub struct Glide {
    to: Option<Vec3>,
}

impl Glide {
    /// Where the piece belongs now. The first time it appears there at once;
    /// after that it slides there (its height, which orders a stack, is set
    /// at once).
    pub fn place(&mut self, transform: &mut Transform, to: Vec3) {
        if self.to.is_none() {
            transform.translation = to;
        } else {
            transform.translation.z = to.z;
        }
        self.to = Some(to);
    }

    /// Whether the piece is still on its way to its place.
    pub fn sliding(&self, transform: &Transform) -> bool {
        self.to
            .is_some_and(|to| to.truncate() != transform.translation.truncate())
    }
}

/// Slides each piece towards its place: most of the way in about a fifth of
/// a second, however long the frames take.
fn glide_pieces(time: Res<Time>, mut pieces: Query<(&Glide, &mut Transform)>) {
    let share = 1.0 - (-14.0 * time.delta_secs()).exp();
    for (glide, mut t) in &mut pieces {
        let Some(to) = glide.to else {
            continue;
        };
        let at = t.translation.truncate();
        let d = to.truncate() - at;
        if d == Vec2::ZERO {
            continue;
        }
        let next = if d.length() < 0.5 {
            to.truncate()
        } else {
            at + d * share
        };
        t.translation = next.extend(to.z);
    }
}

/// How far (screen pixels) the pointer must move with the select button held
/// before a press becomes a drag of the board rather than a click.
pub const DRAG_THRESHOLD: f32 = 6.0;

/// Dragging the board with the select button. A press on the board that
/// moves less than [`DRAG_THRESHOLD`] before its release is a click (the
/// boards pick on release); one that moves further pans the board.
#[derive(Resource, Default, Debug)]
pub struct DragPan {
    /// Where the press began, if it began on the board (not on a panel).
    start: Option<Vec2>,
    last: Vec2,
    panning: bool,
    /// Whether the press began while a decision was awaited: a press that
    /// skips the events playing out, or takes the seat, picks nothing on
    /// its release.
    deciding: bool,
}

impl DragPan {
    /// One frame of the select button and the pointer (window pixels, y
    /// down), and whether a decision is awaited. Returns how far the pointer
    /// dragged the board this frame, in window pixels.
    pub fn frame(
        &mut self,
        just_pressed: bool,
        pressed: bool,
        cursor: Option<Vec2>,
        over_panel: bool,
        deciding: bool,
    ) -> Vec2 {
        if just_pressed {
            self.start = if over_panel { None } else { cursor };
            self.last = cursor.unwrap_or_default();
            self.panning = false;
            self.deciding = deciding;
            return Vec2::ZERO;
        }
        // After the release the press is left as it was, so that the boards
        // can tell a click from a drag in the same frame.
        let (true, Some(start), Some(at)) = (pressed, self.start, cursor) else {
            return Vec2::ZERO;
        };
        if !self.panning && at.distance(start) > DRAG_THRESHOLD {
            self.panning = true;
            self.last = start;
        }
        if !self.panning {
            return Vec2::ZERO;
        }
        let d = at - self.last;
        self.last = at;
        d
    }

    /// Whether the press that just ended was a click on the board.
    pub fn is_click(&self) -> bool {
        self.start.is_some() && !self.panning && self.deciding
    }
}

/// The pan keys, the zoom keys and wheel (over the board only), and
/// dragging with the select button.
#[allow(clippy::too_many_arguments)]
pub fn pan_and_zoom(
    actions: Single<&ActionState<UiAction>>,
    focus: Res<UiFocus>,
    time: Res<Time>,
    windows: Query<&Window, With<PrimaryWindow>>,
    play: Option<Res<State<Play>>>,
    held: Res<kit::HeldPress>,
    mut drag: ResMut<DragPan>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let cursor = windows.single().ok().and_then(|w| w.cursor_position());
    let dragged = drag.frame(
        actions.just_pressed(&UiAction::Select),
        actions.pressed(&UiAction::Select),
        cursor,
        focus.pointer_over_panel,
        play.is_some_and(|p| *p.get() == Play::Deciding),
    );
    let Ok((mut t, mut proj)) = camera.single_mut() else {
        return;
    };
    let Projection::Orthographic(o) = &mut *proj else {
        return;
    };
    // The board follows the pointer: window y runs down, the world's up
    // (unless the board took the press to drag a piece or measure).
    let dragged = if held.0 { Vec2::ZERO } else { dragged };
    let mut d = Vec2::new(-dragged.x, dragged.y) * o.scale;
    if !focus.typing {
        let speed = 700.0 * o.scale * time.delta_secs();
        if actions.pressed(&UiAction::PanLeft) {
            d.x -= speed;
        }
        if actions.pressed(&UiAction::PanRight) {
            d.x += speed;
        }
        if actions.pressed(&UiAction::PanUp) {
            d.y += speed;
        }
        if actions.pressed(&UiAction::PanDown) {
            d.y -= speed;
        }
    }
    t.translation += d.extend(0.0);
    if !focus.typing && !focus.pointer_over_panel {
        if actions.just_pressed(&UiAction::ZoomIn) {
            o.scale = (o.scale / 1.15).max(0.2);
        }
        if actions.just_pressed(&UiAction::ZoomOut) {
            o.scale = (o.scale * 1.15).min(8.0);
        }
    }
}

/// What a board's click system needs to know of the input: whether this
/// frame ends a click on the board, and where.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardClick<'w, 's> {
    actions: Single<'w, 's, &'static ActionState<UiAction>>,
    focus: Res<'w, UiFocus>,
    drag: Res<'w, DragPan>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<Camera2d>>,
}

impl BoardClick<'_, '_> {
    /// Whether the player asked to drop the selection this frame.
    pub fn cancelled(&self) -> bool {
        self.actions.just_pressed(&UiAction::Cancel)
    }

    /// The point on the board (world coordinates) if this frame ends a click
    /// there: the select button released without a drag, not over a panel.
    pub fn at(&self) -> Option<Vec2> {
        if !self.actions.just_released(&UiAction::Select)
            || !self.drag.is_click()
            || self.focus.pointer_over_panel
        {
            return None;
        }
        pointer_on_board(&self.windows, &self.camera)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule system is one unit: outside its own crate and its own board
    /// folder, the program's sources name it only in its registration
    /// lines (one in the catalog; here its `mod` and its line in `BOARDS`).
    #[test]
    fn no_source_outside_a_rule_systems_folders_names_it() {
        fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
                let p = e.path();
                if p.is_dir() {
                    sources(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        for dir in [
            "src",
            "crates/app/src",
            "crates/catalog/src",
            "crates/engine/src",
        ] {
            sources(&root.join(dir), &mut files);
        }
        let built: Vec<&str> = catalog::RULESETS
            .iter()
            .filter(|r| r.built)
            .map(|r| r.id)
            .collect();
        assert_eq!(built.len(), BOARDS.len(), "a board for each rule system");
        for id in built {
            assert!(BOARDS.iter().any(|b| b.ruleset == id), "no board for {id}");
            let own = root.join("crates/app/src/boards").join(id);
            for f in files.iter().filter(|f| !f.starts_with(&own)) {
                let text = std::fs::read_to_string(f).unwrap();
                let naming = text.lines().filter(|l| l.contains(id)).count();
                let allowed = if f.ends_with("catalog/src/lib.rs") {
                    1
                } else if f.ends_with("app/src/boards/mod.rs") {
                    2
                } else {
                    0
                };
                assert!(
                    naming <= allowed,
                    "{} names {id} on {naming} lines (registration: {allowed})",
                    f.display()
                );
            }
        }
    }

    #[test]
    fn a_piece_appears_at_its_first_place_and_slides_to_the_next() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_systems(Update, glide_pieces);
        let mut t = Transform::default();
        let mut g = Glide::default();
        g.place(&mut t, Vec3::new(100.0, 50.0, 10.0));
        assert_eq!(t.translation, Vec3::new(100.0, 50.0, 10.0));
        g.place(&mut t, Vec3::new(200.0, 50.0, 11.0));
        assert_eq!(
            t.translation,
            Vec3::new(100.0, 50.0, 11.0),
            "height at once"
        );
        let e = app.world_mut().spawn((g, t)).id();
        let mut last = 100.0;
        for _ in 0..300 {
            std::thread::sleep(std::time::Duration::from_millis(2));
            app.update();
            let x = app.world().get::<Transform>(e).unwrap().translation.x;
            assert!(x >= last && x <= 200.0, "moves only towards its place: {x}");
            last = x;
        }
        assert_eq!(last, 200.0, "arrives");
    }

    #[test]
    fn a_press_released_in_place_is_a_click() {
        let mut d = DragPan::default();
        let at = Some(Vec2::new(500.0, 400.0));
        assert_eq!(d.frame(true, true, at, false, true), Vec2::ZERO);
        assert_eq!(
            d.frame(false, true, Some(Vec2::new(503.0, 402.0)), false, true),
            Vec2::ZERO
        );
        // Released: the boards read is_click in the same frame.
        assert_eq!(
            d.frame(false, false, Some(Vec2::new(503.0, 402.0)), false, true),
            Vec2::ZERO
        );
        assert!(d.is_click());
    }

    #[test]
    fn a_press_that_moves_past_the_threshold_drags_the_board_and_is_no_click() {
        let mut d = DragPan::default();
        d.frame(true, true, Some(Vec2::new(500.0, 400.0)), false, true);
        // Past the threshold: the whole way from the press is dragged at once.
        assert_eq!(
            d.frame(false, true, Some(Vec2::new(520.0, 390.0)), false, true),
            Vec2::new(20.0, -10.0)
        );
        assert_eq!(
            d.frame(false, true, Some(Vec2::new(525.0, 390.0)), false, true),
            Vec2::new(5.0, 0.0)
        );
        d.frame(false, false, Some(Vec2::new(525.0, 390.0)), false, true);
        assert!(!d.is_click());
        // The next press starts afresh.
        d.frame(true, true, Some(Vec2::new(10.0, 10.0)), false, true);
        d.frame(false, false, Some(Vec2::new(10.0, 10.0)), false, true);
        assert!(d.is_click());
    }

    #[test]
    fn a_press_on_a_panel_neither_drags_nor_clicks_the_board() {
        let mut d = DragPan::default();
        d.frame(true, true, Some(Vec2::new(100.0, 100.0)), true, true);
        assert_eq!(
            d.frame(false, true, Some(Vec2::new(300.0, 100.0)), false, true),
            Vec2::ZERO
        );
        d.frame(false, false, Some(Vec2::new(300.0, 100.0)), false, true);
        assert!(!d.is_click());
    }

    #[test]
    fn a_press_made_while_no_decision_is_awaited_picks_nothing_on_release() {
        // Skipping the events playing out with a click must not also pick
        // what lies under the pointer once the decision comes.
        let mut d = DragPan::default();
        let at = Some(Vec2::new(500.0, 400.0));
        d.frame(true, true, at, false, false);
        d.frame(false, false, at, false, true);
        assert!(!d.is_click());
    }
}
