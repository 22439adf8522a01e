//! Building a move by taps, from the engine's own legal moves.
//!
//! The app never decides legality: it asks the record for the legal moves (as text) and turns
//! each into the cells a player taps, in order — the piece, then every landing (`15x22x29`), or
//! the marble and its endpoint (`94-58`), or just the pit (`c`). A partly tapped route is a prefix
//! of one or more of those; the next taps that keep it a prefix are the ones to highlight.

use cozcade_engine::{GameKind, Side, kalah::PITS};

/// Something a player can tap: a Kalah pit (`side * 6 + pit`, gold's a..f are 0..5), a checkers
/// square (1..=32) or a Chinese Checkers hole (1..=121).
pub type Cell = u8;

/// The cells of one move text, in tapping order; `None` for text this app cannot read (which
/// would be an engine change the app has not caught up with: such a move is simply not offered).
pub fn move_cells(kind: GameKind, turn: Side, text: &str) -> Option<Vec<Cell>> {
    match kind {
        GameKind::Kalah => {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c @ 'a'..='f'), None) => {
                    let pit = c as u8 - b'a';
                    Some(vec![turn.index() as u8 * PITS as u8 + pit])
                }
                _ => None,
            }
        }
        GameKind::Checkers | GameKind::ChineseCheckers => text
            .split(['-', 'x'])
            .map(|part| part.parse::<Cell>().ok())
            .collect(),
    }
}

/// The legal moves of one position, read as routes, and the part the player has tapped so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RouteBuilder {
    /// (cells, move text) of every legal move.
    moves: Vec<(Vec<Cell>, String)>,
    /// The cells tapped so far; always a prefix of at least one move's cells (or empty).
    tapped: Vec<Cell>,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The route grew (or a piece was chosen); more taps are needed.
    Extended,
    /// The route is now a whole legal move: play this text.
    Complete(String),
    /// The chosen piece was tapped again and is let go.
    Released,
    /// Nothing happened: not a highlighted cell.
    Ignored,
}

impl RouteBuilder {
    pub fn new(kind: GameKind, turn: Side, legal: &[String]) -> Self {
        let moves = legal
            .iter()
            .filter_map(|text| move_cells(kind, turn, text).map(|cells| (cells, text.clone())))
            .filter(|(cells, _)| !cells.is_empty())
            .collect();
        RouteBuilder {
            moves,
            tapped: Vec::new(),
        }
    }

    /// The cells tapped so far.
    pub fn tapped(&self) -> &[Cell] {
        &self.tapped
    }

    /// A route is under way past its first cell: a landing has been chosen, so the player may
    /// no longer switch to another piece (only cancel).
    pub fn is_committed(&self) -> bool {
        self.tapped.len() >= 2
    }

    /// Cells that start a legal move (the movable pieces, the playable pits).
    pub fn starts(&self) -> Vec<Cell> {
        let mut starts: Vec<Cell> = self
            .moves
            .iter()
            .filter_map(|(c, _)| c.first().copied())
            .collect();
        starts.sort_unstable();
        starts.dedup();
        starts
    }

    /// The cells that may be tapped next to continue the route (the highlighted destinations).
    pub fn next_cells(&self) -> Vec<Cell> {
        if self.tapped.is_empty() {
            return self.starts();
        }
        let n = self.tapped.len();
        let mut next: Vec<Cell> = self
            .moves
            .iter()
            .filter(|(cells, _)| cells.len() > n && cells[..n] == self.tapped[..])
            .map(|(cells, _)| cells[n])
            .collect();
        next.sort_unstable();
        next.dedup();
        next
    }

    /// Taps a cell: choose a piece, switch to another piece before any landing, extend the
    /// route, or complete a move.
    pub fn tap(&mut self, cell: Cell) -> Tap {
        if self.tapped.len() == 1 && self.tapped[0] == cell {
            self.tapped.clear();
            return Tap::Released;
        }
        let mut candidate = self.tapped.clone();
        candidate.push(cell);
        if !self.is_prefix(&candidate) {
            // Before any landing, tapping another movable piece chooses it instead.
            if self.tapped.len() == 1 && self.is_prefix(&[cell]) {
                candidate = vec![cell];
            } else {
                return Tap::Ignored;
            }
        }
        if let Some((_, text)) = self.moves.iter().find(|(cells, _)| *cells == candidate) {
            let text = text.clone();
            self.tapped.clear();
            return Tap::Complete(text);
        }
        self.tapped = candidate;
        Tap::Extended
    }

