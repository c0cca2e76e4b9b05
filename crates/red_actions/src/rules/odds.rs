//! The odds of a choice before it is made, for the side about to choose:
//! every way the dice can fall, counted through the same functions and
//! table cells the rules roll with — `plan` and `shooting_cell` for the
//! Shooting Table, `direct_hit_number` and `HitNumber::hits` for direct
//! hits, `morale_parts` and `test_passes` for every morale test,
//! `close_in`, `combat_sums` and `combat` for a fight, the sections' own
//! thresholds for the single dice (scouting, getting a vehicle going, the
//! Clever officer, the Mob, wire, fires, breakdowns).
//!
//! What a choice brings after its first roll (the fear and serious tests
//! of a Kill!, an S! or a lost officer, gas's and an ambush's fear test,
//! return fire calling a charge off, how a charge ends, friends run
//! through by a router, the dice of a move) is counted by
//! [`RedActions::play_out`]: the action itself, played on a copy of the
//! state for every way the rolls that matter can fall, each roll split
//! only as the rules tell it apart (a test passed or failed, a hit or a
//! miss, each table result, an officer lost or not), with dice set on the
//! table and a generator of its own (never the game's).
//!
//! What they are worked out from is what the side may see: the state with
//! every enemy unit hidden from it (in ambush or under a marker) taken off
//! the table and the enemy's dummies gone (`as_seen_by`), so that no secret
//! goes into the sums — a hidden senior officer's morale modifier, a
//! hidden friend that checks a flank. Hidden units cannot be aimed at or
//! charged, and scouting tells only the chance of finding whatever hides
//! there. What the enemy still has to decide (a charged unit's answer) is
//! assumed (it stands) and said so.

use super::RedActions;
use super::barbed_wire::{WIRE_CROSS_ON, WIRE_CUT_ON, wire_roll};
use super::buildings::fire_markers_after;
use crate::geometry::Aspect;
use crate::scenario::Category;
use crate::state::{Action, Ask, Charge, ChargeStage, Event, FireMode, State, Test, UnitId};
use crate::tables::{CombatResult, Outcome, Who};
use engine::Side;
use engine::odds::{Distribution, Method, Odds};
use std::borrow::Cow;

use super::combat::TWO_D6;

/// The words of a test's outcomes: "passed: …" and "failed: …".
pub const PASSED: &str = "passed";
pub const FAILED: &str = "failed";

impl RedActions {
    /// The odds of `a` for `side` (`None`: no dice hang on it, or it is
    /// not a legal choice now).
    pub fn odds_of(&self, s: &State, side: Side, a: &Action) -> Option<Odds> {
        if matches!(a, Action::Select { .. }) {
            return None;
        }
        if self.refusal_of(s, side, a).is_some() {
            return None;
        }
        let seen = self.as_seen_by(s, side);
        let s = &*seen;
        let odds = match *a {
            Action::Shoot { .. }
            | Action::Fire { .. }
            | Action::Spring { .. }
            | Action::ShootChargers { .. }
            | Action::ReturnFire { .. } => self.fire_chances(s, side, a),
            Action::Charge { .. } => self.charge_chances(s, a),
            Action::StandCharge { .. } => self.answer_fight_odds(s, false),
            Action::RunOn { unit } => self.run_on_odds(s, side, a, unit),
            Action::Combine { unit, with } => self.combine_odds(s, side, a, unit, with),
            Action::Advance { unit, .. }
            | Action::Wheel { unit, .. }
            | Action::Turn { unit, .. }
            | Action::March { unit } => self.move_dice_odds(s, side, a, unit),
            Action::CounterCharge { .. } => self.answer_fight_odds(s, true),
            Action::RallyRout { unit } => Some(self.rally_rout_odds(s, unit)),
            Action::Rout { .. } | Action::FleeCharge { .. } => None,
            Action::Unpin { unit } => Some(self.single_test(
                s,
                unit,
                Test::Rally,
                "the pinned test (a rally test)",
                "the pinned marker goes",
                "it stays pinned",
            )),
            Action::RallyTrain { unit } => Some(self.single_test(
                s,
                unit,
                Test::Rally,
                "the engine's rally test",
                "the train stops making for the edge",
                "it runs on for the edge",
            )),
            Action::PreEmpt { .. } => Some(one_die(
                "the Clever officer's d6",
                super::officers::PRE_EMPT_ON,
                "his unit acts now, before the enemy",
                "the enemy acts first",
            )),
            Action::Repair { .. } => Some(one_die(
                "getting going again (a d6)",
                super::vehicles::FREED_ON,
                "it is going again",
                "it stays stuck this segment",
            )),
            Action::Scout { .. } => Some(one_die(
                "the scouting d6",
                super::ambushes::SCOUT_NEEDS,
                "whatever enemy hides there is found",
                "nothing is found, whether or not anything is there",
            )),
            Action::CrossWire { unit } => self.wire_odds(s, unit),
            Action::Evade { unit } | Action::NoEvade { unit } => {
                self.evade_answer_odds(s, side, a, unit)
            }
            Action::Done { unit } if self.breakdown_due(s, unit) => {
                let breaks = super::vehicles::BREAKS_ON;
                Some(Odds {
                    parts: vec![Distribution::new(
                        "the breakdown die (faster than half speed)",
                        (1..=6u8)
                            .map(|d| {
                                let words = if d == breaks {
                                    "broken down: it must get going again"
                                } else {
                                    "it runs on"
                                };
                                (words.to_string(), 1.0 / 6.0)
                            })
                            .collect(),
                    )],
                    method: Method::Exact,
                    notes: vec![format!("it breaks down on a {breaks}")],
                })
            }
            Action::SetFire { building, .. } => Some(self.fire_marker_odds(s, building, false)),
            Action::FightFire { building, .. } => Some(self.fire_marker_odds(s, building, true)),
            _ => None,
        };
        let odds = self.with_fight_fates(s, side, a, odds);
        let odds = self.with_friends_tests(s, side, a, odds);
        self.with_mob_roll(s, a, odds)
    }

