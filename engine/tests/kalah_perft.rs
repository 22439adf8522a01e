//! Kalah perft counts from the data file, each cross-checked against a naive generator.

mod common;
mod naive_kalah;

use std::collections::BTreeSet;

use cozcade_engine::{Game, Kalah};
use naive_kalah::NaiveKalah;

const DATA: &str = include_str!("data/kalah-perft.txt");

#[test]
fn perft_matches_the_data_file_and_the_naive_generator() {
    let cases = common::perft_cases(DATA);
    assert!(cases.len() >= 5, "the data file lists several positions");
    for case in cases {
        let position: Kalah = case.fen.parse().expect("valid fen in data file");
        let naive = NaiveKalah::from_fen(&case.fen);
        assert_eq!(
            naive.fen(),
            position.to_string(),
            "{}: both read the same position",
            case.id
        );
        for (depth, expected) in case.counts {
            assert_eq!(position.perft(depth), expected, "{} perft {depth}", case.id);
            assert_eq!(
                naive.perft(depth),
                expected,
                "{} naive perft {depth}",
                case.id
            );
        }
    }
}

/// Beyond counting: every child position must be the same, move by move, down the tree.
fn same_children(position: &Kalah, naive: &NaiveKalah, depth: u32) {
    let ours = common::engine_children(position);
    let theirs: BTreeSet<(String, String)> = naive
        .moves()
        .into_iter()
        .map(|pit| {
            (
                ((b'a' + pit as u8) as char).to_string(),
                naive.play(pit).fen(),
            )
        })
        .collect();
    assert_eq!(ours, theirs, "children of {position}");
    if depth > 1 {
        for mv in position.legal_moves() {
            let next = position.play(&mv).unwrap();
            same_children(&next, &NaiveKalah::from_fen(&next.to_string()), depth - 1);
        }
    }
}

#[test]
fn every_child_position_matches_the_naive_generator() {
    for case in common::perft_cases(DATA) {
        let position: Kalah = case.fen.parse().unwrap();
        same_children(&position, &NaiveKalah::from_fen(&case.fen), 4);
    }
}
