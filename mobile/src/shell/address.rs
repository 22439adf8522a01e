//! Each screen's own address in the page, so that the browser's Back and Forward move between
//! screens and a reload comes back to the same screen and game: `/` the picker, `/#kalah` a
//! game's modes, `/#kalah/computer` (or `/same-device`) its board, `/#kalah/how-to-play` its
//! rules, `/r/<room>` a room. Only the browser has an address bar; in the apps these do
//! nothing and Android's back button goes through the bridge.

use cozcade_engine::GameKind;
use cozcade_protocol::RoomId;

use super::screen::OFFERED;
use crate::state::Slot;

/// What the page's address says is on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    Games,
    Mode(GameKind),
    /// The saved game of this game and slot, on the board.
    Board(GameKind, Slot),
    HowToPlay(GameKind),
    /// A room, welcomed or played.
    Room(RoomId),
}

impl Address {
    /// The address as the page shows it: a path and a fragment.
    pub fn text(&self) -> String {
        match self {
            Address::Games => "/".to_owned(),
            Address::Mode(kind) => format!("/#{kind}"),
            Address::Board(kind, slot) => format!("/#{kind}/{}", slot.as_str()),
            Address::HowToPlay(kind) => format!("/#{kind}/how-to-play"),
            Address::Room(room) => format!("/r/{room}"),
        }
    }

    /// Reads the page's `path` and `fragment` (with its `#`). Anything it does not know (an
    /// old or mistyped address, a personal link's `#seat=`) is `None`; a room's address is
    /// read by the invitation code, which also takes its other forms.
    pub fn parse(path: &str, fragment: &str) -> Option<Address> {
        if let Some(room) = path.strip_prefix("/r/") {
            return room
                .trim_end_matches('/')
                .parse::<RoomId>()
                .ok()
                .map(Address::Room);
        }
        if path != "/" && path != "/index.html" {
            return None;
        }
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.is_empty() {
            return Some(Address::Games);
        }
        let (game, rest) = match fragment.split_once('/') {
            Some((game, rest)) => (game, Some(rest)),
            None => (fragment, None),
        };
        let kind: GameKind = game.parse().ok()?;
        if !OFFERED.contains(&kind) {
            return None;
        }
        match rest {
            None => Some(Address::Mode(kind)),
            Some("how-to-play") => Some(Address::HowToPlay(kind)),
            Some(slot) => Slot::ALL
                .into_iter()
                .find(|s| s.as_str() == slot)
                .map(|slot| Address::Board(kind, slot)),
        }
    }
}

/// The page's address now (path and fragment), `None` outside a browser.
pub fn in_page() -> Option<(String, String)> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        Some((location.pathname().ok()?, location.hash().ok()?))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Shows `address` in the page: a new history entry that remembers the one it came from
/// (so that the app's own Back can step back through history), or in place of the current
/// entry (`replace`: where the page's own Back or Forward led, or a reload, put right).
pub fn show(address: &Address, replace: bool) {
    let text = address.text();
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            return;
        };
        let Ok(history) = window.history() else {
            return;
        };
        let now = in_page().map(|(path, fragment)| format!("{path}{fragment}"));
        if now.as_deref() == Some(text.as_str()) {
            return;
        }
        if replace {
            let came_from = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
            let _ = history.replace_state_with_url(&came_from, "", Some(&text));
        } else {
            let came_from = now.map_or(wasm_bindgen::JsValue::NULL, |now| now.into());
            let _ = history.push_state_with_url(&came_from, "", Some(&text));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (text, replace);
    }
}

/// Steps back through the page's history when the entry before this one is `address`, as
/// the browser's Back would; `false` (nothing done) when it is not, or outside a browser.
pub fn back_to(address: &Address) -> bool {
    let text = address.text();
    #[cfg(target_arch = "wasm32")]
    {
        let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
            return false;
        };
        let came_from = history.state().ok().and_then(|state| state.as_string());
        if came_from.as_deref() != Some(text.as_str()) {
            return false;
        }
        history.back().is_ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = text;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_screen_s_address_reads_back_as_itself() {
        let room: RoomId = "0123456789abcdef0123".parse().expect("a room id");
        for address in [
            Address::Games,
            Address::Mode(GameKind::Kalah),
            Address::Board(GameKind::Checkers, Slot::Computer),
            Address::Board(GameKind::ChineseCheckers, Slot::SameDevice),
            Address::HowToPlay(GameKind::ChineseCheckers),
            Address::Room(room),
        ] {
            let text = address.text();
            let (path, fragment) = match text.find('#') {
                Some(i) => text.split_at(i),
                None => (text.as_str(), ""),
            };
            assert_eq!(Address::parse(path, fragment), Some(address), "{text}");
        }
        assert_eq!(
            Address::Board(GameKind::Kalah, Slot::SameDevice).text(),
            "/#kalah/same-device"
        );
    }

    #[test]
    fn an_address_the_app_does_not_know_is_none() {
        for (path, fragment) in [
            ("/", "#seat=abc"),
            ("/", "#chess"),
            ("/", "#kalah/online"),
            ("/", "#kalah/computer/extra"),
            ("/privacy", ""),
            ("/r/not a room", ""),
        ] {
            assert_eq!(Address::parse(path, fragment), None, "{path}{fragment}");
        }
        assert_eq!(Address::parse("/", ""), Some(Address::Games));
        assert_eq!(Address::parse("/", "#"), Some(Address::Games));
    }
}
