//! The screens, as Bevy states: launcher → game → game over. While the game
//! screen is up, `Play` says what it waits for.

use bevy::prelude::*;

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
