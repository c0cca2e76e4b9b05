//! The search on a game small enough to know the answer: Nim with one
//! pile, take 1 to 3, who takes the last wins. The winning move leaves a
//! multiple of 4. The dealer side B also holds a secret (a number it
//! never uses) that the search of side A must not read.

use bot::{Budget, DuelSettings, Player, PlayerKind};
use engine::{Decider, OptionSpec, Options, Outcome, RuleError, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug)]
struct Nim {
    pile: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    pile: u8,
    to_move: Side,
    /// Side B's secret: what A cannot see, and what `determinize` deals
    /// again.
    secret: u8,
    winner: Option<Side>,
}

impl Ruleset for Nim {
    type State = State;
    type Action = u8;
    type View = (u8, Side, Option<u8>);
    type Event = u8;

    fn id(&self) -> &'static str {
        "nim"
    }
    fn scenario_id(&self) -> &str {
        "nim"
    }
    fn scenario_digest(&self) -> u64 {
        0
    }
    fn side_name(&self, side: Side) -> &str {
        if side == Side::A { "first" } else { "second" }
    }
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }
    fn setup(&self, _: &Options, seed: u64) -> Result<State, SetupError> {
        Ok(State {
            pile: self.pile,
            to_move: Side::A,
            secret: (seed % 7) as u8,
            winner: None,
        })
    }
    fn to_decide(&self, s: &State) -> Decider {
        if s.winner.is_some() {
            Decider::Nobody
        } else {
            Decider::One(s.to_move)
        }
    }
    fn choices(&self, s: &State, side: Side, out: &mut Vec<u8>) {
        if s.winner.is_none() && side == s.to_move {
            out.extend((1..=3).filter(|&n| n <= s.pile));
        }
    }
    fn prompt_text(&self, _: &State, _: Side) -> String {
        "take".into()
    }
    fn apply_legal(&self, s: &mut State, side: Side, a: &u8, events: &mut Vec<u8>) {
        s.pile -= a;
        events.push(*a);
        if s.pile == 0 {
            s.winner = Some(side);
        }
        s.to_move = side.other();
    }
    fn view(&self, s: &State, side: Option<Side>) -> Self::View {
        (
            s.pile,
            s.to_move,
            (side == Some(Side::B)).then_some(s.secret),
        )
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.winner.map(|w| Outcome {
            winner: Some(w),
            reason: "took the last".into(),
        })
    }
    fn ends_undo(&self, _: &u8) -> bool {
        false
    }
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        if s.pile > self.pile {
            return Err("the pile grew".into());
        }
        Ok(())
    }
    fn describe_action(&self, _: &State, _: Side, a: &u8) -> String {
        format!("take {a}")
    }
    fn describe_events(&self, _: &State, e: &[u8], _: Option<Side>) -> Vec<Option<String>> {
        e.iter().map(|n| Some(format!("took {n}"))).collect()
    }
    fn determinize(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> State {
        use rand::RngExt;
        let mut d = s.clone();
        if side == Side::A {
            d.secret = rng.random_range(0..7);
        }
        d
    }
    /// Scores a game still going by the secret, so that a search that
    /// read the real secret (rather than one dealt again) would choose by
    /// it.
    fn evaluate(&self, s: &State, side: Side) -> f32 {
        let a = match s.winner {
            Some(w) => f32::from(u8::from(w == Side::A)),
            None if (s.pile + s.secret).is_multiple_of(3) => 0.8,
            None => 0.2,
        };
        if side == Side::A { a } else { 1.0 - a }
    }
}

fn searcher(iterations: u32) -> Player {
    Player::new(PlayerKind::Mcts, Budget::Iterations(iterations))
}

#[test]
fn the_search_finds_the_winning_move() {
    let rules = Nim { pile: 21 };
    for pile in [5u8, 6, 7, 9, 10, 11, 13, 14, 15] {
        let s = State {
            pile,
            to_move: Side::A,
            secret: 0,
            winner: None,
        };
        let mut choices = Vec::new();
        rules.choices(&s, Side::A, &mut choices);
        // Playouts long enough to reach the end: the evaluation of a game
        // still going is made up (it reads the secret).
        let mut p = searcher(3000);
        p.mcts.playout_depth = 40;
        let i = p.choose(&rules, &s, Side::A, &choices, 1);
        assert_eq!(
            (pile - choices[i]) % 4,
            0,
            "pile {pile}: took {}",
            choices[i]
        );
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_choice_and_secrets_do_not_matter() {
    let rules = Nim { pile: 21 };
    let mut choices = Vec::new();
    let mut picks = std::collections::BTreeSet::new();
    for secret in 0..7 {
        let s = State {
            pile: 12,
            to_move: Side::A,
            secret,
            winner: None,
        };
        choices.clear();
        rules.choices(&s, Side::A, &mut choices);
        // Playouts of one move: the evaluation decides.
        let mut settings = searcher(200).mcts;
        settings.playout_depth = 1;
        let once = bot::search(&rules, &s, Side::A, &choices, &settings, 9);
        let again = bot::search(&rules, &s, Side::A, &choices, &settings, 9);
        assert_eq!(once, again);
        picks.insert(once.index);
    }
    assert_eq!(picks.len(), 1, "the secret changed the choice");
}

#[test]
fn the_search_beats_random_and_the_duel_counts_right() {
    let rules = Nim { pile: 21 };
    let settings = DuelSettings {
        a: searcher(500),
        b: Player::new(PlayerKind::Random, Budget::Iterations(1)),
        games: 20,
        seed: 3,
        options: Options::new(),
        max_steps: 100,
        check_invariants: true,
    };
    let mut seen = Vec::new();
    let summary = bot::duel(&rules, &settings, |g| seen.push(g.clone())).unwrap();
    assert_eq!(summary.games, 20);
    assert_eq!(summary.a_wins + summary.b_wins + summary.draws, 20);
    assert_eq!(seen.len(), 20);
    // Seats swap: a plays first in even games.
    assert!(
        seen.iter()
            .all(|g| (g.a_side == Side::A) == (g.game % 2 == 0))
    );
    // 21 is a win for the first player and the second wins whenever the
    // first slips: the search loses at most the odd game to a lucky
    // random first player.
    assert!(summary.a_wins >= 18, "{summary}");
    let line = summary.to_string();
    assert!(line.starts_with("summary: games=20 a_wins="), "{line}");
    assert!(line.contains(" b_ms_per_decision="), "{line}");
}

#[test]
fn players_are_named_and_bad_names_refused() {
    for k in PlayerKind::ALL {
        assert_eq!(k.name().parse::<PlayerKind>(), Ok(k));
    }
    assert!("alphazero".parse::<PlayerKind>().is_err());
}

#[test]
fn a_refused_action_is_not_a_choice() {
    let rules = Nim { pile: 2 };
    let mut s = rules.setup(&Options::new(), 0).unwrap();
    let mut ev = Vec::new();
    assert!(matches!(
        rules.apply(&mut s, Side::A, &3, &mut ev),
        Err(RuleError::NotAChoice { .. })
    ));
}
