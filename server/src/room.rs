//! The owner of one room: a task that alone holds the room's state and turns commands into
//! numbered, stored events.
//!
//! One task per active room (rather than a lock) because an action must be stored before it is
//! acknowledged: the owner awaits the store, and while it does, the next command for the room
//! simply waits in the channel. Nothing else can see or change the state in between, so the
//! sequence numbers have no gaps and the order of events is the order of commits.

use std::{collections::HashMap, sync::Arc};

use axum::extract::ws::Utf8Bytes;
use cozcade_engine::{
    AnyRecord, GameKind,
    protocol::{
        ClientMessage, CloseReason, ErrorCode, Event, MAX_ACTION_ID_LEN, PROTOCOL_VERSION,
        RoomState, Seat, SeatStatus, ServerMessage,
    },
};
use tokio::{
    sync::{mpsc, oneshot},
    time::Instant,
};

use crate::{
    secret::{self, KeyHash},
    shared::Shared,
    store::{Lease, StoreError, StoredEvent, StoredRoom, Write},
};

/// Most missed events replayed to a reconnecting client; beyond that it gets a full sync.
const MAX_REPLAY: u64 = 200;

/// A room's stored activity time is refreshed at most this often (seconds), so that actions
/// do not each rewrite the room's row; expiry allows for it.
pub const TOUCH_EVERY: i64 = 60;

/// What the owner sends to a connection.
#[derive(Debug)]
pub enum Outbound {
    /// A serialised [`ServerMessage`].
    Text(Utf8Bytes),
    /// Send `closing` with this reason, then close.
    Close(CloseReason, String),
}

/// A connection's mailbox, as the owner holds it.
#[derive(Clone, Debug)]
pub struct ConnHandle {
    pub id: u64,
    pub tx: mpsc::Sender<Outbound>,
}

#[derive(Debug)]
pub enum JoinResult {
    Joined(Seat),
    Refused(ErrorCode, String),
    /// The owner was shutting down; look the room up again.
    Retry,
}

#[derive(Debug)]
pub enum Command {
    Join {
        seat_key: Option<String>,
        last_seq: Option<u64>,
        conn: ConnHandle,
        reply: oneshot::Sender<JoinResult>,
    },
    Action {
        conn_id: u64,
        seat: Seat,
        message: ClientMessage,
    },
    Disconnected {
        conn_id: u64,
        seat: Seat,
    },
    /// The store deleted the room for inactivity.
    Expire,
    /// Another instance took the room over (this instance's lease lapsed).
    LeaseLost,
    /// Another instance asked for the room: send the players there and release it.
    HandOver,
}

/// Why an owner stopped.
#[derive(Debug, PartialEq, Eq)]
enum End {
    /// No connection for the linger time (or every sender gone).
    Idle,
    /// The room was deleted.
    Expired,
    /// Another instance serves the room now.
    Moved,
}

/// A confirmed event as kept in memory for replays.
#[derive(Clone, Debug)]
struct Logged {
    seq: u64,
    by: Seat,
    action_id: Option<String>,
    event: Event,
}

impl Logged {
    fn message(&self) -> ServerMessage {
        ServerMessage::Event {
            seq: self.seq,
            by: self.by,
            action_id: self.action_id.clone(),
            event: self.event.clone(),
        }
    }
}

struct Room {
    id: String,
    game: GameKind,
    seq: u64,
    round: u32,
    record: AnyRecord,
    /// Sequence number of the current round's `new_round_started` event (0 in round 1).
    round_start_seq: u64,
    /// The events of the current round, its start event included.
    log: Vec<Logged>,
    proposed_by: Option<Seat>,
    /// Every action id already applied, per seat, with the sequence number it got.
    action_ids: HashMap<(Seat, String), u64>,
    seat_key_hashes: [Option<KeyHash>; 2],
    conns: [Option<ConnHandle>; 2],
    /// The activity time the store has for this room.
    last_touch: i64,
    /// Another instance took the room over; this owner must stop.
    lost_lease: bool,
}

