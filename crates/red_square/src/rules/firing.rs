//! Infantry/Cavalry/Vehicle Firing and Artillery Firing: targets in the arc
//! and in line of sight, the Range Table, the Fire Effect Table's dice and
//! hit scores, held fire and threat fire out of turn, and what hits do to
//! vehicles (the Anti-Tank/Vehicle Table).

use super::RedSquare;
use crate::cards::Card;
use crate::data::Class;
use crate::grid::{Aspect, Sq};
use crate::scenario::{Ranges, Weapon};
use crate::state::{Action, Event, Formation, Move, Part, Phase, Position, State, Status, UnitId};

/// Why a unit fires: on its own card (with its score), holding fire,
/// threatened, or over open sights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireKind {
    Activated {
        score: i8,
    },
    HeldFire,
    Threat,
    OpenSights,
    /// Moving masses or waves on another heart (Firing 3).
    Moving,
    /// A vehicle on its own card that discards its other card to cancel the
    /// vehicle's -1 (Fire Effect Table).
    Discarding {
        score: i8,
    },
    /// Returning fire against a mounted attack (wild).
    Return,
}

impl RedSquare {
    pub fn weapon(&self, u: &crate::state::Unit) -> Weapon {
        self.ty(u).weapon
    }
    pub fn ranges(&self, u: &crate::state::Unit) -> Ranges {
        self.scenario.tables.ranges[self.weapon(u) as usize]
    }

    /// Line of sight from `from` to `to` for `firer` (Firing 4 and 5,
    /// Artillery Firing 3 and 4): blocked by woods, buildings, hedges and
    /// crests between, unless the firer stands on a crest; by units between,
    /// except that MGs and artillery fire over friends with a clear square
    /// either side, and anyone fires over units when it or its target stands
    /// higher.
    pub fn line_of_sight(&self, s: &State, firer: UnitId, from: Sq, to: Sq) -> bool {
        let sc = &self.scenario;
        let grid = &sc.grid;
        let f = s.unit(firer);
        let class = self.class(f);
        // Firing 4, Artillery Firing 3a: MGs and guns on a crest see over
        // what lies below them.
        let on_crest = sc.terrain[from as usize] == crate::scenario::Terrain::Crest
            && matches!(class, Class::Mg | Class::Artillery | Class::Train);
        // Artillery Firing 3b: field guns see past hedges not next to them;
        // howitzers past such hedges and crests too, at observed masked guns.
        let field_gun = class == Class::Artillery;
        let howitzer_at_masked = self.ty(f).howitzer
            && s.at(to)
                .any(|t| self.class(t) == Class::Artillery && t.position == Position::Masked);
        let high = sc.terrain[from as usize].high() || sc.terrain[to as usize].high();
        let over_friends = matches!(class, Class::Mg | Class::Artillery | Class::Train);
        let blocks = |sq: Sq| -> bool {
            let t = sc.terrain[sq as usize];
            let far = grid.distance(sq, from) > 1;
            let seen_past = far
                && ((field_gun && t == crate::scenario::Terrain::Hedges)
                    || (howitzer_at_masked && t == crate::scenario::Terrain::Crest));
            if t.blocks_sight() && !seen_past {
                if !(on_crest && t != crate::scenario::Terrain::Crest) {
                    return true;
                }
                // From a crest: not into the square just beyond a wood or
                // buildings (Firing 4).
                if grid.distance(sq, to) == 1
                    && (t == crate::scenario::Terrain::Wood || t.buildings())
                {
                    return true;
                }
            }
            let mut any = false;
            let mut friends_only = true;
            for u in s.at(sq) {
                if self.class(u).is_figure() {
                    continue;
                }
                any = true;
                friends_only &= u.side == f.side;
            }
            if !any || high {
                return false;
            }
            if friends_only && over_friends {
                // A clear square either side of the friends.
                return grid.distance(sq, from) < 2 || grid.distance(sq, to) < 2;
            }
            true
        };
        if grid.between(from, to).iter().any(|&sq| blocks(sq)) {
            return false;
        }
        !grid
            .edge_pairs(from, to)
            .any(|(a, b)| blocks(a) && blocks(b))
    }

