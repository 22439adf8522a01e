//! The player's record against the computer, one per game and level: wins, losses and draws,
//! kept on the device and shown when a game ends.

use serde::{Deserialize, Serialize};

use super::finish::Verdict;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

impl Results {
    /// Counts a game against the computer that ended with `verdict` (a verdict of another
    /// kind of game changes nothing).
    pub fn add(&mut self, verdict: Verdict) {
        let count = match verdict {
            Verdict::YouWin => &mut self.won,
            Verdict::ComputerWins => &mut self.lost,
            Verdict::Draw(_) => &mut self.drawn,
            Verdict::FriendWins | Verdict::SideWins(_) => return,
        };
        *count = count.saturating_add(1);
    }

    /// The stored text: JSON.
    pub fn to_text(self) -> String {
        serde_json::to_string(&self).unwrap_or_default()
    }

    /// Reads a stored text; a damaged one counts as no games, so that one bad write never
    /// stops the record from counting again.
    pub fn from_text(text: &str) -> Results {
        serde_json::from_str(text).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::{DrawReason, Side};

    #[test]
    fn each_ending_against_the_computer_counts_once_and_round_trips() {
        let mut results = Results::default();
        for verdict in [
            Verdict::YouWin,
            Verdict::YouWin,
            Verdict::ComputerWins,
            Verdict::Draw(DrawReason::EqualSeeds),
            Verdict::SideWins(Side::First),
            Verdict::FriendWins,
        ] {
            results.add(verdict);
        }
        assert_eq!(
            results,
            Results {
                won: 2,
                lost: 1,
                drawn: 1
            }
        );
        assert_eq!(Results::from_text(&results.to_text()), results);
        assert_eq!(Results::from_text("{not json"), Results::default());
        assert_eq!(Results::from_text(r#"{"won":-1}"#), Results::default());
    }
}
