//! The interface between a rule system and everything generic.

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::collections::BTreeMap;
use std::fmt::{self, Debug};

/// One of the two players. Each rule system names them (`Ruleset::side_name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Who must decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decider {
    One(Side),
    /// Both sides have a decision open (simultaneous choices); either may act.
    Both,
    /// Nobody: the game is over.
    Nobody,
}

impl Decider {
    pub fn includes(self, side: Side) -> bool {
        match self {
            Decider::One(s) => s == side,
            Decider::Both => true,
            Decider::Nobody => false,
        }
    }
}

/// What one side is asked now: a sentence, and every legal choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prompt<A> {
    pub side: Side,
    pub text: String,
    pub choices: Vec<A>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub reason: String,
}

/// Optional rules chosen before a game, by key. Every rule system lists the keys
/// it understands in [`Ruleset::option_specs`]; unknown keys are a setup error.
pub type Options = BTreeMap<String, bool>;

/// One optional rule the players may switch on or off before a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    pub key: String,
    pub title: String,
    pub description: String,
    pub default: bool,
    /// `Some(v)` when the scenario fixes the value (the player cannot change it).
    pub fixed: Option<bool>,
}

/// What the launcher and the command line show of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScenarioInfo {
    pub ruleset: String,
    pub id: String,
    pub title: String,
    pub date: String,
    pub sides: [String; 2],
    pub description: String,
}

/// An action the rules refuse. The state is unchanged when this is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("{side} has no decision to make now ({waiting})")]
    NotYourTurn { side: String, waiting: String },
    #[error("{side} cannot {action} now: it is not one of the choices for \"{prompt}\"")]
    NotAChoice {
        side: String,
        action: String,
        prompt: String,
    },
    #[error("the game is over: {0}")]
    GameOver(String),
    /// A parameterised choice whose value the rules refuse (out of reach,
    /// through impassable ground, too close to the enemy...).
    #[error("{side} cannot {action}: {reason}")]
    Refused {
        side: String,
        action: String,
        reason: String,
    },
    #[error("{side} has no choice number {index}: {count} were listed for \"{prompt}\"")]
    NoSuchChoice {
        side: String,
        index: usize,
        count: usize,
        prompt: String,
    },
}

