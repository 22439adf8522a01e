use dioxus::prelude::*;

use super::unfinished_move::UnfinishedMove;
use crate::{
    i18n::Arg,
    online::{client::IntentError, connection::Intent},
    shell::{use_board, use_room, use_settings},
    state::{Action, Connection, NewRound, OnlineMessage},
};

/// A question the online screen asks in a modal before acting.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Leave gives up the seat for good.
    Leave,
    /// New round in the middle of a game asks the friend to drop it.
    NewRound,
}

/// An online game's actions: Pass when it is the move, New round (ask, or accept the friend's
/// request), Leave (asked first: it gives up the seat for good), and the last refusal. The
/// questions are the screen's (`asking`), shown over it.
#[component]
pub fn OnlineControls(asking: Signal<Option<Ask>>) -> Element {
    let board = use_board();
    let room = use_room();
    let settings = use_settings();
    let texts = settings.texts.read();
    let Some(view) = room.view().read().clone() else {
        return rsx! {};
    };
    let must_pass = board.table.read().as_ref().is_some_and(|s| s.must_pass());
    let finished = board
        .table
        .read()
        .as_ref()
        .is_some_and(|s| s.record().outcome().is_some());
    let connected = matches!(
        view.connection,
        Connection::Connected | Connection::WaitingForFriendToReturn
    );
    let friend_joined = !view.seat_open();
    let message = view.message.as_ref().map(|m| match m {
        OnlineMessage::Refused(reason) => texts.with(
            "online-refused",
            vec![("reason", Arg::from(reason.as_str()))],
        ),
        OnlineMessage::NotSent(error) => texts.get(match error {
            IntentError::NotYourTurn => "online-not-your-turn",
            IntentError::Busy => "online-busy",
            IntentError::RoundOver => "online-round-over",
            IntentError::AlreadyProposed => "online-new-round-waiting",
            IntentError::NoNewRoundRequest => "online-no-new-round-request",
            IntentError::NoState | IntentError::Stopped => "online-not-connected",
            IntentError::IllegalMove(_) => "online-illegal-move",
        }),
    });
    rsx! {
        div { class: "controls online-controls",
            UnfinishedMove {}
            if must_pass {
                button { class: "primary", onclick: move |_| board.dispatch(Action::Pass), {texts.get("action-pass")} }
            }
            // Once the game is over the game-over sheet carries New round.
            if !board.finish_shown() {
            match view.new_round {
                NewRound::AskedByFriend => rsx! {
                    p { class: "new-round-request", role: "status", "data-testid": "new-round", {texts.get("online-new-round-asked")} }
                    button {
                        class: "primary",
                        disabled: !connected || view.pending,
                        onclick: move |_| room.send(Intent::NewRound),
                        {texts.get("online-accept")}
                    }
                    button {
                        disabled: !connected || view.pending,
                        onclick: move |_| room.send(Intent::DeclineNewRound),
                        {texts.get("online-decline")}
                    }
                },
                NewRound::AskedByMe => rsx! {
                    p { class: "new-round-request", role: "status", "data-testid": "new-round", {texts.get("online-new-round-waiting")} }
                    button {
                        disabled: !connected || view.pending,
                        onclick: move |_| room.send(Intent::WithdrawNewRound),
                        {texts.get("online-withdraw")}
                    }
                },
                NewRound::None => rsx! {
                    if let Some(answer) = view.new_round_answer {
                        p { class: "new-round-answer", role: "status", "data-testid": "new-round-answer", "data-answer": answer.as_str(), {texts.get(answer.text_id())} }
                    }
                    if friend_joined {
                        button {
                            class: if finished { "primary" } else { "" },
                            disabled: !connected || view.pending,
                            onclick: move |_| {
                                if finished { room.send(Intent::NewRound) } else { asking.set(Some(Ask::NewRound)) }
                            },
                            {texts.get("online-new-round")}
                        }
                    }
                },
            }
            }
            if let Some(text) = message {
                p { class: "online-message", role: "alert", "data-testid": "online-message", "{text}" }
            }
            button { class: "link", onclick: move |_| asking.set(Some(Ask::Leave)), {texts.get("online-leave")} }
        }
    }
}