    /// Artillery Firing 3: a howitzer or heavy gun may fire at a target it
    /// cannot see through an observation post: a friendly unit (not a
    /// command figure) within 2 squares of the guns with its own line of
    /// sight to the target (our reading of "observation post").
    pub fn observation_post(&self, s: &State, gun: UnitId, target: UnitId) -> Option<UnitId> {
        let g = s.unit(gun);
        if !(self.ty(g).howitzer || self.weapon(g) == Weapon::Heavy)
            || self.class(g) != Class::Artillery
        {
            return None;
        }
        let t_at = s.unit(target).at;
        let grid = &self.scenario.grid;
        s.on_table()
            .filter(|p| {
                p.side == g.side
                    && p.id != gun
                    && !self.class(p).is_figure()
                    && grid.distance(p.at, g.at) <= 2
                    && self.line_of_sight(s, p.id, p.at, t_at)
            })
            .map(|p| p.id)
            .min()
    }

    /// Whether the firer's weapons can hurt the target (the notes of the
    /// Fire Effect Table).
    fn can_damage(
        &self,
        firer: &crate::state::Unit,
        target: &crate::state::Unit,
        range: u8,
    ) -> bool {
        let fc = self.class(firer);
        let tc = self.class(target);
        let w = self.weapon(firer);
        let r = self.ranges(firer);
        let artillery = matches!(fc, Class::Artillery | Class::Train)
            || matches!(w, Weapon::LightGun | Weapon::QfGun | Weapon::Heavy);
        match tc {
            Class::ArmouredCar | Class::LightTank => {
                artillery || w == Weapon::TankGun || (fc == Class::Mg && range <= r.close)
            }
            Class::HeavyTank | Class::Train => artillery || w == Weapon::TankGun,
            Class::Motor | Class::Tchanka => {
                artillery || w == Weapon::TankGun || fc == Class::Mg || range <= r.effective
            }
            _ => true,
        }
    }

    /// Whether `unit` may fire at `target` now on `score` (in arc, in range,
    /// in sight, observed or allowed unobserved, not in a dead zone).
    pub fn may_fire_at(&self, s: &State, unit: UnitId, target: UnitId, score: i8) -> bool {
        self.fire_check(s, unit, target, score, u8::MAX).is_some()
    }

    fn fire_check(
        &self,
        s: &State,
        unit: UnitId,
        target: UnitId,
        score: i8,
        max_range: u8,
    ) -> Option<()> {
        let u = s.unit(unit);
        let t = s.unit(target);
        if score < 0 || t.status != Status::OnTable || t.side == u.side || self.class(t).is_figure()
        {
            return None;
        }
        let class = self.class(u);
        if class.is_figure() || u.disabled || u.carried_by.is_some() {
            return None;
        }
        if class == Class::Motor {
            return None;
        }
        // Optional rule: an armoured car fires on one card a turn.
        if s.options[0] && class == Class::ArmouredCar && u.fired_this_turn {
            return None;
        }
        if class == Class::Artillery && u.formation != Formation::Unlimbered {
            return None;
        }
        if class == Class::Cavalry && u.formation.mounted() {
            // Mounted cavalry fight by mounted attack, not by fire.
            return None;
        }
        if class == Class::Mg && (u.pinned_until >= s.turn && u.pinned_until > 0) {
            return None;
        }
        let grid = &self.scenario.grid;
        let range = grid.distance(u.at, t.at);
        if range > self.ranges(u).long.min(max_range) {
            return None;
        }
        // MGs turn to face at will and still fire (Machine Guns 4).
        if class != Class::Mg && !grid.within(u.at, u.facing, t.at, self.arc(s, unit)) {
            return None;
        }
        if class == Class::Artillery && range <= u.position.dead_zone() {
            return None;
        }
        if class == Class::Artillery && u.position == Position::Masked && u.readiness < 3 {
            return None;
        }
        if !self.can_damage(u, t, range) {
            return None;
        }
        // Artillery Positions 3: masked guns may be engaged only by
        // howitzers and heavy guns (which must observe them first).
        if self.class(t) == Class::Artillery
            && t.position == Position::Masked
            && !(self.ty(u).howitzer || self.weapon(u) == Weapon::Heavy)
        {
            return None;
        }
        // Terrain 4: troops on a reverse slope fire only into the crest (or,
        // on a ridge, the forward slope) next to them.
        if self.scenario.terrain[u.at as usize] == crate::scenario::Terrain::Reverse
            && !(range == 1
                && matches!(
                    self.scenario.terrain[t.at as usize],
                    crate::scenario::Terrain::Crest | crate::scenario::Terrain::Forward
                ))
        {
            return None;
        }
        if !self.line_of_sight(s, unit, u.at, t.at)
            && self.observation_post(s, unit, target).is_none()
        {
            return None;
        }
        if !self.observed_for(s, unit, target) {
            // MGs and artillery may fire at a wood or village unobserved.
            let area = matches!(
                self.scenario.terrain[t.at as usize],
                crate::scenario::Terrain::Wood
                    | crate::scenario::Terrain::Village
                    | crate::scenario::Terrain::Town
            );
            if !(area && matches!(class, Class::Mg | Class::Artillery)) {
                return None;
            }
        }
        Some(())
    }

