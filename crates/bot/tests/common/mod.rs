//! What the small games of these tests write alike: the `Ruleset`
//! methods that only name them, show everything to both sides and say
//! actions and events by their numbers.

/// Inside `impl Ruleset for …` of a game whose view is its state and
/// whose actions and events are numbers: its name, the names of side A
/// and side B, and the methods that follow from that alone.
macro_rules! toy_game {
    ($id:literal, $a:literal, $b:literal) => {
        fn id(&self) -> &'static str {
            $id
        }
        fn scenario_id(&self) -> &str {
            $id
        }
        fn scenario_digest(&self) -> u64 {
            0
        }
        fn side_name(&self, side: engine::Side) -> &str {
            if side == engine::Side::A { $a } else { $b }
        }
        fn option_specs(&self) -> Vec<engine::OptionSpec> {
            Vec::new()
        }
        fn prompt_text(&self, _: &Self::State, _: engine::Side) -> String {
            $id.into()
        }
        fn view(&self, s: &Self::State, _: Option<engine::Side>) -> Self::View {
            s.clone()
        }
        fn ends_undo(&self, _: &Self::Event) -> bool {
            false
        }
        fn check_invariants(&self, _: &Self::State) -> Result<(), String> {
            Ok(())
        }
        fn describe_action(&self, _: &Self::State, _: engine::Side, a: &Self::Action) -> String {
            format!("{a}")
        }
        fn describe_events(
            &self,
            _: &Self::State,
            e: &[Self::Event],
            _: Option<engine::Side>,
        ) -> Vec<Option<String>> {
            e.iter().map(|n| Some(format!("{n}"))).collect()
        }
    };
}

pub(crate) use toy_game;
