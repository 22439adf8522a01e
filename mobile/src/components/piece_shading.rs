//! The gradients that give the boards' pieces depth, drawn once inside each board's SVG: a
//! shine lit from the upper left that darkens towards the rim, and a soft shadow. Both are
//! translucent overlays, so a piece's own colour (from the theme) is what meets its square.

use dioxus::prelude::*;

#[component]
pub fn PieceShading() -> Element {
    rsx! {
        defs {
            radialGradient { id: "cz-shine", "cx": "0.5", "cy": "0.5", "r": "0.5", "fx": "0.36", "fy": "0.3",
                stop { "offset": "0", "stop-color": "#fff", "stop-opacity": "0.7" }
                stop { "offset": "0.4", "stop-color": "#fff", "stop-opacity": "0" }
                stop { "offset": "0.78", "stop-color": "#000", "stop-opacity": "0" }
                stop { "offset": "1", "stop-color": "#000", "stop-opacity": "0.32" }
            }
            radialGradient { id: "cz-shadow", "cx": "0.5", "cy": "0.5", "r": "0.5",
                stop { "offset": "0.55", "stop-color": "#000", "stop-opacity": "0.4" }
                stop { "offset": "1", "stop-color": "#000", "stop-opacity": "0" }
            }
        }
    }
}