    /// How a charge ends for both units, every test and roll after the
    /// choice counted through the rules (a charge assumes the target
    /// stands): the fight's result and what it brings — a humiliated
    /// unit's fear test, officers lost and their units' tests, pursuit.
    fn with_fight_fates(
        &self,
        s: &State,
        side: Side,
        a: &Action,
        odds: Option<Odds>,
    ) -> Option<Odds> {
        let (charger, target) = match *a {
            Action::Charge { unit, target } => (unit, target),
            Action::StandCharge { .. }
            | Action::CounterCharge { .. }
            | Action::ShootChargers { .. } => match s.charge {
                Some(c) => (c.charger, c.target),
                None => return odds,
            },
            _ => return odds,
        };
        let mut o = odds?;
        let charging = matches!(a, Action::Charge { .. });
        let (mine, theirs) = if charging {
            (charger, target)
        } else {
            (target, charger)
        };
        let enemy = s.unit(target).side;
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            if let Some(u) = t.units.get_mut(a.unit() as usize) {
                u.more.preempt_tried = true;
            }
            if self.refusal_of(t, side, a).is_some() {
                return;
            }
            self.act(t, side, a, ev);
            // The target's answer, assumed: it stands.
            let stand = Action::StandCharge { unit: target };
            if charging
                && matches!(self.question(t).map(|q| q.ask), Some(Ask::Charged { .. }))
                && self.refusal_of(t, enemy, &stand).is_none()
            {
                self.act(t, enemy, &stand, ev);
            }
        };
        let matters = |e: &Event| {
            matches!(
                e,
                Event::MoraleTest { .. }
                    | Event::Combat { .. }
                    | Event::OfficerRoll { .. }
                    | Event::Pursuit { die: Some(_), .. }
                    | Event::Shot { .. }
            )
        };
        let fate = |t: &State, ev: &[Event], u: UnitId| -> &'static str {
            if !t.unit(u).on_table() {
                "gone"
            } else if t.unit(u).routing && !s.unit(u).routing {
                "routs"
            } else if ev
                .iter()
                .any(|e| matches!(*e, Event::Retired { unit, .. } if unit == u))
                || t.questions.iter().any(|q| {
                    matches!(q.ask, Ask::IgnoreRetire { unit } | Ask::SwapRetire { unit } if unit == u)
                })
            {
                "retires"
            } else {
                "stands"
            }
        };
        let outcome = |t: &State, ev: &[Event]| -> Vec<String> {
            let fought = ev.iter().any(|e| matches!(e, Event::Combat { .. }));
            let failed = ev.iter().any(|e| {
                matches!(*e, Event::MoraleTest { unit, test: Test::Charge, passed: false, .. } if unit == charger)
            });
            let off = ev
                .iter()
                .any(|e| matches!(*e, Event::ChargeCancelled { unit } if unit == charger));
            vec![if off {
                format!(
                    "the charge called off, the chargers {}",
                    fate(t, ev, charger)
                )
            } else if fought {
                let other = if charging {
                    "the target"
                } else {
                    "the chargers"
                };
                format!(
                    "yours {}, {other} {}",
                    fate(t, ev, mine),
                    fate(t, ev, theirs)
                )
            } else if failed {
                "no charge: the test failed".into()
            } else if ev
                .iter()
                .any(|e| matches!(e, Event::CrewSurrendered { .. }))
            {
                "the crews surrender".into()
            } else if !t.unit(target).on_table() || t.unit(target).routing {
                "the target runs before the fight".into()
            } else {
                "no fight".into()
            }]
        };
        match self.play_out(s, &act, &matters, &outcome) {
            Some(mut ways) => {
                if let Some(w) = ways.pop() {
                    o.parts.push(Distribution::new("how it ends", w));
                    o.notes.push(if charging {
                        "how it ends: if the target stands, every test and roll counted".into()
                    } else {
                        "how it ends: every test and roll after the fight counted".into()
                    });
                }
            }
            None => o
                .notes
                .push("too many ways for how it ends to be counted".into()),
        }
        Some(o)
    }

    /// A unit that routs (running its move, fleeing a charge, failing to
    /// rally) runs through or past friends, who take fear and serious
    /// tests: what becomes of them, every way those tests can go, through
    /// the rules. Added when some friend may be tested.
    fn with_friends_tests(
        &self,
        s: &State,
        side: Side,
        a: &Action,
        odds: Option<Odds>,
    ) -> Option<Odds> {
        let id = match *a {
            Action::Rout { unit } | Action::FleeCharge { unit } | Action::RallyRout { unit } => {
                unit
            }
            _ => return odds,
        };
        let mine = s.unit(id).side;
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            if self.refusal_of(t, side, a).is_none() {
                self.act(t, side, a, ev);
            }
        };
        let matters = |e: &Event| matches!(e, Event::MoraleTest { .. });
        let outcome = |t: &State, ev: &[Event]| -> Vec<String> {
            let friend = |u: UnitId| u != id && t.unit(u).side == mine;
            let tested = ev
                .iter()
                .any(|e| matches!(*e, Event::MoraleTest { unit, .. } if friend(unit)));
            let count = |f: &dyn Fn(&Event) -> Option<UnitId>| {
                let mut v: Vec<UnitId> = ev.iter().filter_map(f).filter(|&u| friend(u)).collect();
                v.sort_unstable();
                v.dedup();
                v.len()
            };
            let routed = count(&|e| match *e {
                Event::Routs { unit } => Some(unit),
                _ => None,
            });
            let retired = count(&|e| match *e {
                Event::Retired { unit, .. } => Some(unit),
                _ => None,
            });
            vec![match (tested, routed, retired) {
                (false, ..) => "no friend tested".to_string(),
                (true, 0, 0) => "every friend tested holds".to_string(),
                (true, r, 0) => format!("{r} friend{} rout", if r == 1 { "" } else { "s" }),
                (true, 0, n) => format!("{n} friend{} retire", if n == 1 { "" } else { "s" }),
                (true, r, n) => format!("{r} friend(s) rout, {n} retire"),
            }]
        };
        let Some(mut ways) = self.play_out(s, &act, &matters, &outcome) else {
            let mut o = odds?;
            o.notes
                .push("too many ways for the friends' tests to be counted".into());
            return Some(o);
        };
        let d = Distribution::new("your friends in its way", ways.pop()?);
        if d.p("no friend tested") > 1.0 - 1e-12 {
            return odds;
        }
        let mut o = odds.unwrap_or(Odds {
            parts: Vec::new(),
            method: Method::Exact,
            notes: Vec::new(),
        });
        o.parts.push(d);
        o.notes.push(
            "friends run through take a fear test, those of no better class passed within 8\" a serious test"
                .into(),
        );
        Some(o)
    }

    /// The table as `side` sees it: enemy units hidden from it off the
    /// table, the enemy's dummy markers gone (borrowed when nothing is
    /// hidden from it).
    pub fn as_seen_by<'a>(&self, s: &'a State, side: Side) -> Cow<'a, State> {
        let hidden = |u: &crate::state::Unit| u.side != side && u.hidden && u.on_table();
        if !s.units.iter().any(hidden) && !s.dummies.iter().any(|d| d.side != side) {
            return Cow::Borrowed(s);
        }
        let mut seen = s.clone();
        for u in seen.units.iter_mut() {
            if hidden(u) {
                u.status = crate::state::Status::Waiting;
            }
        }
        seen.dummies.retain(|d| d.side == side);
        Cow::Owned(seen)
    }

    /// The 2d6 rolls (of 36) that pass a test of success number `number`.
    pub fn test_in_36(&self, number: i32) -> u32 {
        (2..=12)
            .filter(|&r| self.test_passes(r, number))
            .map(|r| TWO_D6[r as usize - 2])
            .sum()
    }

    /// A morale test of `id` as it stands: passed or failed, with what
    /// each means.
    fn test_part(
        &self,
        s: &State,
        id: UnitId,
        test: Test,
        extra: i32,
        subject: &str,
        [pass, fail]: [&str; 2],
    ) -> (Distribution, String) {
        let parts = self.morale_parts(s, id, test);
        let number = parts.iter().sum::<i32>() + extra;
        let p = self.test_in_36(number) as f64 / 36.0;
        let d = Distribution::new(
            subject,
            vec![
                (format!("{PASSED}: {pass}"), p),
                (format!("{FAILED}: {fail}"), 1.0 - p),
            ],
        );
        let note = format!(
            "{subject}: 2d6 at most {number} (card {}, officers {:+}, place {:+}, weather {:+}{}), {} always fails",
            parts[0],
            parts[1],
            parts[2],
            parts[3],
            if extra != 0 {
                format!(", other {extra:+}")
            } else {
                String::new()
            },
            self.sc().tables.morale.always_fails
        );
        (d, note)
    }

    /// Odds of a single morale test.
    fn single_test(
        &self,
        s: &State,
        id: UnitId,
        test: Test,
        subject: &str,
        pass: &str,
        fail: &str,
    ) -> Odds {
        let (d, note) = self.test_part(s, id, test, 0, subject, [pass, fail]);
        let mut notes = vec![note];
        if s.unit(id).more.replace_officer {
            notes.push("a new officer is drawn first: his modifier is not counted".into());
        }
        Odds {
            parts: vec![d],
            method: Method::Exact,
            notes,
        }
    }

    /// Rallying from rout: what a failure means depends on the options
    /// and on the troops (machine guns and mortars leave their weapons).
    fn rally_rout_odds(&self, s: &State, id: UnitId) -> Odds {
        let fail = if s.option("rout_standard_ra") {
            "it runs again (by more than 2, or on 12, it is gone)"
        } else if self.abandons_weapons(s.unit(id)) {
            "the team leaves its weapons and is gone"
        } else {
            "a humiliated marker, and it runs again"
        };
        let mut odds = self.single_test(
            s,
            id,
            Test::Rally,
            "the rally test",
            "it rallies: its terror goes",
            fail,
        );
        if s.option("rout_standard_ra") {
            // Failed by more than 2 (or 12): gone.
            let number = self.morale_number(s, id, Test::Rally);
            let gone: u32 = (2..=12)
                .filter(|&r| !self.test_passes(r, number) && (r - number > 2 || r == 12))
                .map(|r| TWO_D6[r as usize - 2])
                .sum();
            let pass = self.test_in_36(number);
            odds.parts[0] = Distribution::new(
                "the rally test",
                vec![
                    (
                        format!("{PASSED}: it rallies: its terror goes"),
                        pass as f64 / 36.0,
                    ),
                    (
                        format!("{FAILED}: it runs again"),
                        (36 - pass - gone) as f64 / 36.0,
                    ),
                    (
                        format!("{FAILED}: by more than 2, it is gone"),
                        gone as f64 / 36.0,
                    ),
                ],
            );
        }
        odds
    }

    /// Any fire (direct, observed, speculative, gas): the direct hits, the
    /// Shooting Table, gas's fear test. Harassing fire rolls nothing.
    fn shot_odds(&self, s: &State, unit: UnitId, target: UnitId, mode: FireMode) -> Option<Odds> {
        if mode == FireMode::Harassing {
            return None;
        }
        let plan = self.plan(s, unit, target, mode)?;
        let mut parts = Vec::new();
        let mut notes = vec![format!(
            "{} base{} firing, total {}{}, column shift {:+}",
            plan.sums.bases,
            if plan.sums.bases == 1 { "" } else { "s" },
            plan.sums.total,
            if plan.sums.long_range {
                " (long range)"
            } else {
                ""
            },
            plan.sums.shift
        )];
        if plan.factor != (1, 1) {
            notes.push(format!(
                "the mode's factor ×{}/{}",
                plan.factor.0, plan.factor.1
            ));
        }
        if self.rolls_direct_hits(s, unit)
            && let Some(n) = self.direct_hit_number(s, unit, target, plan.range, plan.observed_add)
        {
            let in_36: u32 = (2..=12u8)
                .filter(|&r| n.hits(r))
                .map(|r| TWO_D6[r as usize - 2])
                .sum();
            parts.push(direct_hits(plan.sums.bases, in_36, n.total()));
            notes.push(format!(
                "direct hits first: {}+ on 2d6 for each base (card {}, range +{}, ammunition +{}, observed +{}); \
                 each hit takes a base and brings a fear test, the rolls stop when the target is gone",
                n.total(),
                n.card,
                n.range,
                n.poor,
                n.observed
            ));
        }
        let hits_only = matches!(
            mode,
            FireMode::Speculative
                | FireMode::Observed {
                    speculative: true,
                    ..
                }
        ) && self.building_of(s, target).is_some();
        if hits_only {
            notes.push("speculative fire at a building: direct hits only".into());
        } else if !self.table_applies(s, unit, target) {
            parts.push(Distribution::new(
                "the target",
                vec![("no Shooting Table effect".into(), 1.0)],
            ));
            notes.push("the Shooting Table does not apply to this target".into());
        } else {
            let tables = &self.sc().tables;
            let column = tables.shooting_column(plan.sums.total);
            let outcomes = (2..=12u8)
                .map(|roll| {
                    let e = match column {
                        Some(c) => tables.shooting_cell(roll, c as i32 + plan.sums.shift),
                        None => crate::tables::Effect::NONE,
                    };
                    (
                        crate::text::effect(&e),
                        TWO_D6[roll as usize - 2] as f64 / 36.0,
                    )
                })
                .collect();
            parts.push(Distribution::new("the target", outcomes));
        }
        if self.cat(s.unit(unit)) == Category::Tank
            && !self.cat(s.unit(target)).is_vehicle()
            && self.cover_of(s, target) != crate::scenario::Cover::SuperHard
        {
            notes.push("a tank's fire: one terror marker more".into());
        }
        Some(Odds {
            parts,
            method: Method::Exact,
            notes,
        })
    }

    /// Fire of any kind, and what it brings after the table: the tests of
    /// a Kill!, an S!, a lost officer, gas's and an ambush's fear test
    /// (each way they can go, through the rules), and for fire at chargers
    /// whether the charge is called off.
    fn fire_chances(&self, s: &State, side: Side, a: &Action) -> Option<Odds> {
        let (unit, target, mode, test, charger) = match *a {
            Action::Shoot { unit, target } => (unit, target, FireMode::Direct, None, None),
            Action::Fire { unit, target, mode } => {
                let gas = (mode == FireMode::Gas && !self.cat(s.unit(target)).is_vehicle())
                    .then_some((Test::Fear, "the target's fear test (gas)"));
                (unit, target, mode, gas, None)
            }
            Action::Spring { unit, target } => {
                let t = s.unit(target);
                let tested = (t.ambushed_turn != s.turn && !t.routing)
                    .then_some((Test::Fear, "the target's fear test (ambushed)"));
                (unit, target, FireMode::Direct, tested, None)
            }
            Action::ShootChargers { unit } => {
                let Some(Ask::Charged { charger, target }) = self.question(s).map(|q| q.ask) else {
                    return None;
                };
                if target != unit {
                    return None;
                }
                (unit, charger, FireMode::Direct, None, Some(charger))
            }
            Action::ReturnFire { unit, target } => {
                let Some(Ask::ReturnFire {
                    shooter,
                    target: shot,
                }) = self.question(s).map(|q| q.ask)
                else {
                    return None;
                };
                if (shooter, shot) != (target, unit) {
                    return None;
                }
                (unit, target, FireMode::Direct, None, None)
            }
            _ => return None,
        };
        let mut odds = self.shot_odds(s, unit, target, mode)?;
        match self.after_fire(s, side, a, target, test, charger) {
            Some(parts) => {
                odds.parts.extend(parts);
                odds.notes.push(
                    "what becomes of the target counts every test the fire brings, each way it can go"
                        .into(),
                );
            }
            None => odds
                .notes
                .push("too many ways for the tests after the fire to be counted".into()),
        }
        if charger.is_some() {
            odds.notes.push(
                "your fire uses your segment; how it ends counts the fight that may follow".into(),
            );
        }
        let evade_mode = match *a {
            Action::Shoot { .. } => Some(FireMode::Direct),
            Action::Fire { mode, .. } => Some(mode),
            _ => None,
        };
        if let Some(m) = evade_mode
            && self.may_evade_when_shot(s, target, unit, m)
        {
            let mut t = s.clone();
            t.unit_mut(target).evading = true;
            if let Some(evaded) = self.shot_odds(&t, unit, target, m) {
                odds.parts.extend(evaded.parts.into_iter().map(|mut d| {
                    d.subject = format!("{}, if they evade", d.subject);
                    d
                }));
            }
            odds.notes.push(
                "the target has not yet acted and may evade before the shot (its side's \
                 choice): what becomes of it is counted as if it does not"
                    .into(),
            );
        }
        match *a {
            Action::ReturnFire { .. } => odds.notes.push(
                "both shots at once: yours is worked out from your unit as it stands now, \
                 whatever their shot does to it; firing back uses your segment"
                    .into(),
            ),
            Action::Shoot { unit, target } if self.may_return_fire(s, target, unit) => {
                if let Some(back) = self.shot_odds(s, target, unit, FireMode::Direct) {
                    odds.parts.extend(back.parts.into_iter().map(|mut d| {
                        d.subject = format!("{}, if they fire back", subject_yours(&d.subject));
                        d
                    }));
                }
                odds.notes.push(
                    "the target may fire back at the same moment (its side's choice): \
                     what becomes of it is counted as if it holds its fire"
                        .into(),
                );
            }
            _ => {}
        }
        Some(odds)
    }

    /// An answer to [`Ask::EvadeShot`]: the enemy's shot at the unit, with
    /// it evading or not (nothing when the shooter is unseen).
    fn evade_answer_odds(&self, s: &State, side: Side, a: &Action, unit: UnitId) -> Option<Odds> {
        let Some(Ask::EvadeShot {
            shooter,
            target,
            fire,
        }) = self.question(s).map(|q| q.ask)
        else {
            return None;
        };
        if target != unit || self.unseen_by(s, shooter, Some(side)) {
            return None;
        }
        let mut t = s.clone();
        let evades = matches!(a, Action::Evade { .. });
        t.unit_mut(target).evading = evades;
        let mut odds = self.shot_odds(&t, shooter, target, fire.unwrap_or(FireMode::Direct))?;
        for d in &mut odds.parts {
            d.subject = subject_yours(&d.subject);
        }
        odds.notes.push(if evades {
            "their shot with your unit evading; in its segment it moves at its evasive speed at most"
                .into()
        } else {
            "their shot with your unit as it stands; its segment keeps its full speed".into()
        });
        Some(odds)
    }

    /// A charge: the charge test, the target's fear test, and the Combat
    /// Table's results should the target stand.
    fn charge_chances(&self, s: &State, a: &Action) -> Option<Odds> {
        let Action::Charge { unit, target } = *a else {
            return None;
        };
        let c = self.charge_odds(s, a)?;
        let ambush = s.unit(unit).ambush;
        let plan = self.charge_plan(s, unit, target, ambush).ok()?;
        let pass = c.test_in_36 as f64 / 36.0;
        let mut parts = Vec::new();
        let mut notes = Vec::new();
        if ambush {
            notes.push(
                "from ambush: no charge test, 2\" more reach, the target takes a terror marker"
                    .into(),
            );
        } else {
            parts.push(Distribution::new(
                "the charge test",
                vec![
                    (format!("{PASSED}: the charge goes in"), pass),
                    (format!("{FAILED}: no charge this turn"), 1.0 - pass),
                ],
            ));
            let (_, note) = self.test_part(s, unit, Test::Charge, 0, "the charge test", ["", ""]);
            notes.push(note);
        }
        let tg = s.unit(target);
        if tg.routing {
            notes.push("the target is routing: no test, no answer; it is caught".into());
        } else if self.cat(tg) == Category::Mortar {
            notes.push("the target's mortar crew runs and is gone".into());
        } else {
            let (d, note) = self.test_part(
                s,
                target,
                Test::Fear,
                0,
                "the target's fear test",
                [
                    "it answers (stands, flees, shoots or counter-charges)",
                    "it routs",
                ],
            );
            parts.push(d);
            notes.push(note);
        }
        let charge = Charge {
            charger: unit,
            target,
            aspect: plan.aspect,
            ambush,
            counter: false,
            stage: ChargeStage::Contact,
            contact: plan.contact,
            under: 0,
        };
        let (fight, sums_note) = self.fight_part(s, charge, true, "if the target stands");
        parts.push(fight);
        notes.extend(sums_note);
        parts.extend(self.vehicle_contact_part(s, unit, target));
        notes.push(
            "the target's answer (stand, flee, shoot, counter-charge) is the enemy's: \
             the fight is shown as if it stands"
                .into(),
        );
        Some(Odds {
            parts,
            method: Method::Exact,
            notes,
        })
    }

    /// The charged unit's answer that leads to the fight: standing, or
    /// counter-charging (half-way first).
    fn answer_fight_odds(&self, s: &State, counter: bool) -> Option<Odds> {
        let mut c = s.charge?;
        let Some(Ask::Charged { charger, target }) = self.question(s).map(|q| q.ask) else {
            return None;
        };
        if (c.charger, c.target) != (charger, target) {
            return None;
        }
        c.stage = ChargeStage::Contact;
        let mut st = s.clone();
        st.questions.clear();
        if counter {
            c.counter = true;
            self.counter_move(&mut st, charger, target, &mut Vec::new());
        }
        let (fight, notes) = self.fight_part(&st, c, false, "the fight");
        let mut parts = vec![fight];
        parts.extend(self.vehicle_contact_part(s, charger, target));
        Some(Odds {
            parts,
            method: Method::Exact,
            notes,
        })
    }

    /// A tank or armoured car charging troops that stand: their d6 on
    /// contact (`tank_charge_contact`), each face counted by
    /// `immobilise_in_6` (`None`: not a vehicle's charge, or no contact
    /// with troops to roll it).
    fn vehicle_contact_part(
        &self,
        s: &State,
        charger: UnitId,
        target: UnitId,
    ) -> Option<Distribution> {
        let tg = s.unit(target);
        if !self.cat(s.unit(charger)).is_vehicle() || tg.routing || self.cat(tg) == Category::Mortar
        {
            return None;
        }
        let p = self.immobilise_in_6(s, target) as f64 / 6.0;
        Some(Distribution::new(
            "the troops' d6 against the vehicle on contact",
            vec![
                ("the vehicle is immobilised, the troops rout".into(), p),
                ("the vehicle is fine, the troops rout".into(), 1.0 - p),
            ],
        ))
    }

    /// The Combat Table's results of a charge going in from `s`, as the
    /// charger's side (`mine`) or the target's reads them: the same steps
    /// as the rules up to the dice (`close_in`) on a copy of the state.
    fn fight_part(
        &self,
        s: &State,
        c: Charge,
        mine: bool,
        subject: &str,
    ) -> (Distribution, Vec<String>) {
        let mut st = s.clone();
        // What `close_in` may roll (a pursuit) does not feed the odds; it
        // rolls from a generator of its own, never the game's.
        st.rng = engine::rng_from_seed(0);
        st.loaded.clear();
        st.charge = None;
        let mut ev = Vec::new();
        if !self.close_in(&mut st, c, &mut ev) {
            let what = if ev
                .iter()
                .any(|e| matches!(e, Event::ChargeCancelled { .. }))
            {
                "the charge cannot go in"
            } else if ev
                .iter()
                .any(|e| matches!(e, Event::CrewSurrendered { .. }))
            {
                "the crews surrender: no fight"
            } else if !st.unit(c.target).on_table() {
                "the target is gone: no fight"
            } else {
                "the target routs: no fight"
            };
            return (
                Distribution::new(subject, vec![(what.into(), 1.0)]),
                Vec::new(),
            );
        }
        let sums = self.combat_sums(&st, c.charger, c.target, c.aspect, c.counter);
        let outcomes = (2..=12u8)
            .map(|roll| {
                let r = self.sc().tables.combat(sums.column, roll);
                (
                    combat_words(&r, sums.charger_stronger, mine),
                    TWO_D6[roll as usize - 2] as f64 / 36.0,
                )
            })
            .collect();
        let notes = vec![format!(
            "strengths {} to {} (column {}){}",
            sums.strength[0] / 2,
            sums.strength[1] / 2,
            sums.column,
            match c.aspect {
                Aspect::Front => "",
                Aspect::Flank => ", from the flank",
                Aspect::Rear => ", from the rear",
            }
        )];
        (Distribution::new(subject, outcomes), notes)
    }

    /// Running on after the target fled: the first enemy in the way (as
    /// the side sees the table) is charged, takes its fear test and, if it
    /// stands, fights; every way those rolls can fall, through the rules.
    fn run_on_odds(&self, s: &State, side: Side, a: &Action, charger: UnitId) -> Option<Odds> {
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            if self.refusal_of(t, side, a).is_none() {
                self.act(t, side, a, ev);
            }
        };
        let matters = |e: &Event| matches!(e, Event::MoraleTest { .. } | Event::Combat { .. });
        let outcome = |t: &State, ev: &[Event]| -> Vec<String> {
            let met = ev.iter().find_map(|e| match *e {
                Event::ChargeDeclared { unit, target, .. } if unit == charger => Some(target),
                _ => None,
            });
            if met.is_some() && t.charge.is_some_and(|c| c.stage == ChargeStage::RunOnClash) {
                return vec!["ambushers it comes near are asked first, then the clash".into()];
            }
            let Some(o) = met else {
                return vec!["no enemy in its way".into()];
            };
            let fight = ev.iter().find_map(|e| match e {
                Event::Combat {
                    result,
                    charger_stronger,
                    ..
                } => Some(combat_words(result, *charger_stronger, true)),
                _ => None,
            });
            let failed = ev.iter().any(|e| {
                matches!(*e, Event::MoraleTest { unit, test: Test::Fear, passed: false, .. } if unit == o)
            });
            vec![match fight {
                Some(words) => format!("a fight: {words}"),
                None if failed => "the unit in its way fails its fear test and routs".into(),
                None => "the unit in its way is caught or gives up".into(),
            }]
        };
        let mut ways = self.play_out(s, &act, &matters, &outcome)?;
        Some(Odds {
            parts: vec![Distribution::new("running on", ways.pop()?)],
            method: Method::Exact,
            notes: vec![
                "the first enemy in its way that you can see is charged: a fear test, no fire, \
                 then the fight if it stands"
                    .into(),
            ],
        })
    }

    /// Combining units whose officers are of equal rank: a d6 says whose
    /// commands (played through the rules; none when no die is rolled).
    fn combine_odds(
        &self,
        s: &State,
        side: Side,
        a: &Action,
        unit: UnitId,
        with: UnitId,
    ) -> Option<Odds> {
        let (mine, theirs) = (s.unit(unit).officer, s.unit(with).officer);
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            if self.refusal_of(t, side, a).is_none() {
                self.act(t, side, a, ev);
            }
        };
        let matters = |e: &Event| matches!(e, Event::Combined { .. });
        let outcome = |t: &State, ev: &[Event]| -> Vec<String> {
            let rolled = ev
                .iter()
                .any(|e| matches!(e, Event::Combined { die: Some(_), .. }));
            let now = t.unit(unit).officer;
            vec![if !rolled {
                "no die".into()
            } else if now == mine {
                format!("the officer of {} commands", self.unit_name(s, unit))
            } else if now == theirs {
                format!("the officer of {} commands", self.unit_name(s, with))
            } else {
                "another officer commands".into()
            }]
        };
        let mut ways = self.play_out(s, &act, &matters, &outcome)?;
        let d = Distribution::new("who commands (officers of equal rank: a d6)", ways.pop()?);
        if d.p("no die") > 0.0 {
            return None;
        }
        Some(Odds {
            parts: vec![d],
            method: Method::Exact,
            notes: vec!["equal ranks: the die decides whose officer commands".into()],
        })
    }

    /// The dice a move may bring: veering at night or in fog, a vehicle
    /// sticking on an obstacle or wire, crushing wire, breaking down when
    /// its segment ends, firing on friends met in the dark; played through
    /// the rules (`None` when no die is rolled).
    fn move_dice_odds(&self, s: &State, side: Side, a: &Action, unit: UnitId) -> Option<Odds> {
        if !self.sc().weather.is_night_or_fog() && !self.is_motor(s, unit) {
            return None;
        }
        use crate::state::VehicleResult;
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            if self.refusal_of(t, side, a).is_none() {
                self.act(t, side, a, ev);
            }
        };
        let matters = |e: &Event| {
            matches!(
                e,
                Event::Veers { .. }
                    | Event::VehicleDie { .. }
                    | Event::WireCrushed { .. }
                    | Event::FriendsInTheDark { .. }
            )
        };
        let outcome = |_: &State, ev: &[Event]| -> Vec<String> {
            let mut words: Vec<&str> = Vec::new();
            let mut rolled = false;
            for e in ev {
                match *e {
                    Event::Veers { unit: u, angle, .. } if u == unit => {
                        rolled = true;
                        if angle.0 < 0 {
                            words.push("veers left");
                        } else if angle.0 > 0 {
                            words.push("veers right");
                        }
                    }
                    Event::VehicleDie {
                        unit: u, result, ..
                    } if u == unit => {
                        rolled = true;
                        words.push(match result {
                            VehicleResult::Stuck => "stuck",
                            VehicleResult::StuckForGood => "stuck for good",
                            VehicleResult::BrokenDown => "breaks down",
                            VehicleResult::Immobilised => "immobilised",
                            _ => continue,
                        });
                    }
                    Event::WireCrushed { crushed, .. } => {
                        rolled = true;
                        if crushed {
                            words.push("wire crushed");
                        }
                    }
                    Event::FriendsInTheDark { fires, .. } => {
                        rolled = true;
                        if fires {
                            words.push("fires on friends in the dark");
                        }
                    }
                    _ => {}
                }
            }
            vec![if !rolled {
                "no die".into()
            } else if words.is_empty() {
                "as planned".into()
            } else {
                words.join(", ")
            }]
        };
        let mut ways = self.play_out(s, &act, &matters, &outcome)?;
        let d = Distribution::new("the move", ways.pop()?);
        if d.p("no die") > 1.0 - 1e-12 {
            return None;
        }
        Some(Odds {
            parts: vec![d],
            method: Method::Exact,
            notes: vec![
                "at night or in fog a move off roads and features veers on 1 or 6; a vehicle \
                 rolls to cross an obstacle or wire and, past half speed, for a breakdown"
                    .into(),
            ],
        })
    }

    /// Crossing wire: the 2d6 of a unit in the wire (none at a gap, none
    /// to enter it).
    fn wire_odds(&self, s: &State, unit: UnitId) -> Option<Odds> {
        if s.unit(unit).in_wire.is_none() || self.at_gap(s, unit) {
            return None;
        }
        let engineers = self.cat(s.unit(unit)) == Category::Engineer;
        let outcomes = (2..=12u8)
            .map(|roll| {
                let words = match wire_roll(engineers, roll) {
                    (_, true) => "a gap cut: across",
                    (true, false) => "across",
                    (false, false) => "still in the wire",
                };
                (words.to_string(), TWO_D6[roll as usize - 2] as f64 / 36.0)
            })
            .collect();
        Some(Odds {
            parts: vec![Distribution::new("the crossing roll", outcomes)],
            method: Method::Exact,
            notes: vec![if engineers {
                format!(
                    "engineers cut a gap on {WIRE_CUT_ON}+, anyone is across on {WIRE_CROSS_ON}+"
                )
            } else {
                format!("across on {WIRE_CROSS_ON}+ on 2d6")
            }],
        })
    }

    /// Setting or fighting a fire: the markers after the d6.
    fn fire_marker_odds(&self, s: &State, building: u16, fighting: bool) -> Odds {
        let now = s.fires.get(building as usize).copied().unwrap_or(0);
        let outcomes = (1..=6u8)
            .map(|die| {
                let after = fire_markers_after(now, die, fighting);
                let words = match after {
                    0 => "the fire is out".to_string(),
                    n if n >= super::buildings::FIRE_DESTROYS => "it burns down".to_string(),
                    1 => "1 fire marker".to_string(),
                    n => format!("{n} fire markers"),
                };
                (words, 1.0 / 6.0)
            })
            .collect();
        Odds {
            parts: vec![Distribution::new("the building", outcomes)],
            method: Method::Exact,
            notes: vec![format!("{now} fire marker(s) now")],
        }
    }

    /// A Mob's roll before its action: the odds of what follows hang on it.
    fn with_mob_roll(&self, s: &State, a: &Action, odds: Option<Odds>) -> Option<Odds> {
        // Answers to questions are given without the roll.
        if self.question(s).is_some() || !self.needs_mob_roll(s, a) {
            return odds;
        }
        let need = super::unit_characteristics::MOB_NEEDS;
        let mob = one_die(
            "the Mob roll",
            need,
            "it acts",
            "it hesitates: it stays where it is (it may still shoot)",
        );
        Some(match odds {
            Some(mut o) => {
                o.parts.insert(0, mob.parts[0].clone());
                o.notes.insert(
                    0,
                    format!("a Mob acts on {need}+ on a d6; what follows is if it acts"),
                );
                o
            }
            None => mob,
        })
    }
}

