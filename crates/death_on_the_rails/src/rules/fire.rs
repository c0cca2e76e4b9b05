//! 6.2 Fire, 6.3 Reaction fire and 9.1 Fire combat.

use super::DeathOnTheRails;
use crate::data::{Ability, Terrain, UnitKind};
use crate::map::AreaId;
use crate::scenario::{TrainPart, UnitId};
use crate::state::{
    Action, Combat, CombatMode, Dice, DicePart, DiceParts, Event, Phase, RaiseReason, RemovedWhy,
    Resume, Role, State, UnitSet, flag,
};
use engine::Side;

/// 9.1.1 Attacker modifiers: lead unit strength, 2 − range, −1 if suppressed.
/// With `ignore_negative_range` (Tapa's heavy machine gun) a negative range
/// modifier counts as 0.
pub fn attack_dice(
    strength: u8,
    range: u8,
    suppressed: bool,
    ignore_negative_range: bool,
) -> (i8, DiceParts) {
    let mut parts = DiceParts::of(DicePart::Strength(strength));
    let range_mod = 2 - range as i8;
    if range_mod < 0 && ignore_negative_range {
        parts.push(DicePart::RangeIgnored { range });
    } else if range_mod != 0 {
        parts.push(DicePart::Range {
            range,
            dice: range_mod,
        });
    }
    if suppressed {
        parts.push(DicePart::Suppressed);
    }
    (parts.iter().map(|p| p.dice()).sum(), parts)
}

/// 9.1.2 Defender modifiers: unit strength, +1 in forest or building, −1 for
/// each unit beyond the area's size, −1 if suppressed.
pub fn defence_dice(
    strength: u8,
    terrain: Terrain,
    units_in_area: usize,
    area_size: usize,
    suppressed: bool,
) -> (i8, DiceParts) {
    let mut parts = DiceParts::of(DicePart::Strength(strength));
    if terrain != Terrain::Open {
        parts.push(DicePart::Cover);
    }
    if units_in_area > area_size {
        parts.push(DicePart::Stacking {
            over: (units_in_area - area_size) as u8,
        });
    }
    if suppressed {
        parts.push(DicePart::Suppressed);
    }
    (parts.iter().map(|p| p.dice()).sum(), parts)
}

/// 9.1: both sides remove their 1s, sort what is left from high to low and
/// compare pair by pair (a side short of dice pairs its missing dice as 0s).
/// The higher die scores a hit point; a tie scores nothing, or (9.2, melee)
/// scores for the defender. Returns (attacker's hit points, defender's).
pub fn compare(attack: &Dice, defence: &Dice, ties_to_defender: bool) -> (u8, u8) {
    // Sorted in place in a copy of the (at most eight) dice, 1s as 0s: a
    // removed die and a missing one pair alike.
    let sorted = |d: &Dice| {
        let mut v = d.values;
        for x in &mut v[..] {
            if *x == 1 {
                *x = 0;
            }
        }
        v[..d.len as usize].sort_unstable_by(|a, b| b.cmp(a));
        (v, d.len as usize)
    };
    let ((a, a_len), (d, d_len)) = (sorted(attack), sorted(defence));
    let (mut ah, mut dh) = (0, 0);
    for i in 0..a_len.max(d_len) {
        let x = if i < a_len { a[i] } else { 0 };
        let y = if i < d_len { d[i] } else { 0 };
        if x == 0 && y == 0 {
            break;
        }
        if x > y {
            ah += 1;
        } else if y > x || ties_to_defender {
            dh += 1;
        }
    }
    (ah, dh)
}

/// 9.1: the steps a fire combat costs the defending unit: none unless the
/// attacker scores more hit points, one if it does, two if every die the
/// attacker rolled scored (a decisive attack).
pub fn fire_steps(attack: &Dice, defence: &Dice) -> u8 {
    let (ah, dh) = compare(attack, defence, false);
    fire_steps_from(ah, dh, attack.len)
}

