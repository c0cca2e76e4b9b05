//! Buildings: hard cover inside (wooden buildings) or stone, in
//! `Prepared`; only the bases that fit a section's frontage fire out of
//! it; setting fire to a section touched (d6 3–6: a fire marker), the fire
//! growing a marker each turn and destroying the section at 5; fighting a
//! fire (d6 4, 5, 6 removes 1, 2, 3 markers).
//!
//! Our readings (docs/red_actions/rulings.md, Buildings): setting or
//! fighting a fire is the unit's whole segment; "touching" is a base
//! inside the section or within ½" of it; a unit counts as in a section
//! when most of its base centres are; a burnt-out section gives no more
//! cover; a section's hard cover is held by infantry that took possession
//! of it (the whole segment; those standing in it at the start hold it)
//! until they move; everyone else counts soft cover there, except infantry
//! moving through evading. Units other than infantry stand in woods and
//! buildings only in column.

use super::{RedActions, Say};
use crate::geometry::{self, Formation, Polygon, boundary_dist2, in_polygon};
use crate::scenario::{AreaKind, Category};
use crate::state::{Event, State, UnitId};
use engine::param::Inches;

/// A fire is set on this d6 or more.
pub const FIRE_SET_ON: u8 = 3;
/// A fire fought on this d6 or more removes (die − 3) markers.
pub const FIRE_FOUGHT_ON: u8 = 4;
/// Markers that destroy a section.
pub const FIRE_DESTROYS: u8 = 5;

impl RedActions {
    /// Terrain Effects: units other than infantry must be in column in
    /// buildings (towns and building sections) and woods. A move or change
    /// of formation that would leave such a unit, not in column, with a
    /// base centre in them is refused (one base counts as a column; an
    /// officer on his own is exempt).
    pub fn woods_column(&self, s: &State, id: UnitId, to: &Formation) -> Result<(), String> {
        let c = self.cat(s.unit(id));
        if c.is_infantry()
            || c == Category::Officer
            || to.order == geometry::Order::Column
            || to.count <= 1
        {
            return Ok(());
        }
        let bases = to.base_list();
        let sc = self.sc();
        let woods = sc
            .terrain
            .iter()
            .filter(|a| {
                matches!(
                    a.kind,
                    AreaKind::Wood | AreaKind::DenseWood | AreaKind::Town
                )
            })
            .map(|a| (&a.name, &a.points))
            .chain(sc.buildings.iter().map(|b| (&b.name, &b.points)));
        for (name, points) in woods {
            // The points as they are (no polygon made of a copy).
            if bases
                .iter()
                .any(|b| geometry::locate_in(points, b.pose.at) != geometry::Location::Outside)
            {
                return Err(format!(
                    "only infantry may be in {name} other than in column"
                ));
            }
        }
        Ok(())
    }

    /// The cover a cover polygon gives the unit: none from a building
    /// section burnt out (`None`); the section's own (hard or stone) to
    /// infantry that holds it (took possession, or stood in it from the
    /// start) or moves through it evading; soft to everyone else.
    pub fn building_cover(
        &self,
        s: &State,
        id: UnitId,
        building: Option<usize>,
        c: crate::scenario::Cover,
    ) -> Option<crate::scenario::Cover> {
        let Some(i) = building else {
            return Some(c);
        };
        if s.fires.get(i).is_some_and(|&m| m >= FIRE_DESTROYS) {
            return None;
        }
        // Hard (or stone) cover for infantry that took possession of the
        // section, or that moves through it evading; soft for the rest.
        let u = s.unit(id);
        let infantry = self.cat(u).is_infantry();
        let passing = u.moved_turn == s.turn && s.turn > 0;
        if infantry && (u.more.possession == Some(i as u16) || (passing && u.evading)) {
            Some(c)
        } else {
            Some(crate::scenario::Cover::Soft)
        }
    }

