//! The checkerboard as the app shows it: red (who moves first) at the bottom.

use cozcade_engine::{Checkers, checkers::Square};

use crate::{
    palette,
    svg::{self, Drawing},
};

const SQUARE: f64 = 10.0;
const FRAME: f64 = 2.0;

pub fn draw(position: &Checkers) -> Drawing {
    let size = 8.0 * SQUARE + 2.0 * FRAME;
    let mut body = String::with_capacity(4096);
    svg::rect(
        &mut body,
        0.0,
        0.0,
        size,
        size,
        2.0,
        palette::WOOD_DARK,
        None,
    );
    svg::rect(
        &mut body,
        FRAME,
        FRAME,
        8.0 * SQUARE,
        8.0 * SQUARE,
        0.0,
        palette::LIGHT_SQUARE,
        None,
    );
    for square in Square::ALL {
        // The PDN diagram turned half a turn, as the app draws it.
        let row = 7 - square.row();
        let column = 7 - square.column();
        let x = FRAME + f64::from(column) * SQUARE;
        let y = FRAME + f64::from(row) * SQUARE;
        svg::rect(
            &mut body,
            x,
            y,
            SQUARE,
            SQUARE,
            0.0,
            palette::DARK_SQUARE,
            None,
        );
        let Some(piece) = position.piece_at(square) else {
            continue;
        };
        let (cx, cy, r) = (x + SQUARE / 2.0, y + SQUARE / 2.0, SQUARE * 0.38);
        let (class, face, rim, crown) = match piece.side {
            cozcade_engine::Side::First => (
                "art-piece red",
                palette::RED,
                palette::RED_RIM,
                palette::CROWN_ON_RED,
            ),
            cozcade_engine::Side::Second => (
                "art-piece white",
                palette::WHITE,
                palette::WHITE_RIM,
                palette::CROWN_ON_WHITE,
            ),
        };
        svg::piece(&mut body, class, cx, cy, r, face, rim);
        if piece.king {
            // A ring on the face stands for the crown (no glyphs: no fonts needed).
            svg::classed_circle(
                &mut body,
                Some("art-crown"),
                cx,
                cy,
                r * 0.5,
                "none",
                Some((crown, r * 0.22)),
            );
        }
    }
    Drawing {
        width: size,
        height: size,
        body,
    }
}
