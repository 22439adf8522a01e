//! The app's state without a renderer: a game session changed only through [`Action`]s.
//!
//! Components send actions and render what the session says; the session answers each action
//! with [`Effect`]s (save, let the computer think) that the shell carries out. Everything here
//! runs in host unit tests.

pub mod animation;
mod finish;
pub mod invitation;
mod mode;
pub mod online;
pub mod online_games;
mod pass_and_play;
mod route;
mod session;
pub mod sowing;
pub mod welcome;

pub use finish::{Finish, Verdict};
pub use invitation::{Invitation, InvitationError};
pub use mode::{Level, Mode, Slot};
pub use online::{Answered, Connection, NewRound, OnlineMessage, OnlineView};
pub use pass_and_play::PassAndPlay;
pub use route::{Cell, RouteBuilder, Tap, cell_of};
pub use session::{Action, ComputerState, Effect, Feel, Session};
pub use welcome::{Welcome, WelcomeInfo};
