//! A store that keeps everything in memory: for tests, and as a stand-in the UI can hold when
//! the real storage is unavailable.

use std::{cell::RefCell, collections::HashMap};

use cozcade_engine::GameKind;

use super::{SavedGame, Store, StoreError};
use crate::state::Slot;

#[derive(Default)]
pub struct MemoryStore {
    /// Saves as their JSON text, so the same parsing path as the real stores is exercised.
    games: RefCell<HashMap<(GameKind, Slot), String>>,
    settings: RefCell<HashMap<String, String>>,
}

impl Store for MemoryStore {
    fn load(&self, game: GameKind, slot: Slot) -> Result<Option<SavedGame>, StoreError> {
        self.games
            .borrow()
            .get(&(game, slot))
            .map(|text| SavedGame::from_json(text, game, slot))
            .transpose()
    }

    fn save(&self, saved: &SavedGame) -> Result<(), StoreError> {
        let text = saved.to_json()?;
        self.games
            .borrow_mut()
            .insert((saved.kind(), saved.slot()), text);
        Ok(())
    }

    fn delete(&self, game: GameKind, slot: Slot) -> Result<(), StoreError> {
        self.games.borrow_mut().remove(&(game, slot));
        Ok(())
    }

    fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.settings.borrow().get(key).cloned())
    }

    fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.settings
            .borrow_mut()
            .insert(key.to_owned(), value.to_owned());
        Ok(())
    }
}
