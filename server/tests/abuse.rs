//! What a hostile page, a greedy client or a broken one gets: clear refusals, nothing changed.

mod common;

use std::time::{Duration, Instant};

use common::{Player, TestServer, header, http, raw_http, two_players};
use cozcade_engine::{GameKind, Side};
use cozcade_protocol::{ClientMessage, CloseReason, ErrorCode, Event, SeatStatus, ServerMessage};
use futures_util::SinkExt;
use tokio_tungstenite::tungstenite::{
    Message,
    protocol::frame::{
        Frame,
        coding::{Data, OpCode},
    },
};

const KALAH: &str = r#"{"game":"kalah"}"#;

fn error_code(message: &ServerMessage) -> ErrorCode {
    match message {
        ServerMessage::Error { code, .. } => *code,
        other => panic!("expected an error, got {other:?}"),
    }
}

async fn post_room(server: &TestServer, headers: &[&str]) -> (u16, Vec<String>, String) {
    let host = format!("Host: {}", server.addr);
    let mut all = vec![host.as_str()];
    all.extend_from_slice(headers);
    raw_http(server.addr, "POST", "/api/rooms", &all, KALAH).await
}

#[tokio::test]
async fn rooms_are_created_only_from_json_and_from_the_servers_own_origin() {
    let server = TestServer::start().await;
    for refused in [
        &[][..],
        &["Content-Type: text/plain"][..],
        &["Content-Type: application/x-www-form-urlencoded"][..],
        &["Content-Type: multipart/form-data; boundary=x"][..],
        &["Content-Type: application/jsonp"][..],
    ] {
        let (status, _, body) = post_room(&server, refused).await;
        assert_eq!(status, 415, "{refused:?}: {body}");
        assert!(body.contains("application/json"), "{body}");
    }
    let json = "Content-Type: application/json";
    for origin in [
        "Origin: https://evil.example",
        "Origin: null",
        "Origin: http://127.0.0.1:1",
    ] {
        let (status, _, body) = post_room(&server, &[json, origin]).await;
        assert_eq!(status, 403, "{origin}: {body}");
    }
    let own = format!("Origin: http://{}", server.addr);
    // Local play (no public URL, a loopback address): the same server under another loopback
    // name is the same origin to the player who opened it.
    let localhost = format!("Origin: http://localhost:{}", server.addr.port());
    for ok in [
        &[json][..],
        &["Content-Type: application/json; charset=utf-8"][..],
        &[json, own.as_str()][..],
        &[json, localhost.as_str()][..],
    ] {
        let (status, _, body) = post_room(&server, ok).await;
        assert_eq!(status, 201, "{ok:?}: {body}");
    }
    // Nothing refused was stored: four rooms, from the four accepted requests.
    let (_, metrics) = http(server.addr, "GET", "/metrics", "").await;
    assert!(metrics.contains("cozcade_rooms 4\n"), "{metrics}");
}

