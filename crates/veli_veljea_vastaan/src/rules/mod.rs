//! The rules of Veli Veljeä Vastaan, one module per rulebook section:
//! `sequence` (1 and 4.1: months, cards, turns; 5: the end of the game),
//! `movement` (4.2, with activation and stacking from 2.3 and 4.1),
//! `combat` (4.3), `supply` (4.4), `reinforcements` (4.5, and placing new
//! units from events) and `events` (2.2 and 4.1: card events).
//! Where the text is silent, our reading is in `docs/veli_veljea_vastaan/rulings.md`.

pub mod combat;
pub mod events;
pub mod movement;
pub mod odds;
pub mod reinforcements;
pub mod sequence;
pub mod supply;

use crate::scenario::{CityId, Scenario, WHITE};
use crate::state::{Action, Event, Phase, State};
use crate::view::View;
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use std::path::Path;
use std::sync::Arc;

/// The rule system with its scenario loaded.
#[derive(Clone, Debug)]
pub struct VeliVeljeaVastaan {
    pub scenario: Arc<Scenario>,
}

impl VeliVeljeaVastaan {
    pub fn new(scenario: Scenario) -> Self {
        VeliVeljeaVastaan {
            scenario: Arc::new(scenario),
        }
    }

    pub fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(Self::new)
    }

    pub fn sc(&self) -> &Scenario {
        &self.scenario
    }

    /// Who decides in this state (None: nobody, the game is over).
    pub fn decider(&self, s: &State) -> Option<Side> {
        match s.phase {
            Phase::GameOver => None,
            Phase::Place => s.placements.first().map(|p| p.side),
            Phase::Respond(side) | Phase::Losses(side) => Some(side),
            Phase::Retreat => s.combat.as_ref().map(|c| c.attacker.other()),
            _ => s.turn.side,
        }
    }

    /// 2.3: room for one more unit (a train counts towards both limits).
    pub fn room(
        &self,
        s: &State,
        city: CityId,
        train: bool,
        ignore: Option<crate::state::UnitId>,
    ) -> bool {
        let mut units = 0;
        let mut trains = 0;
        for u in s
            .units
            .iter()
            .filter(|u| u.city == city && Some(u.id) != ignore)
        {
            units += 1;
            if self.is_train(u.kind) {
                trains += 1;
            }
        }
        units < 3 && (!train || trains < 2)
    }

    pub fn is_train(&self, kind: crate::scenario::UnitType) -> bool {
        self.scenario.units[kind as usize].kind == crate::data::UnitKind::Train
    }

    pub fn side_word(side: Side) -> &'static str {
        if side == WHITE { "White" } else { "Red" }
    }

    /// The strategic cities `side` holds.
    pub fn strategic_held(&self, s: &State, side: Side) -> u8 {
        self.scenario
            .map
            .strategic
            .iter()
            .filter(|&c| s.control[c as usize] == side)
            .count() as u8
    }

    /// A city changes hands: by moving through it (4.2), advancing into it
    /// (4.3), landing in it or an event. Its fieldworks are destroyed (4.3).
    pub(crate) fn capture(&self, s: &mut State, city: CityId, by: Side, ev: &mut Vec<Event>) {
        if s.control[city as usize] == by {
            return;
        }
        s.control[city as usize] = by;
        ev.push(Event::Captured { city, by });
        if s.fieldworks.has(city) {
            s.fieldworks.remove(city);
            ev.push(Event::FieldworksDestroyed { city });
        }
    }

    fn end_game(&self, s: &mut State, winner: Side, reason: String, ev: &mut Vec<Event>) {
        let outcome = Outcome {
            winner: Some(winner),
            reason,
        };
        ev.push(Event::GameOver {
            outcome: outcome.clone(),
        });
        s.outcome = Some(outcome);
        s.phase = Phase::GameOver;
        s.combat = None;
        s.effects = None;
        s.placements.clear();
    }
}

impl Ruleset for VeliVeljeaVastaan {
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
    fn option_specs(&self) -> Vec<OptionSpec> {
        Vec::new()
    }

    fn setup(&self, options: &Options, seed: u64) -> Result<State, SetupError> {
        if let Some(key) = options.keys().next() {
            return Err(SetupError(format!(
                "unknown option \"{key}\": this game has no optional rules"
            )));
        }
        Ok(self.new_campaign(seed))
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
        match s.phase {
            Phase::Place => self.place_choices(s, out),
            Phase::PlayCard => self.card_choices(s, side, out),
            Phase::Activate => self.activate_choices(s, side, out),
            Phase::Move => self.move_choices(s, side, out),
            Phase::Attack => self.attack_choices(s, side, out),
            Phase::Attackers => self.attacker_choices(s, out),
            Phase::Respond(side) => self.respond_choices(s, side, out),
            Phase::Losses(side) => self.loss_choices(s, side, out),
            Phase::Retreat => self.retreat_choices(s, out),
            Phase::Advance => self.advance_choices(s, out),
            Phase::Repair | Phase::Fieldworks | Phase::Reduce | Phase::Control => {
                self.effect_choices(s, side, out)
            }
            Phase::GameOver => {}
        }
    }

