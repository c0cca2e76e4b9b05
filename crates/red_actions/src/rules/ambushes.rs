//! Ambushes and hidden markers (Game Sequence 3, Ambushes): units that
//! start hidden, either in ambush (the enemy sees nothing) or under a
//! position marker (the enemy sees a marker, as for a dummy, and cannot
//! tell which is real); dummy markers; scouting a piece of terrain;
//! springing an ambush out of turn on an enemy that moves into reach;
//! a senior officer releasing a unit from ambush.
//!
//! Our readings (docs/red_actions/rulings.md, Ambushes):
//! - A hidden unit or dummy is revealed when an enemy unit on the table
//!   sees it (the Visibility rules for a stationary target: cover hides it
//!   beyond 4"), when it is scouted, and a hidden unit also when it moves,
//!   shoots or springs. A seen ambusher stays in ambush (it may still
//!   spring); a dummy found out is removed.
//! - A hidden thing is "in" a piece of terrain when its front centre lies
//!   in the piece or within the dead ground (2") of it.
//! - Scouting is a free extra of the scout's segment, once a turn, one
//!   scout per spot per side and turn; the die is always rolled, and the
//!   scouting side reads only what was found.
//! - A unit in ambush holds or springs in its own segment; holding does not
//!   stop it springing out of turn later. The spring question is put when
//!   an enemy move ends nearer the ambusher and within its short range (to
//!   fire) or its charge reach (to charge). The mover's move ends there. A
//!   charge from ambush, in its own segment or out of turn, is the Charging
//!   section's (`RedActions::charge`: no test, [`RedActions::ambush_bonus`],
//!   one terror marker a turn); out of turn the mover answers it as a unit
//!   that has acted (stand or flee), and its segment goes on after.
//! - A senior officer releases a unit within 4" (his whole segment); the
//!   unit leaves ambush but stays hidden, under a position marker.

use super::{RedActions, Say};
use crate::geometry::{self, Polygon, boundary_dist2, in_polygon, line_of_sight_through};
use crate::scenario::{Category, Level, Trait};
use crate::state::{Action, Ask, Event, Phase, State, Status, Test, UnitId};
use engine::Side;
use engine::param::{Inches, Point};

/// Scouting finds an ambush on this d6 or more (Ambushes).
pub const SCOUT_NEEDS: u8 = 4;

/// Where the units on the table and the dummies were at a look that
/// revealed nothing (`RedActions::reveal_seen`).
#[derive(PartialEq)]
struct Looked {
    units: Vec<(usize, Side, crate::geometry::Formation, bool)>,
    dummies: Vec<(Side, Point, bool)>,
}

impl Looked {
    fn units_of(
        s: &State,
    ) -> impl Iterator<Item = (usize, Side, crate::geometry::Formation, bool)> {
        (s.units.iter().enumerate())
            .filter(|(_, u)| u.on_table())
            .map(|(i, u)| (i, u.side, u.formation, u.hidden))
    }
    fn dummies_of(s: &State) -> impl Iterator<Item = (Side, Point, bool)> {
        (s.dummies.iter()).map(|d| (d.side, d.at, d.gone))
    }
    fn of(s: &State) -> Looked {
        Looked {
            units: Self::units_of(s).collect(),
            dummies: Self::dummies_of(s).collect(),
        }
    }
    /// Whether the state's units and dummies are as they were at this
    /// look (`Looked::of(s) == *self`, nothing gathered).
    fn is_of(&self, s: &State) -> bool {
        Self::units_of(s).eq(self.units.iter().copied())
            && Self::dummies_of(s).eq(self.dummies.iter().copied())
    }
}

thread_local! {
    static NOTHING_SEEN: std::cell::RefCell<Option<(std::sync::Arc<crate::scenario::Scenario>, Looked)>> =
        const { std::cell::RefCell::new(None) };
}

impl RedActions {
    /// Whether `viewer` (`None`: a spectator) may not see unit `id` as
    /// what it is.
    pub fn unseen_by(&self, s: &State, id: UnitId, viewer: Option<Side>) -> bool {
        let u = s.unit(id);
        u.hidden && viewer != Some(u.side)
    }

