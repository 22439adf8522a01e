//! Rates and counts that keep one client from taking the whole server: the per-connection
//! message rate, room creation per client address and in all, and connections per client
//! address. A client address is counted as its [`subscriber`] (an IPv6 client by its /64).

use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex, MutexGuard},
};

use tokio::time::Instant;

use crate::client_addr::subscriber;

/// Addresses tracked at once before full (idle) buckets are pruned.
const PRUNE_AT: usize = 4096;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[derive(Debug)]
pub struct RateLimit {
    per_sec: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    pub fn new(per_sec: f64, burst: f64) -> Self {
        RateLimit {
            per_sec,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes one token; false when the connection is over its rate.
    pub fn allow(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.burst);
    }

    /// Whether the bucket has refilled completely (so forgetting it changes nothing).
    fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }
}

/// One token bucket per client address (room creation).
///
/// A std Mutex: held only for a map lookup, never across an `.await`.
#[derive(Debug)]
pub struct PerAddress {
    per_sec: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, RateLimit>>,
}

impl PerAddress {
    pub fn new(per_sec: f64, burst: f64) -> Self {
        PerAddress {
            per_sec,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token from `address`'s bucket; false when that address is over its rate.
    pub fn allow(&self, address: IpAddr) -> bool {
        let address = subscriber(address);
        let mut buckets = lock(&self.buckets);
        if buckets.len() >= PRUNE_AT {
            // A full bucket is what a new one would be: forgetting it loses nothing.
            buckets.retain(|_, bucket| !bucket.is_full());
        }
        buckets
            .entry(address)
            .or_insert_with(|| RateLimit::new(self.per_sec, self.burst))
            .allow()
    }
}

/// One token bucket shared by every client (room creation in all): what no number of addresses
/// gets around.
///
/// A std Mutex: held for a refill and a subtraction, never across an `.await`.
#[derive(Debug)]
pub struct AllClients {
    bucket: Mutex<RateLimit>,
}

impl AllClients {
    pub fn new(per_sec: f64, burst: f64) -> Self {
        AllClients {
            bucket: Mutex::new(RateLimit::new(per_sec, burst)),
        }
    }

    /// Takes one token; false when all clients together are over the rate.
    pub fn allow(&self) -> bool {
        lock(&self.bucket).allow()
    }
}

/// How many WebSocket connections each client address holds.
#[derive(Debug)]
pub struct ConnectionsPerAddress {
    max: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One connection's place in its address's count; dropping it gives the place back.
#[derive(Debug)]
pub struct AddressSlot {
    address: IpAddr,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl ConnectionsPerAddress {
    pub fn new(max: usize) -> Self {
        ConnectionsPerAddress {
            max,
            held: Arc::default(),
        }
    }

    /// A place for one more connection from `address`, or `None` when it holds the most.
    pub fn take(&self, address: IpAddr) -> Option<AddressSlot> {
        let address = subscriber(address);
        let mut held = lock(&self.held);
        let count = held.entry(address).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            address,
            held: self.held.clone(),
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut held = lock(&self.held);
        if let Some(count) = held.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn bursts_are_allowed_then_the_rate_holds() {
        let mut limit = RateLimit::new(2.0, 3.0);
        assert!((0..3).all(|_| limit.allow()));
        assert!(!limit.allow());
        tokio::time::advance(std::time::Duration::from_millis(500)).await;
        assert!(limit.allow());
        assert!(!limit.allow());
    }

    #[tokio::test(start_paused = true)]
    async fn each_address_has_its_own_bucket() {
        let limit = PerAddress::new(1.0, 2.0);
        let a = IpAddr::from([192, 0, 2, 1]);
        let b = IpAddr::from([192, 0, 2, 2]);
        assert!(limit.allow(a) && limit.allow(a));
        assert!(!limit.allow(a));
        assert!(limit.allow(b));
        tokio::time::advance(std::time::Duration::from_secs(1)).await;
        assert!(limit.allow(a));
        assert!(!limit.allow(a));
    }

    #[test]
    fn connection_slots_come_back_when_dropped() {
        let limit = ConnectionsPerAddress::new(2);
        let a = IpAddr::from([192, 0, 2, 1]);
        let first = limit.take(a).expect("first");
        let _second = limit.take(a).expect("second");
        assert!(limit.take(a).is_none());
        assert!(limit.take(IpAddr::from([192, 0, 2, 2])).is_some());
        drop(first);
        assert!(limit.take(a).is_some());
    }
}