    pub(crate) fn fire_choices(&self, s: &State, unit: UnitId, score: i8, out: &mut Vec<Action>) {
        let u = s.unit(unit);
        let max = if u.move_fire { 2 } else { u8::MAX };
        let ids: Vec<UnitId> = self.enemies_of(s, u.side).map(|e| e.id).collect();
        for t in ids {
            if self.fire_check(s, unit, t, score, max).is_some() {
                out.push(Action::Fire { unit, target: t });
                if self.card_to_discard(s, unit).is_some() {
                    out.push(Action::FireDiscarding { unit, target: t });
                }
            }
        }
    }

    /// The vehicle's other card, still to play, that it may discard to fire
    /// without the -1: a card dealt to it alone (our reading: a tchanka's
    /// cards are its cavalry's, so it cannot).
    pub fn card_to_discard(&self, s: &State, unit: UnitId) -> Option<usize> {
        let class = self.class(s.unit(unit));
        if !class.is_vehicle() || class == Class::Train {
            return None;
        }
        let Phase::Act { card, .. } = s.phase else {
            return None;
        };
        s.dealt
            .iter()
            .enumerate()
            .position(|(i, d)| i != card as usize && !d.played && d.group == [unit])
    }

    pub(crate) fn fire_discarding(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let Phase::Act { score, .. } = s.phase else {
            return;
        };
        let Some(i) = self.card_to_discard(s, unit) else {
            return self.fire_action(s, unit, target, ev);
        };
        s.dealt[i].played = true;
        ev.push(Event::Discarded {
            unit,
            card: s.dealt[i].card,
        });
        self.fire(s, unit, target, FireKind::Discarding { score }, ev);
        self.finish_unit(s, unit, ev);
    }

    pub fn has_target_within(&self, s: &State, unit: UnitId, range: u8) -> bool {
        let u = s.unit(unit);
        self.enemies_of(s, u.side)
            .any(|e| self.fire_check(s, unit, e.id, 0, range).is_some())
    }

    /// Units lacking a target may hold their fire (Firing 2).
    pub(crate) fn holds_fire_possible(&self, s: &State, unit: UnitId) -> bool {
        let u = s.unit(unit);
        let class = self.class(u);
        let cannot = class.is_figure()
            || class == Class::Motor
            || (class == Class::Cavalry && u.formation.mounted())
            || (class == Class::Artillery && u.formation != Formation::Unlimbered);
        !cannot && !u.move_fire
    }

    pub(crate) fn hold_fire(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        s.unit_mut(unit).holding_fire = true;
        ev.push(Event::HoldsFire { unit });
        self.finish_unit(s, unit, ev);
    }

    pub(crate) fn fire_action(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let kind = match s.phase {
            Phase::Act { score, .. } if s.unit(unit).move_fire => {
                let _ = score;
                FireKind::Moving
            }
            Phase::Act { score, .. } => FireKind::Activated { score },
            _ => FireKind::Activated { score: 2 },
        };
        self.fire(s, unit, target, kind, ev);
        s.unit_mut(unit).move_fire = false;
        self.finish_unit(s, unit, ev);
    }

