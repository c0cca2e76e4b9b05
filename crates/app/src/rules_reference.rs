//! The rules reference: each rule system's sections in our own words, from
//! `assets/rules/<ruleset>.toml`, which each rule crate builds in
//! (`RuleSystem::REFERENCE`), so it is always there. The panel opens it at the section behind the current prompt.

use bevy::prelude::*;
pub use engine::reference::Section;

#[derive(Resource, Default)]
pub struct RulesReference {
    by_ruleset: Vec<(String, Vec<Section>)>,
}

impl RulesReference {
    /// Every built rule system's reference, as the catalog registers them.
    pub fn load() -> Result<RulesReference, String> {
        let mut by_ruleset = Vec::new();
        for r in catalog::RULESETS.iter().filter(|r| r.built) {
            let sections = engine::reference::sections(r.id, r.reference)?;
            by_ruleset.push((r.id.to_string(), sections));
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
    #[test]
    fn every_built_rule_system_has_its_reference() {
        let r = super::RulesReference::load().unwrap();
        for entry in catalog::RULESETS.iter().filter(|e| e.built) {
            assert!(!r.sections(entry.id).is_empty(), "{}", entry.id);
        }
    }
}
