use std::{fmt, hash::Hash, str::FromStr};

use crate::{GameKind, IllegalMove, MoveError, Outcome, PositionError, Side};

/// The rules of one game, implemented by its validated position type.
///
/// A position is a value: playing a move makes a new one and leaves the old one untouched.
/// Everything that depends on history (repetition, the 40-move rule, undo) lives in
/// [`crate::Record`], not here.
///
/// The text form of a position is its FEN (`Display` / `FromStr`); the text form of a move is
/// the move's `Display`, which [`Game::parse_move`] reads back.
pub trait Game:
    Clone + Eq + Hash + fmt::Debug + fmt::Display + FromStr<Err = PositionError> + Send + Sync + 'static
{
    /// A complete move: a whole capture chain or hop route is one move.
    type Move: Clone + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    const KIND: GameKind;
    /// Plies without an irreversible move after which the game is drawn (see
    /// [`Game::resets_quiet_clock`]); `None` when the game has no such rule.
    const QUIET_PLY_LIMIT: Option<u32> = None;
    /// Whether the third occurrence of a position (same side to move) draws the game.
    const REPETITION_DRAW: bool = false;

    /// The starting position.
    fn start() -> Self;

    /// The side to move.
    fn turn(&self) -> Side;

    /// Appends every legal move to `out`. Nothing is appended exactly when the position is
    /// final (see [`Game::outcome`]); a side that must pass gets a single pass move.
    fn generate_moves(&self, out: &mut Vec<Self::Move>);

    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves
    }

    fn is_legal(&self, mv: &Self::Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays a move known to be legal (from [`Game::generate_moves`]); the search's fast path.
    /// An illegal move gives an unspecified (but memory-safe, panic-free) position.
    fn play_unchecked(&self, mv: &Self::Move) -> Self;

    /// Plays a move, or says why not; `self` is never changed.
    fn play(&self, mv: &Self::Move) -> Result<Self, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(mv.to_string()))
        }
    }

    /// Reads a move in this game's notation and finds it among the legal moves.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The result decided by the position alone (no legal move, a filled goal, empty rows).
    fn outcome(&self) -> Option<Outcome>;

    /// Whether `mv` (legal here) is irreversible for [`Game::QUIET_PLY_LIMIT`].
    fn resets_quiet_clock(&self, _mv: &Self::Move) -> bool {
        true
    }

    /// A Zobrist key of the position, side to move included.
    fn zobrist(&self) -> u64;

    /// Counts the leaf nodes of the legal move tree `depth` plies deep.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }
}