    /// The Fire Effect Table: the dice and their parts, and the hit score.
    pub fn fire_dice(
        &self,
        s: &State,
        unit: UnitId,
        target: UnitId,
        kind: FireKind,
    ) -> (Vec<(Part, i8)>, u8, Aspect, u8) {
        let sc = &self.scenario;
        let fd = &sc.tables.fire_dice;
        let hs = &sc.tables.hit_score;
        let u = s.unit(unit);
        let t = s.unit(target);
        let grid = &sc.grid;
        let range = grid.distance(u.at, t.at);
        let r = self.ranges(u);
        let class = self.class(u);
        let mut parts = Vec::new();
        if range <= r.close {
            parts.push((Part::Close, fd.close));
        } else if range <= r.effective {
            parts.push((Part::Effective, fd.effective));
        } else {
            parts.push((Part::Long, fd.long));
        }
        if (class == Class::Infantry && u.formation == Formation::FiringLine)
            || (class == Class::Cavalry && u.formation == Formation::Dismounted)
        {
            parts.push((Part::FiringLine, fd.firing_line));
        }
        let aspect = if t.formation == Formation::Defence {
            Aspect::Frontal
        } else {
            grid.aspect(t.at, t.facing, u.at)
        };
        match aspect {
            Aspect::Oblique => parts.push((Part::Oblique, fd.oblique)),
            Aspect::Flank => parts.push((Part::Enfilade, fd.enfilade)),
            Aspect::Frontal => {}
        }
        if t.formation.dense() {
            parts.push((Part::Massed, fd.massed));
        }
        match kind {
            FireKind::Activated { score } | FireKind::Discarding { score } if score < 2 => {
                parts.push((Part::Wild, fd.moving))
            }
            FireKind::HeldFire => parts.push((Part::HeldFire, fd.moving)),
            FireKind::OpenSights | FireKind::Return => parts.push((Part::Wild, fd.moving)),
            FireKind::Moving => parts.push((Part::Moving, fd.moving)),
            _ => {}
        }
        if class == Class::Artillery && u.last_target.is_some_and(|lt| lt != target) {
            parts.push((Part::ChangingTarget, fd.changing_target));
        }
        let small_arms = self.weapon(u) == Weapon::Rifle;
        let tc = self.class(t);
        let protected = t.trenches
            || t.formation == Formation::Defence
            || sc.terrain[t.at as usize] == crate::scenario::Terrain::Town
            || (tc == Class::Artillery && self.ty(t).shielded);
        if small_arms && protected {
            parts.push((Part::Protected, fd.protected));
        }
        if !self.observed_for(s, unit, target) {
            parts.push((Part::Unobserved, fd.unobserved));
        }
        // Tchankas 2: a tchanka fires as a vehicle, the -1 included.
        if class.is_vehicle()
            && class != Class::Train
            && !matches!(kind, FireKind::Discarding { .. })
        {
            parts.push((Part::Vehicle, fd.vehicle));
        }
        let dice: i16 = parts.iter().map(|p| p.1 as i16).sum();
        // Hit score.
        let mut bases = u.bases;
        if u.formation == Formation::Defence {
            bases = bases.min(2);
        }
        // Digging In 3: an MG company inside a DEFENCE position fires with
        // one base to each side.
        if class == Class::Mg
            && u.with.is_some_and(|w| {
                let w = s.unit(w);
                w.formation == Formation::Defence && w.at == u.at
            })
        {
            bases = bases.min(1);
        }
        if class == Class::Cavalry && u.formation == Formation::Dismounted {
            // All bases but one fight on foot; one holds the horses.
            bases = bases.saturating_sub(1).max(1);
        }
        let score = match class {
            Class::Infantry | Class::Cavalry => {
                let b = bases as i16 * hs.small_arms_per_base as i16
                    + if u.quality == crate::state::Quality::Poor {
                        hs.poor as i16
                    } else {
                        0
                    };
                b.max(0) as u8
            }
            Class::Mg => {
                let mut b = bases * hs.mg_per_base;
                if aspect == Aspect::Flank {
                    b *= hs.mg_enfilade_factor;
                }
                b
            }
            Class::Artillery => bases * hs.artillery_per_base,
            Class::Train => self.ty(u).batteries.max(1) * hs.artillery_per_base,
            _ => bases * hs.vehicle_per_base,
        };
        (parts, dice.max(0) as u8, aspect, score)
    }

