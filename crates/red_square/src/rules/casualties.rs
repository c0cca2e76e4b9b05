//! Firing 8 to 12: hit markers build up until the unit next activates, then
//! turn into lost bases: one per six hits, and one more if a die rolls no
//! more than the rest. Advancing in the open doubles the loss (one per
//! three, a d6 against twice the rest); standing still (neither moving nor
//! firing) or cover halves it (d12); both quarter it (d24). Artillery and
//! vehicles lose a base at every third hit (black rings). Officers and MGs
//! with a unit that loses bases draw a card per base: a red picture pins
//! them for a turn, a black picture removes them.

use super::RedSquare;
use crate::data::Class;
use crate::state::{Event, State, Status, UnitId};

/// How hits become lost bases for one unit now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    /// Hits per sure base.
    pub per_base: u8,
    /// The die rolled against the rest.
    pub die: u8,
    /// The rest is multiplied by this before the roll (2 when advancing in
    /// the open: a d6 against twice the rest).
    pub factor: u8,
}

impl RedSquare {
    /// Firing 9: the divisor for a unit's casualties.
    pub fn divisor(&self, s: &State, unit: UnitId) -> Divisor {
        let u = s.unit(unit);
        let c = &self.scenario.tables.casualties;
        let cover = self.scenario.terrain[u.at as usize].cover() || u.trenches;
        let still = !u.last_moved && !u.last_fired;
        if u.advanced_in_open && !cover {
            Divisor {
                per_base: c.advancing_in_open,
                die: c.divisor,
                factor: c.divisor / c.advancing_in_open.max(1),
            }
        } else if still && cover {
            Divisor {
                per_base: c.still_and_cover,
                die: c.still_and_cover,
                factor: 1,
            }
        } else if still || cover {
            Divisor {
                per_base: c.still_or_cover,
                die: c.still_or_cover,
                factor: 1,
            }
        } else {
            Divisor {
                per_base: c.divisor,
                die: c.divisor,
                factor: 1,
            }
        }
    }

    /// Turns a unit's hit markers into casualties and clears them.
    pub(crate) fn resolve_hits(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(unit);
        if u.hits == 0 || u.status != Status::OnTable {
            return;
        }
        let hits = u.hits;
        let class = self.class(u);
        let lost = if class == Class::Artillery || class.is_vehicle() {
            if class == Class::Train {
                // Armoured Trains 7: hits do not take its guns away.
                s.unit_mut(unit).hits = 0;
                ev.push(Event::HitsCleared { unit });
                return;
            }
            let per = self.scenario.tables.casualties.rings_per_base.max(1);
            let rings = u.rings + hits;
            let lost = rings / per;
            s.unit_mut(unit).rings = rings % per;
            ev.push(Event::Rings { unit, hits, lost });
            lost
        } else {
            let d = self.divisor(s, unit);
            let sure = hits / d.per_base;
            let rest = hits % d.per_base;
            let (roll, extra) = if rest > 0 {
                let r = self.die(s, d.die);
                (Some(r), u8::from(r <= rest * d.factor))
            } else {
                (None, 0)
            };
            let lost = sure + extra;
            ev.push(Event::Casualties {
                unit,
                hits,
                divisor: d.per_base,
                sure,
                roll,
                lost,
            });
            lost
        };
        s.unit_mut(unit).hits = 0;
        self.lose_bases(s, unit, lost, ev);
        if class == Class::Mg && s.unit(unit).with.is_none() {
            // A lone MG draws a card per hit as well (Firing 10).
            self.figure_cards(s, unit, hits, ev);
        }
    }

    /// Removes `n` bases; the unit goes when none is left. Its officer and
    /// MGs in the same square draw a card per base lost (Firing 10).
    pub(crate) fn lose_bases(&self, s: &mut State, unit: UnitId, n: u8, ev: &mut Vec<Event>) {
        if n == 0 {
            return;
        }
        let u = s.unit(unit);
        let n = n.min(u.bases);
        let side = u.side;
        let at = u.at;
        let co = u.co;
        {
            let u = s.unit_mut(unit);
            u.bases -= n;
            u.lost += n;
        }
        s.losses[side.index()] += n as u16;
        if s.unit(unit).bases == 0 {
            s.unit_mut(unit).status = Status::Gone;
            ev.push(Event::Removed { unit });
            for x in s.units.iter_mut() {
                if x.with == Some(unit) {
                    x.with = None;
                }
            }
        }
        // The officer with it and its MGs draw a card per base lost.
        let mut drawers: Vec<UnitId> = Vec::new();
        if let Some(co) = co
            && s.unit(co).status == Status::OnTable
            && s.unit(co).at == at
        {
            drawers.push(co);
        }
        for m in s.on_table() {
            if m.with == Some(unit) && m.at == at && self.class(m) == Class::Mg {
                drawers.push(m.id);
            }
        }
        for d in drawers {
            self.figure_cards(s, d, n, ev);
        }
        // Activation Table note: troops who suffer casualties while hiding
        // must then retreat.
        if s.unit(unit).status == Status::OnTable && s.unit(unit).hiding {
            self.retreat(s, unit, ev);
        }
    }

    /// Firing 10: `n` cards for an officer or MG: a red picture pins it for
    /// a turn, a black picture removes it.
    pub(crate) fn figure_cards(&self, s: &mut State, unit: UnitId, n: u8, ev: &mut Vec<Event>) {
        for _ in 0..n {
            if s.unit(unit).status != Status::OnTable {
                return;
            }
            let card = self.draw(s);
            let picture = card.is_picture();
            let pinned = picture && card.is_red();
            let removed = picture && card.is_black();
            ev.push(Event::FigureCard {
                unit,
                card,
                pinned,
                removed,
            });
            if pinned {
                let turn = s.turn;
                let u = s.unit_mut(unit);
                u.pinned_until = turn + 1;
                u.facing = u.facing.about();
            }
            if removed {
                self.remove(s, unit, ev);
            }
        }
    }

