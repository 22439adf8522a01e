//! State shared by every connection: the store, the clock, the limits, the metrics and the
//! registry of rooms whose owner task is running.

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
};

use tokio::sync::{Semaphore, mpsc};

use crate::{
    clock::Clock,
    config::Limits,
    metrics::Metrics,
    room::{self, Command},
    store::Store,
};

/// Commands waiting for one room's owner; a full queue makes connections wait (backpressure).
const ROOM_QUEUE: usize = 256;

pub struct Shared {
    pub store: Arc<dyn Store>,
    pub clock: Arc<dyn Clock>,
    pub limits: Limits,
    pub metrics: Metrics,
    pub public_url: String,
    pub web_root: Option<PathBuf>,
    /// One permit per WebSocket connection.
    pub connections: Arc<Semaphore>,
    /// Room id → (generation, the owner's mailbox). A std Mutex because it is only ever held
    /// for a map lookup or insert, never across an `.await`; an async lock would add cost
    /// and nothing else.
    rooms: Mutex<HashMap<String, (u64, mpsc::Sender<Command>)>>,
    /// Room id → generation of the owner that holds the room's lease (it took the lease and
    /// loaded the room, and has not stopped). Only these leases are renewed: an owner still
    /// taking its lease, or one that has released it, must not be told it lost it.
    leased: Mutex<HashMap<String, u64>>,
    generations: AtomicU64,
    connection_ids: AtomicU64,
}

impl Shared {
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        limits: Limits,
        public_url: String,
        web_root: Option<PathBuf>,
    ) -> Self {
        Shared {
            store,
            clock,
            connections: Arc::new(Semaphore::new(limits.max_connections)),
            limits,
            metrics: Metrics::default(),
            public_url,
            web_root,
            rooms: Mutex::new(HashMap::new()),
            leased: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
            connection_ids: AtomicU64::new(0),
        }
    }

    pub fn next_connection_id(&self) -> u64 {
        self.connection_ids.fetch_add(1, Ordering::Relaxed)
    }

    /// The mailbox of room `id`'s owner, starting the owner if it is not running.
    pub fn room(self: &Arc<Self>, id: &str) -> mpsc::Sender<Command> {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, tx)) = rooms.get(id)
            && !tx.is_closed()
        {
            return tx.clone();
        }
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        rooms.insert(id.to_owned(), (generation, tx.clone()));
        tokio::spawn(room::run(id.to_owned(), generation, self.clone(), rx));
        tx
    }

    /// Called by an owner that stops: removes it unless a newer owner already took its place.
    pub fn forget_room(&self, id: &str, generation: u64) {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if rooms.get(id).is_some_and(|(g, _)| *g == generation) {
            rooms.remove(id);
        }
    }

    /// Notes that owner `generation` of room `id` holds the room's lease.
    pub fn note_leased(&self, id: &str, generation: u64) {
        self.leased
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(id.to_owned(), generation);
    }

    /// Notes that owner `generation` of room `id` stopped (or is releasing the lease).
    pub fn forget_leased(&self, id: &str, generation: u64) {
        let mut leased = self
            .leased
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if leased.get(id) == Some(&generation) {
            leased.remove(id);
        }
    }

    /// The rooms whose lease an owner here holds, with that owner's generation.
    pub fn leased_rooms(&self) -> Vec<(String, u64)> {
        let leased = self
            .leased
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        leased.iter().map(|(id, g)| (id.clone(), *g)).collect()
    }

    /// Passes a command to owner `generation` of room `id`, if that owner still runs.
    pub fn tell_owner(&self, id: &str, generation: u64, command: Command) {
        let tx = {
            let rooms = self
                .rooms
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            rooms
                .get(id)
                .filter(|(g, _)| *g == generation)
                .map(|(_, tx)| tx.clone())
        };
        if let Some(tx) = tx {
            // A full mailbox means the owner is busy; its next write is fenced off if the
            // lease is really gone, and it stops then.
            let _ = tx.try_send(command);
        }
    }

    /// Tells a running owner that its room was deleted.
    pub fn expire(&self, id: &str) {
        self.tell(id, Command::Expire);
    }

    /// Passes a command to room `id`'s owner, if it runs.
    fn tell(&self, id: &str, command: Command) {
        let tx = {
            let rooms = self
                .rooms
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            rooms.get(id).map(|(_, tx)| tx.clone())
        };
        if let Some(tx) = tx {
            // A full mailbox means the owner is busy; its next write finds the room gone
            // (or, for a lost lease, fenced off) and it stops then.
            let _ = tx.try_send(command);
        }
    }
}
