//! Miscellaneous: prisoners on the table, and routers off the table.
//!
//! Troops taken prisoner (the captured half of a unit caught in a pursuit,
//! a unit surrendering in combat or to an enemy in its way, gun crews
//! giving up to chargers) leave a prisoners' token where they stood, held
//! by the enemy. Our readings (docs/red_actions/rulings.md, Miscellaneous):
//! the captors' side guards them while one of its units (troops on the
//! table, not routing, not hidden, not an officer base on his own nor a
//! train car) has a base within 2" of the token, which is also what "in
//! contact with prisoners" means. Unguarded prisoners are retaken by a
//! unit of their own side moving onto them (a base within ½" of the
//! token), checked after every step, except in a building section, where
//! the unit must take possession of them ([`Action::TakePrisoners`], its
//! whole segment). When guards in contact retire and leave them
//! unguarded, the enemy that made them retire gains them at once. Retaken
//! prisoners go to the rear: they count as lost no more. The captors may
//! kill the prisoners they guard as their whole segment
//! ([`Action::KillPrisoners`]) unless the game is played with the option
//! `spare_prisoners`; killed prisoners stay lost.
//!
//! A router that runs off the table in sight of a pursuer (an enemy unit
//! able to charge, on the table, not routing and not hidden from it, that
//! sees it) is gone; out of sight it waits off the table and has one
//! chance to rally, in its next segment: passed, it comes back where it
//! left (lost if that place is taken), failed, it is gone.

use super::RedActions;
use crate::geometry::{Base, Polygon, in_polygon, point_segment_dist2};
use crate::scenario::Category;
use crate::state::{Action, Event, Prisoners, PrisonersFate, State, Status, Test, UnitId};
use engine::param::{Inches, Point};

/// Guards within this distance of their prisoners hold them (and are in
/// contact with them).
pub const GUARD: Inches = Inches(200);
/// A unit is on prisoners when a base comes within this of their token.
pub const ONTO: Inches = Inches(50);
/// The game option that forbids killing prisoners.
pub const SPARE_PRISONERS: &str = "spare_prisoners";

/// Whether a base of `bases` lies within `d` of `at`.
fn near(bases: &[Base], at: Point, d: Inches) -> bool {
    bases.iter().any(|b| {
        b.contains(at) || {
            let c = b.corners();
            (0..4).any(|i| point_segment_dist2(at, c[i], c[(i + 1) % 4]).within(d))
        }
    })
}

impl RedActions {
    /// Whether the unit may guard prisoners or take them: troops on the
    /// table, not routing, not hidden, not an officer base on his own nor
    /// a train car.
    fn may_hold_prisoners(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        let c = self.cat(u);
        u.on_table() && !u.routing && !u.hidden && c != Category::Officer && !c.is_train_car()
    }

    /// Whether the captors of prisoners `p` guard them now.
    pub fn guarded(&self, s: &State, p: &Prisoners) -> bool {
        s.ids().any(|i| {
            s.unit(i).side != p.side
                && self.may_hold_prisoners(s, i)
                && near(&s.unit(i).footprint(), p.at, GUARD)
        })
    }

    /// Bases of unit `id` retaken by its side (they count as lost no more).
    pub fn freed_bases(&self, s: &State, id: UnitId) -> u8 {
        s.prisoners
            .iter()
            .filter(|p| p.unit == id && p.fate == PrisonersFate::Freed)
            .map(|p| p.bases)
            .sum()
    }

