//! iOS: starting the Swift side of the bridge. The Swift sources (`ios/Sources/CozcadeHost/`)
//! and the generated Swift bindings are compiled into a static library that the release build
//! links into the app (ios/README.md); its `cozcade_ios_host_start` registers `IosHost` and
//! the lifecycle observers. Only with the `ios-host` feature, which that build turns on: without
//! the library the symbol would not link.

unsafe extern "C" {
    /// `@_cdecl("cozcade_ios_host_start")` in `ios/Sources/CozcadeHost/HostStart.swift`.
    fn cozcade_ios_host_start();
}

/// Registers the iOS host; called once by `launch()` before the UI starts.
pub(crate) fn start() {
    // SAFETY: a C-ABI function without arguments or result, defined by the linked Swift
    // library; it only registers objects with Rust and NotificationCenter.
    unsafe { cozcade_ios_host_start() }
}
