//! 4.3 Combat: attacks from one or more cities, each unit and each target
//! once a turn; the attack and defence tables with their column shifts and
//! roll modifiers; losses (defender first, stars); retreat or surrender; the
//! attacker's advance.

use super::VeliVeljeaVastaan;
use crate::data::UnitKind;
use crate::scenario::{CityId, CitySet, Effect, Keep, Link, RED, Table};
use crate::state::{
    Action, Cause, Combat, Event, Modifier, Phase, Roll, State, Unit, UnitId, first_of_twins,
};
use engine::Side;

/// What both sides' rolls in a combat count: see
/// [`VeliVeljeaVastaan::combat_terms`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CombatTerms {
    pub attack_value: u8,
    pub attack_shifts: Vec<Modifier>,
    pub attack_mods: Vec<Modifier>,
    pub defence_value: u8,
    pub defence_shifts: Vec<Modifier>,
    pub defence_mods: Vec<Modifier>,
    /// The difference in hits that makes the defender retreat.
    pub needed: i8,
}

/// One roll on a combat table: the value's column, shifted (and kept on
/// the table), the die with its modifiers (kept within 1–6), and the cell
/// it gives. Returns (base column, column, modified die, cell).
pub(crate) fn table_result(
    table: &Table,
    value: u8,
    shifts: &[Modifier],
    modifiers: &[Modifier],
    die: u8,
) -> (usize, usize, u8, crate::scenario::Cell) {
    let base = table.column_of(value as i32);
    let shifted = base as i32 + shifts.iter().map(|m| m.value as i32).sum::<i32>();
    let column = shifted.clamp(0, table.labels.len() as i32 - 1) as usize;
    let modified =
        (die as i32 + modifiers.iter().map(|m| m.value as i32).sum::<i32>()).clamp(1, 6) as u8;
    (base, column, modified, table.cell(column, modified))
}

impl VeliVeljeaVastaan {
    fn kind(&self, u: &Unit) -> UnitKind {
        self.sc().units[u.kind as usize].kind
    }

    /// Jägers, Germans and trains: the units a star result must hit.
    fn is_elite(&self, u: &Unit) -> bool {
        matches!(
            self.kind(u),
            UnitKind::Jager | UnitKind::German | UnitKind::Train
        )
    }

    /// Whether unit `u` may attack `target` now: activated, not yet attacked,
    /// next to it (a train only along a railway).
    pub fn may_attack_from(&self, s: &State, u: &Unit, target: CityId) -> bool {
        if !s.turn.may_attack || !u.activated || u.attacked || Some(u.side) != s.turn.side {
            return false;
        }
        match self.sc().map.link(u.city, target) {
            Some(link) => !self.is_train(u.kind) || link.has_rail(),
            None => false,
        }
    }

    /// The cities the side to play may attack now.
    pub fn attack_targets(&self, s: &State) -> CitySet {
        let mut out = CitySet::default();
        let Some(side) = s.turn.side else { return out };
        if !s.turn.may_attack {
            return out;
        }
        let occ = self.occupancy(s);
        for u in s
            .units
            .iter()
            .filter(|u| u.side == side && u.activated && !u.attacked)
        {
            for &(n, link) in &self.sc().map.neighbours[u.city as usize] {
                if out.has(n)
                    || s.turn.attacked.has(n)
                    || (self.is_train(u.kind) && !link.has_rail())
                {
                    continue;
                }
                if occ.occupant(n) == Some(side.other()) {
                    out.insert(n);
                }
            }
        }
        out
    }

    pub(crate) fn enter_attack(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.combat = None;
        if self.attack_targets(s).is_empty() {
            self.end_turn(s, ev);
        } else {
            s.phase = Phase::Attack;
        }
    }

    pub(crate) fn attack_choices(&self, s: &State, _side: Side, out: &mut Vec<Action>) {
        for target in self.attack_targets(s).iter() {
            out.push(Action::Declare { target });
        }
        out.push(Action::EndTurn);
    }

    pub(crate) fn declare(&self, s: &mut State, side: Side, target: CityId, _ev: &mut Vec<Event>) {
        s.combat = Some(Combat {
            target,
            attacker: side,
            attackers: Vec::new(),
            kept: Vec::new(),
            asked: [false; 2],
            hits: [0; 2],
            star: [false; 2],
            retreat: false,
            advanced: 0,
        });
        s.phase = Phase::Attackers;
        let eligible: Vec<UnitId> = s
            .units
            .iter()
            .filter(|u| self.may_attack_from(s, u, target))
            .map(|u| u.id)
            .collect();
        if let [only] = eligible[..] {
            self.add_attacker(s, only);
        }
    }

