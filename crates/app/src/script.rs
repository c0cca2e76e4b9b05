//! Scripted runs of the real game, for CI and for measuring:
//!
//! - `--screenshots DIR`: the launcher, every scenario's board at its start
//!   and a game in progress of each rule system, then the launcher with the
//!   computer in a seat and a game against it, each saved as a PNG; a blank
//!   image is an error, and any error makes the exit status non-zero.
//! - `--measure`: prints the time to the first launcher frame, the frame
//!   times of the empty window (the floor) and of the launcher, then plays the
//!   largest scenario for a few hundred frames and prints the frame times
//!   (50th/95th percentile, worst) and the resident memory.

use crate::AppConfig;
use crate::boards::BOARDS;
use crate::computer::{Seat, Strength, Thinking};
use crate::flow::HandOverTo;
use crate::launcher::{Launcher, LauncherRequest};
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;

mod quiet;

/// Games played on by random decisions and then shot: each board's
/// `in_progress` (scenario, decisions, file name). After the decisions, play
/// goes on (for up to [`MORE_FOR_ODDS`] decisions) until a choice shows its
/// odds, so the picture shows them in the prompt panel.
const MORE_FOR_ODDS: usize = 300;

/// Whether a game played on by random decisions has gone far enough: its
/// decisions made, and a choice with odds in the prompt (or the extra
/// decisions spent, or the game over).
fn far_enough(session: &Session, decisions: usize, made: usize) -> bool {
    let Some(m) = session.get() else {
        return true;
    };
    made >= decisions + MORE_FOR_ODDS
        || m.outcome().is_some()
        || made >= decisions && m.choice_odds().iter().any(Option::is_some)
}

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Script {
    #[default]
    None,
    Screenshots {
        dir: PathBuf,
        /// (rule system, scenario id) of each board to take at its start.
        scenarios: Vec<(String, String)>,
    },
    Measure {
        scenario: String,
        frames: usize,
    },
}

/// Problems found by a script; the app exits with an error if any.
#[derive(Resource, Default)]
pub struct ScriptProblems(pub Vec<String>);

pub struct ScriptPlugin;

impl Plugin for ScriptPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ScriptProblems>()
            .add_systems(Update, run_script);
        let measuring = app
            .world()
            .get_resource::<AppConfig>()
            .is_some_and(|c| matches!(c.script, Script::Measure { .. }));
        if measuring {
            app.init_resource::<quiet::Quiet>()
                .add_systems(First, quiet::mark_frame_start)
                .add_systems(PreUpdate, quiet::inject.before(bevy::input::InputSystems))
                .add_systems(PostUpdate, quiet::measure_quiet);
        }
    }
}

#[derive(Default)]
struct Progress {
    frame: u64,
    /// Frame at which the current step began.
    since: u64,
    step: usize,
    decisions: usize,
    rng: u64,
    frame_ms: Vec<f32>,
    first_frame_printed: bool,
    /// The frame a step's last picture was taken in.
    shot_at: Option<u64>,
}

