//! 6.1 Movement, and the armoured train's movement (12).
//!
//! A movement action activates some or all units of one area and moves them
//! into one adjacent area; if that area is open ground, they may go on into
//! one more adjacent open-ground area. Units cannot move through an area with
//! enemy units (an armoured train too), but may enter one (melee follows at
//! the end of the turn, where the enemy has units that fight it).

use super::DeathOnTheRails;
use crate::data::{Terrain, UnitKind, VictoryFile};
use crate::map::AreaId;
use crate::scenario::UnitId;
use crate::state::{Action, Event, Phase, Place, Resume, State, UnitSet, flag};

/// How far the armoured train runs along the railway in one movement action
/// (our reconstruction: the rulebook's text on this is lost; two areas, like
/// units in open ground, and Lehtse's fog rule exempts the train from its
/// one-area limit).
pub const TRAIN_MOVE: u8 = 2;

/// Which units a movement may take.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    Normal,
    /// Advanced rules: only units that must retreat, each step towards their setup area.
    Retreat,
    /// Mustjõe: reinforcements that have not used their extra move.
    Extra,
}

impl DeathOnTheRails {
    fn move_kind(&self, s: &State, extra: bool) -> MoveKind {
        if extra {
            MoveKind::Extra
        } else if self.retreat_pending(s) {
            MoveKind::Retreat
        } else {
            MoveKind::Normal
        }
    }

    /// Whether a unit may be activated for this movement.
    pub(crate) fn may_move(&self, s: &State, u: UnitId, kind: MoveKind) -> bool {
        let d = self.def(u);
        let st = &s.units[u as usize];
        if d.side != s.active
            || d.train_part.is_some()
            || !self.on_map(s, u)
            || st.has(flag::ASLEEP)
        {
            return false;
        }
        // 9.3: artillery must not move and fire in the same turn.
        if d.kind == UnitKind::Artillery && st.has(flag::FIRED) {
            return false;
        }
        match kind {
            MoveKind::Normal => true,
            MoveKind::Retreat => s.retreating.contains(u),
            MoveKind::Extra => d.reinforcement && !st.has(flag::EXTRA_MOVE_USED),
        }
    }

    /// One step for `group` from `from` into `to`: legal?
    fn step_ok(&self, s: &State, group: UnitSet, from: AreaId, to: AreaId, kind: MoveKind) -> bool {
        self.sc().map.adjacent[from as usize].contains(to)
            && self.step_into_ok(s, group.len() as usize, from, to, kind)
    }

    /// A step of `size` units into an area `to` known to be adjacent: which
    /// units they are does not matter, only how many (the stacking limit).
    #[inline(always)]
    fn step_into_ok(
        &self,
        s: &State,
        size: usize,
        from: AreaId,
        to: AreaId,
        kind: MoveKind,
    ) -> bool {
        if s.advanced && !self.has_room(s, to, size) {
            // Advanced rules: the stacking limit holds even while moving through.
            return false;
        }
        if kind == MoveKind::Retreat {
            // Each move must bring the unit closer to its setup area, and a
            // retreating unit may not start a melee.
            let d = &self.sc().side(s.active).distance_to_setup;
            if d[to as usize] >= d[from as usize] || self.has_units(s, s.active.other(), to) {
                return false;
            }
        }
        true
    }

    /// Whether the group may go on into a second area from `at`.
    fn may_go_on(&self, s: &State, at: AreaId) -> bool {
        let sc = self.sc();
        // Kiltsi's dark night and Lehtse's fog allow one area per movement.
        !(sc.special.dark_night || s.fog)
            && sc.map.areas[at as usize].terrain == Terrain::Open
            // 4 and 6.1: no moving through an area with enemy units, the
            // enemy's armoured train too (its parts fight no melee, but they
            // are enemy units).
            && !self.has_units(s, s.active.other(), at)
    }

    fn first_steps(
        &self,
        s: &State,
        from: AreaId,
        group: UnitSet,
        kind: MoveKind,
        out: &mut Vec<Action>,
    ) {
        for to in self.sc().map.adjacent[from as usize].iter() {
            if self.step_into_ok(s, group.len() as usize, from, to, kind) {
                out.push(Action::Step { to });
            }
        }
    }

