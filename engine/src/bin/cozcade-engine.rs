//! `cozcade-engine`: the rules from the command line, for tests, logs and curious players.
//!
//! Every bad input (unknown game, malformed position or move, illegal move) is reported on
//! stderr with a non-zero exit status; nothing panics.

use std::{process::ExitCode, time::Instant};

use clap::{Parser, Subcommand};
use cozcade_engine::{
    AnyRecord, Checkers, ChineseCheckers, Game, GameKind, Kalah,
    ai::{
        Clock, InstantClock, Level, Search,
        arena::{MatchOptions, play_match_kind},
        choose_any, fresh_seed,
    },
    perft,
};

#[derive(Parser)]
#[command(
    name = "cozcade-engine",
    version,
    about = "Rules of Checkers, Kalah and Chinese Checkers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the move tree (last line: the count).
    Perft {
        /// checkers, kalah or chinese-checkers
        game: GameKind,
        depth: u32,
        /// Start from this position instead of the usual start.
        #[arg(long)]
        fen: Option<String>,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one a line.
    Moves {
        game: GameKind,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Play moves; print the resulting position and the result.
    Play {
        game: GameKind,
        #[arg(long)]
        fen: Option<String>,
        /// Moves in the game's notation: 11-15, 15x22x29 / a..f / 112-100.
        #[arg(allow_hyphen_values = true)]
        moves: Vec<String>,
    },
    /// Ask the computer player for a move.
    Bestmove {
        game: GameKind,
        #[arg(long)]
        fen: Option<String>,
        /// easy, medium or hard
        #[arg(long)]
        level: Level,
        /// Search at most this many nodes instead of the level's own budget.
        #[arg(long)]
        nodes: Option<u64>,
        /// The wall-clock safety stop instead of the level's (the move is the same whatever
        /// the machine's load unless this stop comes first).
        #[arg(long)]
        millis: Option<u64>,
        /// Seeds the computer's randomness (Easy's, and the choice among equal moves); the same
        /// position, level and seed give the same move. Default: a fresh seed from the
        /// operating system, printed on stderr.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Play games between two levels, alternating colours, from varied openings.
    Match {
        game: GameKind,
        #[arg(long)]
        a: Level,
        #[arg(long)]
        b: Level,
        #[arg(long)]
        games: u32,
        /// Seeds the openings and the computer's randomness: the same seed replays the match.
        /// Default: a fresh seed from the operating system. The first line says which.
        #[arg(long)]
        seed: Option<u64>,
        /// A per-move time budget for both sides, overriding the levels' (for quick runs).
        /// Without it the levels' node budgets apply and the match replays exactly.
        #[arg(long)]
        millis: Option<u64>,
        /// A per-move node budget for both sides, overriding the games' defaults.
        #[arg(long)]
        nodes: Option<u64>,
    },
}

/// Prints a line to stdout. A reader that went away (`… | head`) ends the program quietly, as
/// Unix tools do, where `println!` would panic; any other write failure is reported.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            eprintln!("error: cannot write the output: {e}");
            std::process::exit(1);
        }
    }};
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft {
            game,
            depth,
            fen,
            divide,
        } => match game {
            GameKind::Checkers => run_perft::<Checkers>(fen.as_deref(), depth, divide),
            GameKind::Kalah => run_perft::<Kalah>(fen.as_deref(), depth, divide),
            GameKind::ChineseCheckers => {
                run_perft::<ChineseCheckers>(fen.as_deref(), depth, divide)
            }
        },
        Command::Moves { game, fen } => {
            for mv in record(game, fen.as_deref())?.legal_move_texts() {
                say!("{mv}");
            }
            Ok(())
        }
        Command::Play { game, fen, moves } => {
            let mut record = record(game, fen.as_deref())?;
            for (index, text) in moves.iter().enumerate() {
                record
                    .play_text(text)
                    .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
            }
            say!("{}", record.fen());
            say!("result: {}", record.describe_result());
            Ok(())
        }
        Command::Bestmove {
            game,
            fen,
            level,
            nodes,
            millis,
            seed,
        } => {
            let record = record(game, fen.as_deref())?;
            let seed = seed_or_fresh(seed)?;
            eprintln!("seed: {seed}");
            let clock = InstantClock::start();
            let mut search = Search::new(level).seed(seed);
            if let Some(nodes) = nodes {
                search = search.nodes(nodes);
            }
            // The node budget decides the move; the clock is only the safety stop, as in the app.
            search = search.clock(&clock);
            if let Some(millis) = millis {
                search = search.millis(millis);
            }
            say!(
                "{}",
                choose_any(&record, &search).map_err(|e| e.to_string())?
            );
            Ok(())
        }
        Command::Match {
            game,
            a,
            b,
            games,
            seed,
            millis,
            nodes,
        } => {
            let seed = seed_or_fresh(seed)?;
            say!("seed: {seed}");
            let clock = InstantClock::start();
            let options = MatchOptions {
                seed,
                millis,
                nodes,
                clock: millis.map(|_| &clock as &dyn Clock),
                ..MatchOptions::new(a, b, games)
            };
            let score = play_match_kind(game, &options, &mut |report| {
                let a_plays = game.side_name(report.a_side);
                let result = match report.outcome {
                    Some(outcome) => game.describe_result(Some(outcome)),
                    None => "adjourned (too long), scored as a draw".to_owned(),
                };
                say!(
                    "game {}: A plays {a_plays}: {result} after {} plies",
                    report.index + 1,
                    report.plies
                );
            })
            .map_err(|e| e.to_string())?;
            say!("{score}");
            Ok(())
        }
    }
}

/// The seed asked for, or a fresh one from the operating system.
fn seed_or_fresh(seed: Option<u64>) -> Result<u64, String> {
    match seed {
        Some(seed) => Ok(seed),
        None => fresh_seed().map_err(|e| format!("no random seed from the system: {e}")),
    }
}

fn record(game: GameKind, fen: Option<&str>) -> Result<AnyRecord, String> {
    match fen {
        None => Ok(AnyRecord::new(game)),
        Some(fen) => AnyRecord::from_fen(game, fen).map_err(|e| e.to_string()),
    }
}

fn position<G: Game>(fen: Option<&str>) -> Result<G, String> {
    match fen {
        None => Ok(G::start()),
        Some(fen) => fen
            .parse()
            .map_err(|e: cozcade_engine::PositionError| e.to_string()),
    }
}

fn run_perft<G: Game>(fen: Option<&str>, depth: u32, divide: bool) -> Result<(), String> {
    let position: G = position(fen)?;
    let started = Instant::now();
    let count = if divide {
        let mut total = 0;
        for (mv, count) in perft::divide(&position, depth) {
            say!("{mv}: {count}");
            total += count;
        }
        total
    } else {
        position.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "perft {depth}: {count} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        count as f64 / seconds.max(1e-9) / 1e6
    );
    say!("{count}");
    Ok(())
}
