//! Two-player Chinese Checkers on the 121-hole star, ten marbles a side.
//!
//! Holes are numbered 1..121 in reading order from the top tip; the seventeen rows hold
//! 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes. Jade (the first player)
//! starts on 112..121 and must fill 1..10; coral starts on 1..10 and must fill 112..121.
//!
//! FEN: `J:J112,...,121:C1,...,10` — the side to move (`J` jade, `C` coral), then each side's
//! occupied holes. Moves are `from-to`; a whole route `from-a-b-to` names the same move, and a
//! side that cannot move but whose opponent can plays `pass`.
//!
//! Two consequences of the rules that the code relies on, and that surprise at first:
//! - The result is a function of the position: the side that just moved wins when its goal is
//!   full and holds one of its marbles. A pass is a move too, so a side whose goal was filled by
//!   the opponent and who then has to pass wins by passing ("right after your move").
//! - "Neither side can move" never happens without a win. A marble that cannot step has only
//!   occupied neighbours or is locked in its goal beside holes outside it; the marbles next to
//!   empty holes must therefore all be goal-locked, which forces every marble into the two
//!   goal triangles and both triangles full, with the row facing the board made of their
//!   owners' marbles: the side that just moved has filled its goal. `DrawReason::NoMoves` is
//!   still returned by [`crate::Game::outcome`] for that case, as the rules say.

mod board;
mod moves;
mod position;
mod setup;

pub use board::Hole;
pub use moves::{MAX_ROUTE, Move, Route};
pub use position::ChineseCheckers;
pub use setup::Setup;

/// Holes on the star.
pub const HOLES: usize = 121;
/// Marbles per side; a valid position always has exactly this many of each colour.
pub const MARBLES: usize = 10;

#[cfg(test)]
mod tests;
