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
    first
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
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
    elsewhere.hello(room.room.as_str(), None, None).await;
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
        .hello(lonely.room.as_str(), Some(lonely.seat_key.as_str()), None)
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

/// Holds SQLite's write lock on the server's database, as a stalled disk or a long transaction
/// would: the server's writer waits (up to its busy timeout) on whatever it is writing.
struct WriterStalled(rusqlite::Connection);

impl WriterStalled {
    fn on(server: &TestServer) -> Self {
        let connection = rusqlite::Connection::open(server.db()).expect("open the database");
        connection
            .execute_batch(
                "BEGIN IMMEDIATE; UPDATE rooms SET last_active = last_active WHERE id = 'none';",
            )
            .expect("take the write lock");
        WriterStalled(connection)
    }

    fn release(self) {
        self.0.execute_batch("ROLLBACK").expect("release the lock");
    }
}

/// A room's page, its welcome and its picture are read without waiting for the writer, which
/// stores every player's moves: reading a room (any room, as often as anyone likes) cannot hold
/// up the games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reading_a_room_does_not_wait_for_the_writer() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Kalah).await;
    let stall = WriterStalled::on(&server);
    let addr = server.addr;
    let stalled_write =
        tokio::spawn(async move { common::http(addr, "POST", "/api/rooms", KALAH).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    for path in [
        format!("/api/rooms/{}", room.room),
        format!("/r/{}", room.room),
        format!("/r/{}/preview.png", room.room),
    ] {
        let started = std::time::Instant::now();
        let (status, _, _) = common::get(server.addr, &path, &[]).await;
        assert_eq!(status, 200, "{path}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{path} waited {:?} for the writer",
            started.elapsed()
        );
    }
    assert!(
        !stalled_write.is_finished(),
        "the writer really was stalled"
    );
    stall.release();
    assert_eq!(stalled_write.await.expect("task").0, 201);
}

/// A writer that cannot keep up sheds load with a clear answer at once, instead of queueing
/// without bound (and every acknowledgement with it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_store_refuses_writes_beyond_its_queue_at_once() {
    let server = TestServer::with(|config| config.limits.store_queue = 4).await;
    let (_, mut creator, _guest) = common::two_players(&server, GameKind::Kalah).await;
    let stall = WriterStalled::on(&server);
    let addr = server.addr;
    let post =
        move || tokio::spawn(async move { common::http(addr, "POST", "/api/rooms", KALAH).await });
    // The writer takes this one and waits on the lock; then the queue fills.
    let first = post();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let more: Vec<_> = (0..10).map(|_| post()).collect();
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let refused = more.iter().filter(|task| task.is_finished()).count();
    assert!(
        refused >= 5,
        "only {refused} of 10 answered while the store was stalled"
    );
    // A move is refused the same way, clearly, and changes nothing.
    creator.client.play(0, "a").await;
    match creator.client.recv().await {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, cozcade_protocol::ErrorCode::Unavailable);
            assert!(message.contains("busy"), "{message}");
        }
        other => panic!("expected the move to be refused, got {other:?}"),
    }
    stall.release();
    let mut statuses = Vec::new();
    for task in more {
        let (status, body) = task.await.expect("task");
        if status == 503 {
            assert!(body.contains("busy"), "{body}");
        }
        statuses.push(status);
    }
    assert_eq!(first.await.expect("task").0, 201);
    assert!(
        statuses.contains(&503) && statuses.contains(&201),
        "{statuses:?}"
    );
    // Once the store has caught up, the refused move goes through.
    creator.client.play(0, "a").await;
    assert!(matches!(
        creator.next_event().await,
        ServerMessage::Event { seq: 1, .. }
    ));
}

