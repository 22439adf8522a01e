//! The Cozcade room server: two friends on two devices play one game through it.
//!
//! The layout follows mini-redis: [`http`] listens and routes, [`connection`] handles one
//! WebSocket and reads its frames with [`client_message`] (the wire types live in
//! `cozcade_protocol`), [`room`] decides what each action does ([`room::decide`], pure)
//! and owns one live room ([`room::owner`]), [`registry`] finds or starts a room's owner, and
//! [`shared`] holds what all of them share. Every action is decided with the engine, stored
//! through [`store`], and only then adopted, acknowledged and broadcast.

mod client_addr;
pub mod client_message;
pub mod clock;
pub mod config;
mod connection;
mod expiry;
mod headers;
mod http;
mod invitation;
mod lease;
mod lease_book;
mod limits;
mod metrics;
mod preload;
pub mod preview;
mod privacy;
mod registry;
pub mod room;
pub mod secret;
mod serve;
pub mod shared;
pub mod store;
mod web;
pub mod well_known;

use std::{
    net::SocketAddr,
    sync::{Arc, atomic::Ordering},
    time::Duration,
};

use tokio::{
    net::TcpListener,
    sync::{mpsc, watch},
    task::JoinHandle,
};

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::{Config, Database, Limits};
pub use headers::content_security_policy;
use registry::Registry;
use shared::Shared;
use store::{PostgresOptions, PostgresStore, SqliteOptions, SqliteStore, Store, StoreError};
pub use well_known::AppLinks;

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot open the store: {0}")]
    Store(#[from] StoreError),
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
    #[error(transparent)]
    Limit(#[from] config::BadLimit),
}

/// How long shutdown waits for the connections to close.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(10);

/// A started server. Dropping it does not stop it; call [`RunningServer::shutdown`].
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Where `/metrics` is served when it has a listener of its own (`--metrics-listen`).
    pub metrics_addr: Option<SocketAddr>,
    pub shared: Arc<Shared>,
    shutdown: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
    /// Yields `None` once every connection handler has dropped its sender.
    handlers: mpsc::Receiver<()>,
}

/// Binds a listener whose sockets send small frames at once.
async fn bind(addr: SocketAddr) -> Result<(TcpListener, SocketAddr), StartError> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| StartError::Listen(addr, e))?;
    let local = listener
        .local_addr()
        .map_err(|e| StartError::Listen(addr, e))?;
    Ok((listener, local))
}

/// Opens the store, binds the listener and starts serving in the background.
pub async fn start(config: Config, clock: Arc<dyn Clock>) -> Result<RunningServer, StartError> {
    config.limits.check()?;
    let limits = &config.limits;
    // Rooms nobody joins (an attacker's) are created at most this fast and live this long:
    // they must leave room under the cap for the games people play.
    let unjoined_at_most = limits.all_rooms_per_minute * 60.0 * limits.unjoined_room_ttl_hours
        + limits.all_rooms_burst;
    if unjoined_at_most > limits.max_rooms as f64 / 2.0 {
        tracing::warn!(
            "--all-rooms-per-minute × 60 × --unjoined-room-ttl-hours lets rooms nobody joins fill \
             {unjoined_at_most:.0} of the {} rooms (--max-rooms): more than half",
            limits.max_rooms
        );
    }
    let store: Arc<dyn Store> = match &config.db {
        Database::Sqlite(path) => Arc::new(SqliteStore::open_with(
            path,
            SqliteOptions {
                synchronous: config.sync,
                queue: config.limits.store_queue,
                readers: config.db_readers,
                ..SqliteOptions::default()
            },
        )?),
        Database::Postgres(url) => Arc::new(
            PostgresStore::connect(PostgresOptions {
                url: url.clone(),
                instance: config.instance_id.clone().unwrap_or_else(host_name),
                lease: config::secs(config.lease_secs),
                pool_size: config.db_pool,
                writers: config.db_writers,
                queue: config.limits.store_queue,
            })
            .await?,
        ),
    };
    let (listener, addr) = bind(config.listen).await?;
    let metrics_listener = match config.metrics_listen {
        Some(at) => Some(bind(at).await?),
        None => None,
    };
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_owned();
    let public_origin = http::origin_of(&public_url);
    let loopback_port =
        (config.public_url.is_none() && addr.ip().is_loopback()).then(|| addr.port());
    let shared = Arc::new(Shared::new(
        store,
        clock,
        config.limits,
        public_url,
        config.web_root,
        config.trusted_proxy,
    ));
    let rooms = shared.store.count_rooms().await?;
    shared
        .metrics
        .rooms
        .store(i64::try_from(rooms).unwrap_or(i64::MAX), Ordering::Relaxed);
    let registry = Registry::new(shared.clone());
    let (shutdown, signal) = watch::channel(false);
    let (handlers_done, handlers) = mpsc::channel(1);
    let app = http::App {
        shared: shared.clone(),
        registry: registry.clone(),
        well_known: Arc::new(well_known::WellKnown::new(&config.app_links)),
        shutdown: signal.clone(),
        handlers: handlers_done,
        public_origin: public_origin.into(),
        loopback_port,
    };
    let mut tasks = Vec::new();
    let metrics_addr = metrics_listener.map(|(listener, at)| {
        tasks.push(serve::spawn(
            listener,
            http::metrics_router(app.clone()),
            shared.clone(),
            signal.clone(),
        ));
        at
    });
    tasks.push(serve::spawn(
        listener,
        http::router(app, metrics_addr.is_none()),
        shared.clone(),
        signal.clone(),
    ));
    if let Some(period) = shared.store.lease_period() {
        tasks.push(tokio::spawn(lease::renew(
            shared.clone(),
            registry.clone(),
            period,
            signal.clone(),
        )));
    }
    tasks.push(tokio::spawn(expiry::run(shared.clone(), registry, signal)));
    tracing::info!("listening on {addr}");
    if let Some(at) = metrics_addr {
        tracing::info!("metrics on {at}");
    }
    Ok(RunningServer {
        addr,
        metrics_addr,
        shared,
        shutdown,
        tasks,
        handlers,
    })
}

/// The default instance id: the machine's host name.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_owned())
        .ok()
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "cozcade".to_owned())
}

impl RunningServer {
    /// Stops accepting, tells every connection (`shutting_down`), and waits for them to close.
    pub async fn shutdown(mut self) {
        let _ = self.shutdown.send(true);
        for task in self.tasks {
            let _ = task.await;
        }
        // Upgraded WebSockets are not tracked by the HTTP server's graceful shutdown; each
        // has seen the signal, says so to its player and closes, then drops its sender. The
        // routers that handed the senders out are gone with the tasks above, so `recv` ends
        // when the last handler is done (within reason: a peer that never answers the close
        // is given up on after a second by its handler).
        if tokio::time::timeout(SHUTDOWN_WAIT, self.handlers.recv())
            .await
            .is_err()
        {
            tracing::warn!("some connections did not close in {SHUTDOWN_WAIT:?}");
        }
        // Every player is gone: hand the rooms to the other instances now rather than when
        // their leases lapse.
        if let Err(e) = self.shared.store.release_all().await {
            tracing::warn!("releasing this instance's rooms: {e}");
        }
        // Rooms' owners may linger a while yet, but nothing is left for them to store.
        if let Err(e) = self.shared.store.close().await {
            tracing::warn!("closing the store: {e}");
        }
    }
}
