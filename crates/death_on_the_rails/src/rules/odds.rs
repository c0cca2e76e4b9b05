//! The odds of a choice (`Ruleset::odds`): fire and melee combat when the
//! target is chosen, artillery fire when the area or train part is aimed
//! at, railway sabotage and explosive charges when they are chosen, and a
//! die raised with ability A, M or D.
//!
//! Every way the dice can fall is gone through (`engine::odds::d6_multisets`)
//! with the rules' own dice counts, comparison and step losses (`fire.rs`,
//! `melee.rs`, `artillery.rs`, `sabotage.rs`), so the odds and the rules
//! cannot drift apart. What the side choosing cannot know is not looked at:
//! a face-down target is averaged over the enemy blocks it may be, and the
//! other side's raise of a die is assumed to be the one that helps it most.

use super::artillery::{ARTILLERY_HITS_ON, artillery_dice};
use super::fire::{compare, dice_rolled, fire_steps, raise_lowest, raise_value};
use super::melee::steps_available;
use super::sabotage::{RAILWAY_DESTROYED, TRAIN_IMMOBILISED, charge_hits, sabotage_tokens};
use super::{DeathOnTheRails, ability_at, destroyed_by};
use crate::data::{Ability, UnitKind};
use crate::scenario::{TrainPart, UnitId};
use crate::state::{Action, CombatMode, Dice, DiceParts, Phase, State, UnitSet};
use engine::odds::{Distribution, Method, Odds, d6_multisets};
use engine::{Ruleset, Side};
use std::collections::HashMap;

/// One kind of block a defending unit may be, with its share of the
/// chances: a representative unit (for its kind and critical strength),
/// its strength now, and its weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Candidate {
    pub unit: UnitId,
    pub strength: u8,
    pub weight: f64,
}

/// A defender in fire combat, for [`fire_step_odds`]: its share, the dice
/// it rolls, and whether it raises a die (ability M or D).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct FireDefender {
    pub weight: f64,
    pub dice: u8,
    pub raises: bool,
}

/// The label of losing `steps` for a unit of this kind at `strength`.
fn steps_label(r: &DeathOnTheRails, unit: UnitId, strength: u8, steps: u8) -> String {
    if steps == 0 {
        "no effect".into()
    } else if destroyed_by(r.def(unit), strength, steps) {
        "destroyed".into()
    } else if steps == 1 {
        "1 step".into()
    } else {
        format!("{steps} steps")
    }
}

/// The dice in a canonical order (highest first), as a key.
fn key(d: &Dice) -> (u8, [u8; 8]) {
    let mut v = d.values;
    v[..d.len as usize].sort_unstable_by(|a, b| b.cmp(a));
    for x in &mut v[d.len as usize..] {
        *x = 0;
    }
    (d.len, v)
}

/// The chances of 0, 1 and 2 steps lost by a defender rolling `dice`
/// against the attacker's final dice `attack`; a defender that raises
/// takes the raise that costs it the fewest steps, knowing the attack.
fn defend(attack: &Dice, dice: u8, raises: bool) -> [f64; 3] {
    let mut out = [0.0; 3];
    d6_multisets(dice, |v, p| {
        let defence = Dice::from_slice(v);
        let mut steps = fire_steps(attack, &defence);
        if raises {
            for value in DeathOnTheRails::values_in(DeathOnTheRails::raisable(&defence)) {
                let mut raised = defence;
                raise_value(&mut raised, value);
                steps = steps.min(fire_steps(attack, &raised));
            }
        }
        out[steps as usize] += p;
    });
    out
}

