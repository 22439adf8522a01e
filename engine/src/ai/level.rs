use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

/// How strong the computer plays.
///
/// Easy plays partly at random but still takes what is obviously good; Medium searches a few
/// plies with the full evaluation; Hard deepens an alpha-beta search for as long as its node
/// budget allows (in Kalah with an opening book and an exact endgame solver). Each game tunes
/// the depths and budgets in its [`super::Evaluate::profile`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The wall-clock safety stop in milliseconds, used when the caller gives a clock but no
    /// time of its own. Strength comes from the game's node budget (its
    /// [`super::Evaluate::profile`]), so the same position gets the same move on any device;
    /// this stop only bounds the wait where the budget takes longer than that, and then the
    /// answer is the last finished iteration's (engine/BENCHMARKS.md has the times per move).
    pub fn default_millis(self) -> u64 {
        match self {
            Level::Easy => 1_000,
            Level::Medium => 2_000,
            Level::Hard => 4_000,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A level name that is not `easy`, `medium` or `hard`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium or hard")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|level| level.as_str() == text)
            .ok_or_else(|| UnknownLevel(crate::error::clip(text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        for level in Level::ALL {
            assert_eq!(level.as_str().parse::<Level>(), Ok(level));
        }
        for bad in ["", "Hard", "expert", "h"] {
            assert!(bad.parse::<Level>().is_err());
        }
    }
}
