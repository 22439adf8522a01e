//! The game's moves in its own notation, numbered by turn, as a strip under the board that
//! follows it: a move appears as the board starts to draw it, never ahead of the board, and
//! the move on show is marked and kept in view. A finished or paused game can be looked back
//! at: each move is a button that shows the board as it stood after it, with a step back, a
//! step forward and a way back to the end; a finished game can be shared from here too.

use cozcade_engine::{NumberedMove, Side};
use dioxus::prelude::*;

use super::share_game::ShareGame;
use crate::{
    i18n::Arg,
    shell::{use_board, use_settings},
};

/// Keeps the move on show in the middle of the strip, without moving the page.
const SCROLL_TO_CURRENT_JS: &str = r#"
    const strip = document.querySelector(".move-list .moves");
    const current = strip?.querySelector("[aria-current=step]");
    if (strip && current) {
        strip.scrollLeft = current.offsetLeft - strip.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
    } else if (strip) {
        strip.scrollLeft = 0;
    }
"#;

#[component]
pub fn MoveList() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some(table) = table.as_ref() else {
        return rsx! {};
    };
    let record = table.record();
    let all = record.len();
    let drawn = board.drawn_plies();
    let review = *board.review.read();
    let shown = review.unwrap_or(drawn);
    // Under the finish sheet the strip only lists: the sheet has the game's actions.
    let reviewable = board.can_review() && !board.finish_shown();
    let finished = table.finish().is_some();
    let kind = table.kind();
    let moves: Vec<_> = record.numbered_moves().into_iter().take(drawn).collect();

    use_effect(move || {
        // Subscribes to what the strip marks, so the mark is brought into view as it moves.
        let _ = board.review.read();
        let _ = board.animation.read().as_ref().map(|a| a.ply);
        let _ = board.table.read().as_ref().map(|t| t.record().len());
        let _ = document::eval(SCROLL_TO_CURRENT_JS);
    });

    let side = |mover: Side| kind.side_name(mover);
    rsx! {
        section {
            class: "move-list",
            "data-testid": "move-list",
            aria_label: texts.get("history-label"),
            "data-shown": "{shown}",
            ol { class: "moves",
                if reviewable {
                    li { class: "ply start",
                        button {
                            "aria-current": if shown == 0 { "step" },
                            onclick: move |_| board.review_to(0),
                            {texts.get("history-start")}
                        }
                    }
                }
                for (i, mv) in moves.into_iter().enumerate() {
                    li { key: "{i}", class: "ply {side(mv.mover)}", "data-ply": "{i + 1}",
                        if reviewable {
                            button {
                                "aria-current": if shown == i + 1 { "step" },
                                aria_label: texts.with("history-move", vec![
                                    ("side", Arg::from(texts.get(&format!("side-{}", side(mv.mover))))),
                                    ("move", Arg::from(mv.text.clone())),
                                ]),
                                onclick: move |_| board.review_to(i + 1),
                                {ply_label(&mv, side(mv.mover))}
                            }
                        } else {
                            span { class: "chip",
                                "aria-current": if shown == i + 1 { "step" },
                                {ply_label(&mv, side(mv.mover))}
                            }
                        }
                    }
                }
            }
            if reviewable {
                div { class: "history-controls",
                    button {
                        class: "step",
                        "data-testid": "history-back",
                        aria_label: texts.get("history-back"),
                        disabled: shown == 0,
                        onclick: move |_| board.review_back(),
                        "◀"
                    }
                    button {
                        class: "step",
                        "data-testid": "history-forward",
                        aria_label: texts.get("history-forward"),
                        disabled: review.is_none(),
                        onclick: move |_| board.review_forward(),
                        "▶"
                    }
                    if review.is_some() {
                        button {
                            "data-testid": "history-latest",
                            onclick: move |_| board.review_to(usize::MAX),
                            {texts.get("history-latest")}
                        }
                        span { class: "history-showing", role: "status", "data-testid": "history-showing",
                            {texts.with("history-showing", vec![("ply", Arg::from(shown)), ("plies", Arg::from(all))])}
                        }
                    } else if finished {
                        ShareGame {}
                    }
                }
            }
        }
    }
}

/// A move as the strip shows it, a button or not: its turn's number if it starts one, its
/// side's colour and its notation.
fn ply_label(mv: &NumberedMove, side: &str) -> Element {
    rsx! {
        if let Some(n) = mv.number {
            span { class: "number", "{n}." }
        }
        span { class: "swatch {side}" }
        span { class: "text", "{mv.text}" }
    }
}
