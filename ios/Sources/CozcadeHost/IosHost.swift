// The iOS side of the Rust bridge's Host trait (mobile/src/bridge/host.rs): the share sheet,
// haptic feedback and the App Store page. Compiled into one static library with the UniFFI
// Swift bindings (module CozcadeBridge, generated at build time) and linked into the app; see
// ios/README.md. The Rust UI runs on the main thread on iOS, but nothing here relies on it.
//
// A Swift error thrown here reaches Rust as HostError.failed and the app carries on (the UI
// copies the link when sharing fails).

import UIKit
#if canImport(CozcadeBridge)
import CozcadeBridge
#endif

final class IosHost: Host, @unchecked Sendable {
    // @unchecked Sendable: the class has no stored state; every UIKit call below runs on the
    // main thread (onMain).

    func share(text: String, url: String) throws -> Bool {
        guard let link = URL(string: url) else { return false }
        return onMain {
            guard let presenter = Self.topViewController() else { return false }
            let sheet = UIActivityViewController(activityItems: [text, link], applicationActivities: nil)
            // On iPad the sheet is a popover and must be anchored, or UIKit raises an exception.
            // The app's Share button lives in the web view, whose coordinates UIKit does not
            // know, so the popover points at the bottom centre of the screen without an arrow.
            if let popover = sheet.popoverPresentationController {
                let bounds = presenter.view.bounds
                popover.sourceView = presenter.view
                popover.sourceRect = CGRect(x: bounds.midX, y: bounds.maxY - 1, width: 1, height: 1)
                popover.permittedArrowDirections = []
            }
            presenter.present(sheet, animated: true)
            return true
        }
    }

    func haptic(kind: Haptic) throws {
        onMain {
            switch kind {
            case .move:
                UIImpactFeedbackGenerator(style: .light).impactOccurred()
            case .capture:
                UIImpactFeedbackGenerator(style: .medium).impactOccurred()
            case .win:
                UINotificationFeedbackGenerator().notificationOccurred(.success)
            case .error:
                UINotificationFeedbackGenerator().notificationOccurred(.error)
            }
        }
    }

    func openStorePage() throws -> Bool {
        // The numeric App Store id exists only once the app is created in App Store Connect;
        // it is read from Info.plist (`CozcadeAppStoreID`) so no build has to guess it.
        guard let id = Bundle.main.object(forInfoDictionaryKey: "CozcadeAppStoreID") as? String,
              !id.isEmpty,
              let store = URL(string: "itms-apps://apps.apple.com/app/id\(id)")
        else { return false }
        return onMain {
            guard UIApplication.shared.canOpenURL(store) else { return false }
            UIApplication.shared.open(store)
            return true
        }
    }

    /// The view controller on top, to present the share sheet from.
    private static func topViewController() -> UIViewController? {
        let window = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
            .first(where: \.isKeyWindow)
            ?? UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap(\.windows)
            .first
        var top = window?.rootViewController
        while let presented = top?.presentedViewController {
            top = presented
        }
        return top
    }
}

/// Runs `body` on the main thread and returns its result: at once when already there (the
/// usual case), otherwise by waiting for the main queue.
func onMain<T>(_ body: () -> T) -> T {
    if Thread.isMainThread {
        return body()
    }
    return DispatchQueue.main.sync(execute: body)
}
