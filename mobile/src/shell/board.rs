//! The game on the board and its runtime: the table (the pure state), and the runner that
//! carries out the [`Effect`]s each action returns: saving, the computer's thinking, each move's
//! animation with its sound and the phone's haptics, and a move for the online room.

use std::{collections::VecDeque, time::Duration};

use cozcade_engine::AnyRecord;
use dioxus::prelude::*;

use super::{room_link::RoomLink, settings::Settings};
use crate::{
    bridge::Haptic,
    computer,
    feedback::{self, Moment, MoveSound},
    online::connection::Intent,
    platform,
    state::{
        Action, Effect, Feel, Level, LocalAction, LocalGame, Slot, Table, animation::Animation,
        deed_of_move,
    },
    storage::SavedGame,
    timer,
};

/// How long a move's first frame is shown before its first step.
const FIRST_FRAME: Duration = Duration::from_millis(20);

/// The game on the board and what runs for it; every field is a `Copy` handle.
#[derive(Clone, Copy)]
pub struct Board {
    pub table: Signal<Option<Table>>,
    /// The move being shown step by step, if any: the board draws the position before it, and
    /// nothing on it is tappable (see [`Board::animating`]).
    pub animation: Signal<Option<Animation>>,
    /// Plies played while another was being shown (the computer's reply, the friend's move),
    /// shown one after another.
    queued: Signal<VecDeque<usize>>,
    /// Counts animations started, so a timer of one that was skipped or replaced stops.
    animations: Signal<u64>,
    /// The New game confirmation is open.
    pub confirming_new_game: Signal<bool>,
    /// The player put the game-over sheet aside to look at the board (until the next game).
    pub finish_dismissed: Signal<bool>,
    /// A finished or paused game looked back at: how many of its plies the board shows.
    pub review: Signal<Option<usize>>,
    /// The computer's search in progress, to stop it.
    thinking: Signal<Option<computer::Handle>>,
    /// How the game just ended, to be heard when the finish is shown (not when a finished game
    /// is opened again).
    ending: Signal<Option<Moment>>,
    /// The game was paused because the app went to the background, not by the player: coming
    /// back resumes it.
    paused_while_away: Signal<bool>,
    settings: Settings,
    link: RoomLink,
}

pub fn use_board() -> Board {
    use_context()
}

impl Board {
    pub(super) fn new(settings: Settings, link: RoomLink) -> Self {
        Board {
            table: Signal::new(None),
            animation: Signal::new(None),
            queued: Signal::new(VecDeque::new()),
            animations: Signal::new(0),
            confirming_new_game: Signal::new(false),
            finish_dismissed: Signal::new(false),
            review: Signal::new(None),
            thinking: Signal::new(None),
            paused_while_away: Signal::new(false),
            ending: Signal::new(None),
            settings,
            link,
        }
    }

    /// Puts a game on the board (a saved game, a new one, a room's) and starts what it asks
    /// for.
    pub(super) fn open(mut self, table: Table) {
        self.skip_animation();
        self.confirming_new_game.set(false);
        self.finish_dismissed.set(false);
        self.review.set(None);
        self.table.set(Some(table));
        let effects = self
            .table
            .write()
            .as_mut()
            .map(Table::start)
            .unwrap_or_default();
        self.run(effects);
    }

    /// Takes the game off the board.
    pub(super) fn close(mut self) {
        self.skip_animation();
        self.review.set(None);
        self.table.set(None);
    }

    pub(super) fn start_new(self, game: LocalGame) {
        self.open(Table::Local(game));
        self.save();
    }

    pub(super) fn resume(self, saved: SavedGame) {
        // A save from before games had seeds gets one now, kept from here on.
        let seed = saved.seed.unwrap_or_else(platform::fresh_seed);
        self.open(Table::Local(
            LocalGame::resume_record(saved.record, saved.mode)
                .with_pass_and_play(saved.pass)
                .with_hints(saved.hints)
                .with_seed(seed),
        ));
    }

    /// Starts this game again from the start, with a new seed for the computer.
    pub fn new_game(self) {
        self.dispatch(LocalAction::NewGame {
            seed: platform::fresh_seed(),
        });
    }

    /// Applies an action to the game on the board and carries out what it asks for.
    pub fn dispatch(mut self, action: impl Into<Action>) {
        let effects = match self.table.write().as_mut() {
            Some(table) => table.apply(action),
            None => return,
        };
        // A game that goes on again (New game, Undo, a new round) gets its own finish.
        let over = self.table.peek().as_ref().and_then(Table::finish).is_some();
        if !over && *self.finish_dismissed.peek() {
            self.finish_dismissed.set(false);
        }
        // A game that goes on again, or a round that starts over, is shown as it stands.
        let plies = self.plies_peek();
        let looking = *self.review.peek();
        if looking.is_some_and(|shown| !self.can_review_peek() || shown >= plies) {
            self.review.set(None);
        }
        self.run(effects);
    }

    /// The game can be looked back at move by move: it is over, or paused. Reading it
    /// subscribes.
    pub fn can_review(self) -> bool {
        self.table.read().as_ref().is_some_and(Table::can_review)
    }