/// A lone creator cannot grow a room without bound (a new round alone is stored at once): past
/// the cap every action is refused, clearly, and nothing changes.
#[tokio::test]
async fn a_room_stores_a_bounded_number_of_actions() {
    let server = TestServer::with(|config| config.limits.max_room_events = 6).await;
    let room = server.create(GameKind::Kalah).await;
    let mut client = server.connect().await;
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut creator =
        common::Player::welcomed(client, Some(room.seat_key.clone()), GameKind::Kalah).await;
    for seq in 0..6 {
        creator.client.ask_new_round(seq).await;
        creator.next_event().await;
    }
    creator.client.ask_new_round(6).await;
    match creator.client.recv().await {
        ServerMessage::Error { code, message, .. } => {
            assert_eq!(code, cozcade_protocol::ErrorCode::RoomExhausted);
            assert!(message.contains("new room"), "{message}");
        }
        other => panic!("expected the room to be full of actions, got {other:?}"),
    }
    creator.client.play(6, "a").await;
    let refused = creator.client.recv().await;
    assert!(
        matches!(
            refused,
            ServerMessage::Error {
                code: cozcade_protocol::ErrorCode::RoomExhausted,
                ..
            }
        ),
        "{refused:?}"
    );
    creator
        .client
        .send(&cozcade_protocol::ClientMessage::Resync {})
        .await;
    match creator.client.recv().await {
        ServerMessage::Sync { state } => assert_eq!((state.seq, state.round), (6, 7)),
        other => panic!("expected sync, got {other:?}"),
    }
    // A restart's load of the room is bounded the same way: it is still full.
    let stored: i64 = rusqlite::Connection::open(server.db())
        .expect("open")
        .query_row("SELECT count(*) FROM actions", [], |row| row.get(0))
        .expect("count");
    assert_eq!(stored, 6);
}

/// The server's count of open WebSocket connections.
async fn connections(server: &TestServer) -> u64 {
    let (_, metrics) = common::http(server.addr, "GET", "/metrics", "").await;
    metrics
        .lines()
        .find_map(|line| line.strip_prefix("cozcade_connections "))
        .and_then(|n| n.trim().parse().ok())
        .expect("the connections gauge")
}

/// A client that stops reading (while asking for more) is dropped once a message to it cannot
/// go out, within about two ping periods: it does not keep its connection slot forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_dropped() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let server = TestServer::with(|config| {
        config.limits.ping_secs = 0.5;
        config.limits.send_timeout_secs = 0.5;
    })
    .await;
    let room = server.create(GameKind::Kalah).await;
    // A small receive buffer, so that what the server sends backs up quickly.
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("buffer size");
    let stream = socket.connect(server.addr).await.expect("connect");
    let url = format!("ws://{}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::client_async(url, stream)
        .await
        .expect("upgraded");
    let hello = serde_json::json!({"type": "hello", "version": 1, "room": room.room, "seat_key": room.seat_key});
    ws.send(Message::text(hello.to_string()))
        .await
        .expect("hello");
    // Messages the connection answers itself (here a malformed one: the answer is an error
    // naming what is wrong), again and again, never reading an answer, until the server stops
    // taking them: its answers fill both sides' buffers.
    let nonsense = Message::text(format!(r#"{{"type":"{}"}}"#, "x".repeat(3_900)));
    let mut sent = 0;
    while sent < 9_000 {
        match tokio::time::timeout(Duration::from_millis(500), ws.send(nonsense.clone())).await {
            Ok(Ok(())) => sent += 1,
            // Blocked, or already dropped by the server.
            Ok(Err(_)) | Err(_) => break,
        }
    }
    assert!(sent < 9_000, "the server kept reading {sent} messages");
    // Not reading (and now silent too): gone within a few ping periods, if not already.
    let started = std::time::Instant::now();
    while connections(&server).await > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "still held after {:?}",
            started.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(ws);
}

/// WebSocket pings are messages like any other: a flood of them is cut off by the message rate
/// instead of each getting its pong.
#[tokio::test]
async fn a_flood_of_websocket_pings_is_rate_limited() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let server = TestServer::with(|config| {
        config.limits.rate_per_sec = 10.0;
        config.limits.rate_burst = 30.0;
    })
    .await;
    let room = server.create(GameKind::Kalah).await;
    let mut client = server.connect().await;
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let mut player =
        common::Player::welcomed(client, Some(room.seat_key.clone()), GameKind::Kalah).await;
    for _ in 0..100 {
        if player
            .client
            .ws
            .send(Message::Ping(vec![1, 2, 3].into()))
            .await
            .is_err()
        {
            break;
        }
    }
    // (A connection that is never cut off would go on answering the server's heartbeat.)
    tokio::time::timeout(
        Duration::from_secs(5),
        player.client.expect_closing(CloseReason::RateLimited),
    )
    .await
    .expect("the flood of pings was cut off");
}

/// A WebSocket ping is held to the same size limit as any message: one over it ends the
/// connection, as an oversized text would. (Pings carry at most 125 bytes, so the limit is set
/// below that here, and the ping comes before the hello, which would not fit.)
#[tokio::test]
async fn a_websocket_ping_over_the_size_limit_ends_the_connection() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let server = TestServer::with(|config| config.limits.max_message_bytes = 64).await;
    let mut client = server.connect().await;
    client
        .ws
        .send(Message::Ping(vec![7; 100].into()))
        .await
        .expect("the ping goes out");
    tokio::time::timeout(
        Duration::from_secs(5),
        client.expect_closing(CloseReason::TooBig),
    )
    .await
    .expect("the oversized ping ended the connection");
}

