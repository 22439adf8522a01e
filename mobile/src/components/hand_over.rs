use dioxus::prelude::*;

use super::modal::Modal;
use crate::{
    shell::{use_board, use_settings},
    state::{LocalAction, Table},
};

/// Between turns on one device (when chosen): "Pass to White", and a tap when ready shows
/// the board to the next player.
#[component]
pub fn HandOver() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some((kind, side)) = table
        .as_ref()
        .and_then(Table::local)
        .and_then(|g| Some((g.kind(), g.handing_over_to()?)))
    else {
        return rsx! {};
    };
    let name = texts.get(&format!("side-{}", kind.side_name(side)));
    rsx! {
        Modal { label: "hand-over-to", class: "hand-over", on_close: move |_| board.dispatch(LocalAction::HandedOver),
            h2 { id: "hand-over-to", "data-testid": "hand-over", {texts.with("hand-over-to", vec![("side", name.into())])} }
            button { class: "primary ready", onclick: move |_| board.dispatch(LocalAction::HandedOver), {texts.get("hand-over-ready")} }
        }
    }
}
