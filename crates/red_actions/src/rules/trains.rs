//! Trains: linked cars on a rail line, moved by their engine up to 8" a
//! turn; to stop, the move is halved each turn, and once it is below 1" the
//! train stops after making it (8, 4, 2, 1, ½, stopped); it starts again
//! at 1" and doubles (1, 2, 4, 8); it must be stopped before it reverses.
//! Artillery cars fire only when the train is stopped (their arcs are on
//! their cards: a field gun 45° either side ahead, a 120 mm turret all
//! round but astern); MG cars fire while it moves. Engines lose 2" of top
//! speed a direct hit and are immobilised at the third; after the first
//! the train must try to get out of the enemy artillery's range. A turret
//! car is destroyed by its second direct hit; any direct hit makes the
//! train take a fear test, and a failure sends it off the table (it may
//! rally). Troops aboard get off beside their car when it is stopped.
//!
//! Our readings (rulings.md, Trains): a train is the engine and the cars
//! chained to it front to rear where the scenario places them; the engine's
//! segment runs the train (RunTrain) with a move that keeps, doubles (up to
//! the top speed) or halves the last one; a moving train must run in its
//! engine's segment; a car or unit in the way stops the train short, at a
//! stand; a train whose move carries a car past a rail end on the table's
//! edge steams off the table with everyone aboard; a rail end inside the
//! table is a buffer that stops it. The fear test and the rally test use
//! the engine's card; a rally is tried at the start of the engine's
//! segment, before the train runs. "Trying to leave" (after a failed fear
//! test: toward the nearer rail end on a table edge; after an engine hit,
//! while any enemy gun or mortar has a car in range: away from the nearest)
//! means the train may only start or keep or double its move that way,
//! and only brake while it runs the other way. A direct hit on a gun car,
//! an MG car or another car destroys it, with any troops aboard; the rest
//! of the train runs on without it. Troops aboard may be shot at through
//! their car (`bases_of`): hard cover, the table's results on them, a
//! gun's direct hits on the car (`hit_target`); routing, they jump down
//! and run (`bail_out`).

use super::RedActions;
use super::shooting::FireSums;
use crate::geometry::{self, Vec2, dist2, point_segment_dist2};
use crate::scenario::{Category, LineKind, Placement};
use crate::state::{Action, Event, Order, Phase, Segment, State, Status, Test, UnitId};
use engine::param::{Degrees, Inches, Point, Pose};

/// A car's place on a rail line: the line (index in the scenario's
/// lines), hundredths along it, and +1 when the car faces along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RailPos {
    pub line: usize,
    pub at: i64,
    pub sign: i64,
}

/// The heading (tenths of a degree) of a vector: the facing whose unit
/// vector lies closest to it.
pub fn heading(v: Vec2) -> Degrees {
    let score = |a: i32| Vec2::facing(Degrees(a)).dot(v);
    let mut best = (0..360)
        .map(|k| k * 10)
        .max_by_key(|&a| score(a))
        .unwrap_or(0);
    let centre = best;
    for a in centre - 10..=centre + 10 {
        if score(a) > score(best) {
            best = a;
        }
    }
    Degrees(best).normalised()
}

impl RedActions {
    fn rail_points(&self, line: usize) -> &[Point] {
        &self.sc().lines[line].points
    }

    fn seg_len(a: Point, b: Point) -> i64 {
        dist2(a, b).inches().0 as i64
    }

    fn rail_len(&self, line: usize) -> i64 {
        self.rail_points(line)
            .windows(2)
            .map(|w| Self::seg_len(w[0], w[1]))
            .sum()
    }

