//! Move generation on the bitboards, for one side given as the const generic `RED`
//! (`true` for red, who moves toward higher squares).
//!
//! Everything here is always inlined into a caller that knows the side, so each `shift` is a
//! single instruction and the direction tests fold away.

use super::board::{Bits, Board, crown_row, shift};

/// The four diagonals, toward lower squares first so that routes come out in ascending order.
pub(crate) const DIRECTIONS: [i32; 4] = [-5, -4, 4, 5];

/// At most this many jumps in one move: each jump takes a different one of the opponent's at
/// most twelve pieces.
pub(crate) const MAX_JUMPS: usize = 12;

/// Whether `d` is forward for the side.
#[inline(always)]
pub(crate) const fn is_forward<const RED: bool>(d: i32) -> bool {
    (d > 0) == RED
}

/// The side's two forward directions.
#[inline(always)]
const fn forward<const RED: bool>() -> [i32; 2] {
    if RED { [4, 5] } else { [-5, -4] }
}

/// The mover's pieces that can capture (men forward, kings both ways).
#[inline(always)]
pub(crate) fn jumpers<const RED: bool>(us: u64, kings: u64, them: u64, empty: u64) -> u64 {
    let mut found = 0;
    for d in DIRECTIONS {
        let movers = if is_forward::<RED>(d) { us } else { us & kings };
        found |= movers & shift(them, -d) & shift(empty, -2 * d);
    }
    found
}

/// The mover's pieces that can make a plain step.
#[inline(always)]
pub(crate) fn steppers<const RED: bool>(us: u64, kings: u64, empty: u64) -> u64 {
    let mut found = 0;
    for d in DIRECTIONS {
        let movers = if is_forward::<RED>(d) { us } else { us & kings };
        found |= movers & shift(empty, -d);
    }
    found
}

/// Whether the side to move has any legal move.
#[inline(always)]
pub(crate) fn has_moves<const RED: bool>(board: &Board) -> bool {
    let (us, them) = board.split::<RED>();
    let empty = board.empty();
    let kings = us & board.kings;
    steppers::<RED>(us, kings, empty) | jumpers::<RED>(us, kings, them, empty) != 0
}

/// A capture route under construction: where the piece started and is now, its landings (as
/// bit positions) and the pieces jumped so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Route {
    pub(crate) from: u64,
    pub(crate) at: u64,
    pub(crate) landings: [u8; MAX_JUMPS],
    pub(crate) len: usize,
    pub(crate) captured: u64,
}

/// Calls `sink` with every complete capture route of the piece on `from`.
///
/// The jumped pieces stay on the board until the move ends, so they block landings and cannot
/// be jumped twice; the square the piece left is empty (a king may come back to it).
#[inline(always)]
pub(crate) fn capture_routes<const RED: bool, F: FnMut(&Route)>(
    from: u64,
    king: bool,
    them: u64,
    empty: u64,
    sink: &mut F,
) {
    let mut route = Route {
        from,
        at: from,
        landings: [0; MAX_JUMPS],
        len: 0,
        captured: 0,
    };
    extend::<RED, F>(&mut route, king, them, empty | from, sink);
}

fn extend<const RED: bool, F: FnMut(&Route)>(
    route: &mut Route,
    king: bool,
    them: u64,
    empty: u64,
    sink: &mut F,
) {
    let at = route.at;
    let mut extended = false;
    for d in DIRECTIONS {
        if !king && !is_forward::<RED>(d) {
            continue;
        }
        let over = shift(at, d) & them & !route.captured;
        let land = shift(at, 2 * d) & empty;
        // The length check never fires on a valid position (at most twelve pieces to jump);
        // it keeps the array access panic-free whatever happens.
        if over == 0 || land == 0 || route.len >= MAX_JUMPS {
            continue;
        }
        extended = true;
        route.landings[route.len] = land.trailing_zeros() as u8;
        route.len += 1;
        route.captured |= over;
        route.at = land;
        if !king && land & crown_row::<RED>() != 0 {
            // A man that reaches the far row is crowned and the move ends there.
            sink(route);
        } else {
            extend::<RED, F>(route, king, them, empty, sink);
        }
        route.len -= 1;
        route.captured &= !over;
        route.at = at;
    }
    if !extended && route.len > 0 {
        sink(route);
    }
}