fn next_random(rng: &mut u64) -> u64 {
    // xorshift64*
    let mut x = (*rng).max(1);
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *rng = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Makes up to `per_frame` random decisions, stopping after `until`
/// decisions in all at the first prompt with odds (see [`far_enough`]), or
/// takes the seat if the game waits for one, counting the decisions in `p`.
fn play_some(
    per_frame: usize,
    until: usize,
    p: &mut Progress,
    session: &mut Session,
    play: Option<&State<Play>>,
    hand: &HandOverTo,
    next_play: &mut NextState<Play>,
) {
    let Some(m) = session.get_mut() else {
        return;
    };
    match play.map(|p| *p.get()) {
        Some(Play::HandOver) => {
            if let Some(side) = hand.0 {
                m.set_seat(side);
            }
            next_play.set(Play::Deciding);
        }
        Some(Play::PlayingEvents) => next_play.set(Play::Deciding),
        Some(Play::Deciding) => {
            // Several decisions a frame, up to the next hand-over: a frame of
            // the debug build under software rendering can take a second on a
            // busy CI machine, and only the last position is shot.
            for _ in 0..per_frame {
                let n = m.choice_texts().len();
                if m.hand_over_to().is_some()
                    || n == 0
                    || p.decisions >= until.saturating_add(MORE_FOR_ODDS)
                    || p.decisions >= until && m.choice_odds().iter().any(Option::is_some)
                {
                    return;
                }
                let i = (next_random(&mut p.rng) % n as u64) as usize;
                if m.choose(i).is_ok() {
                    p.decisions += 1;
                }
            }
        }
        None => {}
    }
}

fn shoot(commands: &mut Commands, path: PathBuf) {
    let name = path.display().to_string();
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            move |captured: On<ScreenshotCaptured>, mut problems: ResMut<ScriptProblems>| {
                let colours = distinct_colours(&captured.image);
                if colours < 16 {
                    error!("screenshot {name} is blank ({colours} colours)");
                    problems.0.push(format!("{name} is blank"));
                } else {
                    info!("screenshot {name}: {colours} colours");
                }
            },
        );
}

/// How many different colours a sample of the image's pixels has.
pub fn distinct_colours(image: &Image) -> usize {
    let Some(data) = image.data.as_ref() else {
        return 0;
    };
    let mut seen = std::collections::HashSet::new();
    for px in data.chunks_exact(4).step_by(97) {
        seen.insert([px[0], px[1], px[2]]);
    }
    seen.len()
}

fn rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

