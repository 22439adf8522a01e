//! Helpers for the integration tests: a real server on port 0, HTTP through reqwest (and a raw
//! socket for deliberately broken requests), and a WebSocket client that speaks the protocol.
#![allow(dead_code)]

pub mod game;
pub mod nginx;

use std::{net::SocketAddr, path::PathBuf, sync::Arc, time::Duration};

use cozcade_engine::{AnyRecord, GameKind};
use cozcade_protocol::{
    ActionId, ClientMessage, CloseReason, PROTOCOL_VERSION, RoomCreated, SeatKey, ServerMessage,
    client::OnlineClient,
};
use cozcade_server::{Config, Limits, ManualClock, RunningServer};
use futures_util::{SinkExt, StreamExt};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};
use tokio_tungstenite::{
    MaybeTlsStream, WebSocketStream,
    tungstenite::{Message, protocol::frame::coding::CloseCode},
};

pub const START: i64 = 1_800_000_000;
const WAIT: Duration = Duration::from_secs(10);

pub struct TestServer {
    pub server: Option<RunningServer>,
    pub addr: SocketAddr,
    pub clock: Arc<ManualClock>,
    pub dir: tempfile::TempDir,
}

/// Limits generous enough that tests playing fast (and creating many rooms, all from
/// 127.0.0.1) are not rate-limited.
pub fn test_limits() -> Limits {
    Limits {
        rate_per_sec: 10_000.0,
        rate_burst: 10_000.0,
        rooms_per_minute: 1e9,
        rooms_burst: 1e6,
        all_rooms_per_minute: 1e9,
        all_rooms_burst: 1e6,
        max_connections_per_address: 10_000,
        ..Limits::default()
    }
}

impl TestServer {
    pub async fn start() -> Self {
        Self::with(|_| {}).await
    }

    pub async fn with(adjust: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_tests(dir.path().join("rooms.db"));
        config.limits = test_limits();
        adjust(&mut config);
        let clock = Arc::new(ManualClock::new(START));
        let server = cozcade_server::start(config, clock.clone())
            .await
            .expect("server starts");
        let addr = server.addr;
        TestServer {
            server: Some(server),
            addr,
            clock,
            dir,
        }
    }

    /// Stops the server and starts another on the same store (the same SQLite file), with the
    /// tests' limits and a clock at [`START`]: a restart, as after a deploy or a crash.
    pub async fn restart(&mut self) {
        if let Some(running) = self.server.take() {
            running.shutdown().await;
        }
        let mut config = Config::for_tests(self.db());
        config.limits = test_limits();
        self.clock = Arc::new(ManualClock::new(START));
        let running = cozcade_server::start(config, self.clock.clone())
            .await
            .expect("server starts again");
        self.addr = running.addr;
        self.server = Some(running);
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("rooms.db")
    }

    pub async fn create(&self, game: GameKind) -> RoomCreated {
        create_room(self.addr, game).await
    }

    pub async fn connect(&self) -> Client {
        Client::connect(self.addr).await
    }
}

/// An HTTP exchange through reqwest: returns the status code and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("an HTTP method");
    let response = tokio::time::timeout(
        WAIT,
        reqwest::Client::new()
            .request(method, format!("http://{addr}{path}"))
            .header("Content-Type", "application/json")
            .body(body.to_owned())
            .send(),
    )
    .await
    .expect("http answer in time")
    .expect("http exchange");
    let status = response.status().as_u16();
    let body = response.text().await.expect("http body");
    (status, body)
}

