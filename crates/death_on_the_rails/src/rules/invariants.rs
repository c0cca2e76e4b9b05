//! The invariants: what must hold after every step of every game. The
//! random-game runner checks them after each decision, so they are written
//! to be cheap when all is well, and find the words only on failure.

use super::DeathOnTheRails;
use crate::map::AreaId;
use crate::state::{Phase, Place, State, UnitSet, UnitState, flag, place_kind};
use engine::Side;
use std::cell::RefCell;
use std::sync::Arc;

/// The first problem with a unit, in words (the slow path of the checks).
fn unit_problem(sc: &crate::Scenario, s: &State) -> Option<String> {
    for (i, (u, d)) in s.units.iter().zip(&sc.units).enumerate() {
        let name = format!("unit {i} ({})", d.name);
        if u.strength > d.strength {
            return Some(format!(
                "{name} has strength {} above its full {}",
                u.strength, d.strength
            ));
        }
        if let Place::Area(a) = u.place() {
            if a as usize >= sc.map.area_count() {
                return Some(format!("{name} is in area {a}, which does not exist"));
            }
            if d.is_combat() && u.strength < d.critical {
                return Some(format!("{name} is on the map below its critical strength"));
            }
            if !s.area_units[a as usize].contains(i as crate::UnitId) {
                return Some(format!(
                    "{name} is in area {a} but missing from its unit set"
                ));
            }
        } else if u.has(flag::MUST_RETREAT) {
            return Some(format!("{name} must retreat but is not on the map"));
        }
        if u.has(flag::MUST_RETREAT) && d.side != s.active {
            return Some(format!("{name} must retreat on the opponent's turn"));
        }
    }
    None
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

/// What must hold after every step of every game.
///
/// Most steps leave the board, or the cards, exactly as they were (choosing
/// a group or a target moves nothing; cards move about once a turn), so
/// each of the two costly parts is skipped when what it reads is exactly
/// what it last passed on this thread for the same scenario: a check is a
/// function of what it reads, so its verdict could not differ. The rest is
/// checked every time.
pub fn check(r: &DeathOnTheRails, s: &State) -> Result<(), String> {
    let sc = r.sc();
    if s.units.len() != sc.units.len()
        || s.units.len() > 64
        || s.area_units.len() != sc.map.area_count()
    {
        return Err("the number of units or areas changed".into());
    }
    PASSED.with_borrow_mut(|passed| {
        if !passed
            .scenario
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, &r.scenario))
        {
            *passed = Passed {
                scenario: Some(r.scenario.clone()),
                ..Passed::default()
            };
        }
        if !passed.board_is(s) {
            passed.active = None;
            board_invariants(sc, s)?;
            passed.keep_board(s);
        }
        if !passed.cards_are(s) {
            passed.cards_valid = false;
            card_invariants(sc, s)?;
            passed.keep_cards(s);
        }
        Ok::<(), String>(())
    })?;
    other_invariants(sc, s)
}

thread_local! {
    /// What last passed the board and card checks on this thread.
    static PASSED: RefCell<Passed> = RefCell::new(Passed::default());
}

/// Copies of what [`board_invariants`] and [`card_invariants`] last passed
/// (kept in place, so that keeping new ones allocates nothing).
#[derive(Default)]
struct Passed {
    /// Held, so that no other scenario can come to have its address.
    scenario: Option<Arc<crate::Scenario>>,
    /// The side to act on the board that passed; `None`: no board kept.
    active: Option<Side>,
    units: Vec<UnitState>,
    area_units: Vec<UnitSet>,
    exited: [bool; 2],
    advanced: bool,
    cards_valid: bool,
    deck: Vec<u8>,
    discard: Vec<u8>,
    placed: [Option<u8>; 4],
}

impl Passed {
    /// Whether the state's board is the one that passed last. Units compare
    /// as words and area sets as numbers, without stopping at the first
    /// difference, so that the compiler can compare several at once.
    fn board_is(&self, s: &State) -> bool {
        let same_units = self.units.len() == s.units.len()
            && self
                .units
                .iter()
                .zip(&s.units)
                .fold(0, |d, (a, b)| d | (a.word() ^ b.word()))
                == 0;
        let same_sets = self.area_units.len() == s.area_units.len()
            && self
                .area_units
                .iter()
                .zip(&s.area_units)
                .fold(0, |d, (a, b)| d | (a.0 ^ b.0))
                == 0;
        same_units
            && same_sets
            && (self.active, self.exited, self.advanced) == (Some(s.active), s.exited, s.advanced)
    }

    fn keep_board(&mut self, s: &State) {
        self.units.clone_from(&s.units);
        self.area_units.clone_from(&s.area_units);
        (self.active, self.exited, self.advanced) = (Some(s.active), s.exited, s.advanced);
    }

    fn cards_are(&self, s: &State) -> bool {
        self.cards_valid
            && self.placed == placed_cards(s)
            && self.deck == s.deck
            && self.discard == s.discard
    }

