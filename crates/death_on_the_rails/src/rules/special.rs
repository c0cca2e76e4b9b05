//! The scenarios' additional rules: Kiltsi's dark night and waking up, the
//! reinforcements of Mustjõe and Kiltsi, Lehtse's fog, Tapa's evacuation.
//! (Tapa's heavy machine gun is in `fire`; Narva's exit in `movement`; the
//! change of objectives in `objectives`.)

use super::DeathOnTheRails;
use super::movement::MoveKind;
use crate::data::{Arrival, VictoryFile};
use crate::map::AreaId;
use crate::scenario::{ESTONIA, RUSSIA, UnitId};
use crate::state::{Action, Event, Phase, Place, Resume, State, UnitSet, flag};
use engine::Side;

impl DeathOnTheRails {
    // ----- Kiltsi: dark night -----

    fn sleepers(&self, s: &State) -> Vec<UnitId> {
        self.unit_ids()
            .filter(|&u| {
                let d = self.def(u);
                d.side == ESTONIA
                    && d.train_part.is_none()
                    && self.on_map(s, u)
                    && s.units[u as usize].has(flag::ASLEEP)
            })
            .collect()
    }

    pub(crate) fn someone_asleep(&self, s: &State) -> bool {
        self.units_of(ESTONIA).any(|u| {
            self.def(u).train_part.is_none()
                && self.on_map(s, u)
                && s.units[u as usize].has(flag::ASLEEP)
        })
    }

    /// After each fire combat started by a Russian unit, or melee combat, the
    /// Russian player wakes one Estonian unit of their choice (blindly: the
    /// blocks are face-down).
    pub(crate) fn wake_up_choices(&self, s: &State, out: &mut Vec<Action>) {
        for u in self.sleepers(s) {
            out.push(Action::WakeUp { unit: u });
        }
    }

    pub(crate) fn wake_up(&self, s: &mut State, unit: UnitId, then: Resume, ev: &mut Vec<Event>) {
        s.units[unit as usize].flags &= !flag::ASLEEP;
        ev.push(Event::WokeUp { unit });
        self.resume(s, then, ev);
    }

    /// The first attack on the railway or the train: every Estonian unit
    /// (the train too) wakes, and the Russian reinforcements come on.
    pub(crate) fn raise_alarm(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.sc().special.dark_night || s.alarm {
            return;
        }
        s.alarm = true;
        for u in self.units_of(ESTONIA) {
            s.units[u as usize].flags &= !flag::ASLEEP;
        }
        ev.push(Event::AllAwake);
    }

    // ----- Reinforcements -----

    fn pooled_reinforcements(&self, s: &State, side: Side) -> Vec<UnitId> {
        self.unit_ids()
            .filter(|&u| {
                let d = self.def(u);
                d.side == side && d.reinforcement && s.units[u as usize].place() == Place::Pool
            })
            .collect()
    }

    /// Kiltsi: the alarm has sounded and the Russian reinforcements are not in yet.
    pub(crate) fn reinforcements_waiting(&self, s: &State) -> bool {
        s.alarm
            && self.sc().side(RUSSIA).reinforcements
                == Some(Arrival::AfterFirstAttackOnRailwayOrTrain)
            && self
                .reinforcement_places(s, RUSSIA)
                .iter()
                .any(|(_, areas)| !areas.is_empty())
    }

    /// Reinforcements still to place, each with the areas open to it.
    fn reinforcement_places(&self, s: &State, side: Side) -> Vec<(UnitId, Vec<AreaId>)> {
        let sc = self.sc();
        self.pooled_reinforcements(s, side)
            .into_iter()
            .filter(|&u| self.def(u).train_part.is_none())
            .map(|u| {
                let areas = sc
                    .side(side)
                    .setup_areas
                    .iter()
                    .filter(|&a| !s.advanced || self.has_room(s, a, 1))
                    .collect();
                (u, areas)
            })
            .collect()
    }

    /// Brings on a side's reinforcements: into the setup area (the owner
    /// chooses where when there is more than one), the train at its entry area.
    pub(crate) fn enter_reinforcements(
        &self,
        s: &mut State,
        side: Side,
        then: Resume,
        extra_moves: bool,
        ev: &mut Vec<Event>,
    ) {
        if let Some(t) = &self.sc().side(side).train
            && t.reinforcement
            && s.units[t.parts[0] as usize].place() == Place::Pool
        {
            for p in t.parts {
                s.set_place(p, Place::Area(t.area));
            }
        }
        ev.push(Event::ReinforcementsArrive { side });
        let setup = self.sc().side(side).setup_areas;
        if setup.len() == 1 {
            let area = setup.iter().next().unwrap_or(0);
            for (u, areas) in self.reinforcement_places(s, side) {
                if areas.contains(&area) {
                    s.set_place(u, Place::Area(area));
                    ev.push(Event::Placed {
                        secret: false,
                        side,
                        unit: u,
                        area,
                    });
                }
            }
            self.after_reinforcements(s, side, then, extra_moves, ev);
        } else {
            s.phase = Phase::PlaceReinforcements {
                side,
                then,
                extra_moves,
            };
            if self.reinforcement_place_list(s, side).is_empty() {
                self.after_reinforcements(s, side, then, extra_moves, ev);
            }
        }
    }

    fn reinforcement_place_list(&self, s: &State, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        let mut kinds: Vec<UnitId> = Vec::new();
        for (u, areas) in self.reinforcement_places(s, side) {
            if areas.is_empty() || kinds.iter().any(|k| self.same_block(*k, u)) {
                continue;
            }
            kinds.push(u);
            for a in areas {
                out.push(Action::Place { unit: u, area: a });
            }
        }
        out
    }

