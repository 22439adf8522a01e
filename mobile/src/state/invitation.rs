//! Invitation links: `https://<host>/r/<room id>` (a universal / app link, or the web build's own
//! address) and `cozcade://r/<room id>` (the app's scheme, for the room server the app is built
//! for). Links come from messaging apps, so anything else is refused with a reason rather than
//! followed half-way.

use cozcade_protocol::{RoomId, SeatKey};

/// The room server the app talks to when a link does not name one (`cozcade://` links, and
/// "Play with a friend" on a phone). Set `COZCADE_SERVER` when building to point a build at
/// another server; the web build uses the page's own origin instead.
pub const DEFAULT_SERVER: &str = match option_env!("COZCADE_SERVER") {
    Some(server) => server,
    None => "https://play.cozcade.app",
};

/// The app's own URL scheme.
pub const SCHEME: &str = "cozcade";

/// A room on a server, as an invitation names it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "bridge", derive(uniffi::Record))]
pub struct Invitation {
    /// The server's base URL: scheme, host and port, no trailing slash (`https://play.cozcade.app`).
    pub server: String,
    pub room: RoomId,
}

/// Why a link is not an invitation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvitationError {
    #[error("not a Cozcade link")]
    NotOurs,
    #[error("the link has no room in it")]
    NoRoom,
    #[error("this is not a room id: {0}")]
    BadRoom(String),
    #[error("the link names no usable server")]
    BadServer,
}

impl Invitation {
    /// Reads an invitation link. `default_server` is used for `cozcade://r/<id>`.
    pub fn parse(link: &str, default_server: &str) -> Result<Invitation, InvitationError> {
        let link = link.trim();
        let (scheme, rest) = link.split_once("://").ok_or(InvitationError::NotOurs)?;
        let scheme = scheme.to_ascii_lowercase();
        // Query and fragment carry nothing for us (messaging apps add tracking parameters).
        let rest = rest.split(['?', '#']).next().unwrap_or_default();
        let (server, path) = match scheme.as_str() {
            SCHEME => (server_base(default_server)?, rest),
            "https" | "http" => {
                let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
                (format!("{scheme}://{}", checked_host(host)?), path)
            }
            _ => return Err(InvitationError::NotOurs),
        };
        let room = room_in_path(path)?;
        Ok(Invitation { server, room })
    }

    /// The link to share: `https://<host>/r/<room id>`.
    pub fn link(&self) -> String {
        format!("{}/r/{}", self.server, self.room)
    }

    /// A player's own link to their seat: the invitation with the seat key in the fragment
    /// (`#seat=<key>`), which browsers never send to a server, in a request, a `Referer` or a
    /// log line. Whoever opens it takes the seat, on any device.
    pub fn personal_link(&self, seat_key: &SeatKey) -> String {
        format!("{}#{SEAT_FRAGMENT}{seat_key}", self.link())
    }

    /// The same room through the app's own scheme (`cozcade://r/<id>`), for "Open in the app"
    /// in a phone's browser (which never hands its own page's address to the app), with the
    /// seat this browser holds when it holds one: the app takes that seat over.
    pub fn app_link(&self, seat_key: Option<&SeatKey>) -> String {
        match seat_key {
            Some(key) => format!("{SCHEME}://r/{}#{SEAT_FRAGMENT}{key}", self.room),
            None => format!("{SCHEME}://r/{}", self.room),
        }
    }
}

/// What a personal link's fragment starts with.
const SEAT_FRAGMENT: &str = "seat=";

/// The seat key a personal link carries in its fragment (`…#seat=<key>`), if it carries one
/// that can be a key. Anything else in a fragment is no key.
pub fn seat_key_in(link: &str) -> Option<SeatKey> {
    let (_, fragment) = link.split_once('#')?;
    fragment
        .split('&')
        .find_map(|part| part.strip_prefix(SEAT_FRAGMENT))
        .and_then(|key| key.parse().ok())
}

/// `r/<id>` with an optional trailing slash; the path has no leading slash here.
fn room_in_path(path: &str) -> Result<RoomId, InvitationError> {
    let path = path.trim_end_matches('/');
    let room = path.strip_prefix("r/").ok_or(InvitationError::NoRoom)?;
    if room.is_empty() {
        return Err(InvitationError::NoRoom);
    }
    room.parse()
        .map_err(|_| InvitationError::BadRoom(crate::text::clip(room)))
}

/// A server base URL from configuration, normalised (no trailing slash) and checked.
pub fn server_base(server: &str) -> Result<String, InvitationError> {
    let server = server.trim().trim_end_matches('/');
    let (scheme, host) = server.split_once("://").ok_or(InvitationError::BadServer)?;
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "https" && scheme != "http" {
        return Err(InvitationError::BadServer);
    }
    Ok(format!("{scheme}://{}", checked_host(host)?))
}

