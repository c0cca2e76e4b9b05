//! The panels, drawn with bevy_egui: the launcher; in a game the prompt and
//! its choices, the table (initiative track, actions, secrets of the seated
//! player), the log with the dice arithmetic, the selected unit, the rules
//! reference; the hand-over screen; the result.

use crate::AppConfig;
use crate::boards::kit::{ClickMenu, Panels};
use crate::flow::{HandOverTo, Playout, RulesOpen, after_decision, save_now, take_seat};
use crate::input::{BindingProblems, UiFocus};
use crate::launcher::{Launcher, LauncherRequest, random_seed};
use crate::rules_reference::RulesReference;
use crate::screens::{Play, Screen};
use crate::session::Session;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use catalog::RULESETS;
use engine::{Decider, Side};

pub const PANEL_WIDTH: f32 = 330.0;

pub struct PanelsPlugin;

/// Set by `--measure` to time the empty window: the launcher's panels are not
/// drawn while it is on.
#[derive(Resource, Default)]
pub struct PanelsHidden(pub bool);

impl Plugin for PanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PanelsHidden>()
            .add_systems(
                EguiPrimaryContextPass,
                (
                    launcher_panel
                        .run_if(in_state(Screen::Launcher))
                        .run_if(|hidden: Res<PanelsHidden>| !hidden.0),
                    game_panels.run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
                    hand_over_panel.run_if(in_state(Play::HandOver)),
                    game_over_panel.run_if(in_state(Screen::GameOver)),
                    rules_window.run_if(in_state(Screen::Game).or_else(in_state(Screen::GameOver))),
                ),
            )
            .add_systems(PreUpdate, track_focus);
    }
}

fn track_focus(wants: Option<Res<EguiWantsInput>>, mut focus: ResMut<UiFocus>) {
    if let Some(w) = wants {
        focus.pointer_over_panel = w.wants_any_pointer_input() || w.is_pointer_over_area();
        focus.typing = w.wants_any_keyboard_input();
    }
}

fn side_colour(side: Side) -> egui::Color32 {
    crate::boards::kit::Palette::GENERIC.panel(side)
}

/// A Ui over the whole window for the panels (egui 0.36 lays panels out
/// inside a Ui).
fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

pub const DICE_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 210, 90);
const ERROR_COLOUR: egui::Color32 = egui::Color32::from_rgb(255, 120, 100);

