//! The Bevy game: the launcher, the game screen with a board per rule system,
//! the panels, input, saving.
//!
//! [`core_plugins`] is everything that runs without a window (states, rules,
//! input, launcher model, unit entities): the headless tests use it with
//! `MinimalPlugins`. [`run`] adds the window, the boards' drawing and the
//! panels.

pub mod boards;
pub mod computer;
pub mod flow;
pub mod input;
pub mod launcher;
pub mod redraw;
pub mod rules_reference;
pub mod rulesets;
pub mod saves;
pub mod screens;
pub mod script;
pub mod session;
pub mod ui;

pub use bevy::app::AppExit;
use bevy::prelude::*;
use catalog::ScenarioDirs;
use std::path::PathBuf;

/// How the app is set up: where it finds scenarios and keeps its files.
#[derive(Resource, Clone, Debug)]
pub struct AppConfig {
    pub scenario_dirs: ScenarioDirs,
    /// Saves (`saves/`) and the input settings (`input.toml`).
    pub data_dir: PathBuf,
    /// How long dice stay on screen before the game goes on (0: not at all).
    pub playout_seconds: f32,
    /// How long each of the computer's decisions stays on the board before
    /// its next (Enter or the panel's button skips ahead; 0: no pause).
    pub computer_pace_seconds: f32,
    /// The computer's budget, whatever strength the launcher set (tests
    /// and scripts: an iteration budget gives the same game on every
    /// machine).
    pub computer_budget: Option<bot::Budget>,
    pub script: script::Script,
    pub started: std::time::Instant,
}

impl AppConfig {
    pub fn new(scenario_dirs: ScenarioDirs, data_dir: PathBuf) -> AppConfig {
        AppConfig {
            scenario_dirs,
            data_dir,
            playout_seconds: 0.8,
            computer_pace_seconds: 0.8,
            computer_budget: None,
            script: script::Script::None,
            started: std::time::Instant::now(),
        }
    }
}

/// Everything but the window and the drawing.
pub fn core_plugins(app: &mut App, config: AppConfig) {
    let (bindings, mut problems) = input::load_bindings(&config.data_dir.join("input.toml"));
    let reference = match rules_reference::RulesReference::load() {
        Ok(r) => r,
        Err(e) => {
            problems.push(e);
            rules_reference::RulesReference::default()
        }
    };
    app.insert_resource(redraw::KeepDrawing(config.script != script::Script::None));
    app.insert_resource(launcher::Launcher::new(
        config.scenario_dirs.clone(),
        config.data_dir.join("saves"),
    ))
    .insert_resource(reference)
    .insert_resource(config)
    .init_resource::<session::Session>()
    .init_state::<screens::Screen>()
    .add_sub_state::<screens::Play>()
    .add_message::<launcher::LauncherRequest>()
    .add_plugins(input::InputSettingsPlugin { bindings })
    .add_plugins(flow::FlowPlugin)
    .add_plugins(computer::ComputerPlugin)
    .add_plugins(boards::kit::BoardKit)
    .add_systems(Update, launcher::handle_requests)
    .add_plugins(script::ScriptPlugin);
    for board in boards::BOARDS {
        (board.core)(app);
    }
    if !problems.is_empty() {
        let mut all = app.world_mut().resource_mut::<input::BindingProblems>();
        all.0.extend(problems);
    }
}

/// Opens the window and runs the game.
pub fn run(config: AppConfig) -> AppExit {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Four Fronts 1918".into(),
                    resolution: bevy::window::WindowResolution::new(1600, 1000),
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn,bevy_egui=warn".into(),
                ..default()
            }),
    )
    .add_plugins(bevy_egui::EguiPlugin::default())
    .insert_resource(ClearColor(Color::srgb(0.12, 0.14, 0.18)))
    .add_systems(Startup, |mut commands: Commands| {
        // No multisampling: a 2D board of axis-aligned sprites gains little from
        // it, and software renderers (Mesa lavapipe) pay for it on every frame.
        commands.spawn((Camera2d, Msaa::Off));
    });
    // Names on the boards need ä, ö and õ: replace Bevy's default font (an
    // ASCII subset) with Hack, which egui already ships.
    app.world_mut()
        .resource_mut::<Assets<Font>>()
        .insert(
            AssetId::default(),
            Font::from_bytes(epaint_default_fonts::HACK_REGULAR.to_vec()),
        )
        .expect("the default font's id is free to replace");
    core_plugins(&mut app, config);
    app.add_plugins((boards::BoardCamera, redraw::DrawOnChange));
    for board in boards::BOARDS {
        (board.draw)(&mut app);
    }
    app.add_plugins((ui::PanelsPlugin, screens::ScreensPlugin));
    app.run()
}
