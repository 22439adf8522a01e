//! Reading a client's text frame into a [`ClientMessage`], refusing what PROTOCOL.md refuses.
//!
//! The strictness is the type's own: every client message is a closed enum whose variants all
//! deny unknown fields (`cozcade_protocol::message`), so this only names the error.

use cozcade_protocol::ClientMessage;

/// Why a frame is not a client message.
#[derive(Debug, thiserror::Error)]
#[error("not a client message: {0}")]
pub struct Malformed(#[from] serde_json::Error);

impl Malformed {
    /// Whether the frame said it was a `hello` (so the connection cannot go on without one).
    pub fn claims_hello(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|value| value.get("type").and_then(|t| t.as_str()) == Some("hello"))
    }
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
            let mut room = Room::new("r".into(), game, [Some([1; 32]), Some([2; 32])]);
            rooms.push(room.clone());
            let mv = room.state.record.legal_move_texts()[0].clone();
            let first = ClientMessage::Move {
                action_id: "p".into(),
                seq: 0,
                mv,
            };
            if let Ok(Decision::Confirm(logged)) = room.decide(Seat::First, &first) {
                room.adopt(logged).expect("a decided event folds");
            }
            rooms.push(room.clone());
            // A request for a new round open, for declines and withdrawals to answer.
            let ask = ClientMessage::NewRound {
                action_id: "q".into(),
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
