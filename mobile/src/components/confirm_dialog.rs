use dioxus::prelude::*;

use super::modal::Modal;
use crate::shell::use_settings;

/// A question with two answers, as a modal: "Start a new game?", "Leave for good?". The safe
/// answer (`no`) comes first and has the focus; Escape gives it too.
#[component]
pub fn ConfirmDialog(
    question: String,
    yes: String,
    no: String,
    on_confirm: EventHandler<()>,
    on_cancel: EventHandler<()>,
) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    rsx! {
        Modal { label: "confirm-text", class: "confirm", alert: true, on_close: move |_| on_cancel.call(()),
            p { id: "confirm-text", {texts.get(&question)} }
            div { class: "actions",
                button { onclick: move |_| on_cancel.call(()), {texts.get(&no)} }
                button { class: "danger", onclick: move |_| on_confirm.call(()), {texts.get(&yes)} }
            }
        }
    }
}
