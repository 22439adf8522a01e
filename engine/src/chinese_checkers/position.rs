use std::{fmt, str::FromStr, sync::LazyLock};

use super::board::{bit, goal, holes};
use super::moves::{can_move, is_hop, push_moves, reach, route_of};
use super::{HOLES, Hole, MARBLES, MAX_ROUTE, Move, Route, Setup};
use crate::{
    DrawReason, Game, GameKind, MoveError, Outcome, PositionError, Side, error::clip, zobrist,
};

/// A valid Chinese Checkers position: ten marbles a side on distinct holes, and the side to move.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ChineseCheckers {
    /// A bitboard per side (bit i = hole i + 1), indexed by [`Side::index`].
    marbles: [u128; 2],
    turn: Side,
}

/// A key per (side, hole), then one for coral to move.
static KEYS: LazyLock<[u64; 2 * HOLES + 1]> =
    LazyLock::new(|| zobrist::keys(0x0043_4849_4E45_5345));

impl ChineseCheckers {
    pub fn setup(&self) -> Setup {
        let list = |side: Side| holes(self.marbles[side.index()]).map(Hole::of).collect();
        Setup {
            marbles: [list(Side::First), list(Side::Second)],
            turn: self.turn,
        }
    }

    /// Whose marble is on `hole`.
    pub fn marble_at(&self, hole: Hole) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.marbles[s.index()] & bit(hole.index()) != 0)
    }

    /// The holes of `side`'s marbles, ascending.
    pub fn marbles(&self, side: Side) -> Vec<Hole> {
        holes(self.marbles[side.index()]).map(Hole::of).collect()
    }

    /// How many of `side`'s marbles are in its goal (the "x/10" arrival count).
    pub fn arrivals(&self, side: Side) -> u8 {
        (self.marbles[side.index()] & goal(side)).count_ones() as u8
    }

    /// The side to move's marbles that have at least one move, ascending (none when the game is
    /// over or the side must pass).
    pub fn movable_marbles(&self) -> Vec<Hole> {
        if self.is_won() {
            return Vec::new();
        }
        let (own, all) = self.own_and_all();
        let target = goal(self.turn);
        holes(own)
            .filter(|&from| can_move(all & !bit(from), from, target))
            .map(Hole::of)
            .collect()
    }

    /// Where the side to move's marble on `from` can go, each with a shortest route; empty when
    /// `from` holds no marble of the side to move or the game is over.
    pub fn destinations(&self, from: Hole) -> Vec<(Hole, Route)> {
        let mut moves = Vec::new();
        self.push_moves_from(from.index(), &mut moves);
        moves
            .into_iter()
            .filter_map(|mv| match mv {
                Move::Marble { to, route, .. } => Some((to, route)),
                Move::Pass => None,
            })
            .collect()
    }

    /// The first movable marble after `after` in hole order, wrapping round; from the lowest
    /// hole when `after` is `None`. `None` when no marble can move. (The Home key.)
    pub fn next_movable(&self, after: Option<Hole>) -> Option<Hole> {
        let movable = self.movable_marbles();
        let first_after = after.and_then(|a| movable.iter().copied().find(|&h| h > a));
        first_after.or_else(|| movable.first().copied())
    }

    /// Whether the side that just moved has filled its goal (with at least one own marble).
    fn is_won(&self) -> bool {
        self.has_filled_goal(self.turn.other())
    }

    fn has_filled_goal(&self, side: Side) -> bool {
        let target = goal(side);
        let occupied = self.marbles[0] | self.marbles[1];
        occupied & target == target && self.marbles[side.index()] & target != 0
    }

    /// The side to move's marbles, and every marble.
    fn own_and_all(&self) -> (u128, u128) {
        (
            self.marbles[self.turn.index()],
            self.marbles[0] | self.marbles[1],
        )
    }

    fn has_any_move(&self, side: Side) -> bool {
        let all = self.marbles[0] | self.marbles[1];
        let target = goal(side);
        holes(self.marbles[side.index()]).any(|from| can_move(all & !bit(from), from, target))
    }

    fn push_moves_from(&self, from: usize, out: &mut Vec<Move>) {
        let (own, all) = self.own_and_all();
        if own & bit(from) != 0 && !self.is_won() {
            push_moves(all & !bit(from), from, goal(self.turn), out);
        }
    }

    /// Where the side to move's marble on `from` can go, as a bitboard.
    fn reach_from(&self, from: usize) -> u128 {
        let (_, all) = self.own_and_all();
        reach(all & !bit(from), from, goal(self.turn))
    }

    /// Whether passing is the legal move: the side to move is blocked and the other is not.
    fn must_pass(&self) -> bool {
        !self.is_won() && !self.has_any_move(self.turn) && self.has_any_move(self.turn.other())
    }

    fn moved(&self, from: usize, to: usize) -> ChineseCheckers {
        let mut marbles = self.marbles;
        marbles[self.turn.index()] ^= bit(from) | bit(to);
        ChineseCheckers {
            marbles,
            turn: self.turn.other(),
        }
    }

    fn passed(&self) -> ChineseCheckers {
        ChineseCheckers {
            marbles: self.marbles,
            turn: self.turn.other(),
        }
    }

    /// Bulk-counting perft that walks (from, to) pairs as bitboards and never builds routes;
    /// the generic [`crate::perft::perft`] over [`Game::legal_moves`] must agree with it.
    fn perft_fast(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_won() {
            return 0;
        }
        let (own, _) = self.own_and_all();
        let mut total = 0;
        let mut any = false;
        for from in holes(own) {
            let targets = self.reach_from(from);
            any |= targets != 0;
            if depth == 1 {
                total += u64::from(targets.count_ones());
            } else {
                for to in holes(targets) {
                    total += self.moved(from, to).perft_fast(depth - 1);
                }
            }
        }
        if !any && self.has_any_move(self.turn.other()) {
            // The single legal move is a pass.
            total = self.passed().perft_fast(depth - 1);
        }
        total
    }

    /// Checks every hop of a route typed by a player (the endpoints are checked separately).
    fn is_hop_route(&self, route: &[Hole]) -> bool {
        let (_, all) = self.own_and_all();
        let others = all & !bit(route[0].index());
        let target = goal(self.turn);
        route
            .windows(2)
            .all(|pair| is_hop(others, pair[0], pair[1], target))
    }
}

