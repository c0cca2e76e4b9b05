//! What must hold after every step: every square within the Square
//! Occupancy Table and held by one side, every card in one place, bases
//! within 0 to 6, and a decider while the game goes on.

use super::RedSquare;
use crate::state::{Phase, State, Status};

impl RedSquare {
    pub(crate) fn invariants(&self, s: &State) -> Result<(), String> {
        let grid = &self.scenario.grid;
        let n = grid.len();
        let mut side_at = vec![0u8; n];
        for u in s.on_table() {
            if u.at as usize >= n {
                return Err(format!("unit {} is off the map", u.id));
            }
            if u.bases == 0 || u.bases > 6 {
                return Err(format!("unit {} has {} bases", u.id, u.bases));
            }
            if self.class(u).is_figure() {
                continue;
            }
            let b = 1 + u.side.index() as u8;
            if side_at[u.at as usize] != 0 && side_at[u.at as usize] != b {
                return Err(format!("both sides stand in {}", grid.name(u.at)));
            }
            side_at[u.at as usize] = b;
        }
        // Every square within the Square Occupancy Table, counted in one pass.
        let mut occ = vec![(super::occupancy::Occupants::default(), 0u8); n];
        for u in s.on_table() {
            let (o, types) = &mut occ[u.at as usize];
            self.add_occupant(o, types, u);
        }
        for (sq, (o, types)) in occ.iter_mut().enumerate() {
            if side_at[sq] == 0 {
                continue;
            }
            o.types = types.count_ones() as u8;
            if let Some(why) = self.occupancy_limits(*o) {
                return Err(format!("{}: {why}", grid.name(sq as u16)));
            }
        }
        for u in &s.units {
            if u.status == Status::Gone && u.bases != 0 {
                return Err(format!("unit {} is gone with {} bases", u.id, u.bases));
            }
        }
        let mut counts = [0u8; crate::cards::PACK as usize];
        for d in &s.dealt {
            counts[d.card.0 as usize] += 1;
        }
        if counts.iter().any(|&c| c > 2) {
            return Err("a card is dealt three times".into());
        }
        match s.phase {
            Phase::GameOver => {
                if s.outcome.is_none() {
                    return Err("the game is over without an outcome".into());
                }
            }
            _ => {
                if s.outcome.is_some() {
                    return Err("an outcome while the game goes on".into());
                }
                if self.decider(s).is_none() {
                    return Err(format!("nobody decides in {:?}", s.phase));
                }
            }
        }
        Ok(())
    }
}
