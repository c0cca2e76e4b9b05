//! GAME SETUP: objective tokens and secret objective cards, forces placed in
//! the setup areas, the initiative token on its starting position.

use super::{ADVANCED_RULES, DeathOnTheRails};
use crate::data::{Arrival, SetupOrder, Terrain};
use crate::map::{AreaId, AreaSet};
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

    /// Advanced rules: the stacking limit holds during setup too, so the
    /// setup areas must have room for every unit placed at setup: each side's
    /// force in its setup areas, and (Kiltsi) the sleeping reinforcements in
    /// the buildings.
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
        }
        // The same question for all the units to place together, sleeping
        // reinforcements included (the trains stand in their areas already,
        // but train parts do not count towards the limit).
        let empty: Vec<usize> = (0..sc.map.area_count())
            .map(|a| sc.area_sizes[a] as usize)
            .collect();
        let groups = self.placement_groups(&|u: UnitId| self.def(u).train_part.is_none());
        if !room_for_all(&groups, &empty) {
            return Err(SetupError(
                "with the advanced rules' stacking limit, the setup areas cannot hold every unit placed at setup"
                    .into(),
            ));
        }
        Ok(())
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

    /// The areas where a unit of `side` may be set up: the side's setup
    /// areas, or (`sleeping_reinforcement`, Kiltsi) "face-down into
    /// buildings", outside the enemy's setup areas.
    fn allowed_setup_areas(&self, side: Side, sleeping_reinforcement: bool) -> AreaSet {
        let sc = self.sc();
        if !sleeping_reinforcement {
            return sc.side(side).setup_areas;
        }
        let enemy_setup = sc.side(side.other()).setup_areas;
        let mut set = AreaSet::EMPTY;
        for a in 0..sc.map.area_count() as AreaId {
            if sc.map.areas[a as usize].terrain == Terrain::Building && !enemy_setup.contains(a) {
                set.insert(a);
            }
        }
        set
    }

    /// The units still to place at setup, in groups that may go to the same
    /// areas: per side, its force (its setup areas) and its sleeping
    /// reinforcements (the buildings). `to_place` says which units count.
    fn placement_groups(&self, to_place: &dyn Fn(UnitId) -> bool) -> Vec<PlacementGroup> {
        let sc = self.sc();
        let mut groups = Vec::new();
        for side in Side::BOTH {
            let sleepers = sc.side(side).reinforcements == Some(Arrival::AtSetupAsleepInBuildings);
            for sleeping in [false, true] {
                if sleeping && !sleepers {
                    continue;
                }
                let count = self
                    .unit_ids()
                    .filter(|&u| {
                        let d = self.def(u);
                        d.side == side
                            && d.train_part.is_none()
                            && d.reinforcement == sleeping
                            && to_place(u)
                    })
                    .count();
                groups.push(PlacementGroup {
                    side,
                    sleeping,
                    count,
                    areas: self.allowed_setup_areas(side, sleeping),
                });
            }
        }
        groups
    }

    /// Where a unit may be set up. With the advanced rules, only where the
    /// area has room under the stacking limit *and* every unit still to
    /// place (of both sides) would still find room afterwards: otherwise a
    /// placement could fill the areas a later unit needs and setup would
    /// have no legal choice left (Kiltsi: sentries in the buildings the
    /// sleeping crew must go to).
    pub(crate) fn setup_areas_for(
        &self,
        s: &State,
        side: Side,
        sleeping_reinforcement: bool,
    ) -> Vec<AreaId> {
        let allowed = self.allowed_setup_areas(side, sleeping_reinforcement);
        if !s.advanced {
            return allowed.iter().collect();
        }
        let sc = self.sc();
        let mut free: Vec<usize> = (0..sc.map.area_count())
            .map(|a| {
                let here = (s.area_units[a].0 & !sc.train_mask).count_ones() as usize;
                (sc.area_sizes[a] as usize).saturating_sub(here)
            })
            .collect();
        let mut groups =
            self.placement_groups(&|u: UnitId| s.units[u as usize].place() == Place::Pool);
        // The group the unit comes from: one unit fewer to place there.
        let Some(g) = groups
            .iter_mut()
            .find(|g| g.side == side && g.sleeping == sleeping_reinforcement && g.count > 0)
        else {
            return Vec::new();
        };
        g.count -= 1;
        allowed
            .iter()
            .filter(|&a| {
                if free[a as usize] == 0 {
                    return false;
                }
                free[a as usize] -= 1;
                let ok = room_for_all(&groups, &free);
                free[a as usize] += 1;
                ok
            })
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

/// Units still to place at setup that may go to the same areas.
struct PlacementGroup {
    side: Side,
    /// Kiltsi's sleeping reinforcements (into buildings), or the force.
    sleeping: bool,
    count: usize,
    areas: AreaSet,
}

/// Whether the units of `groups` can all be placed in areas with `free`
/// room: Hall's condition, every set of groups together fits in the room of
/// the areas any of them may use (at most four groups, so all their subsets
/// are tried).
fn room_for_all(groups: &[PlacementGroup], free: &[usize]) -> bool {
    (1u32..1 << groups.len()).all(|subset| {
        let mut units = 0;
        let mut areas = AreaSet::EMPTY;
        for (i, g) in groups.iter().enumerate() {
            if subset & 1 << i != 0 {
                units += g.count;
                areas = AreaSet(areas.0 | g.areas.0);
            }
        }
        units <= areas.iter().map(|a| free[a as usize]).sum::<usize>()
    })
}

/// Fisher–Yates, from the game's generator.
pub fn shuffle(rng: &mut engine::GameRng, v: &mut [u8]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
