//! The rooms this device holds a seat in: the seat keys kept on the device and the list of
//! online games drawn from them.

use cozcade_engine::Side;

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
