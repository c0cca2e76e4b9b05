//! What the computer opponent needs of Veli Veljeä Vastaan (issue 20,
//! `docs/bot.md`): a game drawn again where one side cannot see, and a
//! value of a position.
//!
//! A side sees the whole map, the cards kept in front, the reshuffle and
//! removed piles, its own hand, and the sizes of the other piles and of
//! the opponent's hand. It cannot see the opponent's hand, the order of
//! either draw pile, or the dice to come: the drawn game deals the
//! opponent's hand again from its hand and draw pile together (the
//! opponent's deck is its own), shuffles the side's own draw pile, and
//! seeds the generator afresh.

use crate::rules::VeliVeljeaVastaan;
use crate::scenario::{RED, WHITE};
use crate::state::State;
use engine::{GameRng, Side};
use rand::RngExt;

fn shuffle<T>(rng: &mut GameRng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl VeliVeljeaVastaan {
    /// The game drawn again for `side` (see the module's words).
    pub fn determinized(&self, s: &State, side: Side, rng: &mut GameRng) -> State {
        let mut st = s.clone();
        st.rng = engine::rng_from_seed(rng.random());
        let other = &mut st.decks[side.other().index()];
        let mut unseen: Vec<_> = other.hand.iter().chain(&other.draw).copied().collect();
        unseen.sort_unstable();
        shuffle(rng, &mut unseen);
        let hand = other.hand.len();
        other.hand = unseen[..hand].to_vec();
        other.hand.sort_unstable();
        other.draw = unseen[hand..].to_vec();
        let own = &mut st.decks[side.index()];
        own.draw.sort_unstable();
        shuffle(rng, &mut own.draw);
        st
    }

    /// About the chance that `side` wins: the strategic cities White
    /// holds (it wins with all of them, or with enough early), how near
    /// White's units stand to the strategic cities Red still holds,
    /// whether Red holds (or nears) the city that wins it the game, and the
    /// combat value on the map of each side.
    pub fn value(&self, s: &State, side: Side) -> f32 {
        if let Some(o) = &s.outcome {
            return match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let sc = self.sc();
        let mut strength = [0f32; 2];
        for u in &s.units {
            if let Some(d) = sc.units.get(u.kind as usize) {
                strength[u.side.index()] += f32::from(d.combat(u.reduced));
            }
        }
        let material = strength[WHITE.index()] / (strength[0] + strength[1]).max(1.0);
        let total = sc.map.strategic.iter().count().max(1) as f32;
        let cities = f32::from(self.strategic_held(s, WHITE)) / total;
        let white_hops = self.hops_from(s, WHITE);
        let pressure = sc
            .map
            .strategic
            .iter()
            .filter(|&c| s.control.get(c as usize) == Some(&RED))
            .map(|c| 1.0 / (1.0 + f32::from(white_hops[c as usize])))
            .sum::<f32>()
            / total;
        let target = sc.victory.red_takes as usize;
        let threat = if s.control.get(target) == Some(&RED) {
            1.0
        } else {
            let red_hops = self.hops_from(s, RED);
            0.5 / (1.0 + f32::from(red_hops.get(target).copied().unwrap_or(u8::MAX)))
        };
        let white = 0.3 * material + 0.5 * cities + 0.2 * pressure;
        let white = (white * (1.0 - 0.5 * threat)).clamp(0.0, 1.0);
        if side == WHITE { white } else { 1.0 - white }
    }

    /// For each city, the fewest links from a city holding one of
    /// `side`'s units (255: none reachable).
    fn hops_from(&self, s: &State, side: Side) -> Vec<u8> {
        let map = &self.sc().map;
        let mut hops = vec![u8::MAX; map.cities.len()];
        let mut queue = std::collections::VecDeque::new();
        for u in s.units.iter().filter(|u| u.side == side) {
            if let Some(h) = hops.get_mut(u.city as usize)
                && *h != 0
            {
                *h = 0;
                queue.push_back(u.city);
            }
        }
        while let Some(c) = queue.pop_front() {
            let next = hops[c as usize].saturating_add(1);
            for &(n, _) in map.neighbours.get(c as usize).into_iter().flatten() {
                if let Some(h) = hops.get_mut(n as usize)
                    && *h > next
                {
                    *h = next;
                    queue.push_back(n);
                }
            }
        }
        hops
    }
}
