//! The end of the game. The rulebook has no victory rules; each scenario
//! states its own in data (our framework, docs/red_square/rulings.md): a side
//! whose lost bases reach the scenario's break percentage of its starting
//! bases loses at once; otherwise, after the last turn, the side holding
//! more objective points wins, and equal points are a draw. An objective is
//! held by the side that last had troops in it alone.

use super::RedSquare;
use crate::state::{Event, State, Status};
use engine::{Outcome, Side};

impl RedSquare {
    /// The bases a side starts with (reinforcements included; figures not).
    pub fn starting_bases(&self, side: Side) -> u16 {
        self.scenario
            .units
            .iter()
            .filter(|u| u.side == side && !self.scenario.types[u.kind as usize].class.is_figure())
            .map(|u| u.bases as u16)
            .sum()
    }

    pub(crate) fn update_objectives(&self, s: &mut State) {
        for (i, o) in self.scenario.objectives.iter().enumerate() {
            let mut sides = [false; 2];
            for u in s.units.iter() {
                if u.status == Status::OnTable
                    && u.at == o.at
                    && !self.scenario.types[u.kind as usize].class.is_figure()
                {
                    sides[u.side.index()] = true;
                }
            }
            match sides {
                [true, false] => s.held[i] = Some(Side::A),
                [false, true] => s.held[i] = Some(Side::B),
                _ => {}
            }
        }
    }

    pub fn points(&self, s: &State, side: Side) -> u32 {
        self.scenario
            .objectives
            .iter()
            .zip(&s.held)
            .filter(|(_, h)| **h == Some(side))
            .map(|(o, _)| o.points as u32)
            .sum()
    }

    /// A side broken by its losses loses at once. True if the game ended.
    pub(crate) fn check_break(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let pct = self.scenario.break_percent as u32;
        let broken: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&side| {
                let start = self.starting_bases(side) as u32;
                start > 0 && s.losses[side.index()] as u32 * 100 >= pct * start
            })
            .collect();
        let outcome = match broken.as_slice() {
            [] => return false,
            [side] => Outcome {
                winner: Some(side.other()),
                reason: format!(
                    "{} lost {} of {} bases ({}% breaks an army in this scenario)",
                    self.side_name(*side),
                    s.losses[side.index()],
                    self.starting_bases(*side),
                    pct
                ),
            },
            _ => Outcome {
                winner: None,
                reason: format!("both armies broke ({pct}% of their bases lost)"),
            },
        };
        self.end_game(s, outcome, ev);
        true
    }

    pub(crate) fn final_result(&self, s: &mut State, ev: &mut Vec<Event>) {
        let a = self.points(s, Side::A);
        let b = self.points(s, Side::B);
        let outcome = if a == b {
            Outcome {
                winner: None,
                reason: format!("after the last turn both hold {a} objective points"),
            }
        } else {
            let (w, hi, lo) = if a > b {
                (Side::A, a, b)
            } else {
                (Side::B, b, a)
            };
            Outcome {
                winner: Some(w),
                reason: format!(
                    "after the last turn {} holds objectives worth {hi} points to {lo}",
                    self.side_name(w)
                ),
            }
        };
        self.end_game(s, outcome, ev);
    }
}

use engine::Ruleset;
