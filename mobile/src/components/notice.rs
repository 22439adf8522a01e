use dioxus::prelude::*;

use crate::{
    i18n::Arg,
    shell::{StorageNotice, use_settings},
};

/// A message about saving: the game always goes on, with or without it.
#[component]
pub fn Notice() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let text = match settings.notice.read().as_ref() {
        Some(StorageNotice::StorageUnavailable(reason)) => texts.with(
            "storage-unavailable",
            vec![("reason", Arg::from(reason.as_str()))],
        ),
        Some(StorageNotice::SaveFailed(reason)) => texts.with(
            "storage-failed",
            vec![("reason", Arg::from(reason.as_str()))],
        ),
        None => return rsx! {},
    };
    rsx! {
        p { class: "notice", role: "status", "{text}" }
    }
}
