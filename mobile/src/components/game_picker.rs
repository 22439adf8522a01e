use dioxus::prelude::*;

use super::{
    app::{OFFERED, Screen, use_app},
    online_games::OnlineGames,
    top_bar::TopBar,
};

/// The home screen: one card per game this build offers.
#[component]
pub fn GamePicker() -> Element {
    let app = use_app();
    let texts = app.texts.read();
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
                            onclick: move |_| app.go(Screen::Mode(kind)),
                            span { class: "card-title", {texts.get(&format!("game-{kind}"))} }
                            span { class: "card-note", {texts.get(&format!("blurb-{kind}"))} }
                        }
                    }
                }
            }
        }
    }
}
