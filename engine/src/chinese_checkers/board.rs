//! The star's geometry: holes, their coordinates, and the neighbour and hop tables the move
//! generator walks. Everything here is computed at compile time from the row lengths.

use std::fmt;

use super::HOLES;
use crate::Side;

/// Holes per row, from the top tip down.
const ROW_LENGTHS: [usize; ROWS] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const ROWS: usize = 17;

/// Index of the first hole of each row (and one past the last hole at the end).
const ROW_START: [usize; ROWS + 1] = {
    let mut start = [0; ROWS + 1];
    let mut row = 0;
    while row < ROWS {
        start[row + 1] = start[row] + ROW_LENGTHS[row];
        row += 1;
    }
    assert!(start[ROWS] == HOLES);
    start
};

/// The six directions as (row step, x step): east, north-east, north-west, west, south-west,
/// south-east. A hole's x coordinate moves by 2 along a row and by 1 between rows.
const DIRECTIONS: [(i32, i32); 6] = [(0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)];

/// "No hole": off the board in that direction.
pub(super) const NONE: u8 = u8::MAX;

/// The hole at (row, x), if the star has one there.
const fn index_at(row: i32, x: i32) -> Option<usize> {
    if row < 0 || row >= ROWS as i32 {
        return None;
    }
    let n = ROW_LENGTHS[row as usize] as i32;
    // x = 2k - (n - 1), so 2k = x + n - 1 must be even and 0 <= k < n.
    let twice_k = x + n - 1;
    if twice_k < 0 || twice_k % 2 != 0 || twice_k / 2 >= n {
        return None;
    }
    Some(ROW_START[row as usize] + (twice_k / 2) as usize)
}

pub(super) struct Tables {
    pub row: [u8; HOLES],
    pub x: [i8; HOLES],
    /// `neighbour[h][d]`: the adjacent hole in direction d, or [`NONE`].
    pub neighbour: [[u8; 6]; HOLES],
    /// `landing[h][d]`: where a hop from h over `neighbour[h][d]` lands, or [`NONE`].
    pub landing: [[u8; 6]; HOLES],
    /// The adjacent holes as a bitboard, for generating steps in one go.
    pub adjacent: [u128; HOLES],
}

const fn build() -> Tables {
    let mut t = Tables {
        row: [0; HOLES],
        x: [0; HOLES],
        neighbour: [[NONE; 6]; HOLES],
        landing: [[NONE; 6]; HOLES],
        adjacent: [0; HOLES],
    };
    let mut row = 0;
    while row < ROWS {
        let n = ROW_LENGTHS[row];
        let mut k = 0;
        while k < n {
            let h = ROW_START[row] + k;
            let x = 2 * k as i32 - (n as i32 - 1);
            t.row[h] = row as u8;
            t.x[h] = x as i8;
            let mut d = 0;
            while d < 6 {
                let (dr, dx) = DIRECTIONS[d];
                if let Some(next) = index_at(row as i32 + dr, x + dx) {
                    t.neighbour[h][d] = next as u8;
                    t.adjacent[h] |= 1 << next;
                    if let Some(land) = index_at(row as i32 + 2 * dr, x + 2 * dx) {
                        t.landing[h][d] = land as u8;
                    }
                }
                d += 1;
            }
            k += 1;
        }
        row += 1;
    }
    t
}

pub(super) static TABLES: Tables = build();

/// Holes 1..10: the top triangle, coral's start and jade's goal.
const TOP: u128 = (1 << 10) - 1;
/// Holes 112..121: the bottom triangle, jade's start and coral's goal.
const BOTTOM: u128 = ((1 << 10) - 1) << (HOLES - 10);

/// The triangle `side` must fill.
#[inline]
pub(super) const fn goal(side: Side) -> u128 {
    match side {
        Side::First => TOP,
        Side::Second => BOTTOM,
    }
}

#[inline]
pub(super) const fn bit(index: usize) -> u128 {
    1 << index
}

/// The holes of a bitboard, lowest first.
pub(super) fn holes(mut board: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if board == 0 {
            return None;
        }
        let index = board.trailing_zeros() as usize;
        board &= board - 1;
        Some(index)
    })
}

/// One of the 121 holes. Printed and parsed as its number, 1..121.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(u8);

