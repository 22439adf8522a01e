//! The Kalah board lying across, as the app shows it sideways: gold's pits run right along the
//! bottom row into gold's store on the right, turquoise's left along the top into its store on
//! the left. Every seed is drawn as a pebble.

use cozcade_engine::{Kalah, Side, kalah::Pit};

use crate::{
    palette,
    svg::{self, Drawing},
};

const WIDTH: f64 = 166.0;
const HEIGHT: f64 = 64.0;
const PIT_RADIUS: f64 = 9.0;
const STORE: (f64, f64) = (18.0, 52.0);
/// The golden angle's cosine and sine: successive pebbles turn by it and never line up. (The
/// turn is applied by rotating a vector: no trigonometry in the app's wasm.)
const TURN: (f64, f64) = (-0.737_368_878_078_319_7, 0.675_490_294_261_523_9);

pub fn draw(position: &Kalah) -> Drawing {
    let mut body = String::with_capacity(8192);
    // Inset by half the outline, which would be cut off at the edge.
    svg::rect(
        &mut body,
        0.75,
        0.75,
        WIDTH - 1.5,
        HEIGHT - 1.5,
        8.0,
        palette::WOOD,
        Some((palette::WOOD_DARK, 1.5)),
    );
    for side in [Side::First, Side::Second] {
        let colour = side_colour(side);
        let x = match side {
            Side::First => WIDTH - 4.0 - STORE.0,
            Side::Second => 4.0,
        };
        let y = (HEIGHT - STORE.1) / 2.0;
        svg::rect(
            &mut body,
            x,
            y,
            STORE.0,
            STORE.1,
            STORE.0 / 2.0,
            palette::PIT,
            Some((colour, 1.5)),
        );
        let centre = (x + STORE.0 / 2.0, HEIGHT / 2.0);
        pebbles(
            &mut body,
            position.store(side),
            centre,
            (STORE.0 / 2.0, STORE.1 / 2.0),
        );
        for pit in Pit::ALL {
            let (cx, cy) = pit_centre(side, pit);
            svg::circle(
                &mut body,
                cx,
                cy,
                PIT_RADIUS,
                palette::PIT,
                Some((colour, 1.2)),
            );
            let seeds = position.seeds(side, pit);
            pebbles(&mut body, seeds, (cx, cy), (PIT_RADIUS, PIT_RADIUS));
        }
    }
    Drawing {
        width: WIDTH,
        height: HEIGHT,
        body,
    }
}

fn side_colour(side: Side) -> &'static str {
    match side {
        Side::First => palette::GOLD,
        Side::Second => palette::TURQUOISE,
    }
}

/// Gold's pit i faces turquoise's pit 5 - i: both sit in column i from the left.
fn pit_centre(side: Side, pit: Pit) -> (f64, f64) {
    let column = match side {
        Side::First => pit.index(),
        Side::Second => 5 - pit.index(),
    };
    let x = 4.0 + STORE.0 + 2.0 + PIT_RADIUS + 20.0 * column as f64;
    let y = match side {
        Side::First => HEIGHT - 17.0,
        Side::Second => 17.0,
    };
    (x, y)
}

/// `count` pebbles spread over an ellipse of half-axes `reach` round `centre`, in a sunflower
/// spiral: evenly filled for any count, the same picture for the same count.
fn pebbles(out: &mut String, count: u8, centre: (f64, f64), reach: (f64, f64)) {
    if count == 0 {
        return;
    }
    let n = f64::from(count);
    // Pebbles shrink as they crowd, to cover about half of the pit.
    let radius = (0.5 * reach.0 * reach.1 / n).sqrt().min(2.1);
    let spread = (
        (reach.0 - radius - 0.6).max(0.0),
        (reach.1 - radius - 0.6).max(0.0),
    );
    let mut direction = (1.0, 0.0);
    for k in 0..count {
        let along = ((f64::from(k) + 0.5) / n).sqrt();
        let x = centre.0 + spread.0 * along * direction.0;
        let y = centre.1 + spread.1 * along * direction.1;
        direction = (
            direction.0 * TURN.0 - direction.1 * TURN.1,
            direction.0 * TURN.1 + direction.1 * TURN.0,
        );
        let colour = palette::SEEDS[usize::from(k) % palette::SEEDS.len()];
        svg::classed_circle(
            out,
            Some("art-seed"),
            x,
            y,
            radius,
            colour,
            Some((palette::PIT_LINE, radius * 0.25)),
        );
    }
}
