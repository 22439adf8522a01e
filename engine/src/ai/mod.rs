//! The computer player: Easy, Medium and Hard for every game.
//!
//! One search ([`Search`]) serves every game through the [`Evaluate`] trait, which each game
//! implements in this module (its evaluation, move-ordering hints and level tuning); the rules
//! themselves stay in the game modules. The search is pure: no threads, no clock of its own
//! (the caller passes a [`Clock`]), a cancel flag the caller may set from another thread.
//!
//! Each level's strength is a fixed amount of work: a node budget per game and level (see
//! each game's [`Evaluate::profile`]), never the time. The same position, level and seed give
//! the same move on a fast desktop, a slow phone and a loaded machine; the caller's clock is
//! only a safety stop ([`Level::default_millis`]) for a device far slower than expected.
//!
//! [`arena`] plays matches between levels for the strength figures; [`choose_any`] serves
//! callers that know the game only at run time (the CLI, the app).
//!
//! # Calling it
//!
//! A move for the game in an [`crate::AnyRecord`] (what `cozcade-engine bestmove` and the app
//! do; the record's history lets the search avoid or seek repetitions):
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use cozcade_engine::{AnyMove, AnyRecord, GameKind, ai::{Level, Search, choose_any}};
//!
//! let record = AnyRecord::new(GameKind::Kalah);
//! let pause = AtomicBool::new(false); // the app sets it from the UI thread
//! // Natively a clock is `ai::InstantClock::start()`; in the browser a closure over
//! // `performance.now()`; with no clock only the node budget and the flag stop the search.
//! let clock = || 0u64;
//! let search = Search::new(Level::Hard).clock(&clock).cancel(&pause).nodes(50_000);
//! let mv: AnyMove = choose_any(&record, &search).unwrap();
//! assert_eq!(record.clone().play(&mv), Ok(()));
//! ```
//!
//! A match between two levels (what `cozcade-engine match` does):
//!
//! ```
//! use cozcade_engine::{GameKind, ai::{Level, arena::{MatchOptions, play_match_kind}}};
//!
//! let options = MatchOptions { seed: 7, nodes: Some(2_000), ..MatchOptions::new(Level::Medium, Level::Easy, 2) };
//! let score = play_match_kind(GameKind::Kalah, &options, &mut |report| {
//!     let _ = (report.index, report.a_side, report.outcome, report.plies);
//! }).unwrap();
//! assert!(score.to_string().starts_with("score: A ")); // `score: A 1.5 - B 0.5`
//! ```

mod any;
pub mod arena;
mod ballots;
mod checkers;
pub mod checkers_endings;
mod chinese_checkers;
mod clock;
mod evaluate;
mod kalah;
pub mod kalah_book;
pub mod kalah_solver;
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
pub use evaluate::{
    EVAL_LIMIT, Evaluate, Exact, INFINITY, MATE, MATE_BAND, PROVEN, Profile, Score,
};
pub use kalah::{HARD_EXACT_TABLE_BITS, seeds_in_play};
pub use level::{Level, UnknownLevel};
#[cfg(feature = "cli")]
pub use rng::fresh_seed;
pub use rng::{IndexedRandom, Rng, RngExt, seeded};
pub use search::{Choice, MAX_PLY, Search, SearchError};
