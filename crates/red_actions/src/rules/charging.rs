//! Charging (and the charged side's choices of Pre-empting Enemy Actions):
//! who may charge whom, the path (a wheel of at most 45° toward the target,
//! then straight in, within the card's speed through the terrain, a charge
//! being the one move that may come within 2" of the enemy), the charge
//! test, the target's fear test and its answer (stand, flee from a frontal
//! charge, shoot at the chargers if it has not acted, counter-charge as
//! cavalry charged frontally by cavalry), guns' crews surrendering and
//! mortar crews running, the charger's choice when its target fled (halt
//! where it stood or run on along the declared line: units in the way are
//! charged, take their fear test and may not shoot), flank and rear
//! charges (+1 or +3 terror, the target turns to face and fights at ½).
//!
//! Our readings (docs/red_actions/rulings.md, "Charging"): the charge aims
//! the charger's front centre at the nearest base centre of the target; the
//! wheel is the one that points it there (about the front corner on the
//! side it turns toward, the other end swinging forward), at most 45°; the declared line is the facing after that wheel.
//! The aspect (front, flank, rear) is judged from the charger's bases where
//! it starts. A charge may pass through friends (not formed cavalry) but
//! not through enemies, and ends in contact with its target. The target's
//! fear test comes first; a fleeing target takes its humiliated marker and
//! routs (it runs a rout move); shooting at the chargers, fleeing and
//! counter-charging use up the target's segment. Its fire cancels the
//! charge when the Shooting Table result has Ret or the chargers retire or
//! rout. A target that routs from its fear test counts as fled. Guns do not
//! flee. Vehicles rout what they reach (the vehicles' d6 is theirs).

use super::RedActions;
use crate::geometry::{
    self, Aspect, Formation, PathCost, Vec2, charge_aspect, corner_paths, unit_dist2,
    worst_path_cost,
};
use crate::scenario::Category;
use crate::state::{
    Action, Ask, Charge, ChargeStage, Event, Order, Phase, Question, Segment, State, Test, UnitId,
};
use engine::param::{Degrees, Inches};

/// A charge worked out before the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargePlan {
    pub pivot: geometry::Side,
    /// The wheel toward the target (0: straight ahead).
    pub angle: Degrees,
    /// The straight run after the wheel, to contact.
    pub run: Inches,
    /// Where the charger stands in contact.
    pub contact: Formation,
    /// What the whole charge costs against its allowance.
    pub cost: PathCost,
    pub aspect: Aspect,
}

/// The largest wheel a charge may make (45°).
pub const MAX_CHARGE_WHEEL: Degrees = Degrees(450);

/// The facing (0 to 359.9°) that points most nearly along `v`.
pub fn bearing_of(v: Vec2) -> Degrees {
    if v.x == 0 && v.y == 0 {
        return Degrees(0);
    }
    let score = |d: i32| Vec2::facing(Degrees(d)).dot(v);
    let mut best = (0..360)
        .map(|k| k * 10)
        .max_by_key(|&d| score(d))
        .unwrap_or(0);
    let mut b = best;
    for d in best - 10..=best + 10 {
        if score(d) > score(b) {
            b = d;
        }
    }
    best = b;
    Degrees(best.rem_euclid(3600))
}

/// The signed turn from facing `from` to facing `to`, in (−180°, 180°]
/// (positive: clockwise).
pub fn turn_between(from: Degrees, to: Degrees) -> i32 {
    let d = (to.0 - from.0).rem_euclid(3600);
    if d > 1800 { d - 3600 } else { d }
}

impl RedActions {
    /// Whether the charger's sort may charge the target's from `aspect`
    /// (`Some`: why not).
    pub fn charge_type_refusal(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        aspect: Aspect,
    ) -> Option<String> {
        let (c, t) = (self.cat(s.unit(id)), self.cat(s.unit(target)));
        let n = self.name(id);
        let may = match c {
            Category::Sabre => !t.is_vehicle(),
            Category::Rifle | Category::Engineer | Category::Grenadier => {
                !(t.is_vehicle() || t == Category::Sabre && aspect == Aspect::Front)
            }
            Category::ArmouredCar | Category::Tank => !t.is_vehicle(),
            _ => {
                return Some(format!(
                    "{n} cannot charge (only sabres, riflemen and vehicles do)"
                ));
            }
        };
        if may {
            None
        } else if t == Category::Sabre && aspect == Aspect::Front {
            Some(format!(
                "riflemen may not charge sabres from the front ({})",
                self.name(target)
            ))
        } else {
            Some(format!("{n} may not charge vehicles"))
        }
    }

