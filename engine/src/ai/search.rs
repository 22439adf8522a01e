//! The search: iterative-deepening alpha-beta negamax with a transposition table, used by all
//! three levels with different depths, budgets and randomness.
//!
//! Negamax scores every position from the side to move's point of view. A move after which the
//! same side moves again (a Kalah extra turn) keeps the score and the window as they are; only
//! a change of side negates them.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{
    Clock, Level,
    evaluate::{EVAL_LIMIT, Evaluate, INFINITY, MATE_BAND, PROVEN, Score},
    rng::{IndexedRandom, Rng, RngExt, seeded},
    table::{Bound, Entry, Table, from_table, to_table},
};
use crate::Game;

/// The deepest the search goes, in plies (root = ply 0).
pub const MAX_PLY: u32 = 128;
/// At most this many capture extensions on one line, so the extension always ends.
pub(crate) const MAX_EXTENSIONS: u32 = 24;
/// The budget and the cancel flag are looked at every this many nodes: often enough to stop
/// within a millisecond or two, rarely enough to cost nothing.
const CHECK_EVERY: u64 = 256;

/// The computer's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    pub mv: M,
    /// The move's score from the mover's point of view, as far as the search saw.
    pub score: Score,
    /// Plies of the last completed iteration (0 for a move from an opening book or an exact
    /// solver, see [`super::Evaluate::exact`]).
    pub depth: u32,
    /// Nodes visited, the unfinished iteration included.
    pub nodes: u64,
    /// The score is the game-theoretic value (every line that mattered reached the end).
    pub proven: bool,
}

/// Why the search gave no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("the game is over: there is no move to choose")]
    GameOver,
    #[error("the search was cancelled")]
    Cancelled,
    /// A bug: the search returned a move the rules refuse. Never expected; reported, not
    /// hidden, so a match run shows it.
    #[error("the computer chose an illegal move: {0}")]
    IllegalChoice(String),
}

/// Search options, built up and then used for one or more positions.
///
/// ```
/// use cozcade_engine::{Game, Kalah, ai::{Level, Search}};
/// let choice = Search::new(Level::Hard).nodes(20_000).seed(1).choose(&Kalah::start()).unwrap();
/// assert!(Kalah::start().is_legal(&choice.mv));
/// ```
#[derive(Clone, Copy)]
pub struct Search<'a> {
    level: Level,
    nodes: Option<u64>,
    millis: Option<u64>,
    depth: Option<u32>,
    clock: Option<&'a dyn Clock>,
    cancel: Option<&'a AtomicBool>,
    seed: u64,
    history: &'a [u64],
}

