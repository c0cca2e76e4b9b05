//! Morale: the tests (2d6 at most the card's number plus the officers'
//! modifiers; 12 always fails) and their results; terror, rout when the
//! terror is more than the bases, the rout move, retiring; rallying from
//! terror, from rout and from pinned.
//!
//! Our readings: a routing unit runs one full move straight away from the
//! nearest enemy (backward when the enemy is ahead, else forward) at once
//! and in each of its segments; it is lost when that takes it off the
//! table, surrenders when an enemy is in the way and is destroyed by
//! impassable terrain; it stops short of friends (passing through them and
//! their fear test are not played yet). Rallying from rout removes its
//! terror (not humiliation) and needs its humiliation to be at most its
//! bases. A senior officer's modifier counts within 12" (sight is not yet
//! checked), the best one only.

use super::RedActions;
use super::movement::Blocked;
use crate::geometry::unit_dist2;
use crate::scenario::Category;
use crate::state::{Event, State, Status, Test, UnitId};
use engine::param::Inches;

impl RedActions {
    /// The success number of a test before the dice: the card's number
    /// and every modifier.
    pub fn morale_number(&self, s: &State, id: UnitId, test: Test) -> i32 {
        let u = s.unit(id);
        let mut card = self.troop(u);
        if let Some(t) = card.tests_as
            && u.bases() == u.start_bases
        {
            card = &self.sc().troops[t];
        }
        let mut n = match test {
            Test::Charge => card.charge,
            Test::Fear => card.fear,
            Test::Serious => card.serious,
            Test::Rally => card.rally,
        } as i32;
        let sc = self.sc();
        let pool = &sc.pools[sc.army_of(u.side).pool];
        if let Some(o) = u.officer {
            n += pool.tokens[o.token as usize].morale as i32;
        }
        if self.cat(u) != Category::Officer {
            let mine = u.footprint();
            let senior = s
                .units
                .iter()
                .filter(|o| {
                    o.side == u.side
                        && o.on_table()
                        && self.cat(o) == Category::Officer
                        && unit_dist2(&mine, &o.footprint())
                            .is_some_and(|d| d.within(sc.tables.morale.senior_sees_within))
                })
                .filter_map(|o| {
                    o.officer
                        .map(|t| pool.tokens[t.token as usize].morale as i32)
                })
                .max();
            n += senior.unwrap_or(0);
        }
        if sc.weather.is_night_or_fog() {
            n += sc.tables.morale.night_or_fog as i32;
        }
        n
    }

    /// Rolls a morale test; true when it passes.
    pub(crate) fn morale_test(
        &self,
        s: &mut State,
        id: UnitId,
        test: Test,
        ev: &mut Vec<Event>,
    ) -> bool {
        let number = self.morale_number(s, id, test);
        let dice = self.d6x2(s);
        let roll = (dice[0] + dice[1]) as i32;
        let passed = roll <= number && roll < self.sc().tables.morale.always_fails as i32;
        ev.push(Event::MoraleTest {
            unit: id,
            test,
            dice,
            number,
            passed,
        });
        passed
    }

    pub(crate) fn add_terror(&self, s: &mut State, id: UnitId, n: u8, ev: &mut Vec<Event>) {
        if !s.unit(id).on_table() {
            return;
        }
        s.unit_mut(id).terror += n;
        ev.push(Event::Terror { unit: id, added: n });
        self.check_rout(s, id, ev);
    }

    /// A unit whose terror is more than its bases routs at once.
    pub(crate) fn check_rout(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        if u.on_table() && !u.routing && u.all_terror() > u.bases() {
            self.start_rout(s, id, ev);
        }
    }

    pub(crate) fn start_rout(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if !s.unit(id).on_table() || s.unit(id).routing {
            return;
        }
        let u = s.unit_mut(id);
        u.routing = true;
        u.pinned = false;
        ev.push(Event::Routs { unit: id });
        self.rout_move(s, id, ev);
    }

