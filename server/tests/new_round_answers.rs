//! What an invitation's welcome reads before a seat is taken (`GET /api/rooms/<id>`), and a
//! request for a new round declined by the other player or withdrawn by its asker, over real
//! sockets and through a restart of the server on the same store.

mod common;

use common::{Player, TestServer, http, two_players};
use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{
    ActionId, ClientMessage, ErrorCode, Event, NewRoundAnswer, RoomInfo, RoomState, ServerMessage,
};

fn info(body: &str) -> RoomInfo {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("not a RoomInfo: {e}: {body}"))
}

#[tokio::test]
async fn the_welcome_reads_the_room_without_taking_a_seat() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Checkers).await;
    let path = format!("/api/rooms/{}", room.room);
    // Read as often as a link preview and a page load might: the guest seat stays open.
    for _ in 0..3 {
        let (status, body) = http(server.addr, "GET", &path, "").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            info(&body),
            RoomInfo {
                room: room.room.clone(),
                game: GameKind::Checkers,
                open_seat: Some(Side::Second),
            }
        );
    }
    // Nor does the invitation page itself, fetched as a chat app's link preview would.
    let (status, _, _) = common::get(server.addr, &format!("/r/{}", room.room), &[]).await;
    assert_eq!(status, 200);
    let (_, body) = http(server.addr, "GET", &path, "").await;
    assert_eq!(info(&body).open_seat, Some(Side::Second));
    let (_, headers, _) = common::get(server.addr, &path, &[]).await;
    assert_eq!(common_header(&headers, "cache-control"), Some("no-store"));

    // The first hello without a key still gets the guest seat; then the room is full.
    let mut guest = server.connect().await;
    guest.hello(room.room.as_str(), None, None).await;
    let guest = Player::welcomed(guest, None, GameKind::Checkers).await;
    assert_eq!(guest.seat, Side::Second);
    let (_, body) = http(server.addr, "GET", &path, "").await;
    assert_eq!(info(&body).open_seat, None, "full");

    // The guest leaves: its seat is open again for the next person with the link.
    let mut guest = guest;
    let id = guest.client.action_id();
    guest
        .client
        .send(&ClientMessage::Leave { action_id: id })
        .await;
    guest.next_event().await;
    let (_, body) = http(server.addr, "GET", &path, "").await;
    assert_eq!(info(&body).open_seat, Some(Side::Second));

    // Unknown rooms and things that are no room id: 404 with the reason.
    let (status, body) = http(
        server.addr,
        "GET",
        &format!("/api/rooms/{}", "0".repeat(20)),
        "",
    )
    .await;
    assert_eq!(status, 404);
    assert!(body.contains("no room"), "{body}");
    let (status, _) = http(server.addr, "GET", "/api/rooms/..%2F..%2Fetc", "").await;
    assert_eq!(status, 404);
}

fn common_header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

fn error_code(message: &ServerMessage) -> ErrorCode {
    match message {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("expected an error, got {other:?}"),
    }
}

fn kind(message: &ServerMessage) -> (u64, Side, Event) {
    match message {
        ServerMessage::Event { seq, by, event, .. } => (*seq, *by, event.clone()),
        other => panic!("expected an event, got {other:?}"),
    }
}

