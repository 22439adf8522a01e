//! The screens, one component per file. State lives in the shell ([`crate::shell`]): a
//! component reads the context it needs through its hook and sends [`crate::state::Action`]s
//! through it; the boards get what they draw as props from [`game_board::GameBoard`]. Only the
//! root ([`app::App`]) names the screens.

mod announcer;
mod another_device;
mod app;
mod board_keys;
mod board_screen;
mod checkers_board;
mod confirm_dialog;
mod connection_indicator;
mod controls;
mod focus_landing;
mod game_board;
mod game_over;
mod game_picker;
mod hand_over;
mod how_to_play;
mod invitation_card;
mod kalah_board;
mod language_picker;
mod modal;
mod mode_picker;
mod move_list;
mod notice;
mod online_controls;
mod online_games;
mod online_screen;
mod open_in_app;
mod pass_options;
mod paused_veil;
mod piece_shading;
mod player_bar;
mod room_closed;
mod share_game;
mod share_link;
mod skip_animation;
mod sound_toggle;
mod star_board;
mod status_panel;
mod top_bar;
mod unfinished_move;
mod welcome_screen;

pub use app::App;
