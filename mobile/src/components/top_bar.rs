use dioxus::prelude::*;

use super::{
    app::{Screen, use_app},
    language_picker::LanguagePicker,
};

/// The bar above every screen: Back (where there is somewhere to go back to), the title and the
/// language.
#[component]
pub fn TopBar(title: String, back: Option<Screen>) -> Element {
    let app = use_app();
    let texts = app.texts.read();
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
