//! The Red Actions! parts of the side panels: the turn, the weather, the
//! points each side has lost, the tools' keys; the selected unit with its
//! bases, markers, officer and the targets it may be aimed at (with their
//! ranges).

use super::{RaMatch, RaSelected, RaShown, legal_targets, unit_of};
use crate::boards::kit::{BoardPanel, Panels};
use crate::session::AnyMatch;
use crate::session::Session;
use bevy::prelude::*;
use bevy_egui::egui;
use engine::{Ruleset, Side};
use red_actions::RedActions;
use red_actions::geometry;
use red_actions::state::{Order, UnitId};
use red_actions::view::{UnitView, View};

const HIGHLIGHT: egui::Color32 = egui::Color32::from_rgb(255, 210, 80);

fn side_colour(side: Side) -> egui::Color32 {
    super::PALETTE.panel(side)
}

/// The panels of the view the board shows and of the selected unit.
pub struct Panel {
    view: View,
    selected: Option<UnitId>,
    /// The selected unit's targets, each with what it may do to it in
    /// words (worked out once per change: opening the kinds of action
    /// lists the rules again).
    targets: Vec<(UnitId, Vec<String>)>,
}

impl BoardPanel for Panel {
    fn table(&self, ui: &mut egui::Ui, m: &dyn AnyMatch, _deciding: bool) -> Option<usize> {
        let m = m.as_any().downcast_ref::<RaMatch>()?;
        table_panel(ui, m, &self.view);
        None
    }

    fn selected(&self, ui: &mut egui::Ui, m: &dyn AnyMatch) -> bool {
        let (Some(u), Some(_)) = (self.selected, m.as_any().downcast_ref::<RaMatch>()) else {
            return false;
        };
        unit_panel(ui, &self.view, u, &self.targets)
    }
}

/// Keeps the board's panels in step with the view it shows and the unit
/// selected.
pub fn keep_panel(
    session: Res<Session>,
    shown: Res<RaShown>,
    selected: Res<RaSelected>,
    mut panels: ResMut<Panels>,
) {
    if !shown.is_changed() && !selected.is_changed() {
        return;
    }
    let (Some(v), Some(m)) = (&shown.view, session.of::<RedActions>()) else {
        return;
    };
    let (rules, state) = (m.game().rules(), m.game().state());
    let targets = legal_targets(m, selected.0)
        .targets
        .into_iter()
        .map(|(t, aimed)| {
            let words = aimed
                .iter()
                .map(|a| rules.describe_action(state, m.seat(), a))
                .collect();
            (t, words)
        })
        .collect();
    panels.0 = Some(Box::new(Panel {
        view: v.clone(),
        selected: selected.0,
        targets,
    }));
}

/// The turn, the weather, the points lost, the keys of the board's tools.
pub fn table_panel(ui: &mut egui::Ui, m: &RaMatch, v: &View) {
    let rules = m.game().rules();
    let sc = rules.sc();
    ui.heading(if v.turn == 0 {
        format!("Before the first turn ({} turns)", v.turns)
    } else {
        format!("Turn {} of {}", v.turn, v.turns)
    });
    ui.label(format!(
        "Table {}\" × {}\", {}",
        sc.width.as_f32(),
        sc.depth.as_f32(),
        weather_name(sc.weather)
    ));
    for side in Side::BOTH {
        let text = format!(
            "{}: lost {} of {} points",
            rules.side_name(side),
            v.points_lost[side.index()],
            sc.sides[side.index()].points
        );
        ui.add(egui::Label::new(egui::RichText::new(text).color(side_colour(side))).wrap());
    }
    if !v.markers.is_empty() {
        ui.label(format!(
            "{} enemy position marker{} (a unit or a dummy)",
            v.markers.len(),
            if v.markers.len() == 1 { "" } else { "s" }
        ));
    }
    if !v.own_dummies.is_empty() {
        ui.label(format!(
            "Your dummy markers: {} on the table",
            v.own_dummies.len()
        ));
    }
    ui.small(
        "Click a unit to select it. Drag the selected unit (or click open ground) to move \
         it where its ghost shows: green is allowed, red says why not. Q / E wheel it 5°. \
         M switches the measuring tape on (drag anywhere). Click a target to shoot or charge.",
    );
}

