//! Turn Sequence 5 and the Activation Table: a played card's units activate
//! without a roll, or roll a die per battalion (+1 Elite, -1 Poor), an
//! extra die for their CO with the lowest dropped, less a point per hit,
//! per base lost and per battalion that hid last turn, divided by the
//! battalions. The score decides what they may do: 2 or more, anything;
//! 1 or 0, fire wildly or hold fire; below 0, retreat or hide.

use super::RedSquare;
use crate::cards::Suit;
use crate::data::Class;
use crate::state::{Action, Event, Formation, Part, Phase, State, Status, UnitId};

impl RedSquare {
    /// The units of a played card still to act.
    pub fn group(&self, s: &State, card: u8) -> Vec<UnitId> {
        s.dealt[card as usize].group.clone()
    }

    /// Whether a card's units may activate without rolling: none has hit
    /// markers or has lost a base (Turn Sequence 5).
    pub fn may_auto(&self, s: &State, card: u8) -> bool {
        s.dealt[card as usize].group.iter().all(|&g| {
            let u = s.unit(g);
            u.hits == 0 && u.lost == 0 && u.rings == 0 && !u.hiding
        })
    }

    pub(crate) fn activate_choices(&self, s: &State, card: u8, out: &mut Vec<Action>) {
        out.push(Action::Roll);
        if self.may_auto(s, card) {
            out.push(Action::Auto);
        }
    }

    /// Battalion equivalents among the units (Turn Sequence 5a): each unit
    /// but an accompanying MG or tchanka counts one.
    /// Whether a unit counts as a battalion for activation: not a command
    /// figure, not an MG or tchanka accompanying another unit.
    fn battalion_equivalent(&self, u: &crate::state::Unit) -> bool {
        let c = self.class(u);
        !(c.is_figure() || (matches!(c, Class::Mg | Class::Tchanka) && u.with.is_some()))
    }

    fn battalions(&self, s: &State, group: &[UnitId]) -> u8 {
        let n = group
            .iter()
            .filter(|&&g| {
                let u = s.unit(g);
                self.battalion_equivalent(u)
            })
            .count() as u8;
        n.max(1)
    }

