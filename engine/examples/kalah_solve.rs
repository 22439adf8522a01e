//! How far the exact Kalah solver reaches: nodes and time to solve random positions with a
//! given number of seeds left in the pits, and the start.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example kalah_solve -- [SEEDS...] [--start] [--hard-test]
//! ```

use std::time::Instant;

use cozcade_engine::{
    Game, Kalah,
    ai::{
        Rng,
        kalah_solver::{Solver, random_endgame},
    },
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut rng = Rng::new(1);
    for arg in &args {
        if arg == "--hard-test" {
            // The positions of the test that holds Hard perfect on 2 to 28 seeds, each solved
            // with a fresh table as Hard does: the nodes each needs.
            let mut rng = Rng::new(2025);
            let mut spent: Vec<(u64, u32)> = (0..200)
                .map(|n| {
                    let seeds = 2 + (n % 27);
                    let position = random_endgame(seeds, &mut rng);
                    let mut solver = Solver::new(20);

                    let _ = solver.best_move(&position, u64::MAX);
                    (solver.nodes(), seeds)
                })
                .collect();
            spent.sort_unstable();
            let total: u64 = spent.iter().map(|(n, _)| n).sum();
            println!(
                "hard test positions: total {total} nodes, largest {:?}",
                &spent[spent.len() - 8..]
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
