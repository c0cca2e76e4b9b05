//! The game screen's panels: the prompt and its choices with their odds, the
//! table (initiative track, actions, secrets of the seated player: each
//! board's own panel), the log with the dice arithmetic, the selected unit,
//! the rules reference. (The board itself is drawn by `boards/<id>/`; the
//! flow of decisions is `crate::flow`.)

use crate::AppConfig;
use crate::boards::kit::{ClickMenu, Panels};
use crate::computer::{Thinking, status_line};
use crate::flow::{Playout, RulesOpen, after_decision, save_now};
use crate::launcher::LauncherRequest;
use crate::rules_reference::RulesReference;
use crate::screens::{Play, Screen};
use crate::session::Session;
use crate::ui::{DICE_COLOUR, PANEL_WIDTH, root_ui, side_colour};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use engine::Decider;

/// The computer's latest decision in the log.
const COMPUTER_COLOUR: egui::Color32 = egui::Color32::from_rgb(150, 200, 255);

pub struct GameScreen;

impl Plugin for GameScreen {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            (
                game_panels.run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
                rules_window.run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
            ),
        );
    }
}

/// The odds' words for hover text: each part, how they were worked out,
/// and what was assumed.
pub fn odds_hover(o: &engine::Odds) -> String {
    let mut lines: Vec<String> = o
        .parts
        .iter()
        .map(|d| format!("{}: {}", d.subject, d.summary()))
        .collect();
    lines.push(format!("Odds {}.", o.method_text()));
    lines.extend(o.notes.iter().map(|n| format!("• {n}")));
    lines.join("\n")
}

