//! The rules, one module per section of the rulebook:
//!
//! | module | rulebook |
//! |---|---|
//! | `setup` | GAME SETUP, and each scenario's setup |
//! | `sequence` | SEQUENCE OF PLAY, 5. Initiative track, 6. Actions, 6.4 Pass |
//! | `movement` | 6.1 Movement, and the train's movement (12) |
//! | `fire` | 6.2 Fire, 6.3 Reaction fire, 9.1 Fire combat |
//! | `melee` | 9.2 Melee combat |
//! | `artillery` | 9.3 Artillery fire |
//! | `sabotage` | 10. Railway sabotage, and explosive charges (12) |
//! | `objectives` | 11. Objective control, victory, secret objectives |
//! | `advanced` | Advanced rules: stacking limit, retreat towards the setup area |
//! | `special` | Scenario rules: dark night, fog, evacuation, reinforcements |

pub mod advanced;
pub mod artillery;
pub mod fire;
pub mod invariants;
pub mod melee;
pub mod movement;
pub mod objectives;
pub mod odds;
pub mod sabotage;
pub mod sequence;
pub mod setup;
pub mod special;

use crate::data::{Ability, UnitKind};
use crate::map::{AreaId, AreaSet};
use crate::scenario::{Scenario, TrainPart, UnitDef, UnitId, load_scenario};
use crate::state::{Action, Event, Phase, Place, RemovedWhy, State, UnitSet, flag};
use engine::data::DataErrors;
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use std::path::Path;
use std::sync::Arc;

