//! A scenario, loaded and checked: the map, the action deck, the forces and
//! the special rules, ready for play.

use crate::data::{
    Ability, Arrival, CardsFile, Header, MapFile, ObjectiveColour, RULESET_ID, ScenarioFile,
    SetupOrder, SideFile, SideKey, Terrain, UnitFile, UnitKind, VictoryFile,
};
use crate::map::{AreaId, AreaSet, Map, UNREACHABLE, compile_map};
use engine::data::{DataErrors, Problems, SourceFile, Spanned, resolve_inside};
use engine::{ScenarioInfo, Side};
use serde::Serialize;
use std::path::Path;

pub type UnitId = u8;

/// The most units a scenario may have (unit sets are 64-bit masks). The box
/// holds 50 blocks; trains add two parts each.
pub const MAX_UNITS: usize = 64;

/// The most action cards a deck may have (cards are numbered in a byte).
pub const MAX_CARDS: usize = 200;

/// Estonia is side A, the Russian SFSR side B.
pub const ESTONIA: Side = Side::A;
pub const RUSSIA: Side = Side::B;

pub fn side_of(key: SideKey) -> Side {
    match key {
        SideKey::Estonia => ESTONIA,
        SideKey::Russia => RUSSIA,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum TrainPart {
    Artillery,
    MachineGun,
}

/// One unit (block) of the scenario, as printed on its sticker.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitDef {
    pub side: Side,
    pub name: String,
    pub kind: UnitKind,
    /// Full strength (0 for non-combat units and dummies).
    pub strength: u8,
    pub ability: Option<Ability>,
    /// The ability holds while strength is at least this.
    pub ability_min: u8,
    /// Critical strength: at this strength, the next step lost removes the unit.
    pub critical: u8,
    pub train_part: Option<TrainPart>,
    pub reinforcement: bool,
}

impl UnitDef {
    /// A unit with combat strength (not "-", not "?").
    pub fn is_combat(&self) -> bool {
        matches!(self.kind, UnitKind::Infantry | UnitKind::Artillery)
    }
    pub fn is_artillery(&self) -> bool {
        self.kind == UnitKind::Artillery
    }
    /// 11. Objective control: only infantry or artillery take objectives.
    pub fn takes_objectives(&self) -> bool {
        self.is_combat() && self.train_part.is_none()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrainDef {
    pub name: String,
    pub area: AreaId,
    pub reinforcement: bool,
    /// The artillery part, then the machine-gun part.
    pub parts: [UnitId; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideDef {
    pub setup_areas: AreaSet,
    /// Area steps from each area to the nearest setup area.
    pub distance_to_setup: Vec<u8>,
    pub victory: Vec<VictoryFile>,
    pub reinforcements: Option<Arrival>,
    pub train: Option<TrainDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionCard {
    pub actions: u8,
    /// Index of the green objective letter (A = 0).
    pub green: u8,
    /// Bit mask of the blue objective letters (A = bit 0).
    pub blue: u8,
}

impl ActionCard {
    pub fn objectives(&self, colour: ObjectiveColour) -> u8 {
        match colour {
            ObjectiveColour::Green => 1 << self.green,
            ObjectiveColour::Blue => self.blue,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Objective {
    pub letter: char,
    pub area: AreaId,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SpecialRules {
    pub objective_change: bool,
    pub dark_night: bool,
    pub heavy_machine_gun: bool,
    pub fog: bool,
    pub advanced_rules_fixed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    pub id: String,
    pub info: ScenarioInfo,
    pub digest: u64,
    pub map: Map,
    pub cards: Vec<ActionCard>,
    pub units: Vec<UnitDef>,
    pub sides: [SideDef; 2],
    /// Objective tokens in letter order (A, B, …); a letter's index is its number.
    pub objectives: Vec<Objective>,
    /// Initiative token at start: positive on Estonia's side, negative on Russia's.
    pub initiative: i8,
    /// Positions on each side of the initiative track.
    pub track: i8,
    pub setup_order: SetupOrder,
    pub secret_objectives: Option<(ObjectiveColour, [bool; 2])>,
    pub special: SpecialRules,
    /// Each side's units, as a mask over unit ids.
    pub side_mask: [u64; 2],
    /// The armoured trains' parts.
    pub train_mask: u64,
    /// Units with combat strength (infantry and artillery, train parts too).
    pub combat_mask: u64,
    /// Units that arrive as reinforcements.
    pub reinforcement_mask: u64,
    /// Infantry units (the trains' machine guns too), and artillery units.
    pub infantry_mask: u64,
    pub artillery_mask: u64,
    /// For each unit, the first unit with the same sticker (identical blocks
    /// are interchangeable at setup).
    pub block_kind: Vec<UnitId>,
    /// For each unit, the most strength it can have (its full strength) and
    /// the least it can have on the map (its critical strength, for units
    /// with combat strength; 0 for the rest): what the invariants check.
    pub strength_limits: Vec<[u8; 2]>,
    /// Units that are real, not dummies.
    pub real_mask: u64,
    /// Each area's size: how many units it holds under the stacking limit.
    pub area_sizes: Vec<u8>,
}

impl Scenario {
    pub fn side(&self, side: Side) -> &SideDef {
        &self.sides[side.index()]
    }
    pub fn objective_in(&self, area: AreaId) -> Option<usize> {
        self.objectives.iter().position(|o| o.area == area)
    }
}

pub const SIDE_NAMES: [&str; 2] = ["Estonia", "Russian SFSR"];

fn check_header(
    file: &SourceFile,
    ruleset: &Spanned<String>,
    kind: &Spanned<String>,
    expected: &str,
    p: &mut Problems,
) {
    engine::data::check_header(file, ruleset, kind, RULESET_ID, expected, p);
}

/// Reads and checks a map file on its own.
pub fn load_map(path: &Path) -> Result<Map, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: MapFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(&file, &raw.ruleset, &raw.kind, "map", &mut p);
    let map = compile_map(&file, &raw).map_err(DataErrors)?;
    p.into_result(map)
}

/// Reads and checks an action card file on its own.
pub fn load_cards(path: &Path) -> Result<Vec<ActionCard>, DataErrors> {
    let file = SourceFile::read(path)?;
    let (cards, _) = read_cards(&file)?;
    Ok(cards)
}

type CardSpans = Vec<(std::ops::Range<usize>, Vec<std::ops::Range<usize>>)>;

fn read_cards(file: &SourceFile) -> Result<(Vec<ActionCard>, CardSpans), DataErrors> {
    let raw: CardsFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(file, &raw.ruleset, &raw.kind, "action_cards", &mut p);
    let mut cards = Vec::new();
    let mut spans = Vec::new();
    if raw.cards.get_ref().is_empty() {
        p.at(file, &raw.cards, "the deck has no cards");
    }
    if raw.cards.get_ref().len() > MAX_CARDS {
        p.at(
            file,
            &raw.cards,
            format!(
                "a deck may have at most {MAX_CARDS} cards; this one has {}",
                raw.cards.get_ref().len()
            ),
        );
        return Err(DataErrors(p.0));
    }
    for card in raw.cards.get_ref() {
        let c = card.get_ref();
        if !(1..=8).contains(c.actions.get_ref()) {
            p.at(
                file,
                &c.actions,
                format!(
                    "a card gives 1 to 8 actions (there are 8 action tokens), not {}",
                    c.actions.get_ref()
                ),
            );
        }
        let green = letter_index(c.green.get_ref());
        if green.is_none() {
            p.at(
                file,
                &c.green,
                format!(
                    "objective letter \"{}\" must be one of A to H",
                    c.green.get_ref()
                ),
            );
        }
        let mut blue = 0u8;
        for l in c.blue.get_ref() {
            match letter_index(l.get_ref()) {
                Some(i) => blue |= 1 << i,
                None => p.at(
                    file,
                    l,
                    format!("objective letter \"{}\" must be one of A to H", l.get_ref()),
                ),
            }
        }
        spans.push((
            c.green.span(),
            c.blue.get_ref().iter().map(|l| l.span()).collect(),
        ));
        cards.push(ActionCard {
            actions: *c.actions.get_ref(),
            green: green.unwrap_or(0),
            blue,
        });
    }
    p.into_result((cards, spans))
}

fn letter_index(s: &str) -> Option<u8> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ 'A'..='H'), None) => Some(c as u8 - b'A'),
        _ => None,
    }
}

/// Loads a scenario file with the map and deck it refers to, checking them all.
/// Every problem found is reported, each with its file, line and column.
pub fn load_scenario(path: &Path) -> Result<Scenario, DataErrors> {
    let file = SourceFile::read(path)?;
    let raw: ScenarioFile = file.parse_toml()?;
    let mut p = Problems::default();
    check_header(&file, &raw.ruleset, &raw.kind, "scenario", &mut p);

    let map_file = match resolve_inside(path, raw.map.get_ref()) {
        Ok(map_path) => match SourceFile::read(&map_path) {
            Ok(f) => Some(f),
            Err(e) => {
                p.at(
                    &file,
                    &raw.map,
                    format!("map file \"{}\": {}", raw.map.get_ref(), e.message),
                );
                None
            }
        },
        Err(msg) => {
            p.at(&file, &raw.map, msg);
            None
        }
    };
    let cards_file = match resolve_inside(path, raw.cards.get_ref()) {
        Ok(cards_path) => match SourceFile::read(&cards_path) {
            Ok(f) => Some(f),
            Err(e) => {
                p.at(
                    &file,
                    &raw.cards,
                    format!("card file \"{}\": {}", raw.cards.get_ref(), e.message),
                );
                None
            }
        },
        Err(msg) => {
            p.at(&file, &raw.cards, msg);
            None
        }
    };
    // A referenced file of the wrong kind is reported where it is referred to.
    let kind_ok =
        |p: &mut Problems, f: &SourceFile, reference: &Spanned<String>, expected: &str| -> bool {
            match f.parse_toml::<Header>() {
                Ok(h) if h.kind.get_ref() != expected => {
                    p.at(
                        &file,
                        reference,
                        format!(
                            "\"{}\" is a {} file (kind = \"{}\"), not {expected}",
                            reference.get_ref(),
                            h.kind.get_ref(),
                            h.kind.get_ref()
                        ),
                    );
                    false
                }
                _ => true,
            }
        };
    let map_file = map_file.filter(|mf| kind_ok(&mut p, mf, &raw.map, "map"));
    let cards_file = cards_file.filter(|cf| kind_ok(&mut p, cf, &raw.cards, "action_cards"));
    let map = match &map_file {
        Some(mf) => match mf.parse_toml::<MapFile>() {
            Ok(raw_map) => {
                check_header(mf, &raw_map.ruleset, &raw_map.kind, "map", &mut p);
                match compile_map(mf, &raw_map) {
                    Ok(m) => Some(m),
                    Err(errs) => {
                        p.0.extend(errs);
                        None
                    }
                }
            }
            Err(e) => {
                p.push(e);
                None
            }
        },
        None => None,
    };
    let cards = match &cards_file {
        Some(cf) => match read_cards(cf) {
            Ok(c) => Some(c),
            Err(errs) => {
                p.0.extend(errs.0);
                None
            }
        },
        None => None,
    };
    let (Some(map), Some((cards, card_spans))) = (map, cards) else {
        return Err(DataErrors(p.0));
    };

    let area = |p: &mut Problems, key: &Spanned<String>| -> Option<AreaId> {
        let found = map.area_by_key(key.get_ref());
        if found.is_none() {
            p.at(
                &file,
                key,
                format!(
                    "there is no area '{}' on map \"{}\"",
                    key.get_ref(),
                    map.name
                ),
            );
        }
        found
    };

    // Objectives.
    let mut objectives = Vec::new();
    for (i, (letter, key)) in raw.objectives.iter().enumerate() {
        let expected = (b'A' + i as u8) as char;
        if letter_index(letter) != Some(i as u8) {
            p.at(&file, key, format!("objective tokens are lettered A, B, C… in order; expected {expected}, found \"{letter}\""));
        }
        if let Some(a) = area(&mut p, key) {
            if objectives.iter().any(|o: &Objective| o.area == a) {
                p.at(
                    &file,
                    key,
                    format!("two objective tokens in area '{}'", key.get_ref()),
                );
            }
            objectives.push(Objective {
                letter: expected,
                area: a,
            });
        }
    }
    if objectives.len() > 5 {
        p.push(file.error(format!(
            "the box has 5 objective tokens; this scenario uses {}",
            objectives.len()
        )));
    }

    // Secret objectives must name tokens this scenario places.
    let secret = raw.secret_objectives.as_ref().map(|s| {
        let mut drawn = [false; 2];
        for k in &s.drawn_by {
            drawn[side_of(*k).index()] = true;
        }
        (s.colour, drawn)
    });
    if let (Some((colour, _)), Some(cf)) = (secret, &cards_file) {
        let placed = (1u16 << objectives.len()) - 1;
        for (card, (green_span, blue_spans)) in cards.iter().zip(&card_spans) {
            let needed = card.objectives(colour) as u16;
            if needed & !placed != 0 {
                let span = match colour {
                    ObjectiveColour::Green => green_span.clone(),
                    ObjectiveColour::Blue => blue_spans.first().cloned().unwrap_or(0..0),
                };
                p.push(cf.error_at(
                    span,
                    format!(
                        "this card's {} objective names a token that scenario \"{}\" does not place (it places {})",
                        match colour {
                            ObjectiveColour::Green => "green",
                            ObjectiveColour::Blue => "blue",
                        },
                        raw.title,
                        objectives.iter().map(|o| o.letter.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                ));
                break;
            }
        }
    }

    // Forces.
    let mut units = Vec::new();
    let mut sides = Vec::new();
    for (key, side_file) in [
        (SideKey::Estonia, &raw.estonia),
        (SideKey::Russia, &raw.russia),
    ] {
        let side = side_of(key);
        sides.push(compile_side(
            &file, &map, side, side_file, &mut units, &mut p, &raw,
        ));
    }
    if units.len() > MAX_UNITS {
        p.push(file.error(format!(
            "a scenario may have at most {MAX_UNITS} units; this one has {}",
            units.len()
        )));
    }

    let track = *raw.initiative.track.get_ref();
    if !(1..=20).contains(&track) {
        p.at(
            &file,
            &raw.initiative.track,
            "the initiative track has 1 to 20 positions a side",
        );
    }
    let position = *raw.initiative.position.get_ref();
    if position == 0 || position > track {
        p.at(
            &file,
            &raw.initiative.position,
            format!("initiative position must be 1 to {track}"),
        );
    }
    let initiative = match side_of(raw.initiative.side) {
        Side::A => position as i8,
        Side::B => -(position as i8),
    };

    let needs_secret = sides
        .iter()
        .any(|s| s.victory.contains(&VictoryFile::SecretObjectives));
    if needs_secret && secret.is_none() {
        p.push(file.error(
            "a side wins by secret objectives, but the scenario has no [secret_objectives]",
        ));
    }
    if raw.special_rules.objective_change && secret.is_none() {
        p.push(file.error("change of objectives needs [secret_objectives]"));
    }

    let sides: [SideDef; 2] = match sides.try_into() {
        Ok(s) => s,
        Err(_) => return Err(DataErrors(p.0)),
    };
    if !p.is_empty() {
        return Err(DataErrors(p.0));
    }

    let mut side_mask = [0u64; 2];
    let (mut train_mask, mut combat_mask, mut reinforcement_mask) = (0u64, 0u64, 0u64);
    let (mut infantry_mask, mut artillery_mask) = (0u64, 0u64);
    for (i, u) in units.iter().enumerate().take(MAX_UNITS) {
        side_mask[u.side.index()] |= 1 << i;
        if u.train_part.is_some() {
            train_mask |= 1 << i;
        }
        if u.is_combat() {
            combat_mask |= 1 << i;
        }
        if u.reinforcement {
            reinforcement_mask |= 1 << i;
        }
        match u.kind {
            UnitKind::Infantry => infantry_mask |= 1 << i,
            UnitKind::Artillery => artillery_mask |= 1 << i,
            _ => {}
        }
    }
    let strength_limits = units
        .iter()
        .map(|u| [u.strength, if u.is_combat() { u.critical } else { 0 }])
        .collect();
    let real_mask = units
        .iter()
        .enumerate()
        .take(MAX_UNITS)
        .filter(|(_, u)| u.kind != UnitKind::Dummy)
        .fold(0u64, |m, (i, _)| m | 1 << i);
    let area_sizes = map
        .areas
        .iter()
        .map(|a| a.size().min(u8::MAX as usize) as u8)
        .collect();
    let block_kind = block_kinds(&units);
    let id = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut digest_text = file.text.clone();
    digest_text.push_str(&map_file.map(|f| f.text).unwrap_or_default());
    digest_text.push_str(&cards_file.map(|f| f.text).unwrap_or_default());
    Ok(Scenario {
        info: ScenarioInfo {
            ruleset: RULESET_ID.to_string(),
            id: id.clone(),
            title: raw.title.clone(),
            date: raw.date.clone(),
            sides: [SIDE_NAMES[0].to_string(), SIDE_NAMES[1].to_string()],
            description: raw.description.trim().to_string(),
        },
        id,
        digest: engine::save::digest_bytes(digest_text.as_bytes()),
        map,
        cards,
        units,
        sides,
        objectives,
        initiative,
        track: track as i8,
        setup_order: *raw.setup.get_ref(),
        secret_objectives: secret,
        special: crate::scenario::SpecialRules {
            objective_change: raw.special_rules.objective_change,
            dark_night: raw.special_rules.dark_night,
            heavy_machine_gun: raw.special_rules.heavy_machine_gun,
            fog: raw.special_rules.fog,
            advanced_rules_fixed: raw.special_rules.advanced_rules,
        },
        side_mask,
        train_mask,
        combat_mask,
        reinforcement_mask,
        infantry_mask,
        artillery_mask,
        block_kind,
        strength_limits,
        real_mask,
        area_sizes,
    })
}

/// Whether two blocks carry the same sticker (interchangeable at setup).
fn same_block(x: &UnitDef, y: &UnitDef) -> bool {
    x.side == y.side
        && x.name == y.name
        && x.kind == y.kind
        && x.strength == y.strength
        && x.ability == y.ability
        && x.ability_min == y.ability_min
        && x.critical == y.critical
        && x.reinforcement == y.reinforcement
        && x.train_part == y.train_part
}

/// For each unit, the first unit with the same sticker.
fn block_kinds(units: &[UnitDef]) -> Vec<UnitId> {
    (0..units.len())
        .map(|i| {
            (0..=i)
                .find(|&j| same_block(&units[j], &units[i]))
                .unwrap_or(i) as UnitId
        })
        .collect()
}

impl Scenario {
    /// The same scenario with the stickers of blocks `a` and `b` exchanged:
    /// `a` is what `b` was and the other way round. Two face-down blocks of
    /// one side look alike to the other side, so nothing that side reads may
    /// change when they are exchanged; the secrecy tests check that. `None`
    /// unless both are blocks of one side that differ only in their faces
    /// (neither a train part, both reinforcements or neither).
    pub fn with_blocks_exchanged(&self, a: UnitId, b: UnitId) -> Option<Scenario> {
        let (da, db) = (self.units.get(a as usize)?, self.units.get(b as usize)?);
        if a == b
            || da.side != db.side
            || da.train_part.is_some()
            || db.train_part.is_some()
            || da.reinforcement != db.reinforcement
        {
            return None;
        }
        let mut sc = self.clone();
        sc.units.swap(a as usize, b as usize);
        sc.strength_limits.swap(a as usize, b as usize);
        for mask in [
            &mut sc.combat_mask,
            &mut sc.infantry_mask,
            &mut sc.artillery_mask,
            &mut sc.real_mask,
        ] {
            let (bit_a, bit_b) = (*mask >> a & 1, *mask >> b & 1);
            *mask = *mask & !(1 << a) & !(1 << b) | bit_b << a | bit_a << b;
        }
        sc.block_kind = block_kinds(&sc.units);
        Some(sc)
    }
}

fn compile_side(
    file: &SourceFile,
    map: &Map,
    side: Side,
    raw: &SideFile,
    units: &mut Vec<UnitDef>,
    p: &mut Problems,
    scenario: &ScenarioFile,
) -> SideDef {
    let mut setup_areas = AreaSet::EMPTY;
    for key in raw.setup_areas.get_ref() {
        match map.area_by_key(key.get_ref()) {
            Some(a) => setup_areas.insert(a),
            None => p.at(
                file,
                key,
                format!(
                    "there is no area '{}' on map \"{}\"",
                    key.get_ref(),
                    map.name
                ),
            ),
        }
    }
    if raw.setup_areas.get_ref().is_empty() {
        p.at(
            file,
            &raw.setup_areas,
            "a side needs at least one setup area",
        );
    }
    let n = map.area_count();
    let distance_to_setup = (0..n as AreaId)
        .map(|a| {
            setup_areas
                .iter()
                .map(|s| map.distance(a, s))
                .min()
                .unwrap_or(UNREACHABLE)
        })
        .collect();

    for unit in &raw.units {
        push_units(file, side, unit, false, units, p);
    }
    let reinforcements = raw.reinforcements.as_ref().map(|r| {
        let r_ref = r.get_ref();
        for unit in &r_ref.units {
            push_units(file, side, unit, true, units, p);
        }
        let expected_side = match r_ref.arrive {
            Arrival::OnCallAfterObjectiveChange => None,
            Arrival::AtSetupAsleepInBuildings => Some(crate::ESTONIA),
            Arrival::AfterFirstAttackOnRailwayOrTrain => Some(crate::RUSSIA),
        };
        if r_ref.arrive == Arrival::OnCallAfterObjectiveChange && !scenario.special_rules.objective_change {
            p.at(file, r, "reinforcements on call after the change of objectives need special_rules.objective_change");
        }
        if matches!(r_ref.arrive, Arrival::AtSetupAsleepInBuildings | Arrival::AfterFirstAttackOnRailwayOrTrain)
            && !scenario.special_rules.dark_night
        {
            p.at(file, r, "these reinforcements belong to the dark night rules (special_rules.dark_night)");
        }
        if let Some(s) = expected_side
            && s != side
        {
            p.at(file, r, format!("this kind of reinforcement is for {}", SIDE_NAMES[s.index()]));
        }
        if r_ref.arrive == Arrival::AtSetupAsleepInBuildings
            && !map.areas.iter().any(|a| a.terrain == Terrain::Building)
        {
            p.at(file, r, "reinforcements set up in buildings, but the map has no building area");
        }
        r_ref.arrive
    });

    let train = raw.train.as_ref().and_then(|t| {
        let tf = t.get_ref();
        let area = map.area_by_key(tf.area.get_ref());
        match area {
            None => {
                p.at(file, &tf.area, format!("there is no area '{}' on map \"{}\"", tf.area.get_ref(), map.name));
                None
            }
            Some(a) if !map.areas[a as usize].railway => {
                p.at(file, &tf.area, format!("the train must start on the railway; area '{}' has none", tf.area.get_ref()));
                None
            }
            Some(a) => {
                if tf.reinforcement && reinforcements.is_none() {
                    p.at(file, t, "the train comes with the reinforcements, but this side has none");
                }
                let first = units.len() as UnitId;
                for (part, pf) in [(TrainPart::Artillery, &tf.artillery), (TrainPart::MachineGun, &tf.machine_gun)] {
                    if pf.strength == 0 || pf.strength > 4 || pf.critical == 0 || pf.critical > pf.strength {
                        p.at(file, t, "a train part needs strength 1 to 4 and a critical strength between 1 and its strength");
                    }
                    units.push(UnitDef {
                        side,
                        name: format!(
                            "{} ({})",
                            tf.name,
                            match part {
                                TrainPart::Artillery => "artillery",
                                TrainPart::MachineGun => "machine gun",
                            }
                        ),
                        kind: match part {
                            TrainPart::Artillery => UnitKind::Artillery,
                            TrainPart::MachineGun => UnitKind::Infantry,
                        },
                        strength: pf.strength,
                        ability: pf.ability,
                        ability_min: pf.ability_min.unwrap_or(pf.strength),
                        critical: pf.critical,
                        train_part: Some(part),
                        reinforcement: tf.reinforcement,
                    });
                }
                Some(TrainDef {
                    name: tf.name.clone(),
                    area: a,
                    reinforcement: tf.reinforcement,
                    parts: [first, first + 1],
                })
            }
        }
    });

    let victory: Vec<VictoryFile> = raw
        .victory
        .get_ref()
        .iter()
        .map(|v| v.get_ref().clone())
        .collect();
    if victory.is_empty() {
        p.at(
            file,
            &raw.victory,
            "a side needs at least one victory condition",
        );
    }
    for v in raw.victory.get_ref() {
        match v.get_ref() {
            VictoryFile::Evacuate { count } => {
                if *count == 0 {
                    p.at(file, v, "evacuate at least one unit");
                }
                if train.is_none() {
                    p.at(
                        file,
                        v,
                        "evacuation is to the armoured train, but this side has none",
                    );
                }
                if scenario.secret_objectives.is_none() {
                    p.at(file, v, "evacuation is from the objective building on the secret card: add [secret_objectives]");
                }
            }
            VictoryFile::SecretObjectives => {
                let draws = scenario
                    .secret_objectives
                    .as_ref()
                    .is_some_and(|s| s.drawn_by.iter().any(|k| side_of(*k) == side));
                if !draws {
                    p.at(file, v, "this side wins by secret objectives but does not draw a card (secret_objectives.drawn_by)");
                }
            }
            _ => {}
        }
    }
    SideDef {
        setup_areas,
        distance_to_setup,
        victory,
        reinforcements,
        train,
    }
}

fn push_units(
    file: &SourceFile,
    side: Side,
    unit: &Spanned<UnitFile>,
    reinforcement: bool,
    units: &mut Vec<UnitDef>,
    p: &mut Problems,
) {
    let u = unit.get_ref();
    let combat = matches!(u.kind, UnitKind::Infantry | UnitKind::Artillery);
    if combat && !(1..=4).contains(&u.strength) {
        p.at(
            file,
            unit,
            format!(
                "\"{}\": strength must be 1 to 4 (a block has four edges)",
                u.name
            ),
        );
    }
    if !combat && (u.strength != 0 || u.ability.is_some()) {
        p.at(
            file,
            unit,
            format!(
                "\"{}\": non-combat units and dummies have no strength or ability",
                u.name
            ),
        );
    }
    if u.kind == UnitKind::Artillery && u.ability.is_some() {
        p.at(
            file,
            unit,
            format!("\"{}\": abilities A, M and D are for infantry", u.name),
        );
    }
    let critical = u.critical.unwrap_or(if combat { 1 } else { 0 });
    if combat && (critical == 0 || critical > u.strength) {
        p.at(
            file,
            unit,
            format!(
                "\"{}\": critical strength must be 1 to its strength {}",
                u.name, u.strength
            ),
        );
    }
    let ability_min = u.ability_min.unwrap_or(u.strength);
    if u.ability.is_some() && (ability_min == 0 || ability_min > u.strength) {
        p.at(
            file,
            unit,
            format!(
                "\"{}\": ability_min must be 1 to its strength {}",
                u.name, u.strength
            ),
        );
    }
    if u.count == 0 {
        p.at(
            file,
            unit,
            format!("\"{}\": count must be at least 1", u.name),
        );
    }
    for _ in 0..u.count {
        units.push(UnitDef {
            side,
            name: u.name.clone(),
            kind: u.kind,
            strength: u.strength,
            ability: u.ability,
            ability_min,
            critical,
            train_part: None,
            reinforcement,
        });
    }
}
