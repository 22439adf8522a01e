//! The strength table: Hard against Medium, Hard against Easy and Medium against Easy, for
//! each game, at the levels' default node budgets and with no clock, so every match replays
//! move for move on any machine.
//!
//! ```text
//! cargo run --release -p cozcade-engine --example strength -- [--games 100] [--seed 1] [--game kalah]... [--pair hard-medium]...
//! ```
//! Games come in pairs from the same opening with colours swapped (see [`arena`]); the first
//! level named plays the first colour in odd-numbered games. Prints one Markdown row a game:
//! the first level's share of the points (win 1, draw ½) and its wins, draws and losses.
//!
//! [`arena`]: cozcade_engine::ai::arena

use std::{process::ExitCode, time::Instant};

use cozcade_engine::{
    GameKind,
    ai::{
        Level,
        arena::{GameReport, MatchOptions, MatchScore, play_match_kind},
    },
};

const PAIRINGS: [(Level, Level); 3] = [
    (Level::Hard, Level::Medium),
    (Level::Hard, Level::Easy),
    (Level::Medium, Level::Easy),
];

fn cell(score: &MatchScore) -> String {
    format!(
        "**{:.1} %** ({} w, {} d, {} l)",
        100.0 * score.a_share(),
        score.a_wins,
        score.draws,
        score.b_wins
    )
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut games, mut seed, mut kinds, mut pairs) = (100u32, 1u64, Vec::new(), Vec::new());
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        let parsed = match flag.as_str() {
            "--games" => value.parse().map(|n| games = n).is_ok(),
            "--seed" => value.parse().map(|n| seed = n).is_ok(),
            "--game" => value
                .parse::<GameKind>()
                .map(|kind| kinds.push(kind))
                .is_ok(),
            "--pair" => PAIRINGS
                .iter()
                .position(|(a, b)| value == format!("{a}-{b}"))
                .map(|index| pairs.push(index))
                .is_some(),
            _ => false,
        };
        if !parsed {
            eprintln!(
                "error: bad flag {flag} {value:?} (--games N, --seed N, --game NAME, --pair hard-medium)"
            );
            return ExitCode::FAILURE;
        }
    }
    if kinds.is_empty() {
        kinds = vec![
            GameKind::Kalah,
            GameKind::Checkers,
            GameKind::ChineseCheckers,
        ];
    }
    if pairs.is_empty() {
        pairs = (0..PAIRINGS.len()).collect();
    }
    println!("{games} games per match, seed {seed}, default node budgets, no clock");
    println!();
    println!("| game | Hard – Medium | Hard – Easy | Medium – Easy |");
    println!("| --- | --- | --- | --- |");
    for kind in kinds {
        let mut cells = Vec::new();
        for (index, &(a, b)) in PAIRINGS.iter().enumerate() {
            if !pairs.contains(&index) {
                cells.push("–".to_owned());
                continue;
            }
            let started = Instant::now();
            let options = MatchOptions {
                seed,
                ..MatchOptions::new(a, b, games)
            };
            // The running score every 10 games: a long match stopped early still says
            // something (the games replay the same in a shorter match with the same seed).
            let (mut wins, mut draws) = (0, 0);
            let mut progress = |report: &GameReport| {
                wins += u32::from(report.a_half_points == 2);
                draws += u32::from(report.a_half_points == 1);
                let played = report.index + 1;
                if played.is_multiple_of(10) {
                    eprintln!(
                        "{kind} {a} - {b}: {played} games, {wins} w, {draws} d, {} l",
                        played - wins - draws
                    );
                }
            };
            let score = match play_match_kind(kind, &options, &mut progress) {
                Ok(score) => score,
                Err(error) => {
                    eprintln!("error: {kind} {a} - {b}: {error}");
                    return ExitCode::FAILURE;
                }
            };
            eprintln!(
                "{kind} {a} - {b}: {score} in {:.0} s",
                started.elapsed().as_secs_f64()
            );
            cells.push(cell(&score));
        }
        println!("| {kind} | {} |", cells.join(" | "));
    }
    ExitCode::SUCCESS
}
