//! Shooting: the effective bases in arc, range and sight times the
//! shooting value, halved at long range, rounded down; the column shifts
//! (MG close, enfilade, formed cavalry, skirmishers and partisans) and the
//! best cover; 2d6 on the Shooting Table; the results as markers.
//!
//! Our readings: a base counts when one of its arcs reaches a target base
//! within range and the line from the arc's origin to that base's centre
//! is clear; the bases that count are that share of the unit's effective
//! strength (in half bases, rounded down); the shot is at long range when
//! no counting base is within half range. Friendly bases in the line
//! block a base's fire; what may hurt vehicles, direct hits and the other
//! modes of fire are in `vehicles`, `direct_hits` and `artillery`.

use super::RedActions;
use crate::geometry::{self, Arc, enfilades};
use crate::scenario::{Cover, Trait};
use crate::state::{Ask, Event, FireMode, Order, Phase, State, Status, UnitId};
use crate::tables::Effect;
use engine::param::Degrees;

/// What is worked out while one state's choices are listed: the fire
/// sums of a pair of units ([`RedActions::fire_sums`]), the cover a unit
/// stands in ([`RedActions::cover_of`]) and whether a unit has a clear
/// line to another ([`RedActions::unit_sees`]), each a pure function of
/// the state (and the table).
#[derive(Default)]
pub(crate) struct ListingKept {
    /// The address of the state listed (`None`: no listing under way).
    state: Option<usize>,
    pub(crate) sums: Vec<((UnitId, UnitId), Option<FireSums>)>,
    pub(crate) covers: Vec<(UnitId, Cover)>,
    pub(crate) sights: Vec<((UnitId, UnitId), bool)>,
}

thread_local! {
    static LISTING_MEMO: std::cell::RefCell<ListingKept> = std::cell::RefCell::default();
}

/// While alive, the answers of [`ListingKept`] are kept for the state it
/// was made for: the state is borrowed, unchanged, for as long as the
/// listing that makes it lasts, so they cannot differ. A second one while
/// one is alive leaves the first in charge.
pub(crate) struct ListingMemo {
    owner: bool,
}

impl ListingMemo {
    pub(crate) fn new(s: &State) -> ListingMemo {
        LISTING_MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.state.is_some() {
                return ListingMemo { owner: false };
            }
            *m = ListingKept {
                state: Some(s as *const State as usize),
                ..std::mem::take(&mut *m)
            };
            m.sums.clear();
            m.covers.clear();
            m.sights.clear();
            ListingMemo { owner: true }
        })
    }
}

impl Drop for ListingMemo {
    fn drop(&mut self) {
        if self.owner {
            LISTING_MEMO.with(|m| m.borrow_mut().state = None);
        }
    }
}

/// The answer kept for `key` in the list `field` picks while the listing
/// of `s` is under way, else `work()` (kept if that listing is).
pub(crate) fn listing_kept<K: PartialEq + Copy, V: Copy>(
    s: &State,
    field: fn(&mut ListingKept) -> &mut Vec<(K, V)>,
    key: K,
    work: impl FnOnce() -> V,
) -> V {
    let at = s as *const State as usize;
    let kept = LISTING_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.state != Some(at) {
            return None;
        }
        field(&mut m).iter().find(|(k, _)| *k == key).map(|x| x.1)
    });
    if let Some(v) = kept {
        return v;
    }
    // Worked out with the memo free: the work may ask it too.
    let v = work();
    LISTING_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.state == Some(at) {
            field(&mut m).push((key, v));
        }
    });
    v
}

/// What a shot would be, worked out before the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireSums {
    pub bases: u8,
    pub halves: u32,
    pub long_range: bool,
    pub total: u32,
    pub shift: i32,
}

