//! "Play with a friend": a new room on this app's server, its seat key kept on the device.

use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::Room;
use crate::{
    online::rooms::create_room,
    platform::{self, is_offline},
    state::{Invitation, invitation::server_base},
    storage::RoomSeat,
};

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

impl Room {
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
            replacing_key: None,
        });
        self.open_invitation(
            Invitation {
                server,
                room: created.room,
            },
            None,
        );
        Ok(())
    }

    /// Why online play cannot start now, in the player's language.
    pub(super) fn needs_network(self) -> String {
        self.settings.texts.peek().get("online-needs-network")
    }
}
