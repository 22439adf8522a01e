//! The owner of one room: a task that alone holds the room and turns commands into numbered,
//! stored events.
//!
//! One task per active room (rather than a lock) because an action must be stored before it is
//! acknowledged: the owner awaits the store, and while it does, the next command for the room
//! simply waits in the channel. Nothing else can see or change the room in between, so the
//! sequence numbers have no gaps and the order of events is the order of commits.
//!
//! Each action goes decide → store → adopt: [`Room::decide`] says what it does without changing
//! anything, the store writes it, and only a write that succeeded changes the room and is
//! broadcast. A failed write leaves the room as it was.

use std::sync::{Arc, atomic::Ordering};

use axum::extract::ws::Utf8Bytes;
use cozcade_protocol::{
    ClientMessage, CloseReason, ErrorCode, Event, PROTOCOL_VERSION, RoomId, Seat, SeatKey,
    SeatStatus, ServerMessage,
};
use tokio::{
    sync::{mpsc, oneshot},
    time::Instant,
};

use super::decide::{Decision, Refusal, Room};
use crate::{
    secret,
    shared::Shared,
    store::{Lease, StoreError, StoredEvent, StoredRoom, Write},
};

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
        seat_key: Option<SeatKey>,
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

fn encode(message: &ServerMessage) -> Utf8Bytes {
    // Serialising our own closed types cannot fail; an empty object would only be a bug sign.
    Utf8Bytes::from(serde_json::to_string(message).unwrap_or_else(|_| "{}".to_owned()))
}

