//! A game position drawn as SVG: the same picture for the app's game picker and the room
//! server's link preview (which renders it to a PNG).
//!
//! Pure and small: plain string building over the engine's positions, no I/O and no
//! dependencies beyond the engine, so it costs the web build little. The drawings carry no
//! text (the server renders them without fonts) and nothing about the players: only the game
//! and where its pieces stand. Colours are the app's own (mobile/web/app.css).

mod checkers;
mod kalah;
mod palette;
pub mod star;
mod svg;

use cozcade_engine::{AnyRecord, Checkers, ChineseCheckers, GameKind, Kalah};

pub use svg::Drawing;

/// The link preview's size: what chat apps show for `summary_large_image` (1.91:1).
pub const CARD_WIDTH: u32 = 1200;
pub const CARD_HEIGHT: u32 = 630;

/// The current position of a game, drawn on its own: a complete `<svg>` element.
pub fn position(record: &AnyRecord) -> String {
    board(record).to_svg()
}

/// The current position of a game as an image's address: its SVG in a `data:` URL. A page
/// shows it as an `<img>`, which the browser draws apart from the page: none of the page's
/// styles to match against hundreds of shapes, nothing in the page's layout but one box.
pub fn position_image(record: &AnyRecord) -> String {
    data_url(&position(record))
}

/// The link preview's picture (see [`card`]) as an image's address, for a page to draw into a
/// PNG of its own: a finished game shared as a picture.
pub fn card_image(record: &AnyRecord) -> String {
    data_url(&card(record))
}

/// `svg` as a `data:image/svg+xml` URL, percent-encoding what a URL cannot hold as it is.
fn data_url(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() + svg.len() / 4 + 20);
    out.push_str("data:image/svg+xml,");
    for c in svg.chars() {
        match c {
            '%' => out.push_str("%25"),
            '#' => out.push_str("%23"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '"' => out.push_str("%22"),
            '\n' => out.push_str("%0A"),
            c => out.push(c),
        }
    }
    out
}

/// The starting position of a game of `kind`: a complete `<svg>` element.
pub fn start(kind: GameKind) -> String {
    position(&AnyRecord::new(kind))
}

/// The link preview: the position centred on the app's paper, 1200 x 630, with the app's
/// three-marble mark in a corner.
pub fn card(record: &AnyRecord) -> String {
    let board = board(record);
    let (width, height) = (f64::from(CARD_WIDTH), f64::from(CARD_HEIGHT));
    let margin = 40.0;
    // The largest box of the board's proportions inside the margins.
    let scale = ((width - 2.0 * margin) / board.width).min((height - 2.0 * margin) / board.height);
    let (w, h) = (board.width * scale, board.height * scale);
    let (x, y) = ((width - w) / 2.0, (height - h) / 2.0);
    let mut out = String::with_capacity(board.body.len() + 1024);
    svg::open(&mut out, width, height, Some((CARD_WIDTH, CARD_HEIGHT)));
    svg::rect(&mut out, 0.0, 0.0, width, height, 0.0, palette::PAPER, None);
    mark(&mut out, width - 86.0, height - 86.0, 64.0);
    out.push_str(&format!(
        "<svg x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">",
        svg::num(x),
        svg::num(y),
        svg::num(w),
        svg::num(h),
        svg::num(board.width),
        svg::num(board.height)
    ));
    out.push_str(&board.body);
    out.push_str("</svg></svg>");
    out
}

/// The drawing of the current position of `record`.
pub fn board(record: &AnyRecord) -> Drawing {
    match record {
        AnyRecord::Checkers(r) => checkers_board(r.position()),
        AnyRecord::Kalah(r) => kalah_board(r.position()),
        AnyRecord::ChineseCheckers(r) => star_board(r.position()),
    }
}

pub fn checkers_board(position: &Checkers) -> Drawing {
    checkers::draw(position)
}

pub fn kalah_board(position: &Kalah) -> Drawing {
    kalah::draw(position)
}

pub fn star_board(position: &ChineseCheckers) -> Drawing {
    star::draw(position)
}

