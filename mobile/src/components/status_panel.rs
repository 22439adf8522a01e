use cozcade_engine::{AnyRecord, DrawReason, GameKind, Side};
use dioxus::prelude::*;

use crate::{
    i18n::Arg,
    i18n::Texts,
    shell::{first_plies, use_board, use_room, use_settings},
    state::{ComputerState, Connection, LocalGame, Mode, Verdict},
};

/// Why an online game cannot go on now (the headline's text key), or `None` when it can.
fn waiting_reason(connection: &Connection) -> Option<&'static str> {
    match connection {
        Connection::Connected | Connection::Stopped(_) => None,
        Connection::Connecting => Some("online-connecting"),
        Connection::Reconnecting { .. } => Some("status-reconnecting"),
        Connection::Offline => Some("status-offline"),
        Connection::WaitingForFriendToJoin => Some("status-waiting-to-join"),
        Connection::WaitingForFriendToReturn => Some("status-waiting-to-return"),
        Connection::FriendLeft => Some("online-friend-left"),
        Connection::FriendVanished => Some("status-friend-vanished"),
        Connection::SeatOffered => Some("online-seat-offered"),
    }
}

/// Who won, or why it is a draw, in the player's language.
pub fn verdict_text(texts: &Texts, kind: GameKind, verdict: Verdict) -> String {
    match verdict {
        Verdict::YouWin => texts.get("result-you-win"),
        Verdict::ComputerWins => texts.get("result-computer-wins"),
        Verdict::FriendWins => texts.get("online-friend-wins"),
        Verdict::SideWins(side) => {
            let name = texts.get(&format!("side-{}", kind.side_name(side)));
            texts.with("result-win", vec![("side", name.into())])
        }
        Verdict::Draw(reason) => texts.get(match reason {
            DrawReason::Repetition => "result-draw-repetition",
            DrawReason::FortyMoveRule => "result-draw-forty-moves",
            DrawReason::EqualSeeds => "result-draw-equal-seeds",
            DrawReason::NoMoves => "result-draw-no-moves",
        }),
    }
}

/// Whose turn, the last move and the result, announced politely to screen readers.
#[component]
pub fn StatusPanel() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let board = use_board();
    let table = board.table.read();
    let Some(table) = table.as_ref() else {
        return rsx! {};
    };
    // The status tells what the board has drawn: while a move is being shown, that move is
    // the last and nothing after it is told yet (a reply already made waits for its turn on
    // the board).
    let drawn = board.drawn_plies();
    let full = table.record();
    let mut drawn_record = None;
    let record: &AnyRecord = if drawn < full.len() {
        drawn_record.insert(first_plies(full, drawn))
    } else {
        full
    };
    let kind = table.kind();
    let side = |side: Side| texts.get(&format!("side-{}", kind.side_name(side)));
    let local = table.local();
    let against_computer = local.is_some_and(|g| matches!(g.mode(), Mode::Computer(_)));
    let paused = local.is_some_and(LocalGame::is_paused);
    let computer = local.map_or(ComputerState::Idle, LocalGame::computer);
    let online_seat = table.online_seat();
    let room_view = use_room().view();
    let online_wait = room_view
        .read()
        .as_ref()
        .and_then(|view| waiting_reason(&view.connection));

    // The result waits until the last move has been seen.
    let finish = if board.animating() {
        None
    } else {
        table.finish()
    };
    let finished = finish.is_some();
    let headline = match finish {
        Some(finish) => verdict_text(&texts, kind, finish.verdict),
        None if paused => texts.get("status-paused"),
        None if online_seat.is_some() => match online_wait {
            // Never "Your turn" when no move can be made: say why instead.
            Some(reason) => texts.get(reason),
            None if Some(record.turn()) == online_seat => texts.with(
                "status-your-turn",
                vec![("side", side(record.turn()).into())],
            ),
            None => texts.with(
                "online-friend-turn",
                vec![("side", side(record.turn()).into())],
            ),
        },
        None => match computer {
            ComputerState::Thinking => texts.get("status-thinking"),
            ComputerState::Failed { retried: false } => texts.get("computer-failed"),
            ComputerState::Failed { retried: true } => texts.get("computer-failed-again"),
            ComputerState::Idle if against_computer && record.turn() == Side::First => {
                texts.with("status-your-turn", vec![("side", side(Side::First).into())])
            }
            ComputerState::Idle => {
                texts.with("status-turn", vec![("side", side(record.turn()).into())])
            }
        },
    };
    let last = match (record.len().checked_sub(1), record.move_texts().last()) {
        (Some(index), Some(mv)) => {
            let mover = record.mover(index).unwrap_or(Side::First);
            texts.with(
                "status-last-move",
                vec![
                    ("side", side(mover).into()),
                    ("move", Arg::from(mv.as_str())),
                ],
            )
        }
        _ => texts.get("status-no-moves-yet"),
    };
    let must_pass = table.must_pass().then(|| {
        texts.with(
            "status-must-pass",
            vec![("side", side(record.turn()).into())],
        )
    });
    // Chinese Checkers arrival cards (x/10 home) and Kalah stores, per side.
    let tallies: Vec<String> = match record {
        AnyRecord::ChineseCheckers(r) => Side::BOTH
            .into_iter()
            .map(|s| {
                texts.with(
                    "cc-arrivals",
                    vec![
                        ("side", side(s).into()),
                        ("count", Arg::from(r.position().arrivals(s))),
                    ],
                )
            })
            .collect(),
        AnyRecord::Kalah(r) => Side::BOTH
            .into_iter()
            .map(|s| {
                texts.with(
                    "kalah-store",
                    vec![
                        ("side", side(s).into()),
                        ("seeds", Arg::from(r.position().store(s))),
                    ],
                )
            })
            .collect(),
        AnyRecord::Checkers(_) => Vec::new(),
    };
    rsx! {
        div { class: "status", role: "status", aria_live: "polite", "data-plies": "{full.len()}",
            p { class: if finished { "headline result" } else { "headline" }, "data-testid": "headline", "{headline}" }
            p { class: "last-move", "data-testid": "last-move", "{last}" }
            if let Some(text) = must_pass {
                p { class: "must-pass", "{text}" }
            }
            if !tallies.is_empty() {
                p { class: "arrivals", "data-testid": "tallies",
                    for (i, tally) in tallies.into_iter().enumerate() {
                        span { key: "{i}", "{tally}" }
                    }
                }
            }
        }
    }
}
