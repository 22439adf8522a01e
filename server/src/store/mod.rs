//! Where rooms and their numbered actions live: a small trait so the SQLite store (the default)
//! and a later PostgreSQL store are interchangeable.
//!
//! The trait is object-safe and async-friendly (every call returns a boxed future), so the
//! server holds an `Arc<dyn Store>` chosen at start-up from `--db`. A call resolves only once
//! its writes are durable: the room owner awaits it before it acknowledges or broadcasts.
//!
//! Several instances can share one PostgreSQL database; then only one of them may serve a room
//! at a time. That is the lease part of the trait ([`Store::acquire`] and friends): a store
//! shared by instances fences every write of a room's owner on its lease, in the write's own
//! transaction. A store used by one instance only (SQLite) keeps the defaults, which grant
//! every lease.

mod columns;
#[cfg(test)]
pub(crate) mod contract;
mod postgres;
mod readers;
mod sqlite;

use std::{future::Future, pin::Pin, time::Duration};

use cozcade_engine::GameKind;
use cozcade_protocol::{ActionId, Event, Seat};

pub use postgres::{PostgresOptions, PostgresStore};
pub use sqlite::{CheckpointPlan, SqliteOptions, SqliteStore, Synchronous};

use crate::secret::KeyHash;

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(String),
    #[error("room {} does not exist (expired?)", crate::secret::Redacted(.0))]
    NoSuchRoom(String),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("the store is shut down")]
    Closed,
    /// The store has as many writes waiting as it allows (`--store-queue`): this one was
    /// refused at once, and nothing was written.
    #[error("the server is busy storing other actions; try again in a moment")]
    Busy,
    /// Another process has the SQLite database open (another server, most likely).
    #[error(
        "the database {0} is in use by another process (another cozcade-server?); \
         one server per SQLite file"
    )]
    Locked(String),
    /// Another instance took the room over (this one's lease lapsed): nothing was written.
    #[error("room {} is served by another instance now", crate::secret::Redacted(.0))]
    NotOwner(String),
}

/// The answer to [`Store::acquire`].
#[derive(Clone, Debug, PartialEq)]
pub enum Lease {
    /// This instance holds the room until the lease lapses (renewed while the room is open).
    Held,
    /// Another instance holds the room; its lease lapses in `remaining` unless renewed.
    Elsewhere { owner: String, remaining: Duration },
}

/// The answer to [`Store::renew`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Renewal {
    /// Rooms this instance no longer holds (taken over, or deleted): their owners must stop.
    pub lost: Vec<String>,
    /// Rooms another instance was asked to serve (the load balancer sends their players
    /// there now, e.g. after this instance's failed peer came back): hand them over.
    pub wanted: Vec<String>,
}

/// A room as created over HTTP.
#[derive(Clone, Debug)]
pub struct NewRoom {
    pub id: String,
    pub game: GameKind,
    pub creator_key_hash: KeyHash,
    pub now: i64,
}

/// One numbered action, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    pub seq: u64,
    pub seat: Seat,
    pub action_id: Option<ActionId>,
    pub event: Event,
    pub at: i64,
}

/// What a room's page and its welcome need, without its actions: cheap to read whatever the
/// room's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomHead {
    pub game: GameKind,
    /// Indexed by seat; `None` is an open seat.
    pub seat_key_hashes: [Option<KeyHash>; 2],
    /// The last sequence number (0 before the first action).
    pub seq: u64,
}

/// Everything needed to rebuild a room's owner after a restart.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub id: String,
    pub game: GameKind,
    pub last_active: i64,
    /// Indexed by seat; `None` is an open seat.
    pub seat_key_hashes: [Option<KeyHash>; 2],
    /// Keys that no longer hold their seat, and why (in no order).
    pub retired_keys: Vec<(KeyHash, Retired)>,
    /// In sequence order.
    pub events: Vec<StoredEvent>,
}

/// Why a seat's key stopped working: a hello with it is told which.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Retired {
    /// Its player made a new personal link.
    Replaced,
    /// The other player offered the seat again after its player vanished.
    Offered,
}

impl Retired {
    /// Why the key in [`Write::RetireSeatKey`] goes: a seat given a new key was its player's
    /// doing, a seat opened was the other player's.
    pub fn given(new: Option<&KeyHash>) -> Retired {
        match new {
            Some(_) => Retired::Replaced,
            None => Retired::Offered,
        }
    }
}

