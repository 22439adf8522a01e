//! The screens, one component per file. State lives in [`app::AppContext`]; components read it
//! and send [`crate::state::Action`]s through it.

mod app;
mod board_keys;
mod board_screen;
mod checkers_board;
mod confirm_dialog;
mod connection_indicator;
mod controls;
mod game_picker;
mod how_to_play;
mod invitation_card;
mod kalah_board;
mod language_picker;
mod mode_picker;
mod notice;
mod online_controls;
mod online_games;
mod online_room;
mod online_screen;
mod room_closed;
mod star_board;
mod status_panel;
mod top_bar;

pub use app::App;
