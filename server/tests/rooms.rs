//! The room server over real sockets: HTTP and WebSocket against a server on port 0.

mod common;

use std::time::Duration;

use common::{Client, Got, Player, Rng, TestServer, http, two_players};
use cozcade_engine::{AnyRecord, GameKind, Side};
use cozcade_protocol::{
    ClientMessage, CloseReason, ErrorCode, Event, RoomState, SeatStatus, ServerMessage,
};

fn error_code(message: &ServerMessage) -> ErrorCode {
    match message {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("expected an error, got {other:?}"),
    }
}

async fn state(player: &mut Player) -> RoomState {
    player.client.send(&ClientMessage::Resync {}).await;
    match player
        .client
        .until(|m| matches!(m, ServerMessage::Sync { .. }))
        .await
    {
        ServerMessage::Sync { state } => state,
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn create_join_and_a_third_visitor_is_refused() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Kalah).await;
    assert_eq!(room.seat, Side::First);
    assert_eq!(
        room.invitation,
        format!("http://{}/r/{}", server.addr, room.room)
    );
    assert!(room.room.len() >= 16, "room ids carry at least 64 bits");
    assert_eq!(room.seat_key.len(), 64, "seat keys carry 256 bits");

    let (_, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    assert_eq!(creator.seat, Side::First);
    assert_eq!(guest.seat, Side::Second);
    assert_ne!(creator.seat_key, guest.seat_key);
    let seen = state(&mut creator).await;
    assert_eq!(seen.seats, [SeatStatus::Connected, SeatStatus::Connected]);
    assert_eq!(seen.turn(), Some(Side::First));

    // A third person opening the invitation.
    let mut third = server.connect().await;
    third.hello(seen.room.as_str(), None, None).await;
    let refused = third.recv().await;
    assert_eq!(error_code(&refused), ErrorCode::RoomFull);
    let ServerMessage::Error { message, .. } = refused else {
        unreachable!()
    };
    assert!(message.contains("full"), "{message}");
    third.expect_closing(CloseReason::HelloRefused).await;

    // The guest, back with its stored key, gets its own seat again.
    let mut again = server.connect().await;
    again
        .hello(seen.room.as_str(), Some(guest.seat_key.as_str()), None)
        .await;
    let again = Player::welcomed(again, Some(guest.seat_key.clone()), GameKind::Kalah).await;
    assert_eq!(again.seat, Side::Second);
    guest.client.expect_closing(CloseReason::Replaced).await;
}

#[tokio::test]
async fn the_room_in_the_socket_address_must_be_the_room_of_the_hello() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Kalah).await;
    let other = server.create(GameKind::Kalah).await;

    // Named in the address (as a load balancer routes it) and in the hello: welcome.
    let mut client = Client::connect_to(server.addr, &format!("/ws?room={}", room.room)).await;
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    assert!(matches!(
        client.recv().await,
        ServerMessage::Welcome {
            seat: Side::First,
            ..
        }
    ));

    // The address names one room and the hello another: refused, and the seat stays free.
    let mut client = Client::connect_to(server.addr, &format!("/ws?room={}", room.room)).await;
    client
        .hello(other.room.as_str(), Some(other.seat_key.as_str()), None)
        .await;
    assert_eq!(error_code(&client.recv().await), ErrorCode::UnknownRoom);
    client.expect_closing(CloseReason::HelloRefused).await;
    let mut client = server.connect().await;
    client
        .hello(other.room.as_str(), Some(other.seat_key.as_str()), None)
        .await;
    assert!(matches!(client.recv().await, ServerMessage::Welcome { .. }));
}

