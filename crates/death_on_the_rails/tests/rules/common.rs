//! A table for rule tests: a loaded scenario, a state set up by hand (units
//! placed where a test wants them), loaded dice, and shorthand for decisions.

use death_on_the_rails::state::{Phase, Place, State, flag};
use death_on_the_rails::{Action, AreaId, DeathOnTheRails, ESTONIA, Event, RUSSIA, UnitId};
use engine::{Options, Ruleset, Side};
use std::path::PathBuf;

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Every shipped scenario, loaded, in file-name order.
pub fn shipped_scenarios() -> Vec<DeathOnTheRails> {
    let dir = shipped("x").parent().unwrap().to_path_buf();
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| DeathOnTheRails::load(p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

pub fn shipped(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/death_on_the_rails")
        .join(format!("{name}.toml"))
}

pub struct Table {
    pub r: DeathOnTheRails,
    pub s: State,
    pub events: Vec<Event>,
}

impl Table {
    /// The test strip with every unit off the map, Estonia to act with an
    /// 8-action card, initiative token on Estonia 1.
    pub fn strip() -> Table {
        Table::empty(
            DeathOnTheRails::load(&fixture("strip.toml")).unwrap_or_else(|e| panic!("{e}")),
            Options::new(),
        )
    }

    /// The test strip with the advanced rules on (set by hand: the strip's
    /// setup areas are too small for its whole force under the stacking limit,
    /// and tests place only the units they need).
    pub fn strip_advanced() -> Table {
        let mut t = Table::strip();
        t.s.advanced = true;
        t
    }

    /// A scenario's table, cleared: no unit on the map, ready for actions.
    pub fn empty(r: DeathOnTheRails, options: Options) -> Table {
        let mut s = r.setup(&options, 7).unwrap_or_else(|e| panic!("{e}"));
        for u in 0..s.units.len() {
            s.set_place(u as UnitId, Place::Pool);
            s.units[u].flags = 0;
        }
        s.phase = Phase::ChooseAction;
        s.active = ESTONIA;
        s.initiative = 1;
        s.turn = 1;
        let mut t = Table {
            r,
            s,
            events: Vec::new(),
        };
        t.actions(8);
        t
    }

    /// A shipped scenario, set up as the rules do it (nothing placed yet).
    pub fn scenario(name: &str) -> Table {
        let r = DeathOnTheRails::load(&shipped(name)).unwrap_or_else(|e| panic!("{e}"));
        let s = r
            .setup(&Options::new(), 11)
            .unwrap_or_else(|e| panic!("{e}"));
        Table {
            r,
            s,
            events: Vec::new(),
        }
    }

    pub fn area(&self, key: &str) -> AreaId {
        self.r
            .sc()
            .map
            .area_by_key(key)
            .unwrap_or_else(|| panic!("no area {key}"))
    }

    /// Places the first unit of `side` called `name` that is still off the map.
    pub fn put(&mut self, side: Side, name: &str, key: &str) -> UnitId {
        let area = self.area(key);
        let u = self
            .r
            .unit_ids()
            .find(|&u| {
                let d = self.r.def(u);
                d.side == side && d.name == name && self.s.units[u as usize].place() == Place::Pool
            })
            .unwrap_or_else(|| panic!("no {name} of {side:?} left to place"));
        self.s.set_place(u, Place::Area(area));
        u
    }

    pub fn estonian(&mut self, name: &str, key: &str) -> UnitId {
        self.put(ESTONIA, name, key)
    }

    pub fn russian(&mut self, name: &str, key: &str) -> UnitId {
        self.put(RUSSIA, name, key)
    }

    /// Puts a side's armoured train (both parts) in an area.
    pub fn train(&mut self, side: Side, key: &str) -> [UnitId; 2] {
        let area = self.area(key);
        let parts = self
            .r
            .sc()
            .side(side)
            .train
            .as_ref()
            .expect("a train")
            .parts;
        for p in parts {
            self.s.set_place(p, Place::Area(area));
        }
        parts
    }

    /// This turn's card gives `n` actions (none used yet).
    pub fn actions(&mut self, n: u8) {
        let sc = self.r.sc();
        let card = sc
            .cards
            .iter()
            .position(|c| c.actions == n)
            .expect("a card with that many actions") as u8;
        // Keep every card in exactly one place.
        self.s.deck.retain(|c| *c != card);
        self.s.discard.retain(|c| *c != card);
        if let Some(old) = self.s.card.replace(card)
            && old != card
        {
            self.s.deck.insert(0, old);
        }
        self.s.actions_done = 0;
    }

    /// The next dice rolled will show these values.
    pub fn dice(&mut self, wanted: &[u8]) {
        self.s.loaded_dice = wanted.iter().rev().copied().collect();
    }

    pub fn choices(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        self.r.choices(&self.s, side, &mut out);
        out
    }

    pub fn can(&self, side: Side, a: Action) -> bool {
        self.choices(side).contains(&a)
    }

    /// Applies a decision that must be legal; returns what happened.
    pub fn act(&mut self, side: Side, a: Action) -> Vec<Event> {
        let mut ev = Vec::new();
        if let Err(e) = self.r.apply(&mut self.s, side, &a, &mut ev) {
            panic!("{a:?} refused: {e}\nchoices: {:?}", self.choices(side));
        }
        if let Err(e) = self.r.check_invariants(&self.s) {
            panic!("invariant broken after {a:?}: {e}");
        }
        self.events.extend(ev.iter().cloned());
        ev
    }

    pub fn try_act(&mut self, side: Side, a: Action) -> Result<Vec<Event>, engine::RuleError> {
        let mut ev = Vec::new();
        self.r.apply(&mut self.s, side, &a, &mut ev)?;
        self.events.extend(ev.iter().cloned());
        Ok(ev)
    }

    pub fn strength(&self, u: UnitId) -> u8 {
        self.s.units[u as usize].strength
    }

    pub fn place(&self, u: UnitId) -> Place {
        self.s.units[u as usize].place()
    }

    pub fn gone(&self, u: UnitId) -> bool {
        self.s.units[u as usize].place() == Place::Gone
    }

    pub fn suppress(&mut self, key: &str) {
        let a = self.area(key);
        self.s.artillery_tokens[a as usize] = 3;
    }

    pub fn set_flag(&mut self, u: UnitId, f: u8) {
        self.s.units[u as usize].flags |= f;
    }

    pub fn has_flag(&self, u: UnitId, f: u8) -> bool {
        self.s.units[u as usize].flags & f != 0
    }

    /// The dice count event of a role in these events.
    pub fn dice_count(ev: &[Event], role: death_on_the_rails::state::Role) -> Option<u8> {
        ev.iter().find_map(|e| match e {
            Event::DiceCount { role: r, total, .. } if *r == role => Some(*total),
            _ => None,
        })
    }
}

pub const ASLEEP: u8 = flag::ASLEEP;

impl Table {
    /// Answers "no reaction fire" if the opponent is being asked.
    pub fn no_reaction(&mut self) {
        if let Phase::Reaction = self.s.phase {
            let side = self.s.active.other();
            self.act(side, Action::NoReaction);
        }
    }

    /// Moves the units of `from` (all of them unless listed) into the areas given.
    pub fn move_units(&mut self, units: &[UnitId], path: &[&str]) -> Vec<Event> {
        let side = self.s.active;
        let from = self.s.units[units[0] as usize]
            .place()
            .area()
            .expect("on the map");
        let mut ev = self.act(side, Action::Move { from });
        for &u in units {
            // A unit that is the only one able to move is taken along at once.
            if let Phase::MoveGroup { group, .. } = self.s.phase
                && !group.contains(u)
            {
                ev.extend(self.act(side, Action::Select { unit: u }));
            }
        }
        for key in path {
            let to = self.area(key);
            ev.extend(self.act(side, Action::Step { to }));
        }
        if let Phase::MoveOn { .. } = self.s.phase {
            ev.extend(self.act(side, Action::Stop));
        }
        ev
    }

    /// Fires with `lead` (and supporting units) at `target`. The target is
    /// chosen only while there is still a choice (a single possible target
    /// with no supporting unit is taken at once).
    pub fn fire_at(&mut self, lead: UnitId, supports: &[UnitId], target: UnitId) -> Vec<Event> {
        let side = self.r.def(lead).side;
        let mut ev = Vec::new();
        if !matches!(self.s.phase, Phase::Fire { lead: l, .. } if l == lead) {
            ev.extend(self.act(side, Action::Fire { lead }));
        }
        for &u in supports {
            ev.extend(self.act(side, Action::Support { unit: u }));
        }
        if let Phase::Fire { .. } = self.s.phase {
            ev.extend(self.act(side, Action::Target { unit: target }));
        }
        ev
    }

    pub fn view(&self, side: Option<Side>) -> death_on_the_rails::view::View {
        self.r.view(&self.s, side)
    }
}

impl Table {
    /// Sets a scenario up by taking the first placement offered each time;
    /// play then begins with the first turn.
    pub fn auto_setup(&mut self) {
        while let Phase::Setup { side } = self.s.phase {
            let c = self.choices(side)[0];
            self.act(side, c);
        }
    }

    /// Gives `side` the turn: its token well on its side, a card of `n` actions.
    pub fn turn_of(&mut self, side: Side, n: u8) {
        self.s.active = side;
        self.s.initiative = if side == ESTONIA { 3 } else { -3 };
        self.s.phase = Phase::ChooseAction;
        self.actions(n);
    }

    /// Puts a unit in an area (or off the map) directly.
    pub fn set(&mut self, u: UnitId, place: Place) {
        self.s.set_place(u, place);
    }

    /// Takes every unit out of an area.
    pub fn clear(&mut self, area: AreaId) {
        for u in self.s.area_units[area as usize].iter() {
            self.s.set_place(u, Place::Gone);
        }
    }

    /// The first unit of a side matching a test.
    pub fn unit_where(
        &self,
        side: Side,
        f: impl Fn(
            &death_on_the_rails::scenario::UnitDef,
            &death_on_the_rails::state::UnitState,
        ) -> bool,
    ) -> UnitId {
        self.r
            .units_of(side)
            .find(|&u| f(self.r.def(u), &self.s.units[u as usize]))
            .expect("a unit like that")
    }

    pub fn over(&self) -> Option<engine::Outcome> {
        self.s.outcome.clone()
    }
}
