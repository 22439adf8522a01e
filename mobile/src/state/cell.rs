//! A place on a board as the boards number it for the page (`#cell-N`, `data-cell`): a Kalah pit
//! (`side * 6 + pit`, gold's a..f are 0..5), a checkers square (1..=32) or a Chinese Checkers
//! hole (1..=121). Inside the state the engine's [`Place`] is used; this numbering is the
//! boards' and the page's.

use cozcade_engine::{
    GameKind, Place, Side,
    checkers::Square,
    chinese_checkers::Hole,
    kalah::{PITS, Pit},
};

/// A place as the boards number it.
pub type Cell = u8;

/// The cell a place is drawn and tapped as.
pub fn cell_of(place: Place) -> Cell {
    match place {
        Place::Pit(side, pit) => (side.index() * PITS + pit.index()) as Cell,
        Place::Square(square) => square.number(),
        Place::Hole(hole) => hole.number(),
    }
}

/// The place a cell of `kind`'s board stands for; `None` for a number that is no place there.
pub fn place_of(kind: GameKind, cell: Cell) -> Option<Place> {
    match kind {
        GameKind::Kalah => {
            let side = match usize::from(cell) / PITS {
                0 => Side::First,
                1 => Side::Second,
                _ => return None,
            };
            Pit::new(usize::from(cell) % PITS).map(|pit| Place::Pit(side, pit))
        }
        GameKind::Checkers => Square::new(cell).map(Place::Square),
        GameKind::ChineseCheckers => Hole::new(cell).map(Place::Hole),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cozcade_engine::AnyRecord;

    #[test]
    fn every_place_of_every_move_is_a_cell_and_back() {
        for kind in GameKind::ALL {
            let mut record = AnyRecord::new(kind);
            for _ in 0..2 {
                let turn = record.turn();
                for mv in record.legal_moves() {
                    for place in mv.places(turn) {
                        assert_eq!(place_of(kind, cell_of(place)), Some(place), "{kind} {mv}");
                    }
                }
                let first = record.legal_moves()[0];
                record.play(&first).expect("legal");
            }
        }
        // Kalah numbers each side's pits: turquoise's f is 11.
        assert_eq!(
            cell_of(Place::Pit(Side::Second, Pit::new(5).expect("f"))),
            11
        );
        assert_eq!(place_of(GameKind::Kalah, 12), None);
        assert_eq!(place_of(GameKind::Checkers, 0), None);
        assert_eq!(place_of(GameKind::ChineseCheckers, 122), None);
    }
}
