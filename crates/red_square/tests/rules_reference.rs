//! The rules reference (`assets/rules/red_square.toml`, the app's rules
//! panel) has a section for every phase, and one on playing on screen.

use engine::{RuleSystem, Ruleset, Side};
use red_square::RedSquare;
use red_square::state::{Move, Phase};

#[test]
fn red_square_has_a_section_for_every_phase() {
    let sections = engine::reference::sections(RedSquare::ID, RedSquare::REFERENCE).unwrap();
    let ids: Vec<&str> = sections.iter().map(|s| s.id.as_str()).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/red_square/sviyazhsk.toml");
    let rules = RedSquare::load(&path).unwrap();
    let mut s = rules.new_game(1);
    let m = Move {
        unit: 0,
        card: 0,
        score: 2,
        squares: 0,
        closed: false,
        road: false,
        wheeled: true,
        keep_off_enemy: false,
        overran: false,
        cap: u8::MAX,
    };
    for phase in [
        Phase::Headquarters(Side::A),
        Phase::Ace { card: 0 },
        Phase::TrainCard { unit: 0 },
        Phase::Joker(Side::A),
        Phase::Activate { card: 0 },
        Phase::Act { card: 0, score: 2 },
        Phase::Moving(m),
        Phase::Reaction {
            mover: 0,
            side: Side::B,
        },
        Phase::GameOver,
    ] {
        s.phase = phase;
        let id = rules.rules_section(&s);
        assert!(ids.contains(&id), "no section {id} in {ids:?}");
    }
    assert!(ids.contains(&"screen"));
}
