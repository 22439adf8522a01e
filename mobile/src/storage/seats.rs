//! The online rooms this device holds a seat in, with their seat keys, so that opening an
//! invitation again (or the list of open rooms) puts the player back in their own seat.
//!
//! Kept as one small JSON setting in whatever [`Store`] the platform has (SQLite natively,
//! localStorage in the browser): a handful of rooms, read and written whole.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{RoomId, SeatKey};
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
    pub room: RoomId,
    pub game: GameKind,
    /// The secret that proves the seat is ours; it never leaves this device except to `server`.
    pub seat_key: SeatKey,
    /// How the game stood when this device last saw it, for the list of online games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glance: Option<Glance>,
    /// Left from the list: hidden there, and its key kept only until the server has confirmed
    /// the leave (a seat given up on the device alone would keep the friend waiting).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leaving: bool,
    /// A new key asked for (a new personal link) and not yet confirmed: kept before it is sent,
    /// so that the seat is never lost between the device and the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacing_key: Option<SeatKey>,
}

/// A room as this device last saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Glance {
    /// This device's seat (the friend plays the other colour).
    pub seat: Side,
    /// Whose turn it is; `None` once the round is over.
    pub turn: Option<Side>,
    /// The room's last sequence number seen.
    pub seq: u64,
    /// When that number was first seen here (Unix seconds, this device's clock).
    pub played_at: i64,
}

impl RoomSeat {
    fn is_room(&self, server: &str, room: &str) -> bool {
        self.server == server && self.room == room
    }
}

/// Seats of online rooms, the latest kept or played first.
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

/// The seat key kept for a room, if this device has a seat there (and has not left it).
pub fn seat_key_for(
    store: &dyn Store,
    server: &str,
    room: &str,
) -> Result<Option<SeatKey>, StoreError> {
    Ok(kept_seat(store, server, room)?
        .filter(|seat| !seat.leaving)
        .map(|seat| seat.seat_key))
}

/// The room's entry in the list, leaving or not.
fn kept_seat(store: &dyn Store, server: &str, room: &str) -> Result<Option<RoomSeat>, StoreError> {
    Ok(room_seats(store)?
        .into_iter()
        .find(|seat| seat.is_room(server, room)))
}

/// The key a replacement in flight will give the room's seat (see [`RoomSeat::replacing_key`]).
pub fn replacing_key_for(
    store: &dyn Store,
    server: &str,
    room: &str,
) -> Result<Option<SeatKey>, StoreError> {
    Ok(kept_seat(store, server, room)?.and_then(|seat| seat.replacing_key))
}

/// Keeps (`Some`) or drops (`None`) the key a replacement will give the room's seat. Whether
/// the room was there.
pub fn note_replacing_key(
    store: &dyn Store,
    server: &str,
    room: &str,
    key: Option<SeatKey>,
) -> Result<bool, StoreError> {
    let mut seats = room_seats(store)?;
    let Some(kept) = seats.iter_mut().find(|s| s.is_room(server, room)) else {
        return Ok(false);
    };
    if kept.replacing_key == key {
        return Ok(true);
    }
    kept.replacing_key = key;
    write(store, &seats)?;
    Ok(true)
}

/// Notes how a room stands now; `now` is taken as its last play when its number moved on.
/// Whether anything changed (an unknown room is not added: only a kept seat has a glance).
pub fn note_glance(
    store: &dyn Store,
    server: &str,
    room: &str,
    seat: Side,
    turn: Option<Side>,
    seq: u64,
    now: i64,
) -> Result<bool, StoreError> {
    let mut seats = room_seats(store)?;
    let Some(at) = seats.iter().position(|s| s.is_room(server, room)) else {
        return Ok(false);
    };
    let moved_on = seats[at].glance.as_ref().is_none_or(|old| old.seq != seq);
    let played_at = match &seats[at].glance {
        Some(old) if !moved_on => old.played_at,
        _ => now,
    };
    let glance = Glance {
        seat,
        turn,
        seq,
        played_at,
    };
    if seats[at].glance.as_ref() == Some(&glance) {
        return Ok(false);
    }
    let mut kept = seats.remove(at);
    kept.glance = Some(glance);
    // The list stays in the order it is shown in: the latest played first.
    seats.insert(if moved_on { 0 } else { at }, kept);
    write(store, &seats)?;
    Ok(true)
}

