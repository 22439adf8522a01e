//! Which screen is in view, where Back leads, and what moving between screens starts or stops:
//! leaving the board pauses the computer, leaving a room closes its connection. In a browser
//! each screen has its own address (`address.rs`), kept in step with the screen here.

use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{
    address::{self, Address},
    board::Board,
    room::Room,
    screen::Screen,
    settings::Settings,
};
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
    /// The address the page was opened at has been followed: until then it is not replaced.
    opened: Signal<bool>,
    /// The address the app last put in the page, or followed from it. Only a change of it is
    /// shown: the room's view changes with every frame, and one that came just after the
    /// browser's Back, before its `popstate` reached the app, would push the room back.
    shown: Signal<Option<Address>>,
    board: Board,
    room: Room,
    settings: Settings,
}

pub fn use_navigation() -> Navigation {
    use_context()
}

impl Navigation {
    pub(super) fn new(
        screen: Signal<Screen>,
        board: Board,
        room: Room,
        settings: Settings,
    ) -> Self {
        Navigation {
            screen,
            previous: Signal::new(Screen::Games),
            opened: Signal::new(false),
            shown: Signal::new(None),
            board,
            room,
            settings,
        }
    }

    pub(super) fn room(self) -> Room {
        self.room
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

    /// Back, as the top bar's button and Android's back button ask for it: through the
    /// page's history when the entry before is where Back leads, so that the browser's Back
    /// and the app's agree.
    pub fn back(self) {
        let Some(target) = self.back_target() else {
            return;
        };
        let stepped = self
            .address_of(target)
            .is_some_and(|address| address::back_to(&address));
        if !stepped {
            self.go(target);
        }
    }

    /// The address of `screen` as it would be shown now (`None` when it has none: a board
    /// or room that is not open).
    fn address_of(self, screen: Screen) -> Option<Address> {
        match screen {
            Screen::Games => Some(Address::Games),
            Screen::Mode(kind) => Some(Address::Mode(kind)),
            Screen::HowToPlay(kind) => Some(Address::HowToPlay(kind)),
            Screen::Board => self
                .board
                .table
                .read()
                .as_ref()
                .and_then(|table| table.local())
                .map(|game| Address::Board(game.kind(), game.mode().slot())),
            Screen::Online => self
                .room
                .view()
                .read()
                .as_ref()
                .map(|view| Address::Room(view.invitation.room.clone())),
            Screen::Welcome => self
                .room
                .welcome()
                .read()
                .as_ref()
                .map(|welcome| Address::Room(welcome.invitation.room.clone())),
        }
    }

    /// Shows the screen in view's address in the page (an effect: it runs again whenever the
    /// screen, or the game or room it shows, changes).
    pub(super) fn show_address(mut self) {
        let screen = *self.screen.read();
        if !*self.opened.read() {
            return;
        }
        let Some(address) = self.address_of(screen) else {
            return;
        };
        if self.shown.peek().as_ref() != Some(&address) {
            address::show(&address, false);
            self.shown.set(Some(address));
        }
    }

    /// Goes where the page's address says (the browser's Back or Forward, or the address the
    /// page was opened at): the board of a saved game, a room the device has a seat in or an
    /// invitation to, or the picker for an address it does not know.
    pub(super) fn follow_address(mut self) {
        if let Some((path, fragment)) = address::in_page() {
            if *self.opened.peek() && fragment.starts_with("#seat=") {
                // A personal link opened in this page: its own event opens the room with
                // the key (and takes the key out of the address).
                return;
            }
            self.go_to(Address::parse(&path, &fragment));
            // Where the address led is shown in its place: Back and Forward add no entries,
            // and an address that led elsewhere (a game no longer saved) is put right.
            if let Some(address) = self.address_of(*self.screen.peek()) {
                address::show(&address, true);
                self.shown.set(Some(address));
            }
        }
        if !*self.opened.peek() {
            self.opened.set(true);
        }
    }

    fn go_to(self, address: Option<Address>) {
        let screen = match address {
            None | Some(Address::Games) => Screen::Games,
            Some(Address::Mode(kind)) => Screen::Mode(kind),
            Some(Address::HowToPlay(kind)) => {
                let mut previous = self.previous;
                self.go(Screen::HowToPlay(kind));
                // Opened at its address (a reload), the rules lead back to their game.
                if !matches!(
                    *previous.peek(),
                    Screen::Mode(_) | Screen::Board | Screen::Welcome
                ) {
                    previous.set(Screen::Mode(kind));
                }
                return;
            }
            Some(Address::Board(kind, slot)) => {
                let shown = self
                    .board
                    .table
                    .peek()
                    .as_ref()
                    .and_then(|t| t.local())
                    .is_some_and(|game| game.kind() == kind && game.mode().slot() == slot);
                match (shown, self.settings.saved(kind, slot)) {
                    (true, _) => Screen::Board,
                    (false, Some(saved)) => return self.resume(saved),
                    // A game no longer saved (or never played here) leads to its modes.
                    (false, None) => Screen::Mode(kind),
                }
            }
            Some(Address::Room(room)) => {
                let welcomed = self
                    .room
                    .welcome()
                    .peek()
                    .as_ref()
                    .is_some_and(|w| w.invitation.room == room);
                let playing = *self.screen.peek() == Screen::Online
                    && self
                        .room
                        .view()
                        .peek()
                        .as_ref()
                        .is_some_and(|v| v.invitation.room == room);
                match (welcomed, playing) {
                    (true, _) => Screen::Welcome,
                    (false, true) => return,
                    (false, false) => return self.open_invitation_in_address(),
                }
            }
        };
        if screen == Screen::Games && platform::invitation_in_address().is_some() {
            // The other form of an invitation, `/?room=`.
            return self.open_invitation_in_address();
        }
        self.go(screen);
    }

    fn open_invitation_in_address(self) {
        match platform::invitation_in_address() {
            Some((invitation, seat_key)) => self.room.open_invitation(invitation, seat_key),
            None => self.go(Screen::Games),
        }
    }

    /// A new game on the board (it replaces the slot's save).
    pub fn start_new(mut self, kind: GameKind, mode: Mode) {
        self.board
            .start_new(LocalGame::new(kind, mode).with_seed(platform::fresh_seed()));
        self.screen.set(Screen::Board);
    }

    /// A saved game on the board.
    pub fn resume(self, saved: SavedGame) {
        self.board.resume(saved);
        self.go(Screen::Board);
    }
}
