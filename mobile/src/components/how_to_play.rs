use cozcade_engine::{AnyRecord, GameKind};
use dioxus::prelude::*;

use super::top_bar::TopBar;
use crate::shell::use_settings;

/// A picture among the rules: after which paragraph it stands, the moves from the start that
/// reach the position it draws, and its caption's text key.
struct Diagram {
    after: usize,
    moves: &'static [&'static str],
    caption: &'static str,
}

/// Each game's pictures: the board at the start, and for Kalah a sowing that ends in the store.
fn diagrams(kind: GameKind) -> &'static [Diagram] {
    match kind {
        GameKind::Kalah => &[
            Diagram {
                after: 0,
                moves: &[],
                caption: "how-diagram-kalah-start",
            },
            Diagram {
                after: 2,
                moves: &["c"],
                caption: "how-diagram-kalah-again",
            },
        ],
        GameKind::Checkers => &[Diagram {
            after: 0,
            moves: &[],
            caption: "how-diagram-checkers-start",
        }],
        GameKind::ChineseCheckers => &[Diagram {
            after: 0,
            moves: &[],
            caption: "how-diagram-chinese-checkers-start",
        }],
    }
}

/// The position a diagram draws, as an image's address (the `art` drawing, as on the game
/// cards); `None` if its moves were not legal, which the tests rule out.
fn diagram_image(kind: GameKind, diagram: &Diagram) -> Option<String> {
    let mut record = AnyRecord::new(kind);
    for text in diagram.moves {
        record.play_text(text).ok()?;
    }
    Some(cozcade_art::position_image(&record))
}

/// A short page of rules per game, in the chosen language, then how a game with a friend works:
/// the invitation, the personal link, a new link.
#[component]
pub fn HowToPlay(kind: GameKind) -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let game = texts.get(&format!("game-{kind}"));
    let title = texts.with("how-to-play-title", vec![("game", game.into())]);
    let body = texts.get(&format!("how-{kind}"));
    let online = texts.get("how-online");
    rsx! {
        TopBar { title }
        main { class: "screen how-to-play",
            for (i, paragraph) in body.lines().enumerate() {
                p { key: "{i}", "{paragraph}" }
                for diagram in diagrams(kind).iter().filter(|d| d.after == i) {
                    if let Some(src) = diagram_image(kind, diagram) {
                        figure { key: "{diagram.caption}", class: "how-diagram",
                            img { class: "how-diagram-{kind}", alt: "", src: "{src}" }
                            figcaption { {texts.get(diagram.caption)} }
                        }
                    }
                }
            }
            section { class: "how-online", aria_labelledby: "how-online-heading",
                h2 { id: "how-online-heading", {texts.get("how-online-title")} }
                for (i, paragraph) in online.lines().enumerate() {
                    p { key: "online-{i}", "{paragraph}" }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_diagram_is_drawn_and_captioned_in_english() {
        let texts = crate::i18n::Texts::new(crate::i18n::Language::English);
        for kind in [
            GameKind::Kalah,
            GameKind::Checkers,
            GameKind::ChineseCheckers,
        ] {
            let paragraphs = texts.get(&format!("how-{kind}")).lines().count();
            for diagram in diagrams(kind) {
                let image = diagram_image(kind, diagram).expect("its moves are legal");
                assert!(image.starts_with("data:image/svg+xml,"));
                assert!(
                    diagram.after < paragraphs,
                    "{kind}: after paragraph {}",
                    diagram.after
                );
                assert_ne!(
                    texts.get(diagram.caption),
                    diagram.caption,
                    "{kind}: a caption"
                );
            }
        }
        // The Kalah sowing drawn is the one its caption tells: c ends in the store.
        let mut record = AnyRecord::new(GameKind::Kalah);
        record.play_text("c").unwrap();
        assert_eq!(
            record.turn(),
            AnyRecord::new(GameKind::Kalah).turn(),
            "the same player again"
        );
    }
}