    /// The terrain's cost for the unit's corners along `paths`.
    fn charge_terrain(
        &self,
        s: &State,
        id: UnitId,
        paths: &[Vec<engine::param::Point>],
    ) -> Option<PathCost> {
        let m = self.mover(s.unit(id)) as usize;
        let areas: Vec<_> = self.prep.areas[m].iter().map(|(p, c)| (p, *c)).collect();
        let lines: Vec<_> = self.prep.lines[m].iter().map(|(p, c)| (p, *c)).collect();
        worst_path_cost(paths, &areas, &lines)
    }

    /// Why the unit standing at `f` may not be there in a charge at
    /// `target` (`on_way`: a point on the way, where friends other than
    /// formed cavalry may be passed through).
    fn charge_clear(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        f: &Formation,
        on_way: bool,
    ) -> Result<(), String> {
        if !self.on_table(f) {
            return Err("it would leave the table".into());
        }
        let me = s.unit(id);
        let bases = f.bases();
        for (j, o) in s.units.iter().enumerate() {
            if j == id as usize || !o.on_table() {
                continue;
            }
            let dx = (o.formation.front.at.x.0 - f.front.at.x.0).abs();
            let dy = (o.formation.front.at.y.0 - f.front.at.y.0).abs();
            if dx > 2500 || dy > 2500 {
                continue;
            }
            if !geometry::units_overlap(&bases, &o.formation.bases()) {
                continue;
            }
            let friend = o.side == me.side;
            if friend && on_way && o.order != Order::Formed {
                continue;
            }
            if j == target as usize {
                return Err(format!("it would run into {}", self.name(target)));
            }
            return Err(format!("{} is in the way", self.name(j as UnitId)));
        }
        Ok(())
    }

    /// The wheel (signed tenths of a degree, positive clockwise) applied
    /// to a formation.
    fn wheel_by(f: &Formation, signed: i32) -> Option<(geometry::Side, Degrees, geometry::Moved)> {
        let pivot = geometry::Side::toward(Degrees(signed));
        let a = Degrees(signed.abs());
        f.wheeled(pivot, a).map(|m| (pivot, a, m))
    }

    /// The charge path of `id` at `target` with `allowance` (its speed, 2"
    /// more from ambush): the wheel, the run to contact, the cost.
    pub fn charge_path(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        allowance: Inches,
    ) -> Result<ChargePlan, String> {
        let u = s.unit(id);
        let f = u.formation;
        let theirs = s.unit(target).footprint();
        let tname = self.name(target);
        if !crate::geometry::within(&f.bases(), &theirs, allowance) {
            return Err(format!("{tname} is beyond its charge reach of {allowance}"));
        }
        let aspect = charge_aspect(
            &s.unit(target).formation.outline(),
            &Self::centres(&f.bases()),
        );
        let aim = theirs
            .iter()
            .map(|b| b.pose.at)
            .min_by_key(|&p| Vec2::between(f.front.at, p).len2())
            .ok_or_else(|| format!("{tname} is not on the table"))?;
        // Straight ahead when that meets the target; else the wheel that
        // points the front centre at the nearest base.
        if let Ok(p) = self.charge_run(s, id, target, allowance, aspect, 0) {
            return Ok(p);
        }
        let mut signed = 0i32;
        for _ in 0..4 {
            let Some((_, _, m)) = Self::wheel_by(&f, signed) else {
                break;
            };
            let w = m.formation;
            let want = bearing_of(Vec2::between(w.front.at, aim));
            let delta = turn_between(w.front.facing, want);
            signed += delta;
            if delta.abs() <= 5 {
                break;
            }
        }
        if signed.abs() > MAX_CHARGE_WHEEL.0 {
            return Err(format!(
                "it would have to wheel {} to charge {tname} (45° at most)",
                Degrees(signed.abs())
            ));
        }
        self.charge_run(s, id, target, allowance, aspect, signed)
    }

