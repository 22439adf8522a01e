//! The PostgreSQL store: several server instances share one database, and each room is served
//! by one instance at a time, the holder of its lease.
//!
//! Writes go through writer tasks that commit every call waiting in one pipelined transaction
//! (group commit, as the SQLite writer thread does): a commit waits for a WAL flush, and one
//! flush per call capped the load test at ~2,200 moves/s.
//!
//! Connections come from three pools, so that no kind of work can starve another: the writer
//! tasks have one each (`--db-writers`), lease renewals one of their own, and everything else
//! (reads, taking and giving up a lease) shares the rest (`--db-pool`). With one pool, reads
//! held every connection under load and a renewal waited for one past its lease.
//!
//! Room ownership is a row per room in `room_leases` (owner, expiry), taken over by another
//! instance only once it has lapsed. Every write for a room first locks that row
//! `FOR KEY SHARE`, in the same transaction, and fails unless this instance is the owner: a
//! takeover (deleting the lapsed row, inserting its own) waits for such a write to commit and
//! is then seen by every later one. So an owner that was paused past its lease can never append after another took over, and
//! the new owner, which loads the room after its takeover committed, sees every action the old
//! owner had acknowledged. Lease times are the database's clock, never an instance's.

use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use cozcade_engine::Side;
use cozcade_protocol::ActionId;
use deadpool_postgres::{
    Manager, ManagerConfig, Pool, RecyclingMethod, Runtime, Timeouts, Transaction,
};
use tokio::sync::{mpsc, oneshot};
use tokio_postgres::{IsolationLevel, NoTls, error::SqlState};

use super::{
    Cutoffs, Lease, NewRoom, Renewal, RoomHead, Store, StoreError, StoreFuture, StoreStats,
    StoredRoom, Write, columns,
};
use crate::secret;

/// Schema migrations, applied in order at start; `schema_migrations` records which ran.
const MIGRATIONS: &[&str] = &[
    // 1: rooms, their numbered actions, and who serves each room.
    "CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_active BIGINT NOT NULL,
        seat1_key_hash BYTEA,
        seat2_key_hash BYTEA
    );
    CREATE INDEX rooms_last_active ON rooms (last_active);
    CREATE TABLE actions (
        room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        seq BIGINT NOT NULL,
        seat SMALLINT NOT NULL,
        action_id TEXT,
        event TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (room, seq)
    );
    CREATE TABLE room_leases (
        room TEXT PRIMARY KEY REFERENCES rooms (id) ON DELETE CASCADE,
        owner TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX room_leases_owner ON room_leases (owner);",
    // 2: an instance refused a room (because another holds it) asks for it, so the holder
    // hands it over instead of keeping it while the load balancer sends players elsewhere.
    "ALTER TABLE room_leases ADD COLUMN wanted_by TEXT;",
    // 3: when someone first joined the creator: rooms nobody joined are deleted after hours,
    // not a week. Rooms from before count as joined if a guest holds a seat or ever played.
    "ALTER TABLE rooms ADD COLUMN joined_at BIGINT;
    UPDATE rooms SET joined_at = last_active
        WHERE seat2_key_hash IS NOT NULL OR id IN (SELECT room FROM actions WHERE seat = 2);
    CREATE INDEX rooms_unjoined ON rooms (created_at) WHERE joined_at IS NULL;",
    // 4: keys their players replaced (a new personal link), so an old copy of the link is told
    // it was replaced instead of that it never held a seat.
    "CREATE TABLE retired_seat_keys (
        room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
        key_hash BYTEA NOT NULL,
        PRIMARY KEY (room, key_hash)
    );",
];

/// Serialises migrations when several instances start at once (an arbitrary fixed key).
const MIGRATION_LOCK: i64 = 0x636f_7a63_6164_6501;

/// Locks the room's lease row if this instance holds it (see the module comment). A key-share
/// lock conflicts with deleting the row (a takeover or a release) but not with updating its
/// other columns, so renewals and hand-over requests never wait for writes, nor writes for
/// them.
const FENCE: &str = "SELECT 1 FROM room_leases WHERE room = $1 AND owner = $2 FOR KEY SHARE";

/// Settings of a PostgreSQL store.
#[derive(Clone, Debug)]
pub struct PostgresOptions {
    /// `postgres://user@host:port/database` (any libpq-style URL tokio-postgres accepts).
    pub url: String,
    /// This instance's name in room leases (unique among the instances sharing the database).
    pub instance: String,
    /// How long a lease lasts without renewal: after an instance dies, its rooms wait this
    /// long before another instance may take them.
    pub lease: Duration,
    /// Connections for reads and for taking and giving up leases.
    pub pool_size: usize,
    /// Writer tasks, each with a connection of its own.
    pub writers: usize,
    /// Writes waiting for a writer at most; beyond it [`StoreError::Busy`].
    pub queue: usize,
}

