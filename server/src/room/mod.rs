//! A room: the pure state and its decide step ([`decide`]), and the task that owns one live
//! room, storing each decided event before adopting and broadcasting it ([`owner`]), with the
//! clock that says when an absent player has vanished ([`vanishing`]).

pub mod decide;
pub mod owner;
mod vanishing;

pub use owner::{Command, ConnHandle, JoinResult, Outbound, TOUCH_EVERY};
