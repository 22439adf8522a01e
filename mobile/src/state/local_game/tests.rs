//! A local game's rules of play: turns, undo, the computer's requests and answers, pause,
//! passing the device, and how a move feels.

use super::*;
use crate::state::{Cell, Hint, Slot, Verdict, cell_of, place_of};
use cozcade_engine::{Game, Outcome};

/// A Kalah pit of gold's row, a..f.
fn gold(pit: char) -> Place {
    place_of(GameKind::Kalah, pit as u8 - b'a').expect("a..f")
}

/// A checkers square, 1..32.
fn sq(n: u8) -> Place {
    place_of(GameKind::Checkers, n).expect("1..32")
}

/// A Chinese Checkers hole, 1..121.
fn hole(n: u8) -> Place {
    place_of(GameKind::ChineseCheckers, n).expect("1..121")
}

/// Places as the boards number them, to compare with the numbers players see.
fn cells(places: impl AsRef<[Place]>) -> Vec<Cell> {
    places.as_ref().iter().copied().map(cell_of).collect()
}

/// The computer's answer: sowing `pit` of the side to move.
fn pit_move(pit: char) -> AnyMove {
    let pit = cozcade_engine::kalah::Pit::new(usize::from(pit as u8 - b'a')).expect("a..f");
    AnyMove::Kalah(cozcade_engine::kalah::Move(pit))
}

fn turquoise(pit: char) -> Place {
    place_of(GameKind::Kalah, 6 + pit as u8 - b'a').expect("a..f")
}

fn think_generation(effects: &[Effect]) -> u64 {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Think { generation, .. } => Some(*generation),
            _ => None,
        })
        .expect("the computer was asked to think")
}

#[test]
fn same_device_players_alternate_and_each_move_is_saved() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    // Turquoise can't tap while gold is to move.
    assert!(s.tap(turquoise('a')).is_empty());
    let effects = s.tap(gold('a'));
    assert_eq!(effects, vec![Effect::Played { index: 0 }, Effect::Save]);
    assert_eq!(s.record().move_texts(), ["a"]);
    assert_eq!(s.record().turn(), Side::Second);
    assert!(s.tap(gold('b')).is_empty());
    s.tap(turquoise('b'));
    assert_eq!(s.record().move_texts(), ["a", "b"]);
}

#[test]
fn an_empty_pit_is_not_playable() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    s.tap(gold('a')); // gold a is now empty, turquoise to move
    s.tap(turquoise('a'));
    assert!(!cells(s.highlights()).contains(&0));
    assert!(s.tap(gold('a')).is_empty());
    assert_eq!(s.record().len(), 2);
}

#[test]
fn same_device_undo_takes_back_one_whole_turn() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    // Gold c ends in the store: gold moves again (one turn of two plies).
    s.tap(gold('c'));
    assert_eq!(s.record().turn(), Side::First);
    s.tap(gold('a'));
    assert_eq!(s.record().turn(), Side::Second);
    assert_eq!(s.apply(LocalAction::Undo), vec![Effect::Save]);
    assert!(s.record().is_empty(), "both plies of gold's turn went");
    assert!(!s.can_undo());
    assert!(s.apply(LocalAction::Undo).is_empty());
}

#[test]
fn the_computer_answers_and_a_stale_answer_is_dropped() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    assert!(s.start().is_empty(), "the player moves first");
    let effects = s.tap(gold('a'));
    let generation = think_generation(&effects);
    assert_eq!(s.computer(), ComputerState::Thinking);
    // The player can't move for the computer.
    assert!(s.tap(turquoise('a')).is_empty());
    // An answer to an older request is ignored.
    assert!(
        s.apply(LocalAction::ComputerMoved {
            generation: generation + 7,
            mv: pit_move('a')
        })
        .is_empty()
    );
    let effects = s.apply(LocalAction::ComputerMoved {
        generation,
        mv: pit_move('b'),
    });
    assert_eq!(effects, vec![Effect::Played { index: 1 }, Effect::Save]);
    assert_eq!(s.record().move_texts(), ["a", "b"]);
    assert_eq!(s.computer(), ComputerState::Idle);
}

