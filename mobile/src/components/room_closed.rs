use cozcade_engine::GameKind;
use dioxus::prelude::*;

use crate::{
    i18n::Arg,
    online::client::Stop,
    shell::{Screen, use_navigation, use_settings},
};

/// Why a room will not go on, said plainly, with the way to a new game.
#[component]
pub fn RoomClosed(stop: Stop, game: Option<GameKind>) -> Element {
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    let (key, text) = match &stop {
        Stop::Replaced => ("replaced", texts.get("online-stop-replaced")),
        Stop::Left => ("left", texts.get("online-stop-left")),
        Stop::RoomFull => ("room-full", texts.get("online-stop-room-full")),
        Stop::UnknownRoom => ("unknown-room", texts.get("online-stop-unknown-room")),
        Stop::RoomExpired => ("room-expired", texts.get("online-stop-room-expired")),
        Stop::BadSeatKey => ("bad-seat-key", texts.get("online-stop-bad-seat-key")),
        Stop::SeatKeyReplaced => (
            "seat-key-replaced",
            texts.get("online-stop-seat-key-replaced"),
        ),
        Stop::UnsupportedVersion => ("unsupported-version", texts.get("online-stop-update")),
        Stop::Refused(reason) => (
            "refused",
            texts.with(
                "online-stop-refused",
                vec![("reason", Arg::from(reason.as_str()))],
            ),
        ),
    };
    let new_game = match game {
        Some(kind) => Screen::Mode(kind),
        None => Screen::Games,
    };
    rsx! {
        section { class: "card room-closed", role: "alert", "data-stop": key,
            p { class: "headline", "data-testid": "room-closed", "{text}" }
            div { class: "actions",
                button { class: "primary", onclick: move |_| navigation.go(new_game), {texts.get("action-new-game")} }
                button { onclick: move |_| navigation.go(Screen::Games), {texts.get("action-menu")} }
            }
        }
    }
}
