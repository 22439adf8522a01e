//! Times checkers move generation on one core.
//!
//! `cargo run --release -p cozcade-engine --example checkers_perft -- DEPTH [FEN] [--generic]`
//!
//! By default it runs the bulk-counting bitboard perft (`Checkers::perft`), as the CLI's
//! `perft checkers DEPTH` does. With `--generic` it walks the same tree the way a search does:
//! `generate_moves` into a reused list and `play_unchecked` on every move, leaves included —
//! the rate of the operations the computer player is built on.

use std::time::Instant;

use cozcade_engine::{Checkers, Game, checkers::Move};

fn walk(position: &Checkers, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    list.clear();
    position.generate_moves(list);
    let mut leaves = 0;
    for mv in list.iter() {
        let next = position.play_unchecked(mv);
        leaves += if depth == 1 {
            1
        } else {
            walk(&next, depth - 1, deeper)
        };
    }
    leaves
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let generic = args.iter().any(|a| a == "--generic");
    let mut rest = args.iter().filter(|a| !a.starts_with("--"));
    let depth: u32 = rest.next().and_then(|d| d.parse().ok()).unwrap_or(12);
    let position = match rest.next() {
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
    let count = if generic {
        let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        if depth == 0 {
            1
        } else {
            walk(&position, depth, &mut lists)
        }
    } else {
        position.perft(depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    let how = if generic {
        "generate_moves + play_unchecked"
    } else {
        "bulk-counting"
    };
    println!("perft {depth} = {count}");
    println!(
        "{how}: {seconds:.3} s, {:.1} M leaves/s",
        count as f64 / seconds / 1e6
    );
}
