use cozcade_engine::Side;
use dioxus::prelude::*;

use super::{
    open_in_app::{OpenInApp, StoreLinks},
    top_bar::TopBar,
};
use crate::{
    platform,
    shell::{Screen, use_navigation, use_room, use_settings},
    state::WelcomeInfo,
};

/// The invited friend's first screen: which game, that a friend invited them, the colour
/// they will play and who moves first, How to play, and one button that takes the seat. In a
/// phone's browser the button reads "Play in the browser", beside "Open in the app".
#[component]
pub fn WelcomeScreen() -> Element {
    let settings = use_settings();
    let navigation = use_navigation();
    let room = use_room();
    let texts = settings.texts.read();
    let Some(welcome) = room.welcome().read().clone() else {
        return rsx! {};
    };
    let kind = welcome.game();
    let game = kind.map(|k| texts.get(&format!("game-{k}")));
    let invited = match &game {
        Some(game) => texts.with("welcome-invited", vec![("game", game.clone().into())]),
        None => texts.get("welcome-invited-unknown"),
    };
    let colours = match (kind, welcome.seat()) {
        (Some(kind), Some(seat)) => {
            let side = |s: Side| texts.get(&format!("side-{}", kind.side_name(s)));
            let yours = texts.with("welcome-your-colour", vec![("side", side(seat).into())]);
            let first = if seat == Side::First {
                texts.get("welcome-you-move-first")
            } else {
                texts.with(
                    "welcome-friend-moves-first",
                    vec![("side", side(Side::First).into())],
                )
            };
            Some((yours, first))
        }
        _ => None,
    };
    let phone = platform::is_phone_browser();
    // Opened inside a messaging app: its storage is its own, so say so before a seat is taken.
    let in_app = platform::in_app_browser();
    let own_browser = in_app.and_then(|b| b.own_browser_link(&welcome.invitation.link()));
    let reading = welcome.info == WelcomeInfo::Reading;
    let app_link = welcome.invitation.app_link(None);
    let title = texts.get("welcome-title");
    let landscape = *settings.landscape.read();
    let layout = if landscape { "landscape" } else { "portrait" };
    rsx! {
        TopBar { title }
        main {
            class: "screen welcome {layout}",
            "data-game": kind.map(|k| k.as_str()).unwrap_or_default(),
            "data-testid": "welcome",
            section { class: "card welcome-card", aria_labelledby: "welcome-heading",
                h2 { id: "welcome-heading", "data-testid": "welcome-invited", "{invited}" }
                if let Some((yours, first)) = colours {
                    p { class: "welcome-colour", "data-testid": "welcome-colour", "{yours}" }
                    p { class: "welcome-first", "data-testid": "welcome-first", "{first}" }
                }
                if let Some(kind) = kind {
                    button {
                        class: "link",
                        onclick: move |_| navigation.go(Screen::HowToPlay(kind)),
                        {texts.get("action-how-to-play")}
                    }
                }
                if let Some(browser) = in_app {
                    p { class: "card-note in-app-note", role: "note", "data-testid": "in-app-note",
                        {texts.with(
                            if own_browser.is_some() { "welcome-in-app" } else { "welcome-in-app-menu" },
                            vec![("app", browser.app.into())],
                        )}
                    }
                }
                // With no app known to be installed, playing here comes first.
                div { class: "actions",
                    button {
                        class: "primary take-seat",
                        "data-testid": "take-seat",
                        disabled: reading,
                        onclick: move |_| room.take_seat(),
                        {texts.get(match (in_app, phone) {
                            (Some(_), _) => "welcome-play-here",
                            (None, true) => "welcome-play-in-browser",
                            (None, false) => "welcome-take-seat",
                        })}
                    }
                    if let Some(link) = own_browser {
                        a {
                            class: "button open-in-browser",
                            href: "{link}",
                            "data-testid": "open-in-browser",
                            {texts.get("welcome-open-in-browser")}
                        }
                    }
                    if phone {
                        OpenInApp { link: app_link, stores_below: true }
                    }
                }
                if phone {
                    p { class: "card-note store-links",
                        {texts.get("welcome-no-app")}
                        " "
                        StoreLinks {}
                    }
                }
            }
        }
    }
}
