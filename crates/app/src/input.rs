//! Keyboard and mouse through leafwing-input-manager. The bindings live in a
//! settings file the player can edit (`<data dir>/fourfronts/input.toml`,
//! written with the defaults on first start); a binding that cannot be read
//! is reported and the default kept.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Actionlike, Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub enum UiAction {
    /// Pick what is under the pointer (an area, a unit).
    Select,
    /// Take the highlighted choice; take the seat at the hand-over screen.
    Confirm,
    /// Drop the selection; close the rules reference.
    Cancel,
    Undo,
    /// Pass, or end the current step when that is a choice.
    Pass,
    /// Move the highlight to the next / previous choice.
    NextChoice,
    PreviousChoice,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    ZoomIn,
    ZoomOut,
    /// Open the rules reference at the section behind the prompt.
    Rules,
    Save,
    /// Turn the piece being moved anticlockwise / clockwise (boards whose
    /// pieces face any way).
    RotateLeft,
    RotateRight,
    /// Switch the measuring tape on or off (boards measured in inches).
    Measure,
}

impl UiAction {
    pub const ALL: [UiAction; 18] = [
        UiAction::Select,
        UiAction::Confirm,
        UiAction::Cancel,
        UiAction::Undo,
        UiAction::Pass,
        UiAction::NextChoice,
        UiAction::PreviousChoice,
        UiAction::PanLeft,
        UiAction::PanRight,
        UiAction::PanUp,
        UiAction::PanDown,
        UiAction::ZoomIn,
        UiAction::ZoomOut,
        UiAction::Rules,
        UiAction::Save,
        UiAction::RotateLeft,
        UiAction::RotateRight,
        UiAction::Measure,
    ];

    /// The name used in the settings file.
    pub fn key(self) -> &'static str {
        match self {
            UiAction::Select => "select",
            UiAction::Confirm => "confirm",
            UiAction::Cancel => "cancel",
            UiAction::Undo => "undo",
            UiAction::Pass => "pass",
            UiAction::NextChoice => "next_choice",
            UiAction::PreviousChoice => "previous_choice",
            UiAction::PanLeft => "pan_left",
            UiAction::PanRight => "pan_right",
            UiAction::PanUp => "pan_up",
            UiAction::PanDown => "pan_down",
            UiAction::ZoomIn => "zoom_in",
            UiAction::ZoomOut => "zoom_out",
            UiAction::Rules => "rules",
            UiAction::Save => "save",
            UiAction::RotateLeft => "rotate_left",
            UiAction::RotateRight => "rotate_right",
            UiAction::Measure => "measure",
        }
    }

    fn default_bindings(self) -> &'static [&'static str] {
        match self {
            UiAction::Select => &["MouseLeft"],
            UiAction::Confirm => &["Enter", "NumpadEnter"],
            UiAction::Cancel => &["Escape", "MouseRight"],
            UiAction::Undo => &["Ctrl+KeyZ", "Backspace"],
            UiAction::Pass => &["KeyP"],
            UiAction::NextChoice => &["Tab", "ArrowDown"],
            UiAction::PreviousChoice => &["Shift+Tab", "ArrowUp"],
            UiAction::PanLeft => &["KeyA", "ArrowLeft"],
            UiAction::PanRight => &["KeyD", "ArrowRight"],
            UiAction::PanUp => &["KeyW"],
            UiAction::PanDown => &["KeyS"],
            UiAction::ZoomIn => &["Equal", "NumpadAdd", "WheelUp"],
            UiAction::ZoomOut => &["Minus", "NumpadSubtract", "WheelDown"],
            UiAction::Rules => &["F1", "KeyR"],
            UiAction::Save => &["Ctrl+KeyS"],
            UiAction::RotateLeft => &["KeyQ"],
            UiAction::RotateRight => &["KeyE"],
            UiAction::Measure => &["KeyM"],
        }
    }
}

/// The settings file: action name → list of inputs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bindings {
    pub bindings: BTreeMap<String, Vec<String>>,
}

impl Default for Bindings {
    fn default() -> Self {
        Bindings {
            bindings: UiAction::ALL
                .iter()
                .map(|a| {
                    (
                        a.key().to_string(),
                        a.default_bindings().iter().map(|s| s.to_string()).collect(),
                    )
                })
                .collect(),
        }
    }
}

/// Problems found reading the bindings, shown on the launcher.
#[derive(Resource, Default, Debug, Clone)]
pub struct BindingProblems(pub Vec<String>);

