//! Artillery fire and its sequence: direct hits before the Shooting
//! Table; Observed Indirect Fire (range from an observer who sees the
//! target: × ½ the first turn, × ¾ after, direct-hit numbers +2 then +1);
//! Speculative fire (× ½; artillery at a building uses direct hits only);
//! Harassing Fire (up to twice the range, no effect on the table, but the
//! target may not march); Gas (a fear test on top of the result);
//! Ammunition Supply (guns carry 2 moves in the limber and 6 in a cart,
//! mortars 3 and 9); and the Fire Arcs rule that friendly bases block fire.
//!
//! Our readings (rulings.md, Observed Indirect Fire and the sections
//! after it): the observer is any other friendly unit on the table, not
//! routing, with a clear line to a base of the target; the guns need not
//! see it and all their bases count; "subsequent turns" means the same
//! guns fired observed at the same target in the turn before. Speculative
//! fire is at an enemy unit in cover (woods, scrub, a building...) that
//! the firers cannot see: bases in arc and range count. Only guns and
//! mortars fire indirect, harassing or gas. Every segment in which a gun
//! or mortar unit fires uses one move of ammunition; the cart is taken to
//! be with the guns, so guns have 8 moves and mortars 12 (artillery cars
//! and tanks carry enough). Friendly bases block a base's fire when the
//! line from its arc's origin to the target base crosses one of them.

use super::shooting::FireSums;
use super::{RedActions, Say, Words};
use crate::geometry::{self, Arc, base_dist2};
use crate::scenario::{Category, Cover, Trait};
use crate::state::{Event, FireMode, Order, Segment, State, Test, UnitId};
use crate::tables::Effect;
use engine::param::{Degrees, Inches, Point};

/// The places of a target's gun fire samples ([`RedActions::fire_sample_at`]).
pub(crate) const FIRE_PLACES: usize = 5;

/// A shot worked out before the dice, whatever the mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub sums: FireSums,
    /// The range for direct hits (from the observer for observed fire).
    pub range: Inches,
    /// The mode's factor (num, den); (1, 1) for direct fire.
    pub factor: (u8, u8),
    /// Observed fire's addition to the direct-hit numbers.
    pub observed_add: u8,
}

impl RedActions {
    /// Moves of ammunition a gun or mortar unit carries (`None`: enough
    /// for the battle).
    pub fn ammunition(&self, s: &State, id: UnitId) -> Option<u8> {
        self.ammunition_of(self.cat(s.unit(id)))
    }

    /// [`RedActions::ammunition`] of a unit of category `c`.
    pub(crate) fn ammunition_of(&self, c: Category) -> Option<u8> {
        let a = &self.sc().tables.ammunition;
        if c.is_gun() {
            Some(a.gun_limber + a.gun_cart)
        } else if c == Category::Mortar {
            Some(a.mortar + a.mortar_cart)
        } else {
            None
        }
    }

    fn guns_or_mortars(&self, s: &State, id: UnitId) -> bool {
        let c = self.cat(s.unit(id));
        c.is_gun() || c == Category::Mortar
    }

    /// Whether observed fire from `id` at `target` is in its later turns
    /// (× ¾, +1): it fired observed at the same target last turn.
    fn observed_again(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        let k = &s.unit(id).kit;
        k.last_observed && k.last_target == Some(target) && k.last_turn + 1 == s.turn
    }

    /// Why the fire (any mode) is refused now.
    pub(crate) fn fire_refusal(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        target: UnitId,
        mode: FireMode,
    ) -> Option<String> {
        self.fire_refusal_in(s, id, seg, target, mode, Words)
    }

