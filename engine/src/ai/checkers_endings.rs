//! Kings-only checkers endings for checking that Hard converts a won ending: random positions
//! of a few kings against fewer, played out by Hard on both sides with the game's record (so
//! repetition and the 40-move rule apply as in a real game).

use super::{Level, Rng, RngExt, Search, history_keys};
use crate::{
    Game, Outcome, Record, Side,
    checkers::{Checkers, Move},
};

/// The double corners: squares 1 and 5, 28 and 32.
pub const DOUBLE_CORNERS: [u8; 4] = [1, 5, 28, 32];

/// A random position with `strong` kings of one colour against `weak` of the other, neither
/// side able to capture, no weak king on a double-corner square when `weak_off_corners`.
/// Returns the position and the stronger colour.
pub fn random_ending(
    strong: usize,
    weak: usize,
    weak_off_corners: bool,
    rng: &mut Rng,
) -> (Checkers, Side) {
    loop {
        let mut squares: Vec<u8> = Vec::new();
        while squares.len() < strong + weak {
            let square = 1 + rng.random_range(0..32) as u8;
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
        let (mine, theirs) = squares.split_at(strong);
        if weak_off_corners && theirs.iter().any(|s| DOUBLE_CORNERS.contains(s)) {
            continue;
        }
        let strong_side = if rng.random_range(0..2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let to_move = if rng.random_range(0..2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let kings = |list: &[u8]| {
            list.iter()
                .map(|s| format!("K{s}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        let (red, white) = if strong_side == Side::First {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let turn = if to_move == Side::First { 'B' } else { 'W' };
        let fen = format!("{turn}:W{}:B{}", kings(white), kings(red));
        let Ok(position) = fen.parse::<Checkers>() else {
            continue;
        };
        let moves = position.legal_moves();
        if moves.is_empty() || moves.iter().any(Move::is_capture) {
            continue;
        }
        // Nor could the other side capture if it were to move.
        let flipped = format!(
            "{}:W{}:B{}",
            if turn == 'B' { 'W' } else { 'B' },
            kings(white),
            kings(red)
        );
        match flipped.parse::<Checkers>() {
            Ok(other) if !other.legal_moves().iter().any(Move::is_capture) => {
                return (position, strong_side);
            }
            _ => continue,
        }
    }
}

/// Plays `start` out with `level` on both sides (at most `max_plies`); the record at the end.
pub fn play_out(
    start: Checkers,
    level: Level,
    nodes: Option<u64>,
    max_plies: usize,
) -> Record<Checkers> {
    let mut record = Record::new(start);
    while !record.is_over() && record.len() < max_plies {
        let keys = history_keys(&record);
        let mut search = Search::new(level).history(&keys);
        if let Some(nodes) = nodes {
            search = search.nodes(nodes);
        }
        let Ok(choice) = search.choose(record.position()) else {
            break;
        };
        if record.play(&choice.mv).is_err() {
            break;
        }
    }
    record
}

/// Whether `record` ended in a win for `side`.
pub fn won_by(record: &Record<Checkers>, side: Side) -> bool {
    record.outcome() == Some(Outcome::Win(side))
}
