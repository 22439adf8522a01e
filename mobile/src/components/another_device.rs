//! "Continue on another device": the player's personal link (the invitation with their seat key
//! in its fragment), to copy, share, or scan from the other device as a QR code drawn here.

use std::fmt::Write as _;

use cozcade_protocol::SeatKey;
use dioxus::prelude::*;

use super::share_link::ShareLink;
use crate::{
    shell::{use_room, use_settings},
    state::Connection,
};

/// Modules of light margin around a QR code, as scanners expect.
const QUIET_ZONE: usize = 4;

/// The personal link of the seat this device holds in the open room, folded away until asked
/// for: it lets anyone who has it take the seat, and says so.
#[component]
pub fn AnotherDevice() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    // "Make a new link" pressed: whether it was sent, and the key the seat had then.
    let mut new_link_asked = use_signal(|| None::<(bool, SeatKey)>);
    let room = use_room();
    let room_view = room.view();
    let Some(view) = room_view.read().clone() else {
        return rsx! {};
    };
    let invitation = view.invitation.clone();
    let Some(key) = view.seat_key.clone() else {
        return rsx! {};
    };
    let link = invitation.personal_link(&key);
    // Asked for and not confirmed yet: the link shown is still the old one.
    let replacing = view.replacing_key;
    let connected = matches!(
        view.connection,
        Connection::Connected
            | Connection::WaitingForFriendToJoin
            | Connection::WaitingForFriendToReturn
            | Connection::FriendLeft
    );
    // What became of "Make a new link": on its way, made (the seat's key changed, and the
    // link above is the new one), or not made (not possible here, or refused: the refusal
    // itself is shown with the other controls).
    let new_link = new_link_asked.read().as_ref().map(|(sent, before)| {
        match (sent, replacing, *before != key) {
            (false, _, _) => "online-new-link-failed",
            (true, true, _) => "online-new-link-making",
            (true, false, true) => "online-new-link-made",
            (true, false, false) => "online-new-link-failed",
        }
    });
    let qr = QrDrawing::of(&link);
    let share_text = texts.get("online-another-device-share-text");
    rsx! {
        details { class: "card another-device", "data-testid": "another-device",
            summary { {texts.get("online-another-device")} }
            p { class: "card-note warning", {texts.get("online-another-device-warning")} }
            ShareLink {
                link: link.clone(),
                field_label: texts.get("online-personal-link"),
                field_testid: "personal-link",
                share_text,
                share_label: texts.get("online-share-personal-link"),
            }
            p { class: "card-note", {texts.get("online-new-link-note")} }
            button {
                "data-testid": "new-personal-link",
                disabled: replacing || view.pending || !connected,
                onclick: {
                    let key = key.clone();
                    move |_| new_link_asked.set(Some((room.replace_seat_key(&invitation), key.clone())))
                },
                {texts.get("online-new-link")}
            }
            if let Some(qr) = qr {
                svg {
                    class: "qr",
                    "viewBox": "0 0 {qr.size} {qr.size}",
                    role: "img",
                    "aria-label": texts.get("online-personal-link-qr"),
                    "data-testid": "personal-link-qr",
                    rect { width: "{qr.size}", height: "{qr.size}", fill: "#fff" }
                    path { d: "{qr.path}", fill: "#000" }
                }
            }
            if let Some(key) = new_link {
                p { class: "share-outcome", role: "status", "data-testid": "new-link-outcome", {texts.get(key)} }
            }
        }
    }
}

/// A QR code as one SVG path of unit squares, with its quiet zone: black on white whatever the
/// theme, since that is what cameras read best.
#[derive(Clone, Debug, PartialEq, Eq)]
struct QrDrawing {
    /// Width and height in modules, quiet zone included.
    size: usize,
    path: String,
}

impl QrDrawing {
    /// `None` only for a text too long for any QR code (a link never is).
    fn of(text: &str) -> Option<QrDrawing> {
        let code = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium).ok()?;
        let width = code.size();
        let mut path = String::new();
        for y in 0..width {
            for x in 0..width {
                if code.get_module(x, y) {
                    let (x, y) = (x as usize + QUIET_ZONE, y as usize + QUIET_ZONE);
                    let _ = write!(path, "M{x} {y}h1v1h-1z");
                }
            }
        }
        Some(QrDrawing {
            size: width as usize + 2 * QUIET_ZONE,
            path,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_personal_link_draws_as_a_qr_code_with_its_margin() {
        let link = "https://play.cozcade.app/r/0123456789abcdef0123#seat=\
                    9d1f5c0e8b7a64d2c3f0e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6";
        let qr = QrDrawing::of(link).expect("a link fits");
        // A 113-character link at level M needs version 6 or 7 (41 or 45 modules).
        assert!([41 + 8, 45 + 8].contains(&qr.size), "{}", qr.size);
        // Every square lies inside the margin, and about half the modules are dark.
        let squares = qr.path.matches('M').count();
        let modules = (qr.size - 8) * (qr.size - 8);
        assert!(
            squares > modules / 3 && squares < modules * 2 / 3,
            "{squares} of {modules}"
        );
        assert!(!qr.path.contains("M0 ") && !qr.path.contains("M3 "));
        // The same text always draws the same code.
        assert_eq!(QrDrawing::of(link), Some(qr));
    }
}
