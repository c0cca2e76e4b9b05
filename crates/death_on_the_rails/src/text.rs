//! Prompts, decisions and events in words, for the log, the panels and the
//! save file. The dice are shown with the arithmetic behind their number.

use crate::map::AreaId;
use crate::rules::DeathOnTheRails;
use crate::scenario::{TrainPart, UnitId};
use crate::state::{
    Action, CombatMode, Dice, DicePart, Event, Phase, Place, RaiseReason, RemovedWhy, Role, State,
    UnitSet,
};
use engine::Side;
use std::fmt::Write as _;

fn side(side: Side) -> &'static str {
    crate::scenario::SIDE_NAMES[side.index()]
}

/// "an Estonian block", "a Russian block".
fn side_block(side: Side) -> &'static str {
    match side {
        Side::A => "an Estonian block",
        Side::B => "a Russian block",
    }
}

/// Words for one reader. Every prompt, choice and log line is written
/// through a `Teller` made for the side that reads it, and only the teller
/// names a block by its face (type, strength, ability): when the reader may
/// see it on the board (`view::face_known`: its own, a train's part, the
/// lead and target of a combat under way), or when an event of the step
/// being told turned it face up. Any other block
/// is told by what the reader sees: its side and where it stands ("a Russian
/// block in Tapa (T3)", "Russian block 2 of 3 in ..."), so no text can leak
/// a face whatever the rules write.
pub struct Teller<'a> {
    r: &'a DeathOnTheRails,
    s: &'a State,
    viewer: Option<Side>,
    revealed: UnitSet,
}

impl<'a> Teller<'a> {
    pub fn new(r: &'a DeathOnTheRails, s: &'a State, viewer: Option<Side>) -> Self {
        Teller {
            r,
            s,
            viewer,
            revealed: UnitSet::EMPTY,
        }
    }

    /// Whether the reader may know the block's face.
    pub fn knows(&self, u: UnitId) -> bool {
        if (u as usize) >= self.r.sc().units.len() || (u as usize) >= self.s.units.len() {
            return true;
        }
        self.revealed.contains(u) || crate::view::face_known(self.r, self.s, u, self.viewer)
    }

    /// A unit as the reader knows it.
    pub fn unit(&self, u: UnitId) -> String {
        let r = self.r;
        let Some(d) = r.sc().units.get(u as usize) else {
            return format!("unit #{u}");
        };
        if self.knows(u) {
            return r.face_name(u);
        }
        let place = self
            .s
            .units
            .get(u as usize)
            .map(|_| crate::view::place_seen(r, self.s, u, self.viewer));
        match place {
            Some(Place::Area(a)) => {
                let peers: Vec<UnitId> = self
                    .s
                    .area_units
                    .get(a as usize)
                    .map(|set| {
                        set.iter()
                            .filter(|&p| r.def(p).side == d.side && !self.knows(p))
                            .collect()
                    })
                    .unwrap_or_default();
                match peers.iter().position(|&p| p == u) {
                    Some(i) if peers.len() > 1 => format!(
                        "{} block {} of {} in {}",
                        side_adjective(d.side),
                        i + 1,
                        peers.len(),
                        r.area_name(a)
                    ),
                    _ => format!("{} in {}", side_block(d.side), r.area_name(a)),
                }
            }
            _ => side_block(d.side).to_string(),
        }
    }
}

fn side_adjective(side: Side) -> &'static str {
    match side {
        Side::A => "Estonian",
        Side::B => "Russian",
    }
}

impl DeathOnTheRails {
    pub fn area_name(&self, a: AreaId) -> String {
        match self.sc().map.areas.get(a as usize) {
            Some(area) => format!("{} ({})", area.name, area.key),
            None => format!("area {a}"),
        }
    }

    /// A unit by its face, "Rifle company 4D #3": only [`Teller::unit`]
    /// calls this, for a reader who may know the face.
    fn face_name(&self, u: UnitId) -> String {
        match self.sc().units.get(u as usize) {
            Some(d) => {
                let strength = match d.kind {
                    crate::data::UnitKind::NonCombat => "-".to_string(),
                    crate::data::UnitKind::Dummy => "?".to_string(),
                    _ => format!(
                        "{}{}",
                        d.strength,
                        d.ability.map(|a| format!("{a:?}")).unwrap_or_default()
                    ),
                };
                format!("{} {} #{}", d.name, strength, u)
            }
            None => format!("unit #{u}"),
        }
    }
}

