//! The rules of Red Actions!, one module per section of the rulebook:
//! `game_sequence` (setup, initiative, segments, the end of a turn and of
//! the game), `movement` (advance, wheel, turn, formations, terrain),
//! `shooting` (the Shooting Table and its results), `morale` (morale tests,
//! rout and rallying), `charging` (charges and the charged side's answers),
//! `combat` (hand-to-hand combat, its results and officer casualties, the
//! odds of a charge), `pursuit` (pursuit, routing through friends), `evading`, `direct_hits`, `artillery` (the fire sequence,
//! observed, speculative, harassing and gas fire, ammunition, friendly
//! bases blocking fire), `vehicles` (tanks and armoured cars), `trains`,
//! `ambushes` (hidden units, markers, dummies, scouting, springing),
//! `visibility` (hills, weather's sight), `weather`, `marching` (and road
//! columns), `barbed_wire`, `buildings` (fires, frontage, columns in woods),
//! `digging_in`, `terrain_actions` (those sections' actions in the
//! segment), `officers` (traits, morale effects, casualties, personal
//! command, Clever officers, firing priorities), `unit_characteristics`
//! (Mob, Storm and Specialist, the White Officer base), `permitted_actions`
//! (dividing and combining),
//! `dismounting`, `miscellaneous` (prisoners' tokens, routers off the
//! table), `out_of_turn` (questions put out of turn) and
//! `invariants`. Where the text is silent, our
//! reading is in `docs/red_actions/rulings.md` and in the module notes.

pub mod ambushes;
pub mod artillery;
pub mod barbed_wire;
pub mod buildings;
pub mod charging;
pub mod combat;
pub mod digging_in;
pub mod direct_hits;
pub mod dismounting;
pub mod evading;
pub mod game_sequence;
pub mod invariants;
pub mod marching;
pub mod miscellaneous;
pub mod morale;
pub mod movement;
pub mod odds;
pub mod officers;
pub mod out_of_turn;
pub mod permitted_actions;
pub mod pursuit;
pub mod shooting;
pub mod terrain_actions;
pub mod trains;
pub mod unit_characteristics;
pub mod vehicles;
pub mod visibility;
pub mod weather;
pub(crate) mod words;

use crate::geometry::{AreaCost, Bbox, LineCost, Polygon, Polyline, SightRules};
use crate::scenario::{AreaKind, Category, Cover, Elevation, LineKind, Scenario, TroopType};
use crate::state::{Action, Event, Phase, State, Unit, UnitId};
use crate::tables::{Mover, Passage};
use crate::view::View;
use engine::{Decider, OptionSpec, Options, Outcome, Ruleset, SetupError, Side};
use std::path::Path;
use std::sync::Arc;
pub(crate) use words::{Quiet, Say, Words};

/// The table's terrain made ready for the geometry, per kind of mover.
#[derive(Debug)]
pub struct Prepared {
    /// Area costs per [`Mover`] (in its order).
    pub areas: [Vec<(Polygon, AreaCost)>; 5],
    pub lines: [Vec<(Polyline, LineCost)>; 5],
    /// Areas that block sight (woods, towns, scrub).
    pub sight: Vec<Polygon>,
    pub hedges: Vec<Polyline>,
    /// Areas and buildings that give cover.
    pub cover: Vec<(Polygon, Cover)>,
    /// Hills and rises with their levels (rules::visibility).
    pub hills: Vec<(Polygon, u8)>,
    /// The bounding box of each of `areas` and `lines` (same order), for
    /// the broad phase of the movement checks.
    pub area_boxes: [Vec<Bbox>; 5],
    pub line_boxes: [Vec<Bbox>; 5],
    /// The bounding boxes of `sight` and `hills` (same order): a sight
    /// line whose box misses one's box neither enters it nor ends in it.
    pub sight_boxes: Vec<Bbox>,
    pub hill_boxes: Vec<Bbox>,
    /// What a column moving on a road still pays (Terrain Effects, rulings:
    /// "Road columns"): the hill and steep slopes when it climbs, and wire.
    pub road_areas: [Vec<(Polygon, AreaCost)>; 5],
    pub road_lines: [Vec<(Polyline, LineCost)>; 5],
    /// Every piece of terrain a unit may scout, in the order of its
    /// `spot` (the areas, then the building sections: section `b` is spot
    /// `terrain.len() + b`), with their boxes.
    pub spots: Vec<Polygon>,
    pub spot_boxes: Vec<Bbox>,
    /// For each of `cover`: the building section whose points it has, if
    /// any (`building_cover` gives such a polygon the section's cover).
    pub cover_building: Vec<Option<usize>>,
}