impl<'a> Search<'a> {
    /// A search at `level` with the game's default node budget, no clock, no cancel flag and
    /// seed 0.
    pub fn new(level: Level) -> Self {
        Search {
            level,
            nodes: None,
            millis: None,
            depth: None,
            clock: None,
            cancel: None,
            seed: 0,
            history: &[],
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Stops after about `n` nodes (checked every 256 nodes) instead of the game's budget for
    /// the level. The search is fully determined by the position, the level, the node budget
    /// and the seed, unless the clock's safety stop comes first.
    pub fn nodes(mut self, n: u64) -> Self {
        self.nodes = Some(n);
        self
    }

    /// Reads the time from `clock` for a safety stop after [`Level::default_millis`] (or the
    /// time given to [`Search::millis`]). The node budget decides the strength; the clock only
    /// cuts a search short on a device far slower than expected. Without a clock no time
    /// limit applies.
    pub fn clock(mut self, clock: &'a dyn Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// The safety stop in milliseconds (needs a [`Search::clock`]).
    pub fn millis(mut self, millis: u64) -> Self {
        self.millis = Some(millis);
        self
    }

    /// Searches exactly this many plies deep (no deeper, no shallower unless the budget runs
    /// out); at most [`MAX_PLY`].
    pub fn depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth.clamp(1, MAX_PLY - 1));
        self
    }

    /// A flag another thread sets to stop the search; [`Search::choose`] then returns
    /// [`SearchError::Cancelled`] within a few milliseconds.
    pub fn cancel(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Seeds the randomness: Easy's noise and random share, and at every level the choice
    /// among moves of equal value. With the position it fixes the move: the app draws a seed
    /// for each new game and saves it, so a resumed game replays as it was played.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Zobrist keys of earlier positions of the game (see [`super::history_keys`]): in a game
    /// with a repetition rule a move back into one of them is scored as a draw.
    pub fn history(mut self, keys: &'a [u64]) -> Self {
        self.history = keys;
        self
    }

    /// Chooses a move. Never an illegal one; an error only when the game is over or the search
    /// was cancelled.
    pub fn choose<G: Evaluate>(&self, position: &G) -> Result<Choice<G::Move>, SearchError> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return Err(SearchError::GameOver);
        }
        let mut exact_nodes = 0;
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(SearchError::Cancelled);
        }
        let profile = G::profile(self.level);
        let max_depth = self.depth.unwrap_or(profile.depth).clamp(1, MAX_PLY - 1);
        let clock = self.clock.map(|clock| {
            let millis = self.millis.unwrap_or(self.level.default_millis());
            (clock, clock.elapsed_millis(), millis)
        });
        // The table's memory, whatever a move weighs: small enough for a phone or a browser
        // tab, allocated per search so that every search starts from the same state.
        let table_bytes: usize = match self.level {
            Level::Easy => 64 << 10,
            Level::Medium => 1 << 20,
            Level::Hard => 8 << 20,
        };
        let entry_bytes = std::mem::size_of::<Option<super::table::Entry<G::Move>>>().max(1);
        let table_bits = (table_bytes / entry_bytes).max(2).ilog2();
        // A book move or a solved endgame needs no search (not when a depth is asked for: the
        // tests compare depth-limited values).
        if self.depth.is_none() {
            let stop = || {
                self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
                    || clock.is_some_and(|(clock, start, millis)| {
                        clock.elapsed_millis().saturating_sub(start) >= millis
                    })
            };
            let exact = position.exact(self.level, self.nodes, &stop);
            exact_nodes = exact.nodes;
            let proven = exact.answer.and_then(|(optimal, score)| {
                let legal: Vec<G::Move> = optimal
                    .into_iter()
                    .filter(|mv| moves.contains(mv))
                    .collect();
                Some((legal.choose(&mut self.rng(position))?.clone(), score))
            });
            if let Some((mv, score)) = proven {
                return Ok(Choice {
                    mv,
                    score,
                    depth: 0,
                    nodes: exact.nodes,
                    proven: true,
                });
            }
        }
        let mut searcher = Searcher::<G> {
            table: Table::new(table_bits),
            nodes: 0,
            node_limit: self.nodes.unwrap_or(profile.nodes),
            enforce_budget: false,
            clock,
            cancel: self.cancel,
            horizon: 0,
            killers: vec![[None, None]; MAX_PLY as usize + 1],
            history: vec![0; G::HISTORY_SLOTS * 2],
            buffers: vec![Vec::new(); MAX_PLY as usize + 1],
            path: Vec::with_capacity(self.history.len() + MAX_PLY as usize + 1),
            root_quiet: 0,
        };
        if G::REPETITION_DRAW || G::QUIET_PLY_LIMIT.is_some() {
            // The game's positions since its last irreversible move, then the root: a line
            // back into any of them is a draw by repetition.
            searcher.path.extend_from_slice(self.history);
            searcher.root_quiet = self.history.len() as u32;
        }
        searcher.path.push(position.zobrist());
        let mut root: Vec<RootMove<G::Move>> = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
            })
            .collect();
        // Try the moves the rules of thumb like first, so a short search still sees them.
        root.sort_by_key(|rm| std::cmp::Reverse(position.order_hint(&rm.mv)));

        let mut choice = match self.level {
            Level::Easy => self.choose_easy(&mut searcher, position, root, max_depth, profile)?,
            Level::Medium | Level::Hard => {
                let Deepened { mut choice, equals } = searcher.deepen(position, root, max_depth)?;
                if let Some(mv) = equals.choose(&mut self.rng(position)) {
                    choice.mv = mv.clone();
                }
                choice
            }
        };
        choice.nodes += exact_nodes;
        Ok(choice)
    }

    /// The generator for a choice at `position`: the seed and the position fix it, so the
    /// same position in the same game gets the same answer however it was reached.
    fn rng<G: Game>(&self, position: &G) -> Rng {
        seeded(self.seed ^ position.zobrist())
    }

    /// Easy: a shallow search that scores every move exactly, then a noisy choice.
    fn choose_easy<G: Evaluate>(
        &self,
        searcher: &mut Searcher<'_, G>,
        position: &G,
        mut root: Vec<RootMove<G::Move>>,
        depth: u32,
        profile: super::Profile,
    ) -> Result<Choice<G::Move>, SearchError> {
        let mut rng = self.rng(position);
        let mut reached = 0;
        for d in 1..=depth {
            searcher.enforce_budget = d > 1;
            match searcher.search_root(position, &mut root, d as i32, true) {
                Ok(_) => reached = d,
                Err(Stop::Budget) => break,
                Err(Stop::Cancelled) => return Err(SearchError::Cancelled),
            }
        }
        // After an interrupted iteration the scores are a mix of two depths: still fine for a
        // deliberately imprecise player.
        let winning = root.iter().any(|rm| rm.score >= PROVEN);
        let index = if !winning && rng.random_range(0..100) < profile.random_percent {
            rng.random_range(0..root.len() as u32) as usize
        } else {
            let noise = if winning { 0 } else { profile.noise.max(0) };
            let mut best = (Score::MIN, 0);
            for (i, rm) in root.iter().enumerate() {
                let bonus = if noise > 0 {
                    rng.random_range(0..noise)
                } else {
                    0
                };
                let noisy = rm.score.saturating_add(bonus);
                if noisy > best.0 {
                    best = (noisy, i);
                }
            }
            best.1
        };
        let chosen = root.swap_remove(index.min(root.len() - 1));
        Ok(Choice {
            mv: chosen.mv,
            score: chosen.score,
            depth: reached,
            nodes: searcher.nodes,
            proven: false,
        })
    }
}