    /// Firing 8: a unit whose hits already make its next activation score
    /// below 0 takes its casualties at once and retreats or hides, losing
    /// any card it holds.
    pub(crate) fn check_overwhelmed(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(unit);
        if u.status != Status::OnTable || self.class(u).is_figure() {
            return;
        }
        let best = 6 + u.quality.die_modifier() as i16;
        let penalty = u.hits as i16 + u.lost as i16 + i16::from(u.hid_last_turn);
        if best - penalty >= 0 {
            return;
        }
        let was_retreating = s.unit(unit).retreating;
        self.resolve_hits(s, unit, ev);
        if s.unit(unit).status != Status::OnTable {
            return;
        }
        let retreated = !was_retreating && s.unit(unit).retreating;
        // Its unplayed cards are lost.
        for d in s.dealt.iter_mut() {
            if !d.played && d.group == [unit] {
                d.played = true;
            }
        }
        for d in s.dealt.iter_mut() {
            if !d.played {
                d.group.retain(|&g| g != unit);
            }
        }
        // Casualties taken while hiding have made it retreat already.
        if !retreated {
            self.retreat_or_hide(s, unit, ev);
        }
    }
}

impl RedSquare {
    /// Firing 12: a support battalion next to a battalion of the same
    /// regiment may give it bases instead of moving (our reading: up to the
    /// bases the other has lost, keeping one of its own).
    pub(crate) fn replace_choices(
        &self,
        s: &State,
        unit: UnitId,
        out: &mut Vec<crate::state::Action>,
    ) {
        let u = s.unit(unit);
        if self.class(u) != Class::Infantry || u.co.is_none() || u.bases < 2 || u.last_moved {
            return;
        }
        for o in s.on_table() {
            if o.id != unit
                && o.side == u.side
                && o.co == u.co
                && self.class(o) == Class::Infantry
                && o.bases < self.ty(o).bases
                && self.scenario.grid.distance(o.at, u.at) == 1
            {
                out.push(crate::state::Action::Replace { unit, into: o.id });
            }
        }
    }

    pub(crate) fn replace(&self, s: &mut State, unit: UnitId, into: UnitId, ev: &mut Vec<Event>) {
        let want = self.ty(s.unit(into)).bases - s.unit(into).bases;
        let give = want.min(s.unit(unit).bases - 1);
        s.unit_mut(unit).bases -= give;
        s.unit_mut(into).bases += give;
        ev.push(Event::Replaced { from: unit, into });
        self.finish_unit(s, unit, ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::state::Event;
    use crate::tests::{place, rules, set_dice};

    /// Firing 9's example: advancing in the open loses two bases per six
    /// hits; a unit in cover that neither moved nor fired rolls a d24
    /// against its hits.
    #[test]
    fn casualty_divisors() {
        let r = rules("sviyazhsk");
        let mut s = r.new_game(1);
        let inf = crate::tests::first_of(&r, &s, crate::data::Class::Infantry);
        let open = crate::tests::square_of(&r, crate::scenario::Terrain::Open);
        place(&r, &mut s, inf, open);
        {
            let u = s.unit_mut(inf);
            u.bases = 4;
            u.hits = 6;
            u.last_moved = true;
            u.advanced_in_open = true;
        }
        let d = r.divisor(&s, inf);
        assert_eq!((d.per_base, d.die, d.factor), (3, 6, 2));
        let mut ev = Vec::new();
        r.resolve_hits(&mut s, inf, &mut ev);
        assert_eq!(s.unit(inf).bases, 2, "two bases per six hits: {ev:?}");
        assert!(matches!(
            ev[0],
            Event::Casualties {
                sure: 2,
                roll: None,
                lost: 2,
                ..
            }
        ));

        let wood = crate::tests::square_of(&r, crate::scenario::Terrain::Wood);
        place(&r, &mut s, inf, wood);
        {
            let u = s.unit_mut(inf);
            u.bases = 4;
            u.hits = 6;
            u.last_moved = false;
            u.last_fired = false;
            u.advanced_in_open = false;
        }
        let d = r.divisor(&s, inf);
        assert_eq!((d.per_base, d.die), (24, 24), "still and in cover: a d24");
        set_dice(&mut s, &[7]);
        let mut ev = Vec::new();
        r.resolve_hits(&mut s, inf, &mut ev);
        assert_eq!(s.unit(inf).bases, 4, "7 on the d24 is above 6 hits");
        s.unit_mut(inf).hits = 6;
        set_dice(&mut s, &[6]);
        r.resolve_hits(&mut s, inf, &mut ev);
        assert_eq!(s.unit(inf).bases, 3, "6 on the d24 takes a base");
        // Normal: one per six, a d6 against the rest.
        let u = s.unit_mut(inf);
        u.last_fired = true;
        u.hits = 8;
        place(&r, &mut s, inf, open);
        let d = r.divisor(&s, inf);
        assert_eq!((d.per_base, d.die), (6, 6));
        set_dice(&mut s, &[3]);
        let mut ev = Vec::new();
        r.resolve_hits(&mut s, inf, &mut ev);
        assert_eq!(
            s.unit(inf).bases,
            2,
            "one sure base, and a 3 misses the other 2: {ev:?}"
        );
    }
}
