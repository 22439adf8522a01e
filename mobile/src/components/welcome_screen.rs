use cozcade_engine::Side;
use dioxus::prelude::*;

use super::top_bar::TopBar;
use crate::{
    platform,
    shell::{Screen, use_navigation, use_room, use_settings},
    state::{
        WelcomeInfo,
        welcome::{APP_STORE_PAGE, PLAY_STORE_PAGE},
    },
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
    let reading = welcome.info == WelcomeInfo::Reading;
    let app_link = welcome.app_link();
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
                div { class: "actions",
                    if phone {
                        a {
                            class: "button open-in-app",
                            href: "{app_link}",
                            "data-testid": "open-in-app",
                            onclick: move |_| platform::store_page_unless_the_app_opened(APP_STORE_PAGE, PLAY_STORE_PAGE),
                            {texts.get("welcome-open-in-app")}
                        }
                    }
                    button {
                        class: "primary take-seat",
                        "data-testid": "take-seat",
                        disabled: reading,
                        onclick: move |_| room.take_seat(),
                        {texts.get(if phone { "welcome-play-in-browser" } else { "welcome-take-seat" })}
                    }
                }
                if phone {
                    p { class: "card-note store-links",
                        {texts.get("welcome-no-app")}
                        " "
                        a { href: APP_STORE_PAGE, rel: "noreferrer", "App Store" }
                        " · "
                        a { href: PLAY_STORE_PAGE, rel: "noreferrer", "Google Play" }
                    }
                }
            }
        }
    }
}
