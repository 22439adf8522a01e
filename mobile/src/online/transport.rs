//! One WebSocket interface over two implementations: tokio-tungstenite on desktop and phones,
//! the browser's `WebSocket` on the web. The session code above it only sees [`Socket`]:
//! `connect`, `send`, `recv` (text frames; `None` once closed) and `close`.

#[cfg(not(target_arch = "wasm32"))]
pub use super::native::Socket;
#[cfg(target_arch = "wasm32")]
pub use super::web::Socket;

pub use super::frame::TransportError;

pub use cozcade_protocol::address::{room_socket_url, ws_url};
