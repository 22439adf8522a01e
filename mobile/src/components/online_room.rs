//! The shell of an online room: creating one, opening one from an invitation, running its
//! connection as a task, keeping the seat key on the device, and turning each report of the
//! connection into the board's session and the online screen's view.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use cozcade_engine::{AnyRecord, GameKind};
use dioxus::core::{Task, spawn_forever};
use dioxus::prelude::*;
use futures_channel::mpsc::{UnboundedSender, unbounded};

use super::app::{AppContext, Screen};
use crate::{
    bridge::{self, Haptic},
    online::{
        client::{IntentError, OnlineClient, Stop},
        rooms::create_room,
        session::{Intent, SharedClient, fresh_id_prefix, run},
        transport::room_socket_url,
    },
    platform,
    state::{
        Action, Connection, Invitation, OnlineMessage, OnlineView, Session, invitation::server_base,
    },
    storage::{self, RoomSeat},
};

/// Tells a room's reports apart from those of a room opened earlier (its task may still report
/// once while it is being cancelled).
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

/// The connection task of the room on screen.
pub struct OnlineRun {
    id: u64,
    task: Task,
    intents: UnboundedSender<Intent>,
}

/// Why "Play with a friend" did not open a room.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    #[error("{0}")]
    Server(String),
    #[error("the server address is not usable: {0}")]
    BadServer(String),
}

impl AppContext {
    /// "Play with a friend": creates a room for `kind` on this app's server, keeps the seat
    /// key on the device and opens the room (which shows the invitation until the friend comes).
    pub async fn play_with_friend(self, kind: GameKind) -> Result<(), CreateError> {
        let server = server_base(&platform::server_base())
            .map_err(|e| CreateError::BadServer(e.to_string()))?;
        let created = create_room(&server, kind)
            .await
            .map_err(|e| CreateError::Server(e.to_string()))?;
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
        self.close_online();
        let stored_key = self.store.peek().clone().and_then(|store| {
            storage::seat_key_for(store.as_ref(), &invitation.server, &invitation.room)
                .ok()
                .flatten()
        });
        self.online
            .set(Some(OnlineView::opening(invitation.clone())));
        self.sowing.set(None);
        self.session.set(None);
        self.screen.set(Screen::Online);
        platform::show_room_in_address(Some(&invitation.room));
        let Some(url) = room_socket_url(&invitation.server, &invitation.room) else {
            // Invitation::parse lets through only http(s) servers and room ids, so this would be
            // a bad stored seat: say so rather than hang on "Connecting".
            let mut view = OnlineView::opening(invitation);
            view.connection = Connection::Stopped(Stop::Refused("not a room address".into()));
            self.online.set(Some(view));
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
        // the room's screen is left (close_online) or the connection stops for good.
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
        self.online_run.set(Some(OnlineRun { id, task, intents }));
    }

    /// Leaves the room's screen: its connection closes (the seat stays ours, and the room in
    /// the list of this device's games).
    pub fn close_online(mut self) {
        if let Some(run) = self.online_run.write().take() {
            run.task.cancel();
        }
        if self.online.peek().is_some() {
            self.online.set(None);
            if self
                .session
                .peek()
                .as_ref()
                .is_some_and(|s| s.online_seat().is_some())
            {
                self.session.set(None);
            }
            platform::show_room_in_address(None);
        }
    }

    /// Hands the player's wish to the room's connection.
    pub fn send_intent(mut self, intent: Intent) {
        let sent = self
            .online_run
            .peek()
            .as_ref()
            .is_some_and(|run| run.intents.unbounded_send(intent).is_ok());
        if !sent && let Some(view) = self.online.write().as_mut() {
            view.message = Some(OnlineMessage::NotSent(IntentError::Stopped));
        }
    }

    /// A report from the room's connection: the view, the board, and the seat kept or
    /// forgotten on the device.
    fn on_report(
        mut self,
        id: u64,
        invitation: &Invitation,
        shared: &SharedClient,
        error: Option<IntentError>,
        kept_key: &mut Option<String>,
        forgotten: &mut bool,
    ) {
        if self.online_run.peek().as_ref().map(|r| r.id) != Some(id) {
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
        drop(client);
        if let Some((kind, seat)) = game {
            let ready = view.ready();
            let same_game = self
                .session
                .peek()
                .as_ref()
                .is_some_and(|s| s.online_seat() == Some(seat) && s.kind() == kind);
            if same_game {
                self.dispatch(Action::Confirmed { seq, ready });
            } else {
                self.sowing.set(None);
                self.session
                    .set(Some(Session::online(shared.clone(), seat, ready)));
            }
        }
        // A refusal the player hasn't felt yet: the phone buzzes once (nothing on the web).
        let newly_refused = view.message.is_some()
            && self.online.peek().as_ref().map(|v| &v.message) != Some(&view.message);
        if newly_refused {
            bridge::haptic(Haptic::Error);
        }
        if self.online.peek().as_ref() != Some(&view) {
            self.online.set(Some(view));
        }
    }

    fn keep_seat(mut self, seat: RoomSeat) {
        let Some(store) = self.store.peek().clone() else {
            return;
        };
        if let Err(error) = storage::keep_room_seat(store.as_ref(), seat) {
            self.notice
                .set(Some(super::app::Notice::SaveFailed(error.to_string())));
        }
    }

    fn forget_seat(mut self, invitation: &Invitation) {
        let Some(store) = self.store.peek().clone() else {
            return;
        };
        if let Err(error) =
            storage::forget_room(store.as_ref(), &invitation.server, &invitation.room)
        {
            self.notice
                .set(Some(super::app::Notice::SaveFailed(error.to_string())));
        }
    }

    /// The rooms this device holds a seat in, newest first (an unreadable list is reported and
    /// shown empty).
    pub fn room_seats(mut self) -> Vec<RoomSeat> {
        let Some(store) = self.store.peek().clone() else {
            return Vec::new();
        };
        match storage::room_seats(store.as_ref()) {
            Ok(seats) => seats,
            Err(error) => {
                self.notice
                    .set(Some(super::app::Notice::SaveFailed(error.to_string())));
                Vec::new()
            }
        }
    }
}
