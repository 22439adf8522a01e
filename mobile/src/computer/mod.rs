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

/// Why no move came back: stopped on purpose, or a failure with its reason.
pub use cozcade_thinker::ThinkError as ComputerError;
