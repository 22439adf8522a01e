use std::{fmt, str::FromStr, sync::LazyLock};

use super::{
    Move, PIECES_PER_SIDE, Piece, Setup, Square,
    board::{BOARD, Bits, Board, crown_row, crown_row_of},
    movegen::{self, DIRECTIONS, Route, is_forward},
};
use crate::{Game, GameKind, MoveError, Outcome, PositionError, Side, error::clip, zobrist};

/// A valid checkers position: at most twelve pieces a side, no man on its crowning row.
///
/// Small and `Copy`: the search copies positions instead of undoing moves.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Checkers {
    board: Board,
    turn: Side,
    /// Zobrist key of board and turn, kept up to date move by move.
    key: u64,
}

/// Where a capture chosen landing by landing stands (see [`Checkers::continue_route`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteProgress {
    /// The possible next landings, ascending; empty when the route is complete.
    pub next: Vec<Square>,
    /// The squares jumped so far, in order.
    pub captured: Vec<Square>,
    /// The whole move, when the landings chosen so far already make one.
    pub complete: Option<Move>,
}

/// Keys for (bit position 0..34, piece kind 0..3), then the side to move.
const KINDS: usize = 4;
static KEYS: LazyLock<[u64; 35 * KINDS + 1]> =
    LazyLock::new(|| zobrist::keys(0x4348_4543_4B45_5253));
const TURN_KEY: usize = 35 * KINDS;

#[inline(always)]
fn piece_key(position: u32, side: Side, king: bool) -> u64 {
    KEYS[position as usize * KINDS + side.index() * 2 + usize::from(king)]
}

impl Checkers {
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = square.bit();
        let king = self.board.kings & bit != 0;
        Side::BOTH
            .into_iter()
            .find(|side| self.board.pieces[side.index()] & bit != 0)
            .map(|side| Piece { side, king })
    }

    /// Pieces `side` has on the board.
    pub fn piece_count(&self, side: Side) -> u32 {
        self.board.pieces[side.index()].count_ones()
    }

    /// Kings `side` has on the board.
    pub fn king_count(&self, side: Side) -> u32 {
        (self.board.pieces[side.index()] & self.board.kings).count_ones()
    }

    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty(self.turn);
        for square in Square::ALL {
            setup.put(square, self.piece_at(square));
        }
        setup
    }

    /// The squares of the pieces that have a legal move, ascending.
    pub fn movable_pieces(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.legal_moves().iter().map(Move::from).collect();
        squares.dedup();
        squares
    }

    /// The first landings of the legal moves from `from`, ascending (empty when it cannot
    /// move).
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        self.continue_route(from, &[])
            .map(|progress| progress.next)
            .unwrap_or_default()
    }

    /// For a move chosen landing by landing: given the start and the landings chosen so far,
    /// the possible next landings, the squares jumped so far, and the whole move once the
    /// landings make one. `None` when no legal move begins that way.
    pub fn continue_route(&self, from: Square, landings: &[Square]) -> Option<RouteProgress> {
        let depth = landings.len() + 1;
        let matching: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.from() == from && mv.landings().starts_with(landings))
            .collect();
        if matching.is_empty() {
            return None;
        }
        let mut next: Vec<Square> = matching
            .iter()
            .filter_map(|mv| mv.route().get(depth).copied())
            .collect();
        next.sort_unstable();
        next.dedup();
        let complete = matching
            .iter()
            .find(|mv| mv.route().len() == depth)
            .copied();
        let mut route = vec![from];
        route.extend_from_slice(landings);
        let captured = route
            .windows(2)
            .filter_map(|pair| pair[0].between(pair[1]))
            .collect();
        Some(RouteProgress {
            next,
            captured,
            complete,
        })
    }

    fn compute_key(board: &Board, turn: Side) -> u64 {
        let mut key = if turn == Side::Second {
            KEYS[TURN_KEY]
        } else {
            0
        };
        for side in Side::BOTH {
            for bit in Bits(board.pieces[side.index()]) {
                key ^= piece_key(bit.trailing_zeros(), side, board.kings & bit != 0);
            }
        }
        key
    }

    fn generate<const RED: bool>(&self, out: &mut Vec<Move>) {
        let board = &self.board;
        let (us, them) = board.split::<RED>();
        let empty = board.empty();
        let kings = us & board.kings;
        let capturers = movegen::jumpers::<RED>(us, kings, them, empty);
        if capturers != 0 {
            for piece in Bits(capturers) {
                let king = piece & kings != 0;
                let from = Square::from_bit(piece);
                movegen::capture_routes::<RED, _>(piece, king, them, empty, &mut |r: &Route| {
                    let crowns = !king && r.at & crown_row::<RED>() != 0;
                    let captured_kings = r.captured & board.kings;
                    let landings = r.landings.get(..r.len).unwrap_or(&[]);
                    out.push(Move::capture(
                        from,
                        landings,
                        r.captured,
                        captured_kings,
                        crowns,
                    ));
                });
            }
            return;
        }
        // Piece by piece so that the list comes out ordered by start, then destination.
        for piece in Bits(movegen::steppers::<RED>(us, kings, empty)) {
            let king = piece & kings != 0;
            let from = Square::from_bit(piece);
            for d in DIRECTIONS {
                if !king && !is_forward::<RED>(d) {
                    continue;
                }
                let to = super::board::shift(piece, d) & empty;
                if to != 0 {
                    let crowns = !king && to & crown_row::<RED>() != 0;
                    out.push(Move::step(from, Square::from_bit(to), crowns));
                }
            }
        }
    }

    fn has_moves(&self) -> bool {
        match self.turn {
            Side::First => movegen::has_moves::<true>(&self.board),
            Side::Second => movegen::has_moves::<false>(&self.board),
        }
    }

    /// Why a syntactically fine move is not legal here, for the error message.
    fn illegal(&self, text: &str, moves: &[Move], capture: bool) -> MoveError {
        let reason = if !capture && moves.iter().any(Move::is_capture) {
            " (a capture is mandatory)"
        } else {
            ""
        };
        MoveError::Illegal(format!("{}{reason}", clip(text)))
    }
}