/// A page of another site cannot open sockets here with its visitors' browsers (a browser
/// always says which page asks, in `Origin`); the app, which sends none, still can.
#[tokio::test]
async fn the_websocket_upgrade_refuses_a_foreign_origin() {
    use tokio_tungstenite::tungstenite::Error;

    async fn refused(server: &TestServer, origin: &str) {
        match Client::connect_with(server.addr, "/ws", &[("Origin", origin)]).await {
            Err(Error::Http(response)) => {
                assert_eq!(response.status(), 403, "{origin}");
                let body =
                    String::from_utf8_lossy(response.body().as_deref().unwrap_or(&[])).into_owned();
                assert!(body.contains("origin"), "{origin}: {body}");
            }
            Err(e) => panic!("{origin}: expected 403, got {e}"),
            Ok(_) => panic!("{origin}: upgraded"),
        }
    }
    async fn allowed(server: &TestServer, headers: &[(&str, &str)]) {
        let room = server.create(GameKind::Kalah).await;
        let mut client = Client::connect_with(server.addr, "/ws", headers)
            .await
            .unwrap_or_else(|e| panic!("{headers:?}: {e}"));
        client
            .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
            .await;
        assert!(matches!(client.recv().await, ServerMessage::Welcome { .. }));
    }

    // An app's own scheme is no web page's: no site can put it in a visitor's `Origin`.
    let app = [("Origin", "cozcade://app")];
    let public = TestServer::with(|config| {
        config.public_url = Some("https://play.example.com".into());
    })
    .await;
    for foreign in [
        "https://evil.example",
        "null",
        "http://127.0.0.1:1",
        "http://play.example.com",
    ] {
        refused(&public, foreign).await;
    }
    allowed(&public, &[("Origin", "https://play.example.com")]).await;
    allowed(&public, &[]).await;
    allowed(&public, &app).await;

    // Local play: pages on this machine are the player's own.
    let local = TestServer::start().await;
    for foreign in ["https://evil.example", "null", "http://evil.example:1"] {
        refused(&local, foreign).await;
    }
    let own = format!("http://{}", local.addr);
    allowed(&local, &[("Origin", own.as_str())]).await;
    allowed(&local, &[("Origin", "http://localhost:1")]).await;
    allowed(&local, &[]).await;
    allowed(&local, &app).await;
}