#[tokio::test]
async fn wrong_missing_or_malformed_hellos_are_refused() {
    let server = TestServer::start().await;
    let (room, _creator, _guest) = two_players(&server, GameKind::Kalah).await;

    let cases: Vec<(String, ErrorCode)> = vec![
        // A key that holds no seat here.
        (
            hello(room.room.as_str(), Some(&"0".repeat(64))),
            ErrorCode::BadSeatKey,
        ),
        (
            hello(room.room.as_str(), Some("short")),
            ErrorCode::BadSeatKey,
        ),
        // No key at all, and both seats are taken.
        (hello(room.room.as_str(), None), ErrorCode::RoomFull),
        // Well-formed but unknown room, and a badly formed one.
        (
            hello("0123456789abcdef0123", Some(room.seat_key.as_str())),
            ErrorCode::UnknownRoom,
        ),
        (hello("../../etc/passwd", None), ErrorCode::UnknownRoom),
        (
            hello(room.room.as_str(), None).replace(r#""version":1"#, r#""version":99"#),
            ErrorCode::UnsupportedVersion,
        ),
    ];
    for (message, expected) in cases {
        let mut client = server.connect().await;
        client.send_text(&message).await;
        assert_eq!(error_code(&client.recv().await), expected, "{message}");
        client.expect_closing(CloseReason::HelloRefused).await;
    }

    // Anything but a hello first is answered, and the connection may still say hello.
    let mut client = server.connect().await;
    client.send(&ClientMessage::Resync {}).await;
    assert_eq!(error_code(&client.recv().await), ErrorCode::ExpectedHello);
    client.send_text("{not json").await;
    assert_eq!(error_code(&client.recv().await), ErrorCode::Malformed);
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    assert!(matches!(
        client.recv().await,
        ServerMessage::Welcome {
            seat: Side::First,
            ..
        }
    ));
}

/// A hello as text: any room and key, well formed or not.
fn hello(room: &str, seat_key: Option<&str>) -> String {
    let mut hello = serde_json::json!({
        "type": "hello",
        "version": cozcade_protocol::PROTOCOL_VERSION,
        "room": room,
    });
    if let Some(key) = seat_key {
        hello["seat_key"] = key.into();
    }
    hello.to_string()
}

#[tokio::test]
async fn moves_are_acknowledged_to_the_mover_and_broadcast() {
    let server = TestServer::start().await;
    let (_, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let action = creator.client.play(0, "c").await;
    let ack = creator.next_event().await;
    let ServerMessage::Event {
        seq,
        by,
        action_id,
        event,
    } = ack
    else {
        unreachable!()
    };
    assert_eq!(
        (seq, by, action_id.as_deref()),
        (1, Side::First, Some(action.as_str()))
    );
    assert_eq!(event, Event::Move { mv: "c".into() });
    // Kalah: "c" sows 4 seeds from the third pit and ends in the store: gold moves again.
    let seen = guest.next_event().await;
    assert!(matches!(seen, ServerMessage::Event { seq: 1, .. }));
    assert_eq!(creator.record().turn(), Side::First);
}

#[tokio::test]
async fn refused_moves_change_nothing() {
    let server = TestServer::start().await;
    let (_, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let first = creator.client.play(0, "a").await;
    creator.next_event().await;
    guest.next_event().await;
    let before = state(&mut creator).await;
    assert_eq!(before.seq, 1);

    // Out of turn: after "a" it is turquoise's turn.
    creator.client.play(1, "b").await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::NotYourTurn
    );
    // Illegal (no such pit), malformed notation, and a pit that is empty.
    for bad in ["g", "", "💥", "a-b-c"] {
        guest.client.play(1, bad).await;
        let refused = guest.client.recv().await;
        assert_eq!(error_code(&refused), ErrorCode::IllegalMove, "{bad:?}");
    }
    // Stale: built on #0 although the room is at #1.
    guest.client.play(0, "a").await;
    match guest.client.recv().await {
        ServerMessage::Error {
            code: ErrorCode::Stale,
            seq: Some(1),
            ..
        } => {}
        other => panic!("expected stale, got {other:?}"),
    }
    // Duplicate: the creator resends its first action (as after a reconnect).
    creator
        .client
        .send(&ClientMessage::Move {
            action_id: first.clone(),
            seq: 1,
            mv: "b".into(),
        })
        .await;
    match creator.client.recv().await {
        ServerMessage::Error {
            code: ErrorCode::Duplicate,
            seq: Some(1),
            action_id,
            ..
        } => {
            assert_eq!(action_id.as_deref(), Some(first.as_str()));
        }
        other => panic!("expected duplicate, got {other:?}"),
    }
    // A bad action id.
    creator
        .client
        .send_text(&format!(
            r#"{{"type":"move","action_id":"{}","seq":1,"move":"b"}}"#,
            "x".repeat(65)
        ))
        .await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::BadActionId
    );

    assert_eq!(state(&mut creator).await, before);
    assert_eq!(state(&mut guest).await, before);
    // And a good move still goes through.
    guest.client.play(1, "a").await;
    assert!(matches!(
        guest.next_event().await,
        ServerMessage::Event { seq: 2, .. }
    ));
}

#[tokio::test]
async fn bad_frames_are_answered_clearly_and_change_nothing() {
    let server = TestServer::start().await;
    let (room, mut creator, _guest) = two_players(&server, GameKind::Kalah).await;
    let before = state(&mut creator).await;

    creator.client.send_text("{\"type\":\"move\"").await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::Malformed
    );
    creator
        .client
        .send_text(r#"{"type":"teleport","to":"store"}"#)
        .await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::Malformed
    );
    creator.client.ws_send_binary(vec![1, 2, 3]).await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::Malformed
    );
    creator
        .client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::ExpectedHello
    );
    assert_eq!(state(&mut creator).await, before);

    // Oversized: above the protocol's limit, and far above the transport's cap.
    for size in [8 * 1024, 200 * 1024] {
        let mut big = server.connect().await;
        big.hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
            .await;
        let mut big = Player::welcomed(big, Some(room.seat_key.clone()), GameKind::Kalah).await;
        let text = format!(
            r#"{{"type":"move","action_id":"x","seq":0,"move":"{}"}}"#,
            "a".repeat(size)
        );
        big.client.send_text(&text).await;
        if size < 64 * 1024 {
            big.client.expect_closing(CloseReason::TooBig).await;
        } else {
            // Beyond the transport's cap the server stops reading at once: the reason still
            // arrives, but the unread rest of the frame may turn the close into a TCP reset.
            match big.client.recv().await {
                ServerMessage::Closing { reason, .. } => assert_eq!(reason, CloseReason::TooBig),
                other => panic!("expected closing, got {other:?}"),
            }
            assert!(matches!(big.client.got().await, Got::Closed { .. }));
        }
    }
    let mut creator = {
        let mut client = server.connect().await;
        client
            .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
            .await;
        Player::welcomed(client, Some(room.seat_key.clone()), GameKind::Kalah).await
    };
    assert_eq!(state(&mut creator).await.record, before.record);
}

