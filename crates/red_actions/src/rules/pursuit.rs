//! Pursuit, Routing through friends, and the prisoners of Miscellaneous.
//!
//! Sabres that rout an enemy in combat pursue at once, straight on along
//! their facing up to a full move: they halt on coming within 2" of another
//! enemy that faces them and can fight, and stop at any unit in their way
//! (contacting a flank or rear). Not halted, they catch routers slower than
//! them, and cavalry as fast on a d6 of 4+. Other troops pursue by charging
//! routers in a later turn: they catch only routers whose rout move is
//! blocked (by terrain, friends or the edge); otherwise the routers run on
//! (and a pursuer within a full move stops them rallying, Rallying from
//! Rout). A caught unit loses half its bases, rounded up, and the rest are
//! captured: it is out of the game and counts for the flight figure as
//! captured; its prisoners are a token on the table (`miscellaneous`).
//!
//! Routing: a router runs a full move straight away from the nearest enemy
//! and passes through friends (not formed cavalry), each of which takes a
//! fear test; it may not end on a friend (it stops short of the last one).
//! A friend that is not routing, of a class at most the router's, within 8"
//! of the router's path takes a serious test (not those it ran through,
//! which take the fear test instead); troops aboard a train are measured
//! to their car.

use super::RedActions;
use super::movement::Blocked;
use crate::geometry::{AreaCost, Bbox, Formation, LineCost, Polygon, Polyline, path_cost_boxed};
use crate::scenario::Category;
use crate::state::{Event, Order, State, Test, UnitId};
use engine::param::{Inches, Point};

/// A router's run worked out: how far, what stopped it, the friends it
/// ran through and those it passed within 8" of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutRun {
    pub moved: Inches,
    pub blocked: Blocked,
    pub through: Vec<UnitId>,
    pub near: Vec<UnitId>,
}

/// The terrain that can stop a router or a pursuer, who are not charged
/// for the ground they cross: the pieces impassable to its kind of
/// mover, with their boxes (the others never make a path impassable).
struct Walls<'a> {
    areas: Vec<(&'a Polygon, AreaCost, Bbox)>,
    lines: Vec<(&'a Polyline, LineCost, Bbox)>,
}

impl Walls<'_> {
    /// Whether every base corner's straight path from `from` (its bases'
    /// corners) to `to` stays clear of them: what `worst_path_cost` of
    /// those paths through all the terrain being `Some` asks.
    fn let_pass(&self, from: &[[Point; 4]], to: &Formation) -> bool {
        from.iter().zip(to.base_list().iter()).all(|(a, b)| {
            let b = b.corners();
            (0..4).all(|i| path_cost_boxed(&[a[i], b[i]], &self.areas, &self.lines).is_some())
        })
    }
}