/// A GET through reqwest that never follows a redirect (as Apple's and Google's fetchers must
/// not need to) and never decompresses: the status, the headers (names lower-cased) and the
/// body's bytes as sent.
pub async fn get(
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("http client");
    let mut request = client.get(format!("http://{addr}{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = tokio::time::timeout(WAIT, request.send())
        .await
        .expect("http answer in time")
        .expect("http exchange");
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .map(|(name, value)| {
            let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
            (name.as_str().to_ascii_lowercase(), value)
        })
        .collect();
    let body = response.bytes().await.expect("http body").to_vec();
    (status, headers, body)
}

/// For requests no HTTP client would send (two `Host` headers, none at all): writes exactly
/// the header lines given on a raw socket. Returns the status code, the response's header
/// lines and the body.
pub async fn raw_http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> (u16, Vec<String>, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for header in headers {
        request.push_str(header);
        request.push_str("\r\n");
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .expect("http answer in time")
        .expect("read");
    let response = String::from_utf8_lossy(&response).into_owned();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let (head, body) = response.split_once("\r\n\r\n").expect("head and body");
    let header_lines = head.lines().skip(1).map(str::to_owned).collect();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    (status, header_lines, body)
}

/// The value of a header among `lines` (case-insensitive name), if present.
pub fn header<'a>(lines: &'a [String], name: &str) -> Option<&'a str> {
    lines.iter().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

pub async fn create_room(addr: SocketAddr, game: GameKind) -> RoomCreated {
    let body = format!(r#"{{"game":"{game}"}}"#);
    let (status, body) = http(addr, "POST", "/api/rooms", &body).await;
    assert_eq!(status, 201, "{body}");
    serde_json::from_str(&body).expect("room created")
}

#[derive(Debug)]
pub enum Got {
    Message(ServerMessage),
    Closed { code: u16, reason: String },
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_action: u64,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        Client::connect_to(addr, "/ws").await
    }

    /// Connects to another WebSocket address, such as `/ws?room=<id>`.
    pub async fn connect_to(addr: SocketAddr, path: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
            .await
            .expect("ws connect");
        Client { ws, next_action: 0 }
    }

    /// Connects with extra request headers (an `Origin`, an `X-Forwarded-For`); the handshake's
    /// error (a refused upgrade) is handed back rather than panicking.
    pub async fn connect_with(
        addr: SocketAddr,
        path: &str,
        headers: &[(&str, &str)],
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        use tokio_tungstenite::tungstenite::{
            client::IntoClientRequest,
            http::{HeaderName, HeaderValue},
        };
        let mut request = format!("ws://{addr}{path}").into_client_request()?;
        for (name, value) in headers {
            let name = HeaderName::from_bytes(name.as_bytes()).expect("a header name");
            let value = HeaderValue::from_str(value).expect("a header value");
            request.headers_mut().append(name, value);
        }
        let (ws, _) = tokio_tungstenite::connect_async(request).await?;
        Ok(Client { ws, next_action: 0 })
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).expect("serialise");
        self.send_text(&text).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// Unique across the clients of a test process, as a real client's would be (a UUID).
    pub fn action_id(&mut self) -> ActionId {
        static CLIENTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        if self.next_action == 0 {
            self.next_action = CLIENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) << 32;
        }
        self.next_action += 1;
        format!("a{:x}", self.next_action)
            .parse()
            .expect("an action id")
    }

    /// Says hello with any room and key, well formed or not (as text: the message type
    /// holds only well-formed ones).
    pub async fn hello(&mut self, room: &str, seat_key: Option<&str>, last_seq: Option<u64>) {
        let mut hello = serde_json::json!({
            "type": "hello",
            "version": PROTOCOL_VERSION,
            "room": room,
        });
        if let Some(key) = seat_key {
            hello["seat_key"] = key.into();
        }
        if let Some(seq) = last_seq {
            hello["last_seq"] = seq.into();
        }
        self.send_text(&hello.to_string()).await;
    }

    /// Sends a move built on `seq`; returns the action id.
    pub async fn play(&mut self, seq: u64, mv: &str) -> ActionId {
        let action_id = self.action_id();
        self.send(&ClientMessage::Move {
            action_id: action_id.clone(),
            seq,
            mv: mv.to_owned(),
        })
        .await;
        action_id
    }

    /// Asks for (or agrees to) a new round built on `seq`; returns the action id.
    pub async fn ask_new_round(&mut self, seq: u64) -> ActionId {
        let action_id = self.action_id();
        self.send(&ClientMessage::NewRound {
            action_id: action_id.clone(),
            seq,
        })
        .await;
        action_id
    }

    pub async fn got(&mut self) -> Got {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("the server answers in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    let message = serde_json::from_str(text.as_str())
                        .unwrap_or_else(|e| panic!("bad server message {text}: {e}"));
                    return Got::Message(message);
                }
                Some(Ok(Message::Close(frame))) => {
                    let (code, reason) = frame
                        .map(|f| (u16::from(f.code), f.reason.to_string()))
                        .unwrap_or((u16::from(CloseCode::Status), String::new()));
                    return Got::Closed { code, reason };
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => {
                    return Got::Closed {
                        code: 0,
                        reason: format!("error: {e}"),
                    };
                }
                None => {
                    return Got::Closed {
                        code: 0,
                        reason: "end of stream".into(),
                    };
                }
            }
        }
    }

    pub async fn recv(&mut self) -> ServerMessage {
        match self.got().await {
            Got::Message(message) => message,
            Got::Closed { code, reason } => panic!("closed ({code} {reason}) instead of a message"),
        }
    }

    /// Expects `closing` with this reason, then the close frame with its code.
    pub async fn expect_closing(&mut self, reason: CloseReason) {
        match self.recv().await {
            ServerMessage::Closing { reason: got, .. } => assert_eq!(got, reason),
            other => panic!("expected closing {reason:?}, got {other:?}"),
        }
        match self.got().await {
            Got::Closed { code, reason: text } => {
                assert_eq!(code, reason.code());
                assert_eq!(text, reason.as_str());
            }
            other => panic!("expected the close frame, got {other:?}"),
        }
    }

    /// Reads until a message matches; fails on anything closing first.
    pub async fn until(&mut self, mut wanted: impl FnMut(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let message = self.recv().await;
            if wanted(&message) {
                return message;
            }
        }
    }
}

