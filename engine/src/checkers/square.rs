use std::{fmt, str::FromStr};

use super::board;

/// One of the 32 dark squares, numbered 1..32 as in PDN (see the module docs for the picture).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, 1..32.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with PDN number `number` (1..32).
    pub const fn new(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// The PDN number, 1..32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0..31, for per-square arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub(crate) const fn from_index(index: u8) -> Square {
        Square(index & 31)
    }

    /// The row in the PDN diagram: 0 is the top row (squares 1..4, red's back row), 7 the
    /// bottom row (29..32, white's back row).
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The column in the PDN diagram, 0..7 from the left. Dark squares are at odd columns on
    /// even rows and at even columns on odd rows.
    pub const fn column(self) -> u8 {
        let k = self.0 % 4;
        if self.row().is_multiple_of(2) {
            2 * k + 1
        } else {
            2 * k
        }
    }

    /// The dark square at `row`, `column` (both 0..7), or `None` for a light square or off the
    /// board.
    pub const fn from_row_column(row: u8, column: u8) -> Option<Square> {
        if row >= 8 || column >= 8 || (row + column).is_multiple_of(2) {
            return None;
        }
        Some(Square(row * 4 + column / 2))
    }

    /// The square between two squares a jump apart, if they are a jump apart.
    pub const fn between(self, other: Square) -> Option<Square> {
        let (r1, c1, r2, c2) = (self.row(), self.column(), other.row(), other.column());
        if r1.abs_diff(r2) != 2 || c1.abs_diff(c2) != 2 {
            return None;
        }
        Square::from_row_column((r1 + r2) / 2, (c1 + c2) / 2)
    }

    /// Its bit in the padded bitboard layout.
    pub(crate) const fn bit(self) -> u64 {
        board::bit(self.0)
    }

    /// The square of a single-bit bitboard.
    pub(crate) const fn from_bit(bit: u64) -> Square {
        Square(board::index_of_position(bit.trailing_zeros()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.number())
    }
}

/// A square number, `1`..`32`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a square number 1..32")]
pub struct BadSquare;

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Only plain digits: `u8::from_str` would also take a leading `+`.
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadSquare);
        }
        text.parse::<u8>()
            .ok()
            .and_then(Square::new)
            .ok_or(BadSquare)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u8) -> Square {
        Square::new(n).unwrap()
    }

    #[test]
    fn numbering_matches_the_pdn_diagram() {
        assert_eq!((sq(1).row(), sq(1).column()), (0, 1));
        assert_eq!((sq(4).row(), sq(4).column()), (0, 7));
        assert_eq!((sq(5).row(), sq(5).column()), (1, 0));
        assert_eq!((sq(32).row(), sq(32).column()), (7, 6));
        for s in Square::ALL {
            assert_eq!(Square::from_row_column(s.row(), s.column()), Some(s));
            assert_eq!(Square::from_bit(s.bit()), s);
        }
        assert_eq!(Square::from_row_column(0, 0), None);
        assert_eq!(Square::from_row_column(8, 1), None);
    }

    #[test]
    fn between_finds_the_jumped_square() {
        assert_eq!(sq(15).between(sq(22)), Some(sq(18)));
        assert_eq!(sq(22).between(sq(15)), Some(sq(18)));
        assert_eq!(sq(1).between(sq(10)), Some(sq(6)));
        assert_eq!(sq(1).between(sq(6)), None);
        assert_eq!(sq(1).between(sq(3)), None);
    }

    #[test]
    fn parses_only_square_numbers() {
        assert_eq!("7".parse::<Square>(), Ok(sq(7)));
        for bad in ["", "0", "33", "+5", "-1", "5 ", "999999999999999999999"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }
}