    /// Why the unit may not take possession of building section `b` now.
    pub(crate) fn possession_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        b: u16,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        let Some(building) = self.sc().buildings.get(b as usize) else {
            return w.say(|| "there is no such building".into());
        };
        if !fresh {
            return w.say(|| "taking possession is the whole segment".into());
        }
        if !self.cat(s.unit(id)).is_infantry() {
            return w.say(|| "only infantry take possession of buildings".into());
        }
        if s.fires.get(b as usize).is_some_and(|&m| m >= FIRE_DESTROYS) {
            return w.say(|| format!("{} has burnt down", building.name));
        }
        if s.unit(id).more.possession == Some(b) {
            return w.say(|| format!("{} holds {} already", self.name(id), building.name));
        }
        if !self.touches_building(s, id, b) {
            return w.say(|| format!("{} is not touching {}", self.name(id), building.name));
        }
        None
    }

    /// At the start: infantry standing in a building section (most of
    /// its base centres inside) hold it (rulings: the defender has had the
    /// time to occupy it).
    pub(crate) fn possession_at_start(&self, s: &mut State) {
        for id in s.ids().collect::<Vec<_>>() {
            let u = s.unit(id);
            if !u.on_table() || !self.cat(u).is_infantry() {
                continue;
            }
            let centres = Self::centres(&u.footprint());
            let b = self.sc().buildings.iter().position(|b| {
                let poly = Polygon::new(b.points.clone());
                centres.iter().filter(|&&p| in_polygon(&poly, p)).count() * 2 > centres.len()
            });
            s.unit_mut(id).more.possession = b.map(|b| b as u16);
        }
    }

    /// Whether any base of the unit touches the section.
    pub fn touches_building(&self, s: &State, id: UnitId, b: u16) -> bool {
        let Some((poly, pbox)) = self.building_polygon(b as usize) else {
            return false;
        };
        // The points tried lie in the unit's box: a section whose box is
        // farther than 0.5" from it is not touched.
        let u = s.unit(id);
        if u.on_table() && u.formation.bbox().gap(&pbox) > 50 {
            return false;
        }
        u.footprint().iter().any(|base| {
            base.corners()
                .iter()
                .chain(std::iter::once(&base.pose.at))
                .any(|&p| in_polygon(poly, p) || boundary_dist2(poly, p).within(Inches(50)))
        })
    }

    /// How many bases may fire: a unit in a building section fires with
    /// no more than its frontage.
    pub fn frontage_cap(&self, s: &State, id: UnitId) -> u8 {
        let centres = Self::centres(&s.unit(id).footprint());
        for (i, b) in self.sc().buildings.iter().enumerate() {
            let Some((poly, _)) = self.building_polygon(i) else {
                continue;
            };
            let inside = centres.iter().filter(|&&p| in_polygon(poly, p)).count();
            if inside * 2 > centres.len() {
                return b.frontage;
            }
        }
        u8::MAX
    }

    pub(crate) fn building_fire_refusal<W: Say>(
        &self,
        s: &State,
        id: UnitId,
        b: u16,
        fighting: bool,
        fresh: bool,
        w: W,
    ) -> Option<W::Why> {
        if !fresh {
            return w.say(|| "that takes the whole segment".into());
        }
        let Some(building) = self.sc().buildings.get(b as usize) else {
            return w.say(|| "there is no such building".into());
        };
        let markers = s.fires.get(b as usize).copied().unwrap_or(0);
        if markers >= FIRE_DESTROYS {
            return w.say(|| format!("{} has burnt down", building.name));
        }
        if fighting && markers == 0 {
            return w.say(|| format!("{} is not on fire", building.name));
        }
        if !self.touches_building(s, id, b) {
            return w.say(|| format!("{} is not touching {}", self.name(id), building.name));
        }
        None
    }

    /// Sets or fights a fire: one d6.
    pub(crate) fn fire_roll(
        &self,
        s: &mut State,
        id: UnitId,
        b: u16,
        fighting: bool,
        ev: &mut Vec<Event>,
    ) {
        let die = self.d6(s);
        let Some(m) = s.fires.get_mut(b as usize) else {
            return;
        };
        *m = fire_markers_after(*m, die, fighting);
        let markers = *m;
        ev.push(Event::FireRoll {
            unit: id,
            building: b,
            die,
            markers,
            fighting,
        });
        if markers >= FIRE_DESTROYS {
            ev.push(Event::BuildingBurnt { building: b });
        }
    }

    /// At the start of a turn each fire grows by a marker.
    pub(crate) fn fires_grow(&self, s: &mut State, ev: &mut Vec<Event>) {
        for b in 0..s.fires.len() {
            let m = s.fires[b];
            if m > 0 && m < FIRE_DESTROYS {
                s.fires[b] = m + 1;
                ev.push(Event::FireGrows {
                    building: b as u16,
                    markers: m + 1,
                });
                if m + 1 >= FIRE_DESTROYS {
                    ev.push(Event::BuildingBurnt { building: b as u16 });
                }
            }
        }
    }
}

/// A building section's fire markers after a d6 of `die` to set the fire
/// (3+ adds one) or to fight it (4+ takes off one, and one more for each
/// pip above 4).
pub fn fire_markers_after(markers: u8, die: u8, fighting: bool) -> u8 {
    if fighting {
        if die >= FIRE_FOUGHT_ON {
            markers.saturating_sub(die - FIRE_FOUGHT_ON + 1)
        } else {
            markers
        }
    } else if die >= FIRE_SET_ON {
        markers + 1
    } else {
        markers
    }
}
