//! What reaches the app from outside it: the native host's events (links, back, background),
//! the page's address and history, shape and visibility, the motion preference and the device's languages.

use dioxus::prelude::*;
use futures_util::StreamExt;

use super::{board::Board, navigation::Navigation, screen::Screen, settings::Settings};
use crate::{
    bridge::{self, HostEvent},
    i18n::Language,
    platform,
};

/// Starts listening; called once, by the root.
pub(super) fn use_outside_events(settings: Settings, board: Board, navigation: Navigation) {
    // The page's address opens its screen: an invitation (`/r/<room>`, `/?room=`, a
    // personal link's `#seat=<key>`) its room, a reload the screen and game it was on.
    use_hook(move || spawn(async move { navigation.follow_address() }));

    // The native host's events (phones only; the inbox stays empty elsewhere).
    use_future(move || async move {
        let mut events = bridge::host_events();
        while let Some(event) = events.next().await {
            match event {
                HostEvent::OpenRoom {
                    invitation,
                    seat_key,
                } => navigation.room().open_invitation(invitation, seat_key),
                HostEvent::Background => pause_while_away(board, navigation),
                HostEvent::Foreground => board.resume_after_away(),
                HostEvent::Back => navigation.back(),
            }
        }
    });
    // Android's back button asks synchronously whether the app will handle it.
    use_effect(move || bridge::set_at_root(navigation.back_target().is_none()));

    // Phones have no LANG in the app's environment, but their webview knows the device's
    // languages: ask it once, unless the player chose a language or the environment named one.
    let (language, chosen) = settings.started_in;
    use_future(move || async move {
        // In the browser the language the app starts in may not be at hand yet: a translation
        // is a file of its own, which the boot script fetches beside the wasm.
        if settings.texts.peek().language() != language {
            settings.show_language(language).await;
        }
        let from_environment = platform::device_locales()
            .iter()
            .any(|tag| Language::from_locale(tag).is_some());
        if chosen || from_environment {
            return;
        }
        if let Ok(tags) = document::eval(platform::LANGUAGES_JS)
            .join::<Vec<String>>()
            .await
        {
            let device = Language::negotiate(tags.iter().map(String::as_str));
            // Unless the player picked a language in the meantime; and only a language that
            // differs from the one on screen: a new bundle redraws every text of the app.
            if settings.texts.peek().language() == language && device != language {
                settings.show_language(device).await;
            }
        }
    });

    // Page shape, background/foreground and motion preference come from the page itself.
    use_future(move || async move {
        let mut page = document::eval(platform::PAGE_JS);
        let _ = page.send(settings.texts.peek().language().tag());
        let mut landscape = settings.landscape;
        let mut reduced = settings.reduced_motion;
        while let Ok((what, value)) = page.recv::<(String, bool)>().await {
            match what.as_str() {
                "landscape" if *landscape.peek() != value => landscape.set(value),
                "reduced-motion" => reduced.set(value),
                "hidden" if value => pause_while_away(board, navigation),
                "personal-link" if value => {
                    if let Some((invitation, seat_key)) = platform::invitation_in_address() {
                        navigation.room().open_invitation(invitation, seat_key);
                    }
                }
                // The browser's Back or Forward.
                "address" => navigation.follow_address(),
                _ => {}
            }
        }
    });
}

/// The page or app left the screen: a game on the board stops (nothing runs unseen).
fn pause_while_away(board: Board, navigation: Navigation) {
    if *navigation.screen.peek() == Screen::Board {
        board.pause_while_away();
    }
}