impl RedActions {
    /// [`Walls`] for the unit's kind of mover.
    fn walls(&self, s: &State, id: UnitId) -> Walls<'_> {
        let m = self.mover(s.unit(id)) as usize;
        let prep = &self.prep;
        Walls {
            areas: prep.areas[m]
                .iter()
                .zip(&prep.area_boxes[m])
                .filter(|((_, c), _)| *c == AreaCost::Impassable)
                .map(|((p, c), b)| (p, *c, *b))
                .collect(),
            lines: prep.lines[m]
                .iter()
                .zip(&prep.line_boxes[m])
                .filter(|((_, c), _)| *c == LineCost::Impassable)
                .map(|((l, c), b)| (l, *c, *b))
                .collect(),
        }
    }

    /// The direction of a rout: backward when the nearest enemy is ahead.
    fn rout_distance(&self, s: &State, id: UnitId) -> Inches {
        let u = s.unit(id);
        let speed = self.troop(u).speed;
        // Judged from the middle of the enemy's bases (its front edge may
        // touch the router's front line in contact).
        let away_back = self.nearest_enemy(s, id).is_none_or(|e| {
            let c = Self::centres(&s.unit(e).footprint());
            let n = c.len().max(1) as i64;
            let mid = engine::param::Point {
                x: Inches((c.iter().map(|p| p.x.0 as i64).sum::<i64>() / n) as i32),
                y: Inches((c.iter().map(|p| p.y.0 as i64).sum::<i64>() / n) as i32),
            };
            self.ahead_of(u, mid)
        });
        if away_back { Inches(-speed.0) } else { speed }
    }

    /// Where a router would run: up to `d` along its facing (negative:
    /// back), through friends other than formed cavalry.
    pub fn rout_run(&self, s: &State, id: UnitId, d: Inches) -> RoutRun {
        let u = s.unit(id);
        let f = u.formation;
        let sign = d.0.signum();
        let class = self.troop(u).class;
        let within = self.sc().tables.morale.routers_pass_within;
        let mut run = RoutRun {
            moved: Inches::ZERO,
            blocked: Blocked::Nothing,
            through: Vec::new(),
            near: Vec::new(),
        };
        let mut touched: Vec<(UnitId, i32)> = Vec::new();
        let mut last_clear = 0;
        let walls = self.walls(s, id);
        let start: Vec<[Point; 4]> = f.base_list().iter().map(|b| b.corners()).collect();
        let step = 25;
        let mut k = step;
        let full = d.0.abs();
        while k < full + step {
            let k2 = k.min(full);
            let to = f.advanced(Inches(sign * k2)).formation;
            if !self.on_table(&to) {
                run.blocked = Blocked::Edge;
                break;
            }
            if !walls.let_pass(&start, &to) {
                run.blocked = Blocked::Impassable;
                break;
            }
            let mut clear = true;
            let mut stop = None;
            for (j, o) in s.units.iter().enumerate() {
                if j == id as usize || !o.on_table() {
                    continue;
                }
                let dx = (o.formation.front.at.x.0 - to.front.at.x.0).abs();
                let dy = (o.formation.front.at.y.0 - to.front.at.y.0).abs();
                if dx > 2500 || dy > 2500 {
                    continue;
                }
                // Whole units asked by their outlines (`Formation::outline_quad`).
                if to.overlaps(&o.formation) {
                    clear = false;
                    if o.side != u.side {
                        stop = Some(Blocked::Enemy);
                    } else if o.order == Order::Formed {
                        stop = stop.or(Some(Blocked::Friend));
                    } else if !touched.iter().any(|t| t.0 == j as UnitId) {
                        touched.push((j as UnitId, k2));
                    }
                }
            }
            if let Some(b) = stop {
                run.blocked = b;
                break;
            }
            if k2 % 100 == 0 || k2 == full {
                for (j, o) in s.units.iter().enumerate() {
                    if o.side != u.side
                        || j == id as usize
                        || o.routing
                        || self.troop(o).class > class
                        || run.near.contains(&(j as UnitId))
                    {
                        continue;
                    }
                    // Troops aboard a train: where their car is (it
                    // stands for them).
                    let at = if o.on_table() {
                        &o.formation
                    } else if let Some(car) = self.riding_in(s, j as UnitId) {
                        &s.unit(car).formation
                    } else {
                        continue;
                    };
                    if to.within(at, within) {
                        run.near.push(j as UnitId);
                    }
                }
            }
            if clear {
                last_clear = k2;
            }
            k += step;
        }
        if last_clear < full && run.blocked == Blocked::Nothing {
            // It would have ended on a friend: it stops short.
            run.blocked = Blocked::Friend;
        }
        run.moved = Inches(sign * last_clear);
        run.through = touched
            .iter()
            .filter(|&&(_, at)| at < last_clear)
            .map(|&(j, _)| j)
            .collect();
        run.near.retain(|j| !run.through.contains(j));
        run
    }

    /// One rout move: a full move away from the nearest enemy, through
    /// friends; lost off the table, surrendering to an enemy in the way,
    /// destroyed by impassable ground; friends run through take a fear
    /// test, those of no better class passed within 8" a serious test.
    pub(crate) fn rout_through(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let d = self.rout_distance(s, id);
        let run = self.rout_run(s, id, d);
        let f = s.unit(id).formation.advanced(run.moved).formation;
        s.unit_mut(id).formation = f;
        ev.push(Event::Moved {
            unit: id,
            charged: Inches(run.moved.0.abs()),
        });
        if run.moved.0.abs() < d.0.abs() {
            match run.blocked {
                Blocked::Edge => self.rout_off_table(s, id, ev),
                Blocked::Enemy => {
                    ev.push(Event::Surrendered { unit: id });
                    self.surrendered_intact(s, id, ev);
                    let n = s.unit(id).bases();
                    self.take_prisoners(s, id, n, "it surrenders to the enemy in its way", ev)
                }
                Blocked::Impassable => {
                    self.remove(s, id, "impassable ground traps it and it is destroyed", ev)
                }
                Blocked::Friend | Blocked::Nothing => {}
            }
        }
        for friend in run.through {
            ev.push(Event::PassedThrough { unit: id, friend });
            if self.standing(s, friend) && !self.morale_test(s, friend, Test::Fear, ev) {
                self.start_rout(s, friend, ev);
            }
        }
        for friend in run.near {
            // (Troops aboard a train too: a failed test's retire leaves
            // them in their car.)
            let standing = self.in_play(s, friend) && !s.unit(friend).routing;
            if standing && !self.morale_test(s, friend, Test::Serious, ev) {
                self.retire(s, friend, ev);
            }
        }
    }

    /// Whether a router's way is blocked (terrain, friends it may not pass,
    /// an enemy or the edge stop its next rout move short).
    pub fn router_blocked(&self, s: &State, id: UnitId) -> bool {
        let d = self.rout_distance(s, id);
        self.rout_run(s, id, d).moved.0.abs() < d.0.abs()
    }

    /// A caught router: half its bases (rounded up) cut down, the rest
    /// captured.
    pub(crate) fn capture(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let n = s.unit(id).bases();
        let destroyed = n.div_ceil(2);
        ev.push(Event::Captured {
            unit: id,
            destroyed,
            prisoners: n - destroyed,
        });
        self.take_prisoners(
            s,
            id,
            n - destroyed,
            "caught in the pursuit: cut down and captured",
            ev,
        );
    }

    /// Whether sabres catch a router they are not prevented from reaching:
    /// slower routers always, cavalry as fast on a d6 of 4+.
    fn catches(&self, s: &mut State, pursuer: UnitId, router: UnitId) -> (Option<u8>, bool) {
        let (ps, rs) = (
            self.troop(s.unit(pursuer)).speed,
            self.troop(s.unit(router)).speed,
        );
        if rs < ps {
            (None, true)
        } else if rs == ps && self.cat(s.unit(router)).is_cavalry() {
            let die = self.d6(s);
            (Some(die), die >= 4)
        } else {
            (None, false)
        }
    }

    /// How far the pursuer runs straight on (up to a full move), and
    /// whether something stopped it short: an enemy facing it within 2"
    /// (not `ignore`), a unit in the way, terrain or the edge.
    fn pursuit_run(&self, s: &State, id: UnitId, ignore: Option<UnitId>) -> (Inches, bool) {
        let u = s.unit(id);
        let f = u.formation;
        let speed = self.troop(u).speed.0;
        let zone = self.sc().tables.distances.enemy_zone;
        let walls = self.walls(s, id);
        let start: Vec<[Point; 4]> = f.base_list().iter().map(|b| b.corners()).collect();
        let mut last = 0;
        let mut k = 25;
        while k < speed + 25 {
            let k2 = k.min(speed);
            let to = f.advanced(Inches(k2)).formation;
            if !self.on_table(&to) {
                return (Inches(last), true);
            }
            if !walls.let_pass(&start, &to) {
                return (Inches(last), true);
            }
            for (j, o) in s.units.iter().enumerate() {
                let j = j as UnitId;
                if j == id || !o.on_table() || Some(j) == ignore {
                    continue;
                }
                // Whole units asked by their outlines (`Formation::outline_quad`).
                if to.overlaps(&o.formation) {
                    return (Inches(last), true);
                }
                if o.side != u.side
                    && !o.routing
                    && self.troop(o).fighting > 0
                    && self.ahead_of(o, to.front.at)
                    && to.within(&o.formation, zone)
                {
                    return (Inches(last), true);
                }
            }
            last = k2;
            k += 25;
        }
        (Inches(last), false)
    }

    /// Sabres pursue the unit they routed in combat.
    pub(crate) fn pursue(
        &self,
        s: &mut State,
        pursuer: UnitId,
        router: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let (_, stopped) = self.pursuit_run(s, pursuer, Some(router));
        let (die, caught) = if stopped {
            (None, false)
        } else {
            self.catches(s, pursuer, router)
        };
        ev.push(Event::Pursuit {
            unit: pursuer,
            router,
            stopped,
            die,
            caught,
        });
        if caught {
            self.capture(s, router, ev);
        }
        let (d, _) = self.pursuit_run(s, pursuer, None);
        if d > Inches::ZERO {
            let u = s.unit_mut(pursuer);
            u.formation = u.formation.advanced(d).formation;
            ev.push(Event::Moved {
                unit: pursuer,
                charged: d,
            });
        }
    }

    /// A charge reaching routers (a pursuit in a later turn, or sabres
    /// running on): sabres catch them as in a pursuit; others only when the
    /// routers' way is blocked. Routers not caught run on.
    pub(crate) fn catch_router(
        &self,
        s: &mut State,
        id: UnitId,
        router: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let (die, caught) = if self.cat(s.unit(id)) == Category::Sabre {
            self.catches(s, id, router)
        } else {
            (None, self.router_blocked(s, router))
        };
        ev.push(Event::Pursuit {
            unit: id,
            router,
            stopped: false,
            die,
            caught,
        });
        if caught {
            self.capture(s, router, ev);
        } else {
            self.rout_through(s, router, ev);
        }
    }
}