#[tokio::test]
async fn a_request_can_be_declined_or_withdrawn_and_both_players_see_which() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    creator.client.play(0, "a").await;
    creator.next_event().await;
    guest.next_event().await;

    // The guest asks; the guest itself cannot decline, a stale decline is refused, and the
    // creator's decline on the current number is confirmed to both.
    guest.client.ask_new_round(1).await;
    guest.next_event().await;
    creator.next_event().await;
    let decline = |action_id: ActionId, seq| ClientMessage::DeclineNewRound { action_id, seq };
    let withdraw = |action_id: ActionId, seq| ClientMessage::WithdrawNewRound { action_id, seq };
    let id = guest.client.action_id();
    guest.client.send(&decline(id, 2)).await;
    assert_eq!(
        error_code(&guest.client.recv().await),
        ErrorCode::NoNewRoundRequest
    );
    let id = creator.client.action_id();
    creator.client.send(&withdraw(id, 2)).await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::NoNewRoundRequest
    );
    let id = creator.client.action_id();
    creator.client.send(&decline(id, 1)).await;
    assert_eq!(error_code(&creator.client.recv().await), ErrorCode::Stale);
    let sent = creator
        .online
        .decline_new_round()
        .expect("a request to decline");
    creator.send(sent).await;
    let seen_by_creator = creator.next_event().await;
    let seen_by_guest = guest.next_event().await;
    assert_eq!(
        kind(&seen_by_creator),
        (3, Side::First, Event::NewRoundDeclined)
    );
    assert_eq!(seen_by_creator, seen_by_guest);
    assert_eq!((creator.proposed_by(), guest.proposed_by()), (None, None));
    assert_eq!(creator.record().move_texts(), ["a"], "the round goes on");
    // A full sync says so too, for a player who comes back to one instead of a replay.
    let state = resync(&mut guest.client).await;
    assert_eq!(
        (
            state.seq,
            state.new_round_proposed_by,
            state.new_round_answer
        ),
        (3, None, Some(NewRoundAnswer::Declined { by: Side::First }))
    );

    // The creator asks and takes it back.
    let sent = creator.online.new_round().expect("ask");
    creator.send(sent).await;
    creator.next_event().await;
    guest.next_event().await;
    let sent = creator.online.withdraw_new_round().expect("withdraw");
    creator.send(sent).await;
    assert_eq!(
        kind(&creator.next_event().await),
        (5, Side::First, Event::NewRoundWithdrawn)
    );
    assert_eq!(
        kind(&guest.next_event().await),
        (5, Side::First, Event::NewRoundWithdrawn)
    );
    // The guest's acceptance built on the withdrawn request is stale.
    guest.client.ask_new_round(4).await;
    assert_eq!(error_code(&guest.client.recv().await), ErrorCode::Stale);

    // A restart on the same store: the answers are kept, the request is gone, and a client
    // that comes back with an older number gets them replayed.
    let mut server = server;
    server.restart().await;
    let mut back = common::Client::connect(server.addr).await;
    back.hello(room.room.as_str(), Some(guest.seat_key.as_str()), Some(2))
        .await;
    let welcome = back.recv().await;
    assert!(
        matches!(
            welcome,
            ServerMessage::Welcome {
                seq: 5,
                resync: false,
                ..
            }
        ),
        "{welcome:?}"
    );
    let replayed: Vec<(u64, Side, Event)> =
        [back.recv().await, back.recv().await, back.recv().await]
            .iter()
            .map(kind)
            .collect();
    assert_eq!(
        replayed,
        [
            (3, Side::First, Event::NewRoundDeclined),
            (4, Side::First, Event::NewRoundProposed),
            (5, Side::First, Event::NewRoundWithdrawn),
        ]
    );
    let state = resync(&mut back).await;
    assert_eq!(
        (
            state.seq,
            state.round,
            state.new_round_proposed_by,
            state.new_round_answer
        ),
        (
            5,
            1,
            None,
            Some(NewRoundAnswer::Withdrawn { by: Side::First })
        )
    );
    // Nothing left to withdraw after the restart.
    back.send(&withdraw("late".parse().expect("an action id"), 5))
        .await;
    assert_eq!(error_code(&back.recv().await), ErrorCode::NoNewRoundRequest);
    if let Some(running) = server.server.take() {
        running.shutdown().await;
    }
}

/// Asks for the whole state and returns it.
async fn resync(client: &mut common::Client) -> RoomState {
    client.send(&ClientMessage::Resync {}).await;
    match client
        .until(|m| matches!(m, ServerMessage::Sync { .. }))
        .await
    {
        ServerMessage::Sync { state } => state,
        other => panic!("expected a sync, got {other:?}"),
    }
}
