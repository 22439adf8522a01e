//! Playing with a friend through the room server (`server/PROTOCOL.md`).
//!
//! `client` is the protocol as a pure state machine (messages in, messages out, no I/O), so
//! every rule about sequence numbers, resends and reconnects is tested without a socket.
//! `backoff` is the reconnect schedule, `transport` the WebSocket (`native` or `web`
//! underneath), `rooms` the HTTP call that creates a room, and `session` the
//! async loop that runs a client over a socket with reconnects. The wire types are `cozcade_engine::protocol`: there is
//! one definition of every message, shared with the server.

pub mod backoff;
pub mod client;
mod frame;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod live_tests;
#[cfg(not(target_arch = "wasm32"))]
mod native;
pub mod rooms;
pub mod session;
pub mod transport;
#[cfg(target_arch = "wasm32")]
mod web;
