//! "Open in the app" in a phone's browser: the welcome's button, and the online board's offer to
//! carry the seat this browser holds over to the app. When the app does not open (it is not on
//! the phone), the page says so and offers the stores; it never leaves the game for a store on
//! its own.

use dioxus::prelude::*;

use crate::{
    platform,
    shell::{use_room, use_settings},
    state::stores::{PLAY_STORE_PAGE, app_store_page},
};

/// The button that hands `link` (the app's own scheme) to the app, then, if this page is still
/// in view a moment later, the plain note that the app did not open, with the stores (unless
/// `stores_below`: the page lists them right under it already).
#[component]
pub fn OpenInApp(link: String, #[props(default)] stores_below: bool) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let mut not_opened = use_signal(|| false);
    rsx! {
        a {
            class: "button open-in-app",
            href: "{link}",
            "data-testid": "open-in-app",
            onclick: move |_| {
                not_opened.set(false);
                spawn(async move {
                    if !platform::app_took_over().await {
                        not_opened.set(true);
                    }
                });
            },
            {texts.get("welcome-open-in-app")}
        }
        if *not_opened.read() {
            p { class: "card-note app-not-opened", role: "status", "data-testid": "app-not-opened",
                {texts.get("app-not-opened")}
                if !stores_below {
                    " "
                    StoreLinks {}
                }
            }
        }
    }
}

/// The app's store pages: Google Play's, and the App Store's once the app has one.
#[component]
pub fn StoreLinks() -> Element {
    let app_store = app_store_page();
    rsx! {
        if let Some(page) = app_store {
            a { href: "{page}", rel: "noreferrer", "App Store" }
            " · "
        }
        a { href: PLAY_STORE_PAGE, rel: "noreferrer", "Google Play" }
    }
}

/// On the online board in a phone's browser: the seat this browser holds can go on in the app,
/// which takes it over through the personal link. Folded away for this room with "Not now".
#[component]
pub fn ContinueInApp() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let room = use_room();
    let room_view = room.view();
    let mut dismissed = use_signal(|| None::<String>);
    if !platform::is_phone_browser() {
        return rsx! {};
    }
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let Some(key) = view.seat_key.as_ref() else {
        return rsx! {};
    };
    let room_id = view.invitation.room.to_string();
    if dismissed.read().as_deref() == Some(room_id.as_str()) {
        return rsx! {};
    }
    let link = view.invitation.app_link(Some(key));
    rsx! {
        section { class: "card continue-in-app", "data-testid": "continue-in-app",
            p { class: "card-note", {texts.get("online-continue-in-app")} }
            div { class: "actions",
                OpenInApp { link }
                button {
                    class: "link",
                    "data-testid": "continue-in-app-not-now",
                    onclick: move |_| dismissed.set(Some(room_id.clone())),
                    {texts.get("action-not-now")}
                }
            }
        }
    }
}