fn fire_steps_from(ah: u8, dh: u8, attack_dice: u8) -> u8 {
    let decisive = ah > 0 && ah == attack_dice;
    if ah > dh {
        if decisive { 2 } else { 1 }
    } else {
        0
    }
}

/// The dice a count of `n` rolls: none below 0, at most eight.
pub fn dice_rolled(n: i8) -> u8 {
    n.clamp(0, 8) as u8
}

/// Raises the lowest die below 6 by one (group fire: once for each
/// supporting unit). Returns the die's old value, or `None` if all are 6s.
pub fn raise_lowest(dice: &mut Dice) -> Option<u8> {
    let i = (0..dice.len as usize)
        .filter(|&i| dice.values[i] < 6)
        .min_by_key(|&i| dice.values[i])?;
    let old = dice.values[i];
    dice.values[i] += 1;
    Some(old)
}

/// Raises one die showing `value` by one.
pub fn raise_value(dice: &mut Dice, value: u8) -> bool {
    match (0..dice.len as usize).find(|&i| dice.values[i] == value && value < 6) {
        Some(i) => {
            dice.values[i] += 1;
            true
        }
        None => false,
    }
}

impl DeathOnTheRails {
    /// 6.2: a unit that can fire now (not counting targets). Machine guns
    /// (M) fire as often as they like; others once a turn. Artillery fires by
    /// 9.3, never in fire combat.
    pub(crate) fn can_fire(&self, s: &State, u: UnitId) -> bool {
        let d = self.def(u);
        let st = &s.units[u as usize];
        if d.kind != UnitKind::Infantry || !self.on_map(s, u) || st.has(flag::ASLEEP) {
            return false;
        }
        if st.has(flag::FIRED) && self.ability(s, u) != Some(Ability::M) {
            return false;
        }
        if d.train_part.is_some() && self.train_pinned(s, d.side) {
            return false;
        }
        true
    }

    /// The dice `lead` would roll at an area, if it may fire there at all.
    pub fn fire_dice_at(&self, s: &State, lead: UnitId, area: AreaId) -> Option<(i8, DiceParts)> {
        let sc = self.sc();
        let from = s.area_of(lead)?;
        if from == area || !sc.map.sees(from, area) {
            return None;
        }
        let range = sc.map.distance(from, area);
        if s.fog && range > 2 {
            // Lehtse: in the fog, line of sight reaches two areas at most.
            return None;
        }
        let heavy = sc.special.heavy_machine_gun
            && self.def(lead).train_part == Some(TrainPart::MachineGun);
        let (n, parts) = attack_dice(
            s.units[lead as usize].strength,
            range,
            self.suppressed(s, from),
            heavy,
        );
        (n >= 1).then_some((n, parts))
    }

    /// The dice a defending unit of `strength` rolls in `area` (9.1.2), as
    /// the area stands now.
    pub fn defence_dice_in(&self, s: &State, strength: u8, area: AreaId) -> (i8, DiceParts) {
        let a = &self.sc().map.areas[area as usize];
        defence_dice(
            strength,
            a.terrain,
            self.stack_count(s, area),
            a.size(),
            self.suppressed(s, area),
        )
    }

    /// The areas `lead` could fire into (line of sight, at least one die),
    /// as a mask: one pass over the map, not over the enemy's units.
    fn fire_areas(&self, s: &State, lead: UnitId, from: AreaId) -> crate::map::AreaSet {
        let sc = self.sc();
        let strength = s.units[lead as usize].strength as i8;
        let heavy = sc.special.heavy_machine_gun
            && self.def(lead).train_part == Some(TrainPart::MachineGun);
        let suppressed = if self.suppressed(s, from) { 1 } else { 0 };
        // Dice = strength + 2 − range − suppressed ≥ 1 (range never counts
        // against the heavy machine gun).
        let mut max_range = if heavy {
            255
        } else {
            (strength + 1 - suppressed).max(0) as u8
        };
        if heavy && strength - suppressed < 1 {
            max_range = (strength + 1 - suppressed).max(0) as u8;
        }
        if s.fog {
            // Lehtse: in the fog, line of sight reaches two areas at most.
            max_range = max_range.min(2);
        }
        let mut set = sc.map.line_of_sight[from as usize];
        set.0 &= sc.map.within(from, max_range).without(from).0;
        set
    }

