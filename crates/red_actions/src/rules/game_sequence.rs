//! Game Sequence and Initiative: the setup from the scenario, the turns and
//! their segments (one unit acts in each), the three initiative methods,
//! one main action per unit a turn, and the end of the game at the
//! scenario's last turn or when an army reaches its flight figure.
//!
//! Our readings: the standard roll-off is made again every turn (DD), ties
//! rolled again; with dice initiative a tie goes to the last loser (the
//! first tie of a turn is rolled again). Each senior officer draws its
//! tokens (without replacement) and its side keeps one before the first
//! turn ([`crate::state::Ask::ChooseOfficer`], side A's officers first);
//! until then the best by morale leads, and the first turn begins once
//! the last has chosen.

use super::artillery::FIRE_PLACES;
use super::{Quiet, RedActions, Say, Words};
use crate::geometry::Formation;
use crate::scenario::{Initiative as Method, Level, Placement};
use crate::state::{
    Action, ActionKind, Event, Initiative, Officer, Order, Phase, Segment, State, Status, Unit,
    UnitId,
};
use engine::param::{Degrees, Inches};
use engine::{Outcome, Side};
use rand::RngExt;
use rand::seq::SliceRandom;

/// A move's refusal as `w` tells it (words built only when asked for).
fn told_move<W: Say, T>(w: W, r: Result<T, super::movement::MoveRefusal>) -> Option<W::Why> {
    r.err().and_then(|e| w.say(|| e.to_string()))
}

impl RedActions {
    /// A new game: units where the scenario puts them, reinforcements
    /// waiting, officers drawn, the first turn's initiative settled.
    pub fn new_game(&self, options: Vec<String>, seed: u64) -> State {
        let sc = self.sc();
        let mut rng = engine::rng_from_seed(seed);
        // The officer bags, per side.
        let mut bags: [Vec<u16>; 2] = [Vec::new(), Vec::new()];
        for side in Side::BOTH {
            let pool = &sc.pools[sc.army_of(side).pool];
            bags[side.index()] = (0..pool.tokens.len() as u16).collect();
            bags[side.index()].shuffle(&mut rng);
        }
        let mut units = Vec::new();
        // Each senior officer's draw that leaves a choice: the side keeps
        // one before the first turn (Definitions).
        let mut choices: Vec<(UnitId, [u16; 3])> = Vec::new();
        for u in &sc.units {
            let t = &sc.troops[u.troop];
            let order = match u.formation {
                crate::scenario::Formation::Line => Order::Line,
                crate::scenario::Formation::Column => Order::Column,
                crate::scenario::Formation::Formed => Order::Formed,
                crate::scenario::Formation::Limbered => Order::Limbered,
                crate::scenario::Formation::Unlimbered => Order::Unlimbered,
            };
            let (status, front, arrives, entry) = match &u.placement {
                Placement::At(p) => (Status::OnTable, *p, 0, None),
                Placement::Enters { entry, turn } => (
                    Status::Waiting,
                    Default::default(),
                    *turn,
                    Some(*entry as u8),
                ),
                Placement::Aboard(_) => (Status::Waiting, Default::default(), u8::MAX, None),
            };
            let pool = &sc.pools[sc.army_of(u.side).pool];
            let bag = &mut bags[u.side.index()];
            let officer = if t.category == crate::scenario::Category::Officer {
                let draw = sc.army_of(u.side).draw.max(1) as usize;
                let drawn: Vec<u16> = bag
                    .iter()
                    .filter(|&&i| pool.tokens[i as usize].level == Level::Senior)
                    .take(draw.min(3))
                    .copied()
                    .collect();
                // Drawn without replacement: the tokens not kept go back
                // once every senior officer has chosen, so no two draw the
                // same token (nothing else is drawn from the bag before).
                bag.retain(|i| !drawn.contains(i));
                let mut offered = [crate::state::NO_TOKEN; 3];
                offered[..drawn.len()].copy_from_slice(&drawn);
                let id = units.len() as UnitId;
                if self.distinct_drawn(u.side, offered).len() > 1 {
                    choices.push((id, offered));
                }
                // Until the side chooses, the best by morale leads.
                let best = drawn
                    .iter()
                    .copied()
                    .max_by_key(|&i| (pool.tokens[i as usize].morale, std::cmp::Reverse(i)));
                best.map(|token| Officer { token })
            } else if t.category.has_junior_officer() {
                let pos = bag
                    .iter()
                    .position(|&i| pool.tokens[i as usize].level == Level::Junior);
                pos.map(|p| Officer {
                    token: bag.remove(p),
                })
            } else {
                None
            };
            let formation = Formation::new(
                order.geometry(),
                u.bases,
                sc.tables.distances.base_frontage,
                t.depth,
                front,
            );
            // White Conscripts with a White Officer base test as the
            // option's card (Special Unit Characteristics).
            let stiffened = sc
                .army_of(u.side)
                .options
                .iter()
                .find(|o| u.options.contains(&o.key) && o.tests_as.is_some())
                .and_then(|o| o.tests_as)
                .map(|t| t as u16);
            units.push(Unit {
                side: u.side,
                troop: u.troop as u16,
                status,
                order,
                formation,
                start_bases: u.bases,
                terror: 0,
                humiliated: if sc.weather.is_night_or_fog() {
                    sc.tables.weather.night_humiliated
                } else {
                    0
                },
                pinned: false,
                routing: false,
                evading: false,
                retired: false,
                held_in_cover: false,
                kit: Default::default(),
                hidden: u.hidden,
                marker: u.hidden && !u.ambush,
                ambush: u.ambush,
                ambushed_turn: 0,
                scouted_turn: 0,
                dug_in: u.dug_in_quarters,
                foxhole_used: false,
                shot_at: false,
                marching: false,
                in_wire: None,
                charge_failed: false,
                moved_turn: 0,
                acted: false,
                officer,
                arrives,
                entry,
                more: crate::state::UnitMore {
                    stiffened,
                    ..Default::default()
                },
            });
        }
        let initiative = match sc.initiative {
            Method::Standard => Initiative::Standard { first: Side::A },
            Method::Cards => Initiative::Cards { deck: Vec::new() },
            Method::Dice => Initiative::Dice { loser: None },
        };
        let mut s = State {
            units,
            turn: 0,
            phase: Phase::Choose {
                side: Side::A,
                card: None,
                selected: None,
            },
            initiative,
            last: None,
            options,
            rng,
            loaded: Vec::new(),
            outcome: None,
            questions: Vec::new(),
            ruined: Vec::new(),
            dummies: Side::BOTH
                .iter()
                .flat_map(|&side| {
                    sc.sides[side.index()]
                        .dummy_at
                        .iter()
                        .map(move |&at| crate::state::Dummy {
                            side,
                            at,
                            gone: false,
                        })
                })
                .collect(),
            scouted: Vec::new(),
            fires: vec![0; sc.buildings.len()],
            wire_gaps: Vec::new(),
            spent_tokens: Default::default(),
            objective_holders: sc.victory.objectives.iter().map(|o| o.held_by).collect(),
            charge: None,
            crushed: Vec::new(),
            kind: None,
            prisoners: Vec::new(),
        };
        self.possession_at_start(&mut s);
        // The choices are asked in the order of the units, side A's first;
        // the first turn begins once they are answered.
        choices.sort_by_key(|&(id, _)| (s.unit(id).side != Side::A, id));
        for &(unit, drawn) in choices.iter().rev() {
            s.questions.push(crate::state::Question {
                side: s.unit(unit).side,
                ask: crate::state::Ask::ChooseOfficer { unit, drawn },
            });
        }
        if s.questions.is_empty() {
            let mut ev = Vec::new();
            self.begin_turn(&mut s, &mut ev);
        }
        s
    }

