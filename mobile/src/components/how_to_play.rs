use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::top_bar::TopBar;
use crate::shell::use_settings;

/// A short page of rules per game, in the chosen language.
#[component]
pub fn HowToPlay(kind: GameKind) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let game = texts.get(&format!("game-{kind}"));
    let title = texts.with("how-to-play-title", vec![("game", game.into())]);
    let body = texts.get(&format!("how-{kind}"));
    rsx! {
        TopBar { title }
        main { class: "screen how-to-play",
            for (i, paragraph) in body.lines().enumerate() {
                p { key: "{i}", "{paragraph}" }
            }
        }
    }
}
