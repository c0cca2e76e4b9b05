//! Out-of-turn decisions: where the rules let the side that is not acting
//! decide (a unit in hard cover ignoring a retire; shooting at or fleeing
//! from chargers, counter-charging, close-range return fire, evading when
//! shot at, Clever officers pre-empting, springing an ambush, Storm and
//! Specialist swaps, the charger's choice after its target fled).
//!
//! The mechanism: a rule that lets a side decide pushes a [`Question`] on
//! `State::questions` (and stops what it was doing, leaving the rest to the
//! answer). While a question is open its side decides, its answers are the
//! only legal actions, and the phase (the acting unit's segment) waits;
//! answering pops it and the segment goes on. Each section that asks adds
//! its [`Ask`] variant, its answers in [`RedActions::answers`] and their
//! effect in [`RedActions::answer`].

use super::RedActions;
use crate::state::{Action, Ask, Event, Phase, Question, State, UnitId};
use engine::Side;

impl RedActions {
    /// The open question, if any (the last asked).
    pub fn question<'a>(&self, s: &'a State) -> Option<&'a Question> {
        s.questions.last()
    }

    /// Puts a question to a side (once: the same question is not asked
    /// twice while open).
    pub(crate) fn ask(&self, s: &mut State, side: Side, ask: Ask, ev: &mut Vec<Event>) {
        let question = Question { side, ask };
        if !s.questions.contains(&question) {
            s.questions.push(question.clone());
            ev.push(Event::Asked { question });
        }
    }

    /// Every answer to the question (a finite list).
    pub fn answers(&self, s: &State, q: &Question, out: &mut Vec<Action>) {
        match q.ask {
            Ask::IgnoreRetire { unit } => {
                out.push(Action::HoldCover { unit });
                out.push(Action::TakeRetire { unit });
            }
            Ask::SpringAmbush { unit, target } => {
                if self.may_spring(s, unit, target) {
                    out.push(Action::Spring { unit, target });
                }
                if self.may_charge_from_ambush(s, unit, target) {
                    out.push(Action::Charge { unit, target });
                }
                out.push(Action::LieLow { unit });
            }
            Ask::SwapRetire { unit } => {
                out.push(Action::SwapRetire { unit });
                if self.may_hold_cover(s, unit) {
                    out.push(Action::HoldCover { unit });
                }
                out.push(Action::TakeRetire { unit });
            }
            Ask::PreEmpt { clever, .. } => {
                out.push(Action::PreEmpt { unit: clever });
                out.push(Action::LetAct { unit: clever });
            }
            Ask::Charged { .. } | Ask::TargetFled { .. } => self.charge_answers(s, q, out),
            Ask::ChooseOfficer { unit, drawn } => {
                for token in self.distinct_drawn(s.unit(unit).side, drawn) {
                    out.push(Action::KeepOfficer { unit, token });
                }
            }
            Ask::ReturnFire { shooter, target } => {
                out.push(Action::ReturnFire {
                    unit: target,
                    target: shooter,
                });
                out.push(Action::HoldFire { unit: target });
            }
            Ask::EvadeShot { target, .. } => {
                out.push(Action::Evade { unit: target });
                out.push(Action::NoEvade { unit: target });
            }
        }
    }

    /// Why `a` is not an answer to the open question (`None`: it is, or no
    /// question is open).
    pub(crate) fn answer_refusal(&self, s: &State, side: Side, a: &Action) -> Option<String> {
        let q = self.question(s)?;
        if q.side != side {
            return Some(format!(
                "{} must answer first: {}",
                self.side_name_of(q.side),
                crate::text::question(self, s, q)
            ));
        }
        let mut answers = Vec::new();
        self.answers(s, q, &mut answers);
        if answers.contains(a) {
            None
        } else {
            Some(format!(
                "that does not answer the question: {}",
                crate::text::question(self, s, q)
            ))
        }
    }

    /// Carries out a legal answer, then lets the waiting phase go on.
    pub(crate) fn answer(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) {
        let Some(q) = s.questions.pop() else {
            return;
        };
        match (q.ask, *a) {
            (Ask::IgnoreRetire { unit }, Action::HoldCover { .. }) => {
                s.unit_mut(unit).held_in_cover = true;
                ev.push(Event::HeldCover { unit });
            }
            (Ask::IgnoreRetire { unit }, Action::TakeRetire { .. })
            | (Ask::SwapRetire { unit }, Action::TakeRetire { .. }) => {
                self.retire_now(s, unit, ev);
            }
            (Ask::SpringAmbush { unit, target }, a) => {
                self.answer_spring(s, unit, target, &a, ev);
            }
            (Ask::SwapRetire { unit }, Action::HoldCover { .. }) => {
                s.unit_mut(unit).held_in_cover = true;
                ev.push(Event::HeldCover { unit });
            }
            (Ask::SwapRetire { unit }, Action::SwapRetire { .. }) => {
                self.swap_retire(s, unit, ev);
            }
            (Ask::ChooseOfficer { unit, drawn }, Action::KeepOfficer { token, .. }) => {
                s.unit_mut(unit).officer = Some(crate::state::Officer { token });
                let drawn = drawn
                    .iter()
                    .filter(|&&t| t != crate::state::NO_TOKEN)
                    .count() as u8;
                ev.push(Event::OfficerKept { unit, token, drawn });
                // The last senior officer has chosen: the first turn.
                if s.turn == 0
                    && !s
                        .questions
                        .iter()
                        .any(|q| matches!(q.ask, Ask::ChooseOfficer { .. }))
                {
                    self.begin_turn(s, ev);
                }
            }
            (Ask::PreEmpt { clever, enemy }, Action::PreEmpt { .. }) => {
                self.preempt(s, clever, enemy, ev);
            }
            (Ask::ReturnFire { shooter, target }, Action::ReturnFire { .. }) => {
                self.return_fire(s, shooter, target, ev);
            }
            (Ask::ReturnFire { shooter, target }, Action::HoldFire { .. }) => {
                self.fire(s, shooter, target, crate::state::FireMode::Direct, ev);
            }
            (
                Ask::EvadeShot {
                    shooter,
                    target,
                    fire,
                },
                a,
            ) => {
                let evades = matches!(a, Action::Evade { .. });
                self.answer_evade_shot(s, shooter, target, fire, evades, ev);
            }
            (Ask::Charged { .. } | Ask::TargetFled { .. }, a) => {
                self.answer_charge(s, q.ask, a, ev)
            }
            _ => {}
        }
        self.resume(s, ev);
    }

    /// After an answer: when no question is left, the acting unit goes on
    /// (or its segment ends when it can do nothing more).
    pub(crate) fn resume(&self, s: &mut State, ev: &mut Vec<Event>) {
        if self.charge_waits(s) || s.outcome.is_some() {
            return;
        }
        // A charge waiting on the answers goes on first (an ambusher's
        // charge out of turn before the other ambushers' questions).
        self.charge_step(s, ev);
        if !s.questions.is_empty() || s.outcome.is_some() {
            return;
        }
        if let Phase::Acting(seg) = s.phase {
            self.after_action(s, seg.unit, ev);
        }
    }

    /// Whether a unit ignoring a retire now may (Retire Results: hard
    /// cover, not a Mob, once a turn).
    pub fn may_hold_cover(&self, s: &State, id: UnitId) -> bool {
        let u = s.unit(id);
        !u.held_in_cover
            && !self.has_trait(s, id, crate::scenario::Trait::Mob)
            && matches!(
                self.cover_of(s, id),
                crate::scenario::Cover::Hard
                    | crate::scenario::Cover::Stone
                    | crate::scenario::Cover::SuperHard
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Cover;
    use crate::state::{Phase, Status};
    use engine::param::{Degrees, Inches, Point, Pose};
    use engine::{Options, Ruleset};

    /// White's 1st Volunteer company just inside the birch wood's west edge,
    /// Red's 1st battalion acting (its segment open), everyone else away.
    fn in_the_wood() -> (RedActions, State, UnitId, UnitId) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml");
        let r = RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut s = r.setup(&Options::new(), 1).unwrap();
        r.keep_officers_as_drawn(&mut s);
        for u in s.units.iter_mut() {
            u.status = Status::Waiting;
            u.acted = true;
        }
        let find = |key: &str| r.sc().units.iter().position(|u| u.id == key).unwrap() as UnitId;
        let (red, white) = (find("r_reg1"), find("w_vol1"));
        for (u, x, facing) in [(white, 55, 270), (red, 45, 90)] {
            let unit = s.unit_mut(u);
            unit.status = Status::OnTable;
            unit.formation.front = Pose {
                at: Point {
                    x: Inches::whole(x),
                    y: Inches::whole(9),
                },
                facing: Degrees::whole(facing),
            };
        }
        // No officer traits (a Storm or Specialist officer would ask
        // about swapping the retire instead).
        s.unit_mut(white).officer = None;
        let seg = r.segment_of(&s, red);
        s.phase = Phase::Acting(seg);
        (r, s, red, white)
    }

    #[test]
    fn retire_results_hard_cover_ignores_one_retire_a_turn() {
        let (r, mut s, red, white) = in_the_wood();
        assert_eq!(r.cover_of(&s, white), Cover::Hard, "woods are hard cover");
        let at = s.unit(white).formation.front.at;
        let mut ev = Vec::new();
        r.retire(&mut s, white, &mut ev);
        // White decides, out of Red's segment; Red may do nothing meanwhile.
        assert_eq!(r.decider(&s), Some(engine::Side::A));
        assert_eq!(s.unit(white).formation.front.at, at, "not moved yet");
        let mut answers = Vec::new();
        r.choices(&s, engine::Side::A, &mut answers);
        assert_eq!(
            answers,
            vec![
                Action::HoldCover { unit: white },
                Action::TakeRetire { unit: white }
            ]
        );
        let mut none = Vec::new();
        r.choices(&s, engine::Side::B, &mut none);
        assert!(none.is_empty());
        let before = s.clone();
        let refused = r.apply(
            &mut s,
            engine::Side::B,
            &Action::Done { unit: red },
            &mut ev,
        );
        assert!(refused.is_err(), "Red waits for the answer");
        assert_eq!(s, before);
        assert!(
            r.refusal(&s, engine::Side::A, &Action::Done { unit: white })
                .unwrap()
                .contains("does not answer")
        );
        r.apply(
            &mut s,
            engine::Side::A,
            &Action::HoldCover { unit: white },
            &mut ev,
        )
        .unwrap();
        assert_eq!(s.unit(white).formation.front.at, at, "it stayed");
        assert_eq!(
            r.decider(&s),
            Some(engine::Side::B),
            "Red's segment goes on"
        );
        // The second retire this turn is not asked: it is carried out.
        r.retire(&mut s, white, &mut ev);
        assert!(s.questions.is_empty());
        assert_ne!(s.unit(white).formation.front.at, at, "it retired");
    }

    #[test]
    fn retire_results_a_unit_may_choose_to_retire_from_cover() {
        let (r, mut s, _, white) = in_the_wood();
        let at = s.unit(white).formation.front.at;
        let mut ev = Vec::new();
        r.retire(&mut s, white, &mut ev);
        r.apply(
            &mut s,
            engine::Side::A,
            &Action::TakeRetire { unit: white },
            &mut ev,
        )
        .unwrap();
        assert_eq!(
            s.unit(white).formation.front.at.x,
            Inches(at.x.0 + 300),
            "3\" back (it faces west)"
        );
        assert!(!s.unit(white).held_in_cover);
    }

    #[test]
    fn retire_results_in_the_open_there_is_nothing_to_ask() {
        let (r, mut s, _, white) = in_the_wood();
        s.unit_mut(white).formation.front.at.x = Inches::whole(30);
        s.unit_mut(white).formation.front.at.y = Inches::whole(50);
        let mut ev = Vec::new();
        r.retire(&mut s, white, &mut ev);
        assert!(s.questions.is_empty());
        assert!(ev.iter().any(|e| matches!(e, Event::Retired { .. })));
    }
}
