//! The game without a window: `MinimalPlugins` + `StatesPlugin` + Bevy's input,
//! with the app's core plugins. Keys go in through leafwing-input-manager as a
//! player's would.

use app::AppConfig;
use app::boards::death_on_the_rails::{ShownView, UnitToken};
use app::computer::{Seat, Seats, Strength, Thinking};
use app::flow::HandOverTo;
use app::launcher::{Launcher, LauncherRequest};
use app::screens::{Play, Screen};
use app::session::Session;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use catalog::ScenarioDirs;
use engine::Decider;
use leafwing_input_manager::prelude::Buttonlike;
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fourfronts-app-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn new_app(data_dir: PathBuf, dirs: ScenarioDirs) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    let mut config = AppConfig::new(dirs, data_dir);
    config.playout_seconds = 0.0;
    app::core_plugins(&mut app, config);
    app.update();
    app
}

fn shipped() -> ScenarioDirs {
    ScenarioDirs(vec![catalog::shipped_dir()])
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn play(app: &App) -> Option<Play> {
    app.world().get_resource::<State<Play>>().map(|p| *p.get())
}

/// Presses and releases a key, one frame each.
fn tap(app: &mut App, key: KeyCode) {
    key.press(app.world_mut());
    app.update();
    key.release(app.world_mut());
    app.update();
}

fn start(app: &mut App, scenario: &str, seed: u64) {
    start_in(app, "death_on_the_rails", scenario, seed);
}

fn start_in(app: &mut App, ruleset: &str, scenario: &str, seed: u64) {
    {
        let mut l = app.world_mut().resource_mut::<Launcher>();
        assert!(l.select_by_id(ruleset, scenario));
        l.seed_text = seed.to_string();
    }
    app.world_mut().write_message(LauncherRequest::Start);
    app.update();
    app.update();
    assert_eq!(screen(app), Screen::Game);
}

fn decisions(app: &App) -> usize {
    app.world()
        .resource::<Session>()
        .get()
        .map(|m| m.decisions())
        .unwrap_or(0)
}

/// One random decision through the keyboard: Tab some times, then Enter; at
/// the hand-over screen, Enter takes the seat.
fn key_decision(app: &mut App, rng: &mut u64) {
    if play(app) == Some(Play::Deciding) {
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let n = app
            .world()
            .resource::<Session>()
            .get()
            .map(|m| m.choice_texts().len())
            .unwrap_or(1)
            .max(1);
        for _ in 0..(*rng % n as u64).min(6) {
            tap(app, KeyCode::Tab);
        }
    }
    tap(app, KeyCode::Enter);
}

/// Random decisions through the keyboard (Enter also takes the seat at the
/// hand-over screen) until the game has `n` decisions.
fn play_until(app: &mut App, n: usize, rng: &mut u64) {
    for _ in 0..20 * n {
        if decisions(app) >= n {
            return;
        }
        key_decision(app, rng);
    }
    panic!("the game did not reach {n} decisions");
}

#[test]
fn launcher_lists_every_scenario_and_broken_ones_with_their_errors() {
    let user = temp_dir("user-scenarios");
    let dotr = user.join("death_on_the_rails");
    std::fs::create_dir_all(&dotr).unwrap();
    std::fs::write(
        dotr.join("broken.toml"),
        "ruleset = \"death_on_the_rails\"\nkind = [\n",
    )
    .unwrap();
    let shipped_file = catalog::shipped_dir().join("death_on_the_rails/annemoisa.toml");
    let text = std::fs::read_to_string(&shipped_file).unwrap();
    let escaping = text.replace("map = \"maps/", "map = \"../../../maps/");
    assert_ne!(text, escaping, "the scenario names its map");
    std::fs::write(dotr.join("escaping.toml"), escaping).unwrap();
    let mut app = new_app(
        temp_dir("launcher-data"),
        ScenarioDirs(vec![catalog::shipped_dir(), user.clone()]),
    );
    let l = app.world().resource::<Launcher>();
    let ids: Vec<&str> = l.scenarios.iter().map(|e| e.id.as_str()).collect();
    for id in [
        "annemoisa",
        "kiltsi",
        "lehtse",
        "mustjoe",
        "narva",
        "tapa",
        "broken",
        "escaping",
    ] {
        assert!(ids.contains(&id), "{id} missing from {ids:?}");
    }
    let broken = l.scenarios.iter().find(|e| e.id == "broken").unwrap();
    let err = broken.result.as_ref().unwrap_err().to_string();
    assert!(err.contains("broken.toml:"), "{err}");
    let escaping = l.scenarios.iter().find(|e| e.id == "escaping").unwrap();
    let err = escaping.result.as_ref().unwrap_err().to_string();
    assert!(err.contains("escaping.toml:"), "{err}");
    assert!(
        err.contains("inside"),
        "a reference out of the folder is refused: {err}"
    );
    // Starting a broken scenario is refused with its error; nothing crashes.
    let i = l.scenarios.iter().position(|e| e.id == "broken").unwrap();
    app.world_mut()
        .resource_mut::<Launcher>()
        .select_scenario(i);
    app.world_mut().write_message(LauncherRequest::Start);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Launcher);
    let error = app
        .world()
        .resource::<Launcher>()
        .error
        .clone()
        .unwrap_or_default();
    assert!(error.contains("cannot be played"), "{error}");
}