/// A scenario and its options cannot make a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// A rule system with its loaded scenario. The value holds the static data
/// (map, tables, cards, precomputed line of sight); `State` holds what changes.
///
/// Rules are pure: no clock, no global random generator, no I/O. The state
/// carries its own seeded generator, so the same scenario, options, seed and
/// actions give the same game, bit for bit.
///
/// Every part may cross threads (`Send + Sync + 'static`): the app keeps a
/// game in a Bevy resource, and the generic dispatch of the catalog serves it
/// as it serves the command line.
pub trait Ruleset: Clone + Send + Sync + 'static {
    type State: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type View: Serialize + Send + Sync + 'static;
    type Event: Clone + Debug + Serialize + Send + Sync + 'static;

    /// The rule system's id, as used in folder names and save files.
    fn id(&self) -> &'static str;
    /// The scenario's id (its file name without extension).
    fn scenario_id(&self) -> &str;
    /// A digest of the scenario data, stored in saves to tell when it changed.
    fn scenario_digest(&self) -> u64;
    fn side_name(&self, side: Side) -> &str;
    /// The optional rules of this scenario.
    fn option_specs(&self) -> Vec<OptionSpec>;

    fn setup(&self, options: &Options, seed: u64) -> Result<Self::State, SetupError>;
    fn to_decide(&self, s: &Self::State) -> Decider;
    /// Every legal choice for `side` now, appended to `out` (empty when `side`
    /// has nothing to decide). This is the one source of legal moves: the
    /// board highlights from it, `apply` checks against it, bots choose from it.
    fn choices(&self, s: &Self::State, side: Side, out: &mut Vec<Self::Action>);
    /// One of `side`'s choices now, drawn at random with the same chance
    /// for each choice of [`Ruleset::choices`] (uniform over that list), or
    /// `None` when it is empty. What random games take a step with.
    ///
    /// The default lists the choices and takes one with a single
    /// `rng.random_range(0..len)`, as random games always did, so a rule
    /// system that keeps it plays the same games draw for draw. A rule
    /// system whose listing checks many candidates may instead check only
    /// the ones it draws (candidates in a random order, the first legal one
    /// taken: uniform over the legal ones), but the result must always be
    /// one of `choices` and each with the same chance.
    fn random_choice(
        &self,
        s: &Self::State,
        side: Side,
        rng: &mut crate::GameRng,
    ) -> Option<Self::Action> {
        use rand::RngExt;
        let mut choices = Vec::new();
        self.choices(s, side, &mut choices);
        if choices.is_empty() {
            return None;
        }
        let pick = rng.random_range(0..choices.len());
        Some(choices.swap_remove(pick))
    }
    /// What `side` is asked now, in words.
    fn prompt_text(&self, s: &Self::State, side: Side) -> String;
    /// Carries out an action already known to be legal (one of `choices(s,
    /// side)` for this very state), appending what happened to `events`.
    /// Everything else goes through [`Ruleset::apply`], which checks first;
    /// the engine calls this directly only with a choice it has just listed
    /// (`Game::apply_choice`), so that a random game or a click on a listed
    /// choice does not check again what generating it already proved.
    fn apply_legal(
        &self,
        s: &mut Self::State,
        side: Side,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    );
    /// Like [`Ruleset::apply_legal`], and where working out what follows
    /// already listed the choices of the side to decide next, hands them
    /// over in `next` (cleared first) and says whose they are, so that they
    /// need not be worked out again. `None` (the default): no list.
    fn apply_legal_listing(
        &self,
        s: &mut Self::State,
        side: Side,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
        next: &mut Vec<Self::Action>,
    ) -> Option<Side> {
        let _ = next;
        self.apply_legal(s, side, action, events);
        None
    }
    /// Applies an action if it is legal, appending what happened to `events`.
    /// An illegal one is refused with the reason, and the state and `events`
    /// are left as they were.
    fn apply(
        &self,
        s: &mut Self::State,
        side: Side,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError> {
        self.check_legal(s, side, action)?;
        self.apply_legal(s, side, action, events);
        Ok(())
    }
    /// What `side` may know (`None`: what everybody may know).
    fn view(&self, s: &Self::State, side: Option<Side>) -> Self::View;
    fn outcome(&self, s: &Self::State) -> Option<Outcome>;
    /// True for an event after which a decision cannot be taken back: a die
    /// rolled, a card drawn, hidden information revealed.
    fn ends_undo(&self, event: &Self::Event) -> bool;
    /// Checks the rule system's invariants (what must hold after every step).
    fn check_invariants(&self, s: &Self::State) -> Result<(), String>;
    /// An action in words as `viewer` reads it: the side choosing it (its
    /// prompt's choices) or, for a decision already taken, the side that took
    /// it. Written from what `viewer` may know, never from the state: a
    /// face-down enemy block is "a block", never its type or strength.
    fn describe_action(&self, s: &Self::State, viewer: Side, action: &Self::Action) -> String;
    /// The event as `viewer` may see it (`None` for a spectator): secrets
    /// blanked out, or nothing at all. For the board's animations; the words
    /// come from [`Ruleset::describe_events`].
    fn event_for(&self, event: &Self::Event, viewer: Option<Side>) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }
    /// The events of one step (`s` is the state after it) in words, one entry
    /// per event, as `viewer` reads them (`None` for a spectator): `None`
    /// where the viewer does not learn of the event. Written from what the
    /// viewer may know; the events of one step are described together because
    /// one may reveal what the next names (a fire combat turns its target
    /// face up before its losses are told).
    fn describe_events(
        &self,
        s: &Self::State,
        events: &[Self::Event],
        viewer: Option<Side>,
    ) -> Vec<Option<String>>;

    /// The odds of `action` for `side`, about to choose it: what may come of
    /// the combat, artillery fire or sabotage it commits to (`None`: no dice
    /// hang on it, or the rule system does not say). Worked out only from
    /// what `side` may know (`view(s, Some(side))`): never from the true
    /// strength of a hidden enemy block, the state's generator or dice set
    /// on the table; what `side` cannot know is averaged over or assumed,
    /// and the odds' notes say so.
    fn odds(&self, s: &Self::State, side: Side, action: &Self::Action) -> Option<crate::Odds> {
        let _ = (s, side, action);
        None
    }

    /// Whether anything is hidden from one side now. At one shared screen a
    /// change of player then goes through the hand-over screen. `true` by
    /// default: a rule system with nothing hidden says so.
    fn secrets_at_table(&self, s: &Self::State) -> bool {
        let _ = s;
        true
    }
    /// Whether the action is "pass" or "end this step" (the app's pass key).
    fn is_pass(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }
    /// Whether the event is a die roll or a dice count (highlighted in the
    /// log, and held on screen a moment).
    fn is_dice_event(&self, event: &Self::Event) -> bool {
        let _ = event;
        false
    }
    /// The id of the section of the rules reference (`RuleSystem::REFERENCE`)
    /// behind the current prompt; empty: none.
    fn rules_section(&self, s: &Self::State) -> &'static str {
        let _ = s;
        ""
    }

    /// The parameterised choices `side` has now, with their limits (an
    /// advance of up to some inches, a wheel, a new pose): for the board,
    /// which lets a player pick any value within them. Empty by default:
    /// a rule system whose every choice is in `choices` offers none. A rule
    /// system that offers some also lists a finite sample of them in
    /// `choices` (for the tester and bots) and accepts in `legal` any value
    /// its geometry allows.
    fn offers(&self, s: &Self::State, side: Side) -> Vec<crate::param::Offer<Self::Action>> {
        let _ = (s, side);
        Vec::new()
    }
    /// Why `action` is refused now, in words, when it is not legal (`None`:
    /// not said; the refusal then names the prompt). Rule systems with
    /// parameterised choices say what is wrong with the value.
    fn refusal(&self, s: &Self::State, side: Side, action: &Self::Action) -> Option<String> {
        let _ = (s, side, action);
        None
    }

    /// A complete state consistent with what `side` knows of `s`, for a
    /// search bot (issue 20, `docs/bot.md`): everything `side` cannot see is
    /// drawn again from what it might be. The opponent's face-down blocks
    /// exchanged among those `side` cannot tell apart, hands dealt again
    /// from the cards `side` has not seen, draw piles shuffled, and the
    /// state's own generator seeded afresh from `rng`, so that no bot
    /// knows the dice to come. What `side` sees (its view, its own
    /// secrets, every name it may use in an action) stays as it is.
    ///
    /// The result depends only on `view(s, Some(side))`, what `side` has
    /// seen before, and `rng`: two states that differ only in what `side`
    /// cannot see give the same result for the same `rng`. The default
    /// returns `s` unchanged, which is right only for a rule system with
    /// nothing hidden and no generator in its state; every built rule
    /// system overrides it.
    fn determinize(&self, s: &Self::State, side: Side, rng: &mut crate::GameRng) -> Self::State {
        let _ = (side, rng);
        s.clone()
    }
    /// Like [`Ruleset::determinize`], for a rule system some of whose
    /// secrets are kept in the rule-system value rather than in the state
    /// (Death on the Rails keeps which sticker each block carries in its
    /// scenario, and names blocks by number): the rules and state to search
    /// on. Bots call this one. The default is the rules unchanged with
    /// [`Ruleset::determinize`]'s state.
    fn determinize_rules(
        &self,
        s: &Self::State,
        side: Side,
        rng: &mut crate::GameRng,
    ) -> (Self, Self::State) {
        (self.clone(), self.determinize(s, side, rng))
    }
    /// A heuristic value of the position for `side`, in `[0, 1]`: about the
    /// chance that `side` wins, 1 won, 0 lost, a draw 0.5. A search bot cuts
    /// its random playouts short with it. It may read the whole state (a
    /// bot only asks it of states it drew itself with `determinize`). The
    /// default knows only the outcome: 1, 0, or 0.5 for a draw or a game
    /// still going.
    fn evaluate(&self, s: &Self::State, side: Side) -> f32 {
        match self.outcome(s) {
            Some(Outcome {
                winner: Some(w), ..
            }) => {
                if w == side {
                    1.0
                } else {
                    0.0
                }
            }
            _ => 0.5,
        }
    }
    /// How much a search bot's random playout favours `action` among
    /// `side`'s choices in `s`: a relative weight, above 0 (issue 20,
    /// `docs/bot.md`). A playout picks each choice with a chance in
    /// proportion to its weight, so that it can lean towards what makes
    /// the game go on (an advance, a shot) rather than what stalls it. It
    /// may read the whole state (asked only of drawn states). The default
    /// is 1 for every choice: uniform playouts.
    fn playout_weight(&self, s: &Self::State, side: Side, action: &Self::Action) -> f32 {
        let _ = (s, side, action);
        1.0
    }
    /// Compound choices for a search bot (issue 20, `docs/bot.md`): where
    /// one decision of the rules is worth nothing alone (choosing the kind
    /// of a unit's action before how far it goes), the search may take a
    /// short sequence of `side`'s decisions as one step. Each compound
    /// pushed to `out` starts with one of `choices` (`side`'s legal
    /// choices in `s`, as listed), and every later action is one of
    /// `side`'s legal choices in `s` after those before it, with `side`
    /// still to decide; together the compounds must offer every choice
    /// in `choices` as the first action of at least one, so that the
    /// bot may still make any decision it could make alone. Built from
    /// `side`'s choices only (never from what it cannot see that is not
    /// in `s`, which a bot draws itself with `determinize`).
    ///
    /// Returns `false` (the default) for no compounds: the search then
    /// takes each of `choices` alone, as before this hook.
    fn compound_choices(
        &self,
        s: &Self::State,
        side: Side,
        choices: &[Self::Action],
        out: &mut Vec<Vec<Self::Action>>,
    ) -> bool {
        let _ = (s, side, choices, out);
        false
    }

    /// The prompt for `side`: the sentence and its choices.
    fn prompt(&self, s: &Self::State, side: Side) -> Prompt<Self::Action> {
        let mut choices = Vec::new();
        self.choices(s, side, &mut choices);
        Prompt {
            side,
            text: self.prompt_text(s, side),
            choices,
        }
    }

    /// Whether `action` is one of `side`'s choices now. A rule system may
    /// override this to generate only the choices of the action's kind (from
    /// the same generators as `choices`, so there is still one source of
    /// legal moves); it must agree with `choices` exactly.
    fn legal(&self, s: &Self::State, side: Side, action: &Self::Action) -> bool {
        let mut choices = Vec::new();
        self.choices(s, side, &mut choices);
        choices.contains(action)
    }

    /// The standard legality check for `apply`: the side must be asked, and the
    /// action must be one of its choices.
    fn check_legal(
        &self,
        s: &Self::State,
        side: Side,
        action: &Self::Action,
    ) -> Result<(), RuleError> {
        if let Some(outcome) = self.outcome(s) {
            return Err(RuleError::GameOver(outcome.reason));
        }
        if !self.to_decide(s).includes(side) {
            let waiting = match self.to_decide(s) {
                Decider::One(other) => format!("waiting for {}", self.side_name(other)),
                _ => "nobody is to decide".to_string(),
            };
            return Err(RuleError::NotYourTurn {
                side: self.side_name(side).to_string(),
                waiting,
            });
        }
        if self.legal(s, side, action) {
            Ok(())
        } else if let Some(reason) = self.refusal(s, side, action) {
            Err(RuleError::Refused {
                side: self.side_name(side).to_string(),
                action: self.describe_action(s, side, action),
                reason,
            })
        } else {
            Err(RuleError::NotAChoice {
                side: self.side_name(side).to_string(),
                action: self.describe_action(s, side, action),
                prompt: self.prompt_text(s, side),
            })
        }
    }

    /// Search settings this rule system asks of a search bot where the
    /// bot is not told otherwise (issue 20, `docs/bot.md`): each field
    /// left `None` keeps the bot's own default. The default asks for
    /// nothing, so a rule system without it is searched as before.
    fn search_defaults(&self) -> SearchDefaults {
        SearchDefaults::default()
    }
}

