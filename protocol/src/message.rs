//! The wire types of the room server's WebSocket and HTTP protocol (see `server/PROTOCOL.md`).
//!
//! Pure serde types: no I/O. Every message is a closed enum tagged by `"type"` whose fields are
//! all known, so anything a peer sends is either one of these or a parse error at the boundary.

use cozcade_engine::{AnyRecord, GameKind, Outcome, RecordText, Side};
use serde::{Deserialize, Serialize};

use crate::CloseReason;

/// Bumped whenever a message changes incompatibly. A client says which version it speaks in
/// [`ClientMessage::Hello`]; the server refuses a version it does not speak.
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest client action id accepted (characters); a UUID fits comfortably.
pub const MAX_ACTION_ID_LEN: usize = 64;

/// A room id is 20 lowercase hex digits (80 random bits): public, in every invitation link, but
/// not guessable.
pub const ROOM_ID_LEN: usize = 20;

/// Whether a text has the shape of a room id. The server refuses anything else before any
/// lookup, and the app refuses to follow a link to anything else.
pub fn is_room_id(text: &str) -> bool {
    text.len() == ROOM_ID_LEN && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

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
    pub room: String,
    pub game: GameKind,
    /// `https://<public host>/r/<room>`, to share with the friend.
    pub invitation: String,
    /// The creator's secret; keep it on the device to get the seat back.
    pub seat_key: String,
    pub seat: Seat,
}

/// `GET /api/rooms/<room>` answer: what the invitation's welcome shows before anyone takes a
/// seat. Reading it takes nothing: a link preview or a page load leaves the seat open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomInfo {
    pub room: String,
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
        room: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_key: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_seq: Option<u64>,
    },
    /// Play a move (in the game's move notation) on the state numbered `seq`.
    Move {
        action_id: String,
        seq: u64,
        #[serde(rename = "move")]
        mv: String,
    },
    /// Ask for a new round (or agree to the other player's request), on the state numbered `seq`.
    NewRound { action_id: String, seq: u64 },
    /// Give up this seat for good; the seat key stops working.
    Leave { action_id: String },
    // -- Answering a request for a new round other than by agreeing --
    /// Say no to the other player's request for a new round, on the state numbered `seq`.
    DeclineNewRound { action_id: String, seq: u64 },
    /// Take back this player's own request for a new round, on the state numbered `seq`.
    WithdrawNewRound { action_id: String, seq: u64 },
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
}

/// How the last request for a new round ended other than by a new round: `by` is the player
/// who answered (the asked one declines, the asker withdraws). A room keeps it until the next
/// request or round, so a player who comes back to a full `sync` hears it as one replayed the
/// event does.
///
/// On the wire a `sync` carries it as `new_round_declined_by` or `new_round_withdrawn_by`, a
/// seat like `new_round_proposed_by` (cheaper to read than a tagged object, in the web build
/// too).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NewRoundAnswer {
    Declined { by: Seat },
    Withdrawn { by: Seat },
}

/// Everything about a room, for a client that joins or has fallen too far behind.
///
/// On the wire `result` is text (`ongoing`, `draw`, `<colour> wins`); reading a state replays
/// its record, so the outcome is the engine's own and a state whose text disagrees with its
/// record is refused at the boundary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoomStateText", into = "RoomStateText")]
pub struct RoomState {
    pub room: String,
    pub game: GameKind,
    /// The last confirmed sequence number (0 before any action).
    pub seq: u64,
    /// Starts at 1; counts New rounds.
    pub round: u32,
    /// The current round's game: starting position and moves.
    pub record: RecordText,
    /// Whose turn it is, or `None` once the round is over.
    pub turn: Option<Seat>,
    /// How the round ended; `None` while it goes on.
    pub result: Option<Outcome>,
    /// The seat, if any, that asked for a new round and waits for the other.
    pub new_round_proposed_by: Option<Seat>,
    /// How the last request was turned down, if it was and no request or round followed.
    pub new_round_answer: Option<NewRoundAnswer>,
    /// Indexed by seat: `[first, second]`.
    pub seats: [SeatStatus; 2],
}

/// [`RoomState`] as JSON carries it.
#[derive(Clone, Serialize, Deserialize)]
struct RoomStateText {
    room: String,
    game: GameKind,
    seq: u64,
    round: u32,
    record: RecordText,
    turn: Option<Seat>,
    /// `ongoing`, `draw` or `<colour> wins`.
    result: String,
    new_round_proposed_by: Option<Seat>,
    /// [`RoomState::new_round_answer`], at most one of the two. Optional on the wire (absent
    /// when there is none): older servers do not send them and older clients ignore them, so
    /// they came within version 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    new_round_declined_by: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    new_round_withdrawn_by: Option<Seat>,
    seats: [SeatStatus; 2],
}

impl From<RoomState> for RoomStateText {
    fn from(state: RoomState) -> Self {
        RoomStateText {
            result: state.game.describe_result(state.result),
            room: state.room,
            game: state.game,
            seq: state.seq,
            round: state.round,
            record: state.record,
            turn: state.turn,
            new_round_proposed_by: state.new_round_proposed_by,
            new_round_declined_by: match state.new_round_answer {
                Some(NewRoundAnswer::Declined { by }) => Some(by),
                _ => None,
            },
            new_round_withdrawn_by: match state.new_round_answer {
                Some(NewRoundAnswer::Withdrawn { by }) => Some(by),
                _ => None,
            },
            seats: state.seats,
        }
    }
}

impl TryFrom<RoomStateText> for RoomState {
    type Error = String;

