//! The root: the shell's contexts, and the screen in view. The only component that names the
//! screens.

use dioxus::prelude::*;

use super::{
    announcer::Announcer, board_screen::BoardScreen, focus_landing, game_picker::GamePicker,
    how_to_play::HowToPlay, mode_picker::ModePicker, online_screen::OnlineScreen,
    welcome_screen::WelcomeScreen,
};
use crate::shell::{self, Screen};

const STYLE: &str = include_str!("../../web/app.css");

#[component]
pub fn App() -> Element {
    let navigation = shell::use_shell();
    let screen = navigation.current();
    focus_landing::use_focus_landing(screen);
    rsx! {
        style { {STYLE} }
        div { class: "app",
            match screen {
                Screen::Games => rsx! { GamePicker {} },
                Screen::Mode(kind) => rsx! { ModePicker { kind } },
                Screen::Board => rsx! { BoardScreen {} },
                Screen::HowToPlay(kind) => rsx! { HowToPlay { kind } },
                Screen::Online => rsx! { OnlineScreen {} },
                Screen::Welcome => rsx! { WelcomeScreen {} },
            }
            // Outside every screen, so that a dialog over the board (the game-over sheet) never
            // hides it from screen readers.
            if matches!(screen, Screen::Board | Screen::Online) {
                Announcer {}
            }
        }
    }
}
