use dioxus::prelude::*;

use crate::{
    shell::{use_board, use_settings},
    state::{LocalAction, Table},
};

/// A paused game says so on the board itself, where the player looks and taps: the board is
/// veiled, and a tap anywhere on it resumes (the Resume button beside it does the same).
#[component]
pub fn PausedVeil() -> Element {
    let board = use_board();
    let settings = use_settings();
    let paused = board
        .table
        .read()
        .as_ref()
        .and_then(Table::local)
        .is_some_and(|g| g.is_paused() && g.finish().is_none());
    // Looking back at the paused game: the board is what the player looks at.
    if !paused || board.review.read().is_some() {
        return rsx! {};
    }
    let texts = settings.texts.read();
    rsx! {
        button {
            class: "paused-veil",
            "data-testid": "paused-veil",
            onclick: move |_| board.dispatch(LocalAction::Resume),
            span { class: "paused-title", {texts.get("status-paused")} }
            span { class: "paused-hint", {texts.get("board-tap-to-resume")} }
        }
    }
}
