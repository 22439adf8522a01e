//! Writes Kalah's opening book (`engine/src/ai/kalah_book.txt`) with the exact solver.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example kalah_book -- [--branch-plies 2] [--until 30] [--bits 25]
//! ```
//! From the start, every move of either side during the first `--branch-plies` plies, and from
//! then on the optimal move of whoever is to move, until at most `--until` seeds are left in
//! the pits (Hard's endgame solver takes over there). Every position on the way gets its
//! optimal move and value.

use std::{collections::BTreeMap, process::ExitCode, time::Instant};

use cozcade_engine::{
    Game, Kalah,
    ai::{
        kalah_book::{BookEntry, format_entry},
        kalah_solver::{Solver, pits_key},
        seeds_in_play,
    },
};

struct Builder<'a> {
    solver: Solver<'a>,
    book: BTreeMap<u64, BookEntry>,
    branch_plies: u32,
    until: u32,
    started: Instant,
}

impl Builder<'_> {
    fn visit(&mut self, position: &Kalah, ply: u32) {
        if position.outcome().is_some() || seeds_in_play(position) <= self.until {
            return;
        }
        let key = pits_key(position);
        let known = self.book.get(&key).copied();
        let entry = match known {
            Some(entry) => entry,
            None => {
                let Ok(Some((mv, value))) = self.solver.best_move(position, u64::MAX) else {
                    unreachable!("an unlimited solver always answers");
                };
                let entry = BookEntry {
                    key,
                    pit: mv.0,
                    value,
                };
                self.book.insert(key, entry);
                if self.book.len().is_multiple_of(25) {
                    eprintln!(
                        "{} positions, {} M nodes, {:.0} s",
                        self.book.len(),
                        self.solver.nodes() / 1_000_000,
                        self.started.elapsed().as_secs_f64()
                    );
                }
                entry
            }
        };
        if ply < self.branch_plies {
            for mv in position.legal_moves() {
                self.visit(&position.play_unchecked(&mv), ply + 1);
            }
        } else if known.is_none() {
            let mv = cozcade_engine::kalah::Move(entry.pit);
            self.visit(&position.play_unchecked(&mv), ply + 1);
        }
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut branch_plies, mut until, mut bits) = (2, 30, 25);
    while let Some(flag) = args.next() {
        let Some(value) = args.next().and_then(|v| v.parse::<u32>().ok()) else {
            eprintln!("error: {flag} needs a number");
            return ExitCode::FAILURE;
        };
        match flag.as_str() {
            "--branch-plies" => branch_plies = value,
            "--until" => until = value,
            "--bits" => bits = value,
            _ => {
                eprintln!("error: unknown flag {flag}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut builder = Builder {
        solver: Solver::new(bits),
        book: BTreeMap::new(),
        branch_plies,
        until,
        started: Instant::now(),
    };
    builder.visit(&Kalah::start(), 0);
    let text: String = builder
        .book
        .values()
        .map(|entry| format_entry(entry) + "\n")
        .collect();
    // The clone `cargo run` runs in, not the one this binary was first built in.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR")
        .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let path = format!("{manifest_dir}/src/ai/kalah_book.txt");
    if let Err(error) = std::fs::write(&path, &text) {
        eprintln!("error: writing {path}: {error}");
        return ExitCode::FAILURE;
    }
    let start = builder
        .book
        .get(&pits_key(&Kalah::start()))
        .map(|e| e.value);
    println!(
        "{} positions ({} bytes) in {:.0} s, {} M solver nodes; start value {start:?}",
        builder.book.len(),
        text.len(),
        builder.started.elapsed().as_secs_f64(),
        builder.solver.nodes() / 1_000_000
    );
    ExitCode::SUCCESS
}
