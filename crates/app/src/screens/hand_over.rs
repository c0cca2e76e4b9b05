//! The hand-over screen: it covers the board while the seat changes hands,
//! so that the player who looks away sees nothing of the other's secrets.

use crate::flow::{HandOverTo, take_seat};
use crate::screens::Play;
use crate::session::Session;
use crate::ui::{root_ui, side_colour};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub struct HandOverScreen;

impl Plugin for HandOverScreen {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            hand_over_panel.run_if(in_state(Play::HandOver)),
        );
    }
}

fn hand_over_panel(
    mut contexts: EguiContexts,
    mut session: ResMut<Session>,
    hand: Res<HandOverTo>,
    mut next: ResMut<NextState<Play>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "hand_over_panel");
    let Some(m) = session.get() else {
        return Ok(());
    };
    let Some(side) = hand.0 else {
        return Ok(());
    };
    let text = format!("{} ({})", m.player(side), m.side_name(side));
    let mut go = false;
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(egui::Color32::from_rgb(20, 22, 28)))
        .show(&mut root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() * 0.35);
                ui.heading("Hand over the seat");
                ui.add_space(12.0);
                ui.label(egui::RichText::new(format!("{text}, your decision.")).size(26.0).color(side_colour(side)));
                ui.add_space(8.0);
                ui.label("The other player looks away: your blocks and secrets show once you are seated.");
                ui.add_space(16.0);
                if ui.button(egui::RichText::new("I am seated (Enter)").size(20.0)).clicked() {
                    go = true;
                }
            });
        });
    if go {
        take_seat(&mut session, &hand, &mut next);
    }
    Ok(())
}
