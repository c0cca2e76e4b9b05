//! The generic machinery (undo, save files, random games) tested on a toy
//! game: two players race to 10; on your turn you add 1 (which can be taken
//! back), roll a die (which cannot) or end your turn.

use engine::runner::{RunFailure, RunSettings, random_game};
use engine::save::{SaveError, SaveFile};
use engine::{
    Decider, Game, OptionSpec, Options, Outcome, RuleError, Ruleset, SetupError, Side, UndoError,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Default)]
struct Race {
    /// Test switch: an invariant that breaks when a total reaches 5.
    broken_invariant: bool,
    /// Test switch: nobody ever wins.
    endless: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RaceState {
    rng: engine::GameRng,
    totals: [u8; 2],
    turn: Side,
    over: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Move {
    Add1,
    Roll,
    EndTurn,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
enum Happened {
    Added(Side),
    Rolled(Side, u8),
    TurnEnded(Side),
}

impl Ruleset for Race {
    type State = RaceState;
    type Action = Move;
    type View = [u8; 2];
    type Event = Happened;

    fn id(&self) -> &'static str {
        "race"
    }
    fn scenario_id(&self) -> &str {
        "to_ten"
    }
    fn scenario_digest(&self) -> u64 {
        42
    }
    fn side_name(&self, side: Side) -> &str {
        ["Red", "Blue"][side.index()]
    }
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn setup(&self, options: &Options, seed: u64) -> Result<RaceState, SetupError> {
        if !options.is_empty() {
            return Err(SetupError("the race has no options".into()));
        }
        Ok(RaceState {
            rng: engine::rng_from_seed(seed),
            totals: [0, 0],
            turn: Side::A,
            over: false,
        })
    }
    fn to_decide(&self, s: &RaceState) -> Decider {
        if s.over {
            Decider::Nobody
        } else {
            Decider::One(s.turn)
        }
    }
    fn choices(&self, s: &RaceState, side: Side, out: &mut Vec<Move>) {
        if self.to_decide(s).includes(side) {
            out.extend([Move::Add1, Move::Roll, Move::EndTurn]);
        }
    }
    fn prompt_text(&self, _: &RaceState, _: Side) -> String {
        "add, roll or end".into()
    }
    fn apply_legal(&self, s: &mut RaceState, side: Side, a: &Move, ev: &mut Vec<Happened>) {
        let i = side.index();
        match a {
            Move::Add1 => {
                s.totals[i] += 1;
                ev.push(Happened::Added(side));
            }
            Move::Roll => {
                let d = engine::dice::d6(&mut s.rng);
                s.totals[i] += d;
                ev.push(Happened::Rolled(side, d));
            }
            Move::EndTurn => {
                s.turn = side.other();
                ev.push(Happened::TurnEnded(side));
            }
        }
        if s.totals[i] >= 10 && !self.endless {
            s.over = true;
        }
        if self.endless {
            s.totals[i] %= 10;
        }
    }
    fn view(&self, s: &RaceState, _: Option<Side>) -> [u8; 2] {
        s.totals
    }
    fn outcome(&self, s: &RaceState) -> Option<Outcome> {
        s.over.then(|| Outcome {
            winner: Some(if s.totals[0] >= 10 { Side::A } else { Side::B }),
            reason: "reached 10".into(),
        })
    }
    fn ends_undo(&self, e: &Happened) -> bool {
        matches!(e, Happened::Rolled(..))
    }
    fn check_invariants(&self, s: &RaceState) -> Result<(), String> {
        if self.broken_invariant && s.totals.contains(&5) {
            return Err("a total of 5".into());
        }
        Ok(())
    }
    fn describe_action(&self, _: &RaceState, _: Side, a: &Move) -> String {
        format!("{a:?}")
    }
    fn describe_events(
        &self,
        _: &RaceState,
        events: &[Happened],
        _: Option<Side>,
    ) -> Vec<Option<String>> {
        events.iter().map(|e| Some(format!("{e:?}"))).collect()
    }
}

fn game() -> Game<Race> {
    Game::new(Race::default(), Options::new(), 7).unwrap()
}

#[test]
fn undo_takes_back_the_sides_own_decisions_latest_first() {
    let mut g = game();
    g.apply(Side::A, Move::Add1).unwrap();
    g.apply(Side::A, Move::Add1).unwrap();
    assert!(g.can_undo(Side::A));
    g.undo(Side::A).unwrap();
    assert_eq!(g.state().totals, [1, 0]);
    g.undo(Side::A).unwrap();
    assert_eq!(g.state().totals, [0, 0]);
    assert_eq!(g.undo(Side::A), Err(UndoError::NothingToUndo));
}

#[test]
fn undo_stops_at_a_die_roll() {
    let mut g = game();
    g.apply(Side::A, Move::Add1).unwrap();
    g.apply(Side::A, Move::Roll).unwrap();
    assert_eq!(g.undo(Side::A), Err(UndoError::NothingToUndo));
    g.apply(Side::A, Move::Add1).unwrap();
    let before_undo = g.state().totals;
    g.undo(Side::A).unwrap();
    assert_eq!(
        g.state().totals[0],
        before_undo[0] - 1,
        "the roll stays, only the add is taken back"
    );
}

#[test]
fn undo_only_by_the_side_that_decided() {
    let mut g = game();
    g.apply(Side::A, Move::Add1).unwrap();
    g.apply(Side::A, Move::EndTurn).unwrap();
    assert_eq!(
        g.undo(Side::B),
        Err(UndoError::NotYours {
            owner: "Red".into()
        })
    );
    // Red's decisions are still the latest, but Blue is deciding now.
    assert_eq!(
        g.undo(Side::A),
        Err(UndoError::NotDeciding { side: "Red".into() })
    );
}

#[test]
fn an_illegal_action_changes_nothing_and_is_not_recorded() {
    let mut g = game();
    g.apply(Side::A, Move::Add1).unwrap();
    let err = g.apply(Side::B, Move::Add1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Blue has no decision to make now (waiting for Red)"
    );
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.state().totals, [1, 0]);
}

#[test]
fn a_listed_choice_is_taken_by_its_place_in_the_list() {
    let mut g = game();
    assert_eq!(
        g.legal_choices(Side::A),
        [Move::Add1, Move::Roll, Move::EndTurn]
    );
    assert_eq!(
        g.listed(Side::A),
        Some(&[Move::Add1, Move::Roll, Move::EndTurn][..]),
        "the list is kept"
    );
    assert_eq!(g.listed(Side::B), None, "for the side it was listed for");
    g.apply_choice(Side::A, 0).unwrap();
    assert_eq!(g.state().totals, [1, 0]);
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.listed(Side::A), None, "the state changed");
    // The list was for the state before: it must be asked for again.
    let err = g.apply_choice(Side::A, 0).unwrap_err();
    assert!(
        matches!(err, RuleError::NoSuchChoice { count: 0, .. }),
        "{err}"
    );
    g.legal_choices(Side::A);
    let err = g.apply_choice(Side::A, 3).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Red has no choice number 3: 3 were listed for \"add, roll or end\""
    );
    // A list asked for one side is no use to the other.
    let err = g.apply_choice(Side::B, 0).unwrap_err();
    assert!(
        matches!(err, RuleError::NoSuchChoice { count: 0, .. }),
        "{err}"
    );
    assert_eq!(g.state().totals, [1, 0], "refusals change nothing");
    assert_eq!(g.history().len(), 1);
    g.apply_choice(Side::A, 2).unwrap();
    assert_eq!(g.to_decide(), Decider::One(Side::B));
    assert!(g.legal_choices(Side::A).is_empty());
    // Undo makes the list out of date too.
    g.apply(Side::B, Move::Add1).unwrap();
    g.legal_choices(Side::B);
    g.undo(Side::B).unwrap();
    assert_eq!(g.listed(Side::B), None);
    assert!(g.apply_choice(Side::B, 0).is_err());
}

