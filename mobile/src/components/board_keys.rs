//! The keys every board answers alike: arrows move the cursor, Home jumps to the next cell that
//! can start a move, Enter or Space chooses the cell under the cursor, Escape cancels. What an
//! arrow or "next" means is each board's own geometry; which key means what is decided here once.

use dioxus::prelude::Key;

#[derive(Clone, Debug, PartialEq)]
pub enum BoardKey {
    /// One of the four arrows, for the board to turn into a neighbouring cell.
    Arrow(Key),
    NextMovable,
    Choose,
    Cancel,
}

/// The board's meaning of a key, or `None` for a key the board leaves to the page (Tab…).
pub fn board_key(key: Key) -> Option<BoardKey> {
    match key {
        Key::ArrowUp | Key::ArrowDown | Key::ArrowLeft | Key::ArrowRight => {
            Some(BoardKey::Arrow(key))
        }
        Key::Home => Some(BoardKey::NextMovable),
        Key::Enter => Some(BoardKey::Choose),
        Key::Character(ref c) if c == " " => Some(BoardKey::Choose),
        Key::Escape => Some(BoardKey::Cancel),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_mean_the_same_on_every_board() {
        assert_eq!(
            board_key(Key::ArrowLeft),
            Some(BoardKey::Arrow(Key::ArrowLeft))
        );
        assert_eq!(board_key(Key::Home), Some(BoardKey::NextMovable));
        assert_eq!(board_key(Key::Enter), Some(BoardKey::Choose));
        assert_eq!(
            board_key(Key::Character(" ".into())),
            Some(BoardKey::Choose)
        );
        assert_eq!(board_key(Key::Escape), Some(BoardKey::Cancel));
        // Tab must move focus out of the board, and letters are the page's.
        assert_eq!(board_key(Key::Tab), None);
        assert_eq!(board_key(Key::Character("a".into())), None);
    }
}
