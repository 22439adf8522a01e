// Keeps the app's web view alive and laid out as a phone page. The app draws into one WKWebView
// that wry creates (wry's WryNavigationDelegate is its navigation delegate); two things WebKit
// does to it are not handled there:
//
// - iOS may kill the web view's content process, most often while the app is in the
//   background. The page is then gone and the view stays blank and white. Only the page dies:
//   the Rust app and its state live in the app's own process, so loading the page again is
//   enough. The reloaded page sends Dioxus's "initialize" and the app re-renders its current
//   screen (dioxus-desktop's handle_initialize_msg rebuilds the whole DOM from the live state).
//   The watcher reloads when WebKit reports the termination
//   (webViewWebContentProcessDidTerminate), and, when the app comes back to the foreground, asks
//   the page whether it still shows the app and reloads if it does not answer or shows nothing.
// - On an iPad WKWebView asks for desktop pages by default (a desktop user agent and layout).
//   The watcher asks for the mobile content mode on every navigation, and reloads the first page
//   once on an iPad if it was loaded before the watcher was in place.
//
// The watcher puts itself in front of wry's delegate and passes every other message on to it
// (responds(to:) and forwardingTarget(for:)), so wry's navigation handling is unchanged. Started
// from HostStart.swift.

import UIKit
import WebKit

/// The watchers of the app's web views (one in practice), kept alive here: a web view holds its
/// navigation delegate weakly.
@MainActor private var watchers: [WebViewWatcher] = []

/// Finds the app's web views in its windows and watches each one not watched yet. Called when
/// the app becomes active or a window becomes key, and on every return to the foreground; cheap
/// when there is nothing new.
@MainActor
func watchWebViews() {
    watchers.removeAll { $0.webView == nil }
    for webView in appWebViews() where !watchers.contains(where: { $0.webView === webView }) {
        watchers.append(WebViewWatcher(webView: webView))
    }
}

/// On a return to the foreground: reload any web view whose page died in the background.
@MainActor
func checkWebViewsAlive() {
    watchWebViews()
    for watcher in watchers {
        watcher.checkAlive()
    }
}

@MainActor
private func appWebViews() -> [WKWebView] {
    UIApplication.shared.connectedScenes
        .compactMap { $0 as? UIWindowScene }
        .flatMap(\.windows)
        .flatMap { webViews(in: $0) }
}

@MainActor
private func webViews(in view: UIView) -> [WKWebView] {
    if let webView = view as? WKWebView {
        return [webView]
    }
    return view.subviews.flatMap { webViews(in: $0) }
}

// Main-actor isolated, like WKNavigationDelegate and everything it touches; WebKit calls it on
// the main thread.
@MainActor
final class WebViewWatcher: NSObject, WKNavigationDelegate {
    private(set) weak var webView: WKWebView?
    /// wry's delegate: every message the watcher does not handle itself goes there. Set once,
    /// before WebKit can ask anything, and only read after: safe to read from the
    /// Objective-C runtime's forwarding, which is not isolated.
    private nonisolated(unsafe) let wry: (any WKNavigationDelegate)?
    /// The page to load again if the web view has forgotten its address.
    private var lastURL: URL?

    init(webView: WKWebView) {
        self.webView = webView
        wry = webView.navigationDelegate
        lastURL = webView.url
        super.init()
        webView.navigationDelegate = self
        // The first page started loading before the watcher was there: on an iPad it was asked
        // for in desktop mode. Load it again, now as a phone page.
        if UIDevice.current.userInterfaceIdiom == .pad, webView.url != nil {
            webView.reload()
        }
    }

    // Everything wry's delegate answers, the watcher answers by passing it on. NSObject's
    // methods, so not isolated.
    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        super.responds(to: aSelector) || ((wry as? NSObject)?.responds(to: aSelector) ?? false)
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        if let wry = wry as? NSObject, wry.responds(to: aSelector) {
            return wry
        }
        return super.forwardingTarget(for: aSelector)
    }

    // WebKit calls this in place of the variant without preferences: wry still decides whether
    // to go ahead, and the page is asked for in the mobile content mode.
    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        preferences: WKWebpagePreferences,
        decisionHandler: @escaping (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
        preferences.preferredContentMode = .mobile
        if let url = navigationAction.request.url, navigationAction.targetFrame?.isMainFrame ?? false {
            lastURL = url
        }
        let asked: Void? = wry?.webView?(webView, decidePolicyFor: navigationAction) { policy in
            decisionHandler(policy, preferences)
        }
        if asked == nil {
            decisionHandler(.allow, preferences)
        }
    }

    // The page's process was killed: load the page again; the app draws its current screen.
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        wry?.webViewWebContentProcessDidTerminate?(webView)
        reload(webView)
    }

    /// Asks the page whether it still shows the app (Dioxus renders into #main); no answer, an
    /// error or an empty #main means the content process died unnoticed: reload.
    func checkAlive() {
        guard let webView, !webView.isLoading else { return }
        let probe = "document.getElementById('main') ? document.getElementById('main').childElementCount : 0"
        webView.evaluateJavaScript(probe) { [weak self] result, error in
            let shown = (result as? NSNumber)?.intValue ?? 0
            if error != nil || shown == 0 {
                self?.reload(webView)
            }
        }
    }

    private func reload(_ webView: WKWebView) {
        if webView.url != nil {
            webView.reload()
        } else if let lastURL {
            webView.load(URLRequest(url: lastURL))
        }
    }
}
