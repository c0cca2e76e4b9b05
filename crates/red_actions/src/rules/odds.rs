//! The odds of a shot and of a charge before they are made, for the side
//! about to choose: every 2d6 roll (36 ways) through the same functions
//! the rules roll with — `plan` and `shooting_cell` for the Shooting
//! Table, `charge_odds` (the charge test and the Combat Table) for a
//! charge.
//!
//! What they are worked out from the side may see: its own unit, and the
//! target as the table shows it to everybody (its bases, markers, order,
//! troop type and officer, its cover and the ground). Hidden units cannot
//! be aimed at, so no secret goes into the sums. What the enemy still has
//! to decide (a charged unit's answer, its fear test) is assumed and said
//! so; direct hits, rolled first by guns, are left out and said so.

use super::RedActions;
use crate::state::{Action, FireMode, State};
use crate::tables::{CombatResult, Outcome, Who};
use engine::Side;
use engine::odds::{Distribution, Method, Odds};

use super::combat::TWO_D6;

impl RedActions {
    /// The odds of `a` for `side` (`None`: no Shooting or Combat Table
    /// roll hangs on it, or it is not a legal choice now).
    pub fn odds_of(&self, s: &State, side: Side, a: &Action) -> Option<Odds> {
        match *a {
            Action::Shoot { unit, target } => {
                if self.refusal_of(s, side, a).is_some() {
                    return None;
                }
                self.shot_odds(s, unit, target)
            }
            Action::Charge { .. } => {
                if self.refusal_of(s, side, a).is_some() {
                    return None;
                }
                self.charge_chances(s, a)
            }
            _ => None,
        }
    }

    /// Direct fire: each roll's Shooting Table cell, the same cells given
    /// together.
    fn shot_odds(&self, s: &State, unit: u16, target: u16) -> Option<Odds> {
        let plan = self.plan(s, unit, target, FireMode::Direct)?;
        let mut notes = vec![format!(
            "{} base{} firing, total {}{}, column shift {:+}",
            plan.sums.bases,
            if plan.sums.bases == 1 { "" } else { "s" },
            plan.sums.total,
            if plan.sums.long_range {
                " (long range)"
            } else {
                ""
            },
            plan.sums.shift
        )];
        if self.rolls_direct_hits(s, unit) {
            notes.push("direct hits are rolled first and are not included".into());
        }
        if !self.table_applies(s, unit, target) {
            notes.push("the Shooting Table does not apply to this target".into());
            return Some(Odds {
                parts: vec![Distribution::new(
                    "the target",
                    vec![("no Shooting Table effect".into(), 1.0)],
                )],
                method: Method::Exact,
                notes,
            });
        }
        let tables = &self.sc().tables;
        let column = tables.shooting_column(plan.sums.total);
        let outcomes = (2..=12u8)
            .map(|roll| {
                let e = match column {
                    Some(c) => tables.shooting_cell(roll, c as i32 + plan.sums.shift),
                    None => crate::tables::Effect::NONE,
                };
                (
                    crate::text::effect(&e),
                    TWO_D6[roll as usize - 2] as f64 / 36.0,
                )
            })
            .collect();
        Some(Odds {
            parts: vec![Distribution::new("the target", outcomes)],
            method: Method::Exact,
            notes,
        })
    }