#[test]
fn an_illegal_computer_move_is_a_failure_and_resume_retries_once() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Hard));
    let g = think_generation(&s.tap(gold('a')));
    // A move of another game is no move here at all.
    assert!(
        s.apply(LocalAction::ComputerMoved {
            generation: g,
            mv: AnyRecord::new(GameKind::Checkers).legal_moves()[0]
        })
        .is_empty()
    );
    assert_eq!(s.computer(), ComputerState::Failed { retried: false });
    assert_eq!(s.record().len(), 1);
    let g = think_generation(&s.apply(LocalAction::Resume));
    s.apply(LocalAction::ComputerFailed { generation: g });
    assert_eq!(s.computer(), ComputerState::Failed { retried: true });
    assert!(s.apply(LocalAction::Resume).is_empty(), "only one retry");
    // The player goes on alone: the game moves to the same-device slot.
    let effects = s.apply(LocalAction::SwitchToSameDevice);
    assert_eq!(
        effects,
        vec![Effect::DeleteSave(Slot::Computer), Effect::Save]
    );
    assert_eq!(s.mode(), Mode::SameDevice);
    assert_eq!(s.computer(), ComputerState::Idle, "the failure is over");
    s.tap(turquoise('a'));
    assert_eq!(s.record().len(), 2);
}

#[test]
fn computer_undo_goes_back_to_the_players_previous_turn() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Medium));
    let g = think_generation(&s.tap(gold('a')));
    s.apply(LocalAction::ComputerMoved {
        generation: g,
        mv: pit_move('a'),
    });
    // Gold f: store, then turquoise a..c, so no extra turn.
    let g = think_generation(&s.tap(gold('f')));
    // Undo while it thinks: its search is stopped and the player's move is taken back.
    let effects = s.apply(LocalAction::Undo);
    assert_eq!(effects, vec![Effect::StopThinking, Effect::Save]);
    assert_eq!(s.record().move_texts(), ["a", "a"]);
    assert!(
        s.apply(LocalAction::ComputerMoved {
            generation: g,
            mv: pit_move('b')
        })
        .is_empty()
    );
    // Undo after its reply removes the reply and the player's move before it.
    assert!(s.apply(LocalAction::Undo).contains(&Effect::Save));
    assert!(s.record().is_empty());
    assert!(s.human_to_move());
}

#[test]
fn changing_level_keeps_the_game_and_restarts_a_search() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    let g = think_generation(&s.tap(gold('a')));
    let effects = s.apply(LocalAction::SetLevel(Level::Hard));
    assert_eq!(effects[0], Effect::Save);
    assert!(effects.contains(&Effect::StopThinking));
    let new = think_generation(&effects);
    assert_ne!(new, g);
    assert!(effects.contains(&Effect::Think {
        level: Level::Hard,
        generation: new
    }));
    assert_eq!(s.mode(), Mode::Computer(Level::Hard));
    assert_eq!(s.record().move_texts(), ["a"]);
    assert!(s.apply(LocalAction::SetLevel(Level::Hard)).is_empty());
}

#[test]
fn pause_stops_the_computer_and_resume_restarts_it() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    let g = think_generation(&s.tap(gold('a')));
    assert_eq!(s.apply(LocalAction::Pause), vec![Effect::StopThinking]);
    assert!(s.is_paused());
    assert!(
        s.apply(LocalAction::ComputerMoved {
            generation: g,
            mv: pit_move('a')
        })
        .is_empty()
    );
    assert_eq!(s.record().len(), 1);
    let g2 = think_generation(&s.apply(LocalAction::Resume));
    assert_ne!(g, g2);
    assert!(
        s.apply(LocalAction::ComputerMoved {
            generation: g2,
            mv: pit_move('a')
        })
        .contains(&Effect::Save)
    );
}

#[test]
fn taps_are_ignored_while_paused_and_after_the_end() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    s.apply(LocalAction::Pause);
    assert!(s.tap(gold('a')).is_empty());
    assert!(cells(s.highlights()).is_empty());
    s.apply(LocalAction::Resume);
    // Played, saved, and the computer asked for its answer.
    assert_eq!(s.tap(gold('a')).len(), 3);

    let finished = AnyRecord::from_fen(GameKind::Kalah, "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18")
        .expect("valid position");
    let mut s = LocalGame::resume_record(finished, Mode::SameDevice);
    s.tap(gold('f'));
    assert!(s.record().outcome().is_some());
    assert!(cells(s.highlights()).is_empty());
    assert!(s.tap(turquoise('a')).is_empty());
}

#[test]
fn two_players_on_one_device_never_pause() {
    // Leaving the board or hiding the page asks for a pause; on one device nothing stops.
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    s.tap(gold('a'));
    assert!(!s.can_pause());
    assert!(s.apply(LocalAction::Pause).is_empty());
    assert!(!s.is_paused());
    assert!(!cells(s.highlights()).is_empty());
    assert_eq!(s.tap(turquoise('a')).len(), 2);
}

