//! The rooms this device holds a seat in: the seat keys kept on the device and the list of
//! online games drawn from them.

use cozcade_engine::Side;
use cozcade_protocol::SeatKey;

use super::Room;
use crate::{
    platform,
    state::{Invitation, online_games::ListedGame},
    storage::{self, RoomSeat},
};

impl Room {
    pub(super) fn keep_seat(self, seat: RoomSeat) {
        let Some(store) = self.settings.store() else {
            return;
        };
        if let Err(error) = storage::keep_room_seat(store.as_ref(), seat) {
            self.settings.save_failed(error);
        }
    }

    /// Keeps (or drops) the key a new personal link will give this room's seat. `false` when it
    /// could not be kept: then it must not be sent.
    pub(super) fn note_replacing_key(self, invitation: &Invitation, key: Option<SeatKey>) -> bool {
        let Some(store) = self.settings.store() else {
            return false;
        };
        match storage::note_replacing_key(store.as_ref(), &invitation.server, &invitation.room, key)
        {
            Ok(kept) => kept,
            Err(error) => {
                self.settings.save_failed(error);
                false
            }
        }
    }

    /// A new personal link: a new key, kept on the device, then sent to the server, which
    /// makes every copy of the old link stop working. `false` when there was no way to make
    /// or keep a key (nothing is sent then).
    pub fn replace_seat_key(self, invitation: &Invitation) -> bool {
        let Some(key) = platform::new_seat_key() else {
            return false;
        };
        if !self.note_replacing_key(invitation, Some(key.clone())) {
            return false;
        }
        self.send(crate::online::connection::Intent::ReplaceSeatKey(key));
        true
    }

    pub(super) fn forget_seat(self, invitation: &Invitation) {
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

    pub(super) fn note_glance(
        self,
        invitation: &Invitation,
        (seat, turn, seq): (Side, Option<Side>, u64),
    ) {
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
}
