//! The generic machinery of Four Fronts 1918.
//!
//! A rule system implements [`Ruleset`]; everything else here works for any of
//! them: a [`Game`] with undo, [`save`] files that load by replaying, the
//! [`runner`] that plays random legal games and checks invariants, and the
//! [`data`] helpers that turn a bad data file into `file:line:column: problem`.

pub mod damage;
pub mod data;
pub mod dice;
pub mod game;
pub mod odds;
pub mod param;
pub mod reference;
pub mod ruleset;
pub mod runner;
pub mod save;

pub use game::{Game, UndoError};
pub use odds::Odds;
pub use ruleset::{
    Decider, OptionSpec, Options, Outcome, Prompt, RuleError, RuleSystem, Ruleset, RulesetVisitor,
    ScenarioInfo, SetupError, Side,
};

/// The seeded generator every rule system keeps in its state: ChaCha8 gives the
/// same numbers on every platform and serialises with serde.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// A new generator from a seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    use rand::SeedableRng;
    GameRng::seed_from_u64(seed)
}