    /// The charge after a wheel of `signed` tenths of a degree (positive
    /// clockwise): straight on to contact.
    fn charge_run(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        allowance: Inches,
        aspect: Aspect,
        signed: i32,
    ) -> Result<ChargePlan, String> {
        let f = s.unit(id).formation;
        let theirs = s.unit(target).footprint();
        let tname = self.name(target);
        let (pivot, angle, wheel) =
            Self::wheel_by(&f, signed).ok_or_else(|| "no such wheel".to_string())?;
        let w = wheel.formation;
        // The wheel's sweep: no enemy in the way, friends passed through.
        for k in (1..).map(|k| k * 150).take_while(|&k| k < angle.0) {
            if let Some((_, _, m)) = Self::wheel_by(&f, signed.signum() * k) {
                self.charge_clear(s, id, target, &m.formation, true)?;
            }
        }
        let left = allowance.0 - wheel.charged.0;
        if left < 0 {
            return Err(format!("the wheel alone uses more than its {allowance}"));
        }
        // The first step of 0.25" at which the bases meet the target's
        // (whole units asked by their outlines: `Formation::outline_quad`;
        // the target's bases only on the table).
        let on = s.unit(target).on_table();
        let target_f = s.unit(target).formation;
        let overlaps = |d: i32| on && w.advanced(Inches(d)).formation.overlaps(&target_f);
        let mut hit = None;
        let mut k = 0;
        while k <= left + 25 {
            if overlaps(k) {
                hit = Some(k);
                break;
            }
            k += 25;
        }
        let Some(hit) = hit else {
            return Err(format!("its line does not meet {tname} within its move"));
        };
        let (mut a, mut b) = ((hit - 25).max(0), hit);
        if overlaps(a) {
            return Err(format!("it already overlaps {tname}"));
        }
        while b - a > 1 {
            let m = (a + b) / 2;
            if overlaps(m) {
                b = m;
            } else {
                a = m;
            }
        }
        let run = Inches(a);
        let contact = w.advanced(run).formation;
        if !geometry::within(&contact.bases(), &theirs, Inches(5)) {
            return Err(format!("it would glance past {tname}"));
        }
        for k in (1..).map(|k| k * 50).take_while(|&k| k < run.0) {
            self.charge_clear(s, id, target, &w.advanced(Inches(k)).formation, true)?;
        }
        self.charge_clear(s, id, target, &contact, false)?;
        let mut paths = f.wheel_paths(pivot, angle);
        paths.extend(corner_paths(&w.bases(), &contact.bases()));
        let terrain = self
            .charge_terrain(s, id, &paths)
            .ok_or_else(|| "impassable terrain is in the way".to_string())?;
        let cost = PathCost {
            charged: Inches(terrain.charged.0.max(wheel.charged.0 + run.0)),
            cap_quarters: terrain.cap_quarters,
        };
        if !cost.fits(allowance) {
            return Err(format!(
                "the charge would cost {} through the terrain, more than its {allowance}",
                cost.charged
            ));
        }
        Ok(ChargePlan {
            pivot,
            angle,
            run,
            contact,
            cost,
            aspect,
        })
    }

    /// The allowance of a charge: the card's speed, 2" more from ambush.
    pub fn charge_allowance(&self, s: &State, id: UnitId, ambush: bool) -> Inches {
        let speed = self.troop(s.unit(id)).speed;
        if ambush {
            Inches(speed.0 + self.sc().tables.distances.ambush_bonus.0)
        } else {
            speed
        }
    }

    /// Everything a charge needs before its test: the plan, or why not.
    pub fn charge_plan(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        ambush: bool,
    ) -> Result<ChargePlan, String> {
        if target as usize >= s.units.len() {
            return Err("there is no such unit".into());
        }
        let u = s.unit(id);
        let tg = s.unit(target);
        if tg.side == u.side || !tg.on_table() {
            return Err(format!(
                "{} is not an enemy on the table",
                self.name(target)
            ));
        }
        if !u.on_table() || u.routing {
            return Err(format!("{} cannot charge now", self.name(id)));
        }
        if u.pinned {
            return Err(format!("{} is pinned and may not charge", self.name(id)));
        }
        if u.charge_failed {
            return Err(format!(
                "{} failed a charge test this turn and may not charge",
                self.name(id)
            ));
        }
        let aspect = charge_aspect(&tg.formation.outline(), &Self::centres(&u.footprint()));
        if let Some(r) = self.charge_type_refusal(s, id, target, aspect) {
            return Err(r);
        }
        let allowance = self.charge_allowance(s, id, ambush);
        if !crate::geometry::within(&u.footprint(), &tg.footprint(), allowance) {
            return Err(format!(
                "{} is beyond its charge reach of {allowance}",
                self.name(target)
            ));
        }
        if !self.unit_sees(s, id, target) {
            return Err(format!(
                "{} cannot see {}",
                self.name(id),
                self.name(target)
            ));
        }
        self.charge_path(s, id, target, allowance)
    }

