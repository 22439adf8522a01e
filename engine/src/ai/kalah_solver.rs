//! An exact Kalah solver: the seeds the side to move can still gain over its opponent with
//! perfect play on both sides.
//!
//! What is already in the stores never changes how the game goes on; only the pits and the side
//! to move do. So the solver works on the pits alone: a position's value is the seeds the side
//! to move will still put in its store minus those its opponent will, and the final margin is
//! that value plus today's store difference. One table entry then serves every store split of
//! the same pits, and the value always lies within ± the seeds left in the pits.
//!
//! The search is alpha-beta over that value with a table of bounds (lower and upper, each one
//! proven), driven by MTD(f): a sequence of null-window searches that close in on the value.
//! It stops with [`OutOfBudget`] after a fixed number of nodes, so what it solves depends only
//! on the position and the budget, never on the machine.

use std::sync::LazyLock;

use super::{Rng, RngExt};
use crate::{
    Game, Side,
    kalah::{self, Kalah, Move, PITS, Pit, TOTAL_SEEDS},
};

/// The solver ran out of its node budget before it knew the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// Zobrist keys for the pits only, from the side to move's point of view: its own pits a..f,
/// then its opponent's a..f, each holding 0..=48 seeds.
const WIDTH: usize = TOTAL_SEEDS as usize + 1;
static KEYS: LazyLock<[u64; 2 * PITS * WIDTH]> =
    LazyLock::new(|| crate::zobrist::keys(0x534f_4c56_4552));

/// Up to six moves, best first.
struct Moves {
    keyed: [(i32, usize); PITS],
    len: usize,
}

impl IntoIterator for Moves {
    type Item = usize;
    type IntoIter = std::iter::Take<
        std::iter::Map<std::array::IntoIter<(i32, usize), PITS>, fn((i32, usize)) -> usize>,
    >;

    fn into_iter(self) -> Self::IntoIter {
        let pit: fn((i32, usize)) -> usize = |(_, pit)| pit;
        self.keyed.into_iter().map(pit).take(self.len)
    }
}

/// One table entry, 8 bytes (a bucket of two is 16): proven bounds on the value of the pits
/// whose key ends in `check` (its top 40 bits; the low bits chose the bucket).
#[derive(Copy, Clone)]
struct Slot {
    check: u32,
    check_low: u8,
    lower: i8,
    upper: i8,
    /// The move that reached `lower` (a pit index, 7 for none) in the low 3 bits, log2 of the
    /// nodes spent below (the entry kept when two compete for a place) in the high 5.
    best_work: u8,
}

impl Slot {
    /// No entry: bounds no position can break, and no move.
    const EMPTY: Slot = Slot {
        check: 0,
        check_low: 0,
        lower: i8::MIN,
        upper: i8::MAX,
        best_work: 7,
    };

    fn new(key: u64, lower: i32, upper: i32, best: u8, work: u32) -> Slot {
        Slot {
            check: (key >> 32) as u32,
            check_low: (key >> 24) as u8,
            lower: lower as i8,
            upper: upper as i8,
            best_work: (work.min(31) as u8) << 3 | best.min(7),
        }
    }

    fn holds(&self, key: u64) -> bool {
        self.check == (key >> 32) as u32 && self.check_low == (key >> 24) as u8
    }

    /// The move that reached the lower bound, or `NO_MOVE`.
    fn best(&self) -> u8 {
        match self.best_work & 7 {
            7 => NO_MOVE,
            pit => pit,
        }
    }

    fn work(&self) -> u8 {
        self.best_work >> 3
    }
}

const NO_MOVE: u8 = u8::MAX;

/// An exact solver with its own table, reusable across positions (entries stay valid: they
/// hold proven bounds of pit configurations, whatever position they came from).
pub struct Solver<'a> {
    /// Buckets of two: the first keeps the entry with more work below it, the second always
    /// takes the newest.
    slots: Vec<Slot>,
    mask: usize,
    nodes: u64,
    limit: u64,
    /// Looked at every [`STOP_EVERY`] nodes: the caller's cancel flag and safety clock.
    stop: &'a dyn Fn() -> bool,
}

const STOP_EVERY: u64 = 1024;

/// The pits seen from the side to move: its own a..f, then its opponent's a..f.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board([u8; 2 * PITS]);

