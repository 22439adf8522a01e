//! The Cozcade app: Dioxus on the web, desktop and phones.
//!
//! `state` is the game session without a renderer (reducer-style actions), `storage` keeps saved
//! games behind one trait, `i18n` holds the Fluent texts, `shell` owns the app's runtime (the
//! contexts, the effect runner, navigation, the online room's task) and `components` draws it
//! all.

pub mod bridge;
mod components;
mod computer;
mod feedback;
pub mod i18n;
pub mod online;
mod platform;
mod shell;
pub mod state;
pub mod storage;
mod text;
mod timer;

// The UniFFI scaffolding for `bridge` (exports are found in the built library's metadata).
#[cfg(feature = "bridge")]
uniffi::setup_scaffolding!();

// A room id crosses to the hosts as a string, checked again as it comes back.
#[cfg(feature = "bridge")]
use cozcade_protocol::{RoomId, SeatKey};
#[cfg(feature = "bridge")]
uniffi::custom_type!(RoomId, String, {
    remote,
    lower: |room| room.into(),
    try_lift: |text| Ok(text.parse()?),
});
// So does a personal link's seat key.
#[cfg(feature = "bridge")]
uniffi::custom_type!(SeatKey, String, {
    remote,
    lower: |key| key.into(),
    try_lift: |text| Ok(text.parse()?),
});

pub fn launch() {
    // Android registers its host from the activity (Kotlin); iOS has no activity of ours, so
    // Rust starts the Swift side here.
    #[cfg(all(target_os = "ios", feature = "ios-host"))]
    bridge::ios_host::start();
    // The native end-to-end tests' host: links from the command line and a loopback socket.
    #[cfg(feature = "stand-in-host")]
    bridge::stand_in_host::start();
    #[cfg(feature = "mobile")]
    dioxus::LaunchBuilder::new()
        .with_cfg(
            dioxus::mobile::Config::new()
                .with_custom_index(NATIVE_INDEX.into())
                // iOS links arrive as the event loop's `Opened` event.
                .with_custom_event_handler(|event, _| bridge::opened_links::on_window_event(event)),
        )
        .launch(components::App);
    // The page's history is the app's own (`shell/address.rs`): Dioxus's router-side history,
    // which would take over `history.state`, is kept in memory and unused.
    #[cfg(all(feature = "web", not(feature = "mobile")))]
    dioxus::LaunchBuilder::new()
        .with_cfg(
            dioxus::web::Config::new()
                .history(std::rc::Rc::new(dioxus::history::MemoryHistory::default())),
        )
        .launch(components::App);
    #[cfg(not(any(feature = "mobile", feature = "web")))]
    dioxus::launch(components::App);
}

/// The phones' page: edge to edge (`viewport-fit=cover`), padded by the safe-area insets.
#[cfg(feature = "mobile")]
const NATIVE_INDEX: &str = include_str!("../native/index.html");