    /// Unit `id` is out of the game and `bases` of its men are prisoners: a
    /// token where its bases stood (none for vehicles and train cars, whose
    /// capture the vehicle rules count, nor for officer bases), then the
    /// unit is removed.
    pub(crate) fn take_prisoners(
        &self,
        s: &mut State,
        id: UnitId,
        bases: u8,
        why: &str,
        ev: &mut Vec<Event>,
    ) {
        let u = s.unit(id);
        let c = self.cat(u);
        // (A senior officer's base comes back under the junior promoted in
        // his place: his capture is a casualty, Officer Casualties.)
        if bases > 0
            && u.on_table()
            && !c.is_vehicle()
            && !c.is_train_car()
            && c != Category::Officer
        {
            let centres = Self::centres(&u.footprint());
            let n = centres.len().max(1) as i64;
            let at = Point {
                x: Inches((centres.iter().map(|p| p.x.0 as i64).sum::<i64>() / n) as i32),
                y: Inches((centres.iter().map(|p| p.y.0 as i64).sum::<i64>() / n) as i32),
            };
            let building = self
                .sc()
                .buildings
                .iter()
                .position(|b| in_polygon(&Polygon::new(b.points.clone()), at))
                .map(|b| b as u16);
            s.prisoners.push(Prisoners {
                side: u.side,
                unit: id,
                bases,
                at,
                building,
                fate: PrisonersFate::Held,
            });
            ev.push(Event::PrisonersTaken {
                unit: id,
                prisoners: (s.prisoners.len() - 1) as u16,
                bases,
            });
        }
        self.remove(s, id, why, ev);
    }

    /// After every step: unguarded prisoners outside buildings are retaken
    /// by a unit of their side that stands on them.
    pub(crate) fn prisoners_after_step(&self, s: &mut State, ev: &mut Vec<Event>) {
        for k in 0..s.prisoners.len() {
            let p = s.prisoners[k];
            if p.fate != PrisonersFate::Held || p.building.is_some() || self.guarded(s, &p) {
                continue;
            }
            let by = s.ids().find(|&i| {
                s.unit(i).side == p.side
                    && self.may_hold_prisoners(s, i)
                    && near(&s.unit(i).footprint(), p.at, ONTO)
            });
            if by.is_some() {
                s.prisoners[k].fate = PrisonersFate::Freed;
                ev.push(Event::PrisonersFreed {
                    prisoners: k as u16,
                    by,
                });
            }
        }
    }

    /// The prisoners that unit `id` guards in contact (before it retires).
    pub(crate) fn guarding(&self, s: &State, id: UnitId) -> Vec<usize> {
        if s.prisoners.is_empty() || !self.may_hold_prisoners(s, id) {
            return Vec::new();
        }
        let (side, mine) = (s.unit(id).side, s.unit(id).footprint());
        (0..s.prisoners.len())
            .filter(|&k| {
                let p = &s.prisoners[k];
                p.fate == PrisonersFate::Held && p.side != side && near(&mine, p.at, GUARD)
            })
            .collect()
    }

    /// Guards made to retire: the prisoners they were in contact with and
    /// that no one guards now go to the enemy that drove them off (their
    /// own side: retaken).
    pub(crate) fn guards_retired(&self, s: &mut State, was: &[usize], ev: &mut Vec<Event>) {
        for &k in was {
            let p = s.prisoners[k];
            if p.fate == PrisonersFate::Held && !self.guarded(s, &p) {
                s.prisoners[k].fate = PrisonersFate::Freed;
                ev.push(Event::PrisonersFreed {
                    prisoners: k as u16,
                    by: None,
                });
            }
        }
    }

    /// Why the unit may not take or kill prisoners `k` now.
    pub(crate) fn prisoners_refusal(
        &self,
        s: &State,
        id: UnitId,
        k: u16,
        kill: bool,
        fresh: bool,
    ) -> Option<String> {
        let Some(p) = s.prisoners.get(k as usize) else {
            return Some("there are no such prisoners".into());
        };
        if p.fate != PrisonersFate::Held {
            return Some("those prisoners are no longer held".into());
        }
        if !fresh {
            return Some("that takes the whole segment".into());
        }
        if !self.may_hold_prisoners(s, id) {
            return Some(format!("{} cannot hold prisoners", self.name(id)));
        }
        let u = s.unit(id);
        if kill {
            if s.option(SPARE_PRISONERS) {
                return Some("prisoners are spared in this game".into());
            }
            if p.side == u.side {
                return Some("those are its own side's men".into());
            }
            if !near(&u.footprint(), p.at, GUARD) {
                return Some(format!("{} is not guarding them", self.name(id)));
            }
        } else {
            if p.side != u.side {
                return Some("its side holds them already".into());
            }
            if self.guarded(s, p) {
                return Some("they are guarded".into());
            }
            if !near(&u.footprint(), p.at, ONTO) {
                return Some(format!("{} is not touching them", self.name(id)));
            }
        }
        None
    }

