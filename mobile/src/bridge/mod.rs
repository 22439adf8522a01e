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
//!   ([`host_events`]) as a [`HostEvent`].
//!
//! The module is compiled in every build; only the UniFFI exports need the `bridge` feature
//! (on with `mobile`). Without a host the inbox stays empty and the calls answer `false`.
//!
//! # What the App does with it (not wired here: components/ belongs to the UI)
//!
//! (iOS links need nothing from the App: `launch()` feeds the event loop's `Opened` events to
//! [`open_link`]; see `opened_links.rs`.)
//!
//! 1. At start, spawn one task that drains the inbox:
//!    `let mut events = bridge::host_events(); while let Some(event) = events.next().await { … }`
//!    (`futures_util::StreamExt`). Events posted before the App started (a cold start from a
//!    link) are waiting in it. There must be only one such task: the inbox has one reader.
//! 2. Per event:
//!    - [`HostEvent::OpenRoom`]`{ invitation }`: `AppContext::open_invitation(invitation)`, the
//!      way the web build enters a `/r/<room>` page: `invitation.server` is already the checked
//!      server base URL and `invitation.room` a valid room id. A game on the board is saved
//!      already (every move is), so leaving it for the room needs no question.
//!    - [`HostEvent::Background`]: if the computer is thinking, `dispatch(Action::Pause)` and
//!      remember that the app paused it (the player's own pause is not ours to undo).
//!    - [`HostEvent::Foreground`]: if the app paused the computer on `Background`, dispatch
//!      `Action::Resume`. An online room's socket reconnects by itself.
//!    - [`HostEvent::Back`]: do what the on-screen Back does on the current screen
//!      (How to play → where it came from; board → the mode picker; mode picker → game picker).
//! 3. Whenever the screen changes: [`set_at_root`]`(screen == Screen::Games)`. Android asks
//!    [`back_pressed`] synchronously and must know at once whether the app will handle it
//!    (`false` at the root: the system closes the app, as Android users expect).
//! 4. Share: already wired. `platform::share_invitation` (the online room's Share button) asks
//!    [`share`] first and falls back to Web Share / copying when it answers `false`.
//! 5. Haptics, where the board confirms something: [`Haptic::Move`] after the player's move is
//!    played, [`Haptic::Capture`] when it captured (checkers) or took seeds (Kalah),
//!    [`Haptic::Win`] when the game ends in the player's favour, [`Haptic::Error`] when a tap is
//!    refused. Nothing happens on the web.

mod host;
mod inbox;
mod incoming;
#[cfg(all(target_os = "ios", feature = "ios-host"))]
pub(crate) mod ios_host;
#[cfg(feature = "mobile")]
pub(crate) mod opened_links;
#[cfg(feature = "bridge-test")]
mod testing;

pub use host::{
    Haptic, Host, HostError, haptic, open_store_page, register_host, share, share_invitation,
};
pub use inbox::{HostEvent, host_events, set_at_root};
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
