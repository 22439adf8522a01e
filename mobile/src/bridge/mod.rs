//! The bridge to the native iOS and Android hosts, through UniFFI (proc-macro style).
//!
//! The webview can do most things itself; what it can't is here, in both directions:
//!
//! - **Rust → host** ([`Host`], a foreign trait the Swift/Kotlin side implements and hands over
//!   once at start with [`register_host`]): the system share sheet, haptic feedback, the store
//!   page. The app calls [`share`], [`share_invitation`], [`haptic`] and [`open_store_page`];
//!   each answers `false` when there is no host (web, desktop, tests) or the host could not do
//!   it, so the caller can fall back (copy the link instead of sharing).
//! - **host → Rust** (exported functions): [`open_link`] for an incoming universal/app link or
//!   `cozcade://` link, [`app_went_to_background`] / [`app_came_to_foreground`], and
//!   [`back_pressed`] for Android's back button. They only decide and queue: every one is
//!   answered at once, on the host's thread, and what the app must do arrives in its inbox
//!   ([`host_events`]) as a [`HostEvent`]. `network_changed` (not in the web build) is the one
//!   that skips the inbox: the device's network news goes straight to every online room's
//!   `online::network::NetworkWatch`, which the room's connection loop listens to.
//!
//! The module is compiled in every build; only the UniFFI exports need the `bridge` feature
//! (on with `mobile`). Without a host the inbox stays empty and the calls answer `false`.
//!
//! # How the App uses it (`shell/host.rs`)
//!
//! (iOS links need nothing from the App: `launch()` feeds the event loop's `Opened` events to
//! [`open_link`]; see `opened_links.rs`.)
//!
//! - One task drains [`host_events`] for the App's whole life (events posted before it started,
//!   a cold start from a link, wait in the inbox) and acts on each (`shell/host.rs`):
//!   - [`HostEvent::OpenRoom`] → `Room::open_invitation`, the way the web build enters a `/r/<room>`
//!     page (a game on the board is saved already, so leaving it needs no question);
//!   - [`HostEvent::Background`] → the computer is paused, remembering that the app did it;
//!     [`HostEvent::Foreground`] → that pause (and only that one) is undone. An online room's
//!     socket reconnects by itself;
//!   - [`HostEvent::Back`] → `Navigation::back_target`, the same place the top bar's Back goes.
//! - An effect keeps [`set_at_root`] equal to "Back has nowhere to go", which [`back_pressed`]
//!   answers synchronously (`false` at the root: the system closes the app, as Android users
//!   expect).
//! - Share: `platform::share_invitation` (the online room's Share button) asks [`share`] first
//!   and falls back to Web Share / copying when it answers `false`.
//! - Haptics: every move played on the board (the player's, the computer's, the friend's once
//!   confirmed) gives [`Haptic::Move`], [`Haptic::Capture`] or [`Haptic::Win`] when its
//!   drawing starts, as `Table::feel_of_move` decides (`shell/board.rs` turns its `Feel` into
//!   the haptic, with the move's sound); the friend joining a room gives [`Haptic::Move`];
//!   [`Haptic::Error`] when an online move or request is refused or could not be sent. A tap on
//!   a cell that isn't lit simply does nothing. Without a host, `feedback::haptic` vibrates instead where the browser can.

mod host;
mod inbox;
mod incoming;
#[cfg(all(target_os = "ios", feature = "ios-host"))]
pub(crate) mod ios_host;
#[cfg(feature = "mobile")]
pub(crate) mod opened_links;
#[cfg(feature = "stand-in-host")]
pub(crate) mod stand_in_host;
#[cfg(feature = "bridge-test")]
mod testing;

pub use host::{
    Haptic, Host, HostError, haptic, open_store_page, register_host, share, share_invitation,
};
pub use inbox::{HostEvent, host_events, set_at_root};
#[cfg(not(target_arch = "wasm32"))]
pub use incoming::network_changed;
pub use incoming::{
    LinkRefused, app_came_to_foreground, app_went_to_background, back_pressed, open_link,
    route_link,
};

#[cfg(test)]
pub(crate) mod tests {
    use std::sync::{Mutex, MutexGuard};

    /// The bridge's state is process-wide (the host calls in from anywhere), so its tests take
    /// turns.
    pub(crate) fn serial() -> MutexGuard<'static, ()> {
        static SERIAL: Mutex<()> = Mutex::new(());
        SERIAL
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
