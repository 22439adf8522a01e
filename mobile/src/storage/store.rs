//! What every store keeps and how it fails: the saved game, the trait, the error.

use cozcade_engine::{AnyRecord, GameKind};
use serde::{Deserialize, Serialize};

use crate::{
    state::{LocalGame, Mode, PassAndPlay, Slot},
    text::clip,
};

/// A game as stored: the record (start + moves, replayed on load), who plays the second colour,
/// on one device how the players pass it (absent in older saves: then nothing chosen), and the
/// computer's seed for the game (absent in older saves: the app draws one on load), and the
/// hints shown in it (absent when none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub mode: Mode,
    pub record: AnyRecord,
    #[serde(default, skip_serializing_if = "PassAndPlay::is_default")]
    pub pass: PassAndPlay,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hints: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl SavedGame {
    /// What a local game saves of itself.
    pub fn of(game: &LocalGame) -> Self {
        SavedGame {
            mode: game.mode(),
            record: game.record().clone(),
            pass: game.pass_and_play(),
            seed: Some(game.seed()),
            hints: game.hints(),
        }
    }

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
