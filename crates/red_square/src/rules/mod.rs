//! The rules of Red Square, one module per section of the rulebook:
//! `setup` (the scenario's deployment), `turn_sequence` (dealing, turning and
//! playing the cards, Jokers, the end of a turn), `activation` (the
//! activation dice and the Activation Table), `command` (orders and
//! headquarters), `movement` (the Movement Table, facing, wheels, roads),
//! `overrun`, `observation`, `firing` (infantry, cavalry, MG and vehicle
//! fire, held and threat fire), `casualties`, `occupancy` (the Square
//! Occupancy Table) and `victory` (the scenarios' own conditions).
//! Where the text is silent, our reading is in `docs/red_square/rulings.md`.

pub mod activation;
pub mod armoured_trains;
pub mod casualties;
pub mod command;
pub mod digging_in;
pub mod firing;
pub mod invariants;
pub mod mounted_combat;
pub mod movement;
pub mod observation;
pub mod occupancy;
pub mod odds;
pub mod overrun;
pub mod setup;
pub mod terrain;
pub mod turn_sequence;
pub mod victory;

use crate::data::Class;
use crate::scenario::{Scenario, UnitType};
use crate::state::{Action, Event, Phase, State, Status, Unit, UnitId};
use crate::view::View;
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use std::path::Path;
use std::sync::Arc;

/// Optional rule (Games Designer's Notes): an armoured car fires on one of
/// its two cards a turn only.
pub const ARMOURED_CARS_FIRE_ONCE: &str = "armoured_cars_fire_once";
/// Optional rule (Games Designer's Notes): armour moves at most one square
/// a card off the road.
pub const ARMOUR_ONE_SQUARE_OFF_ROAD: &str = "armour_one_square_off_road";

/// The rule system with its scenario loaded.
#[derive(Clone, Debug)]
pub struct RedSquare {
    pub scenario: Arc<Scenario>,
}

impl RedSquare {
    pub fn new(scenario: Scenario) -> Self {
        RedSquare {
            scenario: Arc::new(scenario),
        }
    }

    pub fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(Self::new)
    }

    pub fn sc(&self) -> &Scenario {
        &self.scenario
    }

    pub fn ty(&self, u: &Unit) -> &UnitType {
        &self.scenario.types[u.kind as usize]
    }
    pub fn class(&self, u: &Unit) -> Class {
        self.scenario.types[u.kind as usize].class
    }

    /// Who decides in this state (None: nobody, the game is over).
    pub fn decider(&self, s: &State) -> Option<Side> {
        match &s.phase {
            Phase::GameOver => None,
            Phase::Headquarters(side) | Phase::Joker(side) => Some(*side),
            Phase::Ace { card } | Phase::Activate { card } | Phase::Act { card, .. } => {
                Some(s.unit(s.dealt[*card as usize].holder).side)
            }
            Phase::TrainCard { unit } => Some(s.unit(*unit).side),
            Phase::Moving(m) => Some(s.unit(m.unit).side),
            Phase::Charge { unit, .. } => Some(s.unit(*unit).side),
            Phase::Reaction { side, .. } => Some(*side),
        }
    }

    /// One die of `sides` faces: a loaded die if any is set, else the generator's.
    pub(crate) fn die(&self, s: &mut State, sides: u8) -> u8 {
        use rand::RngExt;
        match s.loaded.pop() {
            Some(d) => d.clamp(1, sides),
            None => s.rng.random_range(1..=sides),
        }
    }

    /// Enemy units of `side` on the table (figures included).
    pub fn enemies_of<'a>(&self, s: &'a State, side: Side) -> impl Iterator<Item = &'a Unit> + 'a {
        s.on_table().filter(move |u| u.side != side)
    }

    /// Whether any enemy of `side` (not a command figure) stands in or next to `sq`.
    pub fn enemy_adjacent(&self, s: &State, side: Side, sq: crate::grid::Sq) -> bool {
        self.enemies_of(s, side)
            .any(|e| !self.class(e).is_figure() && self.scenario.grid.distance(e.at, sq) <= 1)
    }

    /// The distance to the nearest enemy troops (not figures); 255 if none.
    pub fn nearest_enemy(&self, s: &State, side: Side, sq: crate::grid::Sq) -> u8 {
        self.enemies_of(s, side)
            .filter(|e| !self.class(e).is_figure())
            .map(|e| self.scenario.grid.distance(e.at, sq))
            .min()
            .unwrap_or(255)
    }

    /// Puts a unit out of the game.
    pub(crate) fn remove(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(id);
        if u.status == Status::Gone {
            return;
        }
        let side = u.side;
        let bases = u.bases;
        u.status = Status::Gone;
        u.bases = 0;
        u.hits = 0;
        u.lost += bases;
        s.losses[side.index()] += bases as u16;
        ev.push(Event::Removed { unit: id });
        // Its MGs and tchankas are no longer with anyone; its subordinates
        // are standalone.
        for x in s.units.iter_mut() {
            if x.with == Some(id) {
                x.with = None;
            }
            if x.co == Some(id) {
                x.co = None;
            }
        }
    }

    pub(crate) fn end_game(&self, s: &mut State, outcome: Outcome, ev: &mut Vec<Event>) {
        ev.push(Event::GameOver {
            outcome: outcome.clone(),
        });
        s.outcome = Some(outcome);
        s.phase = Phase::GameOver;
    }
}