    pub(crate) fn charge_refusal(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        target: UnitId,
    ) -> Option<String> {
        if seg.moved || seg.shot {
            return Some("a charge is the whole segment: not after moving or shooting".into());
        }
        if seg.allowance < self.troop(s.unit(id)).speed {
            return Some(format!(
                "{} evades this segment (evasive speed): it may not charge",
                self.name(id)
            ));
        }
        self.charge_plan(s, id, target, s.unit(id).ambush).err()
    }

    /// The charges of a unit for the tester and the keyboard: one per
    /// enemy in reach (refused ones are filtered by the caller).
    pub fn charge_samples(&self, s: &State, id: UnitId, out: &mut Vec<Action>) {
        let u = s.unit(id);
        if !u.on_table() || u.pinned || u.charge_failed || u.routing {
            return;
        }
        if !self.cat(u).may_charge() {
            return;
        }
        let reach = self.charge_allowance(s, id, u.ambush);
        // Within reach of some base (`unit_dist2(..).within(reach)`), boxes
        // farther apart than the reach dropped first.
        // Whole units asked by their outlines (`Formation::outline_quad`).
        for t in s.ids() {
            let o = s.unit(t);
            if o.side != u.side && u.within(o, reach) {
                out.push(Action::Charge {
                    unit: id,
                    target: t,
                });
            }
        }
    }

    /// A charge: the test (none from ambush), then the target's fear test
    /// and its answer. `ambush`: sprung from ambush (no test, 2" more, the
    /// target takes a terror marker, once a turn however many ambushers);
    /// a unit in ambush charging in its own segment charges so, and
    /// leaves its ambush, seen.
    pub fn charge(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        ambush: bool,
        ev: &mut Vec<Event>,
    ) {
        self.charge_with(s, id, target, ambush, false, ev);
    }

    /// [`RedActions::charge`]; `out_of_turn`: an ambusher springing its
    /// charge in another unit's segment (Ambushes). Then the phase is left
    /// as it is (the other unit's segment waits and goes on after the
    /// charge, `resume`) and the charger's own segment for the turn is
    /// spent.
    pub(crate) fn charge_with(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        ambush: bool,
        out_of_turn: bool,
        ev: &mut Vec<Event>,
    ) {
        let ambush = ambush || s.unit(id).ambush;
        let mut seg = self.segment_of(s, id);
        let Ok(plan) = self.charge_plan(s, id, target, ambush) else {
            return;
        };
        if out_of_turn {
            s.unit_mut(id).acted = true;
        } else {
            s.phase = Phase::Acting(seg);
            if !ambush && !self.morale_test(s, id, Test::Charge, ev) {
                s.unit_mut(id).charge_failed = true;
                // Optional (Miscellaneous): a Commissar makes an example.
                self.failed_charge_test(s, id, ev);
                return self.after_action(s, id, ev);
            }
            // The charge is the whole segment.
            seg.moved = true;
            seg.shot = true;
            seg.charged = seg.allowance;
            s.phase = Phase::Acting(seg);
        }
        ev.push(Event::ChargeDeclared {
            unit: id,
            target,
            aspect: plan.aspect,
            ambush,
        });
        let mut c = Charge {
            charger: id,
            target,
            aspect: plan.aspect,
            ambush,
            counter: false,
            stage: ChargeStage::Contact,
            contact: plan.contact,
            under: s.questions.len() as u16,
        };
        if s.unit(id).ambush {
            ev.push(Event::Sprung { unit: id, target });
            self.reveal(s, id, ev);
            s.unit_mut(id).ambush = false;
        }
        if ambush && s.unit(target).ambushed_turn != s.turn {
            s.unit_mut(target).ambushed_turn = s.turn;
            self.add_terror(s, target, 1, ev);
        }
        let tg = s.unit(target);
        if !tg.on_table() {
            c.stage = ChargeStage::Fled;
        } else if tg.routing {
            // Charging routers (Pursuit): no test, no answer.
        } else if self.cat(tg) == Category::Mortar {
            ev.push(Event::Routs { unit: target });
            self.remove(
                s,
                target,
                "its mortar crew runs from the charge and is gone",
                ev,
            );
            c.stage = ChargeStage::Fled;
        } else if !self.morale_test(s, target, Test::Fear, ev) {
            self.start_rout(s, target, ev);
            c.stage = ChargeStage::Fled;
        } else {
            s.charge = Some(c);
            let q = Question {
                side: s.unit(target).side,
                ask: Ask::Charged {
                    charger: id,
                    target,
                },
            };
            let mut answers = Vec::new();
            self.charge_answers(s, &q, &mut answers);
            if answers.len() > 1 {
                c.stage = ChargeStage::Answer;
                s.charge = Some(c);
                self.ask(s, q.side, q.ask, ev);
                return;
            }
        }
        s.charge = Some(c);
        self.charge_step(s, ev);
        if s.questions.is_empty() {
            self.after_charge(s, id, ev);
        }
    }

