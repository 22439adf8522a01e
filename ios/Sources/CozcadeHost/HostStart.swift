// Starts the iOS side of the bridge: registers IosHost with Rust, reports the app's trips to
// the background, starts the network monitor (NetworkMonitor.swift) and watches the app's web
// view (WebViewWatcher.swift: a page whose process died is reloaded, iPads get the mobile
// content mode). Rust calls `cozcade_ios_host_start` once, before the UI starts
// (mobile/src/bridge/ios_host.rs, cargo feature `ios-host`, which the release build turns on
// when it links this library).
//
// Links do not come through here: iOS hands universal links and `cozcade://` URLs to the app
// delegate, which the windowing layer (tao) owns and turns into its `Opened` event; Rust's
// launch() hands those to open_link (mobile/src/bridge/opened_links.rs).

import UIKit
#if canImport(CozcadeBridge)
import CozcadeBridge
#endif

/// The lifecycle observers, registered once (a second start only registers a new host); the
/// network monitor starts with them.
private var lifecycleObservers: [NSObjectProtocol] = []

@_cdecl("cozcade_ios_host_start")
public func cozcadeIosHostStart() {
    registerHost(host: IosHost())
    guard lifecycleObservers.isEmpty else { return }
    let center = NotificationCenter.default
    lifecycleObservers = [
        center.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { _ in appWentToBackground() },
        center.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { _ in
            appCameToForeground()
            // queue: .main, so on the main actor, as the web view watcher must be.
            MainActor.assumeIsolated { checkWebViewsAlive() }
        },
        // The web view does not exist yet when this runs: watch it as soon as it is on screen.
        center.addObserver(
            forName: UIWindow.didBecomeKeyNotification, object: nil, queue: .main
        ) { _ in MainActor.assumeIsolated { watchWebViews() } },
        center.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
        ) { _ in MainActor.assumeIsolated { watchWebViews() } },
    ]
    startNetworkMonitor()
}
