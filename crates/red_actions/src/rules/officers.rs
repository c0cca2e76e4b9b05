//! Officers: Special Officer Characteristics (their traits passed to the
//! unit they command), The Morale Effects of Officers (the commander's
//! modifier; a senior officer's when he sees the unit within 12" or is
//! within 4"; personal command, where the senior's replaces the junior's),
//! Officer Casualties (a d6 per officer; all lost: +1 terror and a serious
//! test; the replacement drawn at the unit's next voluntary action; a dead
//! senior officer replaced by a promoted junior at the end of the next
//! turn) and Pre-empting Enemy Actions by Clever officers.
//!
//! Our readings (rulings.md, Officers): a senior officer "sees" a unit when
//! a line of sight runs from one of his base's points to the centre of one
//! of its bases (within the night's sight at night); the best senior
//! modifier counts, once. Personal command: the senior officer's base
//! joins a unit within 4" in his segment (his base leaves the table and
//! goes with the unit) and leaves it in the unit's segment, placed 1"
//! behind it; a Commissar junior lets only a Commissar join. A token drawn
//! is uniform among those still in the bag (not held by any unit, not
//! killed).

use super::{RedActions, Say};
use crate::geometry;
use crate::scenario::{Category, Level, OfficerToken, OfficerTrait, Trait};
use crate::state::{Action, Ask, Event, Initiative, Officer, Phase, State, Status, Test, UnitId};
use engine::Side;
use engine::param::{Inches, Pose};
use rand::RngExt;

/// Pre-empting Enemy Actions: the Clever officer's d6 must show this.
pub const PRE_EMPT_ON: u8 = 6;

impl RedActions {
    /// A token of the side's pool.
    pub fn token(&self, side: Side, t: Officer) -> &OfficerToken {
        let sc = self.sc();
        &sc.pools[sc.army_of(side).pool].tokens[t.token as usize]
    }

    /// Token `token` of the pool of unit `unit`'s side (`None`: no such
    /// unit or token, as in a typed action).
    pub fn token_at(&self, s: &State, unit: UnitId, token: u16) -> Option<&OfficerToken> {
        let side = s.units.get(unit as usize)?.side;
        let sc = self.sc();
        sc.pools[sc.army_of(side).pool].tokens.get(token as usize)
    }

    /// The tokens of a senior officer's draw ([`Ask::ChooseOfficer`]) that
    /// differ from one another: two copies of one token are one choice.
    pub fn distinct_drawn(&self, side: Side, drawn: [u16; 3]) -> Vec<u16> {
        let sc = self.sc();
        let tokens = &sc.pools[sc.army_of(side).pool].tokens;
        let mut out: Vec<u16> = Vec::with_capacity(3);
        for t in drawn.into_iter().filter(|&t| (t as usize) < tokens.len()) {
            if !out
                .iter()
                .any(|&o| tokens[o as usize] == tokens[t as usize])
            {
                out.push(t);
            }
        }
        out
    }

    /// Answers every open choice of officers with the token leading now
    /// (the best of the draw by morale), as a side in a hurry would, and
    /// so begins the first turn: for tests and tools that want the game as
    /// it stands once the officers are chosen.
    pub fn keep_officers_as_drawn(&self, s: &mut State) {
        let mut ev = Vec::new();
        while let Some(q) = s.questions.last() {
            let Ask::ChooseOfficer { unit, .. } = q.ask else {
                break;
            };
            let Some(Officer { token }) = s.unit(unit).officer else {
                break;
            };
            self.answer(s, &Action::KeepOfficer { unit, token }, &mut ev);
        }
    }

    /// The senior officer base in personal command of the unit, if any.
    pub fn personal_commander(&self, s: &State, id: UnitId) -> Option<UnitId> {
        s.ids().find(|&o| {
            let u = s.unit(o);
            u.more.with_unit == Some(id) && u.status == Status::Waiting && u.officer.is_some()
        })
    }

