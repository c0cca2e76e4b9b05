//! The odds of a choice before it is taken: what may come of a combat, from
//! the rules themselves, as the side choosing may know it.
//!
//! A rule system works them out in [`crate::Ruleset::odds`], by going
//! through every way the dice can fall (exactly) or by rolling many times
//! from a seed of its own (an estimate); never from the game's own
//! generator or dice set on the table, and never from what the side
//! choosing cannot see: a hidden strength is averaged over what it may be,
//! and a decision the other side still has to take is assumed, and said so.

use serde::Serialize;

/// What may happen to one thing (the target, one's own lead unit, the
/// railway): each outcome with its probability, in order, adding up to 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Whom or what it is about ("the target", "your lead unit").
    pub subject: String,
    pub outcomes: Vec<(String, f64)>,
}

/// How the odds were worked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Method {
    /// Every way the dice can fall, each with its probability.
    Exact,
    /// This many games rolled from a seed of the odds' own.
    Estimated { samples: u32 },
}

/// The odds of one choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Odds {
    /// One distribution per thing at stake, each adding up to 1.
    pub parts: Vec<Distribution>,
    pub method: Method,
    /// What was assumed or averaged over, in words (a hidden strength, the
    /// other side's choices, cards that may still be played).
    pub notes: Vec<String>,
}

impl Distribution {
    /// A distribution from outcomes in order; outcomes of probability 0
    /// are left out, and so are labels that come twice (added together).
    pub fn new(subject: impl Into<String>, outcomes: Vec<(String, f64)>) -> Distribution {
        let mut merged: Vec<(String, f64)> = Vec::new();
        for (label, p) in outcomes {
            match merged.iter_mut().find(|(l, _)| *l == label) {
                Some((_, q)) => *q += p,
                None => merged.push((label, p)),
            }
        }
        merged.retain(|(_, p)| *p > 0.0);
        Distribution {
            subject: subject.into(),
            outcomes: merged,
        }
    }

    /// The probabilities added up (1 but for rounding).
    pub fn total(&self) -> f64 {
        self.outcomes.iter().map(|(_, p)| p).sum()
    }

    /// The probability of the outcome with this label (0 if none).
    pub fn p(&self, label: &str) -> f64 {
        self.outcomes
            .iter()
            .find(|(l, _)| l == label)
            .map_or(0.0, |(_, p)| *p)
    }

    /// "no effect 42% · 1 step 35% · destroyed 23%".
    pub fn summary(&self) -> String {
        self.outcomes
            .iter()
            .map(|(l, p)| format!("{l} {}", percent(*p)))
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// A probability as a whole percentage; "<1%" and ">99%" rather than a
/// rounded 0% or 100% for what can still happen or fail.
pub fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".into()
    } else if p < 1.0 && p > 0.995 {
        ">99%".into()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

impl Odds {
    /// One line: each part as "subject: outcomes", parts separated by "; ".
    pub fn summary(&self) -> String {
        self.parts
            .iter()
            .map(|d| format!("{}: {}", d.subject, d.summary()))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// How they were worked out, in words.
    pub fn method_text(&self) -> String {
        match self.method {
            Method::Exact => "exact: every way the dice can fall".into(),
            Method::Estimated { samples } => format!("estimated from {samples} seeded rolls"),
        }
    }
}

/// Every way `n` six-sided dice can fall, up to order: `f` is called once
/// per multiset of values (highest first) with its probability. For `n`
/// dice that is C(n + 5, 5) calls (462 for six dice) instead of 6ⁿ.
pub fn d6_multisets(n: u8, mut f: impl FnMut(&[u8], f64)) {
    let mut values = vec![0u8; n as usize];
    let total = 6f64.powi(n as i32);
    // Multinomial coefficients from factorials (n is at most a few dozen).
    let fact = |k: usize| (1..=k).map(|x| x as f64).product::<f64>();
    fn go(
        values: &mut [u8],
        i: usize,
        max: u8,
        fact: &dyn Fn(usize) -> f64,
        total: f64,
        f: &mut dyn FnMut(&[u8], f64),
    ) {
        if i == values.len() {
            let mut ways = fact(values.len());
            let mut run = 1;
            for j in 1..=values.len() {
                if j < values.len() && values[j] == values[j - 1] {
                    run += 1;
                } else {
                    ways /= fact(run);
                    run = 1;
                }
            }
            f(values, ways / total);
            return;
        }
        for v in (1..=max).rev() {
            values[i] = v;
            go(values, i + 1, v, fact, total, f);
        }
    }
    go(&mut values, 0, 6, &fact, total, &mut f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_of_dice_cover_every_roll_once() {
        for n in 0..=6u8 {
            let (mut count, mut total, mut mean) = (0, 0.0, 0.0);
            d6_multisets(n, |v, p| {
                assert!(v.windows(2).all(|w| w[0] >= w[1]), "{v:?}");
                count += 1;
                total += p;
                mean += p * v.iter().map(|&x| x as f64).sum::<f64>();
            });
            // C(n + 5, 5) multisets.
            let expected = (1..=5).fold(1u64, |c, k| c * (n as u64 + k) / k);
            assert_eq!(count, expected, "{n} dice");
            assert!((total - 1.0).abs() < 1e-12, "{n} dice: {total}");
            assert!((mean - 3.5 * n as f64).abs() < 1e-9, "{n} dice: {mean}");
        }
        // Two dice: a double once in 36, two different values twice.
        let mut seen = Vec::new();
        d6_multisets(2, |v, p| seen.push((v.to_vec(), p)));
        assert!(seen.contains(&(vec![6, 6], 1.0 / 36.0)));
        assert!(seen.contains(&(vec![6, 5], 2.0 / 36.0)));
    }

    #[test]
    fn a_distribution_merges_labels_drops_zeros_and_sums_up() {
        let d = Distribution::new(
            "the target",
            vec![
                ("no effect".into(), 0.5),
                ("1 step".into(), 0.0),
                ("destroyed".into(), 0.25),
                ("no effect".into(), 0.25),
            ],
        );
        assert_eq!(d.outcomes.len(), 2);
        assert_eq!(d.p("no effect"), 0.75);
        assert_eq!(d.p("1 step"), 0.0);
        assert!((d.total() - 1.0).abs() < 1e-12);
        assert_eq!(d.summary(), "no effect 75% · destroyed 25%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.999), ">99%");
        assert_eq!(percent(1.0), "100%");
    }
}