/// 9.1 as odds: `attack` dice, raised by `supports` (group fire), then,
/// if `attacker_raises`, by the raise that costs the defenders the most
/// steps on average; against each of `defenders`. Returns, per defender,
/// the chances of it losing 0, 1 and 2 steps.
pub(crate) fn fire_step_odds(
    attack: u8,
    supports: u32,
    attacker_raises: bool,
    defenders: &[FireDefender],
) -> Vec<[f64; 3]> {
    // Defenders alike in dice and raise share their odds.
    type Key = ((u8, [u8; 8]), u8, bool);
    let mut memo: HashMap<Key, [f64; 3]> = HashMap::new();
    let mut against = |att: &Dice| -> Vec<[f64; 3]> {
        defenders
            .iter()
            .map(|d| {
                *memo
                    .entry((key(att), d.dice, d.raises))
                    .or_insert_with(|| defend(att, d.dice, d.raises))
            })
            .collect()
    };
    let mut out = vec![[0.0; 3]; defenders.len()];
    d6_multisets(attack, |v, p| {
        let mut att = Dice::from_slice(v);
        for _ in 0..supports {
            raise_lowest(&mut att);
        }
        let mut options = vec![att];
        if attacker_raises {
            let values = DeathOnTheRails::raisable(&att);
            if values != 0 {
                options = DeathOnTheRails::values_in(values)
                    .map(|value| {
                        let mut raised = att;
                        raise_value(&mut raised, value);
                        raised
                    })
                    .collect();
            }
        }
        let mut best: Option<(f64, Vec<[f64; 3]>)> = None;
        for o in &options {
            let d = against(o);
            let mean: f64 = d
                .iter()
                .zip(defenders)
                .map(|(x, def)| def.weight * (x[1] + 2.0 * x[2]))
                .sum();
            if best.as_ref().is_none_or(|(m, _)| mean > *m + 1e-12) {
                best = Some((mean, d));
            }
        }
        if let Some((_, d)) = best {
            for (o, x) in out.iter_mut().zip(d) {
                for k in 0..3 {
                    o[k] += p * x[k];
                }
            }
        }
    });
    out
}

/// 9.2 as odds: one round of melee, `attack` dice raised by `supports`,
/// against `defence` dice, ties to the defender. Returns the chances of
/// each (attacker's hit points, defender's hit points).
pub(crate) fn melee_round_odds(attack: u8, supports: u32, defence: u8) -> Vec<((u8, u8), f64)> {
    let mut table: HashMap<(u8, u8), f64> = HashMap::new();
    d6_multisets(attack, |a, p| {
        let mut att = Dice::from_slice(a);
        for _ in 0..supports {
            raise_lowest(&mut att);
        }
        d6_multisets(defence, |d, q| {
            let hits = compare(&att, &Dice::from_slice(d), true);
            *table.entry(hits).or_default() += p * q;
        });
    });
    let mut out: Vec<_> = table.into_iter().collect();
    out.sort_by_key(|(k, _)| *k);
    out
}

/// The chance that `n` dice add up to at least `at_least`.
fn total_at_least(n: u8, at_least: u8) -> f64 {
    let mut p = 0.0;
    d6_multisets(n, |v, q| {
        if v.iter().map(|&x| x as u32).sum::<u32>() >= at_least as u32 {
            p += q;
        }
    });
    p
}

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

impl DeathOnTheRails {
    /// `Ruleset::odds`: see the module's words.
    pub(crate) fn odds_of(&self, s: &State, side: Side, action: &Action) -> Option<Odds> {
        if !self.legal(s, side, action) {
            return None;
        }
        match (s.phase, *action) {
            (
                Phase::Fire {
                    mode,
                    lead,
                    supports,
                },
                Action::Target { unit },
            ) => Some(self.combat_odds(s, side, mode, lead, supports, unit)),
            (Phase::ArtilleryAim { .. }, Action::TargetArea { area }) => {
                Some(self.artillery_odds(s, side, area, None))
            }
            (Phase::ArtilleryAim { .. }, Action::TargetTrain { part }) => {
                let area = self.train_area(s, side.other())?;
                Some(self.artillery_odds(s, side, area, Some(part)))
            }
            (Phase::ChooseAction, Action::Sabotage { unit }) => Some(self.sabotage_odds(s, unit)),
            (Phase::ChooseAction, Action::PlantCharges { unit }) => {
                Some(self.charges_odds(s, side, unit))
            }
            (
                Phase::Raise {
                    combat,
                    side: raiser,
                },
                Action::Raise { value },
            ) => Some(self.raise_odds(s, combat, raiser, value)),
            _ => None,
        }
    }