const MOVERS: [Mover; 5] = [
    Mover::Infantry,
    Mover::Sabres,
    Mover::Wheeled,
    Mover::ArmouredCar,
    Mover::Tank,
];

fn area_cost(p: Passage) -> AreaCost {
    match p {
        Passage::Full => AreaCost::PerInch(1),
        Passage::Half => AreaCost::PerInch(2),
        Passage::Nyet => AreaCost::Impassable,
        // A quarter. No area row holds halt_and_test or entire_move (wire
        // and crushed wire are lines: `line_cost`, rules::barbed_wire).
        _ => AreaCost::PerInch(4),
    }
}

fn line_cost(p: Passage) -> LineCost {
    match p {
        Passage::Full => LineCost::Cap(4),
        Passage::Half => LineCost::Cap(2),
        Passage::Nyet => LineCost::Impassable,
        // Barbed Wire: infantry stop at the wire and cross it by the
        // crossing roll (rules::barbed_wire), never by a move.
        Passage::HaltAndTest => LineCost::Impassable,
        _ => LineCost::Cap(1),
    }
}

impl Prepared {
    fn new(sc: &Scenario) -> Prepared {
        let t = &sc.tables;
        let mut areas: [Vec<(Polygon, AreaCost)>; 5] = Default::default();
        let mut lines: [Vec<(Polyline, LineCost)>; 5] = Default::default();
        let mut road_areas: [Vec<(Polygon, AreaCost)>; 5] = Default::default();
        let mut road_lines: [Vec<(Polyline, LineCost)>; 5] = Default::default();
        let mut sight = Vec::new();
        let mut cover = Vec::new();
        for a in &sc.terrain {
            let poly = Polygon::new(a.points.clone());
            let row = match a.kind {
                AreaKind::Wood => Some("wood"),
                AreaKind::DenseWood => Some("dense_wood"),
                AreaKind::Rough => Some("rough"),
                AreaKind::Boggy => Some("boggy"),
                AreaKind::Hill if a.elevation == Elevation::Steep => Some("steep"),
                AreaKind::Hill if a.elevation >= Elevation::Hill => Some("hill"),
                _ => None,
            };
            if let Some(row) = row {
                for (i, m) in MOVERS.iter().enumerate() {
                    if let Some(c) = t.terrain_effect(row, *m) {
                        areas[i].push((poly.clone(), area_cost(c.passage)));
                        if matches!(row, "hill" | "steep") {
                            road_areas[i].push((poly.clone(), area_cost(c.passage)));
                        }
                    }
                }
            }
            if matches!(
                a.kind,
                AreaKind::Wood | AreaKind::DenseWood | AreaKind::Town | AreaKind::Scrub
            ) {
                sight.push(poly.clone());
            }
            if a.cover != Cover::None {
                cover.push((poly, a.cover));
            }
        }
        for b in &sc.buildings {
            let poly = Polygon::new(b.points.clone());
            for (i, m) in MOVERS.iter().enumerate() {
                if let Some(c) = t.terrain_effect("buildings", *m) {
                    areas[i].push((poly.clone(), area_cost(c.passage)));
                }
            }
            let c = match b.material {
                crate::scenario::Material::Stone => Cover::Stone,
                crate::scenario::Material::Wood => Cover::Hard,
            };
            cover.push((poly, c));
        }
        let mut hedges = Vec::new();
        // The linear features that cost a move, with their rows.
        let mut costed: Vec<(Polyline, &str)> = Vec::new();
        for l in &sc.lines {
            let row = match l.kind {
                LineKind::Hedge => "hedge",
                LineKind::Wall => "wall",
                LineKind::SmallStream => "small_stream",
                LineKind::BigStream => "big_stream",
                LineKind::Ford => "ford",
                LineKind::Trench => "trench",
                LineKind::Wire => "wire",
                LineKind::Road | LineKind::Rail => continue,
            };
            let pl = Polyline::new(l.points.clone());
            if l.kind == LineKind::Hedge {
                hedges.push(pl.clone());
            }
            costed.push((pl, row));
        }
        // A ford drawn across a stream: that stretch of the stream costs
        // what the ford does (rulings), and the ford's own line, the way
        // across, is no obstacle.
        let fords: Vec<usize> = (0..costed.len())
            .filter(|&k| costed[k].1 == "ford")
            .collect();
        let mut used = Vec::new();
        for f in fords {
            let ford = costed[f].0.clone();
            let stream = (0..costed.len()).find_map(|k| {
                let (line, row) = &costed[k];
                if !matches!(*row, "small_stream" | "big_stream") {
                    return None;
                }
                crate::geometry::ford_stretch(line, &ford).map(|cut| (k, *row, cut))
            });
            if let Some((k, row, (rest, stretch))) = stream {
                costed[k] = (stretch, "ford");
                costed.extend(rest.into_iter().map(|p| (p, row)));
                used.push(f);
            }
        }
        for (k, (pl, row)) in costed.into_iter().enumerate() {
            if used.contains(&k) {
                continue;
            }
            for (i, m) in MOVERS.iter().enumerate() {
                if let Some(c) = t.terrain_effect(row, *m) {
                    lines[i].push((pl.clone(), line_cost(c.passage)));
                    if row == "wire" {
                        road_lines[i].push((pl.clone(), line_cost(c.passage)));
                    }
                }
            }
        }
        let hills: Vec<(Polygon, u8)> = sc
            .terrain
            .iter()
            .filter(|a| a.kind == AreaKind::Hill && visibility::level(a.elevation) > 0)
            .map(|a| {
                (
                    Polygon::new(a.points.clone()),
                    visibility::level(a.elevation),
                )
            })
            .collect();
        let area_boxes = areas
            .each_ref()
            .map(|v| v.iter().map(|(p, _)| Bbox::of(&p.points)).collect());
        let line_boxes = lines
            .each_ref()
            .map(|v| v.iter().map(|(l, _)| Bbox::of(&l.points)).collect());
        let sight_boxes = sight.iter().map(|p| Bbox::of(&p.points)).collect();
        let hill_boxes = hills
            .iter()
            .map(|(p, _): &(Polygon, u8)| Bbox::of(&p.points))
            .collect();
        let spots: Vec<Polygon> = sc
            .terrain
            .iter()
            .map(|a| &a.points)
            .chain(sc.buildings.iter().map(|b| &b.points))
            .map(|p| Polygon::new(p.clone()))
            .collect();
        let spot_boxes = spots.iter().map(|p| Bbox::of(&p.points)).collect();
        let cover_building = cover
            .iter()
            .map(|(p, _): &(Polygon, Cover)| sc.buildings.iter().position(|b| b.points == p.points))
            .collect();
        Prepared {
            spots,
            spot_boxes,
            cover_building,
            areas,
            lines,
            sight,
            hedges,
            cover,
            hills,
            area_boxes,
            line_boxes,
            sight_boxes,
            hill_boxes,
            road_areas,
            road_lines,
        }
    }
}