impl RedActions {
    /// A troop card's fire arcs, each as its direction from the facing and
    /// its half-width: the card's, or straight ahead with the table's arc.
    pub(crate) fn fire_arcs<'a>(
        &'a self,
        t: &'a crate::scenario::TroopType,
    ) -> impl Iterator<Item = (Degrees, Degrees)> + 'a {
        let table = (Degrees(0), self.sc().tables.shooting_modifiers.arc);
        (t.arcs.iter().map(|a| (a.toward, a.half))).chain(t.arcs.is_empty().then_some(table))
    }

    /// The arithmetic of a shot (`None`: no base can fire at the target).
    /// While a unit's choices are listed ([`ListingMemo`]) each pair's sums
    /// are worked out once (shooting, gun fire and the priority rule ask
    /// again and again of the same state).
    pub fn fire_sums(&self, s: &State, id: UnitId, target: UnitId) -> Option<FireSums> {
        listing_kept(
            s,
            |m| &mut m.sums,
            (id, target),
            || self.fire_sums_worked_out(s, id, target),
        )
    }

    /// [`RedActions::fire_sums`], worked out.
    fn fire_sums_worked_out(&self, s: &State, id: UnitId, target: UnitId) -> Option<FireSums> {
        let u = s.unit(id);
        let tg = s.unit(target);
        let t = self.troop(u);
        let tables = &self.sc().tables;
        let mine = u.footprint();
        // Troops aboard are shot at through their car.
        let theirs = self.bases_of(s, target);
        let aboard = tg.status == Status::Waiting;
        let range = self.fire_range(t.range);
        let half_range = range.fraction(1, 2);
        let mut count = 0u8;
        let mut close = false;
        let mut in_arc = Vec::new();
        // Each base's corners once; a pair of bases whose boxes are farther
        // apart than the range is out of range (the distance is at least
        // the gap).
        let (mq, tq) = (geometry::quads(&mine), geometry::quads(&theirs));
        // The target's bases tile its outline (the unit it rides in, if
        // aboard): an arc that reaches no part of the outline reaches none
        // of them, so it is not tried base by base, nor a base with no
        // other arc.
        let outline = s.unit(self.hit_target(s, target)).formation.outline();
        let mut base_arcs: Vec<Arc> = Vec::with_capacity(t.arcs.len().max(1));
        for (b, (bq, bb)) in mine.iter().zip(&mq) {
            let mut counts = false;
            base_arcs.clear();
            base_arcs.extend(
                self.fire_arcs(t)
                    .map(|(toward, half)| {
                        if toward.0 == 1800 {
                            Arc::behind(b, half)
                        } else {
                            let mut a = Arc::ahead(b, half);
                            a.facing = Degrees(a.facing.0 + toward.0).normalised();
                            a
                        }
                    })
                    .filter(|a| a.reaches_corners(&outline)),
            );
            if base_arcs.is_empty() {
                continue;
            }
            'targets: for (tb, (tbq, tbb)) in theirs.iter().zip(&tq) {
                if bb.gap(tbb) > range.0 as i64 {
                    continue;
                }
                // Within range of each other (the least distance within it:
                // `quad_within` stops at the first near corner).
                if !geometry::quad_within(bq, tbq, range) {
                    continue;
                }
                // A base that counts already changes nothing more but
                // `close`, and only through a pair within half range.
                let near = counts.then(|| geometry::quad_within(bq, tbq, half_range));
                if near == Some(false) {
                    continue;
                }
                for arc in &base_arcs {
                    if arc.reaches_corners(tbq)
                        && self.sees(arc.origin, tb.pose.at, true)
                        && !self.friends_block(s, id, target, arc.origin, tb.pose.at)
                    {
                        counts = true;
                        close = close
                            || near.unwrap_or_else(|| geometry::quad_within(bq, tbq, half_range));
                        if close {
                            // Nothing more for this base can change either.
                            break 'targets;
                        }
                    }
                }
            }
            if counts {
                count += 1;
                in_arc.push(b.pose.at);
            }
        }
        if count == 0 {
            return None;
        }
        // Buildings: only the bases that fit the frontage fire out.
        count = count.min(self.frontage_cap(s, id));
        let halves = u.effective_halves() * count as u32 / u.bases().max(1) as u32;
        let mut total = halves * t.shooting as u32 / 2;
        let long_range = !close;
        if long_range {
            total = tables.shooting_modifiers.long_range.of(total);
        }
        let m = &tables.shooting_modifiers;
        let mut shift = 0i32;
        if self.cat(u).is_mg() && geometry::within(&mine, &theirs, m.mg_close_range) {
            shift += m.mg_close_columns as i32;
        }
        if !aboard && enfilades(&tg.formation.outline(), &in_arc) {
            shift += m.enfilade_columns as i32;
        }
        if !aboard && tg.order == Order::Formed {
            shift += m.formed_cavalry_or_road_column as i32;
        }
        let cover = self.cover_of(s, target);
        if (self.has_trait(s, target, Trait::Skirmisher) && tg.order != Order::Formed)
            || (self.has_trait(s, target, Trait::Partisan) && cover != Cover::None)
        {
            shift += m.skirmisher_or_partisan_in_cover as i32;
        }
        let c = &tables.cover;
        let cover_shift = match cover {
            Cover::SuperHard => c.super_hard,
            Cover::Stone => c.stone,
            Cover::Hard => c.wood,
            Cover::Soft if tg.evading => c.evading_in_soft,
            Cover::Soft => c.soft,
            Cover::None if tg.evading => c.evading_in_open,
            Cover::None => 0,
        } as i32;
        // Digging in: whole columns of foxholes, if better (best only).
        shift += cover_shift.min(-((tg.dug_in / 4) as i32));
        Some(FireSums {
            bases: count,
            halves,
            long_range,
            total,
            shift,
        })
    }

    /// The best cover a unit stands in: the most of its base centres.
    /// (Kept while a listing is under way: [`ListingMemo`].)
    pub fn cover_of(&self, s: &State, id: UnitId) -> Cover {
        listing_kept(s, |m| &mut m.covers, id, || self.cover_worked_out(s, id))
    }

    /// [`RedActions::cover_of`], worked out.
    fn cover_worked_out(&self, s: &State, id: UnitId) -> Cover {
        // Troops aboard: the car's sides stop bullets (rulings, Trains).
        if s.unit(id).status == Status::Waiting && self.riding_in(s, id).is_some() {
            return Cover::Hard;
        }
        let centres = Self::centres(&s.unit(id).footprint());
        let mut best = Cover::None;
        for ((poly, c), &building) in self.prep.cover.iter().zip(&self.prep.cover_building) {
            let Some(c) = self.building_cover(s, id, building, *c) else {
                continue;
            };
            let inside = centres
                .iter()
                .filter(|&&p| geometry::in_polygon(poly, p))
                .count();
            if inside * 2 > centres.len() && rank(c) > rank(best) {
                best = c;
            }
        }
        best
    }

    /// Direct fire (the sequence, direct hits first, is in `artillery`).
    /// A shot made in the shooter's own segment (not fire at chargers, in
    /// another unit's segment) at a unit that may return fire waits for
    /// that unit's side to decide ([`Ask::ReturnFire`]); the answer fires
    /// it. Before that, a target that may evade chooses whether it does
    /// ([`Ask::EvadeShot`], Evading).
    pub(crate) fn shoot(&self, s: &mut State, id: UnitId, target: UnitId, ev: &mut Vec<Event>) {
        if !matches!(s.phase, Phase::Acting(seg) if seg.unit != id)
            && self.may_evade_when_shot(s, target, id, FireMode::Direct)
        {
            let side = s.unit(target).side;
            let ask = Ask::EvadeShot {
                shooter: id,
                target,
                fire: None,
            };
            self.ask(s, side, ask, ev);
            return;
        }
        self.shoot_on(s, id, target, ev);
    }

    /// [`RedActions::shoot`] once the target's evading is settled.
    pub(crate) fn shoot_on(&self, s: &mut State, id: UnitId, target: UnitId, ev: &mut Vec<Event>) {
        if !matches!(s.phase, Phase::Acting(seg) if seg.unit != id)
            && self.may_return_fire(s, target, id)
        {
            let side = s.unit(target).side;
            self.ask(
                s,
                side,
                Ask::ReturnFire {
                    shooter: id,
                    target,
                },
                ev,
            );
            return;
        }
        self.fire(s, id, target, FireMode::Direct, ev);
    }

    /// Whether `target`, shot at by `shooter`, may fire back at once
    /// (Pre-empting Enemy Actions; our ruling: it uses up its segment):
    /// infantry or cavalry, on the table, not routing, not yet acted this
    /// turn and not the acting unit; the shot at close range (some firing
    /// base within half the shooter's range); and a shot back at the
    /// shooter that the rules would allow it in a segment of its own (it
    /// sees the shooter, has it in arc and range, may fire at it).
    pub fn may_return_fire(&self, s: &State, target: UnitId, shooter: UnitId) -> bool {
        let (tg, u) = (s.unit(target), s.unit(shooter));
        let cat = self.cat(tg);
        (cat.is_infantry() || cat.is_cavalry())
            && tg.side != u.side
            && self.in_play(s, target)
            && !tg.routing
            && !tg.acted
            && !matches!(s.phase, Phase::Acting(seg) if seg.unit == target)
            && self
                .plan(s, shooter, target, FireMode::Direct)
                .is_some_and(|p| !p.sums.long_range)
            && self
                .fire_refusal(
                    s,
                    target,
                    &self.segment_of(s, target),
                    shooter,
                    FireMode::Direct,
                )
                .is_none()
    }

    /// Close-range return fire, both shots at once: each worked out from
    /// the table as it stands before either is resolved (the unit firing
    /// back fires with every base it had, whatever the shot at it does),
    /// then the shot first, the return fire second. The unit firing back
    /// has used its segment.
    pub(crate) fn return_fire(
        &self,
        s: &mut State,
        shooter: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        s.unit_mut(target).acted = true;
        let back = self.plan(s, target, shooter, FireMode::Direct);
        self.fire(s, shooter, target, FireMode::Direct, ev);
        if let Some(plan) = back {
            self.fire_planned(s, target, shooter, FireMode::Direct, plan, ev);
        }
    }

    /// A Shooting Table result on a unit.
    pub(crate) fn apply_effect(&self, s: &mut State, id: UnitId, e: Effect, ev: &mut Vec<Event>) {
        // Off before Kill! (the Morale Tests example: a direct hit, the
        // officer lost, then Kill!: fear, serious, fear).
        if e.officer {
            self.officer_casualties(s, id, 1, ev);
        }
        if e.kill {
            self.lose_base(s, id, ev);
            if !self.in_play(s, id) {
                return;
            }
            if !self.morale_test(s, id, crate::state::Test::Fear, ev) {
                self.start_rout(s, id, ev);
            }
        }
        if e.terror > 0 {
            self.add_terror(s, id, e.terror, ev);
        }
        if e.pinned && self.in_play(s, id) && !s.unit(id).pinned {
            s.unit_mut(id).pinned = true;
            ev.push(Event::Pinned { unit: id });
        }
        if e.retire {
            self.retire(s, id, ev);
        }
        if e.serious
            && self.in_play(s, id)
            && !s.unit(id).routing
            && !self.morale_test(s, id, crate::state::Test::Serious, ev)
        {
            self.retire(s, id, ev);
        }

        self.check_rout(s, id, ev);
    }

    pub(crate) fn lose_base(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        ev.push(Event::BaseLost { unit: id });
        self.first_base_lost(s, id);
        if s.unit(id).formation.count <= 1 {
            self.remove(s, id, "its last base is lost", ev);
        } else {
            let u = s.unit_mut(id);
            // The base at the end (the rear of a column, the right of a line)
            // goes; the front centre moves half a base left in line.
            u.formation.count -= 1;
            if u.formation.order == geometry::Order::Line {
                let hr =
                    geometry::local(u.formation.front.facing, u.formation.width.0 as i64, 0, 2);
                u.formation.front.at = geometry::offset(u.formation.front.at, hr.reversed());
            }
        }
    }
}

fn rank(c: Cover) -> u8 {
    match c {
        Cover::None => 0,
        Cover::Soft => 1,
        Cover::Hard => 2,
        Cover::Stone => 3,
        Cover::SuperHard => 4,
    }
}
