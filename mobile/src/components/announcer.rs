//! A polite live region, apart from the note under the board, that tells a screen reader what
//! the other side did once it has been shown (the computer's moves, or the friend's online:
//! "Computer moved from 22 to 18", "Computer sowed pit c") and then the result. The player's
//! own moves and a second player's on the same device are not told: they were made by hand.

use cozcade_engine::{AnyMove, AnyRecord, Place, Side};
use dioxus::prelude::*;

use super::status_panel::verdict_text;
use crate::{
    i18n::{Arg, Texts},
    shell::{use_board, use_settings},
    state::{Mode, Table},
};

#[component]
pub fn Announcer() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    // Nothing is told while a move is still on its way: the words follow what is seen.
    let text = match table.as_ref() {
        Some(table) if !board.animating() => {
            let other = match table {
                Table::Online(online) => Some((online.seat().other(), "friend")),
                Table::Local(local) => match local.mode() {
                    Mode::Computer(_) => Some((Side::Second, "computer")),
                    Mode::SameDevice => None,
                },
            };
            let mut sentences = other
                .map(|(side, who)| their_moves(&texts, table.record(), side, who))
                .unwrap_or_default();
            if let Some(finish) = table.finish() {
                sentences.push(verdict_text(&texts, table.kind(), finish.verdict));
            }
            sentences.join(" ")
        }
        _ => String::new(),
    };
    rsx! {
        p { class: "visually-hidden", "data-testid": "announcer", aria_live: "polite", aria_atomic: "true", "{text}" }
    }
}

/// The moves `side` made since the player's last one (Kalah's extra turns make several), one
/// sentence each, oldest first.
fn their_moves(texts: &Texts, record: &AnyRecord, side: Side, who: &str) -> Vec<String> {
    let mut sentences = Vec::new();
    for index in (0..record.len()).rev() {
        let (Some(mover), Some(mv)) = (record.mover(index), record.move_at(index)) else {
            break;
        };
        if mover != side {
            break;
        }
        sentences.push(describe(texts, &mv, mover, who));
    }
    sentences.reverse();
    sentences
}

fn describe(texts: &Texts, mv: &AnyMove, mover: Side, who: &str) -> String {
    if let AnyMove::Kalah(sown) = mv {
        let pit = sown.0.letter().to_string();
        return texts.with(&format!("announce-{who}-sowed"), vec![("pit", pit.into())]);
    }
    let places = mv.places(mover);
    let number = |place: Option<&Place>| match place {
        Some(Place::Square(square)) => Some(square.number()),
        Some(Place::Hole(hole)) => Some(hole.number()),
        _ => None,
    };
    match (number(places.first()), number(places.last())) {
        (Some(from), Some(to)) => texts.with(
            &format!("announce-{who}-moved"),
            vec![("from", Arg::from(from)), ("to", Arg::from(to))],
        ),
        // No places: a pass.
        _ => texts.get(&format!("announce-{who}-passed")),
    }
}