    /// Areas holding units `attacker` may fire at (enemy units that are not
    /// armoured-train parts, 12: immune to infantry fire).
    fn target_areas(
        &self,
        s: &State,
        attacker: Side,
        only: Option<UnitSet>,
    ) -> crate::map::AreaSet {
        s.areas_holding(self.targetable_mask(attacker) & only.map_or(u64::MAX, |o| o.0))
    }

    /// Units `attacker` may fire at: the enemy's, but not train parts.
    fn targetable_mask(&self, attacker: Side) -> u64 {
        self.sc().side_mask[attacker.other().index()] & !self.sc().train_mask
    }

    fn for_each_target(
        &self,
        s: &State,
        lead: UnitId,
        mode: CombatMode,
        mut f: impl FnMut(UnitId),
    ) {
        let Some(from) = s.area_of(lead) else { return };
        let attacker = self.def(lead).side;
        let areas = match mode {
            CombatMode::Melee(area) => crate::map::AreaSet::single(area),
            CombatMode::Fire => self.fire_areas(s, lead, from),
            CombatMode::Reaction => {
                let mut set = self.fire_areas(s, lead, from);
                if s.fog {
                    // Lehtse: reaction fire only into adjacent areas.
                    set.0 &= self.sc().map.adjacent[from as usize].0;
                }
                set
            }
        };
        let mut mask = self.targetable_mask(attacker);
        if mode == CombatMode::Reaction {
            mask &= s.just_moved.0;
        }
        for a in areas.iter() {
            for t in UnitSet(s.area_units[a as usize].0 & mask).iter() {
                f(t);
            }
        }
    }

    /// Whether `lead` has a target among the areas `targets`.
    fn has_target_in(
        &self,
        s: &State,
        lead: UnitId,
        mode: CombatMode,
        targets: crate::map::AreaSet,
    ) -> bool {
        let Some(from) = s.area_of(lead) else {
            return false;
        };
        let mut areas = self.fire_areas(s, lead, from);
        if mode == CombatMode::Reaction && s.fog {
            areas.0 &= self.sc().map.adjacent[from as usize].0;
        }
        areas.intersects(targets)
    }

    /// `Fire { lead }` for every unit that can fire at something.
    pub(crate) fn fire_choices(&self, s: &State, out: &mut Vec<Action>) {
        let targets = self.target_areas(s, s.active, None);
        if targets.is_empty() {
            return;
        }
        let sc = self.sc();
        // Area by area: where no target area is in sight at all, no unit
        // there need be looked at. The leads are listed in unit order.
        let mut rest = s.on_map & sc.side_mask[s.active.index()] & sc.infantry_mask;
        let mut leads = 0u64;
        while rest != 0 {
            let Some(from) = s.area_of(rest.trailing_zeros() as UnitId) else {
                rest &= rest - 1;
                continue;
            };
            let here = s.area_units[from as usize].0 & rest;
            rest &= !here;
            let mut seen = sc.map.line_of_sight[from as usize];
            seen.0 &= targets.without(from).0;
            if seen.is_empty() {
                continue;
            }
            for u in UnitSet(here).iter() {
                if self.can_fire(s, u) && self.fire_areas(s, u, from).intersects(seen) {
                    leads |= 1 << u;
                }
            }
        }
        out.extend(UnitSet(leads).iter().map(|lead| Action::Fire { lead }));
    }