    /// [`RedActions::fire_refusal`], told as `w` says.
    pub(crate) fn fire_refusal_in<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        target: UnitId,
        mode: FireMode,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        let t = self.troop(u);
        if seg.shot {
            return w.say(|| "it has fired this segment".into());
        }
        if seg.moved && !seg.fire_prep {
            return w.say(|| "a unit shoots before it moves".into());
        }
        if t.shooting == 0 || t.range.0 == 0 {
            return w.say(|| format!("{} does not shoot", self.name(id)));
        }
        if u.order == Order::Limbered {
            return w.say(|| "limbered guns cannot fire".into());
        }
        if target as usize >= s.units.len() || self.unseen_by(s, target, Some(u.side)) {
            return w.say(|| "there is no such unit".into());
        }
        if u.marching {
            return w.say(|| "a marching unit does not shoot".into());
        }
        let tg = s.unit(target);
        if tg.side == u.side || !self.in_play(s, target) {
            return w.say(|| format!("{} is not an enemy on the table", self.name(target)));
        }
        if !tg.on_table() && mode != FireMode::Direct {
            return w.say(|| {
                format!(
                    "{} rides in a train: only direct fire reaches it",
                    self.name(target)
                )
            });
        }
        if let Some(r) = self.train_fire_refusal(s, id) {
            return w.say(|| r);
        }
        if let Some(max) = self.ammunition(s, id)
            && u.kit.ammo_used >= max
        {
            return w.say(|| {
                format!(
                    "{} has fired all its ammunition ({max} moves)",
                    self.name(id)
                )
            });
        }
        if mode != FireMode::Direct && !self.guns_or_mortars(s, id) {
            return w.say(|| "only guns and mortars fire that way".into());
        }
        if mode != FireMode::Harassing
            && let Some(r) = self.vehicle_target_refusal(s, id, target)
        {
            return w.say(|| r);
        }
        if let FireMode::Observed { observer, .. } = mode
            && (observer as usize >= s.units.len()
                || observer == id
                || s.unit(observer).side != u.side
                || !self.standing(s, observer))
        {
            return w.say(|| "the observer must be another friendly unit on the table".into());
        }
        if matches!(
            mode,
            FireMode::Speculative
                | FireMode::Observed {
                    speculative: true,
                    ..
                }
        ) && self.cover_of(s, target) == Cover::None
            && self.building_of(s, target).is_none()
        {
            return w.say(|| {
                format!(
                    "{} is in the open: speculative fire is at cover believed to hold enemy",
                    self.name(target)
                )
            });
        }
        if mode == FireMode::Speculative && self.fire_sums(s, id, target).is_some() {
            return w.say(|| format!("{} can be seen: fire at it directly", self.name(target)));
        }
        if !self.plan_can(s, id, target, mode) {
            return w.say(|| match mode {
                FireMode::Observed { .. } => format!(
                    "{} is not in sight of the observer or not in range from him",
                    self.name(target)
                ),
                _ => format!(
                    "{} is not in arc, range and sight of any base",
                    self.name(target)
                ),
            });
        }
        None
    }

    /// Whether [`RedActions::plan`] makes a plan (its range, worked out
    /// after the sums and never refusing, is not needed for that).
    fn plan_can(&self, s: &State, id: UnitId, target: UnitId, mode: FireMode) -> bool {
        self.plan_with(s, id, target, mode, false).is_some()
    }

    /// The arithmetic of a shot in any mode (`None`: it cannot be made).
    pub fn plan(&self, s: &State, id: UnitId, target: UnitId, mode: FireMode) -> Option<Plan> {
        self.plan_with(s, id, target, mode, true)
    }

    /// [`RedActions::plan`]; without `ranged`, the ranges are left at 0.
    fn plan_with(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        mode: FireMode,
        ranged: bool,
    ) -> Option<Plan> {
        let m = &self.sc().tables.shooting_modifiers;
        let frac = |f: crate::tables::Frac| (f.num, f.den);
        // The range after the sums (when they refuse, it is not needed).
        let range = || {
            if ranged {
                self.range_between(s, id, target)
            } else {
                Inches::ZERO
            }
        };
        match mode {
            FireMode::Direct if self.carrier(s, id).is_some() => Some(Plan {
                sums: self.aboard_sums(s, id, target)?,
                range: range(),
                factor: (1, 1),
                observed_add: 0,
            }),
            FireMode::Direct | FireMode::Gas => Some(Plan {
                sums: self.fire_sums(s, id, target)?,
                range: range(),
                factor: (1, 1),
                observed_add: 0,
            }),
            FireMode::Speculative => Some(Plan {
                sums: self.unseen_sums(s, id, target, None, m.speculative)?,
                range: range(),
                factor: frac(m.speculative),
                observed_add: 0,
            }),
            FireMode::Harassing => {
                let t = self.troop(s.unit(id));
                let reach = Inches(t.range.0 * m.harassing_range_factor as i32);
                let (count, _) = self.bases_bearing(s, id, target, reach, true)?;
                Some(Plan {
                    sums: FireSums {
                        bases: count,
                        halves: 0,
                        long_range: true,
                        total: 0,
                        shift: 0,
                    },
                    range: range(),
                    factor: (0, 1),
                    observed_add: 0,
                })
            }
            FireMode::Observed {
                observer,
                speculative,
            } => {
                if !speculative && !self.unit_sees(s, observer, target) {
                    return None;
                }
                let again = self.observed_again(s, id, target);
                let dh = &self.sc().tables.direct_hit;
                let f = if speculative {
                    m.speculative
                } else if again {
                    m.observed_later_turns
                } else {
                    m.observed_first_turn
                };
                Some(Plan {
                    sums: self.unseen_sums(s, id, target, Some(observer), f)?,
                    range: if ranged {
                        self.range_between(s, observer, target)
                    } else {
                        Inches::ZERO
                    },
                    factor: frac(f),
                    observed_add: if again {
                        dh.observed_later_turns
                    } else {
                        dh.observed_first_turn
                    },
                })
            }
        }
    }

    /// Whether a unit has a clear line to a base of another (Visibility:
    /// from the front of any of its bases to the middle of any of theirs).
    /// (Kept while a listing is under way: `shooting::ListingMemo`.)
    pub fn unit_sees(&self, s: &State, who: UnitId, target: UnitId) -> bool {
        super::shooting::listing_kept(
            s,
            |m| &mut m.sights,
            (who, target),
            || self.unit_sees_worked_out(s, who, target),
        )
    }

    /// [`RedActions::unit_sees`], worked out.
    fn unit_sees_worked_out(&self, s: &State, who: UnitId, target: UnitId) -> bool {
        let theirs = s.unit(target).footprint();
        s.unit(who).footprint().iter().any(|b| {
            theirs
                .iter()
                .any(|tb| self.sees(b.front_centre(), tb.pose.at, true))
        })
    }

    /// The shooter's bases whose arc reaches a target base within `reach`
    /// (with a clear line when `need_sight`), and whether one is within
    /// half of it.
    fn bases_bearing(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        reach: Inches,
        need_sight: bool,
    ) -> Option<(u8, bool)> {
        let u = s.unit(id);
        let t = self.troop(u);
        let theirs = s.unit(target).footprint();
        // The target's bases tile its outline: an arc that reaches no part
        // of it reaches none of them.
        let outline = s.unit(target).formation.outline();
        let half = reach.fraction(1, 2);
        let (mut count, mut close) = (0u8, false);
        for b in &u.footprint() {
            let mut counts = false;
            for (toward, halfarc) in self.fire_arcs(t) {
                let arc = if toward.0 == 1800 {
                    Arc::behind(b, halfarc)
                } else {
                    let mut a = Arc::ahead(b, halfarc);
                    a.facing = Degrees(a.facing.0 + toward.0).normalised();
                    a
                };
                if !arc.reaches_corners(&outline) {
                    continue;
                }
                for tb in &theirs {
                    let d = base_dist2(b, tb);
                    if d.within(reach)
                        && arc.reaches(tb)
                        && (!need_sight || self.sees(arc.origin, tb.pose.at, true))
                        && !self.friends_block(s, id, target, arc.origin, tb.pose.at)
                    {
                        counts = true;
                        close |= d.within(half);
                    }
                }
            }
            if counts {
                count += 1;
            }
        }
        (count > 0).then_some((count, close))
    }

    /// The sums of fire the firers do not see: speculative (bases in arc
    /// and range) or observed (all bases, range from the observer), times
    /// the mode's factor; the target's formation and cover still shift.
    fn unseen_sums(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        observer: Option<UnitId>,
        factor: crate::tables::Frac,
    ) -> Option<FireSums> {
        let u = s.unit(id);
        let t = self.troop(u);
        let tables = &self.sc().tables;
        let (count, close) = match observer {
            None => self.bases_bearing(s, id, target, t.range, false)?,
            Some(o) => {
                let d = self.range_between(s, o, target);
                if d > t.range {
                    return None;
                }
                (u.bases(), d <= t.range.fraction(1, 2))
            }
        };
        let halves = u.effective_halves() * count as u32 / u.bases().max(1) as u32;
        // Every multiplier at once, rounded down once (rulings, Shooting
        // Table).
        let lr = if close {
            crate::tables::Frac::ONE
        } else {
            tables.shooting_modifiers.long_range
        };
        let total = halves * t.shooting as u32 * lr.num as u32 * factor.num as u32
            / (2 * lr.den as u32 * factor.den as u32);
        let tg = s.unit(target);
        let m = &tables.shooting_modifiers;
        let mut shift = 0i32;
        if tg.order == Order::Formed {
            shift += m.formed_cavalry_or_road_column as i32;
        }
        let cover = self.cover_of(s, target);
        if (self.has_trait(s, target, Trait::Skirmisher) && tg.order != Order::Formed)
            || (self.has_trait(s, target, Trait::Partisan) && cover != Cover::None)
        {
            shift += m.skirmisher_or_partisan_in_cover as i32;
        }
        let c = &tables.cover;
        shift += match cover {
            Cover::SuperHard => c.super_hard,
            Cover::Stone => c.stone,
            Cover::Hard => c.wood,
            Cover::Soft if tg.evading => c.evading_in_soft,
            Cover::Soft => c.soft,
            Cover::None if tg.evading => c.evading_in_open,
            Cover::None => 0,
        } as i32;
        Some(FireSums {
            bases: count,
            halves,
            long_range: !close,
            total,
            shift,
        })
    }

    /// Fire Arcs: whether a friendly base (not the firer's own) stands on
    /// the line from `from` to `to`.
    pub fn friends_block(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        from: Point,
        to: Point,
    ) -> bool {
        let side = s.unit(id).side;
        // Cars of one train fire past each other (rulings).
        let train = self.engine_of(s, id).map(|e| self.train_cars(e));
        let (lo_x, hi_x) = (from.x.0.min(to.x.0) - 300, from.x.0.max(to.x.0) + 300);
        let (lo_y, hi_y) = (from.y.0.min(to.y.0) - 300, from.y.0.max(to.y.0) + 300);
        let line = geometry::Bbox::of(&[from, to]);
        s.ids().any(|j| {
            let o = s.unit(j);
            // The target itself never blocks (a friend fired on in the dark).
            if j == id || j == target || o.side != side || !o.on_table() {
                return false;
            }
            if train.as_ref().is_some_and(|cars| cars.contains(&j)) {
                return false;
            }
            // Every corner lies within its bases' widths and depths of the
            // front centre (as in the moves' broad phase): beyond that, no
            // base of the unit can touch the line.
            let f = &o.formation;
            let p = f.front.at;
            let reach = (f.width.0 + f.depth.0 + 2) * f.count as i32 + 2;
            if p.x.0 < lo_x - reach
                || p.x.0 > hi_x + reach
                || p.y.0 < lo_y - reach
                || p.y.0 > hi_y + reach
            {
                return false;
            }
            // A base whose box misses the line's holds neither end and
            // meets no part of the line; each base's corners once.
            o.formation.base_list().iter().any(|b| {
                let c = b.corners();
                geometry::Bbox::of(&c).meets(&line)
                    && (geometry::convex_contains(&c, from)
                        || geometry::convex_contains(&c, to)
                        || (0..4).any(|k| geometry::segments_meet(from, to, c[k], c[(k + 1) % 4])))
            })
        })
    }

    /// Fires: ammunition, direct hits, the Shooting Table where it
    /// applies, a tank's terror, gas's fear test.
    pub(crate) fn fire(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        mode: FireMode,
        ev: &mut Vec<Event>,
    ) {
        let Some(plan) = self.plan(s, id, target, mode) else {
            return;
        };
        self.fire_planned(s, id, target, mode, plan, ev);
    }

    /// [`RedActions::fire`] with its arithmetic worked out beforehand (for
    /// return fire, from the table as it stood before the shot it answers).
    pub(crate) fn fire_planned(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        mode: FireMode,
        plan: Plan,
        ev: &mut Vec<Event>,
    ) {
        if self.ammunition(s, id).is_some() {
            s.unit_mut(id).kit.ammo_used += 1;
        }
        // Shot at (harassing fire too): no marching from now on.
        s.unit_mut(target).shot_at = true;
        if mode != FireMode::Direct {
            ev.push(Event::FireMode {
                unit: id,
                target,
                mode,
                factor: plan.factor,
            });
        }
        if mode == FireMode::Harassing {
            s.unit_mut(target).kit.harassed = s.turn;
            ev.push(Event::Harassed { unit: id, target });
            self.remember_target(s, id, target, mode);
            return;
        }
        if self.rolls_direct_hits(s, id) {
            self.roll_direct_hits(
                s,
                id,
                target,
                plan.sums.bases,
                plan.range,
                plan.observed_add,
                ev,
            );
        }
        let hits_only = matches!(
            mode,
            FireMode::Speculative
                | FireMode::Observed {
                    speculative: true,
                    ..
                }
        ) && self.guns_or_mortars(s, id)
            && self.building_of(s, target).is_some();
        if self.in_play(s, target) && !hits_only && self.table_applies(s, id, target) {
            let f = plan.sums;
            let dice = self.d6x2(s);
            let roll = dice[0] + dice[1];
            let tables = &self.sc().tables;
            let result = match tables.shooting_column(f.total) {
                Some(c) => tables.shooting_cell(roll, c as i32 + f.shift),
                None => Effect::NONE,
            };
            ev.push(Event::Shot {
                unit: id,
                target,
                halves: f.halves,
                value: self.troop(s.unit(id)).shooting,
                long_range: f.long_range,
                total: f.total,
                shift: f.shift,
                dice,
                result,
            });
            self.apply_effect(s, target, result, ev);
        }
        self.tank_terror(s, id, target, ev);
        if mode == FireMode::Gas
            && self.standing(s, target)
            && !self.cat(s.unit(target)).is_vehicle()
            && !self.morale_test(s, target, Test::Fear, ev)
        {
            self.start_rout(s, target, ev);
        }
        self.remember_target(s, id, target, mode);
    }

    fn remember_target(&self, s: &mut State, id: UnitId, target: UnitId, mode: FireMode) {
        let turn = s.turn;
        let k = &mut s.unit_mut(id).kit;
        k.last_target = Some(target);
        k.last_turn = turn;
        k.last_observed = matches!(mode, FireMode::Observed { .. });
    }

    /// The fire choices of a gun or mortar unit for the tester: each mode
    /// at each enemy.
    pub fn fire_samples(&self, s: &State, id: UnitId, out: &mut Vec<crate::state::Action>) {
        if !self.may_fire_now(s, id) {
            return;
        }
        for t in s.ids() {
            self.fire_samples_at(s, id, t, out);
        }
    }

    /// Whether a gun or mortar unit may fire at all now: what
    /// `fire_refusal` refuses whatever the target and the mode is not so
    /// (nothing to look for then, not even an observer who sees a target).
    pub(crate) fn may_fire_now(&self, s: &State, id: UnitId) -> bool {
        if !self.guns_or_mortars(s, id) {
            return false;
        }
        let (u, seg) = (s.unit(id), self.segment_of(s, id));
        let t = self.troop(u);
        !(seg.shot
            || (seg.moved && !seg.fire_prep)
            || t.shooting == 0
            || t.range.0 == 0
            || u.order == Order::Limbered
            || u.marching)
    }

    /// [`RedActions::fire_samples`] at one target (when the unit
    /// [`RedActions::may_fire_now`]): its places in order.
    pub(crate) fn fire_samples_at(
        &self,
        s: &State,
        id: UnitId,
        t: UnitId,
        out: &mut Vec<crate::state::Action>,
    ) {
        if self.fire_target(s, id, t) {
            out.extend((0..FIRE_PLACES).filter_map(|k| self.fire_sample_at(s, id, t, k)));
        }
    }

    /// Whether `t` is a target of the unit's gun fire samples: an enemy
    /// on the table.
    pub(crate) fn fire_target(&self, s: &State, id: UnitId, t: UnitId) -> bool {
        let tg = s.unit(t);
        tg.side != s.unit(id).side && tg.on_table()
    }

    /// The gun fire sample at place `place` (below [`FIRE_PLACES`]) of a
    /// target ([`RedActions::fire_target`]): 0 to 2 speculative,
    /// harassing and gas fire; 3 observed fire by the first friend who
    /// sees the target; 4 observed speculative fire by the first friend
    /// at all. `None`: no such observer. An observer is looked for only
    /// when its place is asked for.
    pub(crate) fn fire_sample_at(
        &self,
        s: &State,
        id: UnitId,
        t: UnitId,
        place: usize,
    ) -> Option<crate::state::Action> {
        let side = s.unit(id).side;
        let mode = match place {
            0 => FireMode::Speculative,
            1 => FireMode::Harassing,
            2 => FireMode::Gas,
            _ => {
                let mut friends = s
                    .ids()
                    .filter(move |&o| o != id && s.unit(o).side == side && self.standing(s, o));
                let (observer, speculative) = if place == 3 {
                    (friends.find(|&o| self.unit_sees(s, o, t))?, false)
                } else {
                    (friends.next()?, true)
                };
                FireMode::Observed {
                    observer,
                    speculative,
                }
            }
        };
        Some(crate::state::Action::Fire {
            unit: id,
            target: t,
            mode,
        })
    }

    /// The Moving and Shooting row of a unit (tables' `MOVE_FIRE_ROWS`).
    fn move_fire_row(&self, s: &State, id: UnitId) -> usize {
        let c = self.cat(s.unit(id));
        if c.is_rifles() {
            0
        } else if c == Category::Sabre {
            1
        } else if c.is_mg() || c == Category::Mortar {
            2
        } else if c.is_gun() {
            3
        } else if c == Category::ArmouredCar {
            4
        } else {
            5
        }
    }

    /// Whether the unit may turn before firing (rifles and sabres).
    pub fn may_turn_to_fire(&self, s: &State, id: UnitId) -> bool {
        let c = self.cat(s.unit(id));
        (c.is_rifles() || c == Category::Sabre)
            && self.sc().tables.move_fire[self.move_fire_row(s, id)].turn
    }

    /// Whether the unit's kind pivots to fire at all (not rifles, sabres,
    /// officers or train cars; a pivot in the table and a shooting value).
    pub(crate) fn pivots_to_fire(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        let c = self.cat(u);
        let max = self.sc().tables.move_fire[self.move_fire_row(s, id)].pivot;
        !(c.is_rifles() || matches!(c, Category::Sabre | Category::Officer) || c.is_train_car())
            && max.0 > 0
            && self.troop(u).shooting != 0
    }

    /// Moving and Shooting: a pivot before firing, about the middle of
    /// the unit, up to the table's angle; the first thing in a segment.
    pub fn pivot(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        angle: Degrees,
    ) -> Result<geometry::Formation, String> {
        let u = s.unit(id);
        let max = self.sc().tables.move_fire[self.move_fire_row(s, id)].pivot;
        if !self.pivots_to_fire(s, id) {
            return Err(format!("{} does not pivot to fire", self.name(id)));
        }
        if !u.on_table() {
            return Err("it is not on the table".into());
        }
        if u.order == Order::Limbered {
            return Err("limbered guns do not pivot to fire".into());
        }
        if seg.moved || seg.shot {
            return Err("a pivot to fire comes first in the segment".into());
        }
        self.keeps_heading(s, id)?;
        if let Some(r) = self.vehicle_move_refusal(s, id) {
            return Err(r);
        }
        if angle.0 == 0 || angle.0.abs() > max.0 {
            return Err(format!("a pivot to fire is of at most {max} either way"));
        }
        let outline = u.formation.outline();
        let mid = Point {
            x: Inches(outline.iter().map(|p| p.x.0).sum::<i32>() / 4),
            y: Inches(outline.iter().map(|p| p.y.0).sum::<i32>() / 4),
        };
        let mut f = u.formation;
        f.front.at = geometry::rotate(f.front.at, mid, angle);
        f.front.facing = Degrees(f.front.facing.0 + angle.0).normalised();
        self.placement(s, id, &u.formation, &f, false)?;
        Ok(f)
    }
}