    /// Whether a group of `size` units in `from` has somewhere to go.
    fn has_first_step(&self, s: &State, from: AreaId, size: usize, kind: MoveKind) -> bool {
        self.sc().map.adjacent[from as usize]
            .iter()
            .any(|to| self.step_into_ok(s, size, from, to, kind))
            || self.may_exit(s, from, kind)
    }

    /// Narva: a unit activated for movement in the enemy setup area may leave the map.
    fn may_exit(&self, s: &State, from: AreaId, kind: MoveKind) -> bool {
        let sc = self.sc();
        kind == MoveKind::Normal
            && sc.side(s.active).victory.contains(&VictoryFile::ExitMap)
            && sc.side(s.active.other()).setup_areas.contains(from)
    }

    /// `Move { from }` for every area with units that can move somewhere.
    pub(crate) fn move_choices(&self, s: &State, out: &mut Vec<Action>) {
        self.move_choices_of(s, MoveKind::Normal, out);
    }

    pub(crate) fn move_choices_of(&self, s: &State, kind: MoveKind, out: &mut Vec<Action>) {
        for from in s
            .areas_holding(self.sc().side_mask[s.active.index()])
            .iter()
        {
            if self.move_from_ok(s, from, kind) {
                out.push(Action::Move { from });
            }
        }
    }

    /// Whether a movement action may start from `from`: some unit there may
    /// move and has somewhere to go.
    pub(crate) fn move_from_ok(&self, s: &State, from: AreaId, kind: MoveKind) -> bool {
        self.side_units_in(s, s.active, from)
            .iter()
            .any(|u| self.may_move(s, u, kind))
            && self.has_first_step(s, from, 1, kind)
    }

    /// Choosing the moving group: add units, or step off.
    pub(crate) fn group_choices(
        &self,
        s: &State,
        from: AreaId,
        group: UnitSet,
        extra: bool,
        out: &mut Vec<Action>,
    ) {
        let kind = self.move_kind(s, extra);
        if self.has_first_step(s, from, group.len() as usize + 1, kind) {
            for u in self.side_units_in(s, s.active, from).iter() {
                if !group.contains(u) && self.may_move(s, u, kind) {
                    out.push(Action::Select { unit: u });
                }
            }
        }
        if !group.is_empty() {
            self.first_steps(s, from, group, kind, out);
            if self.may_exit(s, from, kind) {
                out.push(Action::ExitMap);
            }
        }
    }

    /// Whether unit `u` of area `from` may join the moving group: it can move,
    /// and the bigger group still has somewhere to go.
    pub(crate) fn select_ok(
        &self,
        s: &State,
        from: AreaId,
        group: UnitSet,
        kind: MoveKind,
        u: UnitId,
    ) -> bool {
        !group.contains(u)
            && self.side_units_in(s, s.active, from).contains(u)
            && self.may_move(s, u, kind)
            && self.has_first_step(s, from, group.len() as usize + 1, kind)
    }

    /// Quick checks of one decision while choosing a moving group (the same
    /// tests as `group_choices`).
    pub(crate) fn group_decision_ok(
        &self,
        s: &State,
        from: AreaId,
        group: UnitSet,
        extra: bool,
        a: Action,
    ) -> bool {
        let kind = self.move_kind(s, extra);
        match a {
            Action::Select { unit } => self.select_ok(s, from, group, kind, unit),
            Action::Step { to } => !group.is_empty() && self.step_ok(s, group, from, to, kind),
            Action::ExitMap => !group.is_empty() && self.may_exit(s, from, kind),
            _ => false,
        }
    }

