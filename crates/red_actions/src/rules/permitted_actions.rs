//! Permitted Actions: dividing a unit and combining units (each the whole
//! turn of every unit involved).
//!
//! Dividing: the bases split as evenly as possible (the first parts the
//! larger), every part at least the card's smallest unit; each terror and
//! humiliated count is shared out rounded up (so the total may rise: 3
//! terror in two parts is 2 and 2), a pin stays on every part. The first
//! part keeps the unit's place in [`State::units`], its officer and its
//! card; the others are new units at the end of the list, named after the
//! scenario unit with a letter ("1st battalion (b)"), each drawing a junior
//! officer at once. In line the parts are side by side from the left, in
//! column one behind the other from the front.
//!
//! Combining: units of the same card, in contact at the start of the turn
//! and neither having acted, within the card's largest unit; all markers
//! are kept (a pin if either was pinned); the higher-ranking officer
//! commands (a Commissar before any other), a die deciding between equal
//! ranks (1-3 the acting unit's).
//! The combined unit keeps the acting unit's place and order and extends
//! toward the other (to its side in line, to its rear in column); the
//! other leaves play without counting as lost.

use super::{RedActions, Say};
use crate::geometry::{self, half_vectors};
use crate::state::{Event, Order, State, Status, Unit, UnitId};

/// Letters for the parts of a divided unit.
const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

impl RedActions {
    /// A unit's name as the players read it: a part of a divided unit
    /// carries its scenario unit's name and a letter.
    pub fn unit_name(&self, s: &State, id: UnitId) -> String {
        let Some(u) = s.units.get(id as usize) else {
            return "no such unit".into();
        };
        let origin = u.more.origin.unwrap_or(id);
        let base = self
            .sc()
            .units
            .get(origin as usize)
            .map_or("a detachment", |x| x.name.as_str());
        if u.more.part == 0 {
            base.to_string()
        } else {
            let l = LETTERS[(u.more.part as usize - 1) % LETTERS.len()] as char;
            format!("{base} ({l})")
        }
    }

    /// The sizes of the parts (`None`: it cannot divide so).
    pub fn division(&self, s: &State, id: UnitId, into: u8) -> Option<Vec<u8>> {
        let u = s.unit(id);
        let t = self.troop(u);
        let n = u.bases();
        if into < 2 || n / into < t.min_bases.max(1) {
            return None;
        }
        let (q, r) = (n / into, n % into);
        Some((0..into).map(|i| q + u8::from(i < r)).collect())
    }

