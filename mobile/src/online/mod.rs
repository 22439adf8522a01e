//! Playing with a friend through the room server (`server/PROTOCOL.md`).
//!
//! The protocol itself is `cozcade_protocol`, shared with the server, its tests and the load
//! test: the wire types, `client` (the protocol as a pure state machine, messages in, messages
//! out, no I/O) and `backoff` (the reconnect schedule). Here is the I/O around them:
//! `transport` the WebSocket (`native` or `web` underneath), `rooms` the HTTP call that
//! creates a room, `network` the device's online/offline news, and `connection` the async loop
//! that runs a client over a socket with reconnects.

pub use cozcade_protocol::{backoff, client};
pub mod connection;
mod frame;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod live_tests;
#[cfg(not(target_arch = "wasm32"))]
mod native;
pub mod network;
pub mod rooms;
pub mod transport;
#[cfg(target_arch = "wasm32")]
mod web;