thread_local! {
    /// Reused for the choices `legal` checks against, so checking allocates nothing.
    static BUFFER: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Reused by `apply_legal` for the choices it lists on the way.
    static LISTED: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl DeathOnTheRails {
    /// Carries out a decision already known to be legal.
    fn dispatch(&self, s: &mut State, action: Action, events: &mut Vec<Event>) {
        match (s.phase, action) {
            (Phase::Setup { side }, Action::Place { unit, area }) => {
                self.place(s, side, unit, area, events)
            }
            (Phase::ChooseAction, a) => self.begin_action(s, a, events),
            (Phase::MoveGroup { from, group, extra }, a) => {
                self.group_step(s, from, group, extra, a, events)
            }
            (
                Phase::MoveOn {
                    group,
                    at,
                    entered_melee,
                    extra,
                    ..
                },
                a,
            ) => self.move_on(s, group, at, entered_melee, extra, a, events),
            (Phase::TrainMove { steps }, a) => self.train_move(s, steps, a, events),
            (
                Phase::Fire {
                    mode,
                    lead,
                    supports,
                },
                a,
            ) => self.fire_group_step(s, mode, lead, supports, a, events),
            (Phase::ArtilleryAim { unit }, a) => self.artillery_fire(s, unit, a, events),
            (Phase::Raise { combat, side }, Action::Raise { value }) => {
                self.raise(s, combat, side, value, events)
            }
            (Phase::TrainLoss { side, losses, then }, Action::TrainLoss { part }) => {
                self.train_loss(s, side, losses, then, part, events)
            }
            (Phase::Reaction, a) => self.reaction(s, a, events),
            (Phase::WakeUp { then }, Action::WakeUp { unit }) => {
                self.wake_up(s, unit, then, events)
            }
            (Phase::CallReinforcements, a) => self.call_reinforcements(s, a, events),
            (
                Phase::PlaceReinforcements {
                    side,
                    then,
                    extra_moves,
                },
                Action::Place { unit, area },
            ) => self.place_reinforcement(s, side, unit, area, then, extra_moves, events),
            (Phase::ExtraMoves, a) => self.extra_move(s, a, events),
            (Phase::MeleeLead { area, .. }, Action::Fire { lead }) => {
                self.melee_lead(s, area, lead)
            }
            (phase, a) => unreachable!("{a:?} passed the legality check in {phase:?}"),
        }
    }

    /// A decision with a single legal choice is no decision: it is taken at
    /// once (the only unit to move, the only target, the only lead in a
    /// melee...). Never for reaction fire, where being asked or not must not
    /// depend on what the opponent's hidden blocks are, and never for the
    /// choice of action itself.
    ///
    /// Returns the side whose choices are left in `listed` when the loop
    /// ended at a decision with several choices (they are that decision's).
    fn take_forced_decisions(
        &self,
        s: &mut State,
        events: &mut Vec<Event>,
        listed: &mut Vec<Action>,
    ) -> Option<Side> {
        loop {
            let auto = matches!(
                s.phase,
                Phase::Setup { .. }
                    | Phase::MoveGroup { .. }
                    | Phase::TrainMove { steps: 0 }
                    | Phase::Fire { .. }
                    | Phase::ArtilleryAim { .. }
                    | Phase::WakeUp { .. }
                    | Phase::PlaceReinforcements { .. }
                    | Phase::MeleeLead { .. }
            );
            if !auto {
                return None;
            }
            let Decider::One(side) = self.to_decide(s) else {
                return None;
            };
            listed.clear();
            self.choices(s, side, listed);
            match listed[..] {
                [only] => self.dispatch(s, only, events),
                _ => return Some(side),
            }
        }
    }
}

/// Whether losing `steps` removes a unit of this kind at `strength` (9.1:
/// past its critical strength; a unit without combat strength goes with
/// any loss).
pub(crate) fn destroyed_by(d: &UnitDef, strength: u8, steps: u8) -> bool {
    !d.is_combat() || strength < d.critical + steps
}

/// The ability a unit of this kind has at `strength` (lost with steps).
pub(crate) fn ability_at(d: &UnitDef, strength: u8) -> Option<Ability> {
    d.ability.filter(|_| strength >= d.ability_min)
}

/// Death on the Rails with one scenario loaded.
#[derive(Clone, Debug)]
pub struct DeathOnTheRails {
    pub scenario: Arc<Scenario>,
}

pub const ADVANCED_RULES: &str = "advanced_rules";

impl DeathOnTheRails {
    pub(crate) fn new(scenario: Scenario) -> Self {
        DeathOnTheRails {
            scenario: Arc::new(scenario),
        }
    }

    pub fn load(path: &Path) -> Result<Self, DataErrors> {
        load_scenario(path).map(Self::new)
    }

    pub fn sc(&self) -> &Scenario {
        &self.scenario
    }

    pub fn def(&self, u: UnitId) -> &UnitDef {
        &self.scenario.units[u as usize]
    }

    pub fn side_of(&self, u: UnitId) -> Side {
        self.scenario.units[u as usize].side
    }

    /// One side's units.
    pub fn units_of(&self, side: Side) -> impl Iterator<Item = UnitId> + use<> {
        UnitSet(self.scenario.side_mask[side.index()]).iter()
    }

    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        0..self.scenario.units.len() as UnitId
    }

    /// Units of `side` on the map in `area`.
    pub(crate) fn side_units_in(&self, s: &State, side: Side, area: AreaId) -> UnitSet {
        UnitSet(s.area_units[area as usize].0 & self.scenario.side_mask[side.index()])
    }

    /// Areas where units of both sides that fight in melee stand (train parts
    /// do not fight in melee).
    pub(crate) fn contested_areas(&self, s: &State) -> AreaSet {
        let sc = &self.scenario;
        let ground = !sc.train_mask;
        AreaSet(
            s.areas_holding(ground & sc.side_mask[0]).0
                & s.areas_holding(ground & sc.side_mask[1]).0,
        )
    }

    /// Whether `side` has units in `area` (train parts included).
    pub(crate) fn has_units(&self, s: &State, side: Side, area: AreaId) -> bool {
        s.area_units[area as usize].0 & self.scenario.side_mask[side.index()] != 0
    }

    /// Whether `side` has units that fight in melee in `area` (not train parts).
    pub(crate) fn has_ground(&self, s: &State, side: Side, area: AreaId) -> bool {
        s.area_units[area as usize].0
            & self.scenario.side_mask[side.index()]
            & !self.scenario.train_mask
            != 0
    }

    /// Units of `side` on the map in a set of areas.
    pub(crate) fn units_in_areas(&self, s: &State, side: Side, areas: AreaSet) -> UnitSet {
        let mut m = 0;
        for a in areas.iter() {
            m |= s.area_units[a as usize].0;
        }
        UnitSet(m & self.scenario.side_mask[side.index()])
    }

    /// Units in an area, counted for stacking (train parts are not).
    pub(crate) fn stack_count(&self, s: &State, area: AreaId) -> usize {
        (s.area_units[area as usize].0 & !self.scenario.train_mask).count_ones() as usize
    }

    /// Advanced rules, stacking limit: whether `size` more units fit into
    /// `area` (train parts do not count). The same as `stack_count + size ≤
    /// the area's size`, but striking out one unit per free place, so that
    /// the usual case, an area with few units, costs a step or two.
    pub(crate) fn has_room(&self, s: &State, area: AreaId, size: usize) -> bool {
        let sc = &self.scenario;
        let Some(mut free) = (sc.area_sizes[area as usize] as usize).checked_sub(size) else {
            return false;
        };
        let mut units = s.area_units[area as usize].0 & !sc.train_mask;
        while units != 0 {
            if free == 0 {
                return false;
            }
            units &= units - 1;
            free -= 1;
        }
        true
    }

    /// The ability a unit has now: abilities are lost with steps.
    pub fn ability(&self, s: &State, u: UnitId) -> Option<Ability> {
        ability_at(self.def(u), s.units[u as usize].strength)
    }

    pub fn suppressed(&self, s: &State, area: AreaId) -> bool {
        s.artillery_tokens[area as usize] > 0
    }

    /// The side's armoured train: its area, if it is on the map.
    pub fn train_area(&self, s: &State, side: Side) -> Option<AreaId> {
        let t = self.scenario.side(side).train.as_ref()?;
        t.parts
            .iter()
            .find_map(|p| s.units[*p as usize].place().area())
    }

    pub fn train_part_unit(&self, side: Side, part: TrainPart) -> Option<UnitId> {
        let t = self.scenario.side(side).train.as_ref()?;
        Some(match part {
            TrainPart::Artillery => t.parts[0],
            TrainPart::MachineGun => t.parts[1],
        })
    }

    /// 12: while an enemy unit shares its area, the train can neither move nor attack.
    pub(crate) fn train_pinned(&self, s: &State, side: Side) -> bool {
        match self.train_area(s, side) {
            Some(a) => !self.side_units_in(s, side.other(), a).is_empty(),
            None => true,
        }
    }

    /// Whether a unit can be activated by its owner (Kiltsi: sleeping units cannot).
    pub(crate) fn awake(&self, s: &State, u: UnitId) -> bool {
        !s.units[u as usize].has(flag::ASLEEP)
    }

    /// Removes steps from a unit; at critical strength it is removed instead
    /// (9.1: "If a unit has reached the critical strength but must lose one or
    /// more steps, it is removed from board instead"). Units without combat
    /// strength are removed by any loss.
    pub(crate) fn lose_steps(&self, s: &mut State, u: UnitId, steps: u8, ev: &mut Vec<Event>) {
        if steps == 0 || s.units[u as usize].place().area().is_none() {
            return;
        }
        let d = self.def(u);
        let strength = s.units[u as usize].strength;
        if destroyed_by(d, strength, steps) {
            self.remove_unit(
                s,
                u,
                if d.kind == UnitKind::Dummy {
                    RemovedWhy::Dummy
                } else {
                    RemovedWhy::Destroyed
                },
                ev,
            );
        } else {
            s.units[u as usize].strength = strength - steps;
            ev.push(Event::StepsLost {
                unit: u,
                steps,
                strength: strength - steps,
            });
        }
    }

    /// Whether the unit and area numbers in an action exist in this scenario.
    fn ids_valid(&self, a: Action) -> bool {
        let units = self.scenario.units.len();
        let areas = self.scenario.map.area_count();
        match a {
            Action::Place { unit, area } => (unit as usize) < units && (area as usize) < areas,
            Action::Move { from: area }
            | Action::Step { to: area }
            | Action::TargetArea { area } => (area as usize) < areas,
            a => a.unit().is_none_or(|unit| (unit as usize) < units),
        }
    }

    /// `n` six-sided dice (at most 8).
    pub(crate) fn roll_dice(&self, s: &mut State, n: u8) -> crate::state::Dice {
        let mut dice = crate::state::Dice {
            len: n.min(8),
            values: [0; 8],
        };
        for i in 0..dice.len as usize {
            dice.values[i] = self.d6(s);
        }
        dice
    }

    /// One six-sided die: a loaded die if any is set, else the generator's.
    pub(crate) fn d6(&self, s: &mut State) -> u8 {
        match s.loaded_dice.pop() {
            Some(d) => d.clamp(1, 6),
            None => engine::dice::d6(&mut s.rng),
        }
    }

    pub(crate) fn remove_unit(
        &self,
        s: &mut State,
        u: UnitId,
        why: RemovedWhy,
        ev: &mut Vec<Event>,
    ) {
        s.set_place(u, Place::Gone);
        s.units[u as usize].flags &= !flag::ASLEEP;
        s.retreating.remove(u);
        s.just_moved.remove(u);
        ev.push(Event::UnitRemoved { unit: u, why });
    }
}

