//! State shared by every connection and room owner: the store, the clock, the limits, the
//! metrics, and the book of room leases held here.

use std::{
    net::IpAddr,
    path::PathBuf,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

use tokio::sync::Semaphore;

use crate::{
    clock::Clock,
    config::Limits,
    lease_book::LeaseBook,
    limits::{AllClients, ConnectionsPerAddress, PerAddress},
    metrics::Metrics,
    preview::PreviewCache,
    store::Store,
};

pub struct Shared {
    pub store: Arc<dyn Store>,
    pub clock: Arc<dyn Clock>,
    pub limits: Limits,
    pub metrics: Metrics,
    pub public_url: String,
    pub web_root: Option<PathBuf>,
    /// One permit per WebSocket connection.
    pub connections: Arc<Semaphore>,
    /// WebSocket connections per client address.
    pub connections_per_address: ConnectionsPerAddress,
    /// Room creation per client address...
    pub room_creation: PerAddress,
    /// ...and by all clients together.
    pub all_room_creation: AllClients,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<IpAddr>,
    pub leases: LeaseBook,
    /// The link previews' pictures, per room and sequence number.
    pub previews: PreviewCache,
    connection_ids: AtomicU64,
}

impl Shared {
    pub fn new(
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        limits: Limits,
        public_url: String,
        web_root: Option<PathBuf>,
        trusted_proxies: Vec<IpAddr>,
    ) -> Self {
        let previews = PreviewCache::new(
            limits.preview_cache_mb.saturating_mul(1024 * 1024),
            limits.preview_renders,
        );
        Shared {
            store,
            clock,
            connections: Arc::new(Semaphore::new(limits.max_connections)),
            connections_per_address: ConnectionsPerAddress::new(limits.max_connections_per_address),
            room_creation: PerAddress::new(limits.rooms_per_minute / 60.0, limits.rooms_burst),
            all_room_creation: AllClients::new(
                limits.all_rooms_per_minute / 60.0,
                limits.all_rooms_burst,
            ),
            trusted_proxies,
            limits,
            metrics: Metrics::default(),
            public_url,
            web_root,
            leases: LeaseBook::default(),
            previews,
            connection_ids: AtomicU64::new(0),
        }
    }

    pub fn next_connection_id(&self) -> u64 {
        self.connection_ids.fetch_add(1, Ordering::Relaxed)
    }
}
