//! A game being played at the shared screen: the rules' [`Game`], the log, who
//! sits at the screen, and the autosave. Generic over the rule system; the
//! screens talk to it through the object-safe [`AnyMatch`], the boards
//! downcast to the concrete [`Match`] of their rule system.

use crate::computer::{Seats, Thought};
use bevy::prelude::*;
use engine::save::SaveFile;
use engine::{Decider, Game, Odds, Outcome, Ruleset, Side};
use std::any::Any;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Each match made in this run has its own number, so that an answer of the
/// computer's search is never taken for another game's.
static SERIAL: AtomicU64 = AtomicU64::new(1);

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
    /// Who sits on each side: a person or the computer.
    seats: Seats,
    /// The positions each side decided in since the last die, draw or
    /// reveal, so that the computer does not go round in circles (kept as
    /// `bot::duel` keeps it; only while the computer plays).
    recent: bot::Recent,
    /// The decision (1-based) the computer took last, 0 for none.
    computer_last: usize,
    serial: u64,
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
            seats: Seats::PERSONS,
            recent: bot::Recent::default(),
            computer_last: 0,
            serial: SERIAL.fetch_add(1, Ordering::Relaxed),
        };
        m.list_choices();
        m
    }

    /// The match with who sits on each side: with one person the screen
    /// shows that person's side from the start (and never changes hands).
    pub fn with_seats(mut self, seats: Seats) -> Self {
        self.seats = seats;
        if let Some(side) = seats.fixed_seat() {
            self.seat = side;
        }
        self.remember_recent();
        self.revision += 1;
        self.list_choices();
        self
    }

    pub fn seats(&self) -> Seats {
        self.seats
    }

    /// Works out [`Match::recent`] for the game as it stands, from its
    /// decisions (after a load or an undo), as if it had been kept all
    /// along.
    fn remember_recent(&mut self) {
        self.recent = bot::Recent::default();
        if self.seats.persons() == 2 {
            return;
        }
        let rules = self.game.rules().clone();
        let Ok(mut s) = rules.setup(self.game.options(), self.game.seed()) else {
            return;
        };
        let mut events = Vec::new();
        for d in self.game.history() {
            let before = s.clone();
            events.clear();
            if rules.apply(&mut s, d.side, &d.action, &mut events).is_err() {
                self.recent = bot::Recent::default();
                return;
            }
            self.recent.note(&rules, &before, d.side, &events);
        }
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
        // A computer's side at the screen (two computers, watched) shows
        // its board and log, but no prompt and no choice to take.
        self.prompt = if self.game.to_decide().includes(seat) && !self.seats.is_computer(seat) {
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
        if self.seats.is_computer(self.seat) {
            return &[];
        }
        self.game.listed(self.seat).unwrap_or(&[])
    }

    /// Refuses a person's decision for a side the computer plays.
    fn person_at(&mut self, side: Side) -> Result<(), String> {
        if self.seats.is_computer(side) {
            let e = format!(
                "The computer decides for {}.",
                self.game.rules().side_name(side)
            );
            self.message = Some(e.clone());
            return Err(e);
        }
        Ok(())
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
        self.person_at(seat)?;
        let before = self.before_decision();
        let events = match self.game.apply_choice(seat, index) {
            Ok(events) => events.to_vec(),
            Err(e) => {
                self.message = Some(e.to_string());
                return Err(e.to_string());
            }
        };
        self.note_recent(before, seat, &events);
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
        self.person_at(self.seat)?;
        self.act_as(self.seat, action)
    }

    /// [`Match::act`] for either side: the computer's decisions, also those
    /// it takes while the person's side is seated (out of turn).
    pub fn act_as(&mut self, side: Side, action: R::Action) -> Result<(), String> {
        let before = self.before_decision();
        let events = match self.game.apply(side, action) {
            Ok(events) => events.to_vec(),
            Err(e) => {
                self.message = Some(e.to_string());
                return Err(e.to_string());
            }
        };
        self.note_recent(before, side, &events);
        self.fresh = events.len();
        self.record(&events);
        self.after_change();
        Ok(())
    }

    /// The state before a decision, kept for [`Match::recent`] while the
    /// computer plays.
    fn before_decision(&self) -> Option<R::State> {
        (self.seats.persons() < 2).then(|| self.game.state().clone())
    }

    fn note_recent(&mut self, before: Option<R::State>, side: Side, events: &[R::Event]) {
        if let Some(before) = before {
            self.recent.note(self.game.rules(), &before, side, events);
        }
    }

    /// What the computer's search for `side` needs, copied, to run on a
    /// thread of its own: the rules, the state, `side`'s choices, the
    /// positions seen. Its seed is `bot::decision_seed(game seed, decision
    /// number)`, so the same game and budget give the same choice.
    pub fn think(&self, side: Side, budget: bot::Budget) -> Thought {
        let rules = self.game.rules().clone();
        let state = self.game.state().clone();
        let mut choices = Vec::new();
        self.game.choices(side, &mut choices);
        let recent = self.recent.clone();
        let seed = bot::decision_seed(self.game.seed(), self.game.history().len() as u64);
        let player = bot::Player::new(bot::PlayerKind::Mcts, budget);
        Box::new(move || {
            let chosen = if choices.is_empty() {
                None
            } else {
                let i = player.choose_avoiding(&rules, &state, side, &choices, seed, &recent);
                choices.into_iter().nth(i)
            };
            Box::new(chosen) as Box<dyn Any + Send>
        })
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
            && let Err(e) = crate::saves::write_atomically(path, &self.save_text())
        {
            self.message = Some(format!("could not save the game: {e}"));
        }
    }

    pub fn save_file(&self) -> SaveFile {
        SaveFile::of_game(&self.game)
    }

    /// The save file's text: the game, and who sits on each side.
    pub fn save_text(&self) -> String {
        crate::saves::with_seats(&self.save_file(), self.seats)
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
    /// This match's number in the run (no two matches share one).
    fn serial(&self) -> u64;
    /// Who sits on each side.
    fn seats(&self) -> Seats;
    /// The computer's side that must decide now, if any (in a simultaneous
    /// setup, where both may, side A's first).
    fn computer_to_decide(&self) -> Option<Side>;
    /// How long the computer thinks for `side`.
    fn budget(&self, side: Side) -> bot::Budget;
    /// The computer's search for `side` in the game as it is now, to run
    /// off the main thread ([`Match::think`]).
    fn think(&self, side: Side, budget: bot::Budget) -> Thought;
    /// Applies what a search made by [`AnyMatch::think`] chose for `side`,
    /// as a person's choice is applied ([`Match::act_as`]).
    fn apply_thought(&mut self, side: Side, chosen: Box<dyn Any + Send>) -> Result<(), String>;
    /// The decision (1-based) the computer took last, 0 for none.
    fn computer_last(&self) -> usize;
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
        // With one person at the table the screen shows that person's side
        // only: the computer's never takes the seat.
        if self.seats.fixed_seat().is_some_and(|fixed| fixed != side) {
            return;
        }
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
        // The computer decides from wherever the seat is: the screen keeps
        // showing the person's side.
        (next != self.seat && !self.seats.is_computer(next)).then_some(next)
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
        !self.seats.is_computer(self.seat) && self.game.can_undo(self.seat)
    }
    fn undo(&mut self) -> Result<(), String> {
        self.person_at(self.seat)?;
        match self.game.undo(self.seat) {
            Ok(()) => {
                let keep = self.game.history().len();
                self.log.retain(|l| l.decision <= keep);
                self.fresh = 0;
                self.computer_last = self.computer_last.min(keep);
                self.remember_recent();
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
        self.save_text()
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
    fn serial(&self) -> u64 {
        self.serial
    }
    fn seats(&self) -> Seats {
        self.seats
    }
    fn computer_to_decide(&self) -> Option<Side> {
        match self.game.to_decide() {
            Decider::One(s) => self.seats.is_computer(s).then_some(s),
            Decider::Both => Side::BOTH.into_iter().find(|&s| self.seats.is_computer(s)),
            Decider::Nobody => None,
        }
    }
    fn budget(&self, side: Side) -> bot::Budget {
        match self.seats.of(side) {
            crate::computer::Seat::Computer(strength) => strength.budget(),
            crate::computer::Seat::Person => bot::Budget::NORMAL,
        }
    }
    fn think(&self, side: Side, budget: bot::Budget) -> Thought {
        Match::think(self, side, budget)
    }
    fn apply_thought(&mut self, side: Side, chosen: Box<dyn Any + Send>) -> Result<(), String> {
        let chosen = chosen
            .downcast::<Option<R::Action>>()
            .map_err(|_| "its answer was for another game".to_string())?;
        let Some(action) = *chosen else {
            return Err(format!(
                "{} has no choice to make",
                self.game.rules().side_name(side)
            ));
        };
        self.act_as(side, action)?;
        self.computer_last = self.game.history().len();
        Ok(())
    }
    fn computer_last(&self) -> usize {
        self.computer_last
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
