//! 10. Railway sabotage, and explosive charges against the armoured train (12).

use super::DeathOnTheRails;
use crate::data::UnitKind;
use crate::scenario::{TrainPart, UnitId};
use crate::state::{Action, Dice, Event, Phase, Resume, State, flag};
use engine::Side;

/// Sabotage tokens that destroy the railway in an area.
pub const RAILWAY_DESTROYED: u8 = 3;
/// Sabotage tokens in the game box ("Game box contains: … 9 sabotage
/// tokens"): 10. Railway sabotage places them, so no more than these can be on
/// the map. The box is the same for every scenario, and the data files
/// describe scenarios, maps and cards, not the box (like its 8 action tokens
/// and 5 objective tokens, checked in `scenario.rs`).
pub const SABOTAGE_TOKENS: u8 = 9;
/// Charge hits that stop a train for good (our reconstruction, see below).
pub const TRAIN_IMMOBILISED: u8 = 3;

/// 10: the sabotage tokens a roll places (each 5 or 6).
pub fn sabotage_tokens(dice: &Dice) -> u8 {
    dice.as_slice().iter().filter(|d| **d >= 5).count() as u8
}

/// 12: a roll of explosive charges: hits on the train (each 5 or 6) and
/// the sixes among them (each a step off a train part).
pub fn charge_hits(dice: &Dice) -> (u8, u8) {
    let sixes = dice.as_slice().iter().filter(|d| **d == 6).count() as u8;
    (sabotage_tokens(dice), sixes)
}

impl DeathOnTheRails {
    /// A unit that may be "activated for attack" (sabotage, charges): infantry
    /// with strength, awake, that has not fired this turn (machine guns may
    /// attack again).
    fn may_attack(&self, s: &State, u: UnitId) -> bool {
        let d = self.def(u);
        d.side == s.active
            && d.kind == UnitKind::Infantry
            && d.train_part.is_none()
            && self.can_fire(s, u)
    }

    pub(crate) fn sabotage_choices(&self, s: &State, out: &mut Vec<Action>) {
        let sc = self.sc();
        if sc.side(s.active.other()).train.is_none() {
            return; // no enemy train: nothing to sabotage or blow up
        }
        // Only units standing on the railway or with the enemy train.
        let mut areas = sc.map.railway_areas;
        if let Some(a) = self.train_area(s, s.active.other()) {
            areas.insert(a);
        }
        for u in self.units_in_areas(s, s.active, areas).iter() {
            if self.sabotage_ok(s, u) {
                out.push(Action::Sabotage { unit: u });
            }
            if self.charges_ok(s, u) {
                out.push(Action::PlantCharges { unit: u });
            }
        }
    }

    /// 10: `u` may sabotage the railway in its area. Our ruling: sabotage is an
    /// attack on the enemy's trains, so a side sabotages only in scenarios
    /// where the enemy has an armoured train (wrecking one's own line is never
    /// useful, and in Kiltsi it would count towards the Russian victory).
    /// With no sabotage token left in the box an attempt could place nothing,
    /// and is not offered.
    pub(crate) fn sabotage_ok(&self, s: &State, u: UnitId) -> bool {
        let sc = self.sc();
        sc.side(s.active.other()).train.is_some()
            && self.may_attack(s, u)
            && s.area_of(u).is_some_and(|a| {
                sc.map.areas[a as usize].railway && s.sabotage[a as usize] < RAILWAY_DESTROYED
            })
            && self.sabotage_tokens_left(s) > 0
    }

    /// Sabotage tokens still in the box: those not on the map.
    pub fn sabotage_tokens_left(&self, s: &State) -> u8 {
        let placed: u32 = s.sabotage.iter().map(|&t| t as u32).sum();
        (SABOTAGE_TOKENS as u32).saturating_sub(placed) as u8
    }

    /// 12: `u` may plant charges on the enemy train in its area (also on a
    /// train that can no longer move: sixes still hurt its parts).
    pub(crate) fn charges_ok(&self, s: &State, u: UnitId) -> bool {
        let enemy_train = self.sc().train_mask & self.sc().side_mask[s.active.other().index()];
        s.area_of(u)
            .is_some_and(|a| s.area_units[a as usize].0 & enemy_train != 0)
            && self.may_attack(s, u)
    }

