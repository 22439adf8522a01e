//! Why the server closes a connection, and the WebSocket close code of each reason.

use serde::{Deserialize, Serialize};

/// Why the server closes a connection; sent as a `closing` message just before the close frame,
/// whose reason text is the same snake_case word.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// Another connection took this seat (the same seat key connected again).
    Replaced,
    /// The player left the room.
    Left,
    /// The room was deleted after 7 days without activity.
    RoomExpired,
    /// A message was larger than the limit.
    TooBig,
    /// Too many messages too fast.
    RateLimited,
    /// No answer to the server's pings.
    HeartbeatTimeout,
    /// The server holds as many connections as it allows.
    ServerFull,
    /// The server is shutting down; reconnect later.
    ShuttingDown,
    /// The hello failed (see the `error` message before this one).
    HelloRefused,
    /// No hello within the time allowed.
    HelloTimeout,
    /// A text frame was not UTF-8, which breaks the WebSocket protocol itself (RFC 6455,
    /// 7.4.1: code 1007, invalid frame payload data).
    InvalidUtf8,
}

impl CloseReason {
    /// Every reason, for counters and tests.
    pub const ALL: [CloseReason; 11] = [
        CloseReason::Replaced,
        CloseReason::Left,
        CloseReason::RoomExpired,
        CloseReason::TooBig,
        CloseReason::RateLimited,
        CloseReason::HeartbeatTimeout,
        CloseReason::ServerFull,
        CloseReason::ShuttingDown,
        CloseReason::HelloRefused,
        CloseReason::HelloTimeout,
        CloseReason::InvalidUtf8,
    ];

    /// The WebSocket close code sent with this reason.
    pub fn code(self) -> u16 {
        match self {
            CloseReason::Left => 1000,
            CloseReason::ShuttingDown => 1001,
            CloseReason::RateLimited | CloseReason::HelloRefused | CloseReason::HelloTimeout => {
                1008
            }
            CloseReason::InvalidUtf8 => 1007,
            CloseReason::TooBig => 1009,
            CloseReason::ServerFull => 1013,
            CloseReason::Replaced => 4001,
            CloseReason::HeartbeatTimeout => 4002,
            CloseReason::RoomExpired => 4003,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CloseReason::Replaced => "replaced",
            CloseReason::Left => "left",
            CloseReason::RoomExpired => "room_expired",
            CloseReason::TooBig => "too_big",
            CloseReason::RateLimited => "rate_limited",
            CloseReason::HeartbeatTimeout => "heartbeat_timeout",
            CloseReason::ServerFull => "server_full",
            CloseReason::ShuttingDown => "shutting_down",
            CloseReason::HelloRefused => "hello_refused",
            CloseReason::HelloTimeout => "hello_timeout",
            CloseReason::InvalidUtf8 => "invalid_utf8",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_close_frames_reason_is_the_closing_messages_word() {
        for reason in CloseReason::ALL {
            let json = serde_json::to_string(&reason).expect("serialises");
            assert_eq!(json, format!("\"{}\"", reason.as_str()));
            assert!(
                matches!(reason.code(), 1000..=1015 | 4000..=4999),
                "{reason:?}"
            );
        }
        assert_eq!(CloseReason::InvalidUtf8.code(), 1007);
        assert_eq!(CloseReason::Replaced.code(), 4001);
    }
}
