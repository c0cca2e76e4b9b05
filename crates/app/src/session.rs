//! A game being played at the shared screen: the rules' [`Game`], the log, who
//! sits at the screen, and the autosave. Generic over the rule system; the
//! screens talk to it through the object-safe [`AnyMatch`], the boards
//! downcast to the concrete [`Match`] of their rule system.

use bevy::prelude::*;
use engine::save::SaveFile;
use engine::{Decider, Game, Odds, Outcome, Ruleset, Side};
use std::any::Any;
use std::path::PathBuf;
use std::sync::OnceLock;

/// One event as each side may see it (`None`: that side does not learn of it).
#[derive(Clone, Debug)]
pub struct LogLine {
    /// The decision (1-based) that caused it; 0 for the setup.
    pub decision: usize,
    pub text: [Option<String>; 2],
    /// A die roll or a dice count: shown highlighted.
    pub dice: bool,
}

pub struct Match<R: Ruleset> {
    /// Read through [`Match::game`]: every change goes through the match,
    /// which lists the decision's choices again after it.
    game: Game<R>,
    pub log: Vec<LogLine>,
    /// The side whose player sits at the screen now ([`Match::seat`]).
    seat: Side,
    /// Player names, by side.
    pub players: [String; 2],
    pub autosave: Option<PathBuf>,
    /// Keyboard cursor in the list of choices.
    pub cursor: usize,
    /// Events of the latest decision not yet played out on the board.
    pub fresh: usize,
    pub message: Option<String>,
    /// Bumped on every change, so the board knows when to refresh.
    pub revision: u64,
    /// The seated side's prompt and each of its choices in words, worked
    /// out once per change (the choices themselves are the list the game
    /// keeps, [`Game::legal_choices`]).
    prompt: String,
    texts: Vec<String>,
    /// The odds of each choice, worked out when first asked for after a
    /// change (most decisions in a scripted game are never shown).
    odds: OnceLock<Vec<Option<Odds>>>,
}

impl<R: Ruleset> Match<R> {
    pub fn new(game: Game<R>, players: [String; 2], autosave: Option<PathBuf>) -> Self {
        let seat = match game.to_decide() {
            Decider::One(s) => s,
            _ => Side::A,
        };
        let mut m = Match {
            game,
            log: Vec::new(),
            seat,
            players,
            autosave,
            cursor: 0,
            fresh: 0,
            message: None,
            revision: 1,
            prompt: String::new(),
            texts: Vec::new(),
            odds: OnceLock::new(),
        };
        m.list_choices();
        m
    }

    /// The game; changed only through the match.
    pub fn game(&self) -> &Game<R> {
        &self.game
    }

    /// The side whose player sits at the screen now.
    pub fn seat(&self) -> Side {
        self.seat
    }

    /// Lists the seated side's choices for the decision as it is now (the
    /// game keeps the list: often the rules handed it over while applying
    /// the last decision) and writes the prompt and each choice in words.
    /// Called after every change of the game or the seat.
    fn list_choices(&mut self) {
        let seat = self.seat;
        self.game.legal_choices(seat);
        let rules = self.game.rules();
        let state = self.game.state();
        self.prompt = if self.game.to_decide().includes(seat) {
            rules.prompt_text(state, seat)
        } else {
            String::new()
        };
        self.texts = self
            .choices()
            .iter()
            .map(|a| rules.describe_action(state, seat, a))
            .collect();
        self.odds = OnceLock::new();
    }

    /// The seated side's choices: the one list that the board's clicks, the
    /// prompt panel (by index) and [`Match::choose`] all use.
    pub fn choices(&self) -> &[R::Action] {
        self.game.listed(self.seat).unwrap_or(&[])
    }

    fn record(&mut self, events: &[R::Event]) {
        let decision = self.game.history().len();
        let rules = self.game.rules();
        let [mut a, mut b] =
            Side::BOTH.map(|viewer| rules.describe_events(self.game.state(), events, Some(viewer)));
        for (i, e) in events.iter().enumerate() {
            self.log.push(LogLine {
                decision,
                text: [
                    a.get_mut(i).and_then(Option::take),
                    b.get_mut(i).and_then(Option::take),
                ],
                dice: rules.is_dice_event(e),
            });
        }
    }

