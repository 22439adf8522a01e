//! Writes Kalah's opening book (`engine/src/ai/kalah_book.txt`) with the exact solver.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example kalah_book -- [--until 28] [--deviations 0] [--off-line 0] [--fresh 1] [--bits 25] [--coverage K]
//! ```
//! Two kinds of positions get their optimal move and value:
//! - the line of perfect play from the start, until at most `--until` seeds are left in the
//!   pits (Hard's endgame solver takes over there);
//! - with `--deviations N`, every position where Hard is to move in the first N plies, for
//!   Hard on either side, whatever the opponent plays, Hard playing its book moves;
//! - with `--off-line K`, every position where Hard is to move right after its opponent
//!   leaves the perfect line anywhere before the solver's reach (K = 1), or within K plies of
//!   it (the same tree as `--deviations`), the fewest seeds first, so a run stopped early has
//!   solved the cheap ones. `--part i --parts n` shares the work between n runs, each writing
//!   the book to its own `CARGO_MANIFEST_DIR`; their lines are merged afterwards
//!   (`sort -u`).
//!
//! The entries already in the book are kept (they were proven when written) unless
//! `--fresh 1` asks to solve everything again, so a book can be extended step by step.
//! `--coverage K` solves nothing: it tells how much of `--off-line K` the book holds.

use std::{
    collections::{BTreeMap, HashSet},
    process::ExitCode,
    time::Instant,
};

use cozcade_engine::{
    Game, Kalah, Side,
    ai::{
        kalah_book::{self, BookEntry, format_entry},
        kalah_solver::{Solver, pits_key},
        seeds_in_play,
    },
    kalah::Move,
};

struct Builder<'a> {
    solver: Solver<'a>,
    book: BTreeMap<u64, BookEntry>,
    until: u32,
    deviations: u32,
    /// `(i, n)`: of the roots of `--off-line`, this run takes every n-th from the i-th.
    part: (u32, u32),
    /// Positions already expanded: (pits key, side to move, plies left for deviations).
    seen: HashSet<(u64, Side, u32)>,
    solved: usize,
    started: Instant,
}

impl Builder<'_> {
    /// The book entry of `position`, solving it if the book does not have it yet.
    fn entry(&mut self, position: &Kalah) -> BookEntry {
        let key = pits_key(position);
        if let Some(entry) = self.book.get(&key) {
            return *entry;
        }
        let Ok(Some((mv, value))) = self.solver.best_move(position, u64::MAX) else {
            unreachable!("an unlimited solver always answers a game that is not over");
        };
        let entry = BookEntry {
            key,
            pit: mv.0,
            value,
        };
        self.book.insert(key, entry);
        self.solved += 1;
        // Saved after every position: a long run stopped early keeps what it proved.
        if let Err(error) = self.save() {
            eprintln!("error: {error}");
        }
        eprintln!(
            "{} positions ({} solved), {} M nodes, {:.0} s",
            self.book.len(),
            self.solved,
            self.solver.nodes() / 1_000_000,
            self.started.elapsed().as_secs_f64()
        );
        entry
    }

    fn text(&self) -> String {
        self.book
            .values()
            .map(|entry| format_entry(entry) + "\n")
            .collect()
    }

    fn save(&self) -> Result<(), String> {
        // The clone `cargo run` runs in, not the one this binary was first built in.
        let manifest_dir = std::env::var("CARGO_MANIFEST_DIR")
            .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
        let path = format!("{manifest_dir}/src/ai/kalah_book.txt");
        std::fs::write(&path, self.text()).map_err(|error| format!("writing {path}: {error}"))
    }

    /// Perfect play on both sides from `position` until the solver's reach: the positions
    /// of the line.
    fn main_line(&mut self, mut position: Kalah) -> Vec<Kalah> {
        let mut line = Vec::new();
        while position.outcome().is_none() && seeds_in_play(&position) > self.until {
            let entry = self.entry(&position);
            line.push(position.clone());
            position = position.play_unchecked(&Move(entry.pit));
        }
        line
    }

    /// Every position where Hard is to move right after its opponent leaves `line` (the
    /// opponent sowing on after extra turns), followed for `plies` plies as in
    /// [`Self::deviations`] (1: those positions alone), the fewest seeds first.
    fn off_line(&mut self, line: &[Kalah], plies: u32) {
        let (part, parts) = self.part;
        for (root, hard) in self
            .roots(line)
            .into_iter()
            .skip(part as usize)
            .step_by(parts as usize)
        {
            self.deviations(&root, hard, plies);
        }
    }

    /// The positions right after the opponent leaves `line`, each with the side Hard plays,
    /// the fewest seeds first: the roots of `--off-line`.
    fn roots(&self, line: &[Kalah]) -> Vec<(Kalah, Side)> {
        let mut roots = Vec::new();
        for position in line {
            let Some((book_move, _)) = kalah_book_move(&self.book, position) else {
                continue;
            };
            let hard = position.turn().other();
            roots.extend(
                kalah_book::leaving_the_line(position, book_move)
                    .into_iter()
                    .map(|child| (child, hard)),
            );
        }
        roots.sort_by_key(|(position, _)| seeds_in_play(position));
        roots
    }

    /// How far the book covers `--off-line plies` without solving anything: for the roots in
    /// the order the generator takes them (the fewest seeds first), whether every position
    /// where Hard is to move in the root's tree is in the book.
    fn coverage(&self, line: &[Kalah], plies: u32) {
        let roots = self.roots(line);
        let (mut complete, mut reach, mut in_book, mut missing) = (0, None, 0, 0);
        let mut met = HashSet::new();
        for (root, hard) in &roots {
            let (found, lacking) = self.covered(root, *hard, plies, &mut met);
            in_book += found;
            missing += lacking;
            if lacking == 0 {
                complete += 1;
            } else if reach.is_none() {
                reach = Some(seeds_in_play(root));
            }
        }
        let reach = reach.map_or("every root".to_owned(), |seeds| {
            format!("every root with fewer than {seeds} seeds in the pits")
        });
        println!(
            "--off-line {plies}: {} roots, {complete} complete ({reach}); {in_book} positions of their trees in the book, {missing} missing",
            roots.len(),
        );
    }

    /// Positions where Hard is to move within `plies` plies of `position` that the book
    /// holds, and that it lacks (following the book's moves for Hard); each counted once, the
    /// first time it is `met`.
    fn covered(
        &self,
        position: &Kalah,
        hard: Side,
        plies: u32,
        met: &mut HashSet<(u64, Side, u32)>,
    ) -> (usize, usize) {
        if plies == 0 || position.outcome().is_some() || seeds_in_play(position) <= self.until {
            return (0, 0);
        }
        let first_time = met.insert((pits_key(position), position.turn(), plies));
        if position.turn() == hard {
            let Some((mv, _)) = kalah_book_move(&self.book, position) else {
                return (0, usize::from(first_time));
            };
            let next = position.play_unchecked(&mv);
            let (found, lacking) = self.covered(&next, hard, plies - 1, met);
            (found + usize::from(first_time), lacking)
        } else if first_time {
            position
                .legal_moves()
                .iter()
                .fold((0, 0), |(found, lacking), mv| {
                    let (f, l) = self.covered(&position.play_unchecked(mv), hard, plies - 1, met);
                    (found + f, lacking + l)
                })
        } else {
            (0, 0)
        }
    }

    /// Every position Hard (playing `hard`) can meet in the next `plies` plies.
    fn deviations(&mut self, position: &Kalah, hard: Side, plies: u32) {
        if plies == 0 || position.outcome().is_some() || seeds_in_play(position) <= self.until {
            return;
        }
        if !self
            .seen
            .insert((pits_key(position), position.turn(), plies))
        {
            return;
        }
        if position.turn() == hard {
            let entry = self.entry(position);
            self.deviations(&position.play_unchecked(&Move(entry.pit)), hard, plies - 1);
        } else {
            for mv in position.legal_moves() {
                self.deviations(&position.play_unchecked(&mv), hard, plies - 1);
            }
        }
    }
}

