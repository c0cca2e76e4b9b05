//! The screens, as Bevy states: launcher → game → game over. While the game
//! screen is up, `Play` says what it waits for. One file a screen: what it
//! draws and the plugin that registers it.

pub mod game;
pub mod game_over;
pub mod hand_over;
pub mod launcher;

use bevy::prelude::*;

/// Every screen's panels.
pub struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            launcher::LauncherScreen,
            game::GameScreen,
            hand_over::HandOverScreen,
            game_over::GameOverScreen,
        ));
    }
}

#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Launcher,
    Game,
    /// The result, over the final board.
    GameOver,
}

#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Play {
    /// Waiting for the seated player's decision.
    #[default]
    Deciding,
    /// The latest decision's events (dice, losses) are shown before going on.
    PlayingEvents,
    /// The other player must take the seat; the board is covered.
    HandOver,
}