pub fn dice_text(d: &Dice) -> String {
    let v: Vec<String> = d.as_slice().iter().map(|x| x.to_string()).collect();
    if v.is_empty() {
        "no dice".to_string()
    } else {
        v.join(" ")
    }
}

/// "4 dice: strength 4, −1 range 3, −1 suppressed".
pub fn dice_count_text(total: u8, parts: &[DicePart]) -> String {
    let mut s = format!("{total} {}:", if total == 1 { "die" } else { "dice" });
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = match p {
            DicePart::Strength(n) => write!(s, " strength {n}"),
            DicePart::Steps(n) => write!(s, " {n} steps available"),
            DicePart::Range { range, dice } => write!(s, " {} range {range}", signed(*dice)),
            DicePart::RangeIgnored { range } => {
                write!(s, " range {range} not counted (heavy machine gun)")
            }
            DicePart::Suppressed => write!(s, " −1 suppressed"),
            DicePart::Cover => write!(s, " +1 cover"),
            DicePart::Stacking { over } => write!(s, " −{over} over the stacking limit"),
        };
    }
    s
}

fn signed(n: i8) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

pub fn prompt_text(r: &DeathOnTheRails, s: &State, viewer: Side) -> String {
    let t = Teller::new(r, s, Some(viewer));
    if !r.to_decide_includes(s, viewer) {
        return match s.phase {
            Phase::GameOver => "The game is over.".to_string(),
            _ => format!("Waiting for {}.", r.waiting_for(s)),
        };
    }
    match s.phase {
        Phase::Setup { side: who } => format!("{}: set up your units.", side(who)),
        Phase::ChooseAction => {
            if r.retreat_pending(s) {
                "Units cut off from their friends must retreat first: choose an area to move from."
                    .to_string()
            } else {
                format!("Action {}: move, fire or pass.", s.actions_done + 1)
            }
        }
        Phase::MoveGroup { from, group, .. } => {
            if group.is_empty() {
                format!("Choose the units to move from {}.", r.area_name(from))
            } else {
                format!(
                    "Add more units from {}, or choose where they move.",
                    r.area_name(from)
                )
            }
        }
        Phase::MoveOn { at, .. } => format!(
            "In {}: move on across open ground, or stop.",
            r.area_name(at)
        ),
        Phase::TrainMove { .. } => {
            "Move the armoured train along the railway, or stop.".to_string()
        }
        Phase::Fire {
            mode,
            lead,
            supports,
        } => {
            let what = match mode {
                CombatMode::Fire => "Fire",
                CombatMode::Reaction => "Reaction fire",
                CombatMode::Melee(_) => "Melee",
            };
            format!(
                "{what} led by {}{}: add supporting units or choose the target.",
                t.unit(lead),
                if supports.is_empty() {
                    String::new()
                } else {
                    format!(" with {} supporting", supports.len())
                }
            )
        }
        Phase::ArtilleryAim { unit } => format!("Choose the area {} fires at.", t.unit(unit)),
        Phase::Raise { combat, side: who } => {
            let dice = if who == combat.attacker {
                combat.attack
            } else {
                combat.defence
            };
            format!(
                "You rolled {}: choose a die to raise by 1.",
                dice_text(&dice)
            )
        }
        Phase::TrainLoss { losses, .. } => {
            format!("Your train must lose {losses} step(s): choose the part for the next one.")
        }
        Phase::Reaction => {
            "The enemy has moved: fire at a unit that moved, or let it pass.".to_string()
        }
        Phase::WakeUp { .. } => "Choose a sleeping Estonian unit to wake up.".to_string(),
        Phase::CallReinforcements => "Call your reinforcements now?".to_string(),
        Phase::PlaceReinforcements { .. } => {
            "Place your reinforcements in your setup area.".to_string()
        }
        Phase::ExtraMoves => {
            "Your reinforcements may each move once: choose an area, or finish.".to_string()
        }
        Phase::MeleeLead { area, .. } => {
            format!("Melee in {}: choose your lead unit.", r.area_name(area))
        }
        Phase::GameOver => "The game is over.".to_string(),
    }
}

