//! The Chinese Checkers star, as the app shows it: jade (who moves first) starts at the bottom
//! tip and makes for the top one. Its geometry is here once, for the app's board and for the
//! drawings: holes on rows 38 units apart, 22 units per half-hole across; the star's shape is
//! its outline through the outermost holes drawn with a wide round-joined stroke, and the goal
//! points are tinted in the colour of the side that must fill them.

use cozcade_engine::{ChineseCheckers, Side, chinese_checkers::Hole};

use crate::{
    palette,
    svg::{self, Drawing},
};

/// The star's size in its own units (the app's SVG viewBox).
pub const SIZE: (i32, i32) = (600, 672);

/// Where row `row`, half-hole `x` falls in the star's units: a hole's centre, or a corner of
/// the star's outline.
pub fn point(row: i32, x: i32) -> (i32, i32) {
    (300 + x * 22, 32 + row * 38)
}

/// A hole's centre in the star's units.
pub fn centre(hole: Hole) -> (i32, i32) {
    point(i32::from(hole.row()), i32::from(hole.x()))
}

/// The star's outline through its outermost holes (row, half-hole), clockwise from the top
/// tip; drawn with a stroke of [`EDGE_STROKE`], so that the shape reaches past every hole.
pub const OUTLINE: [(i32, i32); 12] = [
    (0, 0),
    (4, 4),
    (4, 12),
    (8, 8),
    (12, 12),
    (12, 4),
    (16, 0),
    (12, -4),
    (12, -12),
    (8, -8),
    (4, -12),
    (4, -4),
];

/// The two home points (row, half-hole corners): coral starts in the top one, jade in the
/// bottom one, and each must reach the other's.
pub const HOMES: [(Side, [(i32, i32); 3]); 2] = [
    (Side::Second, [(0, 0), (3, 3), (3, -3)]),
    (Side::First, [(16, 0), (13, -3), (13, 3)]),
];

/// Stroke widths of the star's edge, its face and the homes; a hole's socket and a marble's
/// radius (the app's stylesheet draws them with the same numbers).
pub const EDGE_STROKE: f64 = 61.0;
pub const FACE_STROKE: f64 = 56.0;
pub const HOME_STROKE: f64 = 40.0;
pub const SOCKET_RADIUS: f64 = 15.0;
pub const MARBLE_RADIUS: f64 = 13.0;

/// The star's outline through `corners`, in the star's units.
fn corners(corners: &[(i32, i32)]) -> Vec<(f64, f64)> {
    corners
        .iter()
        .map(|&(row, x)| {
            let (x, y) = point(row, x);
            (f64::from(x), f64::from(y))
        })
        .collect()
}

pub fn draw(position: &ChineseCheckers) -> Drawing {
    // The stroke reaches half its width past the outline: the drawing's box grows by as much.
    let margin = EDGE_STROKE / 2.0;
    let mut body = String::with_capacity(16384);
    let _ = std::fmt::Write::write_fmt(
        &mut body,
        format_args!("<g transform=\"translate({margin},{margin})\">"),
    );
    let outline = corners(&OUTLINE);
    svg::polygon(
        &mut body,
        &outline,
        palette::STAR_LINE,
        Some((palette::STAR_LINE, EDGE_STROKE)),
    );
    svg::polygon(
        &mut body,
        &outline,
        palette::STAR,
        Some((palette::STAR, FACE_STROKE)),
    );
    for (side, home) in HOMES {
        let colour = match side {
            Side::First => palette::HOME_JADE,
            Side::Second => palette::HOME_CORAL,
        };
        svg::polygon(
            &mut body,
            &corners(&home),
            colour,
            Some((colour, HOME_STROKE)),
        );
    }
    for hole in Hole::all() {
        let (x, y) = centre(hole);
        let (x, y) = (f64::from(x), f64::from(y));
        svg::classed_circle(
            &mut body,
            Some("art-hole"),
            x,
            y,
            SOCKET_RADIUS,
            palette::SOCKET,
            Some((palette::SOCKET_LINE, 2.0)),
        );
        let marble = match position.marble_at(hole) {
            Some(Side::First) => Some(("art-marble jade", palette::JADE, palette::JADE_RIM)),
            Some(Side::Second) => Some(("art-marble coral", palette::CORAL, palette::CORAL_RIM)),
            None => None,
        };
        if let Some((class, face, rim)) = marble {
            svg::piece(&mut body, class, x, y, MARBLE_RADIUS, face, rim);
        }
    }
    body.push_str("</g>");
    Drawing {
        width: f64::from(SIZE.0) + 2.0 * margin,
        height: f64::from(SIZE.1) + 2.0 * margin,
        body,
    }
}