    /// The token commanding the unit: the senior officer's in personal
    /// command, else its junior's (an officer base: his own).
    pub fn commander(&self, s: &State, id: UnitId) -> Option<&OfficerToken> {
        let u = s.unit(id);
        if let Some(o) = self.personal_commander(s, id) {
            return s.unit(o).officer.map(|t| self.token(u.side, t));
        }
        u.officer.map(|t| self.token(u.side, t))
    }

    fn commander_has(&self, s: &State, id: UnitId, t: OfficerTrait) -> bool {
        self.commander(s, id).is_some_and(|o| o.traits.contains(&t))
    }

    /// Whether a unit has a trait: its card's, its commander's Partisan,
    /// Storm, Specialist or Skirmisher; Mob from its card or a Mob officer
    /// (not on a Storm or Specialist card); a White Officer base takes the
    /// Mob away until its first base is lost.
    pub(crate) fn unit_has_trait(&self, s: &State, id: UnitId, t: Trait) -> bool {
        let u = s.unit(id);
        let card = self.troop(u);
        match t {
            Trait::Mob => {
                if u.more.stiffened.is_some() {
                    return false;
                }
                card.has(Trait::Mob)
                    || (!card.has(Trait::Storm)
                        && !card.has(Trait::Specialist)
                        && self.commander_has(s, id, OfficerTrait::Mob))
            }
            Trait::Partisan => card.has(t) || self.commander_has(s, id, OfficerTrait::Partisan),
            Trait::Storm => card.has(t) || self.commander_has(s, id, OfficerTrait::Storm),
            Trait::Specialist => card.has(t) || self.commander_has(s, id, OfficerTrait::Specialist),
            Trait::Skirmisher => card.has(t) || self.commander_has(s, id, OfficerTrait::Skirmisher),
            _ => card.has(t),
        }
    }

    /// Whether the unit (or its commander) is Clever.
    pub fn is_clever(&self, s: &State, id: UnitId) -> bool {
        self.commander_has(s, id, OfficerTrait::Clever)
    }

    /// Whether `from` sees `to` (within `within` and the day's sight): a
    /// clear line from one of its bases' front centres to one of the
    /// other's base centres.
    pub fn sees_unit(&self, s: &State, from: UnitId, to: UnitId, within: Inches) -> bool {
        let (a, b) = (s.unit(from), s.unit(to));
        if !a.on_table() || !b.on_table() {
            return false;
        }
        let limit = if within < self.sight_range() {
            within
        } else {
            self.sight_range()
        };
        // Boxes farther apart than the limit hold no bases within it.
        // (`within` asks the boxes first.)
        if !a.formation.within(&b.formation, limit) {
            return false;
        }
        let (mine, theirs) = (a.footprint(), b.footprint());
        mine.iter().any(|m| {
            let from = m.front_centre();
            theirs.iter().any(|t| {
                geometry::dist2(from, t.pose.at).within(Inches(limit.0 + 100))
                    && self.sees(from, t.pose.at, true)
            })
        })
    }

    /// The best modifier of a senior officer base of its side that sees
    /// the unit within 12" or is within 4" of it (The Morale Effects of
    /// Officers).
    pub fn senior_modifier(&self, s: &State, id: UnitId) -> i32 {
        let u = s.unit(id);
        let m = &self.sc().tables.morale;
        // Troops aboard a train: where their car is (it stands for them).
        let seen = self.riding_in(s, id).unwrap_or(id);
        let stands = s.unit(seen);
        s.ids()
            .filter(|&o| {
                let ou = s.unit(o);
                o != id
                    && ou.side == u.side
                    && ou.on_table()
                    && !ou.routing
                    && self.cat(ou) == Category::Officer
                    && (stands.within(ou, m.senior_near)
                        || self.sees_unit(s, o, seen, m.senior_sees_within))
            })
            .filter_map(|o| {
                s.unit(o)
                    .officer
                    .map(|t| self.token(u.side, t).morale as i32)
            })
            .max()
            .unwrap_or(0)
    }

