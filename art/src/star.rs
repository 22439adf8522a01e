//! The Chinese Checkers star, as the app shows it: jade (who moves first) starts at the bottom
//! tip and makes for the top one. The star's shape is drawn behind the holes; the goal
//! triangles are tinted in the colour of the side that must fill them.

use cozcade_engine::{ChineseCheckers, Side, chinese_checkers::Hole};

use crate::{
    palette,
    svg::{self, Drawing},
};

/// Half the distance between neighbours in a row, and the distance between rows.
const DX: f64 = 5.0;
const DY: f64 = 8.66;
const MARGIN: f64 = 10.0;
const HOLE_RADIUS: f64 = 3.3;

pub fn draw(position: &ChineseCheckers) -> Drawing {
    let width = 24.0 * DX + 2.0 * MARGIN;
    let height = 16.0 * DY + 2.0 * MARGIN;
    let mut body = String::with_capacity(16384);
    // Two triangles make the star: one with its tip at the top row, one at the bottom row,
    // each pushed out from the outermost holes by the margin.
    let at = |row: f64, x: f64| (width / 2.0 + x * DX, MARGIN + row * DY);
    let grow = 7.2;
    let up = [
        {
            let (x, y) = at(0.0, 0.0);
            (x, y - grow * 1.15)
        },
        {
            let (x, y) = at(12.0, 12.0);
            (x + grow, y + grow * 0.58)
        },
        {
            let (x, y) = at(12.0, -12.0);
            (x - grow, y + grow * 0.58)
        },
    ];
    let down = [
        {
            let (x, y) = at(16.0, 0.0);
            (x, y + grow * 1.15)
        },
        {
            let (x, y) = at(4.0, -12.0);
            (x - grow, y - grow * 0.58)
        },
        {
            let (x, y) = at(4.0, 12.0);
            (x + grow, y - grow * 0.58)
        },
    ];
    for triangle in [up, down] {
        svg::polygon(
            &mut body,
            &triangle,
            palette::WOOD,
            Some((palette::WOOD_DARK, 1.2)),
        );
    }
    for hole in Hole::all() {
        let (x, y) = at(f64::from(hole.row()), f64::from(hole.x()));
        let socket = if hole.is_goal_of(Side::First) {
            palette::GOAL_JADE
        } else if hole.is_goal_of(Side::Second) {
            palette::GOAL_CORAL
        } else {
            palette::SOCKET
        };
        svg::classed_circle(
            &mut body,
            Some("art-hole"),
            x,
            y,
            HOLE_RADIUS,
            socket,
            Some((palette::SOCKET_RIM, 0.6)),
        );
        match position.marble_at(hole) {
            Some(Side::First) => svg::piece(
                &mut body,
                "art-marble jade",
                x,
                y,
                HOLE_RADIUS * 1.05,
                palette::JADE,
                palette::JADE_RIM,
            ),
            Some(Side::Second) => svg::piece(
                &mut body,
                "art-marble coral",
                x,
                y,
                HOLE_RADIUS * 1.05,
                palette::CORAL,
                palette::CORAL_RIM,
            ),
            None => {}
        }
    }
    Drawing {
        width,
        height,
        body,
    }
}
