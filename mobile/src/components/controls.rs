use dioxus::prelude::*;

use super::unfinished_move::UnfinishedMove;
use crate::{
    shell::{use_board, use_settings},
    state::{Action, ComputerState, Hint, Level, LocalAction, Mode, Table},
};

/// A game on this device's controls: Undo, a hint (with how many were used), New game,
/// Pause/Resume, the computer's level, and the way out when it fails (an online game has its
/// own; the rules are the top bar's "?").
#[component]
pub fn Controls() -> Element {
    let mut board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some(game) = table.as_ref().and_then(Table::local) else {
        return rsx! {};
    };
    let mode = game.mode();
    let can_undo = game.can_undo();
    let has_moves = !game.record().is_empty();
    let paused = game.is_paused();
    let computer = game.computer();
    let must_pass = game.must_pass();
    // After the end only New game and the rules still apply (the game-over sheet says more).
    let finished = game.finish().is_some();
    let (can_hint, looking, hints) = (game.can_hint(), game.hint() == Hint::Looking, game.hints());
    rsx! {
        div { class: "controls",
            UnfinishedMove {}
            if must_pass {
                button { class: "primary", onclick: move |_| board.dispatch(Action::Pass), {texts.get("action-pass")} }
            }
            if !finished {
                button {
                    disabled: !can_undo,
                    onclick: move |_| {
                        board.skip_animation();
                        board.dispatch(LocalAction::Undo);
                    },
                    {texts.get("action-undo")}
                }
                button {
                    class: "hint",
                    disabled: !can_hint,
                    aria_busy: if looking { "true" } else { "false" },
                    onclick: move |_| board.dispatch(LocalAction::Hint),
                    {texts.get("action-hint")}
                }
            }
            if hints > 0 {
                span { class: "hints-used", "data-testid": "hints-used",
                    {texts.with("hints-used", vec![("count", crate::i18n::Arg::from(hints))])}
                }
            }
            button {
                class: "new-game",
                onclick: move |_| {
                    if has_moves && !finished { board.confirming_new_game.set(true) } else { board.new_game() }
                },
                {texts.get("action-new-game")}
            }
            if let (Mode::Computer(level), false) = (mode, finished) {
                if paused {
                    button { class: "primary", onclick: move |_| board.dispatch(LocalAction::Resume), {texts.get("action-resume")} }
                } else {
                    button { onclick: move |_| board.dispatch(LocalAction::Pause), {texts.get("action-pause")} }
                }
                // A chip that says the level; the native list opens over it, as the language's.
                label { class: "level-select chip-select",
                    span { class: "visually-hidden", {texts.get("level-label")} }
                    span { class: "chip-text", aria_hidden: "true", {texts.get(&format!("level-{}", level.as_str()))} " ▾" }
                    select {
                        aria_label: texts.get("level-label"),
                        value: level.as_str(),
                        onchange: move |event: FormEvent| {
                            if let Some(l) = Level::ALL.into_iter().find(|l| l.as_str() == event.value()) {
                                board.dispatch(LocalAction::SetLevel(l));
                            }
                        },
                        for l in Level::ALL {
                            option { key: "{l.as_str()}", value: l.as_str(), selected: l == level,
                                {texts.get(&format!("level-{}", l.as_str()))}
                            }
                        }
                    }
                }
                if let ComputerState::Failed { retried } = computer {
                    if !retried {
                        button { class: "primary", onclick: move |_| board.dispatch(LocalAction::Resume), {texts.get("action-retry")} }
                    }
                    button { onclick: move |_| board.dispatch(LocalAction::SwitchToSameDevice), {texts.get("action-switch-same-device")} }
                }
            }
        }
    }
}
