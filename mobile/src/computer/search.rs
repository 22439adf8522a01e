//! One whole search for the computer's move, blocking: what the background thread (native) or
//! the Web Worker (browser) runs.

use std::sync::atomic::AtomicBool;

use cozcade_engine::{
    AnyRecord,
    ai::{Clock, Search, choose_any},
};

use crate::state::Level;

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
