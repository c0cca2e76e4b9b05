//! GAME SETUP: objective tokens and secret objective cards, forces placed in
//! the setup areas, the initiative token on its starting position.

use super::{ADVANCED_RULES, DeathOnTheRails};
use crate::data::{Arrival, SetupOrder, Terrain};
use crate::map::AreaId;
use crate::scenario::{ESTONIA, RUSSIA, UnitId};
use crate::state::{Action, Event, Phase, Place, State, UnitSet, UnitState, flag};
use engine::{Options, SetupError, Side};
use rand::RngExt;

impl DeathOnTheRails {
    pub(crate) fn new_game(&self, options: &Options, seed: u64) -> Result<State, SetupError> {
        let sc = self.sc();
        for key in options.keys() {
            if key != ADVANCED_RULES {
                return Err(SetupError(format!(
                    "unknown option \"{key}\"; Death on the Rails knows only \"{ADVANCED_RULES}\""
                )));
            }
        }
        let advanced = match (options.get(ADVANCED_RULES), sc.special.advanced_rules_fixed) {
            (Some(false), true) => {
                return Err(SetupError(format!(
                    "scenario \"{}\" is played with the advanced rules; they cannot be switched off",
                    sc.info.title
                )));
            }
            (_, true) => true,
            (v, false) => v.copied().unwrap_or(false),
        };
        if advanced {
            self.check_setup_room()?;
        }
        let mut rng = engine::rng_from_seed(seed);
        let mut deck: Vec<u8> = (0..sc.cards.len() as u8).collect();
        shuffle(&mut rng, &mut deck);
        let n = sc.map.area_count();
        let units = sc
            .units
            .iter()
            .map(|d| UnitState::new(Place::Pool, d.strength, 0))
            .collect();
        let mut s = State {
            rng,
            phase: Phase::Setup { side: ESTONIA },
            units,
            artillery_tokens: vec![0; n],
            sabotage: vec![0; n],
            train_hits: [0; 2],
            control: vec![None; sc.objectives.len()],
            active: if sc.initiative > 0 { ESTONIA } else { RUSSIA },
            initiative: sc.initiative,
            card: None,
            actions_done: 0,
            deck,
            discard: Vec::new(),
            secret: [None; 2],
            objectives_changed: None,
            reinforcements_called: [false; 2],
            fog: sc.special.fog,
            alarm: false,
            evacuated: 0,
            exited: [false; 2],
            advanced,
            turn: 0,
            just_moved: Default::default(),
            outcome: None,
            area_units: vec![Default::default(); n],
            on_map: 0,
            retreating: UnitSet::EMPTY,
            loaded_dice: Vec::new(),
        };
        // Trains that start on the map stand in their area from the start.
        for side in Side::BOTH {
            if let Some(t) = &sc.side(side).train
                && !t.reinforcement
            {
                for p in t.parts {
                    s.set_place(p, Place::Area(t.area));
                    if sc.special.dark_night && side == ESTONIA {
                        // Kiltsi: the train's crew is resting.
                        s.units[p as usize].flags |= flag::ASLEEP;
                    }
                }
            }
        }
        // Secret objectives drawn before anybody sets up (all but Tapa, where
        // Estonia places its units first and the cards are drawn after).
        if sc.setup_order == SetupOrder::Simultaneous {
            let mut ev = Vec::new();
            self.draw_secret_objectives(&mut s, &mut ev);
        }
        Ok(s)
    }

