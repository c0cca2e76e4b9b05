//! The launcher screen: pick a rule system, a scenario and its options, the
//! players and the seed; start, continue or load a game. (What it chooses
//! from and what starting does: `crate::launcher`.)

use crate::computer::{Seat, Strength};
use crate::input::BindingProblems;
use crate::launcher::{Launcher, LauncherRequest, random_seed};
use crate::screens::Screen;
use crate::ui::{ERROR_COLOUR, PanelsHidden, root_ui};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use catalog::RULESETS;
use engine::Side;

pub struct LauncherScreen;

impl Plugin for LauncherScreen {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            launcher_panel
                .run_if(in_state(Screen::Launcher))
                .run_if(|hidden: Res<PanelsHidden>| !hidden.0),
        );
    }
}

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
            ui.label("four wargames of the civil wars of 1918–1920, hot-seat at one screen or against the computer");
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
                    let person = !launcher.kinds[p].is_computer();
                    if ui.radio(person, "a person").clicked() {
                        launcher.kinds[p] = Seat::Person;
                    }
                    if ui
                        .radio(!person, "the computer")
                        .on_hover_text("The computer decides for this side, in a thread of its own, at the strength chosen below.")
                        .clicked()
                        && person
                    {
                        launcher.kinds[p] = Seat::Computer(Strength::default());
                    }
                });
                match launcher.kinds[p] {
                    Seat::Person => {
                        ui.horizontal(|ui| {
                            ui.text_edit_singleline(&mut launcher.players[p]);
                        });
                    }
                    Seat::Computer(strength) => {
                        ui.horizontal(|ui| {
                            ui.label("strength");
                            for st in Strength::ALL {
                                if ui
                                    .radio(strength == st, st.name())
                                    .on_hover_text(st.describe())
                                    .clicked()
                                {
                                    launcher.kinds[p] = Seat::Computer(st);
                                }
                            }
                        });
                    }
                }
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
            ui.small(match launcher.seats_by_side().persons() {
                2 => "Two persons at one screen: the seat changes hands, with the board covered, whenever the other side decides.",
                1 => "One person against the computer: the screen shows your side only, and the computer's decisions one at a time.",
                _ => "The computer against itself: you watch from the first side's view.",
            });
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
