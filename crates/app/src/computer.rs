//! The computer at the table (issue 20): who sits on each side (a person,
//! or the computer at a strength), and the systems that let the computer
//! decide for its side.
//!
//! When the side to decide is the computer's, [`computer_moves`] hands a
//! copy of the game to a thread of its own ([`AnyMatch::think`]: the
//! search of `crates/bot`, which draws what its side cannot see itself),
//! so the window keeps drawing while it thinks. When the thread is done and
//! the last decision has been on the board long enough to follow
//! ([`AppConfig::computer_pace_seconds`], skipped with Enter or the panel's
//! button), its choice goes through [`AnyMatch::apply_thought`], which
//! applies it as a person's choice is applied (`Match::act`): in the log,
//! the autosave and the save like any other decision.

use crate::AppConfig;
use crate::flow::{Playout, after_decision};
use crate::input::UiAction;
use crate::screens::{Play, Screen};
use crate::session::{AnyMatch, Session};
use bevy::prelude::*;
use engine::Side;
use leafwing_input_manager::prelude::ActionState;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long the computer thinks over a decision: the launcher's strengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    Quick,
    #[default]
    Normal,
    Strong,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Quick, Strength::Normal, Strength::Strong];

    pub fn budget(self) -> bot::Budget {
        match self {
            Strength::Quick => bot::Budget::QUICK,
            Strength::Normal => bot::Budget::NORMAL,
            Strength::Strong => bot::Budget::STRONG,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Strength::Quick => "quick",
            Strength::Normal => "normal",
            Strength::Strong => "strong",
        }
    }

    /// What the launcher says of it.
    pub fn describe(self) -> String {
        match self.budget() {
            bot::Budget::Millis(ms) => format!("{} ({ms} ms a decision)", self.name()),
            bot::Budget::Iterations(n) => format!("{} ({n} iterations a decision)", self.name()),
        }
    }
}

/// Who sits on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    #[default]
    Person,
    Computer(Strength),
}

impl Seat {
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }

    /// The computer's name as a player.
    pub fn computer_name(strength: Strength) -> String {
        format!("The computer ({})", strength.name())
    }
}

/// Who sits on each side, by side (A, B). Saved with the game; a save
/// without it (every save before issue 20) is two persons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seats(pub [Seat; 2]);

impl Seats {
    pub const PERSONS: Seats = Seats([Seat::Person, Seat::Person]);

    pub fn of(&self, side: Side) -> Seat {
        self.0[side.index()]
    }

    pub fn is_computer(&self, side: Side) -> bool {
        self.of(side).is_computer()
    }

    pub fn all_persons(&self) -> bool {
        *self == Seats::PERSONS
    }

    pub fn persons(&self) -> usize {
        self.0.iter().filter(|s| !s.is_computer()).count()
    }

    /// The side whose view the screen shows when the seat does not change
    /// hands: the one person's side; with two computers side A (watching
    /// is watching side A's view); with two persons `None` (the hand-over
    /// decides).
    pub fn fixed_seat(&self) -> Option<Side> {
        match (self.is_computer(Side::A), self.is_computer(Side::B)) {
            (false, false) => None,
            (false, true) => Some(Side::A),
            (true, false) => Some(Side::B),
            (true, true) => Some(Side::A),
        }
    }

    /// Words for a save's summary: "" for two persons.
    pub fn summary(&self, side_name: impl Fn(Side) -> String) -> String {
        let computers: Vec<String> = Side::BOTH
            .into_iter()
            .filter_map(|s| match self.of(s) {
                Seat::Computer(st) => {
                    Some(format!("{}: the computer ({})", side_name(s), st.name()))
                }
                Seat::Person => None,
            })
            .collect();
        computers.join("; ")
    }
}

/// A search handed to its thread: the chosen action, as the match's own
/// action type behind `Any`.
pub type Thought = Box<dyn FnOnce() -> Box<dyn Any + Send> + Send + 'static>;

/// The computer's search under way, and the pace at which its decisions
/// are shown.
#[derive(Resource, Default)]
pub struct Thinking {
    job: Option<Job>,
    /// When the computer's latest decision may be followed by its next.
    shown_until: Option<Instant>,
    /// Skip ahead: no pause between the computer's decisions until a
    /// person decides again.
    pub skip: bool,
    /// A search that failed, not started again for the same position:
    /// (match, revision).
    failed: Option<(u64, u64)>,
    /// Decisions the computer has taken in this app (for the panel and
    /// tests).
    pub decided: u64,
}

struct Job {
    handle: JoinHandle<Box<dyn Any + Send>>,
    serial: u64,
    revision: u64,
    side: Side,
}

