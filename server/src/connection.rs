//! One WebSocket connection: the hello, then a loop that forwards the client's actions to its
//! room's owner and the owner's messages to the client, with the limits enforced here.
//!
//! Every frame sent has a deadline (`--send-timeout-secs`): a client that stops reading fills
//! the socket's buffers, and a send that cannot finish in time ends the connection, freeing its
//! slot. Without it the handler would wait on that send for ever, and the heartbeat, a branch of
//! the same loop, could not fire.

use std::sync::{Arc, atomic::Ordering};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use cozcade_protocol::{
    ClientMessage, CloseReason, ErrorCode, PROTOCOL_VERSION, RoomId, Seat, SeatKey, ServerMessage,
    heartbeat::PONG_TEXT,
};
use tokio::{
    sync::{OwnedSemaphorePermit, mpsc, oneshot, watch},
    time::{Duration, Instant, timeout},
};
use tokio_tungstenite::tungstenite;

use crate::{
    client_message::{self, Malformed},
    config::secs,
    limits::{AddressSlot, RateLimit},
    registry::Registry,
    room::{Command, ConnHandle, JoinResult, Outbound},
    shared::Shared,
};

/// Messages waiting to be written to one client. Enough for a welcome plus a full replay.
const OUTBOX: usize = 512;
/// How often a connection looks its room up again when the owner was just stopping.
const JOIN_ATTEMPTS: usize = 5;

struct Connection {
    ws: WebSocket,
    /// How long one frame may take to go out.
    send_timeout: Duration,
    /// The room named in the WebSocket address (`/ws?room=`), which a load balancer routed on.
    addressed_room: Option<String>,
    shared: Arc<Shared>,
    registry: Arc<Registry>,
    rate: RateLimit,
    /// Still waiting for the hello.
    greeting: bool,
}

/// What a connection handler needs from the server.
pub struct Context {
    pub shared: Arc<Shared>,
    pub registry: Arc<Registry>,
    pub shutdown: watch::Receiver<bool>,
    /// Dropped when the handler is done; shutdown waits for every one.
    pub handlers: mpsc::Sender<()>,
}

/// Why a connection was refused before it began.
#[derive(Debug)]
pub enum Refused {
    /// The server holds `--max-connections`.
    ServerFull,
    /// The client's address holds `--max-connections-per-address`.
    AddressFull,
}

/// What the client sent, after the limits.
enum Incoming {
    Message(ClientMessage),
    /// Handled (an error was answered, or a ping/pong); nothing to do.
    Nothing,
    /// The connection is over (closed by the peer, or by us for a breach).
    Closed,
}

pub async fn serve(
    ws: WebSocket,
    context: Context,
    permit: Result<(OwnedSemaphorePermit, AddressSlot), Refused>,
    addressed_room: Option<String>,
) {
    let Context {
        shared,
        registry,
        shutdown,
        handlers,
    } = context;
    let rate = RateLimit::new(shared.limits.rate_per_sec, shared.limits.rate_burst);
    let mut conn = Connection {
        ws,
        send_timeout: secs(shared.limits.send_timeout_secs),
        addressed_room,
        shared: shared.clone(),
        registry,
        rate,
        greeting: true,
    };
    match permit {
        Err(Refused::ServerFull) => {
            conn.close(
                CloseReason::ServerFull,
                "the server holds as many connections as it can",
            )
            .await;
        }
        Err(Refused::AddressFull) => {
            let message = format!(
                "this address holds {} connections, the most allowed",
                shared.limits.max_connections_per_address
            );
            conn.close(CloseReason::ServerFull, &message).await;
        }
        Ok(_permit) => {
            shared.metrics.connections.fetch_add(1, Ordering::Relaxed);
            conn.run(shutdown).await;
            shared.metrics.connections.fetch_sub(1, Ordering::Relaxed);
        }
    }
    drop(handlers);
}

impl Connection {
    /// Sends one frame within the send timeout; false when the connection is over (the peer
    /// went away, or does not read). A send cut short leaves the socket unusable, which is why
    /// every caller ends the connection on false.
    async fn send_frame(&mut self, frame: Message) -> bool {
        matches!(
            timeout(self.send_timeout, self.ws.send(frame)).await,
            Ok(Ok(()))
        )
    }

    async fn send(&mut self, message: &ServerMessage) -> bool {
        let text = serde_json::to_string(message).unwrap_or_default();
        self.send_frame(Message::Text(Utf8Bytes::from(text))).await
    }

    /// Answers a ping: a fixed text, with no JSON to build and no trip to the room.
    async fn pong(&mut self) -> bool {
        self.send_frame(Message::Text(Utf8Bytes::from_static(PONG_TEXT)))
            .await
    }

    /// Answers with an error; false when the connection is over.
    async fn error(&mut self, code: ErrorCode, message: impl Into<String>) -> bool {
        self.shared.metrics.error(code);
        let message = ServerMessage::Error {
            code,
            message: message.into(),
            action_id: None,
            seq: None,
        };
        self.send(&message).await
    }

