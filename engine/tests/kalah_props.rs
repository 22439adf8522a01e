//! Property tests for Kalah on random playouts, checked against the rules text and the naive
//! implementation.

mod naive_kalah;

use cozcade_engine::{
    DrawReason, Game, Kalah, MoveError, Outcome, Record, Side,
    kalah::{Move, Pit, TOTAL_SEEDS},
};
use naive_kalah::NaiveKalah;
use proptest::prelude::*;

fn seeds_on_board(position: &Kalah) -> u32 {
    Side::BOTH
        .iter()
        .map(|&side| position.row_seeds(side) + u32::from(position.store(side)))
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Plays a random game (choices pick among legal moves) and checks every step.
    #[test]
    fn random_playouts_follow_the_rules(choices in prop::collection::vec(any::<u16>(), 1..200)) {
        let mut position = Kalah::start();
        let mut naive = NaiveKalah::from_fen(&position.to_string());
        for choice in choices {
            let moves = position.legal_moves();
            let over = position.row_seeds(Side::First) == 0 || position.row_seeds(Side::Second) == 0;
            prop_assert_eq!(moves.is_empty(), over, "no moves exactly when a row is empty");
            prop_assert_eq!(position.outcome().is_some(), over);
            if over {
                let (gold, turquoise) = (position.store(Side::First), position.store(Side::Second));
                let expected = match gold.cmp(&turquoise) {
                    std::cmp::Ordering::Greater => Outcome::Win(Side::First),
                    std::cmp::Ordering::Less => Outcome::Win(Side::Second),
                    std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::EqualSeeds),
                };
                prop_assert_eq!(position.outcome(), Some(expected));
                prop_assert!(position.parse_move("a").is_err());
                break;
            }

            // Empty pits are refused and change nothing.
            for pit in Pit::ALL {
                let mv = Move(pit);
                let legal = moves.contains(&mv);
                prop_assert_eq!(legal, position.seeds(position.turn(), pit) > 0);
                let before = position.clone();
                prop_assert_eq!(position.play(&mv).is_ok(), legal);
                prop_assert_eq!(&position, &before);
                match position.parse_move(&pit.letter().to_string()) {
                    Ok(parsed) => prop_assert!(legal && parsed == mv),
                    Err(MoveError::Illegal(_)) => prop_assert!(!legal),
                    Err(other) => prop_assert!(false, "unexpected error {other}"),
                }
            }

            let mv = moves[choice as usize % moves.len()];
            let mover = position.turn();
            let next = position.play(&mv).unwrap();
            naive = naive.play(mv.0.index());

            prop_assert_eq!(seeds_on_board(&next), TOTAL_SEEDS, "seeds are conserved");
            prop_assert!(next.store(mover) >= position.store(mover), "a store never shrinks");
            prop_assert_eq!(next.to_string(), naive.fen(), "same as the naive rules");
            let reparsed: Kalah = next.to_string().parse().unwrap();
            prop_assert_eq!(&reparsed, &next, "FEN round-trips");
            prop_assert_eq!(reparsed.zobrist(), next.zobrist());
            position = next;
        }
    }

    /// Any text at all: the parsers answer with a value or an error, never a panic.
    #[test]
    fn parsers_never_panic(text in ".{0,80}") {
        let _ = text.parse::<Kalah>();
        let _ = Kalah::start().parse_move(&text);
    }

    #[test]
    fn near_miss_fens_never_panic(counts in prop::collection::vec(0u16..300, 0..16), turn in "[GTX]") {
        let numbers: Vec<String> = counts.iter().map(u16::to_string).collect();
        let half = numbers.len() / 2;
        let fen = format!("{turn}:G{}:T{}", numbers[..half].join(","), numbers[half..].join(","));
        if let Ok(position) = fen.parse::<Kalah>() {
            prop_assert_eq!(seeds_on_board(&position), TOTAL_SEEDS);
            prop_assert_eq!(position.to_string(), fen);
        }
    }

    /// A record rebuilt from its text (a save, a room) is the same game.
    #[test]
    fn records_round_trip_through_json(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut record = Record::<Kalah>::default();
        for choice in choices {
            let moves = record.legal_moves();
            if moves.is_empty() { break; }
            record.play(&moves[choice as usize % moves.len()]).unwrap();
        }
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Kalah> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, record);
    }
}
