use dioxus::prelude::*;

use crate::shell::{use_board, use_settings};

/// Skip, while a move is being shown: laid over the board's corner rather than among the
/// controls, so the buttons a player reaches for never move under a finger while a piece
/// slides (a tap on the board skips as well).
#[component]
pub fn SkipAnimation() -> Element {
    let board = use_board();
    let settings = use_settings();
    if !board.animating() {
        return rsx! {};
    }
    let texts = settings.texts.read();
    rsx! {
        button { class: "skip", onclick: move |_| board.skip_animation(), {texts.get("action-skip")} }
    }
}
