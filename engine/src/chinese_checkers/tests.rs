//! Unit tests of the rules on hand-built positions.

use super::{ChineseCheckers, Hole, Move};
use crate::{Game, MoveError, Outcome, Record, Side};

fn position(fen: &str) -> ChineseCheckers {
    fen.parse().expect("valid test position")
}

fn hole(number: u8) -> Hole {
    Hole::new(number).expect("a hole number")
}

/// The destinations of the marble on `from`, as hole numbers, sorted.
fn targets(p: &ChineseCheckers, from: u8) -> Vec<u8> {
    let mut out: Vec<u8> = p
        .destinations(hole(from))
        .iter()
        .map(|(h, _)| h.number())
        .collect();
    out.sort_unstable();
    out
}

fn route_text(p: &ChineseCheckers, from: u8, to: u8) -> Option<String> {
    p.destinations(hole(from))
        .into_iter()
        .find(|(h, _)| h.number() == to)
        .map(|(_, r)| r.to_string())
}

const START: &str = "J:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10";

#[test]
fn start_has_fourteen_moves_and_round_trips() {
    let start = ChineseCheckers::start();
    assert_eq!(start.to_string(), START);
    assert_eq!(position(START), start);
    // Eight steps from the front row and six hops over it.
    assert_eq!(start.legal_moves().len(), 14);
    assert_eq!(start.outcome(), None);
    assert_eq!(start.arrivals(Side::First), 0);
    assert_eq!(start.marble_at(hole(112)), Some(Side::First));
    assert_eq!(start.marble_at(hole(1)), Some(Side::Second));
    assert_eq!(start.marble_at(hole(61)), None);
}

#[test]
fn fen_lists_may_come_in_either_order_and_any_hole_order() {
    let swapped = "J:C10,9,8,7,6,5,4,3,2,1:J121,112,113,114,115,116,117,118,119,120";
    assert_eq!(position(swapped), ChineseCheckers::start());
    assert_eq!(position(&format!("  {START}\n")), ChineseCheckers::start());
}

#[test]
fn bad_fens_are_refused() {
    let bad = [
        "",
        "J",
        "J:",
        "X:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10",
        "j:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,121,111:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,120:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,10:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,122:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,0:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,+121:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,121:J1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10:",
        "J:J112,113,114,115,116,117,118,119,120,121,:C1,2,3,4,5,6,7,8,9,10",
        "J:J112,113,114,115,116,117,118,119,120,121",
        "J:J:C",
        "J:Jé:C1",
        "é:é:é",
        "J:J112 ,113,114,115,116,117,118,119,120,121:C1,2,3,4,5,6,7,8,9,10",
    ];
    for fen in bad {
        assert!(
            fen.parse::<ChineseCheckers>().is_err(),
            "{fen:?} should be refused"
        );
    }
}

#[test]
fn a_hop_chain_may_turn_and_is_one_move() {
    // Jade on 61 (the centre); marbles to hop over east (62), then north-east from 63 over 54.
    let p = position("J:J61,112,113,114,115,116,117,118,119,120:C62,54,1,2,3,4,5,6,7,8");
    assert_eq!(hole(63).row(), 8);
    assert_eq!(hole(54).row(), 7);
    // 61 -> 63 (east over 62) -> 44 (north-east over 54): a turn in the middle of the chain.
    assert_eq!(route_text(&p, 61, 44).as_deref(), Some("61-63-44"));
    assert_eq!(route_text(&p, 61, 63).as_deref(), Some("61-63"));
    // A step to an adjacent empty hole is also there; nothing lands where it started.
    assert_eq!(route_text(&p, 61, 60).as_deref(), Some("61-60"));
    assert!(!targets(&p, 61).contains(&61));
    // The route and the plain endpoints parse to the same move.
    let by_route = p.parse_move("61-63-44").expect("a legal route");
    let by_ends = p.parse_move("61-44").expect("a legal move");
    assert_eq!(by_route, by_ends);
    assert_eq!(by_route.to_string(), "61-44");
    assert_eq!(
        by_route.route().map(ToString::to_string).as_deref(),
        Some("61-63-44")
    );
    // A route whose legs are not hops is refused even though the endpoints are legal.
    assert!(matches!(
        p.parse_move("61-62-44"),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        p.parse_move("61-60-44"),
        Err(MoveError::Illegal(_))
    ));
    // Back to the start is not a move.
    assert!(matches!(
        p.parse_move("61-63-61"),
        Err(MoveError::Illegal(_))
    ));
    // Playing it moves only that marble; nothing is captured.
    let next = p.play(&by_route).expect("legal");
    assert_eq!(next.marble_at(hole(44)), Some(Side::First));
    assert_eq!(next.marble_at(hole(61)), None);
    assert_eq!(next.marble_at(hole(62)), Some(Side::Second));
    assert_eq!(next.marble_at(hole(54)), Some(Side::Second));
    assert_eq!(next.turn(), Side::Second);
    assert_eq!(p.turn(), Side::First, "the old position is untouched");
}

