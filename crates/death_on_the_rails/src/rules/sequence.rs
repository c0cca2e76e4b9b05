//! SEQUENCE OF PLAY, 5. Initiative track, 6. Actions and 6.4 Pass.
//!
//! A turn: (on a change of initiative) artillery fire tokens come off, the
//! opponent draws the action card in secret, the active player acts until the
//! card's actions are used, then melee combat is fought wherever both sides
//! stand. If the initiative token is still on the active player's side, they
//! get another turn (with no tokens removed); otherwise the opponent begins.

use super::DeathOnTheRails;
use crate::map::AreaSet;
use crate::state::{Action, CombatMode, Event, Phase, Place, Resume, State, flag};
use engine::Side;

impl DeathOnTheRails {
    /// The actions (section 6): movement, fire or pass; (with the additional rules)
    /// artillery fire, sabotage and explosive charges are fire actions too.
    pub(crate) fn action_choices(&self, s: &State, out: &mut Vec<Action>) {
        if self.retreat_pending(s) {
            // Advanced rules: units cut off from their friends move first.
            self.retreat_choices(s, out);
            return;
        }
        self.move_choices(s, out);
        self.train_choices(s, out);
        self.fire_choices(s, out);
        self.artillery_choices(s, out);
        self.sabotage_choices(s, out);
        out.push(Action::Pass);
    }

    pub(crate) fn begin_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Move { from } => {
                s.phase = Phase::MoveGroup {
                    from,
                    group: Default::default(),
                    extra: false,
                };
            }
            Action::MoveTrain => s.phase = Phase::TrainMove { steps: 0 },
            Action::Fire { lead } => {
                s.phase = Phase::Fire {
                    mode: CombatMode::Fire,
                    lead,
                    supports: Default::default(),
                }
            }
            Action::Artillery { unit } => s.phase = Phase::ArtilleryAim { unit },
            Action::Sabotage { unit } => self.sabotage(s, unit, ev),
            Action::PlantCharges { unit } => self.plant_charges(s, unit, ev),
            Action::Pass => {
                ev.push(Event::Passed { side: s.active });
                self.finish_action(s, ev);
            }
            other => unreachable!("{other:?} is not an action choice"),
        }
    }

    /// Goes on where a nested decision interrupted.
    pub(crate) fn resume(&self, s: &mut State, then: Resume, ev: &mut Vec<Event>) {
        if self.check_victory(s, ev) {
            return;
        }
        match then {
            Resume::FinishAction => self.finish_action(s, ev),
            Resume::FinishReaction => {
                // 6.3: after reaction fire the token moves one step towards the active player.
                self.step_initiative(s, s.active, ev);
                self.finish_action(s, ev);
            }
            Resume::Melee(area) => self.run_melee(s, area, true, ev),
            Resume::AfterReinforcements => self.run_melee(s, 0, false, ev),
        }
    }

    /// After each action: the initiative token moves one step towards the
    /// enemy and one action token is turned. When the card's actions are used
    /// up, the opponent says so and the turn ends.
    pub(crate) fn finish_action(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.reinforcements_waiting(s) {
            // Kiltsi: the Russian reinforcements enter after the first attack.
            self.enter_reinforcements(s, crate::RUSSIA, Resume::FinishAction, false, ev);
            return;
        }
        let side = s.active;
        self.step_initiative(s, side.other(), ev);
        s.actions_done += 1;
        s.just_moved = Default::default();
        ev.push(Event::ActionDone {
            side,
            number: s.actions_done,
        });
        if self.check_victory(s, ev) {
            return;
        }
        let allowed = s
            .card
            .map(|c| self.sc().cards[c as usize].actions)
            .unwrap_or(0);
        if s.actions_done >= allowed {
            ev.push(Event::ActionsUsedUp {
                side,
                actions: s.actions_done,
            });
            self.end_turn(s, ev);
        } else {
            s.phase = Phase::ChooseAction;
            self.disband_stuck_retreats(s, ev);
        }
    }

    /// Moves the initiative token one step towards `toward`'s end of the track.
    /// Side A (Estonia) holds the positive positions, side B the negative ones;
    /// there is no zero.
    pub(crate) fn step_initiative(&self, s: &mut State, toward: Side, ev: &mut Vec<Event>) {
        let from = s.initiative;
        let track = self.sc().track;
        let to = match toward {
            Side::A => {
                if from == -1 {
                    1
                } else {
                    (from + 1).min(track)
                }
            }
            Side::B => {
                if from == 1 {
                    -1
                } else {
                    (from - 1).max(-track)
                }
            }
        };
        if to != from {
            s.initiative = to;
            ev.push(Event::InitiativeMoved { from, to });
        }
    }

    pub(crate) fn initiative_side(&self, s: &State) -> Side {
        if s.initiative > 0 { Side::A } else { Side::B }
    }

    /// The end of the active player's turn.
    pub(crate) fn end_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.may_call_reinforcements(s) {
            s.phase = Phase::CallReinforcements;
            return;
        }
        // 9.2: melee combat in every area holding units of both sides.
        self.run_melee(s, 0, false, ev);
    }

    /// After melee: the turn is over. Check the initiative track.
    pub fn end_turn_finish(&self, s: &mut State, ev: &mut Vec<Event>) {
        // Advanced rules: units that had to retreat and did not are disbanded.
        self.disband_unretreated(s, ev);
        if let Some(card) = s.card.take() {
            s.discard.push(card);
        }
        if self.check_victory(s, ev) {
            return;
        }
        let keeps = self.initiative_side(s) == s.active;
        if !keeps {
            s.active = s.active.other();
        }
        self.begin_turn(s, !keeps, ev);
    }

    /// The beginning of a turn. `new_initiative`: the active player changed.
    pub fn begin_turn(&self, s: &mut State, new_initiative: bool, ev: &mut Vec<Event>) {
        for u in s.units.iter_mut() {
            u.flags &= !(flag::FIRED | flag::MOVED | flag::EXTRA_MOVE_USED);
        }
        s.turn += 1;
        ev.push(Event::TurnBegins {
            side: s.active,
            turn: s.turn,
            new_initiative,
        });
        if new_initiative {
            // Advanced rules: checked before the artillery tokens come off.
            if s.advanced {
                self.mark_isolated(s, ev);
            }
            let mut areas = AreaSet::EMPTY;
            for (a, t) in s.artillery_tokens.iter_mut().enumerate() {
                if *t > 0 {
                    *t -= 1;
                    areas.insert(a as u8);
                }
            }
            if !areas.is_empty() {
                ev.push(Event::ArtilleryTokensRemoved { areas });
            }
        }
        if s.fog {
            self.fog_check(s, ev);
        }
        // The opponent draws the action card and keeps it to themselves.
        let card = self.draw_card(s, ev);
        s.card = Some(card);
        s.actions_done = 0;
        ev.push(Event::ActionCardDrawn {
            side: s.active,
            card: Some(card),
            actions: Some(self.sc().cards[card as usize].actions),
        });
        s.phase = Phase::ChooseAction;
        self.disband_stuck_retreats(s, ev);
    }

    /// Whether a unit is on the map.
    pub(crate) fn on_map(&self, s: &State, u: crate::UnitId) -> bool {
        matches!(s.units[u as usize].place(), Place::Area(_))
    }
}
