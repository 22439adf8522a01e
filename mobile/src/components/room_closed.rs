use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::app::{Screen, use_app};
use crate::{i18n::Arg, online::client::Stop};

/// Why a room will not go on, said plainly, with the way to a new game.
#[component]
pub fn RoomClosed(stop: Stop, game: Option<GameKind>) -> Element {
    let app = use_app();
    let texts = app.texts.read();
    let (key, text) = match &stop {
        Stop::Replaced => ("replaced", texts.get("online-stop-replaced")),
        Stop::Left => ("left", texts.get("online-stop-left")),
        Stop::RoomFull => ("room-full", texts.get("online-stop-room-full")),
        Stop::UnknownRoom => ("unknown-room", texts.get("online-stop-unknown-room")),
        Stop::RoomExpired => ("room-expired", texts.get("online-stop-room-expired")),
        Stop::BadSeatKey => ("bad-seat-key", texts.get("online-stop-bad-seat-key")),
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
                button { class: "primary", onclick: move |_| app.go(new_game), {texts.get("action-new-game")} }
                button { onclick: move |_| app.go(Screen::Games), {texts.get("action-menu")} }
            }
        }
    }
}
