//! 4.1 Cards played as events: each card's effects, in the order the card
//! lists them (the vocabulary is in `docs/veli_veljea_vastaan/data.md`).

use super::VeliVeljeaVastaan;
use crate::scenario::{At, CitySet, Effect};
use crate::state::{Action, Event, Phase, Placement, Source, State, first_of_twins};
use engine::Side;

impl VeliVeljeaVastaan {
    /// The effect under way, if its choices are still being made.
    fn current_effect(&self, s: &State) -> Option<Effect> {
        let cur = s.effects?;
        if cur.next == 0 {
            return None;
        }
        self.sc().cards[cur.card as usize]
            .effects
            .get(cur.next as usize - 1)
            .copied()
    }

    /// Carries out the card's effects until one needs a decision; when all are
    /// done the turn ends (or goes on to activation for an `activate` effect).
    pub(crate) fn continue_effects(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.scenario.clone();
        loop {
            let Some(mut cur) = s.effects else {
                self.end_turn(s, ev);
                return;
            };
            let side = sc.cards[cur.card as usize].side;
            if cur.left > 0 {
                let mut choices = Vec::new();
                self.effect_choices(s, side, &mut choices);
                if choices.iter().any(|a| *a != Action::Enough) {
                    s.phase = match self.current_effect(s) {
                        Some(Effect::Repair { .. }) => Phase::Repair,
                        Some(Effect::Fieldworks { .. }) => Phase::Fieldworks,
                        Some(Effect::Reduce { .. }) => Phase::Reduce,
                        _ => Phase::Control,
                    };
                    return;
                }
                cur.left = 0;
                s.effects = Some(cur);
            }
            let effects = &sc.cards[cur.card as usize].effects;
            let Some(&effect) = effects.get(cur.next as usize) else {
                s.effects = None;
                self.end_turn(s, ev);
                return;
            };
            cur.next += 1;
            s.effects = Some(cur);
            match effect {
                Effect::Place {
                    unit,
                    count,
                    reduced,
                    at,
                } => {
                    for _ in 0..count {
                        s.placements.push(Placement {
                            side,
                            unit,
                            reduced,
                            at,
                            source: Source::Card(cur.card),
                        });
                    }
                    self.after_placements(s, ev);
                    return;
                }
                Effect::Activate {
                    cities,
                    move_,
                    attack,
                    attack_roll,
                } => {
                    s.effects = None;
                    s.turn.ap = cities;
                    s.turn.may_move = move_;
                    s.turn.may_attack = attack;
                    s.turn.attack_roll = attack_roll;
                    s.phase = Phase::Activate;
                    self.skip_empty_activation(s, ev);
                    return;
                }
                Effect::Repair { count, .. }
                | Effect::Fieldworks { count, .. }
                | Effect::Reduce { count, .. } => {
                    cur.left = count;
                    s.effects = Some(cur);
                }
                Effect::Control { .. } => {
                    cur.left = 1;
                    s.effects = Some(cur);
                }
                // Combat effects belong to cards kept in front; nothing happens now.
                _ => {}
            }
        }
    }

    fn cities_of(&self, at: At, side: Side, s: &State) -> CitySet {
        let n = self.sc().map.cities.len();
        let all = CitySet(u128::MAX >> (128 - n));
        match at {
            At::Cities(set) => set,
            At::Own => CitySet(
                (0..n as u8)
                    .filter(|&c| s.control[c as usize] == side)
                    .fold(0, |m, c| m | 1 << c),
            ),
            At::OwnSupplied | At::OwnSuppliedStartSide => self.supplied(s, side),
            At::Anchor => self.sc().map.anchors,
            At::RussiaBorder => self.sc().map.russia.border,
            At::Any => all,
        }
    }

    pub(crate) fn effect_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let Some(effect) = self.current_effect(s) else {
            return;
        };
        match effect {
            Effect::Repair { unit, .. } => {
                let mut seen = Vec::new();
                for u in s
                    .units
                    .iter()
                    .filter(|u| u.side == side && u.reduced && unit.is_none_or(|k| k == u.kind))
                {
                    if first_of_twins(&mut seen, u) {
                        out.push(Action::Repair { unit: u.id });
                    }
                }
                out.push(Action::Enough);
            }
            Effect::Fieldworks { at, .. } => {
                if s.fieldworks.len() < self.sc().fieldworks_counters as u32 {
                    let allowed = self.cities_of(at, side, s);
                    for c in allowed.iter() {
                        if s.control[c as usize] == side && !s.fieldworks.has(c) {
                            out.push(Action::Fieldworks { city: c });
                        }
                    }
                }
                out.push(Action::Enough);
            }
            Effect::Reduce { unit, at, .. } => {
                let mut seen = Vec::new();
                let allowed = self.cities_of(at, side, s);
                for u in s.units.iter().filter(|u| {
                    u.side != side && allowed.has(u.city) && unit.is_none_or(|k| k == u.kind)
                }) {
                    if first_of_twins(&mut seen, u) {
                        out.push(Action::Reduce { unit: u.id });
                    }
                }
            }
            Effect::Control { at } => {
                for c in self.cities_of(at, side, s).iter() {
                    if s.control[c as usize] != side && s.occupant(c).is_none() {
                        out.push(Action::Control { city: c });
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn apply_effect_choice(
        &self,
        s: &mut State,
        side: Side,
        action: &Action,
        ev: &mut Vec<Event>,
    ) {
        match *action {
            Action::Repair { unit } => {
                if let Some(u) = s.unit_mut(unit) {
                    u.reduced = false;
                    let (city, kind) = (u.city, u.kind);
                    ev.push(Event::Repaired { unit, kind, city });
                }
            }
            Action::Fieldworks { city } => {
                s.fieldworks.insert(city);
                ev.push(Event::FieldworksBuilt { city });
            }
            Action::Reduce { unit } => self.hit(s, unit, ev),
            Action::Control { city } => self.capture(s, city, side, ev),
            _ => {}
        }
        if let Some(cur) = &mut s.effects {
            cur.left = if *action == Action::Enough {
                0
            } else {
                cur.left.saturating_sub(1)
            };
        }
        self.continue_effects(s, ev);
    }
}
