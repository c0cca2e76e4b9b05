//! The rules reference: each rule system's sections in our own words, from
//! `assets/rules/<ruleset>.toml` (built into the program, so it is always
//! there). The panel opens it at the section behind the current prompt.

use bevy::prelude::*;
use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct Section {
    pub id: String,
    pub title: String,
    pub text: String,
}

#[derive(Deserialize)]
struct File {
    ruleset: String,
    section: Vec<Section>,
}

const FILES: &[(&str, &str)] = &[
    (
        "death_on_the_rails",
        include_str!("../../../assets/rules/death_on_the_rails.toml"),
    ),
    (
        "veli_veljea_vastaan",
        include_str!("../../../assets/rules/veli_veljea_vastaan.toml"),
    ),
];

#[derive(Resource, Default)]
pub struct RulesReference {
    by_ruleset: Vec<(String, Vec<Section>)>,
}

impl RulesReference {
    pub fn load() -> Result<RulesReference, String> {
        let mut by_ruleset = Vec::new();
        for (name, text) in FILES {
            let file: File = toml::from_str(text)
                .map_err(|e| format!("assets/rules/{name}.toml: {}", e.message()))?;
            if file.ruleset != *name {
                return Err(format!(
                    "assets/rules/{name}.toml: says ruleset \"{}\"",
                    file.ruleset
                ));
            }
            by_ruleset.push((file.ruleset, file.section));
        }
        Ok(RulesReference { by_ruleset })
    }

    pub fn sections(&self, ruleset: &str) -> &[Section] {
        self.by_ruleset
            .iter()
            .find(|(r, _)| r == ruleset)
            .map(|(_, s)| s.as_slice())
            .unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::TableRules;
    use death_on_the_rails::state::Phase;

    #[test]
    fn the_reference_reads_and_has_a_section_for_every_prompt() {
        let r = RulesReference::load().unwrap();
        let ids: Vec<&str> = r
            .sections("death_on_the_rails")
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        let path = catalog::shipped_dir().join("death_on_the_rails/narva.toml");
        let rules = death_on_the_rails::DeathOnTheRails::load(&path).unwrap();
        let mut s = engine::Ruleset::setup(&rules, &Default::default(), 1).unwrap();
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

    #[test]
    fn veli_veljea_vastaan_has_a_section_for_every_phase() {
        use veli_veljea_vastaan::Phase as P;
        let r = RulesReference::load().unwrap();
        let ids: Vec<&str> = r
            .sections("veli_veljea_vastaan")
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        let path = catalog::shipped_dir().join("veli_veljea_vastaan/campaign_1918.toml");
        let rules = veli_veljea_vastaan::VeliVeljeaVastaan::load(&path).unwrap();
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
}
