use dioxus::prelude::*;

use super::app::{Notice as NoticeKind, use_app};
use crate::i18n::Arg;

/// A message about saving: the game always goes on, with or without it.
#[component]
pub fn Notice() -> Element {
    let app = use_app();
    let texts = app.texts.read();
    let text = match app.notice.read().as_ref() {
        Some(NoticeKind::StorageUnavailable(reason)) => texts.with(
            "storage-unavailable",
            vec![("reason", Arg::from(reason.as_str()))],
        ),
        Some(NoticeKind::SaveFailed(reason)) => texts.with(
            "storage-failed",
            vec![("reason", Arg::from(reason.as_str()))],
        ),
        None => return rsx! {},
    };
    rsx! {
        p { class: "notice", role: "status", "{text}" }
    }
}