    pub(crate) fn attacker_choices(&self, s: &State, out: &mut Vec<Action>) {
        let Some(c) = &s.combat else { return };
        let mut seen = Vec::new();
        for u in s.units.iter() {
            if !c.attackers.contains(&u.id)
                && self.may_attack_from(s, u, c.target)
                && first_of_twins(&mut seen, u)
            {
                out.push(Action::AddAttacker { unit: u.id });
            }
        }
        if !c.attackers.is_empty() {
            out.push(Action::Launch);
        }
    }

    pub(crate) fn add_attacker(&self, s: &mut State, unit: UnitId) {
        if let Some(c) = &mut s.combat {
            c.attackers.push(unit);
        }
    }

    /// The attack is declared: the units and the city count as having
    /// attacked and been attacked this turn; then cards kept in front may be used.
    pub(crate) fn launch(&self, s: &mut State, ev: &mut Vec<Event>) {
        let c = s.combat.as_ref().expect("a combat is declared");
        let (target, side, attackers) = (c.target, c.attacker, c.attackers.clone());
        s.turn.attacked.insert(target);
        for id in &attackers {
            if let Some(u) = s.unit_mut(*id) {
                u.attacked = true;
            }
        }
        ev.push(Event::AttackDeclared {
            side,
            target,
            attackers,
        });
        self.next_response(s, ev);
    }

    pub(crate) fn usable_kept(&self, s: &State, side: Side) -> Vec<crate::scenario::CardId> {
        let Some(c) = &s.combat else {
            return Vec::new();
        };
        let wanted = if side == c.attacker {
            Keep::OwnAttack
        } else {
            Keep::EnemyAttack
        };
        let mut cards: Vec<_> = s.decks[side.index()]
            .kept
            .iter()
            .copied()
            .filter(|&k| self.sc().cards[k as usize].keep == Some(wanted))
            .collect();
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// Asks the attacker, then the defender, about cards kept in front; then rolls.
    fn next_response(&self, s: &mut State, ev: &mut Vec<Event>) {
        let c = s.combat.as_ref().expect("a combat is declared");
        for side in [c.attacker, c.attacker.other()] {
            if !c.asked[side.index()] && !self.usable_kept(s, side).is_empty() {
                s.phase = Phase::Respond(side);
                return;
            }
        }
        self.resolve(s, ev);
    }

    pub(crate) fn respond_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for card in self.usable_kept(s, side) {
            out.push(Action::UseKept { card });
        }
        out.push(Action::NoResponse);
    }

    pub(crate) fn use_kept(
        &self,
        s: &mut State,
        side: Side,
        card: crate::scenario::CardId,
        ev: &mut Vec<Event>,
    ) {
        let kept = &mut s.decks[side.index()].kept;
        if let Some(pos) = kept.iter().position(|&k| k == card) {
            kept.remove(pos);
        }
        ev.push(Event::KeptUsed { side, card });
        self.discard_played(s, side, card, ev);
        let cancel = self.sc().cards[card as usize]
            .effects
            .contains(&Effect::CancelAttack);
        let c = s.combat.as_mut().expect("a combat is declared");
        c.kept.push((card, side));
        if cancel {
            ev.push(Event::AttackCancelled {
                target: c.target,
                card,
            });
            self.enter_attack(s, ev);
        } else if self.usable_kept(s, side).is_empty() {
            self.no_response(s, side, ev);
        }
    }

    pub(crate) fn no_response(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        if let Some(c) = &mut s.combat {
            c.asked[side.index()] = true;
        }
        self.next_response(s, ev);
    }

    fn roll(
        &self,
        s: &mut State,
        side: Side,
        value: u8,
        table: &Table,
        shifts: Vec<Modifier>,
        modifiers: Vec<Modifier>,
    ) -> Roll {
        let die = engine::dice::d6(&mut s.rng);
        let (base, column, modified, cell) = table_result(table, value, &shifts, &modifiers, die);
        Roll {
            side,
            value,
            base_column: base as u8,
            shifts,
            column: column as u8,
            column_label: table.labels[column].clone(),
            die,
            modifiers,
            modified,
            hits: cell.hits,
            star: cell.star,
        }
    }