/// What sowing one pit did.
struct Sown {
    /// The pits afterwards, seen from whoever moves next.
    board: Board,
    /// Seeds the mover gained over its opponent (its store, and at the end the rows).
    gain: i32,
    /// The mover moves again (its last seed fell into its store).
    again: bool,
    /// A row is empty: the game is over and `board` is empty.
    over: bool,
}

/// Sowing goes round 13 slots: the mover's pits 0..6, its store 6, the opponent's pits 7..13.
const RING: usize = 2 * PITS + 1;
const STORE: usize = PITS;

impl Board {
    pub(crate) fn of(position: &Kalah) -> Board {
        let me = position.turn();
        let mut pits = [0; 2 * PITS];
        pits[..PITS].copy_from_slice(&position.pits(me));
        pits[PITS..].copy_from_slice(&position.pits(me.other()));
        Board(pits)
    }

    fn seeds(&self) -> i32 {
        self.0.iter().map(|&s| i32::from(s)).sum()
    }

    /// The Zobrist key, stable across builds: the opening book is keyed on it.
    fn zobrist(&self) -> u64 {
        let keys = &*KEYS;
        let mut key = 0;
        for (i, &seeds) in self.0.iter().enumerate() {
            key ^= keys[i * WIDTH + usize::from(seeds)];
        }
        key
    }

    /// The table's key: the twelve pits (each below 64) hashed by multiplication, a few
    /// instructions where Zobrist's twelve lookups cost more at every node.
    fn key(&self) -> u64 {
        let [a0, a1, a2, a3, a4, a5, a6, a7, b0, b1, b2, b3] = self.0;
        let low = u64::from_le_bytes([a0, a1, a2, a3, a4, a5, a6, a7]);
        let high = u64::from(u32::from_le_bytes([b0, b1, b2, b3]));
        let mut h =
            low.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ high.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 32)
    }

    /// The same rules as [`Kalah`]'s `play_unchecked` (a test holds them equal), without the
    /// stores and with the board turned to the next mover.
    fn sow(&self, pit: usize) -> Sown {
        let mut pits = self.0;
        let seeds = usize::from(std::mem::take(&mut pits[pit]));
        let (laps, rest) = (seeds / RING, seeds % RING);
        let mut gain = laps as i32;
        if laps > 0 {
            for p in pits.iter_mut() {
                *p += laps as u8;
            }
        }
        let mut slot = pit;
        for _ in 0..rest {
            slot = (slot + 1) % RING;
            match slot {
                STORE => gain += 1,
                s if s < STORE => pits[s] += 1,
                s => pits[s - 1] += 1,
            }
        }
        let again = slot == STORE && seeds > 0;
        if slot < STORE && pits[slot] == 1 {
            let opposite = 2 * PITS - 1 - slot;
            if pits[opposite] > 0 {
                gain += i32::from(pits[opposite]) + 1;
                pits[opposite] = 0;
                pits[slot] = 0;
            }
        }
        let mine: i32 = pits[..PITS].iter().map(|&s| i32::from(s)).sum();
        let theirs: i32 = pits[PITS..].iter().map(|&s| i32::from(s)).sum();
        if mine == 0 || theirs == 0 {
            return Sown {
                board: Board([0; 2 * PITS]),
                gain: gain + mine - theirs,
                again: false,
                over: true,
            };
        }
        if !again {
            pits.rotate_left(PITS);
        }
        Sown {
            board: Board(pits),
            gain,
            again,
            over: false,
        }
    }

    /// Move ordering: extra turns first (nearest the store first), then captures by size,
    /// then the rest from the store end.
    fn order_hint(&self, pit: usize) -> i32 {
        let seeds = usize::from(self.0[pit]);
        let to_store = STORE - pit;
        if seeds % RING == to_store {
            return 1000 + pit as i32;
        }
        let landing = if seeds < to_store {
            Some(pit + seeds)
        } else if seeds == RING {
            Some(pit)
        } else {
            None
        };
        if let Some(target) = landing {
            let empty = self.0[target] == 0 || target == pit;
            let opposite = i32::from(self.0[2 * PITS - 1 - target]) + i32::from(seeds == RING);
            if empty && opposite > 0 {
                return 100 + 10 * opposite;
            }
        }
        pit as i32
    }
}

/// The key of `position`'s pits seen from the side to move.
pub fn pits_key(position: &Kalah) -> u64 {
    Board::of(position).zobrist()
}