/// A rule system as the catalog registers it: its id and title, how its
/// files load and are checked, and its rules reference. Implemented by the
/// rule system's [`Ruleset`] type; the catalog lists each in one line, and
/// everything else (command line, app) reaches it through that list.
pub trait RuleSystem: Ruleset + Sized {
    /// The id, as used in folder names (`scenarios/<id>/`) and save files.
    const ID: &'static str;
    /// The title the launcher shows.
    const TITLE: &'static str;
    /// The rules reference in our own words (`assets/rules/<id>.toml`): a
    /// TOML file with `ruleset = "<id>"` and `[[section]]`s of `id`, `title`
    /// and `text`; [`Ruleset::rules_section`] names its sections.
    const REFERENCE: &'static str;
    /// The kinds of data file (`kind = "..."` in a file's header), scenario
    /// first.
    const FILE_KINDS: &'static [&'static str];

    /// Loads a scenario file with everything it refers to.
    fn load(path: &std::path::Path) -> Result<Self, crate::data::DataErrors>;
    /// What the launcher and the command line show of a scenario file.
    fn load_info(path: &std::path::Path) -> Result<ScenarioInfo, crate::data::DataErrors>;
    /// Checks one data file of kind `kind` (one of [`RuleSystem::FILE_KINDS`])
    /// on its own, or with what it refers to for a scenario.
    fn check_file(kind: &str, path: &std::path::Path) -> Result<(), crate::data::DataErrors>;
}

/// Generic code that runs with whichever rule system a file or a command names:
/// the catalog loads the scenario and calls `visit` with the concrete type.
pub trait RulesetVisitor {
    type Output;
    fn visit<R: Ruleset>(self, rules: R) -> Self::Output;
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::A => f.write_str("A"),
            Side::B => f.write_str("B"),
        }
    }
}

/// Search settings a rule system may ask a search bot for
/// ([`Ruleset::search_defaults`]); `None` leaves the bot's own.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchDefaults {
    /// Random decisions played below the search tree before the position
    /// is valued ([`Ruleset::evaluate`]).
    pub playout_depth: Option<u32>,
    /// Whether playouts draw each choice in proportion to
    /// [`Ruleset::playout_weight`].
    pub weighted_playouts: Option<bool>,
    /// The tree's bias towards choices of more weight.
    pub weight_bias: Option<f32>,
}
