use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{
    app::use_app, checkers_board::CheckersBoard, connection_indicator::ConnectionIndicator,
    invitation_card::InvitationCard, kalah_board::KalahBoard, notice::Notice,
    online_controls::OnlineControls, room_closed::RoomClosed, star_board::StarBoard,
    status_panel::StatusPanel, top_bar::TopBar,
};
use crate::state::Connection;

/// A room on the room server: the connection, the invitation while the friend has not come,
/// the board (your side nearest you), New round and Leave; or a plain screen once it stopped.
#[component]
pub fn OnlineScreen() -> Element {
    let app = use_app();
    let texts = app.texts.read();
    let Some(view) = app.online.read().clone() else {
        return rsx! {};
    };
    let kind = app.session.read().as_ref().map(|s| s.kind()).or(view.game);
    let title = match kind {
        Some(kind) => texts.get(&format!("game-{kind}")),
        None => texts.get("mode-online"),
    };
    let layout = if *app.landscape.read() {
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
    let has_board = app.session.read().is_some();
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
                    match kind {
                        Some(GameKind::Kalah) if has_board => rsx! { KalahBoard {} },
                        Some(GameKind::Checkers) if has_board => rsx! { CheckersBoard {} },
                        Some(GameKind::ChineseCheckers) if has_board => rsx! { StarBoard {} },
                        _ => rsx! { p { class: "connecting", {texts.get("online-connecting")} } },
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
