//! The forces of the shipped scenarios against the rulebook's scenario pages
//! (`../shared/seeds/000_cbda74353f51aa5f.txt`). The extraction kept each
//! page's counts ("N pcs") and strength figures (4, 4A, 4D, 4M, 3, '-' for a
//! non-combat unit, '?' for a dummy, the train parts 2/1 and 2/2) but lost
//! which picture each belongs to; each scenario file says how it assigned
//! them. These tests hold the files to the pages: every count is one kind of
//! block and is used once, none is added; every figure the page shows is
//! used and none it does not show; every "Reinforcements:" heading is used;
//! and each file's forces are the assignment its comment describes.

use death_on_the_rails::data::{Arrival, ScenarioFile, SideFile, UnitFile, UnitKind};
use std::collections::BTreeMap;

/// One run of the text: the counts and figures the extraction put together.
/// The first scenario page (Annemõisa, Mustjõe, Kiltsi) comes out as two
/// runs; each page-2 scenario as its own.
struct Run {
    scenarios: &'static [&'static str],
    /// "N pcs", in the order of the text.
    counts: &'static [u8],
    /// The kinds of block the run's figures show (the train parts apart).
    figures: &'static [&'static str],
    /// Armoured trains: an "Armoured train" heading or a pair of parts.
    trains: usize,
    /// "Reinforcements:" headings.
    reinforcement_headings: usize,
}

const RUNS: &[Run] = &[
    // Page 1, after the Mustjõe heading (lines 486-621 of the text).
    Run {
        scenarios: &["annemoisa", "mustjoe"],
        counts: &[2, 1, 3, 2, 5, 1, 5, 2, 6, 1, 2, 1, 3, 1],
        figures: &["3", "4", "4A", "4D", "4M", "?", "-"],
        trains: 1,
        reinforcement_headings: 3,
    },
    // Page 1, after the Kiltsi heading (lines 622-736).
    Run {
        scenarios: &["kiltsi"],
        counts: &[4, 1, 3, 8, 2, 2, 2, 1, 4],
        figures: &["3", "4", "4A", "4D", "?", "-"],
        trains: 1,
        reinforcement_headings: 3,
    },
    // Page 2: Tapa (lines 737-839), Lehtse (840-955), Narva (956-1078).
    Run {
        scenarios: &["tapa"],
        counts: &[5, 3, 6, 3, 5, 2, 2, 2, 1],
        figures: &["3", "4", "4D", "4M", "?", "-"],
        trains: 1,
        reinforcement_headings: 0,
    },
    Run {
        scenarios: &["lehtse"],
        counts: &[5, 3, 2, 5, 1, 6, 3, 2, 5, 2],
        figures: &["3", "4", "4D", "4M", "?", "-"],
        trains: 1,
        reinforcement_headings: 0,
    },
    Run {
        scenarios: &["narva"],
        counts: &[5, 3, 3, 6, 3, 2, 3, 2, 2, 3, 2, 2],
        figures: &["3", "4", "4A", "4D", "4M", "?", "-"],
        trains: 2,
        reinforcement_headings: 0,
    },
];

