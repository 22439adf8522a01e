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

#[cfg(target_arch = "wasm32")]
pub use local::LocalStore;
pub use memory::MemoryStore;
pub use seats::{MAX_SEATS, RoomSeat, forget_room, keep_room_seat, room_seats, seat_key_for};
#[cfg(not(target_arch = "wasm32"))]
pub use sqlite::SqliteStore;

use cozcade_engine::{AnyRecord, GameKind};
use serde::{Deserialize, Serialize};

use crate::state::{Mode, Slot};

/// A game as stored: the record (start + moves, replayed on load) and who plays the second colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub mode: Mode,
    pub record: AnyRecord,
}

impl SavedGame {
    pub fn kind(&self) -> GameKind {
        self.record.kind()
    }

    pub fn slot(&self) -> Slot {
        self.mode.slot()
    }

    /// The stored text (JSON), the same in every store.
    pub fn to_json(&self) -> Result<String, StoreError> {
        serde_json::to_string(self).map_err(|e| StoreError::Write(e.to_string()))
    }

    /// Reads a stored text back; a save for another game or slot than asked is refused.
    pub fn from_json(text: &str, game: GameKind, slot: Slot) -> Result<Self, StoreError> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|e| StoreError::Corrupt(clip(&e.to_string())))?;
        if saved.kind() != game || saved.slot() != slot {
            return Err(StoreError::Corrupt(format!(
                "the {} {} save holds a {} {} game",
                game,
                slot.as_str(),
                saved.kind(),
                saved.slot().as_str()
            )));
        }
        Ok(saved)
    }
}

/// Why a save could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// No storage at all (blocked by the browser, no app data directory, database won't open).
    #[error("storage is unavailable: {0}")]
    Unavailable(String),
    #[error("could not read saved games: {0}")]
    Read(String),
    #[error("could not save the game: {0}")]
    Write(String),
    /// A save that does not replay (written by another version, or damaged).
    #[error("a saved game is damaged: {0}")]
    Corrupt(String),
}

/// Where games and settings are kept.
pub trait Store {
    fn load(&self, game: GameKind, slot: Slot) -> Result<Option<SavedGame>, StoreError>;
    fn save(&self, saved: &SavedGame) -> Result<(), StoreError>;
    fn delete(&self, game: GameKind, slot: Slot) -> Result<(), StoreError>;
    /// A small setting (the chosen language).
    fn setting(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError>;
}

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

/// Shortens text from storage (or a link) before it goes into a message.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        text.to_owned()
    } else {
        text.chars().take(MAX).chain(['…']).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Level;

    pub(super) fn sample() -> SavedGame {
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play("c").expect("legal");
        record.play("a").expect("legal");
        SavedGame {
            mode: Mode::Computer(Level::Medium),
            record,
        }
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