    /// 4.3: both sides roll on their tables.
    fn resolve(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = self.scenario.clone();
        let c = s.combat.clone().expect("a combat is declared");
        let t = self.combat_terms(s, &c);
        let attack = self.roll(
            s,
            c.attacker,
            t.attack_value,
            &sc.attack,
            t.attack_shifts,
            t.attack_mods,
        );
        let defence = self.roll(
            s,
            c.attacker.other(),
            t.defence_value,
            &sc.defence,
            t.defence_shifts,
            t.defence_mods,
        );
        let needed = t.needed;
        let (attacker, defender) = (c.attacker, c.attacker.other());
        let difference = attack.hits as i8 - defence.hits as i8;
        let comb = s.combat.as_mut().expect("a combat is declared");
        comb.hits[defender.index()] = attack.hits;
        comb.star[defender.index()] = attack.star;
        comb.hits[attacker.index()] = defence.hits;
        comb.star[attacker.index()] = defence.star;
        comb.retreat = difference >= needed;
        let target = c.target;
        ev.push(Event::Combat {
            target,
            attack,
            defence,
        });
        ev.push(Event::Retreats {
            required: difference >= needed,
            difference,
            needed,
        });
        self.continue_losses(s, ev);
    }

    /// 4.3: what both sides' rolls in combat `c` count (values, column
    /// shifts, roll modifiers, the difference that forces a retreat), as
    /// the state stands: the rules roll with it, the odds go through it.
    pub(crate) fn combat_terms(&self, s: &State, c: &Combat) -> CombatTerms {
        let sc = &self.scenario;
        let attacker = c.attacker;
        let defender = attacker.other();
        let attackers: Vec<Unit> = c
            .attackers
            .iter()
            .filter_map(|&id| s.unit(id).copied())
            .collect();
        let defenders: Vec<Unit> = s.units_in(c.target).copied().collect();
        let value = |units: &[Unit]| {
            units
                .iter()
                .map(|u| sc.units[u.kind as usize].combat(u.reduced))
                // Past the table's last column it makes no difference.
                .fold(0u8, u8::saturating_add)
        };
        let germans_defend = defenders.iter().any(|u| self.kind(u) == UnitKind::German);
        let germans_attack = attackers.iter().any(|u| self.kind(u) == UnitKind::German);
        let leaders = attackers
            .iter()
            .any(|u| matches!(self.kind(u), UnitKind::Jager | UnitKind::German));
        let fieldworks = s.fieldworks.has(c.target);

        let mut a_shifts = Vec::new();
        let mut d_shifts = Vec::new();
        let mut a_mods = Vec::new();
        let mut d_mods = Vec::new();
        if fieldworks {
            a_shifts.push(Modifier {
                cause: Cause::Fieldworks,
                value: -1,
            });
            d_shifts.push(Modifier {
                cause: Cause::Fieldworks,
                value: 1,
            });
        }
        if attacker == RED && germans_defend {
            a_shifts.push(Modifier {
                cause: Cause::Germans,
                value: -1,
            });
        }
        let road = attackers
            .iter()
            .any(|u| sc.map.link(u.city, c.target) == Some(Link::Road));
        if road && !leaders {
            a_mods.push(Modifier {
                cause: Cause::Road,
                value: -2,
            });
        }
        if attacker == RED && germans_defend {
            a_mods.push(Modifier {
                cause: Cause::Germans,
                value: -2,
            });
        }
        if defender == RED && germans_attack {
            d_mods.push(Modifier {
                cause: Cause::Germans,
                value: -2,
            });
        }
        if s.turn.attack_roll != 0
            && let Some(card) = s.turn.card
        {
            a_mods.push(Modifier {
                cause: Cause::Event(card),
                value: s.turn.attack_roll,
            });
        }
        for &(card, _) in &c.kept {
            for e in &sc.cards[card as usize].effects {
                match *e {
                    Effect::AttackRoll(v) => a_mods.push(Modifier {
                        cause: Cause::Kept(card),
                        value: v,
                    }),
                    Effect::DefenceRoll(v) => d_mods.push(Modifier {
                        cause: Cause::Kept(card),
                        value: v,
                    }),
                    Effect::AttackColumn(v) => a_shifts.push(Modifier {
                        cause: Cause::Kept(card),
                        value: v,
                    }),
                    Effect::DefenceColumn(v) => d_shifts.push(Modifier {
                        cause: Cause::Kept(card),
                        value: v,
                    }),
                    _ => {}
                }
            }
        }
        let strong = sc.map.strategic.has(c.target) || fieldworks;
        CombatTerms {
            attack_value: value(&attackers),
            attack_shifts: a_shifts,
            attack_mods: a_mods,
            defence_value: value(&defenders),
            defence_shifts: d_shifts,
            defence_mods: d_mods,
            needed: if strong { 2 } else { 1 },
        }
    }

