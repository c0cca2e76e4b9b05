//! Objective control (section 11), the scenarios' victory conditions, secret objective
//! cards and (Mustjõe) the change of objectives. Also the invariants that must
//! hold after every step of any game.

use super::DeathOnTheRails;
use crate::data::VictoryFile;
use crate::map::AreaId;
use crate::state::{Event, Phase, Place, State, UnitSet, flag};
use engine::{Outcome, Side};

impl DeathOnTheRails {
    /// The objective in `area` (if any) passes to `side`.
    pub fn take_objective(&self, s: &mut State, area: AreaId, side: Side, ev: &mut Vec<Event>) {
        if let Some(i) = self.sc().objective_in(area)
            && s.control[i] != Some(side)
        {
            s.control[i] = Some(side);
            ev.push(Event::ObjectiveTaken {
                objective: i as u8,
                side,
            });
        }
    }

    /// The objective tokens (as a bit mask) on a side's secret card.
    pub fn secret_objectives(&self, s: &State, side: Side) -> Option<u8> {
        let (colour, _) = self.sc().secret_objectives?;
        let card = s.secret[side.index()]?;
        Some(self.sc().cards[card as usize].objectives(colour))
    }

    fn controls_all(&self, s: &State, side: Side, mask: u8) -> bool {
        (0..s.control.len())
            .filter(|i| mask >> i & 1 == 1)
            .all(|i| s.control[i] == Some(side))
    }

    /// Units with combat strength a side has on the map (train parts count).
    pub fn combat_units_left(&self, s: &State, side: Side) -> usize {
        self.tally(s).combat[side.index()] as usize
    }

    /// What the victory conditions look at, counted in one pass.
    fn tally(&self, s: &State) -> Tally {
        let sc = self.sc();
        let combat = self.on_map_mask(s) & sc.combat_mask;
        let mut t = Tally {
            combat: [
                (combat & sc.side_mask[0]).count_ones() as u16,
                (combat & sc.side_mask[1]).count_ones() as u16,
            ],
            ground_combat: (combat & !sc.train_mask).count_ones() as u16,
            ..Tally::default()
        };
        for u in UnitSet(sc.reinforcement_mask).iter() {
            t.pending |= s.units[u as usize].place == Place::Pool;
        }
        t
    }

    fn wins_by(
        &self,
        s: &mut State,
        t: &Tally,
        side: Side,
        v: &VictoryFile,
        ev: &mut Vec<Event>,
    ) -> Option<String> {
        let enemy = side.other();
        match v {
            VictoryFile::DestroyAllEnemyUnits => (t.combat[enemy.index()] == 0)
                .then(|| format!("destroyed every {} combat unit", self.side_name_of(enemy))),
            VictoryFile::SecretObjectives => {
                if s.fog {
                    return None; // Lehtse: objectives count once the fog has lifted.
                }
                let mask = self.secret_objectives(s, side)?;
                if !self.controls_all(s, side, mask) {
                    return None;
                }
                if self.sc().special.objective_change && s.objectives_changed.is_none() {
                    // Mustjõe: the first to hold their objectives shows the
                    // card and draws a new one; from now on, the next to hold
                    // theirs wins.
                    let old = s.secret[side.index()].unwrap_or(0);
                    let new = self.draw_card(s, ev);
                    s.secret[side.index()] = Some(new);
                    s.objectives_changed = Some((side, old));
                    ev.push(Event::ObjectivesChanged {
                        side,
                        old_card: old,
                        new_card: Some(new),
                    });
                    let mask = self.secret_objectives(s, side)?;
                    return self
                        .controls_all(s, side, mask)
                        .then(|| "holds every objective on its new card".to_string());
                }
                Some("holds every objective on its secret card".to_string())
            }
            VictoryFile::Evacuate { count } => (s.evacuated >= *count)
                .then(|| format!("evacuated {count} non-combat units to the armoured train")),
            VictoryFile::ThreeHitsOnRailwayOrTrain => {
                let rail = s
                    .sabotage
                    .iter()
                    .any(|t| *t >= super::sabotage::RAILWAY_DESTROYED);
                let train = s.train_hits[enemy.index()] >= super::sabotage::TRAIN_IMMOBILISED;
                (rail || train).then(|| {
                    if rail {
                        "destroyed the railway".to_string()
                    } else {
                        "crippled the armoured train".to_string()
                    }
                })
            }
            VictoryFile::ExitMap => s.exited[side.index()]
                .then(|| "a unit left the map through the enemy's setup area".to_string()),
        }
    }

    /// Our ruling for a stalemate the rulebook does not cover: when neither
    /// side has a combat unit on the map but its armoured train, and no
    /// reinforcement can still come, nobody can win any more (trains cannot
    /// take objectives, leave the map or plant charges).
    fn only_trains_left(t: &Tally) -> bool {
        t.ground_combat == 0 && !t.pending
    }