    /// Advanced rules: the stacking limit holds during setup too, so each
    /// side's setup areas must have room for its force.
    fn check_setup_room(&self) -> Result<(), SetupError> {
        let sc = self.sc();
        for side in Side::BOTH {
            let room: usize = sc
                .side(side)
                .setup_areas
                .iter()
                .map(|a| sc.map.areas[a as usize].size())
                .sum();
            let force = self
                .unit_ids()
                .filter(|&u| {
                    let d = self.def(u);
                    d.side == side && d.train_part.is_none() && !d.reinforcement
                })
                .count();
            if force > room {
                return Err(SetupError(format!(
                    "with the advanced rules' stacking limit, {}'s setup areas hold {room} units but its force has {force}",
                    self.side_name_of(side)
                )));
            }
            // Kiltsi: the sleeping reinforcements go into the buildings.
            if sc.side(side).reinforcements == Some(Arrival::AtSetupAsleepInBuildings) {
                let room: usize = self
                    .sleeping_areas(side)
                    .map(|a| sc.map.areas[a as usize].size())
                    .sum();
                let sleepers = self
                    .unit_ids()
                    .filter(|&u| {
                        let d = self.def(u);
                        d.side == side && d.train_part.is_none() && d.reinforcement
                    })
                    .count();
                if sleepers > room {
                    return Err(SetupError(format!(
                        "with the advanced rules' stacking limit, the buildings hold {room} units but {} has {sleepers} asleep in them",
                        self.side_name_of(side)
                    )));
                }
                // Awake and asleep together, in the setup areas and buildings.
                let setup = sc.side(side).setup_areas;
                let both: usize = (0..sc.map.area_count() as AreaId)
                    .filter(|&a| setup.contains(a) || self.sleeping_areas(side).any(|b| b == a))
                    .map(|a| sc.map.areas[a as usize].size())
                    .sum();
                if force + sleepers > both {
                    return Err(SetupError(format!(
                        "with the advanced rules' stacking limit, {}'s setup areas and the buildings hold {both} units but its force has {}",
                        self.side_name_of(side),
                        force + sleepers
                    )));
                }
            }
        }
        Ok(())
    }