    /// After a charge is over: the charger's segment ends (or goes on to
    /// its end by itself).
    fn after_charge(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if s.outcome.is_some() {
            return;
        }
        if matches!(s.phase, Phase::Acting(seg) if seg.unit == id) {
            if s.unit(id).on_table() && !s.questions.is_empty() {
                return;
            }
            if s.questions.is_empty() {
                self.after_action(s, id, ev);
            } else {
                self.end_segment(s, id, ev);
            }
        }
    }

    /// The answers to the charge questions.
    pub fn charge_answers(&self, s: &State, q: &Question, out: &mut Vec<Action>) {
        match q.ask {
            Ask::Charged { charger, target } => {
                let aspect = s.charge.map_or(Aspect::Front, |c| c.aspect);
                let tg = s.unit(target);
                let cat = self.cat(tg);
                out.push(Action::StandCharge { unit: target });
                if aspect == Aspect::Front && !cat.is_gun() && cat != Category::Tank {
                    out.push(Action::FleeCharge { unit: target });
                }
                let t = self.troop(tg);
                // A unit charged in its own segment (by an ambusher, out
                // of turn) has acted: it neither shoots nor counter-charges.
                let acted = tg.acted || matches!(s.phase, Phase::Acting(seg) if seg.unit == target);
                if !acted
                    && t.shooting > 0
                    && t.range.0 > 0
                    && tg.order != Order::Limbered
                    && self.fire_sums(s, target, charger).is_some()
                {
                    out.push(Action::ShootChargers { unit: target });
                }
                if !acted
                    && cat == Category::Sabre
                    && self.cat(s.unit(charger)) == Category::Sabre
                    && aspect == Aspect::Front
                {
                    out.push(Action::CounterCharge { unit: target });
                }
            }
            Ask::TargetFled { charger } => {
                out.push(Action::HaltCharge { unit: charger });
                out.push(Action::RunOn { unit: charger });
            }
            _ => {}
        }
    }

    /// Carries out an answer to a charge question.
    pub(crate) fn answer_charge(&self, s: &mut State, ask: Ask, a: Action, ev: &mut Vec<Event>) {
        let Some(mut c) = s.charge else {
            return;
        };
        match (ask, a) {
            (Ask::Charged { .. }, Action::StandCharge { .. }) => c.stage = ChargeStage::Contact,
            (Ask::Charged { target, .. }, Action::FleeCharge { .. }) => {
                let u = s.unit_mut(target);
                u.acted = true;
                u.humiliated += 1;
                ev.push(Event::Fled { unit: target });
                ev.push(Event::Humiliated { unit: target });
                self.start_rout(s, target, ev);
                c.stage = ChargeStage::Fled;
            }
            (Ask::Charged { charger, target }, Action::ShootChargers { .. }) => {
                s.unit_mut(target).acted = true;
                let retired = s.unit(charger).retired;
                let from = ev.len();
                self.shoot(s, target, charger, ev);
                let ret = ev[from..].iter().any(|e| {
                    matches!(e, Event::Shot { unit, result, .. } if *unit == target && result.retire)
                });
                let u = s.unit(charger);
                if ret || (u.retired && !retired) || u.routing || !u.on_table() {
                    ev.push(Event::ChargeCancelled { unit: charger });
                    s.charge = None;
                    return;
                }
                c.stage = ChargeStage::Contact;
            }
            (Ask::Charged { charger, target }, Action::CounterCharge { .. }) => {
                s.unit_mut(target).acted = true;
                c.counter = true;
                ev.push(Event::CounterCharged { unit: target });
                self.counter_move(s, charger, target, ev);
                c.stage = ChargeStage::Contact;
            }
            (Ask::TargetFled { charger }, Action::HaltCharge { .. }) => {
                s.charge = None;
                let from = s.unit(charger).formation;
                if self
                    .charge_clear(s, charger, charger, &c.contact, false)
                    .is_ok()
                {
                    s.unit_mut(charger).formation = c.contact;
                    ev.push(Event::Moved {
                        unit: charger,
                        charged: Inches::ZERO,
                    });
                    // A vehicle's obstacle dice (the rest follows the
                    // answer as any move of its own: `after_step`).
                    self.after_vehicle_move(s, charger, &from, ev);
                }
                return;
            }
            (Ask::TargetFled { charger }, Action::RunOn { .. }) => {
                // (Its move followed up there, before any clash.)
                s.charge = None;
                self.run_on(s, charger, c, ev);
                return;
            }
            _ => return,
        }
        s.charge = Some(c);
    }

