//! The welcome: an invitation opened without a seat on this device, shown before the friend
//! takes the open seat (which only the welcome's button does).

use dioxus::core::spawn_forever;
use dioxus::prelude::*;

use super::Room;
use crate::{
    online::{client::Stop, rooms::room_info},
    platform::is_offline,
    shell::screen::Screen,
    state::{Invitation, Welcome, WelcomeInfo},
};

impl Room {
    /// Shows the welcome for `invitation` and asks the server, without taking anything, which
    /// game it is and which seat is open. A full or unknown room goes straight to the online
    /// screen's plain explanation.
    pub(super) fn greet(mut self, invitation: Invitation) {
        self.board.close();
        if is_offline() {
            // The same explanation as a room opened without a network.
            return self.connect(invitation, None, None);
        }
        self.welcome.set(Some(Welcome::reading(invitation.clone())));
        self.screen.set(Screen::Welcome);
        let mut welcome = self.welcome;
        spawn_forever(async move {
            let answer = room_info(&invitation.server, &invitation.room).await;
            // The player may have gone elsewhere meanwhile: then this answer is nobody's.
            let still_here = welcome
                .peek()
                .as_ref()
                .is_some_and(|w| w.invitation == invitation);
            if !still_here {
                return;
            }
            let stop = match &answer {
                Ok(None) => Some((Stop::UnknownRoom, None)),
                Ok(Some(info)) if info.open_seat.is_none() => {
                    Some((Stop::RoomFull, Some(info.game)))
                }
                _ => None,
            };
            if let Some((stop, game)) = stop {
                welcome.set(None);
                return self.show_stopped(invitation, stop, game);
            }
            let info = match answer {
                Ok(Some(info)) => WelcomeInfo::Room(info),
                Ok(None) => WelcomeInfo::Reading,
                Err(e) => WelcomeInfo::Unreadable(e.to_string()),
            };
            welcome.set(Some(Welcome { invitation, info }));
        });
    }

    /// The welcome's one button: takes the open seat of the room on the welcome.
    pub fn take_seat(mut self) {
        let Some(welcome) = self.welcome.take() else {
            return;
        };
        self.connect(welcome.invitation, None, None);
    }

    /// Forgets the welcome on screen (the player went elsewhere without taking the seat).
    pub(in crate::shell) fn close_welcome(mut self) {
        if self.welcome.peek().is_some() {
            self.welcome.set(None);
        }
    }
}