    /// The officers' part of a success number: the commander's modifier
    /// (the senior officer's in personal command) and the best senior
    /// officer's nearby.
    pub fn officer_modifier(&self, s: &State, id: UnitId) -> i32 {
        let own = self.commander(s, id).map_or(0, |o| o.morale as i32);
        if self.cat(s.unit(id)) == Category::Officer {
            own
        } else {
            own + self.senior_modifier(s, id)
        }
    }

    /// Draws a junior token from the side's bag (`None`: the bag is empty).
    pub(crate) fn draw_junior(&self, s: &mut State, side: Side) -> Option<u16> {
        let sc = self.sc();
        let pool = &sc.pools[sc.army_of(side).pool];
        let held: Vec<u16> = s
            .units
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.officer.map(|o| o.token))
            .collect();
        let bag: Vec<u16> = (0..pool.tokens.len() as u16)
            .filter(|i| {
                pool.tokens[*i as usize].level == Level::Junior
                    && !held.contains(i)
                    && !s.spent_tokens[side.index()].contains(i)
            })
            .collect();
        if bag.is_empty() {
            return None;
        }
        let k = s.rng.random_range(0..bag.len());
        Some(bag[k])
    }

    /// Officer Casualties: the replacement is drawn at the unit's next
    /// voluntary action.
    pub(crate) fn replace_officer(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if !s.unit(id).more.replace_officer {
            return;
        }
        s.unit_mut(id).more.replace_officer = false;
        let side = s.unit(id).side;
        if let Some(token) = self.draw_junior(s, side) {
            s.unit_mut(id).officer = Some(Officer { token });
            ev.push(Event::OfficerDrawn { unit: id, token });
        }
    }

    fn kill_officer_token(&self, s: &mut State, id: UnitId) {
        let u = s.unit_mut(id);
        if let Some(o) = u.officer.take() {
            let side = u.side.index();
            s.spent_tokens[side].push(o.token);
        }
    }

    /// Officer Casualties: a d6 for each officer with the unit (its junior
    /// and a senior in personal command); `kill_at_most` or less kills (1,
    /// or 2 when the unit routs in combat). All lost: +1 terror and a
    /// serious test (a fail retires).
    pub fn officer_casualties(
        &self,
        s: &mut State,
        id: UnitId,
        kill_at_most: u8,
        ev: &mut Vec<Event>,
    ) {
        if !s.unit(id).on_table() {
            return;
        }
        let senior = self.personal_commander(s, id);
        let had = s.unit(id).officer.is_some() || senior.is_some();
        if !had {
            return;
        }
        if s.unit(id).officer.is_some() {
            let die = self.d6(s);
            let killed = die <= kill_at_most;
            ev.push(Event::OfficerRoll {
                unit: id,
                die,
                at_most: kill_at_most,
                killed,
            });
            if killed {
                if self.cat(s.unit(id)) == Category::Officer {
                    self.kill_officer_token(s, id);
                    self.remove(s, id, "the officer is killed", ev);
                    return;
                }
                self.kill_officer_token(s, id);
                s.unit_mut(id).more.replace_officer = true;
            }
        }
        if let Some(o) = senior {
            let die = self.d6(s);
            let killed = die <= kill_at_most;
            ev.push(Event::OfficerRoll {
                unit: o,
                die,
                at_most: kill_at_most,
                killed,
            });
            if killed {
                self.kill_officer_token(s, o);
                s.unit_mut(o).more.with_unit = None;
                self.remove(s, o, "the officer is killed", ev);
            }
        }
        if s.unit(id).officer.is_none() && self.personal_commander(s, id).is_none() {
            self.add_terror(s, id, 1, ev);
            if s.unit(id).on_table()
                && !s.unit(id).routing
                && !self.morale_test(s, id, Test::Serious, ev)
            {
                self.retire(s, id, ev);
            }
        }
    }

    /// When a unit leaves play: a senior officer in personal command goes
    /// with it; a senior officer lost is replaced at the end of the next
    /// turn.
    pub(crate) fn on_removed(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if let Some(o) = self.personal_commander(s, id) {
            s.unit_mut(o).more.with_unit = None;
            self.kill_officer_token(s, o);
            self.remove(s, o, "he falls with the unit he commanded", ev);
        }
        let u = s.unit(id);
        if self.cat(u) == Category::Officer && u.more.promote_at.is_none() {
            let turn = s.turn.saturating_add(1);
            s.unit_mut(id).more.promote_at = Some(turn);
        }
    }

    /// The end of a turn: dead senior officers whose time has come are
    /// replaced by the junior of the nearest unit of their side (his unit
    /// draws a new junior at once); turns spent routing are counted.
    pub(crate) fn end_of_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.judge_objectives(s);
        for id in s.ids().collect::<Vec<_>>() {
            if s.unit(id).routing && s.unit(id).on_table() {
                let u = s.unit_mut(id);
                u.more.rout_turns = u.more.rout_turns.saturating_add(1);
            }
        }
        for o in s.ids().collect::<Vec<_>>() {
            let u = s.unit(o);
            if u.status != Status::Gone
                || u.more.merged_into.is_some()
                || u.more.promote_at.is_none_or(|t| t > s.turn)
            {
                continue;
            }
            let at = u.formation.front.at;
            let side = u.side;
            let from = s
                .ids()
                .filter(|&j| {
                    let ju = s.unit(j);
                    ju.side == side
                        && self.standing(s, j)
                        && self.cat(ju).has_junior_officer()
                        && ju.officer.is_some()
                })
                .min_by_key(|&j| {
                    let d = geometry::dist2(s.unit(j).formation.front.at, at);
                    (d, j)
                });
            let Some(from) = from else { continue };
            let Some(place) = self.beside(s, o, from) else {
                continue;
            };
            let token = s.unit_mut(from).officer.take();
            let u = s.unit_mut(o);
            u.officer = token;
            u.status = Status::OnTable;
            u.formation.front = place;
            u.more.promote_at = None;
            // A new man: none of the dead officer's markers.
            u.terror = 0;
            u.humiliated = 0;
            u.routing = false;
            u.pinned = false;
            ev.push(Event::Promoted { officer: o, from });
            s.unit_mut(from).more.replace_officer = true;
            self.replace_officer(s, from, ev);
        }
    }

    /// A place for an officer base 1" behind a unit (or beside it), facing
    /// its way, where it may stand.
    pub(crate) fn beside(&self, s: &State, officer: UnitId, unit: UnitId) -> Option<Pose> {
        let u = s.unit(unit);
        let f = u.formation;
        let (files, ranks) = f.files_ranks();
        let o = s.unit(officer).formation;
        let gap = 100i64;
        let back = 2 * ranks * f.depth.0 as i64 + 2 * gap;
        let side = files * f.width.0 as i64 + o.width.0 as i64 + 2 * gap;
        let tries = [
            geometry::local(f.front.facing, 0, -back, 2),
            geometry::local(f.front.facing, side, 0, 2),
            geometry::local(f.front.facing, -side, 0, 2),
            geometry::local(f.front.facing, 0, 2 * o.depth.0 as i64 + 2 * gap, 2),
        ];
        let mut probe = s.clone();
        probe.unit_mut(officer).status = Status::OnTable;
        for v in tries {
            let mut to = o;
            to.front = Pose {
                at: geometry::offset(f.front.at, v),
                facing: f.front.facing,
            };
            probe.unit_mut(officer).formation = to;
            if self.placement(&probe, officer, &to, &to, false).is_ok() {
                return Some(to.front);
            }
        }
        None
    }

    /// Personal command: why the senior officer base may not join the
    /// unit now.
    pub(crate) fn join_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if self.cat(u) != Category::Officer || u.officer.is_none() {
            return w.say(|| format!("{} is no senior officer", self.unit_name(s, id)));
        }
        if target as usize >= s.units.len() || target == id {
            return w.say(|| "there is no such unit to command".into());
        }
        let t = s.unit(target);
        if t.side != u.side || !self.standing(s, target) {
            return w.say(|| {
                format!(
                    "{} is not a friendly unit standing on the table",
                    self.unit_name(s, target)
                )
            });
        }
        if self.cat(t) == Category::Officer || t.formation.count == 0 {
            return w.say(|| "a senior officer takes command of troops".into());
        }
        if self.personal_commander(s, target).is_some() {
            return w.say(|| {
                format!(
                    "{} has a senior officer in command already",
                    self.unit_name(s, target)
                )
            });
        }
        let near = self.sc().tables.morale.senior_near;
        if !u.within(t, near) {
            return w.say(|| format!("{} is more than {near} away", self.unit_name(s, target)));
        }
        let commissar = |tok: Option<Officer>| {
            tok.is_some_and(|o| {
                self.token(u.side, o)
                    .traits
                    .contains(&OfficerTrait::Commissar)
            })
        };
        if commissar(t.officer) && !commissar(u.officer) {
            return w.say(|| {
                format!(
                    "the Commissar commanding {} lets no other officer take over",
                    self.unit_name(s, target)
                )
            });
        }
        None
    }

    pub(crate) fn join(&self, s: &mut State, id: UnitId, target: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(id);
        u.status = Status::Waiting;
        u.entry = None;
        u.arrives = u8::MAX;
        u.more.with_unit = Some(target);
        ev.push(Event::Command {
            officer: id,
            unit: target,
            joined: true,
        });
    }

    pub(crate) fn leave_refusal<W: Say>(&self, s: &State, id: UnitId, w: W) -> Option<W::Why> {
        let Some(o) = self.personal_commander(s, id) else {
            return w.say(|| format!("no senior officer commands {}", self.unit_name(s, id)));
        };
        if self.beside(s, o, id).is_none() {
            return w.say(|| "there is no room for the officer's base beside the unit".into());
        }
        None
    }

    pub(crate) fn leave(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let Some(o) = self.personal_commander(s, id) else {
            return;
        };
        let Some(place) = self.beside(s, o, id) else {
            return;
        };
        let u = s.unit_mut(o);
        u.status = Status::OnTable;
        u.more.with_unit = None;
        u.formation.front = place;
        u.acted = true;
        ev.push(Event::Command {
            officer: o,
            unit: id,
            joined: false,
        });
    }

    /// Pre-empting Enemy Actions: the units of the other side with a
    /// Clever commander that have not acted this turn and see the enemy
    /// unit about to act (not itself Clever; one try per enemy a turn).
    pub fn clever_preempters(&self, s: &State, enemy: UnitId) -> Vec<UnitId> {
        let e = s.unit(enemy);
        if !e.on_table() || e.more.preempt_tried || self.is_clever(s, enemy) {
            return Vec::new();
        }
        let limit = self.sight_range();
        s.ids()
            .filter(|&c| {
                let cu = s.unit(c);
                cu.side != e.side
                    && !cu.acted
                    && self.standing(s, c)
                    && self.is_clever(s, c)
                    && self.sees_unit(s, c, enemy, limit)
            })
            .collect()
    }

    /// Before a unit's first action of its segment: a Clever officer of
    /// the other side may be asked whether he tries to pre-empt it. True
    /// when a question was put (the action waits: the side chooses again
    /// after the answer).
    pub(crate) fn offer_preempt(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> bool {
        if !matches!(s.phase, Phase::Choose { .. }) || matches!(a, Action::Done { .. }) {
            return false;
        }
        let enemy = a.unit();
        let Some(&clever) = self.clever_preempters(s, enemy).first() else {
            return false;
        };
        s.unit_mut(enemy).more.preempt_tried = true;
        let side = s.unit(clever).side;
        self.ask(s, side, Ask::PreEmpt { clever, enemy }, ev);
        true
    }

    /// The Clever officer's roll: on a 6 his unit has its segment now.
    pub(crate) fn preempt(
        &self,
        s: &mut State,
        clever: UnitId,
        enemy: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let die = self.d6(s);
        let passed = die >= PRE_EMPT_ON;
        ev.push(Event::PreEmptRoll {
            unit: clever,
            enemy,
            die,
            passed,
        });
        if passed {
            // The enemy's card (card initiative) comes back for after.
            if let Initiative::Cards { deck } = &mut s.initiative
                && matches!(s.phase, Phase::Choose { card: Some(c), .. } if c == enemy)
            {
                deck.push(enemy);
            }
            s.phase = Phase::Choose {
                side: s.unit(clever).side,
                card: Some(clever),
                selected: None,
            };
        }
    }

    /// Whether a senior officer is at hand to override target priorities
    /// (in personal command, or near or seeing the unit as for morale).
    pub fn senior_at_hand(&self, s: &State, id: UnitId) -> bool {
        if self.personal_commander(s, id).is_some() {
            return true;
        }
        let u = s.unit(id);
        let m = &self.sc().tables.morale;
        s.ids().any(|o| {
            let ou = s.unit(o);
            o != id
                && ou.side == u.side
                && ou.on_table()
                && !ou.routing
                && ou.officer.is_some()
                && self.cat(ou) == Category::Officer
                && (u.within(ou, m.senior_near) || self.sees_unit(s, o, id, m.senior_sees_within))
        })
    }

    /// Whether `target` could shoot at the unit now (a threat).
    pub fn threatens(&self, s: &State, target: UnitId, id: UnitId) -> bool {
        let tg = s.unit(target);
        let t = self.troop(tg);
        self.standing(s, target)
            && t.shooting > 0
            && tg.order != crate::state::Order::Limbered
            && tg.within(s.unit(id), t.range)
            && self.fire_sums(s, target, id).is_some()
    }

    /// (at close range, in the open) of a target the unit can fire at.
    fn place_priority(&self, s: &State, id: UnitId, target: UnitId) -> Option<(bool, bool)> {
        let range = self.troop(s.unit(id)).range;
        if !s.unit(id).within(s.unit(target), range) {
            return None;
        }
        let f = self.fire_sums(s, id, target)?;
        let open = self.cover_of(s, target) == crate::scenario::Cover::None;
        Some((!f.long_range, open))
    }

    /// Firing Priorities: (a threat, at close range, in the open), best
    /// first. A threat is an enemy that could shoot at the firers now.
    pub fn target_priority(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
    ) -> Option<(bool, bool, bool)> {
        let (close, open) = self.place_priority(s, id, target)?;
        Some((self.threatens(s, target, id), close, open))
    }

    /// Why the unit may not shoot at `target` while a target of higher
    /// priority is there (a senior officer at hand may override).
    pub(crate) fn priority_refusal(&self, s: &State, id: UnitId, target: UnitId) -> Option<String> {
        if target as usize >= s.units.len() || self.senior_at_hand(s, id) {
            return None;
        }
        let mine = self.target_priority(s, id, target)?;
        let side = s.unit(id).side;
        let better = s
            .ids()
            .filter(|&t| {
                let tu = s.unit(t);
                t != target && tu.side != side && tu.on_table() && !self.cat(tu).is_vehicle()
            })
            .filter_map(|t| {
                let (close, open) = self.place_priority(s, id, t)?;
                // The threat is worked out only where it can decide.
                let beats_unthreatening = (false, close, open) > mine;
                if beats_unthreatening {
                    return Some(((false, close, open), t));
                }
                let p = (true, close, open);
                (p > mine && self.threatens(s, t, id)).then_some((p, t))
            })
            .max_by_key(|(p, t)| (*p, std::cmp::Reverse(*t)));
        better.map(|(p, t)| {
            let why = if p.0 && !mine.0 {
                "it threatens the firers"
            } else if p.1 && !mine.1 {
                "it is at close range"
            } else {
                "it is in the open"
            };
            format!(
                "{} must be fired at first ({why}); a senior officer at hand could override",
                self.unit_name(s, t)
            )
        })
    }
}
