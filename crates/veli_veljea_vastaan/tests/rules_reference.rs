//! The rules reference (`assets/rules/veli_veljea_vastaan.toml`, the app's
//! rules panel) has a section for every phase.

use engine::{RuleSystem, Ruleset};
use veli_veljea_vastaan::Phase as P;
use veli_veljea_vastaan::VeliVeljeaVastaan;

#[test]
fn veli_veljea_vastaan_has_a_section_for_every_phase() {
    let sections =
        engine::reference::sections(VeliVeljeaVastaan::ID, VeliVeljeaVastaan::REFERENCE).unwrap();
    let ids: Vec<&str> = sections.iter().map(|s| s.id.as_str()).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/veli_veljea_vastaan/campaign_1918.toml");
    let rules = VeliVeljeaVastaan::load(&path).unwrap();
    let mut s = rules.new_campaign(1);
    for phase in [
        P::Place,
        P::PlayCard,
        P::Activate,
        P::Move,
        P::Attack,
        P::Losses(engine::Side::A),
        P::Retreat,
        P::Repair,
        P::GameOver,
    ] {
        s.phase = phase;
        let id = rules.rules_section(&s);
        assert!(ids.contains(&id), "no section {id} in {ids:?}");
    }
    assert!(ids.contains(&"screen"));
}