/// The book's move for `position`.
fn kalah_book_move(book: &BTreeMap<u64, BookEntry>, position: &Kalah) -> Option<(Move, i32)> {
    book.get(&pits_key(position))
        .map(|entry| (Move(entry.pit), entry.value))
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut until, mut deviations, mut off_line, mut fresh, mut bits) = (28, 0, 0, 0, 25);
    let mut coverage = 0;
    let (mut part, mut parts) = (0, 1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next().and_then(|v| v.parse::<u32>().ok()) else {
            eprintln!("error: {flag} needs a number");
            return ExitCode::FAILURE;
        };
        match flag.as_str() {
            "--until" => until = value,
            "--deviations" => deviations = value,
            "--off-line" => off_line = value,
            "--part" => part = value,
            "--parts" => parts = value.max(1),
            "--fresh" => fresh = value,
            "--coverage" => coverage = value,
            "--bits" => bits = value,
            _ => {
                eprintln!("error: unknown flag {flag}");
                return ExitCode::FAILURE;
            }
        }
    }
    let book = if fresh == 0 {
        kalah_book::entries()
            .iter()
            .map(|entry| (entry.key, *entry))
            .collect()
    } else {
        BTreeMap::new()
    };
    let mut builder = Builder {
        solver: Solver::new(bits),
        book,
        until,
        deviations,
        part: (part, parts),
        seen: HashSet::new(),
        solved: 0,
        started: Instant::now(),
    };
    let line = builder.main_line(Kalah::start());
    if coverage > 0 {
        builder.coverage(&line, coverage);
        return ExitCode::SUCCESS;
    }
    for hard in Side::BOTH {
        builder.deviations(&Kalah::start(), hard, builder.deviations);
    }
    if off_line > 0 {
        builder.off_line(&line, off_line);
    }
    if let Err(error) = builder.save() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    let start = builder
        .book
        .get(&pits_key(&Kalah::start()))
        .map(|e| e.value);
    let bytes = builder.text().len();
    println!(
        "{} positions ({bytes} bytes, {} solved now) in {:.0} s, {} M solver nodes; start value {start:?}",
        builder.book.len(),
        builder.solved,
        builder.started.elapsed().as_secs_f64(),
        builder.solver.nodes() / 1_000_000
    );
    ExitCode::SUCCESS
}