#[test]
fn a_game_is_driven_through_the_input_layer_to_its_end() {
    let data = temp_dir("whole-game");
    let mut app = new_app(data.clone(), shipped());
    start(&mut app, "annemoisa", 11);
    let unit_count = app
        .world()
        .resource::<Session>()
        .of::<death_on_the_rails::DeathOnTheRails>()
        .unwrap()
        .game()
        .rules()
        .sc()
        .units
        .len();
    let mut tokens = app.world_mut().query::<&UnitToken>();
    assert_eq!(
        tokens.iter(app.world()).count(),
        unit_count,
        "one entity per unit"
    );

    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut hand_overs = 0;
    let mut undone = false;
    for _ in 0..6000 {
        // Let the state machine see where the last decision led.
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
        if play(&app) == Some(Play::HandOver) {
            hand_overs += 1;
            let to = app.world().resource::<HandOverTo>().0.unwrap();
            tap(&mut app, KeyCode::Enter);
            let seat = app.world().resource::<Session>().get().unwrap().seat();
            assert_eq!(
                seat, to,
                "Enter at the hand-over screen seats the next player"
            );
            // The seated player sees their own blocks and none of the enemy's.
            let shown = app.world().resource::<ShownView>();
            let view = shown.view.as_ref().unwrap();
            assert_eq!(view.viewer, Some(seat));
            let m = app.world().resource::<Session>();
            let m = m.of::<death_on_the_rails::DeathOnTheRails>().unwrap();
            // (Only the lead and the target of a combat under way stand face
            // up, section 9.1.)
            let in_combat = match m.game().state().phase {
                death_on_the_rails::state::Phase::Raise { combat, .. } => {
                    vec![combat.lead, combat.target]
                }
                _ => Vec::new(),
            };
            for u in &view.units {
                if u.side != seat && u.train_part.is_none() && !in_combat.contains(&u.id) {
                    assert!(u.face.is_none(), "an enemy block shows its face");
                }
            }
            // The active player never learns the action card's count.
            if view.active == seat {
                assert_eq!(view.actions_on_card, None);
            }
            assert!(m.game().to_decide().includes(seat));
            continue;
        }
        let before = decisions(&app);
        key_decision(&mut app, &mut rng);
        // Once, take a decision back with the undo key and make it again.
        if !undone && decisions(&app) == before + 1 && before > 5 {
            let can = app.world().resource::<Session>().get().unwrap().can_undo();
            if can && play(&app) == Some(Play::Deciding) {
                tap(&mut app, KeyCode::Backspace);
                assert_eq!(
                    decisions(&app),
                    before,
                    "the undo key takes the decision back"
                );
                undone = true;
            }
        }
    }
    assert_eq!(screen(&app), Screen::GameOver, "the game reached its end");
    let m = app.world().resource::<Session>();
    let m = m.get().unwrap();
    assert!(m.outcome().is_some());
    assert_eq!(m.to_decide(), Decider::Nobody);
    assert!(hand_overs > 2, "the seat changed hands ({hand_overs})");
    assert!(undone, "undo was tried");
    assert!(
        m.log().iter().any(|l| l.dice),
        "dice were rolled and logged"
    );
    // The autosave holds the finished game; it is not offered to continue.
    assert!(data.join("saves/autosave.json").is_file());
    tap(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app), Screen::Launcher, "Enter leaves the result");
    assert!(app.world().resource::<Launcher>().resumable.is_none());
    let mut tokens = app.world_mut().query::<&UnitToken>();
    assert_eq!(tokens.iter(app.world()).count(), 0, "the board is cleared");
}

#[test]
fn save_and_load_mid_game_and_continue_after_leaving() {
    let data = temp_dir("save-load");
    let mut app = new_app(data.clone(), shipped());
    start(&mut app, "kiltsi", 5);
    let mut rng = 77u64;
    play_until(&mut app, 25, &mut rng);
    let saved_json = app.world().resource::<Session>().get().unwrap().save_json();
    // Ctrl+S writes a named save.
    KeyCode::ControlLeft.press(app.world_mut());
    tap(&mut app, KeyCode::KeyS);
    KeyCode::ControlLeft.release(app.world_mut());
    app.update();
    let saves: Vec<_> = std::fs::read_dir(data.join("saves"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap() != "autosave.json")
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let message = app.world().resource::<Session>().get().unwrap().message();
    assert!(message.unwrap_or_default().starts_with("Saved to"));

    // Leave to the launcher: the game can be continued or loaded.
    app.world_mut().write_message(LauncherRequest::Quit);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Launcher);
    let l = app.world().resource::<Launcher>();
    assert!(
        l.resumable.as_deref().unwrap_or("").contains("kiltsi"),
        "{:?}",
        l.resumable
    );
    assert!(l.saves.iter().any(|s| s.path == saves[0]));

    app.world_mut()
        .write_message(LauncherRequest::Load(saves[0].clone()));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    let m = app.world().resource::<Session>().get().unwrap();
    assert_eq!(
        m.save_json(),
        saved_json,
        "the loaded game is the saved one"
    );

    app.world_mut().write_message(LauncherRequest::Quit);
    app.update();
    app.world_mut().write_message(LauncherRequest::Continue);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(
        app.world().resource::<Session>().get().unwrap().save_json(),
        saved_json
    );

    // The game goes on after loading.
    let before = decisions(&app);
    play_until(&mut app, before + 5, &mut rng);
    assert!(decisions(&app) >= before + 5);
}

#[test]
fn a_damaged_save_is_refused_with_the_reason_and_nothing_is_lost() {
    let data = temp_dir("damaged");
    let mut app = new_app(data.clone(), shipped());
    start(&mut app, "tapa", 3);
    let mut rng = 5u64;
    play_until(&mut app, 8, &mut rng);
    app.world_mut().write_message(LauncherRequest::Quit);
    app.update();
    app.update();
    let autosave = data.join("saves/autosave.json");
    let good = std::fs::read_to_string(&autosave).unwrap();
    let bad = data.join("saves/bad.json");
    std::fs::write(&bad, "{ this is not json").unwrap();
    let tampered = data.join("saves/tampered.json");
    std::fs::write(&tampered, good.replace("\"seed\": 3", "\"seed\": 4")).unwrap();
    for (path, reason) in [(&bad, "not a save file"), (&tampered, "decision")] {
        app.world_mut()
            .write_message(LauncherRequest::Load(path.clone()));
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Launcher);
        let error = app
            .world()
            .resource::<Launcher>()
            .error
            .clone()
            .unwrap_or_default();
        assert!(error.contains(reason), "{error}");
        assert!(
            error.contains(path.file_name().unwrap().to_str().unwrap()),
            "{error}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        good,
        "the autosave is untouched"
    );
    app.world_mut().resource_mut::<Launcher>().refresh();
    let l = app.world().resource::<Launcher>();
    let listed = l.saves.iter().find(|s| s.path == bad).unwrap();
    assert!(
        listed.summary.is_err(),
        "the launcher lists the bad file with its error"
    );
}