#[test]
fn the_hand_over_screen_waits_between_turns_and_the_board_turns_to_the_mover() {
    let chosen = PassAndPlay {
        hand_over: true,
        turn_board: true,
    };
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    assert_eq!(
        s.apply(LocalAction::SetPassAndPlay(chosen)),
        vec![Effect::Save]
    );
    assert_eq!(s.pass_and_play(), chosen);
    assert!(!s.board_turned(), "gold to move: the board stays");
    // A Kalah extra turn (c ends in the store) keeps the device with gold.
    s.tap(gold('c'));
    assert_eq!(s.handing_over_to(), None);
    s.tap(gold('a'));
    assert_eq!(s.handing_over_to(), Some(Side::Second));
    assert!(s.board_turned(), "turquoise to move: the board turns");
    // Nobody taps until the device is taken.
    assert!(cells(s.highlights()).is_empty());
    assert!(s.tap(turquoise('a')).is_empty());
    s.apply(LocalAction::HandedOver);
    assert_eq!(s.handing_over_to(), None);
    assert_eq!(s.tap(turquoise('a')).len(), 2);
    // Undo takes the hand-over away with the turn.
    s.apply(LocalAction::Undo);
    assert_eq!(s.handing_over_to(), None);

    // Off again: nothing waits, the board stays put.
    s.apply(LocalAction::SetPassAndPlay(PassAndPlay::default()));
    assert!(!s.board_turned());
    s.tap(turquoise('a'));
    assert_eq!(s.handing_over_to(), None);

    // Only one device's players pass it.
    let mut c = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    assert!(c.apply(LocalAction::SetPassAndPlay(chosen)).is_empty());
    assert_eq!(c.pass_and_play(), PassAndPlay::default());
}

#[test]
fn a_kalah_extra_turn_lets_the_computer_move_again() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    let g = think_generation(&s.tap(gold('a')));
    // Turquoise c: four seeds to d, e, f and its store: it moves again.
    let effects = s.apply(LocalAction::ComputerMoved {
        generation: g,
        mv: pit_move('c'),
    });
    assert!(effects.iter().any(|e| matches!(e, Effect::Think { .. })));
    assert_eq!(s.computer(), ComputerState::Thinking);
}

#[test]
fn a_restored_game_on_the_computers_turn_starts_it_thinking() {
    let mut record = AnyRecord::new(GameKind::Kalah);
    record.play_text("a").expect("legal");
    let mut s = LocalGame::resume_record(record, Mode::Computer(Level::Easy));
    assert!(matches!(
        s.start().as_slice(),
        [Effect::Think {
            level: Level::Easy,
            ..
        }]
    ));
}

#[test]
fn new_game_starts_over_and_saves() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::SameDevice);
    s.tap(gold('a'));
    assert_eq!(
        s.apply(LocalAction::NewGame { seed: 1 }),
        vec![Effect::Save]
    );
    assert!(s.record().is_empty());
    // The new game plays with its own seed, saved with it.
    assert_eq!(s.seed(), 1);
}

#[test]
fn a_checkers_capture_is_built_landing_by_landing_and_only_the_whole_move_is_saved() {
    // Red's 14 and 15 each have two double jumps.
    let record = AnyRecord::from_fen(GameKind::Checkers, "B:W18,19,26,27:B14,15").expect("valid");
    let mut s = LocalGame::resume_record(record, Mode::SameDevice);
    assert_eq!(cells(s.movable()), vec![14, 15]);
    assert!(s.tap(sq(14)).is_empty());
    assert_eq!(cells(s.highlights()), vec![23]);
    // Before any landing, the other piece may be chosen instead.
    assert!(s.tap(sq(15)).is_empty());
    assert_eq!(cells(s.highlights()), vec![22, 24]);
    assert!(s.tap(sq(22)).is_empty(), "half a capture: nothing saved");
    assert!(s.route_committed());
    assert_eq!(cells(s.route()), &[15, 22]);
    assert!(s.record().is_empty());
    // Mid-chain the piece can't be switched; Cancel goes back to before the turn.
    assert!(s.tap(sq(14)).is_empty());
    assert_eq!(cells(s.route()), &[15, 22]);
    assert!(s.cancel().is_empty());
    assert!(cells(s.route()).is_empty());
    assert_eq!(cells(s.highlights()), vec![14, 15]);
    s.tap(sq(15));
    s.tap(sq(24));
    assert_eq!(
        s.tap(sq(31)),
        vec![Effect::Played { index: 0 }, Effect::Save]
    );
    assert_eq!(s.record().move_texts(), ["15x24x31"]);
}

