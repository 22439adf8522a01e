//! The online room: creating one, opening one from an invitation, running its connection as a
//! task, keeping the seat key on the device, and turning each report of the connection into
//! the online screen's view and the board's session (which reads the room's record from the
//! client: the client is its only owner).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use cozcade_engine::{AnyRecord, GameKind};
use dioxus::core::spawn_forever;
use dioxus::prelude::*;
use futures_channel::mpsc::unbounded;

use super::{
    game::Game,
    room_link::{RoomLink, RoomRun},
    screen::Screen,
    settings::Settings,
};
use crate::{
    bridge::{self, Haptic},
    online::{
        client::{IntentError, OnlineClient, Stop},
        rooms::create_room,
        session::{Intent, SharedClient, fresh_id_prefix, run},
        transport::room_socket_url,
    },
    platform,
    state::{Action, Connection, Invitation, OnlineView, Session, invitation::server_base},
    storage::{self, RoomSeat},
};

/// Numbers the rooms' runs (see [`RoomRun::id`]).
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// Why "Play with a friend" did not open a room.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    #[error("{0}")]
    Server(String),
    #[error("the server address is not usable: {0}")]
    BadServer(String),
    /// The device has no network (the words are the player's language's).
    #[error("{0}")]
    Offline(String),
}

/// The room on screen; every field is a `Copy` handle.
#[derive(Clone, Copy)]
pub struct Room {
    link: RoomLink,
    settings: Settings,
    game: Game,
    screen: Signal<Screen>,
}

pub fn use_room() -> Room {
    use_context()
}

impl Room {
    pub(super) fn new(
        settings: Settings,
        link: RoomLink,
        game: Game,
        screen: Signal<Screen>,
    ) -> Self {
        Room {
            link,
            settings,
            game,
            screen,
        }
    }

    /// What the online screen shows of the room (`None` when no room is open).
    pub fn view(self) -> Signal<Option<OnlineView>> {
        self.link.view
    }

    /// Hands the player's wish (New round, Leave) to the room's connection.
    pub fn send(self, intent: Intent) {
        self.link.send(intent);
    }

    /// "Play with a friend": creates a room for `kind` on this app's server, keeps the seat
    /// key on the device and opens the room (which shows the invitation until the friend comes).
    pub async fn play_with_friend(self, kind: GameKind) -> Result<(), CreateError> {
        if is_offline() {
            return Err(CreateError::Offline(self.needs_network()));
        }
        let server = server_base(&platform::server_base())
            .map_err(|e| CreateError::BadServer(e.to_string()))?;
        // The network may go while the room is asked for: then that, not the failed request,
        // is the reason.
        let created = create_room(&server, kind)
            .await
            .map_err(|e| match is_offline() {
                true => CreateError::Offline(self.needs_network()),
                false => CreateError::Server(e.to_string()),
            })?;
        self.keep_seat(RoomSeat {
            server: server.clone(),
            room: created.room.clone(),
            game: created.game,
            seat_key: created.seat_key,
        });
        self.open_invitation(Invitation {
            server,
            room: created.room,
        });
        Ok(())
    }

    /// Opens a room from an invitation (the page's address, a native link, the list of this
    /// device's rooms): with the seat key stored for it when this device has one, otherwise as
    /// the guest, whose key arrives in the welcome and is kept then.
    pub fn open_invitation(mut self, invitation: Invitation) {
        self.close();
        let stored_key = self.settings.store().and_then(|store| {
            storage::seat_key_for(store.as_ref(), &invitation.server, &invitation.room)
                .ok()
                .flatten()
        });
        let mut view_signal = self.link.view;
        view_signal.set(Some(OnlineView::opening(invitation.clone())));
        self.game.close();
        self.screen.set(Screen::Online);
        platform::show_room_in_address(Some(&invitation.room));
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
        let client: SharedClient = Rc::new(RefCell::new(OnlineClient::new(
            invitation.room.clone(),
            stored_key.clone(),
            fresh_id_prefix(),
        )));
        let (intents, incoming) = unbounded();
        let mut kept_key = stored_key;
        let mut forgotten = false;
        // The task belongs to the app, not to the screen that opened the room: it ends when
        // the room's screen is left (close) or the connection stops for good.
        let task = spawn_forever(async move {
            run(url, client, incoming, move |client, error| {
                self.on_report(
                    id,
                    &invitation,
                    client,
                    error,
                    &mut kept_key,
                    &mut forgotten,
                );
            })
            .await;
        });
        let mut run_signal = self.link.run;
        run_signal.set(Some(RoomRun { id, task, intents }));
    }

