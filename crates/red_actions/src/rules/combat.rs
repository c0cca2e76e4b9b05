//! Hand-to-Hand Combat, the Combat Table, Combat Modifiers, Combat Results
//! and Officer Casualties in combat; and the odds of a charge before it is
//! made.
//!
//! Strength = fighting value × effective bases × (100 + the sum of the
//! modifiers in percent) (we add the percentages, rulings); the stronger
//! to the weaker rounded down to a column, 4:1 at most, the charger
//! stronger on equal strengths; 2d6 on the table. The modifiers: behind
//! fortifications +50% (super-hard cover), defending in other cover or at a
//! ford +25% (the better of the two only), uphill +25% (the side standing
//! higher), flank or rear −50% (once: the ½ of Charging), formed cavalry
//! charging +25% (counter-chargers too). The results: retire with terror,
//! defeated (−2 bases, the rest rout), humiliated (the stronger takes a
//! humiliated marker and a fear test, the weaker retires with 2 terror),
//! surrenders (prisoners: out of the game, counted as captured). Then a d6
//! for each unit's officer: 1 is a casualty, 2 as well when the unit routs;
//! a unit that loses its officer takes a terror marker and a serious test.

use super::RedActions;
use crate::geometry::{self, Aspect};
use crate::scenario::{Category, Cover, Elevation, LineKind};
use crate::state::{Action, Event, Order, State, Test, UnitId};
use crate::tables::{CombatResult, Outcome, Tables, Who};

/// A fight worked out before the dice, per side [charger, target].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatSums {
    pub values: [u8; 2],
    /// Effective half bases.
    pub halves: [u32; 2],
    /// The sum of the modifiers, percent.
    pub percent: [i32; 2],
    /// value × halves × (100 + percent): the strength in 1/200ths.
    pub strength: [u32; 2],
    pub charger_stronger: bool,
    /// 0 = Adv .. 5 = 4:1.
    pub column: usize,
}

/// The chances of a charge, in 36ths of a 2d6 roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargeOdds {
    /// The chance the charge test passes (36 when none is needed).
    pub test_in_36: u32,
    pub sums: CombatSums,
    /// Each Combat Table result of the column with its chance, in the
    /// table's order (2d6 = 2 first), the same result counted once.
    pub results: Vec<(CombatResult, u32)>,
}

