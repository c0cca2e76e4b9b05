//! Drawing only when something changes. A board game's window has nothing
//! new to show while the players think; redrawing it every frame keeps the
//! CPU busy (with software rendering, both cores). The window's event loop
//! is reactive ([`UpdateMode::Reactive`]): the app updates, and draws a
//! frame, on a window event (a key, a click, the pointer moving over the
//! window), on a `RequestRedraw` message (egui sends one when its panels
//! need another frame), or after a long wait. [`ask_for_frames`] asks for
//! the next frame while something moves on its own: pieces sliding, dice
//! shown for a moment, a pan key held, a tap held over to the next frame,
//! a little while after any input (egui shows a tooltip after the pointer
//! rests for half a second), or a script running ([`KeepDrawing`]).
//!
//! While nothing is drawn, the game's clock (`Time<Virtual>`) is paused, so
//! that the first frame after a pause does not count the pause: a piece
//! that starts to slide on a click still slides, and a pan key pans
//! smoothly from its first frame.

use crate::boards::Glide;
use crate::input::{HeldOver, UiAction};
use crate::screens::Play;
use crate::session::Session;
use bevy::ecs::message::{MessageRegistry, MessageUpdateSystems, ShouldUpdateMessages};
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::window::{CursorMoved, RequestRedraw};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiContext, EguiInput, EguiPostUpdateSet, EguiPreUpdateSet};
use leafwing_input_manager::prelude::ActionState;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Whether to draw every frame, whatever changes: on while a script
/// (`--screenshots`, `--measure`) runs, since scripts step frame by frame;
/// `--measure` turns it off to measure the idle window and clicks.
#[derive(Resource, Default, Debug)]
pub struct KeepDrawing(pub bool);

/// How long the app keeps drawing after the last input: a little more than
/// egui's tooltip delay (0.5 s), which it does not wake the app for.
pub const AFTER_INPUT: Duration = Duration::from_millis(700);

/// The longest wait between two frames with nothing to draw.
pub const IDLE_WAIT: Duration = Duration::from_secs(60);

/// Whether the window draws only when something changes unless told
/// otherwise (the figures that decided it are in docs/app.md; set it to
/// `false` to give players drawing every frame, as before).
pub const REACTIVE_BY_DEFAULT: bool = true;

fn env_flag(name: &str) -> Option<bool> {
    std::env::var_os(name).map(|v| !v.is_empty() && v != "0")
}

/// Whether to draw every frame (Bevy's settings for games), as before:
/// `FOURFRONTS_DRAW_ALWAYS=1` forces it, `FOURFRONTS_DRAW_REACTIVE=1`
/// forces reactive drawing, and without either [`REACTIVE_BY_DEFAULT`]
/// decides.
pub fn draw_always() -> bool {
    if env_flag("FOURFRONTS_DRAW_ALWAYS") == Some(true) {
        return true;
    }
    !env_flag("FOURFRONTS_DRAW_REACTIVE").unwrap_or(REACTIVE_BY_DEFAULT)
}

/// Reactive drawing (only with a window).
pub struct DrawOnChange;

impl Plugin for DrawOnChange {
    fn build(&self, app: &mut App) {
        if draw_always() {
            app.insert_resource(WinitSettings::game());
            return;
        }
        // Low power: moving the pointer over other windows (a device
        // event) does not wake the app; over ours (a window event) it does.
        let mode = UpdateMode::reactive_low_power(IDLE_WAIT);
        app.insert_resource(WinitSettings {
            focused_mode: mode,
            unfocused_mode: mode,
        })
        .init_resource::<EguiRepaints>()
        .add_systems(
            First,
            (
                rotate_messages
                    .before(MessageUpdateSystems)
                    .before(bevy::time::TimeSystems),
                resume_clock.after(bevy::time::TimeSystems),
            ),
        )
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            (watch_egui, drop_delayed_egui_redraws)
                .chain()
                .after(EguiPostUpdateSet::ProcessOutput),
        )
        .add_systems(Last, ask_for_frames);
    }
}

