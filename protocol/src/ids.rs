//! The three names a room's messages carry: which room, whose seat, which action. Each is read
//! and checked once, where it comes in (serde for the wire and the stores, [`FromStr`] for
//! links and addresses); past that edge a value of the type is well formed, so nothing checks
//! it again.
//!
//! A room id is public but unguessable (it is the invitation), a seat key is a secret: their
//! `Debug` shows only a room id's first digits and none of a key, so neither reaches a log by
//! accident. `Display` writes them whole, for the links and the wire that need them.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

/// Why a text is not an id of its kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error("a room id is {} lowercase hex digits", RoomId::LEN)]
    Room,
    #[error("a seat key has 1 to {} printable ASCII characters", SeatKey::MAX_LEN)]
    SeatKey,
    #[error("an action id must have 1 to {} characters", ActionId::MAX_LEN)]
    Action,
}

/// A room: 20 lowercase hex digits (80 random bits), in every invitation link.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomId(String);

impl RoomId {
    pub const LEN: usize = 20;

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id as logs show it: its first four digits, enough to tell rooms apart in one log,
    /// too few to open the room.
    pub fn redacted(&self) -> &str {
        &self.0[..4]
    }
}

fn is_room_id(text: &str) -> bool {
    text.len() == RoomId::LEN && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A seat's secret: the server makes 64 hex digits and keeps only their hash; any key of a
/// sane length is read (one that fits no seat is then refused as `bad_seat_key`).
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SeatKey(String);

impl SeatKey {
    pub const MAX_LEN: usize = 128;

    /// The shortest key a player may replace theirs with (128 bits as hex): a client's own key
    /// must be as hard to guess as the server's.
    pub const MIN_NEW_LEN: usize = 32;

    /// Whether this key is long enough to replace a seat's key.
    pub fn may_replace(&self) -> bool {
        self.0.len() >= Self::MIN_NEW_LEN
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_seat_key(text: &str) -> bool {
    (1..=SeatKey::MAX_LEN).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_graphic())
}

/// A client's name for one of its actions, unique per seat, so a resent action is applied once.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ActionId(String);

impl ActionId {
    /// Longest id accepted (characters); a UUID fits comfortably.
    pub const MAX_LEN: usize = 64;

    /// Longest prefix [`ActionId::numbered`] keeps: with `-` and a number of up to 20 digits
    /// the id stays within [`ActionId::MAX_LEN`].
    pub const MAX_PREFIX: usize = Self::MAX_LEN - 21;

    /// `<prefix>-<n>`: a client's ids, a random prefix per seat and a count. Well formed by
    /// construction (the prefix cut to [`ActionId::MAX_PREFIX`] characters; an empty one
    /// still gives `-<n>`).
    pub fn numbered(prefix: &str, n: u64) -> ActionId {
        let prefix: String = prefix.chars().take(Self::MAX_PREFIX).collect();
        ActionId(format!("{prefix}-{n}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_action_id(text: &str) -> bool {
    !text.is_empty() && text.chars().count() <= ActionId::MAX_LEN
}

/// The parts every one of the three shares: reading from text (checked), and giving it back.
macro_rules! checked_text {
    ($name:ident, $check:ident, $error:expr) => {
        impl TryFrom<String> for $name {
            type Error = IdError;

            fn try_from(text: String) -> Result<Self, IdError> {
                if $check(&text) {
                    Ok($name(text))
                } else {
                    Err($error)
                }
            }
        }

        impl FromStr for $name {
            type Err = IdError;

            fn from_str(text: &str) -> Result<Self, IdError> {
                if $check(text) {
                    Ok($name(text.to_owned()))
                } else {
                    Err($error)
                }
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        /// Read-only: the text of a checked id, for `len`, comparisons and `&str` arguments.
        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

checked_text!(RoomId, is_room_id, IdError::Room);
checked_text!(SeatKey, is_seat_key, IdError::SeatKey);
checked_text!(ActionId, is_action_id, IdError::Action);

impl fmt::Debug for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomId({}…)", self.redacted())
    }
}

impl fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatKey(…)")
    }
}

impl fmt::Debug for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ActionId({:?})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_id_is_checked_where_it_is_read() {
        assert!("3f9c2a71d04be85e6a10".parse::<RoomId>().is_ok());
        for bad in [
            "",
            "3f9c2a71d04be85e6a1",
            "3F9C2A71D04BE85E6A10",
            "../../etc/passwd",
        ] {
            assert_eq!(bad.parse::<RoomId>(), Err(IdError::Room), "{bad:?}");
        }
        assert!("k".parse::<SeatKey>().is_ok());
        for bad in ["", "a key", "\u{e9}", &"k".repeat(129)] {
            assert_eq!(bad.parse::<SeatKey>(), Err(IdError::SeatKey), "{bad:?}");
        }
        assert!(
            "\u{e9}".repeat(64).parse::<ActionId>().is_ok(),
            "characters, not bytes"
        );
        for bad in ["", &"a".repeat(65)] {
            assert_eq!(bad.parse::<ActionId>(), Err(IdError::Action), "{bad:?}");
        }
        let longest = ActionId::numbered(&"\u{e9}".repeat(100), u64::MAX);
        assert_eq!(longest.as_str().parse::<ActionId>(), Ok(longest.clone()));
        assert_eq!(ActionId::numbered("", 1).as_str(), "-1");
        // serde reads through the same check.
        assert!(serde_json::from_str::<RoomId>(r#""3f9c2a71d04be85e6a10""#).is_ok());
        assert!(serde_json::from_str::<RoomId>(r#""../../etc/passwd""#).is_err());
        assert!(serde_json::from_str::<ActionId>(r#""""#).is_err());
    }

    #[test]
    fn debug_shows_no_room_id_in_full_and_no_seat_key() {
        let room: RoomId = "3f9c2a71d04be85e6a10".parse().expect("a room id");
        let key: SeatKey = "0123456789abcdef".parse().expect("a key");
        assert_eq!(format!("{room:?}"), "RoomId(3f9c…)");
        assert_eq!(format!("{key:?}"), "SeatKey(…)");
        assert_eq!(
            room.to_string(),
            "3f9c2a71d04be85e6a10",
            "links need it whole"
        );
        assert_eq!(
            serde_json::to_string(&key).expect("serialises"),
            r#""0123456789abcdef""#
        );
    }
}
