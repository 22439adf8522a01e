use dioxus::prelude::*;

use super::{
    confirm_dialog::ConfirmDialog, controls::Controls, game_board::GameBoard, game_over::GameOver,
    hand_over::HandOver, modal::Behind, move_list::MoveList, notice::Notice,
    pass_options::PassOptions, paused_veil::PausedVeil, player_bar::PlayerBars,
    skip_animation::SkipAnimation, status_panel::StatusPanel, top_bar::TopBar,
};
use crate::{
    shell::{use_board, use_settings},
    state::Table,
};

/// The game in progress: status, board and controls, laid out for portrait or landscape
/// (sideways the top bar joins the side panel, so the board has the whole height).
#[component]
pub fn BoardScreen() -> Element {
    let mut board = use_board();
    let settings = use_settings();
    let Some(kind) = board.table.read().as_ref().map(|s| s.kind()) else {
        return rsx! {};
    };
    let texts = settings.texts.read();
    let landscape = *settings.landscape.read();
    let layout = if landscape { "landscape" } else { "portrait" };
    // Two players passing one device have the passing switches under the controls: the board
    // gives up their room.
    let passing = match board.table.read().as_ref().and_then(Table::passing) {
        Some(_) => " passing",
        None => "",
    };
    let title = texts.get(&format!("game-{kind}"));
    let confirming = *board.confirming_new_game.read();
    let finished = board.finish_shown();
    // The hand-over screen waits for the last move to be shown.
    let handing_over = board
        .table
        .read()
        .as_ref()
        .and_then(Table::local)
        .is_some_and(|g| g.handing_over_to().is_some())
        && !board.animating();
    rsx! {
        Behind { covered: confirming || finished || handing_over,
            if !landscape {
                TopBar { title: title.clone(), rules: kind }
            }
            main { class: "screen board-screen with-board {layout}{passing}", "data-game": kind.as_str(),
                Notice {}
                div { class: "board-area",
                    GameBoard {}
                    SkipAnimation {}
                    PausedVeil {}
                }
                aside { class: "side-panel",
                    if landscape {
                        TopBar { title: title.clone(), rules: kind }
                        PlayerBars {}
                    }
                    StatusPanel {}
                    MoveList {}
                    Controls {}
                    PassOptions {}
                }
            }
        }
        if confirming {
            ConfirmDialog {
                question: "confirm-new-game",
                yes: "confirm-yes",
                no: "confirm-no",
                on_confirm: move |_| {
                    board.confirming_new_game.set(false);
                    board.new_game();
                },
                on_cancel: move |_| board.confirming_new_game.set(false),
            }
        } else if finished {
            GameOver {}
        } else if handing_over {
            HandOver {}
        }
    }
}
