//! Room ids and seat keys: random values from the operating system's generator.
//!
//! A room id is public (it is in the invitation link) but must not be guessable: 80 bits. A seat
//! key is a secret that proves who holds a seat: 256 bits, and the server keeps only its SHA-256
//! hash, so a leaked database does not let anyone take a seat.

use cozcade_protocol::{RoomId, SeatKey};
use sha2::{Digest, Sha256};

/// Bytes of randomness in a room id (80 bits; written as [`RoomId::LEN`] lowercase hex digits).
const ROOM_ID_BYTES: usize = RoomId::LEN / 2;
/// Bytes of randomness in a seat key (256 bits; written as 64 lowercase hex digits).
const SEAT_KEY_BYTES: usize = 32;

/// The SHA-256 of a seat key: what the store keeps.
pub type KeyHash = [u8; 32];

#[derive(Debug, thiserror::Error)]
#[error("the operating system's random generator failed: {0}")]
pub struct RandomError(String);

fn random_hex<const N: usize>() -> Result<String, RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(to_hex(&bytes))
}

pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

pub fn new_room_id() -> Result<RoomId, RandomError> {
    random_hex::<ROOM_ID_BYTES>()?
        .parse()
        .map_err(|e: cozcade_protocol::IdError| RandomError(e.to_string()))
}

pub fn new_seat_key() -> Result<SeatKey, RandomError> {
    random_hex::<SEAT_KEY_BYTES>()?
        .parse()
        .map_err(|e: cozcade_protocol::IdError| RandomError(e.to_string()))
}

/// A random tag for one run of the server, added to its instance id in room leases: two runs
/// with the same instance id (a restart while the old process is frozen, not dead) must never
/// pass for one owner.
pub fn new_incarnation() -> Result<String, RandomError> {
    random_hex::<6>()
}

/// A room id as logs show it: its first few digits, enough to tell rooms apart in one log, too
/// few to open the room (the invitation link is the id in full). Anything that is not a room
/// id (a placeholder, a client's malformed id) opens nothing and is shown as it is.
pub struct Redacted<'a>(pub &'a str);

impl std::fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.get(..4) {
            Some(start) if self.0.parse::<RoomId>().is_ok() => write!(f, "{start}…"),
            _ => f.write_str(self.0),
        }
    }
}

/// Hashes a key a client sent; a key that is not one of this server's simply matches no seat.
pub fn hash_key(key: &SeatKey) -> KeyHash {
    Sha256::digest(key.as_str().as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_keys_are_random_and_well_formed() {
        let a = new_room_id().expect("rng");
        let b = new_room_id().expect("rng");
        assert_ne!(a, b);
        let key = new_seat_key().expect("rng");
        assert_eq!(key.as_str().len(), 64);
        assert!(key.as_str().bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(
            hash_key(&key),
            hash_key(&"something-else".parse().expect("a key"))
        );
    }

    #[test]
    fn logs_show_only_the_start_of_a_room_id() {
        let id = new_room_id().expect("rng");
        let id = id.as_str();
        let shown = Redacted(id).to_string();
        assert_eq!(shown, format!("{}…", &id[..4]));
        assert!(!shown.contains(&id[4..]));
        assert_eq!(Redacted("(in a batch)").to_string(), "(in a batch)");
    }
}
