//! 9.3 Artillery fire: three artillery fire tokens on an area in line of
//! sight and two dice; 10 or more costs every unit there a step. Fired at an
//! armoured train, the attacker names the part aimed at and rolls three dice.

use super::DeathOnTheRails;
use crate::data::UnitKind;
use crate::map::AreaId;
use crate::scenario::{TrainPart, UnitId};
use crate::state::{Action, Event, Resume, State, flag};

/// The score that hits.
pub const ARTILLERY_HITS_ON: u8 = 10;
/// Artillery fire tokens an area is brought up to when fired at.
pub const ARTILLERY_TOKENS_PER_AREA: u8 = 3;
/// Artillery fire tokens in the game box ("Game box contains: … 13 artillery
/// fire tokens"): 9.3 places them and they come off one an area a turn, so no
/// more than these can be on the map at once. As with the box's 9 sabotage
/// tokens ([`super::sabotage::SABOTAGE_TOKENS`]), the box is the same for
/// every scenario and is not described in the data files.
pub const ARTILLERY_FIRE_TOKENS: u8 = 13;

/// The dice artillery rolls: two at an area, three at a train part.
pub fn artillery_dice(part: Option<TrainPart>) -> u8 {
    if part.is_some() { 3 } else { 2 }
}

impl DeathOnTheRails {
    /// An artillery unit that may fire now: not moved this turn (unless it is
    /// the train's), awake, and (train) not pinned by an enemy in its area.
    pub(crate) fn can_fire_artillery(&self, s: &State, u: UnitId) -> bool {
        let d = self.def(u);
        let st = &s.units[u as usize];
        if d.kind != UnitKind::Artillery
            || d.side != s.active
            || !self.on_map(s, u)
            || st.has(flag::ASLEEP)
        {
            return false;
        }
        match d.train_part {
            Some(_) => !self.train_pinned(s, d.side),
            None => !st.has(flag::MOVED),
        }
    }

    fn artillery_targets(&self, s: &State, u: UnitId, out: &mut Vec<Action>) {
        let sc = self.sc();
        let Some(from) = s.area_of(u) else { return };
        let enemy = s.active.other();
        let enemy_train = self.train_area(s, enemy);
        for a in sc.map.line_of_sight[from as usize].iter() {
            if a == from || (s.fog && sc.map.distance(from, a) > 2) {
                continue;
            }
            if enemy_train == Some(a) {
                for part in [TrainPart::Artillery, TrainPart::MachineGun] {
                    if self
                        .train_part_unit(enemy, part)
                        .is_some_and(|p| self.on_map(s, p))
                    {
                        out.push(Action::TargetTrain { part });
                    }
                }
            } else {
                out.push(Action::TargetArea { area: a });
            }
        }
    }

    pub(crate) fn artillery_choices(&self, s: &State, out: &mut Vec<Action>) {
        let sc = self.sc();
        let guns = s.on_map & sc.side_mask[s.active.index()] & sc.artillery_mask;
        for u in crate::state::UnitSet(guns).iter() {
            if self.artillery_ok(s, u) {
                out.push(Action::Artillery { unit: u });
            }
        }
    }

    /// Whether `u` may fire as artillery now at something.
    pub(crate) fn artillery_ok(&self, s: &State, u: UnitId) -> bool {
        let sc = self.sc();
        if !self.can_fire_artillery(s, u) {
            return false;
        }
        let Some(from) = s.area_of(u) else {
            return false;
        };
        // Any area in sight but its own is a target (an enemy train's area is
        // one too, aimed at by part).
        let mut sight = sc.map.line_of_sight[from as usize];
        if s.fog {
            sight.0 &= sc.map.within(from, 2).0;
        }
        sight.len() > 1
    }

    /// Artillery fire tokens still in the box: those not on the map.
    pub fn artillery_tokens_left(&self, s: &State) -> u8 {
        let placed: u32 = s.artillery_tokens.iter().map(|&t| t as u32).sum();
        (ARTILLERY_FIRE_TOKENS as u32).saturating_sub(placed) as u8
    }

    pub(crate) fn artillery_target_choices(&self, s: &State, u: UnitId, out: &mut Vec<Action>) {
        self.artillery_targets(s, u, out);
    }

    pub(crate) fn artillery_fire(
        &self,
        s: &mut State,
        unit: UnitId,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let enemy = s.active.other();
        let (area, part): (AreaId, Option<TrainPart>) = match a {
            Action::TargetArea { area } => (area, None),
            Action::TargetTrain { part } => (self.train_area(s, enemy).unwrap_or(0), Some(part)),
            other => unreachable!("{other:?} while aiming artillery"),
        };
        s.units[unit as usize].flags |= flag::FIRED;
        // Tokens are placed, or topped up to three, from those left in the
        // box: with too few left the area gets what there is (none when the
        // box is empty). The dice are rolled all the same: the fire is the
        // roll, the tokens only what it leaves behind.
        let have = s.artillery_tokens[area as usize];
        let added = ARTILLERY_TOKENS_PER_AREA
            .saturating_sub(have)
            .min(self.artillery_tokens_left(s));
        s.artillery_tokens[area as usize] = have + added;
        ev.push(Event::ArtilleryTokensPlaced {
            area,
            tokens: have + added,
        });
        let dice = self.roll_dice(s, artillery_dice(part));
        let total: u8 = dice.as_slice().iter().sum();
        let hit = total >= ARTILLERY_HITS_ON;
        ev.push(Event::ArtilleryFire {
            unit,
            area,
            part,
            dice,
            total,
            hit,
        });
        if hit {
            // Every unit in the area (but the trains) loses a step; units with
            // no combat value are removed.
            for u in s.units_in(area).iter() {
                if self.def(u).train_part.is_none() {
                    self.lose_steps(s, u, 1, ev);
                }
            }
            if let Some(part) = part
                && let Some(p) = self.train_part_unit(enemy, part)
            {
                ev.push(Event::TrainPartHit { part, unit: p });
                self.lose_steps(s, p, 1, ev);
            }
        }
        if part.is_some() {
            self.raise_alarm(s, ev);
        }
        self.resume(s, Resume::FinishAction, ev);
    }
}