    /// Whether `u` may lead a fire action, given the areas holding targets.
    pub(crate) fn fire_lead_ok(&self, s: &State, u: UnitId, targets: crate::map::AreaSet) -> bool {
        self.def(u).side == s.active
            && self.can_fire(s, u)
            && s.area_of(u)
                .is_some_and(|from| self.fire_areas(s, u, from).intersects(targets))
    }

    /// The areas holding units the active player may fire at.
    pub(crate) fn fire_targets(&self, s: &State) -> crate::map::AreaSet {
        self.target_areas(s, s.active, None)
    }

    /// Units that may support `lead` (group fire): in the same area, able to
    /// fire, not artillery, with combat strength. In melee, every infantry
    /// unit of the side in the area (not artillery: 9.1, 9.3).
    fn may_support(&self, s: &State, mode: CombatMode, lead: UnitId, u: UnitId) -> bool {
        if u == lead || self.def(u).side != self.def(lead).side || s.area_of(u) != s.area_of(lead) {
            return false;
        }
        match mode {
            CombatMode::Melee(_) => self.fights_melee(u),
            _ => self.can_fire(s, u),
        }
    }

    /// Quick check of one decision while forming a fire group (the same
    /// tests as `fire_group_choices`).
    pub(crate) fn fire_group_decision_ok(
        &self,
        s: &State,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        a: Action,
    ) -> bool {
        match a {
            Action::Support { unit } => {
                !supports.contains(unit) && self.may_support(s, mode, lead, unit)
            }
            Action::Target { unit } => {
                let mut found = false;
                self.for_each_target(s, lead, mode, |t| found |= t == unit);
                found
            }
            _ => false,
        }
    }

    pub(crate) fn fire_group_choices(
        &self,
        s: &State,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        out: &mut Vec<Action>,
    ) {
        if let Some(area) = s.area_of(lead) {
            for u in self.side_units_in(s, self.def(lead).side, area).iter() {
                if !supports.contains(u) && self.may_support(s, mode, lead, u) {
                    out.push(Action::Support { unit: u });
                }
            }
        }
        self.for_each_target(s, lead, mode, |t| out.push(Action::Target { unit: t }));
    }

    pub(crate) fn fire_group_step(
        &self,
        s: &mut State,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match a {
            Action::Support { unit } => {
                let mut supports = supports;
                supports.insert(unit);
                s.phase = Phase::Fire {
                    mode,
                    lead,
                    supports,
                };
            }
            Action::Target { unit } => self.start_combat(s, mode, lead, supports, unit, ev),
            other => unreachable!("{other:?} while forming a fire group"),
        }
    }

    /// 9.1: the target is chosen; the lead and the defending unit are revealed.
    pub(crate) fn start_combat(
        &self,
        s: &mut State,
        mode: CombatMode,
        lead: UnitId,
        supports: UnitSet,
        target: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let attacker = self.def(lead).side;
        if !matches!(mode, CombatMode::Melee(_)) {
            // 6.2: a unit fires (or joins group fire) once a turn.
            s.units[lead as usize].flags |= flag::FIRED;
            for u in supports.iter() {
                s.units[u as usize].flags |= flag::FIRED;
            }
        }
        ev.push(Event::Revealed {
            unit: lead,
            strength: s.units[lead as usize].strength,
        });
        ev.push(Event::Revealed {
            unit: target,
            strength: s.units[target as usize].strength,
        });
        if !self.def(target).is_combat() {
            // "If the defending unit has no combat strength, it is removed from
            // the board and combat automatically ends."
            ev.push(Event::NoCombatStrength { unit: target });
            let why = if self.def(target).kind == UnitKind::Dummy {
                RemovedWhy::Dummy
            } else {
                RemovedWhy::Destroyed
            };
            self.remove_unit(s, target, why, ev);
            self.after_combat(s, mode, attacker, ev);
            return;
        }
        let mut combat = Combat {
            mode,
            attacker,
            lead,
            supports,
            target,
            attack: Dice::default(),
            defence: Dice::default(),
        };
        if let CombatMode::Melee(_) = mode {
            self.melee_round(s, combat, ev);
            return;
        }
        let target_area = s.area_of(target).unwrap_or(0);
        let (n, parts) = self
            .fire_dice_at(s, lead, target_area)
            .unwrap_or((1, DiceParts::NONE));
        combat.attack = self.roll(s, attacker, Role::Attacker, n, parts, ev);
        self.support_raises(&mut combat, ev);
        self.after_attack_roll(s, combat, ev);
    }