/// What iterative deepening found: the best move of the last completed iteration, and every
/// root move proven to be worth exactly as much (that move among them).
struct Deepened<M> {
    choice: Choice<M>,
    equals: Vec<M>,
}

#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    score: Score,
}

/// Why a search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Budget,
    Cancelled,
}

struct Searcher<'a, G: Game> {
    table: Table<G::Move>,
    nodes: u64,
    node_limit: u64,
    /// Off during the first iteration, so there is always a move to return; the cancel flag
    /// is obeyed regardless.
    enforce_budget: bool,
    /// The clock, its reading at the start and the budget in milliseconds.
    clock: Option<(&'a dyn Clock, u64, u64)>,
    cancel: Option<&'a AtomicBool>,
    /// Counts static evaluations, extensions and unproven table hits: when an iteration does
    /// not move it, the search reached the end of the game on every line that mattered.
    horizon: u64,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    /// One move list per ply, reused to avoid allocating at every node.
    buffers: Vec<Vec<G::Move>>,
    /// Zobrist keys of the game's positions since its last irreversible move (in games with a
    /// repetition or quiet-move rule), then of the line from the root to the current node.
    path: Vec<u64>,
    /// Plies since the last irreversible move at the root (see [`Search::history`]).
    root_quiet: u32,
}

