//! Checkers perft counts from the data file: the published start-position counts, and our own
//! counts for positions beyond the start, each cross-checked against a naive generator.

mod common;
mod naive_checkers;

use std::collections::BTreeSet;

use cozcade_engine::{Checkers, Game};
use naive_checkers::NaiveCheckers;

const DATA: &str = include_str!("data/checkers-perft.txt");

/// Counts above this run only as ignored tests (the start's depths 11 and 12).
const QUICK_LIMIT: u64 = 20_000_000;
/// Counts above this are not recomputed by the naive generator: it is slow on purpose.
const NAIVE_LIMIT: u64 = 1_000_000;

fn case(id: &str) -> common::PerftCase {
    common::perft_cases(DATA)
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id} in the data file"))
}

#[test]
fn the_start_has_the_published_counts_to_depth_10() {
    let start = case("start");
    assert_eq!(start.fen, Checkers::start().to_string());
    let published = [
        7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564,
    ];
    for (depth, expected) in (1..=10).zip(published) {
        assert!(
            start.counts.contains(&(depth, expected)),
            "data file depth {depth}"
        );
        assert_eq!(
            Checkers::start().perft(depth),
            expected,
            "start perft {depth}"
        );
    }
}

#[test]
fn perft_matches_the_data_file() {
    let cases = common::perft_cases(DATA);
    assert!(cases.len() >= 8, "the data file lists several positions");
    for case in cases {
        let position: Checkers = case.fen.parse().expect("valid fen in the data file");
        assert_eq!(position.to_string(), case.fen, "{}: canonical FEN", case.id);
        for (depth, expected) in case.counts {
            if expected <= QUICK_LIMIT {
                assert_eq!(position.perft(depth), expected, "{} perft {depth}", case.id);
            }
        }
    }
}

#[test]
fn the_naive_generator_agrees_with_the_data_file() {
    for case in common::perft_cases(DATA) {
        let naive = NaiveCheckers::from_fen(&case.fen);
        assert_eq!(
            naive.fen(),
            case.fen,
            "{}: both read the same position",
            case.id
        );
        for (depth, expected) in case.counts {
            if expected <= NAIVE_LIMIT {
                assert_eq!(
                    naive.perft(depth),
                    expected,
                    "{} naive perft {depth}",
                    case.id
                );
            }
        }
    }
}

/// The generic (non-bulk) perft through `legal_moves` and `play_unchecked` must agree with the
/// bitboard perft: the two share the rules but not the counting code.
#[test]
fn the_generic_perft_agrees_with_the_bulk_perft() {
    for case in common::perft_cases(DATA) {
        let position: Checkers = case.fen.parse().unwrap();
        for (depth, expected) in case.counts {
            if expected <= NAIVE_LIMIT {
                assert_eq!(
                    cozcade_engine::perft::perft(&position, depth),
                    expected,
                    "{} generic perft {depth}",
                    case.id
                );
            }
        }
    }
}

/// Beyond counting: the same moves (as text) and the same child positions, down the tree.
fn same_children(position: &Checkers, naive: &NaiveCheckers, depth: u32) {
    let ours = common::engine_children(position);
    let theirs: BTreeSet<(String, String)> = naive
        .moves()
        .iter()
        .map(|mv| (mv.text(), naive.play(mv).fen()))
        .collect();
    assert_eq!(ours, theirs, "children of {position}");
    assert_eq!(
        position.legal_moves().len(),
        naive.moves().len(),
        "no duplicate moves in {position}"
    );
    if depth > 1 {
        for mv in position.legal_moves() {
            let next = position.play(&mv).unwrap();
            same_children(
                &next,
                &NaiveCheckers::from_fen(&next.to_string()),
                depth - 1,
            );
        }
    }
}

#[test]
fn every_child_position_matches_the_naive_generator() {
    for case in common::perft_cases(DATA) {
        let position: Checkers = case.fen.parse().unwrap();
        same_children(&position, &NaiveCheckers::from_fen(&case.fen), 4);
    }
}

fn start_depth(depth: u32) {
    let start = case("start");
    let expected = start
        .counts
        .iter()
        .find(|&&(d, _)| d == depth)
        .map(|&(_, count)| count)
        .expect("depth in the data file");
    assert_eq!(Checkers::start().perft(depth), expected);
}

/// 85,242,128 leaves; about a second in a release build.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn the_start_perft_11() {
    start_depth(11);
}

/// 388,623,673 leaves; a few seconds in a release build.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn the_start_perft_12() {
    start_depth(12);
}
