use cozcade_engine::Side;
use dioxus::prelude::*;

use super::modal::Modal;
use crate::{
    i18n::{Arg, Texts},
    shell::{use_room, use_settings},
    state::{
        Invitation,
        online_games::{Ago, ListedGame, Whose},
    },
};

/// "Your online games": the rooms this device holds a seat in, latest played first. Each says
/// the game, the friend's colour, whose turn it is and when it was last played, opens its
/// room, and can be left from here (asked first: it gives up the seat for good).
#[component]
pub fn OnlineGames() -> Element {
    let room = use_room();
    let settings = use_settings();
    let texts = settings.texts.read();
    // Bumped after a leave, so the list is read again.
    let mut changed = use_signal(|| 0u32);
    let mut leaving = use_signal(|| None::<ListedGame>);
    let _ = changed.read();
    let games = room.listed_games();
    if games.is_empty() {
        return rsx! {};
    }
    let question = leaving.read().clone();
    rsx! {
        section { class: "online-games", aria_labelledby: "online-games-heading",
            h2 { id: "online-games-heading", {texts.get("online-games-heading")} }
            ul { class: "cards",
                for listed in games {
                    li { key: "{listed.server}/{listed.room}", class: "room-entry", "data-room": "{listed.room}",
                        {
                            let game_name = texts.get(&format!("game-{}", listed.game));
                            let leave_label = format!("{}: {game_name}", texts.get("online-games-leave"));
                            rsx! {
                        button {
                            class: "card room-card",
                            "data-room": "{listed.room}",
                            onclick: {
                                let invitation = Invitation { server: listed.server.clone(), room: listed.room.clone() };
                                move |_| room.open_invitation(invitation.clone(), None)
                            },
                            span { class: "card-title", {texts.get(&format!("game-{}", listed.game))} }
                            for (i, line) in glance_lines(&texts, &listed).into_iter().enumerate() {
                                span { key: "{i}", class: "card-note room-glance", "{line}" }
                            }
                        }
                        button {
                            class: "link room-leave",
                            aria_label: "{leave_label}",
                            onclick: {
                                let listed = listed.clone();
                                move |_| leaving.set(Some(listed.clone()))
                            },
                            {texts.get("online-games-leave")}
                        }
                            }
                        }
                    }
                }
            }
        }
        if let Some(listed) = question {
            Modal { label: "leave-from-list-text", class: "confirm", alert: true, on_close: move |_| leaving.set(None),
                p { id: "leave-from-list-text",
                    {texts.with("online-games-leave-question", vec![("game", texts.get(&format!("game-{}", listed.game)).into())])}
                }
                div { class: "actions",
                    button { onclick: move |_| leaving.set(None), {texts.get("online-stay")} }
                    button {
                        class: "danger",
                        onclick: move |_| {
                            leaving.set(None);
                            room.leave_from_list(&listed.server, &listed.room);
                            changed += 1;
                        },
                        {texts.get("online-leave-yes")}
                    }
                }
            }
        }
    }
}

/// The friend's colour, whose turn, and when last played; the room's short id while this
/// device has never been in it.
fn glance_lines(texts: &Texts, listed: &ListedGame) -> Vec<String> {
    let side = |s: Side| texts.get(&format!("side-{}", listed.game.side_name(s)));
    let mut lines = Vec::new();
    if let Some(friend) = listed.friend {
        lines.push(texts.with(
            "online-games-friend-plays",
            vec![("side", side(friend).into())],
        ));
    }
    if let Some(whose) = listed.whose {
        lines.push(texts.get(match whose {
            Whose::Yours => "online-games-your-turn",
            Whose::Friends => "online-games-friends-turn",
            Whose::Over => "online-games-over",
        }));
    }
    if let Some(ago) = listed.ago {
        lines.push(match ago {
            Ago::JustNow => texts.get("online-games-just-now"),
            Ago::Minutes(n) => texts.with("online-games-minutes-ago", vec![("n", Arg::from(n))]),
            Ago::Hours(n) => texts.with("online-games-hours-ago", vec![("n", Arg::from(n))]),
            Ago::Days(n) => texts.with("online-games-days-ago", vec![("n", Arg::from(n))]),
        });
    }
    if lines.is_empty() {
        let short: String = listed.room.chars().take(6).collect();
        lines.push(texts.with("online-room-note", vec![("room", short.into())]));
    }
    lines
}