    /// Where on a rail a pose stands (its point within 0.1" of the line).
    pub fn rail_locate(&self, pose: Pose) -> Option<RailPos> {
        for (i, l) in self.sc().lines.iter().enumerate() {
            if l.kind != LineKind::Rail {
                continue;
            }
            let mut cum = 0i64;
            for w in l.points.windows(2) {
                let (a, b) = (w[0], w[1]);
                let len = Self::seg_len(a, b);
                if len > 0 && point_segment_dist2(pose.at, a, b).within(Inches(10)) {
                    let ab = Vec2::between(a, b);
                    let t = (ab.dot(Vec2::between(a, pose.at)) / len as i128) as i64;
                    let sign = if Vec2::facing(pose.facing).dot(ab) >= 0 {
                        1
                    } else {
                        -1
                    };
                    return Some(RailPos {
                        line: i,
                        at: cum + t.clamp(0, len),
                        sign,
                    });
                }
                cum += len;
            }
        }
        None
    }

    /// The pose at a place on a rail (`None`: off its ends).
    pub fn rail_pose(&self, p: RailPos) -> Option<Pose> {
        if p.at < 0 || p.at > self.rail_len(p.line) {
            return None;
        }
        let mut cum = 0i64;
        for w in self.rail_points(p.line).windows(2) {
            let (a, b) = (w[0], w[1]);
            let len = Self::seg_len(a, b);
            if len > 0 && p.at <= cum + len {
                let k = p.at - cum;
                let at = Point {
                    x: Inches(a.x.0 + ((b.x.0 - a.x.0) as i64 * k / len) as i32),
                    y: Inches(a.y.0 + ((b.y.0 - a.y.0) as i64 * k / len) as i32),
                };
                let ab = Vec2::between(a, b);
                let dir = if p.sign > 0 { ab } else { ab.reversed() };
                return Some(Pose {
                    at,
                    facing: heading(dir),
                });
            }
            cum += len;
        }
        None
    }

    /// The cars of the train an engine pulls (the engine first), chained
    /// front to rear as the scenario places them.
    pub fn train_cars(&self, engine: UnitId) -> Vec<UnitId> {
        let sc = self.sc();
        let ends = |i: usize| -> Option<(Point, Point)> {
            let u = &sc.units[i];
            if !sc.troops[u.troop].category.is_train_car() {
                return None;
            }
            let Placement::At(p) = u.placement else {
                return None;
            };
            let depth = sc.troops[u.troop].depth;
            let rear = geometry::offset(p.at, geometry::local(p.facing, 0, -depth.0 as i64, 1));
            Some((p.at, rear))
        };
        let mut cars = vec![engine];
        if ends(engine as usize).is_none() {
            return cars;
        }
        let side = sc.units[engine as usize].side;
        loop {
            let more = (0..sc.units.len()).find(|&i| {
                !cars.contains(&(i as UnitId))
                    && sc.units[i].side == side
                    && ends(i).is_some_and(|(f, r)| {
                        cars.iter().any(|&c| {
                            ends(c as usize).is_some_and(|(cf, cr)| {
                                dist2(f, cr).within(Inches(10)) || dist2(r, cf).within(Inches(10))
                            })
                        })
                    })
            });
            match more {
                Some(i) => cars.push(i as UnitId),
                None => return cars,
            }
        }
    }

    /// The engine pulling a car (itself for an engine).
    pub fn engine_of(&self, s: &State, car: UnitId) -> Option<UnitId> {
        if !self.cat(s.unit(car)).is_train_car() {
            return None;
        }
        s.ids()
            .filter(|&e| {
                self.cat(s.unit(e)) == Category::Engine && s.unit(e).side == s.unit(car).side
            })
            .find(|&e| self.train_cars(e).contains(&car))
    }

    /// The engine's top speed left after its hits.
    pub fn top_speed(&self, s: &State, engine: UnitId) -> Inches {
        let t = &self.sc().tables.train;
        let hits = s.unit(engine).kit.hits as i32;
        if hits >= t.engine_hits as i32 {
            Inches::ZERO
        } else {
            Inches((t.max_speed.0 - hits * t.engine_hit_loss.0).max(0))
        }
    }

