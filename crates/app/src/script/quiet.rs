//! The quiet part of `--measure`: the idle launcher and the idle board (the
//! frames drawn and the CPU used over 5 s with nothing happening), then
//! clicks on the board (the time from the release of the button to the
//! first frame that shows what it did).
//!
//! While it runs the app is not kept drawing ([`KeepDrawing`] is off), so
//! nothing would wake the script: a helper thread wakes the event loop
//! (`WinitUserEvent::WakeUp`, as an input event would) after a set time,
//! and for the clicks first hands the button's press or release to
//! [`inject`], which writes it before Bevy reads the input.

use crate::boards::Glide;
use crate::boards::kit::{ClickMenu, Offered};
use crate::redraw::KeepDrawing;
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Seconds of each idle measurement.
pub const IDLE_SECONDS: u64 = 5;
/// Clicks measured on the board.
pub const CLICKS: usize = 32;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Not measuring (the script drives the app frame by frame).
    #[default]
    Off,
    /// The launcher, idle.
    Launcher,
    /// Waiting for the script to start the game.
    StartGame,
    /// The game started: waiting for the board to settle.
    BoardWait,
    Board,
    Clicks,
    /// Measured: the script plays on.
    Done,
}

/// Shared with the helper thread: the press or release to write next, and
/// when it woke the app.
#[derive(Default)]
struct Wake {
    button: Option<ButtonState>,
    sent: Option<Instant>,
}

#[derive(Resource, Default)]
pub struct Quiet {
    pub stage: Stage,
    wake: Arc<Mutex<Wake>>,
    /// Whether a wake is on its way.
    waiting: bool,
    /// Frames and when the stage's present step began.
    step: u8,
    since_frame: u64,
    frame: u64,
    start: Option<(Instant, f64, u64)>,
    /// The release just written: its frame and when it was sent.
    released: Option<(u64, Instant)>,
    click_ms: Vec<f32>,
    with_result: usize,
    /// Clicks that took a decision (the game's decisions grew).
    deciding: usize,
    /// The game's decisions before the click.
    decisions_before: usize,
    /// What the board showed before the click (see [`shown`]).
    before: u64,
    /// When the present update began (set in `First`).
    began: Option<Instant>,
    /// When the press or release written this frame was handed over.
    injected: Option<Instant>,
}

impl Quiet {
    /// Wakes the app after `after`, first handing over `button`.
    fn wake_after(
        &mut self,
        proxy: Option<&EventLoopProxyWrapper>,
        after: Duration,
        button: Option<ButtonState>,
    ) {
        self.waiting = true;
        let wake = self.wake.clone();
        let proxy = proxy.map(|p| (**p).clone());
        std::thread::spawn(move || {
            std::thread::sleep(after);
            {
                let mut w = wake.lock().unwrap();
                w.button = button;
                w.sent = Some(Instant::now());
            }
            if let Some(proxy) = proxy {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            }
        });
    }

    /// When the wake came, if it has.
    fn woken(&mut self) -> Option<Instant> {
        if !self.waiting {
            return None;
        }
        let sent = self.wake.lock().unwrap().sent.take()?;
        self.waiting = false;
        Some(sent)
    }
}

/// CPU time used by the whole process (all threads), in seconds.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return f64::NAN;
    };
    // After the command's name in parentheses: state is field 3, utime 14
    // and stime 15 (in clock ticks, 100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i - 3).and_then(|v| v.parse::<f64>().ok());
    match (ticks(14), ticks(15)) {
        (Some(u), Some(s)) => (u + s) / 100.0,
        _ => f64::NAN,
    }
}

fn pct(v: &mut [f32], q: f64) -> f32 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() as f64 - 1.0) * q).round() as usize]
}

pub fn mark_frame_start(quiet: Option<ResMut<Quiet>>) {
    if let Some(mut q) = quiet {
        q.frame += 1;
        q.began = Some(Instant::now());
    }
}