    /// What the defending unit `target` may be, as `side` may know it: the
    /// unit itself when `side` sees its face (its own, a train part),
    /// otherwise every block of its side on the map that `side` cannot
    /// see (in melee not the dummies: those were shown and removed when the
    /// melee began), at their strengths now, alike ones counted together.
    /// Also the words for the note.
    pub(crate) fn target_candidates(
        &self,
        s: &State,
        side: Side,
        target: UnitId,
        melee: bool,
    ) -> (Vec<Candidate>, Option<String>) {
        let d = self.def(target);
        let strength = s.units[target as usize].strength;
        if d.side == side || d.train_part.is_some() {
            let one = Candidate {
                unit: target,
                strength,
                weight: 1.0,
            };
            return (vec![one], None);
        }
        let sc = self.sc();
        let pool: Vec<UnitId> = UnitSet(s.on_map & sc.side_mask[d.side.index()] & !sc.train_mask)
            .iter()
            .filter(|&u| !(melee && self.def(u).kind == UnitKind::Dummy))
            .collect();
        // Alike: kind, strength, critical strength, ability now.
        type Alike = (UnitKind, u8, u8, Option<Ability>);
        let mut out: Vec<(Candidate, Alike)> = Vec::new();
        for &u in &pool {
            let du = self.def(u);
            let st = s.units[u as usize].strength;
            let k = (du.kind, st, du.critical, ability_at(du, st));
            match out.iter_mut().find(|(_, key)| *key == k) {
                Some((c, _)) => c.weight += 1.0,
                None => out.push((
                    Candidate {
                        unit: u,
                        strength: st,
                        weight: 1.0,
                    },
                    k,
                )),
            }
        }
        let n = pool.len().max(1) as f64;
        let candidates: Vec<Candidate> = out
            .into_iter()
            .map(|(mut c, _)| {
                c.weight /= n;
                c
            })
            .collect();
        let note = if pool.len() == 1 {
            "the target is face-down, but it is the only enemy block on the map it could be"
                .to_string()
        } else {
            format!(
                "the target is face-down: averaged over the {} {} blocks on the map it may be{}, \
                 at their strengths now (losses are public); what was seen of them before is not counted",
                pool.len(),
                self.side_name_of(d.side),
                if melee {
                    " (not dummies: those were shown when the melee began)"
                } else {
                    ""
                }
            )
        };
        (candidates, Some(note))
    }

    /// Fire or melee combat, with the target chosen.
    fn combat_odds(
        &self,
        s: &State,
        side: Side,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        target: UnitId,
    ) -> Odds {
        let melee = matches!(mode, CombatMode::Melee(_));
        let (candidates, hidden) = self.target_candidates(s, side, target, melee);
        self.combat_odds_against(s, mode, lead, supports, target, &candidates, hidden)
    }

    /// The dice the attacker rolls in a combat (before raises), as the
    /// rules count them (`start_combat`, `melee_round`).
    pub(crate) fn odds_attack_dice(
        &self,
        s: &State,
        mode: CombatMode,
        lead: UnitId,
        target: UnitId,
    ) -> u8 {
        match mode {
            CombatMode::Melee(_) => {
                steps_available(self.def(lead), s.units[lead as usize].strength)
            }
            _ => {
                let area = s.area_of(target).unwrap_or(0);
                let (n, _) = self
                    .fire_dice_at(s, lead, area)
                    .unwrap_or((1, DiceParts::NONE));
                dice_rolled(n)
            }
        }
    }

    /// The dice a defender `c` would roll where `target` stands, as the
    /// rules count them (`defence_roll`, `melee_round`).
    pub(crate) fn odds_defence_dice(
        &self,
        s: &State,
        mode: CombatMode,
        target: UnitId,
        c: &Candidate,
    ) -> u8 {
        match mode {
            CombatMode::Melee(_) => steps_available(self.def(c.unit), c.strength),
            _ => {
                let area = s.area_of(target).unwrap_or(0);
                dice_rolled(self.defence_dice_in(s, c.strength, area).0)
            }
        }
    }

