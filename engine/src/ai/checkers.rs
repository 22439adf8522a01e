//! How the computer plays Checkers.

use super::{
    Level, Profile, Rng,
    ballots::BALLOTS,
    evaluate::{Evaluate, Score},
    search::MAX_PLY,
};
use crate::{
    Game, Side,
    checkers::{Checkers, Move, Square},
};

const MAN: Score = 100;
const KING: Score = 140;
/// A man's bonus by rows advanced (0 = still on its own back row): the closer to the
/// crowning row, the more it is worth.
const ADVANCE: [Score; 8] = [0, 2, 4, 7, 10, 14, 20, 0];
/// Men on their own back row keep the opponent from crowning.
const BACK_ROW_GUARD: Score = 6;
/// Pieces in the middle of the board control more of it.
const CENTRE: Score = 4;

impl Evaluate for Checkers {
    /// Material first (a king is worth 1.4 men), then advancement, back-row guards and the
    /// centre; the side ahead is pushed to trade down and to bring its kings to the enemy.
    fn evaluate(&self) -> Score {
        let me = self.turn();
        let mut material = [0 as Score; 2];
        let mut position = [0 as Score; 2];
        let mut squares: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
        let mut kings: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
        for square in Square::ALL {
            let Some(piece) = self.piece_at(square) else {
                continue;
            };
            let side = piece.side.index();
            let (row, column) = (square.row(), square.column());
            let centre = (2..=5).contains(&column) && (3..=4).contains(&row);
            if piece.king {
                material[side] += KING;
                kings[side].push((row, column));
            } else {
                material[side] += MAN;
                let advanced = if piece.side == Side::First {
                    row
                } else {
                    7 - row
                };
                position[side] += ADVANCE[usize::from(advanced.min(7))];
                if advanced == 0 {
                    position[side] += BACK_ROW_GUARD;
                }
            }
            if centre {
                position[side] += CENTRE;
            }
            squares[side].push((row, column));
        }
        let (mine, theirs) = (me.index(), me.other().index());
        let pieces = (squares[mine].len() + squares[theirs].len()).max(1) as Score;
        let lead = material[mine] - material[theirs];
        // The same lead counts for more with fewer pieces left: trading down wins.
        let trade = lead * 8 / pieces;
        // The side ahead brings its kings to the enemy pieces, or an endgame never ends.
        let hunt = match lead.signum() {
            1 => -approach(&kings[mine], &squares[theirs]),
            -1 => approach(&kings[theirs], &squares[mine]),
            _ => 0,
        };
        // With men gone from the losing side, its kings hide in the double corners; the
        // winning side drives them out and hems them in.
        let weaker = match lead.signum() {
            1 => Some(theirs),
            -1 => Some(mine),
            _ => None,
        };
        let cornering = match weaker {
            Some(side) if kings[side].len() == squares[side].len() => {
                let driven = cornered(self, &kings[side]);
                if side == theirs { driven } else { -driven }
            }
            _ => 0,
        };
        lead + trade + hunt + cornering + position[mine] - position[theirs]
    }

    fn is_quiet(&self, moves: &[Move]) -> bool {
        // Captures are compulsory, so one capture means every move is a capture.
        !moves.first().is_some_and(Move::is_capture)
    }

    /// Longest captures first, then crowning moves.
    fn order_hint(&self, mv: &Move) -> i32 {
        let captured = mv.captured().count() as i32;
        let kings = mv
            .captured()
            .filter(|&square| mv.captured_king(square))
            .count() as i32;
        100 * captured + 40 * kings + if mv.crowns() { 50 } else { 0 }
    }

    const HISTORY_SLOTS: usize = 32 * 32;

    fn history_slot(&self, mv: &Move) -> usize {
        mv.from().index() * 32 + mv.to().index()
    }

