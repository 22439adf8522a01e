//! The computer player, driven off the UI thread: the engine's search (`cozcade_thinker`)
//! runs on a background thread natively and in a Web Worker in the browser, so the board stays
//! responsive. A [`Handle`] stops it (Pause, leaving the board, undo, a level change).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::{Handle, best_move, warm_up};
#[cfg(target_arch = "wasm32")]
pub use web::{Handle, best_move, warm_up};

/// Whether games against the computer can be offered.
pub const AVAILABLE: bool = true;

/// Why no move came back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    /// Stopped on purpose; not a failure.
    #[error("the search was stopped")]
    Cancelled,
    #[error("the computer could not choose a move: {0}")]
    Failed(String),
}

#[cfg(not(target_arch = "wasm32"))]
impl From<cozcade_thinker::ThinkError> for ComputerError {
    fn from(error: cozcade_thinker::ThinkError) -> Self {
        match error {
            cozcade_thinker::ThinkError::Cancelled => ComputerError::Cancelled,
            cozcade_thinker::ThinkError::Failed(reason) => ComputerError::Failed(reason),
        }
    }
}
