use dioxus::prelude::*;

use crate::shell::use_settings;

/// Sound on or off, beside the language on every screen's top bar; the choice is kept on the
/// device. A speaker, struck through when off, and the word for screen readers.
#[component]
pub fn SoundToggle() -> Element {
    let settings = use_settings();
    let texts = settings.texts.read();
    let on = *settings.sound.read();
    rsx! {
        button {
            class: "sound-toggle",
            "data-testid": "sound",
            aria_label: texts.get("sound-label"),
            aria_pressed: on,
            title: texts.get(if on { "sound-on" } else { "sound-off" }),
            onclick: move |_| settings.set_sound(!on),
            svg {
                view_box: "0 0 24 24",
                width: "22",
                height: "22",
                "aria-hidden": "true",
                path { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }
                if on {
                    path {
                        d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12",
                        fill: "none",
                        stroke: "currentColor",
                        stroke_width: "2",
                        stroke_linecap: "round",
                    }
                } else {
                    path {
                        d: "M16 9l6 6M22 9l-6 6",
                        fill: "none",
                        stroke: "currentColor",
                        stroke_width: "2",
                        stroke_linecap: "round",
                    }
                }
            }
        }
    }
}
