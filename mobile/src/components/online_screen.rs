use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{
    another_device::AnotherDevice,
    confirm_dialog::ConfirmDialog,
    connection_indicator::ConnectionIndicator,
    game_board::GameBoard,
    game_over::GameOver,
    invitation_card::InvitationCard,
    modal::Behind,
    notice::Notice,
    online_controls::{Ask, OnlineControls},
    open_in_app::ContinueInApp,
    player_bar::PlayerBars,
    room_closed::RoomClosed,
    skip_animation::SkipAnimation,
    status_panel::StatusPanel,
    top_bar::TopBar,
};
use crate::{
    online::connection::Intent,
    shell::{use_board, use_room, use_settings},
    state::Connection,
};

/// A room on the room server: the connection, the invitation while the friend has not come,
/// the board (your side nearest you), New round and Leave; or a plain screen once it stopped.
#[component]
pub fn OnlineScreen() -> Element {
    let settings = use_settings();
    let board = use_board();
    let texts = settings.texts.read();
    let room = use_room();
    let room_view = room.view();
    let mut asking = use_signal(|| None::<Ask>);
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let kind = board.table.read().as_ref().map(|s| s.kind()).or(view.game);
    let title = match kind {
        Some(kind) => texts.get(&format!("game-{kind}")),
        None => texts.get("mode-online"),
    };
    let landscape = *settings.landscape.read();
    let layout = if landscape { "landscape" } else { "portrait" };
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
    let has_board = board.table.read().is_some();
    let with_board = if has_board { " with-board" } else { "" };
    let stopped = matches!(view.connection, Connection::Stopped(_));
    // Sideways the top bar joins the side panel, so the board has the whole height.
    let bar_in_panel = landscape && !stopped;
    let question = *asking.read();
    let finished = !stopped && board.finish_shown();
    rsx! {
        Behind { covered: question.is_some() || finished,
        if !bar_in_panel {
            TopBar { title: title.clone() }
        }
        main {
            class: "screen board-screen online{with_board} {layout}",
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
                        SkipAnimation {}
                    } else {
                        p { class: "connecting", {texts.get("online-connecting")} }
                    }
                }
                aside { class: "side-panel",
                    if bar_in_panel {
                        TopBar { title: title.clone() }
                    }
                    ConnectionIndicator {}
                    if has_board && landscape {
                        PlayerBars {}
                    }
                    if view.seat_open() {
                        InvitationCard {}
                    }
                    if has_board {
                        StatusPanel {}
                    }
                    OnlineControls { asking }
                    ContinueInApp {}
                    AnotherDevice {}
                }
            }
        }
        }
        if let Some(ask) = question {
            ConfirmDialog {
                question: match ask {
                    Ask::Leave => "online-leave-question",
                    Ask::NewRound => "confirm-new-round",
                    Ask::OfferSeat => "online-offer-seat-question",
                },
                yes: match ask {
                    Ask::Leave => "online-leave-yes",
                    Ask::NewRound => "online-new-round",
                    Ask::OfferSeat => "online-offer-seat-yes",
                },
                no: match ask {
                    Ask::Leave => "online-stay",
                    Ask::NewRound => "confirm-no",
                    Ask::OfferSeat => "online-keep-waiting",
                },
                on_confirm: move |_| {
                    asking.set(None);
                    room.send(match ask {
                        Ask::Leave => Intent::Leave,
                        Ask::NewRound => Intent::NewRound,
                        Ask::OfferSeat => Intent::OfferSeat,
                    });
                },
                on_cancel: move |_| asking.set(None),
            }
        } else if finished {
            GameOver {}
        }
    }
}