trait BinarySend {
    async fn ws_send_binary(&mut self, bytes: Vec<u8>);
}

impl BinarySend for Client {
    async fn ws_send_binary(&mut self, bytes: Vec<u8>) {
        use futures_util::SinkExt;
        self.ws
            .send(tokio_tungstenite::tungstenite::Message::binary(bytes))
            .await
            .expect("send");
    }
}

#[tokio::test]
async fn flooding_is_cut_off_with_a_reason() {
    let server = TestServer::with(|config| {
        config.limits.rate_per_sec = 5.0;
        config.limits.rate_burst = 10.0;
    })
    .await;
    let room = server.create(GameKind::Kalah).await;
    let mut flooder = server.connect().await;
    flooder
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut flooder = Player::welcomed(flooder, Some(room.seat_key.clone()), GameKind::Kalah).await;
    for _ in 0..50 {
        flooder.client.send(&ClientMessage::Resync {}).await;
    }
    let reason = loop {
        match flooder.client.got().await {
            Got::Message(ServerMessage::Closing { reason, .. }) => break reason,
            Got::Message(_) => continue,
            Got::Closed { code, reason } => panic!("closed without a reason: {code} {reason}"),
        }
    };
    assert_eq!(reason, CloseReason::RateLimited);
    match flooder.client.got().await {
        Got::Closed { code, reason } => assert_eq!((code, reason.as_str()), (1008, "rate_limited")),
        other => panic!("expected close, got {other:?}"),
    }
}

