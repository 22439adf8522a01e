//! Property tests of the Chinese Checkers rules on random playouts.

mod naive_chinese_checkers;

use std::collections::HashSet;

use cozcade_engine::{
    ChineseCheckers, DrawReason, Game, Outcome, Record, Side,
    chinese_checkers::{Hole, Move},
};
use naive_chinese_checkers::Naive;
use proptest::prelude::*;

/// Where playouts begin: the start, and positions near the end so that random play also
/// reaches wins and passes (from the start it almost never gets that far).
const STARTS: [&str; 5] = [
    "J:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10",
    "J:J1,2,3,4,5,6,7,8,10,15:C92,102,107,112,114,115,117,119,120,121",
    "J:J1,2,3,4,5,6,8,9,10,15:C103,113,114,115,116,117,118,119,120,121",
    "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100",
    // Jade must pass here (and wins by it: its goal is full right after its turn).
    "J:J1,2,3,4,5,6,8,9,10,11:C7,12,13,24,36,57,61,65,80,100",
];

fn start(index: usize) -> ChineseCheckers {
    STARTS[index % STARTS.len()].parse().expect("valid start")
}

/// Plays random legal moves chosen by `choices` (each picks among the legal moves) from
/// `STARTS[choices[0]]` and returns every position on the way, the start included.
fn playout(choices: &[u16]) -> Vec<ChineseCheckers> {
    let first = choices.first().map_or(0, |&c| usize::from(c));
    let mut positions = vec![start(first)];
    for &choice in choices {
        let current = positions.last().expect("not empty");
        let moves = current.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        positions.push(current.play(&mv).expect("a generated move is legal"));
    }
    positions
}

fn ends(moves: &[Move]) -> HashSet<Option<(u8, u8)>> {
    moves
        .iter()
        .map(|m| match *m {
            Move::Marble { from, to, .. } => Some((from.number(), to.number())),
            Move::Pass => None,
        })
        .collect()
}

/// The goal `side` must fill, straight from the rules text.
fn goal_numbers(side: Side) -> std::ops::RangeInclusive<u8> {
    match side {
        Side::First => 1..=10,
        Side::Second => 112..=121,
    }
}