impl TryFrom<Setup> for ChineseCheckers {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, Self::Error> {
        let mut marbles = [0u128; 2];
        for side in Side::BOTH {
            let list = &setup.marbles[side.index()];
            if list.len() != MARBLES {
                return Err(PositionError::Impossible(format!(
                    "{} has {} marbles; each side has {MARBLES}",
                    GameKind::ChineseCheckers.side_name(side),
                    list.len()
                )));
            }
            for hole in list {
                if (marbles[0] | marbles[1]) & bit(hole.index()) != 0 {
                    return Err(PositionError::Impossible(format!(
                        "hole {hole} is listed twice"
                    )));
                }
                marbles[side.index()] |= bit(hole.index());
            }
        }
        Ok(ChineseCheckers {
            marbles,
            turn: setup.turn,
        })
    }
}

impl FromStr for ChineseCheckers {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ChineseCheckers::try_from(text.parse::<Setup>()?)
    }
}

impl fmt::Display for ChineseCheckers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

impl fmt::Debug for ChineseCheckers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChineseCheckers({self})")
    }
}

impl Game for ChineseCheckers {
    type Move = Move;

    const KIND: GameKind = GameKind::ChineseCheckers;
    const REPETITION_DRAW: bool = true;

    fn start() -> Self {
        ChineseCheckers::try_from(Setup::default()).expect("the starting setup is valid")
    }

    fn turn(&self) -> Side {
        self.turn
    }