/// The most times the rules are played through for one choice's odds
/// (`play_out`); past it the part is left out and said so.
pub const PLAY_OUT_LIMIT: usize = 3000;

/// A roll as the events record it: two dice, one die, or an initiative
/// roll (after the choice's outcome: never followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Roll {
    Two,
    One,
    Initiative,
}

fn roll_of(e: &Event) -> Option<Roll> {
    Some(match e {
        Event::RollOff { .. } | Event::SegmentRoll { .. } => Roll::Initiative,
        Event::Shot { .. }
        | Event::MoraleTest { .. }
        | Event::DirectHit { .. }
        | Event::BuildingRoll { .. }
        | Event::WireRoll { .. }
        | Event::Combat { .. } => Roll::Two,
        Event::OfficerRoll { .. }
        | Event::VehicleDie { .. }
        | Event::Scouted { .. }
        | Event::FireRoll { .. }
        | Event::Veers { .. }
        | Event::MobRoll { .. }
        | Event::Combined { die: Some(_), .. }
        | Event::PreEmptRoll { .. }
        | Event::Pursuit { die: Some(_), .. }
        | Event::WireCrushed { .. }
        | Event::FriendsInTheDark { .. } => Roll::One,
        _ => return None,
    })
}

impl RedActions {
    /// The Shooting Table's cell for a total, a column shift and a 2d6
    /// roll (no effect below the first column), as `fire` reads it.
    fn table_effect(&self, total: u32, shift: i32, roll: u8) -> crate::tables::Effect {
        let tables = &self.sc().tables;
        match tables.shooting_column(total) {
            Some(c) => tables.shooting_cell(roll, c as i32 + shift),
            None => crate::tables::Effect::NONE,
        }
    }