    /// GOAL OF THE GAME: the first player to fulfil the scenario's victory
    /// condition wins. Returns true when the game is over.
    pub fn check_victory(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        if s.outcome.is_some() {
            return true;
        }
        if matches!(s.phase, Phase::Setup { .. }) {
            return false;
        }
        let tally = self.tally(s);
        let mut reasons: [Option<String>; 2] = [None, None];
        for side in Side::BOTH {
            for v in &self.sc().side(side).victory {
                if let Some(r) = self.wins_by(s, &tally, side, v, ev) {
                    reasons[side.index()] = Some(r);
                    break;
                }
            }
        }
        let outcome = match reasons {
            [None, None] if Self::only_trains_left(&tally) => Outcome {
                winner: None,
                reason: "only the armoured trains are left: neither side can take ground any more (a draw)".to_string(),
            },
            [None, None] => return false,
            [Some(r), None] => Outcome {
                winner: Some(Side::A),
                reason: format!("{} {r}", self.side_name_of(Side::A)),
            },
            [None, Some(r)] => Outcome {
                winner: Some(Side::B),
                reason: format!("{} {r}", self.side_name_of(Side::B)),
            },
            [Some(a), Some(b)] => Outcome {
                winner: None,
                reason: format!(
                    "both sides won at once: {} {a}, and {} {b}",
                    self.side_name_of(Side::A),
                    self.side_name_of(Side::B)
                ),
            },
        };
        s.phase = Phase::GameOver;
        s.outcome = Some(outcome.clone());
        ev.push(Event::GameOver { outcome });
        true
    }
}

#[derive(Default)]
struct Tally {
    /// Units with combat strength on the map, per side (train parts count).
    combat: [u16; 2],
    /// The same, without train parts, both sides together.
    ground_combat: u16,
    /// A reinforcement is still to come.
    pending: bool,
}

/// The first problem with a unit, in words (the slow path of `invariants`).
fn unit_problem(sc: &crate::Scenario, s: &State) -> String {
    for (i, (u, d)) in s.units.iter().zip(&sc.units).enumerate() {
        let name = format!("unit {i} ({})", d.name);
        if u.strength > d.strength {
            return format!(
                "{name} has strength {} above its full {}",
                u.strength, d.strength
            );
        }
        if let Place::Area(a) = u.place {
            if a as usize >= sc.map.area_count() {
                return format!("{name} is in area {a}, which does not exist");
            }
            if d.is_combat() && u.strength < d.critical {
                return format!("{name} is on the map below its critical strength");
            }
            if !s.area_units[a as usize].contains(i as crate::UnitId) {
                return format!("{name} is in area {a} but missing from its unit set");
            }
        } else if u.has(flag::MUST_RETREAT) {
            return format!("{name} must retreat but is not on the map");
        }
        if u.has(flag::MUST_RETREAT) && d.side != s.active {
            return format!("{name} must retreat on the opponent's turn");
        }
    }
    "a unit is not as it should be".to_string()
}

/// `1 << c` for each card number `c` below 64.
const CARD_BIT: [u64; 64] = {
    let mut bits = [0u64; 64];
    let mut c = 0;
    while c < 64 {
        bits[c] = 1 << c;
        c += 1;
    }
    bits
};

