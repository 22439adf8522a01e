//! The transposition table: results of positions already searched, keyed by
//! [`crate::Game::zobrist`].

use super::evaluate::{MATE_BAND, Score};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the position's value at this depth.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub depth: i32,
    /// Capture extensions already spent on the path; the same position searched with a
    /// different allowance can get a different value.
    pub extensions: u32,
    pub bound: Bound,
    /// Relative to this node for wins at a known distance (see [`to_table`]).
    pub score: Score,
    /// No static evaluation and no extension was used below this node: every leaf was a
    /// finished game, so the score is the game-theoretic value and holds at any larger depth.
    pub proven: bool,
    pub best: Option<M>,
}

/// A fixed-size, always-replace table. Always-replace keeps it simple and deterministic; the
/// search is iterative, so the most recent entries are the most useful ones anyway.
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Clone> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots
            .get(key as usize & self.mask)
            .and_then(Option::as_ref)
            .filter(|entry| entry.key == key)
    }

    pub fn store(&mut self, entry: Entry<M>) {
        if let Some(slot) = self.slots.get_mut(entry.key as usize & self.mask) {
            *slot = Some(entry);
        }
    }
}

/// Wins at a known distance are stored relative to the node, so a transposition reached at a
/// different ply reads back the right distance from the root.
pub(crate) fn to_table(score: Score, ply: u32) -> Score {
    let ply = ply as Score;
    if score >= MATE_BAND {
        score + ply
    } else if score <= -MATE_BAND {
        score - ply
    } else {
        score
    }
}

pub(crate) fn from_table(score: Score, ply: u32) -> Score {
    let ply = ply as Score;
    if score >= MATE_BAND {
        score - ply
    } else if score <= -MATE_BAND {
        score + ply
    } else {
        score
    }
}
