//! A game in progress: the state, every decision taken, and undo.
//!
//! Undo follows the board-game convention: a side may take back its own
//! decisions, latest first, until a die was rolled, a card drawn or hidden
//! information revealed (`Ruleset::ends_undo`), and only while it is still the
//! one deciding (once the opponent is asked, say about reaction fire, the move
//! stands). What undo keeps is only the
//! list of decisions, which a save file needs anyway, and the index of the last
//! irreversible one; taking a decision back replays the game from its seed.

use crate::ruleset::{Decider, Options, Outcome, Prompt, RuleError, Ruleset, SetupError, Side};
use serde::{Deserialize, Serialize};

/// One decision in a game's history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision<A> {
    pub side: Side,
    pub action: A,
}

/// Why a decision cannot be taken back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    #[error("there is nothing to take back since the last die roll, card draw or reveal")]
    NothingToUndo,
    #[error("the last decision was {owner}'s; only {owner} can take it back")]
    NotYours { owner: String },
    #[error("{side} cannot take a decision back while the other side is deciding")]
    NotDeciding { side: String },
    #[error("the game could not be replayed to take the decision back: {0}")]
    ReplayFailed(String),
}

pub struct Game<R: Ruleset> {
    rules: R,
    options: Options,
    seed: u64,
    state: R::State,
    history: Vec<Decision<R::Action>>,
    /// Decisions before this index cannot be taken back.
    undo_floor: usize,
    events: Vec<R::Event>,
    /// The choices last listed by [`Game::legal_choices`]...
    choices: Vec<R::Action>,
    /// ...and for whom; `None` once the state has changed since.
    listed_for: Option<Side>,
}

impl<R: Ruleset> Game<R> {
    pub fn new(rules: R, options: Options, seed: u64) -> Result<Self, SetupError> {
        let state = rules.setup(&options, seed)?;
        Ok(Game {
            rules,
            options,
            seed,
            state,
            // Room for a whole game of the usual length, so that a game in
            // progress seldom moves its history.
            history: Vec::with_capacity(1024),
            undo_floor: 0,
            events: Vec::new(),
            choices: Vec::new(),
            listed_for: None,
        })
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }
    pub fn state(&self) -> &R::State {
        &self.state
    }
    pub fn options(&self) -> &Options {
        &self.options
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn history(&self) -> &[Decision<R::Action>] {
        &self.history
    }
    pub fn to_decide(&self) -> Decider {
        self.rules.to_decide(&self.state)
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.state)
    }
    pub fn prompt(&self, side: Side) -> Prompt<R::Action> {
        self.rules.prompt(&self.state, side)
    }
    pub fn choices(&self, side: Side, out: &mut Vec<R::Action>) {
        self.rules.choices(&self.state, side, out)
    }
    pub fn view(&self, side: Option<Side>) -> R::View {
        self.rules.view(&self.state, side)
    }

    /// Applies a decision. Returns what happened; an illegal action changes
    /// nothing and says why.
    pub fn apply(&mut self, side: Side, action: R::Action) -> Result<&[R::Event], RuleError> {
        self.events.clear();
        self.rules
            .apply(&mut self.state, side, &action, &mut self.events)?;
        Ok(self.record(side, action, None))
    }

    /// Every legal choice for `side` now, kept so that one can be taken by
    /// its place in the list with [`Game::apply_choice`] (and worked out
    /// only once for a state).
    pub fn legal_choices(&mut self, side: Side) -> &[R::Action] {
        if self.listed_for != Some(side) {
            self.choices.clear();
            self.rules.choices(&self.state, side, &mut self.choices);
            self.listed_for = Some(side);
        }
        &self.choices
    }

    /// The list [`Game::legal_choices`] gave `side`, while it is still the
    /// list for the state as it is (`None` once the state changed, or when
    /// it was listed for the other side).
    pub fn listed(&self, side: Side) -> Option<&[R::Action]> {
        (self.listed_for == Some(side)).then_some(&self.choices[..])
    }

