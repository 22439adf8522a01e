//! Whether the device has a network, and word when that changes: the session shows "Offline"
//! at once when it goes, and reconnects at once (skipping the backoff wait) when it returns.
//!
//! On the web these are the window's `offline` and `online` events. On desktop and phones
//! there is no hook yet, so [`NetworkWatch`] says "online" and never reports a change; the
//! application heartbeat (`cozcade_protocol::heartbeat`) still notices a lost network within
//! 8 s there. The native hook belongs in [`NetworkWatch::new`]'s native half: Android's
//! `ConnectivityManager.registerDefaultNetworkCallback` (`onAvailable` / `onLost`) and iOS's
//! `NWPathMonitor` (`pathUpdateHandler`, `.satisfied` or not), handed over the UniFFI bridge
//! (`bridge/`) into the same channel the web half feeds.

use futures_channel::mpsc::UnboundedReceiver;
use futures_util::StreamExt;

/// Watches the device's network for one session; stops watching when dropped.
pub struct NetworkWatch {
    changes: UnboundedReceiver<bool>,
    #[cfg(target_arch = "wasm32")]
    _listeners: web::Listeners,
    /// Where the native hook would send; held so the channel stays open (and silent).
    #[cfg(not(target_arch = "wasm32"))]
    _native: futures_channel::mpsc::UnboundedSender<bool>,
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
            // No native hook yet (see the module's comment): a channel nobody sends on.
            let (tx, changes) = futures_channel::mpsc::unbounded::<bool>();
            NetworkWatch {
                changes,
                _native: tx,
            }
        }
    }

    /// Whether the device says it has a network now (the browser's `navigator.onLine`).
    pub fn online(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            web_sys::window().is_none_or(|window| window.navigator().on_line())
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            true
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

impl Default for NetworkWatch {
    fn default() -> Self {
        Self::new()
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
