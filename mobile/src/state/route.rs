//! Building a move by taps, from the engine's own legal moves.
//!
//! The app never decides legality: it asks the record for the legal moves, each with the places
//! a player picks in order (the piece, then every landing; the marble and its endpoint; the
//! pit), and numbers those places as cells. A partly tapped route is a prefix of one or more of
//! those; the next taps that keep it a prefix are the ones to highlight.

use cozcade_engine::{AnyMove, AnyRecord, Place, kalah::PITS};

/// Something a player can tap: a Kalah pit (`side * 6 + pit`, gold's a..f are 0..5), a checkers
/// square (1..=32) or a Chinese Checkers hole (1..=121).
pub type Cell = u8;

/// The cell a place of the engine's is tapped as.
pub fn cell_of(place: Place) -> Cell {
    match place {
        Place::Pit(side, pit) => (side.index() * PITS + pit.index()) as Cell,
        Place::Square(square) => square.number(),
        Place::Hole(hole) => hole.number(),
    }
}

/// The legal moves of one position, read as routes of cells, and the part the player has
/// tapped so far. `M` is what a whole route plays: the engine's move in the app, a label in
/// the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteBuilder<M> {
    /// (cells, move) of every legal move that is made by taps.
    moves: Vec<(Vec<Cell>, M)>,
    /// The cells tapped so far; always a prefix of at least one move's cells (or empty).
    tapped: Vec<Cell>,
}

impl<M> Default for RouteBuilder<M> {
    fn default() -> Self {
        RouteBuilder {
            moves: Vec::new(),
            tapped: Vec::new(),
        }
    }
}

impl RouteBuilder<AnyMove> {
    /// The routes of the record's legal moves (a pass has none: it is a button, not a tap).
    pub fn of(record: &AnyRecord) -> Self {
        let turn = record.turn();
        RouteBuilder::from_routes(
            record
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let cells = mv.places(turn).into_iter().map(cell_of).collect();
                    (cells, mv)
                })
                .collect(),
        )
    }
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap<M> {
    /// The route grew (or a piece was chosen); more taps are needed.
    Extended,
    /// The route is now a whole legal move: play it.
    Complete(M),
    /// The chosen piece was tapped again and is let go.
    Released,
    /// Nothing happened: not a highlighted cell.
    Ignored,
}

impl<M: Clone> RouteBuilder<M> {
    /// Routes given as (cells, move); an empty route is left out.
    pub fn from_routes(routes: Vec<(Vec<Cell>, M)>) -> Self {
        RouteBuilder {
            moves: routes
                .into_iter()
                .filter(|(cells, _)| !cells.is_empty())
                .collect(),
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
    pub fn tap(&mut self, cell: Cell) -> Tap<M> {
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
        if let Some((_, mv)) = self.moves.iter().find(|(cells, _)| *cells == candidate) {
            let mv = mv.clone();
            self.tapped.clear();
            return Tap::Complete(mv);
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
    use cozcade_engine::{GameKind, Side};

    /// Routes named by their notation, as cells.
    fn routes(moves: &[(&'static str, &[Cell])]) -> RouteBuilder<&'static str> {
        RouteBuilder::from_routes(
            moves
                .iter()
                .map(|(mv, cells)| (cells.to_vec(), *mv))
                .collect(),
        )
    }

    /// The cells of each legal move of `record`, by its notation.
    fn cells_by_text(record: &AnyRecord) -> Vec<(String, Vec<Cell>)> {
        let turn = record.turn();
        record
            .legal_moves()
            .iter()
            .map(|mv| {
                (
                    mv.to_string(),
                    mv.places(turn).into_iter().map(cell_of).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn kalah_pits_are_numbered_per_side() {
        let gold = cells_by_text(&AnyRecord::new(GameKind::Kalah));
        assert_eq!(gold[0], ("a".to_string(), vec![0]));
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play_text("a").expect("legal");
        assert_eq!(record.turn(), Side::Second);
        let turquoise = cells_by_text(&record);
        assert_eq!(turquoise[5], ("f".to_string(), vec![11]));
        assert_eq!(turquoise.len(), 6);
    }

    #[test]
    fn checkers_routes_list_every_landing() {
        let record =
            AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
        let cells = cells_by_text(&record);
        assert!(
            cells.contains(&("15x22x31".to_string(), vec![15, 22, 31])),
            "{cells:?}"
        );
        let start = cells_by_text(&AnyRecord::new(GameKind::Checkers));
        assert!(
            start.contains(&("11-15".to_string(), vec![11, 15])),
            "{start:?}"
        );
        let star = cells_by_text(&AnyRecord::new(GameKind::ChineseCheckers));
        assert!(
            star.contains(&("112-104".to_string(), vec![112, 104])),
            "{star:?}"
        );
        assert!(star.iter().all(|(_, cells)| cells.len() == 2));
    }

    #[test]
    fn a_capture_is_built_landing_by_landing_and_committed_whole() {
        // Two routes from 15 that share their first landing, and one from 11.
        let mut route = routes(&[
            ("15x22x29", &[15, 22, 29]),
            ("15x22x31", &[15, 22, 31]),
            ("11x18", &[11, 18]),
        ]);
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
        assert_eq!(route.tap(31), Tap::Complete("15x22x31"));
        assert!(route.tapped().is_empty());
    }

    #[test]
    fn tapping_the_chosen_piece_again_lets_it_go_and_cancel_forgets_the_route() {
        let mut route = routes(&[("94-58", &[94, 58]), ("94-76", &[94, 76])]);
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
        let mut record = AnyRecord::from_fen(GameKind::Kalah, "T:G4,4,4,4,4,4,0:T4,0,4,0,0,0,16")
            .expect("valid");
        let mut route = RouteBuilder::of(&record);
        assert_eq!(route.starts(), vec![6, 8]);
        assert_eq!(route.tap(0), Tap::Ignored);
        let Tap::Complete(mv) = route.tap(8) else {
            panic!("a pit is a whole move");
        };
        assert_eq!(mv.to_string(), "c");
        record.play(&mv).expect("legal");
    }

    #[test]
    fn a_pass_is_no_route() {
        let mut record = AnyRecord::from_fen(
            GameKind::ChineseCheckers,
            "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100",
        )
        .expect("valid");
        record.play_text("15-7").expect("legal");
        let route = RouteBuilder::of(&record);
        assert!(route.starts().is_empty());
        assert!(record.legal_moves().iter().all(AnyMove::is_pass));
    }
}