    /// Applies choice `index` of the seated side's choices
    /// ([`Match::choices`]) with [`Game::apply_choice`]: the list proves it
    /// legal, so it is not listed or checked again.
    pub fn choose(&mut self, index: usize) -> Result<(), String> {
        let seat = self.seat;
        let events = match self.game.apply_choice(seat, index) {
            Ok(events) => events.to_vec(),
            Err(e) => {
                self.message = Some(e.to_string());
                return Err(e.to_string());
            }
        };
        self.fresh = events.len();
        self.record(&events);
        self.after_change();
        Ok(())
    }

    /// Applies an action of the seated side that need not be one of the
    /// listed choices (a parameterised choice made on the board: an advance
    /// of any length within its limits) with [`Game::apply`], which checks
    /// it: a refused one changes nothing, and its reason is the message.
    pub fn act(&mut self, action: R::Action) -> Result<(), String> {
        let seat = self.seat;
        let events = match self.game.apply(seat, action) {
            Ok(events) => events.to_vec(),
            Err(e) => {
                self.message = Some(e.to_string());
                return Err(e.to_string());
            }
        };
        self.fresh = events.len();
        self.record(&events);
        self.after_change();
        Ok(())
    }

    fn after_change(&mut self) {
        self.cursor = 0;
        self.message = None;
        self.revision += 1;
        self.list_choices();
        self.autosave_now();
    }

    pub fn autosave_now(&mut self) {
        if let Some(path) = &self.autosave
            && let Err(e) = crate::saves::write_autosave(path, &self.save_file())
        {
            self.message = Some(format!("could not save the game: {e}"));
        }
    }

    pub fn save_file(&self) -> SaveFile {
        SaveFile::of_game(&self.game)
    }

    /// The odds of each of the seated side's choices (`None`: no dice), as
    /// the seated side may know them; worked out once per decision.
    pub fn choice_odds(&self) -> &[Option<Odds>] {
        self.odds.get_or_init(|| {
            let rules = self.game.rules();
            self.choices()
                .iter()
                .map(|a| rules.odds(self.game.state(), self.seat, a))
                .collect()
        })
    }

    /// The choices of the seated side, in words (in the order of
    /// [`Match::choices`]).
    pub fn choice_texts(&self) -> &[String] {
        &self.texts
    }
}

/// What the generic screens need of a game in progress.
pub trait AnyMatch: Send + Sync + 'static {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn ruleset_id(&self) -> &'static str;
    fn scenario_id(&self) -> String;
    fn side_name(&self, side: Side) -> String;
    fn player(&self, side: Side) -> String;
    fn seat(&self) -> Side;
    fn set_seat(&mut self, side: Side);
    fn to_decide(&self) -> Decider;
    fn outcome(&self) -> Option<Outcome>;
    /// The side that must take the seat before the game can go on.
    fn hand_over_to(&self) -> Option<Side>;
    /// Whether one side may not see everything now (then a change of seat
    /// goes through the hand-over screen).
    fn secrets(&self) -> bool;
    /// The seated side's prompt (empty when it is not deciding).
    fn prompt_text(&self) -> &str;
    /// The seated side's choices in words, worked out once per change.
    fn choice_texts(&self) -> &[String];
    /// The odds of each choice (`None`: no dice), from the seated side's
    /// view; worked out once per change, when first asked for.
    fn choice_odds(&self) -> &[Option<Odds>];
    fn cursor(&self) -> usize;
    fn set_cursor(&mut self, c: usize);
    fn choose(&mut self, index: usize) -> Result<(), String>;
    fn can_undo(&self) -> bool;
    fn undo(&mut self) -> Result<(), String>;
    fn log(&self) -> &[LogLine];
    fn decisions(&self) -> usize;
    fn save_json(&self) -> String;
    fn message(&self) -> Option<String>;
    fn set_message(&mut self, m: Option<String>);
    fn revision(&self) -> u64;
    /// How many events the latest decision made, and whether dice were among
    /// them; cleared when read.
    fn take_fresh(&mut self) -> (usize, bool);
    fn rules_section(&self) -> &'static str;
    fn autosave_now(&mut self);
    /// The index of the seated side's pass (or end-of-step) choice.
    fn pass_choice(&self) -> Option<usize>;
}