/// Whether the server closes `stream` (end of stream, or a reset) within `within`; what it
/// said first, if anything.
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> Option<String> {
    use tokio::io::AsyncReadExt;
    let mut said = Vec::new();
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&said).into_owned()),
            Ok(Ok(n)) => said.extend_from_slice(&buffer[..n]),
            Err(_) => return None,
        }
    }
}

/// A request sent slowly (slowloris) does not hold a connection: its headers must arrive within
/// the header-read timeout, and an idle kept-alive connection is closed after it too.
#[tokio::test]
async fn a_request_left_half_sent_is_closed() {
    use tokio::io::AsyncWriteExt;

    let server = TestServer::with(|config| config.limits.header_read_timeout_secs = 1.0).await;
    let mut slow = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: 1")
        .await
        .expect("half a request");
    assert!(
        closed_within(&mut slow, Duration::from_secs(4))
            .await
            .is_some(),
        "a half-sent request still held its connection after 4 s"
    );
    let mut idle = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    assert!(
        closed_within(&mut idle, Duration::from_secs(4))
            .await
            .is_some(),
        "an idle connection was still held after 4 s"
    );
}

/// Connections that never finish a request are capped per client address (and in all): one
/// address cannot take every connection the server has.
#[tokio::test]
async fn http_connections_are_capped() {
    let server = TestServer::with(|config| {
        config.limits.max_http_connections_per_address = 3;
        config.limits.max_http_connections = 5;
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(
            tokio::net::TcpStream::connect(server.addr)
                .await
                .expect("connect"),
        );
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let one_more = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    refused_at_once(one_more, "beyond the address's cap").await;
    // Another address takes the two places left of the 5 in all; a third address, which
    // holds none, is refused then, by the server-wide cap.
    for _ in 0..2 {
        held.push(connect_from("127.0.0.2", server.addr).await);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let sixth = connect_from("127.0.0.3", server.addr).await;
    refused_at_once(sixth, "beyond the server's cap").await;
    // The first address again, once one of its places is free.
    drop(held.remove(0));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _, body) = raw_http(server.addr, "GET", "/healthz", &["Host: x"], "").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"));
}

/// Asks for `/healthz` on `connection` and checks that it is answered 503 and closed at once.
async fn refused_at_once(mut connection: tokio::net::TcpStream, why: &str) {
    use tokio::io::AsyncWriteExt;

    let _ = connection
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await;
    let said = closed_within(&mut connection, Duration::from_secs(2))
        .await
        .unwrap_or_else(|| panic!("a connection {why} is closed at once"));
    assert!(said.starts_with("HTTP/1.1 503"), "{why}: {said:?}");
}

/// A connection to `to` from the loopback address `ip` (all of 127.0.0.0/8 is this machine),
/// so that one test can be several clients.
async fn connect_from(ip: &str, to: std::net::SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    let from = std::net::SocketAddr::new(ip.parse().expect("an address"), 0);
    socket.bind(from).expect("bind");
    socket.connect(to).await.expect("connect")
}

/// A request the server cannot answer in time (here: the store is stalled) gets an answer all
/// the same, within the request timeout, instead of holding its connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_is_cut_off_by_the_request_timeout() {
    let server = TestServer::with(|config| config.limits.request_timeout_secs = 1.0).await;
    let stall = WriterStalled::on(&server);
    let started = std::time::Instant::now();
    let (status, _) = common::http(server.addr, "POST", "/api/rooms", KALAH).await;
    let took = started.elapsed();
    stall.release();
    assert_eq!(status, 503);
    assert!(
        took < Duration::from_millis(2500),
        "answered after {took:?}"
    );
}

/// The link preview's picture of a room not yet drawn, asked for many times at once (a
/// crowd, or an attacker), is drawn once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_asked_for_at_once_is_drawn_once() {
    let server = TestServer::start().await;
    let room = server.create(GameKind::Checkers).await;
    let path = format!("/r/{}/preview.png", room.room);
    let fetches: Vec<_> = (0..8)
        .map(|_| {
            let (addr, path) = (server.addr, path.clone());
            tokio::spawn(async move { common::get(addr, &path, &[]).await })
        })
        .collect();
    let mut pictures = Vec::new();
    for fetch in fetches {
        let (status, _, png) = fetch.await.expect("task");
        assert_eq!(status, 200);
        pictures.push(png);
    }
    pictures.dedup();
    assert_eq!(pictures.len(), 1, "the same picture for everyone");
    let (_, metrics) = common::http(server.addr, "GET", "/metrics", "").await;
    assert!(
        metrics.contains("cozcade_previews_rendered_total 1\n"),
        "{}",
        metrics
            .lines()
            .find(|l| l.starts_with("cozcade_previews_rendered_total"))
            .unwrap_or("")
    );
}

