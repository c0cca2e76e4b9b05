//! A rule system's rules reference in our own words (`RuleSystem::REFERENCE`,
//! from `assets/rules/<id>.toml`): its sections, which
//! `Ruleset::rules_section` names for the prompt of the moment.

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

/// The sections of rule system `id`'s reference `text`; an error in words
/// when it does not read or names another rule system.
pub fn sections(id: &str, text: &str) -> Result<Vec<Section>, String> {
    let file: File =
        toml::from_str(text).map_err(|e| format!("assets/rules/{id}.toml: {}", e.message()))?;
    if file.ruleset != id {
        return Err(format!(
            "assets/rules/{id}.toml: says ruleset \"{}\"",
            file.ruleset
        ));
    }
    Ok(file.section)
}