    /// Counter-chargers meet the chargers half-way: they go half the gap.
    pub(crate) fn counter_move(
        &self,
        s: &mut State,
        charger: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let gap = unit_dist2(&s.unit(charger).footprint(), &s.unit(target).footprint())
            .map_or(Inches::ZERO, |d| d.inches());
        let (moved, _) = self.forced_move(s, target, gap.fraction(1, 2));
        if moved > Inches::ZERO {
            let u = s.unit_mut(target);
            u.formation = u.formation.advanced(moved).formation;
            ev.push(Event::Moved {
                unit: target,
                charged: moved,
            });
        }
    }

    /// Whether a question asked since the charge was declared is open
    /// (the charge waits on its answer); with no charge, whether any is.
    pub(crate) fn charge_waits(&self, s: &State) -> bool {
        s.questions.len() > s.charge.map_or(0, |c| c.under as usize)
    }

    /// Moves a charge on while no question asked since it was declared is
    /// open.
    pub(crate) fn charge_step(&self, s: &mut State, ev: &mut Vec<Event>) {
        loop {
            if self.charge_waits(s) || s.outcome.is_some() {
                return;
            }
            let Some(mut c) = s.charge else {
                return;
            };
            match c.stage {
                ChargeStage::Answer | ChargeStage::Decide => {
                    s.charge = None;
                    return;
                }
                ChargeStage::Contact => {
                    s.charge = None;
                    self.go_in(s, c, ev);
                }
                ChargeStage::Fight => {
                    // After the ambushers sprung on the chargers in
                    // contact: the fight, if both still stand there.
                    s.charge = None;
                    let (id, target) = (c.charger, c.target);
                    let still = self.standing(s, id)
                        && self.standing(s, target)
                        && geometry::within(
                            &s.unit(id).footprint(),
                            &s.unit(target).footprint(),
                            Inches(5),
                        );
                    if still {
                        self.fight_in_contact(s, c, ev);
                    } else if self.standing(s, id) {
                        ev.push(Event::ChargeCancelled { unit: id });
                    }
                }
                ChargeStage::RunOnClash => {
                    // After the ambushers sprung on a charger that ran on:
                    // the clash with the unit in its way, if both still
                    // stand there.
                    s.charge = None;
                    let (id, other) = (c.charger, c.target);
                    let still = self.standing(s, id)
                        && self.standing(s, other)
                        && geometry::within(
                            &s.unit(id).footprint(),
                            &s.unit(other).footprint(),
                            Inches(5),
                        );
                    if still {
                        self.clash_in_the_way(s, id, other, c.aspect, ev);
                    } else if self.standing(s, id) {
                        ev.push(Event::ChargeCancelled { unit: id });
                    }
                }
                ChargeStage::Fled => {
                    if !self.standing(s, c.charger) {
                        s.charge = None;
                        continue;
                    }
                    c.stage = ChargeStage::Decide;
                    s.charge = Some(c);
                    let side = s.unit(c.charger).side;
                    self.ask(s, side, Ask::TargetFled { charger: c.charger }, ev);
                    return;
                }
            }
        }
    }

    /// The chargers go in: contact, then the fight (or the crews give up,
    /// the routers are caught, a vehicle's target runs). Their move into
    /// contact is followed up as any move (foxholes left, ambushers asked
    /// whether to spring on them); an ambusher asked holds the fight until
    /// it has answered (`ChargeStage::Fight`).
    fn go_in(&self, s: &mut State, c: Charge, ev: &mut Vec<Event>) {
        let (id, target) = (c.charger, c.target);
        let before = s.unit(id).clone();
        let fights = self.close_in(s, c, ev);
        let under = s.questions.len();
        self.charge_moved(s, id, target, &before, ev);
        if !fights {
            return;
        }
        if s.questions.len() > under {
            s.charge = Some(Charge {
                stage: ChargeStage::Fight,
                contact: s.unit(id).formation,
                under: under as u16,
                ..c
            });
            return;
        }
        self.fight_in_contact(s, c, ev);
    }