/// What carries a seat key, and a room's page, is never kept by a cache on the way (a shared
/// proxy, the browser's back-forward cache) for the next person to be handed.
#[tokio::test]
async fn seat_keys_and_room_pages_are_never_stored_by_caches() {
    let web = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        web.path().join("index.html"),
        "<html><head><title>x</title></head></html>",
    )
    .expect("write");
    for root in [None, Some(web.path().to_owned())] {
        let server = TestServer::with(|config| config.web_root = root).await;
        let (status, headers, body) = post_room(&server, &[]).await;
        assert_eq!(status, 201, "{body}");
        assert!(body.contains("seat_key"));
        assert_eq!(header(&headers, "cache-control"), Some("no-store"));
        let room: cozcade_protocol::RoomCreated = serde_json::from_str(&body).expect("created");
        let page = format!("/r/{}", room.room);
        let (status, headers, _) = common::get(server.addr, &page, &[]).await;
        assert_eq!(status, 200);
        let cache = headers.iter().find(|(name, _)| name == "cache-control");
        assert_eq!(cache.map(|(_, v)| v.as_str()), Some("no-store"), "{page}");
    }
}

/// The page's policy lets it connect only to this server (its own origin and that origin's
/// WebSocket twin), and behind TLS browsers are told to come back over TLS only.
#[tokio::test]
async fn the_page_may_connect_only_to_its_own_server_and_https_is_pinned() {
    let server = TestServer::with(|config| {
        config.public_url = Some("https://play.example.com".into());
    })
    .await;
    let host = format!("Host: {}", server.addr);
    for path in ["/healthz", "/r/nonsense", "/api/rooms/nonsense"] {
        let (_, headers, _) = raw_http(server.addr, "GET", path, &[&host], "").await;
        let policy = header(&headers, "content-security-policy").expect("a policy");
        let connect = policy
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("connect-src"))
            .expect("connect-src");
        assert_eq!(
            connect, "connect-src 'self' wss://play.example.com",
            "{path}"
        );
        assert_eq!(
            header(&headers, "strict-transport-security"),
            Some("max-age=31536000"),
            "{path}"
        );
    }
    // Plain HTTP (local play): the same rule, and nothing pinned.
    let local = TestServer::start().await;
    let host = format!("Host: {}", local.addr);
    let (_, headers, _) = raw_http(local.addr, "GET", "/healthz", &[&host], "").await;
    let policy = header(&headers, "content-security-policy").expect("a policy");
    assert!(
        policy.contains(&format!("connect-src 'self' ws://{} ", local.addr)),
        "{policy}"
    );
    assert!(
        !policy.contains(" ws: ") && !policy.contains(" wss:;"),
        "{policy}"
    );
    assert_eq!(header(&headers, "strict-transport-security"), None);
}