/// A host with an optional port, lower-cased. No user info (`a@b` could pass for `b` at a
/// glance), no path, nothing outside a host name's characters.
fn checked_host(host: &str) -> Result<String, InvitationError> {
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    };
    let name_ok = !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && !name.starts_with(['.', '-']);
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok_and(|p| p > 0));
    if name_ok && port_ok {
        Ok(host.to_ascii_lowercase())
    } else {
        Err(InvitationError::BadServer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "0123456789abcdef0123";
    const HOME: &str = "https://play.cozcade.app";

    fn parse(link: &str) -> Result<Invitation, InvitationError> {
        Invitation::parse(link, HOME)
    }

    #[test]
    fn universal_links_name_their_server() {
        let inv = parse(&format!("https://play.cozcade.app/r/{ROOM}")).expect("link");
        assert_eq!(inv.server, HOME);
        assert_eq!(inv.room, ROOM);
        assert_eq!(inv.link(), format!("{HOME}/r/{ROOM}"));
        // A local server during development, a trailing slash, tracking parameters.
        let inv = parse(&format!(
            "http://127.0.0.1:8080/r/{ROOM}/?utm_source=chat#x"
        ))
        .expect("link");
        assert_eq!(inv.server, "http://127.0.0.1:8080");
        assert_eq!(inv.room, ROOM);
        let inv = parse(&format!("HTTPS://Play.Cozcade.App/r/{ROOM}")).expect("link");
        assert_eq!(inv.server, HOME);
    }

    #[test]
    fn the_app_scheme_uses_the_default_server() {
        let inv = parse(&format!("cozcade://r/{ROOM}")).expect("link");
        assert_eq!(
            inv,
            Invitation {
                server: HOME.into(),
                room: ROOM.parse().expect("well formed")
            }
        );
        let inv = Invitation::parse(&format!("cozcade://r/{ROOM}"), "http://localhost:9000/")
            .expect("link");
        assert_eq!(inv.server, "http://localhost:9000");
    }

    #[test]
    fn open_in_the_app_names_the_room_and_carries_the_seat_held() {
        let inv = parse(&format!("{HOME}/r/{ROOM}")).expect("link");
        assert_eq!(inv.app_link(None), format!("cozcade://r/{ROOM}"));
        let key: SeatKey = "k3yK3yk3yK3yk3yK3yk3yK".parse().expect("a key");
        let link = inv.app_link(Some(&key));
        assert_eq!(
            link,
            format!("cozcade://r/{ROOM}#seat=k3yK3yk3yK3yk3yK3yk3yK")
        );
        // The app reads back the same room on its own server, and the seat.
        assert_eq!(parse(&link), Ok(inv));
        assert_eq!(seat_key_in(&link), Some(key));
    }

    #[test]
    fn anything_else_is_refused_with_a_reason() {
        assert_eq!(
            parse("mailto:someone@example.com"),
            Err(InvitationError::NotOurs)
        );
        assert_eq!(
            parse(&format!("ftp://host/r/{ROOM}")),
            Err(InvitationError::NotOurs)
        );
        assert_eq!(
            parse("https://play.cozcade.app/"),
            Err(InvitationError::NoRoom)
        );
        assert_eq!(
            parse("https://play.cozcade.app/r/"),
            Err(InvitationError::NoRoom)
        );
        assert_eq!(
            parse(&format!("https://play.cozcade.app/x/{ROOM}")),
            Err(InvitationError::NoRoom)
        );
        assert!(matches!(
            parse("cozcade://r/../../etc"),
            Err(InvitationError::BadRoom(_))
        ));
        assert!(matches!(
            parse("https://play.cozcade.app/r/0123456789ABCDEF0123"),
            Err(InvitationError::BadRoom(_))
        ));
        assert_eq!(
            parse(&format!("https://evil.example@play.cozcade.app/r/{ROOM}")),
            Err(InvitationError::BadServer)
        );
        assert_eq!(
            parse(&format!("https://host:99999/r/{ROOM}")),
            Err(InvitationError::BadServer)
        );
        assert_eq!(
            parse(&format!("https:///r/{ROOM}")),
            Err(InvitationError::BadServer)
        );
        assert_eq!(
            Invitation::parse(&format!("cozcade://r/{ROOM}"), "not a url"),
            Err(InvitationError::BadServer)
        );
    }

    #[test]
    fn a_personal_link_carries_its_seat_key_in_the_fragment_only() {
        let inv = parse(&format!("{HOME}/r/{ROOM}")).expect("link");
        let key: SeatKey = "9d1f5c0e8b7a64d2".parse().expect("well formed");
        let personal = inv.personal_link(&key);
        assert_eq!(personal, format!("{HOME}/r/{ROOM}#seat=9d1f5c0e8b7a64d2"));
        // The same room, and the key read back from it, by either scheme.
        assert_eq!(parse(&personal), Ok(inv.clone()));
        assert_eq!(seat_key_in(&personal), Some(key.clone()));
        let scheme = format!("cozcade://r/{ROOM}#seat=9d1f5c0e8b7a64d2");
        assert_eq!(parse(&scheme), Ok(inv.clone()));
        assert_eq!(seat_key_in(&scheme), Some(key));
        // No fragment, another fragment, or a key that cannot be one: no key.
        for link in [
            format!("{HOME}/r/{ROOM}"),
            format!("{HOME}/r/{ROOM}#x"),
            format!("{HOME}/r/{ROOM}#seat="),
            format!("{HOME}/r/{ROOM}#seat=a%20b c"),
            format!("{HOME}/r/{ROOM}?seat=abc"),
        ] {
            assert_eq!(seat_key_in(&link), None, "{link}");
        }
    }

    #[test]
    fn odd_text_is_refused_without_a_panic() {
        for link in [
            "",
            "://",
            "cozcade://",
            "https://:/r/",
            "http://a:/r/x",
            "\u{0}://é/r/é",
        ] {
            assert!(parse(link).is_err(), "{link:?}");
        }
    }
}