    fn profile(level: Level) -> Profile {
        match level {
            // Two plies plus captures to the end: sees a man it can win or lose right away.
            Level::Easy => Profile {
                depth: 2,
                nodes: 20_000,
                noise: 80,
                random_percent: 20,
            },
            // Four plies plus every capture sequence on both sides.
            Level::Medium => Profile {
                depth: 4,
                nodes: 300_000,
                noise: 0,
                random_percent: 0,
            },
            // As deep as 200 k nodes go (about 10 plies and the captures): a move within a
            // second in the browser on a phone's CPU (engine/BENCHMARKS.md).
            Level::Hard => Profile {
                depth: MAX_PLY - 1,
                nodes: 200_000,
                noise: 0,
                random_percent: 0,
            },
        }
    }

    /// The ACF 3-move ballots in order, one per pair of games.
    fn opening(game_pair: u32, _rng: &mut Rng) -> Self {
        let (_, ballot) = BALLOTS[game_pair as usize % BALLOTS.len()];
        ballot_position(ballot).unwrap_or_else(Checkers::start)
    }
}

/// The position after a ballot's three moves, or `None` if one does not parse (a bug the
/// tests would show).
pub fn ballot_position(ballot: &str) -> Option<Checkers> {
    let mut position = Checkers::start();
    for text in ballot.split_whitespace() {
        let mv = position.parse_move(text).ok()?;
        position = position.play_unchecked(&mv);
    }
    Some(position)
}

/// How badly off a losing side's `kings` (its only pieces) are: far from the double corners
/// (squares 1/5 and 28/32, where a king cannot be trapped easily), on the edge, with few
/// squares to go to.
fn cornered(position: &Checkers, kings: &[(u8, u8)]) -> Score {
    const DOUBLE_CORNERS: [(u8, u8); 4] = [(0, 1), (1, 0), (6, 7), (7, 6)];
    kings
        .iter()
        .map(|&(row, column)| {
            let corner = DOUBLE_CORNERS
                .iter()
                .map(|&(r, c)| Score::from(row.abs_diff(r).max(column.abs_diff(c))))
                .min()
                .unwrap_or(0);
            let edge = Score::from(row == 0 || row == 7 || column == 0 || column == 7);
            let free = [(-1i8, -1i8), (-1, 1), (1, -1), (1, 1)]
                .iter()
                .filter(|&&(dr, dc)| {
                    let (r, c) = (row as i8 + dr, column as i8 + dc);
                    (0..8).contains(&r)
                        && (0..8).contains(&c)
                        && square_at(r as u8, c as u8)
                            .is_some_and(|sq| position.piece_at(sq).is_none())
                })
                .count() as Score;
            3 * corner + 4 * edge - 3 * free
        })
        .sum()
}

/// The dark square at `row`, `column`, if it is one.
fn square_at(row: u8, column: u8) -> Option<Square> {
    let dark = (row + column) % 2 == 1;
    dark.then(|| Square::new(row * 4 + column / 2 + 1))
        .flatten()
}