fn has_filled_goal(p: &ChineseCheckers, side: Side) -> bool {
    let marbles: Vec<Option<Side>> = goal_numbers(side)
        .map(|n| p.marble_at(Hole::new(n).expect("hole")))
        .collect();
    marbles.iter().all(Option::is_some) && marbles.contains(&Some(side))
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..160)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fen_round_trips(choices in choices()) {
        for p in playout(&choices) {
            let fen = p.to_string();
            let back: ChineseCheckers = fen.parse().expect("a printed FEN parses");
            prop_assert_eq!(&back, &p);
            prop_assert_eq!(back.zobrist(), p.zobrist());
            prop_assert_eq!(ChineseCheckers::try_from(p.setup()), Ok(p.clone()));
        }
    }

    #[test]
    fn generated_moves_are_accepted_and_nothing_else(
        choices in choices(),
        probes in prop::collection::vec((1u8..=121, 1u8..=121), 40),
    ) {
        let positions = playout(&choices);
        let p = positions.last().expect("not empty");
        let moves = p.legal_moves();
        let legal = ends(&moves);
        prop_assert_eq!(legal.len(), moves.len(), "no move twice");
        for mv in &moves {
            prop_assert!(p.is_legal(mv));
            prop_assert!(p.play(mv).is_ok());
            prop_assert_eq!(p.parse_move(&mv.to_string()), Ok(*mv));
            if let Some(route) = mv.route() {
                prop_assert_eq!(p.parse_move(&route.to_string()), Ok(*mv));
                prop_assert_eq!(route.holes().len() >= 2, true);
            }
        }
        for (from, to) in probes {
            let text = format!("{from}-{to}");
            let accepted = p.parse_move(&text).is_ok();
            prop_assert_eq!(accepted, legal.contains(&Some((from, to))), "{}", text);
        }
        // UI helpers agree with the move list.
        let movable: HashSet<u8> = p.movable_marbles().iter().map(|h| h.number()).collect();
        let froms: HashSet<u8> = legal.iter().flatten().map(|&(f, _)| f).collect();
        prop_assert_eq!(&movable, &froms);
        for from in p.movable_marbles() {
            let targets: HashSet<u8> = p.destinations(from).iter().map(|(h, _)| h.number()).collect();
            let expected: HashSet<u8> =
                legal.iter().flatten().filter(|&&(f, _)| f == from.number()).map(|&(_, t)| t).collect();
            prop_assert_eq!(targets, expected);
        }
    }

    #[test]
    fn naive_and_fast_generators_agree(choices in choices()) {
        let positions = playout(&choices);
        // Every 8th position and the last, to keep the naive generator's time in check.
        let last = positions.len() - 1;
        for (i, p) in positions.iter().enumerate().filter(|&(i, _)| i % 8 == 0 || i == last) {
            let naive = Naive::from_engine(p);
            let naive_moves: HashSet<Option<(u8, u8)>> = naive.moves().into_iter().collect();
            prop_assert_eq!(&naive_moves, &ends(&p.legal_moves()), "{}", p);
            let naive_result = naive.result();
            let result = match p.outcome() {
                None => None,
                Some(Outcome::Draw(_)) => Some("draw"),
                Some(Outcome::Win(Side::First)) => Some("jade"),
                Some(Outcome::Win(Side::Second)) => Some("coral"),
            };
            prop_assert_eq!(naive_result, result);
            if i == last {
                prop_assert_eq!(naive.perft(2), p.perft(2));
            }
        }
    }

    #[test]
    fn results_follow_the_rules(choices in prop::collection::vec(any::<u16>(), 0..300)) {
        let mut record = Record::new(start(usize::from(choices.first().copied().unwrap_or(0))));
        let mut history = vec![record.position().clone()];
        let mut last_own: [Option<(Hole, Hole)>; 2] = [None, None];
        for choice in choices {
            let p = record.position().clone();
            // Independent reading of the rules for the current position.
            let mover = p.turn().other();
            let won = has_filled_goal(&p, mover);
            let seen = history.iter().filter(|&q| *q == p).count();
            let expected = if won {
                Some(Outcome::Win(mover))
            } else if seen >= 3 {
                Some(Outcome::Draw(DrawReason::Repetition))
            } else {
                None
            };
            prop_assert_eq!(record.outcome(), expected, "{}", p);
            let moves = record.legal_moves();
            prop_assert_eq!(moves.is_empty(), expected.is_some());
            if expected.is_some() {
                if std::env::var_os("CC_PROPS_STATS").is_some() {
                    eprintln!("outcome {expected:?}");
                }
                break;
            }
            if moves.contains(&Move::Pass) {
                prop_assert_eq!(moves.len(), 1, "pass only when nothing else");
            }
            // Now and then undo our own previous move, so positions repeat.
            let side = p.turn().index();
            let back = last_own[side].and_then(|(from, to)| {
                moves.iter().copied().find(|m| matches!(*m, Move::Marble { from: f, to: t, .. } if f == to && t == from))
            });
            let mv = match back {
                Some(mv) if choice % 4 == 0 => mv,
                _ => moves[usize::from(choice) % moves.len()],
            };
            if let Move::Marble { from, to, .. } = mv {
                last_own[side] = Some((from, to));
            }
            record.play(&mv).expect("legal");
            if std::env::var_os("CC_PROPS_STATS").is_some() {
                eprintln!("played {mv}");
            }
            history.push(record.position().clone());
        }
    }

    #[test]
    fn parsers_never_panic(text in ".{0,200}") {
        let _ = text.parse::<ChineseCheckers>();
        let start = ChineseCheckers::start();
        let _ = start.parse_move(&text);
    }

    #[test]
    fn fen_mutations_never_panic(
        choices in prop::collection::vec(any::<u16>(), 0..40),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::char::range(' ', '~')), 1..4),
    ) {
        let fen = playout(&choices).last().expect("not empty").to_string();
        let mut chars: Vec<char> = fen.chars().collect();
        for (at, c) in edits {
            let i = at.index(chars.len());
            chars[i] = c;
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = text.parse::<ChineseCheckers>() {
            // Whatever parses is a valid position that prints canonically.
            prop_assert_eq!(p.to_string().parse::<ChineseCheckers>(), Ok(p.clone()));
            for side in Side::BOTH {
                prop_assert_eq!(p.marbles(side).len(), 10);
            }
        }
    }

    #[test]
    fn move_text_fuzz(choices in prop::collection::vec(any::<u16>(), 0..60), text in "[0-9-]{0,30}|pass") {
        let p = playout(&choices).last().expect("not empty").clone();
        if let Ok(mv) = p.parse_move(&text) {
            prop_assert!(p.is_legal(&mv));
        }
    }
}