impl Ruleset for RedSquare {
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn id(&self) -> &'static str {
        crate::data::RULESET_ID
    }
    fn scenario_id(&self) -> &str {
        &self.scenario.info.id
    }
    fn scenario_digest(&self) -> u64 {
        self.scenario.digest
    }
    fn side_name(&self, side: Side) -> &str {
        &self.scenario.info.sides[side.index()]
    }
    /// The Games Designer's Notes' two thoughts on armour, as optional rules.
    fn option_specs(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: ARMOURED_CARS_FIRE_ONCE.to_string(),
                title: "Armoured cars fire once a turn".to_string(),
                description: "The designer found armoured cars firing on both their cards too strong: with this, an armoured car fires on only one of its cards each turn.".to_string(),
                default: false,
                fixed: None,
            },
            OptionSpec {
                key: ARMOUR_ONE_SQUARE_OFF_ROAD.to_string(),
                title: "Armour slow off the road".to_string(),
                description: "Armoured cars and tanks move at most one square a card away from roads.".to_string(),
                default: false,
                fixed: None,
            },
        ]
    }

    fn setup(&self, options: &Options, seed: u64) -> Result<State, SetupError> {
        let specs = self.option_specs();
        if let Some(key) = options.keys().find(|k| !specs.iter().any(|o| &o.key == *k)) {
            return Err(SetupError(format!(
                "unknown option \"{key}\": this game knows {}",
                specs
                    .iter()
                    .map(|o| o.key.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut s = self.new_game(seed);
        s.options = [
            options
                .get(ARMOURED_CARS_FIRE_ONCE)
                .copied()
                .unwrap_or(false),
            options
                .get(ARMOUR_ONE_SQUARE_OFF_ROAD)
                .copied()
                .unwrap_or(false),
        ];
        Ok(s)
    }

    fn to_decide(&self, s: &State) -> Decider {
        match self.decider(s) {
            Some(side) => Decider::One(side),
            None => Decider::Nobody,
        }
    }

    fn choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if self.decider(s) != Some(side) {
            return;
        }
        match &s.phase {
            Phase::Headquarters(side) => self.hq_choices(s, *side, out),
            Phase::Ace { card } => {
                out.push(Action::AceHigh {
                    card: *card,
                    high: false,
                });
                out.push(Action::AceHigh {
                    card: *card,
                    high: true,
                });
            }
            Phase::TrainCard { unit } => self.train_card_choices(s, *unit, out),
            Phase::Joker(side) => self.joker_choices(s, *side, out),
            Phase::Activate { card } => self.activate_choices(s, *card, out),
            Phase::Act { card, score } => self.act_choices(s, *card, *score, out),
            Phase::Moving(m) => self.move_choices(s, m, out),
            Phase::Charge { unit, .. } => self.charge_choices(s, *unit, out),
            Phase::Reaction { mover, side } => self.reaction_choices(s, *mover, *side, out),
            Phase::GameOver => {}
        }
    }

    fn prompt_text(&self, s: &State, side: Side) -> String {
        crate::text::prompt(self, s, side)
    }

    fn apply_legal(&self, s: &mut State, side: Side, action: &Action, ev: &mut Vec<Event>) {
        match action.clone() {
            Action::MoveHq { unit, to } => self.move_hq(s, unit, to, ev),
            Action::HqDone => self.hq_done(s, side, ev),
            Action::AceHigh { card, high } => self.ace_high(s, card, high, ev),
            Action::KeepTrainCard { card } => self.keep_train_card(s, card, ev),
            Action::PlayJoker { card } => self.play_joker(s, card, ev),
            Action::NoJoker => self.no_joker(s, side, ev),
            Action::Roll => self.roll_activation(s, ev),
            Action::Auto => self.auto_activation(s, ev),
            Action::Move { unit } => self.start_move(s, unit, ev),
            Action::Step { to } => self.step(s, to, ev),
            Action::Wheel { facing } => self.wheel(s, facing, ev),
            Action::StopMoving => self.stop_moving(s, ev),
            Action::Face { unit, facing } => self.face(s, unit, facing, ev),
            Action::Reform { unit, formation } => self.reform(s, unit, formation, ev),
            Action::Fire { unit, target } => self.fire_action(s, unit, target, ev),
            Action::FireDiscarding { unit, target } => self.fire_discarding(s, unit, target, ev),
            Action::DefySpades { unit } => self.defy_spades(s, unit, ev),
            Action::Unload { unit, carried, to } => self.unload(s, unit, carried, to, ev),
            Action::Observe { unit, target } => self.observe_action(s, unit, target, ev),
            Action::HoldFire { unit } => self.hold_fire(s, unit, ev),
            Action::DigIn { unit } => self.dig_in(s, unit, ev),
            Action::Rally { unit } => self.rally(s, unit, ev),
            Action::AskOrders { unit, orders } => self.ask_orders(s, unit, orders, ev),
            Action::Replace { unit, into } => self.replace(s, unit, into, ev),
            Action::Done { unit } => self.finish_unit(s, unit, ev),
            Action::EndCard => self.end_card_now(s, ev),
            Action::ReactFire { unit } => self.react_fire(s, unit, ev),
            Action::LetPass => self.let_pass(s, ev),
            Action::Charge { target, .. } => self.charge(s, target, ev),
            Action::WheelUp { unit } => self.wheel_up(s, unit, ev),
        }
    }

    fn view(&self, s: &State, side: Option<Side>) -> View {
        crate::view::view(self, s, side)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }

    /// Every die and card is public and random: no taking back past one.
    fn ends_undo(&self, event: &Event) -> bool {
        matches!(
            event,
            Event::Shuffled
                | Event::Turned { .. }
                | Event::Activation { .. }
                | Event::Casualties { .. }
                | Event::Observed { .. }
                | Event::Fired { .. }
                | Event::OrdersChanged { .. }
                | Event::Fled { .. }
                | Event::Stands { .. }
                | Event::GunsSaved { .. }
                | Event::WireCard { .. }
                | Event::ObservationPost { .. }
                | Event::Trenches { .. }
                | Event::FigureCard { .. }
                | Event::VehicleCard { .. }
                | Event::BrokeDown { .. }
                | Event::Restarted { .. }
                | Event::Spades { .. }
                | Event::BuildingCard { .. }
                | Event::Returned { .. }
                | Event::MountedCombat { .. }
                | Event::HqActivation { .. }
        )
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn describe_action(&self, s: &State, viewer: Side, action: &Action) -> String {
        crate::text::action(self, s, viewer, action)
    }

    fn describe_events(
        &self,
        s: &State,
        events: &[Event],
        viewer: Option<Side>,
    ) -> Vec<Option<String>> {
        crate::text::events(self, s, events, viewer)
    }

    /// Every card is dealt face down and turned for both to see; nothing is
    /// held in hand, so the players share the screen without hand-overs.
    fn secrets_at_table(&self, _s: &State) -> bool {
        false
    }

    fn is_pass(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::HqDone
                | Action::NoJoker
                | Action::StopMoving
                | Action::LetPass
                | Action::EndCard
        )
    }

    fn is_dice_event(&self, e: &Event) -> bool {
        matches!(
            e,
            Event::Activation { .. }
                | Event::Casualties { .. }
                | Event::Observed { .. }
                | Event::Fired { .. }
                | Event::OrdersChanged { .. }
                | Event::Fled { .. }
                | Event::Stands { .. }
                | Event::GunsSaved { .. }
                | Event::Spades { .. }
                | Event::MountedCombat { .. }
                | Event::HqActivation { .. }
        )
    }

    fn odds(&self, s: &State, side: Side, action: &Action) -> Option<engine::Odds> {
        self.odds_of(s, side, action)
    }

    /// The game drawn again: the pile, the face-down cards and the dice
    /// (`crate::bot`; nothing else is hidden from either side).
    fn determinize(&self, s: &State, _side: Side, rng: &mut engine::GameRng) -> State {
        self.determinized(s, rng)
    }

    fn evaluate(&self, s: &State, side: Side) -> f32 {
        self.value(s, side)
    }

    fn rules_section(&self, s: &State) -> &'static str {
        match &s.phase {
            Phase::Headquarters(_) => "command",
            Phase::Ace { .. } | Phase::Joker(_) => "turn",
            Phase::TrainCard { .. } => "armoured_trains",
            Phase::Activate { .. } | Phase::Act { .. } => "activation",
            Phase::Moving(_) => "movement",
            Phase::Charge { .. } => "mounted_combat",
            Phase::Reaction { .. } => "firing",
            Phase::GameOver => "victory",
        }
    }
}

impl engine::RuleSystem for RedSquare {
    const ID: &'static str = crate::data::RULESET_ID;
    const TITLE: &'static str = "Red Square";
    const REFERENCE: &'static str = include_str!("../../../../assets/rules/red_square.toml");
    const FILE_KINDS: &'static [&'static str] = &["scenario", "tables"];

    fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        RedSquare::load(path)
    }

    fn load_info(path: &Path) -> Result<engine::ScenarioInfo, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(|s| s.info)
    }

    fn check_file(kind: &str, path: &Path) -> Result<(), engine::data::DataErrors> {
        match kind {
            "tables" => crate::scenario::load_tables(path).map(|_| ()),
            _ => crate::scenario::load_scenario(path).map(|_| ()),
        }
    }
}
