//! What both WebSocket implementations share: the text frame of a client message, and the
//! transport's error.

use cozcade_protocol::ClientMessage;

/// What went wrong talking to the server. Messages are for logs and a "can't reach the server"
/// line, not for parsing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransportError {
    #[error("could not connect: {0}")]
    Connect(String),
    #[error("could not send: {0}")]
    Send(String),
    #[error("the server answered {status}: {message}")]
    Http { status: u16, message: String },
    #[error("request failed: {0}")]
    Request(String),
}

/// The text frame for a client message.
pub(crate) fn encode(message: &ClientMessage) -> Result<String, TransportError> {
    serde_json::to_string(message).map_err(|e| TransportError::Send(e.to_string()))
}
