use dioxus::prelude::*;

use super::{language_picker::LanguagePicker, sound_toggle::SoundToggle};
use cozcade_engine::GameKind;

use crate::shell::{Screen, use_navigation, use_settings};

/// A title longer than this many letters takes a line of its own on a narrow screen rather
/// than wrap beside the buttons...
const LONG_TITLE: usize = 14;
/// ... or than this many beside the rules' "?" too.
const LONG_TITLE_BESIDE_RULES: usize = 12;

/// The bar above every screen: Back (where there is somewhere to go back to: the same place
/// Android's back button leads), the title, the game's rules on a board (a "?", so the
/// controls under the board keep to one line), sound on or off, and the language.
#[component]
pub fn TopBar(title: String, #[props(default)] rules: Option<GameKind>) -> Element {
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    let back = navigation.back_target();
    let long = if rules.is_some() {
        LONG_TITLE_BESIDE_RULES
    } else {
        LONG_TITLE
    };
    rsx! {
        header { class: if title.chars().count() > long { "top-bar long-title" } else { "top-bar" },
            if back.is_some() {
                button {
                    class: "back",
                    aria_label: texts.get("action-back"),
                    onclick: move |_| navigation.back(),
                    span { aria_hidden: "true", "‹" }
                    // The word where there is room for it; the button's name either way.
                    span { class: "back-word", aria_hidden: "true", " {texts.get(\"action-back\")}" }
                }
            }
            // Focusable by script only: where a keyboard player lands on a new screen.
            h1 { tabindex: "-1", "{title}" }
            if let Some(kind) = rules {
                button {
                    class: "rules",
                    aria_label: texts.get("action-how-to-play"),
                    title: texts.get("action-how-to-play"),
                    onclick: move |_| navigation.go(Screen::HowToPlay(kind)),
                    svg { view_box: "0 0 24 24", width: "22", height: "22", "aria-hidden": "true",
                        circle { cx: "12", cy: "12", r: "10", fill: "none", stroke: "currentColor", stroke_width: "2" }
                        path {
                            d: "M9.2 9.3a2.9 2.9 0 1 1 3.9 2.7c-.7.3-1.1.9-1.1 1.6v.9",
                            fill: "none",
                            stroke: "currentColor",
                            stroke_width: "2",
                            stroke_linecap: "round",
                        }
                        circle { cx: "12", cy: "17.6", r: "1.3", fill: "currentColor" }
                    }
                }
            }
            SoundToggle {}
            LanguagePicker {}
        }
    }
}