pub struct PostgresStore {
    /// Reads, and taking and giving up leases.
    pool: Pool,
    /// Lease renewals alone (one connection).
    renewals: Pool,
    /// The instance id plus this run's random tag.
    owner: String,
    lease: Duration,
    stats: Arc<Stats>,
    /// Writes waiting for a writer task (see [`writer`]); bounded, as the SQLite store's.
    writes: mpsc::Sender<Job>,
}

/// One call to [`Store::write`], waiting for its batch.
struct Job {
    writes: Vec<Write>,
    reply: oneshot::Sender<Result<(), StoreError>>,
}

/// The most calls folded into one transaction.
const MAX_BATCH: usize = 256;

#[derive(Default)]
struct Stats {
    commits: AtomicU64,
    jobs: AtomicU64,
    micros: AtomicU64,
    max_micros: AtomicU64,
}

fn db_error(e: tokio_postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => StoreError::Database(format!("{} ({})", db.message(), db.code().code())),
        None => StoreError::Database(e.to_string()),
    }
}

fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    StoreError::Database(format!("no database connection: {e}"))
}

impl PostgresStore {
    /// Connects, applies the migrations this database lacks, and returns the store.
    pub async fn connect(options: PostgresOptions) -> Result<Self, StoreError> {
        let config: tokio_postgres::Config = options
            .url
            .parse()
            .map_err(|e| StoreError::Database(format!("bad database URL: {e}")))?;
        let pool_of = |size: usize| {
            let manager = Manager::from_config(
                config.clone(),
                NoTls,
                ManagerConfig {
                    recycling_method: RecyclingMethod::Fast,
                },
            );
            Pool::builder(manager)
                .max_size(size.max(1))
                .runtime(Runtime::Tokio1)
                .timeouts(Timeouts {
                    wait: Some(Duration::from_secs(10)),
                    create: Some(Duration::from_secs(10)),
                    recycle: Some(Duration::from_secs(10)),
                })
                .build()
                .map_err(|e| StoreError::Database(format!("cannot build the pool: {e}")))
        };
        let pool = pool_of(options.pool_size)?;
        let renewals = pool_of(1)?;
        // As many connections as writer tasks: a writer never waits for one.
        let writers = pool_of(options.writers)?;
        let incarnation =
            secret::new_incarnation().map_err(|e| StoreError::Database(e.to_string()))?;
        let owner = format!("{}#{incarnation}", options.instance);
        let stats = Arc::new(Stats::default());
        let (writes, queue) = mpsc::channel(options.queue.max(1));
        let queue = Arc::new(tokio::sync::Mutex::new(queue));
        for _ in 0..options.writers.max(1) {
            tokio::spawn(writer(
                writers.clone(),
                owner.clone(),
                stats.clone(),
                queue.clone(),
            ));
        }
        let store = PostgresStore {
            pool,
            renewals,
            owner,
            lease: options.lease,
            stats,
            writes,
        };
        store.migrate().await?;
        Ok(store)
    }

