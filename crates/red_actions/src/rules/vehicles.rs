//! Tanks and Armoured Cars: breakdowns (a d6 at the end of a move faster
//! than half speed, for armoured cars only off flat ground, gentle hills
//! and roads: 1 breaks down until a 4+ on a later move, which may be the
//! very next one), obstacles (a d6 on crossing any but wire: 1 stuck for
//! good, 2 stuck until a 4+; in wire a 1 is a temporary stop), broken-down
//! and stuck vehicles still fire; what hurts them (tanks: artillery direct
//! hits only; armoured cars: direct hits and close-range MG fire, Kill!
//! destroys); a tank's fire adds a terror marker (not in super-hard
//! cover); troops charged by a tank or car rout on contact after a d6 (6
//! immobilises it, grenadiers +2).
//!
//! Our readings (rulings.md, Tanks, Armoured Cars): the vehicle's "move"
//! is its segment, so the speed test comes when the segment ends, on the
//! distance charged; an obstacle is a linear feature other than a road or
//! rail that a corner of a base crosses in a move; armoured cars are off
//! good going when a move's corner paths enter any area that costs them
//! movement (normal and steep hills, woods, rough, towns and buildings);
//! getting going again is the Repair action, a free extra taken before
//! anything else in the segment, once; close-range MG fire is MG fire
//! within the MG bonus range (8"), and then the whole table result
//! applies; a tank with sponsons on both sides fires once a turn like
//! every unit, each tank counting once whichever sponson bears.

use super::RedActions;
use crate::geometry::{self, corner_paths};
use crate::scenario::{Category, Cover, LineKind};
use crate::state::{Event, Phase, State, UnitId, VehicleCheck, VehicleResult};

/// The d6 that breaks a vehicle down, sticks it for good, sticks it for a
/// while, and the least that gets it going again (Tanks).
pub const BREAKS_ON: u8 = 1;
pub const STUCK_FOR_GOOD_ON: u8 = 1;
pub const STUCK_ON: u8 = 2;
pub const FREED_ON: u8 = 4;
/// Charged troops immobilise the vehicle on a 6; grenadiers add 2.
pub const IMMOBILISES_ON: u8 = 6;
pub const GRENADIER_BONUS: u8 = 2;

impl RedActions {
    /// Tanks and armoured cars (not trains).
    pub fn is_motor(&self, s: &State, id: UnitId) -> bool {
        matches!(self.cat(s.unit(id)), Category::Tank | Category::ArmouredCar)
    }

    /// Whether a vehicle is moving for the direct-hit numbers: a train
    /// whose engine has a move, any other that moved in its last segment.
    pub fn vehicle_moving(&self, s: &State, id: UnitId) -> bool {
        if self.cat(s.unit(id)).is_train_car() {
            return self
                .engine_of(s, id)
                .is_some_and(|e| s.unit(e).kit.train_speed.0 != 0);
        }
        s.unit(id).kit.moving
    }

    /// Why fire from `id` cannot hurt the vehicle `target` (`None`: it can).
    pub fn vehicle_target_refusal(&self, s: &State, id: UnitId, target: UnitId) -> Option<String> {
        let tc = self.cat(s.unit(target));
        if !tc.is_vehicle() || self.rolls_direct_hits(s, id) {
            return None;
        }
        match tc {
            Category::ArmouredCar if self.close_mg(s, id, target) => None,
            Category::ArmouredCar => Some(
                "only artillery direct hits and close-range MG fire hurt an armoured car".into(),
            ),
            Category::Tank => Some("only artillery direct hits hurt a tank".into()),
            _ => Some("only artillery direct hits hurt a train".into()),
        }
    }

    /// MG fire within the MG bonus range.
    fn close_mg(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        self.cat(s.unit(id)).is_mg()
            && geometry::within(
                &s.unit(id).footprint(),
                &s.unit(target).footprint(),
                self.sc().tables.shooting_modifiers.mg_close_range,
            )
    }

    /// Whether the Shooting Table applies to fire at this target: not at
    /// tanks and trains (direct hits only), at armoured cars only from
    /// close MGs.
    pub fn table_applies(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        match self.cat(s.unit(target)) {
            Category::Tank => false,
            Category::ArmouredCar => self.close_mg(s, id, target),
            c if c.is_train_car() => false,
            _ => true,
        }
    }

