use dioxus::prelude::*;

use crate::{
    shell::{use_room, use_settings},
    state::Invitation,
};

/// "Your online games": the rooms this device holds a seat in, each opening its room.
#[component]
pub fn OnlineGames() -> Element {
    let room = use_room();
    let settings = use_settings();
    let texts = settings.texts.read();
    let seats = room.room_seats();
    if seats.is_empty() {
        return rsx! {};
    }
    rsx! {
        section { class: "online-games", aria_labelledby: "online-games-heading",
            h2 { id: "online-games-heading", {texts.get("online-games-heading")} }
            ul { class: "cards",
                for seat in seats {
                    li { key: "{seat.server}/{seat.room}",
                        button {
                            class: "card room-card",
                            "data-room": "{seat.room}",
                            onclick: {
                                let invitation = Invitation { server: seat.server.clone(), room: seat.room.clone() };
                                move |_| room.open_invitation(invitation.clone())
                            },
                            span { class: "card-title", {texts.get(&format!("game-{}", seat.game))} }
                            span { class: "card-note", {texts.with("online-room-note", vec![("room", seat.room.chars().take(6).collect::<String>().into())])} }
                        }
                    }
                }
            }
        }
    }
}
