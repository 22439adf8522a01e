//! The Cozcade app: Dioxus on the web, desktop and phones.
//!
//! `state` is the game session without a renderer (reducer-style actions), `storage` keeps saved
//! games behind one trait, `i18n` holds the Fluent texts, and `components` draws it all.

pub mod bridge;
mod components;
mod computer;
pub mod i18n;
pub mod online;
mod platform;
pub mod state;
pub mod storage;

// The UniFFI scaffolding for `bridge` (exports are found in the built library's metadata).
#[cfg(feature = "bridge")]
uniffi::setup_scaffolding!();

pub fn launch() {
    dioxus::launch(components::App);
}
