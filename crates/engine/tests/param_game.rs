//! Parameterised choices (`engine::param`) on a toy game played on an open
//! line: on your turn you walk up to 3 inches in as many steps as you like,
//! or end your turn; the first to reach the 10-inch line wins. The prompt
//! states the limit, `apply` refuses a value past it with the reason and
//! leaves the state as it was, the random tester walks a finite sample
//! (and with `fuzz_offers`, random values in and past the limits), and a
//! save replays bit for bit.

use engine::param::{Inches, Offer, Param, Value};
use engine::runner::{RunSettings, random_game};
use engine::save::SaveFile;
use engine::{Decider, Game, OptionSpec, Options, Outcome, RuleError, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Default)]
struct Walk;

const ALLOWANCE: Inches = Inches::whole(3);
const LINE: Inches = Inches::whole(10);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct WalkState {
    at: [Inches; 2],
    used: Inches,
    turn: Side,
    over: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Step {
    Walk(Inches),
    EndTurn,
}

impl Walk {
    fn left(&self, s: &WalkState) -> Inches {
        Inches(ALLOWANCE.0 - s.used.0)
    }
}

impl Ruleset for Walk {
    type State = WalkState;
    type Action = Step;
    type View = [Inches; 2];
    type Event = String;

    fn id(&self) -> &'static str {
        "walk"
    }
    fn scenario_id(&self) -> &str {
        "ten_inches"
    }
    fn scenario_digest(&self) -> u64 {
        7
    }
    fn side_name(&self, side: Side) -> &str {
        ["West", "East"][side.index()]
    }
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn setup(&self, _: &Options, _: u64) -> Result<WalkState, SetupError> {
        Ok(WalkState {
            at: [Inches::ZERO; 2],
            used: Inches::ZERO,
            turn: Side::A,
            over: false,
        })
    }
    fn to_decide(&self, s: &WalkState) -> Decider {
        if s.over {
            Decider::Nobody
        } else {
            Decider::One(s.turn)
        }
    }
    /// A finite sample of the walks (a quarter, a half and all of what is
    /// left), and ending the turn.
    fn choices(&self, s: &WalkState, side: Side, out: &mut Vec<Step>) {
        if !self.to_decide(s).includes(side) {
            return;
        }
        let left = self.left(s);
        if left > Inches::ZERO {
            for (n, d) in [(1, 4), (1, 2), (1, 1)] {
                let step = left.fraction(n, d);
                if step > Inches::ZERO && !out.contains(&Step::Walk(step)) {
                    out.push(Step::Walk(step));
                }
            }
        }
        out.push(Step::EndTurn);
    }
    fn offers(&self, s: &WalkState, side: Side) -> Vec<Offer<Step>> {
        if !self.to_decide(s).includes(side) || self.left(s) == Inches::ZERO {
            return Vec::new();
        }
        vec![Offer::new(
            format!("walk up to {}", self.left(s)),
            Param::Distance {
                min: Inches(1),
                max: self.left(s),
            },
            |v| match v {
                Value::Distance(d) => Some(Step::Walk(d)),
                _ => None,
            },
        )]
    }
    fn legal(&self, s: &WalkState, side: Side, a: &Step) -> bool {
        self.to_decide(s).includes(side)
            && match *a {
                Step::Walk(d) => d > Inches::ZERO && d <= self.left(s),
                Step::EndTurn => true,
            }
    }
    fn refusal(&self, s: &WalkState, _: Side, a: &Step) -> Option<String> {
        match *a {
            Step::Walk(d) if d <= Inches::ZERO => Some(format!("a walk of {d} goes nowhere")),
            Step::Walk(d) => Some(format!(
                "a walk of {d} is more than the {} left this turn",
                self.left(s)
            )),
            Step::EndTurn => None,
        }
    }
    fn prompt_text(&self, s: &WalkState, _: Side) -> String {
        format!("walk up to {}, or end the turn", self.left(s))
    }
    fn apply_legal(&self, s: &mut WalkState, side: Side, a: &Step, ev: &mut Vec<String>) {
        match *a {
            Step::Walk(d) => {
                s.at[side.index()].0 += d.0;
                s.used.0 += d.0;
                ev.push(format!("{} walks {d}", self.side_name(side)));
                if s.at[side.index()] >= LINE {
                    s.over = true;
                }
            }
            Step::EndTurn => {
                s.turn = side.other();
                s.used = Inches::ZERO;
            }
        }
    }
    fn view(&self, s: &WalkState, _: Option<Side>) -> [Inches; 2] {
        s.at
    }
    fn outcome(&self, s: &WalkState) -> Option<Outcome> {
        s.over.then(|| Outcome {
            winner: Some(if s.at[0] >= LINE { Side::A } else { Side::B }),
            reason: "reached the line".into(),
        })
    }
    fn ends_undo(&self, _: &String) -> bool {
        false
    }
    fn check_invariants(&self, s: &WalkState) -> Result<(), String> {
        if s.used > ALLOWANCE {
            return Err(format!("walked {} in one turn", s.used));
        }
        Ok(())
    }
    fn describe_action(&self, _: &WalkState, _: Side, a: &Step) -> String {
        match a {
            Step::Walk(d) => format!("walk {d}"),
            Step::EndTurn => "end the turn".into(),
        }
    }
    fn describe_events(&self, _: &WalkState, e: &[String], _: Option<Side>) -> Vec<Option<String>> {
        e.iter().map(|x| Some(x.clone())).collect()
    }
}

#[test]
fn the_prompt_states_the_limits_and_apply_takes_any_value_within_them() {
    let mut g = Game::new(Walk, Options::new(), 1).unwrap();
    let offers = g.rules().offers(g.state(), Side::A);
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].label, "walk up to 3\"");
    assert_eq!(
        offers[0].param,
        Param::Distance {
            min: Inches(1),
            max: Inches::whole(3)
        }
    );
    // A value that is no listed choice but within the limits.
    let odd = offers[0].action(Value::Distance(Inches(137))).unwrap();
    assert!(!g.legal_choices(Side::A).contains(&odd));
    g.apply(Side::A, odd).unwrap();
    assert_eq!(g.state().at[0], Inches(137));
    let offers = g.rules().offers(g.state(), Side::A);
    assert_eq!(offers[0].label, "walk up to 1.63\"");
}

#[test]
fn a_value_past_the_limits_is_refused_with_the_reason_and_changes_nothing() {
    let mut g = Game::new(Walk, Options::new(), 1).unwrap();
    g.apply(Side::A, Step::Walk(Inches(250))).unwrap();
    let before = g.state().clone();
    let err = g.apply(Side::A, Step::Walk(Inches(51))).unwrap_err();
    assert!(matches!(err, RuleError::Refused { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "West cannot walk 0.51\": a walk of 0.51\" is more than the 0.5\" left this turn"
    );
    assert_eq!(g.state(), &before);
    assert_eq!(g.history().len(), 1, "the refused value is not recorded");
}

#[test]
fn random_games_with_random_values_end_and_replay_bit_for_bit() {
    let settings = RunSettings {
        fuzz_offers: true,
        ..RunSettings::default()
    };
    for seed in 0..20 {
        let f = random_game(Walk, &Options::new(), seed, &settings)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(f.outcome.winner.is_some());
        let json = SaveFile::of_game(&f.game).to_json();
        let replayed = SaveFile::parse(&json)
            .and_then(|s| s.replay(Walk))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(replayed.state(), f.game.state());
    }
}