#[tokio::test]
async fn reconnecting_gets_the_missed_events_or_a_full_resync() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    // a (turquoise's turn), then turquoise plays a.
    creator.client.play(0, "a").await;
    creator.next_event().await;
    guest.next_event().await;
    guest.client.play(1, "a").await;
    guest.next_event().await;
    creator.next_event().await;
    let guest_key = guest.seat_key.clone();
    drop(guest);
    // The creator is told the guest dropped, and may still move: the game waits for nobody.
    let presence = creator
        .client
        .until(|m| matches!(m, ServerMessage::Presence { .. }))
        .await;
    assert_eq!(
        presence,
        ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Away
        }
    );
    creator.client.play(2, "b").await;
    creator.next_event().await;

    // Back with the last number it had: only what it missed.
    let mut back = server.connect().await;
    back.hello(room.room.as_str(), Some(guest_key.as_str()), Some(2))
        .await;
    match back.recv().await {
        ServerMessage::Welcome {
            seat: Side::Second,
            seq: 3,
            resync: false,
            seat_key: None,
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    match back.recv().await {
        ServerMessage::Event {
            seq: 3,
            by: Side::First,
            event: Event::Move { mv },
            ..
        } => {
            assert_eq!(mv, "b");
        }
        other => panic!("{other:?}"),
    }
    let presence = creator
        .client
        .until(|m| matches!(m, ServerMessage::Presence { .. }))
        .await;
    assert_eq!(
        presence,
        ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Connected
        }
    );

    // Nothing missed: a welcome and nothing else (the next message is the answer to resync).
    let mut fresh = server.connect().await;
    fresh
        .hello(room.room.as_str(), Some(guest_key.as_str()), Some(3))
        .await;
    assert!(matches!(
        fresh.recv().await,
        ServerMessage::Welcome { resync: false, .. }
    ));
    fresh.send(&ClientMessage::Resync {}).await;
    assert!(matches!(fresh.recv().await, ServerMessage::Sync { .. }));

    // A number from the future (e.g. another server's) or none at all: full resync.
    for last in [Some(99), None] {
        let mut client = server.connect().await;
        client
            .hello(room.room.as_str(), Some(guest_key.as_str()), last)
            .await;
        let player = Player::welcomed(client, Some(guest_key.clone()), GameKind::Kalah).await;
        assert_eq!(player.record().move_texts(), ["a", "a", "b"]);
        assert_eq!(player.seq(), 3);
    }
}

