use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

use crate::{Outcome, Side, error::UnknownGame};

/// The three games, named as on the wire and on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    Checkers,
    Kalah,
    ChineseCheckers,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [
        GameKind::Checkers,
        GameKind::Kalah,
        GameKind::ChineseCheckers,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Checkers => "checkers",
            GameKind::Kalah => "kalah",
            GameKind::ChineseCheckers => "chinese-checkers",
        }
    }

    /// The colour a side plays in this game: red/white, gold/turquoise, jade/coral.
    pub fn side_name(self, side: Side) -> &'static str {
        match (self, side) {
            (GameKind::Checkers, Side::First) => "red",
            (GameKind::Checkers, Side::Second) => "white",
            (GameKind::Kalah, Side::First) => "gold",
            (GameKind::Kalah, Side::Second) => "turquoise",
            (GameKind::ChineseCheckers, Side::First) => "jade",
            (GameKind::ChineseCheckers, Side::Second) => "coral",
        }
    }

    /// `ongoing`, `draw` or `<side> wins`, as the CLI prints it.
    pub fn describe_result(self, outcome: Option<Outcome>) -> String {
        match outcome {
            None => "ongoing".to_owned(),
            Some(Outcome::Draw(_)) => "draw".to_owned(),
            Some(Outcome::Win(side)) => format!("{} wins", self.side_name(side)),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == s)
            .ok_or_else(|| UnknownGame(s.chars().take(40).collect()))
    }
}
