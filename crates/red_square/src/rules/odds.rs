//! The odds of a choice before it is taken (the odds panel and
//! `fourfronts odds`): the hits a fire may score, the chance to observe, to
//! get new orders, and the activation score a roll may give. Worked out
//! exactly from the tables, by going through every way the dice can fall;
//! nothing is hidden at the table in Red Square, so they are the same for
//! both players.

use super::RedSquare;
use super::firing::FireKind;
use crate::data::Class;
use crate::state::{Action, Phase, State, Status};
use engine::odds::{Distribution, Method};
use engine::{Odds, Side};

/// The chance of each total of `n` six-sided dice (index: the total).
fn sums(n: usize) -> Vec<f64> {
    let mut dist = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; dist.len() + 6];
        for (t, p) in dist.iter().enumerate() {
            for f in 1..=6 {
                next[t + f] += p / 6.0;
            }
        }
        dist = next;
    }
    dist
}

/// The hits of `n` dice at hit score `score`: each die scores
/// `score / 6` hits outright and one more on `score % 6` or less.
pub fn hits_distribution(n: u8, score: u8) -> Vec<f64> {
    let sure = (score / 6) as usize;
    let p = f64::from(score % 6) / 6.0;
    let mut dist = vec![0.0; n as usize * (sure + 1) + 1];
    // Binomial(n, p) extra hits on top of n * sure.
    let mut binom = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; binom.len() + 1];
        for (k, q) in binom.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        binom = next;
    }
    for (k, q) in binom.iter().enumerate() {
        dist[n as usize * sure + k] += q;
    }
    dist
}

fn hits_label(h: usize) -> String {
    if h == 1 {
        "1 hit".into()
    } else {
        format!("{h} hits")
    }
}

impl RedSquare {
    pub(crate) fn odds_of(&self, s: &State, side: Side, action: &Action) -> Option<Odds> {
        match *action {
            Action::Fire { unit, target } | Action::FireDiscarding { unit, target } => {
                let score = match s.phase {
                    Phase::Act { score, .. } => score,
                    _ => 2,
                };
                let kind = if matches!(action, Action::FireDiscarding { .. }) {
                    FireKind::Discarding { score }
                } else if s.unit(unit).move_fire {
                    FireKind::Moving
                } else {
                    FireKind::Activated { score }
                };
                Some(self.fire_odds(s, unit, target, kind))
            }
            Action::ReactFire { unit } => {
                let Phase::Reaction { mover, .. } = s.phase else {
                    return None;
                };
                let kind = self.reaction_kind(s, unit, mover)?;
                Some(self.fire_odds(s, unit, mover, kind))
            }
            Action::Observe { unit, target } => {
                let range =
                    self.scenario
                        .grid
                        .distance(s.unit(unit).at, s.unit(target).at) as usize;
                let n = 1 + usize::from(self.observe_bonus_now(s, unit, target));
                let plus = usize::from(self.uphill(s, unit, target));
                let ok: f64 = sums(n)
                    .iter()
                    .enumerate()
                    .filter(|(t, _)| t + plus > range)
                    .map(|(_, p)| p)
                    .sum();
                Some(Odds {
                    parts: vec![Distribution::new(
                        "the observation",
                        vec![("observed".into(), ok), ("not seen".into(), 1.0 - ok)],
                    )],
                    method: Method::Exact,
                    notes: vec![format!(
                        "{n} {} against a range of {range}{}",
                        if n == 1 { "die" } else { "dice" },
                        if plus > 0 {
                            ", +1 from higher ground"
                        } else {
                            ""
                        }
                    )],
                })
            }
            Action::AskOrders { unit, .. } => {
                let hq = self.answering_hq(s, unit)?;
                let need = self.orders_need(s, unit, hq);
                let ok = f64::from(7u8.saturating_sub(need.max(1)).min(6)) / 6.0;
                Some(Odds {
                    parts: vec![Distribution::new(
                        "the new orders",
                        vec![("given".into(), ok), ("not given".into(), 1.0 - ok)],
                    )],
                    method: Method::Exact,
                    notes: vec![format!("headquarters needs {need} or more on a die")],
                })
            }
            Action::Roll => {
                let Phase::Activate { card } = s.phase else {
                    return None;
                };
                let _ = side;
                Some(self.activation_odds(s, card))
            }
            _ => None,
        }
    }

    fn observe_bonus_now(
        &self,
        s: &State,
        observer: crate::state::UnitId,
        target: crate::state::UnitId,
    ) -> bool {
        if s.turn < self.scenario.dawn {
            return false;
        }
        let o = s.unit(observer);
        let t = s.unit(target);
        (self.class(o) == Class::Artillery && o.formation == crate::state::Formation::Unlimbered)
            || (self.class(t) == Class::Artillery
                && t.revealed
                && t.position != crate::state::Position::Masked)
    }

