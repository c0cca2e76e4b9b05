//! The game-over screen: the result over the final board.

use crate::launcher::LauncherRequest;
use crate::screens::Screen;
use crate::session::Session;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub struct GameOverScreen;

impl Plugin for GameOverScreen {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            game_over_panel.run_if(in_state(Screen::GameOver)),
        );
    }
}

fn game_over_panel(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut requests: MessageWriter<LauncherRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(m) = session.get() else {
        return Ok(());
    };
    let Some(outcome) = m.outcome() else {
        return Ok(());
    };
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_TOP, [0.0, 20.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let headline = match outcome.winner {
                Some(s) => format!("{} ({}) wins.", m.side_name(s), m.player(s)),
                None => "A draw.".to_string(),
            };
            ui.heading(headline);
            ui.label(&outcome.reason);
            ui.label(format!("{} decisions.", m.decisions()));
            if ui.button("Back to the launcher (Enter)").clicked() {
                requests.write(LauncherRequest::Quit);
            }
        });
    Ok(())
}