/// Writes the press or release the helper thread handed over, before Bevy
/// reads this frame's input.
pub fn inject(
    mut quiet: ResMut<Quiet>,
    window: Query<Entity, With<PrimaryWindow>>,
    mut out: MessageWriter<MouseButtonInput>,
) {
    let (state, sent) = {
        let mut w = quiet.wake.lock().unwrap();
        let Some(state) = w.button.take() else {
            return;
        };
        (state, w.sent.take())
    };
    quiet.waiting = false;
    quiet.injected = sent;
    if let Ok(window) = window.single() {
        out.write(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }
}

/// What the board shows, as a hash: each sprite that is visible and its
/// colour (the pieces, their highlights, the areas lit up), and the choices
/// a click put in the prompt. Where things stand is left out: pieces
/// sliding are not a click's result. A click had a result when this
/// differs after it.
fn shown(sprites: &Query<(Entity, &Sprite, &InheritedVisibility)>, menu: &ClickMenu) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut v: Vec<(u64, [u32; 4])> = sprites
        .iter()
        .filter(|(_, _, vis)| vis.get())
        .map(|(e, s, _)| {
            let c = s.color.to_srgba();
            (
                e.to_bits(),
                [c.red, c.green, c.blue, c.alpha].map(f32::to_bits),
            )
        })
        .collect();
    v.sort_unstable();
    v.hash(&mut h);
    menu.0.hash(&mut h);
    h.finish()
}

/// One step of the idle measurements: settle for a second, then count the
/// frames and the CPU over [`IDLE_SECONDS`]. Returns the figures when done.
fn idle_step(
    q: &mut Quiet,
    proxy: Option<&EventLoopProxyWrapper>,
    keep: &mut KeepDrawing,
) -> Option<(u64, f64)> {
    match q.step {
        0 => {
            keep.0 = false;
            q.wake_after(proxy, Duration::from_secs(1), None);
            q.step = 1;
        }
        1 => {
            if q.woken().is_some() {
                q.start = Some((Instant::now(), cpu_seconds(), q.frame));
                q.wake_after(proxy, Duration::from_secs(IDLE_SECONDS), None);
                q.step = 2;
            }
        }
        _ => {
            if q.woken().is_some() {
                let (t, cpu, frame) = q.start.take()?;
                let wall = t.elapsed().as_secs_f64();
                // Not counting this frame, the one the wake asked for.
                let frames = q.frame - frame - 1;
                q.step = 0;
                return Some((frames, (cpu_seconds() - cpu) / wall * 100.0));
            }
        }
    }
    None
}

/// The board's camera: where it looks from, and its place to pan it.
type BoardCamera = (
    &'static Camera,
    &'static GlobalTransform,
    &'static mut Transform,
);

