//! Unit tests of the rules, each on a small position that shows one rule.

use super::*;
use crate::{Game, MoveError, Outcome, Side};

fn pos(fen: &str) -> Checkers {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(n: u8) -> Square {
    Square::new(n).unwrap()
}

fn texts(p: &Checkers) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

#[test]
fn the_start_has_seven_moves_for_red() {
    let start = Checkers::start();
    assert_eq!(
        texts(&start),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert_eq!(start.turn(), Side::First);
    assert_eq!(start.outcome(), None);
}

#[test]
fn capture_is_mandatory() {
    // Red man on 14, white man on 18 with 23 empty: the jump is the only move, although 9 and
    // 14 could otherwise step.
    let p = pos("B:W18:B9,14");
    assert_eq!(texts(&p), ["14x23"]);
    assert!(matches!(p.parse_move("9-13"), Err(MoveError::Illegal(m)) if m.contains("mandatory")));
}

#[test]
fn men_never_move_or_capture_backward() {
    // A red man on 18 with white men behind it (on 14 and 15, empty 9 and 11) and nothing in
    // front: it may only step forward.
    let p = pos("B:W14,15:B18");
    assert_eq!(texts(&p), ["18-22", "18-23"]);
    // A white man on 15 with a red man behind it on 19 (24 empty): white steps up only.
    let p = pos("W:W15:B19");
    assert_eq!(texts(&p), ["15-10", "15-11"]);
}

#[test]
fn crowning_ends_the_chain() {
    // The red man on 24 jumps 27 and lands on 31, its crowning row. As a king it could go on
    // over 26 to 22, but the move ends where the man is crowned.
    let p = pos("B:W26,27:B24");
    let moves = p.legal_moves();
    assert_eq!(texts(&p), ["24x31"]);
    assert!(moves[0].crowns());
    let next = p.play(&moves[0]).unwrap();
    assert_eq!(
        next.piece_at(sq(31)),
        Some(Piece {
            side: Side::First,
            king: true
        })
    );
    assert_eq!(
        next.piece_at(sq(26)),
        Some(Piece {
            side: Side::Second,
            king: false
        })
    );
    assert_eq!(next.turn(), Side::Second);
}

#[test]
fn kings_step_and_jump_both_ways() {
    let p = pos("B:W:BK18");
    assert_eq!(texts(&p), ["18-14", "18-15", "18-22", "18-23"]);
    // A king jumps up (over 14 to 9) and down (over 23 to 27), for either colour.
    let p = pos("B:W14,23:BK18");
    assert_eq!(texts(&p), ["18x9", "18x27"]);
    let p = pos("W:WK18:B14,23");
    assert_eq!(texts(&p), ["18x9", "18x27"]);
}

#[test]
fn branching_routes_are_separate_moves() {
    // Red man on 1: over 6 to 10, then over 14 to 17 or over 15 to 19.
    let p = pos("B:W6,14,15:B1");
    assert_eq!(texts(&p), ["1x10x17", "1x10x19"]);
    assert_eq!(p.perft(1), 2);
    assert!(matches!(p.parse_move("1x10"), Err(MoveError::Illegal(_))));
}

#[test]
fn a_king_may_end_where_it_started_and_pieces_are_jumped_once() {
    // The red king on 10 circles 15, 23, 22, 14 either way round and comes home; it cannot
    // jump any of them a second time, so both routes stop on 10.
    let p = pos("B:W14,15,22,23:BK10");
    assert_eq!(texts(&p), ["10x17x26x19x10", "10x19x26x17x10"]);
    for mv in p.legal_moves() {
        assert_eq!(mv.captured().count(), 4);
        assert_eq!(p.play(&mv).unwrap().to_string(), "W:W:BK10");
    }
    assert!(matches!(
        p.parse_move("10x10"),
        Err(MoveError::Ambiguous(_))
    ));
    assert_eq!(p.perft(1), 2);
}

#[test]
fn no_legal_move_loses() {
    // White has no pieces.
    let p = pos("W:W:B1");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::First)));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.parse_move("1-5"), Err(MoveError::GameOver));
    // Red is blocked: a man on 4 with white on 8 backed by 11.
    let p = pos("B:W8,11:B4");
    assert_eq!(p.outcome(), Some(Outcome::Win(Side::Second)));
    assert!(p.movable_pieces().is_empty());
}

#[test]
fn fen_round_trips() {
    for fen in [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:WK1,K2,30:B5,K29",
        "B:W:BK32",
        "W:W18:B14",
    ] {
        let p = pos(fen);
        assert_eq!(p.to_string(), fen);
        assert_eq!(pos(&p.to_string()), p);
    }
}

#[test]
fn impossible_positions_are_refused() {
    for bad in [
        "B:W1:B5",        // a white man on its crowning row
        "B:W21:B29",      // a red man on its crowning row
        "B:W1-13:B20",    // 13 white pieces
        "B:W21:B1-12,14", // 13 red pieces
        "B:W21,21:B1",    // a square twice
        "B:W21:B21",      // a square for both
    ] {
        assert!(
            bad.parse::<Checkers>().is_err(),
            "{bad:?} should be refused"
        );
    }
    assert!("B:WK1:BK29".parse::<Checkers>().is_ok());
}

