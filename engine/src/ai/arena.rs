//! Matches between two levels: the strength figures and the CLI's `match` come from here.
//!
//! Games come in pairs from the same opening ([`Evaluate::opening`]), with colours swapped, so
//! neither player profits from a lopsided opening. Draws by history (repetition, the quiet-move
//! rule) come from [`crate::Record`]; a game longer than [`MAX_GAME_PLIES`] is scored a draw.

use std::fmt;

use super::{Clock, Evaluate, Level, Search, SearchError, history_keys, seeded};
use crate::{Checkers, ChineseCheckers, GameKind, Kalah, Outcome, Record, Side};

/// A game still running after this many plies is adjourned as a draw.
pub const MAX_GAME_PLIES: usize = 1000;

/// What to play.
#[derive(Clone, Copy)]
pub struct MatchOptions<'a> {
    pub a: Level,
    pub b: Level,
    /// Number of games; A has the first colour in games 1, 3, 5, ...
    pub games: u32,
    /// Seeds the openings and Easy's randomness.
    pub seed: u64,
    /// A time budget per move for both players instead of the levels' defaults (only with a
    /// clock).
    pub millis: Option<u64>,
    /// A node budget per move for both players instead of the games' defaults.
    pub nodes: Option<u64>,
    /// Without a clock, only node budgets apply and the whole match is reproducible.
    pub clock: Option<&'a dyn Clock>,
}

impl<'a> MatchOptions<'a> {
    pub fn new(a: Level, b: Level, games: u32) -> Self {
        MatchOptions {
            a,
            b,
            games,
            seed: 0,
            millis: None,
            nodes: None,
            clock: None,
        }
    }
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 0-based.
    pub index: u32,
    /// The colour A played.
    pub a_side: Side,
    /// `None` when the game was adjourned after [`MAX_GAME_PLIES`].
    pub outcome: Option<Outcome>,
    pub plies: usize,
    /// Points for A in halves: 2 for a win, 1 for a draw.
    pub a_half_points: u32,
    /// The starting FEN and the moves, so a game can be replayed.
    pub start: String,
    pub moves: Vec<String>,
}

/// What one player spent over a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    pub moves: u64,
    pub nodes: u64,
    /// Milliseconds per move, when a clock was given.
    pub millis: Vec<u64>,
}

impl Effort {
    /// The median time per move in milliseconds, if a clock measured it.
    pub fn median_millis(&self) -> Option<u64> {
        let mut sorted = self.millis.clone();
        sorted.sort_unstable();
        sorted.get(sorted.len() / 2).copied()
    }

    pub fn total_millis(&self) -> u64 {
        self.millis.iter().sum()
    }
}

/// The result of a match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    pub a_effort: Effort,
    pub b_effort: Effort,
}

impl MatchScore {
    pub fn a_points(&self) -> f64 {
        f64::from(self.a_wins) + f64::from(self.draws) / 2.0
    }

    pub fn b_points(&self) -> f64 {
        f64::from(self.b_wins) + f64::from(self.draws) / 2.0
    }

    /// A's share of the points, 0.0 to 1.0.
    pub fn a_share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.a_points() / f64::from(self.games)
        }
    }
}

impl fmt::Display for MatchScore {
    /// The CLI's last line: `score: A 7.5 - B 2.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "score: A {:.1} - B {:.1}",
            self.a_points(),
            self.b_points()
        )
    }
}

/// Plays a match of a game chosen at run time; `on_game` hears about each game as it ends.
pub fn play_match_kind(
    kind: GameKind,
    options: &MatchOptions<'_>,
    on_game: &mut dyn FnMut(&GameReport),
) -> Result<MatchScore, SearchError> {
    match kind {
        GameKind::Kalah => play_match::<Kalah>(options, on_game),
        GameKind::Checkers => play_match::<Checkers>(options, on_game),
        GameKind::ChineseCheckers => play_match::<ChineseCheckers>(options, on_game),
    }
}

/// Plays a match; `on_game` hears about each game as it ends.
pub fn play_match<G: Evaluate>(
    options: &MatchOptions<'_>,
    on_game: &mut dyn FnMut(&GameReport),
) -> Result<MatchScore, SearchError> {
    let mut score = MatchScore {
        games: options.games,
        ..MatchScore::default()
    };
    let mut opening = G::start();
    for index in 0..options.games {
        let pair = index / 2;
        if index % 2 == 0 {
            let mut rng = seeded(options.seed ^ u64::from(pair).wrapping_mul(0x9E37_79B9));
            opening = G::opening(pair, &mut rng);
        }
        let a_side = if index % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let game_seed = options
            .seed
            .wrapping_add(u64::from(index).wrapping_mul(0x1_0000_0001));
        let report = play_game(
            opening.clone(),
            options,
            a_side,
            index,
            game_seed,
            &mut score,
        )?;
        match report.a_half_points {
            2 => score.a_wins += 1,
            0 => score.b_wins += 1,
            _ => score.draws += 1,
        }
        on_game(&report);
    }
    Ok(score)
}

fn play_game<G: Evaluate>(
    start: G,
    options: &MatchOptions<'_>,
    a_side: Side,
    index: u32,
    seed: u64,
    score: &mut MatchScore,
) -> Result<GameReport, SearchError> {
    let mut record = Record::new(start);
    while !record.is_over() && record.len() < MAX_GAME_PLIES {
        let a_to_move = record.turn() == a_side;
        let level = if a_to_move { options.a } else { options.b };
        let keys = history_keys(&record);
        let mut search = Search::new(level)
            .seed(seed.wrapping_add(record.len() as u64))
            .history(&keys);
        if let Some(nodes) = options.nodes {
            search = search.nodes(nodes);
        }
        if let Some(clock) = options.clock {
            search = search.clock(clock);
            if let Some(millis) = options.millis {
                search = search.millis(millis);
            }
        }
        let started = options.clock.map(|clock| clock.elapsed_millis());
        let choice = search.choose(record.position())?;
        let effort = if a_to_move {
            &mut score.a_effort
        } else {
            &mut score.b_effort
        };
        effort.moves += 1;
        effort.nodes += choice.nodes;
        if let (Some(clock), Some(started)) = (options.clock, started) {
            effort
                .millis
                .push(clock.elapsed_millis().saturating_sub(started));
        }
        record
            .play(&choice.mv)
            .map_err(|error| SearchError::IllegalChoice(error.to_string()))?;
    }
    let outcome = record.outcome();
    let a_half_points = match outcome {
        Some(Outcome::Win(side)) if side == a_side => 2,
        Some(Outcome::Win(_)) => 0,
        _ => 1,
    };
    Ok(GameReport {
        index,
        a_side,
        outcome,
        plies: record.len(),
        a_half_points,
        start: record.start().to_string(),
        moves: record.move_texts(),
    })
}
