//! Which rooms' leases the owners here hold, for the renewal task.

use std::{collections::HashMap, sync::Mutex};

/// Room id → generation of the owner that holds the room's lease (it took the lease and
/// loaded the room, and has not stopped). Only these leases are renewed: an owner still
/// taking its lease, or one that has released it, must not be told it lost it.
///
/// A std Mutex because it is only held for a map lookup or insert, never across an `.await`.
#[derive(Debug, Default)]
pub struct LeaseBook {
    leased: Mutex<HashMap<String, u64>>,
}

impl LeaseBook {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.leased
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Notes that owner `generation` of room `id` holds the room's lease.
    pub fn note(&self, id: &str, generation: u64) {
        self.lock().insert(id.to_owned(), generation);
    }

    /// Notes that owner `generation` of room `id` stopped (or is releasing the lease).
    pub fn forget(&self, id: &str, generation: u64) {
        let mut leased = self.lock();
        if leased.get(id) == Some(&generation) {
            leased.remove(id);
        }
    }

    /// The rooms whose lease an owner here holds, with that owner's generation.
    pub fn held(&self) -> HashMap<String, u64> {
        self.lock().clone()
    }
}
