//! Chinese Checkers move-generation speed, on one core:
//!
//! ```text
//! cargo run --release -p cozcade-engine --example chinese_checkers_speed
//! ```
//!
//! Prints legal moves generated per second (whole moves with their routes, as the UI and the
//! search get them) from the start and from middle-game positions, then perft 4 and 5 times
//! with the engine's bulk counter.

use std::{hint::black_box, time::Instant};

use cozcade_engine::{ChineseCheckers, Game};

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "J:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10",
    ),
    (
        "early-middle",
        "J:J4,29,51,70,112,115,116,118,119,121:C1,6,7,8,17,27,30,32,38,43",
    ),
    (
        "busy-middle",
        "J:J64,73,94,95,96,112,116,117,120,121:C4,9,16,17,19,30,31,41,42,62",
    ),
];

fn main() {
    println!(
        "{:<14} {:>6} {:>16} {:>16}",
        "position", "moves", "moves/s", "positions/s"
    );
    for (name, fen) in POSITIONS {
        let position: ChineseCheckers = fen.parse().expect("valid FEN");
        let mut moves = Vec::with_capacity(256);
        let rounds = 200_000;
        let started = Instant::now();
        let mut generated = 0usize;
        for _ in 0..rounds {
            moves.clear();
            black_box(&position).generate_moves(&mut moves);
            generated += black_box(&moves).len();
        }
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{name:<14} {:>6} {:>16.0} {:>16.0}",
            moves.len(),
            generated as f64 / seconds,
            f64::from(rounds) / seconds
        );
    }
    println!();
    println!(
        "{:<14} {:>5} {:>14} {:>10} {:>16}",
        "position", "depth", "leaves", "seconds", "leaves/s"
    );
    for (name, fen) in POSITIONS {
        let position: ChineseCheckers = fen.parse().expect("valid FEN");
        for depth in [4, 5] {
            let started = Instant::now();
            let leaves = black_box(&position).perft(depth);
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "{name:<14} {depth:>5} {leaves:>14} {seconds:>10.3} {:>16.0}",
                leaves as f64 / seconds
            );
        }
    }
}