    /// Artillery cars fire only when their train is stopped.
    pub(crate) fn train_fire_refusal(&self, s: &State, id: UnitId) -> Option<String> {
        let c = self.cat(s.unit(id));
        if matches!(c, Category::GunCar | Category::TurretCar) && self.vehicle_moving(s, id) {
            Some("artillery cars fire only when the train is stopped".into())
        } else {
            None
        }
    }

    /// Which way the train must go, if it must: +1 along the engine's
    /// facing, −1 backward.
    pub fn train_must_go(&self, s: &State, engine: UnitId) -> Option<i64> {
        let e = s.unit(engine);
        let pos = self.rail_locate(e.formation.front)?;
        if e.kit.leaving {
            let len = self.rail_len(pos.line);
            let pts = self.rail_points(pos.line);
            let edge = |p: Point| {
                p.x.0 <= 0 || p.y.0 <= 0 || p.x.0 >= self.sc().width.0 || p.y.0 >= self.sc().depth.0
            };
            // Distance to each end, as seen from the engine's facing.
            let (ahead_end, behind_end) = if pos.sign > 0 {
                ((len - pos.at, pts[pts.len() - 1]), (pos.at, pts[0]))
            } else {
                ((pos.at, pts[0]), (len - pos.at, pts[pts.len() - 1]))
            };
            return match (edge(ahead_end.1), edge(behind_end.1)) {
                (true, true) if ahead_end.0 <= behind_end.0 => Some(1),
                (true, true) => Some(-1),
                (true, false) => Some(1),
                (false, true) => Some(-1),
                (false, false) => None,
            };
        }
        if e.kit.hits == 0 {
            return None;
        }
        let cars = self.train_cars(engine);
        let threat = s
            .ids()
            .filter(|&g| {
                let o = s.unit(g);
                o.side != e.side
                    && o.on_table()
                    && (self.cat(o).is_gun() || self.cat(o) == Category::Mortar)
                    && cars.iter().any(|&c| {
                        s.unit(c).on_table() && self.range_between(s, g, c) <= self.troop(o).range
                    })
            })
            .min_by_key(|&g| self.range_between(s, g, engine))?;
        let gun = s.unit(threat).formation.front.at;
        let step = |sgn: i64| {
            let p = RailPos {
                at: pos.at + sgn * pos.sign * 100,
                ..pos
            };
            self.rail_pose(p).map(|q| dist2(q.at, gun))
        };
        match (step(1), step(-1)) {
            (Some(a), Some(b)) if a > b => Some(1),
            (Some(_), Some(_)) => Some(-1),
            (Some(_), None) => Some(1),
            (None, Some(_)) => Some(-1),
            (None, None) => None,
        }
    }

    /// The moves the engine may give its train this turn (signed).
    pub fn train_options(&self, s: &State, engine: UnitId) -> Vec<Inches> {
        let e = s.unit(engine);
        if self.cat(e) != Category::Engine || !e.on_table() {
            return Vec::new();
        }
        let t = &self.sc().tables.train;
        let top = self.top_speed(s, engine);
        let v = e.kit.train_speed.0;
        let want = self.train_must_go(s, engine);
        let mut out: Vec<i32> = Vec::new();
        if top.0 <= 0 {
            return Vec::new();
        }
        if v == 0 {
            for sg in [1, -1] {
                if want.is_none_or(|w| w == sg as i64) && t.restart <= top {
                    out.push(sg * t.restart.0);
                }
            }
        } else {
            let (a, sg) = (v.abs(), v.signum());
            let ok_way = want.is_none_or(|w| w == sg as i64);
            if ok_way {
                out.push(sg * a.min(top.0));
                out.push(sg * (2 * a).min(top.0));
            }
            if !ok_way || want.is_none() {
                out.push(sg * (a / 2));
            }
        }
        out.retain(|&x| x != 0);
        out.dedup();
        let mut res: Vec<Inches> = Vec::new();
        for x in out {
            if !res.contains(&Inches(x)) {
                res.push(Inches(x));
            }
        }
        res
    }