/// Sum over `kings` of the distance (in king steps) to the nearest of `targets`.
fn approach(kings: &[(u8, u8)], targets: &[(u8, u8)]) -> Score {
    kings
        .iter()
        .map(|&(row, column)| {
            targets
                .iter()
                .map(|&(r, c)| Score::from(row.abs_diff(r).max(column.abs_diff(c))))
                .min()
                .unwrap_or(0)
        })
        .sum::<Score>()
        * 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{
        RngExt, Search,
        arena::{MatchOptions, play_match},
        seeded,
        tests::{assert_same_value_as_negamax, random_position},
    };

    #[test]
    fn every_ballot_is_legal_and_they_are_all_different() {
        let mut seen = std::collections::HashSet::new();
        let barred = [
            3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171,
        ];
        for (number, ballot) in BALLOTS {
            assert!(!barred.contains(&number), "ACF {number} is barred");
            let position = ballot_position(ballot).unwrap_or_else(|| panic!("ACF {number}"));
            assert!(seen.insert(position), "ACF {number} repeats another ballot");
        }
        assert_eq!(seen.len(), 156);
        assert!(BALLOTS.windows(2).all(|pair| pair[0].0 < pair[1].0));
    }

    #[test]
    fn search_matches_plain_negamax() {
        let mut rng = seeded(21);
        let mut checked = 0;
        while checked < 60 {
            let Some(position) =
                random_position(Checkers::start(), rng.random_range(0..50), &mut rng)
            else {
                continue;
            };
            let depth = 1 + (checked % 4) as u32;
            assert_same_value_as_negamax(&position, depth, Level::Hard);
            checked += 1;
        }
    }

    #[test]
    fn medium_matches_plain_negamax_at_its_depth() {
        let mut rng = seeded(22);
        for _ in 0..10 {
            if let Some(position) =
                random_position(Checkers::start(), rng.random_range(0..40), &mut rng)
            {
                let depth = Checkers::profile(Level::Medium).depth;
                assert_same_value_as_negamax(&position, depth, Level::Medium);
            }
        }
    }

    #[test]
    fn finds_the_two_for_one_shot() {
        // Red gives a man with 15-19; white must take it, 24x15 (red 6 stops the jump going
        // on); red answers 10x19x26, taking two. At 12 plies every other move is worth at
        // most an even game, this one a man up.
        let position: Checkers = "B:W23,24,28,32:B6,10,15,16".parse().unwrap();
        for level in [Level::Medium, Level::Hard] {
            let choice = Search::new(level).choose(&position).unwrap();
            assert_eq!(choice.mv.to_string(), "15-19", "{level}");
        }
        let after = position.play_unchecked(&position.parse_move("15-19").unwrap());
        let after = after.play_unchecked(&after.parse_move("24x15").unwrap());
        let reply = Search::new(Level::Hard).choose(&after).unwrap();
        assert_eq!(reply.mv.to_string(), "10x19x26");
    }

    #[test]
    fn hard_converts_won_kings_endings_within_the_40_move_rule() {
        // A sample (the full sweep is `examples/checkers_endings`): Hard on both sides, the
        // game's record deciding repetition and the 40-move rule.
        use crate::ai::checkers_endings::{play_out, random_ending, won_by};
        let mut rng = seeded(40);
        for (strong, weak, off_corners, count) in [(2, 1, false, 3), (3, 2, true, 2)] {
            for _ in 0..count {
                let (position, side) = random_ending(strong, weak, off_corners, &mut rng);
                let record = play_out(position, Level::Hard, None, 400);
                assert!(
                    won_by(&record, side),
                    "{position}: {:?} after {} plies",
                    record.outcome(),
                    record.len()
                );
            }
        }
    }

    #[test]
    fn a_lost_position_still_gets_a_move() {
        // One red man against three white kings: every line loses, and red still moves.
        let position: Checkers = "B:WK18,K19,K27:B1".parse().unwrap();
        for level in Level::ALL {
            let choice = Search::new(level).nodes(50_000).choose(&position).unwrap();
            assert!(position.is_legal(&choice.mv), "{level}");
        }
    }

    #[test]
    fn plays_legal_games_to_the_end_from_the_ballots() {
        let options = MatchOptions {
            nodes: Some(3_000),
            ..MatchOptions::new(Level::Easy, Level::Medium, 2)
        };
        let mut reports = Vec::new();
        play_match::<Checkers>(&options, &mut |r| reports.push(r.clone())).unwrap();
        assert_eq!(
            reports[0].start,
            ballot_position(BALLOTS[0].1).unwrap().to_string()
        );
        for report in reports {
            let start: Checkers = report.start.parse().unwrap();
            let record = crate::Record::replay(start, &report.moves).unwrap();
            assert!(record.is_over() || record.len() >= super::super::arena::MAX_GAME_PLIES);
        }
    }
}
