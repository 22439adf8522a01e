//! How a room and its actions are written as columns, the same for every backend: seats as 1
//! and 2, events as JSON text, sequence numbers as signed 64-bit integers (what both SQLite and
//! PostgreSQL have), seat key hashes as 32-byte blobs. Reading back checks every value, so a
//! damaged row is a clear `Corrupt` error instead of a wrong game.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::Event;

use super::{StoreError, StoredEvent};
use crate::secret::KeyHash;

pub(super) fn seat_number(seat: Side) -> i16 {
    match seat {
        Side::First => 1,
        Side::Second => 2,
    }
}

pub(super) fn seq_column(seq: u64) -> Result<i64, StoreError> {
    i64::try_from(seq).map_err(|_| StoreError::Corrupt("sequence number overflow".into()))
}

pub(super) fn event_json(event: &Event) -> Result<String, StoreError> {
    serde_json::to_string(event).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(super) fn game(text: &str) -> Result<GameKind, StoreError> {
    text.parse()
        .map_err(|e| StoreError::Corrupt(format!("{e}")))
}

pub(super) fn key_hash(bytes: Option<Vec<u8>>) -> Result<Option<KeyHash>, StoreError> {
    bytes
        .map(|b| {
            KeyHash::try_from(b.as_slice()).map_err(|_| StoreError::Corrupt("seat key hash".into()))
        })
        .transpose()
}

/// A sequence number read back.
pub(super) fn seq_read(seq: i64) -> Result<u64, StoreError> {
    u64::try_from(seq).map_err(|_| StoreError::Corrupt("negative seq".into()))
}

/// An action row read back: `seq, seat, action_id, event, at`.
pub(super) fn stored_event(
    seq: i64,
    seat: i64,
    action_id: Option<String>,
    event: &str,
    at: i64,
) -> Result<StoredEvent, StoreError> {
    Ok(StoredEvent {
        seq: seq_read(seq)?,
        seat: match seat {
            1 => Side::First,
            2 => Side::Second,
            other => return Err(StoreError::Corrupt(format!("seat {other}"))),
        },
        action_id: action_id
            .map(|id| id.parse())
            .transpose()
            .map_err(|e: cozcade_protocol::IdError| StoreError::Corrupt(e.to_string()))?,
        event: serde_json::from_str(event).map_err(|e| StoreError::Corrupt(e.to_string()))?,
        at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_rows_are_corrupt_not_wrong() {
        let ok = stored_event(3, 2, None, r#"{"kind":"left"}"#, 7).expect("row");
        assert_eq!((ok.seq, ok.seat), (3, Side::Second));
        assert!(matches!(
            stored_event(-1, 1, None, r#"{"kind":"left"}"#, 0),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            stored_event(1, 3, None, r#"{"kind":"left"}"#, 0),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            stored_event(1, 1, None, "{", 0),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            key_hash(Some(vec![0; 31])),
            Err(StoreError::Corrupt(_))
        ));
        assert_eq!(key_hash(None).expect("none"), None);
        assert!(matches!(game("go"), Err(StoreError::Corrupt(_))));
        assert!(matches!(seq_column(u64::MAX), Err(StoreError::Corrupt(_))));
    }
}