/// The rule system with its scenario loaded.
#[derive(Clone, Debug)]
pub struct RedActions {
    pub scenario: Arc<Scenario>,
    pub prep: Arc<Prepared>,
}

impl RedActions {
    pub fn new(scenario: Scenario) -> Self {
        let prep = Prepared::new(&scenario);
        RedActions {
            scenario: Arc::new(scenario),
            prep: Arc::new(prep),
        }
    }

    pub fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(Self::new)
    }

    pub fn sc(&self) -> &Scenario {
        &self.scenario
    }

    /// Building section `b`'s polygon and box (`None`: no such section).
    pub(crate) fn building_polygon(&self, b: usize) -> Option<(&Polygon, Bbox)> {
        let i = self.sc().terrain.len() + b;
        (b < self.sc().buildings.len()).then(|| (&self.prep.spots[i], self.prep.spot_boxes[i]))
    }

    pub fn troop(&self, u: &Unit) -> &TroopType {
        &self.scenario.troops[u.troop as usize]
    }

    pub fn cat(&self, u: &Unit) -> Category {
        self.troop(u).category
    }

    /// The unit's name in the scenario (a part of a divided unit, which
    /// is not in the scenario, is "a detachment" here: `unit_name` gives
    /// its name from the state).
    pub fn name(&self, id: UnitId) -> &str {
        self.scenario
            .units
            .get(id as usize)
            .map_or("a detachment", |u| u.name.as_str())
    }

    pub fn sight_rules(&self) -> SightRules {
        let v = &self.scenario.tables.visibility;
        SightRules {
            close: v.inside_woods_or_town,
            edge: v.edge,
            ..SightRules::default()
        }
    }

    /// Whether the unit has a trait (its card's; officers' traits are
    /// added here too).
    pub fn has_trait(&self, s: &State, id: UnitId, t: crate::scenario::Trait) -> bool {
        self.unit_has_trait(s, id, t)
    }

    /// Who decides now (`None`: the game is over): the side an open
    /// question is put to, else the side whose turn it is.
    pub fn decider(&self, s: &State) -> Option<Side> {
        match &s.phase {
            Phase::GameOver => None,
            _ if !s.questions.is_empty() => s.questions.last().map(|q| q.side),
            Phase::Choose { side, .. } => Some(*side),
            Phase::Acting(seg) => Some(s.unit(seg.unit).side),
        }
    }

    /// One d6: a die set on the table if any, else the generator's.
    pub(crate) fn d6(&self, s: &mut State) -> u8 {
        match s.loaded.pop() {
            Some(d) => d.clamp(1, 6),
            None => engine::dice::d6(&mut s.rng),
        }
    }

    pub(crate) fn d6x2(&self, s: &mut State) -> [u8; 2] {
        [self.d6(s), self.d6(s)]
    }

    pub(crate) fn end_game(&self, s: &mut State, outcome: Outcome, ev: &mut Vec<Event>) {
        ev.push(Event::GameOver {
            outcome: outcome.clone(),
        });
        s.outcome = Some(outcome);
        s.phase = Phase::GameOver;
    }
}