    fn generate_moves(&self, out: &mut Vec<Move>) {
        if self.is_won() {
            return;
        }
        let before = out.len();
        let (own, all) = self.own_and_all();
        let target = goal(self.turn);
        for from in holes(own) {
            push_moves(all & !bit(from), from, target, out);
        }
        if out.len() == before && self.has_any_move(self.turn.other()) {
            out.push(Move::Pass);
        }
    }

    fn is_legal(&self, mv: &Move) -> bool {
        match *mv {
            Move::Marble { from, to, .. } => {
                let (own, _) = self.own_and_all();
                !self.is_won()
                    && own & bit(from.index()) != 0
                    && self.reach_from(from.index()) & bit(to.index()) != 0
            }
            Move::Pass => self.must_pass(),
        }
    }

    fn play_unchecked(&self, mv: &Move) -> Self {
        match *mv {
            Move::Marble { from, to, .. } => self.moved(from.index(), to.index()),
            Move::Pass => self.passed(),
        }
    }

    /// `from-to`, a whole route `from-a-b-to` (every hop checked), or `pass`.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        const EXPECTED: &str = "from-to (hole numbers 1..121), a route from-a-b-to, or pass";
        let trimmed = text.trim();
        let syntax = || MoveError::Syntax {
            text: clip(text),
            expected: EXPECTED,
        };
        if trimmed.eq_ignore_ascii_case("pass") {
            if self.outcome().is_some() {
                return Err(MoveError::GameOver);
            }
            return if self.must_pass() {
                Ok(Move::Pass)
            } else {
                Err(MoveError::Illegal(
                    "pass (passing is only allowed with no move)".into(),
                ))
            };
        }
        let mut holes = Vec::new();
        for number in trimmed.split('-') {
            if holes.len() >= MAX_ROUTE {
                return Err(syntax());
            }
            holes.push(Hole::parse(number).ok_or_else(syntax)?);
        }
        let route = match route_of(&holes) {
            Some(route) if holes.len() >= 2 => route,
            _ => return Err(syntax()),
        };
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let (from, to) = (route.from(), route.to());
        let illegal = |why: &str| MoveError::Illegal(format!("{} ({why})", clip(trimmed)));
        if from == to {
            return Err(illegal("a route that ends where it started is not a move"));
        }
        if self.marble_at(from) != Some(self.turn) {
            return Err(illegal("no marble of the side to move there"));
        }
        if !self.is_legal(&Move::along(route)) {
            return Err(illegal("that marble cannot get there"));
        }
        if holes.len() > 2 && !self.is_hop_route(&holes) {
            return Err(illegal("not every leg of the route is a hop"));
        }
        // The canonical move, with the engine's shortest route, so a move reads back the same
        // however it was typed.
        let mut moves = Vec::new();
        self.push_moves_from(from.index(), &mut moves);
        moves
            .into_iter()
            .find(|mv| *mv == Move::along(route))
            .ok_or_else(|| illegal("no route"))
    }

    fn outcome(&self) -> Option<Outcome> {
        let mover = self.turn.other();
        if self.has_filled_goal(mover) {
            Some(Outcome::Win(mover))
        } else if !self.has_any_move(self.turn) && !self.has_any_move(mover) {
            Some(Outcome::Draw(DrawReason::NoMoves))
        } else {
            None
        }
    }

    /// A marble entering its goal never leaves it, so no earlier position can recur: the
    /// repetition search in [`crate::Record`] may stop there.
    fn resets_quiet_clock(&self, mv: &Move) -> bool {
        match *mv {
            Move::Marble { from, to, .. } => {
                !from.is_goal_of(self.turn) && to.is_goal_of(self.turn)
            }
            Move::Pass => false,
        }
    }

    fn zobrist(&self) -> u64 {
        let mut key = if self.turn == Side::Second {
            KEYS[2 * HOLES]
        } else {
            0
        };
        for side in Side::BOTH {
            for hole in holes(self.marbles[side.index()]) {
                key ^= KEYS[side.index() * HOLES + hole];
            }
        }
        key
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }
}
