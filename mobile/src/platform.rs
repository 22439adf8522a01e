//! What differs between the browser and the native webviews, kept small: the device locale,
//! timers and page events come through `document::eval`, which every Dioxus renderer supports.

use cozcade_protocol::SeatKey;
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

/// A seed for a new game's computer player, from the operating system's random source (the
/// browser's `crypto.getRandomValues` on the web). Should the system have none to give, the
/// game gets a fixed seed: it plays as well, only the same way each time.
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or(0x5EED)
}

/// A new seat key for a new personal link: 256 bits from the operating system's random source
/// (the browser's `crypto.getRandomValues`), as the server makes them. Without a source there
/// is no key: a guessable one would be worse than none.
pub fn new_seat_key() -> Option<SeatKey> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    hex.parse().ok()
}

/// Sets the page's language (its `lang`, which screen readers and hyphenation follow).
pub fn set_page_language(tag: &str) {
    let _ = document::eval(&format!("document.documentElement.lang = {tag:?};"));
}

/// Everything the app learns from the page, in one script for the whole run (each script is
/// compiled and wired to the app on its own, during the first load): it reports
/// `["landscape", wider than tall]` now and whenever that changes (a media query, where reading
/// the window's size would make the browser lay the page out there and then),
/// `["reduced-motion", asked for less motion]` once, `["hidden", true]` when the page or
/// app goes to the background, and `["personal-link", true]` when a personal link is opened
/// where the app already is (the same page with a `#seat=` fragment is no load, only a
/// `hashchange`); and it sets the page's language to the tag the app sends it at start.
pub const PAGE_JS: &str = r##"
    const send = (what, value) => dioxus.send([what, value]);
    const wide = window.matchMedia("(orientation: landscape)");
    const shape = () => send("landscape", wide.matches);
    shape();
    wide.addEventListener("change", shape);
    send("reduced-motion", window.matchMedia("(prefers-reduced-motion: reduce)").matches);
    document.addEventListener("visibilitychange", () => send("hidden", document.hidden));
    window.addEventListener("pagehide", () => send("hidden", true));
    window.addEventListener("hashchange", () => send("personal-link", location.hash.startsWith("#seat=")));
    window.addEventListener("popstate", () => send("address", true));
    document.documentElement.lang = await dioxus.recv();
    await new Promise(() => {});
"##;

/// The time now, in Unix seconds (for how long ago a game was last played).
pub fn now_secs() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() / 1000.0) as i64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
    }
}

/// Whether this is the browser on a phone (a touch screen, or a page too small for anything
/// else), where the welcome offers "Open in the app". The installed app never is.
/// The messaging app whose web view shows this page, if any (see
/// [`crate::state::welcome::InAppBrowser`]); never in the app itself.
pub fn in_app_browser() -> Option<crate::state::welcome::InAppBrowser> {
    #[cfg(target_arch = "wasm32")]
    {
        let agent = web_sys::window()?.navigator().user_agent().ok()?;
        crate::state::welcome::InAppBrowser::of(&agent)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

pub fn is_phone_browser() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            return false;
        };
        let size = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
        let short_side = match (size(window.inner_width()), size(window.inner_height())) {
            (Some(w), Some(h)) => w.min(h),
            _ => f64::MAX,
        };
        window.navigator().max_touch_points() > 0 || short_side <= 500.0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        false
    }
}

/// After "Open in the app" was tapped: whether the app took over, that is whether this page
/// went out of sight (hidden, or left) within a moment. A page still in view means the phone
/// has no app for the link (or the browser asked and was told no): the caller says so and
/// offers the stores, rather than sending the player away from the game unasked.
pub async fn app_took_over() -> bool {
    if !cfg!(target_arch = "wasm32") {
        return true;
    }
    document::eval(APP_TOOK_OVER_JS)
        .join::<bool>()
        .await
        .unwrap_or(true)
}

const APP_TOOK_OVER_JS: &str = "
    let gone = document.visibilityState === 'hidden';
    const away = () => { if (document.visibilityState === 'hidden') gone = true; };
    const left = () => { gone = true; };
    document.addEventListener('visibilitychange', away);
    window.addEventListener('pagehide', left);
    await new Promise((done) => setTimeout(done, 1500));
    document.removeEventListener('visibilitychange', away);
    window.removeEventListener('pagehide', left);
    return gone;
";

/// The room server this app talks to: the page's own origin in the browser (the room server
/// serves the web build), [`crate::state::invitation::DEFAULT_SERVER`] on phones and desktops.
pub fn server_base() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let origin = web_sys::window().and_then(|w| w.location().origin().ok());
        if let Some(origin) = origin.filter(|o| o.starts_with("http")) {
            return origin;
        }
    }
    crate::state::invitation::DEFAULT_SERVER.to_string()
}

/// The room named by the page's address, in the browser: `/r/<room>` (the invitation link
/// itself) or `/?room=<room>` (the server's fallback page links there), with the seat key of a
/// personal link (`#seat=<key>`), which is taken out of the address at once (history, not a
/// load): a bookmark or a copied address does not carry it. Elsewhere links come through the
/// native bridge, which the shell (`shell/host.rs`) opens the same way.
pub fn invitation_in_address() -> Option<(crate::state::Invitation, Option<SeatKey>)> {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window()?;
        let location = window.location();
        let origin = location.origin().ok()?;
        let path = location.pathname().ok()?;
        let search = location.search().ok()?;
        let hash = location.hash().ok().unwrap_or_default();
        let seat_key = crate::state::seat_key_in(&hash);
        if !hash.is_empty()
            && let Ok(history) = window.history()
        {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}{search}")),
            );
        }
        let room = match path.strip_prefix("/r/") {
            Some(room) => room.trim_end_matches('/').to_string(),
            None => search
                .trim_start_matches('?')
                .split('&')
                .find_map(|pair| pair.strip_prefix("room="))?
                .to_string(),
        };
        let invitation =
            crate::state::Invitation::parse(&format!("{origin}/r/{room}"), &origin).ok()?;
        Some((invitation, seat_key))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// How an invitation went out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    /// The system share sheet took it.
    ToShareSheet,
    /// It was copied to the clipboard instead (no share sheet here).
    Copied,
    /// The player closed the share sheet.
    Cancelled,
}

