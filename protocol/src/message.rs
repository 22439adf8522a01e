//! The wire types of the room server's WebSocket and HTTP protocol (see `server/PROTOCOL.md`).
//!
//! Pure serde types: no I/O. Every message is a closed enum tagged by `"type"` whose fields are
//! all known, so anything a peer sends is either one of these or a parse error at the boundary.

use cozcade_engine::{GameKind, Side};
use serde::{Deserialize, Serialize};

use crate::{ActionId, CloseReason, RoomId, RoomState, SeatKey};

/// Bumped whenever a message changes incompatibly. A client says which version it speaks in
/// [`ClientMessage::Hello`]; the server refuses a version it does not speak.
pub const PROTOCOL_VERSION: u32 = 1;

/// A seat in a room: `first` is the creator's and plays the colour that moves first.
pub type Seat = Side;

/// `POST /api/rooms` body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreateRoom {
    pub game: GameKind,
}

/// `POST /api/rooms` answer: everything the creator needs to play and to invite a friend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomCreated {
    pub room: RoomId,
    pub game: GameKind,
    /// `https://<public host>/r/<room>`, to share with the friend.
    pub invitation: String,
    /// The creator's secret; keep it on the device to get the seat back.
    pub seat_key: SeatKey,
    pub seat: Seat,
}

/// `GET /api/rooms/<room>` answer: what the invitation's welcome shows before anyone takes a
/// seat. Reading it takes nothing: a link preview or a page load leaves the seat open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomInfo {
    pub room: RoomId,
    pub game: GameKind,
    /// The seat a `hello` without a key would take now (the guest's, or the creator's if its
    /// player left); `None` when the room is full.
    pub open_seat: Option<Seat>,
}

/// Every message a client may send over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of every connection: which room, who (a stored seat key, or none to
    /// take the free guest seat), and the last sequence number this client has, if any.
    Hello {
        version: u32,
        room: RoomId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_key: Option<SeatKey>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_seq: Option<u64>,
    },
    /// Play a move (in the game's move notation) on the state numbered `seq`.
    Move {
        action_id: ActionId,
        seq: u64,
        #[serde(rename = "move")]
        mv: String,
    },
    /// Ask for a new round (or agree to the other player's request), on the state numbered `seq`.
    NewRound { action_id: ActionId, seq: u64 },
    /// Give up this seat for good; the seat key stops working.
    Leave { action_id: ActionId },
    /// Replace this seat's key with `seat_key` (a new personal link, when the old one leaked):
    /// every copy of the old key stops working, this connection keeps the seat. The client
    /// makes the new key (at least [`SeatKey::MIN_NEW_LEN`] characters from the operating
    /// system's generator) and keeps it before sending, so an acknowledgement lost to a dropped
    /// connection leaves it with a key that works.
    ReplaceSeatKey {
        action_id: ActionId,
        seat_key: SeatKey,
    },
    // -- Answering a request for a new round other than by agreeing --
    /// Say no to the other player's request for a new round, on the state numbered `seq`.
    DeclineNewRound { action_id: ActionId, seq: u64 },
    /// Take back this player's own request for a new round, on the state numbered `seq`.
    WithdrawNewRound { action_id: ActionId, seq: u64 },
    /// Ask for a full resync (a client that saw a gap in the sequence numbers).
    ///
    /// A struct variant with no fields rather than a unit variant: serde checks
    /// `deny_unknown_fields` only on variants with braces, and `{"type":"resync","x":1}` must
    /// be refused like any other message with an unknown field.
    Resync {},
    /// The heartbeat: "still here", sent when the client has sent nothing else for
    /// [`crate::heartbeat::PING_EVERY`]. Answered with [`ServerMessage::Pong`] by the connection
    /// itself (it never reaches the room). Braces for `deny_unknown_fields`, as `resync`.
    Ping {},
}

/// How a seat is doing, as seen by the other player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    /// Nobody holds this seat yet (or its player left).
    Open,
    /// Its player has a live connection.
    Connected,
    /// Its player holds the seat but has no live connection; the game waits.
    Away,
}

/// A confirmed, numbered change of a room. Stored, then sent to both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A move, in its canonical notation.
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    /// One player asked for a new round; the other must agree.
    NewRoundProposed,
    /// A new round started from the starting position; seats keep their colours.
    NewRoundStarted { round: u32 },
    /// A player gave up their seat.
    Left,
    // -- Answering a request for a new round other than by agreeing --
    /// The player asked (`by` is the other one) said no; the round goes on.
    NewRoundDeclined,
    /// The player who asked took the request back; the round goes on.
    NewRoundWithdrawn,
    /// The player replaced their seat key: old copies of their personal link stop working.
    /// Carries no key; the game is unchanged.
    SeatKeyReplaced,
}

