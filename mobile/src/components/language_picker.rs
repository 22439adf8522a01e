use dioxus::prelude::*;

use crate::i18n::Language;
use crate::shell::use_settings;

/// Switches the interface language; the choice is kept with the saved games.
#[component]
pub fn LanguagePicker() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let current = texts.language();
    rsx! {
        label { class: "language",
            span { class: "visually-hidden", {texts.get("language-label")} }
            select {
                aria_label: texts.get("language-label"),
                value: current.tag(),
                onchange: move |event: FormEvent| {
                    if let Some(language) = Language::from_locale(&event.value()) {
                        settings.set_language(language);
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
