//! The app's colours, read from its stylesheet (mobile/web/app.css, the light theme) when this
//! crate is built (see build.rs): a drawing of a position is painted as the board on screen is.
//! A colour named here that the stylesheet lacks is a compile error.

include!(concat!(env!("OUT_DIR"), "/palette.rs"));

/// Seeds: the stylesheet's pebble colours, light against the pits' wood.
pub const SEEDS: [&str; 3] = [PEBBLE_1, PEBBLE_2, PEBBLE_3];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawings_colours_are_the_stylesheets() {
        let css = include_str!("../../mobile/web/app.css");
        for (name, value) in [
            ("--paper", PAPER),
            ("--wood", WOOD),
            ("--pit", PIT),
            ("--red", RED),
            ("--jade", JADE),
            ("--coral", CORAL),
            ("--pebble-1", SEEDS[0]),
        ] {
            assert!(
                css.contains(&format!("{name}: {value}")),
                "{name} is not {value} in app.css"
            );
        }
    }
}
