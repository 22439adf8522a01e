//! iOS delivers links to the app's delegate, which the windowing layer (tao) owns: both universal
//! links (`application:continueUserActivity:`) and the `cozcade` scheme (`application:openURL:`)
//! arrive as its `Opened` event, not through Swift. This hook hands them to [`super::open_link`],
//! so they reach the inbox like Android's. The one Dioxus piece of the bridge, and only in the
//! phone build; on Android the activity calls `open_link` itself and this never fires.

use dioxus::mobile::{tao::event::Event, use_wry_event_handler};

/// Call once in the App (`bridge::use_opened_links();`).
pub fn use_opened_links() {
    use_wry_event_handler(|event, _| {
        if let Event::Opened { urls } = event {
            for url in urls {
                super::open_link(url.to_string());
            }
        }
    });
}
