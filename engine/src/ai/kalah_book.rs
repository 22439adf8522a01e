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