/// Why a stored room could not be rebuilt.
#[derive(Debug, thiserror::Error)]
#[error("room {room}: stored event #{seq} does not replay: {why}")]
struct ReplayError {
    room: String,
    seq: u64,
    why: String,
}

impl Room {
    fn from_stored(stored: StoredRoom) -> Result<Room, ReplayError> {
        let mut room = Room {
            id: stored.id,
            game: stored.game,
            seq: 0,
            round: 1,
            record: AnyRecord::new(stored.game),
            round_start_seq: 0,
            log: Vec::new(),
            proposed_by: None,
            action_ids: HashMap::new(),
            seat_key_hashes: stored.seat_key_hashes,
            conns: [None, None],
            last_touch: stored.last_active,
            lost_lease: false,
        };
        for event in stored.events {
            if event.seq != room.seq + 1 {
                return Err(ReplayError {
                    room: room.id,
                    seq: event.seq,
                    why: format!("gap after #{}", room.seq),
                });
            }
            if let Event::Move { mv } = &event.event {
                room.record.play(mv).map_err(|e| ReplayError {
                    room: room.id.clone(),
                    seq: event.seq,
                    why: e.to_string(),
                })?;
            }
            room.confirm(Logged {
                seq: event.seq,
                by: event.seat,
                action_id: event.action_id,
                event: event.event,
            });
        }
        Ok(room)
    }

    /// Applies a stored event to everything but the game record (moves are played before
    /// storing, so that the engine's verdict comes first).
    fn confirm(&mut self, logged: Logged) {
        self.seq = logged.seq;
        if let Some(id) = &logged.action_id {
            self.action_ids.insert((logged.by, id.clone()), logged.seq);
        }
        match &logged.event {
            Event::Move { .. } => {}
            Event::NewRoundProposed => self.proposed_by = Some(logged.by),
            Event::NewRoundStarted { round } => {
                self.round = *round;
                self.record = AnyRecord::new(self.game);
                self.proposed_by = None;
                self.round_start_seq = logged.seq;
                self.log.clear();
            }
            Event::Left => {
                self.seat_key_hashes[logged.by.index()] = None;
                if self.proposed_by == Some(logged.by) {
                    self.proposed_by = None;
                }
            }
        }
        self.log.push(logged);
    }

    fn status(&self, seat: Seat) -> SeatStatus {
        if self.seat_key_hashes[seat.index()].is_none() {
            SeatStatus::Open
        } else if self.conns[seat.index()].is_some() {
            SeatStatus::Connected
        } else {
            SeatStatus::Away
        }
    }

    fn state(&self) -> RoomState {
        RoomState {
            room: self.id.clone(),
            game: self.game,
            seq: self.seq,
            round: self.round,
            record: self.record.to_text(),
            turn: self.record.outcome().is_none().then(|| self.record.turn()),
            result: self.record.outcome(),
            new_round_proposed_by: self.proposed_by,
            seats: [self.status(Seat::First), self.status(Seat::Second)],
        }
    }

    /// Whether a client that has everything up to `last_seq` can catch up by replay.
    fn can_replay_from(&self, last_seq: u64) -> bool {
        last_seq <= self.seq
            && self.seq - last_seq <= MAX_REPLAY
            && last_seq + 1 >= self.round_start_seq.max(1)
    }
}

fn encode(message: &ServerMessage) -> Utf8Bytes {
    // Serialising our own closed types cannot fail; an empty object would only be a bug sign.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_else(|_| "{}".to_owned()))
}

fn error(code: ErrorCode, message: impl Into<String>, action_id: Option<String>) -> ServerMessage {
    ServerMessage::Error {
        code,
        message: message.into(),
        action_id,
        seq: None,
    }
}

