//! A player does not go round in circles: a game where a free step and
//! its undoing (a flag turned over and back) score the same as ending it.

use bot::{Budget, DuelSettings, Player, PlayerKind, Recent};
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Flag;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    up: bool,
    over: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Action {
    Turn,
    Stop,
}

impl Ruleset for Flag {
    type State = State;
    type Action = Action;
    type View = State;
    type Event = ();

    fn id(&self) -> &'static str {
        "flag"
    }
    fn scenario_id(&self) -> &str {
        "flag"
    }
    fn scenario_digest(&self) -> u64 {
        0
    }
    fn side_name(&self, _: Side) -> &str {
        "player"
    }
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn setup(&self, _: &Options, _: u64) -> Result<State, SetupError> {
        Ok(State {
            up: false,
            over: false,
        })
    }
    fn to_decide(&self, s: &State) -> Decider {
        if s.over {
            Decider::Nobody
        } else {
            Decider::One(Side::A)
        }
    }
    fn choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if !s.over && side == Side::A {
            out.extend([Action::Turn, Action::Stop]);
        }
    }
    fn prompt_text(&self, _: &State, _: Side) -> String {
        "turn or stop".into()
    }
    fn apply_legal(&self, s: &mut State, _: Side, a: &Action, _: &mut Vec<()>) {
        match a {
            Action::Turn => s.up = !s.up,
            Action::Stop => s.over = true,
        }
    }
    fn view(&self, s: &State, _: Option<Side>) -> State {
        s.clone()
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.over.then(|| Outcome {
            winner: None,
            reason: "stopped".into(),
        })
    }
    fn ends_undo(&self, _: &()) -> bool {
        false
    }
    fn check_invariants(&self, _: &State) -> Result<(), String> {
        Ok(())
    }
    fn describe_action(&self, _: &State, _: Side, a: &Action) -> String {
        format!("{a:?}")
    }
    fn describe_events(&self, _: &State, e: &[()], _: Option<Side>) -> Vec<Option<String>> {
        vec![None; e.len()]
    }
}

#[test]
fn a_position_already_decided_in_is_not_brought_back() {
    let player = Player::new(PlayerKind::Mcts, Budget::Iterations(8));
    // Without memory the search, finding both choices worth a draw,
    // takes the first listed for ever.
    let rules = Flag;
    let mut s = rules.setup(&Options::new(), 0).unwrap();
    let choices = [Action::Turn, Action::Stop];
    for step in 0..20 {
        let i = player.choose(&rules, &s, Side::A, &choices, step);
        assert_eq!(choices[i], Action::Turn, "step {step}");
        rules.apply_legal(&mut s, Side::A, &choices[i], &mut Vec::new());
    }
    // With it (as the duel keeps it) the flag is turned a few times (a
    // position may come back `Recent::REVISITS` times), and the game
    // stops rather than turning it for ever.
    let mut recent = Recent::default();
    let mut s = rules.setup(&Options::new(), 0).unwrap();
    let mut steps = 0;
    while !s.over {
        let i = player.choose_avoiding(&rules, &s, Side::A, &choices, steps, &recent);
        let before = s.clone();
        rules.apply_legal(&mut s, Side::A, &choices[i], &mut Vec::new());
        recent.note(&rules, &before, Side::A, &[]);
        steps += 1;
        assert!(steps < 8, "still turning after {steps} decisions");
    }
    let settings = DuelSettings {
        a: player.clone(),
        b: player,
        games: 2,
        seed: 0,
        options: Options::new(),
        max_steps: 50,
        check_invariants: true,
    };
    let summary = bot::duel(&rules, &settings, |g| assert_eq!(g.reason, "stopped")).unwrap();
    assert_eq!(summary.draws, 2);
}
