//! The invariants: what must hold after every step of every game. The
//! random-game runner checks them after each decision, so they are written
//! to be cheap when all is well, and find the words only on failure.

use super::DeathOnTheRails;
use crate::map::AreaId;
use crate::state::{Phase, Place, State, UnitSet, UnitState, place_kind};
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
        } else if s.retreating.contains(i as crate::UnitId) {
            return Some(format!("{name} must retreat but is not on the map"));
        }
        if s.retreating.contains(i as crate::UnitId) && d.side != s.active {
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
/// function of what it reads, so its verdict could not differ. When the
/// board did change since the last one that passed, usually in one or two
/// units, only what changed is checked against it
/// ([`changed_board_invariants`], which gives the same verdict as the whole
/// check). The rest is checked every time.
pub(crate) fn check(r: &DeathOnTheRails, s: &State) -> Result<(), String> {
    let sc = r.sc();
    let areas = sc.map.area_count();
    if s.units.len() != sc.units.len()
        || s.units.len() > 64
        || s.area_units.len() != areas
        || s.artillery_tokens.len() != areas
        || s.sabotage.len() != areas
    {
        return Err("the number of units or areas changed (or of an area list: unit sets, artillery tokens, sabotage)".into());
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
        if let Some(changed) = passed.board_change(s) {
            let incremental = passed.active.is_some() && passed.advanced == s.advanced;
            passed.active = None;
            let masks = if incremental {
                changed_board_invariants(sc, s, passed, changed)?
            } else {
                board_invariants(sc, s)?
            };
            passed.keep_board(s, masks);
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
    on_map: u64,
    retreating: UnitSet,
    /// What the board check found on the kept board.
    masks: BoardMasks,
    cards_valid: bool,
    deck: Vec<u8>,
    discard: Vec<u8>,
    placed: [Option<u8>; 4],
}

impl Passed {
    /// `None` when the state's board is the one that passed last, else the
    /// units that differ from it (all of them when no board is kept). The
    /// lists compare as bytes first (one `memcmp` each); only when the
    /// units differ are they looked at one by one.
    fn board_change(&self, s: &State) -> Option<u64> {
        if as_bytes(&self.units) == as_bytes(&s.units) {
            let same = as_bytes(&self.area_units) == as_bytes(&s.area_units)
                && (
                    self.active,
                    self.exited,
                    self.advanced,
                    self.on_map,
                    self.retreating,
                ) == (Some(s.active), s.exited, s.advanced, s.on_map, s.retreating);
            return (!same).then_some(0);
        }
        if self.units.len() != s.units.len() {
            return Some(u64::MAX);
        }
        // Two units (eight bytes) at a time; a pair that differs sets a bit
        // for each of its units that does.
        let (was, was_odd) = as_bytes(&self.units).as_chunks::<8>();
        let (now, now_odd) = as_bytes(&s.units).as_chunks::<8>();
        let mut changed = 0u64;
        for (pair, (a, b)) in was.iter().zip(now).enumerate() {
            let d = u64::from_le_bytes(*a) ^ u64::from_le_bytes(*b);
            if d != 0 {
                let first = (d as u32 != 0) as u64;
                let second = (d >> 32 != 0) as u64;
                changed |= (first | second << 1) << (2 * pair);
            }
        }
        if was_odd != now_odd {
            changed |= 1 << (2 * was.len());
        }
        Some(changed)
    }

    fn keep_board(&mut self, s: &State, masks: BoardMasks) {
        self.units.clone_from(&s.units);
        self.area_units.clone_from(&s.area_units);
        (
            self.active,
            self.exited,
            self.advanced,
            self.on_map,
            self.retreating,
        ) = (Some(s.active), s.exited, s.advanced, s.on_map, s.retreating);
        self.masks = masks;
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

/// A list of plain data as its bytes, to compare with one `memcmp`.
fn as_bytes<T: bytemuck::Pod>(list: &[T]) -> &[u8] {
    bytemuck::cast_slice(list)
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

/// Masks of units that the board check finds on a board, kept with it for
/// the check of the next board that differs from it.
#[derive(Clone, Copy, Default)]
struct BoardMasks {
    on_map: u64,
    exited: u64,
}

/// The units, the area sets, stacking and the trains, on the whole board.
/// (The parts of the check are kept out of line, so that a profile shows
/// what each costs.)
#[inline(never)]
fn board_invariants(sc: &crate::Scenario, s: &State) -> Result<BoardMasks, String> {
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
    // within their limits, and a mask of those that left the map. The
    // words come from a second, slow pass only when something is wrong.
    let (mut bad, mut on_map, mut exited) = (0u8, 0u32, 0u64);
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
        exited |= bit & ((kind == place_kind::EXITED) as u64).wrapping_neg();
        bit <<= 1;
    }
    if bad != 0 {
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
    // Under the stacking limit no area holds more units than its size
    // (train parts do not count). Areas with one unit or none skip the count.
    if s.advanced {
        let mut crowded = false;
        for (set, &size) in s.area_units.iter().zip(&sc.area_sizes) {
            crowded |= too_crowded(sc, *set, size);
        }
        if crowded {
            return Err(crowding_problem(sc, s));
        }
    }
    let masks = BoardMasks {
        on_map: listed,
        exited,
    };
    masks_and_trains(sc, s, masks)?;
    Ok(masks)
}

/// Whether an area's set holds more units than the area's size (train parts
/// do not count; a set with one unit or none is never too many).
fn too_crowded(sc: &crate::Scenario, set: UnitSet, size: u8) -> bool {
    let units = set.0 & !sc.train_mask;
    units & units.wrapping_sub(1) != 0 && units.count_ones() > size as u32
}

fn crowding_problem(sc: &crate::Scenario, s: &State) -> String {
    let a = (0..s.area_units.len())
        .find(|&a| too_crowded(sc, s.area_units[a], sc.area_sizes[a]))
        .unwrap_or(0);
    format!(
        "area '{}' holds more units than its size",
        sc.map.areas[a].key
    )
}

/// The board check when the board differs from one that passed it (`was`)
/// only in the units `changed` and in some area sets. It reaches the same
/// verdict as [`board_invariants`] on the whole board, because everything
/// that check asks is about one unit, one area set, or a unit and the set
/// that holds it, and a question about unchanged things was answered on
/// `was`:
/// - a changed unit is within its strengths, and a unit on the map is in
///   its area's set; a changed unit whose old area's set is unchanged (so
///   it still lists the unit) is still in that area;
/// - every unit in a changed set is in that area, and a changed set keeps
///   the unchanged units it held (they are still in that area), so no set
///   lists a unit elsewhere, two sets never share one, and none misses one;
/// - only a changed set can be too crowded;
/// - the masks of units on the map and exited are the kept ones with the
///   changed units' bits redone, and are checked as on a whole board, as
///   are the trains and the retreating units.
///
/// On any failure the whole check is run for the words.
#[inline(never)]
fn changed_board_invariants(
    sc: &crate::Scenario,
    s: &State,
    was: &Passed,
    changed: u64,
) -> Result<BoardMasks, String> {
    let mut masks = BoardMasks {
        on_map: was.masks.on_map & !changed,
        exited: was.masks.exited & !changed,
    };
    let mut bad = false;
    let mut rest = changed;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let bit = 1u64 << i;
        let [most, least] = sc.strength_limits[i];
        let w = s.units[i].word();
        let (kind, area, strength) = (w as u8, (w >> 8) as u8 as usize, (w >> 16) as u8);
        if kind == place_kind::ON_MAP {
            bad |= strength < least
                || s.area_units
                    .get(area)
                    .is_none_or(|set| !set.contains(i as crate::UnitId));
            masks.on_map |= bit;
        }
        bad |= strength > most;
        if kind == place_kind::EXITED {
            masks.exited |= bit;
        }
        let old = was.units[i].word();
        if old as u8 == place_kind::ON_MAP {
            let a = (old >> 8) as u8 as usize;
            bad |= s.area_units[a] == was.area_units[a] && (w ^ old) & 0xffff != 0;
        }
    }
    for (a, (&now, &before)) in s.area_units.iter().zip(&was.area_units).enumerate() {
        if now != before {
            bad |= before.0 & !changed & !now.0 != 0;
            let here = (a as u32) << 8 | place_kind::ON_MAP as u32;
            for u in now.iter() {
                bad |= s
                    .units
                    .get(u as usize)
                    .is_none_or(|x| x.word() & 0xffff != here);
            }
            bad |= s.advanced && too_crowded(sc, now, sc.area_sizes[a]);
        }
    }
    if bad {
        board_invariants(sc, s)?;
        return Err("the board check on what changed found a fault the whole check did not".into());
    }
    masks_and_trains(sc, s, masks)?;
    Ok(masks)
}

/// What the board check asks of the masks of units, and the trains.
fn masks_and_trains(sc: &crate::Scenario, s: &State, masks: BoardMasks) -> Result<(), String> {
    // The mask of units on the map kept beside the area sets is their union.
    if masks.on_map != s.on_map {
        return Err("the mask of units on the map does not match the area sets".into());
    }
    // Only units of the side to act, on the map, may be marked to retreat.
    if s.retreating.0 & !(masks.on_map & sc.side_mask[s.active.index()]) != 0 {
        return Err(unit_problem(sc, s).unwrap_or_else(|| "a unit is not as it should be".into()));
    }
    let exited = masks.exited & sc.real_mask;
    if [exited & sc.side_mask[0] != 0, exited & sc.side_mask[1] != 0] != s.exited {
        return Err("the exit flags do not match the units that left the map".into());
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
        // No unknown number needs looking for: n cards covering the n
        // numbers below n leave none over.
        (0..n).all(|c| seen[c >> 6] >> (c & 63) & 1 == 1)
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
    // A count is above 3 when a bit above the lowest two is set, so the
    // counts are folded with `|` (the two per-area lists in one pass, as
    // long as each other: checked in `check`) and tested once.
    // The same pass adds up the sabotage tokens (the box holds nine) and
    // the artillery fire tokens (thirteen).
    let (on_areas, sabotage, artillery) = s
        .artillery_tokens
        .iter()
        .zip(&s.sabotage)
        .fold((0, 0u32, 0u32), |(m, n, k), (a, b)| {
            (m | a | b, n + *b as u32, k + *a as u32)
        });
    if (on_areas | s.train_hits[0] | s.train_hits[1]) & !3 != 0 {
        return Err("more than three tokens on an area or train".into());
    }
    if sabotage > super::sabotage::SABOTAGE_TOKENS as u32 {
        return Err(format!(
            "{sabotage} sabotage tokens on the map; the box holds {}",
            super::sabotage::SABOTAGE_TOKENS
        ));
    }
    if artillery > super::artillery::ARTILLERY_FIRE_TOKENS as u32 {
        return Err(format!(
            "{artillery} artillery fire tokens on the map; the box holds {}",
            super::artillery::ARTILLERY_FIRE_TOKENS
        ));
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
    if s.outcome.is_some() != matches!(s.phase, Phase::GameOver) {
        return Err("the game is over exactly when it has an outcome".into());
    }
    if matches!(s.phase, Phase::ChooseAction) {
        let Some(card) = s.card else {
            return Err("choosing an action without an action card".into());
        };
        if sc
            .cards
            .get(card as usize)
            .is_none_or(|c| s.actions_done >= c.actions)
        {
            return Err("choosing an action after the card's actions are used up".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    /// One random change to the board: right (a unit moved with its sets)
    /// or wrong in one of the ways the board check looks for.
    fn change_board(s: &mut State, rng: &mut engine::GameRng) {
        let (units, areas) = (s.units.len(), s.area_units.len());
        let u = rng.random_range(0..units);
        let area = rng.random_range(0..areas) as AreaId;
        let places = [
            Place::Area(area),
            Place::Pool,
            Place::Gone,
            Place::Exited,
            Place::Evacuated,
        ];
        let place = places[rng.random_range(0..places.len())];
        match rng.random_range(0..9) {
            0 => s.units[u].strength = rng.random_range(0..=5),
            // Moved with its sets (unless an earlier change put it off the map's areas).
            1 if s.units[u]
                .place()
                .area()
                .is_none_or(|a| (a as usize) < areas) =>
            {
                s.set_place(u as crate::UnitId, place)
            }
            2 => s.units[u].put(place),
            3 => s.units[u].put(Place::Area(rng.random_range(areas..=255) as AreaId)),
            4 => s.area_units[area as usize].0 ^= 1 << u,
            5 => s.retreating.0 ^= 1 << u,
            6 => s.active = s.active.other(),
            7 => s.on_map ^= 1 << u,
            _ => {
                let side = rng.random_range(0..2);
                s.exited[side] = !s.exited[side];
            }
        }
    }

    /// The check of what changed since a board that passed reaches the same
    /// verdict as the check of the whole board, for boards one to three
    /// random changes away from states of real games (and from the next
    /// kept state, many moves on).
    #[test]
    fn the_check_of_what_changed_agrees_with_the_whole_board_check() {
        let r = crate::rules::test_games::shipped("narva");
        let sc = r.sc();
        let states = crate::rules::test_games::states_along_games(&r);
        assert!(states.len() > 100, "{} states", states.len());
        let mut rng = engine::rng_from_seed(5);
        let (mut passed_both, mut failed_both) = (0, 0);
        for pair in states.windows(2) {
            let mut kept = Passed::default();
            let masks = board_invariants(sc, &pair[0]).expect("a state of a legal game passes");
            kept.keep_board(&pair[0], masks);
            for trial in 0..30 {
                let mut s = pair[trial % 2].clone();
                for _ in 0..rng.random_range(1..=3) {
                    change_board(&mut s, &mut rng);
                }
                let whole = board_invariants(sc, &s);
                let changed = match kept.board_change(&s) {
                    None => Ok(kept.masks),
                    Some(units) => changed_board_invariants(sc, &s, &kept, units),
                };
                assert_eq!(
                    changed.is_ok(),
                    whole.is_ok(),
                    "the whole check says {:?}, the check of what changed {:?}",
                    whole.err(),
                    changed.err()
                );
                if let (Ok(a), Ok(b)) = (&changed, &whole) {
                    assert_eq!(
                        (a.on_map, a.exited),
                        (b.on_map, b.exited),
                        "the masks kept for the next check"
                    );
                }
                if whole.is_ok() {
                    passed_both += 1;
                } else {
                    failed_both += 1;
                }
            }
        }
        // Both verdicts were put to the test many times.
        assert!(
            passed_both > 300 && failed_both > 300,
            "{passed_both} passed, {failed_both} failed"
        );
    }

    /// The card check has two forms: a deck of up to 64 cards is one 64-bit
    /// set, a larger one (up to MAX_CARDS) an array. Both find a card lost,
    /// doubled or unknown, at the sizes either side of the switch and at the
    /// largest deck a scenario may have (no shipped deck is over 64 cards).
    #[test]
    fn the_card_check_finds_a_card_lost_doubled_or_unknown_in_decks_of_every_size() {
        let r = crate::rules::test_games::shipped("narva");
        let game = engine::Game::new(r.clone(), engine::Options::new(), 0).expect("Narva sets up");
        let mut s = game.state().clone();
        for n in [1, 50, 63, 64, 65, 100, 128, 129, crate::scenario::MAX_CARDS] {
            let mut sc = r.sc().clone();
            let card = sc.cards[0].clone();
            sc.cards.resize(n, card);
            let top = (n - 1) as u8;
            // Every card in the deck; then one in play and one discarded.
            (s.deck, s.discard) = ((0..=top).collect(), Vec::new());
            (s.secret, s.card, s.objectives_changed) = ([None, None], None, None);
            assert_eq!(card_invariants(&sc, &s), Ok(()), "{n} cards in the deck");
            s.deck.retain(|&c| c != top);
            s.card = Some(top);
            assert_eq!(card_invariants(&sc, &s), Ok(()), "{n} cards, one in play");
            if n > 1 {
                s.deck.retain(|&c| c != 0);
                s.discard.push(0);
                assert_eq!(card_invariants(&sc, &s), Ok(()), "{n} cards, one discarded");
            }
            let good = s.clone();
            // Lost: the card in play is gone.
            s.card = None;
            assert!(card_invariants(&sc, &s).is_err(), "{n} cards, one lost");
            // Doubled: a second copy of a card on the discard pile.
            s = good.clone();
            s.discard.push(top);
            assert!(card_invariants(&sc, &s).is_err(), "{n} cards, one doubled");
            // Doubled and lost at once, so that as many are placed as the
            // deck holds: the card in play stands in for the last one.
            if n > 1 {
                s = good.clone();
                s.card = Some(0);
                assert!(
                    card_invariants(&sc, &s).is_err(),
                    "{n} cards, one for another"
                );
            }
            // Unknown: a number past the deck's end in place of the last
            // card, just past it and at the far end of a card number's range.
            for unknown in [top + 1, 255] {
                s = good.clone();
                s.card = Some(unknown);
                let err = card_invariants(&sc, &s).expect_err("an unknown card");
                assert!(err.contains("not each in one place"), "{n}: {err}");
            }
        }
    }
}
