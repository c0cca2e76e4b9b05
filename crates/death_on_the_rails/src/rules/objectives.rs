//! Objective control (section 11), the scenarios' victory conditions, secret objective
//! cards and (Mustjõe) the change of objectives. The invariants checked after
//! every step are in `invariants.rs`.

use super::DeathOnTheRails;
use crate::data::VictoryFile;
use crate::map::AreaId;
use crate::state::{Event, Phase, Place, State, UnitSet};
use engine::{Outcome, Side};

impl DeathOnTheRails {
    /// The objective in `area` (if any) passes to `side`.
    pub(crate) fn take_objective(
        &self,
        s: &mut State,
        area: AreaId,
        side: Side,
        ev: &mut Vec<Event>,
    ) {
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

    /// What the victory conditions look at, as masks of units (the
    /// conditions only ask whether one is left, so nothing is counted).
    fn tally(&self, s: &State) -> Tally {
        let sc = self.sc();
        let combat = s.on_map & sc.combat_mask;
        Tally {
            combat: [combat & sc.side_mask[0], combat & sc.side_mask[1]],
            ground_combat: combat & !sc.train_mask,
        }
    }

    /// A reinforcement is still to come.
    fn reinforcement_pending(&self, s: &State) -> bool {
        UnitSet(self.sc().reinforcement_mask)
            .iter()
            .any(|u| s.units[u as usize].place() == Place::Pool)
    }

    /// Whether a victory condition is met now (for secret objectives:
    /// those on the card the side holds). Changes nothing, so the victory
    /// check after each action costs little when nobody wins.
    fn condition_met(&self, s: &State, t: &Tally, side: Side, v: &VictoryFile) -> bool {
        let enemy = side.other();
        match v {
            VictoryFile::DestroyAllEnemyUnits => t.combat[enemy.index()] == 0,
            // Lehtse: objectives count once the fog has lifted.
            VictoryFile::SecretObjectives => {
                !s.fog
                    && self
                        .secret_objectives(s, side)
                        .is_some_and(|mask| self.controls_all(s, side, mask))
            }
            VictoryFile::Evacuate { count } => s.evacuated >= *count,
            VictoryFile::ThreeHitsOnRailwayOrTrain => {
                s.sabotage
                    .iter()
                    .any(|t| *t >= super::sabotage::RAILWAY_DESTROYED)
                    || s.train_hits[enemy.index()] >= super::sabotage::TRAIN_IMMOBILISED
            }
            VictoryFile::ExitMap => s.exited[side.index()],
        }
    }

    /// What a side that meets a condition has done, in words; `None` if it
    /// has not met it after all (Mustjõe: the first to hold the objectives
    /// on the card draws a new card instead).
    fn wins_by(
        &self,
        s: &mut State,
        t: &Tally,
        side: Side,
        v: &VictoryFile,
        ev: &mut Vec<Event>,
    ) -> Option<String> {
        let enemy = side.other();
        if !self.condition_met(s, t, side, v) {
            return None;
        }
        match v {
            VictoryFile::DestroyAllEnemyUnits => Some(format!(
                "destroyed every {} combat unit",
                self.side_name_of(enemy)
            )),
            VictoryFile::SecretObjectives => {
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
            VictoryFile::Evacuate { count } => Some(format!(
                "evacuated {count} non-combat units to the armoured train"
            )),
            VictoryFile::ThreeHitsOnRailwayOrTrain => {
                let rail = s
                    .sabotage
                    .iter()
                    .any(|t| *t >= super::sabotage::RAILWAY_DESTROYED);
                Some(if rail {
                    "destroyed the railway".to_string()
                } else {
                    "crippled the armoured train".to_string()
                })
            }
            VictoryFile::ExitMap => {
                Some("a unit left the map through the enemy's setup area".to_string())
            }
        }
    }

    /// Our ruling for a stalemate the rulebook does not cover: when neither
    /// side has a combat unit on the map but its armoured train, and no
    /// reinforcement can still come, nobody can win any more (trains cannot
    /// take objectives, leave the map or plant charges).
    fn only_trains_left(&self, s: &State, t: &Tally) -> bool {
        t.ground_combat == 0 && !self.reinforcement_pending(s)
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
        let sc = self.sc();
        let any_met = Side::BOTH.into_iter().any(|side| {
            sc.side(side)
                .victory
                .iter()
                .any(|v| self.condition_met(s, &tally, side, v))
        });
        if !any_met && !self.only_trains_left(s, &tally) {
            return false;
        }
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
            [None, None] if self.only_trains_left(s, &tally) => Outcome {
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

struct Tally {
    /// Units with combat strength on the map, per side (train parts count).
    combat: [u64; 2],
    /// The same, without train parts, both sides together.
    ground_combat: u64,
}
