//! Square Occupancy: which units may share a square. Infantry, cavalry and
//! artillery do not share; MG bases and vehicles join them up to the
//! table's limits; at most two troop types to a square; officers, CHEKA and
//! Commissars go anywhere.

use super::RedSquare;
use crate::data::Class;
use crate::grid::Sq;
use crate::state::{Status, Unit, UnitId};

/// What stands in one square, counted for the Square Occupancy Table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Occupants {
    pub troops: u8,
    pub mg_bases: u8,
    /// Vehicle equivalents in halves (a light tank counts 1.5: 3 halves).
    pub vehicle_halves: u8,
    pub train: bool,
    /// Troop types present (infantry, cavalry, artillery, MGs, vehicles, train).
    pub types: u8,
}

impl RedSquare {
    pub fn occupants<'a>(&self, units: impl Iterator<Item = &'a Unit>) -> Occupants {
        let mut o = Occupants::default();
        let mut types = 0u8;
        for u in units {
            self.add_occupant(&mut o, &mut types, u);
        }
        o.types = types.count_ones() as u8;
        o
    }

    /// Counts one unit into a square's occupants (`types`: a bit per troop type).
    pub(crate) fn add_occupant(&self, o: &mut Occupants, types: &mut u8, u: &Unit) {
        let t = self.ty(u);
        match t.class {
            Class::Infantry => {
                o.troops += 1;
                *types |= 1;
            }
            Class::Cavalry => {
                o.troops += 1;
                *types |= 2;
            }
            Class::Artillery => {
                o.troops += 1;
                *types |= 4;
            }
            Class::Mg => {
                o.mg_bases += u.bases;
                *types |= 8;
            }
            Class::Train => {
                o.train = true;
                *types |= 16;
            }
            c if c.is_vehicle() => {
                o.vehicle_halves += t.equivalent_halves * u.bases;
                *types |= 32;
            }
            _ => {}
        }
    }

    /// Why the units in `sq` (with `adding` moved in, if given) break the
    /// Square Occupancy Table; `None` if they may stand together.
    pub fn occupancy_problem(
        &self,
        units: &[Unit],
        sq: Sq,
        adding: Option<UnitId>,
    ) -> Option<String> {
        let here = units
            .iter()
            .filter(|u| u.status == Status::OnTable && (u.at == sq || Some(u.id) == adding));
        let o = self.occupants(here);
        self.occupancy_limits(o)
    }

    /// The limits of the Square Occupancy Table for one square's occupants.
    pub fn occupancy_limits(&self, o: Occupants) -> Option<String> {
        let t = &self.scenario.tables.occupancy;
        if o.troops > 1 {
            return Some("infantry, cavalry and artillery do not share a square".into());
        }
        if o.types > t.max_troop_types {
            return Some(format!(
                "at most {} troop types to a square",
                t.max_troop_types
            ));
        }
        let with_troops = o.troops > 0 || o.train;
        let mg_max = if with_troops {
            t.mg_bases_with_troops
        } else {
            t.mg_bases
        };
        if o.mg_bases > mg_max {
            return Some(format!("at most {mg_max} MG bases here"));
        }
        let vehicle_max = if with_troops {
            t.vehicles_with_troops as f32
        } else {
            t.vehicle_equivalents
        };
        if o.vehicle_halves as f32 > vehicle_max * 2.0 {
            return Some(format!(
                "at most {vehicle_max} vehicles (counted in equivalents: a heavy tank 2, a light tank 1.5) here"
            ));
        }
        None
    }

    /// Whether `unit` may enter `sq` as far as occupancy goes (friends only:
    /// entering enemies is an overrun).
    pub fn room_for(&self, units: &[Unit], unit: UnitId, sq: Sq) -> bool {
        let u = &units[unit as usize];
        if self.ty(u).class.is_figure() {
            return true;
        }
        let here = units.iter().filter(|x| {
            x.status == Status::OnTable && x.id != unit && (x.at == sq) && x.side == u.side
        });
        let o = self.occupants(here.chain(std::iter::once(u)));
        self.occupancy_limits(o).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Square Occupancy note 1: two light tanks and an armoured car make 4
    /// vehicle equivalents and may share a square; two light tanks and a
    /// heavy tank make 5 and may not.
    #[test]
    fn occupancy_vehicle_equivalents() {
        let rules = crate::tests::rules("sviyazhsk");
        let o = |halves: u8| Occupants {
            vehicle_halves: halves,
            types: 1,
            ..Default::default()
        };
        let light = 3; // 1.5
        let heavy = 4; // 2
        let car = 2; // 1
        assert!(rules.occupancy_limits(o(light + light + car)).is_none());
        assert!(rules.occupancy_limits(o(light + light + heavy)).is_some());
        let with_troops = Occupants {
            troops: 1,
            vehicle_halves: car + car,
            types: 2,
            ..Default::default()
        };
        assert!(rules.occupancy_limits(with_troops).is_none());
        let crowded = Occupants {
            troops: 1,
            vehicle_halves: car * 3,
            types: 2,
            ..Default::default()
        };
        assert!(
            rules.occupancy_limits(crowded).is_some(),
            "2 vehicles with troops"
        );
        let two_troops = Occupants {
            troops: 2,
            types: 1,
            ..Default::default()
        };
        assert!(rules.occupancy_limits(two_troops).is_some());
        let three_types = Occupants {
            troops: 1,
            mg_bases: 2,
            vehicle_halves: 2,
            types: 3,
            ..Default::default()
        };
        assert!(
            rules.occupancy_limits(three_types).is_some(),
            "three troop types"
        );
    }
}