    /// How many plies the game on the board has (none without one), without subscribing.
    fn plies_peek(self) -> usize {
        self.table.peek().as_ref().map_or(0, |t| t.record().len())
    }

    fn can_review_peek(self) -> bool {
        self.table.peek().as_ref().is_some_and(Table::can_review)
    }

    /// Shows the game as it stood after `plies` plies; the last ply (or more) shows it as it
    /// stands, which ends the review.
    pub fn review_to(mut self, plies: usize) {
        if !self.can_review_peek() {
            return;
        }
        self.skip_animation();
        let all = self.plies_peek();
        self.review.set((plies < all).then_some(plies));
    }

    /// The game as the review shows it (cut back to its plies on show), or `None` when the
    /// game is shown as it stands. Reading it subscribes.
    pub fn reviewed(self) -> Option<AnyRecord> {
        let plies = (*self.review.read())?;
        Some(first_plies(self.table.read().as_ref()?.record(), plies))
    }

    /// How many of the game's plies the board has drawn: all of them, but while a move is
    /// shown that move is the last (a reply already made waits its turn on the board). What
    /// the status and the moves strip tell. Reading it subscribes.
    pub fn drawn_plies(self) -> usize {
        let all = self.table.read().as_ref().map_or(0, |t| t.record().len());
        self.animation
            .read()
            .as_ref()
            .map_or(all, |a| (a.ply + 1).min(all))
    }

    /// One ply back from what is shown (the review starts at the end).
    pub fn review_back(self) {
        let all = self.plies_peek();
        let shown = self.review.peek().unwrap_or(all);
        if let Some(plies) = shown.checked_sub(1) {
            self.review_to(plies);
        }
    }

    /// One ply forward from what is shown.
    pub fn review_forward(self) {
        // Copied out first: the guard of `peek` must be gone before `review_to` writes.
        let shown = *self.review.peek();
        if let Some(shown) = shown {
            self.review_to(shown + 1);
        }
    }

    /// The game-over sheet is up: the game is over and the last move has been shown (the
    /// result is not announced while a move is still being animated).
    pub fn finish_shown(self) -> bool {
        let over = self.table.read().as_ref().and_then(Table::finish).is_some();
        over && !self.animating() && !*self.finish_dismissed.read()
    }

