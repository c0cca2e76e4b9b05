//! Morale: the tests (2d6 at most the card's number plus the officers'
//! modifiers; 12 always fails) and their results; terror, rout when the
//! terror is more than the bases, the rout move, retiring; rallying from
//! terror, from rout and from pinned.
//!
//! Our readings: a routing unit runs one full move straight away from the
//! nearest enemy (backward when the enemy is ahead, else forward) at once
//! and in each of its segments; it is lost when that takes it off the
//! table, surrenders when an enemy is in the way and is destroyed by
//! impassable terrain; it runs through friends (not formed cavalry), who
//! take a fear test (Routing, in `pursuit`). Rallying from rout removes its
//! terror (not humiliation) and needs its humiliation to be at most its
//! bases. A senior officer's modifier counts when he sees the unit within
//! 12" or is within 4" of it, the best one only (`officers`).

use super::RedActions;
use crate::state::{Event, State, Status, Test, UnitId};
use engine::param::Inches;

impl RedActions {
    /// The success number of a test before the dice: the card's number
    /// and every modifier.
    pub fn morale_number(&self, s: &State, id: UnitId, test: Test) -> i32 {
        self.morale_parts(s, id, test).iter().sum()
    }

    /// The parts of a success number: the card's (a White Officer base's
    /// card while it lasts), the officers', the place's (flank, works) and
    /// the weather's.
    pub fn morale_parts(&self, s: &State, id: UnitId, test: Test) -> [i32; 4] {
        let u = s.unit(id);
        let mut card = self.troop(u);
        if let Some(t) = card.tests_as
            && u.bases() == u.start_bases
        {
            card = &self.sc().troops[t];
        }
        if let Some(t) = u.more.stiffened {
            card = &self.sc().troops[t as usize];
        }
        let n = match test {
            Test::Charge => card.charge,
            Test::Fear => card.fear,
            Test::Serious => card.serious,
            Test::Rally => card.rally,
        } as i32;
        let sc = self.sc();
        let weather = if sc.weather.is_night_or_fog() {
            sc.tables.morale.night_or_fog as i32
        } else {
            0
        };
        [
            n,
            self.officer_modifier(s, id),
            self.position_modifier(s, id),
            weather,
        ]
    }

    /// Rolls a morale test; true when it passes.
    pub(crate) fn morale_test(
        &self,
        s: &mut State,
        id: UnitId,
        test: Test,
        ev: &mut Vec<Event>,
    ) -> bool {
        self.morale_test_modified(s, id, test, 0, ev)
    }

    /// A morale test with an extra modifier (the ambush of a marching
    /// unit: [`RedActions::ambushed_while_marching`] on its fear test).
    pub fn morale_test_modified(
        &self,
        s: &mut State,
        id: UnitId,
        test: Test,
        extra: i32,
        ev: &mut Vec<Event>,
    ) -> bool {
        let parts = self.morale_parts(s, id, test);
        let number = parts.iter().sum::<i32>() + extra;
        ev.push(Event::MoraleNumber {
            unit: id,
            card: parts[0],
            officers: parts[1],
            place: parts[2],
            weather: parts[3],
            other: extra,
        });
        let dice = self.d6x2(s);
        let passed = self.test_passes((dice[0] + dice[1]) as i32, number);
        ev.push(Event::MoraleTest {
            unit: id,
            test,
            dice,
            number,
            passed,
        });
        passed
    }

    /// Whether a 2d6 total passes a test of success number `number`: at
    /// most the number, and never the roll that always fails (12). Every
    /// test rolls with it, and the odds count with it.
    pub fn test_passes(&self, roll: i32, number: i32) -> bool {
        roll <= number && roll < self.sc().tables.morale.always_fails as i32
    }

    pub(crate) fn add_terror(&self, s: &mut State, id: UnitId, n: u8, ev: &mut Vec<Event>) {
        if !self.in_play(s, id) {
            return;
        }
        s.unit_mut(id).terror += n;
        ev.push(Event::Terror { unit: id, added: n });
        self.check_rout(s, id, ev);
    }

    /// A unit whose terror is more than its bases routs at once.
    pub(crate) fn check_rout(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(id);
        if !u.routing && u.all_terror() > u.bases() && self.in_play(s, id) {
            self.start_rout(s, id, ev);
        }
    }