    /// Takes (retakes) or kills prisoners: the whole segment.
    pub(crate) fn prisoners_act(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) {
        let (id, k, kill) = match *a {
            Action::TakePrisoners { unit, prisoners } => (unit, prisoners, false),
            Action::KillPrisoners { unit, prisoners } => (unit, prisoners, true),
            _ => return,
        };
        let Some(p) = s.prisoners.get_mut(k as usize) else {
            return;
        };
        if kill {
            p.fate = PrisonersFate::Killed;
            ev.push(Event::PrisonersKilled {
                unit: id,
                prisoners: k,
            });
        } else {
            p.fate = PrisonersFate::Freed;
            ev.push(Event::PrisonersFreed {
                prisoners: k,
                by: Some(id),
            });
        }
        self.end_segment(s, id, ev);
    }

    /// The candidates for the random tester: every prisoners' token held.
    pub(crate) fn prisoners_choices(&self, s: &State, id: UnitId, out: &mut Vec<Action>) {
        for (k, p) in s.prisoners.iter().enumerate() {
            if p.fate != PrisonersFate::Held {
                continue;
            }
            let prisoners = k as u16;
            out.push(if p.side == s.unit(id).side {
                Action::TakePrisoners {
                    unit: id,
                    prisoners,
                }
            } else {
                Action::KillPrisoners {
                    unit: id,
                    prisoners,
                }
            });
        }
    }

    /// Whether an enemy able to pursue (to charge) sees the unit: on the
    /// table, not routing, not hidden from the unit's side.
    pub fn pursuers_in_sight(&self, s: &State, id: UnitId) -> bool {
        let side = s.unit(id).side;
        let sight = self.sight_range();
        s.ids().any(|e| {
            let o = s.unit(e);
            o.side != side
                && o.on_table()
                && !o.routing
                && !self.unseen_by(s, e, Some(side))
                && self.cat(o).may_charge()
                && self.sees_unit(s, e, id, sight)
        })
    }

    /// A router reaching the table's edge: gone in sight of pursuers (or
    /// when it could not rally anyway), else off the table for one rally.
    pub(crate) fn rout_off_table(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        let hopeless = u.humiliated > u.bases()
            || (s.option("rout_standard_ra") && self.abandons_weapons(u))
            || self.cat(u) == Category::Officer
            || self.cat(u).is_train_car();
        let seen = hopeless || self.pursuers_in_sight(s, id);
        ev.push(Event::RoutedOffTable { unit: id, seen });
        if seen {
            self.remove(s, id, "it routs off the table", ev);
            return;
        }
        // Its place as it left is kept (its formation) for its return.
        let u = s.unit_mut(id);
        u.status = Status::Waiting;
        u.more.off_table = true;
        u.pinned = false;
        u.in_wire = None;
        u.more.possession = None;
        u.dug_in = 0;
    }

    /// The one rally of a router off the table: passed, it comes back
    /// where it left (if that place is free); failed, it is gone.
    pub(crate) fn rally_off_table(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        s.unit_mut(id).more.off_table = false;
        if !self.morale_test(s, id, Test::Rally, ev) {
            self.remove(
                s,
                id,
                "it fails its one rally off the table and is gone",
                ev,
            );
            return;
        }
        let f = s.unit(id).formation;
        let turn = s.turn;
        let u = s.unit_mut(id);
        u.routing = false;
        u.terror = 0;
        if s.option("rout_no_advance") {
            let u = s.unit_mut(id);
            u.more.no_advance_until = turn + 1 + 2 * u.more.rout_turns.max(1);
        }
        s.unit_mut(id).more.rout_turns = 0;
        ev.push(Event::RalliedRout { unit: id });
        s.unit_mut(id).status = Status::OnTable;
        if self.placement(s, id, &f, &f, false).is_err() {
            s.unit_mut(id).status = Status::Waiting;
            self.remove(s, id, "it rallies, but its way back is held", ev);
            return;
        }
        ev.push(Event::Returned { unit: id });
    }
}