/// Reads the bindings file, writing the defaults if there is none.
pub fn load_bindings(path: &Path) -> (Bindings, Vec<String>) {
    match std::fs::read_to_string(path) {
        Ok(text) => match toml::from_str::<Bindings>(&text) {
            Ok(b) => (b, Vec::new()),
            Err(e) => (
                Bindings::default(),
                vec![format!(
                    "{}: {}; using the default keys",
                    path.display(),
                    e.message()
                )],
            ),
        },
        Err(_) => {
            let defaults = Bindings::default();
            let text = format!(
                "# Four Fronts 1918: keys and mouse buttons. Edit and restart the game.\n\
                 # Names: KeyA..KeyZ, Digit0..Digit9, F1..F12, Enter, Escape, Space, Tab,\n\
                 # Backspace, ArrowLeft/Right/Up/Down, Equal, Minus, NumpadAdd,\n\
                 # NumpadSubtract, NumpadEnter, MouseLeft, MouseRight, MouseMiddle,\n\
                 # WheelUp, WheelDown; prefix Ctrl+, Shift+ or Alt+ for a chord.\n\n{}",
                toml::to_string(&defaults).unwrap_or_default()
            );
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = std::fs::write(path, text);
            (defaults, Vec::new())
        }
    }
}

/// Builds the input map; unknown actions or inputs are reported, not fatal.
pub fn input_map(bindings: &Bindings) -> (InputMap<UiAction>, Vec<String>) {
    let mut map = InputMap::default();
    let mut problems = Vec::new();
    for (name, inputs) in &bindings.bindings {
        let Some(action) = UiAction::ALL.iter().find(|a| a.key() == name) else {
            problems.push(format!(
                "input settings: unknown action \"{name}\" (known: {})",
                UiAction::ALL.map(|a| a.key()).join(", ")
            ));
            continue;
        };
        for input in inputs {
            match bind(&mut map, *action, input) {
                Ok(()) => {}
                Err(e) => problems.push(format!("input settings, {name}: {e}")),
            }
        }
    }
    for action in UiAction::ALL {
        if !bindings.bindings.contains_key(action.key()) {
            for input in action.default_bindings() {
                let _ = bind(&mut map, action, input);
            }
        }
    }
    (map, problems)
}

fn bind(map: &mut InputMap<UiAction>, action: UiAction, input: &str) -> Result<(), String> {
    let (modifier, key) = match input.split_once('+') {
        Some((m, k)) => {
            let m = match m {
                "Ctrl" | "Control" => ModifierKey::Control,
                "Shift" => ModifierKey::Shift,
                "Alt" => ModifierKey::Alt,
                other => return Err(format!("unknown modifier \"{other}\"")),
            };
            (Some(m), k)
        }
        None => (None, input),
    };
    match key {
        "MouseLeft" => map.insert(action, MouseButton::Left),
        "MouseRight" => map.insert(action, MouseButton::Right),
        "MouseMiddle" => map.insert(action, MouseButton::Middle),
        "WheelUp" => map.insert(action, MouseScrollDirection::UP),
        "WheelDown" => map.insert(action, MouseScrollDirection::DOWN),
        _ => {
            let code = key_code(key).ok_or_else(|| format!("unknown key \"{key}\""))?;
            match modifier {
                Some(m) => map.insert(action, ButtonlikeChord::modified(m, code)),
                None => map.insert(action, code),
            }
        }
    };
    Ok(())
}

pub fn key_code(name: &str) -> Option<KeyCode> {
    use KeyCode::*;
    const LETTERS: [KeyCode; 26] = [
        KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN, KeyO,
        KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
    ];
    const DIGITS: [KeyCode; 10] = [
        Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
    ];
    const F: [KeyCode; 12] = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12];
    if let Some(l) = name.strip_prefix("Key")
        && l.len() == 1
        && let Some(c) = l.chars().next().filter(|c| c.is_ascii_uppercase())
    {
        return Some(LETTERS[(c as u8 - b'A') as usize]);
    }
    if let Some(d) = name.strip_prefix("Digit")
        && let Ok(n) = d.parse::<usize>()
    {
        return DIGITS.get(n).copied();
    }
    if let Some(f) = name.strip_prefix('F')
        && let Ok(n) = f.parse::<usize>()
        && (1..=12).contains(&n)
    {
        return Some(F[n - 1]);
    }
    Some(match name {
        "Enter" => Enter,
        "NumpadEnter" => NumpadEnter,
        "Escape" => Escape,
        "Space" => Space,
        "Tab" => Tab,
        "Backspace" => Backspace,
        "Delete" => Delete,
        "ArrowLeft" => ArrowLeft,
        "ArrowRight" => ArrowRight,
        "ArrowUp" => ArrowUp,
        "ArrowDown" => ArrowDown,
        "Equal" => Equal,
        "Minus" => Minus,
        "NumpadAdd" => NumpadAdd,
        "NumpadSubtract" => NumpadSubtract,
        "Home" => Home,
        "End" => End,
        "PageUp" => PageUp,
        "PageDown" => PageDown,
        _ => return None,
    })
}

