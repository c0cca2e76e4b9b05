//! What the computer opponent needs of Red Actions! (issue 20,
//! `docs/bot.md`): a game drawn again where one side cannot see, and a
//! value of a position.
//!
//! A side cannot see the enemy's hidden units (Ambushes): one under a
//! position marker shows as a marker, like the enemy's dummies; one in
//! ambush does not show at all. Nor can it see the dice to come. The drawn
//! game seeds the generator afresh and deals the enemy's hidden units
//! again from what the side can know:
//!
//! - which enemy units are hidden (the scenario's roster less those it
//!   sees or saw go), but not which of them are under markers and which in
//!   ambush: the units under markers are drawn from all of them alike;
//! - how many markers are real: the markers it sees less the enemy's
//!   dummies not yet found out (the scenario's dummies, less those it saw
//!   removed), never more than the hidden units;
//! - where the markers stand, but not which is which: the drawn units and
//!   the dummies are dealt among the marker points at random.
//!
//! The hidden units not drawn under a marker are taken off the table
//! (waiting, never to enter, their bases not counted lost), so that the
//! bot plays as if no ambush were laid rather than knowing where one is. A
//! deal that breaks the rules (a unit set down where it may not stand) is
//! dealt again, a few times; then no hidden unit is left on the table and
//! only the dummies stand at the marker points. A hidden detachment (a
//! unit divided off during the game: the rules cannot keep it waiting off
//! the table) is drawn under a marker before the units of the roster, and
//! one left over stays where it is (it tells where it stands). Nothing in the deal reads
//! which hidden unit is where, nor which is in ambush: two games that
//! differ only in that draw the very same games.

use crate::geometry::{point_segment_dist2, segments_meet};
use crate::rules::RedActions;
use crate::scenario::Category;
use crate::state::{Action, ActionKind, Event, State, Status, UnitId};
use engine::param::{Inches, Point, Pose};
use engine::{GameRng, Ruleset, Side};
use rand::RngExt;

/// What a wire line across an infantry unit's way to its objective
/// counts for in how far it has come (`RedActions::come_forward`), in
/// hundredths of an inch: about what a company advances in two turns,
/// since entering and crossing take a segment each (and crossing a roll
/// of 9+ on 2d6).
pub const WIRE_AHEAD: f32 = 1200.0;

/// What a wire line counts for where the unit goes through a gap or a
/// crushed strip (one segment, no roll: Barbed Wire), in hundredths of an
/// inch.
pub const WIRE_AT_GAP: f32 = 300.0;

/// What standing short of a wire line (not within the inch of it from
/// which a unit may enter it, Barbed Wire) adds to [`WIRE_AHEAD`]: the
/// segment lost closing up before the unit can enter.
pub const WIRE_SHORT: f32 = 200.0;

