//! Mounted Combat: mounted cavalry that end a move next to enemy troops in
//! the open attack as close-range fire, counting every figure as the hit
//! score. The target answers wildly, with its MGs and tchankas in or next
//! to its square that face the attacker, and loses its card if it has not
//! yet acted. Defending cavalry count 2 figures a base if taken obliquely
//! and 1 in the flank; infantry 2 obliquely, and in the flank they are
//! overrun. The side with more hits retreats; on equal hits both do, and
//! the attacker loses its remaining card. Casualties are taken at once,
//! twice over for cavalry that attacked infantry. A winning attacker
//! follows up into the square the loser left.

use super::RedSquare;
use super::firing::FireKind;
use crate::data::Class;
use crate::grid::Aspect;
use crate::grid::Sq;
use crate::state::{Action, Event, Formation, Part, Phase, State, Status, UnitId};

impl RedSquare {
    /// The enemy troops in the open next to a mounted cavalry unit.
    pub fn mounted_targets(&self, s: &State, unit: UnitId) -> Vec<UnitId> {
        let u = s.unit(unit);
        if self.class(u) != Class::Cavalry || u.formation != Formation::Mounted {
            return Vec::new();
        }
        let grid = &self.scenario.grid;
        let mut v: Vec<UnitId> = self
            .enemies_of(s, u.side)
            .filter(|e| {
                grid.distance(e.at, u.at) == 1
                    && !self.class(e).is_figure()
                    && !self.scenario.terrain[e.at as usize].closed()
                    && !self.scenario.terrain[e.at as usize].conceals()
            })
            .map(|e| e.id)
            .collect();
        // The one in front first (the attacker chooses among them,
        // Mounted Combat 1 and `Phase::Charge`).
        v.sort_by_key(|&e| {
            let t = s.unit(e);
            (
                !grid.within(u.at, u.facing, t.at, crate::grid::Arc::Deg45),
                e,
            )
        });
        v
    }

    /// Figures counted by the defender (Mounted Combat 1b).
    fn defending_figures(&self, s: &State, defender: UnitId, aspect: Aspect) -> u8 {
        let d = s.unit(defender);
        let per_base = self.ty(d).figures_per_base;
        let per = match (self.class(d), aspect) {
            (Class::Cavalry, Aspect::Oblique) => 2.min(per_base),
            (Class::Cavalry, Aspect::Flank) => 1,
            (Class::Infantry, Aspect::Oblique) => 2.min(per_base),
            _ => per_base,
        };
        d.bases * per
    }

