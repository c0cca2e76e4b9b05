//! Direct Hits: every gun or mortar base that fires (vehicles' guns
//! included: any card with a direct-hit row) rolls 2d6 before the Shooting
//! Table; at least its number removes one base of the target on top of the
//! table's result. A gun, tank or armoured car hit is destroyed (its base
//! is the gun or the vehicle); train cars take hits as the Trains section
//! says. The number is the card's row for the kind of target (a building,
//! a moving vehicle, a stationary one, anything else), +1 for each whole
//! 40" of range (not for repeat fire at a target that stayed still), +1
//! for early Soviet artillery or poor ammunition, +2 for observed indirect
//! fire in its first turn and +1 after. A building section hit falls on
//! 2d6 ≥ 9 (wood) or ≥ 11 (stone), and everyone in it is lost.
//!
//! Our readings (rulings.md, Direct Hits): a unit is "in a building" when
//! most of its base centres are in one building section, and fire at it
//! reads the building number; the section then rolls to fall whenever the
//! hit lands. Losing a base to a direct hit is losing it involuntarily, so
//! the unit takes a fear test at once: with an officer casualty and a
//! Kill! as well, the tests come fear, serious, fear (the rulebook's
//! example). Repeat fire: the firer's last shot, this turn or the last,
//! was at the same target and the target has not moved since. The range
//! is the nearest distance between the bases (from the observer for
//! observed fire). Early artillery counts for guns, mortars and artillery
//! cars of an army marked early; poor ammunition is a card trait.

use super::RedActions;
use crate::geometry;
use crate::scenario::{Category, Material, Trait};
use crate::state::{Event, HitKind, State, Test, UnitId};
use engine::param::Inches;

/// The parts of a direct-hit number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitNumber {
    pub kind: HitKind,
    pub card: u8,
    pub range: u8,
    pub poor: u8,
    pub observed: u8,
}

impl HitNumber {
    pub fn total(&self) -> u8 {
        self.card + self.range + self.poor + self.observed
    }

    /// Whether a 2d6 total lands the hit (at least the number).
    pub fn hits(&self, roll: u8) -> bool {
        roll >= self.total()
    }
}

impl RedActions {
    /// Whether the unit's fire rolls for direct hits (a direct-hit row on
    /// its card: guns, mortars, artillery cars, tanks' guns).
    pub fn rolls_direct_hits(&self, s: &State, id: UnitId) -> bool {
        self.troop(s.unit(id)).direct_hit.is_some()
    }

    /// Artillery for the early-artillery rule and for ammunition: guns,
    /// mortars and artillery cars.
    pub fn is_artillery(&self, s: &State, id: UnitId) -> bool {
        let c = self.cat(s.unit(id));
        c.is_gun() || matches!(c, Category::Mortar | Category::GunCar | Category::TurretCar)
    }

    /// The building section (not yet destroyed) most of the unit's bases
    /// stand in.
    pub fn building_of(&self, s: &State, id: UnitId) -> Option<u16> {
        let centres = Self::centres(&s.unit(id).footprint());
        if centres.is_empty() {
            return None;
        }
        self.sc()
            .buildings
            .iter()
            .enumerate()
            .filter(|(i, _)| !s.ruined.contains(&(*i as u16)))
            .find(|&(i, _)| {
                let Some((poly, _)) = self.building_polygon(i) else {
                    return false;
                };
                let inside = centres
                    .iter()
                    .filter(|&&p| geometry::in_polygon(poly, p))
                    .count();
                inside * 2 > centres.len()
            })
            .map(|(i, _)| i as u16)
    }

    /// What the target is for the direct-hit numbers.
    pub fn hit_kind(&self, s: &State, target: UnitId) -> HitKind {
        // Troops aboard: the hit is on their car.
        let target = self.hit_target(s, target);
        if self.cat(s.unit(target)).is_vehicle() {
            if self.vehicle_moving(s, target) {
                HitKind::MovingVehicle
            } else {
                HitKind::StationaryVehicle
            }
        } else if self.building_of(s, target).is_some() {
            HitKind::Building
        } else {
            HitKind::Other
        }
    }

    /// The nearest distance between two units' bases.
    pub fn range_between(&self, s: &State, a: UnitId, b: UnitId) -> Inches {
        // The bases of the unit or of the car it rides in (`bases_of`),
        // whole units asked by their outlines.
        let on = |id| {
            let u = s.unit(self.hit_target(s, id));
            u.on_table().then_some(u.formation)
        };
        match (on(a), on(b)) {
            (Some(x), Some(y)) => x.dist2(&y).map_or(Inches::ZERO, |d| d.inches()),
            _ => Inches::ZERO,
        }
    }