fn weather_name(w: red_actions::scenario::WeatherKind) -> &'static str {
    use red_actions::scenario::WeatherKind::*;
    match w {
        Clear => "clear",
        Rain => "rain",
        DarkNight => "dark night",
        Moonlight => "moonlight",
        Fog => "fog",
    }
}

pub fn order_name(o: Order) -> &'static str {
    match o {
        Order::Line => "in line",
        Order::Column => "in column",
        Order::Formed => "formed",
        Order::Limbered => "limbered",
        Order::Unlimbered => "unlimbered",
    }
}

/// The markers and states of a unit, in words.
pub fn states(u: &UnitView) -> Vec<String> {
    let mut s = Vec::new();
    if u.terror > 0 {
        s.push(format!("{} terror", u.terror));
    }
    if u.humiliated > 0 {
        s.push(format!("{} humiliated", u.humiliated));
    }
    for (on, text) in [
        (u.pinned, "pinned"),
        (u.routing, "routing"),
        (u.acted, "has acted this turn"),
        (u.hidden, "hidden (a position marker to the enemy)"),
        (u.ambush, "in ambush"),
        (u.kit.broken_down, "broken down"),
        (u.kit.immobilised, "immobilised"),
        (u.kit.leaving, "making for the table's edge"),
        (
            u.lost_way,
            "lost in the dark: keeps its heading until it reaches a clear feature",
        ),
    ] {
        if on {
            s.push(text.to_string());
        }
    }
    if u.dug_in > 0 {
        s.push(format!("dug in ({}/4 column)", u.dug_in));
    }
    if let Some(b) = &u.holds {
        s.push(format!("holds {b} (its hard cover)"));
    }
    if u.kit.hits > 0 {
        s.push(format!("{} direct hit(s)", u.kit.hits));
    }
    if u.kit.train_speed.0 != 0 {
        s.push(format!("running at {}", u.kit.train_speed));
    }
    if u.kit.ammo_used > 0 {
        s.push(format!("{} moves of ammunition fired", u.kit.ammo_used));
    }
    s
}

/// The selected unit; whether anything was drawn.
pub fn unit_panel(
    ui: &mut egui::Ui,
    v: &View,
    unit: UnitId,
    targets: &[(UnitId, Vec<String>)],
) -> bool {
    let Some(u) = v.units.iter().find(|u| u.id == unit) else {
        return false;
    };
    ui.heading("Selected unit");
    ui.add(
        egui::Label::new(
            egui::RichText::new(&u.name)
                .strong()
                .color(side_colour(u.side)),
        )
        .wrap(),
    );
    let size = u
        .bases
        .first()
        .map(|b| format!(", bases {} × {}", b.width, b.depth))
        .unwrap_or_default();
    if u.on_table {
        ui.label(format!(
            "{}: {} base{} {}{size}",
            u.troop,
            u.bases.len(),
            if u.bases.len() == 1 { "" } else { "s" },
            order_name(u.order)
        ));
    } else {
        ui.label(u.troop.as_str());
    }
    if !u.on_table {
        ui.label(match (u.aboard, u.off_table) {
            (Some(_), _) => "aboard a train",
            (None, true) => "routed off the table: one chance to rally and come back",
            (None, false) => "not on the table yet",
        });
    }
    if let Some(o) = &u.officer {
        ui.label(format!("Officer: {o}"));
    }
    let s = states(u);
    if !s.is_empty() {
        ui.label(s.join(", "));
    }
    // The targets its choices aim at, with the range to each.
    if !targets.is_empty()
        && let Some(me) = unit_of(v, unit)
    {
        ui.separator();
        ui.label(egui::RichText::new("Targets (click one)").color(HIGHLIGHT));
        for (t, what) in targets {
            let Some(tu) = unit_of(v, *t) else {
                continue;
            };
            let range = geometry::unit_dist2(&me.bases, &tu.bases)
                .map(|d| d.inches().to_string())
                .unwrap_or_default();
            ui.colored_label(side_colour(tu.side), format!("{} at {range}", tu.name));
            for w in what {
                ui.small(format!("  {w}"));
            }
        }
    }
    true
}
