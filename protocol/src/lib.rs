//! The room server's protocol (`server/PROTOCOL.md`), shared by the server, the app, the
//! server's tests and the load test, so there is exactly one definition of every message and
//! one client that speaks them.
//!
//! Pure: no I/O, no clock, no async. [`message`] holds the wire types (serde, JSON tagged by
//! `"type"`), [`close`] the WebSocket close codes, [`room_state`] a room's state and the one fold of its events, [`client`] the client as a state machine
//! (messages in, messages out), [`backoff`] its reconnect schedule, [`heartbeat`] when to ping
//! and when silence means the connection is lost, [`ids`] the room id, seat key and action id
//! checked where they come in, and [`address`] the URLs a client connects to. The rules of the games stay in `cozcade-engine`.

pub mod address;
pub mod backoff;
pub mod client;
pub mod close;
pub mod heartbeat;
pub mod ids;
pub mod message;
pub mod room_state;

pub use close::CloseReason;
pub use ids::{ActionId, IdError, RoomId, SeatKey};
pub use message::*;
pub use room_state::{FoldError, NewRoundAnswer, RoomState};