impl Thinking {
    /// Whether a search is under way.
    pub fn pending(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the computer's latest decision is still being shown (the
    /// window keeps drawing meanwhile).
    pub fn showing(&self) -> bool {
        self.shown_until.is_some_and(|t| Instant::now() < t)
    }

    /// Whether the app should draw the next frame for the computer: its
    /// latest decision is being shown, or its search has ended and its
    /// choice waits to be applied (the search's thread woke the app when
    /// it ended, which may have been during the pause).
    pub fn wants_frames(&self) -> bool {
        self.showing() || self.job.as_ref().is_some_and(|j| j.handle.is_finished())
    }

    /// Drops any search under way (its thread finishes on its own and is
    /// forgotten).
    pub fn clear(&mut self) {
        self.job = None;
        self.shown_until = None;
        self.skip = false;
        self.failed = None;
    }
}

pub struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Thinking>()
            .add_systems(OnEnter(Screen::Launcher), |mut t: ResMut<Thinking>| {
                t.clear()
            })
            .add_systems(Update, computer_moves.run_if(in_state(Play::Deciding)));
    }
}

/// Wakes the window's event loop when a search ends (the window draws
/// only on a change: `crate::redraw`).
type Waker = Option<bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>>;

/// Starts the computer's search when its side is to decide, and applies
/// its choice once the search is done and the last decision has been shown
/// long enough.
#[allow(clippy::too_many_arguments)]
pub fn computer_moves(
    mut session: ResMut<Session>,
    mut thinking: ResMut<Thinking>,
    mut next: ResMut<NextState<Play>>,
    mut playout: ResMut<Playout>,
    config: Res<AppConfig>,
    actions: Single<&ActionState<UiAction>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let Some(m) = session.get_mut() else {
        thinking.job = None;
        return;
    };
    let side = match (m.outcome(), m.computer_to_decide()) {
        (None, Some(side)) => side,
        _ => {
            // A person decides (or the game is over): the next time the
            // computer plays, it goes at its pace again.
            thinking.job = None;
            thinking.skip = false;
            return;
        }
    };
    let (serial, revision) = (m.serial(), m.revision());
    if thinking
        .job
        .as_ref()
        .is_some_and(|j| (j.serial, j.revision, j.side) != (serial, revision, side))
    {
        // The game changed under the search (a person's decision in a
        // simultaneous setup, a load): its answer is for another position.
        thinking.job = None;
    }
    if actions.just_pressed(&UiAction::Confirm) {
        thinking.skip = true;
    }
    if thinking.job.is_none() {
        if thinking.failed == Some((serial, revision)) {
            return;
        }
        let budget = config.computer_budget.unwrap_or_else(|| m.budget(side));
        let thought = m.think(side, budget);
        let waker: Waker = proxy.map(|p| (**p).clone());
        let spawned = std::thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                let chosen = thought();
                if let Some(w) = waker {
                    let _ = w.send_event(bevy::winit::WinitUserEvent::WakeUp);
                }
                chosen
            });
        match spawned {
            Ok(handle) => {
                thinking.job = Some(Job {
                    handle,
                    serial,
                    revision,
                    side,
                })
            }
            Err(e) => {
                thinking.failed = Some((serial, revision));
                m.set_message(Some(format!("The computer could not start thinking: {e}")));
            }
        }
        return;
    }
    let shown = thinking.skip || !thinking.showing();
    let done = thinking
        .job
        .as_ref()
        .is_some_and(|j| j.handle.is_finished());
    if !(shown && done) {
        return;
    }
    let Some(job) = thinking.job.take() else {
        return;
    };
    let result = match job.handle.join() {
        Ok(chosen) => m.apply_thought(side, chosen),
        Err(_) => Err("its search stopped with an error".to_string()),
    };
    match result {
        Ok(()) => {
            thinking.decided += 1;
            thinking.shown_until = Some(
                Instant::now() + Duration::from_secs_f32(config.computer_pace_seconds.max(0.0)),
            );
            after_decision(&mut session, &mut next, &mut playout, &config);
        }
        Err(e) => {
            thinking.failed = Some((serial, revision));
            m.set_message(Some(format!("The computer could not decide: {e}")));
        }
    }
}

/// The panel's line about the computer, if it has one to say: thinking,
/// or showing its decision.
pub fn status_line(m: &dyn AnyMatch, thinking: &Thinking) -> Option<String> {
    let side = m.computer_to_decide()?;
    if m.outcome().is_some() {
        return None;
    }
    Some(if thinking.showing() && !thinking.skip {
        "The computer has decided: see the log and the board.".to_string()
    } else {
        format!("The computer ({}) is thinking…", m.side_name(side))
    })
}