    fn fire_odds(
        &self,
        s: &State,
        unit: crate::state::UnitId,
        target: crate::state::UnitId,
        kind: FireKind,
    ) -> Odds {
        let (parts, n, _, score) = self.fire_dice(s, unit, target, kind);
        let dist = hits_distribution(n, score);
        let mut notes = vec![format!(
            "{n} {} hitting on {} or less{}",
            if n == 1 { "die" } else { "dice" },
            (score % 6),
            if score >= 6 {
                format!(", {} sure hit(s) a die", score / 6)
            } else {
                String::new()
            }
        )];
        if !parts.is_empty() {
            notes.push("hits become lost bases when the target next activates (or at once if they must break it)".into());
        }
        if self.class(s.unit(target)).is_vehicle() {
            notes.push(
                "against a vehicle each hit draws a card on the Anti-Tank/Vehicle Table".into(),
            );
        }
        Odds {
            parts: vec![Distribution::new(
                "hits on the target",
                dist.iter()
                    .enumerate()
                    .map(|(h, p)| (hits_label(h), *p))
                    .collect(),
            )],
            method: Method::Exact,
            notes,
        }
    }

    /// The score a card's activation roll may give: every way its dice
    /// (one per battalion, and the CO's extra die, the lowest dropped) fall.
    fn activation_odds(&self, s: &State, card: u8) -> Odds {
        let group = &s.dealt[card as usize].group;
        let counted: Vec<&crate::state::Unit> = group
            .iter()
            .map(|&g| s.unit(g))
            .filter(|u| {
                let c = self.class(u);
                !(c.is_figure() || (matches!(c, Class::Mg | Class::Tchanka) && u.with.is_some()))
            })
            .collect();
        let n = counted.len().max(1);
        let quality: i16 = counted
            .iter()
            .map(|u| u.quality.die_modifier() as i16)
            .sum();
        let penalty: i16 = group
            .iter()
            .map(|&g| {
                let u = s.unit(g);
                u.hits as i16 + u.lost as i16 + i16::from(u.hid_last_turn)
            })
            .sum();
        let holder = s.unit(s.dealt[card as usize].holder);
        let co = self.class(holder) == Class::Officer
            && holder.status == Status::OnTable
            && holder.pinned_until < s.turn;
        let dice = n + usize::from(co);
        let mut bands = [0.0f64; 3];
        let total_ways = 6usize.pow(dice as u32);
        for i in 0..total_ways {
            let mut x = i;
            let mut rolled = Vec::with_capacity(dice);
            for _ in 0..dice {
                rolled.push((x % 6 + 1) as i16);
                x /= 6;
            }
            if co {
                let (low, _) = rolled
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, d)| **d)
                    .expect("dice");
                rolled.remove(low);
            }
            let sum: i16 = rolled.iter().sum::<i16>() + quality - penalty;
            let score = super::activation::divide_round_half_down(sum, n as i16);
            let band = if score >= 2 {
                0
            } else if score >= 0 {
                1
            } else {
                2
            };
            bands[band] += 1.0 / total_ways as f64;
        }
        Odds {
            parts: vec![Distribution::new(
                "the activation score",
                vec![
                    ("2 or more: any action".into(), bands[0]),
                    ("1 or 0: wild fire or hold".into(), bands[1]),
                    ("below 0: retreat or hide".into(), bands[2]),
                ],
            )],
            method: Method::Exact,
            notes: vec![format!(
                "{n} {}{}, {quality:+} quality, -{penalty} for hits, losses and hiding",
                if n == 1 { "die" } else { "dice" },
                if co {
                    " and the CO's extra die (lowest dropped)"
                } else {
                    ""
                }
            )],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Firing 6's example in odds: two MG bases enfilading (score 8) with
    /// one die: one sure hit, and a second on 1 or 2 (a third of the time).
    #[test]
    fn firing_odds_of_the_mg_example() {
        let d = hits_distribution(1, 8);
        assert!(d[0].abs() < 1e-12);
        assert!((d[1] - 2.0 / 3.0).abs() < 1e-12);
        assert!((d[2] - 1.0 / 3.0).abs() < 1e-12);
        let d = hits_distribution(3, 4);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((d[0] - (1.0f64 / 3.0).powi(3)).abs() < 1e-12);
        assert!((sums(2)[7] - 6.0 / 36.0).abs() < 1e-12);
    }
}
