//! A link to hand on: the link itself (selected whole on focus, for a manual copy), "Share"
//! (the share sheet, or a copy where there is none) and "Copy link", with what happened said
//! on screen. The invitation and the personal link both go out this way.

use dioxus::prelude::*;

use crate::{
    platform::{self, Shared},
    shell::use_settings,
};

#[component]
pub fn ShareLink(
    link: String,
    /// The field's accessible name and its test id.
    field_label: String,
    field_testid: &'static str,
    /// What the share sheet says with the link, and the Share button's words.
    share_text: String,
    share_label: String,
    /// Share is the card's main action.
    #[props(default)]
    primary: bool,
    /// A test id for the line that says what Share or Copy did.
    #[props(default)]
    outcome_testid: Option<&'static str>,
) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    // The outcome of the last Share / Copy, as a message key.
    let mut outcome = use_signal(|| None::<&'static str>);
    rsx! {
        input {
            class: "invitation-link",
            r#type: "text",
            readonly: true,
            value: "{link}",
            aria_label: field_label,
            "data-testid": field_testid,
            onfocus: move |_| {
                // Selecting it all makes a manual copy one gesture.
                let _ = document::eval("document.activeElement?.select?.()");
            },
        }
        div { class: "actions",
            button {
                class: if primary { "primary" } else { "" },
                onclick: {
                    let link = link.clone();
                    move |_| {
                        let link = link.clone();
                        let share_text = share_text.clone();
                        spawn(async move {
                            outcome.set(Some(match platform::share_invitation(&share_text, &link).await {
                                Ok(Shared::ToShareSheet) => "online-shared",
                                Ok(Shared::Copied) => "online-link-copied",
                                Ok(Shared::Cancelled) => return,
                                Err(_) => "online-copy-failed",
                            }));
                        });
                    }
                },
                "{share_label}"
            }
            button {
                onclick: move |_| {
                    let link = link.clone();
                    spawn(async move {
                        outcome.set(Some(match platform::copy_link(&link).await {
                            Ok(()) => "online-link-copied",
                            Err(_) => "online-copy-failed",
                        }));
                    });
                },
                {texts.get("online-copy-link")}
            }
        }
        if let Some(key) = *outcome.read() {
            p { class: "share-outcome", role: "status", "data-testid": outcome_testid, {texts.get(key)} }
        }
    }
}
