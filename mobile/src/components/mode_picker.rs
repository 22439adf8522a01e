use cozcade_engine::{GameKind, Side};
use dioxus::prelude::*;

use super::{confirm_dialog::ConfirmDialog, modal::Behind, top_bar::TopBar};
use crate::{
    computer,
    i18n::Arg,
    shell::{Screen, use_board, use_navigation, use_room, use_settings},
    state::{Level, LocalAction, Mode, Slot},
};

/// After choosing a game: against the computer (with its level) or two players on one device,
/// each with Continue when a saved game has moves.
#[component]
pub fn ModePicker(kind: GameKind) -> Element {
    let navigation = use_navigation();
    let board = use_board();
    let settings = use_settings();
    let room = use_room();
    let texts = settings.texts.read();
    let saved_computer = settings
        .saved(kind, Slot::Computer)
        .filter(|s| !s.record.is_empty());
    // The saved game's level, else Medium; Continue plays on at the level chosen here.
    let saved_level = saved_computer.as_ref().and_then(|s| s.mode.level());
    let mut level = use_signal(|| saved_level.unwrap_or(Level::Medium));
    // The slot whose New game waits for confirmation.
    let mut confirm = use_signal(|| None::<Mode>);
    // "Play with a friend": the room is being created, or why it could not be.
    let mut creating = use_signal(|| false);
    let mut create_error = use_signal(|| None::<String>);
    let saved_same = settings
        .saved(kind, Slot::SameDevice)
        .filter(|s| !s.record.is_empty());
    let first = texts.get(&format!("side-{}", kind.side_name(Side::First)));
    let game_name = texts.get(&format!("game-{kind}"));
    let moves = |n: usize| texts.with("saved-game", vec![("moves", Arg::from(n))]);

    let confirming = confirm.read().is_some();
    // The player is about to choose: the computer's search gets ready meanwhile.
    use_hook(computer::warm_up);
    rsx! {
        Behind { covered: confirming,
        TopBar { title: game_name.clone() }
        main { class: "screen modes",
            h2 { {texts.get("mode-heading")} }
            section { class: "card mode", "data-mode": "computer",
                h3 { {texts.get("mode-computer")} }
                p { class: "card-note", {texts.with("mode-computer-note", vec![("side", first.clone().into())])} }
                fieldset { class: "levels",
                    legend { {texts.get("level-label")} }
                    for l in Level::ALL {
                        label { key: "{l.as_str()}", class: "level",
                            input {
                                r#type: "radio",
                                name: "level",
                                checked: *level.read() == l,
                                onchange: move |_| level.set(l),
                            }
                            {texts.get(&format!("level-{}", l.as_str()))}
                        }
                    }
                }
                div { class: "actions",
                    if let Some(saved) = saved_computer.clone() {
                        button {
                            class: "primary",
                            onclick: move |_| {
                                navigation.resume(saved.clone());
                                board.dispatch(LocalAction::SetLevel(*level.peek()));
                            },
                            {texts.get("action-continue")}
                        }
                        span { class: "card-note", "data-testid": "saved-computer",
                            {texts.with("saved-game-level", vec![
                                ("level", texts.get(&format!("level-{}", saved_level.unwrap_or(Level::Medium).as_str())).into()),
                                ("moves", Arg::from(saved_computer.as_ref().map_or(0, |s| s.record.len()))),
                            ])}
                        }
                    }
                    button {
                        onclick: {
                            let has_moves = saved_computer.is_some();
                            move |_| {
                                let mode = Mode::Computer(*level.peek());
                                if has_moves { confirm.set(Some(mode)) } else { navigation.start_new(kind, mode) }
                            }
                        },
                        {texts.get("action-new-game")}
                    }
                }
            }
            section { class: "card mode", "data-mode": "same-device",
                h3 { {texts.get("mode-same-device")} }
                p { class: "card-note", {texts.get("mode-same-device-note")} }
                div { class: "actions",
                    if let Some(saved) = saved_same.clone() {
                        button {
                            class: "primary",
                            onclick: move |_| navigation.resume(saved.clone()),
                            {texts.get("action-continue")}
                        }
                        span { class: "card-note", {moves(saved_same.as_ref().map_or(0, |s| s.record.len()))} }
                    }
                    button {
                        onclick: {
                            let has_moves = saved_same.is_some();
                            move |_| {
                                if has_moves { confirm.set(Some(Mode::SameDevice)) } else { navigation.start_new(kind, Mode::SameDevice) }
                            }
                        },
                        {texts.get("action-new-game")}
                    }
                }
            }
            section { class: "card mode", "data-mode": "online",
                h3 { {texts.get("mode-online")} }
                p { class: "card-note", {texts.with("mode-online-note", vec![("side", first.clone().into())])} }
                div { class: "actions",
                    button {
                        class: "primary",
                        disabled: *creating.read(),
                        aria_busy: if *creating.read() { "true" } else { "false" },
                        onclick: move |_| {
                            creating.set(true);
                            create_error.set(None);
                            spawn(async move {
                                // On success the room's screen replaces this one.
                                if let Err(error) = room.play_with_friend(kind).await {
                                    creating.set(false);
                                    create_error.set(Some(error.to_string()));
                                }
                            });
                        },
                        if *creating.read() { {texts.get("online-creating")} } else { {texts.get("action-play-with-friend")} }
                    }
                }
                if let Some(error) = create_error.read().clone() {
                    p { class: "online-message", role: "alert", {texts.with("online-create-failed", vec![("reason", error.into())])} }
                }
            }
            button { class: "link", onclick: move |_| navigation.go(Screen::HowToPlay(kind)),
                {texts.get("action-how-to-play")}
            }
        }
        }
        if let Some(mode) = *confirm.read() {
            ConfirmDialog {
                question: "confirm-new-game",
                yes: "confirm-yes",
                no: "confirm-no",
                on_confirm: move |_| {
                    confirm.set(None);
                    navigation.start_new(kind, mode);
                },
                on_cancel: move |_| confirm.set(None),
            }
        }
    }
}