    /// One full move away from the nearest enemy.
    pub(crate) fn rout_move(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        let speed = self.troop(u).speed;
        let away_back = self
            .nearest_enemy(s, id)
            .is_none_or(|e| self.ahead_of(u, s.unit(e).formation.front.at));
        let d = if away_back { Inches(-speed.0) } else { speed };
        let (moved, blocked) = self.forced_move(s, id, d);
        let f = s.unit(id).formation.advanced(moved).formation;
        s.unit_mut(id).formation = f;
        ev.push(Event::Moved {
            unit: id,
            charged: Inches(moved.0.abs()),
        });
        if moved.0.abs() < d.0.abs() {
            match blocked {
                Blocked::Edge => self.remove(s, id, "it routs off the table", ev),
                Blocked::Enemy => {
                    self.surrendered_intact(s, id, ev);
                    self.remove(s, id, "it surrenders to the enemy in its way", ev)
                }
                Blocked::Impassable => {
                    self.remove(s, id, "impassable ground traps it and it is destroyed", ev)
                }
                Blocked::Friend | Blocked::Nothing => {}
            }
        }
    }

    /// Retire: 3" (infantry) or 6" (cavalry, limbered guns) straight back,
    /// keeping the facing, once a turn; unlimbered guns (not mortars) stay.
    pub(crate) fn retire(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        if !u.on_table() || u.routing {
            return;
        }
        let c = self.cat(u);
        if u.order == crate::state::Order::Unlimbered && c.is_gun() {
            return;
        }
        if u.retired {
            if s.option("second_retire_terror") {
                self.add_terror(s, id, 1, ev);
            }
            return;
        }
        if self.may_hold_cover(s, id) {
            return self.ask(s, u.side, crate::state::Ask::IgnoreRetire { unit: id }, ev);
        }
        self.retire_now(s, id, ev);
    }

    /// The retire move itself (the choice to ignore it made).
    pub(crate) fn retire_now(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        if !u.on_table() || u.routing {
            return;
        }
        let c = self.cat(u);
        let dist = &self.sc().tables.distances;
        let d = if c.is_cavalry() || u.order == crate::state::Order::Limbered || c.is_vehicle() {
            dist.retire_cavalry
        } else {
            dist.retire_infantry
        };
        let (moved, _) = self.forced_move(s, id, Inches(-d.0));
        let u = s.unit_mut(id);
        u.formation = u.formation.advanced(moved).formation;
        u.retired = true;
        u.evading = true;
        ev.push(Event::Retired {
            unit: id,
            distance: Inches(-moved.0),
        });
    }

    pub(crate) fn rally_rout_refusal(&self, s: &State, id: UnitId) -> Option<String> {
        let u = s.unit(id);
        if !u.routing {
            return Some(format!("{} is not routing", self.name(id)));
        }
        if u.humiliated > u.bases() {
            return Some("its humiliation is more than its bases".into());
        }
        let mine = u.footprint();
        for (j, o) in s.units.iter().enumerate() {
            if o.side != u.side
                && o.on_table()
                && !o.routing
                && unit_dist2(&mine, &o.footprint()).is_some_and(|d| d.within(self.troop(o).speed))
            {
                return Some(format!(
                    "{} is within a full move of it",
                    self.name(j as UnitId)
                ));
            }
        }
        None
    }

    /// Rally from rout: a rally test; on a pass the terror goes and the
    /// unit stands, on a fail it is humiliated and runs again.
    pub(crate) fn rally_rout(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if self.morale_test(s, id, Test::Rally, ev) {
            let u = s.unit_mut(id);
            u.routing = false;
            u.terror = 0;
            ev.push(Event::RalliedRout { unit: id });
        } else {
            s.unit_mut(id).humiliated += 1;
            ev.push(Event::Humiliated { unit: id });
            self.rout_move(s, id, ev);
        }
    }

    /// The pinned test (a rally test): a pass removes the marker.
    pub(crate) fn unpin(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if self.morale_test(s, id, Test::Rally, ev) {
            s.unit_mut(id).pinned = false;
            ev.push(Event::Unpinned { unit: id });
        }
    }

    /// Whether the unit is on the table and able to fight.
    pub fn standing(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        u.status == Status::OnTable && !u.routing
    }
}
