//! The addresses a client connects to, from the server's base URL.

use crate::RoomId;

/// The WebSocket address for a room on a server given by its base URL (`https://host` →
/// `wss://host/ws?room=<id>`). The room in the address lets a load balancer send both players
/// to the instance that serves it. `None` for anything that is not an http(s) URL.
pub fn room_socket_url(base: &str, room: &RoomId) -> Option<String> {
    // Room ids are hex: nothing to escape.
    Some(format!("{}?room={room}", ws_url(base)?))
}

/// The WebSocket address of a server given by its base URL (`https://host` → `wss://host/ws`).
/// `None` for anything that is not an http(s) URL.
pub fn ws_url(base: &str) -> Option<String> {
    let base = base.trim_end_matches('/');
    let rest = if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else {
        return None;
    };
    if rest.len() <= "wss://".len() {
        return None;
    }
    Some(format!("{rest}/ws"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn websocket_address_from_the_server_url() {
        assert_eq!(
            ws_url("https://play.example.com").as_deref(),
            Some("wss://play.example.com/ws")
        );
        assert_eq!(
            ws_url("http://127.0.0.1:8080/").as_deref(),
            Some("ws://127.0.0.1:8080/ws")
        );
        assert_eq!(ws_url("ftp://x"), None);
        assert_eq!(ws_url("https://"), None);
        assert_eq!(ws_url(""), None);
        assert_eq!(
            room_socket_url(
                "https://play.example.com/",
                &"0123456789abcdef0123".parse().expect("a room id")
            )
            .as_deref(),
            Some("wss://play.example.com/ws?room=0123456789abcdef0123")
        );
    }
}