#[tokio::test]
async fn a_second_connection_replaces_the_first() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let mut second = server.connect().await;
    second
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut second = Player::welcomed(second, Some(room.seat_key.clone()), GameKind::Kalah).await;
    match creator.client.recv().await {
        ServerMessage::Closing {
            reason: CloseReason::Replaced,
            message,
        } => {
            assert!(message.contains("another connection"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    match creator.client.got().await {
        Got::Closed { code, reason } => assert_eq!((code, reason.as_str()), (4001, "replaced")),
        other => panic!("{other:?}"),
    }
    second.client.play(0, "a").await;
    second.next_event().await;
    guest.next_event().await;
}

#[tokio::test]
async fn a_new_round_needs_both_players_once_the_guest_is_in() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Kalah).await;
    let mut alone = server.connect().await;
    alone
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut alone = Player::welcomed(alone, Some(room.seat_key.clone()), GameKind::Kalah).await;
    alone.client.play(0, "a").await;
    alone.next_event().await;
    // Before anyone joined, the creator restarts alone.
    alone.client.ask_new_round(1).await;
    match alone.next_event().await {
        ServerMessage::Event {
            seq: 2,
            event: Event::NewRoundStarted { round: 2 },
            ..
        } => {}
        other => panic!("{other:?}"),
    }
    let mut creator = alone;

    let mut guest = server.connect().await;
    guest.hello(room.room.as_str(), None, None).await;
    let mut guest = Player::welcomed(guest, None, GameKind::Kalah).await;
    creator
        .client
        .until(|m| matches!(m, ServerMessage::Presence { .. }))
        .await;
    creator.client.play(2, "c").await;
    creator.next_event().await;
    guest.next_event().await;

    creator.client.ask_new_round(3).await;
    assert!(matches!(
        creator.next_event().await,
        ServerMessage::Event {
            seq: 4,
            by: Side::First,
            event: Event::NewRoundProposed,
            ..
        }
    ));
    guest.next_event().await;
    assert_eq!(
        state(&mut guest).await.new_round_proposed_by,
        Some(Side::First)
    );
    // Asking twice is refused; the game is unchanged (still round 2, one move).
    creator.client.ask_new_round(4).await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::AlreadyProposed
    );
    let before = state(&mut creator).await;
    assert_eq!((before.round, before.record.len()), (2, 1));

    // The guest agrees: round 3 from the start, colours kept.
    guest.client.ask_new_round(4).await;
    assert!(matches!(
        guest.next_event().await,
        ServerMessage::Event {
            seq: 5,
            event: Event::NewRoundStarted { round: 3 },
            ..
        }
    ));
    creator.next_event().await;
    let after = state(&mut creator).await;
    assert_eq!(
        (after.round, after.record.len(), after.turn()),
        (3, 0, Some(Side::First))
    );
    assert_eq!(after.new_round_proposed_by, None);
    // The creator still moves first.
    guest.client.play(5, "a").await;
    assert_eq!(
        error_code(&guest.client.recv().await),
        ErrorCode::NotYourTurn
    );
    creator.client.play(5, "a").await;
    creator.next_event().await;

    // A client that missed the whole previous round catches up through a full sync.
    let mut late = server.connect().await;
    late.hello(room.room.as_str(), Some(guest.seat_key.as_str()), Some(1))
        .await;
    assert!(matches!(
        late.recv().await,
        ServerMessage::Welcome { resync: true, .. }
    ));
}

#[tokio::test]
async fn leaving_frees_the_seat_and_revokes_the_key() {
    let server = TestServer::start().await;
    let (room, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let id = guest.client.action_id();
    guest
        .client
        .send(&ClientMessage::Leave { action_id: id })
        .await;
    assert!(matches!(
        guest.next_event().await,
        ServerMessage::Event {
            seq: 1,
            by: Side::Second,
            event: Event::Left,
            ..
        }
    ));
    guest.client.expect_closing(CloseReason::Left).await;
    creator.next_event().await;
    assert_eq!(
        creator.client.recv().await,
        ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Open
        }
    );
    assert_eq!(
        state(&mut creator).await.seats,
        [SeatStatus::Connected, SeatStatus::Open]
    );

    let mut old = server.connect().await;
    old.hello(room.room.as_str(), Some(guest.seat_key.as_str()), None)
        .await;
    assert_eq!(error_code(&old.recv().await), ErrorCode::BadSeatKey);
    let mut newcomer = server.connect().await;
    newcomer.hello(room.room.as_str(), None, None).await;
    let newcomer = Player::welcomed(newcomer, None, GameKind::Kalah).await;
    assert_eq!(newcomer.seat, Side::Second);
}

