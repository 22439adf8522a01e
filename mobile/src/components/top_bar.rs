use dioxus::prelude::*;

use super::{app::use_app, language_picker::LanguagePicker};

/// The bar above every screen: Back (where there is somewhere to go back to: the same place
/// Android's back button leads), the title and the language.
#[component]
pub fn TopBar(title: String) -> Element {
    let app = use_app();
    let texts = app.texts.read();
    let back = app.back_target();
    rsx! {
        header { class: "top-bar",
            if let Some(target) = back {
                button {
                    class: "back",
                    aria_label: texts.get("action-back"),
                    onclick: move |_| app.go(target),
                    "‹ {texts.get(\"action-back\")}"
                }
            }
            h1 { "{title}" }
            LanguagePicker {}
        }
    }
}