/// Runs the owner of room `id` until it is idle, expired or the room does not exist.
pub async fn run(
    id: String,
    generation: u64,
    shared: Arc<Shared>,
    mut commands: mpsc::Receiver<Command>,
) {
    shared
        .metrics
        .rooms_active
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let room = match load(&shared, &id).await {
        Ok(Some(stored)) => match Room::from_stored(stored) {
            Ok(room) => Ok(room),
            Err(e) => {
                tracing::error!("{e}");
                Err((
                    ErrorCode::Unavailable,
                    "this room's stored data is damaged".to_owned(),
                ))
            }
        },
        Ok(None) | Err(StoreError::NoSuchRoom(_)) => Err((
            ErrorCode::UnknownRoom,
            format!("there is no room {id} (expired?)"),
        )),
        Err(StoreError::NotOwner(_)) => Err((
            ErrorCode::Unavailable,
            "this room is still held by another server instance (it may have just stopped); \
             reconnect in a few seconds"
                .to_owned(),
        )),
        Err(e) => {
            tracing::error!("loading room {id}: {e}");
            Err((
                ErrorCode::Unavailable,
                "the store is unavailable; try again".to_owned(),
            ))
        }
    };
    match room {
        Ok(room) => {
            shared.note_leased(&id, generation);
            let end = Owner {
                room,
                shared: shared.clone(),
            }
            .serve(&mut commands)
            .await;
            shared.forget_leased(&id, generation);
            // Let another instance take the room at once. (An expired room's lease went with
            // it; a moved room's lease is another instance's.)
            if end == End::Idle
                && let Err(e) = shared.store.release(&id).await
            {
                tracing::warn!("releasing room {id}: {e}");
            }
        }
        Err((code, message)) => {
            // Answer what is already waiting, then leave the registry.
            while let Ok(command) = commands.try_recv() {
                if let Command::Join { reply, .. } = command {
                    let _ = reply.send(JoinResult::Refused(code, message.clone()));
                }
            }
        }
    }
    shared.forget_room(&id, generation);
    // Nobody can reach this owner any more; whatever slipped in meanwhile is sent elsewhere.
    commands.close();
    while let Some(command) = commands.recv().await {
        if let Command::Join { reply, .. } = command {
            let _ = reply.send(JoinResult::Retry);
        }
    }
    shared
        .metrics
        .rooms_active
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
}

/// Takes the room's lease, then loads it. `NotOwner` means another instance holds the lease.
async fn load(shared: &Shared, id: &str) -> Result<Option<StoredRoom>, StoreError> {
    match shared.store.acquire(id).await? {
        Lease::Held => shared.store.load_room(id).await,
        Lease::Elsewhere { owner, remaining } => {
            tracing::info!("room {id} is held by {owner} for up to {remaining:?} more");
            Err(StoreError::NotOwner(id.to_owned()))
        }
    }
}

struct Owner {
    room: Room,
    shared: Arc<Shared>,
}

