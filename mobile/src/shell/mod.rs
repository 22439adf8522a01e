//! The app's runtime, around the pure [`crate::state::Table`]: each piece of state has one
//! owner here, and components reach the one they need through its hook.
//!
//! | file | owns |
//! | --- | --- |
//! | `settings.rs` | [`Settings`]: the texts, the store of saved games, the page's shape and motion preference, sound on or off, the notice about saving |
//! | `screen.rs` | [`Screen`]: the screens there are, and the games offered |
//! | `room_link.rs` | `RoomLink`: the room on screen's connection task, its intents and the online screen's view |
//! | `board.rs` | [`Board`]: the game on the board (a [`crate::state::Table`]), and the runner of its effects (save, think, animate, haptics, send) |
//! | `room.rs` | [`Room`]: opening and closing rooms and running their connection; under `room/`: creating a room, the welcome, each report of the connection, the seats kept on the device, leaving from the list |
//! | `address.rs` | `Address`: each screen's address in the page, and the page's history |
//! | `navigation.rs` | [`Navigation`]: the screen in view, Back, and what leaving a screen stops; the page's address kept in step |
//! | `host.rs` | the native host's and the page's events |
//!
//! Each file uses only those above it in this table, so no two import each other.

mod address;
mod board;
mod host;
mod navigation;
mod room;
mod room_link;
mod screen;
mod settings;

use dioxus::prelude::*;

use room_link::RoomLink;

pub use board::{Board, first_plies, use_board};
pub use navigation::{Navigation, use_navigation};
pub use room::{Room, use_room};
pub use screen::{OFFERED, Screen};
pub use settings::{Settings, StorageNotice, use_settings};

/// Creates every context and starts listening to the outside; the root calls it once and
/// draws the screen [`Navigation`] says.
pub fn use_shell() -> Navigation {
    let settings = use_context_provider(Settings::open);
    let link = use_hook(RoomLink::new);
    let board = use_context_provider(|| Board::new(settings, link));
    let screen = use_signal(|| Screen::Games);
    let room = use_context_provider(|| Room::new(settings, link, board, screen));
    let navigation = use_context_provider(|| Navigation::new(screen, board, room, settings));
    host::use_outside_events(settings, board, navigation);
    use_effect(move || navigation.show_address());
    use_hook(move || crate::feedback::install(*settings.sound.peek()));
    // Leaves from the list of online games that had not reached the server yet.
    use_hook(move || room.send_pending_leaves());
    navigation
}
