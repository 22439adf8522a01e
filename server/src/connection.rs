//! One WebSocket connection: the hello, then a loop that forwards the client's actions to its
//! room's owner and the owner's messages to the client, with the limits enforced here.

use std::sync::{Arc, atomic::Ordering};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use cozcade_engine::protocol::{
    ClientMessage, CloseReason, ErrorCode, PROTOCOL_VERSION, Seat, ServerMessage,
};
use tokio::{
    sync::{OwnedSemaphorePermit, mpsc, oneshot, watch},
    time::{Instant, timeout},
};

use crate::{
    config::secs,
    limits::RateLimit,
    room::{Command, ConnHandle, JoinResult, Outbound},
    secret,
    shared::Shared,
};

/// Messages waiting to be written to one client. Enough for a welcome plus a full replay.
const OUTBOX: usize = 512;
/// How often a connection looks its room up again when the owner was just stopping.
const JOIN_ATTEMPTS: usize = 5;

struct Connection {
    ws: WebSocket,
    /// The room named in the WebSocket address (`/ws?room=`), which a load balancer routed on.
    addressed_room: Option<String>,
    shared: Arc<Shared>,
    rate: RateLimit,
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
    shared: Arc<Shared>,
    permit: Option<OwnedSemaphorePermit>,
    shutdown: watch::Receiver<bool>,
    addressed_room: Option<String>,
) {
    let rate = RateLimit::new(shared.limits.rate_per_sec, shared.limits.rate_burst);
    let mut conn = Connection {
        ws,
        addressed_room,
        shared: shared.clone(),
        rate,
    };
    let Some(_permit) = permit else {
        conn.close(
            CloseReason::ServerFull,
            "the server holds as many connections as it can",
        )
        .await;
        return;
    };
    shared.metrics.connections.fetch_add(1, Ordering::Relaxed);
    conn.run(shutdown).await;
    shared.metrics.connections.fetch_sub(1, Ordering::Relaxed);
}

impl Connection {
    async fn send(&mut self, message: &ServerMessage) -> bool {
        let text = serde_json::to_string(message).unwrap_or_default();
        self.ws
            .send(Message::Text(Utf8Bytes::from(text)))
            .await
            .is_ok()
    }

    async fn error(&mut self, code: ErrorCode, message: impl Into<String>) {
        self.shared.metrics.error(code);
        let message = ServerMessage::Error {
            code,
            message: message.into(),
            action_id: None,
            seq: None,
        };
        self.send(&message).await;
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
            if self.ws.send(Message::Close(Some(frame))).await.is_ok() {
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
                // A frame over the transport's hard cap arrives as a capacity error.
                let too_big = e
                    .into_inner()
                    .downcast::<tokio_tungstenite::tungstenite::Error>()
                    .is_ok_and(|e| {
                        matches!(*e, tokio_tungstenite::tungstenite::Error::Capacity(_))
                    });
                if too_big {
                    self.close(CloseReason::TooBig, &self.too_big_text()).await;
                }
                return Incoming::Closed;
            }
        };
        let (text, size) = match &message {
            Message::Text(text) => (Some(text.as_str()), text.len()),
            Message::Binary(bytes) => (None, bytes.len()),
            Message::Ping(_) | Message::Pong(_) => return Incoming::Nothing,
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
        let Some(text) = text else {
            self.error(
                ErrorCode::Malformed,
                "binary frames are not used; send JSON text",
            )
            .await;
            return Incoming::Nothing;
        };
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => Incoming::Message(message),
            Err(e) => {
                self.error(ErrorCode::Malformed, format!("not a client message: {e}"))
                    .await;
                Incoming::Nothing
            }
        }
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
        if self.addressed_room.as_ref().is_some_and(|a| *a != room_id) {
            // Served here because the address named another room: this instance may not own it.
            self.error(
                ErrorCode::UnknownRoom,
                "the hello names another room than the address (/ws?room=)",
            )
            .await;
            return self.close(CloseReason::HelloRefused, "room mismatch").await;
        }
        if !secret::is_room_id(&room_id) {
            self.error(ErrorCode::UnknownRoom, "there is no such room")
                .await;
            return self.close(CloseReason::HelloRefused, "unknown room").await;
        }
        let id = self.shared.next_connection_id();
        let (tx, mut outbox) = mpsc::channel(OUTBOX);
        let mut joined = None;
        for _ in 0..JOIN_ATTEMPTS {
            let owner = self.shared.room(&room_id);
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
    async fn hello(&mut self) -> Option<(String, Option<String>, Option<u64>)> {
        loop {
            match self.receive().await {
                Incoming::Closed => return None,
                Incoming::Nothing => {}
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
                    return Some((room, seat_key, last_seq));
                }
                Incoming::Message(_) => {
                    self.error(ErrorCode::ExpectedHello, "say hello first")
                        .await;
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
        let period = secs(self.shared.limits.ping_secs);
        let mut ping = tokio::time::interval_at(Instant::now() + period, period);
        let mut last_heard = Instant::now();
        loop {
            tokio::select! {
                received = self.ws.recv() => {
                    last_heard = Instant::now();
                    match self.process(received).await {
                        Incoming::Closed => return,
                        Incoming::Nothing => {}
                        Incoming::Message(ClientMessage::Hello { .. }) => {
                            self.error(ErrorCode::ExpectedHello, "hello only once per connection")
                                .await;
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
                        if self.ws.send(Message::Text(text)).await.is_err() {
                            return;
                        }
                    }
                    Some(Outbound::Close(reason, message)) => {
                        return self.close(reason, &message).await;
                    }
                    // The owner dropped this connection (it could not keep up).
                    None => return,
                },
                _ = ping.tick() => {
                    if last_heard.elapsed() > period * 2 {
                        return self.close(CloseReason::HeartbeatTimeout, "no answer to pings").await;
                    }
                    if self.ws.send(Message::Ping(Default::default())).await.is_err() {
                        return;
                    }
                }
                _ = shutdown.changed() => {
                    return self.close(CloseReason::ShuttingDown, "the server is shutting down").await;
                }
            }
        }
    }
}
