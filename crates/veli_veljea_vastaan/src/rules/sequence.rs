//! Section 1 (the course of the game) and 4.1 (playing cards): five monthly
//! rounds, the decks and hands, a card as an event or as action points, White
//! first and then in turn. Section 5: the end of the game.

use super::VeliVeljeaVastaan;
use crate::scenario::{CardId, RED, WHITE};
use crate::state::{Action, Deck, Event, Phase, State, Turn};
use engine::Side;
use rand::seq::SliceRandom;

impl VeliVeljeaVastaan {
    /// Section 3, setup: the units and fieldworks of the setup sheet,
    /// January's cards shuffled into each side's first draw pile, three dealt.
    pub fn new_campaign(&self, seed: u64) -> State {
        let sc = self.sc();
        let mut s = State {
            rng: engine::rng_from_seed(seed),
            month: 1,
            phase: Phase::PlayCard,
            control: sc.control.clone(),
            fieldworks: sc.fieldworks,
            units: Vec::new(),
            next_unit: 1,
            decks: [Deck::default(), Deck::default()],
            turn: Turn::default(),
            placements: Vec::new(),
            effects: None,
            combat: None,
            outcome: None,
        };
        for u in &sc.setup {
            s.add_unit(u.unit, u.side, u.city, u.reduced);
        }
        let mut ev = Vec::new();
        self.begin_month(&mut s, &mut ev);
        s
    }

    /// 1 and 4.1: a new month. New cards join the reshuffle pile, which is
    /// shuffled with what is left of the draw pile; hands are dealt (with the
    /// forced cards of February and April); from February on, reinforcements
    /// arrive before anyone plays.
    pub fn begin_month(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.scenario.clone();
        ev.push(Event::MonthBegins { month: s.month });
        for side in Side::BOTH {
            let deck = &mut s.decks[side.index()];
            for (i, card) in sc.cards.iter().enumerate() {
                if card.side == side && card.month == s.month {
                    deck.reshuffle.push(i as CardId);
                }
            }
            let mut pile = std::mem::take(&mut deck.draw);
            pile.append(&mut deck.reshuffle);
            pile.sort_unstable();
            pile.shuffle(&mut s.rng);
            ev.push(Event::Shuffled {
                side,
                cards: pile.len() as u8,
            });
            let size = sc.hand.get(s.month as usize - 1).copied().unwrap_or(0) as usize;
            let mut hand: Vec<CardId> = Vec::with_capacity(size);
            // 4.1: a forced card is always dealt in its month, if still in play.
            if let Some(pos) = pile
                .iter()
                .position(|&c| sc.cards[c as usize].forced == Some(s.month))
            {
                hand.push(pile.remove(pos));
            }
            while hand.len() < size {
                match pile.pop() {
                    Some(c) => hand.push(c),
                    None => break,
                }
            }
            deck.draw = pile;
            deck.hand = hand;
            ev.push(Event::CardsDealt {
                side,
                cards: deck.hand.clone(),
                count: deck.hand.len() as u8,
            });
        }
        s.turn = Turn::default();
        if s.month > 1 {
            self.queue_reinforcements(s, ev);
        }
        self.after_placements(s, ev);
    }

