//! The app's one clock and one timer, for every renderer: tokio's natively (the desktop and
//! phone renderers run the app's tasks on a tokio runtime, as the online connection does), and
//! the browser's `setTimeout` and `Date` on the web.

use std::time::Duration;

/// Waits `duration` without blocking the UI.
#[cfg(not(target_arch = "wasm32"))]
pub async fn sleep(duration: Duration) {
    tokio::time::sleep(duration).await;
}

/// Waits `duration` without blocking the page.
#[cfg(target_arch = "wasm32")]
pub async fn sleep(duration: Duration) {
    let millis = i32::try_from(duration.as_millis()).unwrap_or(i32::MAX);
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        if let Some(window) = web_sys::window() {
            // If the timer cannot be set the promise never settles; the page is going away.
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, millis);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// A steady time: a duration since a fixed start, for measuring intervals.
#[cfg(not(target_arch = "wasm32"))]
pub fn now() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// A time for measuring intervals: the page's clock since the epoch.
#[cfg(target_arch = "wasm32")]
pub fn now() -> Duration {
    Duration::from_secs_f64(js_sys::Date::now().max(0.0) / 1000.0)
}
