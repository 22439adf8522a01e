//! Two-player Chinese Checkers on the 121-hole star, ten marbles a side.
//!
//! Holes are numbered 1..121 in reading order from the top tip; the seventeen rows hold
//! 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes. Jade (the first player)
//! starts on 112..121 and must fill 1..10; coral starts on 1..10 and must fill 112..121.
//!
//! FEN: `J:J112,...,121:C1,...,10` — the side to move (`J` jade, `C` coral), then each side's
//! occupied holes. Moves are `from-to`; a whole route `from-a-b-to` names the same move, and a
//! side that cannot move but whose opponent can plays `pass`.

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