    /// The ways a recorded roll can fall that the rules tell apart, each
    /// with dice that fall that way and its chance: a test passed or
    /// failed, a direct hit or a miss, each Shooting or Combat Table
    /// result, an officer lost or not; any other die each face.
    fn roll_classes(&self, e: &Event) -> Vec<(Vec<u8>, f64)> {
        let by_sum = |key: &dyn Fn(u8) -> String| {
            let mut out: Vec<(String, Vec<u8>, f64)> = Vec::new();
            for r in 2..=12u8 {
                let k = key(r);
                let p = TWO_D6[r as usize - 2] as f64 / 36.0;
                match out.iter_mut().find(|(x, _, _)| *x == k) {
                    Some(c) => c.2 += p,
                    None => out.push((k, vec![r / 2, r - r / 2], p)),
                }
            }
            out.into_iter().map(|(_, d, p)| (d, p)).collect::<Vec<_>>()
        };
        match *e {
            Event::MoraleTest { test, number, .. } if test != Test::Rally => {
                by_sum(&|r| self.test_passes(r as i32, number).to_string())
            }
            Event::Shot { total, shift, .. } => {
                by_sum(&|r| format!("{:?}", self.table_effect(total, shift, r)))
            }
            Event::DirectHit {
                kind,
                card,
                range,
                poor,
                observed,
                ..
            } => {
                let n = super::direct_hits::HitNumber {
                    kind,
                    card,
                    range,
                    poor,
                    observed,
                };
                by_sum(&|r| n.hits(r).to_string())
            }
            Event::Combat { column, .. } => {
                by_sum(&|r| format!("{:?}", self.sc().tables.combat(column as usize, r)))
            }
            Event::OfficerRoll { at_most, .. } => {
                let lost = (at_most.min(6)) as f64 / 6.0;
                [(vec![1], lost), (vec![6], 1.0 - lost)]
                    .into_iter()
                    .filter(|(_, p)| *p > 0.0)
                    .collect()
            }
            _ => match roll_of(e) {
                Some(Roll::Two) => by_sum(&|r| r.to_string()),
                _ => (1..=6u8).map(|d| (vec![d], 1.0 / 6.0)).collect(),
            },
        }
    }