impl DeathOnTheRails {
    fn to_decide_includes(&self, s: &State, side: Side) -> bool {
        use engine::Ruleset;
        self.to_decide(s).includes(side)
    }

    fn waiting_for(&self, s: &State) -> &'static str {
        use engine::Ruleset;
        match self.to_decide(s) {
            engine::Decider::One(who) => side(who),
            _ => "nobody",
        }
    }
}

fn part_name(p: TrainPart) -> &'static str {
    match p {
        TrainPart::Artillery => "artillery",
        TrainPart::MachineGun => "machine gun",
    }
}

pub fn describe_action(r: &DeathOnTheRails, s: &State, viewer: Side, a: &Action) -> String {
    let t = Teller::new(r, s, Some(viewer));
    match *a {
        Action::Place { unit, area } => {
            format!("place {} in {}", t.unit(unit), r.area_name(area))
        }
        Action::Move { from } => format!("move units from {}", r.area_name(from)),
        Action::MoveTrain => "move the armoured train".to_string(),
        Action::Fire { lead } => format!("fire with {} leading", t.unit(lead)),
        Action::Artillery { unit } => format!("fire artillery {}", t.unit(unit)),
        Action::Sabotage { unit } => format!("sabotage the railway with {}", t.unit(unit)),
        Action::PlantCharges { unit } => {
            format!("plant explosive charges with {}", t.unit(unit))
        }
        Action::Pass => "pass".to_string(),
        Action::Select { unit } => format!("take {} along", t.unit(unit)),
        Action::Support { unit } => format!("support with {}", t.unit(unit)),
        Action::Step { to } => format!("move into {}", r.area_name(to)),
        Action::Stop => "stop".to_string(),
        Action::ExitMap => "leave the map".to_string(),
        Action::Target { unit } => format!("target {}", t.unit(unit)),
        Action::TargetArea { area } => format!("fire at {}", r.area_name(area)),
        Action::TargetTrain { part } => format!("fire at the enemy train's {}", part_name(part)),
        // Widened: a damaged save may name any byte here.
        Action::Raise { value } => format!("raise a {value} to {}", u16::from(value) + 1),
        Action::NoReaction => "no reaction fire".to_string(),
        Action::TrainLoss { part } => format!("the train's {} takes the loss", part_name(part)),
        Action::WakeUp { unit } => format!("wake {}", t.unit(unit)),
        Action::CallReinforcements => "call the reinforcements".to_string(),
        Action::NotNow => "not now".to_string(),
        Action::Done => "done".to_string(),
    }
}

/// The events of one step as `viewer` reads them (`s`: the state after the
/// step). A unit that an event shows face up (the lead and the target of a
/// fire combat, section 9.1) is named by its face from that event on.
pub fn describe_events(
    r: &DeathOnTheRails,
    s: &State,
    events: &[Event],
    viewer: Option<Side>,
) -> Vec<Option<String>> {
    let mut t = Teller::new(r, s, viewer);
    events
        .iter()
        .map(|e| {
            t.revealed.0 |= e.shows_faces().0;
            crate::view::event_for(e, viewer).map(|e| describe_event(&t, &e))
        })
        .collect()
}

