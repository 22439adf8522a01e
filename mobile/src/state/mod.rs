//! The app's state without a renderer: the game on the board ([`Table`]: a [`LocalGame`] or an
//! [`OnlineGame`]) changed only through [`Action`]s.
//!
//! Components send actions and render what the table says; it answers each action with
//! [`Effect`]s (save, let the computer think, send a move) that the shell carries out.
//! Everything here runs in host unit tests.

pub mod animation;
mod cell;
mod effect;
mod feel;
mod finish;
mod hint;
pub mod invitation;
mod local_game;
mod mode;
pub mod online;
mod online_game;
pub mod online_games;
mod pass_and_play;
mod results;
mod route;
pub mod sowing;
pub mod stores;
mod table;
pub mod welcome;

pub use cell::{Cell, cell_of, place_of};
pub use effect::Effect;
pub use feel::{Feel, deed_of_move};
pub use finish::{Finish, Verdict};
pub use hint::Hint;
pub use invitation::{Invitation, InvitationError, seat_key_in};
pub use local_game::{ComputerState, LocalAction, LocalGame};
pub use mode::{Level, Mode, Slot};
pub use online::{Answered, Connection, NewRound, OnlineMessage, OnlineView};
pub use online_game::{OnlineAction, OnlineGame};
pub use pass_and_play::PassAndPlay;
pub use results::Results;
pub use route::{Route, Tap};
pub use table::{Action, Table};
pub use welcome::{Welcome, WelcomeInfo};