    pub(crate) fn group_step(
        &self,
        s: &mut State,
        from: AreaId,
        group: UnitSet,
        extra: bool,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match a {
            Action::Select { unit } => {
                let mut group = group;
                group.insert(unit);
                s.phase = Phase::MoveGroup { from, group, extra };
            }
            Action::Step { to } => {
                let entered_melee = self.enter_area(s, group, from, to, ev);
                let kind = self.move_kind(s, extra);
                s.phase = Phase::MoveOn {
                    group,
                    from,
                    at: to,
                    entered_melee,
                    extra,
                };
                let goes_on = !entered_melee
                    && self.may_go_on(s, to)
                    && self.sc().map.adjacent[to as usize]
                        .iter()
                        .any(|next| self.second_step_ok(s, group, from, to, next, kind));
                if !goes_on {
                    self.finish_move(
                        s,
                        group,
                        entered_melee,
                        extra,
                        kind == MoveKind::Retreat,
                        ev,
                    );
                }
            }
            Action::ExitMap => {
                for u in group.iter() {
                    s.set_place(u, Place::Exited);
                    if self.def(u).kind != UnitKind::Dummy {
                        s.exited[s.active.index()] = true;
                    }
                    ev.push(Event::Exited { unit: u });
                }
                self.finish_action(s, ev);
            }
            other => unreachable!("{other:?} while choosing a moving group"),
        }
    }

    /// The second area: open ground, entered from open ground, not back where the move began.
    fn second_steps(
        &self,
        s: &State,
        group: UnitSet,
        origin: AreaId,
        at: AreaId,
        kind: MoveKind,
        out: &mut Vec<Action>,
    ) {
        for to in self.sc().map.adjacent[at as usize].iter() {
            if self.second_step_ok(s, group, origin, at, to, kind) {
                out.push(Action::Step { to });
            }
        }
    }

    fn second_step_ok(
        &self,
        s: &State,
        group: UnitSet,
        origin: AreaId,
        at: AreaId,
        to: AreaId,
        kind: MoveKind,
    ) -> bool {
        to != origin
            && self.sc().map.areas[to as usize].terrain == Terrain::Open
            && self.step_ok(s, group, at, to, kind)
    }

    fn move_on_kind(&self, s: &State, group: UnitSet) -> MoveKind {
        if group.0 & s.retreating.0 != 0 {
            MoveKind::Retreat
        } else {
            MoveKind::Normal
        }
    }

    pub(crate) fn move_on_choices(
        &self,
        s: &State,
        group: UnitSet,
        from: AreaId,
        at: AreaId,
        out: &mut Vec<Action>,
    ) {
        self.second_steps(s, group, from, at, self.move_on_kind(s, group), out);
        out.push(Action::Stop);
    }