    fn roll_strength(&self, s: &mut State, u: UnitId) -> Dice {
        self.roll_dice(s, self.strength_dice(s, u))
    }

    /// The dice `u` rolls for sabotage or charges: its strength (at most 8).
    pub(crate) fn strength_dice(&self, s: &State, u: UnitId) -> u8 {
        s.units[u as usize].strength.min(8)
    }

    /// 10: dice by the unit's strength, no defence roll; each 5 or 6 places a
    /// sabotage token; three tokens destroy the railway in the area. Tokens
    /// come from the box: with fewer left than the dice call for, only those
    /// are placed.
    pub(crate) fn sabotage(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let area = s.area_of(u).unwrap_or(0);
        s.units[u as usize].flags |= flag::FIRED;
        let dice = self.roll_strength(s, u);
        let rolled = sabotage_tokens(&dice);
        let here = s.sabotage[area as usize];
        let tokens = rolled
            .min(RAILWAY_DESTROYED.saturating_sub(here))
            .min(self.sabotage_tokens_left(s));
        let total = here + tokens;
        s.sabotage[area as usize] = total;
        ev.push(Event::Sabotage {
            unit: u,
            area,
            dice,
            tokens,
            total,
            destroyed: total >= RAILWAY_DESTROYED,
        });
        self.raise_alarm(s, ev);
        self.resume(s, Resume::FinishAction, ev);
    }

    /// 12: explosive charges. The rulebook's text is damaged here; what
    /// survives says the unit must share the train's area and be activated to
    /// attack, that dice follow the unit's strength, that the train can end up
    /// "not able to move anymore", and that "for every 6 rolled, one step loss
    /// must be applied to the stationary units (chosen by the defending
    /// player)". Our reconstruction, modelled on 10. Railway sabotage: each 5
    /// or 6 is a hit on the train; three hits and it cannot move again; each 6
    /// also costs one train part a step, the owner choosing which.
    pub(crate) fn plant_charges(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        let enemy = s.active.other();
        s.units[u as usize].flags |= flag::FIRED;
        let dice = self.roll_strength(s, u);
        let (hits, sixes) = charge_hits(&dice);
        let total = (s.train_hits[enemy.index()] + hits).min(TRAIN_IMMOBILISED);
        s.train_hits[enemy.index()] = total;
        ev.push(Event::Charges {
            unit: u,
            train_side: enemy,
            dice,
            hits,
            total,
            sixes,
            immobilised: total >= TRAIN_IMMOBILISED,
        });
        self.raise_alarm(s, ev);
        self.train_losses(s, enemy, sixes, Resume::FinishAction, ev);
    }

    /// Applies `losses` steps to a side's train parts: automatically when only
    /// one part is left, otherwise the owner chooses, one step at a time.
    pub(crate) fn train_losses(
        &self,
        s: &mut State,
        side: Side,
        mut losses: u8,
        then: Resume,
        ev: &mut Vec<Event>,
    ) {
        while losses > 0 {
            let alive: Vec<(TrainPart, UnitId)> = [TrainPart::Artillery, TrainPart::MachineGun]
                .into_iter()
                .filter_map(|p| self.train_part_unit(side, p).map(|u| (p, u)))
                .filter(|(_, u)| self.on_map(s, *u))
                .collect();
            match alive.len() {
                0 => break,
                1 => {
                    let (part, unit) = alive[0];
                    ev.push(Event::TrainPartHit { part, unit });
                    self.lose_steps(s, unit, 1, ev);
                    losses -= 1;
                }
                _ => {
                    s.phase = Phase::TrainLoss { side, losses, then };
                    return;
                }
            }
        }
        self.resume(s, then, ev);
    }

    pub(crate) fn train_loss_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for part in [TrainPart::Artillery, TrainPart::MachineGun] {
            if self
                .train_part_unit(side, part)
                .is_some_and(|u| self.on_map(s, u))
            {
                out.push(Action::TrainLoss { part });
            }
        }
    }

    pub(crate) fn train_loss(
        &self,
        s: &mut State,
        side: Side,
        losses: u8,
        then: Resume,
        part: TrainPart,
        ev: &mut Vec<Event>,
    ) {
        if let Some(unit) = self.train_part_unit(side, part) {
            ev.push(Event::TrainPartHit { part, unit });
            self.lose_steps(s, unit, 1, ev);
        }
        self.train_losses(s, side, losses - 1, then, ev);
    }
}
