use serde::{Deserialize, Serialize};
use std::fmt;

use crate::Side;

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "by")]
pub enum Outcome {
    Win(Side),
    Draw(DrawReason),
}

/// Why a game was drawn; the app tells the players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// The same position with the same side to move occurred for the third time.
    Repetition,
    /// Checkers: 40 moves by each side (80 plies) with neither a capture nor a man move.
    FortyMoveRule,
    /// Kalah: both stores hold 24 seeds.
    EqualSeeds,
    /// Chinese Checkers: neither side has a legal move.
    NoMoves,
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(side) => Some(side),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "threefold repetition",
            DrawReason::FortyMoveRule => "40 moves each without a capture or a man move",
            DrawReason::EqualSeeds => "24-24",
            DrawReason::NoMoves => "neither side can move",
        })
    }
}
