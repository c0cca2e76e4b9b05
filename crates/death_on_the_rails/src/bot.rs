//! What the computer opponent needs of Death on the Rails (issue 20,
//! `docs/bot.md`): a game drawn again where one side cannot see, and a
//! value of a position.
//!
//! **What a side cannot see**: the faces of the enemy's face-down blocks
//! (which sticker, at what strength), the action card when it did not draw
//! it, the other side's secret objective card, the order of the draw pile,
//! where the enemy placed during a simultaneous setup, and the dice to
//! come. Blocks are named by number in actions and views, and which sticker
//! a number carries is in the scenario, so a drawn game is a changed
//! scenario as well as a changed state: the numbers (and with them every
//! place, flag and action the side sees) stay, and the stickers (with each
//! block's strength, which goes with its sticker) are dealt again among
//! the hidden enemy blocks that stand in the same kind of place and are
//! alike in what shows (both reinforcements or neither), as
//! `Scenario::with_blocks_exchanged` does for two. A side that follows
//! what it saw of a block earlier (a face shown in a fire combat, losses
//! told in the log) knows more than the draw assumes; the bot forgets it.

use crate::data::{SetupOrder, VictoryFile};
use crate::rules::DeathOnTheRails;
use crate::scenario::{Scenario, UnitId};
use crate::state::{Phase, Place, State};
use engine::{GameRng, Side};
use rand::RngExt;
use std::sync::Arc;

