use dioxus::prelude::*;

use crate::{
    shell::{use_board, use_settings},
    state::{LocalAction, PassAndPlay, Table},
};

/// Two players on one device choose how they pass it: a hand-over screen between turns, and
/// the board turned toward the player to move. Kept with the game.
#[component]
pub fn PassOptions() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    let table = board.table.read();
    let Some(pass) = table.as_ref().and_then(Table::passing) else {
        return rsx! {};
    };
    rsx! {
        fieldset { class: "pass-options",
            label { class: "option",
                input {
                    r#type: "checkbox",
                    role: "switch",
                    checked: pass.hand_over,
                    onchange: move |event: FormEvent| {
                        let hand_over = event.checked();
                        board.dispatch(LocalAction::SetPassAndPlay(PassAndPlay { hand_over, ..pass }));
                    },
                }
                {texts.get("option-hand-over")}
            }
            label { class: "option",
                input {
                    r#type: "checkbox",
                    role: "switch",
                    checked: pass.turn_board,
                    onchange: move |event: FormEvent| {
                        let turn_board = event.checked();
                        board.dispatch(LocalAction::SetPassAndPlay(PassAndPlay { turn_board, ..pass }));
                    },
                }
                {texts.get("option-turn-board")}
            }
        }
    }
}