#[test]
fn bad_moves_are_refused() {
    let start = Checkers::start();
    for bad in [
        "", "11", "11-", "-15", "11-15-19", "11x15-19", "0-4", "11-33", "a-b", "11--15",
    ] {
        assert!(
            matches!(start.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?} should be a syntax error"
        );
    }
    for illegal in ["11-14", "11-16x", "21-17", "1-5", "11x18", "12-17"] {
        assert!(start.parse_move(illegal).is_err(), "{illegal:?}");
    }
    assert!(matches!(
        start.parse_move("11-14"),
        Err(MoveError::Illegal(_))
    ));
    assert_eq!(
        start.parse_move(" 11-15 ").map(|m| m.to_string()),
        Ok("11-15".into())
    );
    let long = "1x".repeat(100);
    assert!(start.parse_move(&long).is_err());
}

#[test]
fn short_capture_form_needs_one_route() {
    // Red man on 1 jumps 6 to 10, then either 14 to 17 or 15 to 19: `1x17` is one route.
    let p = pos("B:W6,14,15:B1");
    assert_eq!(
        p.parse_move("1x17").map(|m| m.to_string()),
        Ok("1x10x17".into())
    );
    assert_eq!(
        p.parse_move("1X10X19").map(|m| m.to_string()),
        Ok("1x10x19".into())
    );
}

#[test]
fn moves_know_what_they_capture() {
    let p = pos("B:W6,K14,15:B1");
    let mv = p.parse_move("1x10x17").unwrap();
    assert_eq!(mv.captured().collect::<Vec<_>>(), [sq(6), sq(14)]);
    assert!(mv.captured_king(sq(14)));
    assert!(!mv.captured_king(sq(6)));
    assert!(!mv.crowns());
    let next = p.play(&mv).unwrap();
    assert_eq!(next.to_string(), "W:W15:B17");
}

#[test]
fn play_leaves_the_position_alone_on_error() {
    let start = Checkers::start();
    let other = pos("B:W18:B14");
    let foreign = other.legal_moves()[0];
    assert!(start.play(&foreign).is_err());
    assert_eq!(start, Checkers::start());
}

#[test]
fn zobrist_follows_the_moves() {
    let mut p = Checkers::start();
    for text in [
        "11-15", "22-18", "15x22", "25x18", "12-16", "18-14", "9x18", "23x14",
    ] {
        p = p.play(&p.parse_move(text).unwrap()).unwrap();
        assert_eq!(p.zobrist(), pos(&p.to_string()).zobrist(), "after {text}");
    }
    assert_ne!(p.zobrist(), Checkers::start().zobrist());
}

#[test]
fn quiet_clock_resets_on_captures_and_man_moves() {
    let p = pos("B:W18:BK1,14");
    let capture = p.parse_move("14x23").unwrap();
    assert!(p.resets_quiet_clock(&capture));
    let p = pos("B:W32:BK1,14");
    assert!(p.resets_quiet_clock(&p.parse_move("14-18").unwrap()));
    assert!(!p.resets_quiet_clock(&p.parse_move("1-5").unwrap()));
}

#[test]
fn ui_helpers_list_pieces_and_destinations() {
    let start = Checkers::start();
    assert_eq!(start.movable_pieces(), [sq(9), sq(10), sq(11), sq(12)]);
    assert_eq!(start.destinations(sq(9)), [sq(13), sq(14)]);
    assert_eq!(start.destinations(sq(1)), []);
    assert_eq!(
        start.piece_at(sq(1)),
        Some(Piece {
            side: Side::First,
            king: false
        })
    );
    assert_eq!(start.piece_at(sq(16)), None);
    assert_eq!(
        start.piece_at(sq(32)),
        Some(Piece {
            side: Side::Second,
            king: false
        })
    );
}

#[test]
fn continue_route_walks_a_capture_landing_by_landing() {
    let p = pos("B:W6,14,15:B1");
    let first = p.continue_route(sq(1), &[]).unwrap();
    assert_eq!(first.next, [sq(10)]);
    assert!(first.captured.is_empty());
    assert_eq!(first.complete, None);

    let second = p.continue_route(sq(1), &[sq(10)]).unwrap();
    assert_eq!(second.next, [sq(17), sq(19)]);
    assert_eq!(second.captured, [sq(6)]);
    assert_eq!(second.complete, None);

    let done = p.continue_route(sq(1), &[sq(10), sq(19)]).unwrap();
    assert!(done.next.is_empty());
    assert_eq!(done.captured, [sq(6), sq(15)]);
    assert_eq!(done.complete.map(|m| m.to_string()), Some("1x10x19".into()));

    assert_eq!(p.continue_route(sq(1), &[sq(5)]), None);
    assert_eq!(p.continue_route(sq(6), &[]), None);
    assert_eq!(p.continue_route(sq(1), &[sq(10), sq(19), sq(23)]), None);
}

#[test]
fn continue_route_completes_a_step() {
    let start = Checkers::start();
    let step = start.continue_route(sq(11), &[sq(15)]).unwrap();
    assert!(step.next.is_empty());
    assert!(step.captured.is_empty());
    assert_eq!(step.complete.map(|m| m.to_string()), Some("11-15".into()));
}