impl Ruleset for DeathOnTheRails {
    type State = State;
    type Action = Action;
    type View = crate::view::View;
    type Event = Event;

    fn id(&self) -> &'static str {
        crate::data::RULESET_ID
    }

    fn scenario_id(&self) -> &str {
        &self.scenario.id
    }

    fn scenario_digest(&self) -> u64 {
        self.scenario.digest
    }

    fn side_name(&self, side: Side) -> &str {
        crate::scenario::SIDE_NAMES[side.index()]
    }

    fn option_specs(&self) -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: ADVANCED_RULES.to_string(),
            title: "Advanced rules".to_string(),
            description: "Areas hold no more units than their size, even while moving through; units with no friend in their own or a neighbouring area must retreat towards their setup area.".to_string(),
            default: false,
            fixed: self.scenario.special.advanced_rules_fixed.then_some(true),
        }]
    }

    fn setup(&self, options: &Options, seed: u64) -> Result<State, SetupError> {
        self.new_game(options, seed)
    }

    fn to_decide(&self, s: &State) -> Decider {
        match s.phase {
            Phase::GameOver => Decider::Nobody,
            Phase::Setup { side } => Decider::One(side),
            Phase::Raise { side, .. }
            | Phase::TrainLoss { side, .. }
            | Phase::PlaceReinforcements { side, .. } => Decider::One(side),
            Phase::Reaction => Decider::One(s.active.other()),
            Phase::WakeUp { .. } => Decider::One(crate::RUSSIA),
            Phase::MeleeLead { attacker, .. } => Decider::One(attacker),
            Phase::Fire {
                mode: crate::state::CombatMode::Reaction,
                ..
            } => Decider::One(s.active.other()),
            Phase::Fire { lead, .. } => Decider::One(self.side_of(lead)),
            Phase::ChooseAction
            | Phase::MoveGroup { .. }
            | Phase::MoveOn { .. }
            | Phase::TrainMove { .. }
            | Phase::ArtilleryAim { .. }
            | Phase::CallReinforcements
            | Phase::ExtraMoves => Decider::One(s.active),
        }
    }

    fn choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if !self.to_decide(s).includes(side) {
            return;
        }
        match s.phase {
            Phase::GameOver => {}
            Phase::Setup { side } => self.setup_choices(s, side, out),
            Phase::ChooseAction => self.action_choices(s, out),
            Phase::MoveGroup { from, group, extra } => {
                self.group_choices(s, from, group, extra, out)
            }
            Phase::MoveOn {
                group, from, at, ..
            } => self.move_on_choices(s, group, from, at, out),
            Phase::TrainMove { steps } => self.train_move_choices(s, steps, out),
            Phase::Fire {
                mode,
                lead,
                supports,
            } => self.fire_group_choices(s, mode, lead, supports, out),
            Phase::ArtilleryAim { unit } => self.artillery_target_choices(s, unit, out),
            Phase::Raise { combat, side } => self.raise_choices(&combat, side, out),
            Phase::TrainLoss { side, .. } => self.train_loss_choices(s, side, out),
            Phase::Reaction => self.reaction_choices(s, out),
            Phase::WakeUp { .. } => self.wake_up_choices(s, out),
            Phase::CallReinforcements => {
                out.push(Action::CallReinforcements);
                out.push(Action::NotNow);
            }
            Phase::PlaceReinforcements { side, .. } => {
                self.reinforcement_place_choices(s, side, out)
            }
            Phase::ExtraMoves => self.extra_move_choices(s, out),
            Phase::MeleeLead { area, attacker } => self.melee_lead_choices(s, area, attacker, out),
        }
    }

    /// Checks an action against only the generator that can produce its kind.
    fn legal(&self, s: &State, side: Side, action: &Action) -> bool {
        if !self.to_decide(s).includes(side) {
            return false;
        }
        let valid_unit = |_: UnitId| self.ids_valid(*action);
        match (s.phase, *action) {
            (Phase::ChooseAction, _) if self.retreat_pending(s) => {
                let mut v = Vec::new();
                self.retreat_choices(s, &mut v);
                v.contains(action)
            }
            (Phase::ChooseAction, Action::Pass) => true,
            (Phase::ChooseAction, Action::Move { from }) => {
                (from as usize) < self.scenario.map.area_count()
                    && self.move_from_ok(s, from, movement::MoveKind::Normal)
            }
            (Phase::ChooseAction, Action::MoveTrain) => self.train_move_ok(s),
            (Phase::ChooseAction, Action::Fire { lead }) => {
                valid_unit(lead) && self.fire_lead_ok(s, lead, self.fire_targets(s))
            }
            (Phase::ChooseAction, Action::Artillery { unit }) => {
                valid_unit(unit) && self.artillery_ok(s, unit)
            }
            (Phase::ChooseAction, Action::Sabotage { unit }) => {
                valid_unit(unit) && self.sabotage_ok(s, unit)
            }
            (Phase::ChooseAction, Action::PlantCharges { unit }) => {
                valid_unit(unit) && self.charges_ok(s, unit)
            }
            (Phase::ChooseAction, _) => false,
            (Phase::MoveGroup { from, group, extra }, a) => {
                self.ids_valid(a) && self.group_decision_ok(s, from, group, extra, a)
            }
            (
                Phase::MoveOn {
                    group, from, at, ..
                },
                a,
            ) => self.ids_valid(a) && self.move_on_decision_ok(s, group, from, at, a),
            (
                Phase::Fire {
                    mode,
                    lead,
                    supports,
                },
                a,
            ) => self.ids_valid(a) && self.fire_group_decision_ok(s, mode, lead, supports, a),
            (Phase::Reaction, a) => self.ids_valid(a) && self.reaction_decision_ok(s, a),
            _ => BUFFER.with_borrow_mut(|v| {
                v.clear();
                self.choices(s, side, v);
                v.contains(action)
            }),
        }
    }

    fn prompt_text(&self, s: &State, side: Side) -> String {
        crate::text::prompt_text(self, s, side)
    }

    fn apply_legal(&self, s: &mut State, side: Side, action: &Action, events: &mut Vec<Event>) {
        LISTED.with_borrow_mut(|listed| {
            self.apply_legal_listing(s, side, action, events, listed);
        })
    }

    /// Deciding whether a decision is forced lists its choices; when it is
    /// not forced, they are the next prompt's.
    fn apply_legal_listing(
        &self,
        s: &mut State,
        _side: Side,
        action: &Action,
        events: &mut Vec<Event>,
        next: &mut Vec<Action>,
    ) -> Option<Side> {
        let before = events.len();
        self.dispatch(s, *action, events);
        let listed = self.take_forced_decisions(s, events, next);
        if s.outcome.is_none()
            && !matches!(s.phase, Phase::Setup { .. })
            && events[before..].iter().any(Event::may_decide_the_game)
        {
            let before_victory = events.len();
            // The list stands only if checking victory changed nothing.
            if self.check_victory(s, events) || events.len() != before_victory {
                return None;
            }
        }
        listed
    }

    fn view(&self, s: &State, side: Option<Side>) -> crate::view::View {
        crate::view::view(self, s, side)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }

    fn ends_undo(&self, event: &Event) -> bool {
        matches!(
            event,
            Event::ObjectiveCardDrawn { .. }
                | Event::ActionCardDrawn { .. }
                | Event::Rolled { .. }
                | Event::Revealed { .. }
                | Event::ActionDone { .. }
                | Event::ActionsUsedUp { .. }
                | Event::FogCheck { .. }
                | Event::Reshuffled { .. }
                | Event::ArtilleryFire { .. }
                | Event::Sabotage { .. }
                | Event::Charges { .. }
                | Event::ObjectivesChanged { .. }
                | Event::SetupDone { .. }
                | Event::GameOver { .. }
        )
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        crate::rules::invariants::check(self, s)
    }

    fn describe_action(&self, s: &State, viewer: Side, action: &Action) -> String {
        crate::text::describe_action(self, s, viewer, action)
    }

    fn event_for(&self, event: &Event, viewer: Option<Side>) -> Option<Event> {
        crate::view::event_for(event, viewer)
    }

    fn describe_events(
        &self,
        s: &State,
        events: &[Event],
        viewer: Option<Side>,
    ) -> Vec<Option<String>> {
        crate::text::describe_events(self, s, events, viewer)
    }

    /// Blocks stand face-down to the enemy all game: every change of player
    /// at a shared screen needs the hand-over screen.
    fn secrets_at_table(&self, _s: &State) -> bool {
        true
    }

    fn is_pass(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::Pass | Action::Stop | Action::NoReaction | Action::NotNow | Action::Done
        )
    }

    fn is_dice_event(&self, e: &Event) -> bool {
        matches!(
            e,
            Event::DiceCount { .. }
                | Event::Rolled { .. }
                | Event::Raised { .. }
                | Event::Compared { .. }
                | Event::ArtilleryFire { .. }
                | Event::Sabotage { .. }
                | Event::Charges { .. }
                | Event::FogCheck { .. }
        )
    }

    fn rules_section(&self, s: &State) -> &'static str {
        match &s.phase {
            Phase::Setup { .. } => "setup",
            Phase::ChooseAction => "6",
            Phase::MoveGroup { .. } | Phase::MoveOn { .. } => "6.1",
            Phase::TrainMove { .. } | Phase::TrainLoss { .. } => "12",
            Phase::Fire { .. } => "6.2",
            Phase::ArtilleryAim { .. } => "9.3",
            Phase::Raise { .. } => "9.1",
            Phase::Reaction => "6.3",
            Phase::WakeUp { .. }
            | Phase::CallReinforcements
            | Phase::PlaceReinforcements { .. }
            | Phase::ExtraMoves => "scenarios",
            Phase::MeleeLead { .. } => "9.2",
            Phase::GameOver => "11",
        }
    }

    fn odds(&self, s: &State, side: Side, action: &Action) -> Option<engine::Odds> {
        self.odds_of(s, side, action)
    }

    /// The game drawn again where `side` cannot see (`crate::bot`).
    fn determinize(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> State {
        self.determinized(s, side, rng).1
    }

    fn determinize_rules(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> (Self, State) {
        self.determinized(s, side, rng)
    }

    fn evaluate(&self, s: &State, side: Side) -> f32 {
        self.value(s, side)
    }
}

impl engine::RuleSystem for DeathOnTheRails {
    const ID: &'static str = crate::data::RULESET_ID;
    const TITLE: &'static str = "Death on the Rails";
    const REFERENCE: &'static str =
        include_str!("../../../../assets/rules/death_on_the_rails.toml");
    const FILE_KINDS: &'static [&'static str] = &["scenario", "map", "action_cards"];

    fn load(path: &Path) -> Result<Self, DataErrors> {
        DeathOnTheRails::load(path)
    }

    fn load_info(path: &Path) -> Result<engine::ScenarioInfo, DataErrors> {
        load_scenario(path).map(|s| s.info)
    }

    fn check_file(kind: &str, path: &Path) -> Result<(), DataErrors> {
        match kind {
            "map" => crate::scenario::load_map(path).map(|_| ()),
            "action_cards" => crate::scenario::load_cards(path).map(|_| ()),
            _ => load_scenario(path).map(|_| ()),
        }
    }
}

/// What the rules' unit tests share: shipped scenarios and states from
/// random games of them.
#[cfg(test)]
pub(crate) mod test_games {
    use super::DeathOnTheRails;
    use crate::state::State;
    use engine::{Game, Options};
    use rand::RngExt;

    /// The shipped scenario `id`, loaded.
    pub fn shipped(id: &str) -> DeathOnTheRails {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../../scenarios/death_on_the_rails/{id}.toml"));
        DeathOnTheRails::load(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    /// States along three random games, one in every few steps.
    pub fn states_along_games(r: &DeathOnTheRails) -> Vec<State> {
        let mut rng = engine::rng_from_seed(11);
        let mut states = Vec::new();
        for seed in 0..3 {
            let mut game =
                Game::new(r.clone(), Options::new(), seed).expect("the scenario sets up");
            for _ in 0..2000 {
                if engine::runner::random_step(&mut game, &mut rng).is_none() {
                    break;
                }
                if rng.random_range(0..8) == 0 {
                    states.push(game.state().clone());
                }
            }
        }
        states
    }
}
