//! Parameterised choices: decisions that are not one of a list but a value
//! within limits (an advance of up to 6 inches, a wheel of up to 45
//! degrees, a new position and facing for a unit), for rule systems played
//! on an open table.
//!
//! A rule system states such choices in [`crate::Ruleset::offers`]: each an
//! [`Offer`] with its limits ([`Param`]) and how to make the action from a
//! value. Its `choices` still list a finite sample of them (fractions of an
//! allowance, a few wheels) for the random-game tester, bots and the
//! keyboard; its `legal` accepts any value within the limits, checked
//! against the same geometry, and [`crate::Ruleset::refusal`] says why a
//! value is refused. Lengths and angles are fixed point, so a save file
//! replays bit for bit on every machine.

use rand::RngExt;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A length on the table, in hundredths of an inch.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Inches(pub i32);

impl Inches {
    pub const ZERO: Inches = Inches(0);
    pub const fn whole(inches: i32) -> Inches {
        Inches(inches * 100)
    }
    pub const fn hundredths(self) -> i32 {
        self.0
    }
    /// For drawing only: never for a rule.
    pub fn as_f32(self) -> f32 {
        self.0 as f32 / 100.0
    }
    /// The length `num / den` of this one, rounded down (a fraction of an
    /// allowance).
    pub fn fraction(self, num: i32, den: i32) -> Inches {
        Inches((self.0 as i64 * num as i64 / den.max(1) as i64) as i32)
    }
}

impl fmt::Display for Inches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a.is_multiple_of(100) {
            write!(f, "{sign}{}\"", a / 100)
        } else if a.is_multiple_of(10) {
            write!(f, "{sign}{}.{}\"", a / 100, (a % 100) / 10)
        } else {
            write!(f, "{sign}{}.{:02}\"", a / 100, a % 100)
        }
    }
}

/// An angle in tenths of a degree, clockwise; a facing is 0 (north) to 3599.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Degrees(pub i32);

impl Degrees {
    pub const fn whole(degrees: i32) -> Degrees {
        Degrees(degrees * 10)
    }
    /// The same facing within 0 to 359.9 degrees.
    pub fn normalised(self) -> Degrees {
        Degrees(self.0.rem_euclid(3600))
    }
}

impl fmt::Display for Degrees {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 10 == 0 {
            write!(f, "{}°", self.0 / 10)
        } else {
            write!(f, "{}.{}°", self.0 / 10, (self.0 % 10).abs())
        }
    }
}

/// A point on the table (x east, y south).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Point {
    pub x: Inches,
    pub y: Inches,
}

/// A position and a facing.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Pose {
    pub at: Point,
    pub facing: Degrees,
}

/// The limits of a parameterised choice, as the prompt states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Param {
    /// A distance from `min` to `max` (an advance).
    Distance { min: Inches, max: Inches },
    /// An angle from `min` to `max` (a wheel: negative is anticlockwise).
    Angle { min: Degrees, max: Degrees },
    /// A new pose: a position within `reach` of `around`, facing anywhere
    /// from `facing_min` to `facing_max` (clockwise).
    Pose {
        around: Point,
        reach: Inches,
        facing_min: Degrees,
        facing_max: Degrees,
    },
}

/// A value for a [`Param`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    Distance(Inches),
    Angle(Degrees),
    Pose(Pose),
}

impl Param {
    /// Whether `v` is of this kind and within these limits (the rules may
    /// still refuse it: the limits are the outer bounds the prompt states;
    /// terrain, other units and the like are checked by the rules).
    pub fn admits(&self, v: &Value) -> bool {
        match (*self, *v) {
            (Param::Distance { min, max }, Value::Distance(d)) => min <= d && d <= max,
            (Param::Angle { min, max }, Value::Angle(a)) => min <= a && a <= max,
            (
                Param::Pose {
                    around,
                    reach,
                    facing_min,
                    facing_max,
                },
                Value::Pose(p),
            ) => {
                let dx = (p.at.x.0 - around.x.0) as i64;
                let dy = (p.at.y.0 - around.y.0) as i64;
                let r = reach.0 as i64;
                let span = (facing_max.0 - facing_min.0).rem_euclid(3600);
                let off = (p.facing.0 - facing_min.0).rem_euclid(3600);
                dx * dx + dy * dy <= r * r && (off <= span || facing_max.0 - facing_min.0 >= 3600)
            }
            _ => false,
        }
    }

