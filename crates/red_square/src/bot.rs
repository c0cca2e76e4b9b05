//! What the computer opponent needs of Red Square (issue 20,
//! `docs/bot.md`): a game drawn again where a side cannot see, and a value
//! of a position.
//!
//! Red Square keeps no secrets between the players: every unit stands in
//! the open and every card is turned over for both. What nobody can see is
//! the draw pile's order, the cards still face down, and the dice to
//! come: the drawn game deals the face-down cards and the pile again
//! (from all of them together) and seeds the generator afresh.

use crate::RedSquare;
use crate::state::{State, Status};
use engine::{GameRng, Ruleset, Side};
use rand::RngExt;

fn shuffle<T>(rng: &mut GameRng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl RedSquare {
    /// The game drawn again (the same for both sides: see the module's
    /// words).
    pub fn determinized(&self, s: &State, rng: &mut GameRng) -> State {
        let mut st = s.clone();
        st.rng = engine::rng_from_seed(rng.random());
        st.loaded.clear();
        let mut unseen = st.deck.clone();
        unseen.extend(st.dealt.iter().filter(|d| !d.face_up).map(|d| d.card));
        unseen.sort_unstable();
        shuffle(rng, &mut unseen);
        let dealt = st.clone();
        for d in st.dealt.iter_mut().filter(|d| !d.face_up) {
            if let Some(c) = unseen.pop() {
                d.card = c;
            }
        }
        st.deck = unseen;
        if self.check_invariants(&st).is_ok() {
            return st;
        }
        // A deal the rules refuse: only the pile shuffled.
        let mut st = dealt;
        let mut pile: Vec<_> = s.deck.clone();
        pile.sort_unstable();
        shuffle(rng, &mut pile);
        for (d, orig) in st.dealt.iter_mut().zip(&s.dealt) {
            d.card = orig.card;
        }
        st.deck = pile;
        st
    }

    /// About the chance that `side` wins: the objective points each side
    /// would hold if the turn ended now (what decides the game after the
    /// last turn), how near each side's troops stand to each objective,
    /// and how near each army is to breaking under its losses.
    pub fn value(&self, s: &State, side: Side) -> f32 {
        if let Some(o) = &s.outcome {
            return match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let sc = &self.scenario;
        let total: u32 = sc.objectives.iter().map(|o| u32::from(o.points)).sum();
        let mut judged = s.clone();
        self.update_objectives(&mut judged);
        let points = |x: Side| self.points(&judged, x) as f32 / total.max(1) as f32;
        let broken = |x: Side| {
            let limit = f32::from(sc.break_percent) * f32::from(self.starting_bases(x)) / 100.0;
            (f32::from(s.losses[x.index()]) / limit.max(1.0)).min(1.0)
        };
        // Nearness: for each objective, whose troops are closer (weighted
        // by its points), from -1 (all the other side's) to 1.
        let mut near = 0f32;
        for o in &sc.objectives {
            let mut d = [f32::MAX; 2];
            for u in s.units.iter().filter(|u| {
                u.status == Status::OnTable && !sc.types[u.kind as usize].class.is_figure()
            }) {
                let k = f32::from(sc.grid.distance(u.at, o.at));
                let i = u.side.index();
                d[i] = d[i].min(k);
            }
            let (mine, theirs) = (d[side.index()], d[side.other().index()]);
            let t = match (mine < f32::MAX, theirs < f32::MAX) {
                (true, true) => (theirs - mine) / (theirs + mine + 1.0),
                (true, false) => 1.0,
                (false, true) => -1.0,
                (false, false) => 0.0,
            };
            near += t * f32::from(o.points) / total.max(1) as f32;
        }
        let other = side.other();
        (0.5 + 0.25 * (points(side) - points(other))
            + 0.15 * (broken(other) - broken(side))
            + 0.1 * near)
            .clamp(0.0, 1.0)
    }
}
