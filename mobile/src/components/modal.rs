//! A dialog over the viewport, wherever the page is scrolled: the page behind takes no taps,
//! focus moves to the dialog's first button when it opens, and Escape closes it.

use dioxus::prelude::*;

/// `label` is the id of the element inside that names the dialog (its question or headline);
/// `alert` makes it an alertdialog (a question that must be answered).
#[component]
pub fn Modal(
    label: String,
    class: Option<String>,
    #[props(default)] alert: bool,
    on_close: EventHandler<()>,
    children: Element,
) -> Element {
    let class = class.unwrap_or_default();
    rsx! {
        div { class: "backdrop",
            div {
                class: "dialog {class}",
                role: if alert { "alertdialog" } else { "dialog" },
                aria_modal: "true",
                aria_labelledby: "{label}",
                tabindex: "-1",
                onmounted: move |_| {
                    // The newest dialog is the last in the page.
                    let _ = document::eval(
                        "const d = [...document.querySelectorAll('.dialog')].pop();
                         (d?.querySelector('button') ?? d)?.focus();",
                    );
                },
                onkeydown: move |event: KeyboardEvent| {
                    if event.key() == Key::Escape {
                        event.stop_propagation();
                        on_close.call(());
                    }
                },
                {children}
            }
        }
    }
}

/// The page behind a dialog: hidden from screen readers and taps while one is open.
#[component]
pub fn Behind(covered: bool, children: Element) -> Element {
    rsx! {
        div {
            class: "behind",
            aria_hidden: if covered { "true" },
            "inert": if covered { "true" },
            {children}
        }
    }
}