/// The number of 2d6 rolls (of 36) that make each total 2..=12.
pub const TWO_D6: [u32; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

impl RedActions {
    /// The elevation a unit stands on: the highest hill holding most of
    /// its base centres.
    pub fn elevation_of(&self, s: &State, id: UnitId) -> Elevation {
        let centres = Self::centres(&s.unit(id).footprint());
        let mut best = Elevation::Flat;
        for a in &self.sc().terrain {
            if a.elevation <= best {
                continue;
            }
            let poly = geometry::Polygon::new(a.points.clone());
            let inside = centres
                .iter()
                .filter(|&&p| geometry::in_polygon(&poly, p))
                .count();
            if inside * 2 > centres.len() {
                best = a.elevation;
            }
        }
        best
    }

    /// Whether a unit defends at a ford (a ford line within 2" of one of
    /// its bases' centres).
    fn at_ford(&self, s: &State, id: UnitId) -> bool {
        let centres = Self::centres(&s.unit(id).footprint());
        self.sc()
            .lines
            .iter()
            .filter(|l| l.kind == LineKind::Ford)
            .any(|l| {
                l.points.windows(2).any(|w| {
                    centres.iter().any(|&c| {
                        geometry::point_segment_dist2(c, w[0], w[1])
                            .within(engine::param::Inches::whole(2))
                    })
                })
            })
    }

    /// The arithmetic of a fight between a charger and its target.
    pub fn combat_sums(
        &self,
        s: &State,
        charger: UnitId,
        target: UnitId,
        aspect: Aspect,
        counter: bool,
    ) -> CombatSums {
        let m = &self.sc().tables.combat_modifiers;
        let ids = [charger, target];
        let values = ids.map(|i| self.troop(s.unit(i)).fighting);
        let halves = ids.map(|i| s.unit(i).effective_halves());
        let mut percent = [0i32; 2];
        // The defender: fortifications, or cover, ford or bridge.
        let cover = self.cover_of(s, target);
        if cover == Cover::SuperHard {
            percent[1] += m.fortifications as i32;
        } else if cover != Cover::None || self.at_ford(s, target) {
            percent[1] += m.defending_cover as i32;
        }
        let (ec, et) = (self.elevation_of(s, charger), self.elevation_of(s, target));
        if ec > et {
            percent[0] += m.uphill as i32;
        } else if et > ec {
            percent[1] += m.uphill as i32;
        }
        if aspect != Aspect::Front {
            percent[1] += m.flank_or_rear as i32;
        }
        if s.unit(charger).order == Order::Formed {
            percent[0] += m.formed_cavalry_charging as i32;
        }
        if counter && s.unit(target).order == Order::Formed {
            percent[1] += m.formed_cavalry_charging as i32;
        }
        let strength =
            [0, 1].map(|k| values[k] as u32 * halves[k] * (100 + percent[k]).max(0) as u32);
        let charger_stronger = strength[0] >= strength[1];
        let column = Tables::ratio_column(strength[0], strength[1]);
        CombatSums {
            values,
            halves,
            percent,
            strength,
            charger_stronger,
            column,
        }
    }

    /// The chances of a charge as it stands: its test, and the Combat
    /// Table's results should the target stand (before the target's fear
    /// test and answer). `None` if the action is no legal charge now.
    pub fn charge_odds(&self, s: &State, a: &Action) -> Option<ChargeOdds> {
        let Action::Charge { unit, target } = *a else {
            return None;
        };
        let side = s.units.get(unit as usize)?.side;
        if self.is_refused(s, side, a) {
            return None;
        }
        let ambush = s.unit(unit).ambush;
        let plan = self.charge_plan(s, unit, target, ambush).ok()?;
        // From ambush there is no charge test.
        let test_in_36 = if ambush {
            36
        } else {
            self.test_in_36(self.morale_number(s, unit, Test::Charge))
        };
        // Going in as the rules do, up to the dice (`close_in`: the charger
        // in contact, the flank or rear terror, the turn to face), on a copy
        // with a generator of its own; with no fight to follow, the sums as
        // they stand.
        let mut after = s.clone();
        after.rng = engine::rng_from_seed(0);
        after.loaded.clear();
        after.charge = None;
        let charge = crate::state::Charge {
            charger: unit,
            target,
            aspect: plan.aspect,
            ambush,
            counter: false,
            stage: crate::state::ChargeStage::Contact,
            contact: plan.contact,
            under: 0,
        };
        let sums = if self.close_in(&mut after, charge, &mut Vec::new()) {
            self.combat_sums(&after, unit, target, plan.aspect, false)
        } else {
            self.combat_sums(s, unit, target, plan.aspect, false)
        };
        let mut results: Vec<(CombatResult, u32)> = Vec::new();
        for roll in 2..=12u8 {
            let r = self.sc().tables.combat(sums.column, roll);
            let n = TWO_D6[roll as usize - 2];
            match results.iter_mut().find(|(x, _)| *x == r) {
                Some(e) => e.1 += n,
                None => results.push((r, n)),
            }
        }
        Some(ChargeOdds {
            test_in_36,
            sums,
            results,
        })
    }

    /// Hand-to-hand combat between a charger and its target in contact.
    pub(crate) fn fight(
        &self,
        s: &mut State,
        charger: UnitId,
        target: UnitId,
        aspect: Aspect,
        counter: bool,
        ev: &mut Vec<Event>,
    ) {
        let sums = self.combat_sums(s, charger, target, aspect, counter);
        let dice = self.d6x2(s);
        let result = self.sc().tables.combat(sums.column, dice[0] + dice[1]);
        ev.push(Event::Combat {
            charger,
            target,
            values: sums.values,
            halves: sums.halves,
            percent: sums.percent,
            strength: sums.strength,
            charger_stronger: sums.charger_stronger,
            column: sums.column as u8,
            dice,
            result,
        });
        let routing_before = [charger, target].map(|i| s.unit(i).routing);
        let (stronger, weaker) = if sums.charger_stronger {
            (charger, target)
        } else {
            (target, charger)
        };
        let loser = match result.who {
            Who::Stronger => stronger,
            Who::Weaker => weaker,
        };
        match result.outcome {
            Outcome::Retires(n) => {
                self.retire(s, loser, ev);
                self.add_terror(s, loser, n, ev);
            }
            Outcome::Defeated => {
                for _ in 0..2 {
                    if s.unit(loser).on_table() {
                        self.lose_base(s, loser, ev);
                    }
                }
                self.start_rout(s, loser, ev);
            }
            Outcome::Humiliated => {
                if s.unit(stronger).on_table() {
                    s.unit_mut(stronger).humiliated += 1;
                    ev.push(Event::Humiliated { unit: stronger });
                    self.check_rout(s, stronger, ev);
                    if self.standing(s, stronger) && !self.morale_test(s, stronger, Test::Fear, ev)
                    {
                        self.start_rout(s, stronger, ev);
                    }
                }
                self.retire(s, weaker, ev);
                self.add_terror(s, weaker, 2, ev);
            }
            Outcome::Surrenders => {
                ev.push(Event::Surrendered { unit: loser });
                let n = s.unit(loser).bases();
                self.take_prisoners(s, loser, n, "it surrenders: its men are prisoners", ev);
            }
        }
        for id in [charger, target] {
            self.combat_officer_roll(s, id, ev);
        }
        // Sabres that routed their enemy pursue at once.
        for (k, (x, other)) in [(charger, target), (target, charger)]
            .into_iter()
            .enumerate()
        {
            if !routing_before[k]
                && s.unit(x).routing
                && s.unit(x).on_table()
                && self.standing(s, other)
                && self.cat(s.unit(other)) == Category::Sabre
            {
                self.pursue(s, other, x, ev);
            }
        }
    }

    /// Officer Casualties in combat: a d6 for each of the unit's officers;
    /// 1 is a casualty, and 2 as well if the unit routs (`officers`).
    fn combat_officer_roll(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let at_most = if s.unit(id).routing { 2 } else { 1 };
        self.officer_casualties(s, id, at_most, ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combat_two_d6_counts_all_36_rolls() {
        assert_eq!(TWO_D6.iter().sum::<u32>(), 36);
    }
}