#[test]
fn the_hand_over_screen_comes_whenever_the_other_side_must_decide() {
    let mut app = new_app(temp_dir("hand-over"), shipped());
    start(&mut app, "annemoisa", 21);
    let mut rng = 3u64;
    let mut seen = 0;
    for _ in 0..400 {
        let (seat, decider) = {
            let m = app.world().resource::<Session>();
            let m = m.get().unwrap();
            (m.seat(), m.to_decide())
        };
        match (play(&app), decider) {
            (Some(Play::Deciding), Decider::One(s)) if s != seat => {
                app.update();
                assert_eq!(play(&app), Some(Play::HandOver));
            }
            (Some(Play::HandOver), Decider::One(s)) => {
                assert_ne!(s, seat);
                assert_eq!(app.world().resource::<HandOverTo>().0, Some(s));
                seen += 1;
                tap(&mut app, KeyCode::Enter);
            }
            _ => key_decision(&mut app, &mut rng),
        }
        if screen(&app) != Screen::Game {
            break;
        }
    }
    assert!(seen >= 2, "{seen}");
}

#[test]
fn a_click_picks_the_matching_choice_block_then_area_while_setting_up() {
    use app::boards::death_on_the_rails::{Hit, choices_for, legal_targets};
    use death_on_the_rails::state::Action;
    let mut app = new_app(temp_dir("clicks"), shipped());
    start(&mut app, "annemoisa", 2);
    let mut session = app.world_mut().resource_mut::<Session>();
    let m = session
        .of_mut::<death_on_the_rails::DeathOnTheRails>()
        .unwrap();
    let choices = m.choices().to_vec();
    let view = m.game().view(Some(m.seat()));
    let Some(Action::Place { unit, area }) = choices.first().cloned() else {
        panic!("the game starts with setting up: {choices:?}");
    };
    // The block alone does not decide where it goes.
    assert!(choices_for(m, &view, Hit::Unit(unit), None).is_empty());
    // Block selected, then an area: exactly that placement.
    let picked = choices_for(m, &view, Hit::Area(area), Some(unit));
    assert_eq!(picked.len(), 1);
    assert_eq!(choices[picked[0]], Action::Place { unit, area });
    let (units, areas) = legal_targets(m);
    assert!(units.contains(&unit) && areas.contains(&area));
    // An area where the block may not be set up matches nothing.
    let map_areas = m.game().rules().sc().map.areas.len() as u8;
    let outside = (0..map_areas)
        .find(|a| !choices.contains(&Action::Place { unit, area: *a }))
        .unwrap();
    assert!(choices_for(m, &view, Hit::Area(outside), Some(unit)).is_empty());
    m.choose(picked[0]).unwrap();
    app.update();
    app.update();
    let mut tokens = app.world_mut().query::<&UnitToken>();
    let token = tokens.iter(app.world()).find(|t| t.id == unit).unwrap();
    assert_eq!(
        token.place,
        death_on_the_rails::state::Place::Area(area),
        "the unit's entity follows the view"
    );
}