/// A client that holds a seat: the WebSocket, and the protocol's own client
/// (`cozcade_protocol::client`, the one the app runs), which keeps the confirmed game and
/// decides what to send. Tests that send what no client would (stale, duplicate or broken
/// messages) write on `client` directly.
pub struct Player {
    pub client: Client,
    pub online: OnlineClient,
    pub seat_key: SeatKey,
    pub seat: cozcade_engine::Side,
}

impl Player {
    /// Reads a welcome and its sync (the hello was sent on `client`).
    pub async fn welcomed(mut client: Client, seat_key: Option<SeatKey>, game: GameKind) -> Player {
        let welcome = client.recv().await;
        let (room, seat) = match &welcome {
            ServerMessage::Welcome {
                room,
                seat,
                game: welcomed,
                resync: true,
                ..
            } => {
                assert_eq!(*welcomed, game);
                (room.clone(), *seat)
            }
            other => panic!("expected welcome with resync, got {other:?}"),
        };
        // Action ids unique across the clients of a test process, as a real client's are.
        let prefix = client.action_id().to_string();
        let mut online = OnlineClient::new(room, seat_key, prefix);
        assert_eq!(online.on_message(welcome), [], "a sync was announced");
        let sync = client.recv().await;
        assert!(matches!(sync, ServerMessage::Sync { .. }), "{sync:?}");
        assert_eq!(online.on_message(sync), [], "nothing to resend");
        assert!(online.record().is_some(), "the sync's record replays");
        let seat_key = online.seat_key().expect("a seat key").clone();
        Player {
            client,
            online,
            seat_key,
            seat,
        }
    }

    /// The confirmed game, as the client holds it.
    pub fn record(&self) -> &AnyRecord {
        self.online.record().expect("synced")
    }

    /// The last sequence number the client applied.
    pub fn seq(&self) -> u64 {
        self.online.last_seq().expect("synced")
    }

    pub fn proposed_by(&self) -> Option<cozcade_engine::Side> {
        self.online.new_round_proposed_by()
    }

    /// Hands a message to the client, checking that events arrive in order without gaps.
    pub fn apply(&mut self, message: &ServerMessage) {
        if let ServerMessage::Event { seq, .. } = message {
            assert_eq!(*seq, self.seq() + 1, "events arrive in order without gaps");
        }
        let answer = self.online.on_message(message.clone());
        assert_eq!(answer, [], "the client asks for nothing after {message:?}");
        if let ServerMessage::Event { seq, .. } = message {
            assert_eq!(self.seq(), *seq, "the client applied the event");
        }
    }

    /// Sends what the client decided.
    pub async fn send(&mut self, messages: Vec<ClientMessage>) {
        for message in messages {
            self.client.send(&message).await;
        }
    }

    /// Reads until the next event and applies it.
    pub async fn next_event(&mut self) -> ServerMessage {
        let message = self
            .client
            .until(|m| matches!(m, ServerMessage::Event { .. }))
            .await;
        self.apply(&message);
        message
    }
}

/// A small deterministic generator for picking moves.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Creates a room and seats two players.
pub async fn two_players(server: &TestServer, game: GameKind) -> (RoomCreated, Player, Player) {
    let room = server.create(game).await;
    let mut creator = server.connect().await;
    creator
        .hello(room.room.as_str(), Some(room.seat_key.as_str()), None)
        .await;
    let creator = Player::welcomed(creator, Some(room.seat_key.clone()), game).await;
    let mut guest = server.connect().await;
    guest.hello(room.room.as_str(), None, None).await;
    let guest = Player::welcomed(guest, None, game).await;
    let mut creator = creator;
    let presence = creator.client.recv().await;
    assert!(
        matches!(presence, ServerMessage::Presence { .. }),
        "{presence:?}"
    );
    (room, creator, guest)
}
