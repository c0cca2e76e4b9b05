//! The computer opponent (issue 20): it never looks at what its side
//! cannot see (hidden units, which markers are real, the dice to come),
//! and it plays whole games of every scenario.

use bot::{Budget, Player, PlayerKind};
use engine::runner::random_step;
use engine::{Decider, Game, Options, Ruleset};
use rand::RngExt;
use red_actions::RedActions;
use red_actions::state::State;

const SCENARIOS: [&str; 3] = ["village", "wired_position", "railway_raid"];

fn rules(id: &str) -> RedActions {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_actions")
        .join(format!("{id}.toml"));
    RedActions::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// The scenario's rules and its state at the start (seed 3).
fn start(id: &str) -> (RedActions, State) {
    let r = rules(id);
    let s = Game::new(r.clone(), Options::new(), 3)
        .unwrap()
        .state()
        .clone();
    (r, s)
}

fn searcher(iterations: u32) -> Player {
    let mut p = Player::new(PlayerKind::Mcts, Budget::Iterations(iterations));
    p.mcts.playout_depth = 10;
    p
}

/// `s` with what `side` cannot see changed: the dice to come, an enemy
/// unit in ambush moved an inch, an enemy unit under a marker exchanged
/// with one of the enemy's dummies. `None` where the change breaks the
/// rules. The second value: whether a hidden unit moved.
fn other_secrets(
    r: &RedActions,
    s: &State,
    side: engine::Side,
    rng: &mut engine::GameRng,
) -> Option<(State, bool)> {
    let enemy = side.other();
    let mut s2 = s.clone();
    s2.rng = engine::rng_from_seed(rng.random());
    let mut moved = false;
    for u in s2.units.iter_mut() {
        if u.side == enemy && u.on_table() && u.hidden && !u.marker {
            u.formation.front.at.x.0 += 100;
            moved = true;
        }
    }
    let real = s2
        .units
        .iter()
        .position(|u| u.side == enemy && u.on_table() && u.hidden && u.marker);
    let dummy = s2.dummies.iter().position(|d| d.side == enemy && !d.gone);
    if let (Some(u), Some(d)) = (real, dummy) {
        std::mem::swap(&mut s2.units[u].formation.front.at, &mut s2.dummies[d].at);
        moved = true;
    }
    r.check_invariants(&s2).ok()?;
    Some((s2, moved))
}

/// Along random games of every scenario, wherever a side has a real
/// choice, what it cannot see is changed (`other_secrets`), and the bot,
/// with the same seed and budget, must choose the same action in both.
#[test]
fn bot_sees_only_its_view() {
    let mut rng = engine::rng_from_seed(20);
    let bot = searcher(12);
    let (mut compared, mut hidden_moved) = (0u32, 0u32);
    for id in SCENARIOS {
        let r = rules(id);
        let mut game = Game::new(r.clone(), Options::new(), 2).unwrap();
        let mut step = 0u32;
        while random_step(&mut game, &mut rng).is_some() && step < 400 {
            step += 1;
            if !step.is_multiple_of(9) {
                continue;
            }
            let s = game.state();
            let Decider::One(side) = r.to_decide(s) else {
                continue;
            };
            let Some((s2, moved)) = other_secrets(&r, s, side, &mut rng) else {
                continue;
            };
            assert_eq!(
                serde_json::to_string(&r.view(&s2, Some(side))).unwrap(),
                serde_json::to_string(&r.view(s, Some(side))).unwrap(),
                "{id}: the change shows"
            );
            let (mut c1, mut c2) = (Vec::new(), Vec::new());
            r.choices(s, side, &mut c1);
            r.choices(&s2, side, &mut c2);
            if c1 != c2 {
                // The rules' own choices depend on an unseen unit (a move
                // sample stopped by it): not the bot's doing.
                continue;
            }
            if c1.len() < 2 {
                continue;
            }
            let seed = u64::from(step);
            let first = bot.choose(&r, s, side, &c1, seed);
            let second = bot.choose(&r, &s2, side, &c2, seed);
            assert_eq!(
                c1[first], c2[second],
                "{id} step {step}: the bot's choice depends on what {side:?} cannot see"
            );
            compared += 1;
            if moved {
                hidden_moved += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} positions compared");
    assert!(
        hidden_moved >= 5,
        "hidden units moved in only {hidden_moved}"
    );
}

/// The bot plays complete games of every scenario against the random
/// player, with the invariants checked after every step.
#[test]
fn bot_plays_every_scenario_to_the_end() {
    for id in SCENARIOS {
        let summary = bot::plays_to_the_end(&rules(id), searcher(3), 50_000)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary.games, 2);
    }
}

/// The drawn game reads only what the side can know: in the Village the
/// Reds have one battalion under a position marker and an MG platoon in
/// ambush. A game where the MG is under that marker and the battalion in
/// ambush looks the same to the Whites, and must draw the very same games
/// for them; and over many draws either unit stands under a marker (the
/// draw does not keep which hidden unit is the real marker), while the
/// markers the Whites see stay where they are, as many as they are.
#[test]
fn drawn_markers_come_from_what_the_side_can_know() {
    let (r, s) = start("village");
    let white = engine::Side::A;
    let red = engine::Side::B;
    let hidden = |st: &State, marker: bool| {
        (0..st.units.len())
            .find(|&i| {
                let u = &st.units[i];
                u.side == red && u.on_table() && u.hidden && u.marker == marker
            })
            .expect("the Village has a Red unit under a marker and one in ambush")
    };
    let (m, a) = (hidden(&s, true), hidden(&s, false));
    let mut s2 = s.clone();
    let (pm, pa) = (
        s2.units[m].formation.front.at,
        s2.units[a].formation.front.at,
    );
    s2.units[m].formation.front.at = pa;
    s2.units[m].marker = false;
    s2.units[m].ambush = true;
    s2.units[a].formation.front.at = pm;
    s2.units[a].marker = true;
    s2.units[a].ambush = false;
    assert_eq!(
        serde_json::to_string(&r.view(&s2, Some(white))).unwrap(),
        serde_json::to_string(&r.view(&s, Some(white))).unwrap(),
        "the exchange shows"
    );
    let markers = |st: &State| {
        let mut v: Vec<_> = r
            .view(st, Some(white))
            .markers
            .iter()
            .map(|k| k.at)
            .collect();
        v.sort();
        v
    };
    let seen = markers(&s);
    assert!(seen.len() >= 2, "the Whites see several markers");
    let mut under = [0u32; 2];
    for seed in 0..40 {
        let d1 = r.determinized(&s, white, &mut engine::rng_from_seed(seed));
        let d2 = r.determinized(&s2, white, &mut engine::rng_from_seed(seed));
        assert_eq!(
            serde_json::to_string(&d1).unwrap(),
            serde_json::to_string(&d2).unwrap(),
            "seed {seed}: the draw depends on which hidden unit is under the marker"
        );
        assert_eq!(markers(&d1), seen, "seed {seed}: the markers moved");
        assert!(r.check_invariants(&d1).is_ok());
        for (k, &i) in [m, a].iter().enumerate() {
            if d1.units[i].on_table() && d1.units[i].marker {
                under[k] += 1;
            }
        }
    }
    assert!(
        under[0] > 0 && under[1] > 0,
        "each hidden unit under a marker in some draws: {under:?}"
    );
}

/// The value counts how far each army has come towards the objectives:
/// in the Village the Whites all wait to enter (nothing come), a White
/// company set down on the church counts and raises the Whites' value, a
/// White gun set down there does not count (guns serve from where they
/// stand).
#[test]
fn the_value_counts_troops_come_towards_the_objectives() {
    use red_actions::scenario::Category;
    use red_actions::state::Status;
    let (r, s) = start("village");
    let white = engine::Side::A;
    let church = r.sc().victory.objectives[0].at;
    let start = r.come_forward(&s);
    assert_eq!(start[0], 0.0, "the Whites have not entered");
    assert!(start[1] > 0.5, "the Reds stand near their objectives");
    let find = |gun: bool| {
        (0..s.units.len())
            .find(|&i| {
                let u = &s.units[i];
                let c = r.troop(u).category;
                u.side == white
                    && u.status == Status::Waiting
                    && if gun {
                        c == Category::FieldGun
                    } else {
                        c == Category::Rifle
                    }
            })
            .expect("the Whites have a rifle company and a gun to come")
    };
    let put = |i: usize| {
        let mut t = s.clone();
        t.units[i].status = Status::OnTable;
        t.units[i].formation.front.at = church;
        t
    };
    let company = put(find(false));
    assert!(r.come_forward(&company)[0] > 0.0);
    assert!(r.value(&company, white) > r.value(&s, white));
    let gun = put(find(true));
    assert_eq!(r.come_forward(&gun)[0], 0.0, "a gun counts");
}

/// A hidden detachment (a unit divided off during the game, not in the
/// scenario's roster) cannot wait off the table (the rules look waiting
/// units up in the roster): the drawn game keeps it on the table, and the
/// rules can list choices in it.
#[test]
fn a_hidden_detachment_stays_on_the_table_in_the_draw() {
    let (r, mut s) = start("village");
    let red = engine::Side::B;
    let m = (0..s.units.len())
        .find(|&i| {
            let u = &s.units[i];
            u.side == red && u.on_table() && u.hidden && u.marker
        })
        .unwrap();
    let mut detachment = s.units[m].clone();
    detachment.formation.count = 1;
    detachment.start_bases = 1;
    detachment.formation.front.at.y.0 += 600;
    // A base taken from the battalion, as dividing does; the battalion
    // seen, the detachment in ambush: no marker is real, so the draw puts
    // no hidden unit under one.
    s.units[m].formation.count -= 1;
    s.units[m].start_bases -= 1;
    s.units[m].hidden = false;
    s.units[m].marker = false;
    detachment.marker = false;
    detachment.ambush = true;
    s.units.push(detachment);
    let d = s.units.len() - 1;
    assert_eq!(d, r.sc().units.len(), "the detachment is past the roster");
    r.check_invariants(&s).unwrap();
    for seed in 0..20 {
        let drawn = r.determinized(&s, engine::Side::A, &mut engine::rng_from_seed(seed));
        assert!(
            drawn.units[d].on_table(),
            "seed {seed}: the detachment left"
        );
        for side in engine::Side::BOTH {
            let mut c = Vec::new();
            r.choices(&drawn, side, &mut c);
        }
    }
}

/// `playout_weight`: in the Wired Position a White company set down south
/// of the blockhouse weighs an advance straight at it more than the same
/// advance facing away, and more than ending its segment; a shot and the
/// "moves…" menu weigh more than ending the segment, digging in less than
/// moving.
#[test]
fn playouts_lean_towards_advancing_on_the_objectives_and_shooting() {
    use engine::param::{Degrees, Inches, Point};
    use red_actions::state::{Action, ActionKind, Status};
    let (r, s) = start("wired_position");
    let white = engine::Side::A;
    let unit = s
        .ids()
        .find(|&i| s.unit(i).side == white && r.name(i) == "1st Volunteer company")
        .expect("the Whites have the 1st Volunteer company");
    let placed = |facing: i32| {
        let mut t = s.clone();
        let u = &mut t.units[unit as usize];
        u.status = Status::OnTable;
        u.formation.front.at = Point {
            x: Inches::whole(36),
            y: Inches::whole(40),
        };
        u.formation.front.facing = Degrees::whole(facing);
        t
    };
    let advance = Action::Advance {
        unit,
        distance: Inches::whole(5),
    };
    let (north, south) = (placed(0), placed(180));
    let w = |t: &State, a: &Action| r.playout_weight(t, white, a);
    let done = Action::Done { unit };
    assert!(w(&north, &advance) > 3.0 * w(&south, &advance));
    assert!(w(&north, &advance) > w(&north, &done));
    let moves = Action::Kind {
        unit,
        kind: ActionKind::Move,
    };
    assert!(w(&north, &moves) > w(&north, &done));
    let target = s.ids().find(|&i| s.unit(i).side != white).unwrap();
    let shot = Action::Shoot { unit, target };
    assert!(w(&north, &shot) > w(&north, &done));
    assert!(w(&north, &Action::Dig { unit }) < w(&north, &moves));
}

/// How far an infantry company has come counts the wire still across its
/// way (`WIRE_AHEAD`): in the Wired Position, a company at the wire in
/// front of the blockhouse has come less far than the same company caught
/// in the wire, and that less than the company just across it; a tank at
/// the wire is not held by it.
#[test]
fn the_value_counts_getting_through_the_wire() {
    use engine::param::{Inches, Point};
    use red_actions::scenario::Category;
    use red_actions::state::Status;
    let (r, s) = start("wired_position");
    let white = engine::Side::A;
    let find = |cat: Category| {
        (0..s.units.len())
            .find(|&i| s.units[i].side == white && r.troop(&s.units[i]).category == cat)
            .expect("the Whites have a rifle company and a tank")
    };
    // The wire runs from (24, 20) to (36, 19) and on to (48, 20); the
    // blockhouse stands at (36, 10.5). Facing the blockhouse (0°).
    let put = |i: usize, y: i32, caught: bool| {
        let mut t = s.clone();
        let u = &mut t.units[i];
        u.status = Status::OnTable;
        u.formation.front.at = Point {
            x: Inches(3600),
            y: Inches(y),
        };
        u.formation.front.facing = engine::param::Degrees(0);
        if caught {
            let line = r
                .wire_at(&t, i as u16)
                .expect("the company stands at the wire");
            t.units[i].in_wire = Some(line);
        }
        t
    };
    let company = find(Category::Rifle);
    let at = put(company, 1950, false);
    let caught = put(company, 1950, true);
    let across = put(company, 1850, false);
    let (a, c, x) = (
        r.come_forward(&at)[0],
        r.come_forward(&caught)[0],
        r.come_forward(&across)[0],
    );
    assert!(c > a, "caught in the wire ({c}) beats before it ({a})");
    assert!(x > c, "across ({x}) beats caught in it ({c})");
    // An inch across the wire is worth more than the inch itself.
    let near = put(company, 2050, false);
    let inch = a - r.come_forward(&near)[0];
    assert!(x - a > 5.0 * inch, "the wire counts more than an inch");
    assert!(r.value(&across, white) > r.value(&at, white));
    // A tank drives over wire: no more than its inch for the tank.
    let tank = find(Category::Tank);
    let t_at = r.come_forward(&put(tank, 1950, false))[0];
    let t_across = r.come_forward(&put(tank, 1850, false))[0];
    assert!(
        t_across - t_at < 2.0 * inch,
        "the tank is not held by the wire"
    );
}

/// The search's compound choices in Red Actions!: each kind of action
/// ("moves…") opened into the kind with each of its samples; every other
/// choice alone; every choice the first action of some compound, and
/// every compound's second action one of the side's choices once the
/// first is taken.
#[test]
fn compound_choices_open_each_kind_of_action() {
    use red_actions::state::{Action, ActionKind};
    let r = rules("wired_position");
    let mut game = Game::new(r.clone(), Options::new(), 5).unwrap();
    let mut rng = engine::rng_from_seed(5);
    let (mut seen_kind, mut compounds) = (0, Vec::new());
    for _ in 0..400 {
        if game.outcome().is_some() {
            break;
        }
        let side = match game.to_decide() {
            engine::Decider::One(s) => s,
            _ => break,
        };
        let choices = game.legal_choices(side).to_vec();
        compounds.clear();
        let offered = r.compound_choices(game.state(), side, &choices, &mut compounds);
        let kinds = choices
            .iter()
            .filter(|a| matches!(a, Action::Kind { .. }))
            .count();
        assert_eq!(offered, kinds > 0, "compounds where a kind is listed");
        if offered {
            seen_kind += 1;
            for c in &choices {
                assert!(
                    compounds.iter().any(|k| k[0] == *c),
                    "{c:?} is the first action of a compound"
                );
            }
            for k in &compounds {
                assert!(choices.contains(&k[0]));
                assert!(k.len() <= 2);
                if let [Action::Kind { kind, .. }, second] = k[..] {
                    let mut t = game.state().clone();
                    let mut ev = Vec::new();
                    r.apply(&mut t, side, &k[0], &mut ev).unwrap();
                    assert!(r.legal(&t, side, &second), "{second:?} after {:?}", k[0]);
                    assert_eq!(ActionKind::of(&second), Some(kind));
                } else {
                    assert_eq!(k.len(), 1, "only a kind is opened: {k:?}");
                }
            }
        }
        let i = rng.random_range(0..choices.len());
        game.apply_choice(side, i).unwrap();
    }
    assert!(seen_kind > 10, "kinds were listed ({seen_kind} times)");
}

/// Barbed Wire: infantry at a gap or a crushed strip get across in one
/// segment without a roll. In the value (`WIRE_AT_GAP`), a strip the tank
/// crushed where a company's way to the blockhouse crosses the wire
/// brings the company on by most of the wire's worth; one far along the
/// wire by less (the way round to it counts); and a company standing at
/// the strip has come further than one standing at uncrushed wire.
#[test]
fn barbed_wire_a_crushed_strip_on_the_way_counts_as_ground_taken() {
    use engine::param::{Inches, Point};
    use red_actions::scenario::Category;
    use red_actions::state::Status;
    let (r, s) = start("wired_position");
    let white = engine::Side::A;
    let company = (0..s.units.len())
        .find(|&i| s.units[i].side == white && r.troop(&s.units[i]).category == Category::Rifle)
        .expect("the Whites have a rifle company");
    let p = |x: i32, y: i32| Point {
        x: Inches(x),
        y: Inches(y),
    };
    // The company on the road at y, facing the blockhouse (36, 10.5); the
    // wire crosses the road at (36, 19).
    let put = |y: i32, crushed: &[Point]| {
        let mut t = s.clone();
        let u = &mut t.units[company];
        u.status = Status::OnTable;
        u.formation.front.at = p(3600, y);
        u.formation.front.facing = engine::param::Degrees(0);
        t.crushed = crushed.to_vec();
        t
    };
    let plain = r.come_forward(&put(3000, &[]))[0];
    let on_way = r.come_forward(&put(3000, &[p(3600, 1900)]))[0];
    let far = r.come_forward(&put(3000, &[p(1200, 1913)]))[0];
    let off_line = r.come_forward(&put(3000, &[p(3600, 2600)]))[0];
    assert!(
        on_way > far,
        "a strip on the way ({on_way}) beats one far off ({far})"
    );
    assert!(
        far >= plain,
        "a strip far off ({far}) is no worse than none ({plain})"
    );
    assert_eq!(off_line, plain, "a point off the wire is no strip of it");
    // Most of the wire's worth: more than six inches of ground.
    let inch = plain - r.come_forward(&put(3100, &[]))[0];
    assert!(on_way - plain > 6.0 * inch, "{on_way} against {plain}");
    // At the wire: at the crushed strip further than at uncrushed wire,
    // and further than caught in it.
    let at_wire = put(1950, &[]);
    let at_strip = put(1950, &[p(3600, 1900)]);
    let mut caught = at_wire.clone();
    caught.units[company].in_wire = r.wire_at(&at_wire, company as u16);
    assert!(
        caught.units[company].in_wire.is_some(),
        "the company is at the wire"
    );
    let (w, st, c) = (
        r.come_forward(&at_wire)[0],
        r.come_forward(&at_strip)[0],
        r.come_forward(&caught)[0],
    );
    assert!(st > c && c > w, "strip {st}, caught {c}, at the wire {w}");
    assert!(r.value(&at_strip, white) > r.value(&at_wire, white));
}

/// Movement, as the listing offers it: a unit that has chosen "moves…"
/// where all that is left of its allowance is refused (here the wire
/// stands in the way) is also offered the farthest it can go
/// (`max_advance`), which brings a company 2.7" short of the wire up to
/// it in one step, so that it may enter the wire next segment: a quarter
/// or half of what is left (the samples before) would not.
#[test]
fn movement_a_unit_held_up_is_offered_its_farthest_advance() {
    use engine::param::{Degrees, Inches, Point};
    use red_actions::state::{Action, ActionKind};
    let r = rules("wired_position");
    let white = engine::Side::A;
    let mut tried = 0;
    for seed in 0..40u64 {
        let mut game = Game::new(r.clone(), Options::new(), seed).unwrap();
        let mut rng = engine::rng_from_seed(seed);
        for _ in 0..600 {
            if game.outcome().is_some() {
                break;
            }
            let side = match game.to_decide() {
                engine::Decider::One(s) => s,
                _ => break,
            };
            let choices = game.legal_choices(side).to_vec();
            let company = choices.iter().find_map(|a| match *a {
                Action::Select { unit } => {
                    let u = game.state().unit(unit);
                    (side == white
                        && u.on_table()
                        && u.in_wire.is_none()
                        && !u.pinned
                        && r.troop(u).category.is_infantry())
                    .then_some(unit)
                }
                _ => None,
            });
            if let Some(id) = company {
                let mut t = game.state().clone();
                let u = t.unit_mut(id);
                u.formation.front.at = Point {
                    x: Inches(3600),
                    y: Inches(2170),
                };
                u.formation.front.facing = Degrees(0);
                let mut ev = Vec::new();
                let moves = Action::Kind {
                    unit: id,
                    kind: ActionKind::Move,
                };
                if r.check_invariants(&t).is_ok()
                    && r.apply(&mut t, white, &Action::Select { unit: id }, &mut ev)
                        .is_ok()
                    && r.apply(&mut t, white, &moves, &mut ev).is_ok()
                {
                    tried += 1;
                    let mut listed = Vec::new();
                    r.choices(&t, white, &mut listed);
                    let advances: Vec<i32> = listed
                        .iter()
                        .filter_map(|a| match a {
                            Action::Advance { distance, .. } => Some(distance.0),
                            _ => None,
                        })
                        .collect();
                    let to_wire: Vec<i32> = advances
                        .iter()
                        .copied()
                        .filter(|&d| {
                            let mut t2 = t.clone();
                            let a = Action::Advance {
                                unit: id,
                                distance: Inches(d),
                            };
                            r.apply(&mut t2, white, &a, &mut ev).is_ok()
                                && r.wire_at(&t2, id).is_some()
                        })
                        .collect();
                    assert!(!to_wire.is_empty(), "an advance up to the wire: {listed:?}");
                    // The smallest listed is the quarter of what is left.
                    let quarter = advances.iter().copied().min().unwrap_or(0);
                    assert!(
                        advances.len() == 1
                            || to_wire
                                .iter()
                                .any(|&d| d != quarter && (d - 2 * quarter).abs() > 2),
                        "the farthest advance, not a quarter or half: {advances:?}"
                    );
                    assert!(
                        listed.iter().all(|a| r.legal(&t, white, a)),
                        "every listed choice is legal"
                    );
                    // Random games draw among the same choices
                    // (`random_choice`), the farthest advance included.
                    let mut drawn = vec![0u32; listed.len()];
                    let mut draws = engine::rng_from_seed(seed + 1000);
                    for _ in 0..100 * listed.len() {
                        let a = r.random_choice(&t, white, &mut draws).unwrap();
                        let at = listed.iter().position(|x| *x == a);
                        drawn[at.unwrap_or_else(|| panic!("{a:?} drawn, not in {listed:?}"))] += 1;
                    }
                    assert!(
                        drawn.iter().all(|&c| c > 0),
                        "every listed choice is drawn: {drawn:?} for {listed:?}"
                    );
                    if tried >= 3 {
                        return;
                    }
                }
            }
            let i = rng.random_range(0..choices.len());
            game.apply_choice(side, i).unwrap();
        }
    }
    panic!("only {tried} companies were tried");
}
