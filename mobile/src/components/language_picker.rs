use dioxus::prelude::*;

use crate::i18n::{Arg, Language};
use crate::shell::use_settings;

/// Switches the interface language; the choice is kept with the saved games. A language whose
/// texts cannot be had (a translation not yet kept, and no network) is said so beside it, until
/// the player picks again or leaves the screen (each screen's top bar has its own picker).
#[component]
pub fn LanguagePicker() -> Element {
    let mut settings = use_settings();
    use_drop(move || settings.language_unavailable.set(None));
    let texts = settings.texts.read();
    // The choice while its texts come; back to the language on screen if they cannot.
    let current = settings.asked_for();
    let unavailable = *settings.language_unavailable.read();
    rsx! {
        // A small chip with the language's code; the native list opens over it (the select
        // covers the chip, unseen), so every phone shows its own picker.
        label { class: "language chip-select",
            span { class: "visually-hidden", {texts.get("language-label")} }
            span { class: "language-code", aria_hidden: "true", {current.tag().to_ascii_uppercase()} }
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
        if let Some(language) = unavailable {
            p { class: "notice language-unavailable", role: "alert",
                {texts.with("language-unavailable", vec![("language", Arg::from(language.native_name()))])}
            }
        }
    }
}