/// The quiet measurements, stage by stage (see the module's comment).
#[allow(clippy::too_many_arguments)]
pub fn measure_quiet(
    mut q: ResMut<Quiet>,
    mut keep: ResMut<KeepDrawing>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    screen: Res<State<Screen>>,
    play: Option<Res<State<Play>>>,
    menu: Res<ClickMenu>,
    session: Res<Session>,
    sprites: Query<(Entity, &Sprite, &InheritedVisibility)>,
    offered: Query<(&GlobalTransform, &InheritedVisibility), With<Offered>>,
    gliding: Query<(&Glide, &Transform)>,
    mut camera: Query<BoardCamera, (With<Camera2d>, Without<Glide>)>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let proxy = proxy.as_deref();
    let frame = q.frame;
    let decisions = session.get().map_or(0, |m| m.decisions());
    match q.stage {
        Stage::Off | Stage::StartGame | Stage::Done => {}
        Stage::Launcher => {
            if let Some((frames, cpu)) = idle_step(&mut q, proxy, &mut keep) {
                println!("idle_launcher_frames={frames} idle_launcher_cpu_pct={cpu:.1}");
                keep.0 = true;
                q.stage = Stage::StartGame;
            }
        }
        Stage::BoardWait => {
            let deciding = play.is_some_and(|p| *p.get() == Play::Deciding);
            if *screen.get() != Screen::Game || !deciding {
                q.since_frame = frame;
            } else if frame - q.since_frame > 30 {
                q.stage = Stage::Board;
            }
        }
        Stage::Board => {
            if let Some((frames, cpu)) = idle_step(&mut q, proxy, &mut keep) {
                println!("idle_board_frames={frames} idle_board_cpu_pct={cpu:.1}");
                q.stage = Stage::Clicks;
                q.step = 0;
            }
        }
        Stage::Clicks => {
            if let Some((at, sent)) = q.released {
                // By the next update the board shows what the click did
                // (selected, lit up, moved, a menu of choices).
                if frame == at + 1 && shown(&sprites, &menu) != q.before {
                    q.with_result += 1;
                }
                if frame == at + 1 && decisions > q.decisions_before {
                    q.deciding += 1;
                }
                // The release was read in frame `at`; what it did is drawn
                // while frame `at + 1` updates (the rendering is pipelined),
                // and is on screen when frame `at + 2` begins.
                if frame == at + 2 {
                    let began = q.began.unwrap_or_else(Instant::now);
                    q.click_ms
                        .push(began.saturating_duration_since(sent).as_secs_f32() * 1000.0);
                    q.released = None;
                    q.step = 0;
                }
                return;
            }
            match q.step {
                0 => {
                    if q.click_ms.len() >= CLICKS {
                        let n = q.click_ms.len();
                        let p50 = pct(&mut q.click_ms, 0.5);
                        let p95 = pct(&mut q.click_ms, 0.95);
                        println!(
                            "clicks={n} clicks_with_result={} clicks_deciding={} click_to_frame_p50_ms={p50:.0} click_to_frame_p95_ms={p95:.0}",
                            q.with_result, q.deciding
                        );
                        keep.0 = true;
                        q.stage = Stage::Done;
                        return;
                    }
                    // Only while the board waits for a decision and stands
                    // still (after a click that took a choice: the events
                    // played, the seat handed over, the pieces arrived).
                    let deciding = play.is_some_and(|p| *p.get() == Play::Deciding);
                    if !deciding || gliding.iter().any(|(g, t)| g.sliding(t)) {
                        keep.0 = true;
                        return;
                    }
                    keep.0 = false;
                    let Ok(mut window) = windows.single_mut() else {
                        return;
                    };
                    let Ok((cam, cam_g, mut cam_t)) = camera.single_mut() else {
                        return;
                    };
                    // What the board lit up for the prompt's choices (see
                    // `kit::Offered`): a click there has a result. One in
                    // the middle of the window, away from the panels; else
                    // the board is panned to put one in the middle.
                    let size = window.size();
                    let inside = |p: Vec2| {
                        p.x > size.x * 0.3
                            && p.x < size.x * 0.65
                            && p.y > size.y * 0.15
                            && p.y < size.y * 0.85
                    };
                    let mut lit: Vec<Vec3> = offered
                        .iter()
                        .filter(|(_, v)| v.get())
                        .map(|(t, _)| t.translation())
                        .collect();
                    lit.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
                    let spots: Vec<Vec2> = lit
                        .iter()
                        .filter_map(|w| cam.world_to_viewport(cam_g, *w).ok())
                        .filter(|p| inside(*p))
                        .collect();
                    let n = q.click_ms.len();
                    let at = if !spots.is_empty() {
                        spots[(n * 7919) % spots.len()]
                    } else if !lit.is_empty() {
                        let w = lit[(n * 7919) % lit.len()];
                        cam_t.translation.x = w.x;
                        cam_t.translation.y = w.y;
                        size / 2.0
                    } else {
                        size / 2.0
                    };
                    window.set_cursor_position(Some(at));
                    q.wake_after(
                        proxy,
                        Duration::from_millis(900),
                        Some(ButtonState::Pressed),
                    );
                    q.step = 1;
                }
                1 => {
                    if q.injected.take().is_some() {
                        q.before = shown(&sprites, &menu);
                        q.decisions_before = decisions;
                        q.wake_after(
                            proxy,
                            Duration::from_millis(900),
                            Some(ButtonState::Released),
                        );
                        q.step = 2;
                    }
                }
                _ => {
                    if let Some(sent) = q.injected.take() {
                        q.released = Some((frame, sent));
                    }
                }
            }
        }
    }
}