/// Seeds the mover gains over its opponent by playing from `before` to `after`.
fn gain(before: &Kalah, after: &Kalah, mover: Side) -> i32 {
    let delta = |side: Side| i32::from(after.store(side)) - i32::from(before.store(side));
    delta(mover) - delta(mover.other())
}

impl<'a> Solver<'a> {
    /// A solver whose table holds `2^bits` entries (8 bytes each).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.max(1);
        Solver {
            slots: vec![Slot::EMPTY; size],
            mask: size - 2,
            nodes: 0,
            limit: u64::MAX,
            stop: &|| false,
        }
    }

    /// Gives up (as if out of budget) once `stop` says so.
    pub fn stop(mut self, stop: &'a dyn Fn() -> bool) -> Self {
        self.stop = stop;
        self
    }

    /// Nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `position` (seeds the side to move gains from here on over its opponent,
    /// with perfect play) within `budget` more nodes.
    pub fn value(&mut self, position: &Kalah, budget: u64) -> Result<i32, OutOfBudget> {
        self.limit = self.nodes.saturating_add(budget);
        if position.outcome().is_some() {
            return Ok(0);
        }
        let board = Board::of(position);
        // From below: a lower bound proven first leaves in the table the moves that reach it,
        // and the upper bound then costs little; the other way round both cost about as
        // much. On the hardest of the test's endgames (27 seeds, value -7) this halves the
        // nodes (2.5 M from 0, 1.3 M from -8). Most positions are worth a little less than
        // nothing to the side to move by then, so start at -30 % of the seeds left.
        let guess = -board.seeds() * 3 / 10;
        self.mtdf(board, guess)
    }

    /// An optimal move and the position's value, within `budget` more nodes. `None` when the
    /// game is over.
    pub fn best_move(
        &mut self,
        position: &Kalah,
        budget: u64,
    ) -> Result<Option<(Move, i32)>, OutOfBudget> {
        if position.outcome().is_some() {
            return Ok(None);
        }
        let value = self.value(position, budget)?;
        let board = Board::of(position);
        for pit in self.ordered_moves(&board, self.table_move(&board)) {
            if self.move_value_at_least(&board, pit, value)? {
                return Ok(Some((Move(Pit::ALL[pit]), value)));
            }
        }
        // Unreachable when the bounds are right: some move reaches the value.
        Err(OutOfBudget)
    }

    /// Every optimal move (at least one) and the position's value, within `budget` more nodes:
    /// the computer chooses among them at random. The first is [`Solver::best_move`]'s; when the
    /// budget runs out while the others are checked, the moves proven so far are the answer.
    /// `None` when the game is over.
    pub fn optimal_moves(
        &mut self,
        position: &Kalah,
        budget: u64,
    ) -> Result<Option<(Vec<Move>, i32)>, OutOfBudget> {
        if position.outcome().is_some() {
            return Ok(None);
        }
        let value = self.value(position, budget)?;
        let board = Board::of(position);
        let mut optimal = Vec::new();
        for pit in self.ordered_moves(&board, self.table_move(&board)) {
            match self.move_value_at_least(&board, pit, value) {
                Ok(true) => optimal.push(Move(Pit::ALL[pit])),
                Ok(false) => {}
                Err(OutOfBudget) if !optimal.is_empty() => break,
                Err(OutOfBudget) => return Err(OutOfBudget),
            }
        }
        if optimal.is_empty() {
            // Unreachable when the bounds are right: some move reaches the value.
            return Err(OutOfBudget);
        }
        Ok(Some((optimal, value)))
    }

    /// The exact value of every legal move (the gain from here with `mv` played first), within
    /// `budget` more nodes.
    pub fn move_values(
        &mut self,
        position: &Kalah,
        budget: u64,
    ) -> Result<Vec<(Move, i32)>, OutOfBudget> {
        self.limit = self.nodes.saturating_add(budget);
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let child = position.play_unchecked(&mv);
            let g = gain(position, &child, position.turn());
            let rest = if child.outcome().is_some() {
                0
            } else if child.turn() == position.turn() {
                self.mtdf(Board::of(&child), 0)?
            } else {
                -self.mtdf(Board::of(&child), 0)?
            };
            values.push((mv, g + rest));
        }
        Ok(values)
    }

    fn table_move(&self, board: &Board) -> Option<u8> {
        let key = board.key();
        let index = key as usize & self.mask;
        self.slots[index..index + 2]
            .iter()
            .find(|slot| slot.holds(key) && slot.best() != NO_MOVE)
            .map(|slot| slot.best())
    }

    /// Whether sowing `pit` first gains at least `target`.
    fn move_value_at_least(
        &mut self,
        board: &Board,
        pit: usize,
        target: i32,
    ) -> Result<bool, OutOfBudget> {
        let sown = board.sow(pit);
        let g = sown.gain;
        let v = if sown.over {
            g
        } else if sown.again {
            g + self.search(&sown.board, target - 1 - g, target - g)?
        } else {
            g - self.search(&sown.board, g - target, g - target + 1)?
        };
        Ok(v >= target)
    }

    /// MTD(f): null-window searches from `guess` until the bounds meet.
    fn mtdf(&mut self, board: Board, guess: i32) -> Result<i32, OutOfBudget> {
        let mut lower = -board.seeds();
        let mut upper = -lower;
        let mut value = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            value = self.search(&board, beta - 1, beta)?;
            if value < beta {
                upper = value;
            } else {
                lower = value;
            }
        }
        Ok(value)
    }

    /// The pits that can be sown, the table's move first, then by [`Board::order_hint`].
    fn ordered_moves(&self, board: &Board, first: Option<u8>) -> Moves {
        let mut moves = Moves {
            keyed: [(0, 0); PITS],
            len: 0,
        };
        for pit in 0..PITS {
            if board.0[pit] == 0 {
                continue;
            }
            let key = if first == Some(pit as u8) {
                i32::MAX
            } else {
                board.order_hint(pit)
            };
            // Insertion sort, best first: at most six moves.
            let mut i = moves.len;
            while i > 0 && moves.keyed[i - 1].0 < key {
                moves.keyed[i] = moves.keyed[i - 1];
                i -= 1;
            }
            moves.keyed[i] = (key, pit);
            moves.len += 1;
        }
        moves
    }

    /// Fail-soft alpha-beta on the gain of the side to move; the game is not over.
    fn search(&mut self, board: &Board, mut alpha: i32, mut beta: i32) -> Result<i32, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.limit || (self.nodes.is_multiple_of(STOP_EVERY) && (self.stop)()) {
            return Err(OutOfBudget);
        }
        let left = board.seeds();
        if alpha >= left {
            return Ok(left);
        }
        if beta <= -left {
            return Ok(-left);
        }
        let key = board.key();
        let index = key as usize & self.mask;
        let mut table_move = None;
        let (mut lower, mut upper) = (-left, left);
        for slot in &self.slots[index..index + 2] {
            if slot.holds(key) {
                lower = i32::from(slot.lower).max(-left);
                upper = i32::from(slot.upper).min(left);
                table_move = (slot.best() != NO_MOVE).then_some(slot.best());
                break;
            }
        }
        if lower >= beta {
            return Ok(lower);
        }
        if upper <= alpha {
            return Ok(upper);
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);

        let nodes_before = self.nodes;
        let (alpha_start, beta_start) = (alpha, beta);
        let mut best = -left - 1;
        let mut best_move = NO_MOVE;
        for pit in self.ordered_moves(board, table_move) {
            let sown = board.sow(pit);
            let g = sown.gain;
            let v = if sown.over {
                g
            } else if sown.again {
                g + self.search(&sown.board, alpha - g, beta - g)?
            } else {
                g - self.search(&sown.board, g - beta, g - alpha)?
            };
            if v > best {
                best = v;
                best_move = pit as u8;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }

        if best <= alpha_start {
            upper = upper.min(best);
        } else if best >= beta_start {
            lower = lower.max(best);
        } else {
            lower = best;
            upper = best;
        }
        let work = (self.nodes - nodes_before).max(1).ilog2();
        let kept_move = if best > alpha_start {
            best_move
        } else {
            table_move.unwrap_or(NO_MOVE)
        };
        let entry = Slot::new(key, lower, upper, kept_move, work);
        let bucket = &mut self.slots[index..index + 2];
        if bucket[0].holds(key) || entry.work() >= bucket[0].work() {
            if !bucket[0].holds(key) {
                bucket[1] = bucket[0];
            }
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
        Ok(best)
    }
}

