//! iOS delivers links to the app delegate, which the windowing layer (tao) owns: universal links
//! (`application:continueUserActivity:`) and the `cozcade` scheme (`application:openURL:`) both
//! arrive as its `Opened` event, not through Swift. `launch()` installs [`on_window_event`] as
//! the event loop's own handler (`Config::with_custom_event_handler`), so it sees every event
//! from the first one on — a link that cold-starts the app included, before any component
//! exists — and hands links to [`super::open_link`], into the same inbox as Android's. On
//! Android the activity calls `open_link` itself and no `Opened` event comes.

use dioxus::mobile::tao::event::Event;

/// Passes the URLs of an `Opened` event to the bridge; every other event is left alone.
pub fn on_window_event<T>(event: &Event<'_, T>) {
    if let Event::Opened { urls } = event {
        for url in urls {
            // `false` (not an invitation) needs nothing: the app stays where it is.
            super::open_link(url.to_string());
        }
    }
}