#[test]
fn a_chinese_checkers_marble_goes_to_a_lit_endpoint_in_one_move() {
    let mut s = LocalGame::new(GameKind::ChineseCheckers, Mode::SameDevice);
    assert!(!s.must_pass());
    assert!(cells(s.movable()).contains(&112));
    assert!(s.pass().is_empty(), "no pass while moves exist");
    s.tap(hole(112));
    assert_eq!(cells(s.highlights()), vec![103, 104]);
    assert_eq!(
        s.tap(hole(104)),
        vec![Effect::Played { index: 0 }, Effect::Save]
    );
    assert_eq!(s.record().move_texts(), ["112-104"]);
}

fn played(kind: GameKind, moves: &[&str]) -> LocalGame {
    let mut record = AnyRecord::new(kind);
    for mv in moves {
        record.play_text(mv).expect("legal");
    }
    LocalGame::resume_record(record, Mode::SameDevice)
}

#[test]
fn a_checkers_jump_feels_like_a_capture() {
    let s = played(GameKind::Checkers, &["11-15", "22-18", "15x22"]);
    assert_eq!(s.feel_of_move(0), Some(Feel::Move));
    assert_eq!(s.feel_of_move(2), Some(Feel::Capture));
    assert_eq!(s.feel_of_move(3), None);
}

#[test]
fn a_crowning_and_the_end_feel_like_themselves() {
    // White's man on 5 steps to 1, on Black's back row: a crowning without a capture.
    let mut crowning = AnyRecord::from_fen(GameKind::Checkers, "W:W5,30:B20,28").expect("valid");
    crowning.play_text("5-1").expect("legal");
    assert_eq!(feel_of_move(&crowning, 0, None), Some(Feel::Crown));

    // White takes Black's last piece: the end, felt by whoever shares its result.
    let mut last = AnyRecord::from_fen(GameKind::Checkers, "W:W18:B15").expect("valid");
    let capture = last.legal_move_texts();
    assert_eq!(capture.len(), 1, "{capture:?}");
    last.play_text(&capture[0]).expect("legal");
    let Some(Outcome::Win(white)) = last.outcome() else {
        panic!("no win: {:?}", last.outcome());
    };
    assert_eq!(
        feel_of_move(&last, 0, None),
        Some(Feel::Win),
        "one device: a win"
    );
    assert_eq!(feel_of_move(&last, 0, Some(white)), Some(Feel::Win));
    assert_eq!(
        feel_of_move(&last, 0, Some(white.other())),
        Some(Feel::Loss)
    );
    assert!(Feel::Loss.ends_game() && !Feel::Capture.ends_game());
}

#[test]
fn a_kalah_capture_and_an_extra_turn_are_told_from_a_plain_sowing() {
    // Every line of up to four plies from the start. With fewer than 13 seeds in a pit a
    // sowing puts at most one seed in the mover's store, so a store that grew by two or
    // more took seeds from across the board.
    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
    let (mut captures, mut extra_turns) = (0, 0);
    for _ in 0..4 {
        let mut longer = Vec::new();
        for line in &lines {
            let texts: Vec<&str> = line.iter().map(String::as_str).collect();
            let s = played(GameKind::Kalah, &texts);
            if s.record().outcome().is_some() {
                continue;
            }
            for mv in s.record().legal_move_texts() {
                let mut next = line.clone();
                next.push(mv);
                let texts: Vec<&str> = next.iter().map(String::as_str).collect();
                let after = played(GameKind::Kalah, &texts);
                let shown = after.record();
                let AnyRecord::Kalah(record) = shown else {
                    unreachable!("a Kalah record");
                };
                let ply = next.len() - 1;
                let (before, now) = (&record.position_at(ply).expect("ply"), record.position());
                let mover = before.turn();
                let gain = now.store(mover) - before.store(mover);
                let expected = if gain >= 2 {
                    Feel::Capture
                } else if now.turn() == mover {
                    Feel::ExtraTurn
                } else {
                    let pit = usize::from(next[ply].as_bytes()[0] - b'a');
                    Feel::Sow {
                        seeds: before.pits(mover)[pit],
                    }
                };
                assert_eq!(after.feel_of_move(ply), Some(expected), "{next:?}");
                captures += usize::from(expected == Feel::Capture);
                extra_turns += usize::from(expected == Feel::ExtraTurn);
                longer.push(next);
            }
        }
        lines = longer;
    }
    assert!(
        captures > 0 && extra_turns > 0,
        "no capture or no extra turn in four plies: the test proves nothing"
    );
}

