//! The root: the shared context, the screen in view, and the shell that carries out the
//! session's effects (saving, the computer, the sowing animation).

use std::rc::Rc;

use cozcade_engine::{AnyRecord, GameKind, Kalah, kalah::Move};
use dioxus::prelude::*;
use futures_util::StreamExt;

use super::{
    board_screen::BoardScreen, game_picker::GamePicker, how_to_play::HowToPlay,
    mode_picker::ModePicker, online_room::OnlineRun, online_screen::OnlineScreen,
};
use crate::{
    bridge::{self, HostEvent},
    computer,
    i18n::{Language, Texts},
    online::session::Intent,
    platform,
    state::{Action, Effect, Mode, OnlineView, Session, Slot, sowing},
    storage::{self, SavedGame, Store, StoreError},
};

const STYLE: &str = include_str!("../../web/app.css");

/// The games this build offers. A game whose rules have not landed in the engine is simply not
/// listed.
pub const OFFERED: &[GameKind] = &[
    GameKind::Kalah,
    GameKind::Checkers,
    GameKind::ChineseCheckers,
];

/// The screen in view. All navigation goes through this one enum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Games,
    Mode(GameKind),
    Board,
    HowToPlay(GameKind),
    /// A room on the room server: its board once the server has said which game it is.
    Online,
}

/// A message about saving shown above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    StorageUnavailable(String),
    SaveFailed(String),
}

/// A Kalah move being shown seed by seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The ply being animated (the record's index).
    pub ply: usize,
    pub before: Kalah,
    pub mv: Move,
    pub dropped: usize,
}

/// Everything the components share; every field is a `Copy` signal handle.
#[derive(Clone, Copy)]
pub struct AppContext {
    pub screen: Signal<Screen>,
    /// Where Back from How to play returns to.
    pub previous: Signal<Screen>,
    pub session: Signal<Option<Session>>,
    pub texts: Signal<Texts>,
    pub store: Signal<Option<Rc<dyn Store>>>,
    pub notice: Signal<Option<Notice>>,
    pub landscape: Signal<bool>,
    pub sowing: Signal<Option<Sowing>>,
    pub reduced_motion: Signal<bool>,
    /// The New game confirmation is open.
    pub confirming_new_game: Signal<bool>,
    /// The computer's search in progress, to stop it.
    pub thinking: Signal<Option<computer::Handle>>,
    /// The online room on screen, as last reported by its connection.
    pub online: Signal<Option<OnlineView>>,
    /// The online room's connection task and the way to tell it what the player wants.
    pub online_run: Signal<Option<OnlineRun>>,
    /// The game was paused because the app went to the background, not by the player: coming
    /// back resumes it.
    pub paused_while_away: Signal<bool>,
}

pub fn use_app() -> AppContext {
    use_context()
}

impl AppContext {
    /// Where Back leads from the screen in view (the top bar's button and Android's back
    /// button alike); `None` at the root, the game picker.
    pub fn back_target(self) -> Option<Screen> {
        match *self.screen.read() {
            Screen::Games => None,
            Screen::Mode(_) | Screen::Online => Some(Screen::Games),
            Screen::Board => Some(
                self.session
                    .read()
                    .as_ref()
                    .map_or(Screen::Games, |s| Screen::Mode(s.kind())),
            ),
            Screen::HowToPlay(_) => Some(*self.previous.read()),
        }
    }

    pub fn go(mut self, screen: Screen) {
        let current = *self.screen.peek();
        if matches!(screen, Screen::HowToPlay(_)) {
            self.previous.set(current);
        }
        if current == Screen::Board && screen != Screen::Board {
            // Leaving the board pauses the computer (nothing runs off screen).
            self.dispatch(Action::Pause);
        }
        if current == Screen::Online && screen != Screen::Online {
            // The room's connection lives only while its screen is open.
            self.close_online();
        }
        self.screen.set(screen);
    }

    /// Acts on what the native host delivered (see `crate::bridge`).
    fn on_host_event(mut self, event: HostEvent) {
        match event {
            HostEvent::OpenRoom { invitation } => self.open_invitation(invitation),
            HostEvent::Background => self.pause_while_away(),
            HostEvent::Foreground => {
                // Only a pause the app made itself is undone; the player's own pause stays.
                if std::mem::take(&mut *self.paused_while_away.write()) {
                    self.dispatch(Action::Resume);
                }
            }
            HostEvent::Back => {
                if let Some(target) = self.back_target() {
                    self.go(target);
                }
            }
        }
    }

    /// The page or app left the screen: the computer stops thinking (nothing runs unseen).
    fn pause_while_away(mut self) {
        let running = self.session.peek().as_ref().is_some_and(|s| !s.is_paused());
        if running && *self.screen.peek() == Screen::Board {
            self.dispatch(Action::Pause);
            self.paused_while_away.set(true);
        }
    }

