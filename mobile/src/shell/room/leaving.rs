//! Leaving a room from the list of online games, through a connection of its own, and again at
//! the next start when the server could not be reached.

use dioxus::core::spawn_forever;
use futures_channel::mpsc::unbounded;

use super::Room;
use crate::{
    online::{
        client::{Link, OnlineClient, Stop},
        connection::{Intent, Report, fresh_id_prefix, run},
        transport::room_socket_url,
    },
    state::Invitation,
    storage::{self, RoomSeat},
};

impl Room {
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
    pub(in crate::shell) fn send_pending_leaves(self) {
        for seat in self.room_seats().into_iter().filter(|s| s.leaving) {
            self.send_leave(seat);
        }
    }

    /// Connects with the seat's key, sends `leave` once the room is caught up, and forgets the
    /// seat when the server says it is gone (left, or no longer ours, or no room). Retries with
    /// the usual backoff while the server cannot be reached.
    pub(super) fn send_leave(self, seat: RoomSeat) {
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
                    Stop::Left
                        | Stop::BadSeatKey
                        | Stop::SeatKeyReplaced
                        | Stop::UnknownRoom
                        | Stop::RoomExpired
                )
            );
            if gone {
                self.forget_seat(&invitation);
            }
        });
    }
}
