//! How a refusal is told. The rules of refusal are written once, generic
//! over [`Say`]: the player's question (`refusal`) asks them in [`Words`],
//! which builds the sentence; the listing of choices and legality ask them
//! [`Quiet`], which only says that there is a refusal and builds nothing.

/// How a rule tells a refusal: `say` is given the words to build (only
/// built when they are asked for) and gives the refusal.
pub(crate) trait Say: Copy {
    /// What a refusal carries: the sentence, or nothing.
    type Why;
    /// Whether the refusal's words are wanted (else any refusal serves,
    /// whichever rule says it first).
    const WORDS: bool;
    /// A refusal, with its words built when they are wanted.
    fn say(self, words: impl FnOnce() -> String) -> Option<Self::Why>;
    /// A refusal already in words (rules not written for `Say`).
    fn told(self, words: Option<String>) -> Option<Self::Why> {
        words.and_then(|r| self.say(|| r))
    }
}

/// Refusals in words, for the player.
#[derive(Clone, Copy)]
pub(crate) struct Words;

impl Say for Words {
    type Why = String;
    const WORDS: bool = true;
    fn say(self, words: impl FnOnce() -> String) -> Option<String> {
        Some(words())
    }
}

/// Refused or not, and nothing built.
#[derive(Clone, Copy)]
pub(crate) struct Quiet;

impl Say for Quiet {
    type Why = ();
    const WORDS: bool = false;
    fn say(self, _: impl FnOnce() -> String) -> Option<()> {
        Some(())
    }
}
