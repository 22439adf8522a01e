//! host → Rust: the functions the native host calls. Each decides at once and queues what the App
//! must do; none touches the UI.

use crate::state::{
    Invitation, InvitationError,
    invitation::{DEFAULT_SERVER, seat_key_in, server_base},
};

use super::inbox::{self, HostEvent};

/// Why an incoming link is not followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkRefused {
    #[error(transparent)]
    NotAnInvitation(#[from] InvitationError),
    /// An `https` invitation to a server other than the app's. The systems only route the app's
    /// own host here (associated domains, verified app links), so this is a link that reached us
    /// some other way; following it would point the app at a server nobody chose.
    #[error("the link is for another server: {0}")]
    OtherServer(String),
}

/// The routing decision, pure: which room on which server a link opens. `home` is the server
/// the app is built for; `cozcade://r/<id>` links are for it, and `https` links must name it.
pub fn route_link(link: &str, home: &str) -> Result<Invitation, LinkRefused> {
    let home = server_base(home)?;
    let invitation = Invitation::parse(link, &home)?;
    if invitation.server != home {
        return Err(LinkRefused::OtherServer(invitation.server));
    }
    Ok(invitation)
}

/// An incoming link (a universal / app link, or the `cozcade` scheme). `true` when it is a
/// Cozcade invitation: the App gets [`HostEvent::OpenRoom`]. `false` for anything else, which
/// changes nothing: the host may hand it to the system.
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn open_link(url: String) -> bool {
    match route_link(&url, DEFAULT_SERVER) {
        Ok(invitation) => {
            // A personal link's key comes in its fragment, which the systems pass on whole.
            let seat_key = seat_key_in(&url);
            inbox::post(HostEvent::OpenRoom {
                invitation,
                seat_key,
            });
            true
        }
        Err(_) => false,
    }
}

/// The app went to the background (iOS `didEnterBackground`, Android `onStop`).
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn app_went_to_background() {
    inbox::post(HostEvent::Background);
}

/// The app came back on screen (iOS `willEnterForeground`, Android `onStart` after a stop).
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn app_came_to_foreground() {
    inbox::post(HostEvent::Foreground);
}

/// Android's back button. `true`: the app goes back one screen ([`HostEvent::Back`] is queued).
/// `false`: the app is at its root, and the system should do its default (close the app). The
/// answer comes from the flag the App keeps with [`super::set_at_root`], so it is immediate.
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn back_pressed() -> bool {
    if inbox::at_root() {
        return false;
    }
    inbox::post(HostEvent::Back);
    true
}

/// The device's network went (`false`) or came back (`true`): Android's default-network
/// callback (`onLost` / `onAvailable`), iOS's `NWPathMonitor` (`.satisfied` or not). An online
/// room shows "Offline" at once and reconnects the moment the network is back, as the web
/// build does on the browser's `offline` / `online` events. Reporting what is already known
/// changes nothing, so a host may pass on every update it gets.
#[cfg(not(target_arch = "wasm32"))]
#[cfg_attr(feature = "bridge", uniffi::export)]
pub fn network_changed(online: bool) {
    crate::online::network::report(online);
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "0123456789abcdef0123";
    const HOME: &str = "https://play.cozcade.app";

    #[test]
    fn invitations_for_the_home_server_are_routed() {
        let expected = Invitation {
            server: HOME.into(),
            room: ROOM.parse().expect("well formed"),
        };
        assert_eq!(
            route_link(&format!("https://play.cozcade.app/r/{ROOM}"), HOME),
            Ok(expected.clone())
        );
        assert_eq!(
            route_link(&format!("cozcade://r/{ROOM}"), HOME),
            Ok(expected)
        );
        assert_eq!(
            route_link(&format!("cozcade://r/{ROOM}"), "http://10.0.2.2:8080/").map(|i| i.server),
            Ok("http://10.0.2.2:8080".into())
        );
    }

    #[test]
    fn other_links_are_refused() {
        assert_eq!(
            route_link(&format!("https://elsewhere.example/r/{ROOM}"), HOME),
            Err(LinkRefused::OtherServer("https://elsewhere.example".into()))
        );
        assert_eq!(
            route_link("https://play.cozcade.app/about", HOME),
            Err(LinkRefused::NotAnInvitation(InvitationError::NoRoom))
        );
        assert_eq!(
            route_link("mailto:a@b.c", HOME),
            Err(LinkRefused::NotAnInvitation(InvitationError::NotOurs))
        );
        assert_eq!(
            route_link(&format!("cozcade://r/{ROOM}"), "nonsense"),
            Err(LinkRefused::NotAnInvitation(InvitationError::BadServer))
        );
    }

    #[test]
    fn the_host_functions_queue_what_the_app_must_do() {
        let _guard = crate::bridge::tests::serial();
        inbox::clear();
        assert!(open_link(format!("{DEFAULT_SERVER}/r/{ROOM}")));
        assert!(!open_link("https://elsewhere.example/r/x".into()));
        app_went_to_background();
        app_came_to_foreground();
        assert_eq!(
            inbox::take(),
            Some(HostEvent::OpenRoom {
                invitation: Invitation {
                    server: DEFAULT_SERVER.into(),
                    room: ROOM.parse().expect("well formed")
                },
                seat_key: None,
            })
        );
        assert_eq!(inbox::take(), Some(HostEvent::Background));
        assert_eq!(inbox::take(), Some(HostEvent::Foreground));
        assert_eq!(inbox::take(), None);

        // A personal link brings its seat key along, by either kind of link.
        for link in [
            format!("{DEFAULT_SERVER}/r/{ROOM}#seat=9d1f5c0e8b7a64d2"),
            format!("cozcade://r/{ROOM}#seat=9d1f5c0e8b7a64d2"),
        ] {
            assert!(open_link(link));
            assert_eq!(
                inbox::take(),
                Some(HostEvent::OpenRoom {
                    invitation: Invitation {
                        server: DEFAULT_SERVER.into(),
                        room: ROOM.parse().expect("well formed")
                    },
                    seat_key: Some("9d1f5c0e8b7a64d2".parse().expect("well formed")),
                })
            );
        }
        app_went_to_background();
        app_came_to_foreground();
        assert_eq!(inbox::take(), Some(HostEvent::Background));
        assert_eq!(inbox::take(), Some(HostEvent::Foreground));
        assert_eq!(inbox::take(), None);

        // At the root the system takes Back; elsewhere the app does.
        assert!(!back_pressed());
        assert_eq!(inbox::take(), None);
        super::super::set_at_root(false);
        assert!(back_pressed());
        assert_eq!(inbox::take(), Some(HostEvent::Back));
        inbox::clear();
    }
}
