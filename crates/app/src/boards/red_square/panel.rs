//! The Red Square parts of the side panels: the turn, the cards of this
//! turn in play order with their holders (face down as backs, played ones
//! struck through), the score, and the selected unit.

use super::{RsMatch, RsSelected, RsShown};
use crate::boards::kit::{BoardPanel, Panels};
use crate::session::AnyMatch;
use bevy::prelude::*;
use bevy_egui::egui;
use engine::Side;
use red_square::state::{Formation, Orders, Quality, Status};
use red_square::{UnitId, View};

const HIGHLIGHT: egui::Color32 = egui::Color32::from_rgb(255, 210, 80);

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
        let m = m.as_any().downcast_ref::<RsMatch>()?;
        table_panel(ui, m, &self.view);
        None
    }

    fn selected(&self, ui: &mut egui::Ui, m: &dyn AnyMatch) -> bool {
        let (Some(u), Some(m)) = (self.selected, m.as_any().downcast_ref::<RsMatch>()) else {
            return false;
        };
        unit_panel(ui, m, &self.view, u);
        true
    }
}

/// Keeps the board's panels in step with the view it shows and the unit
/// selected.
pub fn keep_panel(shown: Res<RsShown>, selected: Res<RsSelected>, mut panels: ResMut<Panels>) {
    if !shown.is_changed() && !selected.is_changed() {
        return;
    }
    if let Some(v) = &shown.view {
        panels.0 = Some(Box::new(Panel {
            view: v.clone(),
            selected: selected.0,
        }));
    }
}

/// The cards of the turn in the order they are played: turned ones by
/// value and suit (a Joker when its owner plays it, listed first), the ones
/// still face down after them.
pub fn play_order(v: &View) -> Vec<usize> {
    let mut order: Vec<usize> = (0..v.cards.len()).collect();
    order.sort_by_key(|&i| {
        let c = &v.cards[i];
        match c.card {
            Some(card) if card.is_joker() => (0, 0, i),
            Some(card) => (1, card.order_key(c.ace_high.unwrap_or(true)), i),
            None => (2, c.stage, i),
        }
    });
    order
}

/// Draws the table: turn, cards, score.
pub fn table_panel(ui: &mut egui::Ui, m: &RsMatch, v: &View) {
    let rules = m.game().rules();
    let sc = rules.sc();
    ui.heading(format!("Turn {} of {}", v.turn, v.turns));
    if v.dawn > 0 {
        if v.turn < v.dawn {
            ui.label(format!("Before dawn: dawn comes with turn {}", v.dawn));
        } else {
            ui.label(format!("Daylight (dawn came with turn {})", v.dawn));
        }
    }
    if let Some(u) = v.reacting_to.and_then(|u| v.unit(u)) {
        ui.colored_label(HIGHLIGHT, format!("{} may be fired at", u.name));
    }
    ui.separator();
    ui.label(egui::RichText::new("Cards this turn, in play order").strong());
    egui::ScrollArea::vertical()
        .id_salt("red_square cards")
        .max_height(220.0)
        .show(ui, |ui| {
            for i in play_order(v) {
                let c = &v.cards[i];
                let holder = v.unit(c.holder);
                let side = holder.map(|h| h.side).unwrap_or(Side::A);
                let name = holder.map(|h| h.name.as_str()).unwrap_or("?");
                let face = match c.card {
                    None => egui::RichText::new("(face down)").color(egui::Color32::GRAY),
                    Some(card) => {
                        let mut text = card.name();
                        if card.is_ace() {
                            match c.ace_high {
                                Some(true) => text.push_str(" high"),
                                Some(false) => text.push_str(" low"),
                                None => {}
                            }
                        }
                        let colour = if card.is_joker() {
                            HIGHLIGHT
                        } else if card.is_red() {
                            egui::Color32::from_rgb(240, 110, 110)
                        } else {
                            egui::Color32::from_rgb(220, 220, 220)
                        };
                        egui::RichText::new(text).color(colour).strong()
                    }
                };
                let playing = v.playing == Some(i as u8);
                ui.horizontal(|ui| {
                    let face = if c.played { face.strikethrough() } else { face };
                    let face = if playing {
                        face.background_color(egui::Color32::from_rgb(40, 90, 50))
                    } else {
                        face
                    };
                    ui.label(face);
                    let who = egui::RichText::new(name).color(side_colour(side)).small();
                    let who = if c.played { who.strikethrough() } else { who };
                    ui.add(egui::Label::new(who).truncate());
                });
            }
        });
    ui.separator();
    for side in Side::BOTH {
        let i = side.index();
        ui.colored_label(
            side_colour(side),
            format!(
                "{}: lost {} of {} bases, {} objective points",
                sc.sides[i].name, v.losses[i], v.starting_bases[i], v.points[i]
            ),
        );
    }
    let objectives: Vec<String> = sc
        .objectives
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let by = match v.held.get(i).copied().flatten() {
                Some(s) => sc.sides[s.index()].name.split(' ').next().unwrap_or(""),
                None => "nobody",
            };
            format!(
                "{} ({}, {} pts): {by}",
                o.name,
                sc.grid.name(o.at),
                o.points
            )
        })
        .collect();
    if !objectives.is_empty() {
        ui.small(objectives.join("; "));
    }
}

fn quality_name(q: Quality) -> &'static str {
    match q {
        Quality::Elite => "elite",
        Quality::Regular => "regular",
        Quality::Poor => "poor",
    }
}

pub fn unit_panel(ui: &mut egui::Ui, m: &RsMatch, v: &View, unit: UnitId) {
    let Some(u) = v.unit(unit) else {
        return;
    };
    let grid = &m.game().rules().sc().grid;
    ui.heading("Selected unit");
    ui.colored_label(side_colour(u.side), egui::RichText::new(&u.name).strong());
    ui.label(format!("{} ({})", u.type_name, quality_name(u.quality)));
    let mut what = Vec::new();
    if u.formation != Formation::None {
        what.push(u.formation.name().to_string());
    }
    if u.orders != Orders::None {
        what.push(format!("orders: {}", u.orders.name()));
    }
    if !what.is_empty() {
        ui.label(what.join(", "));
    }
    ui.label(format!(
        "{} of {} bases, {} hit{}",
        u.bases,
        u.full_bases,
        u.hits,
        if u.hits == 1 { "" } else { "s" }
    ));
    let place = match u.status {
        Status::OnTable => format!("in {}, facing {}", grid.name(u.at), u.facing.name()),
        Status::Waiting => "not on the table yet".into(),
        Status::OffTable => "off the table (retreated)".into(),
        Status::Gone => "out of the game".into(),
    };
    ui.label(place);
    let mut states = Vec::new();
    for (on, text) in [
        (u.acting, "acting this card"),
        (u.concealed, "concealed"),
        (u.hiding, "hiding"),
        (u.retreating, "retreating"),
        (u.holding_fire, "holding its fire"),
        (u.pinned, "pinned"),
        (u.broken_down, "broken down"),
        (u.bogged, "bogged"),
        (u.damaged, "damaged"),
        (u.disabled, "disabled"),
        (u.trenches, "in trenches"),
    ] {
        if on {
            states.push(text.to_string());
        }
    }
    if u.digging > 0 && !u.trenches {
        states.push(format!("digging in ({})", u.digging));
    }
    if !states.is_empty() {
        ui.label(states.join(", "));
    }
}
