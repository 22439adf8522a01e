//! Natively the search runs on its own thread; the UI polls for the answer between frames.

use std::sync::{
    Arc,
    atomic::{AtomicBool, Ordering},
    mpsc::{self, TryRecvError},
};

use cozcade_engine::{AnyRecord, ai::InstantClock};

use super::ComputerError;
use crate::{platform, state::Level};

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

pub async fn best_move(
    record: AnyRecord,
    level: Level,
    seed: u64,
    handle: Handle,
) -> Result<String, ComputerError> {
    let (tx, rx) = mpsc::channel();
    let cancel = handle.cancel.clone();
    std::thread::Builder::new()
        .name("cozcade-computer".into())
        .spawn(move || {
            let clock = InstantClock::start();
            let _ = tx.send(cozcade_thinker::think(
                &record, level, seed, &cancel, &clock,
            ));
        })
        .map_err(|e| ComputerError::Failed(e.to_string()))?;
    loop {
        match rx.try_recv() {
            Ok(result) => return result,
            Err(TryRecvError::Empty) => platform::sleep(15).await,
            // The thread ended without answering: it panicked.
            Err(TryRecvError::Disconnected) => {
                return Err(ComputerError::Failed(
                    "the search stopped unexpectedly".into(),
                ));
            }
        }
    }
}