/// A position reached in play: random moves from the start until at most `seeds` seeds are
/// left in the pits, tried again until the game is still on with at least `fewest` left. The
/// positions the solver's reach beyond Hard's exact range is measured on, in the tests and in
/// `examples/kalah_solve.rs`: unlike [`random_endgame`]'s, their stores are those of real games.
pub fn reached_endgame(fewest: u32, seeds: u32, rng: &mut Rng) -> Kalah {
    loop {
        let mut position = Kalah::start();
        while position.outcome().is_none() && super::seeds_in_play(&position) > seeds {
            let moves = position.legal_moves();
            position = position.play_unchecked(&moves[rng.random_range(0..moves.len())]);
        }
        if position.outcome().is_none() && super::seeds_in_play(&position) >= fewest {
            return position;
        }
    }
}

/// A random position with `seeds` seeds left in the pits (both rows non-empty) and the rest
/// split between the stores at random: the positions the solver is checked on, in the tests
/// and in `examples/kalah_solve.rs`.
pub fn random_endgame(seeds: u32, rng: &mut Rng) -> Kalah {
    loop {
        let mut pits = [[0u8; PITS]; 2];
        for _ in 0..seeds {
            let side = rng.random_range(0..2) as usize;
            pits[side][rng.random_range(0..PITS as u64) as usize] += 1;
        }
        if pits.iter().any(|row| row.iter().all(|&s| s == 0)) {
            continue;
        }
        let stored = 48 - seeds as u8;
        let gold = rng.random_range(0..u64::from(stored) + 1) as u8;
        let turn = if rng.random_range(0..2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let setup = kalah::Setup {
            pits,
            stores: [gold, stored - gold],
            turn,
        };
        if let Ok(position) = Kalah::try_from(setup) {
            return position;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{RngExt, seeded, tests::random_position};

    #[test]
    fn sowing_the_board_follows_the_rules() {
        let mut rng = seeded(3);
        let mut checked = 0;
        while checked < 3000 {
            let Some(position) = random_position(Kalah::start(), rng.random_range(0..60), &mut rng)
            else {
                continue;
            };
            let board = Board::of(&position);
            for mv in position.legal_moves() {
                let child = position.play_unchecked(&mv);
                let sown = board.sow(mv.0.index());
                assert_eq!(
                    sown.gain,
                    gain(&position, &child, position.turn()),
                    "{position} {mv}"
                );
                assert_eq!(sown.over, child.outcome().is_some(), "{position} {mv}");
                if !sown.over {
                    assert_eq!(sown.again, child.turn() == position.turn());
                    assert_eq!(sown.board, Board::of(&child), "{position} {mv}");
                }
            }
            checked += 1;
        }
    }

    #[test]
    fn finds_the_optimal_move_in_the_reported_position() {
        // Hard used to play e here (+10); c gives +12.
        let position: Kalah = "G:G0,1,1,0,1,0,18:T0,11,0,0,1,9,6".parse().unwrap();
        let mut solver = Solver::new(20);
        let values = solver.move_values(&position, u64::MAX).unwrap();
        let stores = 18 - 6;
        let c = values.iter().find(|(mv, _)| mv.0.index() == 2).unwrap().1;
        let e = values.iter().find(|(mv, _)| mv.0.index() == 4).unwrap().1;
        assert_eq!((stores + c, stores + e), (12, 10), "{values:?}");
        let (mv, value) = solver.best_move(&position, u64::MAX).unwrap().unwrap();
        assert_eq!((mv.0.index(), stores + value), (2, 12));
    }

    #[test]
    fn optimal_moves_are_exactly_the_moves_worth_the_value() {
        let mut rng = seeded(17);
        let mut with_a_choice = 0;
        for _ in 0..60 {
            let position = random_endgame(6 + rng.random_range(0..14), &mut rng);
            let Some((optimal, value)) =
                Solver::new(18).optimal_moves(&position, u64::MAX).unwrap()
            else {
                continue;
            };
            let values = Solver::new(18).move_values(&position, u64::MAX).unwrap();
            let best: Vec<Move> = values
                .iter()
                .filter(|(_, v)| *v == value)
                .map(|(mv, _)| *mv)
                .collect();
            let mut sorted = optimal.clone();
            sorted.sort_by_key(|mv| mv.0.index());
            assert_eq!(sorted, best, "{position}: {values:?}");
            assert_eq!(values.iter().map(|(_, v)| *v).max(), Some(value));
            with_a_choice += usize::from(optimal.len() > 1);
        }
        assert!(with_a_choice > 0, "no endgame had two optimal moves");
    }
}