#[test]
fn veli_veljea_vastaan_one_turn_through_the_input_layer_with_hands_kept_secret() {
    use app::boards::veli_veljea_vastaan::{CounterToken, Hit, VvvShown, choices_for};
    use veli_veljea_vastaan::{Action, VeliVeljeaVastaan};
    let mut app = new_app(temp_dir("vvv"), shipped());
    start_in(&mut app, "veli_veljea_vastaan", "campaign_1918", 3);
    app.update();
    let (units, white_hand, red_hand) = {
        let m = app.world().resource::<Session>();
        let m = m.of::<VeliVeljeaVastaan>().unwrap();
        let s = m.game().state();
        (
            s.units.len(),
            s.decks[0].hand.clone(),
            s.decks[1].hand.clone(),
        )
    };
    let mut q = app.world_mut().query::<&CounterToken>();
    assert_eq!(q.iter(app.world()).count(), units, "one entity per counter");
    let shown = app.world().resource::<VvvShown>().view.clone().unwrap();
    assert_eq!(
        shown.hand, white_hand,
        "White at the screen sees White's hand"
    );
    assert_eq!(shown.hand_sizes[1] as usize, red_hand.len());
    // Play White's first card for its action points: Tab to that choice, Enter.
    let index = {
        let m = app.world().resource::<Session>();
        let m = m.of::<VeliVeljeaVastaan>().unwrap();
        m.choices()
            .iter()
            .position(|a| matches!(a, Action::PlayPoints { .. }))
            .unwrap()
    };
    for _ in 0..index {
        tap(&mut app, KeyCode::Tab);
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(decisions(&app), 1);
    // A click on a city with White units activates it.
    {
        let mut session = app.world_mut().resource_mut::<Session>();
        let m = session.of_mut::<VeliVeljeaVastaan>().unwrap();
        let view = m.game().view(Some(m.seat()));
        if let Some(Action::Activate { city }) = m.choices().first().cloned() {
            let picked = choices_for(m, &view, Hit::City(city), None);
            assert_eq!(picked, vec![0]);
        }
    }
    // Enter through the rest of the turn: the hand-over screen comes for Red.
    for _ in 0..200 {
        app.update();
        if play(&app) == Some(Play::HandOver) {
            break;
        }
        tap(&mut app, KeyCode::Enter);
    }
    {
        let m = app.world().resource::<Session>();
        let m = m.of::<VeliVeljeaVastaan>().unwrap();
        assert_eq!(
            play(&app),
            Some(Play::HandOver),
            "phase {:?} seat {:?} decisions {} prompt {:?}",
            m.game().state().phase,
            m.seat(),
            m.game().history().len(),
            m.game().prompt(m.seat()).text
        );
    }
    assert_eq!(
        app.world().resource::<HandOverTo>().0,
        Some(engine::Side::B)
    );
    tap(&mut app, KeyCode::Enter);
    app.update();
    let shown = app.world().resource::<VvvShown>().view.clone().unwrap();
    assert_eq!(shown.viewer, Some(engine::Side::B));
    assert_eq!(
        shown.hand, red_hand,
        "Red now sees its own hand, not White's"
    );
    let m = app.world().resource::<Session>();
    let m = m.of::<VeliVeljeaVastaan>().unwrap();
    assert_eq!(m.game().state().turn.side, Some(engine::Side::B));
}

#[test]
fn a_key_pressed_and_released_within_one_frame_still_counts() {
    // With software rendering a frame takes 60 ms or more: a quick tap is
    // often over before the frame reads the input.
    let mut app = new_app(temp_dir("quick-tap"), shipped());
    start(&mut app, "annemoisa", 5);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(play(&app), Some(Play::Deciding));
    let before = decisions(&app);
    KeyCode::Enter.press(app.world_mut());
    KeyCode::Enter.release(app.world_mut());
    app.update();
    app.update();
    assert_eq!(decisions(&app), before + 1, "the tap confirmed the choice");
    // And only once: the key held over is released, not pressed again.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(decisions(&app), before + 1, "one tap, one decision");
}

/// The prompt panel's odds: one entry per choice, worked out from the
/// seated side's view by the rules (`Ruleset::odds`), the same when asked
/// again for the same decision (kept, not worked out every frame).
#[test]
fn the_odds_of_choices_with_dice_are_offered_with_the_choices() {
    use engine::Ruleset;
    let dir = temp_dir("odds");
    let mut app = new_app(dir, shipped());
    start(&mut app, "annemoisa", 4);
    let mut rng = 99u64;
    for _ in 0..4000 {
        let found = app
            .world()
            .resource::<Session>()
            .get()
            .is_some_and(|m| m.choice_odds().iter().any(Option::is_some));
        if found && play(&app) == Some(Play::Deciding) {
            let session = app.world().resource::<Session>();
            let m = session.get().expect("a game");
            let odds = m.choice_odds();
            assert_eq!(odds.len(), m.choice_texts().len());
            assert_eq!(odds, m.choice_odds(), "asked again for the same decision");
            let dor = session
                .of::<death_on_the_rails::DeathOnTheRails>()
                .expect("Death on the Rails");
            let mut choices = Vec::new();
            dor.game().choices(dor.seat(), &mut choices);
            assert_eq!(choices, dor.choices(), "the odds are of the listed choices");
            for (a, o) in choices.iter().zip(odds) {
                assert_eq!(
                    *o,
                    dor.game().rules().odds(dor.game().state(), dor.seat(), a)
                );
            }
            let o = odds.iter().flatten().next().expect("odds");
            let hover = app::screens::game::odds_hover(o);
            assert!(hover.contains('%') && hover.contains("exact"), "{hover}");
            return;
        }
        key_decision(&mut app, &mut rng);
    }
    panic!("no choice with dice came up");
}

/// A click, the prompt panel and the keys take a choice from one list: the
/// match's [`Match::choices`], which is the list the game keeps
/// (`Game::legal_choices`) and takes a choice from by its index
/// (`Game::apply_choice`); the panel's words and odds are of that list, in
/// its order. Along a game, the index a click on a unit stands for names
/// the same choice in the panel, and choosing it applies that choice.
#[test]
fn a_click_and_the_panel_take_the_same_listed_choice() {
    use app::boards::death_on_the_rails::{Hit, choices_for};
    use engine::Ruleset;
    let mut app = new_app(temp_dir("one-list"), shipped());
    start(&mut app, "annemoisa", 7);
    let mut rng = 5u64;
    let mut clicked = 0;
    for _ in 0..3000 {
        app.update();
        if play(&app) == Some(Play::HandOver) {
            tap(&mut app, KeyCode::Enter);
            continue;
        }
        if screen(&app) == Screen::GameOver {
            break;
        }
        let mut session = app.world_mut().resource_mut::<Session>();
        let m = session
            .of_mut::<death_on_the_rails::DeathOnTheRails>()
            .unwrap();
        let seat = m.seat();
        let listed = m.game().listed(seat).expect("the game keeps the list");
        assert!(
            std::ptr::eq(listed, m.choices()),
            "the match's choices are the game's kept list"
        );
        let texts = m.choice_texts().to_vec();
        let rules = m.game().rules();
        let expected: Vec<String> = m
            .choices()
            .iter()
            .map(|a| rules.describe_action(m.game().state(), seat, a))
            .collect();
        assert_eq!(texts, expected, "the panel's list is the choices, in order");
        assert_eq!(m.choice_odds().len(), texts.len());
        // A choice about a unit, made by clicking that unit (not a
        // placement, which needs the area too).
        let view = m.game().view(Some(seat));
        let pick = m.choices().iter().enumerate().find_map(|(i, a)| {
            let u = a.unit()?;
            let found = choices_for(m, &view, Hit::Unit(u), None);
            (found.len() == 1).then(|| (found[0], i, *a))
        });
        if let Some((found, i, action)) = pick {
            assert_eq!(found, i, "the click stands for the listed choice");
            let before = m.game().history().len();
            m.choose(found).expect("a listed choice is taken");
            assert_eq!(m.game().history().len(), before + 1);
            assert_eq!(
                m.game().history().last().map(|d| &d.action),
                Some(&action),
                "the panel's choice {} ({}) was applied",
                i,
                texts[i]
            );
            clicked += 1;
            if clicked >= 40 {
                break;
            }
            continue;
        }
        key_decision(&mut app, &mut rng);
    }
    assert!(clicked >= 40, "only {clicked} clicks on units came up");
    // An index past the list is refused by the game, and changes nothing.
    let mut session = app.world_mut().resource_mut::<Session>();
    let m = session
        .of_mut::<death_on_the_rails::DeathOnTheRails>()
        .unwrap();
    let before = m.game().history().len();
    let count = m.choices().len();
    let err = m.choose(count).unwrap_err();
    assert!(err.contains("no choice number"), "{err}");
    assert_eq!(m.game().history().len(), before);
}

/// Red Square: the pieces follow the view, a click on a square or a unit
/// stands for the matching choices, and the choices taken move the pieces.
#[test]
fn red_square_pieces_follow_the_view_and_clicks_pick_the_choices() {
    use app::boards::red_square::{Hit, RsShown, UnitPiece, choices_for, legal_targets};
    use red_square::state::Status;
    use red_square::{Action, RedSquare};
    let mut app = new_app(temp_dir("red_square"), shipped());
    start_in(&mut app, "red_square", "sviyazhsk", 3);
    app.update();
    let check = |app: &mut App| {
        let view = app.world().resource::<RsShown>().view.clone().unwrap();
        let mut q = app.world_mut().query::<&UnitPiece>();
        let mut pieces: Vec<(u16, u16)> = q.iter(app.world()).map(|p| (p.id, p.at)).collect();
        pieces.sort_unstable();
        let on_table: Vec<(u16, u16)> = view
            .units
            .iter()
            .filter(|u| u.status == Status::OnTable)
            .map(|u| (u.id, u.at))
            .collect();
        assert_eq!(
            pieces, on_table,
            "one piece per unit on the table, in its square"
        );
        view
    };
    let view = check(&mut app);
    // Every choice of the prompt is reached by a click on what it names.
    let (index, hit, selected, expect) = {
        let session = app.world().resource::<Session>();
        let m = session.of::<RedSquare>().unwrap();
        let legal = legal_targets(m, &view, None);
        let mut found = None;
        for (i, a) in m.choices().iter().enumerate() {
            let (hit, sel) = match *a {
                Action::MoveHq { unit, to } => (Hit::Square(to), Some(unit)),
                Action::Step { to } => (Hit::Square(to), None),
                Action::Move { unit } | Action::Done { unit } => (Hit::Unit(unit), None),
                Action::Fire { unit, target } => (Hit::Unit(target), Some(unit)),
                _ => continue,
            };
            assert!(
                choices_for(m, &view, hit, sel).contains(&i),
                "{a:?} is not offered by a click on {hit:?}"
            );
            if let Hit::Square(sq) = hit {
                assert!(legal.squares.contains(&sq), "{a:?}: square not highlighted");
            }
            if found.is_none()
                && let Action::MoveHq { unit, to } = *a
            {
                found = Some((i, hit, sel, (unit, to)));
            }
        }
        found.expect("the game opens with the headquarters' moves")
    };
    // Take the move of a headquarters through the keyboard, as the panel
    // lists it, after checking the click on its square picks it.
    {
        let session = app.world().resource::<Session>();
        let m = session.of::<RedSquare>().unwrap();
        assert!(choices_for(m, &view, hit, selected).contains(&index));
    }
    for _ in 0..index {
        tap(&mut app, KeyCode::Tab);
    }
    tap(&mut app, KeyCode::Enter);
    app.update();
    let view = check(&mut app);
    assert_eq!(view.unit(expect.0).unwrap().at, expect.1, "the HQ moved");
    // Random decisions: the pieces keep following the view.
    let mut rng = 11;
    for n in [5, 15, 30] {
        play_until(&mut app, n, &mut rng);
        app.update();
        check(&mut app);
    }
}

/// Red Square on the board, decision after decision: every choice about a
/// unit or a square is reached by clicking what it names (a target after
/// its firer, a square for a step or a headquarters' move), in every
/// scenario, for a few hundred random decisions.
#[test]
fn red_square_every_choice_about_a_unit_or_square_is_a_click() {
    use app::boards::red_square::{Hit, RsShown, choices_for};
    use red_square::{Action, RedSquare};
    for (scenario, seed) in [("sviyazhsk", 4), ("tambov", 5), ("kakhovka", 6)] {
        let mut app = new_app(temp_dir(&format!("rs-clicks-{scenario}")), shipped());
        start_in(&mut app, "red_square", scenario, seed);
        app.update();
        let mut rng = seed;
        let mut checked = 0;
        for n in 1..=120 {
            let view = app.world().resource::<RsShown>().view.clone().unwrap();
            {
                let session = app.world().resource::<Session>();
                let m = session.of::<RedSquare>().unwrap();
                if m.game().outcome().is_some() {
                    break;
                }
                for (i, a) in m.choices().iter().enumerate() {
                    let (hit, selected) = match (a.square(), a.other_unit(), a.unit()) {
                        (Some(to), _, by) => (
                            Hit::Square(to),
                            if matches!(a, Action::Step { .. }) {
                                None
                            } else {
                                by
                            },
                        ),
                        (None, Some(t), by) => (Hit::Unit(t), by),
                        (None, None, Some(u)) => (Hit::Unit(u), None),
                        // Decisions about no unit (roll, Aces, Jokers, the
                        // train's card, stop, wheel, end the card) are in
                        // the prompt's list.
                        _ => continue,
                    };
                    assert!(
                        choices_for(m, &view, hit, selected).contains(&i),
                        "{scenario}, decision {n}: {a:?} is not reached by a click on {hit:?}"
                    );
                    checked += 1;
                }
            }
            play_until(&mut app, n, &mut rng);
            app.update();
        }
        assert!(checked > 50, "{scenario}: only {checked} choices checked");
    }
}

/// Red Actions! through the input layer: a unit selected with a click and
/// moved by dragging it (the select button pressed on it, the pointer
/// taken ahead of it, let go), then the rest of the turn by the keys; the
/// pieces follow the view all along.
#[test]
fn red_actions_one_turn_through_the_input_layer_with_a_move_made_by_dragging() {
    use app::boards::red_actions::{Pointer, RaShown, SCALE, Table, UnitPiece, heading};
    use engine::Ruleset;
    use engine::param::{Param, Value};
    use red_actions::RedActions;
    use red_actions::state::Action;
    let mut app = new_app(temp_dir("red_actions"), shipped());
    start_in(&mut app, "red_actions", "village", 3);
    app.update();
    let check = |app: &mut App| {
        let view = app.world().resource::<RaShown>().view.clone().unwrap();
        let mut q = app.world_mut().query::<&UnitPiece>();
        let mut pieces: Vec<_> = q
            .iter(app.world())
            .map(|p| (p.id, p.bases.clone()))
            .collect();
        pieces.sort_by_key(|p| p.0);
        let on_table: Vec<_> = view
            .units
            .iter()
            .filter(|u| u.on_table && !u.bases.is_empty())
            .map(|u| (u.id, u.bases.clone()))
            .collect();
        assert_eq!(
            pieces, on_table,
            "one piece per unit on the table, its bases"
        );
        view
    };
    check(&mut app);
    // Random decisions until the seated side has an advance of at least
    // 2" on offer for a unit.
    let mut rng = 9u64;
    let mut found = None;
    for _ in 0..200 {
        app.update();
        if play(&app) == Some(Play::HandOver) {
            tap(&mut app, KeyCode::Enter);
            continue;
        }
        let session = app.world().resource::<Session>();
        let m = session.of::<RedActions>().unwrap();
        // A unit already chosen to act (else a click on it is the choice
        // of it, a decision of its own).
        if m.choices()
            .iter()
            .any(|a| matches!(a, Action::Select { .. }))
        {
            key_decision(&mut app, &mut rng);
            continue;
        }
        let offers = m.game().rules().offers(m.game().state(), m.seat());
        found = offers.iter().find_map(|o| match o.param {
            Param::Distance { max, .. } if max.0 >= 200 => match o.action(Value::Distance(max)) {
                Some(Action::Advance { unit, .. }) => Some((unit, max)),
                _ => None,
            },
            _ => None,
        });
        if found.is_some() {
            break;
        }
        key_decision(&mut app, &mut rng);
    }
    let (unit, max) = found.expect("an advance comes up");
    let view = check(&mut app);
    let (table, before) = {
        let session = app.world().resource::<Session>();
        let m = session.of::<RedActions>().unwrap();
        (Table::of(m), m.game().history().len())
    };
    let u = view.units.iter().find(|u| u.id == unit).unwrap().clone();
    let base = u.bases[0];
    let on_unit = table.world(base.pose.at);
    let front = app::boards::red_actions::formation_of(&u).unwrap().front;
    // Two inches ahead of its front (less than its allowance).
    let want = 200.min(max.0);
    let ahead = table.world(front.at) + heading(front.facing) * (want as f32 / 100.0) * SCALE;
    let set_pointer = |app: &mut App, at: Vec2| {
        app.world_mut().resource_mut::<Pointer>().0 = Some(at);
    };
    // A click on the unit selects it.
    set_pointer(&mut app, on_unit);
    app.update();
    MouseButton::Left.press(app.world_mut());
    app.update();
    MouseButton::Left.release(app.world_mut());
    app.update();
    assert_eq!(
        app.world()
            .resource::<app::boards::red_actions::RaSelected>()
            .0,
        Some(unit),
        "a click on the unit selects it"
    );
    assert_eq!(
        decisions(&app) - before,
        0,
        "a click on a unit with moves decides nothing"
    );
    app.update();
    assert!(
        app.world()
            .resource::<app::boards::red_actions::Tools>()
            .ghost
            .is_none(),
        "no ghost while the pointer rests on the unit itself"
    );
    // Pressed on it, dragged ahead, let go.
    MouseButton::Left.press(app.world_mut());
    app.update();
    for k in 1..=4 {
        set_pointer(&mut app, on_unit + (ahead - on_unit) * k as f32 / 4.0);
        app.update();
    }
    {
        let tools = app.world().resource::<app::boards::red_actions::Tools>();
        let g = tools.ghost.as_ref().expect("the ghost follows the pointer");
        assert_eq!(g.unit, unit);
        assert!(g.refusal.is_none(), "{:?}", g.refusal);
    }
    MouseButton::Left.release(app.world_mut());
    app.update();
    app.update();
    let (last, after) = {
        let session = app.world().resource::<Session>();
        let m = session.of::<RedActions>().unwrap();
        (
            m.game().history().last().map(|d| d.action),
            m.game().history().len(),
        )
    };
    assert_eq!(after, before + 1, "letting go made one move");
    match last {
        Some(Action::Advance { unit: u2, distance }) => {
            assert_eq!(u2, unit);
            assert!(
                (distance.0 - want).abs() <= 2,
                "advanced {distance} for {want} hundredths"
            );
        }
        other => panic!("not an advance: {other:?}"),
    }
    let view = check(&mut app);
    let moved = view.units.iter().find(|x| x.id == unit).unwrap();
    assert_ne!(moved.bases, u.bases, "the piece moved with the view");
    // The rest of the turn by the keys; the pieces keep following.
    let turn = view.turn;
    let mut n = decisions(&app);
    for _ in 0..3000 {
        if screen(&app) == Screen::GameOver {
            break;
        }
        key_decision(&mut app, &mut rng);
        app.update();
        if decisions(&app) >= n + 20 {
            n = decisions(&app);
            check(&mut app);
        }
        let now = app
            .world()
            .resource::<RaShown>()
            .view
            .as_ref()
            .map(|v| v.turn);
        if now.is_some_and(|t| t > turn) {
            break;
        }
    }
    let view = check(&mut app);
    assert!(
        view.turn > turn || screen(&app) == Screen::GameOver,
        "the turn ended"
    );
}

// ---- Against the computer (issue 20) ----

/// The app with the computer quick to decide (a few search iterations, the
/// same choice on every machine) and no pause between its decisions.
fn computer_app(name: &str, iterations: u32) -> (App, PathBuf) {
    let data = temp_dir(name);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    let mut config = AppConfig::new(shipped(), data.clone());
    config.playout_seconds = 0.0;
    config.computer_pace_seconds = 0.0;
    config.computer_budget = Some(bot::Budget::Iterations(iterations));
    app::core_plugins(&mut app, config);
    app.update();
    (app, data)
}

/// Seats player 2 (the other side than player 1's `person_side`) at the
/// computer.
fn against_the_computer(app: &mut App, person_side: engine::Side) {
    let mut l = app.world_mut().resource_mut::<Launcher>();
    l.player_one_side = person_side;
    l.kinds = [Seat::Person, Seat::Computer(Strength::Quick)];
}

fn seat(app: &App) -> engine::Side {
    app.world().resource::<Session>().get().unwrap().seat()
}

/// Whether the person at the screen has a choice to make now.
fn person_decides(app: &App) -> bool {
    let m = app.world().resource::<Session>();
    let m = m.get().unwrap();
    m.outcome().is_none() && m.to_decide().includes(m.seat()) && !m.choice_texts().is_empty()
}

/// Plays a game against the computer: the person's decisions through the
/// keyboard (random), the computer's on its thread, until the game is over
/// or has `until` decisions. Checks on every frame that no hand-over
/// screen comes and that the screen shows the person's side. Returns the
/// number of frames in which the computer's search was under way.
fn play_against_the_computer(app: &mut App, until: usize, rng: &mut u64) -> usize {
    let person = seat(app);
    let mut waiting_frames = 0;
    for _ in 0..200_000 {
        app.update();
        if screen(app) != Screen::Game || decisions(app) >= until {
            break;
        }
        assert_ne!(
            play(app),
            Some(Play::HandOver),
            "no hand-over screen with one person"
        );
        assert_eq!(seat(app), person, "the screen shows the person's side");
        if person_decides(app) {
            key_decision(app, rng);
        } else {
            if app.world().resource::<Thinking>().pending() {
                waiting_frames += 1;
            }
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
    }
    waiting_frames
}

#[test]
fn a_game_against_the_computer_is_played_to_its_end() {
    use death_on_the_rails::DeathOnTheRails;
    // Annemoisa: the shortest Death on the Rails scenario (about 200
    // decisions between random players).
    let mut finals = Vec::new();
    for run in 0..2 {
        let (mut app, data) = computer_app(&format!("vs-computer-{run}"), 24);
        against_the_computer(&mut app, engine::Side::A);
        start(&mut app, "annemoisa", 11);
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        play_against_the_computer(&mut app, usize::MAX, &mut rng);
        assert_eq!(screen(&app), Screen::GameOver, "the game reached its end");
        let m = app.world().resource::<Session>();
        let m = m.of::<DeathOnTheRails>().unwrap();
        assert!(m.game().outcome().is_some());
        let by_computer = m
            .game()
            .history()
            .iter()
            .filter(|d| d.side == engine::Side::B)
            .count();
        assert!(by_computer > 10, "the computer decided {by_computer} times");
        assert_eq!(
            app.world().resource::<Thinking>().decided as usize,
            by_computer,
            "every decision of its side was the computer's"
        );
        assert_eq!(
            m.seats(),
            Seats([Seat::Person, Seat::Computer(Strength::Quick)])
        );
        assert_eq!(m.players[1], "The computer (quick)");
        // Its decisions are in the log, as the person read them, and in
        // the save, which replays to the same game.
        let computer_last = app::session::AnyMatch::computer_last(m);
        assert!(computer_last > 0);
        assert!(
            m.log
                .iter()
                .any(|l| l.decision == computer_last && l.text[0].is_some()),
            "the person reads what the computer's last decision did"
        );
        let autosave = std::fs::read_to_string(data.join("saves/autosave.json")).unwrap();
        assert!(autosave.contains("\"seats\""), "the save keeps the seats");
        let save = engine::save::SaveFile::parse(&autosave).unwrap();
        let replayed = save.replay(m.game().rules().clone()).unwrap();
        assert_eq!(replayed.state(), m.game().state());
        finals.push(autosave);
    }
    // The same seed, budget and person's decisions: the same game (the
    // computer's search is seeded per decision).
    assert_eq!(finals[0], finals[1], "the computer's game replays");
}

#[test]
fn no_hand_over_screen_with_one_person_and_the_computer_answers_out_of_turn() {
    use death_on_the_rails::DeathOnTheRails;
    let (mut app, _) = computer_app("vs-computer-no-hand-over", 16);
    // The person plays Russia (side B); the computer Estonia.
    against_the_computer(&mut app, engine::Side::B);
    start(&mut app, "annemoisa", 3);
    assert_eq!(seat(&app), engine::Side::B, "the person's side is seated");
    let mut rng = 99u64;
    let mut shown_views = 0;
    for _ in 0..100_000 {
        app.update();
        if screen(&app) != Screen::Game || decisions(&app) >= 150 {
            break;
        }
        assert_ne!(play(&app), Some(Play::HandOver));
        assert_eq!(seat(&app), engine::Side::B);
        if let Some(v) = app.world().resource::<ShownView>().view.as_ref() {
            assert_eq!(v.viewer, Some(engine::Side::B), "only the person's view");
            shown_views += 1;
        }
        if person_decides(&app) {
            key_decision(&mut app, &mut rng);
        } else {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
    }
    assert!(decisions(&app) >= 150 || screen(&app) == Screen::GameOver);
    // The computer's decisions in the person's turn (reaction fire, the
    // action card it draws for the person's turn), found by replaying.
    let m = app.world().resource::<Session>();
    let m = m.of::<DeathOnTheRails>().unwrap();
    let mut game = engine::Game::new(
        m.game().rules().clone(),
        m.game().options().clone(),
        m.game().seed(),
    )
    .unwrap();
    let mut out_of_turn = 0;
    for d in m.game().history() {
        if d.side == engine::Side::A && game.state().active == engine::Side::B {
            out_of_turn += 1;
        }
        game.apply(d.side, d.action).unwrap();
    }
    assert!(out_of_turn > 0, "the computer decided in the person's turn");
    assert!(shown_views > 0);
}

#[test]
fn a_saved_game_against_the_computer_reloads_with_its_seats() {
    let (mut app, data) = computer_app("vs-computer-save", 16);
    against_the_computer(&mut app, engine::Side::A);
    start(&mut app, "kiltsi", 5);
    let mut rng = 7u64;
    play_against_the_computer(&mut app, 30, &mut rng);
    // Ctrl+S writes a named save.
    KeyCode::ControlLeft.press(app.world_mut());
    tap(&mut app, KeyCode::KeyS);
    KeyCode::ControlLeft.release(app.world_mut());
    app.update();
    let saved = std::fs::read_dir(data.join("saves"))
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.file_name().unwrap() != "autosave.json")
        .expect("a named save");
    let text = std::fs::read_to_string(&saved).unwrap();
    let seats = app::saves::seats_of(&text).unwrap();
    assert_eq!(
        seats,
        Seats([Seat::Person, Seat::Computer(Strength::Quick)])
    );
    app.world_mut().write_message(LauncherRequest::Quit);
    app.update();
    app.update();
    let l = app.world().resource::<Launcher>();
    assert!(
        l.resumable
            .as_deref()
            .unwrap_or("")
            .contains("the computer"),
        "{:?}",
        l.resumable
    );
    assert!(l.saves.iter().any(|s| {
        s.path == saved
            && s.summary
                .as_deref()
                .unwrap_or("")
                .contains("against the computer")
    }));
    // The launcher now says two persons: the save's seats win.
    app.world_mut().resource_mut::<Launcher>().kinds = [Seat::Person, Seat::Person];
    app.world_mut()
        .write_message(LauncherRequest::Load(saved.clone()));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    {
        let m = app.world().resource::<Session>();
        let m = m.get().unwrap();
        assert_eq!(m.seats(), seats);
        assert_eq!(m.player(engine::Side::B), "The computer (quick)");
        assert_eq!(m.seat(), engine::Side::A);
    }
    // It goes on against the computer.
    let before = app.world().resource::<Session>().get().unwrap().save_json();
    let decided = app.world().resource::<Thinking>().decided;
    play_against_the_computer(&mut app, 50, &mut rng);
    assert!(app.world().resource::<Thinking>().decided > decided);
    assert_ne!(
        app.world().resource::<Session>().get().unwrap().save_json(),
        before
    );
    // Saves from before the computer (no seats) are two persons; seats that
    // are not seats are refused with a reason.
    let old = text.replace("\"seats\"", "\"something_else\"");
    assert_eq!(app::saves::seats_of(&old).unwrap(), Seats::PERSONS);
    let bad = text.replace("\"computer\": \"quick\"", "\"computer\": \"grandmaster\"");
    assert_ne!(bad, text);
    let e = app::saves::seats_of(&bad).unwrap_err();
    assert!(e.contains("who sits on each side"), "{e}");
    let bad_path = data.join("saves/bad-seats.json");
    std::fs::write(&bad_path, &bad).unwrap();
    app.world_mut().write_message(LauncherRequest::Quit);
    app.update();
    app.world_mut()
        .write_message(LauncherRequest::Load(bad_path.clone()));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Launcher);
    let error = app.world().resource::<Launcher>().error.clone().unwrap();
    assert!(
        error.contains("bad-seats.json") && error.contains("who sits on each side"),
        "{error}"
    );
}

#[test]
fn the_app_goes_on_updating_while_the_computer_thinks() {
    let data = temp_dir("vs-computer-responsive");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    let mut config = AppConfig::new(shipped(), data);
    config.playout_seconds = 0.0;
    config.computer_pace_seconds = 0.0;
    // A search of 1 s a decision.
    config.computer_budget = Some(bot::Budget::Millis(1000));
    app::core_plugins(&mut app, config);
    app.update();
    // Two computers (for watching): the first decision is the computer's.
    app.world_mut().resource_mut::<Launcher>().kinds = [
        Seat::Computer(Strength::Quick),
        Seat::Computer(Strength::Quick),
    ];
    start(&mut app, "annemoisa", 2);
    assert_eq!(seat(&app), engine::Side::A, "watching side A's view");
    let started = std::time::Instant::now();
    let mut frames_while_thinking = 0;
    let mut slowest = std::time::Duration::ZERO;
    while decisions(&app) == 0 && started.elapsed() < std::time::Duration::from_secs(30) {
        let t = std::time::Instant::now();
        app.update();
        slowest = slowest.max(t.elapsed());
        if app.world().resource::<Thinking>().pending() {
            frames_while_thinking += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let took = started.elapsed();
    assert_eq!(decisions(&app), 1, "the computer decided");
    assert!(
        took >= std::time::Duration::from_millis(950),
        "the search ran its budget ({took:?})"
    );
    // (Each frame sleeps 5 ms: about 100 while the search runs on a quiet
    // machine, fewer on a busy one.)
    assert!(
        frames_while_thinking >= 10,
        "the app updated {frames_while_thinking} times while the search ran"
    );
    assert!(
        slowest < std::time::Duration::from_millis(400),
        "no frame waited for the search (slowest {slowest:?})"
    );
    // Side A is the computer's: whoever watches cannot decide for it.
    let mut session = app.world_mut().resource_mut::<Session>();
    let m = session.get_mut().unwrap();
    assert!(m.choice_texts().is_empty() && m.prompt_text().is_empty());
    assert!(!m.can_undo());
    if m.to_decide().includes(engine::Side::A) {
        assert!(m.choose(0).is_err(), "a person's choice for the computer");
    }
}

/// The computer plays every rule system (a while of each): its search, its
/// choice applied through the match, its side's decisions out of turn.
#[test]
fn the_computer_plays_every_rule_system_for_a_while() {
    for (ruleset, scenario, until) in [
        ("veli_veljea_vastaan", "campaign_1918", 40),
        ("red_square", "sviyazhsk", 40),
        ("red_actions", "village", 30),
    ] {
        let (mut app, _) = computer_app(&format!("vs-computer-{ruleset}"), 4);
        against_the_computer(&mut app, engine::Side::A);
        start_in(&mut app, ruleset, scenario, 8);
        let mut rng = 31u64;
        play_against_the_computer(&mut app, until, &mut rng);
        let m = app.world().resource::<Session>();
        let m = m.get().unwrap();
        assert!(
            decisions(&app) >= until || m.outcome().is_some(),
            "{ruleset}: the game went on ({} decisions)",
            decisions(&app)
        );
        assert!(
            app.world().resource::<Thinking>().decided > 0,
            "{ruleset}: the computer decided"
        );
        assert!(
            !m.message().unwrap_or_default().contains("computer"),
            "{ruleset}: {:?}",
            m.message()
        );
    }
}