/// Why an invitation could not be shared or copied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    #[error("the link could not be copied")]
    CopyFailed,
    #[error("the page did not answer: {0}")]
    Page(String),
}

/// Copies `text` to the clipboard; the old `execCommand` way when the Clipboard API is missing
/// or refused (plain http, an unfocused page).
const COPY_JS: &str = r#"
    const text = await dioxus.recv();
    try { await navigator.clipboard.writeText(text); return "copied"; } catch (e) {}
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) {}
    area.remove();
    return ok ? "copied" : "failed";
"#;

/// Opens the Web Share sheet when the browser has one, with a link or with text alone, and a
/// picture where one is given and the browser shares files: the SVG drawn into a PNG (what
/// messaging apps take), at the SVG's own pixel size.
const SHARE_JS: &str = r#"
    const [text, url, picture] = await dioxus.recv();
    if (!navigator.share) return "unavailable";
    const data = url ? { text, url } : { text };
    if (picture && navigator.canShare) {
        try {
            const [svg, name] = picture;
            const image = new Image();
            image.src = svg;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.naturalWidth;
            canvas.height = image.naturalHeight;
            canvas.getContext("2d").drawImage(image, 0, 0);
            const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
            const files = blob ? [new File([blob], name, { type: "image/png" })] : [];
            if (files.length && navigator.canShare({ ...data, files })) data.files = files;
        } catch (e) {
            // The text goes alone.
        }
    }
    try { await navigator.share(data); return "shared"; }
    catch (e) { return e && e.name === "AbortError" ? "cancelled" : "unavailable"; }
"#;

/// "Share invitation": the system share sheet, with `text` and the `link`. On phones that is the
/// native sheet through the bridge (`crate::bridge::share`, answered by the iOS/Android host);
/// in the browser, or when no host took it, the Web Share API, or a copy of the link where there
/// is none.
pub async fn share_invitation(text: &str, link: &str) -> Result<Shared, ShareError> {
    share(text, Some(link), None, link).await
}

/// A picture to share: an SVG's `data:` URL and the name of the PNG it becomes.
pub type Picture<'a> = (&'a str, &'a str);

/// The share sheet with `text`, a `link` and a `picture` if any; where there is none,
/// `fallback` is copied. The phones' bridge takes text and a link: a picture goes through the
/// Web Share API only.
async fn share(
    text: &str,
    link: Option<&str>,
    picture: Option<Picture<'_>>,
    fallback: &str,
) -> Result<Shared, ShareError> {
    if crate::bridge::share(text, link.unwrap_or_default()) {
        return Ok(Shared::ToShareSheet);
    }
    let eval = document::eval(SHARE_JS);
    eval.send((text, link, picture))
        .map_err(|e| ShareError::Page(e.to_string()))?;
    let answer = eval
        .join::<String>()
        .await
        .map_err(|e| ShareError::Page(e.to_string()))?;
    match answer.as_str() {
        "shared" => Ok(Shared::ToShareSheet),
        "cancelled" => Ok(Shared::Cancelled),
        _ => copy_link(fallback).await.map(|()| Shared::Copied),
    }
}

/// "Copy link": the link to the clipboard.
pub async fn copy_link(link: &str) -> Result<(), ShareError> {
    let eval = document::eval(COPY_JS);
    eval.send(link)
        .map_err(|e| ShareError::Page(e.to_string()))?;
    match eval.join::<String>().await {
        Ok(answer) if answer == "copied" => Ok(()),
        Ok(_) => Err(ShareError::CopyFailed),
        Err(e) => Err(ShareError::Page(e.to_string())),
    }
}

/// "Share game": a game's text, with a picture of it where the browser shares files, through
/// the share sheet (the bridge's, else the Web Share API), or the text copied where there is
/// none.
pub async fn share_game(text: &str, picture: Picture<'_>) -> Result<Shared, ShareError> {
    share(text, None, Some(picture), text).await
}

/// Today's date on the device's calendar as PDN writes it, `YYYY.MM.DD`.
pub fn today() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let now = js_sys::Date::new_0();
        format!(
            "{:04}.{:02}.{:02}",
            now.get_full_year(),
            now.get_month() + 1,
            now.get_date()
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // UTC: the native build has no sound way to read the local offset on every platform,
        // and a game's date need not be exact to the hour.
        let now = time::OffsetDateTime::now_utc();
        format!(
            "{:04}.{:02}.{:02}",
            now.year(),
            u8::from(now.month()),
            now.day()
        )
    }
}

/// Whether the device says it has no network at all (the browser's `navigator.onLine`). A phone
/// that has one but cannot reach the server is not offline: that is the request's own error.
#[cfg(target_arch = "wasm32")]
pub fn is_offline() -> bool {
    web_sys::window().is_some_and(|window| !window.navigator().on_line())
}

#[cfg(not(target_arch = "wasm32"))]
pub fn is_offline() -> bool {
    false
}
