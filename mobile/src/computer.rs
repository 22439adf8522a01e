//! The computer player's seam. The search itself belongs to `cozcade-engine` (its `ai` module,
//! written on another branch); until it lands, the app does not offer games against the
//! computer at all, and this answers every request with a typed error instead of a fake move.

use cozcade_engine::AnyRecord;

use crate::state::Level;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComputerError {
    #[error("the computer player is not part of this build yet")]
    NotAvailable,
}

/// Whether games against the computer can be offered.
pub const AVAILABLE: bool = false;

/// Finds the computer's move for the side to move in `record`.
pub fn best_move(_record: &AnyRecord, _level: Level) -> Result<String, ComputerError> {
    Err(ComputerError::NotAvailable)
}