    pub(crate) fn divide_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        into: u8,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if !fresh {
            return w.say(|| "dividing takes the whole turn".into());
        }
        let c = self.cat(u);
        if c == crate::scenario::Category::Officer || c.is_train_car() {
            return w.say(|| format!("{} cannot divide", self.unit_name(s, id)));
        }
        if self.division(s, id, into).is_none() {
            return w.say(|| {
                format!(
                    "{} bases do not make {into} units of at least {}",
                    u.bases(),
                    self.troop(u).min_bases.max(1)
                )
            });
        }
        None
    }

    pub(crate) fn divide(&self, s: &mut State, id: UnitId, into: u8, ev: &mut Vec<Event>) {
        let Some(sizes) = self.division(s, id, into) else {
            return;
        };
        let u = s.unit(id).clone();
        let parts = sizes.len() as u8;
        let share = |x: u8| x.div_ceil(parts);
        let origin = u.more.origin.unwrap_or(id);
        let mut next = s
            .units
            .iter()
            .enumerate()
            .filter(|(i, x)| x.more.origin == Some(origin) || *i == origin as usize)
            .map(|(_, x)| x.more.part)
            .max()
            .unwrap_or(0)
            .max(1);
        let f = u.formation;
        let (hf, hr) = half_vectors(f.front.facing, f.width, f.depth);
        let n = f.count as i64;
        let mut done = 0i64;
        let mut new_ids = Vec::new();
        for (i, &k) in sizes.iter().enumerate() {
            let k64 = k as i64;
            let at = match f.order {
                geometry::Order::Line => geometry::offset(f.front.at, hr.scale(2 * done + k64 - n)),
                geometry::Order::Column => geometry::offset(f.front.at, hf.scale(-2 * done)),
            };
            done += k64;
            let mut part = u.clone();
            part.formation.count = k;
            part.formation.front.at = at;
            part.terror = share(u.terror);
            part.humiliated = share(u.humiliated);
            part.acted = true;
            part.more.touching.clear();
            if i == 0 {
                part.start_bases = u.start_bases - (u.bases() - k);
                if part.more.part == 0 {
                    part.more.part = 1;
                }
                *s.unit_mut(id) = part;
            } else {
                next += 1;
                part.start_bases = k;
                part.officer = None;
                part.more.origin = Some(origin);
                part.more.part = next;
                part.more.stiffened = None;
                part.more.replace_officer = false;
                s.units.push(part);
                let nid = (s.units.len() - 1) as UnitId;
                new_ids.push(nid);
            }
        }
        ev.push(Event::Divided {
            unit: id,
            parts: new_ids.clone(),
        });
        if self.cat(&u).has_junior_officer() {
            for &p in &new_ids {
                s.unit_mut(p).more.replace_officer = true;
                self.replace_officer(s, p, ev);
            }
        }
        // Buildings: no one moves in dividing; each part that still
        // touches the section the unit held keeps it, the others hold
        // nothing until they take possession (rulings).
        for &p in std::iter::once(&id).chain(&new_ids) {
            if let Some(b) = s.unit(p).more.possession
                && !self.touches_building(s, p, b)
            {
                s.unit_mut(p).more.possession = None;
            }
        }
        for p in std::iter::once(id).chain(new_ids) {
            self.check_rout(s, p, ev);
        }
    }

    /// Whether two units' bases touch (or nearly: within 0.01").
    pub fn in_contact(&self, a: &Unit, b: &Unit) -> bool {
        a.within(b, engine::param::Inches(1))
    }

    /// The start of a turn: which units touch which (for combining).
    pub(crate) fn note_contacts(&self, s: &mut State) {
        let n = s.units.len();
        for i in 0..n {
            let mut touching = Vec::new();
            for j in 0..n {
                if i != j
                    && s.units[i].side == s.units[j].side
                    && s.units[i].troop == s.units[j].troop
                    && self.in_contact(&s.units[i], &s.units[j])
                {
                    touching.push(j as UnitId);
                }
            }
            s.units[i].more.touching = touching;
        }
    }

    /// The formation of the combined unit.
    fn combined(&self, s: &State, id: UnitId, with: UnitId) -> crate::geometry::Formation {
        let (u, w) = (s.unit(id), s.unit(with));
        let mut f = u.formation;
        let k = w.bases() as i64;
        f.count = u.bases() + w.bases();
        if f.order == geometry::Order::Line {
            let (_, hr) = half_vectors(f.front.facing, f.width, f.depth);
            // Extend toward the side the other unit lies on.
            let to = geometry::Vec2::between(f.front.at, w.formation.front.at);
            let sign = if to.dot(hr) >= 0 { 1 } else { -1 };
            f.front.at = geometry::offset(f.front.at, hr.scale(sign * k));
        }
        f
    }

    pub(crate) fn combine_refusal(
        &self,
        s: &State,
        id: UnitId,
        with: UnitId,
        fresh: bool,
    ) -> Option<String> {
        if !fresh {
            return Some("combining takes the whole turn".into());
        }
        if with as usize >= s.units.len() || with == id {
            return Some("there is no such unit to combine with".into());
        }
        let (u, w) = (s.unit(id), s.unit(with));
        if w.side != u.side || w.troop != u.troop || w.more.mounted_as != u.more.mounted_as {
            return Some(format!(
                "{} is not of the same sort as {}",
                self.unit_name(s, with),
                self.unit_name(s, id)
            ));
        }
        if w.acted || !self.standing(s, with) {
            return Some(format!("{} has acted this turn", self.unit_name(s, with)));
        }
        if u.routing || w.routing || u.status != Status::OnTable {
            return Some("routing units do not combine".into());
        }
        if u.order != w.order {
            return Some("the two units must be in the same formation".into());
        }
        if !u.more.touching.contains(&with) || !self.in_contact(u, w) {
            return Some(format!(
                "{} was not in contact with it at the start of the turn",
                self.unit_name(s, with)
            ));
        }
        let max = self.troop(u).max_bases;
        if u.bases() + w.bases() > max {
            return Some(format!("together they would be more than {max} bases"));
        }
        if self.personal_commander(s, with).is_some() {
            return Some("a senior officer commands the other unit: he leaves it first".into());
        }
        let f = self.combined(s, id, with);
        let mut probe = s.clone();
        probe.unit_mut(with).status = Status::Gone;
        self.placement(&probe, id, &u.formation, &f, false)
            .err()
            .map(|r| format!("the combined unit would not fit: {r}"))
    }

    pub(crate) fn combine(&self, s: &mut State, id: UnitId, with: UnitId, ev: &mut Vec<Event>) {
        let f = self.combined(s, id, with);
        let w = s.unit(with).clone();
        let side = w.side;
        // A Commissar lets no other officer take over (Special Officer
        // Characteristics): he ranks first.
        let rank = |o: Option<crate::state::Officer>| {
            o.map_or((false, 0), |t| {
                let tok = self.token(side, t);
                (
                    tok.traits
                        .contains(&crate::scenario::OfficerTrait::Commissar),
                    tok.rank,
                )
            })
        };
        let (mine, theirs) = (s.unit(id).officer, w.officer);
        let mut die = None;
        let keep_theirs = match rank(mine).cmp(&rank(theirs)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal if mine.is_some() && theirs.is_some() => {
                let d = self.d6(s);
                die = Some(d);
                d >= 4
            }
            std::cmp::Ordering::Equal => mine.is_none(),
        };
        {
            let u = s.unit_mut(id);
            u.formation = f;
            u.start_bases += w.start_bases;
            u.terror += w.terror;
            u.humiliated += w.humiliated;
            u.pinned |= w.pinned;
            u.acted = true;
            if u.order == Order::Column && w.order != Order::Column {
                u.order = w.order;
            }
            if keep_theirs {
                u.officer = theirs;
                u.more.replace_officer = false;
            }
            u.more.stiffened = u.more.stiffened.or(w.more.stiffened);
        }
        {
            let x = s.unit_mut(with);
            x.start_bases = 0;
            x.officer = None;
            x.acted = true;
            x.status = Status::Gone;
            x.more.merged_into = Some(id);
        }
        // Buildings and Digging in: combining moves no one (the two units
        // stand in contact and join where they are, as dividing leaves the
        // parts where they stood). The combined unit holds a section that
        // either held if it still touches it (its own first); its foxholes
        // are the shallower of the two (every base of it must have them).
        let held = [s.unit(id).more.possession, w.more.possession]
            .into_iter()
            .flatten()
            .find(|&b| self.touches_building(s, id, b));
        {
            let u = s.unit_mut(id);
            u.more.possession = held;
            u.dug_in = u.dug_in.min(w.dug_in);
            u.foxhole_used |= w.foxhole_used;
            // Hidden (in ambush) only if both were.
            u.ambush &= w.ambush;
        }
        ev.push(Event::Combined {
            unit: id,
            with,
            die,
        });
        if !w.hidden {
            self.reveal(s, id, ev);
        }
        self.check_rout(s, id, ev);
    }
}

