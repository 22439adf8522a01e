//! Test-only exports (feature `bridge-test`, never in a shipped build): they let
//! `hosts-check/python/test_bridge.py` do through the generated bindings what the App does in
//! Rust — read the inbox, press Share, ask for haptics, move away from the root screen, watch
//! the network as an online room does.
//! Each one calls the very function the App calls.

use std::sync::Mutex;

use crate::online::network::NetworkWatch;
use crate::state::Invitation;

use super::{Haptic, HostEvent};

/// The oldest event waiting for the App, without waiting.
#[uniffi::export]
pub fn test_next_host_event() -> Option<HostEvent> {
    super::inbox::take()
}

/// The Share button of an online room.
#[uniffi::export]
pub fn test_share_invitation(invitation: Invitation, message: String) -> bool {
    super::share_invitation(&invitation, &message)
}

#[uniffi::export]
pub fn test_haptic(kind: Haptic) -> bool {
    super::haptic(kind)
}

#[uniffi::export]
pub fn test_open_store_page() -> bool {
    super::open_store_page()
}

/// The App changing screens.
#[uniffi::export]
pub fn test_set_at_root(at_root: bool) {
    super::set_at_root(at_root);
}

/// Back to "no host registered" (the web and desktop builds' situation).
#[uniffi::export]
pub fn test_forget_host() {
    super::host::forget_host();
}

/// The watch an online room's connection loop keeps while it runs (one at a time here).
static NETWORK_WATCH: Mutex<Option<NetworkWatch>> = Mutex::new(None);

fn network_watch() -> std::sync::MutexGuard<'static, Option<NetworkWatch>> {
    NETWORK_WATCH
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// An online room starting: a fresh watch on the device's network (replacing the last one).
#[uniffi::export]
pub fn test_watch_network() {
    *network_watch() = Some(NetworkWatch::new());
}

/// What the room's watch has heard since the last call, oldest first (`true`: back online),
/// without waiting; empty without a watch.
#[uniffi::export]
pub fn test_network_news() -> Vec<bool> {
    network_watch()
        .as_mut()
        .map(NetworkWatch::news_so_far)
        .unwrap_or_default()
}

/// Whether the room's watch says the device is online now (`false` without a watch).
#[uniffi::export]
pub fn test_network_online() -> bool {
    network_watch().as_ref().is_some_and(NetworkWatch::online)
}
