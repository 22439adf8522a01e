//! What the shell carries out for the game on the board: each action answers with these.

use cozcade_engine::AnyMove;

use super::mode::{Level, Slot};

/// What the shell must do after an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Store the record and mode in this game's slot for the mode.
    Save,
    /// Remove the save of a slot this game has left.
    DeleteSave(Slot),
    /// Ask the computer for a move; answer with [`super::LocalAction::ComputerMoved`] or
    /// [`super::LocalAction::ComputerFailed`] carrying `generation`.
    Think { level: Level, generation: u64 },
    /// Stop a search in progress (its answer would be stale anyway).
    StopThinking,
    /// A move was added to the record at this ply index (for the animation).
    Played { index: usize },
    /// Online: send this move to the room; it appears when the server confirms it.
    Send(AnyMove),
}