    /// This run's name in the `room_leases` table.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await.map_err(db_error)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(db_error)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )",
        )
        .await
        .map_err(db_error)?;
        let done: i32 = tx
            .query_one(
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                &[],
            )
            .await
            .and_then(|row| row.try_get(0))
            .map_err(db_error)?;
        let known = i32::try_from(MIGRATIONS.len()).unwrap_or(i32::MAX);
        if done > known {
            return Err(StoreError::Corrupt(format!(
                "the database has schema version {done}, newer than this server ({known})"
            )));
        }
        for (version, sql) in (1..)
            .zip(MIGRATIONS)
            .skip(usize::try_from(done).unwrap_or(0))
        {
            tx.batch_execute(sql).await.map_err(db_error)?;
            tx.execute(
                "INSERT INTO schema_migrations (version) VALUES ($1)",
                &[&version],
            )
            .await
            .map_err(db_error)?;
        }
        tx.commit().await.map_err(db_error)
    }

    fn lease_secs(&self) -> f64 {
        self.lease.as_secs_f64()
    }

    async fn load_now(&self, id: &str) -> Result<Option<StoredRoom>, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        // One snapshot for the room row and its actions.
        let tx = client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(db_error)?;
        let room = tx
            .query_opt(
                "SELECT game, last_active, seat1_key_hash, seat2_key_hash FROM rooms WHERE id = $1",
                &[&id],
            )
            .await
            .map_err(db_error)?;
        let Some(room) = room else {
            return Ok(None);
        };
        let game = columns::game(&room.try_get::<_, String>(0).map_err(db_error)?)?;
        let last_active: i64 = room.try_get(1).map_err(db_error)?;
        let seat1: Option<Vec<u8>> = room.try_get(2).map_err(db_error)?;
        let seat2: Option<Vec<u8>> = room.try_get(3).map_err(db_error)?;
        let rows = tx
            .query(
                "SELECT seq, seat, action_id, event, at FROM actions WHERE room = $1 ORDER BY seq",
                &[&id],
            )
            .await
            .map_err(db_error)?;
        let mut events = Vec::with_capacity(rows.len());
        for row in rows {
            let seat: i16 = row.try_get(1).map_err(db_error)?;
            let event: String = row.try_get(3).map_err(db_error)?;
            events.push(columns::stored_event(
                row.try_get(0).map_err(db_error)?,
                i64::from(seat),
                row.try_get(2).map_err(db_error)?,
                &event,
                row.try_get(4).map_err(db_error)?,
            )?);
        }
        let retired = tx
            .query(
                "SELECT key_hash FROM retired_seat_keys WHERE room = $1",
                &[&id],
            )
            .await
            .map_err(db_error)?;
        let mut retired_key_hashes = Vec::with_capacity(retired.len());
        for row in retired {
            retired_key_hashes.extend(columns::key_hash(Some(row.try_get(0).map_err(db_error)?))?);
        }
        tx.commit().await.map_err(db_error)?;
        Ok(Some(StoredRoom {
            id: id.to_owned(),
            game,
            last_active,
            seat_key_hashes: [columns::key_hash(seat1)?, columns::key_hash(seat2)?],
            retired_key_hashes,
            events,
        }))
    }

    async fn acquire_now(&self, id: &str) -> Result<Lease, StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let tx = client.transaction().await.map_err(db_error)?;
        // A lapsed (or our own) lease is deleted, not updated: a delete waits for every write
        // holding the row's key-share lock (see FENCE), an update of its other columns would
        // not. Our own delete is visible to the insert that follows.
        tx.execute(
            "DELETE FROM room_leases WHERE room = $1 AND (owner = $2 OR expires_at < now())",
            &[&id, &self.owner],
        )
        .await
        .map_err(db_error)?;
        let taken = tx
            .query_opt(
                "INSERT INTO room_leases (room, owner, expires_at)
                 VALUES ($1, $2, now() + make_interval(secs => $3))
                 ON CONFLICT (room) DO NOTHING
                 RETURNING owner",
                &[&id, &self.owner, &self.lease_secs()],
            )
            .await;
        match taken {
            Ok(Some(_)) => {
                tx.commit().await.map_err(db_error)?;
                return Ok(Lease::Held);
            }
            Ok(None) => {}
            Err(e) if e.code() == Some(&SqlState::FOREIGN_KEY_VIOLATION) => {
                return Err(StoreError::NoSuchRoom(id.to_owned()));
            }
            Err(e) => return Err(db_error(e)),
        }
        // Held elsewhere: ask the holder to hand the room over (at its next renewal).
        let holder = tx
            .query_opt(
                "UPDATE room_leases SET wanted_by = $2 WHERE room = $1
                 RETURNING owner, GREATEST(EXTRACT(EPOCH FROM expires_at - now()), 0)::float8",
                &[&id, &self.owner],
            )
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        match holder {
            Some(row) => {
                let owner: String = row.try_get(0).map_err(db_error)?;
                let remaining: f64 = row.try_get(1).map_err(db_error)?;
                Ok(Lease::Elsewhere {
                    owner,
                    remaining: Duration::try_from_secs_f64(remaining).unwrap_or_default(),
                })
            }
            // Released (or the room deleted) in between: the next attempt will tell.
            None => Ok(Lease::Elsewhere {
                owner: String::new(),
                remaining: Duration::ZERO,
            }),
        }
    }

    async fn renew_now(&self, rooms: Vec<String>) -> Result<Renewal, StoreError> {
        let client = self.renewals.get().await.map_err(pool_error)?;
        let rows = client
            .query(
                "UPDATE room_leases SET expires_at = now() + make_interval(secs => $3)
                 WHERE owner = $1 AND room = ANY($2) RETURNING room, wanted_by IS NOT NULL",
                &[&self.owner, &rooms, &self.lease_secs()],
            )
            .await
            .map_err(db_error)?;
        let mut kept = std::collections::HashSet::with_capacity(rows.len());
        let mut wanted = Vec::new();
        for row in rows {
            let room: String = row.try_get(0).map_err(db_error)?;
            if row.try_get::<_, bool>(1).map_err(db_error)? {
                wanted.push(room.clone());
            }
            kept.insert(room);
        }
        Ok(Renewal {
            lost: rooms.into_iter().filter(|r| !kept.contains(r)).collect(),
            wanted,
        })
    }
}