    fn prompt_text(&self, s: &State, side: Side) -> String {
        crate::text::prompt(self, s, side)
    }

    fn apply_legal(&self, s: &mut State, side: Side, action: &Action, events: &mut Vec<Event>) {
        match *action {
            Action::Place { city } => self.place(s, city, events),
            Action::PlayEvent { card } => self.play_event(s, side, card, events),
            Action::PlayPoints { card } => self.play_points(s, side, card, events),
            Action::Activate { city } => self.activate(s, side, city, events),
            Action::DoneActivating => self.done_activating(s, events),
            Action::Step { unit, to } => self.step(s, unit, to, events),
            Action::DoneMoving => self.done_moving(s, events),
            Action::Declare { target } => self.declare(s, side, target, events),
            Action::EndTurn => self.end_turn(s, events),
            Action::AddAttacker { unit } => self.add_attacker(s, unit),
            Action::Launch => self.launch(s, events),
            Action::UseKept { card } => self.use_kept(s, side, card, events),
            Action::NoResponse => self.no_response(s, side, events),
            Action::Hit { unit } => self.take_hit(s, side, unit, events),
            Action::Retreat { unit, to } => self.retreat(s, unit, to, events),
            Action::Advance { unit } => self.advance(s, unit, events),
            Action::StayPut => self.stay_put(s, events),
            Action::Repair { .. }
            | Action::Fieldworks { .. }
            | Action::Reduce { .. }
            | Action::Control { .. }
            | Action::Enough => self.apply_effect_choice(s, side, action, events),
        }
    }

    /// The common decisions are checked with only the generator of their
    /// kind (the same code as `choices`, so there is still one source of legal
    /// moves); everything else against all choices. A test checks that this
    /// agrees with `choices` in random campaigns.
    fn legal(&self, s: &State, side: Side, action: &Action) -> bool {
        if self.decider(s) != Some(side) {
            return false;
        }
        let mut choices = Vec::new();
        match (s.phase, action) {
            (Phase::Move, Action::Step { unit, .. }) => {
                // Only the first of interchangeable units is listed.
                let Some(u) = s.unit(*unit) else { return false };
                let key = u.twin_key();
                let earlier =
                    s.units.iter().take_while(|x| x.id != *unit).any(|x| {
                        x.side == u.side && x.activated && !x.moved && x.twin_key() == key
                    });
                if earlier {
                    return false;
                }
                self.steps_of(s, *unit, &mut choices)
            }
            (Phase::Place, Action::Place { city }) => {
                return s
                    .placements
                    .first()
                    .is_some_and(|p| self.placement_cities(s, p).has(*city));
            }
            (Phase::Attack, Action::Declare { target }) => {
                return self.attack_targets(s).has(*target);
            }
            (Phase::Attackers, Action::AddAttacker { unit }) => {
                return s.combat.as_ref().is_some_and(|c| {
                    let eligible = |u: &crate::state::Unit| {
                        !c.attackers.contains(&u.id) && self.may_attack_from(s, u, c.target)
                    };
                    let Some(u) = s.unit(*unit) else { return false };
                    let key = u.twin_key();
                    eligible(u)
                        && !s
                            .units
                            .iter()
                            .take_while(|x| x.id != *unit)
                            .any(|x| eligible(x) && x.twin_key() == key)
                });
            }
            _ => self.choices(s, side, &mut choices),
        }
        choices.contains(action)
    }

    fn view(&self, s: &State, side: Option<Side>) -> View {
        crate::view::view(self, s, side)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }

    fn ends_undo(&self, event: &Event) -> bool {
        matches!(
            event,
            Event::CardsDealt { .. } | Event::Shuffled { .. } | Event::Combat { .. }
        )
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let sc = &self.scenario;
        let n = sc.map.cities.len();
        let mut units = [0u8; crate::scenario::MAX_CITIES];
        let mut trains = [0u8; crate::scenario::MAX_CITIES];
        let mut sides = [0u8; crate::scenario::MAX_CITIES];
        let mut kinds = [0u16; 32];
        for u in &s.units {
            let def = sc
                .units
                .get(u.kind as usize)
                .ok_or("a unit of an unknown kind")?;
            if def.side != u.side {
                return Err(format!("unit {} is on the wrong side", u.id));
            }
            let c = u.city as usize;
            if c >= n {
                return Err(format!("unit {} is off the map", u.id));
            }
            let side = 1 + u.side.index() as u8;
            if sides[c] != 0 && sides[c] != side {
                return Err(format!("both sides' units in {}", sc.map.name(u.city)));
            }
            sides[c] = side;
            units[c] += 1;
            trains[c] += u8::from(def.kind == crate::data::UnitKind::Train);
            kinds[u.kind as usize] += 1;
        }
        let mover_city = s
            .turn
            .mover
            .and_then(|m| s.unit(m))
            .map(|u| u.city as usize);
        for c in 0..n {
            if (units[c] > 3 || trains[c] > 2) && mover_city != Some(c) {
                return Err(format!(
                    "{} holds {} units ({} trains)",
                    sc.map.cities[c].name, units[c], trains[c]
                ));
            }
            if sides[c] != 0 && s.control[c].index() as u8 + 1 != sides[c] {
                return Err(format!(
                    "{} has units of the side that does not hold it",
                    sc.map.cities[c].name
                ));
            }
        }
        let mut seen = [0u8; 256];
        for (i, d) in s.decks.iter().enumerate() {
            for &c in d
                .draw
                .iter()
                .chain(&d.reshuffle)
                .chain(&d.hand)
                .chain(&d.kept)
                .chain(&d.removed)
            {
                seen[c as usize] += 1;
                if sc.cards[c as usize].side.index() != i {
                    return Err(format!(
                        "card {} is in the other side's deck",
                        sc.cards[c as usize].number
                    ));
                }
            }
        }
        for (i, card) in sc.cards.iter().enumerate() {
            let expected = u8::from(card.month <= s.month);
            if seen[i] != expected {
                return Err(format!(
                    "card {} \"{}\" is in {} places",
                    card.number, card.name, seen[i]
                ));
            }
        }
        for (i, def) in sc.units.iter().enumerate() {
            if kinds[i] > def.counters {
                return Err(format!(
                    "{} {} on the map, the box holds {}",
                    kinds[i], def.name, def.counters
                ));
            }
        }
        if s.fieldworks.len() > (sc.fieldworks_counters as u32).max(sc.fieldworks.len()) {
            return Err("more fieldworks than counters".into());
        }
        if s.phase != Phase::GameOver && self.decider(s).is_none() {
            return Err(format!("nobody decides in phase {:?}", s.phase));
        }
        if s.outcome.is_some() != (s.phase == Phase::GameOver) {
            return Err("the outcome and the phase disagree".into());
        }
        Ok(())
    }

    fn describe_action(&self, s: &State, viewer: Side, action: &Action) -> String {
        crate::text::action(self, s, viewer, action)
    }

    fn event_for(&self, event: &Event, viewer: Option<Side>) -> Option<Event> {
        match event {
            Event::CardsDealt { side, count, .. } if viewer != Some(*side) => {
                Some(Event::CardsDealt {
                    side: *side,
                    cards: Vec::new(),
                    count: *count,
                })
            }
            _ => Some(event.clone()),
        }
    }

    fn describe_events(
        &self,
        s: &State,
        events: &[Event],
        viewer: Option<Side>,
    ) -> Vec<Option<String>> {
        crate::text::events(self, s, events, viewer)
    }

    /// Each player's hand is secret all game: every change of player at a
    /// shared screen needs the hand-over screen.
    fn secrets_at_table(&self, _s: &State) -> bool {
        true
    }

    fn is_pass(&self, a: &Action) -> bool {
        matches!(
            a,
            Action::DoneActivating
                | Action::DoneMoving
                | Action::EndTurn
                | Action::NoResponse
                | Action::StayPut
                | Action::Enough
        )
    }

    fn is_dice_event(&self, e: &Event) -> bool {
        matches!(e, Event::Combat { .. } | Event::Retreats { .. })
    }

    fn rules_section(&self, s: &State) -> &'static str {
        match s.phase {
            Phase::Place => {
                if s.effects.is_some() {
                    "4.1"
                } else {
                    "4.5"
                }
            }
            Phase::PlayCard | Phase::Activate => "4.1",
            Phase::Move => "4.2",
            Phase::Attack
            | Phase::Attackers
            | Phase::Respond(_)
            | Phase::Losses(_)
            | Phase::Retreat
            | Phase::Advance => "4.3",
            Phase::Repair | Phase::Fieldworks | Phase::Reduce | Phase::Control => "4.1",
            Phase::GameOver => "5",
        }
    }

    fn odds(&self, s: &State, side: Side, action: &Action) -> Option<engine::Odds> {
        self.odds_of(s, side, action)
    }

    /// The game drawn again where `side` cannot see (`crate::bot`).
    fn determinize(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> State {
        self.determinized(s, side, rng)
    }

    fn evaluate(&self, s: &State, side: Side) -> f32 {
        self.value(s, side)
    }
}

impl engine::RuleSystem for VeliVeljeaVastaan {
    const ID: &'static str = crate::data::RULESET_ID;
    const TITLE: &'static str = "Veli Veljeä Vastaan (1918: Brother Against Brother)";
    const REFERENCE: &'static str =
        include_str!("../../../../assets/rules/veli_veljea_vastaan.toml");
    const FILE_KINDS: &'static [&'static str] = &["scenario", "map", "tables", "cards"];

    fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        VeliVeljeaVastaan::load(path)
    }

    fn load_info(path: &Path) -> Result<engine::ScenarioInfo, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(|s| s.info)
    }

    fn check_file(kind: &str, path: &Path) -> Result<(), engine::data::DataErrors> {
        use crate::scenario;
        match kind {
            "map" => scenario::load_map(path).map(|_| ()),
            "tables" => scenario::load_tables(path).map(|_| ()),
            "cards" => scenario::check_cards_file(path),
            _ => scenario::load_scenario(path).map(|_| ()),
        }
    }
}
