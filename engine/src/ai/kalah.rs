//! How the computer plays Kalah.

use super::{
    IndexedRandom, Level, Profile, Rng, RngExt,
    evaluate::{Evaluate, Exact, PROVEN, Score},
    kalah_solver::Solver,
    search::MAX_PLY,
};
use crate::{
    Game, Side,
    kalah::{Kalah, Move, PITS, Pit, TOTAL_SEEDS},
};

/// A seed in the store is worth this much; the other terms are fractions of a seed.
const SEED: Score = 100;
/// Seeds still in a row end in that row's owner's store when the other row runs dry, so they
/// count for something, but far less than stored seeds: most of them will be sown away.
const ROW_SEED: Score = 20;
/// More than half of the seeds in the store decides the game, whatever happens next.
const DECIDED: Score = 20 * SEED;

/// Hard solves the position exactly when at most this many seeds are left in the pits...
pub(crate) const HARD_EXACT_SEEDS: u32 = 28;
/// ... and the solver proves the value within this many nodes; otherwise it searches.
pub(crate) const HARD_EXACT_NODES: u64 = 3_000_000;
/// With a few more seeds left the solver is tried first on a smaller budget, so that a failed
/// try and the search after it still answer within a second in the worker on a phone four
/// times slower than a desktop. It proves about two in five of the positions reached in play
/// with 29 to 34 seeds (engine/BENCHMARKS.md).
pub(crate) const HARD_TRY_SEEDS: u32 = 34;
/// ... and the budget of that try.
pub(crate) const HARD_TRY_NODES: u64 = 600_000;
/// The solver's table: 2^20 entries of 16 bytes.
pub const HARD_EXACT_TABLE_BITS: u32 = 20;

/// The search's score of a final margin of `margin` seeds for the side to move (as
/// [`Evaluate::terminal_score`] scores a finished game).
fn proven_score(margin: Score) -> Score {
    match margin.signum() {
        1 => PROVEN + margin,
        -1 => -PROVEN + margin,
        _ => 0,
    }
}

impl Evaluate for Kalah {
    /// Counts to the stores first, then the seeds each side still holds in its row.
    fn evaluate(&self) -> Score {
        let me = self.turn();
        let them = me.other();
        let stores = Score::from(self.store(me)) - Score::from(self.store(them));
        let rows = self.row_seeds(me) as Score - self.row_seeds(them) as Score;
        let half = (TOTAL_SEEDS / 2) as u8;
        let decided = if self.store(me) > half {
            DECIDED
        } else if self.store(them) > half {
            -DECIDED
        } else {
            0
        };
        SEED * stores + ROW_SEED * rows + decided
    }

    /// The final margin in seeds on top of a proven win or loss: the search maximises the
    /// margin, which is exactly what the exhaustive solver in the tests computes.
    /// On the evaluation's scale (a seed is [`SEED`], a won game [`DECIDED`] more), not as a
    /// proven result: the aim is the largest margin, and a line that ends the game inside the
    /// horizon with a small win must not outrank a line the search cannot yet see to the end
    /// that wins by more. (Scored at `PROVEN`, the search took a certain +4 over a +12 it could
    /// not see the end of.)
    fn terminal_score(&self, _ply: u32) -> Score {
        let margin = self.store_margin();
        SEED * margin + margin.signum() * DECIDED
    }

    /// Hard: the opening book, then the exact solver when few enough seeds are left (the
    /// search answers where the solver runs out of its budget).
    fn exact(&self, level: Level, nodes: Option<u64>, stop: &dyn Fn() -> bool) -> Exact<Move> {
        let nothing = |nodes| Exact {
            answer: None,
            nodes,
        };
        if level != Level::Hard {
            return nothing(0);
        }
        if let Some((mv, value)) = super::kalah_book::lookup(self) {
            // The book keeps one proven move per position.
            return Exact {
                answer: Some((vec![mv], proven_score(self.store_margin() + value))),
                nodes: 0,
            };
        }
        let most = match seeds_in_play(self) {
            seeds if seeds <= HARD_EXACT_SEEDS => HARD_EXACT_NODES,
            // A caller's budget smaller than the try leaves it to the search: cut short, the
            // try would rarely prove anything and its nodes would come on top of the search's.
            seeds if seeds <= HARD_TRY_SEEDS && nodes.is_none_or(|n| n >= HARD_TRY_NODES) => {
                HARD_TRY_NODES
            }
            _ => return nothing(0),
        };
        let budget = nodes.map_or(most, |n| n.min(most));
        let mut solver = Solver::new(HARD_EXACT_TABLE_BITS).stop(stop);
        match solver.optimal_moves(self, budget) {
            Ok(Some((moves, value))) => Exact {
                answer: Some((moves, proven_score(self.store_margin() + value))),
                nodes: solver.nodes(),
            },
            _ => nothing(solver.nodes()),
        }
    }

    /// Extra turns first (the pit nearest the store first, as it disturbs nothing), then
    /// captures by size.
    fn order_hint(&self, mv: &Move) -> i32 {
        let me = self.turn();
        let pit = mv.0.index();
        let seeds = usize::from(self.seeds(me, mv.0));
        let to_store = PITS - pit;
        // A full lap is 13 slots (the opponent's store is skipped).
        if seeds % 13 == to_store % 13 && seeds > 0 {
            return 1000 + pit as i32;
        }
        let landing = if seeds < to_store {
            Some(pit + seeds)
        } else if seeds == 13 {
            Some(pit)
        } else {
            None
        };
        match landing.and_then(Pit::new) {
            Some(target) => {
                let was_empty = self.seeds(me, target) == 0 || target.index() == pit;
                let opposite =
                    u32::from(self.seeds(me.other(), target.opposite())) + u32::from(seeds == 13);
                if was_empty && opposite > 0 {
                    100 + 10 * opposite as i32
                } else {
                    0
                }
            }
            None => 0,
        }
    }

    const HISTORY_SLOTS: usize = PITS;

    fn history_slot(&self, mv: &Move) -> usize {
        mv.0.index()
    }

    fn profile(level: Level) -> Profile {
        match level {
            // One ply: it sees what a move puts in its store right away (captures, extra
            // turns), with a noise of three seeds and a quarter of its moves at random.
            Level::Easy => Profile {
                depth: 1,
                nodes: 10_000,
                noise: 3 * SEED,
                random_percent: 25,
            },
            // Four plies: its own move, the reply, and extra turns and captures on both sides.
            Level::Medium => Profile {
                depth: 4,
                nodes: 200_000,
                noise: 0,
                random_percent: 0,
            },
            // Outside the book and the solver's reach: as deep as 400 k nodes go, a move within
            // a second in the browser on a phone's CPU (engine/BENCHMARKS.md).
            Level::Hard => Profile {
                depth: MAX_PLY - 1,
                nodes: 400_000,
                noise: 0,
                random_percent: 0,
            },
        }
    }

    /// The start followed by two to four random plies.
    fn opening(_game_pair: u32, rng: &mut Rng) -> Self {
        let mut position = Kalah::start();
        let plies = 2 + rng.random_range(0..3);
        for _ in 0..plies {
            let moves = position.legal_moves();
            match moves.choose(rng) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        position
    }
}

impl Kalah {
    /// The side to move's store minus its opponent's.
    fn store_margin(&self) -> Score {
        let me = self.turn();
        Score::from(self.store(me)) - Score::from(self.store(me.other()))
    }
}

/// Seeds still in the pits (not in a store).
pub fn seeds_in_play(position: &Kalah) -> u32 {
    Side::BOTH
        .iter()
        .map(|&side| position.row_seeds(side))
        .sum()
}
