//! The rules reference (`assets/rules/red_actions.toml`, the app's rules
//! panel) reads, and has one section for each section of the rulebook.

const REFERENCE: &str = include_str!("../../../assets/rules/red_actions.toml");

#[test]
fn red_actions_has_a_section_for_every_rulebook_section() {
    let sections = engine::reference::sections("red_actions", REFERENCE).unwrap();
    let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
    // The rulebook's contents (003, first line), in order.
    let rulebook = [
        "Definitions",
        "Game Sequence",
        "Initiative",
        "Permitted Actions",
        "Pre-empting Enemy Actions",
        "Special Unit Characteristics",
        "Special Officer Characteristics",
        "The Morale Effects of Officers",
        "Officer Casualties",
        "Morale Tests",
        "Results of Failed Morale Tests",
        "Rallying from Rout, Terror and Pinned",
        "Movement",
        "Formations",
        "Charging",
        "Evading",
        "Retire Results",
        "Routing",
        "Marching",
        "Terrain Effects",
        "Buildings",
        "Barbed Wire",
        "Digging in",
        "Shooting",
        "Shooting Table",
        "Shooting Modifiers",
        "Shooting Results",
        "Officer Casualties from Shooting",
        "Direct Hits",
        "Moving and Shooting",
        "Fire Arcs and Enfilade",
        "Firing Priorities",
        "Observed Indirect Fire",
        "Gas",
        "Harassing Fire",
        "Ammunition Supply",
        "Hand-to-Hand Combat",
        "Combat Table",
        "Combat Modifiers",
        "Combat Results",
        "Officer Casualties in Combat",
        "Pursuit",
        "Visibility",
        "Weather",
        "Miscellaneous",
        "Ambushes",
        "Dismounting",
        "Tanks",
        "Armoured Cars",
        "Trains",
        "A Few Notes",
    ];
    assert_eq!(titles, rulebook);
    let mut ids: Vec<&str> = sections.iter().map(|s| s.id.as_str()).collect();
    assert!(
        ids.iter()
            .all(|id| id.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    );
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), sections.len(), "ids are unique");
    for s in &sections {
        assert!(s.text.trim().len() > 100, "{} says something", s.id);
    }
}
