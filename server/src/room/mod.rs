//! A room: the pure state and its decide step ([`decide`]), and the task that owns one live
//! room, storing each decided event before adopting and broadcasting it ([`owner`]).

pub mod decide;
pub mod owner;

pub use owner::{Command, ConnHandle, JoinResult, Outbound, TOUCH_EVERY};