    /// Tanks' fire: +1 terror on a unit not in super-hard cover.
    pub(crate) fn tank_terror(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        if self.cat(s.unit(id)) != Category::Tank
            || !s.unit(target).on_table()
            || self.cat(s.unit(target)).is_vehicle()
            || self.cover_of(s, target) == Cover::SuperHard
        {
            return;
        }
        ev.push(Event::TankTerror { unit: id, target });
        self.add_terror(s, target, 1, ev);
    }

    /// Why a vehicle cannot move now (broken down, stuck, immobilised).
    pub fn vehicle_move_refusal(&self, s: &State, id: UnitId) -> Option<String> {
        let k = &s.unit(id).kit;
        if k.immobilised {
            Some(format!("{} is immobilised for good", self.name(id)))
        } else if k.broken_down {
            Some(format!(
                "{} is broken down or stuck (it must get going again on a {FREED_ON}+ first)",
                self.name(id)
            ))
        } else {
            None
        }
    }

    pub(crate) fn repair_refusal(&self, s: &State, id: UnitId, fresh: bool) -> Option<String> {
        let u = s.unit(id);
        if !self.is_motor(s, id) {
            Some(format!("{} is not a tank or armoured car", self.name(id)))
        } else if u.kit.immobilised {
            Some(format!(
                "{} will not move again in this game",
                self.name(id)
            ))
        } else if !u.kit.broken_down {
            Some(format!("{} is running", self.name(id)))
        } else if !fresh {
            Some("getting going again is tried once, before anything else in a segment".into())
        } else {
            None
        }
    }

    /// The try to get a broken-down or stuck vehicle going: 4+.
    pub(crate) fn repair(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let die = self.d6(s);
        let freed = die >= FREED_ON;
        ev.push(Event::VehicleDie {
            unit: id,
            check: VehicleCheck::Repair,
            die,
            bonus: 0,
            result: if freed {
                VehicleResult::Freed
            } else {
                VehicleResult::StillStuck
            },
        });
        if freed {
            s.unit_mut(id).kit.broken_down = false;
        }
    }

    /// After a move of a tank or armoured car: the obstacle dice for each
    /// linear feature crossed, and for armoured cars whether it left good
    /// going (for the speed test at the end of the segment).
    pub(crate) fn after_vehicle_move(
        &self,
        s: &mut State,
        id: UnitId,
        from: &geometry::Formation,
        ev: &mut Vec<Event>,
    ) {
        if !self.is_motor(s, id) || !s.unit(id).on_table() {
            return;
        }
        let to = s.unit(id).formation;
        let paths = corner_paths(&from.base_list(), &to.base_list());
        let crosses = |line: &geometry::Polyline| {
            paths.iter().any(|p| {
                p.windows(2)
                    .any(|w| geometry::crosses_polyline(w[0], w[1], line))
            })
        };
        let mut wire = false;
        let mut obstacle = false;
        // A wire-clearing tank's run down the wire has its own dice.
        let clearing = self.clearing_line(s, id, from.front.at, to.front.at);
        for (i, l) in self.sc().lines.iter().enumerate() {
            if matches!(l.kind, LineKind::Road | LineKind::Rail) || clearing == Some(i as u16) {
                continue;
            }
            if crosses(&geometry::Polyline::new(l.points.clone())) {
                if l.kind == LineKind::Wire {
                    wire = true;
                } else {
                    obstacle = true;
                }
            }
        }
        if self.cat(s.unit(id)) == Category::ArmouredCar {
            let m = self.mover(s.unit(id)) as usize;
            let rough = self.prep.areas[m].iter().any(|(poly, _)| {
                paths.iter().any(|p| {
                    p.windows(2)
                        .any(|w| geometry::segment_enters(w[0], w[1], poly))
                })
            });
            if rough {
                s.unit_mut(id).kit.off_road = true;
            }
        }
        if obstacle {
            self.obstacle_die(s, id, VehicleCheck::Obstacle, ev);
        }
        if wire && s.unit(id).on_table() {
            self.obstacle_die(s, id, VehicleCheck::Wire, ev);
        }
    }

    fn obstacle_die(&self, s: &mut State, id: UnitId, check: VehicleCheck, ev: &mut Vec<Event>) {
        let die = self.d6(s);
        let result = match (check, die) {
            (VehicleCheck::Wire, d) if d == BREAKS_ON => VehicleResult::Stuck,
            (VehicleCheck::Obstacle, d) if d == STUCK_FOR_GOOD_ON => VehicleResult::StuckForGood,
            (VehicleCheck::Obstacle, d) if d == STUCK_ON => VehicleResult::Stuck,
            _ => VehicleResult::Fine,
        };
        ev.push(Event::VehicleDie {
            unit: id,
            check,
            die,
            bonus: 0,
            result,
        });
        let k = &mut s.unit_mut(id).kit;
        match result {
            VehicleResult::Stuck => k.broken_down = true,
            VehicleResult::StuckForGood => k.immobilised = true,
            _ => {}
        }
    }

