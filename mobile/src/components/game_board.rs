//! The board of the game in progress, local or online: reads the table once and gives the
//! board of its game what it draws as props, and the taps back to the table.
//!
//! While a move is being shown ([`Game::animating`](crate::shell::Game::animating)) the board
//! draws the position before it with the moving piece on its way, and nothing is tappable: a
//! tap only skips the animation, so no tap ever plays on a position the player has not seen.

use cozcade_engine::{AnyMove, AnyRecord, Game, GameKind, Outcome, Place, Side, kalah::Sowing};
use dioxus::prelude::*;

use super::{
    checkers_board::CheckersBoard, kalah_board::KalahBoard, player_bar::PlayerBar,
    star_board::StarBoard,
};
use crate::{
    i18n::Arg,
    shell::{use_board, use_settings},
    state::{
        Action, Cell,
        animation::{Animation, Motion},
        cell_of, place_of,
    },
};

#[component]
pub fn GameBoard() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some(table) = table.as_ref() else {
        return rsx! {};
    };
    // A game looked back at is drawn as it stood after the plies on show, still, with nothing
    // on it to play.
    let reviewed = board.reviewed();
    let reviewing = reviewed.is_some();
    let animation = if reviewing {
        None
    } else {
        board.animation.read().clone()
    };
    let moving = animation.is_some();
    let turned = table.board_turned();
    // Mid-animation nothing is offered: the position on screen is not the one to play on.
    // The boards draw cells (the page's numbering); the table speaks of the engine's places.
    let cells = |places: &[Place]| places.iter().copied().map(cell_of).collect::<Vec<Cell>>();
    let (highlights, movable, route): (Vec<Cell>, Vec<Cell>, Vec<Cell>) = if moving || reviewing {
        Default::default()
    } else {
        (
            cells(&table.highlights()),
            cells(&table.movable()),
            cells(table.route()),
        )
    };
    // The hint on show: its places lit on the board, its move told in the note.
    let hint_move = table.hint().filter(|_| !moving && !reviewing);
    let hint = hint_move
        .map(|mv| cells(&mv.places(table.record().turn())))
        .unwrap_or_default();
    let kind = table.kind();
    let on_tap = move |cell: Cell| {
        if board.review.peek().is_some() {
            // Looking back: the board only shows.
        } else if board.animation.peek().is_some() {
            board.skip_animation();
        } else if let Some(place) = place_of(kind, cell) {
            board.dispatch(Action::Tap(place));
        }
    };
    let on_cancel = move |()| {
        board.skip_animation();
        board.dispatch(Action::Cancel);
    };
    let record = reviewed.as_ref().unwrap_or(table.record());
    // Checkers captures are compulsory: when the pieces on offer must capture, say why.
    let must_capture = !movable.is_empty()
        && matches!(record, AnyRecord::Checkers(_))
        && record.legal_moves().iter().any(AnyMove::is_capture);
    let mut note = must_capture.then(|| texts.get("note-must-capture"));

    let board = match record {
        AnyRecord::Kalah(r) => {
            // The Kalah move to mark and to tell about: the one being sown, else the last.
            let (before, mv, shown_all) = match &animation {
                Some(Animation {
                    motion: Motion::Kalah { before, mv },
                    ..
                }) => (
                    Some(before.clone()),
                    Some(*mv),
                    animation.as_ref().is_some_and(Animation::is_done),
                ),
                _ => (
                    r.len()
                        .checked_sub(1)
                        .and_then(|i| r.position_at(i))
                        .cloned(),
                    r.last_move().copied(),
                    !moving,
                ),
            };
            // The note tells of the last move the board has finished drawing: the one being
            // sown once its last seed lands, and meanwhile the move before it (so a capture's
            // note stays to be read while the reply is sown, never ahead of the board).
            let told = if shown_all {
                before.clone().zip(mv)
            } else {
                animation
                    .as_ref()
                    .and_then(|a| a.ply.checked_sub(1))
                    .and_then(|i| Some((r.position_at(i)?.clone(), *r.moves().get(i)?)))
            };
            if let Some((before, mv)) = told {
                note = kalah_note(&texts, kind, before.turn(), before.sowing(&mv));
            }
            let last = match (&before, mv) {
                (Some(before), Some(mv)) => Some((before.clone(), mv)),
                _ => None,
            };
            let position = match &animation {
                Some(Animation {
                    motion: Motion::Kalah { before, .. },
                    ..
                }) => before.clone(),
                _ => r.position().clone(),
            };
            rsx! {
                KalahBoard {
                    position,
                    turned,
                    landscape: *settings.landscape.read(),
                    highlights,
                    movable,
                    hint,
                    animation,
                    last,
                    on_tap,
                    on_cancel,
                }
            }
        }
        AnyRecord::Checkers(r) => {
            let (position, last) = match &animation {
                Some(Animation {
                    motion: Motion::Checkers { before, mv },
                    ..
                }) => (*before, Some(*mv)),
                _ => (*r.position(), r.last_move().copied()),
            };
            rsx! {
                CheckersBoard {
                    position,
                    turned,
                    highlights,
                    movable,
                    hint,
                    route,
                    last,
                    must_capture,
                    animation,
                    on_tap,
                    on_cancel,
                }
            }
        }
        AnyRecord::ChineseCheckers(r) => {
            let (position, last) = match &animation {
                Some(Animation {
                    motion: Motion::ChineseCheckers { before, mv },
                    ..
                }) => (before.clone(), Some(*mv)),
                _ => (r.position().clone(), r.last_move().copied()),
            };
            rsx! {
                StarBoard {
                    position,
                    turned,
                    highlights,
                    movable,
                    hint,
                    route,
                    last,
                    animation,
                    on_tap,
                    on_cancel,
                }
            }
        }
    };
    // A hint asked for is what the player wants to read now.
    if let Some(mv) = hint_move {
        note = Some(texts.with("note-hint", vec![("move", Arg::from(mv.to_string()))]));
    }
    // Once the last move has been drawn, the winner's pieces, marbles or store light up.
    let winner = match record.outcome() {
        Some(Outcome::Win(side)) if !moving && !reviewing => kind.side_name(side),
        _ => "",
    };
    // Upright, the far side's bar is above the board and the near side's below; sideways they
    // stand in the side panel, so the board keeps the whole height.
    let bars = !*settings.landscape.read();
    let near = if turned { Side::Second } else { Side::First };
    rsx! {
        div { class: "game-board", "data-animating": if moving { "true" } else { "false" },
            "data-review": reviewed.as_ref().map(|r| r.len().to_string()), "data-winner": winner,
            if bars {
                PlayerBar { side: near.other() }
            }
            {board}
            if bars {
                PlayerBar { side: near }
            }
            // Always there, so that a note coming and going never moves the board; read out
            // politely when it changes.
            p { class: "board-note", "data-testid": "board-note", aria_live: "polite", {note.unwrap_or_default()} }
        }
    }
}

/// "Gold captured N", "Gold plays again", or both, for a Kalah move `mover` made (nothing for
/// the move that ends the game: its sweep of the rows is no capture).
fn kalah_note(
    texts: &crate::i18n::Texts,
    kind: GameKind,
    mover: Side,
    sowing: Sowing,
) -> Option<String> {
    let side = || Arg::from(texts.get(&format!("side-{}", kind.side_name(mover))));
    let mut parts = Vec::new();
    if sowing.captured > 0 {
        parts.push(texts.with(
            "note-captured",
            vec![("side", side()), ("seeds", Arg::from(sowing.captured))],
        ));
    }
    if sowing.extra_turn {
        parts.push(texts.with("note-extra-turn", vec![("side", side())]));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}
