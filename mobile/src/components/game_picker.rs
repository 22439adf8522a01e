use cozcade_engine::{AnyRecord, GameKind};
use dioxus::prelude::*;

use super::{online_games::OnlineGames, top_bar::TopBar};
use crate::{
    shell::{OFFERED, Screen, use_navigation, use_settings},
    state::Slot,
    storage::SavedGame,
};

/// The home screen: one card per game this build offers, each with its board drawn small (the
/// saved game's position when there is one), and Continue on a game with a save.
#[component]
pub fn GamePicker() -> Element {
    let navigation = use_navigation();
    let settings = use_settings();
    let texts = settings.texts.read();
    rsx! {
        TopBar { title: texts.get("app-title") }
        main { class: "screen games",
            OnlineGames {}
            h2 { {texts.get("home-heading")} }
            ul { class: "cards",
                for &kind in OFFERED {
                    {
                        let saved = saved_game(settings, kind);
                        let art = match &saved {
                            Some(saved) => cozcade_art::position_image(&saved.record),
                            None => cozcade_art::position_image(&AnyRecord::new(kind)),
                        };
                        let title_id = format!("game-title-{kind}");
                        let item = if saved.is_some() { "game-item has-save" } else { "game-item" };
                        rsx! {
                            li { key: "{kind}", class: item,
                                button {
                                    class: "card game-card",
                                    "data-game": kind.as_str(),
                                    onclick: move |_| navigation.go(Screen::Mode(kind)),
                                    // Drawn as an image, not inline SVG: the first screen's
                                    // layout is then a few boxes, not hundreds of shapes.
                                    img { class: "game-art", alt: "", src: "{art}" }
                                    span { class: "card-text",
                                        span { class: "card-title", id: "{title_id}", {texts.get(&format!("game-{kind}"))} }
                                        span { class: "card-note", {texts.get(&format!("blurb-{kind}"))} }
                                    }
                                }
                                if let Some(saved) = saved {
                                    button {
                                        class: "continue-chip",
                                        "data-testid": "continue-{kind}",
                                        "aria-describedby": "{title_id}",
                                        onclick: move |_| navigation.resume(saved.clone()),
                                        {texts.get("action-continue")}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The game Continue resumes: the one against the computer, else the one on this device; only
/// a game with moves counts (an untouched one is no different from a new game).
fn saved_game(settings: crate::shell::Settings, kind: GameKind) -> Option<SavedGame> {
    [Slot::Computer, Slot::SameDevice]
        .into_iter()
        .filter_map(|slot| settings.saved(kind, slot))
        .find(|saved| !saved.record.is_empty())
}