    /// Kiltsi: the areas where a side's sleeping reinforcements may be set up
    /// ("face-down into buildings", not in the enemy's setup area).
    fn sleeping_areas(&self, side: Side) -> impl Iterator<Item = AreaId> + '_ {
        let sc = self.sc();
        let enemy_setup = sc.side(side.other()).setup_areas;
        (0..sc.map.area_count() as AreaId).filter(move |&a| {
            sc.map.areas[a as usize].terrain == Terrain::Building && !enemy_setup.contains(a)
        })
    }

    /// Advanced rules, Kiltsi: free places left in the buildings, beyond those
    /// the side's sleeping reinforcements still to be placed will need.
    fn spare_sleeping_room(&self, s: &State, side: Side) -> usize {
        let sc = self.sc();
        let free: usize = self
            .sleeping_areas(side)
            .map(|a| {
                let there = (s.area_units[a as usize].0 & !sc.train_mask).count_ones() as usize;
                sc.map.areas[a as usize].size().saturating_sub(there)
            })
            .sum();
        let sleepers = (sc.side_mask[side.index()] & sc.reinforcement_mask & !sc.train_mask)
            .count_ones() as usize;
        let placed = UnitSet(sc.side_mask[side.index()] & sc.reinforcement_mask & !sc.train_mask)
            .iter()
            .filter(|&u| s.units[u as usize].place() != Place::Pool)
            .count();
        free.saturating_sub(sleepers - placed)
    }

    pub(crate) fn side_name_of(&self, side: Side) -> &'static str {
        crate::scenario::SIDE_NAMES[side.index()]
    }

    pub(crate) fn draw_secret_objectives(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some((_, drawn)) = self.sc().secret_objectives {
            for side in Side::BOTH {
                if drawn[side.index()] {
                    let card = self.draw_card(s, ev);
                    s.secret[side.index()] = Some(card);
                    ev.push(Event::ObjectiveCardDrawn {
                        side,
                        card: Some(card),
                    });
                }
            }
        }
    }

    /// Takes the top card of the deck, reshuffling the discards when it is empty.
    pub(crate) fn draw_card(&self, s: &mut State, ev: &mut Vec<Event>) -> u8 {
        if s.deck.is_empty() {
            std::mem::swap(&mut s.deck, &mut s.discard);
            shuffle(&mut s.rng, &mut s.deck);
            ev.push(Event::Reshuffled {
                cards: s.deck.len() as u8,
            });
        }
        // A deck of at least 3 cards cannot run dry: at most two are held as
        // secret objectives and one is the current action card.
        s.deck.pop().unwrap_or(0)
    }

    /// Units of `side` still to be placed at setup: the regular forces first,
    /// then (Kiltsi) the reinforcements that sleep in the buildings.
    fn units_to_place(&self, s: &State, side: Side) -> (UnitSet, bool) {
        let sc = self.sc();
        let in_pool = UnitSet(sc.side_mask[side.index()] & !sc.train_mask)
            .iter()
            .filter(|&u| s.units[u as usize].place() == Place::Pool)
            .fold(0u64, |m, u| m | 1 << u);
        let regular = in_pool & !sc.reinforcement_mask;
        if regular != 0 {
            return (UnitSet(regular), false);
        }
        if sc.side(side).reinforcements == Some(Arrival::AtSetupAsleepInBuildings) {
            return (UnitSet(in_pool & sc.reinforcement_mask), true);
        }
        (UnitSet::EMPTY, false)
    }

    /// Where a unit may be set up.
    fn setup_areas_for(&self, s: &State, side: Side, sleeping_reinforcement: bool) -> Vec<AreaId> {
        let sc = self.sc();
        let enemy_setup = sc.side(side.other()).setup_areas;
        // Advanced rules, Kiltsi: the units awake may not take the room in the
        // buildings that the sleeping reinforcements, placed after them, need.
        let keep_buildings = s.advanced
            && !sleeping_reinforcement
            && sc.side(side).reinforcements == Some(Arrival::AtSetupAsleepInBuildings)
            && self.spare_sleeping_room(s, side) == 0;
        (0..sc.map.area_count() as AreaId)
            .filter(|&a| {
                let building = sc.map.areas[a as usize].terrain == Terrain::Building;
                if sleeping_reinforcement {
                    // Kiltsi: "face-down into buildings".
                    building && !enemy_setup.contains(a)
                } else {
                    sc.side(side).setup_areas.contains(a)
                        && !(keep_buildings && building && !enemy_setup.contains(a))
                }
            })
            .filter(|&a| !s.advanced || self.has_room(s, a, 1))
            .collect()
    }

    /// GAME SETUP: one choice per kind of unit still to place and per area
    /// (identical blocks are interchangeable).
    pub(crate) fn setup_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let (units, sleeping) = self.units_to_place(s, side);
        let areas = self.setup_areas_for(s, side, sleeping);
        let mut kinds: Vec<UnitId> = Vec::new();
        for u in units.iter() {
            if !kinds.iter().any(|k| self.same_block(*k, u)) {
                kinds.push(u);
            }
        }
        for u in kinds {
            for &a in &areas {
                out.push(Action::Place { unit: u, area: a });
            }
        }
    }

    /// Two blocks with the same sticker.
    pub(crate) fn same_block(&self, a: UnitId, b: UnitId) -> bool {
        self.sc().block_kind[a as usize] == self.sc().block_kind[b as usize]
    }

    pub(crate) fn place(
        &self,
        s: &mut State,
        side: Side,
        unit: UnitId,
        area: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let sleeping = self.def(unit).reinforcement;
        s.set_place(unit, Place::Area(area));
        if sleeping {
            s.units[unit as usize].flags |= flag::ASLEEP;
        }
        ev.push(Event::Placed {
            side,
            unit,
            area,
            secret: self.sc().setup_order == SetupOrder::Simultaneous,
        });
        if !self.units_to_place(s, side).0.is_empty() {
            return;
        }
        ev.push(Event::SetupDone { side });
        if side == ESTONIA {
            if self.sc().setup_order == SetupOrder::EstoniaFirst {
                self.draw_secret_objectives(s, ev);
            }
            if self.units_to_place(s, RUSSIA).0.is_empty() {
                self.start_play(s, ev);
            } else {
                s.phase = Phase::Setup { side: RUSSIA };
            }
        } else {
            self.start_play(s, ev);
        }
    }

    /// Both sides are set up: objectives held at the start go to their holder,
    /// and the side with the initiative begins.
    fn start_play(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.sc();
        for (i, o) in sc.objectives.iter().enumerate() {
            for side in Side::BOTH {
                let holds = self
                    .side_units_in(s, side, o.area)
                    .iter()
                    .any(|u| self.def(u).takes_objectives());
                if holds {
                    s.control[i] = Some(side);
                    ev.push(Event::ObjectiveTaken {
                        objective: i as u8,
                        side,
                    });
                }
            }
        }
        self.mark_building_visits(s);
        self.begin_turn(s, false, ev);
    }
}

/// Fisher–Yates, from the game's generator.
pub fn shuffle(rng: &mut engine::GameRng, v: &mut [u8]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
