//! Chinese Checkers perft: the counts in `data/chinese-checkers-perft.txt`, checked against the
//! engine's fast counter, the generic perft over `legal_moves` (shallow), and the naive
//! generator. Counts whose tree is large (more than `QUICK_NODES` positions to generate) run
//! only with `cargo test -- --ignored`; the normal run still covers every position to depth 4.

mod naive_chinese_checkers;

use cozcade_engine::{ChineseCheckers, Game};
use naive_chinese_checkers::Naive;

const DATA: &str = include_str!("data/chinese-checkers-perft.txt");

/// Interior nodes (positions whose moves are generated) a count may need in the normal run.
const QUICK_NODES: u64 = 250_000;

struct Case {
    id: String,
    fen: String,
    /// (depth, count), ascending depth from 1.
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in DATA
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, value) = line.split_once(' ').expect("`key value` lines");
        match key {
            "id" => cases.push(Case {
                id: value.into(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "fen" => cases.last_mut().expect("id first").fen = value.into(),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("perft DEPTH COUNT");
                let entry = (depth.parse().expect("depth"), count.parse().expect("count"));
                cases.last_mut().expect("id first").counts.push(entry);
            }
            other => panic!("unknown key {other:?}"),
        }
    }
    assert!(
        cases.len() >= 8,
        "the data file lists the start and the middle-game positions"
    );
    cases
}

/// The counts to check in this run: `(id, position, depth, count)`.
fn selected(deep: bool) -> Vec<(String, ChineseCheckers, u32, u64)> {
    let mut out = Vec::new();
    for case in cases() {
        let position: ChineseCheckers = case.fen.parse().expect("valid FEN in the data file");
        assert_eq!(
            position.to_string(),
            case.fen,
            "{}: FENs in the file are canonical",
            case.id
        );
        let mut previous = 1;
        for &(depth, count) in &case.counts {
            // Generating moves at every node above the leaves is what costs time.
            let quick = previous <= QUICK_NODES;
            if quick != deep {
                out.push((case.id.clone(), position.clone(), depth, count));
            }
            previous = count;
        }
    }
    out
}

fn check(deep: bool) {
    let selected = selected(deep);
    assert!(!selected.is_empty());
    for (id, position, depth, count) in selected {
        assert_eq!(position.perft(depth), count, "{id}: engine perft {depth}");
        let naive = Naive::from_engine(&position).perft(depth);
        assert_eq!(naive, count, "{id}: naive perft {depth}");
    }
}

#[test]
fn perft_counts_match_engine_and_naive_generator() {
    check(false);
}

/// Depth 5 of the busiest positions: minutes with the naive generator.
#[test]
#[ignore = "slow: run with --ignored"]
fn deep_perft_counts_match_engine_and_naive_generator() {
    check(true);
}

#[test]
fn every_position_reaches_depth_five_and_depth_four_runs_normally() {
    for case in cases() {
        let depths: Vec<u32> = case.counts.iter().map(|&(d, _)| d).collect();
        assert_eq!(depths, vec![1, 2, 3, 4, 5], "{}", case.id);
    }
    let quick = selected(false);
    for case in cases() {
        assert!(
            quick
                .iter()
                .any(|(id, _, depth, _)| *id == case.id && *depth == 4),
            "{}: depth 4 runs in the normal test",
            case.id
        );
    }
}

#[test]
fn generic_perft_over_legal_moves_agrees() {
    // The generic perft builds every route; the engine's own counter only walks bitboards.
    for case in cases() {
        let position: ChineseCheckers = case.fen.parse().expect("valid FEN");
        for &(depth, count) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(
                cozcade_engine::perft::perft(&position, depth),
                count,
                "{}",
                case.id
            );
        }
    }
}