    /// Plays `act` through the rules for every way the dice can fall that
    /// matters (`matters`: the rolls followed, each split by `roll_classes`;
    /// any other roll is given ones, the same every time, but a Mob's roll
    /// a six: the odds after it are if it acts), and counts what
    /// `outcome` makes of each end: one distribution per word it gives. On
    /// a copy of `s` with a generator of its own, never the game's. `None`
    /// when it would take more than [`PLAY_OUT_LIMIT`] plays.
    pub fn play_out(
        &self,
        s: &State,
        act: &dyn Fn(&mut State, &mut Vec<Event>),
        matters: &dyn Fn(&Event) -> bool,
        outcome: &dyn Fn(&State, &[Event]) -> Vec<String>,
    ) -> Option<Vec<Vec<(String, f64)>>> {
        let mut out: Vec<Vec<(String, f64)>> = Vec::new();
        // (dice set on the table, rolls they cover, chance of the branch)
        let mut stack = vec![(Vec::<u8>::new(), 0usize, 1.0f64)];
        let mut plays = 0;
        while let Some((dice, k, p)) = stack.pop() {
            plays += 1;
            if plays > PLAY_OUT_LIMIT {
                return None;
            }
            let mut t = s.clone();
            t.rng = engine::rng_from_seed(0);
            t.loaded = dice.iter().rev().copied().collect();
            let mut ev = Vec::new();
            act(&mut t, &mut ev);
            let rolls: Vec<&Event> = ev.iter().filter(|e| roll_of(e).is_some()).collect();
            let next = rolls
                .get(k)
                .filter(|e| roll_of(e) != Some(Roll::Initiative));
            let Some(e) = next else {
                for (i, o) in outcome(&t, &ev).into_iter().enumerate() {
                    if out.len() <= i {
                        out.push(Vec::new());
                    }
                    match out[i].iter_mut().find(|(l, _)| *l == o) {
                        Some(x) => x.1 += p,
                        None => out[i].push((o, p)),
                    }
                }
                continue;
            };
            // Every die set on the table was rolled, by the rolls counted.
            if !t.loaded.is_empty() {
                return None;
            }
            let classes = if matters(e) {
                self.roll_classes(e)
            } else if matches!(e, Event::MobRoll { .. }) {
                // What follows a Mob's roll is told as if it acts.
                vec![(vec![6], 1.0)]
            } else if roll_of(e) == Some(Roll::Two) {
                vec![(vec![1, 1], 1.0)]
            } else {
                vec![(vec![1], 1.0)]
            };
            for (d, q) in classes {
                let mut more = dice.clone();
                more.extend(d);
                stack.push((more, k + 1, p * q));
            }
        }
        Some(out)
    }