    /// Fires: rolls the dice and puts the hits on the target.
    pub(crate) fn fire(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        kind: FireKind,
        ev: &mut Vec<Event>,
    ) {
        // Artillery Firing 3: without its own line of sight, a howitzer or
        // heavy gun fires through its observation post on a 4 to 6.
        let (gun_at, target_at) = (s.unit(unit).at, s.unit(target).at);
        if !self.line_of_sight(s, unit, gun_at, target_at)
            && let Some(post) = self.observation_post(s, unit, target)
        {
            let roll = self.die(s, 6);
            let ok = roll >= 4;
            ev.push(Event::ObservationPost {
                gun: unit,
                post,
                roll,
                ok,
            });
            if !ok {
                let u = s.unit_mut(unit);
                u.last_fired = true;
                u.holding_fire = false;
                return;
            }
        }
        let (parts, n, aspect, score) = self.fire_dice(s, unit, target, kind);
        let range = self
            .scenario
            .grid
            .distance(s.unit(unit).at, s.unit(target).at);
        let mut dice = Vec::new();
        let mut hits = 0u8;
        let automatic = score / 6;
        for _ in 0..n {
            let d = self.die(s, 6);
            hits += automatic + u8::from(d <= score % 6);
            dice.push(d);
        }
        ev.push(Event::Fired {
            firer: unit,
            target,
            aspect,
            range,
            parts,
            dice,
            score,
            automatic,
            hits,
        });
        let small_arms = self.weapon(s.unit(unit)) == Weapon::Rifle;
        // Artillery Positions 1 and 2: an unmasked battery (one that has
        // wheeled its guns up to the hedge) is observed once it fires.
        let conceals = self.scenario.terrain[s.unit(unit).at as usize].conceals()
            && !(self.class(s.unit(unit)) == Class::Artillery
                && s.unit(unit).position == Position::Unmasked
                && self.scenario.terrain[s.unit(unit).at as usize]
                    == crate::scenario::Terrain::Hedges);
        {
            let u = s.unit_mut(unit);
            u.last_fired = true;
            u.fired_this_turn = true;
            u.last_target = Some(target);
            u.holding_fire = false;
            if !conceals {
                u.revealed = true;
            }
            if self.class(u) == Class::Mg || matches!(kind, FireKind::Activated { .. }) {
                // MGs face their target (Machine Guns 4).
            }
        }
        if self.class(s.unit(unit)) == Class::Mg {
            let f = self
                .scenario
                .grid
                .facing_towards(s.unit(unit).at, s.unit(target).at);
            let within = self.scenario.grid.within(
                s.unit(unit).at,
                s.unit(unit).facing,
                s.unit(target).at,
                crate::grid::Arc::Deg90,
            );
            if !within {
                s.unit_mut(unit).facing = f;
            }
        }
        {
            let t = s.unit_mut(target);
            t.under_fire = true;
            if small_arms {
                t.under_small_arms = true;
            }
        }
        let t_at = s.unit(target).at;
        self.hq_fired_at(s, t_at);
        self.trenches_under_fire(s, target, ev);
        let t = s.unit(target);
        let t_at = t.at;
        if self.class(t) == Class::Cavalry && t.formation == Formation::Scouting {
            // Mounted Combat 2: scouts taken under fire observe and withdraw
            // at once, taking no losses.
            self.scouts_withdraw(s, target, unit, ev);
        } else {
            self.take_hits(s, target, unit, hits, ev);
        }
        self.buildings_shot_at(s, unit, t_at, ev);
        if matches!(self.class(s.unit(unit)), Class::Artillery | Class::Train) {
            self.fire_at_wire(s, t_at, hits, ev);
        }
    }

