//! How a move feels in the hand (a phone's haptics, which the shell asks the host for).

use cozcade_engine::{AnyMove, AnyRecord, Outcome, Side};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feel {
    Move,
    Capture,
    /// This device's player won with it.
    Win,
}

/// The feedback for the move at ply `index` of `record`: a win for the device's player (`ours`,
/// or either side when both players share the device: `None`), a capture (checkers pieces, or
/// Kalah seeds taken from across the board), or a plain move. `None` for a ply the record
/// doesn't have.
pub fn feel_of_move(record: &AnyRecord, index: usize, ours: Option<Side>) -> Option<Feel> {
    let mv = record.move_at(index)?;
    let ended_here = index + 1 == record.len() && record.outcome().is_some();
    if ended_here
        && let Some(Outcome::Win(winner)) = record.outcome()
        && ours.is_none_or(|side| side == winner)
    {
        return Some(Feel::Win);
    }
    let captured = match record {
        AnyRecord::Checkers(_) => mv.is_capture(),
        // The engine says what the sowing captured (the last move's sweep of the rows is none).
        AnyRecord::Kalah(record) => match (record.position_at(index), mv) {
            (Some(before), AnyMove::Kalah(mv)) => before.sowing(&mv).captured > 0,
            _ => false,
        },
        AnyRecord::ChineseCheckers(_) => false,
    };
    Some(if captured { Feel::Capture } else { Feel::Move })
}
