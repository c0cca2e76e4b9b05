//! The Veli Veljeä Vastaan parts of the side panels: the month, the seated
//! player's hand with a button for each way to play a card, the cards kept
//! in front, the piles, the combat under way, and the selected counter.

use super::{VvvMatch, VvvSelected, VvvShown, card_choice};
use crate::boards::kit::{BoardPanel, Panels};
use crate::session::AnyMatch;
use bevy::prelude::*;
use bevy_egui::egui;
use engine::Side;
use veli_veljea_vastaan::text::month_name;
use veli_veljea_vastaan::{UnitId, View, WHITE};

const HIGHLIGHT: egui::Color32 = egui::Color32::from_rgb(255, 210, 80);

fn side_colour(side: Side) -> egui::Color32 {
    super::PALETTE.panel(side)
}

/// The panels of the view the board shows and of the selected counter.
pub struct Panel {
    view: View,
    selected: Option<UnitId>,
}

impl BoardPanel for Panel {
    fn table(&self, ui: &mut egui::Ui, m: &dyn AnyMatch, deciding: bool) -> Option<usize> {
        let m = m.as_any().downcast_ref::<VvvMatch>()?;
        table_panel(ui, m, &self.view, deciding)
    }

    fn selected(&self, ui: &mut egui::Ui, m: &dyn AnyMatch) -> bool {
        let (Some(u), Some(m)) = (self.selected, m.as_any().downcast_ref::<VvvMatch>()) else {
            return false;
        };
        unit_panel(ui, m, &self.view, u);
        true
    }
}

/// Keeps the board's panels in step with the view it shows and the counter
/// selected.
pub fn keep_panel(shown: Res<VvvShown>, selected: Res<VvvSelected>, mut panels: ResMut<Panels>) {
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

/// Draws the table; returns the choice a card button stands for, if clicked.
pub fn table_panel(ui: &mut egui::Ui, m: &VvvMatch, v: &View, deciding: bool) -> Option<usize> {
    let rules = m.game().rules();
    let sc = rules.sc();
    let mut chosen = None;
    ui.heading(format!(
        "{} 1918 (month {} of {})",
        month_name(v.month),
        v.month,
        v.months
    ));
    if let Some(side) = v.turn_side {
        ui.colored_label(
            side_colour(side),
            format!("{}'s turn", m.game().rules().sc().info.sides[side.index()]),
        );
    }
    if let Some(card) = v.card_in_play {
        ui.label(format!("Card in play: {}", rules.card_title(card)));
        if v.ap_left > 0 {
            ui.label(format!("Action points left: {}", v.ap_left));
        }
    }
    if let Some(c) = &v.combat {
        ui.colored_label(
            HIGHLIGHT,
            format!(
                "Combat at {}: {} attacking unit(s)",
                rules.city_name(c.target),
                c.attackers.len()
            ),
        );
    }
    ui.separator();
    ui.label(egui::RichText::new(format!("Your hand ({} cards)", v.hand.len())).strong());
    egui::ScrollArea::vertical()
        .id_salt("hand")
        .max_height(260.0)
        .show(ui, |ui| {
            for &card in &v.hand {
                let c = &sc.cards[card as usize];
                ui.group(|ui| {
                    // A plain label wraps; one in a horizontal row would
                    // widen the panel past the window for a long name.
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!(
                                "{}{}",
                                c.name,
                                if c.star { " *" } else { "" }
                            ))
                            .strong(),
                        )
                        .wrap(),
                    );
                    ui.small(format!(
                        "{} · {} AP · enters {}",
                        c.english,
                        c.ap,
                        month_name(c.month)
                    ));
                    ui.small(&c.text);
                    ui.horizontal(|ui| {
                        if let Some(i) = card_choice(m, card, true)
                            && ui
                                .add_enabled(deciding, egui::Button::new("Event"))
                                .clicked()
                        {
                            chosen = Some(i);
                        }
                        if let Some(i) = card_choice(m, card, false)
                            && ui
                                .add_enabled(
                                    deciding,
                                    egui::Button::new(format!("{} action points", c.ap)),
                                )
                                .clicked()
                        {
                            chosen = Some(i);
                        }
                    });
                })
                .response
                .on_hover_text(&c.history);
            }
        });
    for side in Side::BOTH {
        let kept = &v.kept[side.index()];
        if !kept.is_empty() {
            let names: Vec<String> = kept.iter().map(|&k| rules.card_title(k)).collect();
            ui.label(format!(
                "In front of {}: {}",
                sc.info.sides[side.index()],
                names.join(", ")
            ));
        }
    }
    ui.separator();
    for side in Side::BOTH {
        let who = &sc.info.sides[side.index()];
        ui.colored_label(
            side_colour(side),
            format!(
                "{who}: {} in hand, draw pile {}, reshuffle pile {}, out of the game {}",
                v.hand_sizes[side.index()],
                v.draw_sizes[side.index()],
                v.reshuffle_sizes[side.index()],
                v.removed[side.index()].len()
            ),
        );
    }
    let held = |side: Side| {
        sc.map
            .strategic
            .iter()
            .filter(|&c| v.control[c as usize] == side)
            .count()
    };
    ui.label(format!(
        "Strategic cities: White {}, Red {}",
        held(WHITE),
        held(WHITE.other())
    ));
    chosen
}

pub fn unit_panel(ui: &mut egui::Ui, m: &VvvMatch, v: &View, unit: u16) {
    let Some(u) = v.units.iter().find(|u| u.id == unit) else {
        return;
    };
    let rules = m.game().rules();
    let def = &rules.sc().units[u.kind as usize];
    ui.heading("Selected counter");
    ui.label(egui::RichText::new(&def.name).strong());
    ui.label(format!(
        "{}: combat {}, movement {}",
        if u.reduced {
            "reduced"
        } else {
            "full strength"
        },
        def.combat(u.reduced),
        def.mp(u.reduced)
    ));
    ui.label(format!("in {}", rules.city_name(u.city)));
    if u.activated {
        ui.label(format!(
            "activated, {} MP left{}",
            u.mp,
            if u.attacked { ", has attacked" } else { "" }
        ));
    }
}