/// One call in its own transaction (see the module comment for the fence).
async fn write_one(pool: &Pool, owner: &String, writes: &[Write]) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(pool_error)?;
    // Dropped without a commit (an error, or the caller gave up), it rolls back.
    let tx = client.transaction().await.map_err(db_error)?;
    // Prepared (once per connection) before anything is sent, so that the fences and the
    // writes below go out together: tokio-postgres sends a query when it is first polled,
    // and `join_all` polls in order, so they form one pipeline, answered in one round
    // trip, executed in order (each fence's lock before the writes).
    let fence = tx.prepare_cached(FENCE).await.map_err(db_error)?;
    let mut statements = Vec::with_capacity(writes.len());
    for write in writes {
        statements.push(tx.prepare_cached(sql(write)).await.map_err(db_error)?);
    }
    let mut rooms: Vec<&str> = Vec::new();
    for write in writes {
        if let Some(room) = fenced_room(write)
            && !rooms.contains(&room)
        {
            rooms.push(room);
        }
    }
    let (tx_ref, fence) = (&tx, &fence);
    let fences = rooms
        .iter()
        .map(|room| async move { tx_ref.query_opt(fence, &[room, owner]).await });
    let fences = futures_util::future::join_all(fences);
    let applied = writes
        .iter()
        .zip(&statements)
        .map(|(write, statement)| apply(&tx, statement, write));
    let applied = futures_util::future::join_all(applied);
    // `join` polls the fences first on its first poll, so they are sent first.
    let (fences, applied) = futures_util::future::join(fences, applied).await;
    for (room, held) in rooms.iter().zip(fences) {
        if held.map_err(db_error)?.is_none() {
            return Err(why_not_owner(&tx, room).await);
        }
    }
    for result in applied {
        result?;
    }
    tx.commit().await.map_err(db_error)
}

/// A writer task: takes every call waiting (up to [`MAX_BATCH`]) and commits them in one
/// transaction, so that under load one commit (one WAL flush) serves many rooms' actions, as
/// the SQLite store's writer thread does. Ends when the store is dropped.
async fn writer(
    pool: Pool,
    owner: String,
    stats: Arc<Stats>,
    queue: Arc<tokio::sync::Mutex<mpsc::Receiver<Job>>>,
) {
    loop {
        let mut batch = Vec::new();
        {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            batch.push(first);
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
        }
        let started = Instant::now();
        let outcome = if batch.len() == 1 {
            None
        } else {
            Some(write_batch(&pool, &owner, &batch).await)
        };
        match outcome {
            Some(Ok(())) => {
                stats.record(batch.len(), started.elapsed());
                for job in batch {
                    let _ = job.reply.send(Ok(()));
                }
            }
            // A single call, or a batch in which something failed (a lost lease, a room
            // gone, a duplicate...): each call on its own, in order, gets its own answer.
            _ => {
                for job in batch {
                    let started = Instant::now();
                    let result = write_one(&pool, &owner, &job.writes).await;
                    if result.is_ok() {
                        stats.record(1, started.elapsed());
                    }
                    let _ = job.reply.send(result);
                }
            }
        }
    }
}

/// Every call of the batch in one transaction, all or nothing: sent as one pipeline (each
/// call's fences before its writes), committed only if every fence held and every write
/// worked.
async fn write_batch(pool: &Pool, owner: &String, batch: &[Job]) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(pool_error)?;
    let tx = client.transaction().await.map_err(db_error)?;
    let fence = tx.prepare_cached(FENCE).await.map_err(db_error)?;
    let mut steps: Vec<StoreFuture<'_, bool>> = Vec::new();
    let (tx_ref, fence) = (&tx, &fence);
    for job in batch {
        let mut rooms: Vec<&str> = Vec::new();
        for write in &job.writes {
            if let Some(room) = fenced_room(write)
                && !rooms.contains(&room)
            {
                rooms.push(room);
            }
        }
        for room in rooms {
            steps.push(Box::pin(async move {
                let held = tx_ref
                    .query_opt(fence, &[&room, owner])
                    .await
                    .map_err(db_error)?;
                Ok(held.is_some())
            }));
        }
        for write in &job.writes {
            let statement = tx.prepare_cached(sql(write)).await.map_err(db_error)?;
            steps.push(Box::pin(async move {
                apply(tx_ref, &statement, write).await.map(|()| true)
            }));
        }
    }
    for step in futures_util::future::join_all(steps).await {
        if !step? {
            return Err(StoreError::NotOwner("(in a batch)".into()));
        }
    }
    tx.commit().await.map_err(db_error)
}

