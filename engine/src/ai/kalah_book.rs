//! Kalah's opening book: the optimal move of positions early in the game, found offline by the
//! exact solver and stored in `kalah_book.txt`, one position a line:
//! `<pits key, 16 hex digits> <move a..f> <value>`. The key is [`pits_key`] (the pits seen
//! from the side to move; the stores do not matter, see [`super::kalah_solver`]) and the value
//! is the seeds the side to move gains from there on with perfect play.
//!
//! `cargo run --release -p cozcade-engine --example kalah_book` writes the file again.

use std::sync::OnceLock;

use super::kalah_solver::pits_key;
use crate::kalah::{Kalah, Move, Pit};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, ai::kalah_solver::Solver};

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