    pub fn set_language(mut self, language: Language) {
        self.texts.set(Texts::new(language));
        let stored = self
            .store
            .peek()
            .clone()
            .map(|s| s.set_setting("language", language.tag()));
        if let Some(Err(error)) = stored {
            self.notice.set(Some(Notice::SaveFailed(error.to_string())));
        }
        let _ = document::eval(&format!(
            "document.documentElement.lang = {:?};",
            language.tag()
        ));
    }

    /// The saved game of a slot, if any; a damaged save is reported and treated as absent.
    pub fn saved(mut self, kind: GameKind, slot: Slot) -> Option<SavedGame> {
        let store = self.store.peek().clone()?;
        match store.load(kind, slot) {
            Ok(saved) => saved,
            Err(error) => {
                self.notice.set(Some(Notice::SaveFailed(error.to_string())));
                None
            }
        }
    }

    /// Opens a game on the board: a saved one, or a new one (which replaces the slot's save).
    pub fn open(mut self, session: Session) {
        self.sowing.set(None);
        self.confirming_new_game.set(false);
        self.session.set(Some(session));
        self.screen.set(Screen::Board);
        let effects = self
            .session
            .write()
            .as_mut()
            .map(Session::start)
            .unwrap_or_default();
        self.run(effects);
    }

    pub fn start_new(self, kind: GameKind, mode: Mode) {
        self.open(Session::new(kind, mode));
        self.save();
    }

    pub fn resume(self, saved: SavedGame) {
        self.open(Session::resume_record(saved.record, saved.mode));
    }

    /// Applies an action to the session on the board and carries out what it asks for.
    pub fn dispatch(mut self, action: Action) {
        let effects = match self.session.write().as_mut() {
            Some(session) => session.apply(action),
            None => return,
        };
        self.run(effects);
    }

    fn run(self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Save => self.save(),
                Effect::DeleteSave(slot) => self.delete(slot),
                Effect::Think { level, generation } => self.think(level, generation),
                Effect::StopThinking => self.stop_thinking(),
                Effect::Played { index } => {
                    // On phones the host gives a tap of feedback; elsewhere nothing happens.
                    if let Some(feel) = self
                        .session
                        .peek()
                        .as_ref()
                        .and_then(|s| s.feel_of_move(index))
                    {
                        bridge::haptic(feel);
                    }
                    self.animate(index);
                }
                Effect::Send(mv) => self.send_intent(Intent::Move(mv)),
            }
        }
    }

    fn save(mut self) {
        let Some(store) = self.store.peek().clone() else {
            return;
        };
        let saved = match self.session.peek().as_ref() {
            Some(session) => SavedGame {
                mode: session.mode(),
                record: session.record().clone(),
            },
            None => return,
        };
        match store.save(&saved) {
            Ok(()) => {
                if matches!(*self.notice.peek(), Some(Notice::SaveFailed(_))) {
                    self.notice.set(None);
                }
            }
            Err(error) => self.notice.set(Some(Notice::SaveFailed(error.to_string()))),
        }
    }

    fn delete(mut self, slot: Slot) {
        let Some(store) = self.store.peek().clone() else {
            return;
        };
        let Some(kind) = self.session.peek().as_ref().map(Session::kind) else {
            return;
        };
        if let Err(error) = store.delete(kind, slot) {
            self.notice.set(Some(Notice::SaveFailed(error.to_string())));
        }
    }

    /// Starts the computer's search off the UI thread; its answer comes back as an action
    /// tagged with `generation`, so an answer to a position that has changed meanwhile is dropped.
    fn think(mut self, level: crate::state::Level, generation: u64) {
        let Some(record) = self
            .session
            .peek()
            .as_ref()
            .map(|s| AnyRecord::clone(&s.record()))
        else {
            return;
        };
        self.stop_thinking();
        let handle = computer::Handle::new();
        self.thinking.set(Some(handle.clone()));
        spawn(async move {
            let result = computer::best_move(record, level, handle).await;
            if result != Err(computer::ComputerError::Cancelled) {
                self.thinking.set(None);
            }
            let action = match result {
                Ok(mv) => Action::ComputerMoved { generation, mv },
                // Stopped on purpose: whoever stopped it has moved the session on already.
                Err(computer::ComputerError::Cancelled) => return,
                Err(computer::ComputerError::Failed(_)) => Action::ComputerFailed { generation },
            };
            self.dispatch(action);
        });
    }

    fn stop_thinking(mut self) {
        if let Some(handle) = self.thinking.write().take() {
            handle.stop();
        }
    }

    /// Shows a Kalah move seed by seed (about a second at most); a tap or Escape skips it.
    fn animate(mut self, ply: usize) {
        let session = self.session.peek();
        let shown = session.as_ref().map(Session::record);
        let sowing = match shown.as_deref() {
            Some(AnyRecord::Kalah(record)) => {
                match (record.position_at(ply), record.moves().get(ply)) {
                    (Some(before), Some(mv)) => Sowing {
                        ply,
                        before: before.clone(),
                        mv: *mv,
                        dropped: 0,
                    },
                    _ => return,
                }
            }
            _ => return,
        };
        drop(shown);
        drop(session);
        if *self.reduced_motion.peek() {
            return;
        }
        let frames = sowing::frames(&sowing.before, sowing.mv);
        let pause = (1200 / frames.max(1) as u32).clamp(40, 160);
        self.sowing.set(Some(sowing));
        spawn(async move {
            for dropped in 1..=frames {
                platform::sleep(pause).await;
                let mut current = self.sowing.write();
                match current.as_mut() {
                    // Skipped, or a newer move took over: stop.
                    Some(s) if s.ply == ply => s.dropped = dropped,
                    _ => return,
                }
            }
            platform::sleep(pause).await;
            if self.sowing.peek().as_ref().is_some_and(|s| s.ply == ply) {
                self.sowing.set(None);
            }
        });
    }

    pub fn skip_animation(mut self) {
        if self.sowing.peek().is_some() {
            self.sowing.set(None);
        }
    }
}

