//! Each report of the room's connection, fanned out: the online screen's view, the board's game
//! (fed the room's confirmations in order), and the seat kept or forgotten on the device.

use cozcade_engine::Side;
use cozcade_protocol::SeatKey;
use dioxus::prelude::*;

use super::Room;
use crate::{
    bridge::Haptic,
    feedback::{self, Moment},
    online::{client::RoomUpdate, connection::Report},
    state::{Invitation, OnlineAction, OnlineGame, OnlineView, Table},
    storage::RoomSeat,
};

/// What a room's connection has written to the device so far, so each report writes only
/// what changed.
pub(super) struct Kept {
    /// The seat key stored for the room.
    pub(super) key: Option<SeatKey>,
    /// The key a replacement in flight will give the seat, as stored.
    pub(super) replacing: Option<SeatKey>,
    /// The seat was forgotten (the room is gone or no longer ours).
    pub(super) forgotten: bool,
    /// The last glance noted for the list of online games: seat, turn, number.
    pub(super) glance: Option<(Side, Option<Side>, u64)>,
}

impl Room {
    /// A report from the room's connection: the view, the board, and the seat kept or
    /// forgotten on the device.
    pub(super) fn on_report(
        self,
        id: u64,
        invitation: &Invitation,
        report: Report<'_>,
        kept: &mut Kept,
    ) {
        let Kept {
            key: kept_key,
            replacing,
            forgotten,
            glance,
        } = kept;
        if !self.link.is_current(id) {
            return;
        }
        let client = report.client;
        let view = OnlineView::of(invitation.clone(), client, report.refused);
        if view.forgets_seat() {
            if !*forgotten {
                *forgotten = true;
                self.forget_seat(invitation);
            }
        } else if let (Some(key), Some(game)) = (client.seat_key(), client.game())
            && kept_key.as_ref() != Some(key)
        {
            *kept_key = Some(key.clone());
            *replacing = client.replacing_key().cloned();
            self.keep_seat(RoomSeat {
                server: invitation.server.clone(),
                room: invitation.room.clone(),
                game,
                seat_key: key.clone(),
                glance: None,
                leaving: false,
                replacing_key: replacing.clone(),
            });
        }
        // A replacement refused (or found applied) leaves nothing to keep.
        if !*forgotten && replacing.is_some() && client.replacing_key().is_none() {
            *replacing = None;
            self.note_replacing_key(invitation, None);
        }
        // How the game stands, for the device's list (written only when it changed).
        if !*forgotten && let (Some(state), Some(seat)) = (client.state(), client.seat()) {
            let now_glance = (seat, state.turn(), state.seq);
            if *glance != Some(now_glance) {
                *glance = Some(now_glance);
                self.note_glance(invitation, now_glance);
            }
        }
        if let Some(seat) = client.seat() {
            self.show_on_board(invitation, seat, report.updates, view.ready());
        }
        let mut view_signal = self.link.view;
        // A refusal the player hasn't felt yet: the phone buzzes once (nothing on the web).
        let newly_refused = view.message.is_some()
            && view_signal.peek().as_ref().map(|v| &v.message) != Some(&view.message);
        if newly_refused {
            feedback::haptic(Haptic::Error);
        }
        // The friend took the open seat: a chime, the moment the game can begin.
        let newly_joined =
            view.friend_joined && !view_signal.peek().as_ref().is_some_and(|v| v.friend_joined);
        if newly_joined {
            self.settings.sound_moment(Moment::FriendJoined);
            feedback::haptic(Haptic::Move);
        }
        if view_signal.peek().as_ref() != Some(&view) {
            view_signal.set(Some(view));
        }
    }

    /// Feeds what the room confirmed to its game on the board, in order. A board that does not
    /// show this room's game from `seat` yet starts from the next whole state the room sends.
    pub(super) fn show_on_board(
        self,
        invitation: &Invitation,
        seat: Side,
        updates: Vec<RoomUpdate>,
        ready: bool,
    ) {
        let mut updates = updates.into_iter();
        let on_board = self
            .board
            .table
            .peek()
            .as_ref()
            .and_then(Table::online)
            .is_some_and(|game| *game.room() == invitation.room && game.seat() == seat);
        if !on_board {
            let Some(state) = updates.by_ref().find_map(|update| match update {
                RoomUpdate::State(state) => Some(state),
                RoomUpdate::Event { .. } => None,
            }) else {
                return;
            };
            self.board
                .open(Table::Online(OnlineGame::new(state, seat, ready)));
        }
        for update in updates {
            self.board.dispatch(OnlineAction::Confirmed(update));
        }
        self.board.dispatch(OnlineAction::Ready(ready));
    }
}