    pub(crate) fn roll(
        &self,
        s: &mut State,
        side: Side,
        role: Role,
        n: i8,
        parts: DiceParts,
        ev: &mut Vec<Event>,
    ) -> Dice {
        let n = dice_rolled(n);
        ev.push(Event::DiceCount {
            side,
            role,
            total: n,
            parts,
        });
        let dice = self.roll_dice(s, n);
        ev.push(Event::Rolled { side, role, dice });
        dice
    }

    /// Group fire: for each supporting unit, the lowest die goes up by 1.
    pub(crate) fn support_raises(&self, c: &mut Combat, ev: &mut Vec<Event>) {
        for _ in c.supports.iter() {
            if let Some(old) = raise_lowest(&mut c.attack) {
                ev.push(Event::Raised {
                    side: c.attacker,
                    role: Role::Attacker,
                    from: old,
                    to: old + 1,
                    why: RaiseReason::Support,
                });
            }
        }
    }

    /// The distinct die values below 6 that a raise could apply to, as a
    /// mask (bit `v` for value `v`).
    pub(crate) fn raisable(dice: &Dice) -> u8 {
        dice.as_slice()
            .iter()
            .filter(|&&x| x < 6)
            .fold(0, |mask, &x| mask | 1 << x)
    }

    /// The values in a mask from [`Self::raisable`], lowest first.
    pub(crate) fn values_in(mask: u8) -> impl Iterator<Item = u8> {
        (0..6).filter(move |v| mask >> v & 1 == 1)
    }

    /// After the attacker's roll: an M (machine gun) or A (special force) lead
    /// raises one die by 1; the attacker chooses which, unless only one value
    /// can be raised.
    fn after_attack_roll(&self, s: &mut State, mut c: Combat, ev: &mut Vec<Event>) {
        if let Some(ab @ (Ability::A | Ability::M)) = self.ability(s, c.lead) {
            let values = Self::raisable(&c.attack);
            match values.count_ones() {
                0 => {}
                1 => {
                    let value = values.trailing_zeros() as u8;
                    raise_value(&mut c.attack, value);
                    ev.push(Event::Raised {
                        side: c.attacker,
                        role: Role::Attacker,
                        from: value,
                        to: value + 1,
                        why: RaiseReason::Ability(ab),
                    });
                }
                _ => {
                    s.phase = Phase::Raise {
                        combat: c,
                        side: c.attacker,
                    };
                    return;
                }
            }
        }
        self.defence_roll(s, c, ev);
    }

    /// The defender rolls second, then an M or D defending unit raises a die,
    /// knowing the attacker's result.
    fn defence_roll(&self, s: &mut State, mut c: Combat, ev: &mut Vec<Event>) {
        let area = s.area_of(c.target).unwrap_or(0);
        let (n, parts) = self.defence_dice_in(s, s.units[c.target as usize].strength, area);
        let defender = c.attacker.other();
        c.defence = self.roll(s, defender, Role::Defender, n, parts, ev);
        if let Some(ab @ (Ability::M | Ability::D)) = self.ability(s, c.target) {
            let values = Self::raisable(&c.defence);
            match values.count_ones() {
                0 => {}
                1 => {
                    let value = values.trailing_zeros() as u8;
                    raise_value(&mut c.defence, value);
                    ev.push(Event::Raised {
                        side: defender,
                        role: Role::Defender,
                        from: value,
                        to: value + 1,
                        why: RaiseReason::Ability(ab),
                    });
                }
                _ => {
                    s.phase = Phase::Raise {
                        combat: c,
                        side: defender,
                    };
                    return;
                }
            }
        }
        self.fire_result(s, c, ev);
    }