    /// The unit's name as `viewer` may read it.
    pub fn name_for(&self, s: &State, viewer: Option<Side>, id: UnitId) -> String {
        if self.unseen_by(s, id, viewer) {
            "an unseen enemy".into()
        } else {
            self.unit_name(s, id)
        }
    }

    /// Whether anything is hidden from one side: hidden units, dummies.
    pub fn secrets(&self, s: &State) -> bool {
        s.units.iter().any(|u| u.hidden && u.status != Status::Gone)
            || s.dummies.iter().any(|d| !d.gone)
    }

    /// The pieces of terrain one may scout: the areas, then the building
    /// sections.
    pub fn spots(&self) -> usize {
        self.sc().terrain.len() + self.sc().buildings.len()
    }

    pub fn spot_name(&self, spot: u16) -> &str {
        let sc = self.sc();
        let i = spot as usize;
        if i < sc.terrain.len() {
            &sc.terrain[i].name
        } else {
            sc.buildings
                .get(i - sc.terrain.len())
                .map_or("nowhere", |b| b.name.as_str())
        }
    }

    /// The piece of terrain `spot` and its box.
    fn spot_polygon(&self, spot: u16) -> Option<(&Polygon, crate::geometry::Bbox)> {
        let i = spot as usize;
        self.prep.spots.get(i).map(|p| (p, self.prep.spot_boxes[i]))
    }

    /// The farthest any unit scouts ([`RedActions::scouting_range`]), in
    /// hundredths.
    pub(crate) fn longest_scout(&self) -> i64 {
        2 * self.sc().tables.distances.scout.0 as i64
    }

    /// How far the unit scouts (Ambushes): 4", twice that for Partisan
    /// units and Clever officers (Special Officer Characteristics).
    pub fn scouting_range(&self, s: &State, id: UnitId) -> Inches {
        let r = self.sc().tables.distances.scout;
        if self.is_clever(s, id) || self.has_trait(s, id, Trait::Partisan) {
            Inches(r.0 * 2)
        } else {
            r
        }
    }

    /// Whether a point is in the piece or its dead ground.
    fn in_spot(&self, poly: &Polygon, p: Point) -> bool {
        in_polygon(poly, p)
            || boundary_dist2(poly, p).within(self.sc().tables.visibility.dead_ground)
    }

    fn within_of_poly(&self, s: &State, id: UnitId, poly: &Polygon, d: Inches) -> bool {
        let u = s.unit(id);
        u.footprint().iter().any(|b| {
            b.corners()
                .iter()
                .chain(std::iter::once(&b.pose.at))
                .any(|&p| in_polygon(poly, p) || boundary_dist2(poly, p).within(d))
        })
    }