    /// Whether the unit's segment ending now brings the breakdown test: a
    /// tank or armoured car (armoured cars: off good going) that went
    /// faster than half speed.
    pub fn breakdown_due(&self, s: &State, id: UnitId) -> bool {
        let seg = match s.phase {
            Phase::Acting(seg) if seg.unit == id => seg,
            _ => return false,
        };
        if !seg.moved || !self.is_motor(s, id) || !s.unit(id).on_table() {
            return false;
        }
        let half = self.troop(s.unit(id)).speed.fraction(1, 2);
        seg.charged > half && (self.cat(s.unit(id)) == Category::Tank || s.unit(id).kit.off_road)
    }

    /// The end of a unit's segment: it is "moving" until its next one if
    /// it moved; a tank or armoured car that went faster than half speed
    /// (armoured cars: off good going) tests for a breakdown.
    pub(crate) fn end_of_move(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let tests = self.breakdown_due(s, id);
        let moved = matches!(s.phase, Phase::Acting(seg) if seg.unit == id && seg.moved);
        if !self.cat(s.unit(id)).is_train_car() {
            s.unit_mut(id).kit.moving = moved;
        }
        s.unit_mut(id).kit.off_road = false;
        self.check_train_capture(s, ev);
        if !tests {
            return;
        }
        let die = self.d6(s);
        let broken = die == BREAKS_ON;
        ev.push(Event::VehicleDie {
            unit: id,
            check: VehicleCheck::Speed,
            die,
            bonus: 0,
            result: if broken {
                VehicleResult::BrokenDown
            } else {
                VehicleResult::Fine
            },
        });
        if broken {
            s.unit_mut(id).kit.broken_down = true;
        }
    }

    /// What troops charged by a vehicle add to their d6 against it
    /// (grenadiers +2).
    pub fn charged_troops_bonus(&self, s: &State, target: UnitId) -> u8 {
        if self.cat(s.unit(target)) == Category::Grenadier {
            GRENADIER_BONUS
        } else {
            0
        }
    }

    /// The chance in 6 that troops charged by a vehicle immobilise it on
    /// contact (the faces that do, as `tank_charge_contact` reads them).
    pub fn immobilise_in_6(&self, s: &State, target: UnitId) -> u32 {
        let bonus = self.charged_troops_bonus(s, target);
        (1..=6u8).filter(|d| d + bonus >= IMMOBILISES_ON).count() as u32
    }

    /// Troops charged by a tank or armoured car that did not rout from
    /// their fear test rout when it makes contact, but first roll a d6: 6
    /// (grenadiers add 2) immobilises the vehicle. Called by the Charging rules on contact
    /// (`close_in`); returns whether the vehicle was immobilised.
    pub fn tank_charge_contact(
        &self,
        s: &mut State,
        vehicle: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) -> bool {
        let die = self.d6(s);
        let bonus = self.charged_troops_bonus(s, target);
        let immobilised = die + bonus >= IMMOBILISES_ON;
        ev.push(Event::VehicleDie {
            unit: vehicle,
            check: VehicleCheck::Charged,
            die,
            bonus,
            result: if immobilised {
                VehicleResult::Immobilised
            } else {
                VehicleResult::Fine
            },
        });
        if immobilised {
            s.unit_mut(vehicle).kit.immobilised = true;
        }
        self.start_rout(s, target, ev);
        immobilised
    }

    /// A unit that surrenders: a tank is captured intact (its owner's
    /// victory margin drops at the end).
    pub(crate) fn surrendered_intact(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if self.cat(s.unit(id)) == Category::Tank && s.unit(id).on_table() {
            let side = s.unit(id).side;
            s.unit_mut(id).kit.captured_from = Some(side);
            ev.push(Event::TankCaptured { unit: id });
        }
    }

    /// Tanks a side has lost to capture.
    pub fn tanks_captured(&self, s: &State, side: engine::Side) -> u32 {
        s.units
            .iter()
            .filter(|u| self.cat(u) == Category::Tank && u.kit.captured_from == Some(side))
            .map(|u| u.bases().max(1) as u32)
            .sum()
    }
}