impl<G: Evaluate> Searcher<'_, G> {
    /// Iterative deepening: depth 1, 2, ... until `max_depth`, a proven result or the budget.
    /// Answers the last completed iteration's best move and every move it proved to be worth
    /// exactly as much (the best among them), for the caller to choose from.
    fn deepen(
        &mut self,
        position: &G,
        mut root: Vec<RootMove<G::Move>>,
        max_depth: u32,
    ) -> Result<Deepened<G::Move>, SearchError> {
        let mut done: Option<Deepened<G::Move>> = None;
        for depth in 1..=max_depth {
            self.enforce_budget = depth > 1;
            let before = self.horizon;
            match self.search_root(position, &mut root, depth as i32, false) {
                Ok(()) => {}
                Err(Stop::Budget) => break,
                Err(Stop::Cancelled) => return Err(SearchError::Cancelled),
            }
            let best = &root[0];
            let proven = self.horizon == before;
            let equals = root
                .iter()
                .take_while(|rm| rm.score == best.score)
                .map(|rm| rm.mv.clone())
                .collect();
            done = Some(Deepened {
                choice: Choice {
                    mv: best.mv.clone(),
                    score: best.score,
                    depth,
                    nodes: self.nodes,
                    proven,
                },
                equals,
            });
            let decided = best.score.abs() >= MATE_BAND;
            if proven || decided || root.len() == 1 {
                break;
            }
        }
        let mut done = done.ok_or(SearchError::Cancelled)?;
        done.choice.nodes = self.nodes;
        Ok(done)
    }

    /// Scores every root move at `depth` and sorts them best first. With `every_exactly`, each
    /// move gets its exact score (Easy chooses among them); otherwise the best does, and so does
    /// every move worth exactly as much: each is searched with its window opened one point
    /// below the best so far, so a tie is a proven value and not a bound that failed low.
    fn search_root(
        &mut self,
        position: &G,
        root: &mut [RootMove<G::Move>],
        depth: i32,
        every_exactly: bool,
    ) -> Result<(), Stop> {
        self.count_node()?;
        let mut alpha = -INFINITY;
        let path_len = self.path.len();
        for rm in root.iter_mut() {
            self.path.truncate(path_len);
            let child = position.play_unchecked(&rm.mv);
            let lower = if every_exactly {
                -INFINITY
            } else {
                alpha.saturating_sub(1).max(-INFINITY)
            };
            let quiet = self.quiet_after(position, &rm.mv, self.root_quiet);
            let score = if child.turn() == position.turn() {
                self.negamax(&child, depth - 1, 0, 1, quiet, lower, INFINITY)?
            } else {
                -self.negamax(&child, depth - 1, 0, 1, quiet, -INFINITY, -lower)?
            };
            rm.score = score;
            alpha = alpha.max(score);
        }
        // Stable: among equal scores the earlier move (last iteration's best) stays first,
        // and a move that only failed low to alpha never overtakes the one that set it.
        root.sort_by_key(|rm| std::cmp::Reverse(rm.score));
        Ok(())
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(CHECK_EVERY) {
            return Ok(());
        }
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Stop::Cancelled);
        }
        if !self.enforce_budget {
            return Ok(());
        }
        if self.nodes >= self.node_limit {
            return Err(Stop::Budget);
        }
        if let Some((clock, start, millis)) = self.clock
            && clock.elapsed_millis().saturating_sub(start) >= millis
        {
            return Err(Stop::Budget);
        }
        Ok(())
    }

    /// Plies since the last irreversible move after `mv` is played in `position`.
    fn quiet_after(&self, position: &G, mv: &G::Move, quiet: u32) -> u32 {
        if position.resets_quiet_clock(mv) {
            0
        } else {
            quiet + 1
        }
    }

    /// Whether the position with `key`, `quiet` plies after the last irreversible move, is a
    /// draw by the game's history rules: a repetition of a position of the game or of the line
    /// (one repetition inside the tree is enough: whatever was possible from it the first time
    /// is possible again), or the quiet-move limit.
    fn drawn_by_history(&self, key: u64, quiet: u32) -> bool {
        if G::QUIET_PLY_LIMIT.is_some_and(|limit| quiet >= limit) {
            return true;
        }
        // Only the last `quiet` positions can be the same (an irreversible move came before).
        G::REPETITION_DRAW
            && self
                .path
                .iter()
                .rev()
                .take(quiet as usize)
                .any(|&k| k == key)
    }

    /// The fail-soft alpha-beta value of `position` searched `depth` plies deep, `quiet` plies
    /// after the last irreversible move.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        position: &G,
        depth: i32,
        extensions: u32,
        ply: u32,
        quiet: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Result<Score, Stop> {
        self.count_node()?;
        let ply_index = ply as usize;
        let mut moves = std::mem::take(&mut self.buffers[ply_index]);
        moves.clear();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[ply_index] = moves;
            return Ok(position.terminal_score(ply));
        }
        let key = position.zobrist();
        let history_rules = G::REPETITION_DRAW || G::QUIET_PLY_LIMIT.is_some();
        if history_rules && self.drawn_by_history(key, quiet) {
            // A draw by the game's history: it depends on the line, so it is no proof and
            // counts as a horizon.
            self.horizon += 1;
            self.buffers[ply_index] = moves;
            return Ok(0);
        }
        let (depth, extensions) = if depth > 0 {
            (depth, extensions)
        } else if extensions < MAX_EXTENSIONS && ply < MAX_PLY - 1 && !position.is_quiet(&moves) {
            // Capture extension: an unquiet position is searched one ply further.
            self.horizon += 1;
            (1, extensions + 1)
        } else {
            self.horizon += 1;
            self.buffers[ply_index] = moves;
            return Ok(position.evaluate().clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1));
        };
        if ply >= MAX_PLY - 1 {
            self.horizon += 1;
            self.buffers[ply_index] = moves;
            return Ok(position.evaluate().clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1));
        }

        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best.clone();
            // Only a result of exactly this depth gives the value a plain depth-limited
            // negamax would find; a proven result holds at any depth at least as large.
            let usable = (entry.depth == depth && entry.extensions == extensions)
                || (entry.proven && entry.depth <= depth);
            if usable {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    if !entry.proven {
                        self.horizon += 1;
                    }
                    self.buffers[ply_index] = moves;
                    return Ok(score);
                }
            }
        }

        let side = position.turn().index();
        let mut keys: Vec<i64> = moves
            .iter()
            .map(|mv| self.order_key(position, mv, table_move.as_ref(), ply_index, side))
            .collect();

        let horizon_before = self.horizon;
        let alpha_start = alpha;
        if history_rules {
            self.path.push(key);
        }
        let mut best = -INFINITY;
        let mut best_move: Option<G::Move> = None;
        for i in 0..moves.len() {
            // Selection sort, one step at a time: a cut-off usually comes early, so most
            // moves are never sorted.
            let mut pick = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[pick] {
                    pick = j;
                }
            }
            moves.swap(i, pick);
            keys.swap(i, pick);
            let child = position.play_unchecked(&moves[i]);
            let child_quiet = self.quiet_after(position, &moves[i], quiet);
            let score = if child.turn() == position.turn() {
                self.negamax(
                    &child,
                    depth - 1,
                    extensions,
                    ply + 1,
                    child_quiet,
                    alpha,
                    beta,
                )?
            } else {
                -self.negamax(
                    &child,
                    depth - 1,
                    extensions,
                    ply + 1,
                    child_quiet,
                    -beta,
                    -alpha,
                )?
            };
            if score > best {
                best = score;
                best_move = Some(moves[i].clone());
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        self.reward(position, &moves[i], ply_index, side, depth);
                        break;
                    }
                }
            }
        }

        if history_rules {
            self.path.pop();
        }
        let bound = if best <= alpha_start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            depth,
            extensions,
            bound,
            score: to_table(best, ply),
            proven: self.horizon == horizon_before,
            best: best_move,
        });
        self.buffers[ply_index] = moves;
        Ok(best)
    }

    /// Move ordering: the table's move, then the game's hint, then killers and history.
    fn order_key(
        &self,
        position: &G,
        mv: &G::Move,
        table_move: Option<&G::Move>,
        ply: usize,
        side: usize,
    ) -> i64 {
        if table_move == Some(mv) {
            return i64::MAX;
        }
        let killer = match &self.killers[ply] {
            [Some(k), _] if k == mv => 2,
            [_, Some(k)] if k == mv => 1,
            _ => 0,
        };
        let history = self
            .history
            .get(side * G::HISTORY_SLOTS + position.history_slot(mv))
            .copied()
            .unwrap_or(0);
        (i64::from(position.order_hint(mv)) << 24) + (killer << 22) + i64::from(history)
    }

    /// A move that caused a cut-off is tried early at the same ply and, through the history
    /// table, everywhere.
    fn reward(&mut self, position: &G, mv: &G::Move, ply: usize, side: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0].as_ref() != Some(mv) {
            killers[1] = killers[0].take();
            killers[0] = Some(mv.clone());
        }
        let slot = side * G::HISTORY_SLOTS + position.history_slot(mv);
        if let Some(h) = self.history.get_mut(slot) {
            // Capped below the killer bonus (1 << 22) so history only breaks ties.
            *h = (*h + (depth * depth) as u32).min((1 << 21) - 1);
        }
    }
}