/// Why a client action was refused. Nothing changed in the room.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not one of the client messages.
    Malformed,
    /// The client speaks a protocol version this server does not.
    UnsupportedVersion,
    /// The first message must be `hello`, and only the first.
    ExpectedHello,
    UnknownRoom,
    RoomFull,
    /// The seat key does not belong to this room.
    BadSeatKey,
    /// The seat key was replaced by its seat's player (a new personal link): this copy of the
    /// link no longer works.
    SeatKeyReplaced,
    /// It is the other player's turn.
    NotYourTurn,
    /// The engine refused the move (or the round is over).
    IllegalMove,
    /// The action was built on an older sequence number than the room's.
    Stale,
    /// An action with this id was already applied (see `seq` in the message).
    Duplicate,
    /// A bad action id (empty or too long).
    BadActionId,
    /// New round asked twice by the same player.
    AlreadyProposed,
    /// A decline with no request from the other player, or a withdraw with none of one's own.
    NoNewRoundRequest,
    /// The store failed; the action was not applied. Try again.
    Unavailable,
    /// The room holds as many actions as a room may: nothing more can be stored in it. Play on
    /// in a new room.
    RoomExhausted,
}

/// Every message the server sends over the WebSocket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to a good hello. Followed by either one `sync` or the missed `event`s.
    Welcome {
        version: u32,
        room: RoomId,
        game: GameKind,
        seat: Seat,
        /// Only when this connection just took the guest seat: its new secret key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_key: Option<SeatKey>,
        /// The room's last sequence number.
        seq: u64,
        /// True when a `sync` follows; false when the missed events follow (maybe none).
        resync: bool,
    },
    /// The whole room state.
    Sync { state: RoomState },
    /// A confirmed action. For the player who sent it (same `action_id`) this is the ack.
    Event {
        seq: u64,
        by: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action_id: Option<ActionId>,
        event: Event,
    },
    /// The other seat's player connected, dropped, joined or left.
    Presence { seat: Seat, status: SeatStatus },
    /// A refused message; nothing changed.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action_id: Option<ActionId>,
        /// For `stale`: the room's current sequence number; for `duplicate`: the sequence
        /// number the earlier action got.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u64>,
    },
    /// The server is about to close this connection, and why.
    Closing {
        reason: CloseReason,
        message: String,
    },
    /// The answer to a client's `ping`. Any frame from the server counts as life; this one
    /// exists so that a quiet room still says something.
    Pong {},
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_with_the_documented_tags() {
        let hello: ClientMessage = serde_json::from_str(
            r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","seat_key":"k","last_seq":3}"#,
        )
        .expect("hello parses");
        assert_eq!(
            hello,
            ClientMessage::Hello {
                version: 1,
                room: "3f9c2a71d04be85e6a10".parse().expect("well formed"),
                seat_key: Some("k".parse().expect("well formed")),
                last_seq: Some(3)
            }
        );
        let mv: ClientMessage =
            serde_json::from_str(r#"{"type":"move","action_id":"a1","seq":0,"move":"c"}"#)
                .expect("move parses");
        assert_eq!(
            mv,
            ClientMessage::Move {
                action_id: "a1".parse().expect("well formed"),
                seq: 0,
                mv: "c".into()
            }
        );
        let event = ServerMessage::Event {
            seq: 1,
            by: Side::First,
            action_id: Some("a1".parse().expect("well formed")),
            event: Event::Move { mv: "c".into() },
        };
        let text = serde_json::to_string(&event).expect("serialises");
        assert_eq!(
            text,
            r#"{"type":"event","seq":1,"by":"first","action_id":"a1","event":{"kind":"move","move":"c"}}"#
        );
        assert_eq!(
            serde_json::from_str::<ServerMessage>(&text).expect("parses"),
            event
        );
    }

    #[test]
    fn every_message_with_an_unknown_field_is_refused() {
        for text in [
            r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","extra":1}"#,
            r#"{"type":"move","action_id":"a","seq":0,"move":"c","extra":1}"#,
            r#"{"type":"new_round","action_id":"a","seq":0,"extra":1}"#,
            r#"{"type":"leave","action_id":"a","extra":null}"#,
            r#"{"type":"replace_seat_key","action_id":"a","seat_key":"k","extra":1}"#,
            r#"{"type":"decline_new_round","action_id":"a","seq":0,"extra":1}"#,
            r#"{"type":"withdraw_new_round","action_id":"a","seq":0,"extra":1}"#,
            r#"{"type":"resync","extra":1}"#,
            r#"{"type":"ping","extra":1}"#,
        ] {
            assert!(
                serde_json::from_str::<ClientMessage>(text).is_err(),
                "{text}"
            );
        }
        assert_eq!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"resync"}"#).expect("parses"),
            ClientMessage::Resync {}
        );
        assert_eq!(
            serde_json::to_string(&ClientMessage::Resync {}).expect("serialises"),
            r#"{"type":"resync"}"#
        );
    }

    #[test]
    fn decline_and_withdraw_have_their_documented_tags() {
        let decline: ClientMessage =
            serde_json::from_str(r#"{"type":"decline_new_round","action_id":"b1","seq":4}"#)
                .expect("decline parses");
        assert_eq!(
            decline,
            ClientMessage::DeclineNewRound {
                action_id: "b1".parse().expect("well formed"),
                seq: 4
            }
        );
        let withdraw: ClientMessage =
            serde_json::from_str(r#"{"type":"withdraw_new_round","action_id":"a1","seq":4}"#)
                .expect("withdraw parses");
        assert_eq!(
            withdraw,
            ClientMessage::WithdrawNewRound {
                action_id: "a1".parse().expect("well formed"),
                seq: 4
            }
        );
        // Both need the number they were built on.
        assert!(
            serde_json::from_str::<ClientMessage>(
                r#"{"type":"decline_new_round","action_id":"b1"}"#
            )
            .is_err()
        );
        for (event, text) in [
            (Event::NewRoundDeclined, r#"{"kind":"new_round_declined"}"#),
            (
                Event::NewRoundWithdrawn,
                r#"{"kind":"new_round_withdrawn"}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&event).expect("serialises"), text);
            assert_eq!(serde_json::from_str::<Event>(text).expect("parses"), event);
        }
        let info: RoomInfo = serde_json::from_str(
            r#"{"room":"3f9c2a71d04be85e6a10","game":"kalah","open_seat":"second"}"#,
        )
        .expect("room info parses");
        assert_eq!(info.open_seat, Some(Side::Second));
        assert!(
            serde_json::from_str::<RoomInfo>(
                r#"{"room":"3f9c2a71d04be85e6a10","game":"kalah","open_seat":null,"x":1}"#
            )
            .is_err()
        );
    }

    #[test]
    fn replacing_a_seat_key_has_its_documented_tags_and_the_event_no_key() {
        let replace: ClientMessage = serde_json::from_str(
            r#"{"type":"replace_seat_key","action_id":"a7","seat_key":"5c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f"}"#,
        )
        .expect("replace parses");
        assert_eq!(
            replace,
            ClientMessage::ReplaceSeatKey {
                action_id: "a7".parse().expect("well formed"),
                seat_key: "5c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f"
                    .parse()
                    .expect("well formed"),
            }
        );
        // Whatever logs a message never shows the key.
        assert!(!format!("{replace:?}").contains("5c1d0e9f"), "{replace:?}");
        assert_eq!(
            serde_json::to_string(&Event::SeatKeyReplaced).expect("serialises"),
            r#"{"kind":"seat_key_replaced"}"#
        );
        assert_eq!(
            serde_json::to_string(&ErrorCode::SeatKeyReplaced).expect("serialises"),
            r#""seat_key_replaced""#
        );
        // A key that is not one is refused with the message.
        assert!(
            serde_json::from_str::<ClientMessage>(
                r#"{"type":"replace_seat_key","action_id":"a7","seat_key":"with space"}"#
            )
            .is_err()
        );
    }

    #[test]
    fn the_heartbeat_frames_are_the_documented_texts() {
        assert_eq!(
            serde_json::to_string(&ClientMessage::Ping {}).expect("serialises"),
            crate::heartbeat::PING_TEXT
        );
        assert_eq!(
            serde_json::to_string(&ServerMessage::Pong {}).expect("serialises"),
            crate::heartbeat::PONG_TEXT
        );
        assert_eq!(
            serde_json::from_str::<ServerMessage>(r#"{"type":"pong"}"#).expect("parses"),
            ServerMessage::Pong {}
        );
        assert!(serde_json::from_str::<ServerMessage>(r#"{"type":"pong","x":1}"#).is_err());
    }

    #[test]
    fn unknown_types_and_fields_are_refused() {
        assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"cheat"}"#).is_err());
        assert!(
            serde_json::from_str::<ClientMessage>(r#"{"type":"leave","action_id":"x","extra":1}"#)
                .is_err()
        );
        assert!(serde_json::from_str::<ClientMessage>("not json").is_err());
    }
}