/// How the sections of this helper plug into a segment: the refusals and
/// effects of their actions, the checks before any action (a Clever
/// officer's chance to pre-empt, a replacement officer, the Mob roll) and
/// the random tester's samples.
impl RedActions {
    /// Refusals that apply to any action of the acting side's unit.
    pub(crate) fn officer_refusal(&self, s: &State, a: &crate::state::Action) -> Option<String> {
        use crate::state::Action;
        let id = a.unit();
        if let Some(r) = self.mob_refusal(s, a) {
            return Some(r);
        }
        // (The kind of action first: the cheapest question.)
        if matches!(a, Action::Advance { .. } | Action::Wheel { .. })
            && self.held_back(s, id)
            && self.moves_nearer(s, a)
        {
            return Some(format!(
                "{} rallied from rout lately: it may not advance toward the enemy before turn {}",
                self.unit_name(s, id),
                s.unit(id).more.no_advance_until
            ));
        }
        None
    }

    /// Whether a move brings the unit nearer its nearest enemy.
    fn moves_nearer(&self, s: &State, a: &crate::state::Action) -> bool {
        use crate::state::Action;
        let id = a.unit();
        let seg = self.segment_of(s, id);
        let step = match *a {
            Action::Advance { distance, .. } => self.advance(s, id, &seg, distance),
            Action::Wheel { pivot, angle, .. } => self.wheel(s, id, &seg, pivot, angle),
            _ => return false,
        };
        let (Ok(step), Some(e)) = (step, self.nearest_enemy(s, id)) else {
            return false;
        };
        let theirs = s.unit(e).footprint();
        crate::geometry::unit_dist2(&step.formation.base_list(), &theirs)
            < crate::geometry::unit_dist2(&s.unit(id).footprint(), &theirs)
    }

