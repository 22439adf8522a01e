//! The players' bars: who plays each colour (you, the computer and its level, your friend, or
//! the colour's name on one device), whose turn it is, shown on the bar itself, and each
//! player's count so far (pieces captured, seeds in the store, marbles home), all of the
//! position the board is drawing, never of a move not yet shown.

use cozcade_engine::{AnyRecord, Game, GameKind, Side};
use dioxus::prelude::*;

use crate::{
    i18n::{Arg, Texts},
    shell::{use_board, use_settings},
    state::{
        Table,
        animation::{Animation, Motion},
    },
};

/// One player's bar (above or below the board upright).
#[component]
pub fn PlayerBar(side: Side) -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some(table) = table.as_ref() else {
        return rsx! {};
    };
    // A game looked back at: the position the review shows, still.
    let (turn, counts) = match board.reviewed() {
        Some(record) => drawn(&record, None),
        None => drawn(table.record(), board.animation.read().as_ref()),
    };
    let kind = table.kind();
    let colour = kind.side_name(side);
    let count_id = match kind {
        GameKind::Checkers => "bar-captured",
        GameKind::Kalah => "bar-store",
        GameKind::ChineseCheckers => "bar-home",
    };
    let count = texts.with(count_id, vec![("count", Arg::from(counts[side.index()]))]);
    let to_move = turn == Some(side);
    rsx! {
        div {
            class: if to_move { "player-bar to-move" } else { "player-bar" },
            "data-side": colour,
            "data-testid": "player-bar",
            "aria-current": if to_move { "true" } else { "false" },
            span { class: "swatch {colour}" }
            span { class: "who", {who_plays(&texts, table, side)} }
            if to_move {
                span { class: "turn", {texts.get("bar-to-move")} }
            }
            span { class: "count", "{count}" }
        }
    }
}

/// Both bars, the far side's first (sideways, in the side panel).
#[component]
pub fn PlayerBars() -> Element {
    let board = use_board();
    let turned = board.table.read().as_ref().is_some_and(Table::board_turned);
    let near = if turned { Side::Second } else { Side::First };
    rsx! {
        div { class: "player-bars",
            PlayerBar { side: near.other() }
            PlayerBar { side: near }
        }
    }
}

/// Who plays `side` of the game on `table`, as the bar names them.
pub(super) fn who_plays(texts: &Texts, table: &Table, side: Side) -> String {
    let colour = texts.get(&format!("side-{}", table.kind().side_name(side)));
    let person = match (table.online_seat(), table.computer_level()) {
        (Some(seat), _) if seat == side => texts.get("bar-you"),
        (Some(_), _) => texts.get("bar-friend"),
        (None, Some(_)) if side == Side::First => texts.get("bar-you"),
        (None, Some(level)) => texts.with(
            "bar-computer",
            vec![(
                "level",
                Arg::from(texts.get(&format!("level-{}", level.as_str()))),
            )],
        ),
        (None, None) => return colour,
    };
    format!("{person} · {colour}")
}

/// The turn (none once the drawn position ends the game) and each side's count in the
/// position the board draws of `record`: the one before the move being shown, if one is.
fn drawn(record: &AnyRecord, animation: Option<&Animation>) -> (Option<Side>, [u32; 2]) {
    let motion = animation.map(|a| &a.motion);
    // A draw the record decides (a repetition) shows only once its last move has been drawn.
    let ended = animation.is_none() && record.outcome().is_some();
    match record {
        AnyRecord::Kalah(r) => {
            let position = match motion {
                Some(Motion::Kalah { before, .. }) => before,
                _ => r.position(),
            };
            let over = ended || position.outcome().is_some();
            (
                (!over).then(|| position.turn()),
                Side::BOTH.map(|side| u32::from(position.store(side))),
            )
        }
        AnyRecord::Checkers(r) => {
            let position = match motion {
                Some(Motion::Checkers { before, .. }) => before,
                _ => r.position(),
            };
            // Captured: the other side's pieces gone since the game's start.
            let start = r.position_at(0).unwrap_or(position);
            let over = ended || position.outcome().is_some();
            (
                (!over).then(|| position.turn()),
                Side::BOTH.map(|side| {
                    start
                        .piece_count(side.other())
                        .saturating_sub(position.piece_count(side.other()))
                }),
            )
        }
        AnyRecord::ChineseCheckers(r) => {
            let position = match motion {
                Some(Motion::ChineseCheckers { before, .. }) => before,
                _ => r.position(),
            };
            let over = ended || position.outcome().is_some();
            (
                (!over).then(|| position.turn()),
                Side::BOTH.map(|side| u32::from(position.arrivals(side))),
            )
        }
    }
}
