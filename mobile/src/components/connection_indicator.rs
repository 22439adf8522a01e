use dioxus::prelude::*;

use crate::{
    i18n::Arg,
    shell::{use_room, use_settings},
    state::Connection,
};

/// Connected, reconnecting (which attempt), offline, or waiting for the friend to join or come
/// back; and the news that the friend joined or left.
#[component]
pub fn ConnectionIndicator() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let room_view = use_room().view();
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let text = match view.connection {
        Connection::Connecting => texts.get("online-connecting"),
        Connection::Connected => texts.get("online-connected"),
        Connection::Reconnecting { attempt } => {
            texts.with("online-reconnecting", vec![("attempt", Arg::from(attempt))])
        }
        Connection::WaitingForFriendToJoin => texts.get("online-waiting-to-join"),
        Connection::WaitingForFriendToReturn => texts.get("online-waiting-to-return"),
        Connection::Offline => texts.get("online-offline"),
        Connection::FriendLeft => texts.get("online-friend-left"),
        Connection::FriendVanished => texts.get("online-friend-vanished"),
        Connection::SeatOffered => texts.get("online-seat-offered"),
        Connection::Stopped(_) => return rsx! {},
    };
    let joined = view
        .friend_joined
        .then(|| texts.get("online-friend-joined"));
    rsx! {
        p {
            class: "connection {view.connection.as_str()}",
            role: "status",
            aria_live: "polite",
            "data-testid": "connection",
            span { class: "connection-dot", aria_hidden: "true" }
            "{text}"
        }
        if let Some(joined) = joined {
            p { class: "friend-notice", role: "status", "data-testid": "friend-notice", "{joined}" }
        }
    }
}
