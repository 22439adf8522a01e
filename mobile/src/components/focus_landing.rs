//! Where the keyboard's focus lands when the screen changes. A key that opens another screen
//! takes away the button it pressed, and the browser drops the focus to the top of the page: a
//! keyboard player would Tab through the top bar again to get back to the game. So when a key
//! changed the screen and the focus went nowhere, it lands where that player goes next: the
//! board on a board's screen, the card of the game just left on the picker, else the screen's
//! title. A finger or a mouse is left alone (a focused board draws its keyboard cursor, which a
//! touch screen never shows).

use std::{cell::Cell, rc::Rc};

use dioxus::prelude::*;

use crate::shell::Screen;

/// Keeps the focus with a keyboard player as `screen` changes.
pub fn use_focus_landing(screen: Screen) {
    use_hook(|| {
        let _ = document::eval(WATCH_JS);
    });
    let before = use_hook(|| Rc::new(Cell::new(screen)));
    use_effect(use_reactive((&screen,), move |(screen,)| {
        let left = before.replace(screen);
        if left != screen {
            let places = landing(screen, left);
            let _ = document::eval(&format!("window.__cozcadeLand?.({places:?});"));
        }
    }));
}

/// Where the focus may land on `screen` reached from `left`, best first (CSS selectors; the
/// top bar's title is on every screen).
fn landing(screen: Screen, left: Screen) -> Vec<String> {
    let mut places = Vec::new();
    match (screen, left) {
        (Screen::Board | Screen::Online, _) => places.push(".app .board[tabindex='0']".to_string()),
        (Screen::Games, Screen::Mode(kind) | Screen::HowToPlay(kind)) => {
            places.push(format!(".app .game-card[data-game='{}']", kind.as_str()));
        }
        _ => {}
    }
    places.push(".app .top-bar h1".to_string());
    places
}

/// Tells a key from a touch or a click (the last one before the screen changed), and lands
/// the focus once the new screen is drawn, only after a key and only when it was lost.
const WATCH_JS: &str = "
    if (!window.__cozcadeLand) {
        let keyed = false;
        addEventListener('keydown', () => { keyed = true; }, true);
        addEventListener('pointerdown', () => { keyed = false; }, true);
        window.__cozcadeLand = (places) => requestAnimationFrame(() => {
            const now = document.activeElement;
            if (!keyed || (now && now !== document.body && now.isConnected)) return;
            const target = places.map((p) => document.querySelector(p)).find(Boolean);
            target?.focus({ preventScroll: true });
        });
    }
";

#[cfg(test)]
mod tests {
    use cozcade_engine::GameKind;

    use super::*;

    #[test]
    fn a_board_takes_the_focus_and_the_picker_gives_it_to_the_game_just_left() {
        let board = landing(Screen::Board, Screen::Mode(GameKind::Kalah));
        assert_eq!(board[0], ".app .board[tabindex='0']");
        let picker = landing(Screen::Games, Screen::Mode(GameKind::Checkers));
        assert_eq!(picker[0], ".app .game-card[data-game='checkers']");
        // Every screen ends with its title, which is always there.
        for (screen, left) in [
            (Screen::Mode(GameKind::Kalah), Screen::Games),
            (Screen::Games, Screen::Board),
            (Screen::Online, Screen::Welcome),
        ] {
            assert_eq!(
                landing(screen, left).last().map(String::as_str),
                Some(".app .top-bar h1")
            );
        }
        assert_eq!(landing(Screen::Games, Screen::Board).len(), 1);
    }
}