#[tokio::test]
async fn the_origin_checked_is_the_public_urls() {
    let server = TestServer::with(|config| {
        config.public_url = Some("https://Play.Example.com/".into());
    })
    .await;
    let json = "Content-Type: application/json";
    let (status, _, _) = post_room(&server, &[json, "Origin: https://play.example.com"]).await;
    assert_eq!(status, 201);
    let own = format!("Origin: http://{}", server.addr);
    let (status, _, _) = post_room(&server, &[json, &own]).await;
    assert_eq!(status, 403);
    // With a public URL, loopback names are no exception.
    let localhost = format!("Origin: http://localhost:{}", server.addr.port());
    let (status, _, _) = post_room(&server, &[json, &localhost]).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn room_creation_is_limited_per_client_address() {
    let server = TestServer::with(|config| {
        config.limits.rooms_per_minute = 1.0;
        config.limits.rooms_burst = 3.0;
    })
    .await;
    let json = "Content-Type: application/json";
    for _ in 0..3 {
        assert_eq!(post_room(&server, &[json]).await.0, 201);
    }
    let (status, headers, body) = post_room(&server, &[json]).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(header(&headers, "retry-after"), Some("60"));
    // Not from a trusted proxy: a forwarded address is the client's own claim and ignored.
    let forged = post_room(&server, &[json, "X-Forwarded-For: 203.0.113.9"]).await;
    assert_eq!(forged.0, 429);
    let (_, metrics) = http(server.addr, "GET", "/metrics", "").await;
    assert!(metrics.contains("cozcade_rooms 3\n"), "{metrics}");
    assert!(
        metrics.contains("cozcade_rooms_refused_total 2\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let server = TestServer::with(|config| {
        config.limits.rooms_per_minute = 1.0;
        config.limits.rooms_burst = 1.0;
        config.trusted_proxy = vec!["127.0.0.1".parse().expect("address")];
    })
    .await;
    let json = "Content-Type: application/json";
    let a = "X-Forwarded-For: 203.0.113.9";
    let b = "X-Forwarded-For: 203.0.113.10";
    assert_eq!(post_room(&server, &[json, a]).await.0, 201);
    assert_eq!(post_room(&server, &[json, a]).await.0, 429);
    assert_eq!(post_room(&server, &[json, b]).await.0, 201);
    // A client's forged entry to the left of what the proxy appended changes nothing.
    let forged = "X-Forwarded-For: 198.51.100.1, 203.0.113.9";
    assert_eq!(post_room(&server, &[json, forged]).await.0, 429);
}

#[tokio::test]
async fn connections_are_limited_per_client_address() {
    let server = TestServer::with(|config| config.limits.max_connections_per_address = 2).await;
    let room = server.create(GameKind::Kalah).await;
    let mut first = server.connect().await;
    first
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    assert!(matches!(first.recv().await, ServerMessage::Welcome { .. }));
    let mut second = server.connect().await;
    second.hello(room.room.as_str(), None, None).await;
    assert!(matches!(second.recv().await, ServerMessage::Welcome { .. }));
    let mut third = server.connect().await;
    match third.recv().await {
        ServerMessage::Closing { reason, message } => {
            assert_eq!(reason, CloseReason::ServerFull);
            assert!(message.contains("address"), "{message}");
        }
        other => panic!("expected closing, got {other:?}"),
    }
    // A place comes back when a connection ends.
    drop(second);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut again = server.connect().await;
        again
            .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
            .await;
        match again.recv().await {
            ServerMessage::Welcome { .. } => break,
            ServerMessage::Closing { .. } if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            other => panic!("expected a welcome once a place is free, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_message_with_unknown_fields_is_malformed_and_changes_nothing() {
    let server = TestServer::start().await;
    let (_, mut creator, _guest) = two_players(&server, GameKind::Kalah).await;
    for text in [
        r#"{"type":"resync","since":3}"#,
        r#"{"type":"move","action_id":"x1","seq":0,"move":"c","promote":true}"#,
        r#"{"type":"leave","action_id":"x2","why":"bored"}"#,
    ] {
        creator.client.send_text(text).await;
        assert_eq!(
            error_code(&creator.client.recv().await),
            ErrorCode::Malformed,
            "{text}"
        );
    }
    // Still seated, nothing played: the plain resync answers with the untouched room.
    creator.client.send(&ClientMessage::Resync {}).await;
    match creator.client.recv().await {
        ServerMessage::Sync { state } => {
            assert_eq!(state.seq, 0);
            assert_eq!(state.seats, [SeatStatus::Connected; 2]);
        }
        other => panic!("expected sync, got {other:?}"),
    }
}

#[tokio::test]
async fn after_leave_the_other_player_sees_the_seat_open() {
    let server = TestServer::start().await;
    let (_, mut creator, mut guest) = two_players(&server, GameKind::Kalah).await;
    let action_id = guest.client.action_id();
    guest.client.send(&ClientMessage::Leave { action_id }).await;
    guest
        .client
        .until(|m| matches!(m, ServerMessage::Event { .. }))
        .await;
    guest.client.expect_closing(CloseReason::Left).await;
    assert!(matches!(
        creator.client.recv().await,
        ServerMessage::Event {
            event: Event::Left,
            by: Side::Second,
            ..
        }
    ));
    assert_eq!(
        creator.client.recv().await,
        ServerMessage::Presence {
            seat: Side::Second,
            status: SeatStatus::Open
        }
    );
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_is_closed_with_1007() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Kalah).await;
    let mut client = server.connect().await;
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let _player = {
        // Seated first, so the close comes from the frame and not from a missing hello.
        let frame = Frame::message(vec![0xff, 0xfe, b'{'], OpCode::Data(Data::Text), true);
        let mut player =
            Player::welcomed(client, Some(room.seat_key.clone()), GameKind::Kalah).await;
        player
            .client
            .ws
            .send(Message::Frame(frame))
            .await
            .expect("send");
        assert_eq!(
            error_code(&player.client.recv().await),
            ErrorCode::Malformed
        );
        // `closing` names the reason, then the close frame carries 1007 and the same word.
        player.client.expect_closing(CloseReason::InvalidUtf8).await;
        assert_eq!(CloseReason::InvalidUtf8.code(), 1007);
        player
    };
}

#[tokio::test]
async fn a_hello_with_wrong_field_types_is_closed_at_once() {
    // A hello timeout far beyond the test client's patience: only an immediate close passes.
    let server = TestServer::with(|config| config.limits.hello_secs = 600.0).await;
    let room = server.create(GameKind::Kalah).await;
    for text in [
        format!(r#"{{"type":"hello","version":"1","room":"{}"}}"#, room.room),
        format!(r#"{{"type":"hello","version":1,"room":{}}}"#, 7),
        format!(
            r#"{{"type":"hello","version":1,"room":"{}","last_seq":-1}}"#,
            room.room
        ),
        r#"{"type":"hello"}"#.to_owned(),
    ] {
        let mut client = server.connect().await;
        client.send_text(&text).await;
        match client.recv().await {
            ServerMessage::Error { code, message, .. } => {
                assert_eq!(code, ErrorCode::Malformed, "{text}");
                assert!(
                    message.contains("hello") || message.contains("field"),
                    "{message}"
                );
            }
            other => panic!("{text}: expected an error, got {other:?}"),
        }
        client.expect_closing(CloseReason::HelloRefused).await;
    }
}

#[tokio::test]
async fn a_request_with_two_host_headers_is_refused() {
    let server = TestServer::start().await;
    let one = format!("Host: {}", server.addr);
    for path in ["/healthz", "/api/rooms", "/ws"] {
        let (status, _, _) =
            raw_http(server.addr, "GET", path, &[&one, "Host: evil.example"], "").await;
        assert_eq!(status, 400, "{path}");
    }
    let (status, _, body) = raw_http(server.addr, "GET", "/healthz", &[&one], "").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(web.path().join("index.html"), "<html>web build</html>").expect("write");
    std::fs::write(web.path().join("app.js"), "console.log(1)").expect("write");
    let root = web.path().to_owned();
    let server = TestServer::with(move |config| config.web_root = Some(root)).await;
    let room = server.create(GameKind::Kalah).await;
    let host = format!("Host: {}", server.addr);
    let invitation = format!("/r/{}", room.room);
    let policy = cozcade_server::content_security_policy(
        &format!("http://{}", server.addr),
        Some(server.addr.port()),
    );
    for path in [
        "/",
        "/app.js",
        "/missing.js",
        invitation.as_str(),
        "/healthz",
        "/r/nonsense",
    ] {
        let (status, headers, _) = raw_http(server.addr, "GET", path, &[&host], "").await;
        assert!(status == 200 || status == 404, "{path}: {status}");
        assert_eq!(
            header(&headers, "x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "referrer-policy"),
            Some("no-referrer"),
            "{path}"
        );
        assert_eq!(
            header(&headers, "content-security-policy"),
            Some(policy.as_str()),
            "{path}"
        );
    }
    // What runs as a page or a worker carries the policy, and so does what fetch() gets (the
    // service worker keeps pages that way); a file the page fetches as a script or an image
    // goes without it (browsers ignore it there), and every answer says it varies with the
    // destination.
    for (path, destination, policy) in [
        ("/", "document", true),
        ("/app.js", "worker", true),
        ("/app.js", "serviceworker", true),
        (invitation.as_str(), "document", true),
        ("/app.js", "script", false),
        ("/", "empty", true),
        ("/index.html", "image", false),
        ("/missing.js", "script", false),
    ] {
        let dest = format!("Sec-Fetch-Dest: {destination}");
        let (status, headers, _) = raw_http(server.addr, "GET", path, &[&host, &dest], "").await;
        assert!(status == 200 || status == 404, "{path}: {status}");
        assert_eq!(
            header(&headers, "content-security-policy").is_some(),
            policy,
            "{path} as {destination}"
        );
        assert!(
            header(&headers, "vary")
                .is_some_and(|vary| vary.to_ascii_lowercase().contains("sec-fetch-dest")),
            "{path} as {destination}: {headers:?}"
        );
        assert_eq!(header(&headers, "referrer-policy"), Some("no-referrer"));
        assert_eq!(header(&headers, "x-content-type-options"), Some("nosniff"));
    }
    // What PROTOCOL.md quotes, for a public URL.
    assert_eq!(
        cozcade_server::content_security_policy("https://play.example.com", None),
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
         connect-src 'self' wss://play.example.com; worker-src 'self'; manifest-src 'self'; \
         base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
    );
}

#[tokio::test]
async fn metrics_can_have_a_listener_of_their_own() {
    let server = TestServer::with(|config| {
        config.metrics_listen = Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0)));
    })
    .await;
    let metrics_addr = server
        .server
        .as_ref()
        .and_then(|s| s.metrics_addr)
        .expect("a metrics address");
    assert_ne!(metrics_addr, server.addr);
    assert_eq!(http(server.addr, "GET", "/metrics", "").await.0, 404);
    let (status, page) = http(metrics_addr, "GET", "/metrics", "").await;
    assert_eq!(status, 200);
    assert!(page.contains("cozcade_connections 0"), "{page}");
    assert_eq!(http(metrics_addr, "GET", "/healthz", "").await.0, 404);

    // By default they are on the public address.
    let default = TestServer::start().await;
    assert_eq!(http(default.addr, "GET", "/metrics", "").await.0, 200);
}
