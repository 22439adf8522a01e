use dioxus::prelude::*;

use crate::shell::use_settings;

/// "Start a new game? The moves of this one will be lost." Escape keeps playing.
#[component]
pub fn ConfirmDialog(on_confirm: EventHandler<()>, on_cancel: EventHandler<()>) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    rsx! {
        div { class: "backdrop",
            div {
                class: "dialog",
                role: "alertdialog",
                aria_modal: "true",
                aria_labelledby: "confirm-text",
                onkeydown: move |event: KeyboardEvent| {
                    if event.key() == Key::Escape {
                        on_cancel.call(());
                    }
                },
                p { id: "confirm-text", {texts.get("confirm-new-game")} }
                div { class: "actions",
                    button { autofocus: true, onclick: move |_| on_cancel.call(()), {texts.get("confirm-no")} }
                    button { class: "danger", onclick: move |_| on_confirm.call(()), {texts.get("confirm-yes")} }
                }
            }
        }
    }
}
