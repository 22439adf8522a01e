//! The welcome an invited friend sees before taking a seat: which game, which colour they
//! will play and who moves first, read from the server without taking anything
//! (`GET /api/rooms/<room>`). The seat is taken only when they press the one button, so a
//! link preview or a page that is merely opened leaves it open.

use cozcade_engine::{GameKind, Side};
use cozcade_protocol::RoomInfo;

use super::invitation::Invitation;

/// A messaging app whose own web view opened the invitation: its storage is its own, so a seat
/// taken there is found again only there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InAppBrowser {
    /// The app's name, as players know it.
    pub app: &'static str,
    /// Android, where an `intent:` link hands a page to the player's own browser.
    pub android: bool,
}

impl InAppBrowser {
    /// The messaging app named by a web view's user agent (its own marker in it), if any.
    /// Order matters: Messenger's agent also carries Facebook's marker.
    pub fn of(user_agent: &str) -> Option<InAppBrowser> {
        const MARKERS: [(&str, &str); 10] = [
            ("Instagram", "Instagram"),
            ("FBAN/Messenger", "Messenger"),
            ("Orca-Android", "Messenger"),
            ("FBAN/", "Facebook"),
            ("FB_IAB", "Facebook"),
            ("MicroMessenger", "WeChat"),
            (" Line/", "LINE"),
            ("KAKAOTALK", "KakaoTalk"),
            ("Snapchat", "Snapchat"),
            ("musical_ly", "TikTok"),
        ];
        let app = MARKERS
            .iter()
            .find(|(marker, _)| user_agent.contains(marker))
            .map(|(_, app)| *app)?;
        Some(InAppBrowser {
            app,
            android: user_agent.contains("Android"),
        })
    }

    /// A link that opens `page` in the player's own browser from inside the app's web view:
    /// an `intent:` URL on Android; elsewhere none that works everywhere (iOS's in-app
    /// browsers offer "Open in Safari" in their own menu, which the welcome says instead).
    pub fn own_browser_link(&self, page: &str) -> Option<String> {
        if !self.android {
            return None;
        }
        let (scheme, rest) = page.split_once("://")?;
        Some(format!("intent://{rest}#Intent;scheme={scheme};end"))
    }
}

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
    fn a_messaging_apps_web_view_is_named_and_left_for_the_own_browser() {
        let instagram = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) \
                         Version/4.0 Chrome/120.0 Mobile Safari/537.36 Instagram 312.0.0.32.112 Android";
        let seen = InAppBrowser::of(instagram).expect("Instagram's web view");
        assert_eq!(
            seen,
            InAppBrowser {
                app: "Instagram",
                android: true
            }
        );
        assert_eq!(
            seen.own_browser_link(&format!("https://play.cozcade.app/r/{ROOM}")),
            Some(format!(
                "intent://play.cozcade.app/r/{ROOM}#Intent;scheme=https;end"
            ))
        );
        let messenger = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 \
                         (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0]";
        let seen = InAppBrowser::of(messenger).expect("Messenger's web view");
        assert_eq!((seen.app, seen.android), ("Messenger", false));
        assert_eq!(seen.own_browser_link("https://play.cozcade.app/"), None);
        assert_eq!(
            InAppBrowser::of("Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0").map(|b| b.app),
            Some("WeChat")
        );
        // Browsers themselves are no messaging app.
        for browser in [
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
            "",
        ] {
            assert_eq!(InAppBrowser::of(browser), None, "{browser}");
        }
    }
}
