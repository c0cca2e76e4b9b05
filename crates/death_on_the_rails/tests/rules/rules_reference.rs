//! The rules reference (`assets/rules/death_on_the_rails.toml`, the app's
//! rules panel) has a section for every prompt.

use death_on_the_rails::DeathOnTheRails;
use death_on_the_rails::state::Phase;
use engine::{RuleSystem, Ruleset};

#[test]
fn the_reference_reads_and_has_a_section_for_every_prompt() {
    let sections =
        engine::reference::sections(DeathOnTheRails::ID, DeathOnTheRails::REFERENCE).unwrap();
    let ids: Vec<&str> = sections.iter().map(|s| s.id.as_str()).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/death_on_the_rails/narva.toml");
    let rules = DeathOnTheRails::load(&path).unwrap();
    let mut s = rules.setup(&Default::default(), 1).unwrap();
    for phase in [
        Phase::ChooseAction,
        Phase::Reaction,
        Phase::ExtraMoves,
        Phase::CallReinforcements,
        Phase::GameOver,
    ] {
        s.phase = phase;
        let id = rules.rules_section(&s);
        assert!(ids.contains(&id), "no section {id} in {ids:?}");
    }
    for id in [
        "setup",
        "6.1",
        "6.2",
        "6.3",
        "9.1",
        "9.2",
        "9.3",
        "12",
        "scenarios",
    ] {
        assert!(ids.contains(&id), "no section {id}");
    }
}