fn launcher_panel(
    mut contexts: EguiContexts,
    mut launcher: ResMut<Launcher>,
    mut requests: MessageWriter<LauncherRequest>,
    problems: Res<BindingProblems>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx, "launcher_panel");
    egui::Panel::top("title").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Four Fronts 1918");
            ui.label("four wargames of the civil wars of 1918–1920, hot-seat at one screen");
        });
    });
    egui::Panel::left("rule systems")
        .exact_size(280.0)
        .show(&mut root, |ui| {
            ui.heading("Rule system");
            for r in RULESETS {
                let text = if r.built {
                    r.title.to_string()
                } else {
                    format!("{} (not built yet)", r.title)
                };
                let chosen = launcher.ruleset == r.id;
                let resp = ui.add_enabled(r.built, egui::Button::selectable(chosen, text));
                if resp.clicked() {
                    launcher.select_ruleset(r.id);
                }
            }
            ui.separator();
            if let Some(summary) = launcher.resumable.clone() {
                ui.heading("Continue");
                ui.label(summary);
                if ui.button("Continue the last game").clicked() {
                    requests.write(LauncherRequest::Continue);
                }
                ui.separator();
            }
            ui.heading("Saved games");
            egui::ScrollArea::vertical()
                .id_salt("saves")
                .max_height(260.0)
                .show(ui, |ui| {
                    if launcher.saves.is_empty() {
                        ui.label("none yet");
                    }
                    for s in launcher.saves.clone() {
                        ui.horizontal(|ui| {
                            match &s.summary {
                                Ok(text) => {
                                    if ui.button("Load").clicked() {
                                        requests.write(LauncherRequest::Load(s.path.clone()));
                                    }
                                    ui.label(format!("{}: {text}", s.name));
                                }
                                Err(e) => {
                                    ui.colored_label(ERROR_COLOUR, format!("{}: {e}", s.name));
                                }
                            };
                        });
                    }
                });
            if ui.button("Look for scenarios and saves again").clicked() {
                launcher.refresh();
            }
            for p in &problems.0 {
                ui.colored_label(ERROR_COLOUR, p);
            }
        });
    egui::Panel::right("options")
        .exact_size(320.0)
        .show(&mut root, |ui| {
            ui.heading("Players");
            let sides = launcher
                .scenario
                .and_then(|i| launcher.scenarios.get(i))
                .and_then(|e| e.result.as_ref().ok())
                .map(|info| info.sides.clone())
                .unwrap_or_else(|| ["Side A".into(), "Side B".into()]);
            for p in 0..2 {
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut launcher.players[p]);
                });
                let side = if p == 0 {
                    launcher.player_one_side
                } else {
                    launcher.player_one_side.other()
                };
                ui.horizontal(|ui| {
                    ui.label("plays");
                    for s in Side::BOTH {
                        if ui.radio(side == s, sides[s.index()].as_str()).clicked() {
                            launcher.player_one_side = if p == 0 { s } else { s.other() };
                        }
                    }
                });
            }
            ui.separator();
            ui.heading("Optional rules");
            if launcher.option_specs.is_empty() {
                ui.label("none for this scenario");
            }
            for spec in launcher.option_specs.clone() {
                let mut on = launcher
                    .options
                    .get(&spec.key)
                    .copied()
                    .unwrap_or(spec.default);
                let resp = ui.add_enabled(
                    spec.fixed.is_none(),
                    egui::Checkbox::new(&mut on, spec.title.as_str()),
                );
                if resp.changed() {
                    launcher.options.insert(spec.key.clone(), on);
                }
                let note = match spec.fixed {
                    Some(v) => format!(
                        "{} (this scenario plays it {})",
                        spec.description,
                        if v { "on" } else { "off" }
                    ),
                    None => spec.description.clone(),
                };
                ui.small(note);
            }
            ui.separator();
            ui.heading("Seed");
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut launcher.seed_text).desired_width(140.0));
                if ui.button("New").clicked() {
                    launcher.seed_text = random_seed().to_string();
                }
            });
            if let Err(e) = launcher.seed() {
                ui.colored_label(ERROR_COLOUR, e);
            }
            ui.small("The same scenario, options, seed and decisions give the same game.");
            ui.separator();
            let can_start = launcher
                .scenario
                .and_then(|i| launcher.scenarios.get(i))
                .is_some_and(|e| e.result.is_ok())
                && launcher.seed().is_ok();
            if ui
                .add_enabled(
                    can_start,
                    egui::Button::new(egui::RichText::new("Start").heading()),
                )
                .clicked()
            {
                requests.write(LauncherRequest::Start);
            }
            if let Some(e) = &launcher.error {
                ui.colored_label(ERROR_COLOUR, e);
            }
        });
    egui::CentralPanel::default().show(&mut root, |ui| {
        let title = RULESETS
            .iter()
            .find(|r| r.id == launcher.ruleset)
            .map(|r| r.title)
            .unwrap_or("");
        ui.heading(format!("{title}: scenarios"));
        egui::ScrollArea::vertical().show(ui, |ui| {
            let indices: Vec<usize> = launcher.scenarios_of(launcher.ruleset).collect();
            if indices.is_empty() {
                ui.label("No scenarios found.");
            }
            for i in indices {
                let entry = &launcher.scenarios[i];
                let chosen = launcher.scenario == Some(i);
                let clicked = match &entry.result {
                    Ok(info) => {
                        let resp = ui.add(egui::Button::selectable(
                            chosen,
                            egui::RichText::new(format!("{}  ({})", info.title, info.date))
                                .strong(),
                        ));
                        ui.label(format!("{} against {}", info.sides[0], info.sides[1]));
                        if chosen {
                            ui.label(&info.description);
                        }
                        ui.small(entry.path.display().to_string());
                        resp.clicked()
                    }
                    Err(errors) => {
                        ui.colored_label(
                            ERROR_COLOUR,
                            format!("{} cannot be played:", entry.path.display()),
                        );
                        for e in &errors.0 {
                            ui.colored_label(ERROR_COLOUR, e.to_string());
                        }
                        false
                    }
                };
                ui.separator();
                if clicked {
                    launcher.select_scenario(i);
                }
            }
        });
    });
    Ok(())
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
            match m.to_decide() {
                Decider::One(s) if s != seat => {
                    ui.label(format!("Waiting for {}.", m.side_name(s)));
                }
                _ => {}
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
                    for line in &log[start..] {
                        let Some(text) = &line.text[seat.index()] else {
                            continue;
                        };
                        if line.decision != last {
                            last = line.decision;
                            ui.add_space(3.0);
                        }
                        if line.dice {
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