fn finished_game() -> Game<Race> {
    random_game(
        Race::default(),
        &Options::new(),
        99,
        &RunSettings::default(),
    )
    .unwrap()
    .game
}

#[test]
fn a_save_file_replays_to_the_same_state() {
    let g = finished_game();
    let json = SaveFile::of_game(&g).to_json();
    let loaded = SaveFile::parse(&json)
        .unwrap()
        .replay(Race::default())
        .unwrap();
    assert_eq!(loaded.state(), g.state());
    assert_eq!(loaded.history(), g.history());
    assert!(json.contains("\"format\": \"fourfronts-save\""));
    assert!(
        json.contains("\"text\": \"Red: "),
        "decisions in words for people reading the file"
    );
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    let a = random_game(Race::default(), &Options::new(), 5, &RunSettings::default()).unwrap();
    let b = random_game(Race::default(), &Options::new(), 5, &RunSettings::default()).unwrap();
    assert_eq!(a.game.state(), b.game.state());
    let c = random_game(Race::default(), &Options::new(), 6, &RunSettings::default()).unwrap();
    assert_ne!(a.game.history(), c.game.history());
}

fn edit(json: &str, f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn a_damaged_save_says_what_is_wrong() {
    let json = SaveFile::of_game(&finished_game()).to_json();
    let load = |text: &str| SaveFile::parse(text).and_then(|s| s.replay(Race::default()));

    assert!(matches!(load("{ not json"), Err(SaveError::NotJson(_))));
    assert!(
        matches!(load(&json[..json.len() / 2]), Err(SaveError::NotJson(_))),
        "a cut-off file"
    );
    let other = edit(&json, |v| v["format"] = "something-else".into());
    assert_eq!(
        load(&other).unwrap_err(),
        SaveError::WrongFormat("something-else".into())
    );
    let newer = edit(&json, |v| v["version"] = 99.into());
    assert_eq!(
        load(&newer).unwrap_err(),
        SaveError::NewerVersion { found: 99 }
    );
    let ruleset = edit(&json, |v| v["ruleset"] = "chess".into());
    assert!(matches!(
        load(&ruleset),
        Err(SaveError::WrongRuleset { .. })
    ));
    let unreadable = edit(&json, |v| v["decisions"][2]["action"] = "Fly".into());
    let e = load(&unreadable).unwrap_err();
    assert!(matches!(e, SaveError::BadDecision { index: 3, .. }), "{e}");
    assert!(e.to_string().starts_with("decision 3 ("), "{e}");
    assert!(
        e.to_string()
            .contains("cannot be read: unknown variant `Fly`"),
        "{e}"
    );
    // A decision taken by the wrong side: illegal on replay, and the error says which.
    let wrong_side = edit(&json, |v| v["decisions"][0]["side"] = "B".into());
    let e = load(&wrong_side).unwrap_err();
    assert!(e.to_string().starts_with("decision 1 (Blue: "), "{e}");
    assert!(
        e.to_string()
            .contains("is illegal when replayed: Blue has no decision to make now"),
        "{e}"
    );
    let scenario = edit(&json, |v| v["scenario"] = "to_twenty".into());
    assert_eq!(
        load(&scenario).unwrap_err(),
        SaveError::WrongScenario {
            found: "to_twenty".into(),
            expected: "to_ten".into()
        }
    );
    let options = edit(&json, |v| {
        v["options"] = serde_json::json!({ "turbo": true })
    });
    let e = load(&options).unwrap_err();
    assert!(matches!(e, SaveError::Setup(_)), "{e}");
    assert!(e.to_string().contains("the race has no options"), "{e}");
    // A different seed replays legally but to another state: the digest catches it.
    let seed = edit(&json, |v| v["seed"] = 12345.into());
    let e = load(&seed).unwrap_err();
    assert!(matches!(e, SaveError::DigestMismatch { .. }), "{e}");
}

#[test]
fn the_random_runner_reports_a_broken_invariant_with_its_step() {
    let r = Race {
        broken_invariant: true,
        ..Race::default()
    };
    let failure = (0..20)
        .find_map(|seed| {
            random_game(r.clone(), &Options::new(), seed, &RunSettings::default()).err()
        })
        .expect("some game reaches 5");
    assert!(matches!(failure, RunFailure::Invariant { .. }), "{failure}");
    assert!(
        failure
            .to_string()
            .contains("invariant broken: a total of 5")
    );
}

#[test]
fn the_random_runner_reports_a_game_that_does_not_end() {
    let r = Race {
        endless: true,
        ..Race::default()
    };
    let settings = RunSettings {
        max_steps: 500,
        ..RunSettings::default()
    };
    let failure = random_game(r, &Options::new(), 1, &settings)
        .err()
        .expect("never ends");
    assert_eq!(failure, RunFailure::TooLong { steps: 500 });
}

#[test]
fn setup_errors_are_reported() {
    let options: Options = [("turbo".to_string(), true)].into_iter().collect();
    assert!(Game::new(Race::default(), options, 1).is_err());
}