    pub(crate) fn raise_choices(&self, combat: &Combat, side: Side, out: &mut Vec<Action>) {
        let dice = if side == combat.attacker {
            &combat.attack
        } else {
            &combat.defence
        };
        for v in Self::values_in(Self::raisable(dice)) {
            out.push(Action::Raise { value: v });
        }
    }

    pub(crate) fn raise(
        &self,
        s: &mut State,
        mut c: Combat,
        side: Side,
        value: u8,
        ev: &mut Vec<Event>,
    ) {
        let (dice, role, unit) = if side == c.attacker {
            (&mut c.attack, Role::Attacker, c.lead)
        } else {
            (&mut c.defence, Role::Defender, c.target)
        };
        raise_value(dice, value);
        let ab = self.ability(s, unit).unwrap_or(Ability::M);
        ev.push(Event::Raised {
            side,
            role,
            from: value,
            to: value + 1,
            why: RaiseReason::Ability(ab),
        });
        if role == Role::Attacker {
            self.defence_roll(s, c, ev);
        } else {
            self.fire_result(s, c, ev);
        }
    }

    /// 9.1: if the attacker scores more hit points, the defending unit loses a
    /// step; two if every die the attacker rolled scored (a decisive attack).
    fn fire_result(&self, s: &mut State, c: Combat, ev: &mut Vec<Event>) {
        let (ah, dh) = compare(&c.attack, &c.defence, false);
        ev.push(Event::Compared {
            attack: c.attack,
            defence: c.defence,
            attack_hits: ah,
            defence_hits: dh,
            ties_to_defender: false,
        });
        let steps = fire_steps_from(ah, dh, c.attack.len);
        ev.push(Event::FireResult {
            target: c.target,
            steps,
            decisive: steps == 2,
        });
        self.lose_steps(s, c.target, steps, ev);
        self.after_combat(s, c.mode, c.attacker, ev);
    }

    /// After any fire or melee combat: Kiltsi's waking-up, then play goes on.
    pub(crate) fn after_combat(
        &self,
        s: &mut State,
        mode: CombatMode,
        attacker: Side,
        ev: &mut Vec<Event>,
    ) {
        let then = match mode {
            CombatMode::Fire => Resume::FinishAction,
            CombatMode::Reaction => Resume::FinishReaction,
            CombatMode::Melee(area) => Resume::Melee(area),
        };
        let wakes = matches!(mode, CombatMode::Melee(_)) || attacker == crate::RUSSIA;
        if self.sc().special.dark_night && wakes && self.someone_asleep(s) {
            s.phase = Phase::WakeUp { then };
            return;
        }
        self.resume(s, then, ev);
    }

    // ----- 6.3 Reaction fire -----

    /// Units of the non-active side that might fire at a unit that just
    /// moved, judged from what the active player can see (positions, not
    /// identities): otherwise being asked, or not, would give away what the
    /// opponent's blocks are.
    pub(crate) fn reaction_possible(&self, s: &State, targets: UnitSet) -> bool {
        let sc = self.sc();
        if sc.special.dark_night {
            return false; // Kiltsi: no reaction fire in the dark.
        }
        let reactor = s.active.other();
        let mut target_areas = crate::map::AreaSet::EMPTY;
        for t in targets.iter() {
            if let Some(a) = s.area_of(t) {
                target_areas.insert(a);
            }
        }
        // Area by area: what is in sight and range, and whether the units
        // there are in melee, is the same for all the reactor's units there.
        let max_range = if s.fog { 1 } else { 5 };
        let mut rest = sc.side_mask[reactor.index()] & s.on_map;
        while rest != 0 {
            let first = rest.trailing_zeros() as UnitId;
            rest &= rest - 1;
            let Some(a) = s.area_of(first) else { continue };
            let here = s.area_units[a as usize].0 & (rest | 1 << first);
            rest &= !here;
            if self.has_ground(s, s.active, a) {
                continue; // units in melee do not react
            }
            // A target area in sight, other than its own, within range.
            let reach = sc.map.line_of_sight[a as usize].0
                & sc.map.within(a, max_range).0
                & target_areas.without(a).0;
            if reach == 0 {
                continue;
            }
            for u in UnitSet(here).iter() {
                let d = self.def(u);
                if s.units[u as usize].has(flag::ASLEEP)
                    || d.train_part == Some(TrainPart::Artillery)
                    || (d.train_part.is_some() && self.train_pinned(s, reactor))
                {
                    continue;
                }
                return true;
            }
        }
        false
    }