/// The search settings Red Actions! asks of a search bot
/// (`Ruleset::search_defaults`): playouts of 2 decisions rather than 10
/// (measured on 28 November 2026, session 2, `docs/bot.md`: random
/// decisions of a unit's segment say little of the game and add noise to
/// the value at the leaves).
pub const SEARCH: engine::ruleset::SearchDefaults = engine::ruleset::SearchDefaults {
    playout_depth: Some(2),
    weighted_playouts: None,
    weight_bias: None,
};

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
        // The enemy's hidden units on the table, under markers or in
        // ambush alike, in the order of the roster.
        let hidden: Vec<usize> = (0..st.units.len())
            .filter(|&i| {
                let u = &st.units[i];
                u.side == enemy && u.on_table() && u.hidden
            })
            .collect();
        let dummies: Vec<usize> = (0..st.dummies.len())
            .filter(|&i| st.dummies[i].side == enemy && !st.dummies[i].gone)
            .collect();
        // The marker points as the side sees them (real and dummy alike).
        let mut points: Vec<Point> = hidden
            .iter()
            .filter(|&&i| st.units[i].marker)
            .map(|&i| st.units[i].formation.front.at)
            .chain(dummies.iter().map(|&i| st.dummies[i].at))
            .collect();
        points.sort_by_key(|p| (p.x.0, p.y.0));
        let real = points.len().saturating_sub(dummies.len()).min(hidden.len());
        // Every hidden unit off the table, somewhere that tells nothing.
        for &i in &hidden {
            let u = &mut st.units[i];
            u.status = Status::Waiting;
            u.arrives = u8::MAX;
            u.entry = None;
            u.formation.front = Pose::default();
            u.ambush = false;
            u.marker = false;
        }
        if points.is_empty() {
            return st;
        }
        // A detachment (a unit divided off during the game) is not in the
        // scenario's roster and cannot wait off the table: detachments are
        // dealt under markers first, and one left over stays where it is.
        let roster = self.sc().units.len();
        let keep_left = |dealt: &mut State, drawn: &[usize]| {
            for &i in &hidden {
                if i >= roster && !drawn.contains(&i) {
                    dealt.units[i] = s.units[i].clone();
                }
            }
        };
        let base = st.clone();
        let mut who = hidden.clone();
        for _ in 0..4 {
            let mut dealt = base.clone();
            shuffle(rng, &mut points);
            shuffle(rng, &mut who);
            who.sort_by_key(|&i| i < roster);
            keep_left(&mut dealt, &who[..real]);
            for (&i, p) in who[..real].iter().zip(&points) {
                let u = &mut dealt.units[i];
                let was = &s.units[i];
                u.status = was.status;
                u.arrives = was.arrives;
                u.entry = was.entry;
                u.formation = was.formation;
                u.formation.front.at = *p;
                u.marker = true;
            }
            for (&d, p) in dummies.iter().zip(&points[real..]) {
                dealt.dummies[d].at = *p;
            }
            if self.check_invariants(&dealt).is_ok() {
                return dealt;
            }
        }
        // No deal stood: the dummies alone at the marker points.
        let mut dealt = base;
        keep_left(&mut dealt, &[]);
        for (&d, p) in dummies.iter().zip(&points) {
            dealt.dummies[d].at = *p;
        }
        dealt
    }

    /// About the chance that `side` wins: the objectives (who would hold
    /// each if the turn ended now, weighing more as the last turn comes
    /// near, and whose troops stand nearer each), how near each army is to
    /// its flight figure, and how far each army has come towards the
    /// objectives (every unit's distance to its nearest objective, and
    /// whether it faces it; a unit still to enter counts as farthest).
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
        let late = f32::from(s.turn.min(sc.turns)) / f32::from(sc.turns.max(1));
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
        let come = self.come_forward(s);
        (0.5 + (0.15 + 0.2 * late) * objectives
            + 0.2 * (flight(other) - flight(side))
            + 0.05 * near
            + 0.25 * (come[side.index()] - come[other.index()]))
        .clamp(0.0, 1.0)
    }

    /// How far each army has come towards the objectives, from 0 to 1:
    /// the mean over its units not gone that take and hold ground (not
    /// guns, mortars, trains or senior officers, which serve from where
    /// they stand) of how near each stands to its nearest objective (1
    /// within the objective's radius, 0 a table's diagonal away, still to
    /// enter or routing), a tenth of it for facing that objective.
    pub fn come_forward(&self, s: &State) -> [f32; 2] {
        let sc = self.sc();
        let diagonal = ((sc.width.0 as f32).powi(2) + (sc.depth.0 as f32).powi(2))
            .sqrt()
            .max(1.0);
        let mut sum = [0f32; 2];
        let mut count = [0f32; 2];
        let takes_ground = |u: &crate::state::Unit| {
            !matches!(
                self.troop(u).category,
                Category::Mortar
                    | Category::FieldGun
                    | Category::HorseGun
                    | Category::HeavyGun
                    | Category::Engine
                    | Category::GunCar
                    | Category::TurretCar
                    | Category::MgCar
                    | Category::Wagon
                    | Category::Officer
            )
        };
        for (id, u) in s
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.status != Status::Gone && takes_ground(u))
        {
            count[u.side.index()] += 1.0;
            if !u.on_table() || u.routing {
                continue;
            }
            let front = u.formation.front;
            let nearest = sc
                .victory
                .objectives
                .iter()
                .map(|o| {
                    let (dx, dy) = (
                        (o.at.x.0 - front.at.x.0) as f32,
                        (o.at.y.0 - front.at.y.0) as f32,
                    );
                    let d = (dx * dx + dy * dy).sqrt();
                    (d, dx, dy, o.radius.0 as f32)
                })
                .min_by(|a, b| a.0.total_cmp(&b.0));
            let Some((d, dx, dy, radius)) = nearest else {
                continue;
            };
            let to = engine::param::Point {
                x: engine::param::Inches((front.at.x.0 as f32 + dx).round() as i32),
                y: engine::param::Inches((front.at.y.0 as f32 + dy).round() as i32),
            };
            let d = d + self.wire_to_go(s, id as UnitId, front.at, to);
            let close = 1.0 - ((d - radius).max(0.0) / diagonal).min(1.0);
            let facing = if d > radius {
                let f = (front.facing.0 as f32 / 10.0).to_radians();
                ((f.sin() * dx - f.cos() * dy) / d).max(0.0)
            } else {
                1.0
            };
            sum[u.side.index()] += 0.9 * close + 0.1 * facing;
        }
        [sum[0] / count[0].max(1.0), sum[1] / count[1].max(1.0)]
    }

    /// The search's compound choices (`Ruleset::compound_choices`): the
    /// listing asks for a unit's kind of action ("moves…", "shooting…")
    /// and then, as the next decision, which one of that kind; worth
    /// nothing alone, "moves…" was weighed by the search only through
    /// the advance after it. Here each kind is opened: the kind with each
    /// of its samples (as the listing offers them after it) is one
    /// compound; every other choice stands alone. `false` (no compounds)
    /// where no kind is offered. Built from `side`'s own listing on `s`
    /// (a drawn game) only.
    pub fn compounds_of(
        &self,
        s: &State,
        side: Side,
        choices: &[Action],
        out: &mut Vec<Vec<Action>>,
    ) -> bool {
        if !choices.iter().any(|a| matches!(a, Action::Kind { .. })) {
            return false;
        }
        let (mut next, mut ev) = (Vec::new(), Vec::new());
        for a in choices {
            match *a {
                Action::Kind { .. } => {
                    let t = self.after(s, side, &[*a], &mut ev);
                    next.clear();
                    if let Some(t) = &t {
                        self.choices(t, side, &mut next);
                    }
                    if next.is_empty() {
                        out.push(vec![*a]);
                    }
                    out.extend(next.iter().map(|b| vec![*a, *b]));
                }
                _ => out.push(vec![*a]),
            }
        }
        true
    }

    /// `s` after `side` takes `steps` (each legal, `side` still to decide
    /// after each but the last); `None` where one is not.
    fn after(&self, s: &State, side: Side, steps: &[Action], ev: &mut Vec<Event>) -> Option<State> {
        let mut t = s.clone();
        for a in steps {
            if self.to_decide(&t) != engine::Decider::One(side) || !self.legal(&t, side, a) {
                return None;
            }
            ev.clear();
            self.apply_legal(&mut t, side, a, ev);
        }
        Some(t)
    }

    /// The wire still to get through on an infantry unit's way from
    /// `from` to `to`, as distance (hundredths of an inch) added to its
    /// straight way: for each wire line across that way, the least of
    /// [`WIRE_AHEAD`] (half of it for the line the unit is caught in, and
    /// [`WIRE_AT_GAP`] where it stands at a gap or crushed strip of it;
    /// [`WIRE_SHORT`] more where it is not yet at the wire)
    /// and, for a unit not caught, the way round through a gap or crushed
    /// strip of that line (the detour to it and on, plus
    /// [`WIRE_AT_GAP`]). So a tank that crushes wire where the infantry
    /// will pass, and infantry that make for the strips, count as having
    /// come on. Other troops: 0 (tanks drive over wire; others do not
    /// cross it).
    fn wire_to_go(&self, s: &State, id: UnitId, from: Point, to: Point) -> f32 {
        let u = s.unit(id);
        if !self.troop(u).category.is_infantry() {
            return 0.0;
        }
        let dist = |a: Point, b: Point| {
            let (dx, dy) = ((a.x.0 - b.x.0) as f32, (a.y.0 - b.y.0) as f32);
            (dx * dx + dy * dy).sqrt()
        };
        let direct = dist(from, to);
        let at = self.wire_at(s, id);
        let open_here = at.is_some() && self.at_gap(s, id);
        let mut sum = 0.0;
        for (i, l) in self.sc().lines.iter().enumerate() {
            if l.kind != crate::scenario::LineKind::Wire
                || !l
                    .points
                    .windows(2)
                    .any(|w| segments_meet(from, to, w[0], w[1]))
            {
                continue;
            }
            let caught = u.in_wire == Some(i as u16);
            if open_here && at == Some(i as u16) {
                sum += WIRE_AT_GAP;
                continue;
            }
            if caught {
                sum += WIRE_AHEAD / 2.0;
                continue;
            }
            let on_line = |g: &Point| {
                l.points
                    .windows(2)
                    .any(|w| point_segment_dist2(*g, w[0], w[1]).within(Inches::whole(1)))
            };
            let round = s
                .wire_gaps
                .iter()
                .chain(&s.crushed)
                .filter(|g| on_line(g))
                .map(|&g| dist(from, g) + dist(g, to) - direct + WIRE_AT_GAP)
                .fold(f32::MAX, f32::min);
            // Short of the wire it cannot be entered this segment.
            let short = if at == Some(i as u16) {
                0.0
            } else {
                WIRE_SHORT
            };
            sum += (WIRE_AHEAD + short).min(round);
        }
        sum
    }

    /// How much the search's playouts and tree favour `a`
    /// (`Ruleset::playout_weight`): what makes the fight go on before what
    /// stalls it. Shots, charges, gun fire and springing an ambush 4; an
    /// advance from 0.5 (across or away from the nearest objective) to 4
    /// (all that is left of the allowance straight at it; a quarter of it
    /// counts as at least a quarter); crossing wire, entering, marching,
    /// rallying, unpinning, unlimbering and taking a building 2; ending a
    /// segment, digging in, evading, turning, reforming, limbering,
    /// scouting and reorganising 0.3; anything else (choosing the unit,
    /// wheels, answers) 1. The kinds of an acting unit's next action:
    /// moves 3, shooting, charges and gun fire 4, a pivot 1, the rest 0.3.
    pub fn playout_weight_of(&self, s: &State, a: &Action) -> f32 {
        match a {
            Action::Shoot { .. }
            | Action::Charge { .. }
            | Action::Fire { .. }
            | Action::Spring { .. } => 4.0,
            Action::Kind { kind, .. } => match kind {
                ActionKind::Move => 3.0,
                ActionKind::Shoot | ActionKind::Charge | ActionKind::Fire => 4.0,
                ActionKind::Pivot => 1.0,
                _ => 0.3,
            },
            Action::Advance { unit, distance } => {
                let front = s.unit(*unit).formation.front;
                let gain = self.nearer_by(front, distance.0 as f32);
                let left = self.segment_of(s, *unit);
                let share = distance.0 as f32 / (left.allowance.0 - left.charged.0).max(1) as f32;
                0.5 + 3.5 * gain.clamp(0.0, 1.0) * share.clamp(0.25, 1.0)
            }
            Action::CrossWire { .. }
            | Action::Enter { .. }
            | Action::RallyTerror { .. }
            | Action::RallyRout { .. }
            | Action::Unpin { .. }
            | Action::Unlimber { .. }
            | Action::March { .. }
            | Action::TakePossession { .. } => 2.0,
            Action::Done { .. }
            | Action::Dig { .. }
            | Action::Evade { .. }
            | Action::Turn { .. }
            | Action::Reform { .. }
            | Action::Divide { .. }
            | Action::Combine { .. }
            | Action::Limber { .. }
            | Action::Scout { .. } => 0.3,
            _ => 1.0,
        }
    }

    /// How much nearer to its nearest objective (out of its radius) a unit
    /// whose front stands at `front` comes by advancing `distance`
    /// hundredths straight ahead, as a share of the distance: 1 straight
    /// at it, 0 across or already within, below 0 away.
    fn nearer_by(&self, front: Pose, distance: f32) -> f32 {
        if distance <= 0.0 {
            return 0.0;
        }
        let f = (front.facing.0 as f32 / 10.0).to_radians();
        let (fx, fy) = (front.at.x.0 as f32, front.at.y.0 as f32);
        let (tx, ty) = (fx + f.sin() * distance, fy - f.cos() * distance);
        let gap = |x: f32, y: f32| {
            self.sc()
                .victory
                .objectives
                .iter()
                .map(|o| {
                    let (dx, dy) = (o.at.x.0 as f32 - x, o.at.y.0 as f32 - y);
                    ((dx * dx + dy * dy).sqrt() - o.radius.0 as f32).max(0.0)
                })
                .fold(f32::MAX, f32::min)
        };
        let before = gap(fx, fy);
        if before == f32::MAX {
            return 0.0;
        }
        (before - gap(tx, ty)) / distance
    }
}
