//! Movement: the Movement Table's allowances in open and closed terrain and
//! along roads; moves only into squares ahead of the facing, with a wheel of
//! 45 degrees (or an about face) in each square entered; wheeling up to 90
//! degrees, changing formation, limbering or mounting instead of moving a
//! square; retreats. Overruns are in `overrun`.

use super::RedSquare;
use crate::cards::Suit;
use crate::data::Class;
use crate::grid::{Facing, Sq};
use crate::scenario::Edge;
use crate::state::{Action, Event, Formation, Move, Orders, Phase, State, Status, UnitId};

impl RedSquare {
    /// The row of the Movement Table for a unit as it stands.
    pub fn move_key(&self, s: &State, unit: UnitId) -> Option<&'static str> {
        let u = s.unit(unit);
        Some(match (self.class(u), u.formation) {
            (Class::Infantry, Formation::Masses) => "infantry_masses",
            (Class::Infantry, Formation::Waves) => "infantry_waves",
            (Class::Infantry, Formation::FiringLine) => "infantry_firing_line",
            (Class::Infantry, _) => "infantry_defence",
            (Class::Cavalry, Formation::Mounted) => "cavalry_mounted",
            (Class::Cavalry, Formation::Scouting) => "cavalry_scouting",
            (Class::Cavalry, _) => "cavalry_dismounted",
            (Class::Artillery, Formation::Limbered) => "artillery_limbered",
            (Class::Artillery, _) => "artillery_unlimbered",
            (Class::ArmouredCar | Class::Motor | Class::Tchanka, _) => "wheeled",
            (Class::LightTank, _) => "light_tank",
            (Class::HeavyTank, _) => "heavy_tank",
            // MGs move at the speed of the infantry they go with (our
            // reading: as waves); officers and figures as headquarters.
            (Class::Mg, _) => "infantry_waves",
            (Class::Hq, _) => "hq",
            (Class::Officer | Class::Commissar | Class::Cheka, _) => "officer",
            (Class::Train, _) => return None,
        })
    }

    /// Whether the orders let the unit move at all (Command and Control 1).
    fn orders_allow_moving(&self, s: &State, unit: UnitId) -> bool {
        match s.unit(unit).orders {
            Orders::Defend => false,
            Orders::CounterAttack => self.counter_attack_released(s, unit),
            _ => true,
        }
    }

    /// Counter Attack becomes Attack once an enemy in front within effective
    /// range hides, retreats or shows its flank or rear.
    pub fn counter_attack_released(&self, s: &State, unit: UnitId) -> bool {
        let u = s.unit(unit);
        let grid = &self.scenario.grid;
        let eff = self.ranges(u).effective;
        self.enemies_of(s, u.side).any(|e| {
            !self.class(e).is_figure()
                && grid.distance(u.at, e.at) <= eff
                && grid.within(u.at, u.facing, e.at, crate::grid::Arc::Deg45)
                && (e.hiding
                    || e.retreating
                    || grid.aspect(e.at, e.facing, u.at) == crate::grid::Aspect::Flank)
        })
    }

    /// Command and Control 1 (Probe): an enemy unit in the open within the
    /// cavalry's effective range of `from` that shows them its flank or rear.
    pub fn flank_exposed(&self, s: &State, unit: UnitId, from: Sq) -> bool {
        let u = s.unit(unit);
        let grid = &self.scenario.grid;
        let eff = self.ranges(u).effective;
        self.enemies_of(s, u.side).any(|e| {
            !self.class(e).is_figure()
                && !self.scenario.terrain[e.at as usize].cover()
                && grid.distance(from, e.at) <= eff
                && grid.aspect(e.at, e.facing, from) == crate::grid::Aspect::Flank
        })
    }

    pub(crate) fn may_start_move(&self, s: &State, card: u8, unit: UnitId) -> bool {
        let u = s.unit(unit);
        if u.broken_down || u.bogged || u.disabled || u.pinned_until >= s.turn && u.pinned_until > 0
        {
            return false;
        }
        if self.class(u).takes_orders() && !self.orders_allow_moving(s, unit) {
            return false;
        }
        let m = self.new_move(s, card, 2, unit);
        let mut steps = Vec::new();
        self.step_choices(s, &m, &mut steps);
        !steps.is_empty()
    }

    fn new_move(&self, s: &State, card: u8, score: i8, unit: UnitId) -> Move {
        Move {
            unit,
            card,
            score,
            squares: 0,
            closed: self.scenario.terrain[s.unit(unit).at as usize].closed(),
            road: true,
            wheeled: true,
            keep_off_enemy: self.activated_without_roll(s, card),
            overran: false,
            cap: u8::MAX,
        }
    }

    pub(crate) fn start_move(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let Phase::Act { card, score } = s.phase else {
            return;
        };
        let _ = ev;
        let m = self.new_move(s, card, score, unit);
        s.phase = Phase::Moving(m);
    }

    pub(crate) fn move_choices(&self, s: &State, m: &Move, out: &mut Vec<Action>) {
        self.step_choices(s, m, out);
        if !m.wheeled {
            let f = s.unit(m.unit).facing;
            for t in [-1i8, 1, 4] {
                out.push(Action::Wheel {
                    facing: f.turned(t),
                });
            }
        }
        out.push(Action::StopMoving);
    }

    /// The squares the moving unit may enter next.
    pub fn step_choices(&self, s: &State, m: &Move, out: &mut Vec<Action>) {
        let u = s.unit(m.unit);
        let grid = &self.scenario.grid;
        if self.class(u) == Class::Train {
            return self.train_steps(s, m, out);
        }
        let Some(key) = self.move_key(s, m.unit) else {
            return;
        };
        let row = *self.scenario.move_row(key);
        let on_road_follow = self.class(u) == Class::Infantry && u.formation == Formation::Masses;
        for (d, to) in grid.neighbours(u.at) {
            let ahead = grid.within(u.at, u.facing, to, crate::grid::Arc::Deg45);
            let road_link = self.scenario.roads[u.at as usize] & (1 << d as u8) != 0;
            if !(ahead || (on_road_follow && road_link)) {
                continue;
            }
            if self.step_cost_ok(s, m, &row, u.at, d, to).is_some() {
                out.push(Action::Step { to });
            }
        }
    }

    /// Whether the step is within the allowance and the rules; Some(new
    /// closed flag, new road flag) if so.
    fn step_cost_ok(
        &self,
        s: &State,
        m: &Move,
        row: &crate::scenario::MoveRow,
        from: Sq,
        d: crate::grid::Dir,
        to: Sq,
    ) -> Option<(bool, bool)> {
        let u = s.unit(m.unit);
        let class = self.class(u);
        let sc = &self.scenario;
        let edge = sc.edge(from, d);
        if edge == Some(Edge::River) {
            return None;
        }
        let wheeled = matches!(class, Class::ArmouredCar | Class::Motor | Class::Tchanka);
        let tank = matches!(class, Class::LightTank | Class::HeavyTank);
        match self.wire(s, from, d) {
            crate::rules::terrain::Wire::Intact if !tank => {
                if class == Class::Cavalry || wheeled {
                    return None;
                }
                // Infantry cross wire taking the whole turn: only as the
                // first square, and the move ends there (Terrain 3).
                if m.squares > 0 {
                    return None;
                }
            }
            // Through a tank's gap: a whole turn for cavalry and wheels.
            crate::rules::terrain::Wire::Gap
                if (class == Class::Cavalry || wheeled) && m.squares > 0 =>
            {
                return None;
            }
            _ => {}
        }
        if class.is_vehicle() && sc.terrain[to as usize] == crate::scenario::Terrain::Marsh {
            return None;
        }
        let road = m.road && sc.roads[from as usize] & (1 << d as u8) != 0;
        let friends = s
            .at(to)
            .any(|x| x.side == u.side && !self.class(x).is_figure() && x.id != u.id);
        // Terrain 2 (our reading): a bridge is free along its road; crossed
        // off the road it is an obstacle like a ford.
        let off_road_bridge =
            edge == Some(Edge::Bridge) && sc.roads[from as usize] & (1 << d as u8) == 0;
        let closed = m.closed
            || sc.terrain[to as usize].closed()
            || sc.terrain[from as usize].closed()
            || match edge {
                // Wire with a tank's gap (or cleared) is crossed at normal speed.
                Some(Edge::Wire) => self.wire(s, from, d) == crate::rules::terrain::Wire::Intact,
                Some(e) => e.obstacle(),
                None => false,
            }
            || off_road_bridge
            || friends;
        let allowance = if road && row.road.is_some() {
            row.road.unwrap_or(0)
        } else if closed && !road {
            row.closed
        } else {
            row.open
        };
        // After an overrun, one more square at most (Movement 5).
        if m.squares + 1 > allowance.min(m.cap) {
            return None;
        }
        // Optional rule: armour moves one square a card off the road.
        if s.options[1]
            && matches!(
                class,
                Class::ArmouredCar | Class::LightTank | Class::HeavyTank
            )
            && !road
            && !m.road
        {
            return None;
        }
        // Waves and dismounted cavalry do not move in closed terrain on a diamond.
        let card = s.dealt[m.card as usize].card;
        if row.halt_in_closed_on_diamonds && closed && !road && card.suit() == Some(Suit::Diamonds)
        {
            return None;
        }
        let enemy_here = self.enemies_of(s, u.side).any(|e| e.at == to);
        if enemy_here {
            if !matches!(class, Class::Infantry | Class::Cavalry) || m.keep_off_enemy || m.overran {
                return None;
            }
            if !self.may_overrun(s, m.unit, from, to) {
                return None;
            }
            // A train that still works cannot be overrun; a disabled one is
            // taken (Armoured Trains 7).
            if self
                .enemies_of(s, u.side)
                .any(|e| e.at == to && self.class(e) == Class::Train && !e.disabled)
            {
                return None;
            }
        } else if !self.room_for(&s.units, m.unit, to) {
            return None;
        }
        if m.keep_off_enemy && self.enemy_adjacent(s, u.side, to) {
            return None;
        }
        // Orders: Attack may not open the distance to the enemy; Probe stops
        // at effective range (our reading).
        if class.takes_orders() {
            let now = self.nearest_enemy(s, u.side, from);
            let then = self.nearest_enemy(s, u.side, to);
            // A released Counter Attack advances as Attack.
            let attacking = u.orders == Orders::Attack
                || (u.orders == Orders::CounterAttack && self.counter_attack_released(s, m.unit));
            if attacking && then > now && now != 255 {
                return None;
            }
            // Probe: cavalry may close on an enemy that shows them a flank
            // or rear in the open.
            if u.orders == Orders::Probe
                && then < self.ranges(u).effective
                && then < now
                && !(class == Class::Cavalry && self.flank_exposed(s, m.unit, from))
            {
                return None;
            }
        }
        // Mounted Combat 3: when the riflemen move on foot their horses
        // stay where they are, in a square next to them; a step that would
        // leave them is not allowed.
        if class == Class::Cavalry && u.formation == Formation::Dismounted {
            let keeps = match u.horses {
                Some(h) => sc.grid.distance(h, to) == 1,
                None => self.horse_room(s, m.unit, to),
            };
            if !keeps {
                return None;
            }
        }
        // Tchankas 1: tchankas keep with or next to friendly cavalry.
        if class == Class::Tchanka {
            let cavalry = s.on_table().any(|x| {
                x.side == u.side
                    && x.id != u.id
                    && self.class(x) == Class::Cavalry
                    && sc.grid.distance(x.at, to) <= 1
            });
            if !cavalry {
                return None;
            }
        }
        // MGs keep with or next to a friendly unit.
        if class == Class::Mg {
            let friend = s.on_table().any(|x| {
                x.side == u.side
                    && x.id != u.id
                    && !self.class(x).is_figure()
                    && sc.grid.distance(x.at, to) <= 1
            });
            if !friend {
                return None;
            }
        }
        Some((closed, road))
    }

    pub(crate) fn step(&self, s: &mut State, to: Sq, ev: &mut Vec<Event>) {
        let Phase::Moving(mut m) = s.phase.clone() else {
            return;
        };
        let unit = m.unit;
        let from = s.unit(unit).at;
        let grid = &self.scenario.grid;
        let d = grid.dir_to(from, to).expect("a step goes to a neighbour");
        let wire = self.wire(s, from, d);
        let Some(key) = self.move_key(s, unit) else {
            return self.train_step(s, m, to, ev);
        };
        let row = *self.scenario.move_row(key);
        let (closed, road) = self
            .step_cost_ok(s, &m, &row, from, d, to)
            .unwrap_or((true, false));
        // An overrun: the enemy there flees, or the mover stops next to it.
        if self.enemies_of(s, s.unit(unit).side).any(|e| e.at == to) {
            if !self.overrun(s, unit, from, to, ev) {
                return self.end_move(s, m, ev);
            }
            m.overran = true;
            m.cap = m.squares + 2;
        }
        let follows_road = !grid.within(from, s.unit(unit).facing, to, crate::grid::Arc::Deg45);
        let terrain = self.scenario.terrain[to as usize];
        {
            let u = s.unit_mut(unit);
            u.at = to;
            u.last_moved = true;
            u.advanced_in_open = !terrain.cover();
            if !terrain.conceals() {
                u.revealed = true;
            }
            u.digging = 0;
            u.trenches = false;
        }
        // Mounted Combat 3: riflemen without horse holders (a damaged
        // save) find them a square next to them.
        if self.class(s.unit(unit)) == Class::Cavalry
            && s.unit(unit).formation == Formation::Dismounted
            && s.unit(unit).horses.is_none()
        {
            let horses = self.horse_square(s, unit, to, None);
            s.unit_mut(unit).horses = horses;
            ev.push(Event::Horses { unit, at: horses });
        }
        // Massed infantry following a road take its direction (Sample Moves).
        if follows_road {
            let f = grid.facing_towards(from, to);
            s.unit_mut(unit).facing = f;
        }
        ev.push(Event::Moved { unit, from, to });
        // MGs and tchankas in the square it left go with it.
        let companions: Vec<UnitId> = s
            .on_table()
            .filter(|c| c.with == Some(unit) && c.at == from)
            .map(|c| c.id)
            .collect();
        for c in companions {
            if self.room_for(&s.units, c, to) {
                s.unit_mut(c).at = to;
                s.unit_mut(c).facing = s.unit(unit).facing;
                ev.push(Event::Moved { unit: c, from, to });
            }
        }
        m.squares += 1;
        m.closed = closed;
        m.road = road;
        m.wheeled = false;
        // Tanks bog in closed terrain on a spade.
        let card = s.dealt[m.card as usize].card;
        if row.bog_on != 0
            && terrain.closed()
            && !road
            && card
                .suit()
                .is_some_and(|su| row.bog_on & (1 << su as u8) != 0)
        {
            s.unit_mut(unit).bogged = true;
            ev.push(Event::BrokeDown { unit, card });
            return self.end_move(s, m, ev);
        }
        // Wire stops infantry for the turn (cavalry and wheels through a
        // tank's gap too); a tank leaves a gap behind it.
        let class = self.class(s.unit(unit));
        match wire {
            crate::rules::terrain::Wire::Intact
                if matches!(class, Class::LightTank | Class::HeavyTank) =>
            {
                self.tank_crosses(s, from, d);
            }
            crate::rules::terrain::Wire::Intact => m.cap = m.squares,
            crate::rules::terrain::Wire::Gap if class != Class::Infantry && class != Class::Mg => {
                m.cap = m.squares
            }
            _ => {}
        }
        s.phase = Phase::Moving(m.clone());
        self.offer_reaction(s, unit, m, ev);
    }

    pub(crate) fn wheel(&self, s: &mut State, facing: Facing, ev: &mut Vec<Event>) {
        let Phase::Moving(mut m) = s.phase.clone() else {
            return;
        };
        s.unit_mut(m.unit).facing = facing;
        ev.push(Event::Faced {
            unit: m.unit,
            facing,
        });
        m.wheeled = true;
        s.phase = Phase::Moving(m);
    }

    pub(crate) fn stop_moving(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Phase::Moving(m) = s.phase.clone() else {
            return;
        };
        self.end_move(s, m, ev);
    }

    /// The move is over: mounted cavalry next to the enemy charge, moving
    /// masses and waves may fire on another heart, and the unit is done.
    pub(crate) fn end_move(&self, s: &mut State, m: Move, ev: &mut Vec<Event>) {
        let unit = m.unit;
        s.phase = Phase::Act {
            card: m.card,
            score: m.score,
        };
        if s.unit(unit).status != Status::OnTable {
            return self.finish_unit(s, unit, ev);
        }
        let targets = if m.squares > 0 {
            self.mounted_targets(s, unit)
        } else {
            Vec::new()
        };
        // Mounted Combat 1: with several enemy units next to it in the
        // open, the attacker chooses its target.
        if targets.len() > 1 {
            s.phase = Phase::Charge {
                unit,
                card: m.card,
                score: m.score,
                squares: m.squares,
            };
            return;
        }
        if let Some(&target) = targets.first() {
            self.mounted_attack(s, unit, target, m.squares, ev);
            if s.outcome.is_some() {
                return;
            }
            return self.finish_unit(s, unit, ev);
        }
        let u = s.unit(unit);
        if m.squares > 0
            && self.class(u) == Class::Infantry
            && matches!(u.formation, Formation::Masses | Formation::Waves)
            && self.has_target_within(s, unit, 2)
        {
            let card = self.draw(s);
            ev.push(Event::VehicleCard {
                unit,
                card,
                effect: card.suit() == Some(Suit::Hearts),
            });
            if card.suit() == Some(Suit::Hearts) {
                s.unit_mut(unit).move_fire = true;
                return;
            }
        }
        self.finish_unit(s, unit, ev);
    }

    /// Wheeling up to 90 degrees, or an about face, instead of moving a square.
    pub(crate) fn face_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        let u = s.unit(unit);
        if u.formation == Formation::Defence
            || self.class(u).is_figure()
            || self.class(u) == Class::Train
        {
            return;
        }
        if u.broken_down || u.disabled {
            return;
        }
        for t in [-2i8, -1, 1, 2, 4] {
            out.push(Action::Face {
                unit,
                facing: u.facing.turned(t),
            });
        }
    }

    pub(crate) fn face(&self, s: &mut State, unit: UnitId, facing: Facing, ev: &mut Vec<Event>) {
        s.unit_mut(unit).facing = facing;
        ev.push(Event::Faced { unit, facing });
        self.finish_unit(s, unit, ev);
    }

    /// The formations a unit may change to (Tactical Formations), within
    /// what its orders allow (Command and Control 1).
    pub fn formations_allowed(&self, s: &State, unit: UnitId) -> Vec<Formation> {
        let u = s.unit(unit);
        let all: &[Formation] = match self.class(u) {
            Class::Infantry => &[Formation::FiringLine, Formation::Waves, Formation::Masses],
            Class::Cavalry => &[
                Formation::Mounted,
                Formation::Scouting,
                Formation::Dismounted,
            ],
            Class::Artillery => &[Formation::Limbered, Formation::Unlimbered],
            _ => &[],
        };
        if u.formation == Formation::Defence {
            return Vec::new();
        }
        // Mounted Combat 3: no dismounting without a square for the horses.
        let horses_room = self.class(u) == Class::Cavalry
            && u.formation != Formation::Dismounted
            && self.horse_room(s, unit, u.at);
        all.iter()
            .copied()
            .filter(|&f| f != u.formation)
            .filter(|&f| f != Formation::Dismounted || horses_room)
            .filter(|&f| {
                !matches!(
                    (u.orders, f),
                    (Orders::Attack, Formation::FiringLine)
                        | (Orders::Defend, Formation::Waves | Formation::Masses)
                        | (Orders::Defend, Formation::Mounted | Formation::Scouting)
                        | (Orders::CounterAttack, Formation::Masses)
                )
            })
            .collect()
    }

    pub(crate) fn reform_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        for formation in self.formations_allowed(s, unit) {
            out.push(Action::Reform { unit, formation });
        }
    }

    pub(crate) fn reform(
        &self,
        s: &mut State,
        unit: UnitId,
        formation: Formation,
        ev: &mut Vec<Event>,
    ) {
        // Mounted Combat 3: dismounting sends the horse holders to a
        // square next to the riflemen; remounting brings them back.
        if self.class(s.unit(unit)) == Class::Cavalry {
            let was = s.unit(unit).formation;
            if formation == Formation::Dismounted {
                let at = s.unit(unit).at;
                let horses = self.horse_square(s, unit, at, None);
                s.unit_mut(unit).horses = horses;
                ev.push(Event::Horses { unit, at: horses });
            } else if was == Formation::Dismounted {
                s.unit_mut(unit).horses = None;
                ev.push(Event::Horses { unit, at: None });
            }
        }
        let u = s.unit_mut(unit);
        u.formation = formation;
        u.last_moved = true;
        // Artillery Positions 3: unlimbering is a masked howitzer's first
        // turn of three; limbering up starts the count again.
        u.readiness = if formation == Formation::Unlimbered {
            1
        } else {
            0
        };
        ev.push(Event::Reformed { unit, formation });
        self.finish_unit(s, unit, ev);
    }

    /// Activation Table, below 0: turn to the rear and fall back 2 squares
    /// away from the enemy (3 for mounted troops in the open), towards the
    /// side's own edge; off that edge, the unit leaves the table. The path is
    /// the one that keeps farthest from the enemy (our reading).
    pub(crate) fn retreat(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(unit);
        if self.class(u).is_figure()
            || self.class(u) == Class::Train && u.disabled
            || u.status != Status::OnTable
        {
            return;
        }
        if self.class(u) == Class::Train {
            return self.train_retreat(s, unit, ev);
        }
        // Activation Table, Mounted Combat 3: dismounted cavalry remount
        // to retreat, and their horses rejoin them.
        if self.class(u) == Class::Cavalry && u.formation == Formation::Dismounted {
            self.remount(s, unit, ev);
        }
        self.attack_stopped(s, unit, ev);
        let u = s.unit(unit);
        let grid = &self.scenario.grid;
        let side = u.side;
        let mounted_open = u.formation.mounted() && !self.scenario.terrain[u.at as usize].closed();
        let squares = if mounted_open { 3 } else { 2 };
        let baseline = self.scenario.sides[side.index()].baseline;
        let mut path = Vec::new();
        let mut at = u.at;
        let start = at;
        s.unit_mut(unit).retreating = true;
        s.unit_mut(unit).hiding = false;
        for _ in 0..squares {
            let here = self.nearest_enemy(s, side, at);
            let mut best: Option<(u8, i32, Sq)> = None;
            for (d, n) in grid.neighbours(at) {
                if self.scenario.edge(at, d) == Some(Edge::River)
                    || self.wire(s, at, d) == crate::rules::terrain::Wire::Intact
                {
                    continue;
                }
                // The train retreats along its track; vehicles keep out of
                // marshes, wheeled ones out of closed terrain off the road.
                let class = self.class(s.unit(unit));
                if class == Class::Train && !self.scenario.rail(at, n) {
                    continue;
                }
                let terrain = self.scenario.terrain[n as usize];
                if class.is_vehicle()
                    && (terrain == crate::scenario::Terrain::Marsh
                        || (terrain.closed()
                            && matches!(class, Class::ArmouredCar | Class::Motor | Class::Tchanka)
                            && !self.scenario.road(at, n)))
                {
                    continue;
                }
                if self.enemies_of(s, side).any(|e| e.at == n) {
                    continue;
                }
                let mut probe = s.units.clone();
                probe[unit as usize].at = n;
                if !self.room_for(&probe, unit, n) {
                    continue;
                }
                let dist = self.nearest_enemy(s, side, n);
                if dist < here && here != 255 {
                    continue;
                }
                let progress = self.towards_baseline(baseline, at, n);
                let key = (dist.min(50), progress, n);
                if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                    best = Some(key);
                }
            }
            // At its own edge with nowhere better, the unit leaves the table.
            if self.at_baseline(baseline, at)
                && best.is_none_or(|b| b.1 <= 0)
                && self.class(s.unit(unit)) != Class::Train
            {
                s.unit_mut(unit).status = Status::OffTable;
                ev.push(Event::Retreats {
                    unit,
                    path: path.clone(),
                });
                ev.push(Event::LeftTable { unit });
                self.carry_companions(s, unit, start, ev);
                return;
            }
            match best {
                Some((_, _, n)) => {
                    s.unit_mut(unit).facing = grid.facing_towards(at, n);
                    at = n;
                    s.unit_mut(unit).at = n;
                    path.push(n);
                }
                None => break,
            }
        }
        if path.is_empty() {
            let f = s.unit(unit).facing.about();
            s.unit_mut(unit).facing = f;
        }
        {
            let u = s.unit_mut(unit);
            u.digging = 0;
            u.trenches = false;
            u.last_moved = true;
        }
        ev.push(Event::Retreats { unit, path });
        self.carry_companions(s, unit, start, ev);
    }

    /// Machine Guns 3: when the unit they accompany retreats, its MGs and
    /// tchankas are saved on a d6 no higher than twice their bases, and lost
    /// otherwise; a saved gun with no room beside the unit stays where it
    /// is. Command figures with the unit simply go with it.
    pub(crate) fn carry_companions(
        &self,
        s: &mut State,
        unit: UnitId,
        from: Sq,
        ev: &mut Vec<Event>,
    ) {
        let companions: Vec<UnitId> = s
            .on_table()
            .filter(|c| {
                c.with == Some(unit)
                    && (c.at == from || self.scenario.grid.distance(c.at, from) <= 1)
            })
            .map(|c| c.id)
            .collect();
        let to = s.unit(unit).at;
        let status = s.unit(unit).status;
        let facing = s.unit(unit).facing;
        for c in companions {
            if self.class(s.unit(c)).is_figure() {
                let cu = s.unit_mut(c);
                cu.at = to;
                cu.status = status;
                continue;
            }
            let need = s.unit(c).bases * 2;
            let roll = self.die(s, 6);
            let saved = roll <= need;
            ev.push(Event::GunsSaved {
                unit: c,
                roll,
                need,
                saved,
            });
            if !saved {
                self.remove(s, c, ev);
                continue;
            }
            if status == Status::OnTable {
                let mut probe = s.units.clone();
                probe[c as usize].at = to;
                if self.occupancy_problem(&probe, to, None).is_some() {
                    continue;
                }
            }
            let cu = s.unit_mut(c);
            cu.at = to;
            cu.facing = facing;
            cu.status = status;
        }
    }

    pub(crate) fn towards_baseline(&self, b: crate::scenario::Baseline, from: Sq, to: Sq) -> i32 {
        let (fx, fy) = self.scenario.grid.centre(from);
        let (tx, ty) = self.scenario.grid.centre(to);
        match b {
            crate::scenario::Baseline::North => fy - ty,
            crate::scenario::Baseline::South => ty - fy,
            crate::scenario::Baseline::West => fx - tx,
            crate::scenario::Baseline::East => tx - fx,
        }
    }

    pub(crate) fn at_baseline(&self, b: crate::scenario::Baseline, at: Sq) -> bool {
        let g = &self.scenario.grid;
        match b {
            crate::scenario::Baseline::North => g.row(at) == 0,
            crate::scenario::Baseline::South => g.row(at) == g.rows - 1,
            crate::scenario::Baseline::West => g.col(at) == 0,
            crate::scenario::Baseline::East => g.col(at) == g.columns - 1,
        }
    }
}