    pub(crate) fn reaction_choices(&self, s: &State, out: &mut Vec<Action>) {
        let reactor = s.active.other();
        let targets = self.target_areas(s, reactor, Some(s.just_moved));
        // Only infantry on the map can fire (`can_fire`).
        let sc = self.sc();
        let able = sc.side_mask[reactor.index()] & s.on_map & sc.infantry_mask;
        for u in UnitSet(able).iter() {
            if self.reaction_lead_ok(s, u, targets) {
                out.push(Action::Fire { lead: u });
            }
        }
        out.push(Action::NoReaction);
    }

    /// Whether `u` may lead reaction fire, given the areas of the units that
    /// just moved: able to fire, not in melee, with one of them in reach.
    fn reaction_lead_ok(&self, s: &State, u: UnitId, targets: crate::map::AreaSet) -> bool {
        self.def(u).side == s.active.other()
            && self.can_fire(s, u)
            && !s
                .area_of(u)
                .is_some_and(|a| self.has_ground(s, s.active, a))
            && self.has_target_in(s, u, CombatMode::Reaction, targets)
    }

    /// Quick check of one reaction decision (the same tests as `reaction_choices`).
    pub(crate) fn reaction_decision_ok(&self, s: &State, a: Action) -> bool {
        match a {
            Action::NoReaction => true,
            Action::Fire { lead } => {
                let targets = self.target_areas(s, s.active.other(), Some(s.just_moved));
                self.reaction_lead_ok(s, lead, targets)
            }
            _ => false,
        }
    }

