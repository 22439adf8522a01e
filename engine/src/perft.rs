//! Counting the move tree: the standard check of a move generator against published numbers.

use crate::Game;

/// Leaf nodes `depth` plies below `position`; a whole capture chain or hop route counts once,
/// distinct routes count separately. Bulk-counts the last ply. A final position has no children.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(&position.play_unchecked(mv), depth - 1))
        .sum()
}

/// The perft count below each legal move, in move-generation order ("divide").
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let count = if depth <= 1 {
                1
            } else {
                position.play_unchecked(&mv).perft(depth - 1)
            };
            (mv, count)
        })
        .collect()
}