impl TryFrom<Setup> for Checkers {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, Self::Error> {
        let mut board = Board {
            pieces: [0; 2],
            kings: 0,
        };
        for square in Square::ALL {
            let Some(piece) = setup.piece_at(square) else {
                continue;
            };
            let bit = square.bit();
            board.pieces[piece.side.index()] |= bit;
            if piece.king {
                board.kings |= bit;
            } else if crown_row_of(piece.side) & bit != 0 {
                return Err(PositionError::Impossible(format!(
                    "an uncrowned {} man on square {square}, its crowning row",
                    GameKind::Checkers.side_name(piece.side)
                )));
            }
        }
        for side in Side::BOTH {
            let count = board.pieces[side.index()].count_ones();
            if count > PIECES_PER_SIDE {
                return Err(PositionError::Impossible(format!(
                    "{} has {count} pieces; at most {PIECES_PER_SIDE}",
                    GameKind::Checkers.side_name(side)
                )));
            }
        }
        debug_assert_eq!((board.pieces[0] | board.pieces[1]) & !BOARD, 0);
        Ok(Checkers {
            board,
            turn: setup.turn,
            key: Checkers::compute_key(&board, setup.turn),
        })
    }
}

impl FromStr for Checkers {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Checkers::try_from(text.parse::<Setup>()?)
    }
}

impl fmt::Display for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

impl fmt::Debug for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Checkers(\"{self}\")")
    }
}

/// The longest move text worth reading: thirteen squares and separators.
const MAX_MOVE_TEXT: usize = 13 * 3;

impl Game for Checkers {
    type Move = Move;

    const KIND: GameKind = GameKind::Checkers;
    /// 40 moves by each side without a capture or a man move.
    const QUIET_PLY_LIMIT: Option<u32> = Some(80);
    const REPETITION_DRAW: bool = true;

    fn start() -> Self {
        Checkers::try_from(Setup::default()).expect("the starting setup is valid")
    }

    fn turn(&self) -> Side {
        self.turn
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        match self.turn {
            Side::First => self.generate::<true>(out),
            Side::Second => self.generate::<false>(out),
        }
    }

    fn play_unchecked(&self, mv: &Move) -> Self {
        let mover = self.turn;
        let from = mv.from().bit();
        let to = mv.to().bit();
        let captured = mv.captured_bits();
        let was_king = self.board.kings & from != 0;
        let king = was_king || mv.crowns();

        let mut board = self.board;
        let (us, them) = (mover.index(), mover.other().index());
        board.pieces[us] = (board.pieces[us] & !from) | to;
        board.pieces[them] &= !captured;
        board.kings &= !from & !captured;
        if king {
            board.kings |= to;
        }

        let mut key = self.key ^ KEYS[TURN_KEY];
        key ^= piece_key(from.trailing_zeros(), mover, was_king);
        key ^= piece_key(to.trailing_zeros(), mover, king);
        for bit in Bits(captured & self.board.pieces[them]) {
            key ^= piece_key(
                bit.trailing_zeros(),
                mover.other(),
                self.board.kings & bit != 0,
            );
        }
        Checkers {
            board,
            turn: mover.other(),
            key,
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        const EXPECTED: &str = "a move such as 11-15 or 15x22x29";
        let syntax = || MoveError::Syntax {
            text: clip(text),
            expected: EXPECTED,
        };
        let trimmed = text.trim();
        if trimmed.len() > MAX_MOVE_TEXT {
            return Err(syntax());
        }
        let capture = trimmed.contains(['x', 'X']);
        let separator: &[char] = if capture { &['x', 'X'] } else { &['-'] };
        let squares = trimmed
            .split(separator)
            .map(|part| part.trim().parse::<Square>())
            .collect::<Result<Vec<Square>, _>>()
            .map_err(|_| syntax())?;
        if squares.len() < 2 || (!capture && squares.len() != 2) {
            return Err(syntax());
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Err(MoveError::GameOver);
        }
        if let Some(mv) = moves
            .iter()
            .find(|mv| mv.is_capture() == capture && mv.route() == squares)
        {
            return Ok(*mv);
        }
        // The short capture form `15x29`: fine when exactly one route goes from 15 to 29.
        if capture && squares.len() == 2 {
            let mut routes = moves
                .iter()
                .filter(|mv| mv.is_capture() && mv.from() == squares[0] && mv.to() == squares[1]);
            if let Some(first) = routes.next() {
                return match routes.next() {
                    None => Ok(*first),
                    Some(_) => Err(MoveError::Ambiguous(clip(trimmed))),
                };
            }
        }
        Err(self.illegal(trimmed, &moves, capture))
    }

    fn outcome(&self) -> Option<Outcome> {
        (!self.has_moves()).then_some(Outcome::Win(self.turn.other()))
    }

    /// A capture or a man move is irreversible.
    fn resets_quiet_clock(&self, mv: &Move) -> bool {
        mv.is_capture() || self.board.kings & mv.from().bit() == 0
    }

    fn zobrist(&self) -> u64 {
        self.key
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(&self.board, self.turn, depth)
    }
}