    /// A random value around these limits: mostly within them, sometimes a
    /// little past them (to test refusals), from the tester's own generator.
    pub fn sample(&self, rng: &mut crate::GameRng) -> Value {
        let stretch = |lo: i32, hi: i32, rng: &mut crate::GameRng| -> i32 {
            let span = (hi - lo).max(1);
            rng.random_range(lo - span / 4..=hi + span / 4)
        };
        match *self {
            Param::Distance { min, max } => Value::Distance(Inches(stretch(min.0, max.0, rng))),
            Param::Angle { min, max } => Value::Angle(Degrees(stretch(min.0, max.0, rng))),
            Param::Pose {
                around,
                reach,
                facing_min,
                facing_max,
            } => {
                let r = reach.0 + reach.0 / 4 + 1;
                Value::Pose(Pose {
                    at: Point {
                        x: Inches(around.x.0 + rng.random_range(-r..=r)),
                        y: Inches(around.y.0 + rng.random_range(-r..=r)),
                    },
                    facing: Degrees(stretch(facing_min.0, facing_max.0, rng)).normalised(),
                })
            }
        }
    }
}

/// A parameterised choice: what it is, its limits, and how to make the
/// action from a value.
#[derive(Clone)]
pub struct Offer<A> {
    /// In words, for the reader it is offered to ("advance up to 6\"").
    pub label: String,
    pub param: Param,
    make: Arc<dyn Fn(Value) -> Option<A> + Send + Sync>,
}

impl<A> Offer<A> {
    pub fn new(
        label: impl Into<String>,
        param: Param,
        make: impl Fn(Value) -> Option<A> + Send + Sync + 'static,
    ) -> Offer<A> {
        Offer {
            label: label.into(),
            param,
            make: Arc::new(make),
        }
    }
    /// The action with this value (`None`: a value of the wrong kind).
    pub fn action(&self, v: Value) -> Option<A> {
        (self.make)(v)
    }
}

impl<A> fmt::Debug for Offer<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Offer")
            .field("label", &self.label)
            .field("param", &self.param)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_point_lengths_and_angles_print_as_players_read_them() {
        assert_eq!(Inches::whole(6).to_string(), "6\"");
        assert_eq!(Inches(425).to_string(), "4.25\"");
        assert_eq!(Inches(250).to_string(), "2.5\"");
        assert_eq!(Inches(-50).to_string(), "-0.5\"");
        assert_eq!(Degrees::whole(45).to_string(), "45°");
        assert_eq!(Degrees(-225).normalised(), Degrees(3375));
        assert_eq!(Inches::whole(6).fraction(1, 4), Inches(150));
    }

    #[test]
    fn limits_admit_what_they_state() {
        let d = Param::Distance {
            min: Inches::ZERO,
            max: Inches::whole(6),
        };
        assert!(d.admits(&Value::Distance(Inches(600))));
        assert!(!d.admits(&Value::Distance(Inches(601))));
        assert!(!d.admits(&Value::Angle(Degrees(0))));
        let p = Param::Pose {
            around: Point::default(),
            reach: Inches::whole(3),
            facing_min: Degrees::whole(350),
            facing_max: Degrees::whole(10),
        };
        let pose = |x, f| {
            Value::Pose(Pose {
                at: Point {
                    x: Inches(x),
                    y: Inches(0),
                },
                facing: Degrees::whole(f),
            })
        };
        assert!(p.admits(&pose(300, 0)));
        assert!(p.admits(&pose(0, 355)), "across north");
        assert!(!p.admits(&pose(301, 0)), "out of reach");
        assert!(!p.admits(&pose(0, 20)), "facing out of range");
        let mut rng = crate::rng_from_seed(1);
        let outside = (0..200).filter(|_| !d.admits(&d.sample(&mut rng))).count();
        assert!(
            outside > 0 && outside < 200,
            "samples test both sides: {outside}"
        );
    }
}
