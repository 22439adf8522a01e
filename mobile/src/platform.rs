//! What differs between the browser and the native webviews, kept small: the device locale,
//! timers and page events come through `document::eval`, which every Dioxus renderer supports.

use dioxus::prelude::*;

/// The device's preferred locales, best first.
pub fn device_locales() -> Vec<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.navigator().language())
            .into_iter()
            .collect()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|var| std::env::var(var).ok())
            .filter(|value| !value.is_empty())
            .collect()
    }
}

/// The webview's preferred languages, best first (the device's, on iOS and Android).
pub const LANGUAGES_JS: &str =
    r#"return Array.from(navigator.languages || [navigator.language]).filter(Boolean);"#;

/// Waits `millis` without blocking the page.
pub async fn sleep(millis: u32) {
    let _ = document::eval(&format!(
        "await new Promise(r => setTimeout(r, {millis})); return 0;"
    ))
    .join::<u32>()
    .await;
}

/// Reports the page's shape now and on every resize: `true` when wider than tall.
pub const LANDSCAPE_JS: &str = r#"
    const send = () => dioxus.send(window.innerWidth > window.innerHeight);
    send();
    window.addEventListener("resize", send);
    await new Promise(() => {});
"#;

/// Reports `true` when the page or app goes to the background.
pub const HIDDEN_JS: &str = r#"
    document.addEventListener("visibilitychange", () => dioxus.send(document.hidden));
    window.addEventListener("pagehide", () => dioxus.send(true));
    await new Promise(() => {});
"#;

/// Whether the player asked the system for less motion.
pub const REDUCED_MOTION_JS: &str =
    r#"return window.matchMedia("(prefers-reduced-motion: reduce)").matches;"#;