    pub(crate) fn scout_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        spot: u16,
        w: W,
    ) -> Option<W::Why> {
        let u = s.unit(id);
        if u.ambush {
            return w.say(|| "a unit in ambush keeps still".into());
        }
        if u.scouted_turn == s.turn {
            return w.say(|| format!("{} has scouted this turn", self.name(id)));
        }
        let Some((poly, pbox)) = self.spot_polygon(spot) else {
            return w.say(|| "there is no such piece of terrain".into());
        };
        if s.scouted.contains(&(u.side, spot)) {
            return w.say(|| {
                format!(
                    "{} has been scouted by another unit this turn",
                    self.spot_name(spot)
                )
            });
        }
        // A piece whose box is farther than the reach from the unit's is
        // out of reach (`within_of_poly` tries points in the unit's box);
        // no unit scouts farther than twice the table's distance
        // (`scouting_range`), so a piece farther than that is out of reach
        // without asking the unit's (its officers, its traits).
        let gap = u.on_table().then(|| u.formation.bbox().gap(&pbox));
        let far = gap.is_some_and(|g| g > self.longest_scout()) || {
            let reach = self.scouting_range(s, id);
            gap.is_some_and(|g| g > reach.0 as i64) || !self.within_of_poly(s, id, poly, reach)
        };
        if far {
            return w.say(|| {
                format!(
                    "{} is farther than {} from {}",
                    self.spot_name(spot),
                    self.scouting_range(s, id),
                    self.name(id)
                )
            });
        }
        None
    }

    /// Scouts a piece of terrain: a d6, 4+ finds whatever enemy hides in
    /// it (units are revealed, dummies removed).
    pub(crate) fn scout(&self, s: &mut State, id: UnitId, spot: u16, ev: &mut Vec<Event>) {
        let side = s.unit(id).side;
        s.unit_mut(id).scouted_turn = s.turn;
        s.scouted.push((side, spot));
        let die = self.d6(s);
        let Some((poly, _)) = self.spot_polygon(spot) else {
            return;
        };
        let hit = die >= SCOUT_NEEDS;
        let units: Vec<UnitId> = s
            .ids()
            .filter(|&i| {
                let x = s.unit(i);
                x.side != side
                    && x.hidden
                    && x.on_table()
                    && self.in_spot(poly, x.formation.front.at)
            })
            .collect();
        let dummies: Vec<usize> = (0..s.dummies.len())
            .filter(|&i| {
                let d = &s.dummies[i];
                d.side != side && !d.gone && self.in_spot(poly, d.at)
            })
            .collect();
        let found = hit && (!units.is_empty() || !dummies.is_empty());
        ev.push(Event::Scouted {
            unit: id,
            spot,
            die,
            need: SCOUT_NEEDS,
            found,
        });
        if hit {
            for u in units {
                self.reveal(s, u, ev);
            }
            for d in dummies {
                self.remove_dummy(s, d, ev);
            }
        }
    }

    /// Places a hidden unit on the table as figures.
    pub(crate) fn reveal(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit_mut(id);
        if !u.hidden {
            return;
        }
        u.hidden = false;
        u.marker = false;
        ev.push(Event::Revealed { unit: id });
    }

    fn remove_dummy(&self, s: &mut State, d: usize, ev: &mut Vec<Event>) {
        if !s.dummies[d].gone {
            s.dummies[d].gone = true;
            ev.push(Event::DummyRemoved { dummy: d as u16 });
        }
    }

    /// Whether an enemy of `side` on the table sees the point `p` of a
    /// stationary hidden thing (cover hides it beyond 4").
    pub fn enemy_sees(&self, s: &State, side: Side, p: Point) -> bool {
        self.seen_by(&self.observers(s, side.other()), p)
    }

    /// The units of `side` on the table as observers: each one's box and
    /// the front centres of its bases (where sight is measured from).
    fn observers(&self, s: &State, side: Side) -> Vec<(geometry::Bbox, Vec<Point>)> {
        s.units
            .iter()
            .filter(|o| o.side == side && o.on_table())
            .map(|o| {
                let fronts = o.footprint().iter().map(|b| b.front_centre()).collect();
                (o.formation.bbox(), fronts)
            })
            .collect()
    }

    /// Whether one of `observers` sees the point `p` of a stationary
    /// hidden thing.
    fn seen_by(&self, observers: &[(geometry::Bbox, Vec<Point>)], p: Point) -> bool {
        let range = self.sight_range();
        let at = geometry::Bbox::of(&[p]);
        observers.iter().any(|(bbox, fronts)| {
            // Its front centres lie in its box: none within range of `p`
            // when the box is not.
            bbox.gap(&at) <= range.0 as i64
                && fronts.iter().any(|&from| {
                    geometry::dist2(from, p).within(range)
                        && self.sight_memo(from, p, 2, || {
                            // An area whose box the sight line's box does
                            // not meet holds none of it: left out.
                            let line = geometry::Bbox::of(&[from, p]);
                            let sight = (self.prep.sight.iter())
                                .zip(&self.prep.sight_boxes)
                                .filter(|(_, b)| b.meets(&line));
                            line_of_sight_through(
                                from,
                                p,
                                sight,
                                &self.prep.hedges,
                                &self.sight_rules(),
                                false,
                            ) && !self.hills_hide(from, p)
                        })
                })
        })
    }

    /// Reveals every hidden unit and dummy an enemy now sees (revealing
    /// moves nobody: the observers are listed once).
    pub(crate) fn reveal_seen(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.secrets(s) {
            return;
        }
        // What is seen hangs on the units on the table (side, formation,
        // hidden) and the dummies left, and the table: when they are as
        // they were at the last look that revealed nothing, nothing is
        // revealed now either.
        let unmoved = NOTHING_SEEN.with(|k| {
            k.borrow()
                .as_ref()
                .is_some_and(|(sc, l)| std::sync::Arc::ptr_eq(sc, &self.scenario) && l.is_of(s))
        });
        if unmoved {
            return;
        }
        let looked = Looked::of(s);
        // Else, when only some of them moved (or came, or went): those
        // seen by no one then are still unseen by those that stayed; only
        // the pairs of an observer or a hidden thing not as it was are
        // looked along, and when none sees, nothing is revealed either.
        let (same, unmoved) = NOTHING_SEEN.with(|k| {
            k.borrow().as_ref().map_or((false, false), |(sc, l)| {
                if !std::sync::Arc::ptr_eq(sc, &self.scenario) {
                    (false, false)
                } else if *l == looked {
                    (true, true)
                } else {
                    (self.nothing_newly_seen(l, &looked), false)
                }
            })
        });
        if same {
            if !unmoved {
                NOTHING_SEEN.with(|k| *k.borrow_mut() = Some((self.scenario.clone(), looked)));
            }
            return;
        }
        let before = ev.len();
        self.reveal_seen_now(s, ev);
        if ev.len() == before {
            NOTHING_SEEN.with(|k| *k.borrow_mut() = Some((self.scenario.clone(), looked)));
        }
    }

    /// Whether no observer of `now` sees a hidden thing of `now` that was
    /// not already unseen at the look `prev` (which revealed nothing: every
    /// observer then saw no hidden thing then). What an observer sees
    /// hangs on its formation alone, and a hidden unit is seen at its base
    /// centres, a dummy at its point ([`RedActions::reveal_seen_now`]).
    fn nothing_newly_seen(&self, prev: &Looked, now: &Looked) -> bool {
        let was = |u: &(usize, Side, crate::geometry::Formation, bool)| prev.units.contains(u);
        let mut targets: Vec<(Point, bool)> = Vec::new();
        for side in Side::BOTH {
            // What `side` looks for, each with whether it was there then.
            targets.clear();
            for u in now.units.iter().filter(|u| u.1 != side && u.3) {
                let known = was(u);
                targets.extend(u.2.base_list().iter().map(|b| (b.pose.at, known)));
            }
            for d in now.dummies.iter().filter(|d| d.0 != side && !d.2) {
                targets.push((d.1, prev.dummies.contains(d)));
            }
            if targets.is_empty() {
                continue;
            }
            let all_known = targets.iter().all(|t| t.1);
            for u in now.units.iter().filter(|u| u.1 == side) {
                let known = was(u);
                if known && all_known {
                    continue;
                }
                let fronts = u.2.base_list().iter().map(|b| b.front_centre()).collect();
                let observer = [(u.2.bbox(), fronts)];
                if targets
                    .iter()
                    .any(|&(p, k)| !(known && k) && self.seen_by(&observer, p))
                {
                    return false;
                }
            }
        }
        true
    }

    /// [`RedActions::reveal_seen`], looking.
    fn reveal_seen_now(&self, s: &mut State, ev: &mut Vec<Event>) {
        // Only a side with something hidden from it looks.
        let looks = Side::BOTH.map(|side| {
            s.units
                .iter()
                .any(|u| u.hidden && u.on_table() && u.side != side)
                || s.dummies.iter().any(|d| !d.gone && d.side != side)
        });
        let observers = Side::BOTH.map(|side| {
            if looks[side.index()] {
                self.observers(s, side)
            } else {
                Vec::new()
            }
        });
        for id in s.ids().collect::<Vec<_>>() {
            let u = s.unit(id);
            if u.hidden && u.on_table() {
                let by = &observers[u.side.other().index()];
                let seen = u.footprint().iter().any(|b| self.seen_by(by, b.pose.at));
                if seen {
                    self.reveal(s, id, ev);
                }
            }
        }
        for d in 0..s.dummies.len() {
            let dm = &s.dummies[d];
            if !dm.gone && self.seen_by(&observers[dm.side.other().index()], dm.at) {
                self.remove_dummy(s, d, ev);
            }
        }
    }

    /// Whether `id`, in ambush, may spring its fire on `target` now: an
    /// enemy on the table within short range, in arc and sight.
    pub fn may_spring(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        if id as usize >= s.units.len() || target as usize >= s.units.len() {
            return false;
        }
        let (u, t) = (s.unit(id), s.unit(target));
        u.ambush
            && u.on_table()
            && !u.routing
            && t.side != u.side
            && t.on_table()
            && !self.cat(t).is_vehicle()
            && self.fire_sums(s, id, target).is_some_and(|f| !f.long_range)
    }

    /// Whether `id`, in ambush, may spring a charge on `target` now: the
    /// charge's own conditions (sight, reach with the 2" of surprise, the
    /// path, who may charge whom), no other charge under way.
    pub fn may_charge_from_ambush(&self, s: &State, id: UnitId, target: UnitId) -> bool {
        if id as usize >= s.units.len() || target as usize >= s.units.len() || s.charge.is_some() {
            return false;
        }
        let u = s.unit(id);
        u.ambush && u.on_table() && self.charge_plan(s, id, target, true).is_ok()
    }

    /// The extra move of a charge from ambush (+2").
    pub fn ambush_bonus(&self) -> Inches {
        self.sc().tables.distances.ambush_bonus
    }

    /// What an ambush does to its target, once a turn however many
    /// ambushers fire or charge: a fear test (−3 while marching) and one
    /// terror marker.
    pub fn ambush_effects(&self, s: &mut State, target: UnitId, ev: &mut Vec<Event>) {
        let t = s.unit(target);
        if !t.on_table() || t.ambushed_turn == s.turn {
            return;
        }
        let (marching, routing) = (t.marching, t.routing);
        s.unit_mut(target).ambushed_turn = s.turn;
        if !routing {
            let modifier = if marching {
                self.sc().tables.morale.ambushed_while_marching as i32
            } else {
                0
            };
            let passed = self.morale_test_with(s, target, Test::Fear, modifier, ev);
            if !passed {
                self.start_rout(s, target, ev);
            }
        }
        self.add_terror(s, target, 1, ev);
    }

    /// A morale test with an extra modifier to the success number.
    pub(crate) fn morale_test_with(
        &self,
        s: &mut State,
        id: UnitId,
        test: Test,
        modifier: i32,
        ev: &mut Vec<Event>,
    ) -> bool {
        let number = self.morale_number(s, id, test) + modifier;
        let dice = self.d6x2(s);
        let passed = self.test_passes((dice[0] + dice[1]) as i32, number);
        ev.push(Event::MoraleTest {
            unit: id,
            test,
            dice,
            number,
            passed,
        });
        passed
    }

    /// The ambusher fires: out of ambush, seen, its segment spent.
    pub(crate) fn spring_fire(
        &self,
        s: &mut State,
        id: UnitId,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::Sprung { unit: id, target });
        self.reveal(s, id, ev);
        s.unit_mut(id).ambush = false;
        // Fire from ambush is not answered by return fire.
        self.fire(s, id, target, crate::state::FireMode::Direct, ev);
        self.ambush_effects(s, target, ev);
    }

    /// After an enemy move: each unit in ambush with the mover now nearer
    /// and within its short range is asked whether to spring.
    pub(crate) fn check_springs(
        &self,
        s: &mut State,
        mover: UnitId,
        before: Option<geometry::Formation>,
        ev: &mut Vec<Event>,
    ) {
        if !s.unit(mover).on_table() {
            return;
        }
        let side = s.unit(mover).side;
        let now = s.unit(mover).formation;
        for a in s.ids().collect::<Vec<_>>() {
            let u = s.unit(a);
            if u.side == side || !u.ambush || !u.on_table() {
                continue;
            }
            // Whole units asked by their outlines (`before`: the mover's
            // formation if it stood on the table).
            let mine = u.formation;
            let nearer = match (before.and_then(|b| mine.dist2(&b)), mine.dist2(&now)) {
                (Some(b), Some(n)) => n < b,
                (None, Some(_)) => true,
                _ => false,
            };
            if nearer && (self.may_spring(s, a, mover) || self.may_charge_from_ambush(s, a, mover))
            {
                self.ask(
                    s,
                    u.side,
                    Ask::SpringAmbush {
                        unit: a,
                        target: mover,
                    },
                    ev,
                );
            }
        }
    }

    /// The answer to a spring question: fire ([`Action::Spring`]), a
    /// charge ([`Action::Charge`], out of turn: the target answers it and
    /// the fight follows, then the segment it interrupted goes on) or
    /// [`Action::LieLow`].
    pub(crate) fn answer_spring(
        &self,
        s: &mut State,
        unit: UnitId,
        target: UnitId,
        a: &Action,
        ev: &mut Vec<Event>,
    ) {
        let fire = match a {
            Action::Spring { .. } if self.may_spring(s, unit, target) => true,
            Action::Charge { .. } if self.may_charge_from_ambush(s, unit, target) => false,
            Action::LieLow { .. } => {
                ev.push(Event::LayLow { unit });
                return;
            }
            _ => return,
        };
        // The rest of the target's move is pre-empted.
        if let Phase::Acting(mut seg) = s.phase
            && seg.unit == target
        {
            seg.allowance = seg.charged;
            s.phase = Phase::Acting(seg);
        }
        if fire {
            s.unit_mut(unit).acted = true;
            self.spring_fire(s, unit, target, ev);
        } else {
            self.charge_with(s, unit, target, true, true, ev);
        }
    }

    /// Whether the unit is a senior officer's base.
    pub(crate) fn senior_officer(&self, s: &State, id: UnitId) -> bool {
        let o = s.unit(id);
        let sc = self.sc();
        let pool = &sc.pools[sc.army_of(o.side).pool];
        self.cat(o) == Category::Officer
            && o.officer
                .is_some_and(|t| pool.tokens[t.token as usize].level == Level::Senior)
    }

    /// Whether `officer` may release `ambusher` now.
    pub(crate) fn release_refusal(
        &self,
        s: &State,
        officer: UnitId,
        ambusher: UnitId,
    ) -> Option<String> {
        let o = s.unit(officer);
        if !self.senior_officer(s, officer) {
            return Some(format!("{} is not a senior officer", self.name(officer)));
        }
        if ambusher as usize >= s.units.len() {
            return Some("there is no such unit".into());
        }
        let a = s.unit(ambusher);
        if a.side != o.side || !a.ambush || !a.on_table() {
            return Some(format!("{} is not in ambush", self.name(ambusher)));
        }
        let near = self.sc().tables.morale.senior_near;
        if !o.within(a, near) {
            return Some(format!(
                "{} must be within {near} of {} to give the order",
                self.name(officer),
                self.name(ambusher)
            ));
        }
        None
    }

    pub(crate) fn release(
        &self,
        s: &mut State,
        officer: UnitId,
        ambusher: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let a = s.unit_mut(ambusher);
        a.ambush = false;
        a.marker = a.hidden;
        ev.push(Event::Released {
            unit: ambusher,
            by: officer,
        });
    }

    /// Whether an action gives a hidden unit away (it moves or fires).
    pub(crate) fn gives_away(a: &Action) -> bool {
        !matches!(
            a,
            Action::Done { .. }
                | Action::Scout { .. }
                | Action::LieLow { .. }
                | Action::Release { .. }
                | Action::Dig { .. }
                | Action::HoldCover { .. }
                | Action::RallyTerror { .. }
                | Action::Unpin { .. }
        )
    }
}