    /// Artillery Firing 6: artillery (the train's guns too) shooting at a
    /// village or town draws a card: brick or stone (a town) catches fire
    /// on HEARTS, wood (a village) on HEARTS or DIAMONDS. A burning square
    /// burns to the end of the game; troops hiding there flee it at once.
    fn buildings_shot_at(&self, s: &mut State, firer: UnitId, at: Sq, ev: &mut Vec<Event>) {
        use crate::cards::Suit;
        use crate::scenario::Terrain;
        if !matches!(self.class(s.unit(firer)), Class::Artillery | Class::Train)
            || !self.scenario.terrain[at as usize].buildings()
            || s.burning.contains(&at)
        {
            return;
        }
        let mut card = self.draw(s);
        while card.is_joker() {
            card = self.draw(s);
        }
        let burning = matches!(
            (self.scenario.terrain[at as usize], card.suit()),
            (_, Some(Suit::Hearts)) | (Terrain::Village, Some(Suit::Diamonds))
        );
        ev.push(Event::BuildingCard { at, card, burning });
        if !burning {
            return;
        }
        s.burning.push(at);
        let hiding: Vec<UnitId> = s.at(at).filter(|u| u.hiding).map(|u| u.id).collect();
        for h in hiding {
            self.retreat(s, h, ev);
        }
    }

    /// Mounted Combat 2 and Firing 11: scouting cavalry fired at dice to
    /// observe the firer (a d6 above the range), then retreat at once by the
    /// shortest clear path to the nearest friendly unit (our reading: to a
    /// square in or next to it), taking no losses. The friend counts as
    /// having observed the firer too.
    fn scouts_withdraw(&self, s: &mut State, scouts: UnitId, firer: UnitId, ev: &mut Vec<Event>) {
        let grid = &self.scenario.grid;
        let side = s.unit(scouts).side;
        let start = s.unit(scouts).at;
        let range = grid.distance(start, s.unit(firer).at);
        let die = self.die(s, 6);
        let ok = die > range;
        ev.push(Event::Observed {
            observer: scouts,
            target: firer,
            dice: vec![die],
            uphill: 0,
            need: range + 1,
            ok,
        });
        let friend = s
            .on_table()
            .filter(|f| f.side == side && f.id != scouts && !self.class(f).is_figure())
            .min_by_key(|f| (grid.distance(f.at, start), f.id))
            .map(|f| (f.id, f.at));
        if ok {
            s.observed.push((scouts, firer));
            if let Some((f, _)) = friend {
                s.observed.push((f, firer));
            }
        }
        let Some((_, friend_at)) = friend else {
            return self.retreat(s, scouts, ev);
        };
        // Breadth first from the scouts to the nearest square in or next to
        // the friend with room for them.
        let mut prev: Vec<Option<Sq>> = vec![None; grid.len()];
        let mut seen = vec![false; grid.len()];
        seen[start as usize] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut goal = None;
        while let Some(at) = queue.pop_front() {
            let room = at == start || {
                let mut probe = s.units.clone();
                probe[scouts as usize].at = at;
                self.room_for(&probe, scouts, at)
            };
            if grid.distance(at, friend_at) <= 1 && room {
                goal = Some(at);
                break;
            }
            for (d, n) in grid.neighbours(at) {
                if seen[n as usize]
                    || matches!(
                        self.scenario.edge(at, d),
                        Some(crate::scenario::Edge::River | crate::scenario::Edge::Wire)
                    )
                    || self.enemies_of(s, side).any(|e| e.at == n)
                {
                    continue;
                }
                seen[n as usize] = true;
                prev[n as usize] = Some(at);
                queue.push_back(n);
            }
        }
        let Some(goal) = goal else {
            return self.retreat(s, scouts, ev);
        };
        let mut path = vec![goal];
        while let Some(p) = prev[*path.last().expect("not empty") as usize] {
            path.push(p);
        }
        path.pop();
        path.reverse();
        {
            let u = s.unit_mut(scouts);
            if let Some(&last) = path.last() {
                let before = if path.len() > 1 {
                    path[path.len() - 2]
                } else {
                    start
                };
                u.facing = grid.facing_towards(before, last);
            }
            u.at = goal;
            u.retreating = true;
            u.hiding = false;
            u.last_moved = true;
            u.digging = 0;
            u.trenches = false;
        }
        ev.push(Event::Retreats { unit: scouts, path });
        self.carry_companions(s, scouts, start, ev);
    }

