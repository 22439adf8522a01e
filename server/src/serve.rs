//! Accepting HTTP connections and handing their requests to the router.
//!
//! Served through hyper directly rather than `axum::serve`, for what a public server needs
//! and that one does not do:
//! - a timer for hyper, so that its header-read timeout works: a request's headers (and an
//!   idle kept-alive connection's next request) must arrive within `--header-read-timeout-secs`,
//!   or the connection is closed. Without a timer hyper silently runs without the timeout, and
//!   a request sent a byte at a time held its connection for as long as the sender liked.
//! - a cap on HTTP connections, in all and per client address (the TCP peer's, as an IPv6
//!   /64; not for a trusted proxy, whose connections carry many clients). A connection beyond
//!   it is answered `503` and closed at once. A connection upgraded to a WebSocket leaves the
//!   cap (hyper hands the socket over and the connection's task ends): WebSockets have their
//!   own caps.
//! - a timeout per request (`--request-timeout-secs`, answered `503`) and a small body limit.
//!
//! Graceful shutdown as `axum::serve` does it: once told to stop, nothing more is accepted,
//! each connection finishes the request it is in, and the task ends when every connection has.

use std::{
    net::{IpAddr, SocketAddr},
    sync::{Arc, atomic::Ordering},
    time::Duration,
};

use axum::{
    Router,
    extract::{ConnectInfo, DefaultBodyLimit, Request},
    http::StatusCode,
};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{
    net::{TcpListener, TcpStream},
    sync::{Semaphore, mpsc, watch},
    task::JoinHandle,
};
use tower_http::timeout::TimeoutLayer;
use tower_service::Service;

use crate::{config::secs, limits::ConnectionsPerAddress, shared::Shared};

/// The largest request body read (only `POST /api/rooms` has one, a few bytes of JSON).
const MAX_BODY: usize = 16 * 1024;

/// What a connection beyond the cap is told before it is closed.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\
    Content-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\nContent-Length: 48\r\n\r\n\
    the server holds as many connections as it can\r\n";

/// The caps on HTTP connections.
struct Caps {
    all: Arc<Semaphore>,
    per_address: ConnectionsPerAddress,
    trusted_proxies: Vec<IpAddr>,
}

/// Serves `router` on `listener` until `stop` changes, with each client's address known.
pub fn spawn(
    listener: TcpListener,
    router: Router,
    shared: Arc<Shared>,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    let limits = &shared.limits;
    let header_timeout = secs(limits.header_read_timeout_secs);
    let router =
        router
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::SERVICE_UNAVAILABLE,
                secs(limits.request_timeout_secs),
            ));
    let caps = Caps {
        all: Arc::new(Semaphore::new(limits.max_http_connections)),
        per_address: ConnectionsPerAddress::new(limits.max_http_connections_per_address),
        trusted_proxies: shared.trusted_proxies.clone(),
    };
    tokio::spawn(async move {
        // Every connection's task holds a clone; `recv` ends once all are gone.
        let (open, mut all_closed) = mpsc::channel::<()>(1);
        loop {
            let (stream, peer) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    Err(e) => {
                        // Out of file descriptors, most likely: let some close first.
                        tracing::warn!("accepting a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                },
                _ = stop.changed() => break,
            };
            // Moves are small frames that must leave at once: no Nagle delay (which, with the
            // peer's delayed ACK, can hold a frame for 40 ms).
            if let Err(e) = stream.set_nodelay(true) {
                tracing::debug!("TCP_NODELAY: {e}");
            }
            let Some(places) = caps.admit(peer) else {
                shared.metrics.http_refused.fetch_add(1, Ordering::Relaxed);
                refuse(stream);
                continue;
            };
            let router = router.clone();
            let open = open.clone();
            let mut stop = stop.clone();
            let shared = shared.clone();
            shared
                .metrics
                .http_connections
                .fetch_add(1, Ordering::Relaxed);
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    let mut router = router.clone();
                    async move { router.call(request).await }
                });
                let mut builder = http1::Builder::new();
                builder
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_timeout);
                let connection = builder
                    .serve_connection(TokioIo::new(stream), service)
                    .with_upgrades();
                tokio::pin!(connection);
                let result = tokio::select! {
                    result = connection.as_mut() => result,
                    _ = stop.changed() => {
                        connection.as_mut().graceful_shutdown();
                        connection.await
                    }
                };
                if let Err(e) = result {
                    tracing::debug!("HTTP connection: {e}");
                }
                shared
                    .metrics
                    .http_connections
                    .fetch_sub(1, Ordering::Relaxed);
                drop((places, open));
            });
        }
        drop(open);
        let _ = all_closed.recv().await;
    })
}

impl Caps {
    /// Places for one more connection from `peer`, or `None` when it is beyond a cap.
    fn admit(&self, peer: SocketAddr) -> Option<impl Send + 'static> {
        let all = self.all.clone().try_acquire_owned().ok()?;
        let address = peer.ip().to_canonical();
        let own = if self.trusted_proxies.contains(&address) {
            None
        } else {
            Some(self.per_address.take(address)?)
        };
        Some((all, own))
    }
}

/// Tells a connection beyond the cap why, if its socket takes the few bytes at once, and
/// closes it.
fn refuse(stream: TcpStream) {
    let _ = stream.try_write(FULL);
}
