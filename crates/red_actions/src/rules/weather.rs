//! Weather: night and fog (+1 to morale rolls and one humiliated marker on
//! every unit from the start, both in `morale` and `game_sequence`; sight
//! and shooting range 3" on a dark night, 6" in moonlight or light fog;
//! a unit not in column moves at most ½ its speed; veering off course
//! away from well-defined terrain features) and rain (sight 40", no road
//! bonus).
//!
//! Our readings (docs/red_actions/rulings.md, Weather): clear weather's
//! sight is the table's farthest distance (200", large bodies); the veer
//! is rolled when a unit starts its segment with a move, away from every
//! line feature (road, rail, stream, hedge, wall, trench, wire) by more
//! than 1" and outside every terrain area's edge; it turns the unit 30°
//! about its front centre before the move (no veer when that placement is
//! refused). A unit that veered may not turn, wheel or pivot until its
//! front middle reaches or crosses a feature (or starts a segment on
//! one). A unit "comes on" friends when a move of its own brings a
//! friendly unit within sight that was not within sight before the move;
//! it rolls a d6 for each, and on a 1 shoots at them (a normal shot, if any
//! base can).

use super::RedActions;
use crate::geometry::{Base, Polyline, crosses_polyline, point_segment_dist2};
use crate::scenario::WeatherKind;
use crate::state::{Event, Order, State, UnitId};
use engine::param::{Degrees, Inches, Point};

impl RedActions {
    /// How far anyone sees in this weather.
    pub fn sight_range(&self) -> Inches {
        let sc = self.sc();
        let w = &sc.tables.weather;
        match sc.weather {
            WeatherKind::Clear => sc.tables.visibility.large_bodies,
            WeatherKind::Rain => w.rain_sight,
            WeatherKind::DarkNight => w.dark_night_sight,
            WeatherKind::Moonlight | WeatherKind::Fog => w.moonlight_or_fog_sight,
        }
    }

    /// A weapon's range in this weather (at night or in fog, no farther
    /// than one sees).
    pub fn fire_range(&self, card: Inches) -> Inches {
        if self.sc().weather.is_night_or_fog() {
            Inches(card.0.min(self.sight_range().0))
        } else {
            card
        }
    }

    /// Whether roads give their bonus (not in rain).
    pub fn road_bonus_applies(&self) -> bool {
        self.sc().weather != WeatherKind::Rain
    }

    /// A segment's move allowance: the card's speed; at night or in fog a
    /// unit not in column (nor limbered) moves no more than ½ of it.
    pub fn speed_allowance(&self, s: &State, id: UnitId) -> Inches {
        let u = s.unit(id);
        let speed = self.troop(u).speed;
        let sc = self.sc();
        if sc.weather.is_night_or_fog()
            && !matches!(u.order, Order::Column | Order::Limbered)
            && self.cat(u) != crate::scenario::Category::Officer
        {
            let f = sc.tables.weather.night_column_above;
            Inches(speed.0 * f.num as i32 / f.den as i32)
        } else {
            speed
        }
    }

    /// Whether a point follows a well-defined terrain feature (within 1"
    /// of a line feature or of an area's edge).
    pub fn on_feature(&self, p: Point) -> bool {
        let near = Inches::whole(1);
        let close = |pl: &Polyline| {
            pl.points
                .windows(2)
                .any(|w| point_segment_dist2(p, w[0], w[1]).within(near))
        };
        self.sc()
            .lines
            .iter()
            .any(|l| close(&Polyline::new(l.points.clone())))
            || self.sc().terrain.iter().any(|a| {
                let mut pts = a.points.clone();
                pts.push(a.points[0]);
                close(&Polyline::new(pts))
            })
    }

    /// Night or fog: a unit starting its segment with a move off the
    /// terrain features rolls a d6; 1 veers 30° left, 6 30° right.
    pub(crate) fn veer(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        if !self.sc().weather.is_night_or_fog() || !s.unit(id).on_table() {
            return;
        }
        let at = s.unit(id).formation.front.at;
        if self.on_feature(at) {
            return;
        }
        let die = self.d6(s);
        let w = self.sc().tables.weather.veer;
        let angle = match die {
            1 => Degrees(-w.0),
            6 => w,
            _ => Degrees(0),
        };
        ev.push(Event::Veers {
            unit: id,
            die,
            angle,
        });
        if angle.0 != 0 {
            let from = s.unit(id).formation;
            let mut to = from;
            to.front.facing = Degrees(from.front.facing.0 + angle.0).normalised();
            if self.placement(s, id, &from, &to, false).is_ok() {
                s.unit_mut(id).formation = to;
                s.unit_mut(id).more.lost_way = true;
            }
        }
    }

    /// Night or fog: a unit that veered "may not reorientate" until it
    /// strikes a well-defined terrain feature. The refusal for a turn,
    /// wheel or pivot while it has not (standing on a feature now ends it).
    pub(crate) fn keeps_heading(&self, s: &State, id: UnitId) -> Result<(), String> {
        let u = s.unit(id);
        if u.more.lost_way && !self.on_feature(u.formation.front.at) {
            return Err(format!(
                "{} veered off course in the dark and keeps its heading until it \
                 reaches a road, stream, hedge, edge of ground or other clear feature",
                self.name(id)
            ));
        }
        Ok(())
    }

    /// After a unit's own move from `from`: where its front middle reached
    /// or crossed a feature, it has found its way again.
    pub(crate) fn find_way(&self, s: &mut State, id: UnitId, from: Point) {
        if !s.unit(id).more.lost_way {
            return;
        }
        let to = s.unit(id).formation.front.at;
        let sc = self.sc();
        let crossed = sc
            .lines
            .iter()
            .any(|l| crosses_polyline(from, to, &Polyline::new(l.points.clone())))
            || sc.terrain.iter().any(|a| {
                let mut ring = a.points.clone();
                ring.push(a.points[0]);
                crosses_polyline(from, to, &Polyline::new(ring))
            });
        if crossed || self.on_feature(to) {
            s.unit_mut(id).more.lost_way = false;
        }
    }

    /// Night or fog: after a move, each friend the unit has come on (now
    /// within sight, not before) is diced for; on a 1 it is shot at.
    pub(crate) fn friends_in_the_dark(
        &self,
        s: &mut State,
        id: UnitId,
        before: &[Base],
        ev: &mut Vec<Event>,
    ) {
        if !self.sc().weather.is_night_or_fog() || !s.unit(id).on_table() {
            return;
        }
        let sight = self.sight_range();
        let side = s.unit(id).side;
        let friends: Vec<UnitId> = s
            .ids()
            .filter(|&f| {
                let o = s.unit(f);
                f != id && o.side == side && o.on_table() && {
                    let theirs = o.footprint();
                    let now = crate::geometry::within(&s.unit(id).footprint(), &theirs, sight);
                    let was = crate::geometry::within(before, &theirs, sight);
                    now && !was
                }
            })
            .collect();
        for f in friends {
            let die = self.d6(s);
            let fires = die <= self.sc().tables.weather.fire_on_friends_on
                && self.fire_sums(s, id, f).is_some();
            ev.push(Event::FriendsInTheDark {
                unit: id,
                friend: f,
                die,
                fires,
            });
            if fires {
                self.shoot(s, id, f, ev);
            }
        }
    }
}