/// Whether the panels have the keyboard or the pointer (then the board and the
/// shortcuts leave them alone). Kept up to date by the panels.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct UiFocus {
    pub pointer_over_panel: bool,
    pub typing: bool,
}

pub struct InputSettingsPlugin {
    pub bindings: Bindings,
}

impl Plugin for InputSettingsPlugin {
    fn build(&self, app: &mut App) {
        let (map, problems) = input_map(&self.bindings);
        // leafwing keeps the input map and the action state on an entity.
        app.add_plugins(InputManagerPlugin::<UiAction>::default())
            .init_resource::<UiFocus>()
            .init_resource::<HeldOver>()
            .insert_resource(BindingProblems(problems))
            .add_systems(
                PreUpdate,
                stretch_taps
                    .after(bevy::input::InputSystems)
                    .before(leafwing_input_manager::plugin::InputManagerSystem::Unify),
            );
        app.world_mut().spawn((
            Name::new("Controls"),
            map,
            ActionState::<UiAction>::default(),
        ));
    }
}

/// Keys and buttons pressed and released within one frame, kept down until
/// the next.
#[derive(Resource, Default)]
pub struct HeldOver {
    keys: Vec<KeyCode>,
    buttons: Vec<MouseButton>,
}

impl HeldOver {
    /// Whether a tap is held over to the next frame (which must then come).
    pub fn any(&self) -> bool {
        !self.keys.is_empty() || !self.buttons.is_empty()
    }
}

/// A tap shorter than a frame (a quick click while software rendering takes
/// 60 ms a frame) is pressed and released before leafwing looks, which reads
/// only what is held: it would be lost. Such a tap is kept down for this
/// frame and released in the next, so every action sees a press and then a
/// release.
fn stretch_taps(
    keys: Option<ResMut<ButtonInput<KeyCode>>>,
    buttons: Option<ResMut<ButtonInput<MouseButton>>>,
    mut held: ResMut<HeldOver>,
) {
    fn stretch<T: Copy + Eq + std::hash::Hash + Send + Sync + 'static>(
        input: &mut ButtonInput<T>,
        held: &mut Vec<T>,
    ) {
        for b in held.drain(..) {
            input.release(b);
        }
        let taps: Vec<T> = input
            .get_just_released()
            .filter(|b| input.just_pressed(**b) && !input.pressed(**b))
            .copied()
            .collect();
        for b in taps {
            // Leafwing reads a just-released button as up, whatever else.
            input.clear_just_released(b);
            input.press(b);
            held.push(b);
        }
    }
    let held = &mut *held;
    if let Some(mut keys) = keys {
        stretch(&mut keys, &mut held.keys);
    }
    if let Some(mut buttons) = buttons {
        stretch(&mut buttons, &mut held.buttons);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_bindings_all_parse() {
        let (_, problems) = input_map(&Bindings::default());
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn a_bad_binding_is_reported_and_the_rest_kept() {
        let mut b = Bindings::default();
        b.bindings.insert(
            "undo".into(),
            vec!["KeyQ".into(), "Hyper+KeyQ".into(), "Nope".into()],
        );
        b.bindings.insert("fly".into(), vec!["KeyF".into()]);
        let (map, problems) = input_map(&b);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems
                .iter()
                .any(|p| p.contains("unknown modifier \"Hyper\""))
        );
        assert!(problems.iter().any(|p| p.contains("unknown key \"Nope\"")));
        assert!(
            problems
                .iter()
                .any(|p| p.contains("unknown action \"fly\""))
        );
        assert!(map.get(&UiAction::Undo).is_some());
    }

    #[test]
    fn the_settings_file_is_written_with_defaults_and_read_back() {
        let dir = std::env::temp_dir().join(format!("fourfronts-input-{}", std::process::id()));
        let path = dir.join("input.toml");
        let _ = std::fs::remove_file(&path);
        let (first, problems) = load_bindings(&path);
        assert!(problems.is_empty());
        assert!(path.exists());
        let (again, problems) = load_bindings(&path);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(first, again);
        std::fs::write(&path, "bindings = 3").unwrap();
        let (fallback, problems) = load_bindings(&path);
        assert_eq!(fallback, Bindings::default());
        assert!(problems[0].contains("input.toml"), "{problems:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
