//! Dice, rolled from the game's own generator.

use crate::GameRng;
use rand::RngExt;

/// One six-sided die.
pub fn d6(rng: &mut GameRng) -> u8 {
    rng.random_range(1..=6)
}