    fn try_from(text: RoomStateText) -> Result<Self, Self::Error> {
        let record =
            AnyRecord::from_text(text.game, text.record.clone()).map_err(|e| e.to_string())?;
        let result = record.outcome();
        if text.game.describe_result(result) != text.result {
            return Err(format!(
                "result {:?} does not match the record ({})",
                text.result.chars().take(40).collect::<String>(),
                record.describe_result()
            ));
        }
        let new_round_answer = match (text.new_round_declined_by, text.new_round_withdrawn_by) {
            (None, None) => None,
            (Some(by), None) => Some(NewRoundAnswer::Declined { by }),
            (None, Some(by)) => Some(NewRoundAnswer::Withdrawn { by }),
            (Some(_), Some(_)) => {
                return Err("a request for a new round was declined and withdrawn".into());
            }
        };
        Ok(RoomState {
            room: text.room,
            game: text.game,
            seq: text.seq,
            round: text.round,
            record: text.record,
            turn: text.turn,
            result,
            new_round_proposed_by: text.new_round_proposed_by,
            new_round_answer,
            seats: text.seats,
        })
    }
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
        room: String,
        game: GameKind,
        seat: Seat,
        /// Only when this connection just took the guest seat: its new secret key.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_key: Option<String>,
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
        action_id: Option<String>,
        event: Event,
    },
    /// The other seat's player connected, dropped, joined or left.
    Presence { seat: Seat, status: SeatStatus },
    /// A refused message; nothing changed.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action_id: Option<String>,
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
            r#"{"type":"hello","version":1,"room":"abc","seat_key":"k","last_seq":3}"#,
        )
        .expect("hello parses");
        assert_eq!(
            hello,
            ClientMessage::Hello {
                version: 1,
                room: "abc".into(),
                seat_key: Some("k".into()),
                last_seq: Some(3)
            }
        );
        let mv: ClientMessage =
            serde_json::from_str(r#"{"type":"move","action_id":"a1","seq":0,"move":"c"}"#)
                .expect("move parses");
        assert_eq!(
            mv,
            ClientMessage::Move {
                action_id: "a1".into(),
                seq: 0,
                mv: "c".into()
            }
        );
        let event = ServerMessage::Event {
            seq: 1,
            by: Side::First,
            action_id: Some("a1".into()),
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
    fn a_room_states_result_is_the_records_outcome_and_its_text_is_unchanged() {
        let text = r#"{"room":"3f9c2a71d04be85e6a10","game":"kalah","seq":1,"round":1,"record":{"start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":["c"]},"turn":"first","result":"ongoing","new_round_proposed_by":null,"seats":["connected","away"]}"#;
        let state: RoomState = serde_json::from_str(text).expect("parses");
        assert_eq!(state.result, None);
        assert_eq!(serde_json::to_string(&state).expect("serialises"), text);

        // A finished Kalah round: gold f ends in its store with its row empty, the rows are
        // swept, 24 all.
        let won = text
            .replace(
                "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0",
                "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18",
            )
            .replace(r#"["c"]"#, r#"["f"]"#)
            .replace(r#""turn":"first""#, r#""turn":null"#);
        let state: RoomState =
            serde_json::from_str(&won.replace("ongoing", "draw")).expect("parses");
        assert_eq!(
            state.result,
            Some(Outcome::Draw(cozcade_engine::DrawReason::EqualSeeds))
        );
        let again = serde_json::to_string(&state).expect("serialises");
        assert!(again.contains(r#""result":"draw""#), "{again}");

        // Text that disagrees with the record, or a record that does not replay, is refused.
        assert!(serde_json::from_str::<RoomState>(&won).is_err());
        assert!(serde_json::from_str::<RoomState>(&won.replace("ongoing", "gold wins")).is_err());
        assert!(serde_json::from_str::<RoomState>(&text.replace(r#"["c"]"#, r#"["z"]"#)).is_err());
    }

    #[test]
    fn every_message_with_an_unknown_field_is_refused() {
        for text in [
            r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","extra":1}"#,
            r#"{"type":"move","action_id":"a","seq":0,"move":"c","extra":1}"#,
            r#"{"type":"new_round","action_id":"a","seq":0,"extra":1}"#,
            r#"{"type":"leave","action_id":"a","extra":null}"#,
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
    fn a_sync_names_at_most_one_answer_to_a_request() {
        let state = |answers: &str| {
            format!(
                r#"{{"room":"r","game":"kalah","seq":3,"round":1,"record":{{"start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":[]}},"turn":"first","result":"ongoing","new_round_proposed_by":null,{answers}"seats":["connected","connected"]}}"#
            )
        };
        let read = |answers: &str| serde_json::from_str::<RoomState>(&state(answers));
        let answer = |answers: &str| read(answers).map(|s| s.new_round_answer).ok();
        assert_eq!(answer(""), Some(None), "none: an older server's sync");
        assert_eq!(
            answer(r#""new_round_declined_by":"second","#),
            Some(Some(NewRoundAnswer::Declined { by: Seat::Second }))
        );
        assert_eq!(
            answer(r#""new_round_withdrawn_by":"first","#),
            Some(Some(NewRoundAnswer::Withdrawn { by: Seat::First }))
        );
        assert!(
            read(r#""new_round_declined_by":"second","new_round_withdrawn_by":"first","#).is_err()
        );
        // Written back only when there is one, so an older client's reading is unchanged.
        let none = read("").expect("parses");
        let written = serde_json::to_string(&none).expect("serialises");
        assert_eq!(
            written.matches("new_round_").count(),
            1,
            "only new_round_proposed_by: {written}"
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
                action_id: "b1".into(),
                seq: 4
            }
        );
        let withdraw: ClientMessage =
            serde_json::from_str(r#"{"type":"withdraw_new_round","action_id":"a1","seq":4}"#)
                .expect("withdraw parses");
        assert_eq!(
            withdraw,
            ClientMessage::WithdrawNewRound {
                action_id: "a1".into(),
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
