//! The game screen's state machine: deciding → playing out events → hand-over
//! → deciding … → game over. The rules run from these systems.

use crate::AppConfig;
use crate::input::{UiAction, UiFocus};
use crate::launcher::LauncherRequest;
use crate::saves;
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::prelude::*;
use engine::Side;
use leafwing_input_manager::prelude::ActionState;

/// Who takes the seat at the hand-over screen.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct HandOverTo(pub Option<Side>);

/// How long the latest events stay on screen before the game goes on.
#[derive(Resource, Default, Debug)]
pub struct Playout {
    pub timer: Timer,
}

/// Whether the rules reference panel is open.
#[derive(Resource, Default, Debug, Clone)]
pub struct RulesOpen(pub bool);

pub struct FlowPlugin;

impl Plugin for FlowPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<HandOverTo>()
            .init_resource::<Playout>()
            .init_resource::<RulesOpen>()
            .add_systems(
                Update,
                (
                    decide.run_if(in_state(Play::Deciding)),
                    play_out.run_if(in_state(Play::PlayingEvents)),
                    hand_over.run_if(in_state(Play::HandOver)),
                    game_keys.run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
                    game_over_keys.run_if(in_state(Screen::GameOver)),
                ),
            );
    }
}

/// A decision from the panels or the board: apply it, then see what comes.
pub fn after_decision(
    session: &mut Session,
    next: &mut NextState<Play>,
    playout: &mut Playout,
    config: &AppConfig,
) {
    let Some(m) = session.get_mut() else {
        return;
    };
    let (_, dice) = m.take_fresh();
    if dice && config.playout_seconds > 0.0 {
        playout.timer = Timer::from_seconds(config.playout_seconds, TimerMode::Once);
        next.set(Play::PlayingEvents);
    }
}

#[allow(clippy::too_many_arguments)]
fn decide(
    mut session: ResMut<Session>,
    mut next_play: ResMut<NextState<Play>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut hand: ResMut<HandOverTo>,
    actions: Single<&ActionState<UiAction>>,
    focus: Res<UiFocus>,
    mut playout: ResMut<Playout>,
    config: Res<AppConfig>,
) {
    let Some(m) = session.get_mut() else {
        return;
    };
    if m.outcome().is_some() {
        next_screen.set(Screen::GameOver);
        return;
    }
    if let Some(side) = m.hand_over_to() {
        if m.secrets() {
            hand.0 = Some(side);
            next_play.set(Play::HandOver);
        } else {
            m.set_seat(side);
        }
        return;
    }
    if focus.typing {
        return;
    }
    let count = m.choice_texts().len();
    if count == 0 {
        return;
    }
    if actions.just_pressed(&UiAction::NextChoice) {
        m.set_cursor((m.cursor() + 1) % count);
    }
    if actions.just_pressed(&UiAction::PreviousChoice) {
        m.set_cursor((m.cursor() + count - 1) % count);
    }
    let pick = if actions.just_pressed(&UiAction::Confirm) {
        Some(m.cursor().min(count - 1))
    } else if actions.just_pressed(&UiAction::Pass) {
        m.pass_choice()
    } else {
        None
    };
    if let Some(i) = pick {
        if m.choose(i).is_ok() {
            after_decision(&mut session, &mut next_play, &mut playout, &config);
        }
    } else if actions.just_pressed(&UiAction::Undo) {
        let _ = m.undo();
    }
}

fn play_out(
    time: Res<Time>,
    mut playout: ResMut<Playout>,
    actions: Single<&ActionState<UiAction>>,
    mut next: ResMut<NextState<Play>>,
) {
    playout.timer.tick(time.delta());
    if playout.timer.is_finished()
        || actions.just_pressed(&UiAction::Confirm)
        || actions.just_pressed(&UiAction::Select)
    {
        next.set(Play::Deciding);
    }
}

fn hand_over(
    mut session: ResMut<Session>,
    hand: Res<HandOverTo>,
    actions: Single<&ActionState<UiAction>>,
    mut next: ResMut<NextState<Play>>,
) {
    if actions.just_pressed(&UiAction::Confirm) {
        take_seat(&mut session, &hand, &mut next);
    }
}

/// The next player is seated: the board shows their view.
pub fn take_seat(session: &mut Session, hand: &HandOverTo, next: &mut NextState<Play>) {
    if let (Some(m), Some(side)) = (session.get_mut(), hand.0) {
        m.set_seat(side);
    }
    next.set(Play::Deciding);
}

/// Keys that work anywhere in a game: save, rules reference.
fn game_keys(
    mut session: ResMut<Session>,
    actions: Single<&ActionState<UiAction>>,
    focus: Res<UiFocus>,
    mut rules: ResMut<RulesOpen>,
    config: Res<AppConfig>,
) {
    if focus.typing {
        return;
    }
    if actions.just_pressed(&UiAction::Rules) {
        rules.0 = !rules.0;
    }
    if actions.just_pressed(&UiAction::Cancel) {
        rules.0 = false;
    }
    if actions.just_pressed(&UiAction::Save)
        && let Some(m) = session.get_mut()
    {
        save_now(m, &config);
    }
}

/// Writes a named save of the game; the message says where.
pub fn save_now(m: &mut dyn crate::session::AnyMatch, config: &AppConfig) {
    let dir = config.data_dir.join("saves");
    let path = saves::new_save_path(&dir, &m.scenario_id());
    match saves::write_atomically(&path, &m.save_json()) {
        Ok(()) => m.set_message(Some(format!("Saved to {}", path.display()))),
        Err(e) => m.set_message(Some(format!("Could not save to {}: {e}", path.display()))),
    }
}

fn game_over_keys(
    actions: Single<&ActionState<UiAction>>,
    focus: Res<UiFocus>,
    mut requests: MessageWriter<LauncherRequest>,
) {
    if !focus.typing && actions.just_pressed(&UiAction::Confirm) {
        requests.write(LauncherRequest::Quit);
    }
}