    pub(crate) fn roll_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Phase::Activate { card } = s.phase else {
            return;
        };
        let group = self.group(s, card);
        let holder = s.dealt[card as usize].holder;
        let n = self.battalions(s, &group);
        let mut dice = Vec::new();
        let mut quality_total = 0i8;
        let counted: Vec<UnitId> = group
            .iter()
            .copied()
            .filter(|&g| {
                let u = s.unit(g);
                self.battalion_equivalent(u)
            })
            .collect();
        for i in 0..n as usize {
            dice.push(self.die(s, 6));
            if let Some(&g) = counted.get(i) {
                quality_total += s.unit(g).quality.die_modifier();
            }
        }
        // A CO present (not pinned) rolls again; the lowest die is dropped.
        let mut dropped = None;
        let holder_unit = s.unit(holder);
        if self.class(holder_unit) == Class::Officer
            && holder_unit.status == Status::OnTable
            && holder_unit.pinned_until < s.turn
        {
            dice.push(self.die(s, 6));
            let (i, &low) = dice
                .iter()
                .enumerate()
                .min_by_key(|(_, d)| **d)
                .expect("dice were rolled");
            dropped = Some(low);
            dice.remove(i);
        }
        let mut penalties = Vec::new();
        let hits: i8 = group.iter().map(|&g| s.unit(g).hits as i8).sum();
        let lost: i8 = group.iter().map(|&g| s.unit(g).lost as i8).sum();
        let hid: i8 = group.iter().filter(|&&g| s.unit(g).hid_last_turn).count() as i8;
        if hits > 0 {
            penalties.push((Part::Hits, -hits));
        }
        if lost > 0 {
            penalties.push((Part::Losses, -lost));
        }
        if hid > 0 {
            penalties.push((Part::Hid, -hid));
        }
        let total: i16 = dice.iter().map(|&d| d as i16).sum::<i16>()
            + quality_total as i16
            + penalties.iter().map(|p| p.1 as i16).sum::<i16>();
        let score = divide_round_half_down(total, n as i16) as i8;
        ev.push(Event::Activation {
            holder,
            dice,
            dropped,
            quality: quality_total,
            penalties,
            battalions: n,
            score,
        });
        self.after_activation(s, card, score, ev);
    }

    pub(crate) fn auto_activation(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Phase::Activate { card } = s.phase else {
            return;
        };
        let holder = s.dealt[card as usize].holder;
        ev.push(Event::AutoActivation { holder });
        self.after_activation(s, card, 2, ev);
    }

    /// Whether the card's units activated without a roll (they may not enter
    /// a square next to the enemy).
    pub fn activated_without_roll(&self, s: &State, card: u8) -> bool {
        s.dealt[card as usize].auto
    }

    /// The mandatory part of the Activation Table, then the unit's choices.
    fn after_activation(&self, s: &mut State, card: u8, score: i8, ev: &mut Vec<Event>) {
        let auto = matches!(ev.last(), Some(Event::AutoActivation { .. }));
        s.dealt[card as usize].auto = auto;
        let group = self.group(s, card);
        // Remove casualties and hit markers (mandatory at every score).
        // Units that must retreat for casualties taken while hiding do
        // nothing more.
        let mut forced_back = Vec::new();
        for &g in &group {
            s.unit_mut(g).defied_spades = false;
            let was_retreating = s.unit(g).retreating;
            self.resolve_hits(s, g, ev);
            if !was_retreating && s.unit(g).retreating {
                forced_back.push(g);
            }
            let u = s.unit_mut(g);
            u.last_moved = false;
            u.last_fired = false;
            u.advanced_in_open = false;
            if u.hiding && score >= 0 {
                // Hiding ends with the next activation that is not below 0.
                u.hiding = false;
            }
        }
        let group: Vec<UnitId> = group
            .into_iter()
            .filter(|&g| {
                matches!(s.unit(g).status, Status::OnTable | Status::OffTable)
                    && !forced_back.contains(&g)
            })
            .collect();
        let mut acting = Vec::new();
        for g in group {
            let u = s.unit(g);
            let class = self.class(u);
            // An MG or tchanka lost (or taken off the table) when the unit
            // it goes with retreated does not retreat again on its own.
            if u.status == Status::Gone || (u.status == Status::OffTable && u.retreating) {
                continue;
            }
            // Off the table, a unit may only rally to return.
            if u.status == Status::OffTable {
                if score >= 0 {
                    acting.push(g);
                }
                continue;
            }
            let under_fire = u.under_fire;
            let small_arms = u.under_small_arms;
            s.unit_mut(g).under_fire = false;
            s.unit_mut(g).under_small_arms = false;
            // Mounted Combat 3: dismounted cavalry scoring 1 or less remount
            // and retreat (the retreat brings the horses back).
            if class == Class::Cavalry && s.unit(g).formation == Formation::Dismounted && score < 2
            {
                self.retreat(s, g, ev);
                continue;
            }
            if score < 0 {
                self.retreat_or_hide(s, g, ev);
                continue;
            }
            // Armoured Trains 6: a train with enemy infantry next to it
            // retreats along the track at its activation.
            if class == Class::Train && self.train_threatened(s, g) && !s.unit(g).disabled {
                self.retreat(s, g, ev);
                continue;
            }
            // Cavalry scoring below 2 under fire retreat, remounting if need
            // be (`retreat` remounts dismounted cavalry).
            if class == Class::Cavalry && score < 2 && under_fire {
                self.retreat(s, g, ev);
                continue;
            }
            // Anti-Tank/Vehicle Table: a damaged armoured car or light tank
            // retreats on its next move.
            if matches!(class, Class::ArmouredCar | Class::LightTank) && s.unit(g).damaged {
                s.unit_mut(g).damaged = false;
                self.retreat(s, g, ev);
                continue;
            }
            // Artillery under small-arms fire retreats at 1 or 0, unless Reds
            // with a CHEKA or Commissar in or next to its square.
            if class == Class::Artillery && score < 2 && small_arms && !self.commissar_near(s, g) {
                self.retreat(s, g, ev);
                continue;
            }
            // Artillery Positions 3: a masked howitzer that has unlimbered
            // places its platform at its next activation of 2+ (which is all
            // it does), and may open fire at the one after.
            let u = s.unit(g);
            if class == Class::Artillery
                && u.position == crate::state::Position::Masked
                && u.formation == Formation::Unlimbered
                && u.readiness < 3
            {
                if u.readiness == 1 && score >= 2 {
                    s.unit_mut(g).readiness = 2;
                    ev.push(Event::Platform { unit: g });
                    continue;
                }
                if u.readiness == 2 {
                    s.unit_mut(g).readiness = 3;
                }
            }
            acting.push(g);
        }
        s.dealt[card as usize].group = acting;
        if s.dealt[card as usize].group.is_empty() {
            self.end_card(s, ev);
        } else {
            s.phase = Phase::Act { card, score };
        }
    }

    /// A CHEKA or Commissar figure of the unit's side in or next to its
    /// square (Turn Sequence 6, Artillery Firing 9).
    pub fn commissar_near(&self, s: &State, unit: UnitId) -> bool {
        let u = s.unit(unit);
        s.on_table().any(|c| {
            c.side == u.side
                && matches!(self.class(c), Class::Commissar | Class::Cheka)
                && self.scenario.grid.distance(c.at, u.at) <= 1
        })
    }

    /// The choices of a card's units on their score (Activation Table).
    pub(crate) fn act_choices(&self, s: &State, card: u8, score: i8, out: &mut Vec<Action>) {
        let mut obliged = false;
        let spades = s.dealt[card as usize].card.suit() == Some(Suit::Spades);
        for &g in &s.dealt[card as usize].group {
            let u = s.unit(g);
            let poor_on_spades =
                spades && u.quality == crate::state::Quality::Poor && !u.defied_spades;
            if u.status == Status::OffTable {
                if score >= 2 && !poor_on_spades {
                    out.push(Action::Rally { unit: g });
                }
                out.push(Action::Done { unit: g });
                continue;
            }
            // Turn Sequence 6: Red infantry with a CHEKA or Commissar in or
            // next to its square may ignore the SPADE, at a price.
            if poor_on_spades
                && score >= 2
                && self.class(u) == Class::Infantry
                && self.commissar_near(s, g)
            {
                out.push(Action::DefySpades { unit: g });
            }
            let start = out.len();
            self.fire_choices(s, g, score, out);
            let has_target = out.len() > start;
            // Firing 2: a unit with an observed target must fire at it
            // (worked out from the fire choices just listed).
            let must_fire = has_target
                && out[start..].iter().any(|a| {
                    matches!(a, Action::Fire { target, .. } if self.observed_for(s, g, *target))
                });
            if score >= 2 {
                if !poor_on_spades && self.may_start_move(s, card, g) {
                    out.push(Action::Move { unit: g });
                }
                self.face_choices(s, g, out);
                self.reform_choices(s, g, out);
                self.observe_choices(s, g, out);
                self.command_choices(s, g, out);
                if self.may_dig(s, g) {
                    out.push(Action::DigIn { unit: g });
                }
                if !poor_on_spades && (u.hiding || u.retreating) {
                    out.push(Action::Rally { unit: g });
                }
                self.replace_choices(s, g, out);
                self.unload_choices(s, g, out);
                // Artillery Positions 2: a semi-masked battery may wheel its
                // guns up to the obstacle.
                if self.class(u) == Class::Artillery
                    && u.formation == Formation::Unlimbered
                    && u.position == crate::state::Position::SemiMasked
                {
                    out.push(Action::WheelUp { unit: g });
                }
            }
            obliged |= must_fire;
            if out.len() == start || !must_fire {
                // Firing 2: a unit lacking a target may hold its fire (its
                // card face down), whatever else it might do instead.
                if score >= 0 && !has_target && self.holds_fire_possible(s, g) {
                    out.push(Action::HoldFire { unit: g });
                }
                out.push(Action::Done { unit: g });
            }
        }
        // The rest of the card's units do nothing more (none must fire).
        if !obliged && s.dealt[card as usize].group.len() > 1 {
            out.push(Action::EndCard);
        }
    }

    /// A unit has finished its activation.
    pub(crate) fn finish_unit(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let card = match s.phase {
            Phase::Act { card, .. } => card,
            Phase::Moving(ref m) => m.card,
            _ => return,
        };
        let score = match s.phase {
            Phase::Act { score, .. } => score,
            Phase::Moving(ref m) => m.score,
            _ => 0,
        };
        s.dealt[card as usize].group.retain(|&g| g != unit);
        // Its companions that have nothing left to do go with it.
        let group = s.dealt[card as usize].group.clone();
        let left: Vec<UnitId> = group
            .into_iter()
            .filter(|&g| s.unit(g).status == Status::OnTable)
            .collect();
        s.dealt[card as usize].group = left;
        if s.outcome.is_some() {
            return;
        }
        if s.dealt[card as usize].group.is_empty() {
            self.end_card(s, ev);
        } else {
            s.phase = Phase::Act { card, score };
        }
    }

    /// The card's remaining units do nothing more.
    pub(crate) fn end_card_now(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Phase::Act { card, .. } = s.phase else {
            return;
        };
        s.dealt[card as usize].group.clear();
        self.end_card(s, ev);
    }

    /// Activation Table, below 0: troops in natural cover or trenches hide;
    /// the rest turn to the rear and retreat.
    pub(crate) fn retreat_or_hide(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let u = s.unit(unit);
        let class = self.class(u);
        if class.is_figure() {
            return;
        }
        // Nobody hides in a burning building (Artillery Firing 6).
        let burning = s.burning.contains(&u.at);
        if (self.scenario.terrain[u.at as usize].cover() || u.trenches)
            && !class.is_vehicle()
            && !burning
        {
            s.unit_mut(unit).hiding = true;
            ev.push(Event::Hides { unit });
            self.attack_stopped(s, unit, ev);
        } else {
            self.retreat(s, unit, ev);
        }
    }

    /// Rallying takes the whole activation on 2 or more: a hiding or
    /// retreating unit stands again.
    pub(crate) fn rally(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        if s.unit(unit).status == Status::OffTable {
            return self.rally_to_return(s, unit, ev);
        }
        let u = s.unit_mut(unit);
        u.hiding = false;
        u.retreating = false;
        u.rallying = true;
        ev.push(Event::Rallied { unit });
        self.finish_unit(s, unit, ev);
    }
}