    /// Forgets the unfinished route.
    pub fn cancel(&mut self) {
        self.tapped.clear();
    }

    fn is_prefix(&self, route: &[Cell]) -> bool {
        self.moves
            .iter()
            .any(|(cells, _)| cells.len() >= route.len() && cells[..route.len()] == *route)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn kalah_pits_are_numbered_per_side() {
        assert_eq!(move_cells(GameKind::Kalah, Side::First, "a"), Some(vec![0]));
        assert_eq!(
            move_cells(GameKind::Kalah, Side::Second, "f"),
            Some(vec![11])
        );
        assert_eq!(move_cells(GameKind::Kalah, Side::First, "g"), None);
        assert_eq!(move_cells(GameKind::Kalah, Side::First, "ab"), None);
    }

    #[test]
    fn checkers_routes_list_every_landing() {
        assert_eq!(
            move_cells(GameKind::Checkers, Side::First, "15x22x29"),
            Some(vec![15, 22, 29])
        );
        assert_eq!(
            move_cells(GameKind::Checkers, Side::First, "11-15"),
            Some(vec![11, 15])
        );
        assert_eq!(move_cells(GameKind::Checkers, Side::First, "11-"), None);
        assert_eq!(
            move_cells(GameKind::ChineseCheckers, Side::First, "112-300"),
            None
        );
    }

    #[test]
    fn a_capture_is_built_landing_by_landing_and_committed_whole() {
        // Two routes from 15 that share their first landing, and one from 11.
        let legal = texts(&["15x22x29", "15x22x31", "11x18"]);
        let mut route = RouteBuilder::new(GameKind::Checkers, Side::First, &legal);
        assert_eq!(route.starts(), vec![11, 15]);
        assert_eq!(route.tap(3), Tap::Ignored);
        assert_eq!(route.tap(15), Tap::Extended);
        assert_eq!(route.next_cells(), vec![22]);
        // Before any landing another piece may be chosen instead.
        assert_eq!(route.tap(11), Tap::Extended);
        assert_eq!(route.tapped(), &[11]);
        assert_eq!(route.tap(15), Tap::Extended);
        assert_eq!(route.tap(22), Tap::Extended);
        assert!(route.is_committed());
        assert_eq!(route.next_cells(), vec![29, 31]);
        // Mid-chain the piece can't be switched.
        assert_eq!(route.tap(11), Tap::Ignored);
        assert_eq!(route.tapped(), &[15, 22]);
        assert_eq!(route.tap(31), Tap::Complete("15x22x31".into()));
        assert!(route.tapped().is_empty());
    }

    #[test]
    fn tapping_the_chosen_piece_again_lets_it_go_and_cancel_forgets_the_route() {
        let legal = texts(&["94-58", "94-76"]);
        let mut route = RouteBuilder::new(GameKind::ChineseCheckers, Side::First, &legal);
        assert_eq!(route.tap(94), Tap::Extended);
        assert_eq!(route.next_cells(), vec![58, 76]);
        assert_eq!(route.tap(94), Tap::Released);
        assert_eq!(route.next_cells(), vec![94]);
        route.tap(94);
        route.cancel();
        assert!(route.tapped().is_empty());
    }

    #[test]
    fn a_kalah_pit_is_a_whole_move() {
        let legal = texts(&["a", "c"]);
        let mut route = RouteBuilder::new(GameKind::Kalah, Side::Second, &legal);
        assert_eq!(route.starts(), vec![6, 8]);
        assert_eq!(route.tap(0), Tap::Ignored);
        assert_eq!(route.tap(8), Tap::Complete("c".into()));
    }
}
