//! Saved games in the browser's localStorage, under `cozcade.save.<game>.<slot>`.

use cozcade_engine::GameKind;
use web_sys::Storage;

use super::store::{SavedGame, Store, StoreError};
use crate::state::Slot;

pub struct LocalStore {
    storage: Storage,
}

impl LocalStore {
    /// Fails when the browser blocks storage (private modes, site settings, a sandboxed frame).
    pub fn open() -> Result<Self, StoreError> {
        let window =
            web_sys::window().ok_or_else(|| StoreError::Unavailable("no window".into()))?;
        let storage = window
            .local_storage()
            .map_err(|_| StoreError::Unavailable("the browser blocks local storage".into()))?
            .ok_or_else(|| StoreError::Unavailable("the browser has no local storage".into()))?;
        Ok(LocalStore { storage })
    }
}

fn save_key(game: GameKind, slot: Slot) -> String {
    format!("cozcade.save.{}.{}", game.as_str(), slot.as_str())
}

fn setting_key(key: &str) -> String {
    format!("cozcade.setting.{key}")
}

impl Store for LocalStore {
    fn load(&self, game: GameKind, slot: Slot) -> Result<Option<SavedGame>, StoreError> {
        let text = self
            .storage
            .get_item(&save_key(game, slot))
            .map_err(|_| StoreError::Read("local storage refused to read".into()))?;
        text.map(|text| SavedGame::from_json(&text, game, slot))
            .transpose()
    }

    fn save(&self, saved: &SavedGame) -> Result<(), StoreError> {
        let text = saved.to_json()?;
        self.storage
            .set_item(&save_key(saved.kind(), saved.slot()), &text)
            .map_err(|_| StoreError::Write("local storage is full or blocked".into()))
    }

    fn delete(&self, game: GameKind, slot: Slot) -> Result<(), StoreError> {
        self.storage
            .remove_item(&save_key(game, slot))
            .map_err(|_| StoreError::Write("local storage refused to delete".into()))
    }

    fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.storage
            .get_item(&setting_key(key))
            .map_err(|_| StoreError::Read("local storage refused to read".into()))
    }

    fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.storage
            .set_item(&setting_key(key), value)
            .map_err(|_| StoreError::Write("local storage is full or blocked".into()))
    }
}
