//! Whether the device has a network, and word when that changes: the session shows "Offline"
//! at once when it goes, and reconnects at once (skipping the backoff wait) when it returns.
//!
//! On the web these are the window's `offline` and `online` events. On phones the native host
//! reports them over the UniFFI bridge (`bridge::network_changed`, which calls [`report`]):
//! Android's `ConnectivityManager.registerDefaultNetworkCallback` (`onAvailable` / `onLost`, in
//! `NetworkReporter.kt`) and iOS's `NWPathMonitor` (`pathUpdateHandler`, `.satisfied` or not, in
//! `NetworkMonitor.swift`). Every live [`NetworkWatch`] gets each change on the same kind of
//! channel the web half feeds, so the session treats both alike.
//!
//! The desktop build (wry) has no such hook among our dependencies: nothing reports there, the
//! watch says "online" and never changes, and the application heartbeat
//! (`cozcade_protocol::heartbeat`) notices a lost network within 8 s instead.

use futures_channel::mpsc::UnboundedReceiver;
use futures_util::StreamExt;

/// Watches the device's network for one session; stops watching when dropped.
pub struct NetworkWatch {
    changes: UnboundedReceiver<bool>,
    #[cfg(target_arch = "wasm32")]
    _listeners: web::Listeners,
}

impl NetworkWatch {
    pub fn new() -> Self {
        #[cfg(target_arch = "wasm32")]
        {
            let (tx, changes) = futures_channel::mpsc::unbounded();
            NetworkWatch {
                changes,
                _listeners: web::Listeners::new(tx),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            NetworkWatch {
                changes: native::watch(),
            }
        }
    }

    /// Whether the device says it has a network now (the browser's `navigator.onLine`, the
    /// native host's last report).
    pub fn online(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            web_sys::window().is_none_or(|window| window.navigator().on_line())
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            native::online()
        }
    }

    /// The next change: `true` when the network came back, `false` when it went. Pends for ever
    /// where nothing reports changes.
    pub async fn changed(&mut self) -> bool {
        match self.changes.next().await {
            Some(online) => online,
            None => std::future::pending().await,
        }
    }
}

#[cfg(any(test, feature = "bridge-test"))]
impl NetworkWatch {
    /// The changes already reported, without waiting (the bridge tests' window on the watch).
    pub fn news_so_far(&mut self) -> Vec<bool> {
        let mut news = Vec::new();
        while let Ok(online) = self.changes.try_recv() {
            news.push(online);
        }
        news
    }
}

impl Default for NetworkWatch {
    fn default() -> Self {
        Self::new()
    }
}

/// The native host says the device's network went (`false`) or came back (`true`). A report
/// that says what was already known changes nothing, as the browser fires `online` only after
/// an `offline`: hosts may report every path or network update they get.
#[cfg(not(target_arch = "wasm32"))]
pub fn report(online: bool) {
    native::report(online);
}

/// The native hosts' reports, shared by every watch in the process.
#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::sync::{Mutex, MutexGuard};

    use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};

    struct Reports {
        /// The last report; online until the host says otherwise (and where nothing reports).
        online: bool,
        /// One sender per live watch; a dropped watch's is pruned at the next call.
        watchers: Vec<UnboundedSender<bool>>,
    }

    /// A std `Mutex`: held only to push or send on unbounded channels, never across an
    /// `.await`. The host calls in from its own thread (Android's connectivity thread, iOS's
    /// monitor queue).
    static REPORTS: Mutex<Reports> = Mutex::new(Reports {
        online: true,
        watchers: Vec::new(),
    });

    fn reports() -> MutexGuard<'static, Reports> {
        REPORTS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn watch() -> UnboundedReceiver<bool> {
        let (tx, changes) = unbounded();
        let mut reports = reports();
        reports.watchers.retain(|watcher| !watcher.is_closed());
        reports.watchers.push(tx);
        changes
    }

    pub fn online() -> bool {
        reports().online
    }

    pub fn report(online: bool) {
        let mut reports = reports();
        if reports.online == online {
            return;
        }
        reports.online = online;
        reports
            .watchers
            .retain(|watcher| watcher.unbounded_send(online).is_ok());
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use futures_channel::mpsc::UnboundedSender;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::Event;

    /// The window's `online` and `offline` listeners. Removed before their closures are
    /// freed, so the browser never calls a dropped closure.
    pub struct Listeners {
        online: Closure<dyn FnMut(Event)>,
        offline: Closure<dyn FnMut(Event)>,
    }

    impl Listeners {
        pub fn new(tx: UnboundedSender<bool>) -> Self {
            let to = |online: bool| {
                let tx = tx.clone();
                Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                    // A closed receiver means the session is over; nothing to tell.
                    let _ = tx.unbounded_send(online);
                })
            };
            let listeners = Listeners {
                online: to(true),
                offline: to(false),
            };
            if let Some(window) = web_sys::window() {
                let _ = window.add_event_listener_with_callback(
                    "online",
                    listeners.online.as_ref().unchecked_ref(),
                );
                let _ = window.add_event_listener_with_callback(
                    "offline",
                    listeners.offline.as_ref().unchecked_ref(),
                );
            }
            listeners
        }
    }

    impl Drop for Listeners {
        fn drop(&mut self) {
            if let Some(window) = web_sys::window() {
                let _ = window.remove_event_listener_with_callback(
                    "online",
                    self.online.as_ref().unchecked_ref(),
                );
                let _ = window.remove_event_listener_with_callback(
                    "offline",
                    self.offline.as_ref().unchecked_ref(),
                );
            }
        }
    }
}
