use dioxus::prelude::*;

use super::{online_games::OnlineGames, top_bar::TopBar};
use crate::shell::{OFFERED, Screen, use_navigation, use_settings};

/// The home screen: one card per game this build offers.
#[component]
pub fn GamePicker() -> Element {
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    rsx! {
        TopBar { title: texts.get("app-title") }
        main { class: "screen games",
            OnlineGames {}
            h2 { {texts.get("home-heading")} }
            ul { class: "cards",
                for &kind in OFFERED {
                    li { key: "{kind}",
                        button {
                            class: "card game-card",
                            "data-game": kind.as_str(),
                            onclick: move |_| navigation.go(Screen::Mode(kind)),
                            span { class: "card-title", {texts.get(&format!("game-{kind}"))} }
                            span { class: "card-note", {texts.get(&format!("blurb-{kind}"))} }
                        }
                    }
                }
            }
        }
    }
}
