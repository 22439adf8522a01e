//! The computer player's whole search for one move, blocking, as the app runs it: on a
//! background thread natively, and in the browser inside a Web Worker.
//!
//! The worker loads this crate as a wasm module of its own (`worker.js`), not the app's: the
//! search, the Kalah book and solver are then no part of the app's wasm, which every phone
//! downloads before the first screen. The worker's module is fetched the first time the
//! computer is asked for a move (and kept by the service worker with the rest of the build).

use std::sync::atomic::{AtomicBool, Ordering};

use cozcade_engine::{
    AnyMove, AnyRecord,
    ai::{Clock, Level, Search, choose_any},
};

#[cfg(feature = "worker")]
mod worker;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// Stopped on purpose; not a failure.
    #[error("the search was stopped")]
    Cancelled,
    #[error("the computer could not choose a move: {0}")]
    Failed(String),
}

/// One whole search at `level` with the game's `seed`, with the level's default time budget
/// as the safety stop; `cancel` stops it early.
pub fn think(
    record: &AnyRecord,
    level: Level,
    seed: u64,
    cancel: &AtomicBool,
    clock: &dyn Clock,
) -> Result<AnyMove, ThinkError> {
    let search = Search::new(level)
        .seed(seed)
        .clock(clock)
        .millis(level.default_millis())
        .cancel(cancel);
    let chosen = choose_any(record, &search);
    // A stopped search is not a failure, whatever the engine made of it.
    if cancel.load(Ordering::Relaxed) {
        return Err(ThinkError::Cancelled);
    }
    chosen.map_err(|e| ThinkError::Failed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::{GameKind, ai::InstantClock};

    #[test]
    fn every_level_answers_with_a_legal_move_in_every_game() {
        let cancel = AtomicBool::new(false);
        let clock = InstantClock::start();
        for kind in GameKind::ALL {
            for level in Level::ALL {
                let record = AnyRecord::new(kind);
                let mv = think(&record, level, 7, &cancel, &clock).expect("a move");
                assert!(record.legal_moves().contains(&mv), "{kind} {level:?}: {mv}");
            }
        }
    }

    #[test]
    fn a_cancelled_search_says_so() {
        let cancel = AtomicBool::new(true);
        let clock = || 0u64;
        let record = AnyRecord::new(GameKind::Kalah);
        assert_eq!(
            think(&record, Level::Hard, 7, &cancel, &clock),
            Err(ThinkError::Cancelled)
        );
    }

    #[test]
    fn a_finished_game_is_a_failure_with_the_engine_s_reason() {
        let cancel = AtomicBool::new(false);
        let clock = InstantClock::start();
        let mut record = AnyRecord::new(GameKind::Kalah);
        while let Some(mv) = record.legal_moves().first() {
            record.play(mv).expect("a legal move");
        }
        assert!(matches!(
            think(&record, Level::Easy, 7, &cancel, &clock),
            Err(ThinkError::Failed(_))
        ));
    }
}