#[allow(clippy::too_many_arguments)]
fn game_panels(
    mut contexts: EguiContexts,
    mut session: ResMut<Session>,
    play: Option<Res<State<Play>>>,
    mut next: ResMut<NextState<Play>>,
    mut playout: ResMut<Playout>,
    mut requests: MessageWriter<LauncherRequest>,
    mut rules_open: ResMut<RulesOpen>,
    mut menu: ResMut<ClickMenu>,
    panels: Res<Panels>,
    config: Res<AppConfig>,
    mut thinking: ResMut<Thinking>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "game_panels");
    let play = play.map(|p| *p.get());
    if play == Some(Play::HandOver) {
        return Ok(());
    }
    let mut chosen: Option<usize> = None;
    let mut undo = false;
    let mut save = false;
    let Some(m) = session.get_mut() else {
        return Ok(());
    };
    let seat = m.seat();
    egui::Panel::right("prompt")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.label("At the screen:");
                ui.colored_label(
                    side_colour(seat),
                    format!("{} ({})", m.player(seat), m.side_name(seat)),
                );
            });
            if let Some(line) = status_line(&*m, &thinking) {
                ui.colored_label(DICE_COLOUR, line);
                if !thinking.skip
                    && ui
                        .button("Skip ahead (Enter)")
                        .on_hover_text("Do not wait between the computer's decisions until you decide again")
                        .clicked()
                {
                    thinking.skip = true;
                }
            } else {
                match m.to_decide() {
                    Decider::One(s) if s != seat => {
                        ui.label(format!("Waiting for {}.", m.side_name(s)));
                    }
                    _ => {}
                }
            }
            ui.separator();
            if play == Some(Play::PlayingEvents) {
                ui.colored_label(DICE_COLOUR, "The dice are rolled: see the log. (Enter or click goes on.)");
            }
            let prompt = m.prompt_text();
            if !prompt.is_empty() {
                ui.label(egui::RichText::new(prompt).strong());
            }
            let choices = m.choice_texts();
            let odds = m.choice_odds();
            let deciding = play == Some(Play::Deciding);
            if !menu.0.is_empty() {
                ui.colored_label(DICE_COLOUR, "Your click fits several choices: which one?");
                for &i in &menu.0 {
                    if let Some(t) = choices.get(i)
                        && ui.add_enabled(deciding, egui::Button::new(t)).clicked()
                    {
                        chosen = Some(i);
                    }
                }
                ui.separator();
            }
            egui::ScrollArea::vertical()
                .id_salt("choices")
                .max_height(300.0)
                .show(ui, |ui| {
                    for (i, t) in choices.iter().enumerate() {
                        let mut resp = ui.add_enabled(
                            deciding,
                            egui::Button::selectable(i == m.cursor(), t),
                        );
                        // The odds, from the rules, under the choice; what
                        // they assume on hover.
                        if let Some(Some(o)) = odds.get(i) {
                            let hover = odds_hover(o);
                            resp = resp.on_hover_text(&hover);
                            ui.label(
                                egui::RichText::new(o.summary())
                                    .small()
                                    .color(DICE_COLOUR),
                            )
                            .on_hover_text(hover);
                        }
                        if resp.clicked() {
                            chosen = Some(i);
                        }
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(m.can_undo() && deciding, egui::Button::new("Undo"))
                    .on_hover_text("Take back your latest decision (not past a die roll, a card draw or a reveal)")
                    .clicked()
                {
                    undo = true;
                }
                if ui.button("Save").clicked() {
                    save = true;
                }
                if ui.button("Rules").clicked() {
                    rules_open.0 = !rules_open.0;
                }
                if ui.button("Leave").on_hover_text("Back to the launcher; the game is kept and can be continued").clicked() {
                    requests.write(LauncherRequest::Quit);
                }
            });
            if let Some(msg) = m.message() {
                ui.colored_label(DICE_COLOUR, msg);
            }
            ui.separator();
            // The board's own part: the table.
            if let Some(p) = &panels.0
                && let Some(i) = p.table(ui, &*m, deciding)
            {
                chosen = Some(i);
            }
        });
    egui::Panel::left("log")
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            // The board's own part: the selected piece.
            if let Some(p) = &panels.0
                && p.selected(ui, &*m)
            {
                ui.separator();
            }
            ui.heading("Log");
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    let log = m.log();
                    let start = log.len().saturating_sub(400);
                    let mut last = usize::MAX;
                    // The computer's latest decision stands out, so that
                    // its player sees what it did.
                    let computer_last = m.computer_last();
                    for line in &log[start..] {
                        let Some(text) = &line.text[seat.index()] else {
                            continue;
                        };
                        if line.decision != last {
                            last = line.decision;
                            ui.add_space(3.0);
                            if computer_last != 0 && line.decision == computer_last {
                                ui.small("The computer's latest decision:");
                            }
                        }
                        if computer_last != 0 && line.decision == computer_last && !line.dice {
                            ui.label(egui::RichText::new(text).strong().color(COMPUTER_COLOUR));
                        } else if line.dice {
                            ui.colored_label(DICE_COLOUR, text);
                        } else {
                            ui.label(text);
                        }
                    }
                });
        });
    if let Some(i) = chosen
        && m.choose(i).is_ok()
    {
        menu.0.clear();
        after_decision(&mut session, &mut next, &mut playout, &config);
    } else if undo {
        let _ = m.undo();
    } else if save {
        save_now(m, &config);
    }
    Ok(())
}

fn rules_window(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut open: ResMut<RulesOpen>,
    reference: Res<RulesReference>,
    mut shown_for: Local<Option<&'static str>>,
) -> Result {
    if !open.0 {
        *shown_for = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let Some(m) = session.get() else {
        return Ok(());
    };
    let current = m.rules_section();
    let jump = *shown_for != Some(current);
    *shown_for = Some(current);
    let mut still_open = true;
    egui::Window::new("Rules reference")
        .open(&mut still_open)
        .default_size([560.0, 520.0])
        .show(ctx, |ui| {
            ui.small("In our own words; the rulebook is the text of record. F1 or Escape closes.");
            egui::ScrollArea::vertical().show(ui, |ui| {
                for s in reference.sections(m.ruleset_id()) {
                    let here = s.id == current;
                    let title = format!("{} {}", s.id, s.title);
                    let resp = if here {
                        ui.colored_label(DICE_COLOUR, egui::RichText::new(title).heading())
                    } else {
                        ui.heading(title)
                    };
                    if here && jump {
                        resp.scroll_to_me(Some(egui::Align::TOP));
                    }
                    ui.label(&s.text);
                    ui.add_space(6.0);
                }
            });
        });
    if !still_open {
        open.0 = false;
    }
    Ok(())
}