impl<R: Ruleset> AnyMatch for Match<R> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn ruleset_id(&self) -> &'static str {
        self.game.rules().id()
    }
    fn scenario_id(&self) -> String {
        self.game.rules().scenario_id().to_string()
    }
    fn side_name(&self, side: Side) -> String {
        self.game.rules().side_name(side).to_string()
    }
    fn player(&self, side: Side) -> String {
        self.players[side.index()].clone()
    }
    fn seat(&self) -> Side {
        Match::seat(self)
    }
    fn set_seat(&mut self, side: Side) {
        if self.seat != side {
            self.seat = side;
            self.cursor = 0;
            self.revision += 1;
            self.list_choices();
        }
    }
    fn to_decide(&self) -> Decider {
        self.game.to_decide()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn hand_over_to(&self) -> Option<Side> {
        let next = match self.game.to_decide() {
            Decider::One(s) => s,
            // Both may act (a simultaneous setup): the seated player goes on.
            Decider::Both | Decider::Nobody => return None,
        };
        (next != self.seat).then_some(next)
    }
    fn secrets(&self) -> bool {
        self.game.rules().secrets_at_table(self.game.state())
    }
    fn prompt_text(&self) -> &str {
        &self.prompt
    }
    fn choice_texts(&self) -> &[String] {
        Match::choice_texts(self)
    }
    fn choice_odds(&self) -> &[Option<Odds>] {
        Match::choice_odds(self)
    }
    fn cursor(&self) -> usize {
        self.cursor
    }
    fn set_cursor(&mut self, c: usize) {
        self.cursor = c;
    }
    fn choose(&mut self, index: usize) -> Result<(), String> {
        Match::choose(self, index)
    }
    fn can_undo(&self) -> bool {
        self.game.can_undo(self.seat)
    }
    fn undo(&mut self) -> Result<(), String> {
        match self.game.undo(self.seat) {
            Ok(()) => {
                let keep = self.game.history().len();
                self.log.retain(|l| l.decision <= keep);
                self.fresh = 0;
                self.after_change();
                Ok(())
            }
            Err(e) => {
                self.message = Some(e.to_string());
                Err(e.to_string())
            }
        }
    }
    fn log(&self) -> &[LogLine] {
        &self.log
    }
    fn decisions(&self) -> usize {
        self.game.history().len()
    }
    fn save_json(&self) -> String {
        self.save_file().to_json()
    }
    fn message(&self) -> Option<String> {
        self.message.clone()
    }
    fn set_message(&mut self, m: Option<String>) {
        self.message = m;
    }
    fn revision(&self) -> u64 {
        self.revision
    }
    fn take_fresh(&mut self) -> (usize, bool) {
        let n = std::mem::take(&mut self.fresh);
        let dice = self.log[self.log.len().saturating_sub(n)..]
            .iter()
            .any(|l| l.dice);
        (n, dice)
    }
    fn rules_section(&self) -> &'static str {
        self.game.rules().rules_section(self.game.state())
    }
    fn autosave_now(&mut self) {
        Match::autosave_now(self)
    }
    fn pass_choice(&self) -> Option<usize> {
        self.choices()
            .iter()
            .position(|a| self.game.rules().is_pass(a))
    }
}

/// The game being played, if any.
#[derive(Resource, Default)]
pub struct Session(pub Option<Box<dyn AnyMatch>>);

impl Session {
    pub fn get(&self) -> Option<&dyn AnyMatch> {
        self.0.as_deref()
    }
    pub fn get_mut(&mut self) -> Option<&mut (dyn AnyMatch + 'static)> {
        self.0.as_deref_mut()
    }
    /// The concrete match of rule system `R`, for its board.
    pub fn of<R: Ruleset>(&self) -> Option<&Match<R>> {
        self.get()?.as_any().downcast_ref::<Match<R>>()
    }
    pub fn of_mut<R: Ruleset>(&mut self) -> Option<&mut Match<R>> {
        self.get_mut()?.as_any_mut().downcast_mut::<Match<R>>()
    }
}
