use dioxus::prelude::*;

use super::app::use_app;
use crate::i18n::Language;

/// Switches the interface language; the choice is kept with the saved games.
#[component]
pub fn LanguagePicker() -> Element {
    let app = use_app();
    let texts = app.texts.read();
    let current = texts.language();
    rsx! {
        label { class: "language",
            span { class: "visually-hidden", {texts.get("language-label")} }
            select {
                aria_label: texts.get("language-label"),
                value: current.tag(),
                onchange: move |event: FormEvent| {
                    if let Some(language) = Language::from_locale(&event.value()) {
                        app.set_language(language);
                    }
                },
                for language in Language::ALL {
                    option {
                        key: "{language.tag()}",
                        value: language.tag(),
                        selected: language == current,
                        lang: language.tag(),
                        {language.native_name()}
                    }
                }
            }
        }
    }
}
