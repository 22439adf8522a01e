//! Bulk-counting perft straight on the bitboards.
//!
//! The last ply is counted, not played: plain moves are popcounts of shifted bitboards and
//! capture routes are counted by a small recursion that builds no moves. The plies above use
//! the bare [`Change`] (from, to, captured) instead of the full [`super::Move`], and no
//! Zobrist key, so a node costs a few dozen instructions.

use super::{
    board::Board,
    movegen::{Change, apply, changes, count_moves},
};
use crate::Side;

/// Leaf nodes `depth` plies below the position; a whole capture chain counts once, distinct
/// routes count separately.
pub(crate) fn perft(board: &Board, turn: Side, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move list per ply, allocated once and reused by every node of that ply.
    let mut lists: Vec<Vec<Change>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    match turn {
        Side::First => node::<true>(board, depth, &mut lists),
        Side::Second => node::<false>(board, depth, &mut lists),
    }
}

/// `depth >= 1`; `lists` holds at least `depth - 1` spare lists.
fn node<const RED: bool>(board: &Board, depth: u32, lists: &mut [Vec<Change>]) -> u64 {
    if depth == 1 {
        return count_moves::<RED>(board);
    }
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 0;
    };
    list.clear();
    changes::<RED>(board, list);
    let mut total = 0;
    for change in list.iter() {
        let next = apply::<RED>(board, change);
        total += if RED {
            node::<false>(&next, depth - 1, deeper)
        } else {
            node::<true>(&next, depth - 1, deeper)
        };
    }
    total
}
