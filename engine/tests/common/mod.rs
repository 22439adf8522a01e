//! Helpers shared by the integration tests.
#![allow(dead_code)]

/// One position of a perft data file and its published or cross-checked counts.
pub struct PerftCase {
    pub id: String,
    pub fen: String,
    /// (depth, leaf count)
    pub counts: Vec<(u32, u64)>,
}

/// Reads the shakmaty-style perft files in `tests/data`: `#` comments, then blocks of
/// `id NAME`, `fen TEXT`, `perft DEPTH COUNT` lines separated by blank lines.
pub fn perft_cases(text: &str) -> Vec<PerftCase> {
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut case = PerftCase {
            id: String::new(),
            fen: String::new(),
            counts: Vec::new(),
        };
        for line in block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (key, value) = line.split_once(' ').expect("key value");
            match key {
                "id" => case.id = value.to_owned(),
                "fen" => case.fen = value.to_owned(),
                "perft" => {
                    let (depth, count) = value.split_once(' ').expect("depth count");
                    case.counts.push((
                        depth.parse().unwrap(),
                        count.replace('_', "").parse().unwrap(),
                    ));
                }
                other => panic!("unknown key {other:?} in perft file"),
            }
        }
        if !case.fen.is_empty() {
            cases.push(case);
        }
    }
    cases
}

/// The engine's legal moves from `position`, as (move text, resulting FEN): what the perft tests
/// compare, child by child, with their naive generators.
pub fn engine_children<G: cozcade_engine::Game>(
    position: &G,
) -> std::collections::BTreeSet<(String, String)> {
    position
        .legal_moves()
        .iter()
        .map(|mv| {
            let child = position.play(mv).expect("a generated move is legal");
            (mv.to_string(), child.to_string())
        })
        .collect()
}
