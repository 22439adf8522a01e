//! The device's side of the app: the texts in the player's language, the store of saved games,
//! the page's shape and motion preference, sound on or off, and the notice about saving.

use std::rc::Rc;

use cozcade_engine::GameKind;
use dioxus::prelude::*;

use crate::{
    feedback::{self, Moment, MoveSound},
    i18n::{self, Language, Texts},
    platform,
    state::{Level, Results, Slot, Verdict},
    storage::{self, SavedGame, Store, StoreError},
};

/// A message about saving shown above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageNotice {
    StorageUnavailable(String),
    SaveFailed(String),
}

/// What became of a language asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shown {
    Yes,
    /// Its texts could not be had: the language on screen stays.
    Unavailable,
    /// Another language was asked for before its texts came.
    Overtaken,
}

/// Texts, store and the page's shape; every field is a `Copy` handle.
#[derive(Clone, Copy)]
pub struct Settings {
    pub texts: Signal<Texts>,
    /// The language last asked for, which `texts` shows once its texts are at hand (in the
    /// browser a translation may first have to come): a slower answer for an earlier choice
    /// is then dropped.
    wanted: Signal<Language>,
    /// A language the player picked whose texts could not be had (in the browser, a
    /// translation not yet kept and no network): said beside the picker until the next pick
    /// or until the player leaves the screen.
    pub language_unavailable: Signal<Option<Language>>,
    pub store: Signal<Option<Rc<dyn Store>>>,
    pub notice: Signal<Option<StorageNotice>>,
    pub landscape: Signal<bool>,
    pub reduced_motion: Signal<bool>,
    /// The app's sounds are on (the player's choice, kept on the device; on unless turned off).
    pub sound: Signal<bool>,
    /// Bumped when a result is added to the player's record, so that what shows it redraws.
    results_kept: Signal<u64>,
    /// The language the app started in, and whether the player had chosen it (then the
    /// device's languages are not asked for).
    pub(super) started_in: (Language, bool),
}

pub fn use_settings() -> Settings {
    use_context()
}

impl Settings {
    /// Opens the device's store and picks the language: the player's own choice, else the
    /// device's languages as the platform reports them.
    pub(super) fn open() -> Self {
        let (store, notice) = match storage::open_default() {
            Ok(store) => (Some(Rc::<dyn Store>::from(store)), None),
            Err(StoreError::Unavailable(reason)) => {
                (None, Some(StorageNotice::StorageUnavailable(reason)))
            }
            Err(error) => (
                None,
                Some(StorageNotice::StorageUnavailable(error.to_string())),
            ),
        };
        let stored = store
            .as_ref()
            .and_then(|s| s.setting("language").ok().flatten())
            .as_deref()
            .and_then(Language::from_locale);
        let sound = store
            .as_ref()
            .and_then(|s| s.setting("sound").ok().flatten())
            .is_none_or(|value| value != "off");
        let started_in = match stored {
            Some(language) => (language, true),
            None => (
                Language::negotiate(platform::device_locales().iter().map(String::as_str)),
                false,
            ),
        };
        Settings {
            texts: Signal::new(Texts::new(started_in.0)),
            wanted: Signal::new(started_in.0),
            language_unavailable: Signal::new(None),
            store: Signal::new(store),
            notice: Signal::new(notice),
            landscape: Signal::new(false),
            reduced_motion: Signal::new(false),
            sound: Signal::new(sound),
            results_kept: Signal::new(0),
            started_in,
        }
    }

    /// The store, when the device has one.
    pub fn store(self) -> Option<Rc<dyn Store>> {
        self.store.peek().clone()
    }

    /// The player's record against the computer in `kind` at `level` (read: redraws when a
    /// result is added). Nothing kept, or no store, is no games.
    pub fn results(self, kind: GameKind, level: Level) -> Results {
        self.results_kept.read();
        self.store()
            .and_then(|store| store.setting(&results_key(kind, level)).ok().flatten())
            .map_or_else(Results::default, |text| Results::from_text(&text))
    }

    /// Counts a game against the computer that just ended in the player's record.
    pub fn add_result(mut self, kind: GameKind, level: Level, verdict: Verdict) {
        let Some(store) = self.store() else {
            return;
        };
        let mut results = self.results(kind, level);
        results.add(verdict);
        match store.set_setting(&results_key(kind, level), &results.to_text()) {
            Ok(()) => *self.results_kept.write() += 1,
            Err(error) => self.save_failed(error),
        }
    }

    /// Saving failed: the player is told, and play goes on.
    pub fn save_failed(mut self, error: impl ToString) {
        self.notice
            .set(Some(StorageNotice::SaveFailed(error.to_string())));
    }

    /// A save worked: an earlier failure is no longer true.
    pub fn saved_fine(mut self) {
        if matches!(*self.notice.peek(), Some(StorageNotice::SaveFailed(_))) {
            self.notice.set(None);
        }
    }

    /// The player turned sound on or off: heard (or not) from the next sound, and kept.
    pub fn set_sound(mut self, on: bool) {
        self.sound.set(on);
        feedback::set_on(on);
        if let Some(Err(error)) = self
            .store()
            .map(|s| s.set_setting("sound", if on { "on" } else { "off" }))
        {
            self.save_failed(error);
        }
    }

    /// A move's sound, if sound is on.
    pub fn sound_move(self, sound: MoveSound) {
        if *self.sound.peek() {
            feedback::play_move(sound);
        }
    }

    /// A moment's sound, if sound is on.
    pub fn sound_moment(self, moment: Moment) {
        if *self.sound.peek() {
            feedback::play(moment);
        }
    }

    /// The player picked `language`: shown once its texts are at hand, and kept once shown.
    /// If they cannot be had, the picker goes back to the language on screen and says why.
    pub fn set_language(mut self, language: Language) {
        self.language_unavailable.set(None);
        spawn(async move {
            match self.show_language(language).await {
                Shown::Yes => {
                    if let Some(Err(error)) = self
                        .store()
                        .map(|s| s.set_setting("language", language.tag()))
                    {
                        self.save_failed(error);
                    }
                }
                Shown::Unavailable => self.language_unavailable.set(Some(language)),
                Shown::Overtaken => {}
            }
        });
    }

    /// The language the picker shows: the one last asked for, which is on screen unless its
    /// texts are still coming.
    pub fn asked_for(self) -> Language {
        *self.wanted.read()
    }

    /// Redraws every text in `language` once its texts are at hand (at once natively; in the
    /// browser a translation may first have to come, see [`i18n::load`]), unless another
    /// language was asked for meanwhile.
    pub(super) async fn show_language(mut self, language: Language) -> Shown {
        self.wanted.set(language);
        let at_hand = i18n::load(language).await;
        if *self.wanted.peek() != language {
            return Shown::Overtaken;
        }
        if !at_hand {
            let on_screen = self.texts.peek().language();
            self.wanted.set(on_screen);
            return Shown::Unavailable;
        }
        self.texts.set(Texts::new(language));
        platform::set_page_language(language.tag());
        Shown::Yes
    }

    /// The saved game of a slot, if any; a damaged save is reported and treated as absent.
    pub fn saved(self, kind: GameKind, slot: Slot) -> Option<SavedGame> {
        match self.store()?.load(kind, slot) {
            Ok(saved) => saved,
            Err(error) => {
                self.save_failed(error);
                None
            }
        }
    }
}

/// Where the record for a game and level is kept among the settings.
fn results_key(kind: GameKind, level: Level) -> String {
    format!("results.{kind}.{}", level.as_str())
}