#[tokio::test]
async fn rooms_idle_for_seven_days_are_deleted() {
    let server = TestServer::with(|config| config.limits.sweep_secs = 0.05).await;
    // A friend joined the quiet room once (a room nobody joins goes within hours).
    let (quiet, quiet_creator, quiet_guest) = two_players(&server, GameKind::Kalah).await;
    drop((quiet_creator, quiet_guest));
    let (busy, mut creator, _guest) = two_players(&server, GameKind::Kalah).await;

    // Six days on, both rooms are still there.
    server.clock.advance(6 * 86_400);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        http(server.addr, "GET", &format!("/r/{}", quiet.room), "")
            .await
            .0,
        200
    );
    // The busy room plays a move on day 6: its week starts again.
    creator.client.play(0, "a").await;
    creator.next_event().await;

    // Day 7 and two minutes (activity times are noted to the minute): the quiet room is gone,
    // with its actions.
    server.clock.advance(86_400 + 120);
    // The sweep runs every 50 ms; give a busy machine up to 10 s to get to it.
    let page = format!("/r/{}", quiet.room);
    let mut status = 0;
    for _ in 0..200 {
        status = http(server.addr, "GET", &page, "").await.0;
        if status == 404 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, 404);
    let mut late = server.connect().await;
    late.hello(quiet.room.as_str(), Some(quiet.seat_key.as_str()), None)
        .await;
    assert_eq!(error_code(&late.recv().await), ErrorCode::UnknownRoom);
    assert_eq!(
        http(server.addr, "GET", &format!("/r/{}", busy.room), "")
            .await
            .0,
        200
    );

    // Another week of silence ends the busy room too, and its players are told.
    server.clock.advance(7 * 86_400);
    creator
        .client
        .expect_closing(CloseReason::RoomExpired)
        .await;
    let (_, metrics) = http(server.addr, "GET", "/metrics", "").await;
    assert!(
        metrics.contains("cozcade_rooms_expired_total 2"),
        "{metrics}"
    );
}

#[tokio::test]
async fn dead_connections_are_dropped_by_the_heartbeat() {
    let server = TestServer::with(|config| config.limits.ping_secs = 0.2).await;
    let room = server.create(GameKind::Kalah).await;
    let mut silent = server.connect().await;
    silent
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    // Not reading means not answering pings (tungstenite answers them while reading).
    tokio::time::sleep(Duration::from_millis(800)).await;
    let reason = loop {
        match silent.got().await {
            Got::Message(ServerMessage::Closing { reason, .. }) => break reason,
            Got::Message(_) => continue,
            Got::Closed { code, reason } => panic!("closed without a reason: {code} {reason}"),
        }
    };
    assert_eq!(reason, CloseReason::HeartbeatTimeout);

    // A client that reads (and so answers pings) stays connected.
    let mut alive = server.connect().await;
    alive
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut alive = Player::welcomed(alive, Some(room.seat_key.clone()), GameKind::Kalah).await;
    let reading = tokio::time::timeout(Duration::from_millis(800), alive.client.got()).await;
    assert!(reading.is_err(), "nothing arrives but pings: {reading:?}");
    alive.client.play(0, "a").await;
    alive.next_event().await;
}

#[tokio::test]
async fn pings_are_answered_and_a_silent_player_is_shown_away_to_the_friend() {
    let server = TestServer::with(|config| config.limits.ping_secs = 0.3).await;
    let room = server.create(GameKind::Kalah).await;
    // A ping before the hello is answered too (a slow join must not look dead).
    let mut early = server.connect().await;
    early.send_text(r#"{"type":"ping"}"#).await;
    assert_eq!(early.recv().await, ServerMessage::Pong {});
    drop(early);

    let mut creator = server.connect().await;
    creator
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut creator = Player::welcomed(creator, Some(room.seat_key.clone()), GameKind::Kalah).await;
    let mut guest = server.connect().await;
    guest.hello(room.room.as_str(), None, None).await;
    let guest = Player::welcomed(guest, None, GameKind::Kalah).await;
    creator
        .client
        .until(|m| {
            matches!(
                m,
                ServerMessage::Presence {
                    seat: Side::Second,
                    status: SeatStatus::Connected
                }
            )
        })
        .await;
    creator.client.send(&ClientMessage::Ping {}).await;
    assert_eq!(creator.client.recv().await, ServerMessage::Pong {});
    // A ping with anything more is refused like any message, and the connection goes on.
    creator.client.send_text(r#"{"type":"ping","n":1}"#).await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::Malformed
    );

    // The guest's traffic stops without a goodbye (it neither reads nor answers pings): after
    // two ping periods the creator is told the friend is away, and can still play.
    let away = creator
        .client
        .until(|m| matches!(m, ServerMessage::Presence { .. }))
        .await;
    assert_eq!(
        away,
        ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Away
        }
    );
    creator.client.play(0, "a").await;
    creator.next_event().await;
    drop(guest);
}