/// Runs the owner of room `id` until it is idle, expired or the room does not exist.
/// `unregister` is called once no new command can be meant for this owner: the registry
/// forgets it, and what still arrives is sent to look the room up again.
pub async fn run(
    room_id: RoomId,
    generation: u64,
    shared: Arc<Shared>,
    mut commands: mpsc::Receiver<Command>,
    unregister: impl FnOnce(),
) {
    shared.metrics.rooms_active.fetch_add(1, Ordering::Relaxed);
    let id = room_id.as_str();
    let room = match load(&shared, id).await {
        Ok(Some(stored)) => {
            let last_touch = stored.last_active;
            match Room::from_stored(room_id.clone(), stored) {
                Ok(room) => Ok((
                    room.with_max_events(shared.limits.max_room_events),
                    last_touch,
                )),
                Err(e) => {
                    tracing::error!("{e}");
                    Err((
                        ErrorCode::Unavailable,
                        "this room's stored data is damaged".to_owned(),
                    ))
                }
            }
        }
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
            tracing::error!("loading room {}: {e}", secret::Redacted(id));
            Err((
                ErrorCode::Unavailable,
                "the store is unavailable; try again".to_owned(),
            ))
        }
    };
    match room {
        Ok((room, last_touch)) => {
            shared.leases.note(id, generation);
            let end = Owner {
                room,
                conns: [None, None],
                last_touch,
                lost_lease: false,
                reload: false,
                shared: shared.clone(),
            }
            .serve(&mut commands)
            .await;
            shared.leases.forget(id, generation);
            // Let another instance take the room at once. (An expired room's lease went with
            // it; a moved room's lease is another instance's.)
            if end == End::Idle
                && let Err(e) = shared.store.release(id).await
            {
                tracing::warn!("releasing room {}: {e}", secret::Redacted(id));
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
    unregister();
    // Nobody can reach this owner any more; whatever slipped in meanwhile is sent elsewhere.
    commands.close();
    while let Some(command) = commands.recv().await {
        if let Command::Join { reply, .. } = command {
            let _ = reply.send(JoinResult::Retry);
        }
    }
    shared.metrics.rooms_active.fetch_sub(1, Ordering::Relaxed);
}

/// Takes the room's lease, then loads it. `NotOwner` means another instance holds the lease.
async fn load(shared: &Shared, id: &str) -> Result<Option<StoredRoom>, StoreError> {
    match shared.store.acquire(id).await? {
        Lease::Held => shared.store.load_room(id).await,
        Lease::Elsewhere { owner, remaining } => {
            tracing::info!(
                "room {} is held by {owner} for up to {remaining:?} more",
                secret::Redacted(id)
            );
            Err(StoreError::NotOwner(id.to_owned()))
        }
    }
}

struct Owner {
    room: Room,
    /// The connection holding each seat, if any.
    conns: [Option<ConnHandle>; 2],
    /// The activity time the store has for this room.
    last_touch: i64,
    /// Another instance took the room over; this owner must stop.
    lost_lease: bool,
    /// The room in memory no longer matches the store; this owner must stop.
    reload: bool,
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
                        self.action(seat, &message).await;
                        if self.moved() {
                            return End::Moved;
                        }
                        if self.reload {
                            self.close_all("this room must be read again; reconnect");
                            return End::Idle;
                        }
                    }
                }
                Command::Disconnected { conn_id, seat } => {
                    if self.is_current(seat, conn_id) {
                        self.drop_conn(seat);
                    }
                }
                Command::Expire => {
                    let limits = &self.shared.limits;
                    let why = format!(
                        "this room was deleted: no activity for {} days, or nobody joined it \
                         within {} hours",
                        limits.room_ttl_days, limits.unjoined_room_ttl_hours
                    );
                    for conn in self.conns.iter_mut().filter_map(Option::take) {
                        let _ = conn
                            .tx
                            .try_send(Outbound::Close(CloseReason::RoomExpired, why.clone()));
                    }
                    return End::Expired;
                }
                Command::LeaseLost => {
                    self.lost_lease = true;
                    self.moved();
                    return End::Moved;
                }
                Command::HandOver => {
                    self.lost_lease = true;
                    self.moved();
                    // Released below, like an idle room, so the asker gets it at once.
                    return End::Idle;
                }
            }
            idle_since = match (&self.conns, idle_since) {
                ([None, None], Some(since)) => Some(since),
                ([None, None], None) => Some(Instant::now()),
                _ => None,
            };
        }
    }

    /// Whether another instance took the room over; if so, sends the players there.
    fn moved(&mut self) -> bool {
        if !self.lost_lease {
            return false;
        }
        self.close_all("this room moved to another server instance; reconnect");
        true
    }

    /// Sends every player away, to reconnect.
    fn close_all(&mut self, why: &str) {
        for conn in self.conns.iter_mut().filter_map(Option::take) {
            let _ = conn
                .tx
                .try_send(Outbound::Close(CloseReason::ShuttingDown, why.into()));
        }
    }

    /// Notes a store failure that means the room moved to another instance.
    fn note(&mut self, e: &StoreError) {
        if matches!(e, StoreError::NotOwner(_)) {
            self.lost_lease = true;
        }
    }

    fn is_current(&self, seat: Seat, conn_id: u64) -> bool {
        self.conns[seat.index()]
            .as_ref()
            .is_some_and(|c| c.id == conn_id)
    }

    fn connected(&self) -> [bool; 2] {
        [self.conns[0].is_some(), self.conns[1].is_some()]
    }

    fn status(&self, seat: Seat) -> SeatStatus {
        self.room.status(seat, self.conns[seat.index()].is_some())
    }

    /// Sends to one seat; a connection that cannot keep up (full mailbox) is dropped, and so
    /// is one whose handler has already ended (its `Disconnected` is on its way).
    fn send(&mut self, seat: Seat, message: Utf8Bytes) {
        let Some(conn) = &self.conns[seat.index()] else {
            return;
        };
        match conn.tx.try_send(Outbound::Text(message)) {
            Ok(()) => return,
            Err(mpsc::error::TrySendError::Full(_)) => tracing::warn!(
                "room {}: dropping a connection that does not keep up",
                secret::Redacted(self.room.id().as_str())
            ),
            // The socket closed (the player went away): nothing to warn about.
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
        self.drop_conn(seat);
    }

    fn broadcast(&mut self, message: &ServerMessage) {
        let text = encode(message);
        for seat in Seat::BOTH {
            self.send(seat, text.clone());
        }
    }

    fn refuse(&mut self, seat: Seat, refusal: &Refusal) {
        self.shared.metrics.error(refusal.code);
        self.send(seat, encode(&refusal.to_message()));
    }

    /// Tells the other seat how `seat` stands now.
    fn tell_presence(&mut self, seat: Seat) {
        let presence = ServerMessage::Presence {
            seat,
            status: self.status(seat),
        };
        self.send(seat.other(), encode(&presence));
    }

    fn drop_conn(&mut self, seat: Seat) {
        if self.conns[seat.index()].take().is_some() {
            self.tell_presence(seat);
        }
    }

    async fn join(
        &mut self,
        seat_key: Option<SeatKey>,
        last_seq: Option<u64>,
        conn: ConnHandle,
    ) -> JoinResult {
        let now = self.shared.clock.now();
        let room_id = self.room.id().to_string();
        let (seat, new_key) = match seat_key {
            Some(key) => {
                let hash = secret::hash_key(&key);
                let Some(seat) = self.room.seat_of(&hash) else {
                    if self.room.is_retired(&hash) {
                        return JoinResult::Refused(
                            ErrorCode::SeatKeyReplaced,
                            "this link was replaced by its owner: open the new one".into(),
                        );
                    }
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
                    Ok(()) => self.last_touch = now,
                    Err(e) => {
                        tracing::warn!(
                            "touching room {}: {e}",
                            secret::Redacted(self.room.id().as_str())
                        );
                        self.note(&e);
                        if self.lost_lease {
                            return JoinResult::Retry;
                        }
                    }
                }
                (seat, None)
            }
            None => {
                let Some(seat) = self.room.open_seat() else {
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
                    tracing::error!(
                        "seating a guest in room {}: {e}",
                        secret::Redacted(self.room.id().as_str())
                    );
                    self.note(&e);
                    return JoinResult::Refused(
                        ErrorCode::Unavailable,
                        "the store is unavailable; try again".into(),
                    );
                }
                self.room.seat_key_hashes[seat.index()] = Some(hash);
                self.last_touch = now;
                (seat, Some(key))
            }
        };
        if let Some(old) = self.conns[seat.index()].take() {
            let _ = old.tx.try_send(Outbound::Close(
                CloseReason::Replaced,
                "another connection with this seat key took the seat".into(),
            ));
        }
        let resync = !last_seq.is_some_and(|n| self.room.can_replay_from(n));
        let mut messages = vec![ServerMessage::Welcome {
            version: PROTOCOL_VERSION,
            room: self.room.id().clone(),
            game: self.room.game(),
            seat,
            seat_key: new_key,
            seq: self.room.seq(),
            resync,
        }];
        self.conns[seat.index()] = Some(conn.clone());
        if resync {
            messages.push(ServerMessage::Sync {
                state: self.room.state(self.connected()),
            });
        } else if let Some(last) = last_seq {
            messages.extend(self.room.events_after(last));
        }
        for message in &messages {
            if conn.tx.try_send(Outbound::Text(encode(message))).is_err() {
                self.conns[seat.index()] = None;
                return JoinResult::Refused(ErrorCode::Unavailable, "connection too slow".into());
            }
        }
        self.tell_presence(seat);
        JoinResult::Joined(seat)
    }

    /// Decides, stores, then adopts and broadcasts one action of `seat`'s.
    async fn action(&mut self, seat: Seat, message: &ClientMessage) {
        let logged = match self.room.decide(seat, message) {
            Ok(Decision::Confirm(logged)) => logged,
            Ok(Decision::Sync) => {
                let sync = ServerMessage::Sync {
                    state: self.room.state(self.connected()),
                };
                return self.send(seat, encode(&sync));
            }
            Err(refusal) => return self.refuse(seat, &refusal),
        };
        let now = self.shared.clock.now();
        let mut writes = vec![Write::Append {
            room: self.room.id().to_string(),
            event: StoredEvent {
                seq: logged.seq,
                seat,
                action_id: logged.action_id.clone(),
                event: logged.event.clone(),
                at: now,
            },
        }];
        let left = logged.event == Event::Left;
        // A replaced key: the seat's new one, stored with the event (decide checked both).
        let new_key = match (message, self.room.seat_key_hashes[seat.index()]) {
            (ClientMessage::ReplaceSeatKey { seat_key, .. }, Some(old)) => {
                let new = secret::hash_key(seat_key);
                writes.push(Write::ReplaceSeatKey {
                    room: self.room.id().to_string(),
                    seat,
                    old,
                    new,
                });
                Some(new)
            }
            _ => None,
        };
        if left {
            writes.push(Write::SetSeat {
                room: self.room.id().to_string(),
                seat,
                key_hash: None,
                now,
            });
        } else if now.saturating_sub(self.last_touch) >= TOUCH_EVERY {
            writes.push(Write::Touch {
                room: self.room.id().to_string(),
                now,
            });
        }
        // Both SetSeat (on leaving) and Touch refresh the room's activity time.
        let writes_touch = writes
            .iter()
            .any(|w| matches!(w, Write::SetSeat { .. } | Write::Touch { .. }));
        if let Err(e) = self.shared.store.write(writes).await {
            let message = if matches!(e, StoreError::Busy) {
                // Shedding load: a warning per refusal would add to it.
                self.shared
                    .metrics
                    .store_busy
                    .fetch_add(1, Ordering::Relaxed);
                "the server is busy: the action was not applied; try again".to_owned()
            } else {
                tracing::error!(
                    "storing an action in room {}: {e}",
                    secret::Redacted(self.room.id().as_str())
                );
                "the action could not be stored and was not applied; try again".to_owned()
            };
            self.note(&e);
            let refusal = Refusal {
                code: ErrorCode::Unavailable,
                message,
                action_id: logged.action_id,
                seq: None,
            };
            return self.refuse(seat, &refusal);
        }
        if writes_touch {
            self.last_touch = now;
        }
        self.shared.metrics.actions.fetch_add(1, Ordering::Relaxed);
        let message = logged.message();
        if let Err(e) = self.room.adopt(logged) {
            // Only a bug could get here: the event was decided on this very room. It is
            // stored, so this owner stops and the players reconnect to a room read again from
            // the store, where the same fold takes it or says why not.
            tracing::error!(
                "room {}: a decided event does not fold: {e}",
                secret::Redacted(self.room.id().as_str())
            );
            self.reload = true;
            return;
        }
        if let Some(new) = new_key {
            self.room.replace_key(seat, new);
        }
        self.broadcast(&message);
        if left {
            if let Some(conn) = self.conns[seat.index()].take() {
                let _ = conn.tx.try_send(Outbound::Close(
                    CloseReason::Left,
                    "you left the room".into(),
                ));
            }
            // The seat is open now, for whoever follows the invitation next.
            self.tell_presence(seat);
        }
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use cozcade_engine::GameKind;

    use super::*;
    use crate::{
        clock::ManualClock,
        config::Limits,
        store::{Cutoffs, NewRoom, RoomHead, SqliteStore, Store, StoreFuture, Synchronous},
    };

    /// A SQLite store whose writes fail while `failing` is set, as a full disk's would.
    struct Flaky {
        inner: SqliteStore,
        failing: AtomicBool,
    }

    impl Store for Flaky {
        fn write(&self, writes: Vec<Write>) -> StoreFuture<'_, ()> {
            if self.failing.load(Ordering::Relaxed) {
                return Box::pin(async { Err(StoreError::Database("disk full".into())) });
            }
            self.inner.write(writes)
        }
        fn load_room(&self, id: &str) -> StoreFuture<'_, Option<StoredRoom>> {
            self.inner.load_room(id)
        }
        fn room_head(&self, id: &str) -> StoreFuture<'_, Option<RoomHead>> {
            self.inner.room_head(id)
        }
        fn count_rooms(&self) -> StoreFuture<'_, u64> {
            self.inner.count_rooms()
        }
        fn delete_idle(&self, cutoffs: Cutoffs) -> StoreFuture<'_, Vec<String>> {
            self.inner.delete_idle(cutoffs)
        }
    }

    async fn next(outbox: &mut mpsc::Receiver<Outbound>) -> ServerMessage {
        match outbox.recv().await {
            Some(Outbound::Text(text)) => serde_json::from_str(text.as_str()).expect("a message"),
            other => panic!("expected a message, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_write_that_fails_changes_nothing_and_the_resend_is_applied_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let inner =
            SqliteStore::open(&dir.path().join("rooms.db"), Synchronous::Normal).expect("store");
        let store = Arc::new(Flaky {
            inner,
            failing: AtomicBool::new(false),
        });
        let id = "3f9c2a71d04be85e6a10";
        let key: SeatKey = "k".repeat(64).parse().expect("a key");
        store
            .write(vec![Write::CreateRoom(NewRoom {
                id: id.into(),
                game: GameKind::Kalah,
                creator_key_hash: secret::hash_key(&key),
                now: 0,
            })])
            .await
            .expect("room created");
        let shared = Arc::new(Shared::new(
            store.clone(),
            Arc::new(ManualClock::new(0)),
            Limits::default(),
            "http://127.0.0.1".into(),
            None,
            Vec::new(),
        ));
        let (owner, commands) = mpsc::channel(16);
        tokio::spawn(run(
            id.parse().expect("well formed"),
            0,
            shared,
            commands,
            || {},
        ));
        let (tx, mut outbox) = mpsc::channel(64);
        let (reply, joined) = oneshot::channel();
        let join = Command::Join {
            seat_key: Some(key),
            last_seq: None,
            conn: ConnHandle { id: 7, tx },
            reply,
        };
        owner.send(join).await.expect("owner runs");
        assert!(matches!(joined.await, Ok(JoinResult::Joined(Seat::First))));
        assert!(matches!(
            next(&mut outbox).await,
            ServerMessage::Welcome { .. }
        ));
        assert!(matches!(
            next(&mut outbox).await,
            ServerMessage::Sync { .. }
        ));

        let play = || Command::Action {
            conn_id: 7,
            seat: Seat::First,
            message: ClientMessage::Move {
                action_id: "m1".parse().expect("well formed"),
                seq: 0,
                mv: "a".into(),
            },
        };
        store.failing.store(true, Ordering::Relaxed);
        owner.send(play()).await.expect("owner runs");
        match next(&mut outbox).await {
            ServerMessage::Error {
                code, action_id, ..
            } => {
                assert_eq!(code, ErrorCode::Unavailable);
                assert_eq!(
                    action_id.as_ref().map(cozcade_protocol::ActionId::as_str),
                    Some("m1")
                );
            }
            other => panic!("expected unavailable, got {other:?}"),
        }
        let resync = Command::Action {
            conn_id: 7,
            seat: Seat::First,
            message: ClientMessage::Resync {},
        };
        owner.send(resync).await.expect("owner runs");
        let ServerMessage::Sync { state } = next(&mut outbox).await else {
            panic!("expected sync")
        };
        assert_eq!((state.seq, state.record.len()), (0, 0), "nothing changed");

        // The same action again, once the store works: applied (not a duplicate), as #1.
        store.failing.store(false, Ordering::Relaxed);
        owner.send(play()).await.expect("owner runs");
        assert_eq!(
            next(&mut outbox).await,
            ServerMessage::Event {
                seq: 1,
                by: Seat::First,
                action_id: Some("m1".parse().expect("well formed")),
                event: Event::Move { mv: "a".into() },
            }
        );
    }
}