    /// What becomes of `target` after fire at it, through the rules: the
    /// tests a Kill!, an S!, a lost officer, gas or an ambush bring, every
    /// way they can go; gun and mortar fire's direct hits too. The parts:
    /// the target's fate, then the last test of `test` it takes after the
    /// fire (`None`: not shown); for fire at a charging `charger`, only
    /// whether its charge is called off.
    fn after_fire(
        &self,
        s: &State,
        side: Side,
        a: &Action,
        target: UnitId,
        test: Option<(Test, &str)>,
        charger: Option<UnitId>,
    ) -> Option<Vec<Distribution>> {
        let before = s.unit(target).clone();
        let act = |t: &mut State, ev: &mut Vec<Event>| {
            // The deciding side's action, or its answer to a question; an
            // enemy Clever officer who might act first lets it go ahead.
            if let Some(u) = t.units.get_mut(a.unit() as usize) {
                u.more.preempt_tried = true;
            }
            if self.refusal_of(t, side, a).is_none() {
                self.act(t, side, a, ev);
            }
            // The target's answer to a shot it may evade, assumed: it
            // stands as it is (the evading shot is shown apart).
            if let Some(q) = self.question(t)
                && q.side != side
                && let Ask::EvadeShot { target: shot, .. } = q.ask
            {
                let stand = Action::NoEvade { unit: shot };
                let enemy = q.side;
                self.act(t, enemy, &stand, ev);
            }
            // The target's answer to a shot it may return, assumed: it
            // holds its fire (its own fire does not change its fate).
            if let Some(q) = self.question(t)
                && q.side != side
                && let Ask::ReturnFire { target: shot, .. } = q.ask
            {
                let hold = Action::HoldFire { unit: shot };
                let enemy = q.side;
                self.act(t, enemy, &hold, ev);
            }
        };
        let matters = |e: &Event| match *e {
            Event::Shot { target: x, .. } | Event::DirectHit { target: x, .. } => x == target,
            Event::MoraleTest { unit, .. } => unit == target,
            Event::OfficerRoll { .. } | Event::BuildingRoll { .. } => true,
            _ => false,
        };
        let outcome = |t: &State, ev: &[Event]| -> Vec<String> {
            let u = t.unit(target);
            let asked = t.questions.iter().any(|q| {
                matches!(q.ask, Ask::IgnoreRetire { unit } | Ask::SwapRetire { unit } if unit == target)
            });
            let fate = if !u.on_table() {
                "gone"
            } else if u.routing && !before.routing {
                "routs"
            } else if asked {
                "retires unless it holds (its side's choice)"
            } else if ev
                .iter()
                .any(|e| matches!(e, Event::Retired { unit, .. } if *unit == target))
            {
                "retires"
            } else {
                "stands"
            };
            // Fire at chargers: the fight follows (its dice are not
            // followed), so only whether the charge is called off is told.
            let mut words = if charger.is_none() {
                vec![fate.to_string()]
            } else {
                Vec::new()
            };
            if let Some((which, _)) = test {
                // The last such test after the fire itself.
                let fired = ev
                    .iter()
                    .rposition(|e| matches!(e, Event::Shot { .. } | Event::DirectHit { .. }))
                    .unwrap_or(0);
                let taken = ev[fired..].iter().rev().find_map(|e| match *e {
                    Event::MoraleTest {
                        unit, test, passed, ..
                    } if unit == target && test == which => Some(passed),
                    _ => None,
                });
                words.push(match taken {
                    Some(true) => format!("{PASSED}: it stands"),
                    Some(false) => format!("{FAILED}: it routs"),
                    None => "not taken: the fire routed or destroyed it first".into(),
                });
            }
            if let Some(c) = charger {
                let off = ev
                    .iter()
                    .any(|e| matches!(e, Event::ChargeCancelled { unit } if *unit == c));
                words.push(if off { "called off" } else { "goes in" }.into());
            }
            words
        };
        let mut ways = self.play_out(s, &act, &matters, &outcome)?.into_iter();
        let mut parts = Vec::new();
        if charger.is_none() {
            parts.push(Distribution::new("the target after the fire", ways.next()?));
        }
        if let Some((_, subject)) = test {
            parts.push(Distribution::new(subject, ways.next()?));
        }
        if charger.is_some() {
            parts.push(Distribution::new("the charge", ways.next()?));
        }
        Some(parts)
    }
}