    /// Refusals of this helper's own actions.
    pub(crate) fn officer_action_refusal<W: Say>(
        &self,
        s: &State,
        a: &crate::state::Action,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        use crate::state::Action;
        let id = a.unit();
        match *a {
            Action::Divide { into, .. } => self.divide_refusal(s, id, into, fresh, w),
            Action::Combine { with, .. } => w.told(self.combine_refusal(s, id, with, fresh)),
            Action::Dismount { .. } => self.dismount_refusal(s, id, fresh, w),
            Action::Mount { .. } => self.mount_refusal(s, id, fresh, w),
            Action::JoinUnit { target, .. } => self.join_refusal(s, id, target, w),
            Action::LeaveUnit { .. } => self.leave_refusal(s, id, w),
            _ => w.say(|| "nothing asks that now".into()),
        }
    }

    /// Carries out this helper's own actions; true when the segment ended.
    pub(crate) fn officer_act(
        &self,
        s: &mut State,
        a: &crate::state::Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        use crate::state::Action;
        let id = a.unit();
        match *a {
            Action::Divide { into, .. } => self.divide(s, id, into, ev),
            Action::Combine { with, .. } => self.combine(s, id, with, ev),
            Action::Dismount { .. } => self.dismount(s, id, ev),
            Action::Mount { .. } => self.mount(s, id, ev),
            Action::JoinUnit { target, .. } => self.join(s, id, target, ev),
            Action::LeaveUnit { .. } => {
                self.leave(s, id, ev);
                return false;
            }
            _ => return false,
        }
        if s.outcome.is_none() && s.questions.is_empty() {
            self.end_segment(s, id, ev);
        }
        true
    }

    /// Before a legal action of the acting side is carried out; true when
    /// it is not (a question was put, or a Mob unit hesitated).
    pub(crate) fn before_act(
        &self,
        s: &mut State,
        a: &crate::state::Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        use crate::state::{Action, Phase};
        if self.offer_preempt(s, a, ev) {
            return true;
        }
        let id = a.unit();
        self.segment_starts(s, id);
        if !matches!(a, Action::Done { .. } | Action::Rout { .. }) {
            self.replace_officer(s, id, ev);
        }
        if !self.mob_roll(s, a, ev) {
            let seg = self.segment_of(s, id);
            s.phase = Phase::Acting(seg);
            self.after_action(s, id, ev);
            return true;
        }
        false
    }

    /// The random tester's samples of this helper's actions.
    pub(crate) fn officer_choices(
        &self,
        s: &State,
        id: UnitId,
        starting: bool,
        out: &mut Vec<crate::state::Action>,
    ) {
        use crate::state::Action;
        let u = s.unit(id);
        if !u.on_table() || u.routing {
            return;
        }
        // Dividing, combining, dismounting and mounting take the whole
        // segment (refused once it is under way); only cavalry dismounts,
        // only dismounted cavalry mounts.
        if starting {
            for into in 2..=3 {
                out.push(Action::Divide { unit: id, into });
            }
            for &w in &u.more.touching {
                out.push(Action::Combine { unit: id, with: w });
            }
            if self.troop(u).dismounts_as.is_some() {
                out.push(Action::Dismount { unit: id });
            }
            if u.more.mounted_as.is_some() {
                out.push(Action::Mount { unit: id });
            }
        }
        out.push(Action::LeaveUnit { unit: id });
        if self.cat(u) == crate::scenario::Category::Officer {
            for t in s.ids() {
                if s.unit(t).side == u.side && t != id {
                    out.push(Action::JoinUnit {
                        unit: id,
                        target: t,
                    });
                }
            }
        }
    }
}