fn describe_event(t: &Teller, e: &Event) -> String {
    let r = t.r;
    match e {
        Event::Placed {
            side: who,
            unit,
            area,
            ..
        } => format!(
            "{} places {} in {}.",
            side(*who),
            t.unit(*unit),
            r.area_name(*area)
        ),
        Event::SetupDone { side: who } => format!("{} has set up.", side(*who)),
        Event::ObjectiveCardDrawn { side: who, .. } => {
            format!("{} draws a secret objective card.", side(*who))
        }
        Event::TurnBegins {
            side: who,
            turn,
            new_initiative,
        } => format!(
            "Turn {turn}: {}{}.",
            side(*who),
            if *new_initiative {
                " takes the initiative"
            } else {
                " keeps the initiative"
            }
        ),
        Event::ArtilleryTokensRemoved { areas } => format!(
            "One artillery fire token comes off {} area(s).",
            areas.len()
        ),
        Event::FogCheck {
            roll,
            needed,
            discarded,
            lifted,
        } => format!(
            "Fog: rolled {roll} + 10 = {needed}; {discarded} cards in the discard pile: {}.",
            if *lifted {
                "the fog lifts"
            } else {
                "the fog stays"
            }
        ),
        Event::Reshuffled { cards } => format!("The action deck is reshuffled ({cards} cards)."),
        Event::ActionCardDrawn {
            side: who, actions, ..
        } => match actions {
            Some(n) => format!(
                "{} draws the action card for {}'s turn: {n} action(s) (only {} sees this).",
                side(who.other()),
                side(*who),
                side(who.other())
            ),
            None => format!(
                "{} draws the action card for {}'s turn.",
                side(who.other()),
                side(*who)
            ),
        },
        Event::ActionDone { side: who, number } => {
            format!("{}'s action {number} is done.", side(*who))
        }
        Event::ActionsUsedUp { side: who, actions } => {
            format!("{}'s actions are used up ({actions}).", side(*who))
        }
        Event::InitiativeMoved { from, to } => format!(
            "Initiative token: from {} to {}.",
            track_pos(*from),
            track_pos(*to)
        ),
        Event::Passed { side: who } => format!("{} passes.", side(*who)),
        Event::Moved { units, from, to } => {
            format!(
                "{} unit(s) move from {} to {}.",
                units.len(),
                r.area_name(*from),
                r.area_name(*to)
            )
        }
        Event::TrainMoved {
            side: who,
            from,
            to,
        } => {
            format!(
                "{}'s armoured train runs from {} to {}.",
                side(*who),
                r.area_name(*from),
                r.area_name(*to)
            )
        }
        Event::ObjectiveTaken {
            objective,
            side: who,
        } => format!(
            "{} takes objective {}.",
            side(*who),
            r.sc()
                .objectives
                .get(*objective as usize)
                .map(|o| o.letter)
                .unwrap_or('?')
        ),
        Event::Revealed { unit, strength } => {
            format!("Revealed: {} at strength {strength}.", t.unit(*unit))
        }
        Event::DiceCount {
            side: who,
            role,
            total,
            parts,
        } => format!(
            "{} ({}) rolls {}.",
            side(*who),
            role_name(*role),
            dice_count_text(*total, parts)
        ),
        Event::Rolled {
            side: who, dice, ..
        } => format!("{} rolled {}.", side(*who), dice_text(dice)),
        Event::Raised {
            side: who,
            from,
            to,
            why,
            ..
        } => format!(
            "{} raises a {from} to {to} ({}).",
            side(*who),
            match why {
                RaiseReason::Ability(a) => format!("ability {a:?}"),
                RaiseReason::Support => "supporting unit".to_string(),
            }
        ),
        Event::Compared {
            attack,
            defence,
            attack_hits,
            defence_hits,
            ties_to_defender,
        } => format!(
            "Without 1s, high to low: attacker {} against defender {}: {attack_hits} to {defence_hits}{}.",
            dice_text(&sorted_no_ones(attack)),
            dice_text(&sorted_no_ones(defence)),
            if *ties_to_defender {
                " (ties to the defender)"
            } else {
                ""
            }
        ),
        Event::FireResult {
            target,
            steps,
            decisive,
        } => match steps {
            0 => format!("The fire at {} has no effect.", t.unit(*target)),
            _ => format!(
                "{} loses {steps} step(s){}.",
                t.unit(*target),
                if *decisive {
                    " (decisive attack: every die scored)"
                } else {
                    ""
                }
            ),
        },
        Event::NoCombatStrength { unit } => {
            format!("{} has no combat strength and is removed.", t.unit(*unit))
        }
        Event::StepsLost {
            unit,
            steps,
            strength,
        } => {
            if t.knows(*unit) {
                format!(
                    "{} loses {steps} step(s), now strength {strength}.",
                    t.unit(*unit)
                )
            } else {
                format!("{} loses {steps} step(s).", t.unit(*unit))
            }
        }
        Event::UnitRemoved { unit, why } => format!(
            "{} is removed ({}).",
            t.unit(*unit),
            match why {
                RemovedWhy::Destroyed => "destroyed",
                RemovedWhy::Disbanded => "disbanded: it could not retreat",
                RemovedWhy::Dummy => "a dummy block",
            }
        ),
        Event::ArtilleryFire {
            unit,
            area,
            part,
            dice,
            total,
            hit,
        } => format!(
            "{} fires at {}{}: {} = {total}, {}.",
            t.unit(*unit),
            r.area_name(*area),
            part.map(|p| format!(" aiming at the train's {}", part_name(p)))
                .unwrap_or_default(),
            dice_text(dice),
            if *hit {
                "10 or more: a hit"
            } else {
                "under 10: no hit"
            }
        ),
        Event::ArtilleryTokensPlaced { area, tokens } => match tokens {
            // 9.3: the box's 13 tokens are all on the map.
            0 => format!(
                "No artillery fire token is left in the box for {}.",
                r.area_name(*area)
            ),
            1 => format!("{} has 1 artillery fire token.", r.area_name(*area)),
            n => format!("{} has {n} artillery fire tokens.", r.area_name(*area)),
        },
        Event::Sabotage {
            unit,
            area,
            dice,
            tokens,
            total,
            destroyed,
        } => format!(
            "{} sabotages the railway in {}: {} places {tokens} token(s), {total} there{}.",
            t.unit(*unit),
            r.area_name(*area),
            dice_text(dice),
            if *destroyed {
                "; the railway is destroyed"
            } else {
                ""
            }
        ),
        Event::Charges {
            unit,
            train_side,
            dice,
            hits,
            total,
            sixes,
            immobilised,
        } => format!(
            "{} plants charges on {}'s train: {} gives {hits} hit(s) ({total} in all){}{}.",
            t.unit(*unit),
            side(*train_side),
            dice_text(dice),
            if *immobilised {
                "; the train cannot move any more"
            } else {
                ""
            },
            if *sixes > 0 {
                format!("; {sixes} six(es) cost the train's parts steps")
            } else {
                String::new()
            }
        ),
        Event::TrainPartHit { part, .. } => format!("The train's {} is hit.", part_name(*part)),
        Event::MeleeBegins { area } => format!("Melee in {}.", r.area_name(*area)),
        Event::MeleeEnds { area } => format!("The melee in {} is over.", r.area_name(*area)),
        Event::MeleeLosses {
            attacker_lead,
            attacker_steps,
            defender,
            defender_steps,
        } => format!(
            "Melee: {} loses {attacker_steps}, {} loses {defender_steps}.",
            t.unit(*attacker_lead),
            t.unit(*defender)
        ),
        Event::WokeUp { unit } => format!("{} wakes up.", t.unit(*unit)),
        Event::AllAwake => "The alarm is raised: every Estonian unit wakes up.".to_string(),
        Event::ReinforcementsArrive { side: who } => {
            format!("{}'s reinforcements arrive.", side(*who))
        }
        Event::ObjectivesChanged { side: who, .. } => {
            format!(
                "{} holds its objectives, shows its card and draws a new one.",
                side(*who)
            )
        }
        Event::MustRetreat { units } => {
            format!("{} unit(s) are cut off and must retreat.", units.len())
        }
        Event::RetreatEnded { unit } => format!("{} has reached its friends.", t.unit(*unit)),
        Event::FogLifted => "The fog has lifted.".to_string(),
        Event::Exited { unit } => format!("{} leaves the map.", t.unit(*unit)),
        Event::Evacuated { unit, total } => {
            format!("{} is evacuated ({total} so far).", t.unit(*unit))
        }
        Event::GameOver { outcome } => format!("Game over: {}.", outcome.reason),
    }
}

fn sorted_no_ones(d: &Dice) -> Dice {
    let mut v: Vec<u8> = d.as_slice().iter().copied().filter(|x| *x != 1).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    Dice::from_slice(&v)
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

fn track_pos(p: i8) -> String {
    if p > 0 {
        format!("Estonia {p}")
    } else {
        format!("Russian SFSR {}", -p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dice_arithmetic_reads_like_the_rulebook() {
        let parts = [
            DicePart::Strength(4),
            DicePart::Range { range: 3, dice: -1 },
            DicePart::Suppressed,
        ];
        assert_eq!(
            dice_count_text(2, &parts),
            "2 dice: strength 4, −1 range 3, −1 suppressed"
        );
    }
}
