//! Dice, rolled from the game's own generator.

use crate::GameRng;
use rand::RngExt;

/// One six-sided die.
pub fn d6(rng: &mut GameRng) -> u8 {
    rng.random_range(1..=6)
}

/// `n` six-sided dice, in the order rolled.
pub fn roll_d6(rng: &mut GameRng, n: usize, out: &mut Vec<u8>) {
    out.clear();
    out.extend((0..n).map(|_| d6(rng)));
}