#[test]
fn different_routes_to_one_hole_are_one_move() {
    let moves = ChineseCheckers::start().legal_moves();
    let mut ends: Vec<(Hole, Hole)> = moves
        .iter()
        .filter_map(|m| match *m {
            Move::Marble { from, to, .. } => Some((from, to)),
            Move::Pass => None,
        })
        .collect();
    let n = ends.len();
    ends.sort();
    ends.dedup();
    assert_eq!(ends.len(), n, "no (from, to) twice");
    // Equality and hashing ignore the route.
    let p = position("J:J61,112,113,114,115,116,117,118,119,120:C62,54,1,2,3,4,5,6,7,8");
    let a = p.parse_move("61-44").unwrap();
    let mut b = a;
    if let Move::Marble { route, .. } = &mut b {
        *route = p.destinations(hole(61))[0].1;
    }
    assert_eq!(a, b);
    assert_ne!(a.route(), b.route());
    let set: std::collections::HashSet<Move> = [a, b].into_iter().collect();
    assert_eq!(set.len(), 1, "hashing ignores the route too");
}

/// Jade has a marble on 8, inside its goal, and one on 29 that can hop into the goal via 7.
const GOAL_RULE: &str = "J:J8,29,100,105,110,112,113,114,117,121:C1,3,4,15,16,50,60,70,80,90";

#[test]
fn a_marble_in_its_goal_never_leaves_it() {
    let p = position(GOAL_RULE);
    assert!(hole(8).is_goal_of(Side::First));
    // 8 may step to the empty goal holes 5, 7 and 9, but not out to 17, nor hop over 16 to 28.
    assert_eq!(targets(&p, 8), vec![5, 7, 9]);
    assert!(matches!(p.parse_move("8-17"), Err(MoveError::Illegal(_))));
    assert!(matches!(p.parse_move("8-28"), Err(MoveError::Illegal(_))));
}

#[test]
fn a_chain_that_enters_the_goal_must_stay_inside() {
    let p = position(GOAL_RULE);
    // 29 hops over 16 into 7 (the goal); from there it may go on inside (over 8 to 9, over 4
    // to 2) but not back out over 15 to 27, although that hop is open.
    assert_eq!(route_text(&p, 29, 7).as_deref(), Some("29-7"));
    assert_eq!(route_text(&p, 29, 9).as_deref(), Some("29-7-9"));
    assert_eq!(route_text(&p, 29, 2).as_deref(), Some("29-7-2"));
    assert!(!targets(&p, 29).contains(&27));
    assert!(matches!(
        p.parse_move("29-7-27"),
        Err(MoveError::Illegal(_))
    ));
    // The same hop is fine for a marble that is not in its goal: coral's own from 7's place.
    let coral = position("C:J8,29,100,105,110,112,113,114,117,121:C1,3,7,15,16,50,60,70,80,90");
    assert!(targets(&coral, 7).contains(&27));
}

