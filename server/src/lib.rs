//! The Cozcade room server: two friends on two devices play one game through it.
//!
//! The layout follows mini-redis: [`http`] listens and routes, [`connection`] handles one
//! WebSocket, the wire types live in `cozcade_engine::protocol`, [`room`] is the serialised
//! owner of one room that turns client actions into numbered events, and [`shared`] holds what
//! all of them share. Every action is checked by the engine, stored through [`store`], and only
//! then acknowledged and broadcast.

pub mod clock;
pub mod config;
mod connection;
pub mod expiry;
mod http;
mod lease;
mod limits;
mod metrics;
mod room;
pub mod scratch_postgres;
mod secret;
pub mod shared;
pub mod store;
mod web;
pub mod well_known;

use std::{
    net::SocketAddr,
    sync::{Arc, atomic::Ordering},
    time::Duration,
};

use axum::serve::ListenerExt;
use tokio::{net::TcpListener, sync::watch, task::JoinHandle};

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::{AppLinks, Config, Database, Limits};
use shared::Shared;
use store::{PostgresOptions, PostgresStore, SqliteStore, Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot open the store: {0}")]
    Store(#[from] StoreError),
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
}

/// A started server. Dropping it does not stop it; call [`RunningServer::shutdown`].
pub struct RunningServer {
    pub addr: SocketAddr,
    pub shared: Arc<Shared>,
    shutdown: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

/// Opens the store, binds the listener and starts serving in the background.
pub async fn start(config: Config, clock: Arc<dyn Clock>) -> Result<RunningServer, StartError> {
    let store: Arc<dyn Store> = match &config.db {
        Database::Sqlite(path) => Arc::new(SqliteStore::open(path, config.sync)?),
        Database::Postgres(url) => Arc::new(
            PostgresStore::connect(PostgresOptions {
                url: url.clone(),
                instance: config.instance_id.clone().unwrap_or_else(host_name),
                lease: config::secs(config.lease_secs),
                pool_size: config.db_pool,
            })
            .await?,
        ),
    };
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| StartError::Listen(config.listen, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Listen(config.listen, e))?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_owned();
    let shared = Arc::new(Shared::new(
        store,
        clock,
        config.limits,
        public_url,
        config.web_root,
    ));
    let rooms = shared.store.count_rooms().await?;
    shared
        .metrics
        .rooms
        .store(i64::try_from(rooms).unwrap_or(i64::MAX), Ordering::Relaxed);
    let (shutdown, signal) = watch::channel(false);
    let app = http::App {
        shared: shared.clone(),
        well_known: Arc::new(well_known::WellKnown::new(&config.app_links)),
        shutdown: signal.clone(),
    };
    let mut stop = signal.clone();
    let serve = tokio::spawn(async move {
        // Moves are small frames that must leave at once: no Nagle delay (which, with the
        // peer's delayed ACK, can hold a frame for 40 ms).
        let listener = listener.tap_io(|stream| {
            if let Err(e) = stream.set_nodelay(true) {
                tracing::debug!("TCP_NODELAY: {e}");
            }
        });
        let result = axum::serve(listener, http::router(app))
            .with_graceful_shutdown(async move {
                let _ = stop.changed().await;
            })
            .await;
        if let Err(e) = result {
            tracing::error!("server stopped: {e}");
        }
    });
    let mut tasks = vec![serve];
    if let Some(period) = shared.store.lease_period() {
        tasks.push(tokio::spawn(lease::renew(
            shared.clone(),
            period,
            signal.clone(),
        )));
    }
    tasks.push(tokio::spawn(expiry::run(shared.clone(), signal)));
    tracing::info!("listening on {addr}");
    Ok(RunningServer {
        addr,
        shared,
        shutdown,
        tasks,
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
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(true);
        for task in self.tasks {
            let _ = task.await;
        }
        // Upgraded WebSockets are not tracked by the HTTP server's graceful shutdown; each
        // has seen the signal and closes itself. Wait for them, within reason.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while self.shared.metrics.connections.load(Ordering::Relaxed) > 0
            && tokio::time::Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Every player is gone: hand the rooms to the other instances now rather than when
        // their leases lapse.
        if let Err(e) = self.shared.store.release_all().await {
            tracing::warn!("releasing this instance's rooms: {e}");
        }
    }
}
