//! The computer player: Easy, Medium and Hard for every game.
//!
//! One search ([`Search`]) serves every game through the [`Evaluate`] trait, which each game
//! implements in this module (its evaluation, move-ordering hints and level tuning); the rules
//! themselves stay in the game modules. The search is pure: no threads, no clock of its own
//! (the caller passes a [`Clock`]), a cancel flag the caller may set from another thread.
//! With a node budget, no clock and a seed it is deterministic.
//!
//! [`arena`] plays matches between levels for the strength figures; [`choose_any`] serves
//! callers that know the game only at run time (the CLI, the app).

mod any;
pub mod arena;
mod ballots;
mod checkers;
mod chinese_checkers;
mod clock;
mod evaluate;
mod kalah;
mod level;
mod rng;
mod search;
mod table;

#[cfg(test)]
mod tests;

pub use any::{choose_any, history_keys};
pub use ballots::BALLOTS;
pub use checkers::ballot_position;
pub use clock::Clock;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use clock::InstantClock;
pub use evaluate::{EVAL_LIMIT, Evaluate, INFINITY, MATE, MATE_BAND, PROVEN, Profile, Score};
pub use kalah::seeds_in_play;
pub use level::{Level, UnknownLevel};
pub use rng::Rng;
pub use search::{Choice, MAX_PLY, Search, SearchError};