    /// Says why, sends the close frame, and waits briefly for the client's close so that what
    /// we sent is not lost to a reset of the socket.
    async fn close(&mut self, reason: CloseReason, message: &str) {
        self.shared.metrics.close(reason);
        let closing = ServerMessage::Closing {
            reason,
            message: message.to_owned(),
        };
        if self.send(&closing).await {
            let frame = CloseFrame {
                code: reason.code(),
                reason: reason.as_str().into(),
            };
            if self.send_frame(Message::Close(Some(frame))).await {
                let _ = timeout(secs(1.0), async {
                    while let Some(Ok(_)) = self.ws.recv().await {}
                })
                .await;
            }
        }
    }

    /// Reads one client message, applying the size and rate limits.
    async fn receive(&mut self) -> Incoming {
        let received = self.ws.recv().await;
        self.process(received).await
    }

    /// Applies the limits to what the socket gave. Kept apart from the read itself so that
    /// the main loop's `select!` cancels only the (cancel-safe) read, never an answer or a
    /// close that is half sent.
    async fn process(&mut self, received: Option<Result<Message, axum::Error>>) -> Incoming {
        let message = match received {
            None => return Incoming::Closed,
            Some(Ok(message)) => message,
            Some(Err(e)) => {
                match e.into_inner().downcast::<tungstenite::Error>().map(|e| *e) {
                    // A frame over the transport's hard cap arrives as a capacity error.
                    Ok(tungstenite::Error::Capacity(_)) => {
                        self.close(CloseReason::TooBig, &self.too_big_text()).await;
                    }
                    Ok(tungstenite::Error::Utf8(_)) => self.close_invalid_utf8().await,
                    _ => {}
                }
                return Incoming::Closed;
            }
        };
        // WebSocket pings and pongs count like any message: the transport answers each ping
        // with a pong of its own, so a flood of them would otherwise be free to send and cost
        // a write each.
        let (text, size) = match &message {
            Message::Text(text) => (Some(text.as_str()), text.len()),
            Message::Binary(bytes) => (None, bytes.len()),
            Message::Ping(bytes) | Message::Pong(bytes) => (None, bytes.len()),
            Message::Close(_) => return Incoming::Closed,
        };
        if size > self.shared.limits.max_message_bytes {
            self.close(CloseReason::TooBig, &self.too_big_text()).await;
            return Incoming::Closed;
        }
        if !self.rate.allow() {
            self.close(CloseReason::RateLimited, "too many messages; slow down")
                .await;
            return Incoming::Closed;
        }
        if matches!(message, Message::Ping(_) | Message::Pong(_)) {
            return Incoming::Nothing;
        }
        let Some(text) = text else {
            let answered = self
                .error(
                    ErrorCode::Malformed,
                    "binary frames are not used; send JSON text",
                )
                .await;
            return if answered {
                Incoming::Nothing
            } else {
                Incoming::Closed
            };
        };
        match client_message::parse(text) {
            Ok(message) => Incoming::Message(message),
            Err(e) => {
                let (code, why) = e.refusal(text);
                if self.greeting && Malformed::claims_hello(text) {
                    let (why, close) = match code {
                        ErrorCode::UnknownRoom => (why, "unknown room"),
                        _ => (format!("a malformed hello: {e}"), "malformed hello"),
                    };
                    self.error(code, why).await;
                    // A hello that does not parse cannot be answered any better by waiting.
                    self.close(CloseReason::HelloRefused, close).await;
                    return Incoming::Closed;
                }
                if self.error(code, why).await {
                    Incoming::Nothing
                } else {
                    Incoming::Closed
                }
            }
        }
    }

    /// A text frame that is not UTF-8 breaks the WebSocket protocol itself: answered
    /// `malformed`, then closed with 1007.
    async fn close_invalid_utf8(&mut self) {
        self.error(ErrorCode::Malformed, "a text frame must be UTF-8")
            .await;
        self.close(CloseReason::InvalidUtf8, "a text frame must be UTF-8")
            .await;
    }

    fn too_big_text(&self) -> String {
        format!(
            "messages are limited to {} bytes",
            self.shared.limits.max_message_bytes
        )
    }

