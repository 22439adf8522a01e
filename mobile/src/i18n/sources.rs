//! Where each language's texts come from. Natively all four are compiled in. In the browser only
//! English is: every phone downloads the app's wasm before its first screen, and the three
//! translations were 7.2 KiB of its brotli that most players never read. There each
//! translation is a file of the bundle (`locale-<tag>.<hash>.ftl`): the page's boot script
//! fetches the one the app will start in beside the wasm (`mobile/web/boot.js`, which picks it
//! as [`super::Language::negotiate`] does, from the saved choice or the browser's language), and
//! the app asks it for any other the player picks ([`load`]).

use super::Language;

/// English, the language every build has and every other falls back to.
pub(super) const ENGLISH: &str = include_str!("../../locales/en.ftl");

/// The text of `language`, if this build has it at hand.
pub(super) fn text(language: Language) -> Option<String> {
    compiled_in(language)
        .map(str::to_owned)
        .or_else(|| fetched(language))
}

/// Whether `language`'s texts can be made now, without waiting for the network.
fn at_hand(language: Language) -> bool {
    compiled_in(language).is_some() || fetched(language).is_some()
}

/// Makes `language`'s texts at hand: at once natively; in the browser by fetching its file
/// (from the service worker's cache when offline). False if that failed.
pub async fn load(language: Language) -> bool {
    if at_hand(language) {
        return true;
    }
    #[cfg(target_arch = "wasm32")]
    {
        let script = format!(
            "return await (window.__cozcadeLocale?.({:?}) ?? false);",
            language.tag()
        );
        let loaded = dioxus::prelude::document::eval(&script)
            .join::<bool>()
            .await
            .unwrap_or(false);
        loaded && at_hand(language)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// The compiled-in text of `language`.
pub(super) fn compiled_in(language: Language) -> Option<&'static str> {
    match language {
        Language::English => Some(ENGLISH),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Dutch => Some(include_str!("../../locales/nl.ftl")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Swedish => Some(include_str!("../../locales/sv.ftl")),
        #[cfg(not(target_arch = "wasm32"))]
        Language::Russian => Some(include_str!("../../locales/ru.ftl")),
        #[cfg(target_arch = "wasm32")]
        _ => None,
    }
}

/// A translation the boot script has fetched: `window.__cozcadeLocaleTexts[tag]`.
fn fetched(language: Language) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window()?;
        let texts = js_sys::Reflect::get(&window, &"__cozcadeLocaleTexts".into()).ok()?;
        if texts.is_undefined() || texts.is_null() {
            return None;
        }
        js_sys::Reflect::get(&texts, &language.tag().into())
            .ok()?
            .as_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = language;
        None
    }
}