    /// Quick check of one decision after the first area (the same tests as `move_on_choices`).
    pub(crate) fn move_on_decision_ok(
        &self,
        s: &State,
        group: UnitSet,
        from: AreaId,
        at: AreaId,
        a: Action,
    ) -> bool {
        match a {
            Action::Stop => true,
            Action::Step { to } => {
                self.second_step_ok(s, group, from, at, to, self.move_on_kind(s, group))
            }
            _ => false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn move_on(
        &self,
        s: &mut State,
        group: UnitSet,
        at: AreaId,
        entered_melee: bool,
        extra: bool,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let retreat = group.0 & s.retreating.0 != 0;
        match a {
            Action::Step { to } => {
                let melee = self.enter_area(s, group, at, to, ev);
                self.finish_move(s, group, entered_melee || melee, extra, retreat, ev);
            }
            Action::Stop => self.finish_move(s, group, entered_melee, extra, retreat, ev),
            other => unreachable!("{other:?} while moving on"),
        }
    }

    /// Moves the group into `to`. Returns whether it entered an area with
    /// enemy units (melee at the end of the turn).
    pub(crate) fn enter_area(
        &self,
        s: &mut State,
        group: UnitSet,
        from: AreaId,
        to: AreaId,
        ev: &mut Vec<Event>,
    ) -> bool {
        for u in group.iter() {
            s.set_place(u, Place::Area(to));
            s.units[u as usize].flags |= flag::MOVED;
        }
        ev.push(Event::Moved {
            units: group,
            from,
            to,
        });
        let side = s.active;
        let enemy_ground = self.has_ground(s, side.other(), to);
        if !enemy_ground {
            // 11: an objective is taken the moment infantry or artillery enters.
            if group.iter().any(|u| self.def(u).takes_objectives()) {
                self.take_objective(s, to, side, ev);
            }
        }
        self.mark_building_visits(s);
        self.evacuate(s, group, to, ev);
        enemy_ground
    }

    /// The movement is over: the opponent may answer with reaction fire.
    pub(crate) fn finish_move(
        &self,
        s: &mut State,
        group: UnitSet,
        entered_melee: bool,
        extra: bool,
        retreat: bool,
        ev: &mut Vec<Event>,
    ) {
        self.end_retreats(s, group, ev);
        if extra {
            for u in group.iter() {
                s.units[u as usize].flags |= flag::EXTRA_MOVE_USED;
            }
            self.after_extra_move(s, ev);
            return;
        }
        // 6.3: not against units that entered melee, nor (advanced rules)
        // against retreating units.
        let mut targets = UnitSet::EMPTY;
        if !entered_melee && !retreat {
            targets = group;
        }
        s.just_moved = targets;
        if !targets.is_empty() && self.reaction_possible(s, targets) {
            s.phase = Phase::Reaction;
        } else {
            self.resume(s, Resume::FinishAction, ev);
        }
    }

    // ----- 12. The armoured train -----

    /// Whether the active side's train can make a movement action.
    pub(crate) fn train_can_move(&self, s: &State) -> bool {
        let side = s.active;
        let Some(t) = self.sc().side(side).train.as_ref() else {
            return false;
        };
        let mut alive = t.parts.iter().filter(|p| self.on_map(s, **p)).peekable();
        alive.peek().is_some()
            && alive.all(|p| !s.units[*p as usize].has(flag::ASLEEP))
            && s.train_hits[side.index()] < 3
            && !self.train_pinned(s, side)
    }

    fn train_steps(&self, s: &State, out: &mut Vec<Action>) {
        let side = s.active;
        let Some(at) = self.train_area(s, side) else {
            return;
        };
        for to in self.sc().map.rail_next[at as usize].iter() {
            if self.train_may_enter(s, side, to) {
                out.push(Action::Step { to });
            }
        }
    }

    pub(crate) fn train_choices(&self, s: &State, out: &mut Vec<Action>) {
        if self.train_move_ok(s) {
            out.push(Action::MoveTrain);
        }
    }

    pub(crate) fn train_move_ok(&self, s: &State) -> bool {
        let side = s.active;
        self.train_can_move(s)
            && self.train_area(s, side).is_some_and(|at| {
                self.sc().map.rail_next[at as usize]
                    .iter()
                    .any(|to| self.train_may_enter(s, side, to))
            })
    }

    /// 10: a train cannot enter an area whose railway is destroyed; nor (our
    /// reading) an area held by the enemy.
    fn train_may_enter(&self, s: &State, side: engine::Side, to: AreaId) -> bool {
        s.sabotage[to as usize] < super::sabotage::RAILWAY_DESTROYED
            && !self.has_units(s, side.other(), to)
    }

    fn train_move_limit(&self) -> u8 {
        if self.sc().special.dark_night {
            1
        } else {
            TRAIN_MOVE
        }
    }

    pub(crate) fn train_move_choices(&self, s: &State, steps: u8, out: &mut Vec<Action>) {
        if steps < self.train_move_limit() {
            self.train_steps(s, out);
        }
        if steps > 0 {
            out.push(Action::Stop);
        }
    }

    pub(crate) fn train_move(&self, s: &mut State, steps: u8, a: Action, ev: &mut Vec<Event>) {
        let side = s.active;
        match a {
            Action::Step { to } => {
                let from = self.train_area(s, side).unwrap_or(to);
                if let Some(t) = &self.sc().side(side).train {
                    for p in t.parts {
                        if self.on_map(s, p) {
                            s.set_place(p, Place::Area(to));
                            s.units[p as usize].flags |= flag::MOVED;
                        }
                    }
                }
                ev.push(Event::TrainMoved { side, from, to });
                s.phase = Phase::TrainMove { steps: steps + 1 };
                let mut more = Vec::new();
                if steps + 1 < self.train_move_limit() {
                    self.train_steps(s, &mut more);
                }
                if more.is_empty() {
                    self.resume(s, Resume::FinishAction, ev);
                }
            }
            Action::Stop => self.resume(s, Resume::FinishAction, ev),
            other => unreachable!("{other:?} while moving the train"),
        }
    }
}