#[allow(clippy::too_many_arguments)]
fn run_script(
    config: Res<AppConfig>,
    mut p: Local<Progress>,
    mut launcher: ResMut<Launcher>,
    mut requests: MessageWriter<LauncherRequest>,
    mut session: ResMut<Session>,
    screen: Res<State<Screen>>,
    play: Option<Res<State<Play>>>,
    hand: Res<HandOverTo>,
    mut next_play: ResMut<NextState<Play>>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    problems: Res<ScriptProblems>,
    time: Res<Time<Real>>,
    hidden: Option<ResMut<crate::ui::PanelsHidden>>,
    mut quiet: Option<ResMut<quiet::Quiet>>,
    thinking: Res<Thinking>,
) {
    p.frame += 1;
    let age = p.frame - p.since;
    match &config.script {
        Script::None => {}
        Script::Screenshots { dir, scenarios } => {
            // Steps: 0 launcher; 1..=n the scenarios at their start; then a
            // game in progress of each board; then against the computer;
            // then exit.
            let n = scenarios.len();
            // Frames from a step's start to its shot, and from the shot to
            // the next step (the capture arrives a frame or two later).
            // Nothing is loaded from disk, so frames, not seconds, are what
            // a board needs to be drawn; a frame of the debug build under
            // software rendering takes 0.1 s here and about 1 s on a busy
            // CI machine, so every frame counts.
            let wait = 12;
            let after = 8;
            if p.step == 0 {
                if age == wait {
                    shoot(&mut commands, dir.join("launcher.png"));
                }
                if age == wait + after {
                    p.step = 1;
                    p.since = p.frame;
                }
            } else if p.step <= n {
                let (ruleset, id) = &scenarios[p.step - 1];
                if age == 1 {
                    if launcher.select_by_id(ruleset, id) {
                        requests.write(LauncherRequest::Start);
                    } else {
                        error!("no scenario {ruleset}/{id}");
                        commands.insert_resource(ScriptProblems(vec![format!(
                            "no scenario {ruleset}/{id}"
                        )]));
                    }
                }
                if age == wait && *screen.get() == Screen::Game {
                    shoot(&mut commands, dir.join(format!("{ruleset}-{id}.png")));
                }
                if age == wait + after {
                    requests.write(LauncherRequest::Quit);
                }
                if age == wait + after + 4 {
                    p.step += 1;
                    p.since = p.frame;
                }
            } else if p.step <= n + BOARDS.len() {
                let board = &BOARDS[p.step - n - 1];
                let ruleset = board.ruleset;
                let (id, decisions, file) = board.in_progress;
                if age == 1 {
                    launcher.select_by_id(ruleset, id);
                    launcher.seed_text = "7".into();
                    requests.write(LauncherRequest::Start);
                    p.rng = 7;
                    p.decisions = 0;
                }
                let at_hand_over = play.as_deref().map(|p| *p.get()) == Some(Play::HandOver);
                // After the decisions, take the seat too: the picture shows
                // the board, not the hand-over screen.
                if age > 5 && (!far_enough(&session, decisions, p.decisions) || at_hand_over) {
                    play_some(
                        30,
                        decisions,
                        &mut p,
                        &mut session,
                        play.as_deref(),
                        &hand,
                        &mut next_play,
                    );
                    // Wait from the last decision on.
                    p.since = p.frame - 5;
                } else if age == wait {
                    shoot(&mut commands, dir.join(file));
                } else if age == wait + after {
                    requests.write(LauncherRequest::Quit);
                } else if age == wait + after + 4 {
                    p.step += 1;
                    p.since = p.frame;
                }
            } else if p.step == n + BOARDS.len() + 1 {
                // Against the computer: the launcher with a computer seat,
                // then a game in which the computer has decided a few
                // times, shot while it thinks or shows its decision (the
                // first board's scenario in progress: Annemoisa).
                if age == 1 {
                    launcher.kinds = [Seat::Person, Seat::Computer(Strength::Normal)];
                    launcher.player_one_side = engine::Side::A;
                    // The first board's game in progress, now against
                    // the computer.
                    launcher.select_by_id(BOARDS[0].ruleset, BOARDS[0].in_progress.0);
                    launcher.seed_text = "7".into();
                    p.rng = 7;
                    p.decisions = 0;
                    p.shot_at = None;
                } else if age == wait {
                    shoot(&mut commands, dir.join("launcher-computer.png"));
                } else if age == wait + after {
                    requests.write(LauncherRequest::Start);
                } else if let Some(shot) = p.shot_at {
                    if p.frame == shot + after {
                        requests.write(LauncherRequest::Quit);
                        launcher.kinds = [Seat::Person, Seat::Person];
                    } else if p.frame == shot + after + 4 {
                        p.step += 1;
                        p.since = p.frame;
                    }
                } else if age > wait + after + 5 {
                    let computer = session
                        .get()
                        .and_then(|m| m.computer_to_decide().filter(|_| m.outcome().is_none()));
                    // Once the person has read something the computer did
                    // (its setup is hidden) and it is at it again.
                    let seen = session.get().is_some_and(|m| {
                        let last = m.computer_last();
                        m.log().iter().any(|l| {
                            last > 0 && l.decision == last && l.text[m.seat().index()].is_some()
                        })
                    });
                    if thinking.decided >= 3 && seen && computer.is_some()
                        || age > wait + after + 3000
                    {
                        shoot(&mut commands, dir.join("against-the-computer.png"));
                        p.shot_at = Some(p.frame);
                    } else if computer.is_none() {
                        // The person's decisions: at random.
                        play_some(
                            1,
                            usize::MAX,
                            &mut p,
                            &mut session,
                            play.as_deref(),
                            &hand,
                            &mut next_play,
                        );
                    }
                }
            } else {
                if problems.0.is_empty() {
                    info!("screenshots done");
                    exit.write(AppExit::Success);
                } else {
                    for e in &problems.0 {
                        error!("{e}");
                    }
                    exit.write(AppExit::error());
                }
            }
        }
        Script::Measure { scenario, frames } => {
            if p.frame == 3 {
                // Two frames after the first: the first launcher frame has been
                // rendered and presented.
                println!(
                    "first_launcher_frame_ms={:.0}",
                    config.started.elapsed().as_secs_f64() * 1000.0
                );
            }
            // Frames 4 to 63: the empty window (no panels, no board), the
            // floor under every frame; 64 to 123: the launcher alone.
            if p.frame == 3
                && let Some(mut hidden) = hidden
            {
                hidden.0 = true;
            } else if !p.first_frame_printed && p.frame == 64 {
                let mut v = std::mem::take(&mut p.frame_ms);
                v.sort_by(|a, b| a.total_cmp(b));
                let pct = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize];
                println!(
                    "empty_window_p50_frame_ms={:.1} empty_window_p95_frame_ms={:.1}",
                    pct(0.5),
                    pct(0.95)
                );
                if let Some(mut hidden) = hidden {
                    hidden.0 = false;
                }
            }
            if !p.first_frame_printed && p.frame > 3 && p.frame < 124 {
                // Two frames' grace after each change (rendering is pipelined).
                if (6..64).contains(&p.frame) || (66..124).contains(&p.frame) {
                    p.frame_ms.push(time.delta_secs() * 1000.0);
                }
                return;
            }
            if !p.first_frame_printed && p.frame == 124 {
                let mut v = std::mem::take(&mut p.frame_ms);
                v.sort_by(|a, b| a.total_cmp(b));
                println!("launcher_p50_frame_ms={:.1}", v[v.len() / 2]);
                p.first_frame_printed = true;
                if let Some(q) = quiet.as_deref_mut() {
                    q.stage = quiet::Stage::Launcher;
                }
                return;
            }
            // The quiet measurements (idle launcher, idle board, clicks)
            // take over until they are done.
            let stage = quiet.as_deref().map(|q| q.stage);
            if matches!(stage, Some(quiet::Stage::Launcher)) {
                return;
            }
            if matches!(
                stage,
                Some(quiet::Stage::BoardWait | quiet::Stage::Board | quiet::Stage::Clicks)
            ) {
                if play.as_deref().map(|p| *p.get()) == Some(Play::HandOver) {
                    play_some(
                        0,
                        usize::MAX,
                        &mut p,
                        &mut session,
                        play.as_deref(),
                        &hand,
                        &mut next_play,
                    );
                }
                p.since = p.frame;
                return;
            }
            if p.first_frame_printed
                && matches!(stage, None | Some(quiet::Stage::StartGame))
                && p.rng == 0
            {
                if let Some(q) = quiet.as_deref_mut() {
                    q.stage = quiet::Stage::BoardWait;
                }
                let ruleset = BOARDS.iter().find(|b| b.measured).map_or("", |b| b.ruleset);
                if launcher.select_by_id(ruleset, scenario) {
                    launcher.seed_text = "1".into();
                    requests.write(LauncherRequest::Start);
                } else {
                    eprintln!("no scenario {ruleset}/{scenario}");
                    exit.write(AppExit::error());
                }
                p.since = p.frame;
                p.rng = 1;
                return;
            }
            if *screen.get() == Screen::GameOver {
                requests.write(LauncherRequest::Quit);
            }
            if *screen.get() == Screen::Launcher && p.first_frame_printed && age > 10 {
                launcher.seed_text = (p.rng % 1000).to_string();
                requests.write(LauncherRequest::Start);
                p.since = p.frame;
            }
            if p.first_frame_printed && age > 30 {
                p.frame_ms.push(time.delta_secs() * 1000.0);
                if p.frame.is_multiple_of(3) {
                    play_some(
                        1,
                        usize::MAX,
                        &mut p,
                        &mut session,
                        play.as_deref(),
                        &hand,
                        &mut next_play,
                    );
                }
                if p.frame_ms.len() >= *frames {
                    let mut v = p.frame_ms.clone();
                    v.sort_by(|a, b| a.total_cmp(b));
                    let pct = |q: f64| v[((v.len() as f64 - 1.0) * q).round() as usize];
                    println!(
                        "scenario={scenario} frames={} decisions={} p50_frame_ms={:.1} p95_frame_ms={:.1} max_frame_ms={:.1} rss_mb={:.0}",
                        v.len(),
                        p.decisions,
                        pct(0.5),
                        pct(0.95),
                        v[v.len() - 1],
                        rss_mb().unwrap_or(f64::NAN)
                    );
                    exit.write(AppExit::Success);
                }
            }
        }
    }
}
