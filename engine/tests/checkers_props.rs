//! Property tests for checkers on random playouts: text formats, move legality, agreement with
//! the naive generator, and how a `Record` ends.

mod naive_checkers;

use std::collections::{BTreeSet, HashMap};

use cozcade_engine::{
    Checkers, DrawReason, Game, MoveError, Outcome, Record, Side,
    checkers::{Move, Piece, Setup, Square},
};
use naive_checkers::NaiveCheckers;
use proptest::prelude::*;

/// Plays `choices` from `start` (each picks among the legal moves) and returns every position
/// passed through, the start included.
fn playout(start: Checkers, choices: &[u16]) -> Vec<Checkers> {
    let mut positions = vec![start];
    let mut position = start;
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(&moves[usize::from(choice) % moves.len()]);
        positions.push(position);
    }
    positions
}

/// A small endgame of kings only (and a few men), where random play repeats positions and runs
/// into the 80-ply rule; `None` when the squares collide or the setup is invalid.
fn endgame(red: &[u8], white: &[u8], men: u8, turn: bool) -> Option<Checkers> {
    let mut setup = Setup::empty(if turn { Side::First } else { Side::Second });
    for (i, &n) in red.iter().chain(white).enumerate() {
        let square = Square::new(n)?;
        if setup.piece_at(square).is_some() {
            return None;
        }
        let side = if i < red.len() {
            Side::First
        } else {
            Side::Second
        };
        let king = i % 4 >= usize::from(men);
        setup.put(square, Some(Piece { side, king }));
    }
    Checkers::try_from(setup).ok()
}

/// Syntactically valid move texts built from random squares.
fn move_text(squares: &[u8], capture: bool) -> String {
    let parts: Vec<String> = squares.iter().map(u8::to_string).collect();
    if capture {
        parts.join("x")
    } else {
        parts[..2].join("-")
    }
}

/// What the rules text says about a game so far, computed without `Record`.
fn expected_outcome(positions: &[Checkers], quiet: u32) -> Option<Outcome> {
    let current = positions.last().expect("at least the start");
    if current.legal_moves().is_empty() {
        return Some(Outcome::Win(current.turn().other()));
    }
    if positions.iter().filter(|p| *p == current).count() >= 3 {
        return Some(Outcome::Draw(DrawReason::Repetition));
    }
    (quiet >= 80).then_some(Outcome::Draw(DrawReason::FortyMoveRule))
}

/// How a playout picks its moves.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Policy {
    /// Any legal move.
    Random,
    /// Preferably a move to a position not seen before that offers the opponent no capture,
    /// so that quiet king play runs long enough for the 80-ply rule.
    Wander,
}

/// Plays a record to its end (or `max_plies`) and checks its result after every ply against
/// the rules computed by hand. Returns how it ended.
fn play_record(start: Checkers, seed: u64, max_plies: usize) -> Option<Outcome> {
    play_record_with(start, seed, max_plies, Policy::Random)
}

