//! The online room on screen: opening one from an invitation (with the seat this device holds,
//! or through the welcome), running its connection as a task, and closing it. Creating a room,
//! the welcome, each report of the connection, the device's seats and leaving from the list
//! each have a file of their own below.

mod create;
mod leaving;
mod report;
mod seats;
mod welcome;

use std::sync::atomic::{AtomicU64, Ordering};

use cozcade_engine::GameKind;
use cozcade_protocol::SeatKey;
use dioxus::core::spawn_forever;
use dioxus::prelude::*;
use futures_channel::mpsc::unbounded;

use super::{
    board::Board,
    room_link::{RoomLink, RoomRun},
    screen::Screen,
    settings::Settings,
};
use crate::{
    online::{
        client::{OnlineClient, Stop},
        connection::{Intent, Report, fresh_id_prefix, run},
        transport::room_socket_url,
    },
    platform::is_offline,
    state::{Connection, Invitation, OnlineView, Welcome},
    storage,
};
use report::Kept;

/// Numbers the rooms' runs (see [`RoomRun::id`]).
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// The room on screen; every field is a `Copy` handle.
#[derive(Clone, Copy)]
pub struct Room {
    link: RoomLink,
    settings: Settings,
    board: Board,
    screen: Signal<Screen>,
    /// The invitation whose welcome is on screen (no seat taken yet).
    welcome: Signal<Option<Welcome>>,
}

pub fn use_room() -> Room {
    use_context()
}

impl Room {
    pub(super) fn new(
        settings: Settings,
        link: RoomLink,
        board: Board,
        screen: Signal<Screen>,
    ) -> Self {
        Room {
            link,
            settings,
            board,
            screen,
            welcome: Signal::new(None),
        }
    }

    /// The welcome on screen, if an invitation without a seat on this device is open.
    pub fn welcome(self) -> Signal<Option<Welcome>> {
        self.welcome
    }

    /// What the online screen shows of the room (`None` when no room is open).
    pub fn view(self) -> Signal<Option<OnlineView>> {
        self.link.view
    }

    /// Hands the player's wish (New round, Leave) to the room's connection.
    pub fn send(self, intent: Intent) {
        self.link.send(intent);
    }

    /// Opens a room from an invitation (the page's address, a native link, the list of this
    /// device's rooms): with the seat key stored for it when this device has one; otherwise
    /// the friend is welcomed first, and takes the guest seat (whose key arrives in the
    /// server's welcome and is kept then) only by pressing the welcome's button.
    pub fn open_invitation(self, invitation: Invitation, personal_key: Option<SeatKey>) {
        self.close();
        self.close_welcome();
        let stored_key = self.settings.store().and_then(|store| {
            storage::seat_key_for(store.as_ref(), &invitation.server, &invitation.room)
                .ok()
                .flatten()
        });
        // A personal link's key goes first: it is the player's own seat, brought from another
        // device, and kept here once the room welcomes it (it differs from what is stored).
        match (personal_key, stored_key) {
            (Some(key), stored) => self.connect(invitation, Some(key), stored),
            (None, Some(key)) => self.connect(invitation, Some(key.clone()), Some(key)),
            (None, None) => self.greet(invitation),
        }
    }

    /// The online screen's plain explanation of why `invitation` cannot be played.
    /// `game` when known, so that New game there leads to the same game.
    fn show_stopped(mut self, invitation: Invitation, stop: Stop, game: Option<GameKind>) {
        let mut view = OnlineView::opening(invitation);
        view.connection = Connection::Stopped(stop);
        view.game = game;
        let mut view_signal = self.link.view;
        view_signal.set(Some(view));
        self.screen.set(Screen::Online);
    }

    /// Opens the room's connection: with `seat_key` (stored, or from a personal link), or as
    /// the guest; `stored_key` is what the device holds for the room already.
    fn connect(
        mut self,
        invitation: Invitation,
        seat_key: Option<SeatKey>,
        stored_key: Option<SeatKey>,
    ) {
        let mut view_signal = self.link.view;
        view_signal.set(Some(OnlineView::opening(invitation.clone())));
        self.board.close();
        self.screen.set(Screen::Online);
        if is_offline() {
            // Without a network the connection would only retry for ever: say why instead.
            // The seat stays kept, so the room opens again once the device is online.
            let mut view = OnlineView::opening(invitation);
            view.connection = Connection::Stopped(Stop::Refused(self.needs_network()));
            view_signal.set(Some(view));
            return;
        }
        let Some(url) = room_socket_url(&invitation.server, &invitation.room) else {
            // Invitation::parse lets through only http(s) servers and room ids, so this would be
            // a bad stored seat: say so rather than hang on "Connecting".
            let mut view = OnlineView::opening(invitation);
            view.connection = Connection::Stopped(Stop::Refused("not a room address".into()));
            view_signal.set(Some(view));
            return;
        };
        let id = NEXT_RUN.fetch_add(1, Ordering::Relaxed);
        let mut client = OnlineClient::new(invitation.room.clone(), seat_key, fresh_id_prefix());
        // A new personal link asked for in an earlier run and not seen confirmed.
        let replacing = self.settings.store().and_then(|store| {
            storage::replacing_key_for(store.as_ref(), &invitation.server, &invitation.room)
                .ok()
                .flatten()
        });
        if let Some(key) = replacing.clone() {
            client.resume_replacement(key);
        }
        let (intents, incoming) = unbounded();
        let mut kept = Kept {
            key: stored_key,
            replacing,
            forgotten: false,
            glance: None,
        };
        // The task belongs to the app, not to the screen that opened the room: it ends when
        // the room's screen is left (close) or the connection stops for good.
        let task = spawn_forever(async move {
            run(url, client, incoming, move |report: Report<'_>| {
                self.on_report(id, &invitation, report, &mut kept);
            })
            .await;
        });
        let mut run_signal = self.link.run;
        run_signal.set(Some(RoomRun { id, task, intents }));
    }

    /// Leaves the room's screen: its connection closes (the seat stays ours, and the room in
    /// the list of this device's games).
    pub(super) fn close(self) {
        if self.link.stop() && self.board.is_online() {
            self.board.close();
        }
    }
}