    /// A charge: the charge test, and the Combat Table's results should
    /// the target stand.
    fn charge_chances(&self, s: &State, a: &Action) -> Option<Odds> {
        let c = self.charge_odds(s, a)?;
        let pass = c.test_in_36 as f64 / 36.0;
        let test = Distribution::new(
            "the charge test",
            vec![("passed".into(), pass), ("failed".into(), 1.0 - pass)],
        );
        let on = |who: Who| -> &'static str {
            match (who, c.sums.charger_stronger) {
                (Who::Stronger, true) | (Who::Weaker, false) => "yours",
                _ => "the target",
            }
        };
        let words = |r: &CombatResult| -> String {
            match r.outcome {
                Outcome::Retires(n) => format!("{} retires with {n} terror", on(r.who)),
                Outcome::Defeated => format!("{} defeated", on(r.who)),
                Outcome::Humiliated => format!(
                    "{} humiliated, {} retires",
                    on(Who::Stronger),
                    on(Who::Weaker)
                ),
                Outcome::Surrenders => format!("{} surrenders", on(r.who)),
            }
        };
        let fight = Distribution::new(
            "if the target stands",
            c.results
                .iter()
                .map(|(r, n)| (words(r), *n as f64 / 36.0))
                .collect(),
        );
        Some(Odds {
            parts: vec![test, fight],
            method: Method::Exact,
            notes: vec![
                format!(
                    "strengths {} to {} (column {})",
                    c.sums.strength[0] / 2,
                    c.sums.strength[1] / 2,
                    c.sums.column
                ),
                "the target's answer (stand, flee, shoot, counter-charge) is the enemy's: \
                 the fight is shown as if it stands"
                    .into(),
            ],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Phase, Status};
    use engine::Ruleset;
    use engine::param::{Degrees, Inches, Point, Pose};

    fn village() -> RedActions {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml");
        RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    fn id(r: &RedActions, key: &str) -> u16 {
        r.sc().units.iter().position(|u| u.id == key).unwrap() as u16
    }

    fn place(s: &mut State, u: u16, x: i32, y: i32, facing: i32) {
        let unit = s.unit_mut(u);
        unit.status = Status::OnTable;
        unit.acted = false;
        unit.formation.front = Pose {
            at: Point {
                x: Inches::whole(x),
                y: Inches::whole(y),
            },
            facing: Degrees::whole(facing),
        };
    }

    /// Red's cavalry 8" east of White's 1st Volunteers, facing each
    /// other in the open; Red to choose.
    fn facing_off() -> (RedActions, State, u16, u16) {
        let r = village();
        let mut s = r.setup(&engine::Options::new(), 1).unwrap();
        for u in s.units.iter_mut() {
            u.status = Status::Waiting;
            u.acted = true;
            u.officer = None;
            u.arrives = 99;
            u.hidden = false;
            u.marker = false;
            u.ambush = false;
        }
        s.dummies.clear();
        for (key, y, facing) in [("w_gen", 4, 180), ("r_kombrig", 44, 0)] {
            let g = id(&r, key);
            place(&mut s, g, 69, y, facing);
        }
        let (cav, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
        place(&mut s, cav, 40, 40, 270);
        place(&mut s, vol, 32, 40, 90);
        s.unit_mut(cav).order = crate::state::Order::Line;
        s.phase = Phase::Choose {
            side: Side::B,
            card: None,
            selected: None,
        };
        (r, s, cav, vol)
    }

    /// Every roll counted once, the same cells the rules roll with.
    #[test]
    fn odds_of_a_shot_and_a_charge_enumerate_the_36_rolls() {
        let (r, s, cav, vol) = facing_off();
        let charge = Action::Charge {
            unit: cav,
            target: vol,
        };
        let odds = r
            .odds(&s, Side::B, &charge)
            .expect("a charge in reach has odds");
        assert_eq!(odds.method, Method::Exact);
        assert_eq!(odds.parts.len(), 2);
        for d in &odds.parts {
            assert!((d.total() - 1.0).abs() < 1e-9, "{}", d.summary());
        }
        let c = r.charge_odds(&s, &charge).unwrap();
        assert_eq!(
            odds.parts[0].p("passed"),
            c.test_in_36 as f64 / 36.0,
            "the charge test"
        );
        // The volunteers (Red's side may shoot them too, from the other
        // way round): White shoots at the cavalry.
        let mut s2 = s.clone();
        s2.phase = Phase::Choose {
            side: Side::A,
            card: None,
            selected: None,
        };
        let shot = Action::Shoot {
            unit: vol,
            target: cav,
        };
        if r.legal(&s2, Side::A, &shot) {
            let odds = r.odds(&s2, Side::A, &shot).expect("a legal shot has odds");
            let d = &odds.parts[0];
            assert!((d.total() - 1.0).abs() < 1e-9, "{}", d.summary());
            // By hand: each roll's cell from the plan.
            let plan = r.plan(&s2, vol, cav, FireMode::Direct).unwrap();
            let t = &r.sc().tables;
            let col = t.shooting_column(plan.sums.total);
            let mut by_hand: Vec<(String, f64)> = Vec::new();
            for roll in 2..=12u8 {
                let e = match col {
                    Some(c) => t.shooting_cell(roll, c as i32 + plan.sums.shift),
                    None => crate::tables::Effect::NONE,
                };
                let label = crate::text::effect(&e);
                let p = TWO_D6[roll as usize - 2] as f64 / 36.0;
                match by_hand.iter_mut().find(|(l, _)| *l == label) {
                    Some(x) => x.1 += p,
                    None => by_hand.push((label, p)),
                }
            }
            for (label, p) in by_hand {
                assert!((d.p(&label) - p).abs() < 1e-12, "{label}");
            }
        } else {
            panic!(
                "the volunteers cannot shoot: {:?}",
                r.refusal(&s2, Side::A, &shot)
            );
        }
        // Not a choice now: no odds.
        assert!(r.odds(&s, Side::A, &charge).is_none());
        assert!(r.odds(&s, Side::B, &Action::Done { unit: cav }).is_none());
    }
}
