//! How far the exact Kalah solver reaches: nodes and time to solve random positions with a
//! given number of seeds left in the pits, and the start.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example kalah_solve -- [SEEDS...] [--start] [--hard-test] [--deviations=32] [--fen=POSITION] [--reachable=60] [--hard-reached=100]
//! ```
//! `--fen=` solves one position with a fresh table, as Hard does, and prints the nodes.
//! `--reachable=N` solves N positions of 29-34 seeds reached by random play, a fresh table each.
//! `--hard-reached=N` checks Hard's move on N such positions against the solver's values.

use std::time::Instant;

use rand::RngExt as _;

use cozcade_engine::{
    Game, Kalah,
    ai::{
        Choice, HARD_EXACT_TABLE_BITS, Level, Search, kalah_book,
        kalah_solver::{Solver, random_endgame, reached_endgame},
        seeded, seeds_in_play,
    },
    kalah::Move,
};

/// Hard's move in `position` (its default budget), the value of that move and the best value,
/// from `solver`'s values of every move with no budget.
fn hard_against_solver(solver: &mut Solver, position: &Kalah) -> (Choice<Move>, i32, i32) {
    let choice = Search::new(Level::Hard).choose(position).expect("a move");
    let values = solver.move_values(position, u64::MAX).expect("no budget");
    let best = values.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let got = values
        .iter()
        .find(|(m, _)| *m == choice.mv)
        .map_or(i32::MIN, |(_, v)| *v);
    (choice, got, best)
}

/// Every position Hard meets when its opponent leaves the book's line with at most `most`
/// seeds in the pits: Hard's move (book, solver or search, at its default budget) against the
/// solver's values of every move.
fn deviations(most: u32) {
    let mut solver = Solver::new(24);
    let (mut positions, mut optimal, mut proven) = (0, 0, 0);
    let mut line = Kalah::start();
    while let Some((book_move, _)) = kalah_book::lookup(&line) {
        for mv in line.legal_moves() {
            let child = line.play_unchecked(&mv);
            if mv == book_move
                || child.outcome().is_some()
                || child.turn() == line.turn()
                || seeds_in_play(&child) > most
            {
                continue;
            }
            let started = Instant::now();
            let (choice, got, best) = hard_against_solver(&mut solver, &child);
            let millis = started.elapsed().as_millis();
            positions += 1;
            optimal += usize::from(got == best);
            proven += usize::from(choice.proven);
            println!(
                "{child} ({} seeds): Hard {} worth {got}, best {best}, proven {}, {} nodes, {millis} ms",
                seeds_in_play(&child),
                choice.mv,
                choice.proven,
                choice.nodes
            );
        }
        line = line.play_unchecked(&book_move);
    }
    println!("{positions} positions after a deviation: {optimal} optimal, {proven} proven");
}

/// Hard's move on `count` positions reached by random play from the start with 29 to 34 seeds
/// in the pits, against the solver's values of every move (no budget): how many are optimal,
/// how many proven, and the seeds of margin the others give away.
fn hard_reached(count: usize) {
    let mut rng = seeded(11);
    let mut solver = Solver::new(22);
    let (mut optimal, mut proven, mut lost) = (0, 0, Vec::new());
    for _ in 0..count {
        let position = reached_endgame(29, rng.random_range(29..=34u32), &mut rng);
        let (choice, got, best) = hard_against_solver(&mut solver, &position);
        optimal += usize::from(got == best);
        proven += usize::from(choice.proven);
        if got != best {
            lost.push(best - got);
        }
    }
    lost.sort_unstable();
    println!(
        "{count} reached positions, 29-34 seeds: Hard's move optimal in {optimal}, proven in {proven}; the others give away {lost:?} seeds"
    );
}

