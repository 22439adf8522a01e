//! The online room: creating one, opening one from an invitation, running its connection as a
//! task, keeping the seat key on the device, and turning each report of the connection into
//! the online screen's view and the board's game (fed the room's confirmations in order).

use std::sync::atomic::{AtomicU64, Ordering};

use cozcade_engine::{GameKind, Side};
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
        client::{Link, OnlineClient, RoomUpdate, Stop},
        connection::{Intent, Report, fresh_id_prefix, run},
        rooms::{create_room, room_info},
        transport::room_socket_url,
    },
    platform,
    state::online_games::ListedGame,
    state::{
        Connection, Invitation, OnlineAction, OnlineGame, OnlineView, Table, Welcome, WelcomeInfo,
        invitation::server_base,
    },
    storage::{self, RoomSeat},
};

/// Numbers the rooms' runs (see [`RoomRun::id`]).
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// What a room's connection has written to the device so far, so each report writes only
/// what changed.
struct Kept {
    /// The seat key stored for the room.
    key: Option<String>,
    /// The seat was forgotten (the room is gone or no longer ours).
    forgotten: bool,
    /// The last glance noted for the list of online games: seat, turn, number.
    glance: Option<(Side, Option<Side>, u64)>,
}

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
        game: Game,
        screen: Signal<Screen>,
    ) -> Self {
        Room {
            link,
            settings,
            game,
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
            glance: None,
            leaving: false,
        });
        self.open_invitation(Invitation {
            server,
            room: created.room,
        });
        Ok(())
    }

    /// Opens a room from an invitation (the page's address, a native link, the list of this
    /// device's rooms): with the seat key stored for it when this device has one; otherwise
    /// the friend is welcomed first, and takes the guest seat (whose key arrives in the
    /// server's welcome and is kept then) only by pressing the welcome's button.
    pub fn open_invitation(self, invitation: Invitation) {
        self.close();
        self.close_welcome();
        let stored_key = self.settings.store().and_then(|store| {
            storage::seat_key_for(store.as_ref(), &invitation.server, &invitation.room)
                .ok()
                .flatten()
        });
        match stored_key {
            Some(key) => self.connect(invitation, Some(key)),
            None => self.greet(invitation),
        }
    }

    /// Shows the welcome for `invitation` and asks the server, without taking anything, which
    /// game it is and which seat is open. A full or unknown room goes straight to the online
    /// screen's plain explanation.
    fn greet(mut self, invitation: Invitation) {
        self.game.close();
        platform::show_room_in_address(Some(&invitation.room));
        if is_offline() {
            // The same explanation as a room opened without a network.
            return self.connect(invitation, None);
        }
        self.welcome.set(Some(Welcome::reading(invitation.clone())));
        self.screen.set(Screen::Welcome);
        let mut welcome = self.welcome;
        spawn_forever(async move {
            let answer = room_info(&invitation.server, &invitation.room).await;
            // The player may have gone elsewhere meanwhile: then this answer is nobody's.
            let still_here = welcome
                .peek()
                .as_ref()
                .is_some_and(|w| w.invitation == invitation);
            if !still_here {
                return;
            }
            let stop = match &answer {
                Ok(None) => Some((Stop::UnknownRoom, None)),
                Ok(Some(info)) if info.open_seat.is_none() => {
                    Some((Stop::RoomFull, Some(info.game)))
                }
                _ => None,
            };
            if let Some((stop, game)) = stop {
                welcome.set(None);
                return self.show_stopped(invitation, stop, game);
            }
            let info = match answer {
                Ok(Some(info)) => WelcomeInfo::Room(info),
                Ok(None) => WelcomeInfo::Reading,
                Err(e) => WelcomeInfo::Unreadable(e.to_string()),
            };
            welcome.set(Some(Welcome { invitation, info }));
        });
    }

    /// The welcome's one button: takes the open seat of the room on the welcome.
    pub fn take_seat(mut self) {
        let Some(welcome) = self.welcome.take() else {
            return;
        };
        self.connect(welcome.invitation, None);
    }

    /// Forgets the welcome on screen (the player went elsewhere without taking the seat).
    pub(super) fn close_welcome(mut self) {
        if self.welcome.peek().is_some() {
            self.welcome.set(None);
            if *self.screen.peek() == Screen::Welcome {
                platform::show_room_in_address(None);
            }
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

    /// Opens the room's connection: with the stored `seat_key`, or as the guest.
    fn connect(mut self, invitation: Invitation, stored_key: Option<String>) {
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
        let client = OnlineClient::new(
            invitation.room.clone(),
            stored_key.clone(),
            fresh_id_prefix(),
        );
        let (intents, incoming) = unbounded();
        let mut kept = Kept {
            key: stored_key,
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
        if self.link.stop() {
            if self.game.is_online() {
                self.game.close();
            }
            platform::show_room_in_address(None);
        }
    }

    /// A report from the room's connection: the view, the board, and the seat kept or
    /// forgotten on the device.
    fn on_report(self, id: u64, invitation: &Invitation, report: Report<'_>, kept: &mut Kept) {
        let Kept {
            key: kept_key,
            forgotten,
            glance,
        } = kept;
        if !self.link.is_current(id) {
            return;
        }
        let client = report.client;
        let view = OnlineView::of(invitation.clone(), client, report.refused);
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
                glance: None,
                leaving: false,
            });
        }
        // How the game stands, for the device's list (written only when it changed).
        if !*forgotten && let (Some(state), Some(seat)) = (client.state(), client.seat()) {
            let now_glance = (seat, state.turn(), state.seq);
            if *glance != Some(now_glance) {
                *glance = Some(now_glance);
                self.note_glance(invitation, now_glance);
            }
        }
        if let Some(seat) = client.seat() {
            self.show_on_board(invitation, seat, report.updates, view.ready());
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

    /// Feeds what the room confirmed to its game on the board, in order. A board that does not
    /// show this room's game from `seat` yet starts from the next whole state the room sends.
    fn show_on_board(
        self,
        invitation: &Invitation,
        seat: Side,
        updates: Vec<RoomUpdate>,
        ready: bool,
    ) {
        let mut updates = updates.into_iter();
        let on_board = self
            .game
            .table
            .peek()
            .as_ref()
            .and_then(Table::online)
            .is_some_and(|game| game.room() == invitation.room && game.seat() == seat);
        if !on_board {
            let Some(state) = updates.by_ref().find_map(|update| match update {
                RoomUpdate::State(state) => Some(state),
                RoomUpdate::Event { .. } => None,
            }) else {
                return;
            };
            self.game
                .open(Table::Online(OnlineGame::new(state, seat, ready)));
        }
        for update in updates {
            self.game.dispatch(OnlineAction::Confirmed(update));
        }
        self.game.dispatch(OnlineAction::Ready(ready));
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

    /// The device's list of online games, latest played first (rooms being left are not in it).
    pub fn listed_games(self) -> Vec<ListedGame> {
        ListedGame::list(&self.room_seats(), platform::now_secs())
    }

    fn note_glance(self, invitation: &Invitation, (seat, turn, seq): (Side, Option<Side>, u64)) {
        let Some(store) = self.settings.store() else {
            return;
        };
        let noted = storage::note_glance(
            store.as_ref(),
            &invitation.server,
            &invitation.room,
            seat,
            turn,
            seq,
            platform::now_secs(),
        );
        if let Err(error) = noted {
            self.settings.save_failed(error);
        }
    }

    /// Leave, from the list: the room leaves the list at once, even offline, and the leave goes
    /// to the server as the in-game Leave does. The seat key is forgotten only once the server
    /// confirmed; until then the leave is tried again (and on the app's next start).
    pub fn leave_from_list(self, server: &str, room: &str) {
        let Some(store) = self.settings.store() else {
            return;
        };
        let seat = match storage::mark_leaving(store.as_ref(), server, room) {
            Ok(true) => storage::room_seats(store.as_ref()).ok().and_then(|seats| {
                seats
                    .into_iter()
                    .find(|s| s.server == server && s.room == room)
            }),
            Ok(false) => None,
            Err(error) => {
                self.settings.save_failed(error);
                None
            }
        };
        if let Some(seat) = seat {
            self.send_leave(seat);
        }
    }

    /// Sends the leaves that did not reach the server before (the app stopped, or was offline).
    pub(super) fn send_pending_leaves(self) {
        for seat in self.room_seats().into_iter().filter(|s| s.leaving) {
            self.send_leave(seat);
        }
    }

    /// Connects with the seat's key, sends `leave` once the room is caught up, and forgets the
    /// seat when the server says it is gone (left, or no longer ours, or no room). Retries with
    /// the usual backoff while the server cannot be reached.
    fn send_leave(self, seat: RoomSeat) {
        let Some(url) = room_socket_url(&seat.server, &seat.room) else {
            let invitation = Invitation {
                server: seat.server,
                room: seat.room,
            };
            return self.forget_seat(&invitation);
        };
        let client = OnlineClient::new(seat.room.clone(), Some(seat.seat_key), fresh_id_prefix());
        let (intents, incoming) = unbounded();
        let invitation = Invitation {
            server: seat.server,
            room: seat.room,
        };
        spawn_forever(async move {
            let mut asked = false;
            let client = run(url, client, incoming, move |report: Report<'_>| {
                if report.refused.is_some() {
                    asked = false;
                }
                let client = report.client;
                let caught_up = *client.link() == Link::Connected
                    && client.state().is_some()
                    && !client.has_pending();
                if !asked && caught_up {
                    asked = intents.unbounded_send(Intent::Leave).is_ok();
                }
            })
            .await;
            let gone = matches!(
                client.link(),
                Link::Stopped(
                    Stop::Left | Stop::BadSeatKey | Stop::UnknownRoom | Stop::RoomExpired
                )
            );
            if gone {
                self.forget_seat(&invitation);
            }
        });
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
