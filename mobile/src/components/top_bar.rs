use dioxus::prelude::*;

use super::{language_picker::LanguagePicker, sound_toggle::SoundToggle};
use crate::shell::{use_navigation, use_settings};

/// A title longer than this many letters takes a line of its own on a narrow screen rather
/// than wrap beside the buttons.
const LONG_TITLE: usize = 14;

/// The bar above every screen: Back (where there is somewhere to go back to: the same place
/// Android's back button leads), the title, sound on or off, and the language.
#[component]
pub fn TopBar(title: String) -> Element {
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    let back = navigation.back_target();
    rsx! {
        header { class: if title.chars().count() > LONG_TITLE { "top-bar long-title" } else { "top-bar" },
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
            SoundToggle {}
            LanguagePicker {}
        }
    }
}