/// A part about the target of a shot, retold about the shooter (the
/// return fire's odds on a shot's own odds).
fn subject_yours(subject: &str) -> String {
    match subject {
        "the target" => "your unit".into(),
        s => format!("{s} (on your unit)"),
    }
}

/// A Combat Table result in words, for the charger's side (`mine`) or
/// the target's: whose unit retires, is defeated, humiliated, surrenders.
pub fn combat_words(r: &CombatResult, charger_stronger: bool, mine: bool) -> String {
    let whose = |who: Who| -> &'static str {
        let charger_is = match who {
            Who::Stronger => charger_stronger,
            Who::Weaker => !charger_stronger,
        };
        if charger_is == mine {
            "yours"
        } else if mine {
            "the target"
        } else {
            "the chargers"
        }
    };
    match r.outcome {
        Outcome::Retires(n) => format!("{} retires with {n} terror", whose(r.who)),
        Outcome::Defeated => format!("{} defeated", whose(r.who)),
        Outcome::Humiliated => format!(
            "{} humiliated, {} retires",
            whose(Who::Stronger),
            whose(Who::Weaker)
        ),
        Outcome::Surrenders => format!("{} surrenders", whose(r.who)),
    }
}

/// One d6 that must show `need` or more.
fn one_die(subject: &str, need: u8, pass: &str, fail: &str) -> Odds {
    let p = (1..=6u8).filter(|&d| d >= need).count() as f64 / 6.0;
    Odds {
        parts: vec![Distribution::new(
            subject,
            vec![
                (format!("{PASSED}: {pass}"), p),
                (format!("{FAILED}: {fail}"), 1.0 - p),
            ],
        )],
        method: Method::Exact,
        notes: vec![format!("{need}+ on a d6")],
    }
}

