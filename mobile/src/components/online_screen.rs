use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{
    connection_indicator::ConnectionIndicator, game_board::GameBoard,
    invitation_card::InvitationCard, notice::Notice, online_controls::OnlineControls,
    room_closed::RoomClosed, status_panel::StatusPanel, top_bar::TopBar,
};
use crate::{
    shell::{use_game, use_room, use_settings},
    state::Connection,
};

/// A room on the room server: the connection, the invitation while the friend has not come,
/// the board (your side nearest you), New round and Leave; or a plain screen once it stopped.
#[component]
pub fn OnlineScreen() -> Element {
    let settings = use_settings();
    let game = use_game();
    let texts = settings.texts.read();
    let room_view = use_room().view();
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let kind = game.session.read().as_ref().map(|s| s.kind()).or(view.game);
    let title = match kind {
        Some(kind) => texts.get(&format!("game-{kind}")),
        None => texts.get("mode-online"),
    };
    let layout = if *settings.landscape.read() {
        "landscape"
    } else {
        "portrait"
    };
    let seat = view
        .seat
        .map(|s| {
            if s == cozcade_engine::Side::First {
                "first"
            } else {
                "second"
            }
        })
        .unwrap_or("");
    let has_board = game.session.read().is_some();
    rsx! {
        TopBar { title }
        main {
            class: "screen board-screen online {layout}",
            "data-game": kind.map(GameKind::as_str).unwrap_or_default(),
            "data-connection": view.connection.as_str(),
            "data-seat": seat,
            Notice {}
            if let Connection::Stopped(stop) = view.connection.clone() {
                RoomClosed { stop, game: kind }
            } else {
                div { class: "board-area",
                    if has_board {
                        GameBoard {}
                    } else {
                        p { class: "connecting", {texts.get("online-connecting")} }
                    }
                }
                aside { class: "side-panel",
                    ConnectionIndicator {}
                    if view.connection == Connection::WaitingForFriendToJoin {
                        InvitationCard {}
                    }
                    if has_board {
                        StatusPanel {}
                    }
                    OnlineControls {}
                }
            }
        }
    }
}
