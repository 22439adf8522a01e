//! The computer player, driven off the UI thread: the engine's search (`cozcade_engine::ai`)
//! runs on a background thread natively and in a Web Worker in the browser, so the board stays
//! responsive. A [`Handle`] stops it (Pause, leaving the board, undo, a level change).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::{Handle, best_move};
#[cfg(target_arch = "wasm32")]
pub use web::{Handle, best_move};

use std::sync::atomic::AtomicBool;

use cozcade_engine::{
    AnyRecord,
    ai::{Clock, Search, choose_any},
};

use crate::state::Level;

/// Whether games against the computer can be offered.
pub const AVAILABLE: bool = true;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    /// Stopped on purpose; not a failure.
    #[error("the search was stopped")]
    Cancelled,
    #[error("the computer could not choose a move: {0}")]
    Failed(String),
}

/// One whole search, blocking: what the background thread or the worker runs. The level's
/// default time budget applies; `cancel` stops it early.
pub fn think_blocking(
    record: &AnyRecord,
    level: Level,
    cancel: &AtomicBool,
    clock: &dyn Clock,
) -> Result<String, ComputerError> {
    let search = Search::new(level)
        .clock(clock)
        .millis(level.default_millis())
        .cancel(cancel);
    let chosen = choose_any(record, &search);
    // A stopped search is not a failure, whatever the engine made of it.
    if cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(ComputerError::Cancelled);
    }
    chosen.map_err(|e| ComputerError::Failed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::GameKind;

    #[test]
    fn every_level_answers_with_a_legal_move_in_every_game() {
        let cancel = AtomicBool::new(false);
        let clock = cozcade_engine::ai::InstantClock::start();
        for kind in GameKind::ALL {
            for level in Level::ALL {
                let record = AnyRecord::new(kind);
                let mv = think_blocking(&record, level, &cancel, &clock).expect("a move");
                assert!(
                    record.legal_move_texts().contains(&mv),
                    "{kind} {level:?}: {mv}"
                );
            }
        }
    }

    #[test]
    fn a_cancelled_search_says_so() {
        let cancel = AtomicBool::new(true);
        let clock = || 0u64;
        let record = AnyRecord::new(GameKind::Kalah);
        assert_eq!(
            think_blocking(&record, Level::Hard, &cancel, &clock),
            Err(ComputerError::Cancelled)
        );
    }
}