impl Stats {
    fn record(&self, jobs: usize, took: Duration) {
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.commits.fetch_add(1, Ordering::Relaxed);
        self.jobs
            .fetch_add(u64::try_from(jobs).unwrap_or(0), Ordering::Relaxed);
        self.micros.fetch_add(micros, Ordering::Relaxed);
        self.max_micros.fetch_max(micros, Ordering::Relaxed);
    }
}

/// After a failed fence: is the room gone, or held by another instance?
async fn why_not_owner(tx: &Transaction<'_>, room: &str) -> StoreError {
    match tx
        .query_opt("SELECT 1 FROM rooms WHERE id = $1", &[&room])
        .await
    {
        Ok(Some(_)) => StoreError::NotOwner(room.to_owned()),
        Ok(None) => StoreError::NoSuchRoom(room.to_owned()),
        Err(e) => db_error(e),
    }
}

/// The room whose lease a write needs (all but creating a room).
fn fenced_room(write: &Write) -> Option<&str> {
    match write {
        Write::CreateRoom(_) => None,
        Write::SetSeat { room, .. }
        | Write::Append { room, .. }
        | Write::ReplaceSeatKey { room, .. }
        | Write::Touch { room, .. } => Some(room),
    }
}

fn sql(write: &Write) -> &'static str {
    match write {
        Write::CreateRoom(_) => {
            "INSERT INTO rooms (id, game, created_at, last_active, seat1_key_hash)
             VALUES ($1, $2, $3, $3, $4)"
        }
        // A key given to a seat is someone joining (the creator's came with the room).
        Write::SetSeat {
            seat: Side::First, ..
        } => {
            "UPDATE rooms SET seat1_key_hash = $2, last_active = $3,
                joined_at = CASE WHEN $2::bytea IS NULL THEN joined_at ELSE COALESCE(joined_at, $3) END
             WHERE id = $1"
        }
        Write::SetSeat {
            seat: Side::Second, ..
        } => {
            "UPDATE rooms SET seat2_key_hash = $2, last_active = $3,
                joined_at = CASE WHEN $2::bytea IS NULL THEN joined_at ELSE COALESCE(joined_at, $3) END
             WHERE id = $1"
        }
        Write::Append { .. } => {
            "INSERT INTO actions (room, seq, seat, action_id, event, at)
             VALUES ($1, $2, $3, $4, $5, $6)"
        }
        // One statement: the key is replaced only where the seat still holds the old one, and
        // the old one is retired only then.
        Write::ReplaceSeatKey {
            seat: Side::First, ..
        } => {
            "WITH replaced AS (
                UPDATE rooms SET seat1_key_hash = $3 WHERE id = $1 AND seat1_key_hash = $2
                RETURNING id)
             INSERT INTO retired_seat_keys (room, key_hash) SELECT id, $2 FROM replaced"
        }
        Write::ReplaceSeatKey {
            seat: Side::Second, ..
        } => {
            "WITH replaced AS (
                UPDATE rooms SET seat2_key_hash = $3 WHERE id = $1 AND seat2_key_hash = $2
                RETURNING id)
             INSERT INTO retired_seat_keys (room, key_hash) SELECT id, $2 FROM replaced"
        }
        Write::Touch { .. } => {
            "UPDATE rooms SET last_active = GREATEST(last_active, $2) WHERE id = $1"
        }
    }
}

/// Runs one write with its statement (from [`sql`]).
async fn apply(
    tx: &Transaction<'_>,
    statement: &tokio_postgres::Statement,
    write: &Write,
) -> Result<(), StoreError> {
    match write {
        Write::CreateRoom(NewRoom {
            id,
            game,
            creator_key_hash,
            now,
        }) => {
            tx.execute(
                statement,
                &[id, &game.as_str(), now, &&creator_key_hash[..]],
            )
            .await
            .map_err(db_error)?;
        }
        Write::SetSeat {
            room,
            key_hash,
            now,
            ..
        } => {
            let hash = key_hash.as_ref().map(|h| &h[..]);
            let changed = tx
                .execute(statement, &[room, &hash, now])
                .await
                .map_err(db_error)?;
            if changed == 0 {
                return Err(StoreError::NoSuchRoom(room.clone()));
            }
        }
        Write::Append { room, event } => {
            let json = columns::event_json(&event.event)?;
            let seq = columns::seq_column(event.seq)?;
            tx.execute(
                statement,
                &[
                    room,
                    &seq,
                    &columns::seat_number(event.seat),
                    &event.action_id.as_ref().map(ActionId::as_str),
                    &json,
                    &event.at,
                ],
            )
            .await
            .map_err(db_error)?;
        }
        Write::ReplaceSeatKey { room, old, new, .. } => {
            let changed = tx
                .execute(statement, &[room, &&old[..], &&new[..]])
                .await
                .map_err(db_error)?;
            if changed == 0 {
                return Err(StoreError::NoSuchRoom(room.clone()));
            }
        }
        Write::Touch { room, now } => {
            tx.execute(statement, &[room, now])
                .await
                .map_err(db_error)?;
        }
    }
    Ok(())
}

