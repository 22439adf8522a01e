//! Natively the search runs on its own thread and answers through a channel.

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
};

use cozcade_engine::{AnyMove, AnyRecord, ai::InstantClock};
use futures_channel::oneshot;

use super::ComputerError;
use crate::state::Level;

/// Stops one search.
#[derive(Clone, Default)]
pub struct Handle {
    cancel: Arc<AtomicBool>,
}

impl Handle {
    pub fn new() -> Self {
        Handle::default()
    }

    /// The search stops at its next check (well within 50 ms) and its answer is dropped.
    pub fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Nothing to load natively: the search is part of the app.
pub fn warm_up() {}

/// The computer's move for `record`, searched on a thread of its own; the answer comes back
/// through a channel that the UI's task awaits.
pub async fn best_move(
    record: AnyRecord,
    level: Level,
    seed: u64,
    handle: Handle,
) -> Result<AnyMove, ComputerError> {
    let (answer, answered) = oneshot::channel();
    let cancel = handle.cancel.clone();
    std::thread::Builder::new()
        .name("cozcade-computer".into())
        .spawn(move || {
            // The native end-to-end tests hold the search here while they use the board.
            #[cfg(feature = "stand-in-host")]
            crate::bridge::stand_in_host::computer_may_think();
            let clock = InstantClock::start();
            let _ = answer.send(cozcade_thinker::think(
                &record, level, seed, &cancel, &clock,
            ));
        })
        .map_err(|e| ComputerError::Failed(e.to_string()))?;
    // A thread that ends without answering (it panicked) drops the sender.
    answered.await.unwrap_or_else(|_| {
        Err(ComputerError::Failed(
            "the search stopped unexpectedly".into(),
        ))
    })
}
