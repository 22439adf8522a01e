//! Kalah's opening book: the optimal move of positions early in the game (the line of perfect
//! play until the solver's reach, and the positions where Hard is to move right after its
//! opponent leaves that line), found offline by the exact solver and stored in
//! `kalah_book.txt`, one position a line:
//! `<pits key, 16 hex digits> <move a..f> <value>`. The key is [`pits_key`] (the pits seen
//! from the side to move; the stores do not matter, see [`super::kalah_solver`]) and the value
//! is the seeds the side to move gains from there on with perfect play.
//!
//! `cargo run --release -p cozcade-engine --example kalah_book -- --off-line 1` writes the file
//! again, keeping what it holds and solving what is missing.

use std::sync::OnceLock;

use super::kalah_solver::pits_key;
use crate::{
    Game,
    kalah::{Kalah, Move, Pit},
};

/// The book as written by the generator.
const BOOK: &str = include_str!("kalah_book.txt");

/// One book position: its key, the pit to sow and the value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub key: u64,
    pub pit: Pit,
    pub value: i32,
}

/// Reads one line; `None` for a line that is not an entry (a bug the tests would show).
fn parse_line(line: &str) -> Option<BookEntry> {
    let mut fields = line.split_whitespace();
    let key = u64::from_str_radix(fields.next()?, 16).ok()?;
    let pit = match fields.next()?.as_bytes() {
        [letter @ b'a'..=b'f'] => Pit::new(usize::from(letter - b'a'))?,
        _ => return None,
    };
    let value = fields.next()?.parse().ok()?;
    fields
        .next()
        .is_none()
        .then_some(BookEntry { key, pit, value })
}

/// Every entry, sorted by key.
pub fn entries() -> &'static [BookEntry] {
    static ENTRIES: OnceLock<Vec<BookEntry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let mut entries: Vec<BookEntry> = BOOK.lines().filter_map(parse_line).collect();
        entries.sort_unstable_by_key(|entry| entry.key);
        entries
    })
}

/// Formats an entry as a line of the book file.
pub fn format_entry(entry: &BookEntry) -> String {
    format!("{:016x} {} {}", entry.key, entry.pit.letter(), entry.value)
}

/// The book's move for `position` and its value (the seeds the side to move gains from here
/// with perfect play), if the book has it.
pub fn lookup(position: &Kalah) -> Option<(Move, i32)> {
    let key = pits_key(position);
    let entries = entries();
    let index = entries.binary_search_by_key(&key, |entry| entry.key).ok()?;
    let entry = entries[index];
    // A key clash with a position where that pit is empty cannot give an illegal move.
    (position.seeds(crate::Game::turn(position), entry.pit) > 0)
        .then_some((Move(entry.pit), entry.value))
}

