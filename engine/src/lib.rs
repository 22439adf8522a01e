//! The rules of Checkers (English/American), Kalah(6,4) and two-player Chinese Checkers.
//!
//! Pure Rust: no I/O, no threads, no async. Every other part of Cozcade asks this crate what is
//! legal and never re-implements a rule. Each game has an unvalidated setup (parsed from text)
//! and a validated position implementing [`Game`]; a [`Record`] adds history.

pub mod ai;
mod any;
pub mod checkers;
pub mod chinese_checkers;
mod error;
mod game;
pub mod kalah;
mod kind;
mod outcome;
pub mod perft;
mod record;
mod route;
mod score_sheet;
mod side;
mod zobrist;

pub use any::{AnyMove, AnyRecord, Place};
pub use checkers::Checkers;
pub use chinese_checkers::ChineseCheckers;
pub use error::{IllegalMove, MoveError, PositionError, UnknownGame};
pub use game::Game;
pub use kalah::Kalah;
pub use kind::GameKind;
pub use outcome::{DrawReason, Outcome};
pub use record::{Record, RecordError, RecordText};
pub use route::RouteStep;
pub use score_sheet::{NumberedMove, Players};
pub use side::Side;