impl RedSquare {
    /// Turn Sequence 6: Red infantry under a Commissar's eye ignores the
    /// SPADE, taking the difference of 2d6 in hit markers; if those make its
    /// next score surely below 0, it retreats or hides at once instead.
    pub(crate) fn defy_spades(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let dice = vec![self.die(s, 6), self.die(s, 6)];
        let hits = dice[0].abs_diff(dice[1]);
        {
            let u = s.unit_mut(unit);
            u.defied_spades = true;
            u.hits += hits;
        }
        ev.push(Event::Spades { unit, dice, hits });
        self.check_overwhelmed(s, unit, ev);
        let u = s.unit(unit);
        if u.status != Status::OnTable || u.retreating || u.hiding {
            self.finish_unit(s, unit, ev);
        }
    }

    /// Activation Table note: a unit that left the table rallies (on 2+,
    /// all its activation) and draws a card; a red card brings it back on
    /// its own baseline, in the free square nearest where it left, clear of
    /// the enemy (our reading). A black card: it tries again at its next card.
    pub(crate) fn rally_to_return(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let mut card = self.draw(s);
        while card.is_joker() {
            card = self.draw(s);
        }
        let to = if card.is_red() {
            self.return_square(s, unit)
        } else {
            None
        };
        ev.push(Event::Rallied { unit });
        ev.push(Event::Returned { unit, card, to });
        {
            let u = s.unit_mut(unit);
            u.retreating = false;
            u.hiding = false;
            u.rallying = true;
        }
        if let Some(to) = to {
            let baseline = self.scenario.sides[s.unit(unit).side.index()].baseline;
            let facing = match baseline {
                crate::scenario::Baseline::North => crate::grid::Facing::S,
                crate::scenario::Baseline::South => crate::grid::Facing::N,
                crate::scenario::Baseline::West => crate::grid::Facing::E,
                crate::scenario::Baseline::East => crate::grid::Facing::W,
            };
            {
                let u = s.unit_mut(unit);
                u.at = to;
                u.facing = facing;
                u.status = Status::OnTable;
                u.revealed = false;
                u.digging = 0;
                u.trenches = false;
            }
            // Its MGs and tchankas that left with it come back with it.
            let companions: Vec<UnitId> = s
                .units
                .iter()
                .filter(|c| c.with == Some(unit) && c.status == Status::OffTable)
                .map(|c| c.id)
                .collect();
            for c in companions {
                let mut probe = s.units.clone();
                probe[c as usize].at = to;
                probe[c as usize].status = Status::OnTable;
                if self.occupancy_problem(&probe, to, None).is_none() {
                    let cu = s.unit_mut(c);
                    cu.at = to;
                    cu.facing = facing;
                    cu.status = Status::OnTable;
                }
            }
        }
        self.finish_unit(s, unit, ev);
    }