    /// The units of `side` taking part in the combat, still on the map.
    fn participants(&self, s: &State, side: Side) -> Vec<Unit> {
        let Some(c) = &s.combat else {
            return Vec::new();
        };
        if side == c.attacker {
            c.attackers
                .iter()
                .filter_map(|&id| s.unit(id).copied())
                .collect()
        } else {
            s.units_in(c.target).copied().collect()
        }
    }

    pub(crate) fn loss_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let Some(c) = &s.combat else { return };
        let units = self.participants(s, side);
        // 4.3: a star puts at least one hit on a Jäger, German or train that took part.
        let elite_only = c.star[side.index()] && units.iter().any(|u| self.is_elite(u));
        let mut seen = Vec::new();
        for u in units {
            if elite_only && !self.is_elite(&u) {
                continue;
            }
            if first_of_twins(&mut seen, &u) {
                out.push(Action::Hit { unit: u.id });
            }
        }
    }

    /// 4.3: one hit turns a full unit to reduced, or removes a reduced one.
    pub(crate) fn hit(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let Some(pos) = s.units.iter().position(|u| u.id == unit) else {
            return;
        };
        let u = s.units[pos];
        let removed = u.reduced;
        if removed {
            s.units.remove(pos);
        } else {
            s.units[pos].reduced = true;
        }
        ev.push(Event::Hit {
            unit,
            kind: u.kind,
            side: u.side,
            city: u.city,
            removed,
        });
    }

    pub(crate) fn take_hit(&self, s: &mut State, side: Side, unit: UnitId, ev: &mut Vec<Event>) {
        self.combat_hit(s, side, unit, ev);
        self.continue_losses(s, ev);
    }

    /// One of the combat's hits on `side`, on `unit`; a hit on a Jäger,
    /// German or train satisfies the star.
    fn combat_hit(&self, s: &mut State, side: Side, unit: UnitId, ev: &mut Vec<Event>) {
        let elite = s.unit(unit).is_some_and(|u| self.is_elite(u));
        self.hit(s, unit, ev);
        if let Some(c) = &mut s.combat {
            c.hits[side.index()] -= 1;
            if elite {
                c.star[side.index()] = false;
            }
        }
    }

    /// Losses, defender first: taken at once where there is no real choice
    /// (every step is lost, or all candidates are alike), else asked.
    fn continue_losses(&self, s: &mut State, ev: &mut Vec<Event>) {
        let attacker = s.combat.as_ref().expect("a combat is under way").attacker;
        for side in [attacker.other(), attacker] {
            loop {
                let hits = s.combat.as_ref().map_or(0, |c| c.hits[side.index()]);
                let units = self.participants(s, side);
                if hits == 0 || units.is_empty() {
                    if let Some(c) = &mut s.combat {
                        c.hits[side.index()] = 0;
                    }
                    break;
                }
                let steps: u32 = units.iter().map(|u| if u.reduced { 1 } else { 2 }).sum();
                let mut choices = Vec::new();
                self.loss_choices(s, side, &mut choices);
                // One choice (alike units are listed once) is no real choice.
                if steps <= hits as u32 || choices.len() == 1 {
                    let Some(Action::Hit { unit }) = choices.first().cloned() else {
                        break;
                    };
                    self.combat_hit(s, side, unit, ev);
                } else {
                    s.phase = Phase::Losses(side);
                    return;
                }
            }
        }
        self.continue_retreat(s, ev);
    }

    fn retreat_targets(&self, s: &State, unit: &Unit) -> Vec<CityId> {
        let train = self.is_train(unit.kind);
        self.sc().map.neighbours[unit.city as usize]
            .iter()
            .filter(|&&(n, link)| {
                (!train || link.has_rail())
                    && s.control[n as usize] == unit.side
                    && self.room(s, n, train, None)
            })
            .map(|&(n, _)| n)
            .collect()
    }

    pub(crate) fn retreat_choices(&self, s: &State, out: &mut Vec<Action>) {
        let Some(c) = &s.combat else { return };
        let mut seen = Vec::new();
        for u in s.units_in(c.target) {
            if !first_of_twins(&mut seen, u) {
                continue;
            }
            for to in self.retreat_targets(s, u) {
                out.push(Action::Retreat { unit: u.id, to });
            }
        }
    }

    /// 4.3: the defender retreats to neighbouring cities it holds, or surrenders
    /// the units that have nowhere to go.
    fn continue_retreat(&self, s: &mut State, ev: &mut Vec<Event>) {
        let c = s.combat.as_ref().expect("a combat is under way");
        let target = c.target;
        if c.retreat {
            loop {
                let defenders: Vec<Unit> = s.units_in(target).copied().collect();
                if defenders.is_empty() {
                    break;
                }
                let stuck = defenders
                    .iter()
                    .find(|u| self.retreat_targets(s, u).is_empty());
                match stuck {
                    Some(u) => {
                        let (id, kind) = (u.id, u.kind);
                        s.units.retain(|x| x.id != id);
                        ev.push(Event::Surrendered {
                            unit: id,
                            kind,
                            city: target,
                        });
                    }
                    None => {
                        s.phase = Phase::Retreat;
                        return;
                    }
                }
            }
        }
        self.after_combat(s, ev);
    }

    pub(crate) fn retreat(&self, s: &mut State, unit: UnitId, to: CityId, ev: &mut Vec<Event>) {
        if let Some(u) = s.unit_mut(unit) {
            let from = u.city;
            u.city = to;
            ev.push(Event::Retreated {
                unit,
                kind: u.kind,
                from,
                to,
            });
        }
        self.continue_retreat(s, ev);
    }

    fn advancers(&self, s: &State) -> Vec<UnitId> {
        let Some(c) = &s.combat else {
            return Vec::new();
        };
        if c.advanced >= 3 || s.occupant(c.target).is_some_and(|o| o != c.attacker) {
            return Vec::new();
        }
        c.attackers
            .iter()
            .filter_map(|&id| s.unit(id))
            .filter(|u| u.city != c.target)
            .filter(|u| !u.reduced || self.kind(u) == UnitKind::German)
            .filter(|u| {
                let train = self.is_train(u.kind);
                self.sc()
                    .map
                    .link(u.city, c.target)
                    .is_some_and(|l| !train || l.has_rail())
                    && self.room(s, c.target, train, None)
            })
            .map(|u| u.id)
            .collect()
    }

    /// 4.3: when the city is empty after the combat, the attacker may move in
    /// 1–3 attacking units still at full strength (Germans also reduced).
    fn after_combat(&self, s: &mut State, ev: &mut Vec<Event>) {
        // `advancers` is empty unless the defenders are gone.
        if !self.advancers(s).is_empty() {
            s.phase = Phase::Advance;
        } else {
            self.enter_attack(s, ev);
        }
    }

    pub(crate) fn advance_choices(&self, s: &State, out: &mut Vec<Action>) {
        let mut seen = Vec::new();
        for id in self.advancers(s) {
            if s.unit(id).is_some_and(|u| first_of_twins(&mut seen, u)) {
                out.push(Action::Advance { unit: id });
            }
        }
        out.push(Action::StayPut);
    }

    pub(crate) fn advance(&self, s: &mut State, unit: UnitId, ev: &mut Vec<Event>) {
        let c = s.combat.as_mut().expect("a combat is under way");
        c.advanced += 1;
        let (target, side) = (c.target, c.attacker);
        // 4.3: the city is taken, and its fieldworks destroyed.
        self.capture(s, target, side, ev);
        if let Some(u) = s.unit_mut(unit) {
            let from = u.city;
            u.city = target;
            ev.push(Event::Advanced {
                unit,
                kind: u.kind,
                from,
                to: target,
            });
        }
        if self.advancers(s).is_empty() {
            self.enter_attack(s, ev);
        }
    }

    pub(crate) fn stay_put(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.enter_attack(s, ev);
    }
}
