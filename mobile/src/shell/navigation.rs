//! Which screen is in view, where Back leads, and what moving between screens starts or stops:
//! leaving the board pauses the computer, leaving a room closes its connection.

use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{board::Board, room::Room, screen::Screen};
use crate::{
    platform,
    state::{LocalAction, LocalGame, Mode},
    storage::SavedGame,
};

#[derive(Clone, Copy)]
pub struct Navigation {
    pub screen: Signal<Screen>,
    /// Where Back from How to play returns to.
    previous: Signal<Screen>,
    board: Board,
    room: Room,
}

pub fn use_navigation() -> Navigation {
    use_context()
}

impl Navigation {
    pub(super) fn new(screen: Signal<Screen>, board: Board, room: Room) -> Self {
        Navigation {
            screen,
            previous: Signal::new(Screen::Games),
            board,
            room,
        }
    }

    /// The screen in view (read: the caller re-renders when it changes).
    pub fn current(self) -> Screen {
        *self.screen.read()
    }

    /// Where Back leads from the screen in view (the top bar's button and Android's back
    /// button alike); `None` at the root, the game picker.
    pub fn back_target(self) -> Option<Screen> {
        match *self.screen.read() {
            Screen::Games => None,
            Screen::Mode(_) | Screen::Online | Screen::Welcome => Some(Screen::Games),
            Screen::Board => Some(
                self.board
                    .table
                    .read()
                    .as_ref()
                    .map_or(Screen::Games, |s| Screen::Mode(s.kind())),
            ),
            Screen::HowToPlay(_) => Some(*self.previous.read()),
        }
    }

    pub fn go(mut self, screen: Screen) {
        let current = *self.screen.peek();
        if matches!(screen, Screen::HowToPlay(_)) {
            self.previous.set(current);
        }
        if current == Screen::Board && screen != Screen::Board {
            // Leaving the board pauses the computer (nothing runs off screen).
            self.board.dispatch(LocalAction::Pause);
        }
        if current == Screen::Online && screen != Screen::Online {
            // The room's connection lives only while its screen is open.
            self.room.close();
        }
        if current == Screen::Welcome && !matches!(screen, Screen::Welcome | Screen::HowToPlay(_)) {
            // How to play comes back to the welcome; anywhere else leaves the invitation.
            self.room.close_welcome();
        }
        self.screen.set(screen);
    }

    /// Back, as Android's back button asks for it.
    pub(super) fn back(self) {
        if let Some(target) = self.back_target() {
            self.go(target);
        }
    }

    /// A new game on the board (it replaces the slot's save).
    pub fn start_new(mut self, kind: GameKind, mode: Mode) {
        self.board
            .start_new(LocalGame::new(kind, mode).with_seed(platform::fresh_seed()));
        self.screen.set(Screen::Board);
    }

    /// A saved game on the board.
    pub fn resume(mut self, saved: SavedGame) {
        self.board.resume(saved);
        self.screen.set(Screen::Board);
    }
}
