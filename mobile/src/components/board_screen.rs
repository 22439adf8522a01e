use cozcade_engine::GameKind;
use dioxus::prelude::*;

use super::{
    app::use_app, checkers_board::CheckersBoard, confirm_dialog::ConfirmDialog, controls::Controls,
    kalah_board::KalahBoard, notice::Notice, star_board::StarBoard, status_panel::StatusPanel,
    top_bar::TopBar,
};
use crate::state::Action;

/// The game in progress: status, board and controls, laid out for portrait or landscape.
#[component]
pub fn BoardScreen() -> Element {
    let mut app = use_app();
    let Some(kind) = app.session.read().as_ref().map(|s| s.kind()) else {
        return rsx! {};
    };
    let texts = app.texts.read();
    let layout = if *app.landscape.read() {
        "landscape"
    } else {
        "portrait"
    };
    rsx! {
        TopBar { title: texts.get(&format!("game-{kind}")) }
        main { class: "screen board-screen {layout}", "data-game": kind.as_str(),
            Notice {}
            div { class: "board-area",
                match kind {
                    GameKind::Kalah => rsx! { KalahBoard {} },
                    GameKind::Checkers => rsx! { CheckersBoard {} },
                    GameKind::ChineseCheckers => rsx! { StarBoard {} },
                }
            }
            aside { class: "side-panel",
                StatusPanel {}
                Controls {}
            }
            if *app.confirming_new_game.read() {
                ConfirmDialog {
                    on_confirm: move |_| {
                        app.confirming_new_game.set(false);
                        app.dispatch(Action::NewGame);
                    },
                    on_cancel: move |_| app.confirming_new_game.set(false),
                }
            }
        }
    }
}