impl Hole {
    /// The hole numbered `number` (1..121).
    pub fn new(number: u8) -> Option<Hole> {
        (1..=HOLES as u8)
            .contains(&number)
            .then(|| Hole(number - 1))
    }

    /// From a 0-based index (0..120), e.g. into an array of holes.
    pub fn from_index(index: usize) -> Option<Hole> {
        (index < HOLES).then_some(Hole(index as u8))
    }

    /// For indices the engine made itself (bits of a board, table entries): always < 121.
    #[inline]
    pub(super) const fn of(index: usize) -> Hole {
        debug_assert!(index < HOLES);
        Hole(index as u8)
    }

    /// The hole at (row, x) in the coordinates of [`Hole::row`] and [`Hole::x`], if any.
    pub fn at(row: u8, x: i8) -> Option<Hole> {
        index_at(i32::from(row), i32::from(x)).map(|i| Hole(i as u8))
    }

    /// Every hole, in number order.
    pub fn all() -> impl Iterator<Item = Hole> {
        (0..HOLES as u8).map(Hole)
    }

    /// 1..121.
    pub fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0..120.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row from the top tip, 0..16.
    pub fn row(self) -> u8 {
        TABLES.row[self.index()]
    }

    /// Horizontal position in half-hole units, centred: -12..12. Adjacent holes in a row differ
    /// by 2; a hole's neighbours in the rows above and below are at x-1 and x+1.
    pub fn x(self) -> i8 {
        TABLES.x[self.index()]
    }

    /// The (up to six) adjacent holes.
    pub fn neighbours(self) -> impl Iterator<Item = Hole> {
        TABLES.neighbour[self.index()]
            .into_iter()
            .filter(|&n| n != NONE)
            .map(Hole)
    }

    /// Whether this hole is in the triangle `side` must fill.
    pub fn is_goal_of(self, side: Side) -> bool {
        goal(side) & bit(self.index()) != 0
    }

    /// Reads a hole number strictly: 1 to 3 ASCII digits naming 1..121, as printed (no sign,
    /// no spaces, no leading zero), so every accepted text has one spelling.
    pub(super) fn parse(text: &str) -> Option<Hole> {
        let digits = text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit());
        if !digits || text.starts_with('0') {
            return None;
        }
        text.parse::<u8>().ok().and_then(Hole::new)
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hole({})", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_follow_the_design() {
        let h = |n| Hole::new(n).unwrap();
        assert_eq!((h(1).row(), h(1).x()), (0, 0));
        assert_eq!((h(2).row(), h(2).x()), (1, -1));
        assert_eq!((h(11).row(), h(11).x()), (4, -12));
        assert_eq!((h(23).row(), h(23).x()), (4, 12));
        assert_eq!((h(61).row(), h(61).x()), (8, 0), "the centre hole");
        assert_eq!((h(121).row(), h(121).x()), (16, 0));
        for hole in Hole::all() {
            assert_eq!(Hole::at(hole.row(), hole.x()), Some(hole));
        }
    }

    #[test]
    fn neighbours_are_symmetric_and_hops_go_straight() {
        for hole in Hole::all() {
            for n in hole.neighbours() {
                assert!(n.neighbours().any(|m| m == hole), "{hole:?} - {n:?}");
            }
            for d in 0..6 {
                let land = TABLES.landing[hole.index()][d];
                if land != NONE {
                    let over = TABLES.neighbour[hole.index()][d] as usize;
                    assert_eq!(TABLES.neighbour[over][d], land);
                }
            }
        }
        // The tip has two neighbours, the centre six.
        assert_eq!(Hole::new(1).unwrap().neighbours().count(), 2);
        assert_eq!(Hole::new(61).unwrap().neighbours().count(), 6);
    }

    #[test]
    fn hole_numbers_parse_strictly() {
        assert_eq!(Hole::parse("1"), Hole::new(1));
        assert_eq!(Hole::parse("121"), Hole::new(121));
        for bad in [
            "", "0", "007", "01", "122", "255", "256", "+5", "-5", " 5", "5 ", "1000", "x",
        ] {
            assert_eq!(Hole::parse(bad), None, "{bad:?}");
        }
    }
}
