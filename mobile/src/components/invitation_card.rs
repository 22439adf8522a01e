use dioxus::prelude::*;

use crate::{
    platform::{self, Shared},
    shell::{use_room, use_settings},
};

/// The invitation while the second seat is free: the link, "Share invitation" (the share sheet,
/// or a copy where there is none) and "Copy link", with what happened said on screen.
#[component]
pub fn InvitationCard() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    // The outcome of the last Share / Copy, as a message key.
    let mut outcome = use_signal(|| None::<&'static str>);
    let room_view = use_room().view();
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let link = view.invitation.link();
    let game = view
        .game
        .map(|g| texts.get(&format!("game-{g}")))
        .unwrap_or_default();
    let share_text = texts.with("online-share-text", vec![("game", game.into())]);
    rsx! {
        section { class: "card invitation", aria_labelledby: "invitation-heading",
            h3 { id: "invitation-heading", {texts.get("online-invite-heading")} }
            p { class: "card-note", {texts.get("online-invite-note")} }
            input {
                class: "invitation-link",
                r#type: "text",
                readonly: true,
                value: "{link}",
                aria_label: texts.get("online-invitation-link"),
                "data-testid": "invitation-link",
                onfocus: move |_| {
                    // Selecting it all makes a manual copy one gesture.
                    let _ = document::eval("document.activeElement?.select?.()");
                },
            }
            div { class: "actions",
                button {
                    class: "primary",
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
                    {texts.get("online-share")}
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
                p { class: "share-outcome", role: "status", "data-testid": "share-outcome", {texts.get(key)} }
            }
        }
    }
}