    /// Takes choice number `index` of the list [`Game::legal_choices`] gave
    /// `side` for the state as it is. The list proves the choice legal, so
    /// it is not checked again. An index outside the list, or a list that
    /// is out of date or was for the other side, changes nothing and says so.
    pub fn apply_choice(&mut self, side: Side, index: usize) -> Result<&[R::Event], RuleError> {
        let listed = if self.listed_for == Some(side) {
            &self.choices[..]
        } else {
            &[]
        };
        let Some(action) = listed.get(index).cloned() else {
            return Err(RuleError::NoSuchChoice {
                side: self.rules.side_name(side).to_string(),
                index,
                count: listed.len(),
                prompt: self.rules.prompt_text(&self.state, side),
            });
        };
        self.events.clear();
        let next = self.rules.apply_legal_listing(
            &mut self.state,
            side,
            &action,
            &mut self.events,
            &mut self.choices,
        );
        // The rules may have listed the next choices on the way.
        self.record(side, action, next);
        #[cfg(debug_assertions)]
        if let Some(next) = next {
            let mut fresh = Vec::new();
            self.rules.choices(&self.state, next, &mut fresh);
            debug_assert_eq!(
                fresh, self.choices,
                "the choices listed while applying are stale"
            );
        }
        Ok(&self.events)
    }

    /// Takes one of `side`'s choices drawn at random, each choice of the
    /// listing with the same chance, and applies it (what random games do a
    /// step). The draw is [`Ruleset::random_choice`], or one
    /// `rng.random_range` over the list when [`Game::legal_choices`] has
    /// the list for this state already. The choice is legal by the draw,
    /// so it is not checked again. `None`, with nothing changed, when
    /// `side` has no choice now.
    pub fn apply_random(&mut self, side: Side, rng: &mut crate::GameRng) -> Option<&[R::Event]> {
        use rand::RngExt;
        let action = match self.listed(side) {
            Some([]) => return None,
            Some(list) => list[rng.random_range(0..list.len())].clone(),
            None => self.rules.random_choice(&self.state, side, rng)?,
        };
        self.events.clear();
        // No list of the next choices asked for: the next draw checks only
        // what it draws.
        self.rules
            .apply_legal(&mut self.state, side, &action, &mut self.events);
        Some(self.record(side, action, None))
    }

    /// Adds an applied decision to the history, moves the undo floor past
    /// it if it rolled, drew or revealed, and notes for whom `choices` now
    /// holds the choices (`None`: nobody, the state changed).
    fn record(&mut self, side: Side, action: R::Action, listed_for: Option<Side>) -> &[R::Event] {
        self.history.push(Decision { side, action });
        if self.events.iter().any(|e| self.rules.ends_undo(e)) {
            self.undo_floor = self.history.len();
        }
        self.listed_for = listed_for;
        &self.events
    }

    /// Whether `side` may take back the latest decision now.
    pub fn can_undo(&self, side: Side) -> bool {
        self.check_undo(side).is_ok()
    }

    fn check_undo(&self, side: Side) -> Result<(), UndoError> {
        // Once the other side is asked to decide, what it was asked about stands.
        if !self.to_decide().includes(side)
            && self.outcome().is_none()
            && let Some(last) = self.history.last()
            && last.side == side
            && self.history.len() > self.undo_floor
        {
            return Err(UndoError::NotDeciding {
                side: self.rules.side_name(side).to_string(),
            });
        }
        match self.history.last() {
            Some(last) if self.history.len() > self.undo_floor => {
                if last.side == side {
                    Ok(())
                } else {
                    Err(UndoError::NotYours {
                        owner: self.rules.side_name(last.side).to_string(),
                    })
                }
            }
            _ => Err(UndoError::NothingToUndo),
        }
    }

    /// Takes back `side`'s latest decision.
    pub fn undo(&mut self, side: Side) -> Result<(), UndoError> {
        self.check_undo(side)?;
        let keep = self.history.len() - 1;
        let mut state = self
            .rules
            .setup(&self.options, self.seed)
            .map_err(|e| UndoError::ReplayFailed(e.to_string()))?;
        let mut events = Vec::new();
        for (i, d) in self.history[..keep].iter().enumerate() {
            events.clear();
            self.rules
                .apply(&mut state, d.side, &d.action, &mut events)
                .map_err(|e| UndoError::ReplayFailed(format!("decision {}: {e}", i + 1)))?;
        }
        self.state = state;
        self.listed_for = None;
        self.history.truncate(keep);
        Ok(())
    }
}

impl<R: Ruleset> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            rules: self.rules.clone(),
            options: self.options.clone(),
            seed: self.seed,
            state: self.state.clone(),
            history: self.history.clone(),
            undo_floor: self.undo_floor,
            events: Vec::new(),
            choices: self.choices.clone(),
            listed_for: self.listed_for,
        }
    }
}

impl<R: Ruleset> std::fmt::Debug for Game<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("ruleset", &self.rules.id())
            .field("scenario", &self.rules.scenario_id())
            .field("seed", &self.seed)
            .field("decisions", &self.history.len())
            .finish()
    }
}