/// What must hold after every step of every game. Cheap when all is well
/// (one pass over the units, one over the cards); words only on failure.
pub fn invariants(r: &DeathOnTheRails, s: &State) -> Result<(), String> {
    let sc = r.sc();
    let n_areas = sc.map.area_count();
    if s.units.len() != sc.units.len() || s.area_units.len() != n_areas {
        return Err("the number of units or areas changed".into());
    }
    // One pass over the units: strengths within their limits, each unit on
    // the map in its area's set, and masks of the units on the map, of those
    // that must retreat and of those that left the map. The words come from
    // a second, slow pass only when something is wrong.
    let mut bad = false;
    let (mut on_map, mut retreating, mut exited) = (0u64, 0u64, 0u64);
    let mut bit = 1u64;
    for (u, &[most, least]) in s.units.iter().zip(&sc.strength_limits) {
        let mut low = 0;
        match u.place {
            Place::Area(a) => {
                on_map |= bit;
                low = least;
                bad |= s.area_units.get(a as usize).map_or(0, |set| set.0) & bit == 0;
            }
            Place::Exited => exited |= bit,
            _ => {}
        }
        bad |= !(low..=most).contains(&u.strength);
        if u.flags & flag::MUST_RETREAT != 0 {
            retreating |= bit;
        }
        bit <<= 1;
    }
    // Only units of the side to act, on the map, may be marked to retreat.
    bad |= retreating & !(on_map & sc.side_mask[s.active.index()]) != 0;
    if bad {
        return Err(unit_problem(sc, s));
    }
    let exited = exited & sc.real_mask;
    if [exited & sc.side_mask[0] != 0, exited & sc.side_mask[1] != 0] != s.exited {
        return Err("the exit flags do not match the units that left the map".into());
    }
    // The area sets must not overlap and together hold exactly the units on
    // the map (each of which is in its own area's set, as checked above).
    let (mut listed, mut overlap) = (0u64, 0u64);
    for set in &s.area_units {
        overlap |= listed & set.0;
        listed |= set.0;
    }
    if listed != on_map || overlap != 0 {
        let a = (0..n_areas)
            .find(|&a| {
                let mut expected = 0u64;
                for (i, u) in s.units.iter().enumerate() {
                    if u.place == Place::Area(a as AreaId) {
                        expected |= 1 << i;
                    }
                }
                expected != s.area_units[a].0
            })
            .unwrap_or(0);
        return Err(format!(
            "the unit set of area {a} does not match where the units are"
        ));
    }
    // Under the stacking limit no area holds more units than its size
    // (train parts do not count). Areas with one unit or none skip the count.
    if s.advanced {
        let mut crowded = false;
        for (set, &size) in s.area_units.iter().zip(&sc.area_sizes) {
            let units = set.0 & !sc.train_mask;
            crowded |= units & units.wrapping_sub(1) != 0 && units.count_ones() > size as u32;
        }
        if crowded {
            let a = (0..n_areas)
                .find(|&a| {
                    (s.area_units[a].0 & !sc.train_mask).count_ones() > sc.area_sizes[a] as u32
                })
                .unwrap_or(0);
            return Err(format!(
                "area '{}' holds more units than its size",
                sc.map.areas[a].key
            ));
        }
    }
    for side in Side::BOTH {
        if let Some(t) = &sc.side(side).train {
            let [p, q] = t.parts.map(|p| s.units[p as usize].place.area());
            if let (Some(a), Some(b)) = (p, q)
                && a != b
            {
                return Err(format!(
                    "{}'s train parts are in different areas",
                    r.side_name_of(side)
                ));
            }
            if let Some(a) = p.or(q)
                && !sc.map.areas[a as usize].railway
            {
                return Err(format!(
                    "{}'s train is off the railway",
                    r.side_name_of(side)
                ));
            }
        }
    }
    // Folds with max rather than `any`, so that the compiler vectorises them.
    let most = |tokens: &[u8]| tokens.iter().fold(0u8, |m, &t| m.max(t));
    if most(&s.artillery_tokens) > 3 || most(&s.sabotage) > 3 || most(&s.train_hits) > 3 {
        return Err("more than three tokens on an area or train".into());
    }
    if s.loaded_dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err("a loaded die is not 1 to 6".into());
    }
    // Every action card is in exactly one place.
    let n = sc.cards.len();
    let extra = [
        s.secret[0],
        s.secret[1],
        s.card,
        s.objectives_changed.map(|(_, c)| c),
    ];
    let extra_cards = {
        let mut cards = [0u8; 4];
        let mut len = 0;
        for c in extra.into_iter().flatten() {
            cards[len] = c;
            len += 1;
        }
        (cards, len)
    };
    let extra_cards = &extra_cards.0[..extra_cards.1];
    let count = s.deck.len() + s.discard.len() + extra_cards.len();
    // With as many cards placed as the deck holds, they are each in one
    // place exactly when every card number below the deck's size is seen.
    // Up to 64 cards (the Narva deck is 50) the set is one register, built
    // with a table rather than shifts; beyond (at most MAX_CARDS), an array.
    let piles = [&s.deck[..], &s.discard[..], extra_cards];
    let all_seen = if n <= 64 {
        let (mut seen, mut any) = (0u64, 0u8);
        for pile in piles {
            for &c in pile {
                seen |= CARD_BIT[(c & 63) as usize];
                any |= c;
            }
        }
        let full = if n == 0 { 0 } else { u64::MAX >> (64 - n) };
        any < 64 && seen == full
    } else {
        let mut seen = [0u64; 4];
        for pile in piles {
            for &c in pile {
                seen[(c >> 6) as usize] |= 1 << (c & 63);
            }
        }
        (0..256).all(|c| (seen[c >> 6] >> (c & 63) & 1 == 1) == (c < n))
    };
    if count != n || !all_seen {
        return Err(format!(
            "the action cards are not each in one place ({count} placed, {n} in the deck)"
        ));
    }
    if s.initiative == 0 || s.initiative.abs() > sc.track {
        return Err(format!(
            "initiative token at {} is off the track",
            s.initiative
        ));
    }
    if (s.outcome.is_some()) != (s.phase == Phase::GameOver) {
        return Err("the game is over exactly when it has an outcome".into());
    }
    if s.phase == Phase::ChooseAction {
        let Some(card) = s.card else {
            return Err("choosing an action without an action card".into());
        };
        if s.actions_done >= sc.cards[card as usize].actions {
            return Err("choosing an action after the card's actions are used up".into());
        }
    }
    Ok(())
}