    /// The baseline square a returning unit comes back to, if any is free.
    fn return_square(&self, s: &State, unit: UnitId) -> Option<crate::grid::Sq> {
        let u = s.unit(unit);
        let grid = &self.scenario.grid;
        let baseline = self.scenario.sides[u.side.index()].baseline;
        (0..grid.len() as crate::grid::Sq)
            .filter(|&sq| self.at_baseline(baseline, sq))
            .filter(|&sq| !self.enemy_adjacent(s, u.side, sq))
            .filter(|&sq| !self.enemies_of(s, u.side).any(|e| e.at == sq))
            .filter(|&sq| {
                let mut probe = s.units.clone();
                probe[unit as usize].at = sq;
                probe[unit as usize].status = Status::OnTable;
                self.room_for(&probe, unit, sq)
                    && self.occupancy_problem(&probe, sq, None).is_none()
            })
            .min_by_key(|&sq| (grid.distance(sq, u.at), sq))
    }
}

impl RedSquare {
    /// Artillery Positions 2: "may roll activation 2+ to wheel guns up to
    /// obstacle to fire directly on closing attackers". The battery is
    /// unmasked from now on (no dead zone; observed once it fires); the
    /// wheel takes its activation (ours).
    pub(crate) fn wheel_up(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        s.unit_mut(unit).position = crate::state::Position::Unmasked;
        ev.push(Event::WheeledUp { unit });
        self.finish_unit(s, unit, ev);
    }
}

/// Turn Sequence 5c: divide and round to the nearest whole number, halves down.
pub fn divide_round_half_down(total: i16, n: i16) -> i16 {
    // nearest integer to total/n, with exact halves rounded down:
    // ceil((2*total - n) / (2n))
    let num = 2 * total - n;
    let den = 2 * n;
    num.div_euclid(den) + i16::from(num.rem_euclid(den) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Turn Sequence 5c: fractions to the nearest whole number, halves down.
    #[test]
    fn turn_sequence_rounds_halves_down() {
        assert_eq!(divide_round_half_down(7, 2), 3, "3.5 rounds down");
        assert_eq!(divide_round_half_down(8, 3), 3, "2.67 rounds up");
        assert_eq!(divide_round_half_down(7, 3), 2, "2.33 rounds down");
        assert_eq!(divide_round_half_down(-1, 2), -1, "-0.5 rounds down");
        assert_eq!(divide_round_half_down(5, 1), 5);
        assert_eq!(divide_round_half_down(-3, 1), -3);
    }
}
