use cozcade_engine::{AnyRecord, GameKind};
use dioxus::prelude::*;

use crate::{
    i18n::Arg,
    online::client::Stop,
    shell::{Screen, use_navigation, use_settings},
};

/// Why a room will not go on, said plainly, with the way to a game of one's own: a short
/// card (not a page of empty space), the invitation's game drawn when the room said which.
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
        Stop::SeatOffered => ("seat-offered", texts.get("online-stop-seat-offered")),
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
    // The invitation's game, drawn: what the link was for, and what "Start your own game"
    // starts.
    let art = game.map(|kind| cozcade_art::position_image(&AnyRecord::new(kind)));
    rsx! {
        section { class: "card room-closed", role: "alert", "data-stop": key,
            if let Some(art) = art {
                img { class: "game-art room-art", alt: "", src: "{art}" }
            }
            p { class: "headline", "data-testid": "room-closed", "{text}" }
            div { class: "actions",
                button { class: "primary", onclick: move |_| navigation.go(new_game), {texts.get("action-start-own-game")} }
                button { onclick: move |_| navigation.go(Screen::Games), {texts.get("action-menu")} }
            }
        }
    }
}
