//! Reading a client's text frame into a [`ClientMessage`], refusing what PROTOCOL.md refuses.
//!
//! serde's `deny_unknown_fields` covers the messages with fields, but not a tag-only message in
//! an internally tagged enum: `{"type":"resync","x":1}` would pass. That one is checked here.

use cozcade_engine::protocol::ClientMessage;

/// Why a frame is not a client message.
#[derive(Debug, thiserror::Error)]
pub enum Malformed {
    #[error("not a client message: {0}")]
    Json(#[from] serde_json::Error),
    #[error("not a client message: `resync` has no fields but `type`")]
    ResyncFields,
}

impl Malformed {
    /// Whether the frame said it was a `hello` (so the connection cannot go on without one).
    pub fn claims_hello(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|value| value.get("type").and_then(|t| t.as_str()) == Some("hello"))
    }
}

pub fn parse(text: &str) -> Result<ClientMessage, Malformed> {
    let message: ClientMessage = serde_json::from_str(text)?;
    if matches!(message, ClientMessage::Resync) {
        let fields: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text)?;
        if fields.len() != 1 {
            return Err(Malformed::ResyncFields);
        }
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_with_an_unknown_field_is_refused() {
        for text in [
            r#"{"type":"hello","version":1,"room":"3f9c2a71d04be85e6a10","extra":1}"#,
            r#"{"type":"move","action_id":"a","seq":0,"move":"c","extra":1}"#,
            r#"{"type":"new_round","action_id":"a","seq":0,"extra":1}"#,
            r#"{"type":"leave","action_id":"a","extra":null}"#,
            r#"{"type":"resync","extra":1}"#,
        ] {
            assert!(parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_plain_messages_parse() {
        assert!(matches!(
            parse(r#"{"type":"resync"}"#),
            Ok(ClientMessage::Resync)
        ));
        assert!(matches!(
            parse(r#"{"type":"leave","action_id":"a"}"#),
            Ok(ClientMessage::Leave { .. })
        ));
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