    /// Whether this shot repeats the firer's last one at a target that has
    /// stayed still since.
    pub fn repeat_fire(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        let k = &s.unit(id).kit;
        k.last_target == Some(target)
            && k.last_turn + 1 >= s.turn
            && !self.vehicle_moving(s, target)
    }

    /// The number a base of `id` needs against `target`, with its parts
    /// (`None`: the unit rolls no direct hits). `range` is measured by the
    /// caller (from the observer for observed fire); `observed` is the
    /// observed-fire addition (2 the first turn, 1 after, 0 otherwise).
    pub fn direct_hit_number(
        &self,
        s: &State,
        id: UnitId,
        target: UnitId,
        range: Inches,
        observed: u8,
    ) -> Option<HitNumber> {
        let u = s.unit(id);
        let row = self.troop(u).direct_hit?;
        let dh = &self.sc().tables.direct_hit;
        let kind = self.hit_kind(s, target);
        let card = match kind {
            HitKind::Building => row.building,
            HitKind::MovingVehicle => row.moving_vehicle,
            HitKind::StationaryVehicle => row.stationary_vehicle,
            HitKind::Other => row.other,
        };
        let range_add = if self.repeat_fire(s, id, target) || dh.range_step.0 <= 0 {
            0
        } else {
            (range.0 / dh.range_step.0).clamp(0, 12) as u8
        };
        let early = self.sc().army_of(u.side).early_artillery && self.is_artillery(s, id);
        let poor = if early || self.has_trait(s, id, Trait::PoorAmmo) {
            dh.early_artillery
        } else {
            0
        };
        Some(HitNumber {
            kind,
            card,
            range: range_add,
            poor,
            observed,
        })
    }

    /// Each firing base rolls 2d6 against the number; every success lands
    /// a direct hit on the target. Returns the hits landed.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn roll_direct_hits(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        bases: u8,
        range: Inches,
        observed: u8,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let mut hits = 0;
        for _ in 0..bases {
            if !self.in_play(s, target) {
                break;
            }
            let Some(n) = self.direct_hit_number(s, id, target, range, observed) else {
                return 0;
            };
            let dice = self.d6x2(s);
            let hit = n.hits(dice[0] + dice[1]);
            ev.push(Event::DirectHit {
                unit: id,
                target,
                dice,
                kind: n.kind,
                card: n.card,
                range: n.range,
                poor: n.poor,
                observed: n.observed,
                hit,
            });
            if hit {
                hits += 1;
                self.direct_hit_on(s, target, ev);
            }
        }
        hits
    }

    /// A direct hit lands on a unit.
    pub fn direct_hit_on(&self, s: &mut State, target: UnitId, ev: &mut Vec<Event>) {
        // Aimed at troops aboard, it lands on their car.
        let target = self.hit_target(s, target);
        if !s.unit(target).on_table() {
            return;
        }
        if self.cat(s.unit(target)).is_train_car() {
            return self.train_car_hit(s, target, ev);
        }
        let building = self.building_of(s, target);
        self.lose_base(s, target, ev);
        if self.standing(s, target) && !self.morale_test(s, target, Test::Fear, ev) {
            self.start_rout(s, target, ev);
        }
        if let Some(b) = building {
            self.building_hit(s, b, ev);
        }
    }

    /// A building section takes a direct hit: 2d6 against its material's
    /// number; when it falls, everyone in it is lost.
    pub(crate) fn building_hit(&self, s: &mut State, b: u16, ev: &mut Vec<Event>) {
        if s.ruined.contains(&b) {
            return;
        }
        let dh = &self.sc().tables.direct_hit;
        let needed = match self.sc().buildings[b as usize].material {
            Material::Wood => dh.destroys_wood_section,
            Material::Stone => dh.destroys_stone_section,
        };
        let dice = self.d6x2(s);
        let destroyed = dice[0] + dice[1] >= needed;
        ev.push(Event::BuildingRoll {
            building: b,
            dice,
            needed,
            destroyed,
        });
        if !destroyed {
            return;
        }
        let inside: Vec<UnitId> = s
            .ids()
            .filter(|&i| s.unit(i).on_table() && self.building_of(s, i) == Some(b))
            .collect();
        s.ruined.push(b);
        for i in inside {
            self.remove(s, i, "its building falls on it", ev);
        }
    }
}