impl Ruleset for RedActions {
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
    /// The text's optional rules; the scenario's choice is the default.
    fn option_specs(&self) -> Vec<OptionSpec> {
        crate::scenario::OPTIONS
            .iter()
            .map(|(key, (title, text))| OptionSpec {
                key: key.to_string(),
                title: title.to_string(),
                description: text.to_string(),
                default: self.scenario.option(key),
                fixed: None,
            })
            .collect()
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
        let chosen = specs
            .iter()
            .filter(|o| options.get(&o.key).copied().unwrap_or(o.default))
            .map(|o| o.key.clone())
            .collect();
        Ok(self.new_game(chosen, seed))
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
        if let Some(q) = self.question(s) {
            return self.answers(s, q, out);
        }
        // One decision a step: the unit to act (unless a card names it),
        // then its actions, so that only the chosen unit lists its moves.
        match &s.phase {
            Phase::Choose { .. } => match self.chosen(s) {
                Some(id) => self.unit_choices(s, id, out),
                None => out.extend(
                    self.may_start(s)
                        .into_iter()
                        .map(|unit| Action::Select { unit }),
                ),
            },
            Phase::Acting(seg) => self.unit_choices(s, seg.unit, out),
            Phase::GameOver => {}
        }
    }

    /// The unit's choice drawn checking only what is drawn
    /// (`RedActions::unit_draw`); the selection of a unit and the answers
    /// to a question, which check little, from their listing.
    fn random_choice(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> Option<Action> {
        if self.decider(s) != Some(side) {
            return None;
        }
        let unit = match &s.phase {
            _ if self.question(s).is_some() => None,
            Phase::Choose { .. } => self.chosen(s),
            Phase::Acting(seg) => Some(seg.unit),
            Phase::GameOver => return None,
        };
        if let Some(id) = unit {
            return self.unit_draw(s, id, Some(rng));
        }
        let mut listed = Vec::new();
        engine::Ruleset::choices(self, s, side, &mut listed);
        if listed.is_empty() {
            return None;
        }
        use rand::RngExt;
        let pick = rng.random_range(0..listed.len());
        Some(listed.swap_remove(pick))
    }

    fn legal(&self, s: &State, side: Side, a: &Action) -> bool {
        !self.is_refused(s, side, a)
    }

    fn refusal(&self, s: &State, side: Side, a: &Action) -> Option<String> {
        self.refusal_of(s, side, a)
    }

    fn odds(&self, s: &State, side: Side, a: &Action) -> Option<engine::Odds> {
        self.odds_of(s, side, a)
    }

    fn offers(&self, s: &State, side: Side) -> Vec<engine::param::Offer<Action>> {
        if self.decider(s) != Some(side) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.question(s).is_some() {
            return out;
        }
        // The chosen unit's moves; with none chosen yet, those of every
        // unit that may start (a move given then selects its unit).
        match &s.phase {
            Phase::Choose { .. } => {
                for id in self.may_start(s) {
                    self.move_offers(s, id, &mut out);
                }
            }
            Phase::Acting(seg) => self.move_offers(s, seg.unit, &mut out),
            Phase::GameOver => {}
        }
        out
    }

    fn prompt_text(&self, s: &State, side: Side) -> String {
        crate::text::prompt(self, s, side)
    }

    fn apply_legal(&self, s: &mut State, side: Side, a: &Action, ev: &mut Vec<Event>) {
        self.act(s, side, a, ev);
    }

    /// A unit that goes on acting lists its choices to see whether it can
    /// do more: they are handed over.
    fn apply_legal_listing(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
        next: &mut Vec<Action>,
    ) -> Option<Side> {
        self.act_listing(s, side, a, ev, Some(next))
    }

    fn view(&self, s: &State, side: Option<Side>) -> View {
        crate::view::view(self, s, side)
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.outcome.clone()
    }

    /// The game drawn again where `side` cannot see (`crate::bot`).
    fn determinize(&self, s: &State, side: Side, rng: &mut engine::GameRng) -> State {
        self.determinized(s, side, rng)
    }

    fn evaluate(&self, s: &State, side: Side) -> f32 {
        self.value(s, side)
    }

    fn playout_weight(&self, s: &State, _side: Side, a: &Action) -> f32 {
        self.playout_weight_of(s, a)
    }

    /// Each kind of action opened for the search (`crate::bot`).
    fn compound_choices(
        &self,
        s: &State,
        side: Side,
        choices: &[Action],
        out: &mut Vec<Vec<Action>>,
    ) -> bool {
        self.compounds_of(s, side, choices, out)
    }

    /// The search settings Red Actions! asks for (`crate::bot`).
    fn search_defaults(&self) -> engine::ruleset::SearchDefaults {
        crate::bot::SEARCH
    }

    fn ends_undo(&self, e: &Event) -> bool {
        self.is_dice_event(e)
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        self.invariants(s)
    }

    fn describe_action(&self, s: &State, _viewer: Side, a: &Action) -> String {
        crate::text::action(self, s, a)
    }

    /// Each event as the viewer may read it: what names a unit hidden
    /// from the viewer is not told, scouting rolls are the owner's to read
    /// (Ambushes).
    fn describe_events(&self, s: &State, e: &[Event], viewer: Option<Side>) -> Vec<Option<String>> {
        e.iter()
            .map(|x| crate::text::event_for(self, s, x, viewer))
            .collect()
    }

    /// Hidden units and dummy markers are secrets.
    fn secrets_at_table(&self, s: &State) -> bool {
        self.secrets(s)
    }

    fn is_pass(&self, a: &Action) -> bool {
        matches!(a, Action::Done { .. })
    }

    fn is_dice_event(&self, e: &Event) -> bool {
        matches!(
            e,
            Event::RollOff { .. }
                | Event::SegmentRoll { .. }
                | Event::CardTurned { .. }
                | Event::Shot { .. }
                | Event::MoraleTest { .. }
                | Event::OfficerRoll { .. }
                | Event::DirectHit { .. }
                | Event::BuildingRoll { .. }
                | Event::VehicleDie { .. }
                | Event::Scouted { .. }
                | Event::Revealed { .. }
                | Event::DummyRemoved { .. }
                | Event::FireRoll { .. }
                | Event::WireRoll { .. }
                | Event::Veers { .. }
                | Event::OfficerDrawn { .. }
                | Event::MobRoll { .. }
                | Event::PreEmptRoll { .. }
                | Event::Combined { die: Some(_), .. }
                | Event::Combat { .. }
                | Event::Pursuit { .. }
                | Event::FriendsInTheDark { .. }
                | Event::WireCrushed { .. }
        )
    }

    fn rules_section(&self, s: &State) -> &'static str {
        if let Some(q) = self.question(s) {
            return match q.ask {
                crate::state::Ask::IgnoreRetire { .. } => "retire_results",
                crate::state::Ask::SpringAmbush { .. } => "ambushes",
                crate::state::Ask::SwapRetire { .. } => "unit_characteristics",
                crate::state::Ask::PreEmpt { .. } | crate::state::Ask::ReturnFire { .. } => {
                    "pre_empting"
                }
                crate::state::Ask::Charged { .. } | crate::state::Ask::TargetFled { .. } => {
                    "charging"
                }
                crate::state::Ask::ChooseOfficer { .. } => "definitions",
                crate::state::Ask::EvadeShot { .. } => "evading",
            };
        }
        match &s.phase {
            Phase::Choose { .. } if self.chosen(s).is_none() => "initiative",
            Phase::Choose { .. } | Phase::Acting(_) => {
                let id = match s.phase {
                    Phase::Acting(seg) => seg.unit,
                    _ => self.chosen(s).unwrap_or_default(),
                };
                self.section_of(s, id)
            }
            Phase::GameOver => "definitions",
        }
    }
}

impl RedActions {
    /// The rules section of a unit's segment.
    fn section_of(&self, s: &State, id: UnitId) -> &'static str {
        if s.unit(id).more.off_table {
            return "miscellaneous";
        }
        match self.cat(s.unit(id)) {
            Category::Tank => "tanks",
            Category::ArmouredCar => "armoured_cars",
            c if c.is_train_car() => "trains",
            _ => "movement",
        }
    }
}

impl engine::RuleSystem for RedActions {
    const ID: &'static str = crate::data::RULESET_ID;
    const TITLE: &'static str = "Red Actions!";
    const REFERENCE: &'static str = include_str!("../../../../assets/rules/red_actions.toml");
    const FILE_KINDS: &'static [&'static str] =
        &["scenario", "tables", "troops", "officers", "armies"];

    fn load(path: &Path) -> Result<Self, engine::data::DataErrors> {
        RedActions::load(path)
    }

    fn load_info(path: &Path) -> Result<engine::ScenarioInfo, engine::data::DataErrors> {
        crate::scenario::load_scenario(path).map(|s| s.info)
    }

    fn check_file(kind: &str, path: &Path) -> Result<(), engine::data::DataErrors> {
        crate::scenario::check_file(kind, path)
    }
}
