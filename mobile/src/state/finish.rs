//! How a finished game is told: who won, from the point of view of the device's player, or why
//! it is a draw, and the final score where the game keeps one.

use cozcade_engine::{AnyRecord, DrawReason, Outcome, Side};

use super::mode::Mode;

/// Who won, as the player holding the device hears it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Against the computer or online: this device's player won.
    YouWin,
    ComputerWins,
    /// Online: the friend at the other device won.
    FriendWins,
    /// Two players on one device: this colour won.
    SideWins(Side),
    Draw(DrawReason),
}

/// The end of a game: the verdict and, for Kalah (stores) and Chinese Checkers (marbles home),
/// the final count of each side (first, second).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub verdict: Verdict,
    pub score: Option<[u8; 2]>,
}

impl Finish {
    /// The finish of `record`, or `None` while it is still being played. `online_seat` is the
    /// seat this device plays in a room.
    pub fn of(record: &AnyRecord, mode: Mode, online_seat: Option<Side>) -> Option<Finish> {
        let verdict = match record.outcome()? {
            Outcome::Draw(reason) => Verdict::Draw(reason),
            Outcome::Win(winner) => match (online_seat, mode) {
                (Some(seat), _) if seat == winner => Verdict::YouWin,
                (Some(_), _) => Verdict::FriendWins,
                (None, Mode::Computer(_)) if winner == Side::First => Verdict::YouWin,
                (None, Mode::Computer(_)) => Verdict::ComputerWins,
                (None, Mode::SameDevice) => Verdict::SideWins(winner),
            },
        };
        let score = match record {
            AnyRecord::Kalah(r) => Some(Side::BOTH.map(|s| r.position().store(s))),
            AnyRecord::ChineseCheckers(r) => Some(Side::BOTH.map(|s| r.position().arrivals(s))),
            AnyRecord::Checkers(_) => None,
        };
        Some(Finish { verdict, score })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Level;
    use cozcade_engine::GameKind;

    fn kalah_finished() -> AnyRecord {
        // Gold's last seed ends its row: turquoise sweeps 6 into its store, 24 + 0 vs 18 + 6.
        let mut record = AnyRecord::from_fen(GameKind::Kalah, "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18")
            .expect("valid position");
        record.play_text("f").expect("legal");
        record
    }

    #[test]
    fn a_game_in_progress_has_no_finish() {
        let record = AnyRecord::new(GameKind::Checkers);
        assert_eq!(Finish::of(&record, Mode::SameDevice, None), None);
    }

    #[test]
    fn kalah_ends_with_both_stores() {
        let record = kalah_finished();
        let finish = Finish::of(&record, Mode::SameDevice, None).expect("over");
        assert_eq!(finish.score, Some([24, 24]));
        assert_eq!(finish.verdict, Verdict::Draw(DrawReason::EqualSeeds));
    }

    #[test]
    fn the_winner_is_told_from_the_devices_side() {
        // Red (the first colour) takes white's last piece.
        let mut record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18:B14").expect("valid position");
        record.play_text("14x23").expect("legal");
        assert_eq!(record.outcome(), Some(Outcome::Win(Side::First)));
        let verdict = |mode, seat| Finish::of(&record, mode, seat).map(|f| f.verdict);
        assert_eq!(
            verdict(Mode::SameDevice, None),
            Some(Verdict::SideWins(Side::First))
        );
        assert_eq!(
            verdict(Mode::Computer(Level::Easy), None),
            Some(Verdict::YouWin)
        );
        assert_eq!(
            verdict(Mode::SameDevice, Some(Side::First)),
            Some(Verdict::YouWin)
        );
        assert_eq!(
            verdict(Mode::SameDevice, Some(Side::Second)),
            Some(Verdict::FriendWins)
        );
        assert_eq!(
            Finish::of(&record, Mode::SameDevice, None).and_then(|f| f.score),
            None
        );

        // The computer's win.
        let mut record =
            AnyRecord::from_fen(GameKind::Checkers, "W:W18:B14").expect("valid position");
        record.play_text("18x9").expect("legal");
        assert_eq!(
            Finish::of(&record, Mode::Computer(Level::Hard), None).map(|f| f.verdict),
            Some(Verdict::ComputerWins)
        );
    }
}
