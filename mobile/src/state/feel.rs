//! How a move feels in the hand and sounds as it is drawn (a phone's haptics, which the shell
//! asks the host for, and the app's own sounds).

use cozcade_engine::{AnyMove, AnyRecord, Game, Outcome, Side};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feel {
    /// A checkers or Chinese Checkers move that takes nothing.
    Move,
    /// Checkers pieces jumped, or Kalah seeds taken from across the board.
    Capture,
    /// A checkers man reaching the far row (without a capture: a capture is the bigger news).
    Crown,
    /// A Kalah sowing of `seeds` seeds that takes nothing and ends in a pit.
    Sow { seeds: u8 },
    /// A Kalah sowing whose last seed fell into the mover's store: the mover sows again.
    ExtraTurn,
    /// The move that ended the game with a win for this device's player (either player, when
    /// both share the device).
    Win,
    /// The move that ended the game with this device's player beaten.
    Loss,
    /// The move that ended the game drawn.
    Draw,
}

impl Feel {
    /// The game ended with this move.
    pub fn ends_game(self) -> bool {
        matches!(self, Feel::Win | Feel::Loss | Feel::Draw)
    }
}

/// The feedback for the move at ply `index` of `record`: how the game ended, if it ended there,
/// for the device's player (`ours`, or either side when both players share the device: `None`);
/// else what the move did. `None` for a ply the record doesn't have.
pub fn feel_of_move(record: &AnyRecord, index: usize, ours: Option<Side>) -> Option<Feel> {
    let deed = deed_of_move(record, index)?;
    if index + 1 == record.len() {
        match (record.outcome(), ours) {
            (Some(Outcome::Win(winner)), Some(side)) if winner != side => return Some(Feel::Loss),
            (Some(Outcome::Win(_)), _) => return Some(Feel::Win),
            (Some(Outcome::Draw(_)), _) => return Some(Feel::Draw),
            (None, _) => {}
        }
    }
    Some(deed)
}

/// What the move at ply `index` of `record` did on the board, whether or not it ended the game
/// (a capture, a crowning, a sowing and how it ended); `None` for a ply the record doesn't have.
pub fn deed_of_move(record: &AnyRecord, index: usize) -> Option<Feel> {
    let mv = record.move_at(index)?;
    Some(match (record, mv) {
        (AnyRecord::Checkers(_), AnyMove::Checkers(mv)) if mv.is_capture() => Feel::Capture,
        (AnyRecord::Checkers(_), AnyMove::Checkers(mv)) if mv.crowns() => Feel::Crown,
        // The engine says what the sowing did (the last move's sweep of the rows is no capture).
        (AnyRecord::Kalah(record), AnyMove::Kalah(mv)) => match record.position_at(index) {
            Some(before) => {
                let sowing = before.sowing(&mv);
                if sowing.captured > 0 {
                    Feel::Capture
                } else if sowing.extra_turn && !sowing.ends_game {
                    Feel::ExtraTurn
                } else {
                    Feel::Sow {
                        seeds: before.seeds(before.turn(), mv.0),
                    }
                }
            }
            None => Feel::Move,
        },
        _ => Feel::Move,
    })
}
