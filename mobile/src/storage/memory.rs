//! A store that keeps everything in memory: for tests, and as a stand-in the UI can hold when
//! the real storage is unavailable.

use std::{cell::RefCell, collections::HashMap};

use cozcade_engine::GameKind;

use super::store::{SavedGame, Store, StoreError};
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Effect, Level, LocalGame, Mode};

    /// What the app shell does on `Effect::Save`.
    fn save(store: &MemoryStore, game: &LocalGame) {
        store.save(&SavedGame::of(game)).expect("saves");
    }

    #[test]
    fn a_game_saved_mid_game_resumes_where_it_was_with_its_level() {
        let store = MemoryStore::default();
        let mut game = LocalGame::new(GameKind::Kalah, Mode::Computer(Level::Hard)).with_seed(9);
        // Gold f: the computer is to move.
        let gold_f = crate::state::place_of(GameKind::Kalah, 5).expect("gold f");
        let effects = game.tap(gold_f);
        assert!(effects.contains(&Effect::Save));
        save(&store, &game);

        let loaded = store
            .load(GameKind::Kalah, Slot::Computer)
            .expect("reads")
            .expect("saved");
        assert_eq!(loaded.mode, Mode::Computer(Level::Hard));
        // The seed comes back with the game, so the computer answers as it would have.
        assert_eq!(loaded.seed, Some(9));
        let mut resumed = LocalGame::resume_record(loaded.record, loaded.mode)
            .with_seed(loaded.seed.expect("saved"));
        assert_eq!(resumed.record(), game.record());
        assert_eq!(resumed.seed(), game.seed());
        // The computer's turn was saved, so it thinks again on resume, at the saved level.
        assert!(matches!(
            resumed.start().as_slice(),
            [Effect::Think {
                level: Level::Hard,
                ..
            }]
        ));
        // The other slot of the same game is untouched.
        assert_eq!(store.load(GameKind::Kalah, Slot::SameDevice), Ok(None));
    }
}
