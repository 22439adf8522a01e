//! Reading a client's text frame into a [`ClientMessage`], refusing what PROTOCOL.md refuses.
//!
//! The strictness is the type's own: every client message is a closed enum whose variants all
//! deny unknown fields, and its room id and action ids are checked as they are read
//! (`cozcade_protocol::message`, `cozcade_protocol::ids`), so this only names the error.

use cozcade_protocol::{ActionId, ClientMessage, ErrorCode, IdError, RoomId};
use serde_json::Value;

/// Why a frame is not a client message.
#[derive(Debug, thiserror::Error)]
#[error("not a client message: {0}")]
pub struct Malformed(#[from] serde_json::Error);

impl Malformed {
    /// Whether the frame said it was a `hello` (so the connection cannot go on without one).
    pub fn claims_hello(text: &str) -> bool {
        serde_json::from_str::<Value>(text).is_ok_and(|value| is_hello(&value))
    }

    /// What the refusal of `text` says, as PROTOCOL.md names it: an action id that is not one
    /// is `bad_action_id`, a hello's room that cannot be a room `unknown_room`, anything else
    /// `malformed`.
    pub fn refusal(&self, text: &str) -> (ErrorCode, String) {
        let value = serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
        let text_of = |field| value.get(field).and_then(Value::as_str);
        if let Some(Err(e)) = text_of("action_id").map(str::parse::<ActionId>) {
            return (ErrorCode::BadActionId, e.to_string());
        }
        if is_hello(&value)
            && let Some(Err(IdError::Room)) = text_of("room").map(str::parse::<RoomId>)
        {
            return (ErrorCode::UnknownRoom, "there is no such room".into());
        }
        (ErrorCode::Malformed, self.to_string())
    }
}

fn is_hello(value: &Value) -> bool {
    value.get("type").and_then(Value::as_str) == Some("hello")
}

pub fn parse(text: &str) -> Result<ClientMessage, Malformed> {
    Ok(serde_json::from_str(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Unknown fields are refused by the type itself: the protocol crate's
    // `every_message_with_an_unknown_field_is_refused`, and over the wire `tests/abuse.rs`.

    #[test]
    fn the_plain_messages_parse() {
        assert!(matches!(
            parse(r#"{"type":"resync"}"#),
            Ok(ClientMessage::Resync {})
        ));
        assert!(matches!(
            parse(r#"{"type":"leave","action_id":"a"}"#),
            Ok(ClientMessage::Leave { .. })
        ));
    }

    #[test]
    fn a_bad_action_id_or_a_room_that_cannot_be_is_named_as_such() {
        let refusal = |text: &str| match parse(text) {
            Ok(message) => panic!("{text} parsed: {message:?}"),
            Err(e) => e.refusal(text).0,
        };
        let long = "x".repeat(ActionId::MAX_LEN + 1);
        for text in [
            r#"{"type":"move","action_id":"","seq":0,"move":"c"}"#.to_owned(),
            format!(r#"{{"type":"move","action_id":"{long}","seq":0,"move":"c"}}"#),
            r#"{"type":"leave","action_id":""}"#.to_owned(),
            r#"{"type":"new_round","action_id":"","seq":3}"#.to_owned(),
        ] {
            assert_eq!(refusal(&text), ErrorCode::BadActionId, "{text}");
        }
        // 64 characters (not bytes) is still fine.
        let wide = "\u{e9}".repeat(ActionId::MAX_LEN);
        assert!(parse(&format!(r#"{{"type":"leave","action_id":"{wide}"}}"#)).is_ok());

        assert_eq!(
            refusal(r#"{"type":"hello","version":1,"room":"../../etc/passwd"}"#),
            ErrorCode::UnknownRoom
        );
        // Anything else wrong is malformed, whatever the ids.
        assert_eq!(
            refusal(r#"{"type":"move","action_id":"a","seq":-1,"move":"c"}"#),
            ErrorCode::Malformed
        );
        assert_eq!(
            refusal(r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","x":1}"#),
            ErrorCode::Malformed
        );
    }

    /// The fuzz target's body (`server/fuzz`) on mutated messages, for every test run: the
    /// parser and the decide step never panic, and deciding changes nothing.
    #[test]
    fn mutated_messages_never_panic_and_never_change_the_room() {
        use crate::room::decide::{Decision, Room};
        use cozcade_engine::GameKind;
        use cozcade_protocol::Seat;

        let seeds = [
            r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","last_seq":3}"#,
            r#"{"type":"move","action_id":"a","seq":1,"move":"c"}"#,
            r#"{"type":"move","action_id":"a","seq":0,"move":"11-15"}"#,
            r#"{"type":"new_round","action_id":"b","seq":1}"#,
            r#"{"type":"leave","action_id":"c"}"#,
            r#"{"type":"resync"}"#,
            r#"{"type":"decline_new_round","action_id":"d","seq":1}"#,
            r#"{"type":"withdraw_new_round","action_id":"e","seq":1}"#,
        ];
        let mut rooms = Vec::new();
        for game in [
            GameKind::Checkers,
            GameKind::Kalah,
            GameKind::ChineseCheckers,
        ] {
            let mut room = Room::new(
                "3f9c2a71d04be85e6a10".parse().expect("well formed"),
                game,
                [Some([1; 32]), Some([2; 32])],
            );
            rooms.push(room.clone());
            let mv = room.state.record.legal_move_texts()[0].clone();
            let first = ClientMessage::Move {
                action_id: "p".parse().expect("well formed"),
                seq: 0,
                mv,
            };
            if let Ok(Decision::Confirm(logged)) = room.decide(Seat::First, &first) {
                room.adopt(logged).expect("a decided event folds");
            }
            rooms.push(room.clone());
            // A request for a new round open, for declines and withdrawals to answer.
            let ask = ClientMessage::NewRound {
                action_id: "q".parse().expect("well formed"),
                seq: 1,
            };
            if let Ok(Decision::Confirm(logged)) = room.decide(Seat::First, &ask) {
                room.adopt(logged).expect("a decided event folds");
            }
            rooms.push(room);
        }
        let alphabet = br#"{}[]":,0123456789-xabcefmnorstuvwy_ "#;
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % n.max(1) as u64).unwrap_or(0)
        };
        for round in 0..20_000 {
            let mut bytes = seeds[round % seeds.len()].as_bytes().to_vec();
            for _ in 0..=next(4) {
                let at = next(bytes.len() + 1);
                match next(3) {
                    0 if at < bytes.len() => bytes[at] = alphabet[next(alphabet.len())],
                    1 => bytes.insert(at, alphabet[next(alphabet.len())]),
                    _ if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => {}
                }
            }
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            let Ok(message) = parse(text) else {
                let _ = Malformed::claims_hello(text);
                continue;
            };
            for room in &rooms {
                for seat in Seat::BOTH {
                    let before = (
                        room.state.seq,
                        room.state.record.len(),
                        room.state.new_round_proposed_by,
                    );
                    let _ = room.decide(seat, &message);
                    assert_eq!(
                        (
                            room.state.seq,
                            room.state.record.len(),
                            room.state.new_round_proposed_by
                        ),
                        before
                    );
                }
            }
        }
    }

    #[test]
    fn a_broken_hello_is_told_apart() {
        assert!(Malformed::claims_hello(
            r#"{"type":"hello","version":"one"}"#
        ));
        assert!(!Malformed::claims_hello(r#"{"type":"move"}"#));
        assert!(!Malformed::claims_hello("not json"));
        assert!(!Malformed::claims_hello(r#"["hello"]"#));
    }
}