/// A second server on the same SQLite file (two instances started by mistake, or a restart
/// while the old one still runs) is refused with a clear error, instead of two writers each
/// taking the other's sequence numbers.
#[tokio::test]
async fn a_second_server_on_the_same_sqlite_file_is_refused() {
    let server = TestServer::start().await;
    let mut config = cozcade_server::Config::for_tests(server.db());
    config.limits = common::test_limits();
    let clock = std::sync::Arc::new(cozcade_server::ManualClock::new(common::START));
    match cozcade_server::start(config, clock).await {
        Ok(_) => panic!("a second server started on the same file"),
        Err(e) => assert!(e.to_string().contains("in use"), "{e}"),
    }
    // Another process (the real binary) is refused the same way and says why.
    let output = tokio::time::timeout(
        Duration::from_secs(20),
        tokio::process::Command::new(env!("CARGO_BIN_EXE_cozcade-server"))
            .args(["--listen", "127.0.0.1:0", "--db"])
            .arg(server.db())
            .output(),
    )
    .await
    .expect("the second process exits")
    .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("in use"), "{stderr}");
    // The first one goes on.
    server.create(GameKind::Kalah).await;
}

/// `/healthz` looks at the store: a server whose writer is stuck says so, so that a load
/// balancer or a watchdog stops sending it players.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_when_the_store_is_stuck() {
    let server = TestServer::start().await;
    assert_eq!(
        common::http(server.addr, "GET", "/healthz", "").await.0,
        200
    );
    let stall = WriterStalled::on(&server);
    let addr = server.addr;
    let waiting =
        tokio::spawn(async move { common::http(addr, "POST", "/api/rooms", KALAH).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, body) = common::http(server.addr, "GET", "/healthz", "").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("store"), "{body}");
    stall.release();
    assert_eq!(waiting.await.expect("task").0, 201);
    assert_eq!(
        common::http(server.addr, "GET", "/healthz", "").await.0,
        200
    );
}

/// With PostgreSQL, reads cannot starve the room leases: however long reads wait (here: the
/// rooms table is locked, so every page read blocks and holds a pooled connection), the lease
/// of a room in play is renewed on a connection of its own and does not lapse.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_that_hold_every_pooled_connection_do_not_let_a_lease_lapse() {
    use cozcade_testkit::scratch_postgres::{self, ScratchError, ScratchPostgres};

    let dir = tempfile::tempdir().expect("temp dir");
    let cluster = match ScratchPostgres::start(dir.path(), &[("fsync", "off")]) {
        Ok(cluster) => cluster,
        Err(ScratchError::NotInstalled) if !scratch_postgres::required() => {
            return eprintln!("skipped: {}", ScratchError::NotInstalled);
        }
        Err(e) => panic!("cannot start PostgreSQL: {e}"),
    };
    let url = cluster.url("postgres");
    let server = TestServer::with(|config| {
        config.db = cozcade_server::Database::Postgres(url.clone());
        config.lease_secs = 2.0;
        config.db_pool = 2;
    })
    .await;
    let room = server.create(GameKind::Kalah).await;
    let mut client = server.connect().await;
    client
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let _creator =
        common::Player::welcomed(client, Some(room.seat_key.clone()), GameKind::Kalah).await;

    let connect = || async {
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .expect("connect to PostgreSQL");
        tokio::spawn(connection);
        client
    };
    let mut locker = connect().await;
    let watcher = connect().await;
    let lock = locker.transaction().await.expect("begin");
    lock.batch_execute("LOCK TABLE rooms IN ACCESS EXCLUSIVE MODE")
        .await
        .expect("lock the rooms");
    let reads: Vec<_> = (0..10)
        .map(|_| {
            let (addr, path) = (server.addr, format!("/api/rooms/{}", room.room));
            tokio::spawn(async move { common::get(addr, &path, &[]).await.0 })
        })
        .collect();
    // Two and a half lease periods later, the lease is still held, renewed meanwhile.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let held: bool = watcher
        .query_one(
            "SELECT expires_at > now() FROM room_leases WHERE room = $1",
            &[&room.room.as_str()],
        )
        .await
        .expect("the room's lease")
        .get(0);
    lock.rollback().await.expect("unlock");
    assert!(held, "the lease lapsed while reads held the pool");
    for read in reads {
        assert_eq!(read.await.expect("task"), 200);
    }
}
