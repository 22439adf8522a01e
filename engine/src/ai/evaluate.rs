//! What the search needs to know about a game beyond its rules.
//!
//! The rules stay in the game modules; each game's evaluation, move-ordering hints and level
//! tuning live next to this trait in the `ai` module, so the search never re-implements a rule.

use super::{Level, Rng};
use crate::{Game, Outcome};

/// Scores are from the point of view of the side to move: positive is good for it.
pub type Score = i32;

/// Larger than any score; the search window starts at `-INFINITY..INFINITY`.
pub const INFINITY: Score = 2_000_000;
/// A win on the board `ply` plies from the root scores `MATE - ply`, so the search prefers the
/// quickest win and the slowest loss.
pub const MATE: Score = 1_000_000;
/// Scores at least this large (in absolute value) are wins or losses at a known distance; the
/// transposition table stores them relative to the node, not to the root.
pub const MATE_BAND: Score = MATE - 10_000;
/// Scores at least this large (in absolute value) are proven results: a game-over position
/// was reached on every line that matters. Kalah's exact answers (book, solver) score
/// `±PROVEN + margin`.
pub const PROVEN: Score = 500_000;
/// Every static evaluation stays strictly inside `-EVAL_LIMIT..EVAL_LIMIT`.
pub const EVAL_LIMIT: Score = 100_000;

/// Per-game tuning of the three levels.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Deepest iteration in plies (Hard: as deep as the budget allows, up to the ply limit).
    pub depth: u32,
    /// Node budget when the caller gives none; with no clock this alone bounds the work.
    pub nodes: u64,
    /// Easy: a random bonus in `0..noise` is added to each move's score before choosing, so
    /// small differences are ignored and large ones (an obvious win) still decide.
    pub noise: Score,
    /// Easy: the chance in percent of playing a uniformly random move instead (never when a
    /// move is a proven win).
    pub random_percent: u32,
}

/// What [`Evaluate::exact`] found: optimal moves (every one it proved, at least one) and
/// their score (as the search would score it), or nothing; and the nodes it spent either way.
/// The search chooses among the moves with its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact<M> {
    pub answer: Option<(Vec<M>, Score)>,
    pub nodes: u64,
}

/// A game the computer can play.
pub trait Evaluate: Game {
    /// The static evaluation of a position that is not over, from the side to move's point of
    /// view, strictly inside `-EVAL_LIMIT..EVAL_LIMIT`.
    fn evaluate(&self) -> Score;

    /// The score of a position that is over (no legal move), from the side to move's point of
    /// view, `ply` plies below the root. Outside `-PROVEN..PROVEN` except for a draw, or (Kalah,
    /// which maximises the margin) on the evaluation's own scale.
    fn terminal_score(&self, ply: u32) -> Score {
        match self.outcome() {
            Some(Outcome::Win(side)) if side == self.turn() => MATE - ply as Score,
            Some(Outcome::Win(_)) => -(MATE - ply as Score),
            _ => 0,
        }
    }

    /// Whether the static evaluation can be trusted here, given the legal `moves` (never
    /// empty). At the search horizon an unquiet position (a checkers side that must capture)
    /// is searched one ply further instead.
    fn is_quiet(&self, _moves: &[Self::Move]) -> bool {
        true
    }

    /// A cheap guess of how good `mv` (legal here) is, for move ordering: higher first.
    fn order_hint(&self, _mv: &Self::Move) -> i32 {
        0
    }

    /// Number of slots in the history table (moves that caused cut-offs before are tried
    /// earlier); [`Evaluate::history_slot`] maps a move into `0..HISTORY_SLOTS`.
    const HISTORY_SLOTS: usize;
    fn history_slot(&self, mv: &Self::Move) -> usize;

    /// How the levels play this game.
    fn profile(level: Level) -> Profile;

    /// Moves known to be optimal (from an opening book or an exact solver), tried before the
    /// search at `level`. `nodes` caps the work when the caller gave a node budget; `stop` says
    /// when to give up (the cancel flag, the clock's safety stop). The default knows nothing.
    fn exact(
        &self,
        _level: Level,
        _nodes: Option<u64>,
        _stop: &dyn Fn() -> bool,
    ) -> Exact<Self::Move> {
        Exact {
            answer: None,
            nodes: 0,
        }
    }

    /// A varied starting position for the match runner: index `game_pair` picks the opening
    /// (both games of a pair start from it with colours swapped); `rng` may add random plies.
    fn opening(game_pair: u32, rng: &mut Rng) -> Self;
}
