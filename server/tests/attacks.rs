//! What a determined attacker tries against a public room server, each against the real server
//! on port 0: the limits hold, and the players of other rooms go on playing.

mod common;

use std::time::Duration;

use common::{Client, TestServer, header, raw_http};
use cozcade_engine::GameKind;
use cozcade_protocol::{CloseReason, ServerMessage};

const KALAH: &str = r#"{"game":"kalah"}"#;
const JSON: &str = "Content-Type: application/json";

/// `POST /api/rooms` with these extra header lines; the status, header lines and body.
async fn post_room(server: &TestServer, headers: &[&str]) -> (u16, Vec<String>, String) {
    let host = format!("Host: {}", server.addr);
    let mut all = vec![host.as_str(), JSON];
    all.extend_from_slice(headers);
    raw_http(server.addr, "POST", "/api/rooms", &all, KALAH).await
}

/// A room created as if by the client at `address` behind the trusted proxy (127.0.0.1).
async fn post_room_as(server: &TestServer, address: &str) -> u16 {
    let forwarded = format!("X-Forwarded-For: {address}");
    post_room(server, &[&forwarded]).await.0
}

/// Every IPv6 client gets a /64 (a home, a phone): rotating addresses inside it is one client
/// to every per-address limit.
#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64() {
    let server = TestServer::with(|config| {
        config.limits.rooms_per_minute = 1.0;
        config.limits.rooms_burst = 2.0;
        config.limits.max_connections_per_address = 1;
        config.trusted_proxy = vec!["127.0.0.1".parse().expect("address")];
    })
    .await;
    assert_eq!(post_room_as(&server, "2001:db8:1:2::1").await, 201);
    assert_eq!(post_room_as(&server, "2001:db8:1:2::2").await, 201);
    for rotated in ["2001:db8:1:2::3", "2001:db8:1:2:ffff:ffff:ffff:ffff"] {
        assert_eq!(post_room_as(&server, rotated).await, 429, "{rotated}");
    }
    // The next /64 is someone else.
    assert_eq!(post_room_as(&server, "2001:db8:1:3::1").await, 201);

    // One WebSocket per client here: a second address of the same /64 is that same client.
    let room = server.create(GameKind::Kalah).await;
    let from = |address: &'static str| [("X-Forwarded-For", address)];
    let mut first = Client::connect_with(server.addr, "/ws", &from("2001:db8:7:7::1"))
        .await
        .expect("upgraded");
    first.hello(&room.room, Some(&room.seat_key), None).await;
    assert!(matches!(first.recv().await, ServerMessage::Welcome { .. }));
    let mut second = Client::connect_with(server.addr, "/ws", &from("2001:db8:7:7::2"))
        .await
        .expect("upgraded");
    match second.recv().await {
        ServerMessage::Closing { reason, message } => {
            assert_eq!(reason, CloseReason::ServerFull);
            assert!(message.contains("address"), "{message}");
        }
        other => panic!("expected the address to be full, got {other:?}"),
    }
    let mut elsewhere = Client::connect_with(server.addr, "/ws", &from("2001:db8:7:8::1"))
        .await
        .expect("upgraded");
    elsewhere.hello(&room.room, None, None).await;
    assert!(matches!(
        elsewhere.recv().await,
        ServerMessage::Welcome { .. }
    ));
}

/// However many addresses an attacker has, rooms are created no faster than the server-wide
/// rate: the room cap cannot be filled in minutes.
#[tokio::test]
async fn room_creation_has_a_server_wide_rate() {
    let server = TestServer::with(|config| {
        config.limits.all_rooms_per_minute = 1.0;
        config.limits.all_rooms_burst = 3.0;
        config.trusted_proxy = vec!["127.0.0.1".parse().expect("address")];
    })
    .await;
    for client in ["203.0.113.1", "203.0.113.2", "2001:db8:1::1"] {
        assert_eq!(post_room_as(&server, client).await, 201, "{client}");
    }
    let forwarded = "X-Forwarded-For: 198.51.100.77";
    let (status, headers, body) = post_room(&server, &[forwarded]).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("rooms"), "{body}");
    assert_eq!(header(&headers, "retry-after"), Some("60"));
    let (_, metrics) = common::http(server.addr, "GET", "/metrics", "").await;
    assert!(metrics.contains("cozcade_rooms 3\n"), "{metrics}");
}

/// The answer to `GET <path>` once the sweep (every 50 ms) had its chance, up to 10 s on a busy
/// machine: until it is `wanted`.
async fn status_becomes(server: &TestServer, path: &str, wanted: u16) -> u16 {
    let mut status = 0;
    for _ in 0..200 {
        status = common::http(server.addr, "GET", path, "").await.0;
        if status == wanted {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    status
}

/// Rooms that nobody joined go within hours, not a week: a flood of them does not hold the
/// room cap for seven days.
#[tokio::test]
async fn rooms_nobody_joined_expire_within_hours() {
    let server = TestServer::with(|config| {
        config.limits.sweep_secs = 0.05;
        config.limits.unjoined_room_ttl_hours = 2.0;
    })
    .await;
    let lonely = server.create(GameKind::Kalah).await;
    // The creator is there, waiting: still nobody joined.
    let mut waiting = server.connect().await;
    waiting
        .hello(&lonely.room, Some(&lonely.seat_key), None)
        .await;
    assert!(matches!(
        waiting.recv().await,
        ServerMessage::Welcome { .. }
    ));
    let (played, _creator, _guest) = common::two_players(&server, GameKind::Kalah).await;

    server.clock.advance(3600);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lonely_info = format!("/api/rooms/{}", lonely.room);
    assert_eq!(
        common::http(server.addr, "GET", &lonely_info, "").await.0,
        200
    );

    // Two hours after its creation the room nobody joined is deleted, and its creator told.
    server.clock.advance(3600 + 1);
    assert_eq!(status_becomes(&server, &lonely_info, 404).await, 404);
    waiting
        .until(|m| matches!(m, ServerMessage::Closing { .. }))
        .await;
    let played_info = format!("/api/rooms/{}", played.room);
    assert_eq!(
        common::http(server.addr, "GET", &played_info, "").await.0,
        200
    );
    let (_, metrics) = common::http(server.addr, "GET", "/metrics", "").await;
    assert!(metrics.contains("cozcade_rooms 1\n"), "{metrics}");
}
