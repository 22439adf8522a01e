//! The computer player's figures for engine/BENCHMARKS.md: speed, time per move per level, strength
//! between levels, and Hard playing both sides from the start.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example ai_report -- kalah [--games 100] [--millis N] [--seed S] [--nodes N] [--verbose 1] [--matches-only 1]
//! ```
//! `--millis` gives every level that time per move in the matches (with a clock); without it
//! each level gets its default node budget and no clock, so the match is reproducible.

use std::{
    process::ExitCode,
    sync::{
        Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use cozcade_engine::{
    Checkers, ChineseCheckers, Game, GameKind, Kalah, Record, Side,
    ai::{
        Clock, Evaluate, IndexedRandom, InstantClock, Level, RngExt, Search,
        arena::{GameReport, MatchOptions, play_match_kind},
        history_keys, seeded,
    },
    kalah::Setup as KalahSetup,
};

struct Args {
    game: GameKind,
    games: u32,
    millis: Option<u64>,
    /// A node budget per move for every level in the matches instead of the defaults (only
    /// Hard ever reaches it: Easy and Medium stop at their depth long before).
    nodes: Option<u64>,
    seed: u64,
    /// Print a line per game.
    verbose: bool,
    /// Skip the speed, cancel and self-play figures.
    matches_only: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let game: GameKind = args
        .next()
        .ok_or("usage: ai_report GAME [--games N] [--millis N] [--seed S] [--nodes N] [--verbose 1] [--matches-only 1]")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let mut parsed = Args {
        game,
        games: 100,
        millis: None,
        seed: 1,
        verbose: false,
        matches_only: false,
        nodes: None,
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("{flag}: {value:?} is not a number"))?;
        match flag.as_str() {
            "--games" => parsed.games = u32::try_from(number).map_err(|e| e.to_string())?,
            "--millis" => parsed.millis = Some(number),
            "--nodes" => parsed.nodes = Some(number),
            "--seed" => parsed.seed = number,
            "--verbose" => parsed.verbose = number != 0,
            "--matches-only" => parsed.matches_only = number != 0,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(parsed)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match args.game {
        GameKind::Kalah => report::<Kalah>(&args).map(|()| {
            if !args.matches_only {
                kalah_endgames(args.seed);
            }
        }),
        GameKind::Checkers => report::<Checkers>(&args),
        GameKind::ChineseCheckers => report::<ChineseCheckers>(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn report<G: Evaluate>(args: &Args) -> Result<(), String> {
    if !args.matches_only {
        speed::<G>(args.seed)?;
        cancel_latency::<G>();
    }
    let pairs = if args.games == 0 {
        &[][..]
    } else {
        &[(Level::Hard, Level::Medium), (Level::Medium, Level::Easy)][..]
    };
    for &(a, b) in pairs {
        let started = Instant::now();
        let clock = InstantClock::start();
        // Without --millis the players get their default node budgets and no clock: the
        // match is then reproducible and does not depend on how busy the machine is.
        let options = MatchOptions {
            seed: args.seed,
            millis: args.millis,
            nodes: args.nodes,
            clock: args.millis.map(|_| &clock as &dyn Clock),
            ..MatchOptions::new(a, b, args.games)
        };
        let verbose = args.verbose;
        let mut on_game = |report: &GameReport| {
            if verbose {
                println!(
                    "  game {}: A plays {:?}, {} after {} plies",
                    report.index + 1,
                    report.a_side,
                    G::KIND.describe_result(report.outcome),
                    report.plies
                );
                if report.a_half_points == 1
                    && let Ok(start) = report.start.parse::<G>()
                    && let Ok(record) = Record::replay(start, &report.moves)
                {
                    println!("    final position {}", record.position());
                }
            }
        };
        let score = play_match_kind(G::KIND, &options, &mut on_game).map_err(|e| e.to_string())?;
        let per_move =
            |effort: &cozcade_engine::ai::arena::Effort| effort.nodes / effort.moves.max(1);
        println!(
            "match {} A={a} B={b} games={} millis={} nodes={}: {} ({:.1}% for A; A {}-{}-{} w-d-l; nodes/move A {} B {}; {:.0} s)",
            G::KIND,
            score.games,
            args.millis.map_or("none".to_owned(), |m| m.to_string()),
            args.nodes.map_or("default".to_owned(), |n| n.to_string()),
            score,
            100.0 * score.a_share(),
            score.a_wins,
            score.draws,
            score.b_wins,
            per_move(&score.a_effort),
            per_move(&score.b_effort),
            started.elapsed().as_secs_f64(),
        );
    }
    if !args.matches_only {
        self_play::<G>()?;
    }
    Ok(())
}

/// Nodes per second and time per move of each level, at its default budget, over positions
/// from random games.
fn speed<G: Evaluate>(seed: u64) -> Result<(), String> {
    let mut rng = seeded(seed);
    let mut positions = Vec::new();
    while positions.len() < 30 {
        let mut position = G::start();
        let plies = rng.random_range(0..30);
        for _ in 0..plies {
            let moves = position.legal_moves();
            match moves.choose(&mut rng) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        if !position.legal_moves().is_empty() {
            positions.push(position);
        }
    }
    for level in Level::ALL {
        let mut times = Vec::new();
        let (mut nodes, mut depth) = (0u64, 0u64);
        let cpu_before = cpu_seconds();
        for position in &positions {
            let started = Instant::now();
            let clock = InstantClock::start();
            let choice = Search::new(level)
                .clock(&clock)
                .choose(position)
                .map_err(|e| e.to_string())?;
            times.push(started.elapsed().as_micros() as u64);
            nodes += choice.nodes;
            depth += u64::from(choice.depth);
        }
        let cpu = cpu_before
            .zip(cpu_seconds())
            .map(|(before, after)| after - before);
        let total: u64 = times.iter().sum();
        times.sort_unstable();
        println!(
            "speed {} {level}: median {:.1} ms/move, max {:.1} ms, {:.2} M nodes/s wall, {} M nodes/s CPU, mean depth {:.1} ({} positions)",
            G::KIND,
            times[times.len() / 2] as f64 / 1000.0,
            times[times.len() - 1] as f64 / 1000.0,
            nodes as f64 / total.max(1) as f64,
            cpu.filter(|&c| c > 0.05)
                .map_or("?".to_owned(), |c| format!("{:.2}", nodes as f64 / c / 1e6)),
            depth as f64 / positions.len() as f64,
            positions.len(),
        );
    }
    Ok(())
}

/// Hard against itself from the start, at its default node budget.
fn self_play<G: Evaluate>() -> Result<(), String> {
    let mut record = Record::new(G::start());
    while !record.is_over() && record.len() < 1000 {
        // The default node budget and no clock: the game is the same on every run.
        let keys = history_keys(&record);
        let choice = Search::new(Level::Hard)
            .history(&keys)
            .choose(record.position())
            .map_err(|e| e.to_string())?;
        record.play(&choice.mv).map_err(|e| e.to_string())?;
    }
    println!(
        "self-play {} hard vs hard from the start: {} after {} plies: {}",
        G::KIND,
        G::KIND.describe_result(record.outcome()),
        record.len(),
        record.position()
    );
    Ok(())
}

/// How long Hard takes to return after the cancel flag is set (the app's Pause): another
/// thread sets it 100 ms into a search with no other limit.
fn cancel_latency<G: Evaluate>() {
    let mut worst = Duration::ZERO;
    for _ in 0..5 {
        let flag = AtomicBool::new(false);
        let set_at = Mutex::new(None);
        let returned = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                if let Ok(mut at) = set_at.lock() {
                    *at = Some(Instant::now());
                }
                flag.store(true, Ordering::Relaxed);
            });
            let result = Search::new(Level::Hard)
                .nodes(u64::MAX)
                .cancel(&flag)
                .choose(&G::start());
            (Instant::now(), result.is_err())
        });
        if let (Ok(Some(at)), (returned, true)) = (set_at.lock().map(|at| *at), returned) {
            worst = worst.max(returned.saturating_duration_since(at));
        }
    }
    println!(
        "cancel {}: hard returns at most {:.2} ms after the flag is set (5 runs)",
        G::KIND,
        worst.as_secs_f64() * 1000.0
    );
}

/// Kalah endgames with at most 28 seeds in the pits: how much work Hard needs to prove the
/// best move (the tests check it against the exact solver), at its default budget.
fn kalah_endgames(seed: u64) {
    let mut rng = seeded(seed);
    let (mut proven, mut total, mut max_nodes, mut max_millis) = (0, 0, 0u64, 0.0f64);
    while total < 300 {
        let seeds = 2 + rng.random_range(0..27) as u8;
        let mut pits = [[0u8; 6]; 2];
        for _ in 0..seeds {
            pits[rng.random_range(0..2) as usize][rng.random_range(0..6) as usize] += 1;
        }
        let stored = 48 - seeds;
        let gold = rng.random_range(0..u64::from(stored) + 1) as u8;
        let turn = if rng.random_range(0..2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let setup = KalahSetup {
            pits,
            stores: [gold, stored - gold],
            turn,
        };
        let Ok(position) = Kalah::try_from(setup) else {
            continue;
        };
        if position.legal_moves().len() < 2 {
            continue;
        }
        total += 1;
        let started = Instant::now();
        let clock = InstantClock::start();
        if let Ok(choice) = Search::new(Level::Hard).clock(&clock).choose(&position) {
            proven += u32::from(choice.proven);
            max_nodes = max_nodes.max(choice.nodes);
            max_millis = max_millis.max(started.elapsed().as_secs_f64() * 1000.0);
        }
    }
    println!(
        "kalah endgames (<= 28 seeds in the pits): hard proved {proven}/{total} within its default budget; worst {max_nodes} nodes, {max_millis:.1} ms"
    );
}

/// CPU time this process has spent in user mode, from `/proc/self/stat` (Linux; `None`
/// elsewhere). The machine is shared, so wall time alone would understate the speed.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are
    // plain. utime is field 14, the 12th after the parenthesis.
    let rest = stat.rsplit_once(')')?.1;
    let ticks: f64 = rest.split_whitespace().nth(11)?.parse().ok()?;
    // Linux reports in USER_HZ, which is 100 on every mainstream configuration.
    Some(ticks / 100.0)
}
