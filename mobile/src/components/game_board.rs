//! The board of the game in progress, local or online: reads the session once and gives the
//! board of its game what it draws as props, and the taps back to the session.

use cozcade_engine::AnyRecord;
use dioxus::prelude::*;

use super::{checkers_board::CheckersBoard, kalah_board::KalahBoard, star_board::StarBoard};
use crate::{
    shell::{use_game, use_settings},
    state::{Action, Cell},
};

#[component]
pub fn GameBoard() -> Element {
    let game = use_game();
    let settings = use_settings();
    let session = game.session.read();
    let Some(session) = session.as_ref() else {
        return rsx! {};
    };
    let turned = session.board_turned();
    let highlights = session.highlights();
    let movable = session.movable();
    let route: Vec<Cell> = session.route().to_vec();
    // A tap while a move is being sown only skips the sowing.
    let on_tap = move |cell: Cell| {
        if game.sowing.peek().is_some() {
            game.skip_animation();
        } else {
            game.dispatch(Action::Tap(cell));
        }
    };
    let on_cancel = move |()| {
        game.skip_animation();
        game.dispatch(Action::Cancel);
    };
    match &*session.record() {
        AnyRecord::Kalah(record) => rsx! {
            KalahBoard {
                position: record.position().clone(),
                turned,
                landscape: *settings.landscape.read(),
                highlights,
                movable,
                sowing: game.sowing.read().clone(),
                on_tap,
                on_cancel,
            }
        },
        AnyRecord::Checkers(record) => rsx! {
            CheckersBoard {
                position: *record.position(),
                turned,
                highlights,
                movable,
                route,
                last: record.last_move().copied(),
                on_tap,
                on_cancel,
            }
        },
        AnyRecord::ChineseCheckers(record) => rsx! {
            StarBoard {
                position: record.position().clone(),
                turned,
                highlights,
                movable,
                route,
                last: record.last_move().copied(),
                on_tap,
                on_cancel,
            }
        },
    }
}