#[test]
fn only_the_mover_wins_and_opponents_in_the_goal_count_as_filled() {
    // Coral's marble is still on 1; jade fills the last goal hole 7 and wins.
    let p = position("J:J2,3,4,5,6,8,9,10,15,61:C1,50,60,70,80,90,100,105,110,111");
    assert_eq!(p.arrivals(Side::First), 8);
    let won = p.play(&p.parse_move("15-7").unwrap()).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::First)));
    assert!(won.legal_moves().is_empty());
    assert!(won.movable_marbles().is_empty());
    assert_eq!(won.parse_move("112-104"), Err(MoveError::GameOver));

    // Coral fills jade's last goal hole: coral moved, so nobody has won yet.
    let p = position("C:J1,2,3,4,5,6,8,9,10,61:C15,50,60,70,80,90,100,105,110,111");
    let filled = p.play(&p.parse_move("15-7").unwrap()).unwrap();
    assert_eq!(filled.outcome(), None);
    // Whatever jade plays next, its goal is full right after its move: jade wins.
    for mv in filled.legal_moves() {
        assert_eq!(
            filled.play(&mv).unwrap().outcome(),
            Some(Outcome::Win(Side::First)),
            "{mv}"
        );
    }
    // A goal full of only the opponent's marbles is no win.
    let p = position("C:J50,51,52,53,54,55,56,57,58,59:C1,2,3,4,5,6,7,8,9,60");
    let next = p.play(&p.parse_move("60-61").unwrap()).unwrap();
    assert_eq!(next.outcome(), None);
}

/// Coral to move; if it steps 15-7, jade's goal is full, jade's marble on 11 is walled in, and
/// jade has no move.
const PASS: &str = "C:J1,2,3,4,5,6,8,9,10,11:C12,13,15,24,36,57,61,65,80,100";

#[test]
fn a_blocked_side_passes() {
    let p = position(PASS);
    assert!(matches!(p.parse_move("pass"), Err(MoveError::Illegal(_))));
    assert!(!p.legal_moves().contains(&Move::Pass));
    let blocked = p.play(&p.parse_move("15-7").unwrap()).unwrap();
    assert_eq!(blocked.outcome(), None);
    assert_eq!(blocked.legal_moves(), vec![Move::Pass]);
    assert!(blocked.movable_marbles().is_empty());
    assert_eq!(blocked.next_movable(None), None);
    assert!(blocked.destinations(hole(11)).is_empty());
    assert_eq!(blocked.parse_move(" pass "), Ok(Move::Pass));
    assert!(blocked.parse_move("11-12").is_err());
    let passed = blocked.play(&Move::Pass).unwrap();
    assert_eq!(passed.turn(), Side::Second);
    // A pass is jade's move too: right after it, jade's goal is full and holds jade's marbles.
    assert_eq!(passed.outcome(), Some(Outcome::Win(Side::First)));
    // Pass is refused where the side to move has moves.
    assert!(ChineseCheckers::start().play(&Move::Pass).is_err());
}

#[test]
fn when_neither_side_can_move_the_mover_has_already_won() {
    // Both sides walled in: only possible with both triangles full (see the module docs), so
    // the side that just moved has filled its goal and the result is its win, never a draw.
    let fen = "J:J4,5,6,7,8,9,10,119,120,121:C1,2,3,112,113,114,115,116,117,118";
    let p = position(fen);
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::Second)));
    assert!(p.legal_moves().is_empty());
    let other = position(&fen.replacen('J', "C", 1));
    assert_eq!(other.outcome(), Some(Outcome::Win(Side::First)));
    assert!(other.legal_moves().is_empty());
}