    /// The odds of a combat against a target that is one of `candidates`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn combat_odds_against(
        &self,
        s: &State,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        target: UnitId,
        candidates: &[Candidate],
        hidden: Option<String>,
    ) -> Odds {
        let melee = matches!(mode, CombatMode::Melee(_));
        let mut notes: Vec<String> = hidden.into_iter().collect();
        if candidates.iter().any(|c| !self.def(c.unit).is_combat()) {
            notes.push(
                "a dummy or a block without combat strength is removed without dice (counted as destroyed)"
                    .into(),
            );
        }
        let mut target_outcomes: Vec<(String, f64)> = Vec::new();
        let mut lead_outcomes: Vec<(String, f64)> = Vec::new();
        let combat: Vec<&Candidate> = candidates
            .iter()
            .filter(|c| self.def(c.unit).is_combat())
            .collect();
        for c in candidates.iter().filter(|c| !self.def(c.unit).is_combat()) {
            target_outcomes.push(("destroyed".into(), c.weight));
            lead_outcomes.push(("no effect".into(), c.weight));
        }
        let lead_strength = s.units[lead as usize].strength;
        let attack = self.odds_attack_dice(s, mode, lead, target);
        if melee {
            for c in combat {
                let defence = self.odds_defence_dice(s, mode, target, c);
                for ((ah, dh), p) in melee_round_odds(attack, supports.len(), defence) {
                    target_outcomes.push((steps_label(self, c.unit, c.strength, ah), c.weight * p));
                    lead_outcomes.push((steps_label(self, lead, lead_strength, dh), c.weight * p));
                }
            }
            notes.push(
                "one round of melee: dice are the steps each unit has left, ties go to the defender; \
                 the melee is fought again until one side is gone"
                    .into(),
            );
        } else {
            let attacker_raises = matches!(self.ability(s, lead), Some(Ability::A | Ability::M));
            let defenders: Vec<FireDefender> = combat
                .iter()
                .map(|c| FireDefender {
                    weight: c.weight,
                    dice: self.odds_defence_dice(s, mode, target, c),
                    raises: matches!(
                        ability_at(self.def(c.unit), c.strength),
                        Some(Ability::M | Ability::D)
                    ),
                })
                .collect();
            let odds = fire_step_odds(attack, supports.len(), attacker_raises, &defenders);
            for (c, x) in combat.iter().zip(odds) {
                for (steps, p) in x.iter().enumerate() {
                    target_outcomes.push((
                        steps_label(self, c.unit, c.strength, steps as u8),
                        c.weight * p,
                    ));
                }
            }
            if attacker_raises {
                notes.push(
                    "assumes you raise the die (ability A or M) that costs the target the most steps on average"
                        .into(),
                );
            }
            if defenders.iter().any(|d| d.raises) {
                notes.push(
                    "assumes a defender with ability M or D raises the die that helps it most, knowing your dice"
                        .into(),
                );
            }
        }
        // No effect, steps, destroyed: in that order.
        target_outcomes.sort_by_key(|(l, _)| label_order(l));
        lead_outcomes.sort_by_key(|(l, _)| label_order(l));
        let mut parts = vec![Distribution::new("the target", target_outcomes)];
        if melee {
            parts.push(Distribution::new("your lead unit", lead_outcomes));
        }
        Odds {
            parts,
            method: Method::Exact,
            notes,
        }
    }

    /// A die raised with ability A, M or D: the attacker's before the
    /// defender rolls, the defender's knowing both rolls. The target was
    /// shown when the combat began, so its strength is known.
    fn raise_odds(&self, s: &State, combat: crate::state::Combat, raiser: Side, value: u8) -> Odds {
        let (target, strength) = (combat.target, s.units[combat.target as usize].strength);
        let mut notes = vec!["the target was shown when the combat began".to_string()];
        let outcomes: Vec<(String, f64)> = if raiser == combat.attacker {
            let mut attack = combat.attack;
            raise_value(&mut attack, value);
            let area = s.area_of(target).unwrap_or(0);
            let dice = dice_rolled(self.defence_dice_in(s, strength, area).0);
            let raises = matches!(self.ability(s, target), Some(Ability::M | Ability::D));
            if raises {
                notes.push(
                    "assumes the defender (ability M or D) raises the die that helps it most, knowing your dice"
                        .into(),
                );
            }
            defend(&attack, dice, raises)
                .iter()
                .enumerate()
                .map(|(k, p)| (steps_label(self, target, strength, k as u8), *p))
                .collect()
        } else {
            let mut defence = combat.defence;
            raise_value(&mut defence, value);
            let steps = fire_steps(&combat.attack, &defence);
            notes.push("both rolls are known: no dice are left".into());
            vec![(steps_label(self, target, strength, steps), 1.0)]
        };
        Odds {
            parts: vec![Distribution::new("the target", outcomes)],
            method: Method::Exact,
            notes,
        }
    }

    /// 9.3: two dice at an area (three at a train part), 10 or more hits.
    fn artillery_odds(
        &self,
        s: &State,
        side: Side,
        area: crate::map::AreaId,
        part: Option<TrainPart>,
    ) -> Odds {
        let hit = total_at_least(artillery_dice(part), ARTILLERY_HITS_ON);
        let mut notes = vec![format!(
            "{} dice, {ARTILLERY_HITS_ON} or more hits; the area is suppressed (three tokens) whatever they show",
            artillery_dice(part)
        )];
        let mut parts = Vec::new();
        if let Some(part) = part
            && let Some(unit) = self.train_part_unit(side.other(), part)
        {
            let strength = s.units[unit as usize].strength;
            parts.push(Distribution::new(
                "the train part",
                vec![
                    ("no effect".into(), 1.0 - hit),
                    (steps_label(self, unit, strength, 1), hit),
                ],
            ));
        }
        let others = UnitSet(s.area_units[area as usize].0 & !self.sc().train_mask);
        if !others.is_empty() || part.is_none() {
            parts.push(Distribution::new(
                "every unit in the area",
                vec![("no effect".into(), 1.0 - hit), ("1 step each".into(), hit)],
            ));
            notes.push("a unit at its critical strength is removed by the step".into());
        }
        if !UnitSet(others.0 & self.sc().side_mask[side.index()]).is_empty() {
            notes.push("your own units in the area lose a step too".into());
        }
        Odds {
            parts,
            method: Method::Exact,
            notes,
        }
    }

    /// 10: dice by the unit's strength; each 5 or 6 a sabotage token.
    fn sabotage_odds(&self, s: &State, unit: UnitId) -> Odds {
        let area = s.area_of(unit).unwrap_or(0);
        let before = s.sabotage[area as usize];
        let left = self.sabotage_tokens_left(s);
        let mut outcomes = Vec::new();
        d6_multisets(self.strength_dice(s, unit), |v, p| {
            // As the rule places them: no more than the area takes or the
            // box still holds.
            let tokens = sabotage_tokens(&Dice::from_slice(v))
                .min(RAILWAY_DESTROYED.saturating_sub(before))
                .min(left);
            let label = if before + tokens >= RAILWAY_DESTROYED {
                "railway destroyed".to_string()
            } else if tokens == 0 {
                "no token".to_string()
            } else {
                plural(tokens, "token", "tokens")
            };
            outcomes.push((label, p));
        });
        outcomes.sort_by_key(|(l, _)| label_order(l));
        Odds {
            parts: vec![Distribution::new("the railway here", outcomes)],
            method: Method::Exact,
            notes: vec![format!(
                "each 5 or 6 places a token; {before} there already, {RAILWAY_DESTROYED} destroy the railway; {left} left in the box"
            )],
        }
    }

    /// 12 (our reconstruction): each 5 or 6 a hit on the train, each 6 a
    /// step off one of its parts.
    fn charges_odds(&self, s: &State, side: Side, unit: UnitId) -> Odds {
        let before = s.train_hits[side.other().index()];
        let (mut hits, mut steps) = (Vec::new(), Vec::new());
        d6_multisets(self.strength_dice(s, unit), |v, p| {
            let (h, sixes) = charge_hits(&Dice::from_slice(v));
            let label = if before + h >= TRAIN_IMMOBILISED {
                "immobilised".to_string()
            } else if h == 0 {
                "no hit".to_string()
            } else {
                plural(h, "hit", "hits")
            };
            hits.push((label, p));
            let label = if sixes == 0 {
                "no step".to_string()
            } else {
                plural(sixes, "step", "steps")
            };
            steps.push((label, p));
        });
        hits.sort_by_key(|(l, _)| label_order(l));
        steps.sort_by_key(|(l, _)| label_order(l));
        Odds {
            parts: vec![
                Distribution::new("the enemy train", hits),
                Distribution::new("its parts", steps),
            ],
            method: Method::Exact,
            notes: vec![
                format!(
                    "each 5 or 6 is a hit; {before} on the train already, {TRAIN_IMMOBILISED} immobilise it"
                ),
                "each 6 costs a train part a step; the train's owner chooses which".into(),
            ],
        }
    }
}