    /// Puts hits on a target: markers for troops, cards on the
    /// Anti-Tank/Vehicle Table for vehicles.
    pub(crate) fn take_hits(
        &self,
        s: &mut State,
        target: UnitId,
        firer: UnitId,
        hits: u8,
        ev: &mut Vec<Event>,
    ) {
        if hits == 0 {
            return;
        }
        let tc = self.class(s.unit(target));
        if tc == Class::Train {
            let t = self.scenario.tables.train.clone();
            let u = s.unit_mut(target);
            u.rings += hits;
            let total = u.rings;
            if total >= t.disabled_hits {
                u.disabled = true;
            }
            if total >= t.retreat_hits && !u.damaged {
                u.damaged = true;
                // Armoured Trains 6: along the track.
                self.train_retreat(s, target, ev);
            }
            return;
        }
        if tc.is_vehicle() {
            return self.vehicle_hits(s, target, firer, hits, ev);
        }
        s.unit_mut(target).hits += hits;
        if self.class(s.unit(target)) == Class::Hq {
            self.remove(s, target, ev);
            return;
        }
        self.check_overwhelmed(s, target, ev);
    }

    /// The Anti-Tank/Vehicle Table: a card per hit (two against trucks and
    /// tchankas); the suits listed for the weapon and vehicle take effect:
    /// 2 to 10 damage it, A, J, Q, K damage it and add a hit marker, a Joker
    /// is drawn again (our reading).
    fn vehicle_hits(
        &self,
        s: &mut State,
        target: UnitId,
        firer: UnitId,
        hits: u8,
        ev: &mut Vec<Event>,
    ) {
        let tc = self.class(s.unit(target));
        let Some(col) = tc.vehicle_column() else {
            return;
        };
        let ci = crate::scenario::VEHICLE_COLUMNS
            .iter()
            .position(|c| *c == col)
            .unwrap_or(0);
        let w = self.weapon(s.unit(firer));
        let mask = self.scenario.tables.anti_vehicle[w as usize][ci];
        let per_hit = if col == "truck" { 2 } else { 1 };
        for _ in 0..hits as u16 * per_hit {
            if s.unit(target).status != Status::OnTable {
                return;
            }
            let mut card: Card = self.draw(s);
            while card.is_joker() {
                card = self.draw(s);
            }
            let suit = card.suit().map_or(0, |su| su as u8);
            let effect = mask & (1 << suit) != 0;
            ev.push(Event::VehicleCard {
                unit: target,
                card,
                effect,
            });
            if !effect {
                continue;
            }
            if card.is_picture() || card.is_ace() {
                s.unit_mut(target).hits += 1;
            }
            match tc {
                Class::Motor | Class::Tchanka => {
                    self.lose_bases(s, target, 1, ev);
                }
                Class::HeavyTank => {
                    let turn = s.turn;
                    s.unit_mut(target).pinned_until = turn + 1;
                    self.lose_card(s, target);
                }
                _ => {
                    s.unit_mut(target).damaged = true;
                    self.lose_card(s, target);
                }
            }
        }
    }

    /// A vehicle damaged loses one of its cards not yet played.
    fn lose_card(&self, s: &mut State, unit: UnitId) {
        if let Some(d) = s
            .dealt
            .iter_mut()
            .rev()
            .find(|d| !d.played && d.group.contains(&unit) && d.group.len() == 1)
        {
            d.played = true;
        }
    }

    /// Whether `u` has not yet activated this turn.
    pub fn unactivated(&self, s: &State, unit: UnitId) -> bool {
        !s.unit(unit).acted && s.dealt.iter().any(|d| !d.played && d.group.contains(&unit))
    }