    /// The fight of chargers in contact with their target.
    fn fight_in_contact(&self, s: &mut State, c: Charge, ev: &mut Vec<Event>) {
        let (id, target) = (c.charger, c.target);
        self.fight(s, id, target, c.aspect, c.counter, ev);
        if !s.unit(id).on_table()
            && matches!(s.phase, Phase::Acting(seg) if seg.unit == id)
            && !s.questions.is_empty()
        {
            self.end_segment(s, id, ev);
        }
    }

    /// Everything of going in before the Combat Table's dice: contact, the
    /// crews giving up, the routers caught, a vehicle's target running, the
    /// flank or rear terror and the turn to face. True when the fight
    /// follows (the odds use it on a copy of the state).
    pub(crate) fn close_in(&self, s: &mut State, c: Charge, ev: &mut Vec<Event>) -> bool {
        let (id, target) = (c.charger, c.target);
        if !self.standing(s, id) || !s.unit(target).on_table() {
            return false;
        }
        let allowance = self.charge_allowance(s, id, c.ambush);
        let plan = match self.charge_path(s, id, target, allowance) {
            Ok(p) => p,
            Err(_) => {
                ev.push(Event::ChargeCancelled { unit: id });
                return false;
            }
        };
        s.unit_mut(id).formation = plan.contact;
        ev.push(Event::Moved {
            unit: id,
            charged: plan.cost.charged,
        });
        ev.push(Event::Contact { unit: id, target });
        if s.unit(target).routing {
            self.catch_router(s, id, target, ev);
            return false;
        }
        if self.cat(s.unit(id)).is_vehicle() {
            // Tanks and Armoured Cars: troops that stood rout on contact,
            // after their d6 against the vehicle (6 immobilises it).
            self.tank_charge_contact(s, id, target, ev);
            return false;
        }
        if self.cat(s.unit(target)).is_gun() {
            ev.push(Event::CrewSurrendered { unit: target });
            let n = s.unit(target).bases();
            self.take_prisoners(s, target, n, "its crews surrender to the chargers", ev);
            return false;
        }
        match c.aspect {
            Aspect::Front => {}
            Aspect::Flank | Aspect::Rear => {
                let n = if c.aspect == Aspect::Flank { 1 } else { 3 };
                self.add_terror(s, target, n, ev);
                if !self.standing(s, target) {
                    return false;
                }
                self.turn_to_face(s, target, id, ev);
            }
        }
        true
    }

    /// A unit charged in flank or rear turns its bases to face the
    /// charger (kept where it is if the turned bases would not fit).
    fn turn_to_face(&self, s: &mut State, id: UnitId, charger: UnitId, ev: &mut Vec<Event>) {
        let f = s.unit(id).formation;
        let at = s.unit(charger).formation.front.at;
        let want = bearing_of(Vec2::between(f.front.at, at));
        let d = turn_between(f.front.facing, want);
        let t = if d.abs() > 1350 {
            geometry::Turn::About
        } else if d > 0 {
            geometry::Turn::Right
        } else {
            geometry::Turn::Left
        };
        let to = f.turned(t).formation;
        if self.charge_clear(s, id, id, &to, false).is_ok() {
            s.unit_mut(id).formation = to;
            ev.push(Event::Turned { unit: id, turn: t });
        }
    }