    pub(crate) fn reaction(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::NoReaction => self.resume(s, Resume::FinishAction, ev),
            Action::Fire { lead } => {
                s.phase = Phase::Fire {
                    mode: CombatMode::Reaction,
                    lead,
                    supports: UnitSet::EMPTY,
                }
            }
            other => unreachable!("{other:?} during reaction fire"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_games::{shipped, states_along_games};

    /// 6.3 as written, one reacting unit at a time: awake, not in melee,
    /// not the train's gun, a train part only on a train that is free, and
    /// a target area in sight and range.
    fn some_unit_could_react(r: &DeathOnTheRails, s: &State, targets: UnitSet) -> bool {
        let sc = r.sc();
        if sc.special.dark_night {
            return false;
        }
        let reactor = s.active.other();
        let mut target_areas = crate::map::AreaSet::EMPTY;
        for t in targets.iter() {
            if let Some(a) = s.area_of(t) {
                target_areas.insert(a);
            }
        }
        let range = if s.fog { 1 } else { 5 };
        r.units_of(reactor).any(|u| {
            let d = r.def(u);
            let Some(a) = s.area_of(u) else {
                return false;
            };
            let barred = s.units[u as usize].has(flag::ASLEEP)
                || r.has_ground(s, s.active, a)
                || d.train_part == Some(TrainPart::Artillery)
                || (d.train_part.is_some() && r.train_pinned(s, reactor));
            let in_reach = sc.map.line_of_sight[a as usize].0
                & sc.map.within(a, range).0
                & target_areas.without(a).0
                != 0;
            !barred && in_reach
        })
    }

    /// Whether reaction fire is possible, asked area by area, agrees with
    /// asking each reacting unit in turn, for the active player's units on
    /// the map, all together and one at a time, in states along random
    /// games of every scenario.
    #[test]
    fn reaction_fire_is_possible_exactly_when_some_unit_could_react() {
        let (mut yes, mut no) = (0, 0);
        for id in ["annemoisa", "mustjoe", "kiltsi", "tapa", "lehtse", "narva"] {
            let r = shipped(id);
            for s in states_along_games(&r) {
                let movers = UnitSet(s.on_map & r.sc().side_mask[s.active.index()]);
                let groups = std::iter::once(movers).chain(movers.iter().map(|u| UnitSet(1 << u)));
                for targets in groups {
                    let possible = r.reaction_possible(&s, targets);
                    assert_eq!(possible, some_unit_could_react(&r, &s, targets), "{id}");
                    if possible {
                        yes += 1;
                    } else {
                        no += 1;
                    }
                }
            }
        }
        assert!(yes > 100 && no > 100, "{yes} possible, {no} not");
    }

    #[test]
    fn ones_are_removed_and_missing_dice_count_as_zero() {
        let compare =
            |a: &[u8], d: &[u8], ties| compare(&Dice::from_slice(a), &Dice::from_slice(d), ties);
        assert_eq!(compare(&[6, 5, 1], &[4], false), (2, 0));
        assert_eq!(compare(&[3], &[4, 2], false), (0, 2));
        assert_eq!(compare(&[4, 4], &[4, 4], false), (0, 0));
        assert_eq!(compare(&[4, 4], &[4, 4], true), (0, 2));
        assert_eq!(compare(&[1, 1], &[1], false), (0, 0));
        // A 1 and a missing die pair alike: as 0s, which never score, even
        // for the defender in melee.
        assert_eq!(compare(&[1, 3], &[2], true), (1, 0));
        assert_eq!(compare(&[5, 1], &[5, 1], true), (0, 1));
    }

    /// Every way of counting dice stays within the terms a count keeps in
    /// place (a count past them would stop the game), and the saved form of
    /// a count is a plain list that reads back the same.
    #[test]
    fn every_dice_count_fits_its_terms_and_reads_back() {
        let mut counts = Vec::new();
        for strength in 0..=6 {
            for suppressed in [false, true] {
                for range in 0..=6 {
                    for heavy in [false, true] {
                        counts.push(attack_dice(strength, range, suppressed, heavy).1);
                    }
                }
                for terrain in [Terrain::Open, Terrain::Forest, Terrain::Building] {
                    for units in 0..=8 {
                        counts.push(defence_dice(strength, terrain, units, 2, suppressed).1);
                    }
                }
            }
        }
        let most = counts.iter().map(|c| c.len()).max();
        assert_eq!(
            most,
            Some(DiceParts::MOST),
            "the longest count uses every place"
        );
        for c in &counts {
            let json = serde_json::to_string(c).expect("a count saves");
            assert!(json.starts_with('['), "{json}");
            let back: DiceParts = serde_json::from_str(&json).expect("a count reads back");
            assert_eq!(&back, c);
        }
        let five = serde_json::to_string(&vec![DicePart::Cover; 5]).expect("a list saves");
        let e = serde_json::from_str::<DiceParts>(&five).expect_err("five terms are too many");
        assert!(e.to_string().contains("5 terms (at most 4)"), "{e}");
    }

    #[test]
    fn support_raises_the_lowest_die() {
        let mut d = Dice::from_slice(&[6, 1, 3]);
        assert_eq!(raise_lowest(&mut d), Some(1));
        assert_eq!(d.as_slice(), &[6, 2, 3]);
        let mut sixes = Dice::from_slice(&[6, 6]);
        assert_eq!(raise_lowest(&mut sixes), None);
    }
}