#[test]
fn bad_moves_are_refused() {
    let start = ChineseCheckers::start();
    for text in [
        "", "-", "112", "112-", "-104", "112--104", "0-5", "112-122", "a-b", "112 104",
    ] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Syntax { .. })),
            "{text:?}"
        );
    }
    for text in [
        "112-112",
        "104-112",
        "1-11",
        "112-100",
        "121-119",
        "116-105-103",
        "113-104-95",
    ] {
        assert!(
            matches!(start.parse_move(text), Err(MoveError::Illegal(_))),
            "{text:?}"
        );
    }
    let long = vec!["112"; 1000].join("-");
    assert!(start.parse_move(&long).is_err());
    assert!(start.parse_move("116-105").is_ok());
    assert!(start.parse_move(" 112-104 ").is_ok());
    assert_eq!(
        start.parse_move("PASS"),
        Err(MoveError::Illegal(
            "pass (passing is only allowed with no move)".into()
        ))
    );
}

#[test]
fn every_generated_move_reads_back_by_endpoints_and_by_route() {
    let p = position(GOAL_RULE);
    for mv in p.legal_moves() {
        assert_eq!(p.parse_move(&mv.to_string()), Ok(mv));
        let route = mv.route().expect("not a pass").to_string();
        assert_eq!(p.parse_move(&route), Ok(mv), "{route}");
        assert!(p.is_legal(&mv));
    }
}

#[test]
fn ui_helpers() {
    let p = position(GOAL_RULE);
    let movable: Vec<u8> = p.movable_marbles().iter().map(|h| h.number()).collect();
    assert_eq!(movable, vec![8, 29, 100, 105, 110, 112, 113, 114, 117, 121]);
    assert_eq!(p.next_movable(None), Some(hole(8)));
    assert_eq!(p.next_movable(Some(hole(8))), Some(hole(29)));
    assert_eq!(p.next_movable(Some(hole(50))), Some(hole(100)));
    assert_eq!(
        p.next_movable(Some(hole(121))),
        Some(hole(8)),
        "wraps round"
    );
    assert_eq!(p.arrivals(Side::First), 1);
    assert_eq!(p.arrivals(Side::Second), 0);
    // Coral's marbles and empty holes have no destinations for jade.
    assert!(p.destinations(hole(15)).is_empty());
    assert!(p.destinations(hole(61)).is_empty());
    // Only marbles that can move are offered: 121 behind others can still step.
    let start = ChineseCheckers::start();
    let movable: Vec<u8> = start.movable_marbles().iter().map(|h| h.number()).collect();
    assert_eq!(movable, vec![112, 113, 114, 115, 116, 117, 118]);
    assert_eq!(start.next_movable(Some(hole(118))), Some(hole(112)));
}

#[test]
fn zobrist_keys_follow_the_position() {
    let start = ChineseCheckers::start();
    let other_turn = position(&START.replacen('J', "C", 1));
    assert_ne!(start.zobrist(), other_turn.zobrist());
    let there_and_back = ["112-104", "7-15", "104-112", "15-7"]
        .iter()
        .fold(start.clone(), |p, m| {
            p.play(&p.parse_move(m).unwrap()).unwrap()
        });
    assert_eq!(there_and_back, start);
    assert_eq!(there_and_back.zobrist(), start.zobrist());
}

#[test]
fn the_third_repetition_draws_and_entering_the_goal_is_irreversible() {
    let mut record = Record::<ChineseCheckers>::default();
    for _ in 0..2 {
        for m in ["112-104", "7-15", "104-112", "15-7"] {
            record.play_text(m).unwrap();
        }
    }
    assert_eq!(record.repetitions(), 3);
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw(crate::DrawReason::Repetition))
    );
    assert_eq!(record.play_text("112-104"), Err(MoveError::GameOver));

    let p = position(GOAL_RULE);
    assert!(p.resets_quiet_clock(&p.parse_move("29-7").unwrap()));
    assert!(!p.resets_quiet_clock(&p.parse_move("8-7").unwrap()));
    assert!(!p.resets_quiet_clock(&p.parse_move("29-30").unwrap()));
}

#[test]
fn fast_perft_agrees_with_the_generic_one() {
    for fen in [START, GOAL_RULE, PASS] {
        let p = position(fen);
        for depth in 0..=3 {
            assert_eq!(
                p.perft(depth),
                crate::perft::perft(&p, depth),
                "{fen} depth {depth}"
            );
        }
    }
}