    /// The charger runs on along its declared line after its target fled:
    /// from where it would have met the target, as far as its move allows;
    /// the first enemy in the way is charged (a fear test, no shooting),
    /// friends are passed through (not formed cavalry). Its move is
    /// followed up as any charger's move into contact (`charge_moved`):
    /// ambushers it came near are asked before the clash with the unit in
    /// its way, which waits on their answers (`ChargeStage::RunOnClash`).
    fn run_on(&self, s: &mut State, id: UnitId, c: Charge, ev: &mut Vec<Event>) {
        if !self.standing(s, id) {
            return;
        }
        let before = s.unit(id).clone();
        let allowance = self.charge_allowance(s, id, c.ambush);
        let from = s.unit(id).formation;
        let line = c.contact;
        let spent = geometry::dist2(from.front.at, line.front.at).inches();
        let left = (allowance.0 - spent.0).max(0);
        let side = s.unit(id).side;
        let mut last_clear = None;
        let mut met = None;
        let mut k = 0;
        while k <= left {
            let f = line.advanced(Inches(k)).formation;
            if !self.on_table(&f) {
                break;
            }
            let mut blocked = false;
            let bases = f.bases();
            for (j, o) in s.units.iter().enumerate() {
                if j == id as usize || !o.on_table() {
                    continue;
                }
                if geometry::units_overlap(&bases, &o.formation.bases()) {
                    if o.side != side {
                        met = Some(j as UnitId);
                    }
                    if o.side != side || o.order == Order::Formed {
                        blocked = true;
                    }
                }
            }
            if blocked {
                // Close the last quarter inch up to the enemy in the way.
                if let Some(e) = met {
                    let theirs = s.unit(e).footprint();
                    let (mut lo, mut hi) = ((k - 25).max(0), k);
                    while hi - lo > 1 {
                        let m = (lo + hi) / 2;
                        let g = line.advanced(Inches(m)).formation;
                        if geometry::units_overlap(&g.bases(), &theirs) {
                            hi = m;
                        } else {
                            lo = m;
                        }
                    }
                    let g = line.advanced(Inches(lo)).formation;
                    if self.charge_clear(s, id, id, &g, false).is_ok()
                        && !geometry::units_overlap(&g.bases(), &theirs)
                    {
                        last_clear = Some((g, lo));
                    }
                }
                break;
            }
            let mut paths = corner_paths(&from.bases(), &line.bases());
            paths.extend(corner_paths(&line.bases(), &bases));
            if self.charge_terrain(s, id, &paths).is_none() {
                break;
            }
            if self.charge_clear(s, id, id, &f, false).is_ok() {
                last_clear = Some((f, k));
            }
            k += 25;
        }
        if let Some((f, k)) = last_clear {
            s.unit_mut(id).formation = f;
            ev.push(Event::Moved {
                unit: id,
                charged: Inches(spent.0 + k),
            });
        }
        let met = met.filter(|&o| {
            geometry::within(&s.unit(id).footprint(), &s.unit(o).footprint(), Inches(5))
        });
        // The unit in the way is charged: a fear test, no fire.
        let aspect = met.map(|other| {
            let aspect = charge_aspect(
                &s.unit(other).formation.outline(),
                &Self::centres(&s.unit(id).footprint()),
            );
            ev.push(Event::ChargeDeclared {
                unit: id,
                target: other,
                aspect,
                ambush: false,
            });
            ev.push(Event::Contact {
                unit: id,
                target: other,
            });
            aspect
        });
        // The move followed up (a vehicle's obstacle dice, foxholes left,
        // reveals, ambushers it came near asked) before the clash.
        let under = s.questions.len();
        self.charge_moved(s, id, met.unwrap_or(c.target), &before, ev);
        let (Some(other), Some(aspect)) = (met, aspect) else {
            return;
        };
        if s.questions.len() > under {
            s.charge = Some(Charge {
                charger: id,
                target: other,
                aspect,
                ambush: false,
                counter: false,
                stage: ChargeStage::RunOnClash,
                contact: s.unit(id).formation,
                under: under as u16,
            });
            return;
        }
        self.clash_in_the_way(s, id, other, aspect, ev);
    }

    /// A charger that ran on meets the unit in its way: a router is
    /// caught; others take a fear test (no fire), gun crews give up, a
    /// flank or rear takes its terror and turns; then the fight.
    fn clash_in_the_way(
        &self,
        s: &mut State,
        id: UnitId,
        other: UnitId,
        aspect: Aspect,
        ev: &mut Vec<Event>,
    ) {
        if s.unit(other).routing {
            return self.catch_router(s, id, other, ev);
        }
        if !self.morale_test(s, other, Test::Fear, ev) {
            return self.start_rout(s, other, ev);
        }
        if self.cat(s.unit(other)).is_gun() {
            ev.push(Event::CrewSurrendered { unit: other });
            let n = s.unit(other).bases();
            return self.take_prisoners(s, other, n, "its crews surrender to the chargers", ev);
        }
        if aspect != Aspect::Front {
            let n = if aspect == Aspect::Flank { 1 } else { 3 };
            self.add_terror(s, other, n, ev);
            if !self.standing(s, other) {
                return;
            }
            self.turn_to_face(s, other, id, ev);
        }
        self.fight(s, id, other, aspect, false, ev);
    }
}