/// Every position where the opponent of the side to move at `position` is to move right after
/// that side leaves the line by sowing anything but `line_move` (and sowing on, whatever it
/// sows, after extra turns); finished games are left out. These are the positions where Hard
/// answers a deviation from the book's line: the generator solves them, the tests check them.
pub fn leaving_the_line(position: &Kalah, line_move: Move) -> Vec<Kalah> {
    let leaver = position.turn();
    let mut frontier: Vec<Kalah> = position
        .legal_moves()
        .into_iter()
        .filter(|mv| *mv != line_move)
        .map(|mv| position.play_unchecked(&mv))
        .collect();
    let mut found = Vec::new();
    while let Some(child) = frontier.pop() {
        if child.outcome().is_some() {
            continue;
        }
        if child.turn() == leaver {
            frontier.extend(
                child
                    .legal_moves()
                    .iter()
                    .map(|mv| child.play_unchecked(mv)),
            );
        } else {
            found.push(child);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Search, kalah_solver::Solver};

    /// Seeds the mover gains over its opponent from `before` to `after`.
    fn gain(before: &Kalah, after: &Kalah) -> i32 {
        let me = before.turn();
        let delta = |side| i32::from(after.store(side)) - i32::from(before.store(side));
        delta(me) - delta(me.other())
    }

    #[test]
    fn the_book_follows_perfect_play_from_the_start() {
        // Along the book's own line from the start, every value is what the next position's
        // value and the seeds gained on the way make it; where the line leaves the book the
        // solver (no budget) confirms it, and on the last book positions (the fewest seeds,
        // where solving is quick) the solver confirms that the book's move is an optimal one.
        let mut position = Kalah::start();
        let mut line = Vec::new();
        while let Some((mv, value)) = lookup(&position) {
            line.push((position.clone(), mv, value));
            position = position.play_unchecked(&mv);
        }
        assert!(
            line.len() >= 10,
            "the book holds the first {} plies only",
            line.len()
        );
        assert_eq!(line[0].2, 8, "Kalah(6,4) is a first-player win by 8");
        let mut solver = Solver::new(22);
        for (position, mv, value) in &line {
            let child = position.play_unchecked(mv);
            let rest = match lookup(&child) {
                _ if child.outcome().is_some() => 0,
                Some((_, rest)) => rest,
                None => solver.value(&child, u64::MAX).unwrap(),
            };
            let rest = if child.turn() == position.turn() {
                rest
            } else {
                -rest
            };
            assert_eq!(gain(position, &child) + rest, *value, "{position} {mv}");
        }
        for (position, mv, value) in line.iter().rev().take(3) {
            let values = solver.move_values(position, u64::MAX).unwrap();
            let best = values.iter().map(|(_, v)| *v).max().unwrap();
            let chosen = values.iter().find(|(m, _)| m == mv).unwrap().1;
            assert_eq!((best, chosen), (*value, *value), "{position}: {values:?}");
        }
    }

    /// The final margin of a proven score (`±PROVEN + margin`, or 0 for a draw).
    fn final_margin(score: crate::ai::Score) -> i32 {
        score - crate::ai::PROVEN * score.signum()
    }

    /// The side to move's store minus its opponent's.
    fn store_margin(position: &Kalah) -> i32 {
        let me = position.turn();
        i32::from(position.store(me)) - i32::from(position.store(me.other()))
    }

    /// The positions of the book's line from the start, each with its book move and value.
    fn book_line() -> Vec<(Kalah, Move, i32)> {
        let mut position = Kalah::start();
        let mut line = Vec::new();
        while let Some((mv, value)) = lookup(&position) {
            line.push((position.clone(), mv, value));
            position = position.play_unchecked(&mv);
        }
        line
    }

    /// Every position where Hard is to move right after its opponent leaves the book's line
    /// (the opponent sowing again after an extra turn, whatever it sows): with the position
    /// on the line it left and the seeds the opponent gained over Hard on the way.
    fn off_the_line() -> Vec<(Kalah, i32, Kalah)> {
        let mut found = Vec::new();
        for (position, book_move, _) in book_line() {
            for child in leaving_the_line(&position, book_move) {
                found.push((position.clone(), gain(&position, &child), child));
            }
        }
        found
    }

    #[test]
    fn hard_answers_every_move_off_the_book_line_with_a_proven_optimal_move() {
        // Wherever the opponent leaves the line, Hard's next move comes from the book or, with
        // few enough seeds left, from the solver: proven, never the search's estimate. The
        // book's value there is coherent with the line it left: the opponent, who could have
        // gained the line's value, gains no more by leaving it. Where solving is quick (the
        // fewest seeds), the solver with no budget confirms that Hard's move is optimal.
        let line: std::collections::HashMap<u64, i32> = book_line()
            .into_iter()
            .map(|(position, _, value)| (pits_key(&position), value))
            .collect();
        let positions = off_the_line();
        assert!(positions.len() >= 90, "{} positions", positions.len());
        let mut solver = Solver::new(22);
        let mut confirmed = 0;
        let mut unproven = Vec::new();
        for (left, gained, position) in &positions {
            let choice = Search::new(Level::Hard).choose(position).unwrap();
            if !choice.proven {
                unproven.push(format!(
                    "{position} ({} seeds)",
                    crate::ai::seeds_in_play(position)
                ));
                continue;
            }
            let hard_gains = final_margin(choice.score) - store_margin(position);
            assert!(
                gained - hard_gains <= line[&pits_key(left)],
                "{position}: the opponent gains {gained} - {hard_gains} by leaving {left}"
            );
            if crate::ai::seeds_in_play(position) <= 32 {
                let values = solver.move_values(position, u64::MAX).unwrap();
                let best = values.iter().map(|(_, v)| *v).max().unwrap();
                let got = values.iter().find(|(mv, _)| *mv == choice.mv).unwrap().1;
                assert_eq!((got, hard_gains), (best, best), "{position}: {values:?}");
                confirmed += 1;
            }
        }
        assert!(unproven.is_empty(), "not in the book: {unproven:#?}");
        assert!(confirmed >= 10, "only {confirmed} confirmed by the solver");
    }

    #[test]
    fn hard_answers_a_second_deviation_from_the_book_where_it_reaches() {
        // After the opponent leaves the line and Hard answers, the opponent may leave the
        // book's play once more: wherever the book was grown that far (the trees of the first
        // deviations with fewer than 47 seeds in the pits, `kalah_book --coverage 3`), Hard's
        // move there is proven too. Each value is coherent with the one before it: no move
        // of the opponent's gains it more than the book says the position before was worth.
        let mut checked = 0;
        for (_, _, root) in off_the_line() {
            if crate::ai::seeds_in_play(&root) >= 47 {
                continue;
            }
            let Some((reply, root_value)) = lookup(&root) else {
                // Where the solver answers at once.
                assert!(crate::ai::seeds_in_play(&root) <= crate::ai::kalah::HARD_EXACT_SEEDS);
                continue;
            };
            let after_reply = root.play_unchecked(&reply);
            if after_reply.outcome().is_some()
                || crate::ai::seeds_in_play(&after_reply) <= crate::ai::kalah::HARD_EXACT_SEEDS
                || after_reply.turn() == root.turn()
            {
                continue;
            }
            // What the opponent to move at `after_reply` can gain from there on.
            let worth = -(root_value - gain(&root, &after_reply));
            for mv in after_reply.legal_moves() {
                let next = after_reply.play_unchecked(&mv);
                if next.outcome().is_some()
                    || next.turn() == after_reply.turn()
                    || crate::ai::seeds_in_play(&next) <= crate::ai::kalah::HARD_EXACT_SEEDS
                {
                    continue;
                }
                let choice = Search::new(Level::Hard).choose(&next).unwrap();
                assert!(choice.proven, "{next}: Hard's move is not proven");
                let (_, value) = lookup(&next).expect("in the book");
                // (Hard is to move at `next`: its value is Hard's.)
                let opponent_gains = gain(&after_reply, &next) - value;
                assert!(
                    opponent_gains <= worth,
                    "{next}: the opponent gains {opponent_gains} where {after_reply} was worth {worth}"
                );
                checked += 1;
            }
        }
        assert!(
            checked >= 200,
            "only {checked} positions after a second deviation"
        );
    }

    #[test]
    fn every_line_of_the_book_is_an_entry() {
        let lines = BOOK.lines().filter(|line| !line.trim().is_empty()).count();
        assert_eq!(entries().len(), lines);
        assert!(entries().windows(2).all(|pair| pair[0].key < pair[1].key));
        for entry in entries() {
            assert_eq!(parse_line(&format_entry(entry)), Some(*entry));
        }
    }
}