#[component]
pub fn App() -> Element {
    let (store, notice) = use_hook(|| match storage::open_default() {
        Ok(store) => (Some(Rc::<dyn Store>::from(store)), None),
        Err(StoreError::Unavailable(reason)) => (None, Some(Notice::StorageUnavailable(reason))),
        Err(error) => (None, Some(Notice::StorageUnavailable(error.to_string()))),
    });
    // The player's own choice wins; then the device's languages as the platform reports them.
    let (language, chosen) = use_hook(|| {
        let stored = store
            .as_ref()
            .and_then(|s| s.setting("language").ok().flatten())
            .as_deref()
            .and_then(Language::from_locale);
        match stored {
            Some(language) => (language, true),
            None => (
                Language::negotiate(platform::device_locales().iter().map(String::as_str)),
                false,
            ),
        }
    });
    let app = use_context_provider(|| AppContext {
        screen: Signal::new(Screen::Games),
        previous: Signal::new(Screen::Games),
        session: Signal::new(None),
        texts: Signal::new(Texts::new(language)),
        store: Signal::new(store.clone()),
        notice: Signal::new(notice.clone()),
        landscape: Signal::new(false),
        sowing: Signal::new(None),
        reduced_motion: Signal::new(false),
        confirming_new_game: Signal::new(false),
        thinking: Signal::new(None),
        online: Signal::new(None),
        online_run: Signal::new(None),
        paused_while_away: Signal::new(false),
    });

    // An invitation in the page's address (`/r/<room>`, `/?room=`) opens that room.
    use_hook(move || {
        if let Some(invitation) = platform::invitation_in_address() {
            spawn(async move { app.open_invitation(invitation) });
        }
    });

    // The native host's events (phones only; the inbox stays empty elsewhere).
    use_future(move || async move {
        let mut events = bridge::host_events();
        while let Some(event) = events.next().await {
            app.on_host_event(event);
        }
    });
    // Android's back button asks synchronously whether the app will handle it.
    use_effect(move || bridge::set_at_root(app.back_target().is_none()));

    // Phones have no LANG in the app's environment, but their webview knows the device's
    // languages: ask it once, unless the player chose a language or the environment named one.
    use_future(move || async move {
        let from_environment = platform::device_locales()
            .iter()
            .any(|tag| Language::from_locale(tag).is_some());
        if chosen || from_environment {
            return;
        }
        if let Ok(tags) = document::eval(platform::LANGUAGES_JS)
            .join::<Vec<String>>()
            .await
        {
            let mut texts = app.texts;
            // Unless the player picked a language in the meantime.
            if texts.peek().language() == language {
                texts.set(Texts::new(Language::negotiate(
                    tags.iter().map(String::as_str),
                )));
            }
        }
    });

    // Page shape, background/foreground and motion preference come from the page itself.
    use_future(move || async move {
        let mut landscape = app.landscape;
        let mut events = document::eval(platform::LANDSCAPE_JS);
        while let Ok(wide) = events.recv::<bool>().await {
            if *landscape.peek() != wide {
                landscape.set(wide);
            }
        }
    });
    use_future(move || async move {
        let mut events = document::eval(platform::HIDDEN_JS);
        while let Ok(hidden) = events.recv::<bool>().await {
            if hidden {
                app.pause_while_away();
            }
        }
    });
    use_future(move || async move {
        let mut reduced = app.reduced_motion;
        if let Ok(value) = document::eval(platform::REDUCED_MOTION_JS)
            .join::<bool>()
            .await
        {
            reduced.set(value);
        }
        let _ = document::eval(&format!(
            "document.documentElement.lang = {:?};",
            app.texts.peek().language().tag()
        ));
    });

    let screen = *app.screen.read();
    rsx! {
        style { {STYLE} }
        div { class: "app",
            match screen {
                Screen::Games => rsx! { GamePicker {} },
                Screen::Mode(kind) => rsx! { ModePicker { kind } },
                Screen::Board => rsx! { BoardScreen {} },
                Screen::HowToPlay(kind) => rsx! { HowToPlay { kind } },
                Screen::Online => rsx! { OnlineScreen {} },
            }
        }
    }
}
