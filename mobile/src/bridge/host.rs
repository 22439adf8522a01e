//! Rust → host: what only the native side can do (share sheet, haptics, store page), behind one
//! foreign trait the host implements and registers once at start.

use std::sync::{Arc, RwLock};

use crate::state::Invitation;

/// Implemented by the native host: `IosHost` in `ios/Sources/CozcadeHost/IosHost.swift`,
/// `AndroidHost` in `android/src/main/kotlin/dev/dioxus/main/AndroidHost.kt`. Calls come from the
/// app's Rust thread, which on Android is not the UI thread: each implementation moves to the
/// main thread itself. Every method answers at once; none waits for the user.
#[cfg_attr(feature = "bridge", uniffi::export(with_foreign))]
pub trait Host: Send + Sync {
    /// Shows the system share sheet with `text` and `url` (an invitation link). `Ok(true)` once
    /// the sheet is up, `Ok(false)` when there is nowhere to show it.
    fn share(&self, text: String, url: String) -> Result<bool, HostError>;
    /// A short vibration matching `kind`; devices without a haptic engine do nothing.
    fn haptic(&self, kind: Haptic) -> Result<(), HostError>;
    /// Opens Cozcade's page in the App Store / Play Store app. `Ok(false)` when no store app
    /// can take it.
    fn open_store_page(&self) -> Result<bool, HostError>;
}

/// The kinds of feedback the board gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "bridge", derive(uniffi::Enum))]
pub enum Haptic {
    /// A move was played.
    Move,
    /// A move captured pieces (checkers) or took seeds (Kalah).
    Capture,
    /// The game ended in the player's favour.
    Win,
    /// A tap was refused.
    Error,
}

/// A host call that failed. An exception thrown by the Swift/Kotlin/Python side arrives as
/// `Failed` too (see the `From` below), so a failing host never panics the app.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "bridge", derive(uniffi::Error))]
pub enum HostError {
    #[error("the host could not do it: {reason}")]
    Failed { reason: String },
}

#[cfg(feature = "bridge")]
impl From<uniffi::UnexpectedUniFFICallbackError> for HostError {
    fn from(error: uniffi::UnexpectedUniFFICallbackError) -> Self {
        HostError::Failed {
            reason: error.reason,
        }
    }
}

/// The registered host. A lock rather than a `OnceLock`: a host may register again (an Android
/// activity recreated by the system registers its new self).
static HOST: RwLock<Option<Arc<dyn Host>>> = RwLock::new(None);

/// Called once by the native host at start, before it delivers links; a second call replaces the
/// first host.
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn register_host(host: Arc<dyn Host>) {
    *HOST
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(host);
}

/// Forgets the host (tests: back to "no host").
#[cfg_attr(not(feature = "bridge-test"), allow(dead_code))]
pub(crate) fn forget_host() {
    *HOST
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = None;
}

/// The host, cloned out of the lock so that a host calling back into Rust (or registering again)
/// from inside a call cannot deadlock.
fn host() -> Option<Arc<dyn Host>> {
    HOST.read()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

/// Opens the share sheet; `false` when there is no host or it could not, so the UI copies
/// `url` instead.
pub fn share(text: &str, url: &str) -> bool {
    host().is_some_and(|host| host.share(text.to_owned(), url.to_owned()) == Ok(true))
}

/// What the Share button of an online room calls: the invitation's link (always the
/// `https://<server>/r/<room>` form, which opens the app where it is installed and the web build
/// elsewhere) with the UI's localised `message`.
pub fn share_invitation(invitation: &Invitation, message: &str) -> bool {
    share(message, &invitation.link())
}

/// Haptic feedback; `false` when there is no host or it failed (nothing for the UI to do).
pub fn haptic(kind: Haptic) -> bool {
    host().is_some_and(|host| host.haptic(kind).is_ok())
}

/// Opens the app's store page; `false` when there is no host or no store app took it.
pub fn open_store_page() -> bool {
    host().is_some_and(|host| host.open_store_page() == Ok(true))
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// A host that records what it was asked and answers as told.
    #[derive(Default)]
    struct Recorder {
        calls: Mutex<Vec<String>>,
        fail: bool,
    }

    impl Host for Recorder {
        fn share(&self, text: String, url: String) -> Result<bool, HostError> {
            self.calls
                .lock()
                .expect("calls")
                .push(format!("share {text} {url}"));
            if self.fail {
                return Err(HostError::Failed {
                    reason: "no window".into(),
                });
            }
            Ok(true)
        }
        fn haptic(&self, kind: Haptic) -> Result<(), HostError> {
            self.calls
                .lock()
                .expect("calls")
                .push(format!("haptic {kind:?}"));
            Ok(())
        }
        fn open_store_page(&self) -> Result<bool, HostError> {
            self.calls.lock().expect("calls").push("store".into());
            Ok(!self.fail)
        }
    }

    #[test]
    fn without_a_host_every_call_says_no() {
        let _guard = crate::bridge::tests::serial();
        forget_host();
        assert!(!share("text", "https://play.cozcade.app/r/x"));
        assert!(!haptic(Haptic::Move));
        assert!(!open_store_page());
    }

    #[test]
    fn calls_reach_the_registered_host() {
        let _guard = crate::bridge::tests::serial();
        let recorder = Arc::new(Recorder::default());
        register_host(recorder.clone());
        let invitation = Invitation {
            server: "https://play.cozcade.app".into(),
            room: "0123456789abcdef0123".parse().expect("well formed"),
        };
        assert!(share_invitation(&invitation, "Play Kalah with me"));
        assert!(haptic(Haptic::Capture));
        assert!(open_store_page());
        forget_host();
        assert_eq!(
            *recorder.calls.lock().expect("calls"),
            [
                "share Play Kalah with me https://play.cozcade.app/r/0123456789abcdef0123",
                "haptic Capture",
                "store"
            ]
        );
    }

    #[test]
    fn a_failing_host_is_a_no_not_a_panic() {
        let _guard = crate::bridge::tests::serial();
        register_host(Arc::new(Recorder {
            fail: true,
            ..Recorder::default()
        }));
        assert!(!share("text", "url"));
        assert!(!open_store_page());
        forget_host();
    }
}