/// The number of direct hits of `bases` rolls, each landing in `in_36` of
/// 36 (binomial).
fn direct_hits(bases: u8, in_36: u32, need: u8) -> Distribution {
    let p = in_36 as f64 / 36.0;
    let n = bases as i32;
    let choose = |k: i32| (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    let outcomes = (0..=n)
        .map(|k| {
            let words = match k {
                0 => "no direct hit".to_string(),
                1 => "1 direct hit".to_string(),
                k => format!("{k} direct hits"),
            };
            (words, choose(k) * p.powi(k) * (1.0 - p).powi(n - k))
        })
        .collect();
    Distribution::new(format!("direct hits ({need}+ each)"), outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Phase, Status};
    use engine::Ruleset;
    use engine::param::{Degrees, Inches, Point, Pose};

    fn village() -> RedActions {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios/red_actions/village.toml");
        RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
    }

    fn id(r: &RedActions, key: &str) -> u16 {
        r.sc().units.iter().position(|u| u.id == key).unwrap() as u16
    }

    fn place(s: &mut State, u: u16, x: i32, y: i32, facing: i32) {
        let unit = s.unit_mut(u);
        unit.status = Status::OnTable;
        unit.acted = false;
        unit.formation.front = Pose {
            at: Point {
                x: Inches::whole(x),
                y: Inches::whole(y),
            },
            facing: Degrees::whole(facing),
        };
    }

    /// Red's cavalry 8" east of White's 1st Volunteers, facing each
    /// other in the open; Red to choose.
    fn facing_off() -> (RedActions, State, u16, u16) {
        let r = village();
        let mut s = r.setup(&engine::Options::new(), 1).unwrap();
        r.keep_officers_as_drawn(&mut s);
        for u in s.units.iter_mut() {
            u.status = Status::Waiting;
            u.acted = true;
            u.officer = None;
            u.arrives = 99;
            u.hidden = false;
            u.marker = false;
            u.ambush = false;
        }
        s.dummies.clear();
        for (key, y, facing) in [("w_gen", 4, 180), ("r_kombrig", 44, 0)] {
            let g = id(&r, key);
            place(&mut s, g, 69, y, facing);
        }
        let (cav, vol) = (id(&r, "r_cav"), id(&r, "w_vol1"));
        place(&mut s, cav, 40, 40, 270);
        place(&mut s, vol, 32, 40, 90);
        s.unit_mut(cav).order = crate::state::Order::Line;
        s.phase = Phase::Choose {
            side: Side::B,
            card: None,
            selected: None,
        };
        (r, s, cav, vol)
    }

    /// Every roll counted once, the same cells the rules roll with.
    #[test]
    fn odds_of_a_shot_and_a_charge_enumerate_the_36_rolls() {
        let (r, s, cav, vol) = facing_off();
        let charge = Action::Charge {
            unit: cav,
            target: vol,
        };
        let odds = r
            .odds(&s, Side::B, &charge)
            .expect("a charge in reach has odds");
        assert_eq!(odds.method, Method::Exact);
        assert_eq!(
            odds.parts.len(),
            4,
            "the charge test, the fear test, the fight, how it ends"
        );
        for d in &odds.parts {
            assert!((d.total() - 1.0).abs() < 1e-9, "{}", d.summary());
        }
        let c = r.charge_odds(&s, &charge).unwrap();
        assert_eq!(
            odds.parts[0].p("passed: the charge goes in"),
            c.test_in_36 as f64 / 36.0,
            "the charge test"
        );
        // The volunteers (Red's side may shoot them too, from the other
        // way round): White shoots at the cavalry.
        let mut s2 = s.clone();
        s2.phase = Phase::Choose {
            side: Side::A,
            card: None,
            selected: None,
        };
        let shot = Action::Shoot {
            unit: vol,
            target: cav,
        };
        if r.legal(&s2, Side::A, &shot) {
            let odds = r.odds(&s2, Side::A, &shot).expect("a legal shot has odds");
            let d = &odds.parts[0];
            assert!((d.total() - 1.0).abs() < 1e-9, "{}", d.summary());
            // By hand: each roll's cell from the plan.
            let plan = r.plan(&s2, vol, cav, FireMode::Direct).unwrap();
            let t = &r.sc().tables;
            let col = t.shooting_column(plan.sums.total);
            let mut by_hand: Vec<(String, f64)> = Vec::new();
            for roll in 2..=12u8 {
                let e = match col {
                    Some(c) => t.shooting_cell(roll, c as i32 + plan.sums.shift),
                    None => crate::tables::Effect::NONE,
                };
                let label = crate::text::effect(&e);
                let p = TWO_D6[roll as usize - 2] as f64 / 36.0;
                match by_hand.iter_mut().find(|(l, _)| *l == label) {
                    Some(x) => x.1 += p,
                    None => by_hand.push((label, p)),
                }
            }
            for (label, p) in by_hand {
                assert!((d.p(&label) - p).abs() < 1e-12, "{label}");
            }
        } else {
            panic!(
                "the volunteers cannot shoot: {:?}",
                r.refusal(&s2, Side::A, &shot)
            );
        }
        // Not a choice now: no odds.
        assert!(r.odds(&s, Side::A, &charge).is_none());
        assert!(r.odds(&s, Side::B, &Action::Done { unit: cav }).is_none());
    }
}