    /// White opens each month; then the sides take turns while they have cards.
    pub(crate) fn start_first_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.start_turn(s, WHITE, ev);
    }

    fn start_turn(&self, s: &mut State, preferred: Side, ev: &mut Vec<Event>) {
        let side = if !s.decks[preferred.index()].hand.is_empty() {
            preferred
        } else if !s.decks[preferred.other().index()].hand.is_empty() {
            preferred.other()
        } else {
            self.end_month(s, ev);
            return;
        };
        for u in s.units.iter_mut() {
            u.activated = false;
            u.moved = false;
            u.attacked = false;
            u.mp = 0;
        }
        s.turn = Turn {
            side: Some(side),
            ..Turn::default()
        };
        s.phase = Phase::PlayCard;
    }

    pub(crate) fn card_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for &card in &s.decks[side.index()].hand {
            out.push(Action::PlayEvent { card });
            out.push(Action::PlayPoints { card });
        }
    }

    fn take_from_hand(&self, s: &mut State, side: Side, card: CardId) {
        let hand = &mut s.decks[side.index()].hand;
        if let Some(pos) = hand.iter().position(|&c| c == card) {
            hand.remove(pos);
        }
    }

    /// 4.1: played as action points the card goes to the reshuffle pile, even
    /// with a star; its event does not happen.
    pub(crate) fn play_points(&self, s: &mut State, side: Side, card: CardId, ev: &mut Vec<Event>) {
        self.take_from_hand(s, side, card);
        s.decks[side.index()].reshuffle.push(card);
        ev.push(Event::CardPlayed {
            side,
            card,
            as_event: false,
        });
        s.turn.card = Some(card);
        s.turn.ap = self.sc().cards[card as usize].ap;
        s.turn.may_move = true;
        s.turn.may_attack = true;
        s.phase = Phase::Activate;
        self.skip_empty_activation(s, ev);
    }

    /// 4.1: as an event the card does what it says; a starred card then leaves
    /// the game, a card to keep goes in front of its owner, others go to the
    /// reshuffle pile.
    pub(crate) fn play_event(&self, s: &mut State, side: Side, card: CardId, ev: &mut Vec<Event>) {
        self.take_from_hand(s, side, card);
        ev.push(Event::CardPlayed {
            side,
            card,
            as_event: true,
        });
        s.turn.card = Some(card);
        let def = &self.sc().cards[card as usize];
        if def.keep.is_some() {
            s.decks[side.index()].kept.push(card);
            ev.push(Event::CardKept { side, card });
            self.end_turn(s, ev);
            return;
        }
        self.discard_played(s, side, card, ev);
        s.effects = Some(crate::state::EffectCursor {
            card,
            next: 0,
            left: 0,
        });
        self.continue_effects(s, ev);
    }

    /// A card whose event is done: out of the game if starred, else to the reshuffle pile.
    pub(crate) fn discard_played(
        &self,
        s: &mut State,
        side: Side,
        card: CardId,
        ev: &mut Vec<Event>,
    ) {
        if self.sc().cards[card as usize].star {
            s.decks[side.index()].removed.push(card);
            ev.push(Event::CardRemoved { side, card });
        } else {
            s.decks[side.index()].reshuffle.push(card);
        }
    }

    /// The end of a turn: 5. Red wins holding Vaasa at the end of a White
    /// turn; White wins holding four strategic cities at the end of a Red turn
    /// up to the end of April. Then the other side plays.
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(side) = s.turn.side else { return };
        ev.push(Event::TurnEnds { side });
        s.turn.mover = None;
        let v = &self.sc().victory;
        if side == WHITE && s.control[v.red_takes as usize] == RED {
            let name = self.sc().map.name(v.red_takes).to_string();
            self.end_game(
                s,
                RED,
                format!("Red holds {name} at the end of a White turn"),
                ev,
            );
            return;
        }
        if side == RED
            && s.month <= v.white_by_month
            && self.strategic_held(s, WHITE) >= v.white_cities
        {
            let n = self.strategic_held(s, WHITE);
            self.end_game(
                s,
                WHITE,
                format!("White holds {n} strategic cities at the end of a Red turn"),
                ev,
            );
            return;
        }
        self.start_turn(s, side.other(), ev);
    }

    /// 1: the month ends when both hands are played out: supply (4.4), then the
    /// next month, or the end of the game after the last.
    fn end_month(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.turn = Turn::default();
        self.check_supply(s, ev);
        let v = &self.sc().victory;
        if s.month >= v.final_month {
            let white = self.strategic_held(s, WHITE);
            let total = self.sc().map.strategic.len() as u8;
            if white >= total {
                self.end_game(
                    s,
                    WHITE,
                    format!("White holds all {total} strategic cities at the end of the campaign"),
                    ev,
                );
            } else {
                let red = total - white;
                self.end_game(
                    s,
                    RED,
                    format!(
                        "Red still holds {red} strategic cit{} at the end of the campaign",
                        if red == 1 { "y" } else { "ies" }
                    ),
                    ev,
                );
            }
            return;
        }
        s.month += 1;
        self.begin_month(s, ev);
    }
}