    fn run(mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Save => self.save(),
                Effect::DeleteSave(slot) => self.delete(slot),
                Effect::Think { level, generation } => self.think(level, generation),
                Effect::FindHint { generation } => self.find_hint(generation),
                Effect::StopThinking => self.stop_thinking(),
                Effect::Played { index } => {
                    let ending = self.feel_of(index).and_then(Moment::ending);
                    if ending.is_some() {
                        self.ending.set(ending);
                    }
                    self.animate(index);
                }
                Effect::Send(mv) => self.link.send(Intent::Move(mv)),
                Effect::Ended(verdict) => {
                    let game = self
                        .table
                        .peek()
                        .as_ref()
                        .and_then(Table::local)
                        .map(|g| (g.kind(), g.mode().level()));
                    if let Some((kind, Some(level))) = game {
                        self.settings.add_result(kind, level, verdict);
                    }
                }
            }
        }
    }

    fn save(self) {
        let Some(store) = self.settings.store() else {
            return;
        };
        // Only a game on this device is saved; a room keeps its own.
        let saved = match self.table.peek().as_ref().and_then(Table::local) {
            Some(game) => SavedGame::of(game),
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
        let Some(kind) = self.table.peek().as_ref().map(Table::kind) else {
            return;
        };
        if let Err(error) = store.delete(kind, slot) {
            self.settings.save_failed(error);
        }
    }

    /// Starts the computer's search off the UI thread; its answer comes back as an action
    /// tagged with `generation`, so an answer to a position that has changed meanwhile is dropped.
    fn think(self, level: Level, generation: u64) {
        self.search(level, move |result| match result {
            Ok(mv) => LocalAction::ComputerMoved { generation, mv },
            Err(_) => LocalAction::ComputerFailed { generation },
        });
    }

    /// A hint is the computer's own search at its strongest, for the player's side.
    fn find_hint(self, generation: u64) {
        self.search(Level::Hard, move |result| match result {
            Ok(mv) => LocalAction::HintFound { generation, mv },
            Err(_) => LocalAction::HintFailed { generation },
        });
    }

    /// Searches the position on the board at `level` off the UI thread and dispatches what
    /// `answer` makes of the result; a search stopped on purpose answers nothing (whoever
    /// stopped it has moved the game on already).
    fn search(
        mut self,
        level: Level,
        answer: impl FnOnce(Result<cozcade_engine::AnyMove, computer::ComputerError>) -> LocalAction
        + 'static,
    ) {
        let Some((record, seed)) = self
            .table
            .peek()
            .as_ref()
            .and_then(Table::local)
            .map(|game| (game.record().clone(), game.seed()))
        else {
            return;
        };
        self.stop_thinking();
        let handle = computer::Handle::new();
        self.thinking.set(Some(handle.clone()));
        spawn(async move {
            let result = computer::best_move(record, level, seed, handle).await;
            if result == Err(computer::ComputerError::Cancelled) {
                return;
            }
            self.thinking.set(None);
            self.dispatch(answer(result));
        });
    }

    fn stop_thinking(mut self) {
        if let Some(handle) = self.thinking.write().take() {
            handle.stop();
        }
    }

    /// A move is being shown (or waits to be): the board takes no taps that would play, and the
    /// result waits until the last move has been seen. Reading it subscribes.
    pub fn animating(self) -> bool {
        self.animation.read().is_some()
    }

    /// Shows the move at `ply` step by step, after the one being shown if any. Under reduced
    /// motion the move just appears.
    fn animate(mut self, ply: usize) {
        if *self.settings.reduced_motion.peek() {
            self.feel(ply, 1, 0);
            return;
        }
        if self.animation.peek().is_some() {
            self.queued.write().push_back(ply);
            return;
        }
        let animation = {
            let table = self.table.peek();
            let shown = table.as_ref().map(Table::record);
            shown.and_then(|record| Animation::of(record, ply))
        };
        let Some(animation) = animation else {
            self.animate_next();
            return;
        };
        let serial = *self.animations.peek() + 1;
        self.animations.set(serial);
        let pause = Duration::from_millis(u64::from(animation.pause_ms()));
        let steps = animation.steps();
        self.feel(ply, steps, animation.pause_ms());
        self.animation.set(Some(animation));
        spawn(async move {
            let current = move || *self.animations.peek() == serial;
            // One frame at the start, so the first slide is a transition from there.
            timer::sleep(FIRST_FRAME).await;
            for step in 1..=steps {
                if !current() {
                    return;
                }
                if let Some(a) = self.animation.write().as_mut() {
                    a.step = step;
                }
                timer::sleep(pause).await;
            }
            // The piece rests where it ended a moment before the next move or the result.
            timer::sleep(pause / 2).await;
            if current() {
                self.animation.set(None);
                self.animate_next();
            }
        });
    }

    /// How the move at `ply` feels, for this device's player.
    fn feel_of(self, ply: usize) -> Option<Feel> {
        self.table.peek().as_ref().and_then(|t| t.feel_of_move(ply))
    }

    /// The move at `ply` starts to be drawn, in `steps` steps `step_ms` apart: the phone's
    /// haptic (a browser's vibration where there is no host) and the move's sound, with what
    /// is drawn rather than ahead of it.
    fn feel(self, ply: usize, steps: usize, step_ms: u32) {
        let Some((kind, feel, deed)) = self.table.peek().as_ref().and_then(|t| {
            let deed = deed_of_move(t.record(), ply)?;
            Some((t.kind(), t.feel_of_move(ply)?, deed))
        }) else {
            return;
        };
        let haptic = match feel {
            Feel::Move | Feel::Sow { .. } | Feel::ExtraTurn | Feel::Loss | Feel::Draw => {
                Haptic::Move
            }
            Feel::Capture | Feel::Crown => Haptic::Capture,
            Feel::Win => Haptic::Win,
        };
        feedback::haptic(haptic);
        self.settings
            .sound_move(MoveSound::of(kind, deed, steps, step_ms));
    }

    /// The finish is shown: how the game ended is heard, once.
    pub fn finish_heard(mut self) {
        if let Some(moment) = self.ending.write().take() {
            self.settings.sound_moment(moment);
        }
    }

    fn animate_next(mut self) {
        let next = self.queued.write().pop_front();
        if let Some(ply) = next {
            self.animate(ply);
        }
    }

    /// Skip: every move waiting to be shown appears at once.
    pub fn skip_animation(mut self) {
        if self.animation.peek().is_some() || !self.queued.peek().is_empty() {
            self.animations += 1;
            self.queued.write().clear();
            self.animation.set(None);
        }
    }

    /// The page or app left the screen while the board was in view: the computer stops
    /// thinking (nothing runs unseen). Two players on one device just go on.
    pub(super) fn pause_while_away(mut self) {
        let running = self
            .table
            .peek()
            .as_ref()
            .and_then(Table::local)
            .is_some_and(|game| game.can_pause() && !game.is_paused());
        if running {
            self.dispatch(LocalAction::Pause);
            self.paused_while_away.set(true);
        }
    }

    /// Back in view: only a pause the app made itself is undone; the player's own stays.
    pub(super) fn resume_after_away(mut self) {
        if std::mem::take(&mut *self.paused_while_away.write()) {
            self.dispatch(LocalAction::Resume);
        }
    }

    /// The game on the board is an online room's.
    pub(super) fn is_online(self) -> bool {
        self.table
            .peek()
            .as_ref()
            .is_some_and(|s| s.online_seat().is_some())
    }
}

/// `record` as it stood after its first `plies` plies (all of it when it has no more).
pub fn first_plies(record: &AnyRecord, plies: usize) -> AnyRecord {
    let mut record = record.clone();
    while record.len() > plies && record.undo_ply() {}
    record
}