    fn keep_cards(&mut self, s: &State) {
        self.deck.clone_from(&s.deck);
        self.discard.clone_from(&s.discard);
        self.placed = placed_cards(s);
        self.cards_valid = true;
    }
}

/// The cards that are neither in the deck nor discarded: the secret
/// objective cards, the turn's action card, and (Mustjõe) the revealed one.
fn placed_cards(s: &State) -> [Option<u8>; 4] {
    [
        s.secret[0],
        s.secret[1],
        s.card,
        s.objectives_changed.map(|(_, c)| c),
    ]
}

/// The units, the area sets, stacking and the trains. (The three parts are
/// kept out of line, so that a profile shows what each costs.)
#[inline(never)]
fn board_invariants(sc: &crate::Scenario, s: &State) -> Result<(), String> {
    // The area sets must not overlap, and each unit in a set must be in
    // that area.
    let (mut listed, mut overlap, mut misplaced) = (0u64, 0u64, 0u64);
    for (a, set) in s.area_units.iter().enumerate() {
        overlap |= listed & set.0;
        listed |= set.0;
        for u in set.iter() {
            let here = (a as u32) << 8 | place_kind::ON_MAP as u32;
            misplaced |= s
                .units
                .get(u as usize)
                .map_or(1, |x| (x.word() & 0xffff ^ here) as u64);
        }
    }
    // One pass over the units as words, without branches: as many on the
    // map as the sets hold (so none is missing from its set), strengths
    // within their limits, and masks of those that must retreat and of
    // those that left the map. The words come from a second, slow pass
    // only when something is wrong.
    let (mut bad, mut on_map, mut retreating, mut exited) = (0u8, 0u32, 0u64, 0u64);
    let mut bit = 1u64;
    for (u, &[most, least]) in s.units.iter().zip(&sc.strength_limits) {
        let w = u.word();
        let kind = w as u8;
        let on = (kind == place_kind::ON_MAP) as u8;
        on_map += on as u32;
        // Not below its least strength on the map, nor above its full
        // strength anywhere (strength − low ≤ most − low, in wrapping
        // arithmetic, is both bounds at once).
        let low = least & on.wrapping_neg();
        bad |= (((w >> 16) as u8).wrapping_sub(low) > most.wrapping_sub(low)) as u8;
        let must_retreat = ((w >> 24) as u8 / flag::MUST_RETREAT) & 1;
        retreating |= bit & (must_retreat as u64).wrapping_neg();
        exited |= bit & ((kind == place_kind::EXITED) as u64).wrapping_neg();
        bit <<= 1;
    }
    // Only units of the side to act, on the map, may be marked to retreat.
    if bad != 0 || retreating & !(listed & sc.side_mask[s.active.index()]) != 0 {
        return Err(unit_problem(sc, s).unwrap_or_else(|| "a unit is not as it should be".into()));
    }
    if overlap != 0 || on_map != listed.count_ones() || misplaced != 0 {
        if let Some(problem) = unit_problem(sc, s) {
            return Err(problem);
        }
        let a = (0..s.area_units.len())
            .find(|&a| {
                let mut expected = 0u64;
                for (i, u) in s.units.iter().enumerate() {
                    if u.place() == Place::Area(a as AreaId) {
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
    let exited = exited & sc.real_mask;
    if [exited & sc.side_mask[0] != 0, exited & sc.side_mask[1] != 0] != s.exited {
        return Err("the exit flags do not match the units that left the map".into());
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
            let a = (0..s.area_units.len())
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
            let [p, q] = t.parts.map(|p| s.units[p as usize].place().area());
            if let (Some(a), Some(b)) = (p, q)
                && a != b
            {
                return Err(format!(
                    "{}'s train parts are in different areas",
                    crate::scenario::SIDE_NAMES[side.index()]
                ));
            }
            if let Some(a) = p.or(q)
                && !sc.map.areas[a as usize].railway
            {
                return Err(format!(
                    "{}'s train is off the railway",
                    crate::scenario::SIDE_NAMES[side.index()]
                ));
            }
        }
    }
    Ok(())
}

/// Every action card is in exactly one place. Reads the deck, the discard
/// pile and the cards placed elsewhere.
#[inline(never)]
fn card_invariants(sc: &crate::Scenario, s: &State) -> Result<(), String> {
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
    Ok(())
}

/// The cheap rest: tokens, loaded dice, the initiative track, the end of
/// the game and the action card in play.
#[inline(never)]
fn other_invariants(sc: &crate::Scenario, s: &State) -> Result<(), String> {
    // Folds with max rather than `any`, so that the compiler vectorises them.
    let most = |tokens: &[u8]| tokens.iter().fold(0u8, |m, &t| m.max(t));
    if most(&s.artillery_tokens) > 3 || most(&s.sabotage) > 3 || most(&s.train_hits) > 3 {
        return Err("more than three tokens on an area or train".into());
    }
    if s.loaded_dice.iter().any(|d| !(1..=6).contains(d)) {
        return Err("a loaded die is not 1 to 6".into());
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