fn scenario_file(id: &str) -> ScenarioFile {
    let path = crate::common::shipped(id);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The figure printed on a block: "4M", "3", "-", "?".
fn figure(u: &UnitFile) -> String {
    match u.kind {
        UnitKind::Dummy => "?".to_string(),
        UnitKind::NonCombat => "-".to_string(),
        UnitKind::Artillery => format!("artillery {}", u.strength),
        UnitKind::Infantry => match u.ability {
            Some(a) => format!("{}{a:?}", u.strength),
            None => u.strength.to_string(),
        },
    }
}

fn groups(side: &SideFile) -> impl Iterator<Item = (&UnitFile, bool)> {
    let regular = side.units.iter().map(|u| (u.get_ref(), false));
    let later = side
        .reinforcements
        .iter()
        .flat_map(|r| r.get_ref().units.iter().map(|u| (u.get_ref(), true)));
    regular.chain(later)
}

fn sides(f: &ScenarioFile) -> [(&'static str, &SideFile); 2] {
    [("estonia", &f.estonia), ("russia", &f.russia)]
}

#[test]
fn every_count_and_figure_of_the_scenario_pages_is_used_once() {
    for run in RUNS {
        let mut counts = Vec::new();
        let mut figures = std::collections::BTreeSet::new();
        let (mut trains, mut headings) = (0, 0);
        for id in run.scenarios {
            let f = scenario_file(id);
            for (name, side) in sides(&f) {
                for (u, _) in groups(side) {
                    counts.push(u.count);
                    figures.insert(figure(u));
                }
                if let Some(t) = &side.train {
                    let t = t.get_ref();
                    trains += 1;
                    // The train parts: artillery 2/1, machine gun 2/2.
                    assert_eq!(
                        (t.artillery.strength, t.artillery.critical),
                        (2, 1),
                        "{id} {name}: the train's artillery is 2/1"
                    );
                    assert_eq!(
                        (t.machine_gun.strength, t.machine_gun.critical),
                        (2, 2),
                        "{id} {name}: the train's machine gun is 2/2"
                    );
                }
                // A heading for a side's reinforcements, and one for a train
                // that comes with them or sleeps with them (Kiltsi).
                if let Some(r) = &side.reinforcements {
                    headings += 1;
                    let asleep = r.get_ref().arrive == Arrival::AtSetupAsleepInBuildings;
                    if side
                        .train
                        .as_ref()
                        .is_some_and(|t| t.get_ref().reinforcement)
                        || asleep
                    {
                        headings += 1;
                    }
                }
            }
        }
        let mut page: Vec<u8> = run.counts.to_vec();
        page.sort_unstable();
        counts.sort_unstable();
        assert_eq!(counts, page, "{:?}: the counts of the page", run.scenarios);
        let page_figures: std::collections::BTreeSet<String> =
            run.figures.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            figures, page_figures,
            "{:?}: the figures of the page",
            run.scenarios
        );
        assert_eq!(trains, run.trains, "{:?}: armoured trains", run.scenarios);
        assert_eq!(
            headings, run.reinforcement_headings,
            "{:?}: reinforcement headings",
            run.scenarios
        );
    }
}

#[test]
fn each_side_fits_in_the_box_and_blocks_keep_the_critical_strengths_of_the_pages() {
    for run in RUNS {
        for id in run.scenarios {
            let f = scenario_file(id);
            for (name, side) in sides(&f) {
                let blocks: usize = groups(side).map(|(u, _)| u.count as usize).sum::<usize>()
                    + if side.train.is_some() { 2 } else { 0 };
                assert!(
                    blocks <= 25,
                    "{id} {name}: {blocks} blocks, the box holds 25 a side"
                );
                // The lone 1s and 2s of the pages: the red critical strength, 2
                // on the 4-step blocks and 1 on the 3-step ones.
                for (u, _) in groups(side) {
                    if u.kind == UnitKind::Infantry {
                        let critical = u.critical.unwrap_or(1);
                        assert_eq!(
                            critical,
                            u.strength - 2,
                            "{id} {name} {}: critical strength",
                            u.name
                        );
                    }
                }
            }
        }
    }
}

/// Each file's forces, as its comment assigns the page's counts: side,
/// figure, whether a reinforcement, and how many blocks.
#[test]
fn scenario_forces_match_the_rulebook_pages() {
    type Force = &'static [(&'static str, &'static str, bool, u8)];
    let expected: &[(&str, Force)] = &[
        (
            "annemoisa",
            &[
                ("estonia", "3", false, 6),
                ("estonia", "?", false, 2),
                ("russia", "4D", false, 3),
                ("russia", "4M", false, 2),
                ("russia", "-", false, 1),
            ],
        ),
        (
            "mustjoe",
            &[
                ("estonia", "3", false, 5),
                ("estonia", "4M", false, 1),
                ("estonia", "-", false, 1),
                ("estonia", "4", true, 2),
                ("russia", "3", false, 5),
                ("russia", "4M", false, 1),
                ("russia", "?", false, 2),
                ("russia", "4A", true, 3),
                ("russia", "4", true, 1),
            ],
        ),
        (
            "kiltsi",
            &[
                ("estonia", "4D", false, 2),
                ("estonia", "3", true, 8),
                ("estonia", "4", true, 2),
                ("russia", "4A", false, 4),
                ("russia", "?", false, 2),
                ("russia", "-", false, 1),
                ("russia", "3", true, 4),
                ("russia", "4", true, 3),
                ("russia", "-", true, 1),
            ],
        ),
        (
            "tapa",
            &[
                ("estonia", "-", false, 5),
                ("estonia", "3", false, 3),
                ("estonia", "4D", false, 2),
                ("estonia", "4M", false, 2),
                ("estonia", "4", false, 1),
                ("russia", "3", false, 6),
                ("russia", "4", false, 5),
                ("russia", "4M", false, 3),
                ("russia", "?", false, 2),
            ],
        ),
        (
            "lehtse",
            &[
                ("estonia", "3", false, 5),
                ("estonia", "4D", false, 5),
                ("estonia", "4M", false, 3),
                ("estonia", "?", false, 2),
                ("estonia", "-", false, 1),
                ("russia", "3", false, 6),
                ("russia", "4", false, 5),
                ("russia", "4M", false, 3),
                ("russia", "?", false, 2),
                ("russia", "-", false, 2),
            ],
        ),
        (
            "narva",
            &[
                ("estonia", "3", false, 6),
                ("estonia", "4", false, 3),
                ("estonia", "4A", false, 3),
                ("estonia", "4M", false, 2),
                ("estonia", "?", false, 2),
                ("estonia", "-", false, 2),
                ("russia", "3", false, 5),
                ("russia", "4", false, 3),
                ("russia", "4D", false, 3),
                ("russia", "4M", false, 3),
                ("russia", "?", false, 2),
                ("russia", "-", false, 2),
            ],
        ),
    ];
    assert_eq!(
        expected.len(),
        RUNS.iter().map(|r| r.scenarios.len()).sum::<usize>()
    );
    for (id, force) in expected {
        let f = scenario_file(id);
        let mut have: BTreeMap<(String, String, bool), u32> = BTreeMap::new();
        for (name, side) in sides(&f) {
            for (u, later) in groups(side) {
                *have
                    .entry((name.to_string(), figure(u), later))
                    .or_default() += u.count as u32;
            }
        }
        let mut want: BTreeMap<(String, String, bool), u32> = BTreeMap::new();
        for (side, fig, later, n) in force.iter() {
            *want
                .entry((side.to_string(), fig.to_string(), *later))
                .or_default() += *n as u32;
        }
        assert_eq!(have, want, "{id}: (side, figure, reinforcement) -> blocks");
        // And the loaded scenario has every one of them, the trains' parts
        // besides.
        let r = death_on_the_rails::DeathOnTheRails::load(&crate::common::shipped(id))
            .unwrap_or_else(|e| panic!("{e}"));
        let blocks = r
            .sc()
            .units
            .iter()
            .filter(|d| d.train_part.is_none())
            .count();
        assert_eq!(
            blocks as u32,
            want.values().sum::<u32>(),
            "{id}: blocks loaded"
        );
    }
}

#[test]
fn narva_fields_all_thirty_six_blocks_of_its_page() {
    let r = death_on_the_rails::DeathOnTheRails::load(&crate::common::shipped("narva"))
        .unwrap_or_else(|e| panic!("{e}"));
    let blocks = r
        .sc()
        .units
        .iter()
        .filter(|d| d.train_part.is_none())
        .count();
    assert_eq!(blocks, 36);
}
