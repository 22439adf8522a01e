use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::top_bar::TopBar;
use crate::shell::use_settings;

/// A short page of rules per game, in the chosen language, then how a game with a friend works:
/// the invitation, the personal link, a new link.
#[component]
pub fn HowToPlay(kind: GameKind) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let game = texts.get(&format!("game-{kind}"));
    let title = texts.with("how-to-play-title", vec![("game", game.into())]);
    let body = texts.get(&format!("how-{kind}"));
    let online = texts.get("how-online");
    rsx! {
        TopBar { title }
        main { class: "screen how-to-play",
            for (i, paragraph) in body.lines().enumerate() {
                p { key: "{i}", "{paragraph}" }
            }
            section { class: "how-online", aria_labelledby: "how-online-heading",
                h2 { id: "how-online-heading", {texts.get("how-online-title")} }
                for (i, paragraph) in online.lines().enumerate() {
                    p { key: "online-{i}", "{paragraph}" }
                }
            }
        }
    }
}