    pub(crate) fn run_refusal(
        &self,
        s: &State,
        id: UnitId,
        seg: &Segment,
        speed: Inches,
    ) -> Option<String> {
        let u = s.unit(id);
        if self.cat(u) != Category::Engine {
            return Some(format!("{} is not an engine", self.name(id)));
        }
        if seg.moved || seg.shot {
            return Some("the train has run this turn".into());
        }
        let opts = self.train_options(s, id);
        if opts.is_empty() {
            return Some(format!("{} cannot move its train", self.name(id)));
        }
        if !opts.contains(&speed) {
            return Some(format!(
                "the train's move this turn is one of {} (keep, double or halve the last; restart at 1\"; stop before reversing)",
                opts.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        None
    }

    /// A moving train must run in its engine's segment.
    pub(crate) fn train_done_refusal(&self, s: &State, id: UnitId) -> Option<String> {
        let u = s.unit(id);
        if self.cat(u) != Category::Engine || u.kit.train_speed.0 == 0 {
            return None;
        }
        let ran = matches!(s.phase, Phase::Acting(seg) if seg.unit == id && seg.moved);
        if ran || self.train_options(s, id).is_empty() {
            None
        } else {
            Some("a moving train must run: keep, double or halve its move".into())
        }
    }

    /// Runs the train: every car moves `speed` along the rail (stopping
    /// short of anything in the way, or of a buffer), or off the table.
    pub(crate) fn run_train(
        &self,
        s: &mut State,
        engine: UnitId,
        speed: Inches,
        ev: &mut Vec<Event>,
    ) {
        let cars: Vec<UnitId> = self
            .train_cars(engine)
            .into_iter()
            .filter(|&c| s.unit(c).on_table())
            .collect();
        let e_pos = match self.rail_locate(s.unit(engine).formation.front) {
            Some(p) => p,
            None => return,
        };
        let delta = speed.0 as i64 * e_pos.sign;
        let places: Vec<(UnitId, RailPos)> = cars
            .iter()
            .filter_map(|&c| self.rail_locate(s.unit(c).formation.front).map(|p| (c, p)))
            .collect();
        let stops_below = self.sc().tables.train.stops_below;
        let mut next = if speed.0.abs() < stops_below.0 {
            Inches::ZERO
        } else {
            speed
        };
        // Step along: a car over the table's edge, or past a rail end on
        // the edge, takes the train off the table; a buffer (a rail end
        // inside the table) or anything in the way stops it short.
        let (w, d) = (self.sc().width.0, self.sc().depth.0);
        let on_edge = |p: Point| p.x.0 <= 0 || p.y.0 <= 0 || p.x.0 >= w || p.y.0 >= d;
        let pts = self.rail_points(e_pos.line).to_vec();
        enum Stop {
            Edge,
            Buffer,
            Clash,
        }
        let fits = |k: i64| -> Result<Vec<(UnitId, Pose)>, Stop> {
            let mut out = Vec::new();
            for &(c, p) in &places {
                let Some(pose) = self.rail_pose(RailPos { at: p.at + k, ..p }) else {
                    let end = if p.at + k < 0 {
                        pts[0]
                    } else {
                        pts[pts.len() - 1]
                    };
                    return Err(if on_edge(end) {
                        Stop::Edge
                    } else {
                        Stop::Buffer
                    });
                };
                let mut f = s.unit(c).formation;
                f.front = pose;
                if !self.on_table(&f) {
                    return Err(Stop::Edge);
                }
                let bases = f.base_list();
                let clash = s.ids().any(|j| {
                    !cars.contains(&j)
                        && s.unit(j).on_table()
                        && geometry::units_overlap(&bases, &s.unit(j).formation.base_list())
                });
                if clash {
                    return Err(Stop::Clash);
                }
                out.push((c, pose));
            }
            Ok(out)
        };
        let step = 25 * delta.signum();
        let mut best: Option<Vec<(UnitId, Pose)>> = None;
        let mut k = 0i64;
        let mut stop = None;
        while k != delta {
            let nk = if (delta - k).abs() < step.abs() {
                delta
            } else {
                k + step
            };
            match fits(nk) {
                Ok(p) => {
                    best = Some(p);
                    k = nk;
                }
                Err(why) => {
                    stop = Some(why);
                    break;
                }
            }
        }
        let (past, blocked, edge) = match stop {
            Some(Stop::Edge) => (true, false, true),
            Some(Stop::Buffer) => (true, false, false),
            Some(Stop::Clash) => (false, true, false),
            None => (false, false, false),
        };
        if past && !blocked && edge {
            ev.push(Event::TrainRan {
                unit: engine,
                speed,
                stopped: false,
            });
            for &c in &cars {
                self.unload_lost(s, c, "it is carried off the table by its train", ev);
                self.remove(s, c, "the train steams off the table", ev);
            }
            let e = s.unit(engine);
            if let Some(owner) = e.kit.captured_from
                && owner != e.side
                && self.sc().victory.train_captured_loses
            {
                let reason = format!(
                    "{} lost its train to capture: {} took it off the table",
                    self.side_name_of(owner),
                    self.side_name_of(e.side)
                );
                self.end_game(
                    s,
                    engine::Outcome {
                        winner: Some(owner.other()),
                        reason,
                    },
                    ev,
                );
            }
            return;
        }
        if blocked || past {
            next = Inches::ZERO;
        }
        if let Some(poses) = best {
            for (c, pose) in poses {
                s.unit_mut(c).formation.front = pose;
            }
        }
        s.unit_mut(engine).kit.train_speed = next;
        ev.push(Event::TrainRan {
            unit: engine,
            speed: Inches((k * e_pos.sign) as i32),
            stopped: next.0 == 0,
        });
    }

    /// A direct hit on a train car: engines lose speed (immobilised at the
    /// third), turret cars go at the second, other cars at the first; then
    /// the train's fear test.
    pub(crate) fn train_car_hit(&self, s: &mut State, car: UnitId, ev: &mut Vec<Event>) {
        let t = &self.sc().tables.train;
        let engine = self.engine_of(s, car);
        match self.cat(s.unit(car)) {
            Category::Engine => {
                let k = &mut s.unit_mut(car).kit;
                k.hits = (k.hits + 1).min(t.engine_hits);
                let hits = k.hits;
                let top = self.top_speed(s, car);
                let k = &mut s.unit_mut(car).kit;
                if k.train_speed.0.abs() > top.0 {
                    k.train_speed = Inches(k.train_speed.0.signum() * top.0);
                }
                if hits >= t.engine_hits {
                    k.immobilised = true;
                    k.train_speed = Inches::ZERO;
                }
                ev.push(Event::EngineHit {
                    unit: car,
                    hits,
                    top,
                });
            }
            Category::TurretCar => {
                let k = &mut s.unit_mut(car).kit;
                k.hits = k.hits.saturating_add(1);
                if k.hits >= t.turret_car_hits {
                    self.unload_lost(s, car, "its car is destroyed", ev);
                    self.lose_base(s, car, ev);
                }
            }
            _ => {
                self.unload_lost(s, car, "its car is destroyed", ev);
                self.lose_base(s, car, ev);
            }
        }
        let tester = engine.filter(|&e| s.unit(e).on_table()).unwrap_or(car);
        if s.unit(tester).on_table()
            && !s.unit(tester).kit.leaving
            && !self.morale_test(s, tester, Test::Fear, ev)
            && let Some(e) = engine.filter(|&e| s.unit(e).on_table())
        {
            s.unit_mut(e).kit.leaving = true;
            ev.push(Event::TrainLeaves { unit: e });
        }
    }

    /// The rally of a leaving train (its engine's rally test).
    pub(crate) fn rally_train_refusal(&self, s: &State, id: UnitId, fresh: bool) -> Option<String> {
        if self.cat(s.unit(id)) != Category::Engine || !s.unit(id).kit.leaving {
            Some(format!(
                "{} is not a train making for the edge",
                self.name(id)
            ))
        } else if !fresh {
            Some("a train rallies at the start of its engine's segment".into())
        } else {
            None
        }
    }

    pub(crate) fn rally_train(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if self.morale_test(s, id, Test::Rally, ev) {
            s.unit_mut(id).kit.leaving = false;
            ev.push(Event::TrainRallied { unit: id });
        }
    }

    /// After every segment: enemy troops touching a stopped train that no
    /// troops aboard and no friend within 2" defend take it; its cars are
    /// theirs to run from then on (and back to the owner if retaken).
    pub(crate) fn check_train_capture(&self, s: &mut State, ev: &mut Vec<Event>) {
        let engines: Vec<UnitId> = s
            .ids()
            .filter(|&e| self.cat(s.unit(e)) == Category::Engine && s.unit(e).on_table())
            .collect();
        let contact = Inches(50);
        let guard = self.sc().tables.distances.enemy_zone;
        for e in engines {
            if s.unit(e).kit.train_speed.0 != 0 {
                continue;
            }
            let side = s.unit(e).side;
            let cars: Vec<UnitId> = self
                .train_cars(e)
                .into_iter()
                .filter(|&c| s.unit(c).on_table() && s.unit(c).side == side)
                .collect();
            if s.ids()
                .any(|i| self.carrier(s, i).is_some_and(|c| cars.contains(&c)))
            {
                continue;
            }
            let near = |o: UnitId, d: Inches| {
                let theirs = s.unit(o).footprint();
                cars.iter()
                    .any(|&c| geometry::within(&s.unit(c).footprint(), &theirs, d))
            };
            let troops = |o: UnitId| {
                self.standing(s, o)
                    && !self.cat(s.unit(o)).is_vehicle()
                    && self.cat(s.unit(o)) != Category::Officer
            };
            let Some(captor) = s
                .ids()
                .find(|&o| s.unit(o).side != side && troops(o) && near(o, contact))
            else {
                continue;
            };
            if s.ids()
                .any(|o| s.unit(o).side == side && troops(o) && near(o, guard))
            {
                continue;
            }
            let by = s.unit(captor).side;
            for c in cars {
                let k = &mut s.unit_mut(c).kit;
                k.captured_from = match k.captured_from {
                    Some(owner) if owner == by => None,
                    Some(owner) => Some(owner),
                    None => Some(side),
                };
                k.leaving = false;
                s.unit_mut(c).side = by;
            }
            ev.push(Event::TrainCaptured { unit: e, by });
        }
    }

    // ------------------------------------------------------------ aboard

    /// The car a waiting unit rides in.
    pub fn carrier(&self, s: &State, id: UnitId) -> Option<UnitId> {
        if s.unit(id).status != Status::Waiting {
            return None;
        }
        // (A part of a divided unit has no scenario entry: never aboard.)
        match self.sc().units.get(id as usize).map(|u| &u.placement) {
            Some(Placement::Aboard(c)) => Some(*c as UnitId),
            _ => None,
        }
    }

    /// The car on the table a unit rides in (`None`: not aboard, or its
    /// car is off the table).
    pub fn riding_in(&self, s: &State, id: UnitId) -> Option<UnitId> {
        self.carrier(s, id).filter(|&c| s.unit(c).on_table())
    }

    /// Whether the unit may be shot at and take the Shooting Table's
    /// results: on the table, or aboard a car on the table.
    pub fn in_play(&self, s: &State, id: UnitId) -> bool {
        s.unit(id).on_table() || self.riding_in(s, id).is_some()
    }

    /// The bases fire is measured from or to: the unit's own, or its car's
    /// while it rides in one (the car stands for the troops in it).
    pub fn bases_of(&self, s: &State, id: UnitId) -> geometry::Bases {
        match self.riding_in(s, id) {
            Some(car) => s.unit(car).footprint(),
            None => s.unit(id).footprint(),
        }
    }

    /// What a direct hit aimed at `target` lands on: the car it rides in,
    /// or itself.
    pub fn hit_target(&self, s: &State, target: UnitId) -> UnitId {
        self.riding_in(s, target).unwrap_or(target)
    }

    /// Troops aboard that rout jump down beside their car, on the side
    /// away from the nearest enemy (the other side when that has no room),
    /// and run from there; with no room on either side they give
    /// themselves up. False when they are gone.
    pub(crate) fn bail_out(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) -> bool {
        let Some(car) = self.riding_in(s, id) else {
            return true;
        };
        let at = s.unit(car).formation.front.at;
        let side = s.unit(id).side;
        let enemy = s
            .ids()
            .filter(|&o| s.unit(o).side != side && s.unit(o).on_table())
            .map(|o| s.unit(o).formation.front.at)
            .min_by_key(|&p| Vec2::between(p, at).len2());
        let mut ways: Vec<geometry::Formation> = [true, false]
            .into_iter()
            .filter_map(|left| self.disembark_formation(s, id, left))
            .collect();
        if let Some(e) = enemy {
            ways.sort_by_key(|f| std::cmp::Reverse(Vec2::between(f.front.at, e).len2()));
        }
        for f in ways {
            if self.placement(s, id, &f, &f, false).is_ok() {
                let u = s.unit_mut(id);
                u.formation = f;
                u.order = Order::Line;
                u.status = Status::OnTable;
                ev.push(Event::Disembarked { unit: id });
                return true;
            }
        }
        self.remove(
            s,
            id,
            "no room to jump down from its car: it gives itself up",
            ev,
        );
        false
    }

    /// Troops aboard a car lost with it (or carried off the table).
    fn unload_lost(&self, s: &mut State, car: UnitId, why: &str, ev: &mut Vec<Event>) {
        let aboard: Vec<UnitId> = s
            .ids()
            .filter(|&i| self.carrier(s, i) == Some(car))
            .collect();
        for i in aboard {
            self.remove(s, i, why, ev);
        }
    }

    /// Troops aboard fire rifles from their car: every effective base
    /// counts when a target base is within range of the car, within 45°
    /// of straight out from either of its sides, and in sight from the
    /// car's middle (rulings).
    pub fn aboard_sums(&self, s: &State, id: UnitId, target: UnitId) -> Option<FireSums> {
        let car = self.carrier(s, id)?;
        if !s.unit(car).on_table() {
            return None;
        }
        let u = s.unit(id);
        let t = self.troop(u);
        let cb = *s.unit(car).formation.base_list().first()?;
        let theirs = self.bases_of(s, target);
        let sight: Vec<_> = self.prep.sight.iter().collect();
        let hedges: Vec<_> = self.prep.hedges.iter().collect();
        let rules = self.sight_rules();
        let side_arcs = [900, -900].map(|turn| {
            let mut a = geometry::Arc::ahead(&cb, Degrees(450));
            a.origin = cb.pose.at;
            a.facing = Degrees(cb.pose.facing.0 + turn).normalised();
            a
        });
        let mut close = false;
        let mut any = false;
        for tb in &theirs {
            let d = geometry::base_dist2(&cb, tb);
            if d.within(t.range)
                && side_arcs.iter().any(|a| a.reaches(tb))
                && geometry::line_of_sight(cb.pose.at, tb.pose.at, &sight, &hedges, &rules, true)
            {
                any = true;
                close |= d.within(t.range.fraction(1, 2));
            }
        }
        if !any {
            return None;
        }
        let tables = &self.sc().tables;
        let halves = u.effective_halves();
        let mut total = halves * t.shooting as u32 / 2;
        if !close {
            total = tables.shooting_modifiers.long_range.of(total);
        }
        let c = &tables.cover;
        let tg = s.unit(target);
        let shift = match self.cover_of(s, target) {
            crate::scenario::Cover::SuperHard => c.super_hard,
            crate::scenario::Cover::Stone => c.stone,
            crate::scenario::Cover::Hard => c.wood,
            crate::scenario::Cover::Soft if tg.evading => c.evading_in_soft,
            crate::scenario::Cover::Soft => c.soft,
            crate::scenario::Cover::None if tg.evading => c.evading_in_open,
            crate::scenario::Cover::None => 0,
        } as i32
            + if tg.order == Order::Formed && self.riding_in(s, target).is_none() {
                tables.shooting_modifiers.formed_cavalry_or_road_column as i32
            } else {
                0
            };
        Some(FireSums {
            bases: u.bases(),
            halves,
            long_range: !close,
            total,
            shift,
        })
    }

    /// Whether a unit aboard may get off now (its car on the table, the
    /// train stopped).
    pub fn may_disembark(&self, s: &State, id: UnitId) -> bool {
        self.carrier(s, id)
            .is_some_and(|c| s.unit(c).on_table() && !self.vehicle_moving(s, c))
    }

    /// Where a unit getting off on one side of its car stands: in its
    /// formation, its rear along the car's side, facing away.
    pub fn disembark_formation(
        &self,
        s: &State,
        id: UnitId,
        left: bool,
    ) -> Option<geometry::Formation> {
        let car = s.unit(self.carrier(s, id)?);
        let cb = *car.formation.base_list().first()?;
        let facing =
            Degrees(car.formation.front.facing.0 + if left { -900 } else { 900 }).normalised();
        let mut f = s.unit(id).formation;
        f.order = Order::Line.geometry();
        let (_, ranks) = f.files_ranks();
        let out = car.formation.width.0 as i64 / 2 + f.depth.0 as i64 * ranks + 1;
        f.front = Pose {
            at: geometry::offset(cb.pose.at, geometry::local(facing, 0, out, 1)),
            facing,
        };
        Some(f)
    }

    pub(crate) fn disembark_refusal(
        &self,
        s: &State,
        id: UnitId,
        left: bool,
        fresh: bool,
    ) -> Option<String> {
        if self.carrier(s, id).is_none() {
            return Some(format!("{} is not aboard a train", self.name(id)));
        }
        if !self.may_disembark(s, id) {
            return Some("troops get off only when their train is stopped".into());
        }
        if !fresh {
            return Some("getting off takes the whole segment".into());
        }
        let Some(f) = self.disembark_formation(s, id, left) else {
            return Some("its car has no place".into());
        };
        self.placement(s, id, &f, &f, false)
            .err()
            .map(|r| format!("there is no room beside the car: {r}"))
    }

    pub(crate) fn disembark(&self, s: &mut State, id: UnitId, left: bool, ev: &mut Vec<Event>) {
        if let Some(f) = self.disembark_formation(s, id, left) {
            let u = s.unit_mut(id);
            u.formation = f;
            u.order = Order::Line;
            u.status = Status::OnTable;
            ev.push(Event::Disembarked { unit: id });
        }
    }

    /// The train choices of a unit for the tester: an engine's moves, a
    /// rally, getting off either side, and for troops aboard their fire and
    /// rallying from terror.
    pub fn train_samples(&self, s: &State, id: UnitId, out: &mut Vec<Action>) {
        let c = self.cat(s.unit(id));
        if c == Category::Engine {
            for speed in self.train_options(s, id) {
                out.push(Action::RunTrain { unit: id, speed });
            }
            out.push(Action::RallyTrain { unit: id });
        }
        if self.carrier(s, id).is_some() {
            for left in [true, false] {
                out.push(Action::Disembark { unit: id, left });
            }
            out.push(Action::RallyTerror { unit: id });
            for t in s.ids() {
                if s.unit(t).side != s.unit(id).side && s.unit(t).on_table() {
                    out.push(Action::Shoot {
                        unit: id,
                        target: t,
                    });
                }
            }
        }
    }
}