fn play_record_with(
    start: Checkers,
    seed: u64,
    max_plies: usize,
    policy: Policy,
) -> Option<Outcome> {
    let mut record = Record::new(start);
    let mut positions = vec![start];
    let mut quiet = 0u32;
    let mut rng = seed | 1;
    for _ in 0..max_plies {
        let expected = expected_outcome(&positions, quiet);
        assert_eq!(
            record.outcome(),
            expected,
            "after {:?}",
            record.move_texts()
        );
        if expected.is_some() {
            assert!(record.legal_moves().is_empty());
            return expected;
        }
        // xorshift: a cheap reproducible choice.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let position = *record.position();
        let mut moves = position.legal_moves();
        if policy == Policy::Wander {
            let calm: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| {
                    let next = position.play_unchecked(mv);
                    !positions.contains(&next) && next.legal_moves().iter().all(|r| !r.is_capture())
                })
                .collect();
            if !calm.is_empty() {
                moves = calm;
            }
        }
        let mv = moves[(rng % moves.len() as u64) as usize];
        let man = position.piece_at(mv.from()).is_some_and(|p| !p.king);
        quiet = if mv.is_capture() || man { 0 } else { quiet + 1 };
        record.play(&mv).expect("a generated move is legal");
        positions.push(*record.position());
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every position of a random game prints and reads back as itself.
    #[test]
    fn fen_round_trips_on_reachable_positions(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for position in playout(Checkers::start(), &choices) {
            let text = position.to_string();
            let back: Checkers = text.parse().unwrap();
            prop_assert_eq!(back, position);
            prop_assert_eq!(back.zobrist(), position.zobrist());
            prop_assert_eq!(back.to_string(), text);
        }
    }

    /// Every generated move is accepted by `play` and its own text; texts and moves that are
    /// not in the list are refused, and the position stays as it was.
    #[test]
    fn generated_moves_and_nothing_else_are_legal(
        choices in prop::collection::vec(any::<u16>(), 0..120),
        others in prop::collection::vec((prop::collection::vec(1u8..=32, 2..5), any::<bool>()), 20),
        foreign_choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let positions = playout(Checkers::start(), &choices);
        let position = *positions.last().unwrap();
        let before = position;
        let moves = position.legal_moves();
        let texts: BTreeSet<String> = moves.iter().map(Move::to_string).collect();
        prop_assert_eq!(texts.len(), moves.len(), "no duplicate moves");
        for mv in &moves {
            prop_assert!(position.play(mv).is_ok());
            prop_assert_eq!(position.parse_move(&mv.to_string()), Ok(*mv));
        }
        for (squares, capture) in others {
            let text = move_text(&squares, capture);
            if texts.contains(&text) {
                continue;
            }
            match position.parse_move(&text) {
                // Only the short capture form may name a move by other words.
                Ok(mv) => prop_assert!(
                    capture && squares.len() == 2
                        && mv.from().number() == squares[0] && mv.to().number() == squares[1],
                    "{} accepted as {}", text, mv
                ),
                Err(MoveError::Illegal(_) | MoveError::Ambiguous(_)) => {}
                Err(MoveError::GameOver) => prop_assert!(moves.is_empty()),
                Err(other) => prop_assert!(false, "{}: unexpected {}", text, other),
            }
        }
        // Moves of another game's position: refused here unless they are a move here too.
        for other in playout(Checkers::start(), &foreign_choices) {
            for mv in other.legal_moves() {
                prop_assert_eq!(position.play(&mv).is_ok(), moves.contains(&mv), "{}", mv);
            }
        }
        prop_assert_eq!(position, before);
    }

    /// The bitboard generator and the naive one agree on every position of a random game: the
    /// same moves, the same children, the same perft 3.
    #[test]
    fn naive_and_fast_generators_agree(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for (ply, position) in playout(Checkers::start(), &choices).into_iter().enumerate() {
            let naive = NaiveCheckers::from_fen(&position.to_string());
            let ours: BTreeSet<(String, String)> = position
                .legal_moves()
                .iter()
                .map(|mv| (mv.to_string(), position.play_unchecked(mv).to_string()))
                .collect();
            let theirs: BTreeSet<(String, String)> =
                naive.moves().iter().map(|mv| (mv.text(), naive.play(mv).fen())).collect();
            prop_assert_eq!(&ours, &theirs, "moves of {}", position);
            if ply % 10 == 0 {
                prop_assert_eq!(position.perft(3), naive.perft(3), "perft 3 of {}", position);
            }
        }
    }

    /// The same on random endgames with kings, where long king routes are common.
    #[test]
    fn naive_and_fast_generators_agree_in_endgames(
        red in prop::collection::vec(1u8..=32, 1..7),
        white in prop::collection::vec(1u8..=32, 1..7),
        men in 0u8..4,
        turn in any::<bool>(),
    ) {
        let Some(position) = endgame(&red, &white, men, turn) else { return Ok(()) };
        let naive = NaiveCheckers::from_fen(&position.to_string());
        prop_assert_eq!(position.perft(4), naive.perft(4), "perft 4 of {}", position);
    }

    /// A record of a random game ends exactly as the rules say: no move loses, the third
    /// repetition draws, 80 plies without a capture or a man move draw.
    #[test]
    fn records_end_as_the_rules_say(seed in any::<u64>()) {
        play_record(Checkers::start(), seed, 400);
    }

    #[test]
    fn records_of_endgames_end_as_the_rules_say(
        red in prop::collection::vec(1u8..=32, 1..4),
        white in prop::collection::vec(1u8..=32, 1..4),
        men in 0u8..2,
        seed in any::<u64>(),
        wander in any::<bool>(),
    ) {
        let policy = if wander { Policy::Wander } else { Policy::Random };
        if let Some(start) = endgame(&red, &white, men, true) {
            play_record_with(start, seed, 400, policy);
        }
    }

    /// Any text at all: the parsers answer with a value or an error, never a panic.
    #[test]
    fn parsers_never_panic(text in ".{0,80}") {
        let _ = text.parse::<Checkers>();
        let _ = Checkers::start().parse_move(&text);
    }

    #[test]
    fn near_miss_fens_never_panic(text in "[BWK:,.\\- 0-9]{0,60}") {
        if let Ok(position) = text.parse::<Checkers>() {
            prop_assert_eq!(position.to_string().parse::<Checkers>(), Ok(position));
        }
        let _ = Checkers::start().parse_move(&text);
    }
}

/// Over many seeded endgames, every way a game can end turns up: the property tests above
/// would prove little if random play never reached a repetition or the 80-ply rule.
#[test]
fn random_endgames_reach_every_kind_of_ending() {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let starts = [
        "B:WK29,K30:BK3",
        "W:WK32:BK1",
        "B:WK18:BK1,K2",
        "B:W30:BK1",
        "W:WK25,K26:BK4,8",
        "B:WK29,K30,K31:BK1,K2,K3",
        "W:WK21,K22,K30,K31:BK1,K2,K3,K10",
    ];
    for fen in starts {
        let start: Checkers = fen.parse().unwrap();
        for seed in 1..60u64 {
            let policy = if seed % 2 == 0 {
                Policy::Random
            } else {
                Policy::Wander
            };
            let seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let ending = match play_record_with(start, seed, 400, policy) {
                None => "unfinished".to_owned(),
                Some(Outcome::Win(_)) => "win".to_owned(),
                Some(Outcome::Draw(reason)) => format!("{reason:?}"),
            };
            *seen.entry(ending).or_default() += 1;
        }
    }
    for ending in ["win", "Repetition", "FortyMoveRule"] {
        let count = seen.get(ending).copied().unwrap_or(0);
        assert!(count >= 10, "only {count} {ending} among {seen:?}");
    }
}
