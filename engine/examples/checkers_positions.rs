//! How many checkers positions an endgame database of at most four pieces would hold: both
//! sides on the board, either side to move, a man never on the row where it would be crowned
//! (one side's men crown on squares 1-4, the other's on 29-32).
//!
//! ```text
//! cargo run --release -p cozcade-engine --example checkers_positions
//! ```

/// Pieces a square can hold: a man or a king of either side.
#[derive(Clone, Copy, PartialEq)]
enum Piece {
    FirstMan,
    FirstKing,
    SecondMan,
    SecondKing,
}

const PIECES: [Piece; 4] = [
    Piece::FirstMan,
    Piece::FirstKing,
    Piece::SecondMan,
    Piece::SecondKing,
];

/// Placements of `left` more pieces on squares above `from`, `pieces` already placed.
fn count(from: u32, left: usize, pieces: &mut Vec<(u32, Piece)>) -> u64 {
    if left == 0 {
        let first = pieces
            .iter()
            .any(|(_, p)| matches!(p, Piece::FirstMan | Piece::FirstKing));
        let second = pieces
            .iter()
            .any(|(_, p)| matches!(p, Piece::SecondMan | Piece::SecondKing));
        return u64::from(first && second);
    }
    let mut total = 0;
    for square in from..=32 {
        for piece in PIECES {
            let crowned_there = (piece == Piece::FirstMan && square <= 4)
                || (piece == Piece::SecondMan && square >= 29);
            if crowned_there {
                continue;
            }
            pieces.push((square, piece));
            total += count(square + 1, left - 1, pieces);
            pieces.pop();
        }
    }
    total
}

fn main() {
    let mut all = 0;
    for n in 2..=4 {
        // Either side to move.
        let positions = 2 * count(1, n, &mut Vec::new());
        all += positions;
        println!("{n} pieces: {positions} positions");
    }
    println!("at most 4 pieces: {all} positions");
}