/// Solves `count` positions reached by random play from the start, each stopped at a random
/// number of seeds in the pits from 29 to 34 (where Hard only tries the solver, on a small budget),
/// with a fresh solver of Hard's table size each, and prints how many nodes they took.
fn reachable(count: usize) {
    let mut rng = seeded(7);
    let mut solved = Vec::new();
    while solved.len() < count {
        let position = reached_endgame(29, rng.random_range(29..=34u32), &mut rng);
        let mut solver = Solver::new(HARD_EXACT_TABLE_BITS);
        let started = Instant::now();
        // Every optimal move, as Hard asks for them.
        let value = solver
            .optimal_moves(&position, u64::MAX)
            .ok()
            .flatten()
            .map(|(_, v)| v);
        solved.push((solver.nodes(), started.elapsed(), position, value));
    }
    solved.sort_unstable_by_key(|(nodes, ..)| *nodes);
    let nodes = |at: usize| solved[at.min(count - 1)].0;
    let total: u64 = solved.iter().map(|(nodes, ..)| nodes).sum();
    println!(
        "{count} reachable positions, 29-34 seeds: mean {} nodes, median {}, 90th percentile {}, most {}",
        total / count as u64,
        nodes(count / 2),
        nodes(count * 9 / 10),
        nodes(count - 1)
    );
    for budget in [500_000, 600_000, 800_000, 1_000_000, 3_000_000] {
        let within = solved.iter().filter(|(nodes, ..)| *nodes <= budget).count();
        println!("  solved within {budget} nodes: {within} of {count}");
    }
    for (nodes, took, position, value) in solved.iter().rev().take(8) {
        println!(
            "  {position} ({} seeds, value {value:?}): {nodes} nodes, {took:.1?}",
            seeds_in_play(position)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut rng = seeded(1);
    for arg in &args {
        if let Some(count) = arg.strip_prefix("--reachable=") {
            reachable(count.parse().unwrap_or(60).max(1));
            continue;
        }
        if let Some(count) = arg.strip_prefix("--hard-reached=") {
            hard_reached(count.parse().unwrap_or(100).max(1));
            continue;
        }
        if let Some(most) = arg.strip_prefix("--deviations=") {
            deviations(most.parse().unwrap_or(32));
            continue;
        }
        if arg == "--hard-test" {
            // The positions of the test that holds Hard perfect on 2 to 28 seeds, each solved
            // with a fresh table as Hard does: the nodes and time each needs, the worst ten.
            let mut rng = seeded(2025);
            let started = Instant::now();
            let mut spent: Vec<(u64, f64, Kalah)> = (0..200)
                .map(|n| {
                    let seeds = 2 + (n % 27);
                    let position = random_endgame(seeds, &mut rng);
                    let mut solver = Solver::new(HARD_EXACT_TABLE_BITS);
                    let started = Instant::now();
                    let _ = solver.best_move(&position, u64::MAX);
                    (solver.nodes(), started.elapsed().as_secs_f64(), position)
                })
                .collect();
            let seconds = started.elapsed().as_secs_f64();
            spent.sort_unstable_by_key(|(nodes, _, _)| *nodes);
            let total: u64 = spent.iter().map(|(nodes, _, _)| nodes).sum();
            println!("hard test positions: total {total} nodes in {seconds:.2} s; the worst ten:");
            for (nodes, seconds, position) in spent.iter().rev().take(10) {
                println!(
                    "  {position} ({} seeds): {nodes} nodes, {:.0} ms",
                    seeds_in_play(position),
                    seconds * 1000.0
                );
            }
            continue;
        }
        if let Some(fen) = arg.strip_prefix("--fen=") {
            let position: Kalah = fen.parse().expect("a position");
            let mut solver = Solver::new(20);
            let started = Instant::now();
            let solved = solver.best_move(&position, u64::MAX);
            println!(
                "{position}: {solved:?}, {} nodes in {:.1?}",
                solver.nodes(),
                started.elapsed()
            );
            continue;
        }
        if arg == "--start" {
            let mut solver = Solver::new(24);
            let started = Instant::now();
            let solved = solver.best_move(&Kalah::start(), u64::MAX);
            println!(
                "start: {solved:?} nodes {} in {:.1?}",
                solver.nodes(),
                started.elapsed()
            );
            continue;
        }
        let Ok(seeds) = arg.parse::<u32>() else {
            continue;
        };
        let mut worst = 0;
        let mut solver = Solver::new(20);
        let mut total = 0;
        let started = Instant::now();
        let count = 20;
        for _ in 0..count {
            let position = random_endgame(seeds, &mut rng);
            let before = solver.nodes();
            let _ = solver.best_move(&position, u64::MAX);
            let spent = solver.nodes() - before;
            worst = worst.max(spent);
            total += spent;
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{seeds} seeds: mean {} nodes, max {worst}, {:.1} ms per position, {:.2} M nodes/s",
            total / count,
            seconds * 1000.0 / count as f64,
            total as f64 / seconds / 1e6
        );
        let _ = Kalah::start().legal_moves();
    }
}