/// The app's icon in small: three marbles in a ring, `size` wide, its corner at `x`, `y`.
fn mark(out: &mut String, x: f64, y: f64, size: f64) {
    let s = size / 100.0;
    let at = |v: f64| v * s;
    svg::circle(out, x + at(50.0), y + at(50.0), at(40.0), "#d6c9b0", None);
    svg::circle(
        out,
        x + at(50.0),
        y + at(50.0),
        at(37.0),
        palette::PAPER,
        None,
    );
    for (cx, cy, fill) in [
        (50.0, 33.5, "#2e9e6b"),
        (35.7, 58.3, "#e0a82e"),
        (64.3, 58.3, "#c43a31"),
    ] {
        svg::circle(out, x + at(cx), y + at(cy), at(10.5), fill, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }

    /// Undoes [`data_url`]'s escapes.
    fn decoded(url: &str) -> String {
        let body = url
            .strip_prefix("data:image/svg+xml,")
            .expect("an SVG data URL");
        let mut out = String::new();
        let mut rest = body;
        while let Some(at) = rest.find('%') {
            out.push_str(&rest[..at]);
            let byte = u8::from_str_radix(&rest[at + 1..at + 3], 16).expect("two hex digits");
            out.push(char::from(byte));
            rest = &rest[at + 3..];
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn a_position_image_is_its_svg_escaped_for_a_url() {
        for kind in [
            GameKind::Checkers,
            GameKind::Kalah,
            GameKind::ChineseCheckers,
        ] {
            let record = AnyRecord::new(kind);
            let url = position_image(&record);
            let body = url.trim_start_matches("data:image/svg+xml,");
            // Nothing a URL or an HTML attribute would read another way.
            for c in ['#', '<', '>', '"', '\n'] {
                assert!(!body.contains(c), "{kind:?}: {c:?} in {url}");
            }
            assert_eq!(decoded(&url), position(&record), "{kind:?}");
        }
        assert_eq!(
            data_url("<a b=\"50%\">#</a>\n"),
            "data:image/svg+xml,%3Ca b=%2250%25%22%3E%23%3C/a%3E%0A"
        );
    }

    #[test]
    fn the_card_as_an_image_has_its_pixel_size_for_a_page_to_draw_it() {
        let image = card_image(&AnyRecord::new(GameKind::Kalah));
        assert!(image.starts_with("data:image/svg+xml,%3Csvg "), "{image}");
        assert!(
            image.contains("width=%221200%22 height=%22630%22"),
            "{image}"
        );
        assert!(!image.contains('<') && !image.contains('#'));
    }

    #[test]
    fn every_start_is_one_well_formed_svg() {
        for kind in [
            GameKind::Checkers,
            GameKind::Kalah,
            GameKind::ChineseCheckers,
        ] {
            let svg = start(kind);
            assert!(
                svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
                "{svg}"
            );
            assert!(svg.ends_with("</svg>"));
            assert_eq!(count(&svg, "<svg"), count(&svg, "</svg>"));
            assert!(
                !svg.contains("<text"),
                "no fonts where the server renders it"
            );
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        }
    }

    #[test]
    fn checkers_draws_every_piece_and_marks_kings() {
        let start = start(GameKind::Checkers);
        assert_eq!(count(&start, "class=\"art-piece red\""), 12);
        assert_eq!(count(&start, "class=\"art-piece white\""), 12);
        assert_eq!(count(&start, "class=\"art-crown\""), 0);
        let kings = AnyRecord::from_fen(GameKind::Checkers, "W:WK10,30:B1,K22").expect("fen");
        let svg = position(&kings);
        assert_eq!(count(&svg, "class=\"art-piece white\""), 2);
        assert_eq!(count(&svg, "class=\"art-piece red\""), 2);
        assert_eq!(count(&svg, "class=\"art-crown\""), 2);
    }

    #[test]
    fn kalah_draws_one_pebble_per_seed() {
        let svg = start(GameKind::Kalah);
        assert_eq!(count(&svg, "class=\"art-seed\""), 48);
        let mut record = AnyRecord::new(GameKind::Kalah);
        let first = record.legal_moves()[0];
        record.play(&first).expect("legal");
        let svg = position(&record);
        assert_eq!(
            count(&svg, "class=\"art-seed\""),
            48,
            "sowing moves seeds, never loses one"
        );
        let full =
            AnyRecord::from_fen(GameKind::Kalah, "G:G40,1,0,0,0,0,0:T0,0,0,0,0,7,0").expect("fen");
        assert_eq!(count(&position(&full), "class=\"art-seed\""), 48);
    }

    #[test]
    fn the_star_has_every_hole_and_marble() {
        let svg = start(GameKind::ChineseCheckers);
        assert_eq!(count(&svg, "class=\"art-hole"), 121);
        assert_eq!(count(&svg, "class=\"art-marble jade\""), 10);
        assert_eq!(count(&svg, "class=\"art-marble coral\""), 10);
    }

    #[test]
    fn a_position_changes_the_picture() {
        for kind in [
            GameKind::Checkers,
            GameKind::Kalah,
            GameKind::ChineseCheckers,
        ] {
            let mut record = AnyRecord::new(kind);
            let before = position(&record);
            let mv = record.legal_moves()[0];
            record.play(&mv).expect("legal");
            assert_ne!(before, position(&record), "{kind}");
        }
    }

    #[test]
    fn the_card_is_1200_by_630() {
        let svg = card(&AnyRecord::new(GameKind::Kalah));
        assert!(svg.contains("width=\"1200\" height=\"630\""), "{svg}");
        assert_eq!(count(&svg, "<svg"), 2);
        assert_eq!(count(&svg, "</svg>"), 2);
    }
}