/// Labels that start with a number sort by it, "no …" first, the rest last.
fn label_order(l: &str) -> u32 {
    if l.starts_with("no ") {
        0
    } else {
        l.split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_games::{shipped, states_along_games};
    use crate::state::{Event, Role};
    use engine::Decider;

    const SCENARIOS: [&str; 6] = ["annemoisa", "mustjoe", "kiltsi", "tapa", "lehtse", "narva"];

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// One die against one: the attacker scores on a higher die (a 1 never
    /// scores), 15 of 36; a single die that scores is a decisive attack,
    /// so every hit costs two steps. In melee ties go to the defender:
    /// 20 of 36, and two 1s score for nobody.
    #[test]
    fn one_die_against_one_die_by_hand() {
        let one = FireDefender {
            weight: 1.0,
            dice: 1,
            raises: false,
        };
        let [none, one_step, two] = fire_step_odds(1, 0, false, &[one])[0];
        assert!(close(none, 21.0 / 36.0) && close(one_step, 0.0) && close(two, 15.0 / 36.0));
        let melee = melee_round_odds(1, 0, 1);
        let p = |k| melee.iter().find(|(h, _)| *h == k).map_or(0.0, |(_, p)| *p);
        assert!(close(p((1, 0)), 15.0 / 36.0));
        assert!(close(p((0, 1)), 20.0 / 36.0));
        assert!(close(p((0, 0)), 1.0 / 36.0));
        // One supporting unit raises the lone die by one (a 6 stays): it
        // scores on 2 against a 1, …, 6 against 1–5, twice: 20 of 36.
        let [_, _, two] = fire_step_odds(1, 1, false, &[one])[0];
        assert!(close(two, 20.0 / 36.0), "{two}");
        // Two dice against none: each die but a 1 scores; both must for
        // two steps. 25/36 both, 10/36 one.
        let none_rolled = FireDefender { dice: 0, ..one };
        let [z, o, t] = fire_step_odds(2, 0, false, &[none_rolled])[0];
        assert!(close(t, 25.0 / 36.0) && close(o, 10.0 / 36.0) && close(z, 1.0 / 36.0));
        // Artillery: 2d6 ≥ 10 in 6 of 36, 3d6 ≥ 10 in 135 of 216.
        assert!(close(total_at_least(2, 10), 6.0 / 36.0));
        assert!(close(total_at_least(3, 10), 135.0 / 216.0));
    }

    /// A raise can only help the side that takes it.
    #[test]
    fn raises_help_the_side_that_takes_them() {
        let d = |raises| FireDefender {
            weight: 1.0,
            dice: 2,
            raises,
        };
        let mean = |x: [f64; 3]| x[1] + 2.0 * x[2];
        let plain = mean(fire_step_odds(3, 0, false, &[d(false)])[0]);
        let attacker = mean(fire_step_odds(3, 0, true, &[d(false)])[0]);
        let defender = mean(fire_step_odds(3, 0, false, &[d(true)])[0]);
        assert!(
            attacker > plain && defender < plain,
            "{plain} {attacker} {defender}"
        );
    }

    type WithOdds = Vec<(State, Side, Action, Odds)>;

    /// Every choice with dice along random games of every scenario, with
    /// the state and the side to decide (worked out once for all tests).
    fn choices_with_odds(r: &DeathOnTheRails) -> WithOdds {
        static ALL: std::sync::OnceLock<std::sync::Mutex<Vec<(String, WithOdds)>>> =
            std::sync::OnceLock::new();
        let all = ALL.get_or_init(Default::default);
        let mut all = all.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = all.iter().find(|(id, _)| *id == r.sc().id) {
            return v.clone();
        }
        let v = list_choices_with_odds(r);
        all.push((r.sc().id.clone(), v.clone()));
        v
    }

    fn list_choices_with_odds(r: &DeathOnTheRails) -> WithOdds {
        let mut out = Vec::new();
        for s in states_along_games(r) {
            let Decider::One(side) = r.to_decide(&s) else {
                continue;
            };
            let mut choices = Vec::new();
            r.choices(&s, side, &mut choices);
            for a in choices {
                if let Some(o) = r.odds(&s, side, &a) {
                    out.push((s.clone(), side, a, o));
                }
            }
        }
        out
    }

    /// The odds of every choice that has them add up to 1, part by part,
    /// and every kind of choice with dice has them somewhere.
    #[test]
    fn odds_add_up_to_one_for_every_kind_of_choice() {
        let mut kinds = std::collections::BTreeSet::new();
        for id in SCENARIOS {
            let r = shipped(id);
            for (s, _, a, o) in choices_with_odds(&r) {
                assert!(!o.parts.is_empty(), "{id} {a:?}");
                for d in &o.parts {
                    assert!((d.total() - 1.0).abs() < 1e-9, "{id} {a:?}: {d:?}");
                    assert!(
                        d.outcomes
                            .iter()
                            .all(|(_, p)| *p > 0.0 && *p <= 1.0 + 1e-12)
                    );
                }
                let kind = match (s.phase, a) {
                    (
                        Phase::Fire {
                            mode: CombatMode::Melee(_),
                            ..
                        },
                        _,
                    ) => "melee",
                    (
                        Phase::Fire {
                            mode: CombatMode::Reaction,
                            ..
                        },
                        _,
                    ) => "reaction fire",
                    (Phase::Fire { .. }, _) => "fire",
                    (_, Action::TargetArea { .. }) => "artillery at an area",
                    (_, Action::TargetTrain { .. }) => "artillery at a train",
                    (_, Action::Sabotage { .. }) => "sabotage",
                    (_, Action::PlantCharges { .. }) => "charges",
                    (_, Action::Raise { .. }) => "raise",
                    other => panic!("odds for {other:?}"),
                };
                kinds.insert(kind);
            }
        }
        for kind in ["melee", "fire", "artillery at an area", "sabotage", "raise"] {
            assert!(kinds.contains(kind), "no odds for {kind}: {kinds:?}");
        }
    }

    /// The dice the odds count are the dice the rules roll: for every
    /// choice of target along random games, the attacker's count, and the
    /// defender's for the block the target really is.
    #[test]
    fn the_odds_count_the_dice_the_rules_roll() {
        let mut checked = 0;
        for id in SCENARIOS {
            let r = shipped(id);
            for (s, side, a, _) in choices_with_odds(&r) {
                let (Phase::Fire { mode, lead, .. }, Action::Target { unit }) = (s.phase, a) else {
                    continue;
                };
                if !r.def(unit).is_combat() {
                    continue;
                }
                let truth = Candidate {
                    unit,
                    strength: s.units[unit as usize].strength,
                    weight: 1.0,
                };
                let mut after = s.clone();
                let mut ev = Vec::new();
                r.apply_legal(&mut after, side, &a, &mut ev);
                let count = |role| {
                    ev.iter().find_map(|e| match e {
                        Event::DiceCount { role: r, total, .. } if *r == role => Some(*total),
                        _ => None,
                    })
                };
                assert_eq!(
                    count(Role::Attacker),
                    Some(r.odds_attack_dice(&s, mode, lead, unit)),
                    "{id} {a:?}"
                );
                if let Some(d) = count(Role::Defender) {
                    assert_eq!(d, r.odds_defence_dice(&s, mode, unit, &truth), "{id} {a:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    /// The outcome of a choice with dice, as the odds label it.
    fn outcome(r: &DeathOnTheRails, s: &State, a: Action, ev: &[Event]) -> Option<String> {
        ev.iter().find_map(|e| match (e.clone(), a) {
            (Event::FireResult { target, steps, .. }, _) => Some(steps_label(
                r,
                target,
                s.units[target as usize].strength,
                steps,
            )),
            (
                Event::MeleeLosses {
                    defender,
                    defender_steps,
                    ..
                },
                _,
            ) => Some(steps_label(
                r,
                defender,
                s.units[defender as usize].strength,
                defender_steps,
            )),
            (Event::NoCombatStrength { .. }, _) => Some("destroyed".to_string()),
            (Event::ArtilleryFire { hit, .. }, Action::TargetArea { .. }) => {
                Some(if hit { "1 step each" } else { "no effect" }.to_string())
            }
            (
                Event::Sabotage {
                    tokens, destroyed, ..
                },
                _,
            ) => Some(if destroyed {
                "railway destroyed".to_string()
            } else if tokens == 0 {
                "no token".to_string()
            } else {
                plural(tokens, "token", "tokens")
            }),
            _ => None,
        })
    }

    /// Applies `a` and plays out the raises of dice the way the odds
    /// assume (the attacker the raise with the most steps on average, the
    /// defender the one with the fewest), then gives the outcome.
    fn play_out(r: &DeathOnTheRails, s: &State, side: Side, a: Action) -> Option<String> {
        let mut s2 = s.clone();
        let mut ev = Vec::new();
        r.apply_legal(&mut s2, side, &a, &mut ev);
        while let Phase::Raise {
            combat,
            side: raiser,
        } = s2.phase
        {
            let mut choices = Vec::new();
            r.choices(&s2, raiser, &mut choices);
            let attacker = raiser == combat.attacker;
            let score = |c: &Action| {
                let Action::Raise { value } = *c else {
                    return 0.0;
                };
                let target = combat.target;
                let strength = s2.units[target as usize].strength;
                if attacker {
                    let mut att = combat.attack;
                    raise_value(&mut att, value);
                    let area = s2.area_of(target).unwrap_or(0);
                    let dice = dice_rolled(r.defence_dice_in(&s2, strength, area).0);
                    let raises = matches!(r.ability(&s2, target), Some(Ability::M | Ability::D));
                    let x = defend(&att, dice, raises);
                    x[1] + 2.0 * x[2]
                } else {
                    let mut def = combat.defence;
                    raise_value(&mut def, value);
                    -(fire_steps(&combat.attack, &def) as f64)
                }
            };
            let mut best = choices[0];
            for c in &choices[1..] {
                if score(c) > score(&best) + 1e-12 {
                    best = *c;
                }
            }
            r.apply_legal(&mut s2, raiser, &best, &mut ev);
        }
        outcome(r, s, a, &ev)
    }

    /// Where nothing is hidden (the odds told which block the target is),
    /// the odds of a choice are the frequencies of its outcomes over many
    /// rolls of the dice: fire, melee, artillery and sabotage choices from
    /// random games, 3,000 rolls each, within 3 points.
    #[test]
    fn odds_agree_with_the_rolls_when_the_target_is_known() {
        let mut done = std::collections::BTreeMap::<&str, usize>::new();
        for id in SCENARIOS {
            let r = shipped(id);
            for (s, side, a, odds) in choices_with_odds(&r) {
                let (kind, odds) = match (s.phase, a) {
                    (
                        Phase::Fire {
                            mode,
                            lead,
                            supports,
                        },
                        Action::Target { unit },
                    ) => {
                        let truth = Candidate {
                            unit,
                            strength: s.units[unit as usize].strength,
                            weight: 1.0,
                        };
                        let kind = if matches!(mode, CombatMode::Melee(_)) {
                            "melee"
                        } else {
                            "fire"
                        };
                        (
                            kind,
                            r.combat_odds_against(&s, mode, lead, supports, unit, &[truth], None),
                        )
                    }
                    (_, Action::TargetArea { .. }) => ("artillery", odds),
                    (_, Action::Sabotage { .. }) => ("sabotage", odds),
                    _ => continue,
                };
                let n = done.entry(kind).or_default();
                if *n >= 3 {
                    continue;
                }
                *n += 1;
                let rolls = 3000;
                let mut seen = std::collections::BTreeMap::<String, f64>::new();
                for seed in 0..rolls {
                    let mut s2 = s.clone();
                    s2.rng = engine::rng_from_seed(seed);
                    let label = play_out(&r, &s2, side, a).expect("the choice has an outcome");
                    *seen.entry(label).or_default() += 1.0 / rolls as f64;
                }
                let part = &odds.parts[if kind == "artillery" && odds.parts.len() > 1 {
                    1
                } else {
                    0
                }];
                for (label, f) in &seen {
                    assert!(
                        (part.p(label) - f).abs() < 0.03,
                        "{id} {kind} {a:?}: {label} seen {f}, odds {}",
                        part.summary()
                    );
                }
                for (label, p) in &part.outcomes {
                    assert!(
                        (seen.get(label).copied().unwrap_or(0.0) - p).abs() < 0.03,
                        "{id} {kind} {a:?}: {label} odds {p}, seen {seen:?}"
                    );
                }
            }
        }
        for kind in ["fire", "melee", "artillery", "sabotage"] {
            assert!(
                done.get(kind).is_some_and(|n| *n > 0),
                "no {kind}: {done:?}"
            );
        }
    }

    /// The odds of a target the chooser cannot see do not change when the
    /// block is swapped with another hidden enemy block on the map (their
    /// places exchanged): they must not depend on which block it really is.
    #[test]
    fn odds_do_not_tell_which_block_the_target_is() {
        let mut swapped = 0;
        for id in SCENARIOS {
            let r = shipped(id);
            for (s, side, a, odds) in choices_with_odds(&r) {
                let Action::Target { unit } = a else { continue };
                if r.def(unit).side == side || r.def(unit).train_part.is_some() {
                    continue;
                }
                let sc = r.sc();
                let others = UnitSet(
                    s.on_map & sc.side_mask[side.other().index()] & !sc.train_mask & !(1 << unit),
                );
                for other in others.iter().take(3) {
                    let mut t = s.clone();
                    let (pu, po) = (
                        s.units[unit as usize].place(),
                        s.units[other as usize].place(),
                    );
                    t.set_place(unit, po);
                    t.set_place(other, pu);
                    // What anyone sees goes with the place: which blocks
                    // just moved, must retreat or are asleep.
                    for set in [&mut t.just_moved, &mut t.retreating] {
                        let (a, b) = (set.contains(unit), set.contains(other));
                        set.remove(unit);
                        set.remove(other);
                        if a {
                            set.insert(other);
                        }
                        if b {
                            set.insert(unit);
                        }
                    }
                    let asleep = |x: UnitId| s.units[x as usize].flags & crate::state::flag::ASLEEP;
                    t.units[unit as usize].flags =
                        s.units[unit as usize].flags & !crate::state::flag::ASLEEP | asleep(other);
                    t.units[other as usize].flags =
                        s.units[other as usize].flags & !crate::state::flag::ASLEEP | asleep(unit);
                    let Some(o2) = r.odds(&t, side, &Action::Target { unit: other }) else {
                        panic!("{id}: the swapped target has no odds");
                    };
                    assert_eq!(o2.parts.len(), odds.parts.len());
                    for (d1, d2) in odds.parts.iter().zip(&o2.parts) {
                        for (l, p) in &d1.outcomes {
                            assert!((d2.p(l) - p).abs() < 1e-9, "{id}: {d1:?} against {d2:?}");
                        }
                    }
                    swapped += 1;
                }
            }
        }
        assert!(swapped > 50, "{swapped}");
    }
}