#[tokio::test]
async fn a_connection_that_never_says_hello_is_closed() {
    let server = TestServer::with(|config| config.limits.hello_secs = 0.2).await;
    let mut mute = server.connect().await;
    mute.expect_closing(CloseReason::HelloTimeout).await;
}

#[tokio::test]
async fn caps_on_connections_and_rooms() {
    let server = TestServer::with(|config| {
        config.limits.max_connections = 2;
        config.limits.max_rooms = 1;
    })
    .await;
    let room = server.create(GameKind::Kalah).await;
    let (status, body) = http(server.addr, "POST", "/api/rooms", r#"{"game":"kalah"}"#).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("rooms"), "{body}");

    let mut first = server.connect().await;
    first
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    first.recv().await;
    let mut second = server.connect().await;
    second.hello(room.room.as_str(), None, None).await;
    second.recv().await;
    let mut third = server.connect().await;
    third.expect_closing(CloseReason::ServerFull).await;
}

#[tokio::test]
async fn http_pages_health_and_metrics() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(web.path().join("index.html"), "<html>web build</html>").expect("write");
    std::fs::write(web.path().join("app.js"), "console.log(1)").expect("write");
    let root = web.path().to_owned();
    let server = TestServer::start().await;
    let with_web = TestServer::with(move |config| config.web_root = Some(root)).await;

    assert_eq!(
        http(server.addr, "GET", "/healthz", "").await,
        (200, "ok\n".to_owned())
    );
    let room = server.create(GameKind::Kalah).await;
    let (status, page) = http(server.addr, "GET", &format!("/r/{}", room.room), "").await;
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!("cozcade://r/{}", room.room)),
        "{page}"
    );
    assert!(page.contains("Play in the browser"), "{page}");
    assert_eq!(
        http(server.addr, "GET", "/r/0123456789abcdef0123", "")
            .await
            .0,
        404
    );
    assert_eq!(http(server.addr, "GET", "/r/nonsense", "").await.0, 404);

    let (status, body) = http(server.addr, "POST", "/api/rooms", r#"{"game":"go"}"#).await;
    assert_eq!(status, 400);
    assert!(body.contains("kalah"), "{body}");
    assert_eq!(http(server.addr, "POST", "/api/rooms", "][").await.0, 400);

    let (_, metrics) = http(server.addr, "GET", "/metrics", "").await;
    for line in [
        "cozcade_rooms 1",
        "cozcade_connections 0",
        "cozcade_actions_total 0",
    ] {
        assert!(metrics.contains(line), "{line} in {metrics}");
    }
    assert!(
        metrics.contains("cozcade_errors_total{code=\"malformed\"}"),
        "{metrics}"
    );

    let room = with_web.create(GameKind::Kalah).await;
    let (status, page) = http(with_web.addr, "GET", &format!("/r/{}", room.room), "").await;
    // The web build's page, with the room's preview tags put in front of it (this page has
    // no head to hold them; server/tests/preview.rs checks them in a real one).
    assert_eq!(status, 200);
    assert!(page.ends_with("<html>web build</html>"), "{page}");
    assert!(
        page.starts_with("<title>Play Kalah with me on Cozcade</title><meta "),
        "{page}"
    );
    assert_eq!(
        http(with_web.addr, "GET", "/app.js", "").await,
        (200, "console.log(1)".into())
    );
    assert_eq!(http(with_web.addr, "GET", "/missing.js", "").await.0, 404);
}

