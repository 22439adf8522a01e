//! English/American checkers (8×8, 12 pieces a side), the way PDN numbers the board.
//!
//! The 32 dark squares are numbered 1..32 in reading order as in the standard PDN diagram:
//! red (PDN "Black", moves first) starts on 1..12 at the top and moves down toward 29..32;
//! white starts on 21..32 at the bottom and moves up toward 1..4. Square 1 sits in the top row
//! at column 1 (columns 0..7 from the left), so 1 touches 5 and 6, and 4 touches only 8.
//!
//! FEN: `B:W21,...,32:B1,...,12` (side to move, then each colour's squares, `K` marks a king).
//! Moves: `11-15` for a step, `15x22x29` for a capture with every landing listed.
//!
//! Inside, the board is a set of bitboards in a padded layout (see `board.rs`) so that every
//! diagonal step is a shift by 4 or 5; the perft counter (`perft.rs`) is the showcase of it.

mod board;
mod movegen;
mod moves;
mod perft;
mod position;
mod setup;
mod square;
#[cfg(test)]
mod tests;

pub use moves::Move;
pub use position::{Checkers, RouteProgress};
pub use setup::{Piece, Setup};
pub use square::{BadSquare, Square};

/// Pieces each side starts with; a valid position never has more.
pub const PIECES_PER_SIDE: u32 = 12;
