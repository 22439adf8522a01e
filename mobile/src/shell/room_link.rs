//! The line to the room on screen: its connection task, the way to tell it what the player
//! wants, and what the online screen shows of it. [`super::Room`] opens and closes it.

use dioxus::core::Task;
use dioxus::prelude::*;
use futures_channel::mpsc::UnboundedSender;

use crate::{
    online::{client::IntentError, connection::Intent},
    state::{OnlineMessage, OnlineView},
};

/// The connection task of the room on screen.
pub struct RoomRun {
    /// Tells this room's reports apart from those of a room opened earlier (its task may
    /// still report once while it is being cancelled).
    pub id: u64,
    pub task: Task,
    pub intents: UnboundedSender<Intent>,
}

#[derive(Clone, Copy)]
pub struct RoomLink {
    /// The online room on screen, as last reported by its connection.
    pub view: Signal<Option<OnlineView>>,
    pub run: Signal<Option<RoomRun>>,
}

impl RoomLink {
    pub(super) fn new() -> Self {
        RoomLink {
            view: Signal::new(None),
            run: Signal::new(None),
        }
    }

    /// Hands the player's wish to the room's connection.
    pub fn send(mut self, intent: Intent) {
        let sent = self
            .run
            .peek()
            .as_ref()
            .is_some_and(|run| run.intents.unbounded_send(intent).is_ok());
        if !sent && let Some(view) = self.view.write().as_mut() {
            view.message = Some(OnlineMessage::NotSent(IntentError::Stopped));
        }
    }

    /// Ends the connection task, if one runs. Whether a room was on screen.
    pub(super) fn stop(mut self) -> bool {
        if let Some(run) = self.run.write().take() {
            run.task.cancel();
        }
        let was_open = self.view.peek().is_some();
        if was_open {
            self.view.set(None);
        }
        was_open
    }

    /// Whether `id` is the run on screen.
    pub(super) fn is_current(self, id: u64) -> bool {
        self.run.peek().as_ref().map(|r| r.id) == Some(id)
    }
}
