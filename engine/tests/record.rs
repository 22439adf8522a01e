//! The game record: undo rules, text form and refusal of bad records, on Kalah (whose extra
//! turns make "one turn" several plies).

use cozcade_engine::{
    AnyRecord, GameKind, Kalah, MoveError, Record, RecordError, RecordText, Side,
};

fn kalah_record(moves: &[&str]) -> Record<Kalah> {
    Record::replay(cozcade_engine::Game::start(), moves).expect("legal test moves")
}

#[test]
fn same_device_undo_takes_back_one_whole_turn() {
    // Gold: c (extra turn), f. Turquoise: b.
    let mut record = kalah_record(&["c", "f", "b"]);
    assert_eq!(record.undo_turn(), 1, "turquoise's b");
    assert_eq!(record.move_texts(), ["c", "f"]);
    assert_eq!(record.undo_turn(), 2, "gold's turn was c then f");
    assert!(record.is_empty());
    assert_eq!(record.undo_turn(), 0);
}

#[test]
fn undo_against_the_computer_goes_back_to_the_players_previous_turn() {
    let mut record = kalah_record(&["c", "f", "b"]);
    assert_eq!(
        record.undo_to_turn_of(Side::First),
        3,
        "the reply and gold's whole turn"
    );
    assert!(record.is_empty());
    assert_eq!(record.turn(), Side::First);

    // The computer has not replied yet: only the player's own turn goes.
    let mut record = kalah_record(&["c", "f"]);
    assert_eq!(record.undo_to_turn_of(Side::First), 2);
    assert!(record.is_empty());

    // Nothing of the player's to take back.
    let mut record = Record::<Kalah>::default();
    assert_eq!(record.undo_to_turn_of(Side::First), 0);
}

#[test]
fn a_finished_game_refuses_moves() {
    let start: Kalah = "G:G0,0,0,0,0,1,23:T1,1,1,1,1,1,18".parse().unwrap();
    let mut record = Record::new(start);
    record.play_text("f").unwrap();
    assert!(record.is_over());
    assert_eq!(record.play_text("a"), Err(MoveError::GameOver));
    assert!(record.legal_moves().is_empty());
}

#[test]
fn bad_records_do_not_replay() {
    let text = RecordText {
        start: "G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0".into(),
        moves: vec!["c".into(), "c".into()],
    };
    match Record::<Kalah>::try_from(text) {
        Err(RecordError::Move { index: 1, .. }) => {}
        other => panic!("expected the second move to be refused, got {other:?}"),
    }
    let text = RecordText {
        start: "nonsense".into(),
        moves: vec![],
    };
    assert!(matches!(
        Record::<Kalah>::try_from(text),
        Err(RecordError::Start(_))
    ));
    assert!(
        serde_json::from_str::<Record<Kalah>>(
            r#"{"start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":["z"]}"#
        )
        .is_err()
    );
}

#[test]
fn any_record_plays_by_text_and_keeps_its_kind_in_json() {
    let mut record = AnyRecord::new(GameKind::Kalah);
    assert_eq!(record.play_text("c").unwrap().to_string(), "c");
    assert!(
        record.play_text("c").is_err(),
        "an illegal move changes nothing"
    );
    assert_eq!(record.move_texts(), ["c"]);
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["game"], "kalah");
    assert_eq!(json["moves"], serde_json::json!(["c"]));
    let back: AnyRecord = serde_json::from_value(json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.fen(), "G:G4,4,0,5,5,5,1:T4,4,4,4,4,4,0");
    assert!(serde_json::from_str::<AnyRecord>(r#"{"game":"go","start":"","moves":[]}"#).is_err());
}