    /// Leaves the room's screen: its connection closes (the seat stays ours, and the room in
    /// the list of this device's games).
    pub(super) fn close(self) {
        if self.link.stop() {
            if self.game.is_online() {
                self.game.close();
            }
            platform::show_room_in_address(None);
        }
    }

    /// A report from the room's connection: the view, the board, and the seat kept or
    /// forgotten on the device.
    fn on_report(
        self,
        id: u64,
        invitation: &Invitation,
        shared: &SharedClient,
        error: Option<IntentError>,
        kept_key: &mut Option<String>,
        forgotten: &mut bool,
    ) {
        if !self.link.is_current(id) {
            return;
        }
        let client = shared.borrow();
        let view = OnlineView::of(invitation.clone(), &client, error);
        if view.forgets_seat() {
            if !*forgotten {
                *forgotten = true;
                self.forget_seat(invitation);
            }
        } else if let (Some(key), Some(game)) = (client.seat_key(), client.game())
            && kept_key.as_deref() != Some(key)
        {
            *kept_key = Some(key.to_string());
            self.keep_seat(RoomSeat {
                server: invitation.server.clone(),
                room: invitation.room.clone(),
                game,
                seat_key: key.to_string(),
            });
        }
        let game = client.record().map(AnyRecord::kind).zip(client.seat());
        let seq = client.last_seq();
        // The session reads the client; let go of it first.
        drop(client);
        if let Some((kind, seat)) = game {
            let ready = view.ready();
            let same_game = self
                .game
                .session
                .peek()
                .as_ref()
                .is_some_and(|s| s.online_seat() == Some(seat) && s.kind() == kind);
            if same_game {
                self.game.dispatch(Action::Confirmed { seq, ready });
            } else {
                self.game.open(Session::online(shared.clone(), seat, ready));
            }
        }
        let mut view_signal = self.link.view;
        // A refusal the player hasn't felt yet: the phone buzzes once (nothing on the web).
        let newly_refused = view.message.is_some()
            && view_signal.peek().as_ref().map(|v| &v.message) != Some(&view.message);
        if newly_refused {
            bridge::haptic(Haptic::Error);
        }
        if view_signal.peek().as_ref() != Some(&view) {
            view_signal.set(Some(view));
        }
    }

    /// Why online play cannot start now, in the player's language.
    fn needs_network(self) -> String {
        self.settings.texts.peek().get("online-needs-network")
    }

    fn keep_seat(self, seat: RoomSeat) {
        let Some(store) = self.settings.store() else {
            return;
        };
        if let Err(error) = storage::keep_room_seat(store.as_ref(), seat) {
            self.settings.save_failed(error);
        }
    }

    fn forget_seat(self, invitation: &Invitation) {
        let Some(store) = self.settings.store() else {
            return;
        };
        if let Err(error) =
            storage::forget_room(store.as_ref(), &invitation.server, &invitation.room)
        {
            self.settings.save_failed(error);
        }
    }

    /// The rooms this device holds a seat in, newest first (an unreadable list is reported and
    /// shown empty).
    pub fn room_seats(self) -> Vec<RoomSeat> {
        let Some(store) = self.settings.store() else {
            return Vec::new();
        };
        match storage::room_seats(store.as_ref()) {
            Ok(seats) => seats,
            Err(error) => {
                self.settings.save_failed(error);
                Vec::new()
            }
        }
    }
}

/// Whether the device says it has no network at all (the browser's `navigator.onLine`). A phone
/// that has one but cannot reach the server is not offline: that is the request's own error.
#[cfg(target_arch = "wasm32")]
fn is_offline() -> bool {
    web_sys::window().is_some_and(|window| !window.navigator().on_line())
}

#[cfg(not(target_arch = "wasm32"))]
fn is_offline() -> bool {
    false
}