/// Bevy drops old messages only after a fixed-timestep update has run,
/// and none runs while the game's clock is paused: a `RequestRedraw` would
/// stay in its queue, and `bevy_winit` (which reads the whole queue after
/// every update) would draw frame after frame. While the clock is paused
/// the messages are dropped every update, as without a fixed timestep.
fn rotate_messages(time: Res<Time<Virtual>>, mut registry: ResMut<MessageRegistry>) {
    if time.is_paused() && registry.should_update == ShouldUpdateMessages::Waiting {
        registry.should_update = ShouldUpdateMessages::Ready;
    }
}

/// bevy_egui tells egui the modifier keys on every update, as an event,
/// and any event makes egui ask for an immediate repaint: each frame would
/// ask for the next. egui keeps the modifiers from one pass to the next,
/// so an event that repeats them changes nothing and is dropped.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<std::collections::HashMap<Entity, bevy_egui::egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let seen = last.entry(entity).or_default();
        input.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) if m == seen => false,
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                *seen = *m;
                true
            }
            _ => true,
        });
    }
}

/// What egui asked for in the present update, told by its repaint callback:
/// an immediate repaint (egui sends `RequestRedraw` for it), or one after a
/// delay (a tooltip about to show, a text cursor blinking), which a timer
/// thread wakes the app for when it is due.
#[derive(Resource, Default)]
struct EguiRepaints {
    shared: Arc<(Mutex<Repaints>, Condvar)>,
    timer: bool,
}

#[derive(Default)]
struct Repaints {
    immediate: bool,
    due: Option<Instant>,
}

/// Marks an egui context whose repaint callback is ours.
#[derive(Component)]
struct RepaintWatched;

/// Replaces bevy_egui's repaint callback (which wakes the app only for an
/// immediate repaint) with one that also notes delayed ones.
fn watch_egui(
    mut commands: Commands,
    mut repaints: ResMut<EguiRepaints>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut contexts: Query<(Entity, &mut EguiContext), Without<RepaintWatched>>,
) {
    let Some(proxy) = proxy else {
        return;
    };
    for (entity, mut ctx) in &mut contexts {
        let shared = repaints.shared.clone();
        let wake = (**proxy).clone();
        ctx.get_mut().set_request_repaint_callback(move |info| {
            let (lock, cvar) = &*shared;
            let mut r = lock.lock().unwrap();
            if info.delay.is_zero() {
                r.immediate = true;
                let _ = wake.send_event(WinitUserEvent::WakeUp);
            } else if let Some(at) = Instant::now().checked_add(info.delay)
                && r.due.is_none_or(|d| at < d)
            {
                r.due = Some(at);
                cvar.notify_one();
            }
        });
        commands.entity(entity).insert(RepaintWatched);
    }
    if !repaints.timer {
        repaints.timer = true;
        let shared = repaints.shared.clone();
        let wake = (**proxy).clone();
        std::thread::spawn(move || wake_when_due(&shared, &wake));
    }
}

/// The timer thread: wakes the app when a delayed egui repaint is due.
fn wake_when_due(
    shared: &(Mutex<Repaints>, Condvar),
    wake: &bevy::winit::EventLoopProxy<WinitUserEvent>,
) {
    let (lock, cvar) = shared;
    let mut r = lock.lock().unwrap();
    loop {
        match r.due {
            None => r = cvar.wait(r).unwrap(),
            Some(at) => {
                let now = Instant::now();
                if at <= now {
                    r.due = None;
                    if wake.send_event(WinitUserEvent::WakeUp).is_err() {
                        return;
                    }
                } else {
                    r = cvar.wait_timeout(r, at - now).unwrap().0;
                }
            }
        }
    }
}