/// Marks a room as left from the list: it leaves the list at once, and its key stays until
/// [`forget_room`] once the server confirmed. Whether the room was there.
pub fn mark_leaving(store: &dyn Store, server: &str, room: &str) -> Result<bool, StoreError> {
    let mut seats = room_seats(store)?;
    let Some(kept) = seats.iter_mut().find(|s| s.is_room(server, room)) else {
        return Ok(false);
    };
    kept.leaving = true;
    write(store, &seats)?;
    Ok(true)
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

    const R1: &str = "00000000000000000001";
    const R2: &str = "00000000000000000002";

    fn seat(room: &str, key: &str) -> RoomSeat {
        RoomSeat {
            server: "https://play.example".into(),
            room: room.parse().expect("well formed"),
            game: GameKind::Checkers,
            seat_key: key.parse().expect("well formed"),
            glance: None,
            leaving: false,
            replacing_key: None,
        }
    }

    #[test]
    fn a_glance_notes_when_the_game_last_moved_on() {
        let store = MemoryStore::default();
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        let server = "https://play.example";
        let note =
            |turn, seq, now| note_glance(&store, server, R1, Side::Second, turn, seq, now).unwrap();
        assert!(note(Some(Side::First), 0, 100));
        assert!(!note(Some(Side::First), 0, 200), "nothing new: no write");
        assert_eq!(
            room_seats(&store).unwrap()[0]
                .glance
                .as_ref()
                .map(|g| g.played_at),
            Some(100)
        );
        assert!(note(Some(Side::Second), 1, 300));
        assert_eq!(
            room_seats(&store).unwrap()[0].glance,
            Some(Glance {
                seat: Side::Second,
                turn: Some(Side::Second),
                seq: 1,
                played_at: 300
            })
        );
        // The latest played comes first.
        keep_room_seat(&store, seat(R2, "k2")).unwrap();
        assert!(note_glance(&store, server, R1, Side::Second, None, 2, 400).unwrap());
        let rooms: Vec<String> = room_seats(&store)
            .unwrap()
            .into_iter()
            .map(|s| s.room.into())
            .collect();
        assert_eq!(rooms, [R1, R2]);
        // A room the device holds no seat in is not added.
        assert!(
            !note_glance(
                &store,
                server,
                "00000000000000000009",
                Side::First,
                None,
                1,
                1
            )
            .unwrap()
        );
        assert_eq!(room_seats(&store).unwrap().len(), 2);
    }

    #[test]
    fn a_room_left_from_the_list_keeps_its_key_until_forgotten() {
        let store = MemoryStore::default();
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        keep_room_seat(&store, seat(R2, "k2")).unwrap();
        let server = "https://play.example";
        assert!(mark_leaving(&store, server, R1).unwrap());
        assert!(!mark_leaving(&store, server, "r9").unwrap());
        let seats = room_seats(&store).unwrap();
        let left = seats.iter().find(|s| s.room == R1).expect("still kept");
        assert!(left.leaving);
        assert_eq!(
            left.seat_key, "k1",
            "the key stays for the leave to be sent"
        );
        // Opening the link again does not sit down in a seat being given up.
        assert_eq!(seat_key_for(&store, server, R1), Ok(None));
        assert_eq!(
            seat_key_for(&store, server, R2),
            Ok(Some("k2".parse().expect("well formed")))
        );
        forget_room(&store, server, R1).unwrap();
        assert_eq!(room_seats(&store).unwrap(), vec![seat(R2, "k2")]);
    }

    #[test]
    fn lists_written_before_glances_still_read() {
        let store = MemoryStore::default();
        store
            .set_setting(
                KEY,
                r#"[{"server":"https://play.example","room":"00000000000000000001","game":"kalah","seat_key":"k"}]"#,
            )
            .unwrap();
        let seats = room_seats(&store).unwrap();
        assert_eq!((seats[0].glance.clone(), seats[0].leaving), (None, false));
    }

    #[test]
    fn a_kept_seat_is_found_again_and_refreshed_not_doubled() {
        let store = MemoryStore::default();
        assert_eq!(room_seats(&store), Ok(vec![]));
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        keep_room_seat(&store, seat(R2, "k2")).unwrap();
        assert_eq!(
            seat_key_for(&store, "https://play.example", R1),
            Ok(Some("k1".parse().expect("well formed")))
        );
        assert_eq!(seat_key_for(&store, "https://other.example", R1), Ok(None));

        keep_room_seat(&store, seat(R1, "k1-new")).unwrap();
        let seats = room_seats(&store).unwrap();
        assert_eq!(
            seats.iter().map(|s| s.room.as_str()).collect::<Vec<_>>(),
            [R1, R2]
        );
        assert_eq!(seats[0].seat_key, "k1-new");
    }

    #[test]
    fn forgetting_a_room_keeps_the_others() {
        let store = MemoryStore::default();
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        keep_room_seat(&store, seat(R2, "k2")).unwrap();
        forget_room(&store, "https://play.example", R1).unwrap();
        assert_eq!(room_seats(&store).unwrap(), vec![seat(R2, "k2")]);
    }

    #[test]
    fn a_replacing_key_is_kept_with_its_seat_until_dropped() {
        let store = MemoryStore::default();
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        let server = "https://play.example";
        assert_eq!(replacing_key_for(&store, server, R1), Ok(None));
        let new: SeatKey = "k1-new".parse().expect("well formed");
        assert_eq!(
            note_replacing_key(&store, server, R1, Some(new.clone())),
            Ok(true)
        );
        assert_eq!(replacing_key_for(&store, server, R1), Ok(Some(new)));
        // The seat's own key is unchanged until the server confirms.
        assert_eq!(
            seat_key_for(&store, server, R1),
            Ok(Some("k1".parse().expect("well formed")))
        );
        assert_eq!(note_replacing_key(&store, server, R1, None), Ok(true));
        assert_eq!(replacing_key_for(&store, server, R1), Ok(None));
        // A room the device holds no seat in keeps nothing.
        assert_eq!(note_replacing_key(&store, server, R2, None), Ok(false));
    }

    #[test]
    fn the_list_is_capped_oldest_first() {
        let store = MemoryStore::default();
        for i in 0..MAX_SEATS + 5 {
            keep_room_seat(&store, seat(&format!("{i:020x}"), "k")).unwrap();
        }
        let seats = room_seats(&store).unwrap();
        assert_eq!(seats.len(), MAX_SEATS);
        assert_eq!(seats[0].room.as_str(), format!("{:020x}", MAX_SEATS + 4));
        assert!(
            !seats
                .iter()
                .any(|s| s.room == format!("{:020x}", 0).as_str())
        );
    }

    #[test]
    fn a_damaged_list_is_a_typed_error_and_a_new_seat_replaces_it() {
        let store = MemoryStore::default();
        store.set_setting(KEY, "{not json").unwrap();
        assert!(matches!(room_seats(&store), Err(StoreError::Corrupt(_))));
        keep_room_seat(&store, seat(R1, "k1")).unwrap();
        assert_eq!(room_seats(&store).unwrap(), vec![seat(R1, "k1")]);
    }
}
