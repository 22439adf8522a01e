//! Saved games behind one trait: SQLite on phones and desktops, the browser's localStorage on
//! the web, memory in tests. One saved game per game and [`Slot`]; the mode and level go with it.
//!
//! Every failure is a [`StoreError`] the UI shows ("the game goes on without saving"); nothing
//! here panics on what it reads back.

#[cfg(target_arch = "wasm32")]
mod local;
mod memory;
mod seats;
#[cfg(not(target_arch = "wasm32"))]
mod sqlite;
mod store;

#[cfg(target_arch = "wasm32")]
pub use local::LocalStore;
pub use memory::MemoryStore;
pub use seats::{
    Glance, MAX_SEATS, RoomSeat, forget_room, keep_room_seat, mark_leaving, note_glance,
    note_replacing_key, replacing_key_for, room_seats, seat_key_for,
};
#[cfg(not(target_arch = "wasm32"))]
pub use sqlite::SqliteStore;

pub use store::{SavedGame, Store, StoreError};

/// The platform's store: localStorage in the browser, SQLite in the app data directory elsewhere.
pub fn open_default() -> Result<Box<dyn Store>, StoreError> {
    #[cfg(target_arch = "wasm32")]
    {
        LocalStore::open().map(|s| Box::new(s) as Box<dyn Store>)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        SqliteStore::open_default().map(|s| Box::new(s) as Box<dyn Store>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Level, Mode, PassAndPlay, Slot};
    use cozcade_engine::{AnyRecord, GameKind};

    pub(super) fn sample() -> SavedGame {
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play_text("c").expect("legal");
        record.play_text("a").expect("legal");
        SavedGame {
            mode: Mode::Computer(Level::Medium),
            record,
            pass: PassAndPlay::default(),
            seed: Some(u64::MAX - 1),
            hints: 2,
        }
    }

    #[test]
    fn a_save_from_before_pass_and_play_still_loads_and_the_choice_round_trips() {
        let old = r#"{"mode":{"mode":"same-device"},"record":{"game":"kalah","start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":["c"]}}"#;
        let saved = SavedGame::from_json(old, GameKind::Kalah, Slot::SameDevice).expect("loads");
        assert_eq!(saved.pass, PassAndPlay::default());
        assert_eq!(saved.record.len(), 1);
        assert_eq!(saved.hints, 0, "an old save used no hints");

        let chosen = SavedGame {
            pass: PassAndPlay {
                hand_over: true,
                turn_board: true,
            },
            ..saved
        };
        let text = chosen.to_json().expect("serialises");
        assert!(text.contains("hand-over"), "{text}");
        assert_eq!(
            SavedGame::from_json(&text, GameKind::Kalah, Slot::SameDevice),
            Ok(chosen)
        );
    }

    #[test]
    fn json_round_trips_and_checks_its_slot() {
        let saved = sample();
        let text = saved.to_json().expect("serialises");
        assert_eq!(
            SavedGame::from_json(&text, GameKind::Kalah, Slot::Computer),
            Ok(saved)
        );
        assert!(matches!(
            SavedGame::from_json(&text, GameKind::Kalah, Slot::SameDevice),
            Err(StoreError::Corrupt(_))
        ));
        assert!(matches!(
            SavedGame::from_json(&text, GameKind::Checkers, Slot::Computer),
            Err(StoreError::Corrupt(_))
        ));
    }

    #[test]
    fn damaged_text_is_a_typed_error() {
        for bad in [
            "",
            "{",
            r#"{"mode":{"mode":"same-device"},"record":{"game":"kalah","start":"G:G4","moves":[]}}"#,
            r#"{"mode":{"mode":"same-device"},"record":{"game":"kalah","start":"G:G4,4,4,4,4,4,0:T4,4,4,4,4,4,0","moves":["z"]}}"#,
            r#"{"mode":{"mode":"computer","level":"impossible"},"record":{}}"#,
        ] {
            assert!(
                matches!(
                    SavedGame::from_json(bad, GameKind::Kalah, Slot::SameDevice),
                    Err(StoreError::Corrupt(_))
                ),
                "{bad:?}"
            );
        }
    }
}