fn hint_generation(effects: &[Effect]) -> u64 {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::FindHint { generation } => Some(*generation),
            _ => None,
        })
        .expect("a hint was asked for")
}

#[test]
fn a_hint_is_asked_on_the_players_turn_shown_until_a_move_and_counted() {
    let mut s = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Easy));
    assert!(s.can_hint());
    let asked = s.apply(LocalAction::Hint);
    let generation = hint_generation(&asked);
    assert_eq!(s.hint(), Hint::Looking);
    assert!(s.apply(LocalAction::Hint).is_empty(), "one hint at a time");
    assert!(
        s.apply(LocalAction::HintFound {
            generation,
            mv: pit_move('a')
        })
        .contains(&Effect::Save)
    );
    assert_eq!(s.hint(), Hint::Shown(pit_move('a')));
    assert_eq!(s.hints(), 1);
    assert!(!s.can_hint(), "the hint is on the board");
    // The player's move takes the hint away; the computer's turn has none.
    s.tap(gold('a'));
    assert_eq!(s.hint(), Hint::None);
    assert!(!s.can_hint());
    assert!(s.apply(LocalAction::Hint).is_empty());
    assert_eq!(s.hints(), 1, "kept with the game");
    assert!(
        s.apply(LocalAction::NewGame { seed: 1 })
            .contains(&Effect::Save)
    );
    assert_eq!(s.hints(), 0, "a new game starts without hints");
}

#[test]
fn a_late_failed_or_illegal_hint_is_dropped() {
    let mut s = LocalGame::new(GameKind::Checkers, Mode::SameDevice);
    let generation = hint_generation(&s.apply(LocalAction::Hint));
    // An answer that is no legal move is never shown, nor counted.
    let mut later = s.record().clone();
    later.play_text("11-15").expect("legal");
    let illegal = later.parse_move("22-18").expect("white's move, later");
    assert!(
        s.apply(LocalAction::HintFound {
            generation,
            mv: illegal
        })
        .is_empty()
    );
    assert_eq!((s.hint(), s.hints()), (Hint::None, 0));
    // A failed search lets the player ask again.
    let generation = hint_generation(&s.apply(LocalAction::Hint));
    s.apply(LocalAction::HintFailed { generation });
    assert_eq!(s.hint(), Hint::None);
    // A move made while the hint is on its way stops the search; its answer comes too late.
    let generation = hint_generation(&s.apply(LocalAction::Hint));
    s.tap(sq(11));
    let effects = s.tap(sq(15));
    assert!(effects.contains(&Effect::StopThinking), "{effects:?}");
    let late = s.record().legal_moves()[0];
    assert!(
        s.apply(LocalAction::HintFound {
            generation,
            mv: late
        })
        .is_empty()
    );
    assert_eq!((s.hint(), s.hints()), (Hint::None, 0));
    // On one device the second player may ask too.
    assert!(s.can_hint());
}

#[test]
fn the_move_that_ends_a_game_against_the_computer_is_counted_once() {
    let won = AnyRecord::from_fen(GameKind::Checkers, "B:W18:B14").expect("valid");
    let mut s = LocalGame::resume_record(won.clone(), Mode::Computer(Level::Easy));
    s.tap(sq(14));
    let effects = s.tap(sq(23));
    assert!(
        effects.contains(&Effect::Ended(Verdict::YouWin)),
        "{effects:?}"
    );
    // The same ending on one device is nobody's record.
    let mut s = LocalGame::resume_record(won, Mode::SameDevice);
    s.tap(sq(14));
    assert!(!s.tap(sq(23)).iter().any(|e| matches!(e, Effect::Ended(_))));
    // The computer's winning move.
    let lost = AnyRecord::from_fen(GameKind::Checkers, "W:W18:B14").expect("valid");
    let mut s = LocalGame::resume_record(lost, Mode::Computer(Level::Hard));
    let generation = think_generation(&s.start());
    let mv = s.record().parse_move("18x9").expect("legal");
    let effects = s.apply(LocalAction::ComputerMoved { generation, mv });
    assert!(
        effects.contains(&Effect::Ended(Verdict::ComputerWins)),
        "{effects:?}"
    );
    // A finished game opened again counts nothing.
    let mut again = LocalGame::resume_record(s.record().clone(), Mode::Computer(Level::Hard));
    assert!(!again.start().iter().any(|e| matches!(e, Effect::Ended(_))));
}