/// bevy_egui sends `RequestRedraw` for any repaint egui asked for, also one
/// after a delay, which would draw every frame while, say, the pointer
/// rests on a button. Only an immediate one is let through; the timer
/// thread wakes the app for a delayed one. ([`ask_for_frames`] runs
/// after this and adds its own.)
fn drop_delayed_egui_redraws(
    repaints: Res<EguiRepaints>,
    mut redraws: ResMut<Messages<RequestRedraw>>,
    mut contexts: Query<&mut EguiContext>,
) {
    let immediate = std::mem::take(&mut repaints.shared.0.lock().unwrap().immediate);
    if debug_redraws() && !redraws.is_empty() {
        for mut ctx in &mut contexts {
            let causes = ctx.get_mut().repaint_causes();
            let events = ctx.get_mut().input(|i| {
                (
                    format!("{:?}", i.events),
                    i.pointer.is_moving(),
                    i.pointer.any_down(),
                )
            });
            eprintln!("redraw: egui immediate={immediate} causes={causes:?} input={events:?}");
        }
    }
    if !immediate && !redraws.is_empty() {
        redraws.clear();
    }
}

/// `FOURFRONTS_REDRAW_DEBUG=1`: say on stderr why each frame was drawn.
pub fn debug_redraws() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        std::env::var_os("FOURFRONTS_REDRAW_DEBUG").is_some_and(|v| !v.is_empty() && v != "0")
    })
}

/// The first frame after a pause: the clock ran zero time over it; it runs
/// again from now on.
fn resume_clock(mut time: ResMut<Time<Virtual>>) {
    if time.is_paused() {
        time.unpause();
    }
}

/// What makes the app ask for another frame; see the module's comment.
#[allow(clippy::too_many_arguments)]
fn ask_for_frames(
    keep: Res<KeepDrawing>,
    pieces: Query<(&Glide, &Transform)>,
    play: Option<Res<State<Play>>>,
    screen: Res<State<crate::screens::Screen>>,
    session: Res<Session>,
    actions: Query<&ActionState<UiAction>>,
    (held, computer): (Res<HeldOver>, Option<Res<crate::computer::Thinking>>),
    mut keys: MessageReader<KeyboardInput>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut wheel: MessageReader<MouseWheel>,
    mut cursor: MessageReader<CursorMoved>,
    mut last_input: Local<Option<Instant>>,
    mut last_game: Local<Option<(u64, usize, usize)>>,
    mut settle: Local<u8>,
    mut time: ResMut<Time<Virtual>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = Instant::now();
    let counts = [
        keys.read().count(),
        buttons.read().count(),
        wheel.read().count(),
        cursor.read().count(),
    ];
    let input = counts.iter().sum::<usize>() > 0;
    if input && debug_redraws() {
        eprintln!("redraw: input keys/buttons/wheel/cursor {counts:?}");
    }
    // The game's revision, decisions and cursor: `Session` itself is
    // borrowed mutably by many systems, which marks it changed every frame.
    let game = session
        .get()
        .map(|m| (m.revision(), m.decisions(), m.cursor()));
    let game_changed = game != *last_game;
    *last_game = game;
    if input {
        *last_input = Some(now);
    }
    // A change of screen or of the game: a few more frames, for whatever
    // follows it in later frames (pieces placed, panels laid out).
    if screen.is_changed() || play.as_ref().is_some_and(|p| p.is_changed()) || game_changed {
        *settle = 3;
    }
    let pan = actions.iter().any(|a| {
        [
            UiAction::PanLeft,
            UiAction::PanRight,
            UiAction::PanUp,
            UiAction::PanDown,
        ]
        .iter()
        .any(|p| a.pressed(p))
    });
    let wanted = keep.0
        || *settle > 0
        || held.any()
        || pan
        || play.is_some_and(|p| *p.get() == Play::PlayingEvents)
        // The computer's decision shown for a moment before its next, or
        // its next ready (its search's thread wakes the app when it ends).
        || computer.is_some_and(|c| c.wants_frames())
        || last_input.is_some_and(|t| now - t < AFTER_INPUT)
        || pieces.iter().any(|(g, t)| g.sliding(t));
    *settle = settle.saturating_sub(1);
    if wanted && debug_redraws() {
        eprintln!(
            "redraw: asked (script {} settle {} held {} pan {pan} input {} sliding {})",
            keep.0,
            *settle,
            held.any(),
            last_input.is_some_and(|t| now - t < AFTER_INPUT),
            pieces.iter().any(|(g, t)| g.sliding(t))
        );
    }
    if wanted {
        redraw.write(RequestRedraw);
    } else if !time.is_paused() {
        time.pause();
    }
}
