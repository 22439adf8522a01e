//! The online rooms this device holds a seat in, with their seat keys, so that opening an
//! invitation again (or the list of open rooms) puts the player back in their own seat.
//!
//! Kept as one small JSON setting in whatever [`Store`] the platform has (SQLite natively,
//! localStorage in the browser): a handful of rooms, read and written whole.

use cozcade_engine::GameKind;
use serde::{Deserialize, Serialize};

use super::store::{Store, StoreError};
use crate::text::clip;

/// The setting that holds the list.
const KEY: &str = "online-seats";
/// Rooms kept at most; the oldest is forgotten first (rooms expire after 7 days anyway).
pub const MAX_SEATS: usize = 50;

/// A seat this device holds in an online room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSeat {
    /// The room server's base URL (`https://play.cozcade.app`).
    pub server: String,
    pub room: String,
    pub game: GameKind,
    /// The secret that proves the seat is ours; it never leaves this device except to `server`.
    pub seat_key: String,
}

impl RoomSeat {
    fn is_room(&self, server: &str, room: &str) -> bool {
        self.server == server && self.room == room
    }
}

/// Seats of online rooms, newest first.
pub fn room_seats(store: &dyn Store) -> Result<Vec<RoomSeat>, StoreError> {
    match store.setting(KEY)? {
        None => Ok(Vec::new()),
        Some(text) => serde_json::from_str(&text).map_err(|e| {
            StoreError::Corrupt(format!(
                "the list of online rooms: {}",
                clip(&e.to_string())
            ))
        }),
    }
}

/// The seat key kept for a room, if this device has a seat there.
pub fn seat_key_for(
    store: &dyn Store,
    server: &str,
    room: &str,
) -> Result<Option<String>, StoreError> {
    Ok(room_seats(store)?
        .into_iter()
        .find(|seat| seat.is_room(server, room))
        .map(|seat| seat.seat_key))
}

/// Keeps (or refreshes) a seat, as the newest. A damaged list is replaced rather than kept
/// failing: losing old rooms beats never being able to keep a new one.
pub fn keep_room_seat(store: &dyn Store, seat: RoomSeat) -> Result<(), StoreError> {
    let mut seats = room_seats(store).unwrap_or_default();
    seats.retain(|kept| !kept.is_room(&seat.server, &seat.room));
    seats.insert(0, seat);
    seats.truncate(MAX_SEATS);
    write(store, &seats)
}

/// Forgets a room (left, expired, or unknown to the server).
pub fn forget_room(store: &dyn Store, server: &str, room: &str) -> Result<(), StoreError> {
    let mut seats = room_seats(store)?;
    seats.retain(|kept| !kept.is_room(server, room));
    write(store, &seats)
}

fn write(store: &dyn Store, seats: &[RoomSeat]) -> Result<(), StoreError> {
    let text = serde_json::to_string(seats).map_err(|e| StoreError::Write(e.to_string()))?;
    store.set_setting(KEY, &text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryStore;

    fn seat(room: &str, key: &str) -> RoomSeat {
        RoomSeat {
            server: "https://play.example".into(),
            room: room.into(),
            game: GameKind::Checkers,
            seat_key: key.into(),
        }
    }

    #[test]
    fn a_kept_seat_is_found_again_and_refreshed_not_doubled() {
        let store = MemoryStore::default();
        assert_eq!(room_seats(&store), Ok(vec![]));
        keep_room_seat(&store, seat("r1", "k1")).unwrap();
        keep_room_seat(&store, seat("r2", "k2")).unwrap();
        assert_eq!(
            seat_key_for(&store, "https://play.example", "r1"),
            Ok(Some("k1".into()))
        );
        assert_eq!(
            seat_key_for(&store, "https://other.example", "r1"),
            Ok(None)
        );

        keep_room_seat(&store, seat("r1", "k1-new")).unwrap();
        let seats = room_seats(&store).unwrap();
        assert_eq!(
            seats.iter().map(|s| s.room.as_str()).collect::<Vec<_>>(),
            ["r1", "r2"]
        );
        assert_eq!(seats[0].seat_key, "k1-new");
    }

    #[test]
    fn forgetting_a_room_keeps_the_others() {
        let store = MemoryStore::default();
        keep_room_seat(&store, seat("r1", "k1")).unwrap();
        keep_room_seat(&store, seat("r2", "k2")).unwrap();
        forget_room(&store, "https://play.example", "r1").unwrap();
        assert_eq!(room_seats(&store).unwrap(), vec![seat("r2", "k2")]);
    }

    #[test]
    fn the_list_is_capped_oldest_first() {
        let store = MemoryStore::default();
        for i in 0..MAX_SEATS + 5 {
            keep_room_seat(&store, seat(&format!("r{i}"), "k")).unwrap();
        }
        let seats = room_seats(&store).unwrap();
        assert_eq!(seats.len(), MAX_SEATS);
        assert_eq!(seats[0].room, format!("r{}", MAX_SEATS + 4));
        assert!(!seats.iter().any(|s| s.room == "r0"));
    }

    #[test]
    fn a_damaged_list_is_a_typed_error_and_a_new_seat_replaces_it() {
        let store = MemoryStore::default();
        store.set_setting(KEY, "{not json").unwrap();
        assert!(matches!(room_seats(&store), Err(StoreError::Corrupt(_))));
        keep_room_seat(&store, seat("r1", "k1")).unwrap();
        assert_eq!(room_seats(&store).unwrap(), vec![seat("r1", "k1")]);
    }
}