    /// Mounted Combat 1: the attack's target, chosen by the attacker when
    /// there are several (`Phase::Charge`).
    pub(crate) fn charge_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        for target in self.mounted_targets(s, unit) {
            out.push(Action::Charge { unit, target });
        }
    }

    pub(crate) fn charge(&self, s: &mut State, target: UnitId, ev: &mut Vec<Event>) {
        let Phase::Charge {
            unit,
            card,
            score,
            squares,
        } = s.phase
        else {
            return;
        };
        s.phase = Phase::Act { card, score };
        if self.mounted_targets(s, unit).contains(&target) {
            self.mounted_attack(s, unit, target, squares, ev);
        }
        if s.outcome.is_some() {
            return;
        }
        self.finish_unit(s, unit, ev);
    }

    /// Mounted Combat 3: where the horse holders of dismounted cavalry at
    /// `at` stand: `keep` if it is still next to `at` and free of the
    /// enemy, else the neighbour of `at` farthest from the enemy (then
    /// nearest `keep`), never across a river or intact wire. None: there is
    /// no such square, and the riflemen may not dismount or step there.
    /// Whether any square next to `at` could hold the horses (the same test
    /// as [`RedSquare::horse_square`], without choosing among them).
    pub fn horse_room(&self, s: &State, unit: UnitId, at: Sq) -> bool {
        let side = s.unit(unit).side;
        self.scenario.grid.neighbours(at).any(|(d, n)| {
            self.scenario.edge(at, d) != Some(crate::scenario::Edge::River)
                && self.wire(s, at, d) != crate::rules::terrain::Wire::Intact
                && !self.enemies_of(s, side).any(|e| e.at == n)
        })
    }

    pub fn horse_square(&self, s: &State, unit: UnitId, at: Sq, keep: Option<Sq>) -> Option<Sq> {
        let side = s.unit(unit).side;
        let grid = &self.scenario.grid;
        let free = |d, n: Sq| {
            self.scenario.edge(at, d) != Some(crate::scenario::Edge::River)
                && self.wire(s, at, d) != crate::rules::terrain::Wire::Intact
                && !self.enemies_of(s, side).any(|e| e.at == n)
        };
        let mut best: Option<((u8, i32, i32), Sq)> = None;
        for (d, n) in grid.neighbours(at) {
            if !free(d, n) {
                continue;
            }
            if keep == Some(n) {
                return Some(n);
            }
            let near = keep.map_or(0, |k| -i32::from(grid.distance(k, n)));
            let key = (self.nearest_enemy(s, side, n).min(50), near, -i32::from(n));
            if best.is_none_or(|b| key > b.0) {
                best = Some((key, n));
            }
        }
        best.map(|b| b.1)
    }

    /// Dismounted cavalry on the table without horse holders (a scenario's
    /// deployment or a reinforcement) put them in a square next to them.
    pub(crate) fn place_horses(&self, s: &mut State) {
        for i in 0..s.units.len() {
            let u = &s.units[i];
            if u.status == Status::OnTable
                && self.class(u) == Class::Cavalry
                && u.formation == Formation::Dismounted
                && u.horses.is_none()
            {
                let id = u.id;
                let at = u.at;
                s.units[i].horses = self.horse_square(s, id, at, None);
            }
        }
    }

    /// The riflemen of dismounted cavalry remount: the horses come back.
    pub(crate) fn remount(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(unit);
        u.formation = Formation::Mounted;
        u.horses = None;
        ev.push(Event::Reformed {
            unit,
            formation: Formation::Mounted,
        });
        ev.push(Event::Horses { unit, at: None });
    }

    pub(crate) fn mounted_attack(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        squares: u8,
        ev: &mut Vec<Event>,
    ) {
        let grid = &self.scenario.grid;
        let fd = self.scenario.tables.fire_dice.clone();
        let a_at = s.unit(unit).at;
        let t = s.unit(target);
        let t_at = t.at;
        let aspect = grid.aspect(t.at, t.facing, a_at);
        // Infantry taken in the flank are overrun.
        if self.class(t) == Class::Infantry
            && aspect == Aspect::Flank
            && !t.trenches
            && !self.scenario.terrain[t.at as usize].buildings()
        {
            ev.push(Event::Fled {
                unit: target,
                roll: None,
                need: 0,
            });
            self.remove(s, target, ev);
            self.follow_up(s, unit, t_at, squares, ev);
            return;
        }
        // The attack: close range, every figure.
        let mut parts = vec![(Part::Close, fd.close)];
        match aspect {
            Aspect::Oblique => parts.push((Part::Oblique, fd.oblique)),
            Aspect::Flank => parts.push((Part::Enfilade, fd.enfilade)),
            Aspect::Frontal => {}
        }
        if t.formation.dense() {
            parts.push((Part::Massed, fd.massed));
        }
        let a_score = s.unit(unit).bases * self.ty(s.unit(unit)).figures_per_base;
        let a_hits = self.roll_attack(s, unit, target, parts, a_score, ev);
        // The answer, wildly, with every figure it may count.
        let d_score = self.defending_figures(s, target, aspect);
        let back = vec![
            (Part::Close, fd.close),
            (Part::Massed, fd.massed),
            (Part::Wild, fd.moving),
        ];
        let mut d_hits = self.roll_attack(s, target, unit, back, d_score, ev);
        // Its MGs and tchankas facing the attacker join in.
        let helpers: Vec<UnitId> = s
            .on_table()
            .filter(|h| {
                h.side == s.unit(target).side
                    && matches!(self.class(h), Class::Mg | Class::Tchanka)
                    && grid.distance(h.at, t_at) <= 1
                    && grid.distance(h.at, a_at) <= self.ranges(h).long
                    && (self.class(h) == Class::Mg
                        || grid.within(h.at, h.facing, a_at, crate::grid::Arc::Deg45))
            })
            .map(|h| h.id)
            .collect();
        for h in helpers {
            let (parts, n, _, score) = self.fire_dice(s, h, unit, FireKind::Return);
            let _ = n;
            d_hits += self.roll_attack(s, h, unit, parts, score, ev);
        }
        // The target loses its card if it has not yet acted.
        for d in s.dealt.iter_mut() {
            if !d.played && d.group == [target] {
                d.played = true;
            }
        }
        ev.push(Event::MountedCombat {
            attacker: unit,
            defender: target,
            attacker_hits: a_hits,
            defender_hits: d_hits,
        });
        // Casualties at once; cavalry attacking infantry roll twice.
        s.unit_mut(target).hits += a_hits;
        s.unit_mut(unit).hits += d_hits;
        self.resolve_hits(s, target, ev);
        let twice = self.class(s.unit(target)) == Class::Infantry;
        let attacker_hits = s.unit(unit).hits;
        self.resolve_hits(s, unit, ev);
        if twice && s.unit(unit).status == Status::OnTable {
            s.unit_mut(unit).hits = attacker_hits;
            self.resolve_hits(s, unit, ev);
        }
        let a_alive = s.unit(unit).status == Status::OnTable;
        let d_alive = s.unit(target).status == Status::OnTable;
        use std::cmp::Ordering;
        match d_hits.cmp(&a_hits) {
            Ordering::Greater => {
                if a_alive {
                    self.retreat(s, unit, ev);
                }
            }
            Ordering::Less => {
                if d_alive {
                    self.retreat(s, target, ev);
                }
                if a_alive {
                    self.follow_up(s, unit, t_at, squares, ev);
                }
            }
            Ordering::Equal => {
                if a_alive {
                    self.retreat(s, unit, ev);
                    for d in s.dealt.iter_mut() {
                        if !d.played && d.group == [unit] {
                            d.played = true;
                        }
                    }
                }
                if d_alive {
                    self.retreat(s, target, ev);
                }
            }
        }
    }

    /// Rolls a mounted attack or its answer: dice from the parts, hits on
    /// the score (automatic hits above 6).
    fn roll_attack(
        &self,
        s: &mut State,
        firer: UnitId,
        target: UnitId,
        parts: Vec<(Part, i8)>,
        score: u8,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let n = parts.iter().map(|p| p.1 as i16).sum::<i16>().max(0) as u8;
        let automatic = score / 6;
        let mut dice = Vec::new();
        let mut hits = 0;
        for _ in 0..n {
            let d = self.die(s, 6);
            hits += automatic + u8::from(d <= score % 6);
            dice.push(d);
        }
        let aspect =
            self.scenario
                .grid
                .aspect(s.unit(target).at, s.unit(target).facing, s.unit(firer).at);
        ev.push(Event::Fired {
            firer,
            target,
            aspect,
            range: 1,
            parts,
            dice,
            score,
            automatic,
            hits,
        });
        s.unit_mut(target).under_fire = true;
        let at = s.unit(target).at;
        self.hq_fired_at(s, at);
        hits
    }

    /// The winner follows up into the square the loser left, if it is empty.
    fn follow_up(
        &self,
        s: &mut State,
        unit: UnitId,
        to: crate::grid::Sq,
        _squares: u8,
        ev: &mut Vec<Event>,
    ) {
        let side = s.unit(unit).side;
        if self.enemies_of(s, side).any(|e| e.at == to) || !self.room_for(&s.units, unit, to) {
            return;
        }
        let from = s.unit(unit).at;
        s.unit_mut(unit).at = to;
        ev.push(Event::Moved { unit, from, to });
    }
}
