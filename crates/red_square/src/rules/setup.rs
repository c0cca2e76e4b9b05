//! The scenario's deployment: the units as set up, checked against the
//! Units and Square Occupancy rules before the first turn.

use super::RedSquare;
use crate::data::{Class, UnitFile};
use crate::scenario::Scenario;
use crate::state::{Phase, State, Status, Unit};
use engine::data::{Problems, SourceFile, Spanned};

impl RedSquare {
    /// The units as the scenario sets them up, before the first turn.
    pub fn initial_units(&self) -> Vec<Unit> {
        self.scenario
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| Unit {
                id: i as u16,
                side: u.side,
                kind: u.kind,
                at: u.at,
                facing: u.facing,
                formation: u.formation,
                orders: u.orders,
                quality: u.quality,
                bases: u.bases,
                lost: 0,
                rings: 0,
                hits: 0,
                co: u.co,
                with: u.with,
                position: u.position,
                status: if u.arrives > 1 || u.carried_by.is_some() {
                    Status::Waiting
                } else {
                    Status::OnTable
                },
                arrives: u.arrives,
                carried_by: u.carried_by,
                hiding: false,
                hid_last_turn: false,
                retreating: false,
                rallying: false,
                revealed: false,
                under_fire: false,
                under_small_arms: false,
                holding_fire: false,
                acted: false,
                last_moved: false,
                last_fired: false,
                advanced_in_open: false,
                last_target: None,
                pinned_until: 0,
                digging: u.digging,
                trenches: u.trenches,
                // Guns set up unlimbered are already in action (our reading).
                readiness: if u.formation == crate::state::Formation::Unlimbered {
                    3
                } else {
                    0
                },
                broken_down: false,
                broke_down_turn: 0,
                defied_spades: false,
                bogged: false,
                damaged: false,
                disabled: false,
                fired_this_turn: false,
                move_fire: false,
                horses: None,
            })
            .collect()
    }

    /// A new game: the units deployed, the pack shuffled, the first turn dealt.
    pub fn new_game(&self, seed: u64) -> State {
        let mut s = State {
            turn: 0,
            phase: Phase::GameOver,
            units: self.initial_units(),
            deck: Vec::new(),
            discards: crate::cards::pack(),
            dealt: Vec::new(),
            stage: 1,
            joker_passed: [false; 2],
            paused_move: None,
            observed: Vec::new(),
            last_side: self.scenario.initiative.other(),
            held: self.scenario.objectives.iter().map(|_| None).collect(),
            losses: [0, 0],
            options: [false; 2],
            burning: Vec::new(),
            wire_gaps: Vec::new(),
            wire_cleared: Vec::new(),
            rng: engine::rng_from_seed(seed),
            loaded: Vec::new(),
            outcome: None,
        };
        let mut ev = Vec::new();
        self.update_objectives(&mut s);
        self.begin_turn(&mut s, &mut ev);
        s
    }
}

/// Checks the deployment of a scenario that has no other problems: every
/// unit's square, its companions and the occupancy of each square.
pub fn check_deployment(
    sc: &Scenario,
    file: &SourceFile,
    raw: &[Spanned<UnitFile>],
    p: &mut Problems,
) {
    let rules = RedSquare::new(sc.clone());
    let units = rules.initial_units();
    let grid = &sc.grid;
    for (u, r) in units.iter().zip(raw) {
        let class = sc.types[u.kind as usize].class;
        let at = &r.get_ref().at;
        if let Some(w) = u.with {
            let other = &units[w as usize];
            let wc = sc.types[other.kind as usize].class;
            if other.side != u.side {
                p.at(file, at, "a unit goes `with` a unit of its own side");
            }
            if u.status == Status::OnTable
                && other.status == Status::OnTable
                && grid.distance(u.at, other.at) > 1
            {
                p.at(
                    file,
                    at,
                    format!(
                        "{} must stand with or next to {} (Machine Guns 1, Tchankas 1)",
                        r.get_ref().name,
                        sc.units[w as usize].name
                    ),
                );
            }
            if class == Class::Tchanka && wc != Class::Cavalry {
                p.at(file, at, "a tchanka goes with cavalry (Tchankas 1)");
            }
        } else if class == Class::Mg && u.status == Status::OnTable {
            let friend = units.iter().any(|o| {
                o.id != u.id
                    && o.side == u.side
                    && o.status == Status::OnTable
                    && !sc.types[o.kind as usize].class.is_figure()
                    && grid.distance(o.at, u.at) <= 1
            });
            if !friend {
                p.at(
                    file,
                    at,
                    "an MG company stands with or next to another friendly unit (Machine Guns 1)",
                );
            }
        }
        if let Some(co) = u.co
            && sc.types[units[co as usize].kind as usize].class != Class::Officer
        {
            p.at(
                file,
                at,
                format!(
                    "co names {}, which is not an officer",
                    sc.units[co as usize].name
                ),
            );
        }
        if class == Class::Train && !sc.on_rail(u.at) {
            p.at(
                file,
                at,
                "the armoured train stands on a railway square (Armoured Trains 1)",
            );
        }
        if let Some(c) = u.carried_by {
            let carrier = &units[c as usize];
            let cap = sc.types[carrier.kind as usize].capacity;
            let carried = units.iter().filter(|x| x.carried_by == Some(c)).count();
            if cap == 0 || carried > cap as usize {
                p.at(
                    file,
                    at,
                    format!(
                        "{} carries {} unit(s) at most",
                        sc.units[c as usize].name, cap
                    ),
                );
            }
        }
        if u.status == Status::OnTable
            && let Some(why) = rules.occupancy_problem(&units, u.at, None)
        {
            p.at(file, at, format!("{}: {why}", grid.name(u.at)));
        }
        if u.status == Status::OnTable
            && units
                .iter()
                .any(|o| o.side != u.side && o.status == Status::OnTable && o.at == u.at)
        {
            p.at(
                file,
                at,
                format!("{} holds units of both sides", grid.name(u.at)),
            );
        }
    }
}
