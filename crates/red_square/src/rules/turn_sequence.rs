//! Turn Sequence: deal a card face down to every officer and standalone unit
//! (two to mounted units, motors and tanks; two to the train, which keeps
//! one), let the headquarters act, turn over and play the officers',
//! artillery's and vehicles' cards from lowest to highest, then the
//! standalone units' cards, and at the end of the turn gather and reshuffle.

use super::RedSquare;
use crate::cards::{Card, Suit};
use crate::data::Class;
use crate::state::{Action, Dealt, Event, Phase, State, Status, UnitId};
use engine::Side;
use rand::seq::SliceRandom;

impl RedSquare {
    /// The start of a turn: reinforcements arrive, the pack is shuffled and
    /// dealt, and the headquarters act.
    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.turn += 1;
        ev.push(Event::TurnBegins { turn: s.turn });
        for u in s.units.iter_mut() {
            u.hid_last_turn = u.hiding;
            u.acted = false;
            u.holding_fire = false;
            u.retreating = false;
            u.rallying = false;
            u.revealed = false;
            u.fired_this_turn = false;
        }
        // Reinforcements arrive where the scenario puts them, when there is room.
        for i in 0..s.units.len() {
            let u = &s.units[i];
            if u.status == Status::Waiting && u.carried_by.is_none() && u.arrives <= s.turn {
                let id = u.id;
                let at = u.at;
                let enemy_there = self.enemies_of(s, u.side).any(|e| e.at == at);
                if !enemy_there && self.room_for(&s.units, id, at) {
                    s.units[i].status = Status::OnTable;
                    ev.push(Event::Arrived { unit: id });
                }
            }
        }
        s.observed.clear();
        self.place_horses(s);
        self.deal(s, ev);
        let first = self.scenario.initiative;
        if self.has_headquarters(s, first) {
            s.phase = Phase::Headquarters(first);
        } else if self.has_headquarters(s, first.other()) {
            s.phase = Phase::Headquarters(first.other());
        } else {
            self.turn_over(s, 1, ev);
        }
    }

    /// The units an officer's card activates: its subordinates in the same
    /// or a contiguous square when the cards are dealt (Unit Organisation).
    pub fn command_group(&self, s: &State, officer: UnitId) -> Vec<UnitId> {
        let o = s.unit(officer);
        let grid = &self.scenario.grid;
        s.on_table()
            .filter(|u| u.co == Some(officer) && grid.distance(u.at, o.at) <= 1)
            .map(|u| u.id)
            .collect()
    }

    /// Deals the turn's cards face down (Turn Sequence 1).
    pub(crate) fn deal(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.deck = crate::cards::pack();
        s.deck.shuffle(&mut s.rng);
        s.discards.clear();
        ev.push(Event::Shuffled);
        s.dealt.clear();
        s.stage = 1;
        s.joker_passed = [false; 2];
        let mut covered = vec![false; s.units.len()];
        let mut holders: Vec<(UnitId, u8, u8, Vec<UnitId>)> = Vec::new();
        // Officers first: one card for their group (two if all of it is mounted).
        for o in s.on_table() {
            if self.class(o) != Class::Officer {
                continue;
            }
            let group = self.command_group(s, o.id);
            if group.is_empty() {
                continue;
            }
            let all_mounted = group
                .iter()
                .all(|&g| s.unit(g).formation.mounted() || self.class(s.unit(g)) == Class::Tchanka);
            for &g in &group {
                covered[g as usize] = true;
            }
            holders.push((o.id, if all_mounted { 2 } else { 1 }, 1, group));
        }
        // Standalone units.
        for u in s.on_table() {
            let class = self.class(u);
            if covered[u.id as usize] || class.is_figure() {
                continue;
            }
            // MGs and tchankas activate with the unit they accompany.
            if let Some(w) = u.with
                && s.unit(w).status == Status::OnTable
            {
                continue;
            }
            // Mounted units, motors and tanks get two cards, the train two
            // of which it keeps one (the types' `cards`); cavalry only
            // while mounted.
            let cards = self.ty(u).cards;
            let (count, stage) = match class {
                Class::Artillery => (1, 1),
                Class::Train => (self.scenario.tables.train.cards.clamp(1, 2), 1),
                c if c.is_vehicle() => (cards, 1),
                Class::Cavalry if u.formation.mounted() => (cards, 2),
                _ => (1, 2),
            };
            holders.push((u.id, count, stage, vec![u.id]));
        }
        // Units that left the table are dealt a card as standalone units:
        // on it they may rally and draw to return (Activation Table note).
        for u in s.units.iter() {
            if u.status == Status::OffTable && !self.class(u).is_figure() && u.with.is_none() {
                holders.push((u.id, 1, 2, vec![u.id]));
            }
        }
        // MGs and tchankas join the group of the unit they accompany (command
        // figures with a unit go with it when it moves); an officer moves
        // with its group, on its card.
        for h in holders.iter_mut() {
            if s.unit(h.0).status == Status::OffTable {
                continue;
            }
            let extra: Vec<UnitId> = s
                .on_table()
                .filter(|m| {
                    m.with.is_some_and(|w| h.3.contains(&w))
                        && !h.3.contains(&m.id)
                        && !self.class(m).is_figure()
                })
                .map(|m| m.id)
                .collect();
            h.3.extend(extra);
            if self.class(s.unit(h.0)) == Class::Officer {
                h.3.push(h.0);
            }
        }
        for (holder, count, stage, group) in holders {
            for _ in 0..count {
                let card = self.draw(s);
                s.dealt.push(Dealt {
                    card,
                    holder,
                    stage,
                    face_up: false,
                    ace_high: None,
                    group: group.clone(),
                    played: false,
                    auto: false,
                });
            }
            ev.push(Event::Dealt { holder, count });
        }
    }

    /// Draws a card; a second pack is opened when the first runs out (our reading).
    pub(crate) fn draw(&self, s: &mut State) -> Card {
        if s.deck.is_empty() {
            s.deck = crate::cards::pack();
            s.deck.shuffle(&mut s.rng);
        }
        s.deck.pop().expect("a fresh pack has cards")
    }

    fn has_headquarters(&self, s: &State, side: Side) -> bool {
        s.on_table()
            .any(|u| u.side == side && self.class(u) == Class::Hq && !u.acted)
    }

    /// Turn Sequence 2: a headquarters may move up to its allowance.
    pub(crate) fn hq_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        for u in s.on_table() {
            if u.side != side || self.class(u) != Class::Hq || u.acted {
                continue;
            }
            for to in self.hq_destinations(s, u.id) {
                out.push(Action::MoveHq { unit: u.id, to });
            }
        }
        out.push(Action::HqDone);
    }

    /// Where a headquarters may go this turn: as a wheeled vehicle, along
    /// roads or over open ground, never into the enemy (our reading).
    pub fn hq_destinations(&self, s: &State, unit: UnitId) -> Vec<crate::grid::Sq> {
        let u = s.unit(unit);
        let row = self.scenario.move_row("hq");
        let grid = &self.scenario.grid;
        let mut best = vec![u8::MAX; grid.len()];
        let mut frontier = vec![(u.at, 0u8, true)];
        best[u.at as usize] = 0;
        let mut out = Vec::new();
        while let Some((at, used, road)) = frontier.pop() {
            for (d, n) in grid.neighbours(at) {
                let along_road = road && self.scenario.roads[at as usize] & (1 << d as u8) != 0;
                let allowance = if along_road {
                    row.road.unwrap_or(row.open)
                } else if self.scenario.terrain[n as usize].closed()
                    || self.scenario.edge(at, d).is_some_and(|e| e.obstacle())
                {
                    row.closed
                } else {
                    row.open
                };
                if used + 1 > allowance || best[n as usize] <= used + 1 {
                    continue;
                }
                if self.enemies_of(s, u.side).any(|e| e.at == n)
                    || self.scenario.edge(at, d) == Some(crate::scenario::Edge::River)
                {
                    continue;
                }
                best[n as usize] = used + 1;
                if !out.contains(&n) {
                    out.push(n);
                }
                frontier.push((n, used + 1, along_road));
            }
        }
        out.sort_unstable();
        out
    }

    pub(crate) fn move_hq(
        &self,
        s: &mut State,
        unit: UnitId,
        to: crate::grid::Sq,
        ev: &mut Vec<Event>,
    ) {
        let from = s.unit(unit).at;
        if self.hq_may_move(s, unit, ev) {
            let u = s.unit_mut(unit);
            u.at = to;
            u.last_moved = true;
            ev.push(Event::Moved { unit, from, to });
        }
        let u = s.unit_mut(unit);
        u.acted = true;
        u.under_fire = false;
        let side = s.unit(unit).side;
        if !self.has_headquarters(s, side) {
            self.hq_done(s, side, ev);
        }
    }

    pub(crate) fn hq_done(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        // Command and Control 3: a headquarters under fire that stays rolls
        // for activation too; below 2 it may not issue orders this turn.
        let under: Vec<UnitId> = s
            .on_table()
            .filter(|u| u.side == side && self.class(u) == Class::Hq && u.under_fire)
            .map(|u| u.id)
            .collect();
        for h in under {
            let roll = self.die(s, 6);
            let ok = roll >= 2;
            ev.push(Event::HqActivation { unit: h, roll, ok });
            let u = s.unit_mut(h);
            u.under_fire = false;
            if !ok {
                u.acted = true;
            }
        }
        if side == self.scenario.initiative && self.has_headquarters(s, side.other()) {
            s.phase = Phase::Headquarters(side.other());
        } else {
            self.turn_over(s, 1, ev);
        }
    }

    /// Turns over the cards of a stage (Turn Sequence 3 and 4).
    pub(crate) fn turn_over(&self, s: &mut State, stage: u8, ev: &mut Vec<Event>) {
        s.stage = stage;
        for d in s.dealt.iter_mut() {
            if d.stage == stage && !d.face_up {
                d.face_up = true;
                ev.push(Event::Turned {
                    holder: d.holder,
                    card: d.card,
                });
            }
        }
        self.next_card(s, ev);
    }

    /// What comes next in the stage: an Ace to count, the train's card to
    /// keep, a Joker to play, or the lowest card.
    pub(crate) fn next_card(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.outcome.is_some() {
            return;
        }
        let stage = s.stage;
        // Aces: their owners say high or low when they are turned.
        if let Some(i) = s.dealt.iter().position(|d| {
            d.stage == stage && d.face_up && !d.played && d.card.is_ace() && d.ace_high.is_none()
        }) {
            s.phase = Phase::Ace { card: i as u8 };
            return;
        }
        // The train keeps one of its two cards.
        for d in &s.dealt {
            if d.stage == stage && !d.played && self.class(s.unit(d.holder)) == Class::Train {
                let both = s
                    .dealt
                    .iter()
                    .filter(|x| x.holder == d.holder && !x.played)
                    .count();
                if both == 2 {
                    s.phase = Phase::TrainCard { unit: d.holder };
                    return;
                }
            }
        }
        // Jokers may be played now, the side that did not just act first.
        for side in [s.last_side.other(), s.last_side] {
            if !s.joker_passed[side.index()] && self.joker_of(s, side).is_some() {
                s.phase = Phase::Joker(side);
                return;
            }
        }
        let next = s
            .dealt
            .iter()
            .enumerate()
            .filter(|(_, d)| d.stage == stage && d.face_up && !d.played && !d.card.is_joker())
            .min_by_key(|(_, d)| d.card.order_key(d.ace_high.unwrap_or(true)))
            .map(|(i, _)| i);
        match next {
            Some(i) => self.play_card(s, i as u8, ev),
            None => {
                // Jokers nobody played: they are played now, in side order.
                if let Some(i) = s
                    .dealt
                    .iter()
                    .position(|d| d.stage == stage && d.face_up && !d.played && d.card.is_joker())
                {
                    self.play_card(s, i as u8, ev);
                } else if stage == 1 {
                    self.turn_over(s, 2, ev);
                } else {
                    self.end_turn(s, ev);
                }
            }
        }
    }

    /// A side's turned Joker not yet played.
    pub fn joker_of(&self, s: &State, side: Side) -> Option<u8> {
        s.dealt
            .iter()
            .position(|d| {
                d.face_up
                    && !d.played
                    && d.card.is_joker()
                    && d.stage == s.stage
                    && s.unit(d.holder).side == side
            })
            .map(|i| i as u8)
    }

    pub(crate) fn joker_choices(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if let Some(card) = self.joker_of(s, side) {
            out.push(Action::PlayJoker { card });
            out.push(Action::NoJoker);
        }
    }

    pub(crate) fn play_joker(&self, s: &mut State, card: u8, ev: &mut Vec<Event>) {
        self.play_card(s, card, ev);
    }

    pub(crate) fn no_joker(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        s.joker_passed[side.index()] = true;
        self.next_card(s, ev);
    }

    pub(crate) fn ace_high(&self, s: &mut State, card: u8, high: bool, ev: &mut Vec<Event>) {
        let d = &mut s.dealt[card as usize];
        d.ace_high = Some(high);
        ev.push(Event::AceCounts { card: d.card, high });
        self.next_card(s, ev);
    }

    pub(crate) fn train_card_choices(&self, s: &State, unit: UnitId, out: &mut Vec<Action>) {
        for (i, d) in s.dealt.iter().enumerate() {
            if d.holder == unit && !d.played {
                out.push(Action::KeepTrainCard { card: i as u8 });
            }
        }
    }

    /// Armoured Trains 4: the train keeps one of its two cards.
    pub(crate) fn keep_train_card(&self, s: &mut State, card: u8, ev: &mut Vec<Event>) {
        let holder = s.dealt[card as usize].holder;
        let other = s
            .dealt
            .iter()
            .position(|d| d.holder == holder && !d.played && d.card != s.dealt[card as usize].card);
        if let Some(o) = other {
            s.dealt[o].played = true;
            ev.push(Event::TrainKeeps {
                card: s.dealt[card as usize].card,
                discarded: s.dealt[o].card,
            });
        }
        self.next_card(s, ev);
    }

    /// Plays a card: its units activate (Turn Sequence 5).
    pub(crate) fn play_card(&self, s: &mut State, card: u8, ev: &mut Vec<Event>) {
        let d = &mut s.dealt[card as usize];
        d.played = true;
        let holder = d.holder;
        let c = d.card;
        s.joker_passed = [false; 2];
        s.last_side = s.unit(holder).side;
        ev.push(Event::CardPlayed { holder, card: c });
        // Units that fired out of turn have used their activation.
        let group: Vec<UnitId> = s.dealt[card as usize].group.clone();
        let mut live = Vec::new();
        for g in group {
            let u = s.unit_mut(g);
            if !matches!(u.status, Status::OnTable | Status::OffTable) {
                continue;
            }
            if u.acted {
                u.acted = false;
                continue;
            }
            live.push(g);
        }
        s.dealt[card as usize].group = live.clone();
        if live.is_empty() {
            self.next_card(s, ev);
            return;
        }
        // Turn Sequence 6: a vehicle that broke down in an earlier turn
        // draws two cards at its card, and restarts if both are red.
        for &g in &live {
            let u = s.unit(g);
            if u.broken_down && u.broke_down_turn < s.turn {
                let cards = vec![self.draw(s), self.draw(s)];
                let ok = cards.iter().all(|c| c.is_red());
                if ok {
                    s.unit_mut(g).broken_down = false;
                }
                ev.push(Event::Restarted { unit: g, cards, ok });
            }
        }
        // Turn Sequence 6: on a spade, vehicles draw again and break down on black.
        if c.suit() == Some(Suit::Spades) {
            for &g in &live {
                if self.class(s.unit(g)).is_vehicle()
                    && !s.unit(g).broken_down
                    && self.class(s.unit(g)) != Class::Train
                {
                    let again = self.draw(s);
                    if again.is_black() {
                        let turn = s.turn;
                        s.unit_mut(g).broken_down = true;
                        s.unit_mut(g).broke_down_turn = turn;
                        ev.push(Event::BrokeDown {
                            unit: g,
                            card: again,
                        });
                    }
                }
            }
        }
        s.phase = Phase::Activate { card };
    }

    /// The card's units have all acted: the card is removed (Turn Sequence 8).
    pub(crate) fn end_card(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.outcome.is_some() {
            return;
        }
        if self.check_break(s, ev) {
            return;
        }
        self.next_card(s, ev);
    }

    /// The end of the turn: objectives, victory, and the next turn's deal
    /// (Turn Sequence 9).
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        ev.push(Event::TurnEnds { turn: s.turn });
        for d in std::mem::take(&mut s.dealt) {
            s.discards.push(d.card);
        }
        self.update_objectives(s);
        if self.check_break(s, ev) {
            return;
        }
        if s.turn >= self.scenario.turns {
            self.final_result(s, ev);
            return;
        }
        self.begin_turn(s, ev);
    }
}
