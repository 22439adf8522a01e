use cozcade_engine::Side;
use dioxus::prelude::*;

use super::{modal::Modal, share_game::ShareGame, status_panel::verdict_text};
use crate::{
    i18n::Arg,
    online::connection::Intent,
    shell::{use_board, use_navigation, use_room, use_settings},
    state::NewRound,
};

/// The finish, over the board: who won or why it is a draw, the final score (Kalah's stores,
/// Chinese Checkers' marbles home), against the computer the player's record at the level,
/// and what next: Play again (a local game) or New round
/// (online: asked of the friend, or the friend's request accepted), Back, or a look at the board.
#[component]
pub fn GameOver() -> Element {
    let mut board = use_board();
    let navigation = use_navigation();
    let room = use_room();
    let settings = use_settings();
    // The finish is a moment: heard as it appears (once per game, not when reopened).
    use_hook(move || board.finish_heard());
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some((table, finish)) = table.as_ref().and_then(|s| Some((s, s.finish()?))) else {
        return rsx! {};
    };
    let kind = table.kind();
    let online = table.online_seat().is_some();
    let side = |s: Side| texts.get(&format!("side-{}", kind.side_name(s)));
    let score_key = match kind {
        cozcade_engine::GameKind::Kalah => "kalah-store",
        _ => "cc-arrivals",
    };
    let score_arg = match kind {
        cozcade_engine::GameKind::Kalah => "seeds",
        _ => "count",
    };
    let score: Vec<String> = finish
        .score
        .map(|counts| {
            Side::BOTH
                .into_iter()
                .zip(counts)
                .map(|(s, n)| {
                    texts.with(
                        score_key,
                        vec![("side", side(s).into()), (score_arg, Arg::from(n))],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let new_round = room
        .view()
        .read()
        .as_ref()
        .map(|v| (v.new_round, v.pending, v.new_round_answer));
    let back = navigation.back_target();
    // Against the computer: the player's record at this level, this game counted.
    let record_line = table.computer_level().map(|level| {
        let results = settings.results(kind, level);
        texts.with(
            "results-line",
            vec![
                (
                    "level",
                    Arg::from(texts.get(&format!("level-{}", level.as_str()))),
                ),
                ("won", Arg::from(results.won)),
                ("lost", Arg::from(results.lost)),
                ("drawn", Arg::from(results.drawn)),
            ],
        )
    });
    rsx! {
        Modal {
            label: "finish-verdict",
            class: "game-over",
            on_close: move |_| board.finish_dismissed.set(true),
            h2 { id: "finish-verdict", "data-testid": "finish-verdict", {verdict_text(&texts, kind, finish.verdict)} }
            if !score.is_empty() {
                p { class: "final-score", "data-testid": "final-score",
                    for (i, line) in score.into_iter().enumerate() {
                        span { key: "{i}", "{line}" }
                    }
                }
            }
            if let Some(line) = record_line {
                p { class: "results", "data-testid": "results", "{line}" }
            }
            div { class: "actions",
                if online {
                    match new_round {
                        Some((NewRound::AskedByFriend, pending, _)) => rsx! {
                            p { class: "new-round-request", role: "status", "data-testid": "new-round", {texts.get("online-new-round-asked")} }
                            button { class: "primary", disabled: pending, onclick: move |_| room.send(Intent::NewRound), {texts.get("online-accept")} }
                            button { disabled: pending, onclick: move |_| room.send(Intent::DeclineNewRound), {texts.get("online-decline")} }
                        },
                        Some((NewRound::AskedByMe, pending, _)) => rsx! {
                            p { class: "new-round-request", role: "status", "data-testid": "new-round", {texts.get("online-new-round-waiting")} }
                            button { disabled: pending, onclick: move |_| room.send(Intent::WithdrawNewRound), {texts.get("online-withdraw")} }
                        },
                        Some((NewRound::None, pending, answer)) => rsx! {
                            if let Some(answer) = answer {
                                p { class: "new-round-answer", role: "status", "data-testid": "new-round-answer", "data-answer": answer.as_str(), {texts.get(answer.text_id())} }
                            }
                            button { class: "primary", disabled: pending, onclick: move |_| room.send(Intent::NewRound), {texts.get("online-new-round")} }
                        },
                        None => rsx! {},
                    }
                } else {
                    button { class: "primary", onclick: move |_| board.new_game(), {texts.get("action-play-again")} }
                }
                ShareGame {}
                if back.is_some() {
                    button { onclick: move |_| navigation.back(), {texts.get("action-back")} }
                }
                button { class: "link", onclick: move |_| board.finish_dismissed.set(true), {texts.get("finish-see-board")} }
            }
        }
    }
}
