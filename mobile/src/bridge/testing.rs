//! Test-only exports (feature `bridge-test`, never in a shipped build): they let
//! `hosts-check/python/test_bridge.py` do through the generated bindings what the App does in
//! Rust — read the inbox, press Share, ask for haptics, move away from the root screen.
//! Each one calls the very function the App calls.

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