#[tokio::test]
async fn shutdown_tells_every_connection() {
    let mut server = TestServer::start().await;
    let (_, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let running = server.server.take().expect("running");
    let shared = running.shared.clone();
    let stop = tokio::spawn(running.shutdown());
    creator
        .client
        .expect_closing(CloseReason::ShuttingDown)
        .await;
    guest.client.expect_closing(CloseReason::ShuttingDown).await;
    stop.await.expect("shutdown completes");
    // Shutdown returned only once every connection handler had finished.
    assert_eq!(
        shared
            .metrics
            .connections
            .load(std::sync::atomic::Ordering::Relaxed),
        0
    );
}

/// A legal move from the engine's list: at random, except in Chinese Checkers, where random
/// marbles wander for thousands of plies; there each side mostly takes the move that gains the
/// most ground (holes are numbered from Coral's tip down to Jade's), so the game ends.
fn pick(game: GameKind, side: Side, moves: &[String], rng: &mut Rng) -> String {
    let random = moves[rng.below(moves.len())].clone();
    if game != GameKind::ChineseCheckers || rng.below(10) == 0 {
        return random;
    }
    let gain = |mv: &String| -> i64 {
        let holes: Vec<i64> = mv.split('-').filter_map(|h| h.parse().ok()).collect();
        let (Some(from), Some(to)) = (holes.first(), holes.last()) else {
            return 0;
        };
        match side {
            Side::First => from - to,
            Side::Second => to - from,
        }
    };
    let best = moves.iter().map(gain).max().unwrap_or(0);
    let best: Vec<&String> = moves.iter().filter(|mv| gain(mv) == best).collect();
    best[rng.below(best.len())].clone()
}

/// Two players play a whole game over the wire, each choosing among the engine's legal moves.
async fn full_game(game: GameKind, seed: u64) {
    let server = TestServer::start().await;
    let (_, mut creator, mut guest) = two_players(&server, game).await;
    let mut rng = Rng(seed);
    let mut reference = AnyRecord::new(game);
    while reference.outcome().is_none() {
        let moves = reference.legal_move_texts();
        let mv = pick(game, reference.turn(), &moves, &mut rng);
        let seq = u64::try_from(reference.len()).expect("fits");
        let (mover, watcher) = match reference.turn() {
            Side::First => (&mut creator, &mut guest),
            Side::Second => (&mut guest, &mut creator),
        };
        mover.client.play(seq, &mv).await;
        let canonical = reference.play_text(&mv).expect("legal").to_string();
        for player in [mover, watcher] {
            match player.next_event().await {
                ServerMessage::Event {
                    event: Event::Move { mv },
                    ..
                } => assert_eq!(mv, canonical),
                other => panic!("{other:?}"),
            }
        }
        assert!(reference.len() < 2000, "the game ends");
    }
    let end = state(&mut creator).await;
    assert_eq!(end.result(), reference.outcome());
    assert_eq!(end.turn(), None);
    assert_eq!(end.record.move_texts(), reference.move_texts());
    // The round is over: more moves are refused.
    creator.client.play(end.seq, "a").await;
    assert_eq!(
        error_code(&creator.client.recv().await),
        ErrorCode::IllegalMove
    );
}

#[tokio::test]
async fn a_full_game_of_kalah() {
    full_game(GameKind::Kalah, 7).await;
    full_game(GameKind::Kalah, 12345).await;
}

#[tokio::test]
async fn a_full_game_of_checkers() {
    full_game(GameKind::Checkers, 7).await;
}

#[tokio::test]
async fn a_full_game_of_chinese_checkers() {
    full_game(GameKind::ChineseCheckers, 7).await;
}
