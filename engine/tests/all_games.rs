//! Properties every game must have, checked on random playouts of all three through the same
//! generic code: the door between text and positions, and `play` against `legal_moves`.

use cozcade_engine::{AnyRecord, Checkers, ChineseCheckers, Game, GameKind, Kalah, Record};
use proptest::prelude::*;

/// Plays a random game from the start and checks, at every position:
/// - the FEN round-trips and re-reads to the same Zobrist key;
/// - every legal move is accepted by `play` and by `parse_move` of its own text;
/// - `play` leaves the position untouched;
/// - a move legal in some other position but not here is refused;
/// - there are no moves exactly when the position is final.
fn check_playout<G: Game>(choices: &[u16]) -> Result<(), TestCaseError> {
    let mut record = Record::<G>::default();
    let mut previous_moves: Vec<G::Move> = Vec::new();
    for &choice in choices {
        let position = record.position().clone();
        let fen = position.to_string();
        let reparsed: G = fen
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(&reparsed, &position);
        prop_assert_eq!(reparsed.zobrist(), position.zobrist());

        let moves = position.legal_moves();
        prop_assert_eq!(moves.is_empty(), position.outcome().is_some(), "{}", fen);
        for mv in &moves {
            prop_assert!(position.play(mv).is_ok(), "{} refused {}", fen, mv);
            let parsed = position.parse_move(&mv.to_string());
            prop_assert_eq!(
                parsed.as_ref().ok(),
                Some(mv),
                "{} does not re-read {}",
                fen,
                mv
            );
        }
        for mv in previous_moves.iter().filter(|mv| !moves.contains(mv)) {
            prop_assert!(
                position.play(mv).is_err(),
                "{} accepted {} which is not legal",
                fen,
                mv
            );
            prop_assert!(position.parse_move(&mv.to_string()).is_err());
        }
        prop_assert_eq!(&position, record.position(), "play changed the position");

        if record.is_over() {
            prop_assert!(record.legal_moves().is_empty());
            for mv in moves.iter().chain(&previous_moves) {
                prop_assert!(record.play(mv).is_err(), "a finished game accepted {}", mv);
            }
            break;
        }
        let mv = moves[choice as usize % moves.len()].clone();
        record
            .play(&mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        previous_moves = moves;
    }
    // The record survives its text form.
    let json = serde_json::to_string(&record).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: Record<G> =
        serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back, record);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn checkers_playouts(choices in prop::collection::vec(any::<u16>(), 1..300)) {
        check_playout::<Checkers>(&choices)?;
    }

    #[test]
    fn kalah_playouts(choices in prop::collection::vec(any::<u16>(), 1..120)) {
        check_playout::<Kalah>(&choices)?;
    }

    #[test]
    fn chinese_checkers_playouts(choices in prop::collection::vec(any::<u16>(), 1..300)) {
        check_playout::<ChineseCheckers>(&choices)?;
    }

    /// The fuzz target's body on random text (the fuzzer itself needs cargo-fuzz): every parser
    /// answers with a value or an error, never a panic.
    #[test]
    fn parsers_never_panic(fen in ".{0,120}", moves in prop::collection::vec("[0-9a-zA-Z:x,.-]{0,12}", 0..6)) {
        for kind in GameKind::ALL {
            let parsed = AnyRecord::from_fen(kind, &fen).ok();
            for mut record in [Some(AnyRecord::new(kind)), parsed].into_iter().flatten() {
                for mv in &moves {
                    let _ = record.play_text(mv);
                }
                let _ = (record.outcome(), record.fen(), record.legal_moves());
            }
        }
    }

    /// Texts that look almost like positions reach deeper into the readers than random ones.
    #[test]
    fn near_miss_positions_never_panic(
        turn in "[BWGTJCX]",
        first in prop::collection::vec("K?[0-9]{1,3}(-[0-9]{1,3})?", 0..14),
        second in prop::collection::vec("K?[0-9]{1,3}", 0..14),
        letters in "[BWGTJC]{2}",
    ) {
        let mut letters = letters.chars();
        let (a, b) = (letters.next().unwrap_or('B'), letters.next().unwrap_or('W'));
        let fen = format!("{turn}:{a}{}:{b}{}", first.join(","), second.join(","));
        for kind in GameKind::ALL {
            if let Ok(record) = AnyRecord::from_fen(kind, &fen) {
                // Whatever is accepted prints back as something accepted again.
                prop_assert!(AnyRecord::from_fen(kind, &record.fen()).is_ok(), "{} {}", kind, fen);
                let _ = record.legal_moves();
            }
        }
    }
}
