//! The bitboard layout.
//!
//! Square index `i` (0..31, PDN number minus one) lives at bit `i + i / 8`: after every two
//! rows a "ghost" bit (8, 17, 26) is left empty. With that padding every diagonal is a fixed
//! shift on every row: +4 goes down-left and +5 down-right (toward square 32), -4 up-right and
//! -5 up-left. A step that would leave the board lands on a ghost bit or outside bits 0..34, so
//! masking with [`BOARD`] is the whole edge handling — no per-row masks as in the packed
//! 32-bit layout with its 3/4/5 shifts.

use crate::Side;

/// The empty padding bits between row pairs.
const GHOSTS: u64 = (1 << 8) | (1 << 17) | (1 << 26);
/// The 32 playable squares.
pub(crate) const BOARD: u64 = ((1 << 35) - 1) & !GHOSTS;

/// The bit of square index `index` (0..31).
pub(crate) const fn bit(index: u8) -> u64 {
    1 << (index + index / 8)
}

/// The square index (0..31) at bit position `position`.
pub(crate) const fn index_of_position(position: u32) -> u8 {
    (position - position / 9) as u8
}

/// Red's men crown on 29..32, white's on 1..4.
pub(crate) const fn crown_row<const RED: bool>() -> u64 {
    if RED {
        bit(28) | bit(29) | bit(30) | bit(31)
    } else {
        bit(0) | bit(1) | bit(2) | bit(3)
    }
}

pub(crate) const fn crown_row_of(side: Side) -> u64 {
    match side {
        Side::First => crown_row::<true>(),
        Side::Second => crown_row::<false>(),
    }
}

/// Moves every bit by `d` positions (toward higher squares when positive). Always inlined with
/// a constant `d`, so it compiles to one shift.
#[inline(always)]
pub(crate) const fn shift(bits: u64, d: i32) -> u64 {
    if d >= 0 { bits << d } else { bits >> -d }
}

/// The pieces on the board, by side (indexed by [`Side::index`]) and which of them are kings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub(crate) pieces: [u64; 2],
    pub(crate) kings: u64,
}

impl Board {
    /// The mover's pieces and the opponent's, for the side given as a const generic.
    #[inline(always)]
    pub(crate) const fn split<const RED: bool>(&self) -> (u64, u64) {
        if RED {
            (self.pieces[0], self.pieces[1])
        } else {
            (self.pieces[1], self.pieces[0])
        }
    }

    #[inline(always)]
    pub(crate) const fn empty(&self) -> u64 {
        BOARD & !(self.pieces[0] | self.pieces[1])
    }
}

/// The single bits of a bitboard, lowest first.
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = u64;

    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        if self.0 == 0 {
            return None;
        }
        let lowest = self.0 & self.0.wrapping_neg();
        self.0 ^= lowest;
        Some(lowest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_has_32_squares_and_uniform_diagonals() {
        assert_eq!(BOARD.count_ones(), 32);
        // Square 1 (index 0) touches 5 and 6 going down; square 4 touches only 8; square 5
        // only 9; square 12 only 16.
        let down = |i: u8| {
            let b = bit(i);
            let mut to: Vec<u8> = Bits((shift(b, 4) | shift(b, 5)) & BOARD)
                .map(|t| index_of_position(t.trailing_zeros()) + 1)
                .collect();
            to.sort();
            to
        };
        assert_eq!(down(0), vec![5, 6]);
        assert_eq!(down(3), vec![8]);
        assert_eq!(down(4), vec![9]);
        assert_eq!(down(11), vec![16]);
        assert_eq!(down(12), vec![17]);
        assert_eq!(down(13), vec![17, 18]);
        assert_eq!(down(31), Vec::<u8>::new());
    }
}
