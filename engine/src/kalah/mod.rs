//! Kalah(6,4): six pits a side, four seeds each, a store at each end.
//!
//! The board is fourteen slots, counter-clockwise: gold's pits a..f, gold's store, turquoise's
//! pits a..f, turquoise's store. Gold pit i faces turquoise pit 5-i.
//!
//! FEN: `G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0` — the side to move, then each side's pits a..f in
//! sowing order followed by its store. Moves are the pit letters `a`..`f`.

mod position;
mod setup;

pub use position::{Kalah, Move, Pit, Sowing};
pub use setup::Setup;

/// Pits per side.
pub const PITS: usize = 6;
/// Seeds per pit at the start.
pub const SEEDS_PER_PIT: u8 = 4;
/// Seeds on the board: a valid position always holds exactly this many.
pub const TOTAL_SEEDS: u32 = 2 * PITS as u32 * SEEDS_PER_PIT as u32;