/// Fisher–Yates on any slice.
fn shuffle<T>(rng: &mut GameRng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// The same scenario with unit `u` carrying the sticker of unit `from[u]`
/// (a permutation of unit numbers within one side, train parts fixed).
fn with_stickers(sc: &Scenario, from: &[UnitId]) -> Scenario {
    let mut out = sc.clone();
    for (u, &f) in from.iter().enumerate() {
        if u == f as usize {
            continue;
        }
        out.units[u] = sc.units[f as usize].clone();
        out.strength_limits[u] = sc.strength_limits[f as usize];
        for (mask, old) in [
            (&mut out.combat_mask, sc.combat_mask),
            (&mut out.infantry_mask, sc.infantry_mask),
            (&mut out.artillery_mask, sc.artillery_mask),
            (&mut out.real_mask, sc.real_mask),
        ] {
            *mask = *mask & !(1 << u) | (old >> f & 1) << u;
        }
    }
    out.block_kind = (0..out.units.len())
        .map(|i| {
            (0..=i)
                .find(|&j| sticker_eq(&out.units[j], &out.units[i]))
                .unwrap_or(i) as UnitId
        })
        .collect();
    out
}

fn sticker_eq(x: &crate::scenario::UnitDef, y: &crate::scenario::UnitDef) -> bool {
    x == y
}

/// A key that orders stickers with their strength the same way whichever
/// numbers they carry, so that a draw does not depend on where the
/// stickers were before.
fn sticker_key(sc: &Scenario, s: &State, u: UnitId) -> (String, u8, u8, u8, u8, String) {
    let d = &sc.units[u as usize];
    (
        d.name.clone(),
        d.strength,
        d.critical,
        d.ability_min,
        s.units[u as usize].strength,
        format!("{:?}{:?}", d.kind, d.ability),
    )
}

impl DeathOnTheRails {
    /// The game drawn again for `side` (see the module's words).
    pub fn determinized(&self, s: &State, side: Side, rng: &mut GameRng) -> (Self, State) {
        let sc = self.sc();
        let enemy = side.other();
        let mut st = s.clone();
        st.rng = engine::rng_from_seed(rng.random());
        st.loaded_dice.clear();

        // Cards: the pile, the action card unless `side` drew it, and the
        // enemy's secret objective, dealt again in the same places.
        let mut unseen: Vec<u8> = st.deck.clone();
        let card_hidden = side == st.active && st.card.is_some();
        if card_hidden && let Some(c) = st.card {
            unseen.push(c);
        }
        if let Some(c) = st.secret[enemy.index()] {
            unseen.push(c);
        }
        unseen.sort_unstable();
        shuffle(rng, &mut unseen);
        // The action card still has actions left (the turn goes on); the
        // enemy does not yet hold every objective on its card (it would
        // have won).
        if card_hidden && let Some(c) = st.card.as_mut() {
            let done = st.actions_done;
            let fits = |k: u8| sc.cards.get(k as usize).is_some_and(|x| x.actions > done);
            if let Some(i) = unseen
                .iter()
                .rposition(|&k| fits(k))
                .or(unseen.len().checked_sub(1))
            {
                *c = unseen.remove(i);
            }
        }
        if st.secret[enemy.index()].is_some() {
            let colour = sc.secret_objectives.map(|(c, _)| c);
            let held = |k: u8| {
                colour.is_some_and(|colour| {
                    sc.cards.get(k as usize).is_some_and(|x| {
                        let mask = x.objectives(colour);
                        (0..st.control.len())
                            .filter(|i| mask >> i & 1 == 1)
                            .all(|i| st.control[i] == Some(enemy))
                    })
                })
            };
            let pick = unseen
                .iter()
                .rposition(|&k| !held(k))
                .or(unseen.len().checked_sub(1));
            if let Some(i) = pick {
                let k = unseen.remove(i);
                st.secret[enemy.index()] = Some(k);
            }
        }
        st.deck = unseen;

        // A simultaneous setup: the enemy's blocks placed so far go to
        // random places where they might have been set up.
        let hidden_setup =
            sc.setup_order == SetupOrder::Simultaneous && matches!(s.phase, Phase::Setup { .. });
        if hidden_setup {
            self.place_again(&mut st, enemy, rng);
        }

        // Faces: the hidden enemy blocks alike in what shows (both
        // reinforcements or neither) deal their stickers, each with its
        // strength, again; a deal that breaks the rules (a block on the map
        // below its critical strength...) is dealt again, a few times, then
        // only among blocks in the same kind of place (on the map, to come,
        // gone).
        let hidden: Vec<UnitId> = self
            .units_of(enemy)
            .filter(|&u| {
                let d = self.def(u);
                d.train_part.is_none() && !crate::view::face_known(self, s, u, Some(side))
            })
            .collect();
        for attempt in 0..6 {
            let by_place = attempt >= 4;
            let mut groups: Vec<((u8, bool), Vec<UnitId>)> = Vec::new();
            for &u in &hidden {
                let place = if by_place {
                    st.units[u as usize].kind()
                } else {
                    0
                };
                let key = (place, self.def(u).reinforcement);
                match groups.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, g)) => g.push(u),
                    None => groups.push((key, vec![u])),
                }
            }
            let mut from: Vec<UnitId> = self.unit_ids().collect();
            let mut changed = false;
            for (_, ids) in &groups {
                if ids.len() < 2 {
                    continue;
                }
                let mut stickers = ids.clone();
                stickers.sort_by_cached_key(|&u| sticker_key(sc, &st, u));
                shuffle(rng, &mut stickers);
                for (&u, &f) in ids.iter().zip(&stickers) {
                    from[u as usize] = f;
                    changed |= u != f;
                }
            }
            if !changed {
                return (self.clone(), st);
            }
            let mut dealt = st.clone();
            for (u, &f) in from.iter().enumerate() {
                dealt.units[u].strength = st.units[f as usize].strength;
            }
            let drawn = DeathOnTheRails {
                scenario: Arc::new(with_stickers(sc, &from)),
            };
            if engine::Ruleset::check_invariants(&drawn, &dealt).is_ok() {
                return (drawn, dealt);
            }
        }
        (self.clone(), st)
    }

    /// Simultaneous setup: `enemy`'s blocks already placed go back and are
    /// placed again at random where the setup allows.
    fn place_again(&self, st: &mut State, enemy: Side, rng: &mut GameRng) {
        let placed: Vec<UnitId> = self
            .units_of(enemy)
            .filter(|&u| {
                self.def(u).train_part.is_none()
                    && matches!(st.units[u as usize].place(), Place::Area(_))
            })
            .collect();
        if placed.is_empty() {
            return;
        }
        let keep = st.clone();
        for &u in &placed {
            st.set_place(u, Place::Pool);
        }
        for &u in &placed {
            let areas = self.setup_areas_for(st, enemy, self.def(u).reinforcement);
            if areas.is_empty() {
                *st = keep;
                return;
            }
            let a = areas[rng.random_range(0..areas.len())];
            st.set_place(u, Place::Area(a));
        }
        if engine::Ruleset::check_invariants(self, st).is_err() {
            *st = keep;
        }
    }

    /// About the chance that `side` wins: material (combat strength on the
    /// map and to come) and how far each side is towards its victory
    /// conditions (objectives on its card held, units evacuated, hits on
    /// the railway or the enemy train, a unit near the enemy's edge).
    pub fn value(&self, s: &State, side: Side) -> f32 {
        if let Some(o) = &s.outcome {
            return match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let sc = self.sc();
        let mut strength = [0f32; 2];
        let mut full = [0f32; 2];
        for u in self.unit_ids() {
            let d = self.def(u);
            if !d.is_combat() || d.train_part.is_some() {
                continue;
            }
            let i = d.side.index();
            full[i] += f32::from(d.strength);
            if matches!(s.units[u as usize].place(), Place::Area(_) | Place::Pool) {
                strength[i] += f32::from(s.units[u as usize].strength);
            }
        }
        let mut progress = [0f32; 2];
        for sd in engine::Side::BOTH {
            let i = sd.index();
            let e = sd.other().index();
            let mut best = 0f32;
            for v in &sc.side(sd).victory {
                let p = match v {
                    VictoryFile::DestroyAllEnemyUnits => 1.0 - strength[e] / full[e].max(1.0),
                    VictoryFile::SecretObjectives => match self.secret_objectives(s, sd) {
                        Some(mask) => {
                            let want = (0..s.control.len()).filter(|i| mask >> i & 1 == 1);
                            let (mut n, mut held) = (0f32, 0f32);
                            for o in want {
                                n += 1.0;
                                if s.control[o] == Some(sd) {
                                    held += 1.0;
                                }
                            }
                            if n > 0.0 { held / n } else { 0.0 }
                        }
                        None => 0.0,
                    },
                    VictoryFile::Evacuate { count } => {
                        f32::from(s.evacuated) / f32::from((*count).max(1))
                    }
                    VictoryFile::ThreeHitsOnRailwayOrTrain => {
                        let rail = s.sabotage.iter().copied().max().unwrap_or(0);
                        f32::from(rail.max(s.train_hits[e])) / 3.0
                    }
                    VictoryFile::ExitMap => {
                        let dist = &sc.side(sd.other()).distance_to_setup;
                        let near = self
                            .units_of(sd)
                            .filter_map(|u| s.units[u as usize].place().area())
                            .map(|a| dist.get(a as usize).copied().unwrap_or(255))
                            .min()
                            .unwrap_or(255);
                        1.0 / (1.0 + f32::from(near))
                    }
                };
                best = best.max(p.clamp(0.0, 1.0));
            }
            progress[i] = best;
        }
        let me = side.index();
        let them = side.other().index();
        let material = strength[me] / (strength[me] + strength[them]).max(1.0);
        let goal = progress[me] - progress[them];
        (0.5 * material + 0.25 + 0.25 * goal).clamp(0.0, 1.0)
    }
}