    /// Whether the unit still has its segment this turn.
    pub fn eligible(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        !u.acted
            && match u.status {
                Status::OnTable => true,
                Status::Waiting => {
                    (u.entry.is_some() && u.arrives <= s.turn)
                        || u.more.off_table
                        || self.carrier(s, id).is_some_and(|c| s.unit(c).on_table())
                }
                Status::Gone => false,
            }
    }

    fn pending(&self, s: &State, side: Side) -> bool {
        s.ids()
            .any(|i| s.unit(i).side == side && self.eligible(s, i))
    }

    /// The units the side to choose may start a segment with (the selected
    /// one alone once a unit is selected).
    pub fn may_start(&self, s: &State) -> Vec<UnitId> {
        match s.phase {
            Phase::Choose {
                selected: Some(u), ..
            }
            | Phase::Choose { card: Some(u), .. } => vec![u],
            Phase::Choose { card: None, .. } => {
                s.ids().filter(|&i| self.may_start_unit(s, i)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Whether `id` is among [`Self::may_start`] (without listing them).
    fn may_start_unit(&self, s: &State, id: UnitId) -> bool {
        match s.phase {
            Phase::Choose {
                selected: Some(u), ..
            }
            | Phase::Choose { card: Some(u), .. } => u == id,
            Phase::Choose {
                side, card: None, ..
            } => s.unit(id).side == side && self.eligible(s, id),
            _ => false,
        }
    }

    pub(crate) fn begin_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.turn > 0 {
            self.end_of_turn(s, ev);
        }
        s.turn += 1;
        if s.turn > self.sc().turns {
            let o = self.final_outcome(s);
            self.end_game(s, o, ev);
            return;
        }
        ev.push(Event::TurnBegins { turn: s.turn });
        for u in s.units.iter_mut() {
            u.acted = false;
            u.evading = false;
            u.more.evade_chosen = false;
            u.retired = false;
            u.held_in_cover = false;
            u.marching = false;
            u.more.preempt_tried = false;
            u.more.mob_roll = 0;
            u.charge_failed = false;
        }
        s.scouted.clear();
        self.fires_grow(s, ev);
        self.note_contacts(s);
        s.last = None;
        match s.initiative.clone() {
            Initiative::Standard { .. } => {
                let dice = loop {
                    let d = [self.d6(s), self.d6(s)];
                    if d[0] != d[1] {
                        break d;
                    }
                };
                let first = if dice[0] > dice[1] { Side::A } else { Side::B };
                ev.push(Event::RollOff { dice, first });
                s.initiative = Initiative::Standard { first };
            }
            Initiative::Cards { .. } => {
                let mut deck: Vec<UnitId> = s.ids().filter(|&i| self.eligible(s, i)).collect();
                deck.shuffle(&mut s.rng);
                s.initiative = Initiative::Cards { deck };
            }
            Initiative::Dice { .. } => {}
        }
        self.next_segment(s, ev);
    }

    /// After a segment: the next side (or card) to act, or the next turn.
    pub(crate) fn next_segment(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(o) = self.flight_outcome(s) {
            self.end_game(s, o, ev);
            return;
        }
        let (a, b) = (self.pending(s, Side::A), self.pending(s, Side::B));
        if !a && !b {
            return self.begin_turn(s, ev);
        }
        match s.initiative.clone() {
            Initiative::Standard { first } => {
                let want = s.last.map_or(first, Side::other);
                let side = if self.pending(s, want) {
                    want
                } else {
                    want.other()
                };
                s.phase = Phase::Choose {
                    side,
                    card: None,
                    selected: None,
                };
            }
            Initiative::Dice { loser } => {
                let mut dice = [self.d6(s), self.d6(s)];
                if dice == [1, 1] && s.option("double_one_ends_turn") {
                    ev.push(Event::SegmentRoll {
                        dice,
                        mover: Side::A,
                    });
                    for u in s.units.iter_mut() {
                        u.acted = true;
                    }
                    return self.begin_turn(s, ev);
                }
                while dice[0] == dice[1] && loser.is_none() {
                    dice = [self.d6(s), self.d6(s)];
                }
                let mover = if dice[0] > dice[1] {
                    Side::A
                } else if dice[1] > dice[0] {
                    Side::B
                } else {
                    loser.unwrap_or(Side::A)
                };
                ev.push(Event::SegmentRoll { dice, mover });
                s.initiative = Initiative::Dice {
                    loser: Some(mover.other()),
                };
                let side = if self.pending(s, mover) {
                    mover
                } else {
                    mover.other()
                };
                s.phase = Phase::Choose {
                    side,
                    card: None,
                    selected: None,
                };
            }
            Initiative::Cards { mut deck } => {
                while let Some(u) = deck.pop() {
                    if self.eligible(s, u) {
                        ev.push(Event::CardTurned { unit: u });
                        s.phase = Phase::Choose {
                            side: s.unit(u).side,
                            card: Some(u),
                            selected: None,
                        };
                        s.initiative = Initiative::Cards { deck };
                        return;
                    }
                }
                // Units that became eligible after the shuffle have no card.
                for u in s.units.iter_mut() {
                    u.acted = true;
                }
                s.initiative = Initiative::Cards { deck };
                self.begin_turn(s, ev)
            }
        }
    }

    /// The segment of `id` is over.
    pub(crate) fn end_segment(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        self.end_of_move(s, id, ev);
        s.unit_mut(id).acted = true;
        s.last = Some(s.unit(id).side);
        ev.push(Event::Done { unit: id });
        self.next_segment(s, ev);
    }

    /// A fresh segment for a unit about to act.
    pub(crate) fn segment_of(&self, s: &State, id: UnitId) -> Segment {
        match s.phase {
            Phase::Acting(seg) if seg.unit == id => seg,
            _ => {
                let mut road = self.road_bonus_for(s, id);
                let bonus = if road {
                    self.sc().tables.distances.road_bonus
                } else {
                    Inches::ZERO
                };
                let mut allowance = Inches(self.speed_allowance(s, id).0 + bonus.0);
                // Evading chosen when shot at before this segment: the
                // evasive speed caps it (the road's 2" then count no more).
                let evasive = self.evasive_speed(s, id);
                if s.unit(id).more.evade_chosen && allowance > evasive {
                    allowance = evasive;
                    road = false;
                }
                Segment {
                    unit: id,
                    charged: Inches::ZERO,
                    cap_quarters: 4,
                    allowance,
                    shot: false,
                    moved: false,
                    unpin_tried: false,
                    road,
                    fire_prep: false,
                    pivoted: false,
                }
            }
        }
    }

    /// Why the unit may not act now (`None`: it may).
    fn not_acting<W: Say>(&self, s: &State, side: Side, id: UnitId, w: W) -> Option<W::Why> {
        if id as usize >= s.units.len() {
            return w.say(|| "there is no such unit".into());
        }
        if self.decider(s) != Some(side) {
            return w.say(|| "it is not this side's segment".into());
        }
        if s.unit(id).side != side {
            return w.say(|| format!("{} is not this side's", self.name(id)));
        }
        match s.phase {
            Phase::Acting(seg) if seg.unit != id => {
                w.say(|| format!("{} is acting this segment", self.name(seg.unit)))
            }
            Phase::Choose {
                selected: Some(u), ..
            } if u != id => w.say(|| format!("{} is chosen to act this segment", self.name(u))),
            Phase::Choose { .. } if !self.may_start_unit(s, id) => {
                w.say(|| format!("{} has had its segment this turn", self.name(id)))
            }
            _ => None,
        }
    }

    /// The choices of one unit now (a finite sample of its moves). A unit
    /// on the table and not routing first chooses the kind of its action
    /// ([`Action::Kind`], offered only when the kind has a legal sample;
    /// the actions alone of their kind are listed directly), then that
    /// kind's samples; a waiting or routing unit has few choices, all
    /// listed at once.
    pub fn unit_choices(&self, s: &State, id: UnitId, out: &mut Vec<Action>) {
        // The state is borrowed, unchanged, until the listing ends.
        let _kept = super::shooting::ListingMemo::new(s);
        let mut cands = Vec::with_capacity(64);
        let u = s.unit(id);
        let starting = !matches!(s.phase, Phase::Acting(seg) if seg.unit == id);
        // The unit's segment, the same for every candidate, worked out once.
        let seg = self.segment_of(s, id);
        let legal = |a: &Action| {
            let known = (a.unit() == id).then_some(&seg);
            self.refusal_in(s, u.side, a, known, Quiet).is_none()
        };
        let keep = |cands: &[Action], out: &mut Vec<Action>| {
            for a in cands {
                if !out.contains(a) && legal(a) {
                    out.push(*a);
                }
            }
        };
        if self.few_choices(s, id, &mut cands) {
            // All listed at once.
        } else if let Some(kind) = s.kind {
            self.kind_samples(s, id, starting, Some(kind), &mut cands);
            if let Some(most) = self.farthest_advance(s, id, kind, &seg, &cands, legal) {
                cands.push(most);
            }
            return keep(&cands, out);
        } else {
            // Every candidate listed once, then the lone ones checked and
            // each kind's until the first legal one.
            self.all_samples(s, id, starting, &mut cands);
            let mut lone = Vec::with_capacity(24);
            let mut found = [false; ActionKind::ALL.len()];
            for a in &cands {
                match ActionKind::of(a) {
                    None => lone.push(*a),
                    Some(k) if !found[k as usize] => found[k as usize] = legal(a),
                    Some(_) => {}
                }
            }
            // Gun fire target by target, in the listing's order, until one
            // is legal: the search for observers of the later targets is
            // then not needed.
            if self.may_fire_now(s, id) {
                let mut fire = Vec::with_capacity(8);
                for t in s.ids() {
                    fire.clear();
                    self.fire_samples_at(s, id, t, &mut fire);
                    if fire.iter().any(&legal) {
                        found[ActionKind::Fire as usize] = true;
                        break;
                    }
                }
            }
            keep(&lone, out);
            for kind in ActionKind::ALL {
                if found[kind as usize] {
                    out.push(Action::Kind { unit: id, kind });
                }
            }
            cands.clear();
        }
        cands.push(Action::Done { unit: id });
        keep(&cands, out)
    }

    /// The candidates of a unit with few choices, all listed at once (off
    /// the table, waiting to enter, routing), pushed to `cands`; false
    /// for any other unit (its kinds of action and their samples).
    fn few_choices(&self, s: &State, id: UnitId, cands: &mut Vec<Action>) -> bool {
        let u = s.unit(id);
        if u.more.off_table {
            cands.push(Action::RallyRout { unit: id });
        } else if u.status == Status::Waiting {
            for at in [0, 50, 100] {
                cands.push(Action::Enter { unit: id, at });
            }
            self.train_samples(s, id, cands);
        } else if u.routing {
            cands.push(Action::Rout { unit: id });
            cands.push(Action::RallyRout { unit: id });
        } else {
            return false;
        }
        true
    }

    /// Once "moves…" is chosen and all that is left of the allowance is
    /// refused (something stands in the way: wire, a unit, terrain), the
    /// listing also offers the farthest the unit can go (`max_advance`,
    /// dear to work out, so only then), so that a unit can close up to the
    /// wire in one step rather than by halves. `samples` are the kind's
    /// samples; `None` where there is no such advance.
    fn farthest_advance(
        &self,
        s: &State,
        id: UnitId,
        kind: ActionKind,
        seg: &Segment,
        samples: &[Action],
        legal: impl Fn(&Action) -> bool,
    ) -> Option<Action> {
        if kind != ActionKind::Move {
            return None;
        }
        let all = samples
            .iter()
            .filter_map(|a| match a {
                Action::Advance { distance, .. } => Some(*distance),
                _ => None,
            })
            .max()?;
        if legal(&Action::Advance {
            unit: id,
            distance: all,
        }) {
            return None;
        }
        let most = self.max_advance(s, id, seg);
        (most > Inches::ZERO && most < all).then_some(Action::Advance {
            unit: id,
            distance: most,
        })
    }

    /// One of the unit's choices ([`Self::unit_choices`]) drawn at random,
    /// each with the same chance, checking only what is drawn: the same
    /// candidates as the listing (each action once, at its first place),
    /// tried in a random order until one is legal. Every order is as
    /// likely, so the first legal one is uniform over the legal ones, which
    /// are the listing. A kind ([`Action::Kind`]) is tried as the listing
    /// offers it: legal when one of its samples is.
    ///
    /// Without `rng`: a legal choice other than `Done` (the first in the
    /// candidates' order, the cheapest check first), whether the unit can
    /// do more than hold (what ending its segment after an action asks),
    /// without listing the rest.
    pub(crate) fn unit_draw(
        &self,
        s: &State,
        id: UnitId,
        mut rng: Option<&mut engine::GameRng>,
    ) -> Option<Action> {
        let _kept = super::shooting::ListingMemo::new(s);
        let mut cands = Vec::with_capacity(64);
        let u = s.unit(id);
        let starting = !matches!(s.phase, Phase::Acting(seg) if seg.unit == id);
        let seg = self.segment_of(s, id);
        let done = Action::Done { unit: id };
        let holding = rng.is_none();
        let legal = |a: &Action| {
            let known = (a.unit() == id).then_some(&seg);
            self.refusal_in(s, u.side, a, known, Quiet).is_none()
        };
        // The listing keeps an action once: a later copy is not a candidate.
        let once = |c: &[Action], i: usize| {
            let held = holding && c[i] == done;
            !held && !c[..i].contains(&c[i]) && legal(&c[i])
        };
        if self.few_choices(s, id, &mut cands) {
            // All listed at once.
        } else if s.kind == Some(ActionKind::Fire) {
            // Gun fire's samples (`fire_samples`) by their places, each
            // target's observers looked for only when their place is
            // drawn: a place without one is no candidate. (No sample is
            // listed twice.)
            if !self.may_fire_now(s, id) {
                return None;
            }
            let targets: Vec<UnitId> = s.ids().filter(|&t| self.fire_target(s, id, t)).collect();
            let mut found = None;
            first_accepted(targets.len() * FIRE_PLACES, rng, |i| {
                found = self
                    .fire_sample_at(s, id, targets[i / FIRE_PLACES], i % FIRE_PLACES)
                    .filter(|a| legal(a));
                found.is_some()
            })?;
            return found;
        } else if let Some(kind) = s.kind {
            self.kind_samples(s, id, starting, Some(kind), &mut cands);
            // The listing's farthest advance (`farthest_advance`) is one
            // more place, worked out only when it is drawn: a place
            // without one (or with a copy of a sample) is no candidate.
            let n = cands.len();
            let mut most = None;
            let pick = first_accepted(n + 1, rng, |i| {
                if i < n {
                    return once(&cands, i);
                }
                most = self
                    .farthest_advance(s, id, kind, &seg, &cands, legal)
                    .filter(|a| !cands.contains(a) && legal(a));
                most.is_some()
            })?;
            return if pick < n { Some(cands[pick]) } else { most };
        } else {
            // The listing's candidates: the lone actions, each kind that
            // has samples (gun fire when the unit may fire now), holding.
            self.all_samples(s, id, starting, &mut cands);
            let mut lone = Vec::with_capacity(24);
            let mut has = [false; ActionKind::ALL.len()];
            for a in &cands {
                match ActionKind::of(a) {
                    None => lone.push(*a),
                    Some(k) => has[k as usize] = true,
                }
            }
            let fire_now = self.may_fire_now(s, id);
            has[ActionKind::Fire as usize] |= fire_now;
            let kinds: Vec<ActionKind> = ActionKind::ALL
                .into_iter()
                .filter(|&k| has[k as usize])
                .collect();
            // A kind is offered when one of its samples is legal (gun fire
            // target by target, as the listing looks).
            let kind_legal = |k: ActionKind| {
                cands
                    .iter()
                    .any(|a| ActionKind::of(a) == Some(k) && legal(a))
                    || (k == ActionKind::Fire
                        && fire_now
                        && s.ids().any(|t| {
                            self.fire_target(s, id, t)
                                && (0..FIRE_PLACES).any(|k| {
                                    self.fire_sample_at(s, id, t, k).is_some_and(|a| legal(&a))
                                })
                        }))
            };
            // Whether the unit can do more: evading first, the cheapest
            // check (the distance moved) and often enough legal.
            let evade = Action::Evade { unit: id };
            let evade_tried = holding && lone.contains(&evade);
            if evade_tried && legal(&evade) {
                return Some(evade);
            }
            let (l, k) = (lone.len(), kinds.len());
            let n = l + k + usize::from(!holding);
            let pick = first_accepted(n, rng.as_deref_mut(), |i| {
                if i < l {
                    !(evade_tried && lone[i] == evade) && once(&lone, i)
                } else if i < l + k {
                    kind_legal(kinds[i - l])
                } else {
                    !lone.contains(&done) && legal(&done)
                }
            })?;
            return Some(if pick < l {
                lone[pick]
            } else if pick < l + k {
                Action::Kind {
                    unit: id,
                    kind: kinds[pick - l],
                }
            } else {
                done
            });
        }
        cands.push(done);
        first_accepted(cands.len(), rng, |i| once(&cands, i)).map(|i| cands[i])
    }

    /// Every choice of `side` now with the kinds opened: each
    /// [`Action::Kind`] of the listing replaced by that kind's legal
    /// samples (what the listing offers over two steps), for tests and
    /// tools that look for an action among the choices.
    pub fn choices_opened(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        let mut listed = Vec::new();
        engine::Ruleset::choices(self, s, side, &mut listed);
        for a in listed {
            match a {
                Action::Kind { unit, kind } => {
                    let mut t = s.clone();
                    t.kind = Some(kind);
                    self.unit_choices(&t, unit, out);
                }
                a => out.push(a),
            }
        }
    }

    /// The candidates of every kind but gun fire for a unit on the table,
    /// not routing, each helper asked once (the lone actions first, then
    /// the kinds; the listing asks for gun fire target by target).
    fn all_samples(&self, s: &State, id: UnitId, starting: bool, cands: &mut Vec<Action>) {
        self.lone_samples(s, id, starting, cands);
        for kind in [
            ActionKind::Move,
            ActionKind::Pivot,
            ActionKind::Shoot,
            ActionKind::Charge,
        ] {
            self.kind_samples(s, id, starting, Some(kind), cands);
        }
    }

    /// The candidates of the actions alone of their kind (their helpers
    /// add some kinds: the caller keeps what it asks for). What the rules
    /// refuse whatever else holds is not listed, to be refused one by one:
    /// rallying from terror without terror, limbering other than guns,
    /// the pinned test unpinned, getting going again other than tanks and
    /// armoured cars.
    fn lone_samples(&self, s: &State, id: UnitId, starting: bool, cands: &mut Vec<Action>) {
        let u = s.unit(id);
        if starting {
            if u.terror > 0 {
                cands.push(Action::RallyTerror { unit: id });
            }
            if self.cat(u).is_gun() {
                cands.push(Action::Limber { unit: id });
                cands.push(Action::Unlimber { unit: id });
            }
        }
        if u.pinned {
            cands.push(Action::Unpin { unit: id });
        }
        cands.push(Action::Reform { unit: id });
        if starting && self.is_motor(s, id) {
            cands.push(Action::Repair { unit: id });
        }
        cands.push(Action::Evade { unit: id });
        self.train_samples(s, id, cands);
        self.more_choices(s, id, starting, cands);
        self.officer_choices(s, id, starting, cands);
    }

    /// The candidates of one kind for a unit on the table, not routing
    /// (`None`: the actions alone of their kind); the caller keeps the
    /// legal ones.
    fn kind_samples(
        &self,
        s: &State,
        id: UnitId,
        starting: bool,
        kind: Option<ActionKind>,
        cands: &mut Vec<Action>,
    ) {
        let u = s.unit(id);
        let from = cands.len();
        match kind {
            None => self.lone_samples(s, id, starting, cands),
            Some(ActionKind::Move) => self.move_samples(s, id, cands),
            Some(ActionKind::Pivot) => {
                // Only a unit whose kind pivots to fire, first in its
                // segment (`pivot` refuses the rest).
                if starting && self.pivots_to_fire(s, id) {
                    for a in [-450, -200, 200, 450] {
                        cands.push(Action::Pivot {
                            unit: id,
                            angle: Degrees(a),
                        });
                    }
                }
            }
            Some(ActionKind::Shoot) => {
                // A target whose box lies beyond the range of the unit's
                // box is refused anyway (no base of it is within range):
                // not tried.
                let reach = self.troop(u).range.0 as i64 + 1;
                let mine = u.formation.bbox();
                for t in s.ids() {
                    let tu = s.unit(t);
                    let beyond = || {
                        u.on_table() && tu.on_table() && tu.formation.box_gap_exceeds(&mine, reach)
                    };
                    if tu.side != u.side && !beyond() {
                        cands.push(Action::Shoot {
                            unit: id,
                            target: t,
                        });
                    }
                }
            }
            Some(ActionKind::Charge) => {
                if starting {
                    self.charge_samples(s, id, cands);
                }
            }
            Some(ActionKind::Fire) => self.fire_samples(s, id, cands),
            Some(ActionKind::Scout | ActionKind::Ambush | ActionKind::Buildings) => {
                self.more_choices(s, id, starting, cands)
            }
            Some(ActionKind::Reorganise | ActionKind::Join) => {
                self.officer_choices(s, id, starting, cands)
            }
        }
        // Keep what is of this kind (the helpers of the lone actions,
        // scouting, ambushes, buildings and officers list several kinds).
        if matches!(
            kind,
            None | Some(
                ActionKind::Scout
                    | ActionKind::Ambush
                    | ActionKind::Buildings
                    | ActionKind::Reorganise
                    | ActionKind::Join
            )
        ) {
            let mut i = 0;
            cands.retain(|a| {
                i += 1;
                i <= from || ActionKind::of(a) == kind
            });
        }
    }

    /// Whether a kind has a legal sample for the unit now (what offering
    /// [`Action::Kind`] asks).
    fn kind_has_sample(&self, s: &State, side: Side, id: UnitId, kind: ActionKind) -> bool {
        let u = s.unit(id);
        if u.status != Status::OnTable || u.routing {
            return false;
        }
        let starting = !matches!(s.phase, Phase::Acting(seg) if seg.unit == id);
        let seg = self.segment_of(s, id);
        let mut cands = Vec::with_capacity(32);
        self.kind_samples(s, id, starting, Some(kind), &mut cands);
        cands
            .iter()
            .any(|a| self.refusal_in(s, side, a, Some(&seg), Quiet).is_none())
    }

    /// The unit chosen to act in the Choose phase: selected, or named by
    /// the initiative card (nothing to select then).
    pub fn chosen(&self, s: &State) -> Option<UnitId> {
        match s.phase {
            Phase::Choose { selected, card, .. } => selected.or(card),
            _ => None,
        }
    }

    /// Why an action is refused now (`None`: it is legal), in words.
    pub fn refusal_of(&self, s: &State, side: Side, a: &Action) -> Option<String> {
        self.refusal_in(s, side, a, None, Words)
    }

    /// Whether an action is refused now: the same rules as `refusal_of`,
    /// without building the words (the listing and legality ask no more).
    pub fn is_refused(&self, s: &State, side: Side, a: &Action) -> bool {
        self.refusal_in(s, side, a, None, Quiet).is_some()
    }

    /// The rules of refusal, told as `w` says: `Words` builds the sentence
    /// for the player, `Quiet` only that there is one. `known`: the acting
    /// unit's [`Self::segment_of`] when the caller has it (a listing works
    /// it out once for all its candidates).
    fn refusal_in<W: Say>(
        &self,
        s: &State,
        side: Side,
        a: &Action,
        known: Option<&Segment>,
        w: W,
    ) -> Option<W::Why> {
        if self.question(s).is_some() {
            return w.told(self.answer_refusal(s, side, a));
        }
        let id = a.unit();
        if let Some(r) = self.not_acting(s, side, id, w) {
            return Some(r);
        }
        if let Action::Select { .. } = a {
            return match s.phase {
                Phase::Choose { selected: None, .. } => None,
                Phase::Choose { .. } => w.say(|| format!("{} is chosen already", self.name(id))),
                _ => w.say(|| format!("{} is acting already", self.name(id))),
            };
        }
        if let Action::Kind { kind, .. } = *a {
            return if self.kind_has_sample(s, side, id, kind) {
                None
            } else {
                w.say(|| format!("{} has no {} to make now", self.name(id), kind.words()))
            };
        }
        if let Some(r) = self.officer_refusal(s, a) {
            return w.say(|| r);
        }
        let u = s.unit(id);
        let seg = match known {
            Some(&seg) => seg,
            None => self.segment_of(s, id),
        };
        let fresh = !matches!(s.phase, Phase::Acting(_));
        if u.more.off_table {
            // Routed off the table (Miscellaneous): its one rally only.
            if !matches!(a, Action::RallyRout { .. }) {
                return w.say(|| {
                    format!(
                        "{} has routed off the table: it has one chance to rally",
                        self.name(id)
                    )
                });
            }
        } else if u.status == Status::Waiting
            && !matches!(
                a,
                Action::Enter { .. }
                    | Action::Done { .. }
                    | Action::Disembark { .. }
                    | Action::Shoot { .. }
            )
            // Troops aboard may rally from terror in their car.
            && !(matches!(a, Action::RallyTerror { .. }) && self.riding_in(s, id).is_some())
        {
            return w.say(|| format!("{} is not on the table yet", self.name(id)));
        }
        if u.routing
            && !matches!(
                a,
                Action::Rout { .. } | Action::RallyRout { .. } | Action::Done { .. }
            )
        {
            return w.say(|| format!("{} is routing: it runs or tries to rally", self.name(id)));
        }
        if let Some(r) = self.ambush_refusal(s, id, a, w) {
            return Some(r);
        }
        match *a {
            Action::Done { .. } => {
                if u.routing && fresh {
                    w.say(|| "a routing unit runs or rallies in its segment".into())
                } else {
                    w.told(self.train_done_refusal(s, id))
                }
            }
            Action::RunTrain { speed, .. } => w.told(self.run_refusal(s, id, &seg, speed)),
            Action::Repair { .. } => w.told(self.repair_refusal(s, id, fresh)),
            Action::Disembark { left, .. } => w.told(self.disembark_refusal(s, id, left, fresh)),
            Action::Fire { target, mode, .. } => self.fire_refusal_in(s, id, &seg, target, mode, w),
            Action::RallyTrain { .. } => w.told(self.rally_train_refusal(s, id, fresh)),
            Action::Pivot { angle, .. } => w.told(self.pivot(s, id, &seg, angle).err()),
            Action::Advance { .. } | Action::Wheel { .. } | Action::Turn { .. }
                if seg.pivoted && !seg.shot =>
            {
                w.say(|| "after a pivot to fire, the unit fires before it moves".into())
            }
            Action::Enter { at, .. } => w.told(self.enter_refusal(s, id, at)),
            Action::Advance { distance, .. } => told_move(
                w,
                self.advance(s, id, &seg, distance).and_then(|m| {
                    self.woods_column(s, id, &m.formation)?;
                    Ok(self.road_refusal(s, &seg, &m)?)
                }),
            ),
            // Only whether it is refused is asked: a wheel whose charge in
            // the open is beyond what is left is refused whatever the
            // terrain (the allowance refuses it, or something sooner).
            Action::Wheel { pivot, angle, .. }
                if !W::WORDS && self.wheel_beyond_allowance(s, id, &seg, pivot, angle) =>
            {
                w.say(String::new)
            }
            Action::Wheel { pivot, angle, .. } => told_move(
                w,
                self.wheel(s, id, &seg, pivot, angle).and_then(|m| {
                    self.woods_column(s, id, &m.formation)?;
                    Ok(self.road_refusal(s, &seg, &m)?)
                }),
            ),
            Action::Turn { turn, .. } => told_move(
                w,
                self.turn(s, id, &seg, turn).and_then(|m| {
                    self.woods_column(s, id, &m.formation)?;
                    Ok(self.road_refusal(s, &seg, &m)?)
                }),
            ),
            Action::Reform { .. } => told_move(
                w,
                self.reform(s, id, &seg)
                    .and_then(|m| Ok(self.woods_column(s, id, &m.formation)?)),
            ),
            Action::Limber { .. } | Action::Unlimber { .. } => {
                let want = matches!(a, Action::Limber { .. });
                if !fresh {
                    w.say(|| "limbering takes the whole segment".into())
                } else if !self.cat(u).is_gun() {
                    w.say(|| format!("{} has no guns to limber", self.name(id)))
                } else if (u.order == crate::state::Order::Limbered) == want {
                    w.say(|| {
                        format!(
                            "{} is {} already",
                            self.name(id),
                            if want { "limbered" } else { "unlimbered" }
                        )
                    })
                } else {
                    let mut to = u.formation;
                    to.order = if want {
                        Order::Limbered.geometry()
                    } else {
                        Order::Unlimbered.geometry()
                    };
                    let fits = self.placement(s, id, &u.formation, &to, false);
                    w.told(fits.err().map(|r| format!("the guns would not fit: {r}")))
                }
            }
            Action::Shoot { target, .. } => self
                .fire_refusal_in(s, id, &seg, target, crate::state::FireMode::Direct, w)
                .or_else(|| w.told(self.priority_refusal(s, id, target))),
            Action::RallyTerror { .. } => {
                if !fresh {
                    w.say(|| "rallying takes the whole segment".into())
                } else if u.terror == 0 {
                    w.say(|| format!("{} has no terror to rally from", self.name(id)))
                } else {
                    None
                }
            }
            Action::RallyRout { .. } => {
                if !fresh {
                    w.say(|| "rallying takes the whole segment".into())
                } else {
                    w.told(self.rally_rout_refusal(s, id))
                }
            }
            Action::Rout { .. } => {
                if fresh {
                    None
                } else {
                    w.say(|| "a rout move takes the whole segment".into())
                }
            }
            Action::HoldCover { .. }
            | Action::TakeRetire { .. }
            | Action::StandCharge { .. }
            | Action::FleeCharge { .. }
            | Action::ShootChargers { .. }
            | Action::CounterCharge { .. }
            | Action::HaltCharge { .. }
            | Action::RunOn { .. }
            | Action::ReturnFire { .. }
            | Action::HoldFire { .. }
            | Action::NoEvade { .. } => w.say(|| "nothing asks that now".into()),
            Action::Charge { target, .. } => w.told(self.charge_refusal(s, id, &seg, target)),
            Action::Evade { .. } => self.evade_refusal(s, id, &seg, w),
            Action::Divide { .. }
            | Action::Combine { .. }
            | Action::Dismount { .. }
            | Action::Mount { .. }
            | Action::JoinUnit { .. }
            | Action::LeaveUnit { .. }
            | Action::SwapRetire { .. }
            | Action::PreEmpt { .. }
            | Action::LetAct { .. } => self.officer_action_refusal(s, a, fresh, w),
            Action::KeepOfficer { .. } => w.say(|| "nothing asks that now".into()),
            Action::Unpin { .. } => {
                if !u.pinned {
                    w.say(|| format!("{} is not pinned", self.name(id)))
                } else if seg.unpin_tried || seg.moved || seg.shot {
                    w.say(|| "the pinned test is taken once, before anything else".into())
                } else {
                    None
                }
            }
            _ => self.more_refusal(s, id, &seg, fresh, a, w),
        }
    }

    /// Carries out a legal action of `side`, then what follows any step
    /// (terrain_actions::after_step: digging lost, reveals, ambushes sprung).
    pub fn act(&self, s: &mut State, side: Side, a: &Action, ev: &mut Vec<Event>) {
        self.act_listing(s, side, a, ev, None);
    }

    /// Carries out a legal action of `side`; when the unit goes on acting
    /// and `next` is given, the choices it lists to see whether it can do
    /// more are left there and its side returned (they are the choices of
    /// the state it leaves). Without `next` nothing is listed: whether the
    /// unit can do more is asked of its choices one by one
    /// ([`RedActions::unit_draw`]), the same answer.
    pub(crate) fn act_listing(
        &self,
        s: &mut State,
        side: Side,
        a: &Action,
        ev: &mut Vec<Event>,
        next: Option<&mut Vec<Action>>,
    ) -> Option<Side> {
        if let Action::Select { unit } = *a {
            if let Phase::Choose { selected, .. } = &mut s.phase {
                *selected = Some(unit);
            }
            return None;
        }
        if let Action::Kind { unit, kind } = *a {
            // Given with no unit selected, it selects the unit too.
            if let Phase::Choose {
                selected: selected @ None,
                card: None,
                ..
            } = &mut s.phase
            {
                *selected = Some(unit);
            }
            s.kind = Some(kind);
            return None;
        }
        // Any other action ends the choice of a kind.
        s.kind = None;
        let before = s.units.get(a.unit() as usize).cloned();
        let goes_on = self.act_step(s, a, ev);
        if let Some(before) = before {
            self.after_step(s, side, a, &before, ev);
        }
        if !s.prisoners.is_empty() {
            self.prisoners_after_step(s, ev);
        }
        match goes_on {
            Some(id) => self.after_action_listing(s, id, ev, next),
            None => None,
        }
    }

    /// The action itself; the acting unit when it may go on acting.
    fn act_step(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) -> Option<UnitId> {
        if self.question(s).is_some() {
            self.answer(s, a, ev);
            return None;
        }
        if self.before_act(s, a, ev) {
            return None;
        }
        let id = a.unit();
        let mut seg = self.segment_of(s, id);
        let before = s.unit(id).formation;
        if !matches!(s.phase, Phase::Acting(_))
            && matches!(
                a,
                Action::Advance { .. } | Action::Wheel { .. } | Action::Turn { .. }
            )
        {
            self.veer(s, id, ev);
            seg = self.segment_of(s, id);
        }
        match *a {
            Action::Done { .. } => {
                self.end_segment(s, id, ev);
                return None;
            }
            Action::Enter { at, .. } => {
                self.enter(s, id, at, ev);
                seg.charged = self.enter_cost(s, id);
                seg.moved = true;
            }
            Action::Advance { distance, .. } => {
                if let Ok(m) = self.advance(s, id, &seg, distance) {
                    self.do_move(s, id, &mut seg, m, ev);
                }
            }
            Action::Wheel { pivot, angle, .. } => {
                if let Ok(m) = self.wheel(s, id, &seg, pivot, angle) {
                    self.do_move(s, id, &mut seg, m, ev);
                }
            }
            Action::Turn { turn, .. } => {
                if let Ok(m) = self.turn(s, id, &seg, turn) {
                    // Rifles and sabres may turn before firing.
                    let prep = !seg.moved && !seg.shot && self.may_turn_to_fire(s, id);
                    self.do_move(s, id, &mut seg, m, ev);
                    seg.fire_prep = prep;
                    ev.push(Event::Turned { unit: id, turn });
                }
            }
            Action::Reform { .. } => {
                if let Ok(m) = self.reform(s, id, &seg) {
                    let order = s.unit(id).order;
                    s.unit_mut(id).order = match order {
                        Order::Column => {
                            if self.troop(s.unit(id)).has(crate::scenario::Trait::CanForm) {
                                Order::Formed
                            } else {
                                Order::Line
                            }
                        }
                        _ => Order::Column,
                    };
                    self.do_move(s, id, &mut seg, m, ev);
                    // A change of formation costs nothing: the log says it
                    // changed formation, not that it moved 0".
                    if matches!(ev.last(), Some(Event::Moved { charged, .. }) if *charged == Inches::ZERO)
                    {
                        ev.pop();
                    }
                    ev.push(Event::Reformed { unit: id });
                }
            }
            Action::Limber { .. } | Action::Unlimber { .. } => {
                let limbered = matches!(a, Action::Limber { .. });
                let u = s.unit_mut(id);
                u.order = if limbered {
                    Order::Limbered
                } else {
                    Order::Unlimbered
                };
                u.formation.order = u.order.geometry();
                ev.push(Event::Limbered { unit: id, limbered });
                {
                    self.end_segment(s, id, ev);
                    return None;
                }
            }
            Action::Shoot { target, .. } => {
                self.shoot(s, id, target, ev);
                seg.shot = true;
                seg.allowance = self.after_shooting(s, id);
            }
            Action::RallyTerror { .. } => {
                let u = s.unit_mut(id);
                u.terror = 0;
                u.evading = true;
                ev.push(Event::RalliedTerror { unit: id });
                {
                    self.end_segment(s, id, ev);
                    return None;
                }
            }
            Action::RallyRout { .. } => {
                self.rally_rout(s, id, ev);
                if s.outcome.is_none() {
                    self.end_segment(s, id, ev);
                }
                return None;
            }
            Action::Rout { .. } => {
                self.rout_move(s, id, ev);
                if s.outcome.is_none() {
                    self.end_segment(s, id, ev);
                }
                return None;
            }
            Action::Unpin { .. } => {
                seg.unpin_tried = true;
                self.unpin(s, id, ev);
            }
            Action::Charge { target, .. } => {
                self.charge(s, id, target, false, ev);
                return None;
            }
            Action::Evade { .. } => self.evade(s, id, &mut seg, ev),
            Action::HoldCover { .. }
            | Action::TakeRetire { .. }
            | Action::StandCharge { .. }
            | Action::FleeCharge { .. }
            | Action::ShootChargers { .. }
            | Action::CounterCharge { .. }
            | Action::HaltCharge { .. }
            | Action::RunOn { .. }
            | Action::ReturnFire { .. }
            | Action::HoldFire { .. }
            | Action::NoEvade { .. } => return None,
            Action::RunTrain { speed, .. } => {
                self.run_train(s, id, speed, ev);
                seg.moved = true;
                seg.charged = Inches(speed.0.abs());
                seg.allowance = seg.charged;
            }
            Action::Repair { .. } => self.repair(s, id, ev),
            Action::Disembark { left, .. } => {
                self.disembark(s, id, left, ev);
                self.end_segment(s, id, ev);
                return None;
            }
            Action::Fire { target, mode, .. } => {
                self.fire_at(s, id, target, mode, ev);
                seg.shot = true;
                seg.allowance = self.after_shooting(s, id);
            }
            Action::RallyTrain { .. } => self.rally_train(s, id, ev),

            Action::Divide { .. }
            | Action::Combine { .. }
            | Action::Dismount { .. }
            | Action::Mount { .. }
            | Action::JoinUnit { .. }
            | Action::LeaveUnit { .. }
            | Action::SwapRetire { .. }
            | Action::PreEmpt { .. }
            | Action::LetAct { .. } => {
                if self.officer_act(s, a, ev) {
                    return None;
                }
            }

            Action::Pivot { angle, .. } => {
                if let Ok(f) = self.pivot(s, id, &seg, angle) {
                    s.unit_mut(id).formation = f;
                    seg.moved = true;
                    seg.fire_prep = true;
                    seg.pivoted = true;
                    ev.push(Event::Pivoted { unit: id, angle });
                }
            }
            _ => {
                if !self.more_act(s, a, &mut seg, ev) {
                    return None;
                }
            }
        }
        if matches!(a, Action::Advance { .. } | Action::Wheel { .. }) {
            seg.fire_prep = false;
        }
        if s.outcome.is_some() {
            return None;
        }
        if matches!(
            a,
            Action::Advance { .. } | Action::Wheel { .. } | Action::Turn { .. }
        ) {
            self.after_vehicle_move(s, id, &before, ev);
        }
        s.phase = Phase::Acting(seg);
        Some(id)
    }

    /// After an action of the acting unit (and after the answers to any
    /// questions it raised): a unit that can do nothing more ends its
    /// segment by itself.
    pub(crate) fn after_action(&self, s: &mut State, id: UnitId, ev: &mut Vec<Event>) {
        self.after_action_listing(s, id, ev, None);
    }

    /// [`RedActions::after_action`]; when the unit goes on acting and
    /// `next` is given, its choices (listed to see whether it can do more)
    /// are left there and its side returned. Without `next` only the
    /// first legal choice other than holding is looked for.
    fn after_action_listing(
        &self,
        s: &mut State,
        id: UnitId,
        ev: &mut Vec<Event>,
        next: Option<&mut Vec<Action>>,
    ) -> Option<Side> {
        if !s.questions.is_empty() || s.outcome.is_some() {
            return None;
        }
        if s.unit(id).status != Status::OnTable || s.unit(id).routing {
            self.end_segment(s, id, ev);
            return None;
        }
        let Some(next) = next else {
            if self.unit_draw(s, id, None).is_none() {
                self.end_segment(s, id, ev);
            }
            return None;
        };
        next.clear();
        self.unit_choices(s, id, next);
        if next.iter().all(|a| matches!(a, Action::Done { .. })) {
            self.end_segment(s, id, ev);
            return None;
        }
        Some(s.unit(id).side)
    }

    /// Removes a unit from play.
    pub(crate) fn remove(&self, s: &mut State, id: UnitId, why: &str, ev: &mut Vec<Event>) {
        let u = s.unit_mut(id);
        if u.status == Status::Gone {
            return;
        }
        u.status = Status::Gone;
        u.pinned = false;
        ev.push(Event::Removed {
            unit: id,
            why: why.to_string(),
        });
        self.on_removed(s, id, ev);
    }

    /// Points a side has lost: bases destroyed, units gone and units routing.
    pub fn points_lost(&self, s: &State, side: Side) -> u32 {
        s.ids()
            .filter(|&i| s.unit(i).side == side || s.unit(i).kit.captured_from == Some(side))
            .map(|i| {
                let u = s.unit(i);
                let p = self.points_card(s, i).points as u32;
                // A captured train is lost to its owner, not to its captor.
                if let Some(owner) = u.kit.captured_from
                    && owner != u.side
                {
                    return if owner == side {
                        u.start_bases as u32 * p
                    } else {
                        0
                    };
                }
                // Bases holding horses are in safety, not lost; a senior
                // officer in personal command is with his unit.
                let here = u.bases() as u32 + u.more.horse_holders as u32;
                // Prisoners retaken by their side count as lost no more.
                let lost = match u.status {
                    Status::Gone => {
                        (u.start_bases as u32).saturating_sub(self.freed_bases(s, i) as u32)
                    }
                    _ if u.routing => u.start_bases as u32,
                    Status::Waiting if u.more.with_unit.is_some() => 0,
                    _ => (u.start_bases as u32).saturating_sub(here),
                };
                lost * p
            })
            .sum()
    }

    /// Whether the side's army has reached its flight figure (≥, rulings).
    pub fn broken(&self, s: &State, side: Side) -> bool {
        let sc = self.sc();
        let start = sc.sides[side.index()].points;
        let flight = sc.army_of(side).flight as u32;
        sc.victory.flight && start > 0 && self.points_lost(s, side) * 100 >= flight * start
    }

    fn flight_outcome(&self, s: &State) -> Option<Outcome> {
        let broken = Side::BOTH.map(|side| self.broken(s, side));
        match broken {
            [true, true] => Some(Outcome {
                winner: None,
                reason: "both armies reached their flight figures".into(),
            }),
            [true, false] | [false, true] => {
                let loser = if broken[0] { Side::A } else { Side::B };
                Some(Outcome {
                    winner: Some(loser.other()),
                    reason: format!(
                        "{} reached its flight figure and breaks",
                        self.side_name_of(loser)
                    ),
                })
            }
            _ => None,
        }
    }

    pub fn side_name_of(&self, side: Side) -> &str {
        &self.sc().info.sides[side.index()]
    }

    /// Who holds each objective now: the holder judged at the end of the
    /// last turn (the scenario's first holder before).
    pub fn holders(&self, s: &State) -> Vec<Option<Side>> {
        let obj = &self.sc().victory.objectives;
        if s.objective_holders.len() == obj.len() {
            s.objective_holders.clone()
        } else {
            obj.iter().map(|o| o.held_by).collect()
        }
    }

    /// Objective value held: each objective's holder judged at the end of
    /// every turn (a side with a unit, not routing, within its radius and
    /// no enemy unit there takes it; else the holder keeps it).
    pub fn objective_values(&self, s: &State) -> [u32; 2] {
        let mut v = [0u32; 2];
        for (o, h) in self.sc().victory.objectives.iter().zip(self.holders(s)) {
            if let Some(h) = h {
                v[h.index()] += o.value as u32;
            }
        }
        v
    }

    /// The end of a turn: who holds each objective now.
    pub(crate) fn judge_objectives(&self, s: &mut State) {
        let mut holders = self.holders(s);
        for (o, h) in self.sc().victory.objectives.iter().zip(holders.iter_mut()) {
            let near = |side: Side| {
                s.units.iter().any(|u| {
                    u.side == side
                        && u.on_table()
                        && !u.routing
                        && u.footprint()
                            .iter()
                            .any(|b| crate::geometry::dist2(b.pose.at, o.at).within(o.radius))
                })
            };
            match (near(Side::A), near(Side::B)) {
                (true, false) => *h = Some(Side::A),
                (false, true) => *h = Some(Side::B),
                _ => {}
            }
        }
        s.objective_holders = holders;
    }

    fn final_outcome(&self, s: &State) -> Outcome {
        let mut v = self.objective_values(s);
        for side in Side::BOTH {
            let lost = self.tanks_captured(s, side) * self.sc().victory.tank_captured_margin as u32;
            v[side.index()] = v[side.index()].saturating_sub(lost);
        }
        let reason = format!(
            "the last turn is over: objectives {} {}, {} {}",
            self.side_name_of(Side::A),
            v[0],
            self.side_name_of(Side::B),
            v[1]
        );
        let winner = match v[0].cmp(&v[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }
}

/// The first of `n` candidates that `accept` takes: tried in a random order
/// with `rng` (each order as likely, so the one found is uniform among
/// those it would take; each asked once at most), in their order without.
fn first_accepted(
    n: usize,
    rng: Option<&mut engine::GameRng>,
    mut accept: impl FnMut(usize) -> bool,
) -> Option<usize> {
    let Some(rng) = rng else {
        return (0..n).find(|&i| accept(i));
    };
    let mut order: Vec<usize> = (0..n).collect();
    let mut left = n;
    while left > 0 {
        let j = rng.random_range(0..left);
        let i = order[j];
        if accept(i) {
            return Some(i);
        }
        left -= 1;
        order.swap(j, left);
    }
    None
}
