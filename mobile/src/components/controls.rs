use dioxus::prelude::*;

use super::unfinished_move::UnfinishedMove;
use crate::{
    shell::{Screen, use_game, use_navigation, use_settings},
    state::{Action, ComputerState, Level, Mode},
};

/// Undo, New game, Pause/Resume, the computer's level, and the way out when it fails.
#[component]
pub fn Controls() -> Element {
    let mut game = use_game();
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    let session = game.session.read();
    let Some(session) = session.as_ref() else {
        return rsx! {};
    };
    let kind = session.kind();
    let mode = session.mode();
    let can_undo = session.can_undo();
    let has_moves = !session.record().is_empty();
    let paused = session.is_paused();
    let computer = session.computer();
    let animating = game.animating();
    let must_pass = session.must_pass();
    // After the end only New game and the rules still apply (the game-over sheet says more).
    let finished = session.finish().is_some();
    rsx! {
        div { class: "controls",
            UnfinishedMove {}
            if must_pass {
                button { class: "primary", onclick: move |_| game.dispatch(Action::Pass), {texts.get("action-pass")} }
            }
            if animating {
                button { class: "skip", onclick: move |_| game.skip_animation(), {texts.get("action-skip")} }
            }
            if !finished {
                button {
                    disabled: !can_undo,
                    onclick: move |_| {
                        game.skip_animation();
                        game.dispatch(Action::Undo);
                    },
                    {texts.get("action-undo")}
                }
            }
            button {
                onclick: move |_| {
                    if has_moves && !finished { game.confirming_new_game.set(true) } else { game.new_game() }
                },
                {texts.get("action-new-game")}
            }
            if let (Mode::Computer(level), false) = (mode, finished) {
                if paused {
                    button { class: "primary", onclick: move |_| game.dispatch(Action::Resume), {texts.get("action-resume")} }
                } else {
                    button { onclick: move |_| game.dispatch(Action::Pause), {texts.get("action-pause")} }
                }
                label { class: "level-select",
                    {texts.get("level-label")}
                    select {
                        value: level.as_str(),
                        onchange: move |event: FormEvent| {
                            if let Some(l) = Level::ALL.into_iter().find(|l| l.as_str() == event.value()) {
                                game.dispatch(Action::SetLevel(l));
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
                        button { class: "primary", onclick: move |_| game.dispatch(Action::Resume), {texts.get("action-retry")} }
                    }
                    button { onclick: move |_| game.dispatch(Action::SwitchToSameDevice), {texts.get("action-switch-same-device")} }
                }
            }
            button { class: "link", onclick: move |_| navigation.go(Screen::HowToPlay(kind)), {texts.get("action-how-to-play")} }
        }
    }
}
