//! The unvalidated position and its text form, PDN FEN.

use std::{fmt, str::FromStr};

use super::Square;
use crate::{PositionError, Side, error::clip};

/// A piece: whose it is and whether it is a king.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// A position as read from text or built by hand, not yet checked against the rules;
/// [`super::Checkers::try_from`] is the only way to a playable position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What stands on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 32],
    pub turn: Side,
}

impl Setup {
    /// A board with nothing on it.
    pub fn empty(turn: Side) -> Setup {
        Setup {
            board: [None; 32],
            turn,
        }
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    pub fn put(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square.index()] = piece;
    }
}

impl Default for Setup {
    /// The starting position: red on 1..12, white on 21..32, red to move.
    fn default() -> Self {
        let mut setup = Setup::empty(Side::First);
        for square in Square::ALL {
            let side = match square.number() {
                1..=12 => Side::First,
                21..=32 => Side::Second,
                _ => continue,
            };
            setup.put(square, Some(Piece { side, king: false }));
        }
        setup
    }
}

/// PDN calls red "Black" (B) and white "White" (W).
fn colour_letter(side: Side) -> char {
    match side {
        Side::First => 'B',
        Side::Second => 'W',
    }
}

fn parse_colour(text: &str) -> Result<Side, PositionError> {
    match text {
        "B" => Ok(Side::First),
        "W" => Ok(Side::Second),
        _ => Err(PositionError::Syntax(format!(
            "expected a colour B (red) or W (white), found {:?}",
            clip(text)
        ))),
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Reads PDN FEN: `B:W21,22,...,32:B1,...,12`. Lenient where PDN allows: either colour
    /// first, ranges such as `K1-4` or `21-32`, a trailing `.`, spaces around the parts.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text).trim_end();
        let mut fields = text.split(':');
        let turn = parse_colour(fields.next().unwrap_or("").trim())?;
        let mut setup = Setup::empty(turn);
        let mut listed = [false; 2];
        let mut count = 0;
        for field in fields {
            count += 1;
            if count > 2 {
                return Err(PositionError::Syntax(
                    "expected three ':'-separated fields: turn, white pieces, black pieces".into(),
                ));
            }
            let field = field.trim();
            let (letter, list) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
            let side = parse_colour(letter)?;
            if std::mem::replace(&mut listed[side.index()], true) {
                return Err(PositionError::Syntax(format!(
                    "colour {} is listed twice",
                    colour_letter(side)
                )));
            }
            parse_pieces(list, side, &mut setup)?;
        }
        if listed != [true, true] {
            return Err(PositionError::Syntax(
                "expected both colours, as in B:W21,...,32:B1,...,12".into(),
            ));
        }
        Ok(setup)
    }
}

/// A comma list of squares or ranges, each optionally prefixed by `K`; may be empty.
fn parse_pieces(list: &str, side: Side, setup: &mut Setup) -> Result<(), PositionError> {
    if list.trim().is_empty() {
        return Ok(());
    }
    for item in list.split(',') {
        let item = item.trim();
        let (king, squares) = match item.strip_prefix('K') {
            Some(rest) => (true, rest.trim_start()),
            None => (false, item),
        };
        let (first, last) = match squares.split_once('-') {
            Some((a, b)) => (parse_square(a.trim(), item)?, parse_square(b.trim(), item)?),
            None => {
                let square = parse_square(squares, item)?;
                (square, square)
            }
        };
        if first > last {
            return Err(PositionError::Syntax(format!(
                "range {:?} runs backwards",
                clip(item)
            )));
        }
        for number in first.number()..=last.number() {
            let square = Square::new(number).unwrap_or(first);
            if setup.piece_at(square).is_some() {
                return Err(PositionError::Impossible(format!(
                    "square {square} is given twice"
                )));
            }
            setup.put(square, Some(Piece { side, king }));
        }
    }
    Ok(())
}

fn parse_square(text: &str, item: &str) -> Result<Square, PositionError> {
    text.parse().map_err(|_| {
        PositionError::Syntax(format!(
            "{:?} is not a square: expected 1..32, optionally with K for a king",
            clip(item)
        ))
    })
}

impl fmt::Display for Setup {
    /// Canonical PDN FEN: the side to move, then white's squares, then red's, ascending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", colour_letter(self.turn))?;
        for side in [Side::Second, Side::First] {
            write!(f, ":{}", colour_letter(side))?;
            let mut first = true;
            for square in Square::ALL {
                let Some(piece) = self.piece_at(square) else {
                    continue;
                };
                if piece.side != side {
                    continue;
                }
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                if piece.king {
                    f.write_str("K")?;
                }
                write!(f, "{square}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

    #[test]
    fn the_start_prints_canonically() {
        assert_eq!(Setup::default().to_string(), START);
        assert_eq!(START.parse::<Setup>(), Ok(Setup::default()));
    }

    #[test]
    fn lenient_forms_read_the_same() {
        for text in [
            "B:B1-12:W21-32",
            " B : W21-32 : B1-12 . ",
            "B:W21-24,25,26-32:B1,2,3-12.",
            "B:W 21, 22-32:B1-12",
        ] {
            assert_eq!(text.parse::<Setup>(), Ok(Setup::default()), "{text:?}");
        }
        let kings: Setup = "W:WK1-2,30:B5".parse().unwrap();
        assert_eq!(kings.to_string(), "W:WK1,K2,30:B5");
        assert_eq!(kings.turn, Side::Second);
    }

    #[test]
    fn empty_sides_are_allowed_in_text() {
        let setup: Setup = "W:W:B1".parse().unwrap();
        assert_eq!(setup.to_string(), "W:W:B1");
    }

    #[test]
    fn bad_text_is_refused() {
        for bad in [
            "",
            "B",
            "X:W21:B1",
            "B:W21",
            "B:W21:B1:W22",
            "B:W21:W22",
            "B:W21:B21",
            "B:W0:B1",
            "B:W33:B1",
            "B:W21,,22:B1",
            "B:W21-19:B1",
            "B:W21-:B1",
            "B:WK:B1",
            "B:Wx:B1",
            "B:W+5:B1",
            "B:W5 6:B1",
            "B:W99999999999999999999:B1",
            "B:W1-32-3:B1",
            "é:Wé:Bé",
            "B:é21:B1",
            "B:W21:B1..",
        ] {
            assert!(bad.parse::<Setup>().is_err(), "{bad:?} should be refused");
        }
    }
}