/// Complete capture routes of a man on `at`; 0 when it cannot jump.
#[inline]
fn count_man_routes<const RED: bool>(at: u64, them: u64, empty: u64) -> u64 {
    let mut routes = 0;
    for d in forward::<RED>() {
        let over = shift(at, d) & them;
        let land = shift(at, 2 * d) & empty;
        if over != 0 && land != 0 {
            routes += if land & crown_row::<RED>() != 0 {
                1
            } else {
                count_man_routes::<RED>(land, them & !over, empty).max(1)
            };
        }
    }
    routes
}

/// Complete capture routes of a king on `at`; 0 when it cannot jump. `empty` must include the
/// square the king started from.
#[inline]
fn count_king_routes(at: u64, them: u64, empty: u64) -> u64 {
    let mut routes = 0;
    for d in DIRECTIONS {
        let over = shift(at, d) & them;
        let land = shift(at, 2 * d) & empty;
        if over != 0 && land != 0 {
            routes += count_king_routes(land, them & !over, empty).max(1);
        }
    }
    routes
}

/// The number of legal moves, without listing them: the leaves of a bulk-counting perft.
/// Each capture route counts once.
#[inline(always)]
pub(crate) fn count_moves<const RED: bool>(board: &Board) -> u64 {
    let (us, them) = board.split::<RED>();
    let empty = board.empty();
    let kings = us & board.kings;
    let capturers = jumpers::<RED>(us, kings, them, empty);
    if capturers != 0 {
        let mut routes = 0;
        for piece in Bits(capturers) {
            routes += if piece & kings != 0 {
                count_king_routes(piece, them, empty | piece)
            } else {
                count_man_routes::<RED>(piece, them, empty)
            };
        }
        return routes;
    }
    let [f1, f2] = forward::<RED>();
    let targets = [
        shift(us, f1) & empty,
        shift(us, f2) & empty,
        shift(kings, -f1) & empty,
        shift(kings, -f2) & empty,
    ];
    targets.iter().map(|t| u64::from(t.count_ones())).sum()
}

/// A move reduced to what changes the board: the perft's own move type.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    pub(crate) from: u64,
    pub(crate) to: u64,
    pub(crate) captured: u64,
}

/// Appends every legal move as a [`Change`].
#[inline(always)]
pub(crate) fn changes<const RED: bool>(board: &Board, out: &mut Vec<Change>) {
    let (us, them) = board.split::<RED>();
    let empty = board.empty();
    let kings = us & board.kings;
    let capturers = jumpers::<RED>(us, kings, them, empty);
    if capturers != 0 {
        for piece in Bits(capturers) {
            capture_routes::<RED, _>(piece, piece & kings != 0, them, empty, &mut |r: &Route| {
                out.push(Change {
                    from: r.from,
                    to: r.at,
                    captured: r.captured,
                })
            });
        }
        return;
    }
    for d in DIRECTIONS {
        let movers = if is_forward::<RED>(d) { us } else { kings };
        for to in Bits(shift(movers, d) & empty) {
            out.push(Change {
                from: shift(to, -d),
                to,
                captured: 0,
            });
        }
    }
}

/// The board after the mover plays `change`.
#[inline(always)]
pub(crate) fn apply<const RED: bool>(board: &Board, change: &Change) -> Board {
    let (us, them) = board.split::<RED>();
    let Change { from, to, captured } = *change;
    // `from == to` when a king's capture loop ends where it began: remove, then place.
    let us = (us & !from) | to;
    let them = them & !captured;
    let crowned = board.kings & from != 0 || to & crown_row::<RED>() != 0;
    let mut kings = board.kings & !from & !captured;
    if crowned {
        kings |= to;
    }
    let pieces = if RED { [us, them] } else { [them, us] };
    Board { pieces, kings }
}
