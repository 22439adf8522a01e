//! The computer player, driven off the UI thread: the engine's search (`cozcade_engine::ai`)
//! runs on a background thread natively and in a Web Worker in the browser, so the board stays
//! responsive. A [`Handle`] stops it (Pause, leaving the board, undo, a level change).

#[cfg(not(target_arch = "wasm32"))]
mod native;
mod search;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::{Handle, best_move};
#[cfg(target_arch = "wasm32")]
pub use web::{Handle, best_move};

/// Whether games against the computer can be offered.
pub const AVAILABLE: bool = true;

pub use search::ComputerError;

#[cfg(test)]
mod tests {
    use super::search::think_blocking;
    use super::*;
    use crate::state::Level;
    use cozcade_engine::{AnyRecord, GameKind};
    use std::sync::atomic::AtomicBool;

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
