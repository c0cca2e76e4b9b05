//! What every screen's panels share (bevy_egui): the panel width, colours,
//! a root `Ui` over the window, and whether the pointer or the keyboard is
//! over a panel. The panels themselves are in `screens/`, one file a screen.

use crate::input::UiFocus;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::input::EguiWantsInput;
use engine::Side;

pub const PANEL_WIDTH: f32 = 330.0;

pub struct PanelsPlugin;

/// Set by `--measure` to time the empty window: the launcher's panels are not
/// drawn while it is on.
#[derive(Resource, Default)]
pub struct PanelsHidden(pub bool);

impl Plugin for PanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PanelsHidden>()
            .add_systems(PreUpdate, track_focus);
    }
}

fn track_focus(wants: Option<Res<EguiWantsInput>>, mut focus: ResMut<UiFocus>) {
    if let Some(w) = wants {
        focus.pointer_over_panel = w.wants_any_pointer_input() || w.is_pointer_over_area();
        focus.typing = w.wants_any_keyboard_input();
    }
}

pub fn side_colour(side: Side) -> egui::Color32 {
    crate::boards::kit::Palette::GENERIC.panel(side)
}

/// A Ui over the whole window for the panels (egui 0.36 lays panels out
/// inside a Ui).
pub fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

pub const DICE_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 210, 90);
pub const ERROR_COLOUR: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);