impl Owner {
    async fn serve(&mut self, commands: &mut mpsc::Receiver<Command>) -> End {
        let linger = crate::config::secs(self.shared.limits.room_linger_secs);
        let mut idle_since = Some(Instant::now());
        loop {
            let deadline = idle_since.map(|since| since + linger);
            let command = tokio::select! {
                command = commands.recv() => command,
                () = sleep_until(deadline) => return End::Idle,
            };
            let Some(command) = command else {
                return End::Idle;
            };
            match command {
                Command::Join {
                    seat_key,
                    last_seq,
                    conn,
                    reply,
                } => {
                    let result = self.join(seat_key, last_seq, conn).await;
                    let _ = reply.send(result);
                    if self.moved() {
                        return End::Moved;
                    }
                }
                Command::Action {
                    conn_id,
                    seat,
                    message,
                } => {
                    if self.is_current(seat, conn_id) {
                        self.action(seat, message).await;
                        if self.moved() {
                            return End::Moved;
                        }
                    }
                }
                Command::Disconnected { conn_id, seat } => {
                    if self.is_current(seat, conn_id) {
                        self.drop_conn(seat);
                    }
                }
                Command::Expire => {
                    for conn in self.room.conns.iter_mut().filter_map(Option::take) {
                        let _ = conn.tx.try_send(Outbound::Close(
                            CloseReason::RoomExpired,
                            "this room was deleted after 7 days without activity".into(),
                        ));
                    }
                    return End::Expired;
                }
                Command::LeaseLost => {
                    self.room.lost_lease = true;
                    self.moved();
                    return End::Moved;
                }
                Command::HandOver => {
                    self.room.lost_lease = true;
                    self.moved();
                    // Released below, like an idle room, so the asker gets it at once.
                    return End::Idle;
                }
            }
            idle_since = match (&self.room.conns, idle_since) {
                ([None, None], Some(since)) => Some(since),
                ([None, None], None) => Some(Instant::now()),
                _ => None,
            };
        }
    }

    /// Whether another instance took the room over; if so, sends the players there.
    fn moved(&mut self) -> bool {
        if !self.room.lost_lease {
            return false;
        }
        for conn in self.room.conns.iter_mut().filter_map(Option::take) {
            let _ = conn.tx.try_send(Outbound::Close(
                CloseReason::ShuttingDown,
                "this room moved to another server instance; reconnect".into(),
            ));
        }
        true
    }

    /// Notes a store failure that means the room moved to another instance.
    fn note(&mut self, e: &StoreError) {
        if matches!(e, StoreError::NotOwner(_)) {
            self.room.lost_lease = true;
        }
    }

    fn is_current(&self, seat: Seat, conn_id: u64) -> bool {
        self.room.conns[seat.index()]
            .as_ref()
            .is_some_and(|c| c.id == conn_id)
    }

    /// Sends to one seat; a connection that cannot keep up (full mailbox) is dropped.
    fn send(&mut self, seat: Seat, message: Utf8Bytes) {
        let Some(conn) = &self.room.conns[seat.index()] else {
            return;
        };
        if conn.tx.try_send(Outbound::Text(message)).is_err() {
            tracing::warn!(
                "room {}: dropping a connection that does not keep up",
                self.room.id
            );
            self.drop_conn(seat);
        }
    }

    fn broadcast(&mut self, message: &ServerMessage) {
        let text = encode(message);
        for seat in Seat::BOTH {
            self.send(seat, text.clone());
        }
    }

    fn reply_error(&mut self, seat: Seat, code: ErrorCode, message: ServerMessage) {
        self.shared.metrics.error(code);
        self.send(seat, encode(&message));
    }

    fn drop_conn(&mut self, seat: Seat) {
        if self.room.conns[seat.index()].take().is_some() {
            let presence = ServerMessage::Presence {
                seat,
                status: self.room.status(seat),
            };
            self.send(seat.other(), encode(&presence));
        }
    }

