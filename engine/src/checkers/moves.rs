use std::fmt;

use super::{Square, movegen::MAX_JUMPS};

/// Squares in the longest route: the start and one landing per jump.
const MAX_ROUTE: usize = MAX_JUMPS + 1;

/// A complete checkers move: a step, or a whole capture chain.
///
/// It carries everything needed to apply, undo and draw it: the route (start and every
/// landing), the captured squares (and which of them held kings), and whether the moving man
/// is crowned. Moves come from [`super::Checkers`]'s move generation or `parse_move`; two moves
/// are equal when they are the same route in the same position.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// `route[..len]` is the start and every landing; the rest is zero so equality is by route.
    route: [Square; MAX_ROUTE],
    len: u8,
    /// Captured pieces, as bits of the board layout.
    captured: u64,
    /// Those of them that were kings.
    captured_kings: u64,
    crowns: bool,
}

impl Move {
    /// A plain step.
    pub(crate) fn step(from: Square, to: Square, crowns: bool) -> Move {
        let mut route = [Square::from_index(0); MAX_ROUTE];
        route[0] = from;
        route[1] = to;
        Move {
            route,
            len: 2,
            captured: 0,
            captured_kings: 0,
            crowns,
        }
    }

    /// A capture route; `landings` are bit positions of the board layout, at most `MAX_JUMPS`.
    pub(crate) fn capture(
        from: Square,
        landings: &[u8],
        captured: u64,
        captured_kings: u64,
        crowns: bool,
    ) -> Move {
        let mut route = [Square::from_index(0); MAX_ROUTE];
        route[0] = from;
        let mut len = 1;
        for (slot, &position) in route[1..].iter_mut().zip(landings) {
            *slot = Square::from_bit(1 << position);
            len += 1;
        }
        Move {
            route,
            len,
            captured,
            captured_kings,
            crowns,
        }
    }

    /// The start and every landing.
    pub fn route(&self) -> &[Square] {
        &self.route[..usize::from(self.len)]
    }

    pub fn from(&self) -> Square {
        self.route[0]
    }

    /// Where the piece ends.
    pub fn to(&self) -> Square {
        self.route[usize::from(self.len) - 1]
    }

    /// Every landing, in order (one for a step).
    pub fn landings(&self) -> &[Square] {
        &self.route[1..usize::from(self.len)]
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The captured squares in the order they are jumped.
    pub fn captured(&self) -> impl Iterator<Item = Square> + '_ {
        let route = if self.is_capture() { self.route() } else { &[] };
        route.windows(2).filter_map(|pair| pair[0].between(pair[1]))
    }

    /// Whether the piece captured on `square` was a king (for undo and drawing).
    pub fn captured_king(&self, square: Square) -> bool {
        self.captured_kings & square.bit() != 0
    }

    /// Whether the moving man is crowned at the end of the move.
    pub fn crowns(&self) -> bool {
        self.crowns
    }

    pub(crate) fn captured_bits(&self) -> u64 {
        self.captured
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}", self.from())?;
        for landing in self.landings() {
            write!(f, "{separator}{landing}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}