impl Store for PostgresStore {
    fn write(&self, writes: Vec<Write>) -> StoreFuture<'_, ()> {
        let (reply, answer) = oneshot::channel();
        // A full queue refuses at once (see the SQLite store).
        let sent = self
            .writes
            .try_send(Job { writes, reply })
            .map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => StoreError::Busy,
                mpsc::error::TrySendError::Closed(_) => StoreError::Closed,
            });
        Box::pin(async move {
            sent?;
            answer.await.unwrap_or(Err(StoreError::Closed))
        })
    }

    fn load_room(&self, id: &str) -> StoreFuture<'_, Option<StoredRoom>> {
        let id = id.to_owned();
        Box::pin(async move { self.load_now(&id).await })
    }

    fn room_head(&self, id: &str) -> StoreFuture<'_, Option<RoomHead>> {
        let id = id.to_owned();
        Box::pin(async move {
            let client = self.pool.get().await.map_err(pool_error)?;
            let row = client
                .query_opt(
                    "SELECT game, seat1_key_hash, seat2_key_hash,
                        (SELECT max(seq) FROM actions WHERE room = $1) FROM rooms WHERE id = $1",
                    &[&id],
                )
                .await
                .map_err(db_error)?;
            let Some(row) = row else {
                return Ok(None);
            };
            let game: String = row.try_get(0).map_err(db_error)?;
            let seq: Option<i64> = row.try_get(3).map_err(db_error)?;
            Ok(Some(RoomHead {
                game: columns::game(&game)?,
                seat_key_hashes: [
                    columns::key_hash(row.try_get(1).map_err(db_error)?)?,
                    columns::key_hash(row.try_get(2).map_err(db_error)?)?,
                ],
                seq: columns::seq_read(seq.unwrap_or(0))?,
            }))
        })
    }

    fn count_rooms(&self) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let client = self.pool.get().await.map_err(pool_error)?;
            let count: i64 = client
                .query_one("SELECT COUNT(*) FROM rooms", &[])
                .await
                .and_then(|row| row.try_get(0))
                .map_err(db_error)?;
            Ok(u64::try_from(count).unwrap_or(0))
        })
    }

    fn delete_idle(&self, cutoffs: Cutoffs) -> StoreFuture<'_, Vec<String>> {
        Box::pin(async move {
            let client = self.pool.get().await.map_err(pool_error)?;
            // Their actions and leases go with them (ON DELETE CASCADE).
            let rows = client
                .query(
                    "DELETE FROM rooms WHERE last_active < $1
                        OR (joined_at IS NULL AND created_at < $2) RETURNING id",
                    &[&cutoffs.idle_before, &cutoffs.unjoined_before],
                )
                .await
                .map_err(db_error)?;
            rows.iter()
                .map(|row| row.try_get::<_, String>(0).map_err(db_error))
                .collect()
        })
    }

    fn acquire(&self, id: &str) -> StoreFuture<'_, Lease> {
        let id = id.to_owned();
        Box::pin(async move { self.acquire_now(&id).await })
    }

    fn renew(&self, rooms: Vec<String>) -> StoreFuture<'_, Renewal> {
        Box::pin(self.renew_now(rooms))
    }

    fn release(&self, id: &str) -> StoreFuture<'_, ()> {
        let id = id.to_owned();
        Box::pin(async move {
            let client = self.pool.get().await.map_err(pool_error)?;
            client
                .execute(
                    "DELETE FROM room_leases WHERE room = $1 AND owner = $2",
                    &[&id, &self.owner],
                )
                .await
                .map_err(db_error)?;
            Ok(())
        })
    }

    fn release_all(&self) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let client = self.renewals.get().await.map_err(pool_error)?;
            client
                .execute("DELETE FROM room_leases WHERE owner = $1", &[&self.owner])
                .await
                .map_err(db_error)?;
            Ok(())
        })
    }

    fn lease_period(&self) -> Option<Duration> {
        Some(self.lease)
    }

    fn check(&self) -> StoreFuture<'_, ()> {
        // A read on the pool, and an empty write through the writers' queue (it commits an
        // empty transaction): both the database and the writers answer.
        let write = self.write(Vec::new());
        Box::pin(async move {
            let client = self.pool.get().await.map_err(pool_error)?;
            client.query_one("SELECT 1", &[]).await.map_err(db_error)?;
            write.await
        })
    }

    fn stats(&self) -> StoreStats {
        let commits = self.stats.commits.load(Ordering::Relaxed);
        StoreStats {
            commits,
            jobs: self.stats.jobs.load(Ordering::Relaxed),
            commit_seconds: self.stats.micros.load(Ordering::Relaxed) as f64 / 1e6,
            longest_commit_seconds: self.stats.max_micros.load(Ordering::Relaxed) as f64 / 1e6,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoredEvent;
    use cozcade_engine::GameKind;
    use cozcade_testkit::scratch_postgres::{self, ScratchError, ScratchPostgres};

    /// A throwaway cluster, or `None` (with the reason printed) where PostgreSQL is not
    /// installed and not required.
    fn cluster(dir: &std::path::Path) -> Option<ScratchPostgres> {
        match ScratchPostgres::start(dir, &[("fsync", "off")]) {
            Ok(cluster) => Some(cluster),
            Err(ScratchError::NotInstalled) if !scratch_postgres::required() => {
                eprintln!("skipped: {}", ScratchError::NotInstalled);
                None
            }
            Err(e) => panic!("cannot start PostgreSQL: {e}"),
        }
    }

    fn options(url: String, instance: &str, lease: Duration) -> PostgresOptions {
        PostgresOptions {
            url,
            instance: instance.into(),
            lease,
            pool_size: 4,
            writers: 2,
            queue: 1024,
        }
    }

    #[tokio::test]
    async fn the_store_contract_holds() {
        let dir = tempfile::tempdir().expect("temp dir");
        let Some(cluster) = cluster(dir.path()) else {
            return;
        };
        let url = cluster.url("postgres");
        let store = PostgresStore::connect(options(url.clone(), "a", Duration::from_secs(5)))
            .await
            .expect("connect");
        crate::store::contract::check(&store).await;
        // Connecting again (another instance starting) finds the schema in place.
        let again = PostgresStore::connect(options(url, "b", Duration::from_secs(5)))
            .await
            .expect("connect again");
        let client = again.pool.get().await.expect("client");
        let versions: i64 = client
            .query_one("SELECT COUNT(*) FROM schema_migrations", &[])
            .await
            .and_then(|row| row.try_get(0))
            .expect("versions");
        assert_eq!(versions, MIGRATIONS.len() as i64);
        assert_eq!(again.count_rooms().await.expect("count"), 232);
    }

    fn create(id: &str) -> Write {
        Write::CreateRoom(NewRoom {
            id: id.into(),
            game: GameKind::Kalah,
            creator_key_hash: [1; 32],
            now: 10,
        })
    }

    fn append(id: &str, seq: u64) -> Write {
        Write::Append {
            room: id.into(),
            event: StoredEvent {
                seq,
                seat: Side::First,
                action_id: Some(format!("x{seq}").parse().expect("an action id")),
                event: cozcade_protocol::Event::NewRoundProposed,
                at: 11,
            },
        }
    }

    #[tokio::test]
    async fn one_instance_serves_a_room_until_its_lease_lapses() {
        let dir = tempfile::tempdir().expect("temp dir");
        let Some(cluster) = cluster(dir.path()) else {
            return;
        };
        let lease = Duration::from_millis(1500);
        let a = PostgresStore::connect(options(cluster.url("postgres"), "a", lease))
            .await
            .expect("connect a");
        let b = PostgresStore::connect(options(cluster.url("postgres"), "b", lease))
            .await
            .expect("connect b");
        a.write(vec![create("r")]).await.expect("create");

        // A takes the room; B is refused and cannot write to it.
        assert_eq!(a.acquire("r").await.expect("a acquires"), Lease::Held);
        match b.acquire("r").await.expect("b asks") {
            Lease::Elsewhere { owner, remaining } => {
                assert_eq!(owner, a.owner());
                assert!(remaining <= lease && remaining > Duration::ZERO);
            }
            Lease::Held => panic!("two owners"),
        }
        assert!(matches!(
            b.write(vec![append("r", 1)]).await,
            Err(StoreError::NotOwner(_))
        ));
        a.write(vec![append("r", 1)]).await.expect("a appends");

        // Renewed, the lease holds past its first term. B asked for the room: A learns so
        // (and the server would hand it over; here A keeps it).
        tokio::time::sleep(lease / 2).await;
        let asked = Renewal {
            lost: Vec::new(),
            wanted: vec!["r".into()],
        };
        assert_eq!(a.renew(vec!["r".into()]).await.expect("renew"), asked);
        tokio::time::sleep(lease * 2 / 3).await;
        assert!(matches!(
            b.acquire("r").await.expect("b asks"),
            Lease::Elsewhere { .. }
        ));
        assert_eq!(a.renew(vec!["r".into()]).await.expect("renew"), asked);

        // A stops renewing (paused, or dead): once the lease lapses B takes the room over,
        // sees everything A wrote, and A is fenced off from then on.
        tokio::time::sleep(lease + Duration::from_millis(200)).await;
        // (B's wish is cleared by its own takeover.)
        assert_eq!(b.acquire("r").await.expect("b takes over"), Lease::Held);
        let loaded = b.load_room("r").await.expect("load").expect("room");
        assert_eq!(loaded.events.len(), 1);
        assert!(matches!(
            a.write(vec![append("r", 2)]).await,
            Err(StoreError::NotOwner(_))
        ));
        assert_eq!(
            a.renew(vec!["r".into()]).await.expect("renew").lost,
            ["r".to_owned()]
        );
        assert_eq!(
            b.renew(vec!["r".into()]).await.expect("renew"),
            Renewal::default()
        );
        assert!(matches!(
            a.acquire("r").await.expect("a asks"),
            Lease::Elsewhere { .. }
        ));
        b.write(vec![append("r", 2)]).await.expect("b appends");

        // Released, the room can be taken at once; A's release of a lease it lost does not
        // touch B's.
        a.release("r").await.expect("a releases nothing");
        assert!(matches!(
            a.acquire("r").await.expect("a asks"),
            Lease::Elsewhere { .. }
        ));
        b.release_all().await.expect("b releases");
        assert_eq!(a.acquire("r").await.expect("a takes it"), Lease::Held);
        assert_eq!(
            a.load_room("r")
                .await
                .expect("load")
                .expect("room")
                .events
                .iter()
                .map(|e| e.seq)
                .collect::<Vec<_>>(),
            [1, 2]
        );
    }
}

#[cfg(test)]
mod fencing_tests {
    use super::*;
    use cozcade_engine::GameKind;
    use cozcade_testkit::scratch_postgres::{self, ScratchError, ScratchPostgres};

    /// A write of the old owner that is in flight when its lease lapses: the takeover waits
    /// for it, and the new owner then loads the room with that write in it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_takeover_waits_for_the_old_owners_write_in_flight() {
        let dir = tempfile::tempdir().expect("temp dir");
        let cluster = match ScratchPostgres::start(dir.path(), &[("fsync", "off")]) {
            Ok(cluster) => cluster,
            Err(ScratchError::NotInstalled) if !scratch_postgres::required() => {
                return eprintln!("skipped: {}", ScratchError::NotInstalled);
            }
            Err(e) => panic!("cannot start PostgreSQL: {e}"),
        };
        let options = |instance: &str| PostgresOptions {
            url: cluster.url("postgres"),
            instance: instance.into(),
            lease: Duration::from_secs(60),
            pool_size: 2,
            writers: 1,
            queue: 1024,
        };
        let a = PostgresStore::connect(options("a")).await.expect("a");
        let b = Arc::new(PostgresStore::connect(options("b")).await.expect("b"));
        a.write(vec![Write::CreateRoom(NewRoom {
            id: "r".into(),
            game: GameKind::Kalah,
            creator_key_hash: [1; 32],
            now: 1,
        })])
        .await
        .expect("create");
        assert_eq!(a.acquire("r").await.expect("acquire"), Lease::Held);

        // A's write, by hand so that it can be held open: fence, then append.
        let mut client = a.pool.get().await.expect("client");
        let tx = client.transaction().await.expect("begin");
        let fenced = tx.query_opt(FENCE, &[&"r", &a.owner]).await.expect("fence");
        assert!(fenced.is_some());
        tx.execute(
            "INSERT INTO actions (room, seq, seat, action_id, event, at)
             VALUES ('r', 1, 1, 'x', '{\"kind\":\"new_round_proposed\"}', 2)",
            &[],
        )
        .await
        .expect("append");

        // Meanwhile A's lease lapses (A was paused); changing the row's expiry (as a renewal
        // does) does not wait for A's write.
        let other = b.pool.get().await.expect("client");
        other
            .execute(
                "UPDATE room_leases SET expires_at = now() - interval '1 second'",
                &[],
            )
            .await
            .expect("expire the lease");
        let taking = tokio::spawn({
            let b = b.clone();
            async move { b.acquire("r").await }
        });
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(!taking.is_finished(), "the takeover waits for A's write");
        tx.commit().await.expect("A commits");
        let lease = taking.await.expect("task").expect("acquire");
        assert_eq!(lease, Lease::Held);
        let room = b.load_room("r").await.expect("load").expect("room");
        assert_eq!(room.events.len(), 1, "B sees what A committed");
        // And A, from now on, is fenced off.
        let late = a
            .write(vec![Write::Touch {
                room: "r".into(),
                now: 3,
            }])
            .await;
        assert!(matches!(late, Err(StoreError::NotOwner(_))));
    }
}
