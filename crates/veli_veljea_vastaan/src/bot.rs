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
use crate::scenario::{CityId, RED, WHITE};
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
    /// holds (it wins with all of them, or with enough early), the
    /// pressure White puts on the strategic cities Red still holds (how
    /// near its units stand to them, and how much strength it has next to
    /// each against Red's in it), whether Red holds (or nears) the city
    /// that wins it the game, and the combat value on the map of each
    /// side.
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
        let pressure = 0.5 * self.approach(s) + 0.5 * self.massing(s);
        let target = sc.victory.red_takes as usize;
        let threat = if s.control.get(target) == Some(&RED) {
            1.0
        } else {
            let red_hops = self.hops_from(s, RED);
            0.5 / (1.0 + f32::from(red_hops.get(target).copied().unwrap_or(u8::MAX)))
        };
        // With material at 0.3 and pressure only from White's nearest
        // unit, White played its cards as events (units to place raise
        // material at once) and never activated, moved or attacked: 2 of
        // 10 campaigns won as White at 2000i, 5 of 10 with these weights
        // (docs/bot.md, 28 November, session 2).
        let white = 0.2 * material + 0.5 * cities + 0.3 * pressure;
        let white = (white * (1.0 - 0.5 * threat)).clamp(0.0, 1.0);
        if side == WHITE { white } else { 1.0 - white }
    }

    /// How near White's units stand to the strategic cities Red holds:
    /// the mean over White's units of 1 / (1 + the fewest links to the
    /// nearest of them); 1 where Red holds none, 0 without White units.
    pub fn approach(&self, s: &State) -> f32 {
        let sc = self.sc();
        let targets: Vec<CityId> = sc
            .map
            .strategic
            .iter()
            .filter(|&c| s.control.get(c as usize) == Some(&RED))
            .collect();
        if targets.is_empty() {
            return 1.0;
        }
        let hops = self.hops_to(&targets);
        let (mut sum, mut n) = (0f32, 0u32);
        for u in s.units.iter().filter(|u| u.side == WHITE) {
            let h = hops.get(u.city as usize).copied().unwrap_or(u8::MAX);
            sum += 1.0 / (1.0 + f32::from(h));
            n += 1;
        }
        if n == 0 { 0.0 } else { sum / n as f32 }
    }

    /// White's strength next to each strategic city Red holds against
    /// Red's strength in it: for each, White's combat value in the cities
    /// one link away over (Red's in the city + 1), at most 1; the mean
    /// over the strategic cities (those White holds count 1).
    pub fn massing(&self, s: &State) -> f32 {
        let sc = self.sc();
        let mut sum = 0f32;
        let mut n = 0u32;
        for c in sc.map.strategic.iter() {
            n += 1;
            if s.control.get(c as usize) != Some(&RED) {
                sum += 1.0;
                continue;
            }
            let near: Vec<CityId> = sc
                .map
                .neighbours
                .get(c as usize)
                .into_iter()
                .flatten()
                .map(|&(n, _)| n)
                .collect();
            let (mut white, mut red) = (0f32, 0f32);
            for u in &s.units {
                let Some(d) = sc.units.get(u.kind as usize) else {
                    continue;
                };
                let v = f32::from(d.combat(u.reduced));
                if u.side == RED && u.city == c {
                    red += v;
                } else if u.side == WHITE && near.contains(&u.city) {
                    white += v;
                }
            }
            sum += (white / (red + 1.0)).min(1.0);
        }
        if n == 0 { 0.0 } else { sum / n as f32 }
    }

    /// For each city, the fewest links to one of `targets` (255: none
    /// reachable).
    fn hops_to(&self, targets: &[CityId]) -> Vec<u8> {
        let map = &self.sc().map;
        let mut hops = vec![u8::MAX; map.cities.len()];
        let mut queue = std::collections::VecDeque::new();
        for &c in targets {
            if let Some(h) = hops.get_mut(c as usize)
                && *h != 0
            {
                *h = 0;
                queue.push_back(c);
            }
        }
        self.spread(&mut hops, &mut queue);
        hops
    }

    /// Breadth first from the cities queued (their hops set) over the map's
    /// links.
    fn spread(&self, hops: &mut [u8], queue: &mut std::collections::VecDeque<CityId>) {
        let map = &self.sc().map;
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
        self.spread(&mut hops, &mut queue);
        hops
    }
}
