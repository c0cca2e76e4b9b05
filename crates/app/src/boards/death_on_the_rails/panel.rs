//! The Death on the Rails parts of the side panels: the turn, the
//! initiative track, the actions taken, the seated player's secrets, the
//! objectives (under the prompt), and the selected unit (above the log).

use super::{DotrMatch, Selected, ShownView};
use crate::boards::kit::BoardPanel;
use crate::session::AnyMatch;
use crate::ui::DICE_COLOUR;
use bevy::prelude::*;
use bevy_egui::egui;
use death_on_the_rails::DeathOnTheRails;
use death_on_the_rails::scenario::UnitId;
use death_on_the_rails::state::Place;
use death_on_the_rails::view::View;
use engine::Side;

fn side_colour(side: Side) -> egui::Color32 {
    super::PALETTE.panel(side)
}

/// The panels of the view the board shows and of the selected unit.
pub struct Panel {
    view: View,
    selected: Option<UnitId>,
}

impl BoardPanel for Panel {
    fn table(&self, ui: &mut egui::Ui, m: &dyn AnyMatch, _deciding: bool) -> Option<usize> {
        table_panel(ui, m, &self.view);
        None
    }

    fn selected(&self, ui: &mut egui::Ui, m: &dyn AnyMatch) -> bool {
        let Some(u) = self.selected else {
            return false;
        };
        let rules = m
            .as_any()
            .downcast_ref::<DotrMatch>()
            .map(|m| m.game().rules());
        unit_panel(ui, rules, &self.view, u);
        true
    }
}

/// Keeps the board's panels in step with the view it shows and the unit
/// selected.
pub fn keep_panel(
    shown: Res<ShownView>,
    selected: Res<Selected>,
    mut panels: ResMut<crate::boards::kit::Panels>,
) {
    if !shown.is_changed() && !selected.is_changed() {
        return;
    }
    // Only the board in play has a view.
    if let Some(v) = &shown.view {
        panels.0 = Some(Box::new(Panel {
            view: v.clone(),
            selected: selected.0,
        }));
    }
}

fn table_panel(ui: &mut egui::Ui, m: &dyn AnyMatch, v: &View) {
    ui.heading(format!("Turn {}", v.turn));
    ui.label(format!("Active player: {}", m.side_name(v.active)));
    // The initiative track: Estonia's end on the left, Russia's on the right.
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for pos in (-v.track..=v.track).rev() {
            let here = pos == v.initiative;
            let fill = if pos > 0 {
                side_colour(Side::A).gamma_multiply(0.5)
            } else if pos < 0 {
                side_colour(Side::B).gamma_multiply(0.5)
            } else {
                egui::Color32::DARK_GRAY
            };
            let text = if here {
                "●".to_string()
            } else {
                pos.abs().to_string()
            };
            ui.add(
                egui::Button::new(egui::RichText::new(text).strong())
                    .fill(fill)
                    .small(),
            );
        }
    });
    ui.small(format!(
        "Initiative: {} ({} of {} toward {})",
        v.initiative,
        v.initiative.abs(),
        v.track,
        if v.initiative >= 0 {
            m.side_name(Side::A)
        } else {
            m.side_name(Side::B)
        }
    ));
    ui.horizontal(|ui| {
        ui.label("Actions taken:");
        for _ in 0..v.actions_done {
            ui.colored_label(side_colour(v.active), "■");
        }
    });
    // The card's count is the secret of the player who drew it.
    if let Some(n) = v.actions_on_card {
        ui.colored_label(
            DICE_COLOUR,
            format!(
                "Secret (yours): the action card allows {} {} this turn.",
                n,
                m.side_name(v.active)
            ),
        );
    } else if v.viewer == Some(v.active) {
        ui.small("Your opponent holds the action card and will say when your actions run out.");
    }
    if let Some(letters) = &v.secret_objectives {
        let l: Vec<String> = letters.iter().map(|c| c.to_string()).collect();
        ui.colored_label(
            DICE_COLOUR,
            format!("Your secret objectives: {}", l.join(", ")),
        );
    }
    if let Some((side, letters)) = &v.revealed_objectives {
        let l: Vec<String> = letters.iter().map(|c| c.to_string()).collect();
        ui.label(format!(
            "{}'s revealed objectives: {}",
            m.side_name(*side),
            l.join(", ")
        ));
    }
    ui.label(format!(
        "Action deck: {} cards, {} discarded",
        v.deck, v.discard
    ));
    for o in &v.objectives {
        let who = o
            .control
            .map(|s| m.side_name(s))
            .unwrap_or_else(|| "nobody".into());
        ui.label(format!("Objective {}: held by {who}", o.letter));
    }
    if v.train_hits.iter().any(|&h| h > 0) {
        ui.label(format!(
            "Charge hits on trains: {} {}, {} {}",
            m.side_name(Side::A),
            v.train_hits[0],
            m.side_name(Side::B),
            v.train_hits[1]
        ));
    }
    if v.fog {
        ui.label("Fog lies on the field.");
    }
    if v.evacuated > 0 {
        ui.label(format!("Evacuated: {}", v.evacuated));
    }
}

fn unit_panel(ui: &mut egui::Ui, rules: Option<&DeathOnTheRails>, v: &View, u: UnitId) {
    let Some(unit) = v.units.iter().find(|x| x.id == u) else {
        return;
    };
    ui.heading("Selected unit");
    let where_ = match (unit.place, rules) {
        (Place::Area(a), Some(r)) => r.sc().map.areas[a as usize].name.clone(),
        (p, _) => format!("{p:?}"),
    };
    match &unit.face {
        Some(f) => {
            ui.label(egui::RichText::new(&f.name).strong());
            ui.label(format!(
                "strength {} of {} (critical {}), {:?}{}",
                f.strength,
                f.full_strength,
                f.critical,
                f.kind,
                f.ability
                    .map(|a| format!(", ability {a:?}"))
                    .unwrap_or_default()
            ));
        }
        None => {
            ui.label("An enemy block, face-down.");
        }
    }
    ui.label(format!("in {where_}"));
    if unit.asleep {
        ui.label("asleep");
    }
    if unit.must_retreat {
        ui.label("must retreat");
    }
}
