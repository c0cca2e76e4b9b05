//! What the computer opponent needs of Red Actions! (issue 20,
//! `docs/bot.md`): a game drawn again where one side cannot see, and a
//! value of a position.
//!
//! A side cannot see the enemy's hidden units (Ambushes): one under a
//! position marker shows as a marker, like the enemy's dummies; one in
//! ambush does not show at all. Nor can it see the dice to come. The drawn
//! game seeds the generator afresh; puts the enemy's hidden units under
//! markers at random among all the enemy's marker points (real and dummy
//! alike, so it cannot tell which is which, nor which unit is where); and
//! takes the enemy's units in ambush off the table (waiting, never to
//! enter, their bases not counted lost), so that the bot plays as if no
//! ambush were laid rather than knowing where one is. Two things are
//! known to the draw that the side could not know: how many of the
//! markers are real (the deal keeps that number), and that the units in
//! ambush exist. A deal that breaks the rules (a unit set down where it
//! may not stand) is dealt again, a few times, then the markers are left.

use crate::rules::RedActions;
use crate::state::{State, Status};
use engine::param::{Point, Pose};
use engine::{GameRng, Ruleset, Side};
use rand::RngExt;

fn shuffle<T>(rng: &mut GameRng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

impl RedActions {
    /// The game drawn again for `side` (see the module's words).
    pub fn determinized(&self, s: &State, side: Side, rng: &mut GameRng) -> State {
        let enemy = side.other();
        let mut st = s.clone();
        st.rng = engine::rng_from_seed(rng.random());
        st.loaded.clear();
        // Units in ambush: off the table, somewhere that tells nothing.
        for u in st.units.iter_mut() {
            if u.side == enemy && u.on_table() && u.hidden && !u.marker {
                u.status = Status::Waiting;
                u.arrives = u8::MAX;
                u.entry = None;
                u.formation.front = Pose::default();
            }
        }
        // Markers: the hidden units dealt among the marker points.
        let real: Vec<usize> = (0..st.units.len())
            .filter(|&i| {
                let u = &st.units[i];
                u.side == enemy && u.on_table() && u.hidden && u.marker
            })
            .collect();
        let dummies: Vec<usize> = (0..st.dummies.len())
            .filter(|&i| st.dummies[i].side == enemy && !st.dummies[i].gone)
            .collect();
        if real.is_empty() || real.len() + dummies.len() < 2 {
            return st;
        }
        let mut points: Vec<Point> = real
            .iter()
            .map(|&i| st.units[i].formation.front.at)
            .chain(dummies.iter().map(|&i| st.dummies[i].at))
            .collect();
        points.sort_by_key(|p| (p.x.0, p.y.0));
        let base = st.clone();
        for _ in 0..4 {
            let mut dealt = base.clone();
            shuffle(rng, &mut points);
            for (&i, p) in real.iter().zip(&points) {
                dealt.units[i].formation.front.at = *p;
            }
            for (&i, p) in dummies.iter().zip(&points[real.len()..]) {
                dealt.dummies[i].at = *p;
            }
            if self.check_invariants(&dealt).is_ok() {
                return dealt;
            }
        }
        base
    }

    /// About the chance that `side` wins: the objectives (who would hold
    /// each if the turn ended now, and whose troops stand nearer each),
    /// and how near each army is to its flight figure.
    pub fn value(&self, s: &State, side: Side) -> f32 {
        if let Some(o) = &s.outcome {
            return match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let sc = self.sc();
        let mut judged = s.clone();
        self.judge_objectives(&mut judged);
        let held = self.objective_values(&judged);
        let total: u32 = sc.victory.objectives.iter().map(|o| o.value as u32).sum();
        let flight = |x: Side| {
            let start = sc.sides[x.index()].points as f32;
            let limit = f32::from(sc.army_of(x).flight) * start / 100.0;
            (self.points_lost(s, x) as f32 / limit.max(1.0)).min(1.0)
        };
        let other = side.other();
        let objectives =
            (held[side.index()] as f32 - held[other.index()] as f32) / total.max(1) as f32;
        // Nearness: for each objective, whose troops (on the table, not
        // routing) stand closer to it, weighted by its value, from -1 to 1.
        let mut near = 0f32;
        for o in &sc.victory.objectives {
            let mut d = [f32::MAX; 2];
            for u in s.units.iter().filter(|u| u.on_table() && !u.routing) {
                let at = u.formation.front.at;
                let (dx, dy) = ((at.x.0 - o.at.x.0) as f32, (at.y.0 - o.at.y.0) as f32);
                let k = (dx * dx + dy * dy).sqrt() / 100.0;
                d[u.side.index()] = d[u.side.index()].min(k);
            }
            let (mine, theirs) = (d[side.index()], d[other.index()]);
            let t = match (mine < f32::MAX, theirs < f32::MAX) {
                (true, true) => (theirs - mine) / (theirs + mine + 1.0),
                (true, false) => 1.0,
                (false, true) => -1.0,
                (false, false) => 0.0,
            };
            near += t * o.value as f32 / total.max(1) as f32;
        }
        (0.5 + 0.25 * objectives + 0.15 * (flight(other) - flight(side)) + 0.1 * near)
            .clamp(0.0, 1.0)
    }
}
