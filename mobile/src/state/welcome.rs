//! The welcome an invited friend sees before taking a seat: which game, which colour they
//! will play and who moves first, read from the server without taking anything
//! (`GET /api/rooms/<room>`). The seat is taken only when they press the one button, so a
//! link preview or a page that is merely opened leaves it open.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::RoomInfo;

use super::invitation::{Invitation, SCHEME};

/// The App Store's page for the app. The numeric id exists only once the app is in App Store
/// Connect (`COZCADE_APP_STORE_URL` when building); until then, the store's search for it.
pub const APP_STORE_PAGE: &str = match option_env!("COZCADE_APP_STORE_URL") {
    Some(url) => url,
    None => "https://apps.apple.com/search?term=Cozcade",
};

/// Google Play's page for the app (its package name is the manifest's `app.cozcade`).
pub const PLAY_STORE_PAGE: &str = "https://play.google.com/store/apps/details?id=app.cozcade";

/// What the welcome knows of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WelcomeInfo {
    /// The server has not answered yet.
    Reading,
    Room(RoomInfo),
    /// The server could not be asked (its words): the welcome still offers the seat.
    Unreadable(String),
}

/// The welcome screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welcome {
    pub invitation: Invitation,
    pub info: WelcomeInfo,
}

impl Welcome {
    pub fn reading(invitation: Invitation) -> Self {
        Welcome {
            invitation,
            info: WelcomeInfo::Reading,
        }
    }

    pub fn game(&self) -> Option<GameKind> {
        match &self.info {
            WelcomeInfo::Room(info) => Some(info.game),
            _ => None,
        }
    }

    /// The colour the friend will play: the seat a hello without a key takes now.
    pub fn seat(&self) -> Option<Side> {
        match &self.info {
            WelcomeInfo::Room(info) => info.open_seat,
            _ => None,
        }
    }

    /// Both seats taken: there is nothing to take, the room is full.
    pub fn full(&self) -> bool {
        matches!(&self.info, WelcomeInfo::Room(info) if info.open_seat.is_none())
    }

    /// "Open in the app": the app's own scheme. (The universal link is this very page's
    /// address, which a phone never hands to the app from inside the browser.)
    pub fn app_link(&self) -> String {
        format!("{SCHEME}://r/{}", self.invitation.room)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "3f9c2a71d04be85e6a10";

    fn welcome(info: WelcomeInfo) -> Welcome {
        Welcome {
            invitation: Invitation {
                server: "https://play.cozcade.app".into(),
                room: ROOM.parse().expect("well formed"),
            },
            info,
        }
    }

    fn room(open_seat: Option<Side>) -> WelcomeInfo {
        WelcomeInfo::Room(RoomInfo {
            room: ROOM.parse().expect("well formed"),
            game: GameKind::Kalah,
            open_seat,
        })
    }

    #[test]
    fn the_friend_plays_the_open_seat() {
        let w = welcome(room(Some(Side::Second)));
        assert_eq!(
            (w.game(), w.seat(), w.full()),
            (Some(GameKind::Kalah), Some(Side::Second), false)
        );
        // The creator left: the newcomer gets the first colour.
        assert_eq!(welcome(room(Some(Side::First))).seat(), Some(Side::First));
        assert!(welcome(room(None)).full());
    }

    #[test]
    fn before_the_answer_nothing_is_claimed() {
        for info in [WelcomeInfo::Reading, WelcomeInfo::Unreadable("down".into())] {
            let w = welcome(info);
            assert_eq!((w.game(), w.seat(), w.full()), (None, None, false));
        }
    }

    #[test]
    fn open_in_the_app_uses_the_apps_scheme_for_this_room() {
        let w = welcome(WelcomeInfo::Reading);
        assert_eq!(w.app_link(), format!("cozcade://r/{ROOM}"));
        let back = Invitation::parse(&w.app_link(), "https://play.cozcade.app").expect("a link");
        assert_eq!(back, w.invitation);
        assert!(PLAY_STORE_PAGE.starts_with("https://play.google.com/"));
        assert!(APP_STORE_PAGE.starts_with("https://apps.apple.com/"));
    }
}
