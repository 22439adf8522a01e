// The iOS side of the device's network news for Rust (mobile/src/online/network.rs): the
// native equivalent of the browser's `offline` and `online` events. An online room shows
// "Offline" the moment no path is satisfied and reconnects the moment one is again, instead of
// waiting for the heartbeat to notice (8 s) or the backoff to run out.
//
// NWPathMonitor calls its handler once at start with the current path and then on every path
// change (Wi-Fi to cellular too); Rust treats a report of what it already knows as no news.
// No permission or Info.plist entry is needed.

import Network
#if canImport(CozcadeBridge)
import CozcadeBridge
#endif

/// The one monitor; started once (an NWPathMonitor cannot be restarted after a cancel).
private let pathMonitor = NWPathMonitor()

func startNetworkMonitor() {
    pathMonitor.pathUpdateHandler = { path in
        networkChanged(online: path.status == .satisfied)
    }
    // Its own serial queue: networkChanged only passes the news on, from any thread.
    pathMonitor.start(queue: DispatchQueue(label: "app.cozcade.network"))
}