/// Which rooms [`Store::delete_idle`] deletes: those last active before `idle_before`, and
/// those nobody ever joined (no seat was given a key after the creator's) created before
/// `unjoined_before`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cutoffs {
    pub idle_before: i64,
    pub unjoined_before: i64,
}

/// One change; a call to [`Store::write`] applies a list of them atomically.
#[derive(Clone, Debug)]
pub enum Write {
    CreateRoom(NewRoom),
    /// Give a seat a key (a guest joined: the room counts as joined from then on) or open it
    /// again (`None`: its player left).
    SetSeat {
        room: String,
        seat: Seat,
        key_hash: Option<KeyHash>,
        now: i64,
    },
    /// Append an action. Fails if the room is gone. (Activity is noted by `Touch`, which the
    /// room's owner adds at most once a minute: a write per action to the rooms table would
    /// double the pages each commit writes.)
    Append {
        room: String,
        event: StoredEvent,
    },
    /// Take the key `old` from a seat: the seat holds `new` in its place (its player's new
    /// personal link) or, with `None`, is open (the other player offered it again). `old` is
    /// kept as retired, with [`Retired::given`] as the reason. Fails with `NoSuchRoom` when the
    /// room is gone or the seat no longer holds `old`.
    RetireSeatKey {
        room: String,
        seat: Seat,
        old: KeyHash,
        new: Option<KeyHash>,
    },
    /// Mark the room active (a player connected).
    Touch {
        room: String,
        now: i64,
    },
}

pub trait Store: Send + Sync + 'static {
    /// Applies the writes in one transaction; resolves once they are committed.
    fn write(&self, writes: Vec<Write>) -> StoreFuture<'_, ()>;
    /// The room with all its actions (a room owner starting). Never waits for writes.
    fn load_room(&self, id: &str) -> StoreFuture<'_, Option<StoredRoom>>;
    /// The room without its actions (its page, its welcome). Never waits for writes.
    fn room_head(&self, id: &str) -> StoreFuture<'_, Option<RoomHead>>;
    fn count_rooms(&self) -> StoreFuture<'_, u64>;
    /// Deletes every room (with its actions) that `cutoffs` says has had its time; returns
    /// their ids.
    fn delete_idle(&self, cutoffs: Cutoffs) -> StoreFuture<'_, Vec<String>>;
    /// Takes room `id` for this instance: granted when nobody holds it, when its lease has
    /// lapsed, or when this instance already holds it. Fails with `NoSuchRoom` for a room that
    /// does not exist.
    fn acquire(&self, id: &str) -> StoreFuture<'_, Lease> {
        let _ = id;
        Box::pin(async { Ok(Lease::Held) })
    }
    /// Extends this instance's leases on `rooms`; says which it no longer holds and which
    /// another instance asked for.
    fn renew(&self, rooms: Vec<String>) -> StoreFuture<'_, Renewal> {
        let _ = rooms;
        Box::pin(async { Ok(Renewal::default()) })
    }
    /// Gives room `id` up (its owner stopped), so another instance may take it at once.
    fn release(&self, id: &str) -> StoreFuture<'_, ()> {
        let _ = id;
        Box::pin(async { Ok(()) })
    }
    /// Gives up every room this instance holds (at shutdown).
    fn release_all(&self) -> StoreFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }
    /// How long a lease lasts without renewal; `None` for a store that one instance uses
    /// alone, which needs no renewals.
    fn lease_period(&self) -> Option<Duration> {
        None
    }
    /// Whether the store works: it can be read, its writer takes a job and commits, and
    /// whatever keeps it healthy (SQLite's checkpoints) does not fail. For `/healthz`; the
    /// caller decides how long to wait.
    fn check(&self) -> StoreFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }
    /// Finishes every write already taken and lets go of the database (at shutdown): another
    /// server may open it then. Later writes fail with [`StoreError::Closed`].
    fn close(&self) -> StoreFuture<'_, ()> {
        Box::pin(async { Ok(()) })
    }
    /// Commit counters for `/metrics`.
    fn stats(&self) -> StoreStats {
        StoreStats::default()
    }
}

/// What a store has committed since it started.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoreStats {
    /// Transactions committed.
    pub commits: u64,
    /// Calls (writes and reads) served by them: `jobs / commits` is the mean batch.
    pub jobs: u64,
    /// Time spent running and committing transactions.
    pub commit_seconds: f64,
    pub longest_commit_seconds: f64,
}
