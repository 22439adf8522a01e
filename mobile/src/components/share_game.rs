//! "Share game": a finished game's text and a picture of its final position (the link
//! preview's drawing) through the share sheet, or the text copied where there is none, with
//! what happened said beside the button. Checkers goes out as PDN, which draughts programs
//! read; Kalah and Chinese Checkers as a heading and their numbered moves.

use cozcade_engine::{GameKind, Players, Side};
use dioxus::prelude::*;

use super::player_bar::who_plays;
use crate::{
    i18n::{Arg, Texts},
    platform::{self, Shared},
    shell::{use_board, use_settings},
    state::Table,
};

#[component]
pub fn ShareGame() -> Element {
    let board = use_board();
    let settings = use_settings();
    let texts = settings.texts.read();
    // The outcome of the last share, as a message key.
    let mut outcome = use_signal(|| None::<&'static str>);
    rsx! {
        button {
            class: "share-game",
            "data-testid": "share-game",
            onclick: move |_| {
                let shared = {
                    let texts = settings.texts.peek();
                    board.table.peek().as_ref().map(|table| {
                        let record = table.record();
                        let name = format!("cozcade-{}.png", record.kind());
                        (game_text(&texts, table, &platform::today()), cozcade_art::card_image(record), name)
                    })
                };
                let Some((text, picture, name)) = shared else { return };
                spawn(async move {
                    outcome.set(Some(match platform::share_game(&text, (&picture, &name)).await {
                        Ok(Shared::ToShareSheet) => "share-game-shared",
                        Ok(Shared::Copied) => "share-game-copied",
                        Ok(Shared::Cancelled) => return,
                        Err(_) => "share-game-failed",
                    }));
                });
            },
            {texts.get("action-share-game")}
        }
        if let Some(key) = outcome() {
            p { class: "share-outcome", role: "status", "data-testid": "share-game-outcome", {texts.get(key)} }
        }
    }
}

/// The game on `table` as text to share, dated `date` (`YYYY.MM.DD`).
pub fn game_text(texts: &Texts, table: &Table, date: &str) -> String {
    let record = table.record();
    let first = who_plays(texts, table, Side::First);
    let second = who_plays(texts, table, Side::Second);
    let players = Players {
        first: &first,
        second: &second,
    };
    if let Some(pdn) = record.pdn(&players, date) {
        return pdn;
    }
    let game = texts.get(&format!("game-{}", record.kind()));
    let heading = texts.with(
        "share-game-heading",
        vec![
            ("game", Arg::from(game)),
            ("first", Arg::from(first)),
            ("second", Arg::from(second)),
            ("date", Arg::from(date.to_owned())),
        ],
    );
    debug_assert_ne!(record.kind(), GameKind::Checkers);
    format!("{heading}\n\n{}\n", record.movetext())
}

#[cfg(test)]
mod tests {
    use cozcade_engine::{AnyRecord, GameKind};

    use super::*;
    use crate::{
        i18n::Language,
        state::{Level, LocalGame, Mode},
    };

    fn played(kind: GameKind, moves: &[&str], mode: Mode) -> Table {
        let mut record = AnyRecord::new(kind);
        for mv in moves {
            record.play_text(mv).expect("a legal move");
        }
        Table::Local(LocalGame::resume_record(record, mode))
    }

    #[test]
    fn checkers_goes_out_as_pdn_naming_who_played() {
        let texts = Texts::new(Language::English);
        let table = played(
            GameKind::Checkers,
            &["11-15", "23-19"],
            Mode::Computer(Level::Easy),
        );
        let text = game_text(&texts, &table, "2026.12.06");
        assert!(
            text.starts_with("[Event \"Cozcade\"]\n[Date \"2026.12.06\"]\n"),
            "{text}"
        );
        assert!(text.contains("[Black \"You · Red\"]"), "{text}");
        assert!(
            text.contains("[White \"Computer (Easy) · White\"]"),
            "{text}"
        );
        assert!(text.ends_with("\n1. 11-15 23-19 *\n"), "{text}");
    }

    #[test]
    fn kalah_goes_out_as_a_heading_and_its_numbered_moves() {
        let texts = Texts::new(Language::English);
        let table = played(GameKind::Kalah, &["c", "a"], Mode::SameDevice);
        let text = game_text(&texts, &table, "2026.12.06");
        assert_eq!(
            text, "Kalah: Gold against Turquoise, 2026.12.06\n\n1. c a *\n",
            "{text}"
        );
    }

    #[test]
    fn the_heading_is_in_the_players_language() {
        let texts = Texts::new(Language::Swedish);
        let table = played(GameKind::Kalah, &["c"], Mode::SameDevice);
        let text = game_text(&texts, &table, "2026.12.06");
        assert!(!text.starts_with("Kalah: Gold against"), "{text}");
        assert!(text.contains("2026.12.06"), "{text}");
    }
}
