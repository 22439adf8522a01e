use serde::{Deserialize, Serialize};

/// One of the two players. `First` moves first in every game: red in Checkers, gold in Kalah,
/// jade in Chinese Checkers. Each game names its sides through [`crate::GameKind::side_name`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}