    /// How an enemy unit could fire at the mover now, if it could.
    pub fn reaction_kind(&self, s: &State, unit: UnitId, mover: UnitId) -> Option<FireKind> {
        let u = s.unit(unit);
        let m = s.unit(mover);
        let grid = &self.scenario.grid;
        if u.side == m.side || u.status != Status::OnTable {
            return None;
        }
        let class = self.class(u);
        if u.holding_fire && self.fire_check(s, unit, mover, 0, u8::MAX).is_some() {
            return Some(FireKind::HeldFire);
        }
        if !self.unactivated(s, unit) {
            return None;
        }
        let range = grid.distance(u.at, m.at);
        if class == Class::Artillery {
            // Artillery Firing 2 and 8: a battery not yet activated fires out
            // of turn only over open sights, at troops closing to small-arms
            // range (4 squares or less); threat fire is not for guns.
            let limbered = u.formation != Formation::Unlimbered;
            if range <= 4
                && self.weapon(m) == Weapon::Rifle
                && !limbered
                && self.fire_check(s, unit, mover, 0, u8::MAX).is_some()
            {
                return Some(FireKind::OpenSights);
            }
            return None;
        }
        // Threat fire: the mover came within effective range, facing it.
        if range <= self.ranges(u).effective
            && grid.within(m.at, m.facing, u.at, crate::grid::Arc::Deg45)
            && self.fire_check(s, unit, mover, 0, u8::MAX).is_some()
        {
            return Some(FireKind::Threat);
        }
        None
    }

    /// After each square a unit enters, the other side may fire at it.
    pub(crate) fn offer_reaction(
        &self,
        s: &mut State,
        mover: UnitId,
        m: Move,
        ev: &mut Vec<Event>,
    ) {
        let side = s.unit(mover).side.other();
        let any = s
            .on_table()
            .filter(|u| u.side == side)
            .any(|u| self.reaction_kind(s, u.id, mover).is_some());
        if any {
            s.paused_move = Some(m);
            s.phase = Phase::Reaction { mover, side };
        } else {
            self.after_step(s, m, ev);
        }
    }

    /// The move goes on, or ends if nothing more is possible.
    fn after_step(&self, s: &mut State, m: Move, ev: &mut Vec<Event>) {
        if s.unit(m.unit).status != Status::OnTable || s.unit(m.unit).retreating {
            s.phase = Phase::Act {
                card: m.card,
                score: m.score,
            };
            return self.finish_unit(s, m.unit, ev);
        }
        let mut steps = Vec::new();
        self.step_choices(s, &m, &mut steps);
        s.phase = Phase::Moving(m.clone());
        if steps.is_empty() && m.wheeled {
            self.end_move(s, m, ev);
        }
    }

    pub(crate) fn reaction_choices(
        &self,
        s: &State,
        mover: UnitId,
        side: engine::Side,
        out: &mut Vec<Action>,
    ) {
        for u in s.on_table() {
            if u.side == side && self.reaction_kind(s, u.id, mover).is_some() {
                out.push(Action::ReactFire { unit: u.id });
            }
        }
        out.push(Action::LetPass);
    }

    pub(crate) fn react_fire(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let Phase::Reaction { mover, .. } = s.phase else {
            return;
        };
        let Some(kind) = self.reaction_kind(s, unit, mover) else {
            return;
        };
        if kind != FireKind::HeldFire {
            // Fired out of turn: its activation is used.
            s.unit_mut(unit).acted = true;
        }
        self.fire(s, unit, mover, kind, ev);
        s.unit_mut(unit).holding_fire = false;
        if s.outcome.is_some() {
            return;
        }
        let m = s
            .paused_move
            .clone()
            .expect("a move is paused while the other side reacts");
        if s.unit(mover).status != Status::OnTable || s.unit(mover).retreating {
            s.paused_move = None;
            return self.after_step(s, m, ev);
        }
        let side = s.unit(mover).side.other();
        let more = s
            .on_table()
            .filter(|u| u.side == side)
            .any(|u| self.reaction_kind(s, u.id, mover).is_some());
        if !more {
            s.paused_move = None;
            self.after_step(s, m, ev);
        }
    }

    pub(crate) fn let_pass(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(m) = s.paused_move.take() {
            self.after_step(s, m, ev);
        }
    }
}
