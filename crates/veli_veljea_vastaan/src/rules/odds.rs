//! The odds of an attack (`Ruleset::odds`): at its launch, and at the use
//! of a card kept in front (or none) after it. One die on the attack
//! table and one on the defence table: all 36 ways they can fall, with
//! the column shifts and roll modifiers the rules count
//! (`combat_terms`, `table_result` in `combat.rs`). Everything on the map
//! and in front of the players is public; the cards still to be used in
//! front are the other side's decision (or a later one of the chooser's)
//! and are not counted: the notes name them.

use super::VeliVeljeaVastaan;
use super::combat::table_result;
use crate::scenario::Effect;
use crate::state::{Action, Combat, Phase, State, Unit};
use engine::odds::{Distribution, Method, Odds};
use engine::{Ruleset, Side};

/// "no hit", "1 hit", "2 hits", or "destroyed" when the hits take every
/// step the units have.
fn hits_label(hits: u8, steps: u32) -> String {
    if hits == 0 {
        "no hit".into()
    } else if hits as u32 >= steps {
        "destroyed".into()
    } else if hits == 1 {
        "1 hit".into()
    } else {
        format!("{hits} hits")
    }
}

/// The steps of a group of units: two for a full unit, one for a reduced.
fn steps_of<'a>(units: impl Iterator<Item = &'a Unit>) -> u32 {
    units.map(|u| if u.reduced { 1 } else { 2 }).sum()
}

impl VeliVeljeaVastaan {
    /// `Ruleset::odds`: see the module's words.
    pub(crate) fn odds_of(&self, s: &State, side: Side, action: &Action) -> Option<Odds> {
        if !self.legal(s, side, action) {
            return None;
        }
        let c = s.combat.as_ref()?;
        match (s.phase, action) {
            (Phase::Attackers, Action::Launch) => Some(self.attack_odds(s, c, None)),
            (Phase::Respond(_), Action::NoResponse) => Some(self.attack_odds(s, c, Some(side))),
            (Phase::Respond(_), Action::UseKept { card }) => {
                let card = *card;
                let def = &self.sc().cards[card as usize];
                if def.effects.contains(&Effect::CancelAttack) {
                    return Some(Odds {
                        parts: vec![Distribution::new(
                            "the attack",
                            vec![("cancelled".into(), 1.0)],
                        )],
                        method: Method::Exact,
                        notes: vec![format!("«{}» cancels the attack: no dice", def.name)],
                    });
                }
                let mut c = c.clone();
                c.kept.push((card, side));
                Some(self.attack_odds(s, &c, Some(side)))
            }
            _ => None,
        }
    }

    /// The odds of combat `c` as it stands (with the cards kept in front
    /// used so far); `answered`: the side answering now, whose own other
    /// cards are its decision and are named too.
    pub(crate) fn attack_odds(&self, s: &State, c: &Combat, answered: Option<Side>) -> Odds {
        let sc = self.sc();
        let t = self.combat_terms(s, c);
        let attackers: Vec<&Unit> = c.attackers.iter().filter_map(|&id| s.unit(id)).collect();
        let a_steps = steps_of(attackers.iter().copied());
        let d_steps = steps_of(s.units_in(c.target));
        let (mut on_defender, mut on_attacker, mut retreat) = (Vec::new(), Vec::new(), Vec::new());
        let (mut star_d, mut star_a) = (0.0, 0.0);
        for da in 1..=6u8 {
            let (_, _, _, a) = table_result(
                &sc.attack,
                t.attack_value,
                &t.attack_shifts,
                &t.attack_mods,
                da,
            );
            for dd in 1..=6u8 {
                let (_, _, _, d) = table_result(
                    &sc.defence,
                    t.defence_value,
                    &t.defence_shifts,
                    &t.defence_mods,
                    dd,
                );
                let p = 1.0 / 36.0;
                on_defender.push((hits_label(a.hits, d_steps), p));
                on_attacker.push((hits_label(d.hits, a_steps), p));
                let falls_back = a.hits as i8 - d.hits as i8 >= t.needed;
                let label = if !falls_back {
                    "hold"
                } else if a.hits as u32 >= d_steps {
                    "destroyed"
                } else {
                    "retreat or surrender"
                };
                retreat.push((label.to_string(), p));
                if a.star && a.hits > 0 {
                    star_d += p;
                }
                if d.star && d.hits > 0 {
                    star_a += p;
                }
            }
        }
        let sort = |v: &mut Vec<(String, f64)>| {
            v.sort_by_key(|(l, _)| match l.as_str() {
                "no hit" | "hold" => 0,
                "destroyed" => 99,
                other => other
                    .split(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(50),
            })
        };
        for v in [&mut on_defender, &mut on_attacker, &mut retreat] {
            sort(v);
        }
        let mut notes = vec![format!(
            "attack value {} on the attack table, defence value {} on the defence table{}; \
             a difference of {} hits makes the defenders fall back",
            t.attack_value,
            t.defence_value,
            self.terms_words(&t),
            t.needed
        )];
        for (p, whose) in [(star_d, "defenders"), (star_a, "attackers")] {
            if p > 0.0 {
                notes.push(format!(
                    "★ for the {whose} in {}: a hit must fall on a Jäger, German or train among them",
                    engine::odds::percent(p)
                ));
            }
        }
        // Cards kept in front that may still be used: not counted.
        for side in [c.attacker, c.attacker.other()] {
            let still = !c.asked[side.index()];
            if !still && answered != Some(side) {
                continue;
            }
            let cards = self.usable_kept(s, side);
            let cards: Vec<String> = cards
                .iter()
                .filter(|&&k| !c.kept.iter().any(|&(u, _)| u == k))
                .map(|&k| format!("«{}»", sc.cards[k as usize].name))
                .collect();
            if !cards.is_empty() {
                notes.push(format!(
                    "not counted: {} may still use {} kept in front",
                    Self::side_word(side),
                    cards.join(", ")
                ));
            }
        }
        notes.push("a hand's cards play no part once the attack is launched".into());
        Odds {
            parts: vec![
                Distribution::new("the defenders", on_defender),
                Distribution::new("the attackers", on_attacker),
                Distribution::new("the city", retreat),
            ],
            method: Method::Exact,
            notes,
        }
    }

    /// The shifts and modifiers in words ("", or "; attack column −1 …").
    fn terms_words(&self, t: &super::combat::CombatTerms) -> String {
        let sum = |m: &[crate::state::Modifier]| m.iter().map(|x| x.value as i32).sum::<i32>();
        let mut parts = Vec::new();
        for (what, v) in [
            ("attack column", sum(&t.attack_shifts)),
            ("attack roll", sum(&t.attack_mods)),
            ("defence column", sum(&t.defence_shifts)),
            ("defence roll", sum(&t.defence_mods)),
        ] {
            if v != 0 {
                parts.push(format!("{what} {v:+}"));
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" ({})", parts.join(", "))
        }
    }
}
