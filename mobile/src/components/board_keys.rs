//! The keys every board answers alike: arrows move the cursor, Home jumps to the next cell that
//! can start a move, Enter or Space chooses the cell under the cursor, Escape cancels. What an
//! arrow or "next" means is each board's own geometry; which key means what, and what it does to
//! the cursor, is decided here once ([`CursorKeys`]).

use dioxus::prelude::*;

use crate::state::Cell;

/// A board's keyboard cursor and what its keys do to it. The board gives its geometry: the
/// cells the cursor may stand on now, where an arrow goes from the cursor (`None` when the
/// cursor is nowhere yet), and the next cell after the cursor that can start a move.
pub struct CursorKeys<V, A, N> {
    pub cursor: Signal<Option<Cell>>,
    /// The board's last input was a key (not a touch or a click): only then is the cursor
    /// drawn, so a touch screen never shows it (`.board.keys` in the stylesheet).
    pub keyed: Signal<bool>,
    pub valid: V,
    pub arrow: A,
    pub next_movable: N,
    pub on_tap: EventHandler<Cell>,
    pub on_cancel: EventHandler<()>,
    /// Enter with nothing under the cursor cancels too (a move being shown is skipped).
    pub choose_nothing_cancels: bool,
}

impl<V, A, N> CursorKeys<V, A, N>
where
    V: Fn(Cell) -> bool,
    A: Fn(Option<Cell>, &Key) -> Option<Cell>,
    N: Fn(Option<Cell>) -> Option<Cell>,
{
    /// A key pressed on the board; a key that is not the board's is left to the page.
    pub fn press(&self, event: &KeyboardEvent) {
        let Some(key) = board_key(event.key()) else {
            return;
        };
        event.prevent_default();
        if !*self.keyed.peek() {
            let mut keyed = self.keyed;
            keyed.set(true);
        }
        let mut cursor = self.cursor;
        let current = cursor.peek().filter(|&cell| (self.valid)(cell));
        match key {
            BoardKey::Arrow(arrow) => {
                if let Some(cell) = (self.arrow)(current, &arrow) {
                    cursor.set(Some(cell));
                }
            }
            BoardKey::NextMovable => {
                if let Some(cell) = (self.next_movable)(current) {
                    cursor.set(Some(cell));
                }
            }
            BoardKey::Choose => match current {
                Some(cell) => self.on_tap.call(cell),
                None if self.choose_nothing_cancels => self.on_cancel.call(()),
                None => {}
            },
            BoardKey::Cancel => self.on_cancel.call(()),
        }
    }

    /// A finger or a mouse on the board: the cursor follows its taps but is not drawn.
    pub fn pointer(&self) {
        if *self.keyed.peek() {
            let mut keyed = self.keyed;
            keyed.set(false);
        }
    }

    /// The board took the focus: the cursor starts on the first cell that can move.
    pub fn focus(&self) {
        let mut cursor = self.cursor;
        if cursor.peek().filter(|&cell| (self.valid)(cell)).is_none() {
            cursor.set((self.next_movable)(None));
        }
    }
}

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