    async fn join(
        &mut self,
        seat_key: Option<String>,
        last_seq: Option<u64>,
        conn: ConnHandle,
    ) -> JoinResult {
        let now = self.shared.clock.now();
        let room_id = self.room.id.clone();
        let (seat, new_key) = match seat_key {
            Some(key) => {
                let hash = secret::hash_key(&key);
                let Some(seat) = Seat::BOTH
                    .into_iter()
                    .find(|s| self.room.seat_key_hashes[s.index()] == Some(hash))
                else {
                    return JoinResult::Refused(
                        ErrorCode::BadSeatKey,
                        format!("this seat key does not hold a seat in room {room_id}"),
                    );
                };
                // Activity for expiry purposes; failing to note it is not worth refusing a join.
                match self
                    .shared
                    .store
                    .write(vec![Write::Touch { room: room_id, now }])
                    .await
                {
                    Ok(()) => self.room.last_touch = now,
                    Err(e) => {
                        tracing::warn!("touching room {}: {e}", self.room.id);
                        self.note(&e);
                        if self.room.lost_lease {
                            return JoinResult::Retry;
                        }
                    }
                }
                (seat, None)
            }
            None => {
                // The guest seat first; the creator's seat only if its player left.
                let Some(seat) = [Seat::Second, Seat::First]
                    .into_iter()
                    .find(|s| self.room.seat_key_hashes[s.index()].is_none())
                else {
                    return JoinResult::Refused(
                        ErrorCode::RoomFull,
                        "this room is full: both seats are taken".into(),
                    );
                };
                let key = match secret::new_seat_key() {
                    Ok(key) => key,
                    Err(e) => return JoinResult::Refused(ErrorCode::Unavailable, e.to_string()),
                };
                let hash = secret::hash_key(&key);
                let write = Write::SetSeat {
                    room: room_id,
                    seat,
                    key_hash: Some(hash),
                    now,
                };
                if let Err(e) = self.shared.store.write(vec![write]).await {
                    tracing::error!("seating a guest in room {}: {e}", self.room.id);
                    self.note(&e);
                    return JoinResult::Refused(
                        ErrorCode::Unavailable,
                        "the store is unavailable; try again".into(),
                    );
                }
                self.room.seat_key_hashes[seat.index()] = Some(hash);
                self.room.last_touch = now;
                (seat, Some(key))
            }
        };
        if let Some(old) = self.room.conns[seat.index()].take() {
            let _ = old.tx.try_send(Outbound::Close(
                CloseReason::Replaced,
                "another connection with this seat key took the seat".into(),
            ));
        }
        let resync = !last_seq.is_some_and(|n| self.room.can_replay_from(n));
        let mut messages = vec![ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: self.room.id.clone(),
            game: self.room.game,
            seat,
            seat_key: new_key,
            seq: self.room.seq,
            resync,
        }];
        self.room.conns[seat.index()] = Some(conn.clone());
        if resync {
            messages.push(ServerMessage::Sync {
                state: self.room.state(),
            });
        } else if let Some(last) = last_seq {
            messages.extend(
                self.room
                    .log
                    .iter()
                    .filter(|e| e.seq > last)
                    .map(Logged::message),
            );
        }
        for message in &messages {
            if conn.tx.try_send(Outbound::Text(encode(message))).is_err() {
                self.room.conns[seat.index()] = None;
                return JoinResult::Refused(ErrorCode::Unavailable, "connection too slow".into());
            }
        }
        let presence = ServerMessage::Presence {
            seat,
            status: SeatStatus::Connected,
        };
        self.send(seat.other(), encode(&presence));
        JoinResult::Joined(seat)
    }

    async fn action(&mut self, seat: Seat, message: ClientMessage) {
        let (action_id, based_on) = match &message {
            ClientMessage::Move { action_id, seq, .. }
            | ClientMessage::NewRound { action_id, seq } => (action_id.clone(), Some(*seq)),
            ClientMessage::Leave { action_id } => (action_id.clone(), None),
            ClientMessage::Resync => {
                let sync = ServerMessage::Sync {
                    state: self.room.state(),
                };
                self.send(seat, encode(&sync));
                return;
            }
            ClientMessage::Hello { .. } => return,
        };
        if action_id.is_empty() || action_id.chars().count() > MAX_ACTION_ID_LEN {
            let message = error(
                ErrorCode::BadActionId,
                format!("an action id must have 1 to {MAX_ACTION_ID_LEN} characters"),
                None,
            );
            return self.reply_error(seat, ErrorCode::BadActionId, message);
        }
        if let Some(&earlier) = self.room.action_ids.get(&(seat, action_id.clone())) {
            let message = ServerMessage::Error {
                code: ErrorCode::Duplicate,
                message: format!("action {action_id} was already applied as #{earlier}"),
                action_id: Some(action_id),
                seq: Some(earlier),
            };
            return self.reply_error(seat, ErrorCode::Duplicate, message);
        }
        if let Some(based_on) = based_on
            && based_on != self.room.seq
        {
            let message = ServerMessage::Error {
                code: ErrorCode::Stale,
                message: format!(
                    "this action was built on #{based_on}, but the room is at #{}",
                    self.room.seq
                ),
                action_id: Some(action_id),
                seq: Some(self.room.seq),
            };
            return self.reply_error(seat, ErrorCode::Stale, message);
        }
        let event = match message {
            ClientMessage::Move { mv, .. } => {
                if self.room.record.outcome().is_none() && self.room.record.turn() != seat {
                    let message = error(
                        ErrorCode::NotYourTurn,
                        "it is the other player's turn",
                        Some(action_id),
                    );
                    return self.reply_error(seat, ErrorCode::NotYourTurn, message);
                }
                match self.room.record.play(&mv) {
                    Ok(canonical) => Event::Move { mv: canonical },
                    Err(e) => {
                        let message = error(ErrorCode::IllegalMove, e.to_string(), Some(action_id));
                        return self.reply_error(seat, ErrorCode::IllegalMove, message);
                    }
                }
            }
            ClientMessage::NewRound { .. } => {
                let other = seat.other();
                if self.room.proposed_by == Some(seat) {
                    let message = error(
                        ErrorCode::AlreadyProposed,
                        "you already asked for a new round; waiting for the other player",
                        Some(action_id),
                    );
                    return self.reply_error(seat, ErrorCode::AlreadyProposed, message);
                }
                // Consent is needed only from a player who holds the other seat.
                let other_seated = self.room.seat_key_hashes[other.index()].is_some();
                if !other_seated || self.room.proposed_by == Some(other) {
                    Event::NewRoundStarted {
                        round: self.room.round.saturating_add(1),
                    }
                } else {
                    Event::NewRoundProposed
                }
            }
            ClientMessage::Leave { .. } => Event::Left,
            ClientMessage::Resync | ClientMessage::Hello { .. } => return,
        };
        let logged = Logged {
            seq: self.room.seq + 1,
            by: seat,
            action_id: Some(action_id.clone()),
            event,
        };
        let now = self.shared.clock.now();
        let mut writes = vec![Write::Append {
            room: self.room.id.clone(),
            event: StoredEvent {
                seq: logged.seq,
                seat,
                action_id: logged.action_id.clone(),
                event: logged.event.clone(),
                at: now,
            },
        }];
        if logged.event == Event::Left {
            writes.push(Write::SetSeat {
                room: self.room.id.clone(),
                seat,
                key_hash: None,
                now,
            });
        } else if now.saturating_sub(self.room.last_touch) >= TOUCH_EVERY {
            writes.push(Write::Touch {
                room: self.room.id.clone(),
                now,
            });
        }
        // Both SetSeat (on leaving) and Touch refresh the room's activity time.
        let writes_touch = writes.len() > 1;
        if let Err(e) = self.shared.store.write(writes).await {
            tracing::error!("storing an action in room {}: {e}", self.room.id);
            self.note(&e);
            if matches!(logged.event, Event::Move { .. }) {
                self.room.record.undo_ply();
            }
            let message = error(
                ErrorCode::Unavailable,
                "the action could not be stored and was not applied; try again",
                Some(action_id),
            );
            return self.reply_error(seat, ErrorCode::Unavailable, message);
        }
        if writes_touch {
            self.room.last_touch = now;
        }
        self.shared
            .metrics
            .actions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let left = logged.event == Event::Left;
        let message = logged.message();
        self.room.confirm(logged);
        self.broadcast(&message);
        if left && let Some(conn) = self.room.conns[seat.index()].take() {
            let _ = conn.tx.try_send(Outbound::Close(
                CloseReason::Left,
                "you left the room".into(),
            ));
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
