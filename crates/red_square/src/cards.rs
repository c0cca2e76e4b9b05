//! Playing Equipment and Turn Sequence: the pack of 54 playing cards (52 and
//! two Jokers) that activates units, and the order in which turned cards are
//! played (lowest first; equal values in whist order hearts, clubs,
//! diamonds, spades; Aces low or high as the owner wishes; Jokers at any
//! moment).

use serde::{Deserialize, Serialize};

/// A card: `0..52` are the suited cards (`suit * 13 + rank - 2`, ranks 2 to
/// 14 with the Ace as 14), `52` and `53` the Jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card(pub u8);

/// The suits in whist order, which breaks ties between equal values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Hearts,
    Clubs,
    Diamonds,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Hearts, Suit::Clubs, Suit::Diamonds, Suit::Spades];
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
    pub fn symbol(self) -> char {
        ['♥', '♣', '♦', '♠'][self as usize]
    }
    pub fn letter(self) -> char {
        ['H', 'C', 'D', 'S'][self as usize]
    }
    pub fn name(self) -> &'static str {
        ["hearts", "clubs", "diamonds", "spades"][self as usize]
    }
}

pub const PACK: u8 = 54;

impl Card {
    pub fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!((2..=14).contains(&rank));
        Card(suit as u8 * 13 + rank - 2)
    }
    pub const JOKERS: [Card; 2] = [Card(52), Card(53)];
    pub fn is_joker(self) -> bool {
        self.0 >= 52
    }
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::ALL[(self.0 / 13) as usize])
    }
    /// 2 to 14 (Ace 14); 0 for a Joker.
    pub fn rank(self) -> u8 {
        if self.is_joker() { 0 } else { self.0 % 13 + 2 }
    }
    pub fn is_ace(self) -> bool {
        self.rank() == 14
    }
    /// A picture card: Jack, Queen or King (Casualties 10, Artillery 7).
    pub fn is_picture(self) -> bool {
        (11..=13).contains(&self.rank())
    }
    pub fn is_red(self) -> bool {
        self.suit().is_some_and(Suit::is_red)
    }
    pub fn is_black(self) -> bool {
        self.suit().is_some_and(|s| !s.is_red())
    }
    /// The order of play: value (an Ace counts 1 when played low), then suit.
    /// Jokers are played when their owner chooses, not in this order.
    pub fn order_key(self, ace_high: bool) -> u8 {
        let value = if self.is_ace() && !ace_high {
            1
        } else {
            self.rank()
        };
        value * 4 + self.suit().map_or(0, |s| s as u8)
    }
    pub fn name(self) -> String {
        match self.suit() {
            None => "Joker".to_string(),
            Some(s) => {
                let r = match self.rank() {
                    11 => "J".to_string(),
                    12 => "Q".to_string(),
                    13 => "K".to_string(),
                    14 => "A".to_string(),
                    n => n.to_string(),
                };
                format!("{r}{}", s.symbol())
            }
        }
    }
}

/// A fresh pack, in order (the caller shuffles it).
pub fn pack() -> Vec<Card> {
    (0..PACK).map(Card).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turn Sequence 3: equal values in whist order, Aces low or high.
    #[test]
    fn card_order() {
        let seven = |s| Card::new(s, 7);
        let order: Vec<u8> = Suit::ALL
            .into_iter()
            .map(|s| seven(s).order_key(true))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "7♥ < 7♣ < 7♦ < 7♠");
        let ace = Card::new(Suit::Hearts, 14);
        let two = Card::new(Suit::Spades, 2);
        let king = Card::new(Suit::Spades, 13);
        assert!(
            ace.order_key(false) < two.order_key(true),
            "an Ace played low comes first"
        );
        assert!(
            ace.order_key(true) > king.order_key(true),
            "an Ace played high comes last"
        );
        assert_eq!(pack().len(), 54);
        assert_eq!(pack().iter().filter(|c| c.is_joker()).count(), 2);
        assert_eq!(Card::new(Suit::Diamonds, 12).name(), "Q♦");
        assert!(Card::new(Suit::Clubs, 11).is_picture() && !ace.is_picture());
        assert!(Card::new(Suit::Diamonds, 5).is_red() && two.is_black());
    }
}
