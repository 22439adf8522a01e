//! The game on the board and its runtime: the session (the pure reducer), and the runner that
//! carries out the [`Effect`]s each action returns: saving, the computer's thinking, the
//! sowing animation, the phone's haptics, and a move for the online room.

use cozcade_engine::{AnyRecord, Kalah, kalah::Move};
use dioxus::prelude::*;

use super::{room_link::RoomLink, settings::Settings};
use crate::{
    bridge::{self, Haptic},
    computer,
    online::session::Intent,
    platform,
    state::{Action, Effect, Feel, Level, Session, Slot, sowing},
    storage::SavedGame,
};

/// A Kalah move being shown seed by seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The ply being animated (the record's index).
    pub ply: usize,
    pub before: Kalah,
    pub mv: Move,
    pub dropped: usize,
}

/// The session on the board and what runs for it; every field is a `Copy` handle.
#[derive(Clone, Copy)]
pub struct Game {
    pub session: Signal<Option<Session>>,
    pub sowing: Signal<Option<Sowing>>,
    /// The New game confirmation is open.
    pub confirming_new_game: Signal<bool>,
    /// The player put the game-over sheet aside to look at the board (until the next game).
    pub finish_dismissed: Signal<bool>,
    /// The computer's search in progress, to stop it.
    thinking: Signal<Option<computer::Handle>>,
    /// The game was paused because the app went to the background, not by the player: coming
    /// back resumes it.
    paused_while_away: Signal<bool>,
    settings: Settings,
    link: RoomLink,
}

pub fn use_game() -> Game {
    use_context()
}

impl Game {
    pub(super) fn new(settings: Settings, link: RoomLink) -> Self {
        Game {
            session: Signal::new(None),
            sowing: Signal::new(None),
            confirming_new_game: Signal::new(false),
            finish_dismissed: Signal::new(false),
            thinking: Signal::new(None),
            paused_while_away: Signal::new(false),
            settings,
            link,
        }
    }

    /// Puts a session on the board (a saved game, a new one, a room's) and starts what it
    /// asks for.
    pub(super) fn open(mut self, session: Session) {
        self.sowing.set(None);
        self.confirming_new_game.set(false);
        self.finish_dismissed.set(false);
        self.session.set(Some(session));
        let effects = self
            .session
            .write()
            .as_mut()
            .map(Session::start)
            .unwrap_or_default();
        self.run(effects);
    }

    /// Takes the session off the board.
    pub(super) fn close(mut self) {
        self.sowing.set(None);
        self.session.set(None);
    }

    pub(super) fn start_new(self, session: Session) {
        self.open(session);
        self.save();
    }

    pub(super) fn resume(self, saved: SavedGame) {
        self.open(Session::resume_record(saved.record, saved.mode).with_pass_and_play(saved.pass));
    }

    /// Applies an action to the session on the board and carries out what it asks for.
    pub fn dispatch(mut self, action: Action) {
        let effects = match self.session.write().as_mut() {
            Some(session) => session.apply(action),
            None => return,
        };
        // A game that goes on again (New game, Undo, a new round) gets its own finish.
        let over = self
            .session
            .peek()
            .as_ref()
            .and_then(Session::finish)
            .is_some();
        if !over && *self.finish_dismissed.peek() {
            self.finish_dismissed.set(false);
        }
        self.run(effects);
    }

    /// The game-over sheet is up: the game is over and the last move has been shown (the
    /// result is not announced while the sowing animation still runs).
    pub fn finish_shown(self) -> bool {
        let over = self
            .session
            .read()
            .as_ref()
            .and_then(Session::finish)
            .is_some();
        over && self.sowing.read().is_none() && !*self.finish_dismissed.read()
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
                        bridge::haptic(match feel {
                            Feel::Move => Haptic::Move,
                            Feel::Capture => Haptic::Capture,
                            Feel::Win => Haptic::Win,
                        });
                    }
                    self.animate(index);
                }
                Effect::Send(mv) => self.link.send(Intent::Move(mv)),
            }
        }
    }

    fn save(self) {
        let Some(store) = self.settings.store() else {
            return;
        };
        let saved = match self.session.peek().as_ref() {
            Some(session) => SavedGame {
                mode: session.mode(),
                record: AnyRecord::clone(&session.record()),
                pass: session.pass_and_play(),
            },
            None => return,
        };
        match store.save(&saved) {
            Ok(()) => self.settings.saved_fine(),
            Err(error) => self.settings.save_failed(error),
        }
    }

    fn delete(self, slot: Slot) {
        let Some(store) = self.settings.store() else {
            return;
        };
        let Some(kind) = self.session.peek().as_ref().map(Session::kind) else {
            return;
        };
        if let Err(error) = store.delete(kind, slot) {
            self.settings.save_failed(error);
        }
    }

    /// Starts the computer's search off the UI thread; its answer comes back as an action
    /// tagged with `generation`, so an answer to a position that has changed meanwhile is dropped.
    fn think(mut self, level: Level, generation: u64) {
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
        let sowing = {
            let session = self.session.peek();
            let shown = session.as_ref().map(Session::record);
            match shown.as_deref() {
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
            }
        };
        if *self.settings.reduced_motion.peek() {
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

    /// The page or app left the screen while the board was in view: the computer stops
    /// thinking (nothing runs unseen). Two players on one device just go on.
    pub(super) fn pause_while_away(mut self) {
        let running = self
            .session
            .peek()
            .as_ref()
            .is_some_and(|s| s.can_pause() && !s.is_paused());
        if running {
            self.dispatch(Action::Pause);
            self.paused_while_away.set(true);
        }
    }

    /// Back in view: only a pause the app made itself is undone; the player's own stays.
    pub(super) fn resume_after_away(mut self) {
        if std::mem::take(&mut *self.paused_while_away.write()) {
            self.dispatch(Action::Resume);
        }
    }

    /// The session is an online room's.
    pub(super) fn is_online(self) -> bool {
        self.session
            .peek()
            .as_ref()
            .is_some_and(|s| s.online_seat().is_some())
    }
}