    pub(crate) fn start_rout(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if !self.in_play(s, id) || s.unit(id).routing {
            return;
        }
        // Troops aboard jump down and run (rulings, Trains).
        if !s.unit(id).on_table() && !self.bail_out(s, id, ev) {
            return;
        }
        let u = s.unit_mut(id);
        u.routing = true;
        u.pinned = false;
        // A unit that routs breaks from its ambush (it runs or rallies
        // like any other).
        u.ambush = false;
        ev.push(Event::Routs { unit: id });
        self.rout_move(s, id, ev);
    }

    /// One full move away from the nearest enemy, through friends (see
    /// `pursuit::rout_through`).
    pub(crate) fn rout_move(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        self.rout_through(s, id, ev);
        self.out_of_the_wire(s, id);
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
        let side = u.side;
        if self.foxhole_holds(s, id, ev) {
            return;
        }
        if self.ask_swap_retire(s, id, ev) {
            return;
        }
        if self.may_hold_cover(s, id) {
            return self.ask(s, side, crate::state::Ask::IgnoreRetire { unit: id }, ev);
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
        let guarded = self.guarding(s, id);
        let u = s.unit_mut(id);
        u.formation = u.formation.advanced(moved).formation;
        u.retired = true;
        u.evading = true;
        ev.push(Event::Retired {
            unit: id,
            distance: Inches(-moved.0),
        });
        self.out_of_the_wire(s, id);
        // Miscellaneous: guards made to retire lose their prisoners.
        if !guarded.is_empty() {
            self.guards_retired(s, &guarded, ev);
        }
    }

    pub(crate) fn rally_rout_refusal(&self, s: &State, id: UnitId) -> Option<String> {
        let u = s.unit(id);
        if !u.routing {
            return Some(format!("{} is not routing", self.name(id)));
        }
        if u.humiliated > u.bases() {
            return Some("its humiliation is more than its bases".into());
        }
        if s.option("rout_standard_ra") && self.abandons_weapons(u) {
            return Some("machine-gun and mortar teams cannot rally (the original rules)".into());
        }
        for (j, o) in s.units.iter().enumerate() {
            if o.side != u.side && o.on_table() && !o.routing && u.within(o, self.troop(o).speed) {
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
        if s.unit(id).more.off_table {
            return self.rally_off_table(s, id, ev);
        }
        if self.morale_test(s, id, Test::Rally, ev) {
            let turn = s.turn;
            let u = s.unit_mut(id);
            u.routing = false;
            u.terror = 0;
            if s.options.iter().any(|o| o == "rout_no_advance") {
                let u = s.unit_mut(id);
                u.more.no_advance_until = turn + 1 + 2 * u.more.rout_turns.max(1);
            }
            s.unit_mut(id).more.rout_turns = 0;
            ev.push(Event::RalliedRout { unit: id });
        } else if !self.failed_rally_options(s, id, ev) {
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

/// Morale Tests (the modifiers of place), Results of Failed Morale Tests
/// and the optional rules of Rallying.
///
/// Our readings (rulings.md, Morale Tests): an enemy is "behind a flank"
/// when most of its base centres lie behind the line of the unit's front;
/// a friend "capable of charging it" is a unit of riflemen, sabres or
/// fighting vehicles, standing, that sees it and is within a move (its
/// card's speed) of it. "Behind earthworks, in a trench or in a stone
/// building": most base centres in a stone building, or a base centre
/// within 1" of a trench line. Troops aboard a train stand where their car
/// does: officers and enemies are measured to the car, an enemy beyond
/// either end of it is behind their flanks, and the car's hard cover is
/// not works.
impl RedActions {
    /// −3 on the fear test of a unit ambushed while marching (the ambush
    /// rules pass it to [`RedActions::morale_test_modified`]).
    pub fn ambushed_while_marching(&self) -> i32 {
        self.sc().tables.morale.ambushed_while_marching as i32
    }

    /// Whether an enemy behind the unit's flank within 12" goes unchecked
    /// by any friend in sight that could charge it.
    /// Troops aboard a train look out of both sides of their car: an
    /// enemy is behind their flanks when beyond either end of it.
    pub fn enemy_behind_flank(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        let car = self.riding_in(s, id);
        if !u.on_table() && car.is_none() {
            return false;
        }
        let m = &self.sc().tables.morale;
        // Troops aboard: their car stands for them.
        let stands = car.map_or(u, |c| s.unit(c));
        let flanked = |p| match car {
            Some(c) => {
                let o = s.unit(c).formation.outline();
                let [fl, fr, rr, rl] = o;
                !(crate::geometry::behind_front(&o, p)
                    && crate::geometry::behind_front(&[rr, rl, fl, fr], p))
            }
            None => !self.ahead_of(u, p),
        };
        s.ids().any(|e| {
            let eu = s.unit(e);
            if eu.side == u.side || !eu.on_table() || eu.routing {
                return false;
            }
            let theirs = eu.footprint();
            if !stands.within(eu, m.enemy_behind_flank_within) {
                return false;
            }
            let behind = theirs.iter().filter(|b| flanked(b.pose.at)).count();
            if behind * 2 <= theirs.len() {
                return false;
            }
            !s.ids().any(|f| {
                let fu = s.unit(f);
                let c = self.cat(fu);
                f != id
                    && fu.side == u.side
                    && self.standing(s, f)
                    && c.may_charge()
                    && fu.within(eu, self.troop(fu).speed)
                    && self.sees_unit(s, f, e, self.sight_range())
            })
        })
    }

    /// Behind earthworks, in a trench or in a stone building (troops
    /// aboard a train are in their car's hard cover: not works).
    pub fn in_works(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        if !u.on_table() {
            return false;
        }
        if self.cover_of(s, id) == crate::scenario::Cover::Stone {
            return true;
        }
        let near = Inches::whole(1);
        let centres = Self::centres(&u.footprint());
        self.sc()
            .lines
            .iter()
            .filter(|l| l.kind == crate::scenario::LineKind::Trench)
            .any(|l| {
                l.points.windows(2).any(|w| {
                    centres
                        .iter()
                        .any(|&c| crate::geometry::point_segment_dist2(c, w[0], w[1]).within(near))
                })
            })
    }

    /// The modifiers of place: −2 for an unchecked enemy behind a flank,
    /// +2 in works.
    pub fn position_modifier(&self, s: &State, id: UnitId) -> i32 {
        let m = &self.sc().tables.morale;
        let mut n = 0;
        if self.enemy_behind_flank(s, id) {
            n += m.enemy_behind_flank as i32;
        }
        if self.in_works(s, id) {
            n += m.earthworks_trench_stone as i32;
        }
        n
    }

    /// Machine-gun and mortar teams (they leave their weapons when they
    /// fail to rally).
    pub fn abandons_weapons(&self, u: &crate::state::Unit) -> bool {
        matches!(
            self.cat(u),
            crate::scenario::Category::Mg | crate::scenario::Category::Mortar
        )
    }

    /// A failed rally from rout under the optional rules, or by a
    /// machine-gun or mortar team; true when handled here (else the unit
    /// is humiliated and runs again).
    pub(crate) fn failed_rally_options(
        &self,
        s: &mut State,
        id: UnitId,
        ev: &mut Vec<Event>,
    ) -> bool {
        if s.option("rout_standard_ra") {
            let over = match ev.last() {
                Some(Event::MoraleTest { dice, number, .. }) => (dice[0] + dice[1]) as i32 - number,
                _ => 0,
            };
            let twelve = matches!(ev.last(), Some(Event::MoraleTest { dice: [6, 6], .. }));
            ev.push(Event::RallyMargin { unit: id, over });
            if over > 2 || twelve {
                self.remove(s, id, "it fails its rally by more than 2 and is gone", ev);
            } else {
                self.rout_move(s, id, ev);
            }
            return true;
        }
        if self.abandons_weapons(s.unit(id)) {
            self.remove(s, id, "the team fails to rally and leaves its weapons", ev);
            return true;
        }
        false
    }

    /// Results of Failed Morale Tests: a failed charge test (the charge
    /// rules call this); with the optional rule a Commissar's unit takes a
    /// terror marker for it.
    pub fn failed_charge_test(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if s.option("commissar_terror")
            && self
                .commander(s, id)
                .is_some_and(|o| o.traits.contains(&crate::scenario::OfficerTrait::Commissar))
        {
            self.add_terror(s, id, 1, ev);
        }
    }

    /// The optional rule: a unit rallied from rout may not advance toward
    /// the enemy for two turns per turn it spent routing.
    pub fn held_back(&self, s: &State, id: UnitId) -> bool {
        s.option("rout_no_advance") && s.turn < s.unit(id).more.no_advance_until
    }
}