    async fn run(&mut self, mut shutdown: watch::Receiver<bool>) {
        let hello_time = secs(self.shared.limits.hello_secs);
        let hello = tokio::select! {
            hello = timeout(hello_time, self.hello()) => hello,
            _ = shutdown.changed() => {
                return self.close(CloseReason::ShuttingDown, "the server is shutting down").await;
            }
        };
        let Ok(hello) = hello else {
            return self
                .close(CloseReason::HelloTimeout, "no hello in time")
                .await;
        };
        let Some((room_id, seat_key, last_seq)) = hello else {
            return;
        };
        if self
            .addressed_room
            .as_ref()
            .is_some_and(|a| a != room_id.as_str())
        {
            // Served here because the address named another room: this instance may not own it.
            self.error(
                ErrorCode::UnknownRoom,
                "the hello names another room than the address (/ws?room=)",
            )
            .await;
            return self.close(CloseReason::HelloRefused, "room mismatch").await;
        }
        let id = self.shared.next_connection_id();
        let (tx, mut outbox) = mpsc::channel(OUTBOX);
        let mut joined = None;
        for _ in 0..JOIN_ATTEMPTS {
            let owner = self.registry.room(&room_id);
            let (reply, answer) = oneshot::channel();
            let conn = ConnHandle { id, tx: tx.clone() };
            let join = Command::Join {
                seat_key: seat_key.clone(),
                last_seq,
                conn,
                reply,
            };
            if owner.send(join).await.is_err() {
                continue;
            }
            match answer.await {
                Ok(JoinResult::Joined(seat)) => {
                    joined = Some((owner, seat));
                    break;
                }
                Ok(JoinResult::Refused(code, message)) => {
                    self.error(code, message).await;
                    return self.close(CloseReason::HelloRefused, "hello refused").await;
                }
                Ok(JoinResult::Retry) | Err(_) => continue,
            }
        }
        drop(tx);
        let Some((owner, seat)) = joined else {
            self.error(ErrorCode::Unavailable, "the room is busy; try again")
                .await;
            return self.close(CloseReason::HelloRefused, "hello refused").await;
        };
        self.play(id, seat, &owner, &mut outbox, &mut shutdown)
            .await;
        let _ = owner
            .send(Command::Disconnected { conn_id: id, seat })
            .await;
    }

    /// Waits for the hello; answers anything else with an error.
    async fn hello(&mut self) -> Option<(RoomId, Option<SeatKey>, Option<u64>)> {
        loop {
            match self.receive().await {
                Incoming::Closed => return None,
                Incoming::Nothing => {}
                Incoming::Message(ClientMessage::Ping {}) => {
                    if !self.pong().await {
                        return None;
                    }
                }
                Incoming::Message(ClientMessage::Hello {
                    version,
                    room,
                    seat_key,
                    last_seq,
                }) => {
                    if version != PROTOCOL_VERSION {
                        self.error(
                            ErrorCode::UnsupportedVersion,
                            format!("this server speaks protocol version {PROTOCOL_VERSION}"),
                        )
                        .await;
                        self.close(CloseReason::HelloRefused, "unsupported protocol version")
                            .await;
                        return None;
                    }
                    self.greeting = false;
                    return Some((room, seat_key, last_seq));
                }
                Incoming::Message(_) => {
                    if !self
                        .error(ErrorCode::ExpectedHello, "say hello first")
                        .await
                    {
                        return None;
                    }
                }
            }
        }
    }

    async fn play(
        &mut self,
        id: u64,
        seat: Seat,
        owner: &mpsc::Sender<Command>,
        outbox: &mut mpsc::Receiver<Outbound>,
        shutdown: &mut watch::Receiver<bool>,
    ) {
        // The heartbeat (PROTOCOL.md): any frame from the client is life. One timer, moved only
        // when it fires, not on every frame: it wakes `period` after the last frame heard,
        // pings a connection that has been silent that long (a client that pings by itself
        // never is), and drops one silent for two periods.
        let period = secs(self.shared.limits.ping_secs);
        let mut last_heard = Instant::now();
        let check = tokio::time::sleep_until(last_heard + period);
        tokio::pin!(check);
        loop {
            tokio::select! {
                received = self.ws.recv() => {
                    last_heard = Instant::now();
                    match self.process(received).await {
                        Incoming::Closed => return,
                        Incoming::Nothing => {}
                        Incoming::Message(ClientMessage::Ping {}) => {
                            if !self.pong().await {
                                return;
                            }
                        }
                        Incoming::Message(ClientMessage::Hello { .. }) => {
                            if !self.error(ErrorCode::ExpectedHello, "hello only once per connection")
                                .await
                            {
                                return;
                            }
                        }
                        Incoming::Message(message) => {
                            let command = Command::Action { conn_id: id, seat, message };
                            if owner.send(command).await.is_err() {
                                return;
                            }
                        }
                    }
                }
                out = outbox.recv() => match out {
                    Some(Outbound::Text(text)) => {
                        if !self.send_frame(Message::Text(text)).await {
                            return;
                        }
                    }
                    Some(Outbound::Close(reason, message)) => {
                        return self.close(reason, &message).await;
                    }
                    // The owner dropped this connection (it could not keep up).
                    None => return,
                },
                () = &mut check => {
                    let silent = last_heard.elapsed();
                    if silent >= period * 2 {
                        // Tell the room first: the friend should not wait for our polite
                        // close (up to a second more) to a peer that is most likely gone.
                        let _ = owner.send(Command::Disconnected { conn_id: id, seat }).await;
                        return self.close(CloseReason::HeartbeatTimeout, "nothing heard for two ping periods").await;
                    }
                    let next = if silent >= period {
                        if !self.send_frame(Message::Ping(Default::default())).await {
                            return;
                        }
                        last_heard + period * 2
                    } else {
                        last_heard + period
                    };
                    check.as_mut().reset(next);
                }
                _ = shutdown.changed() => {
                    return self.close(CloseReason::ShuttingDown, "the server is shutting down").await;
                }
            }
        }
    }
}
