//! Times the checkers bulk-counting perft on one core:
//! `cargo run --release -p cozcade-engine --example checkers_perft -- 12 [FEN]`.
//! Prints the count, the time and leaves per second.

use std::time::Instant;

use cozcade_engine::{Checkers, Game};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(12);
    let position = match args.next() {
        Some(fen) => match fen.parse::<Checkers>() {
            Ok(position) => position,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
        None => Checkers::start(),
    };
    let started = Instant::now();
    let count = position.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("perft {depth} = {count}");
    println!(
        "{seconds:.3} s, {:.1} M leaves/s",
        count as f64 / seconds / 1e6
    );
}
