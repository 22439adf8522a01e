use dioxus::prelude::*;

use super::share_link::ShareLink;
use crate::shell::{use_room, use_settings};

/// The invitation while the second seat is free: the link, "Share invitation" (the share sheet,
/// or a copy where there is none) and "Copy link", with what happened said on screen.
#[component]
pub fn InvitationCard() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
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
            ShareLink {
                link,
                field_label: texts.get("online-invitation-link"),
                field_testid: "invitation-link",
                share_text,
                share_label: texts.get("online-share"),
                primary: true,
                outcome_testid: "share-outcome",
            }
        }
    }
}
