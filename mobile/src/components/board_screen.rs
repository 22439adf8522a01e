use dioxus::prelude::*;

use super::{
    confirm_dialog::ConfirmDialog, controls::Controls, game_board::GameBoard, notice::Notice,
    status_panel::StatusPanel, top_bar::TopBar,
};
use crate::{
    shell::{use_game, use_settings},
    state::Action,
};

/// The game in progress: status, board and controls, laid out for portrait or landscape.
#[component]
pub fn BoardScreen() -> Element {
    let mut game = use_game();
    let settings = use_settings();
    let Some(kind) = game.session.read().as_ref().map(|s| s.kind()) else {
        return rsx! {};
    };
    let texts = settings.texts.read();
    let layout = if *settings.landscape.read() {
        "landscape"
    } else {
        "portrait"
    };
    rsx! {
        TopBar { title: texts.get(&format!("game-{kind}")) }
        main { class: "screen board-screen {layout}", "data-game": kind.as_str(),
            Notice {}
            div { class: "board-area",
                GameBoard {}
            }
            aside { class: "side-panel",
                StatusPanel {}
                Controls {}
            }
            if *game.confirming_new_game.read() {
                ConfirmDialog {
                    on_confirm: move |_| {
                        game.confirming_new_game.set(false);
                        game.dispatch(Action::NewGame);
                    },
                    on_cancel: move |_| game.confirming_new_game.set(false),
                }
            }
        }
    }
}