    pub(crate) fn reinforcement_place_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        out.extend(self.reinforcement_place_list(s, side));
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn place_reinforcement(
        &self,
        s: &mut State,
        side: Side,
        unit: UnitId,
        area: AreaId,
        then: Resume,
        extra_moves: bool,
        ev: &mut Vec<Event>,
    ) {
        s.set_place(unit, Place::Area(area));
        ev.push(Event::Placed {
            side,
            unit,
            area,
            secret: false,
        });
        if self.reinforcement_place_list(s, side).is_empty() {
            self.after_reinforcements(s, side, then, extra_moves, ev);
        }
    }

    fn after_reinforcements(
        &self,
        s: &mut State,
        _side: Side,
        then: Resume,
        extra_moves: bool,
        ev: &mut Vec<Event>,
    ) {
        if extra_moves {
            self.after_extra_move(s, ev);
        } else {
            self.resume(s, then, ev);
        }
    }

    /// Mustjõe: once objectives have changed, each side may call its
    /// reinforcements once, at the end of one of its turns.
    pub(crate) fn may_call_reinforcements(&self, s: &State) -> bool {
        let side = s.active;
        self.sc().special.objective_change
            && s.objectives_changed.is_some()
            && !s.reinforcements_called[side.index()]
            && self.sc().side(side).reinforcements == Some(Arrival::OnCallAfterObjectiveChange)
            && !self.pooled_reinforcements(s, side).is_empty()
    }

    pub(crate) fn call_reinforcements(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::CallReinforcements => {
                let side = s.active;
                s.reinforcements_called[side.index()] = true;
                // Only the player who drew the new objective card gets the extra activation.
                let extra = s.objectives_changed.map(|(who, _)| who) == Some(side);
                self.enter_reinforcements(s, side, Resume::AfterReinforcements, extra, ev);
            }
            Action::NotNow => self.run_melee(s, 0, false, ev),
            other => unreachable!("{other:?} when calling reinforcements"),
        }
    }

    /// Mustjõe: each reinforcement may be activated once for movement.
    pub(crate) fn extra_move_choices(&self, s: &State, out: &mut Vec<Action>) {
        self.move_choices_of(s, MoveKind::Extra, out);
        out.push(Action::Done);
    }

    pub(crate) fn extra_move(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Move { from } => {
                s.phase = Phase::MoveGroup {
                    from,
                    group: UnitSet::EMPTY,
                    extra: true,
                }
            }
            Action::Done => self.resume(s, Resume::AfterReinforcements, ev),
            other => unreachable!("{other:?} during extra moves"),
        }
    }

    pub(crate) fn after_extra_move(&self, s: &mut State, ev: &mut Vec<Event>) {
        let mut more = Vec::new();
        self.move_choices_of(s, MoveKind::Extra, &mut more);
        if more.is_empty() {
            self.resume(s, Resume::AfterReinforcements, ev);
        } else {
            s.phase = Phase::ExtraMoves;
        }
    }

    // ----- Lehtse: fog -----

    /// At the beginning of each turn: one die + 10; if the discard pile holds
    /// at least that many action cards, the fog lifts.
    pub(crate) fn fog_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        let roll = self.d6(s);
        let needed = roll + 10;
        let discarded = s.discard.len().min(255) as u8;
        let lifted = discarded >= needed;
        ev.push(Event::FogCheck {
            roll,
            needed,
            discarded,
            lifted,
        });
        if lifted {
            s.fog = false;
            ev.push(Event::FogLifted);
        }
    }

    // ----- Tapa: evacuation -----

    fn evacuation_building(&self, s: &State, side: Side) -> Option<AreaId> {
        if !self
            .sc()
            .side(side)
            .victory
            .iter()
            .any(|v| matches!(v, VictoryFile::Evacuate { .. }))
        {
            return None;
        }
        let mask = self.secret_objectives(s, side)?;
        let i = mask.trailing_zeros() as usize;
        self.sc().objectives.get(i).map(|o| o.area)
    }

    /// Non-combat units in the objective building may later be evacuated.
    pub(crate) fn mark_building_visits(&self, s: &mut State) {
        for side in Side::BOTH {
            let Some(building) = self.evacuation_building(s, side) else {
                continue;
            };
            for u in self.side_units_in(s, side, building).iter() {
                if self.def(u).kind == crate::data::UnitKind::NonCombat {
                    s.units[u as usize].flags |= flag::VISITED_BUILDING;
                }
            }
        }
    }

    /// Non-combat units that have been through the objective building and
    /// move onto the armoured train, each with a combat unit moving with them,
    /// are evacuated (taken off the map).
    pub(crate) fn evacuate(&self, s: &mut State, group: UnitSet, to: AreaId, ev: &mut Vec<Event>) {
        let side = s.active;
        if self.evacuation_building(s, side).is_none() || self.train_area(s, side) != Some(to) {
            return;
        }
        let escorts = group.iter().filter(|&u| self.def(u).is_combat()).count();
        let leaving: Vec<UnitId> = group
            .iter()
            .filter(|&u| {
                self.def(u).kind == crate::data::UnitKind::NonCombat
                    && s.units[u as usize].has(flag::VISITED_BUILDING)
            })
            .take(escorts)
            .collect();
        for u in leaving {
            s.set_place(u, Place::Evacuated);
            s.evacuated += 1;
            ev.push(Event::Evacuated {
                unit: u,
                total: s.evacuated,
            });
        }
    }
}
