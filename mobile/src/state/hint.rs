//! A hint: the move the computer would play at its strongest, shown on the board for the
//! player to move (against the computer and on one device), and counted in the game.

use cozcade_engine::AnyMove;

/// Where the hint for the position on the board stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Hint {
    /// None asked for this position.
    #[default]
    None,
    /// Asked for; the search runs.
    Looking,
    /// This move, marked on the board until a move is made.
    Shown(AnyMove),
}
