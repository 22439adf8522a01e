use dioxus::prelude::*;

use crate::{
    shell::{use_board, use_settings},
    state::Action,
};

/// While a capture chain is half made (a landing chosen, more jumps to come): "keep jumping",
/// and Cancel, which goes back to the position before this turn (what Escape does).
#[component]
pub fn UnfinishedMove() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let unfinished = board
        .table
        .read()
        .as_ref()
        .is_some_and(|s| s.route_committed());
    if !unfinished {
        return rsx! {};
    }
    rsx! {
        div { class: "unfinished-move",
            p { class: "chain-hint", role: "status", "data-testid": "chain-hint", {texts.get("chain-hint")} }
            button { onclick: move |_| board.dispatch(Action::Cancel), {texts.get("action-cancel")} }
        }
    }
}
