//! What the shell carries out for the game on the board: each action answers with these.

use cozcade_engine::AnyMove;

use super::{
    finish::Verdict,
    mode::{Level, Slot},
};

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
    /// Ask the computer, at its strongest, for the player's best move: answer with
    /// [`super::LocalAction::HintFound`] or [`super::LocalAction::HintFailed`].
    FindHint { generation: u64 },
    /// Stop a search in progress (its answer would be stale anyway).
    StopThinking,
    /// A move was added to the record at this ply index (for the animation).
    Played { index: usize },
    /// The game against the computer just ended (the move that ended it was played here):
    /// count it in the player's record for the game and level.
    Ended(Verdict),
    /// Online: send this move to the room; it appears when the server confirms it.
    Send(AnyMove),
}
