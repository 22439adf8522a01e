//! The rooms whose owner task is running here: room id → the owner's mailbox.
//!
//! The registry starts an owner on first use and forgets it when the owner stops. Owners know
//! nothing of the registry: each is given a callback that removes it.

use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
};

use cozcade_protocol::RoomId;
use tokio::sync::mpsc;

use crate::{
    room::{Command, owner},
    shared::Shared,
};

/// Commands waiting for one room's owner; a full queue makes connections wait (backpressure).
const ROOM_QUEUE: usize = 256;

pub struct Registry {
    shared: Arc<Shared>,
    /// Room id → (generation, the owner's mailbox). A std Mutex because it is only ever held
    /// for a map lookup or insert, never across an `.await`; an async lock would add cost
    /// and nothing else.
    rooms: Mutex<HashMap<String, (u64, mpsc::Sender<Command>)>>,
    generations: AtomicU64,
}

impl Registry {
    pub fn new(shared: Arc<Shared>) -> Arc<Self> {
        Arc::new(Registry {
            shared,
            rooms: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, mpsc::Sender<Command>)>> {
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The mailbox of room `id`'s owner, starting the owner if it is not running.
    pub fn room(self: &Arc<Self>, room_id: &RoomId) -> mpsc::Sender<Command> {
        let id = room_id.as_str();
        let mut rooms = self.lock();
        if let Some((_, tx)) = rooms.get(id)
            && !tx.is_closed()
        {
            return tx.clone();
        }
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        rooms.insert(id.to_owned(), (generation, tx.clone()));
        let registry = self.clone();
        let room = id.to_owned();
        let unregister = move || registry.forget(&room, generation);
        tokio::spawn(owner::run(
            room_id.clone(),
            generation,
            self.shared.clone(),
            rx,
            unregister,
        ));
        tx
    }

    /// Removes owner `generation` of room `id`, unless a newer owner already took its place.
    fn forget(&self, id: &str, generation: u64) {
        let mut rooms = self.lock();
        if rooms.get(id).is_some_and(|(g, _)| *g == generation) {
            rooms.remove(id);
        }
    }

    /// Passes a command to owner `generation` of room `id`, if that owner still runs.
    pub fn tell_owner(&self, id: &str, generation: u64, command: Command) {
        let tx = self
            .lock()
            .get(id)
            .filter(|(g, _)| *g == generation)
            .map(|(_, tx)| tx.clone());
        if let Some(tx) = tx {
            // A full mailbox means the owner is busy; its next write is fenced off if the
            // lease is really gone, and it stops then.
            let _ = tx.try_send(command);
        }
    }

    /// Tells a running owner that its room was deleted.
    pub fn expire(&self, id: &str) {
        let tx = self.lock().get(id).map(|(_, tx)| tx.clone());
        if let Some(tx) = tx {
            // A full mailbox means the owner is busy; its next write finds the room gone and
            // it stops then.
            let _ = tx.try_send(Command::Expire);
        }
    }
}
