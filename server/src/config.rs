//! The server's settings: flags, each also an environment variable.

use std::{
    net::{IpAddr, SocketAddr},
    path::PathBuf,
    str::FromStr,
    time::Duration,
};

use clap::Parser;

use crate::{store::Synchronous, well_known::AppLinks};

#[derive(Clone, Debug, Parser)]
#[command(name = "cozcade-server", about = "The Cozcade room server", version)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "COZCADE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Serve `/metrics` on this separate address (e.g. 127.0.0.1:9090) instead of the public
    /// one. Without it, `/metrics` is on the public address.
    #[arg(long, env = "COZCADE_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    /// A reverse proxy (nginx, a load balancer) whose `X-Forwarded-For` names the client, for
    /// the per-address limits. Repeat the flag or give a comma-separated list. From any other
    /// peer the header is ignored and the peer's own address counts.
    #[arg(long, env = "COZCADE_TRUSTED_PROXY", value_delimiter = ',')]
    pub trusted_proxy: Vec<IpAddr>,
    /// Where rooms are stored: a SQLite database file (created if missing), or a PostgreSQL
    /// URL (`postgres://user:password@host:port/database`) shared by several instances.
    #[arg(long, env = "COZCADE_DB", default_value = "cozcade.db")]
    pub db: Database,
    /// This instance's name among those sharing a PostgreSQL database (default: the host
    /// name). Each run adds a random tag to it, so a restart never passes for its predecessor.
    #[arg(long, env = "COZCADE_INSTANCE_ID")]
    pub instance_id: Option<String>,
    /// With PostgreSQL: seconds a room's lease lasts without renewal. After an instance dies,
    /// its rooms move to another instance this long after its last renewal.
    #[arg(long, env = "COZCADE_LEASE_SECS", default_value_t = 5.0)]
    pub lease_secs: f64,
    /// With PostgreSQL: connections for reads (and for taking and giving up room leases).
    /// Writers and lease renewals have their own (`--db-writers`, and one): in all
    /// db-pool + db-writers + 1.
    #[arg(long, env = "COZCADE_DB_POOL", default_value_t = 16)]
    pub db_pool: usize,
    /// With PostgreSQL: writer tasks, each with a connection of its own, each committing
    /// every write waiting in one transaction.
    #[arg(long, env = "COZCADE_DB_WRITERS", default_value_t = 4)]
    pub db_writers: usize,
    /// With SQLite: read-only connections (room pages, welcomes, pictures, rooms starting),
    /// which never wait for the writer nor it for them.
    #[arg(long, env = "COZCADE_DB_READERS", default_value_t = 4)]
    pub db_readers: usize,
    /// The public base URL used in invitations, e.g. https://play.example.com
    /// (default: http://<listen address>).
    #[arg(long, env = "COZCADE_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// The web build of the app, served as static files and on invitation pages.
    #[arg(long, env = "COZCADE_WEB_ROOT")]
    pub web_root: Option<PathBuf>,
    /// SQLite durability at commit: `normal` (survives a crash; power loss may lose the last
    /// half second) or `full` (fsync per commit: survives power loss, slower acks).
    #[arg(long, env = "COZCADE_SYNC", value_enum, default_value = "normal")]
    pub sync: Synchronous,
    #[command(flatten)]
    pub limits: Limits,
    #[command(flatten)]
    pub app_links: AppLinks,
}

/// Where rooms are stored, as given to `--db`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    Sqlite(PathBuf),
    /// A `postgres://` or `postgresql://` URL.
    Postgres(String),
}

impl FromStr for Database {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(
            if text.starts_with("postgres://") || text.starts_with("postgresql://") {
                Database::Postgres(text.to_owned())
            } else {
                Database::Sqlite(PathBuf::from(text))
            },
        )
    }
}

/// Limits against abuse. Each breach closes the connection with its own reason.
#[derive(Clone, Debug, clap::Args)]
pub struct Limits {
    /// Largest message a client may send, in bytes.
    #[arg(long, env = "COZCADE_MAX_MESSAGE_BYTES", default_value_t = 4096)]
    pub max_message_bytes: usize,
    /// Messages per second a connection may send on average...
    #[arg(long, env = "COZCADE_RATE_PER_SEC", default_value_t = 10.0)]
    pub rate_per_sec: f64,
    /// ...with bursts of up to this many.
    #[arg(long, env = "COZCADE_RATE_BURST", default_value_t = 30.0)]
    pub rate_burst: f64,
    /// Most WebSocket connections held at once.
    #[arg(long, env = "COZCADE_MAX_CONNECTIONS", default_value_t = 20_000)]
    pub max_connections: usize,
    /// Most WebSocket connections held at once from one client address.
    #[arg(
        long,
        env = "COZCADE_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 32
    )]
    pub max_connections_per_address: usize,
    /// Rooms one client address may create per minute on average...
    #[arg(long, env = "COZCADE_ROOMS_PER_MINUTE", default_value_t = 10.0)]
    pub rooms_per_minute: f64,
    /// ...with bursts of up to this many.
    #[arg(long, env = "COZCADE_ROOMS_BURST", default_value_t = 20.0)]
    pub rooms_burst: f64,
    /// Rooms all clients together may create per minute on average (beyond it `503`): how
    /// fast the room cap can fill, however many addresses an attacker has...
    #[arg(long, env = "COZCADE_ALL_ROOMS_PER_MINUTE", default_value_t = 100.0)]
    pub all_rooms_per_minute: f64,
    /// ...with bursts of up to this many.
    #[arg(long, env = "COZCADE_ALL_ROOMS_BURST", default_value_t = 200.0)]
    pub all_rooms_burst: f64,
    /// Most rooms stored at once.
    #[arg(long, env = "COZCADE_MAX_ROOMS", default_value_t = 200_000)]
    pub max_rooms: u64,
    /// Most actions (moves, new rounds, answers) one room stores; beyond it every action is
    /// refused with `room_exhausted`. Bounds what loading, replaying and keeping a room costs.
    #[arg(long, env = "COZCADE_MAX_ROOM_EVENTS", default_value_t = 10_000)]
    pub max_room_events: u64,
    /// Writes waiting for the store at once; beyond it a write is refused at once (`503`, or
    /// `unavailable` for an action) rather than queued behind a store that cannot keep up.
    #[arg(long, env = "COZCADE_STORE_QUEUE", default_value_t = 16_384)]
    pub store_queue: usize,
    /// Seconds of silence after which the server pings a connection (WebSocket ping); a
    /// connection silent for two of these is dropped and its seat shown away. Clients ping
    /// every 2.5 s themselves (PROTOCOL.md, "Heartbeat"), so they are never pinged.
    #[arg(long, env = "COZCADE_PING_SECS", default_value_t = 4.0)]
    pub ping_secs: f64,
    /// Seconds a client has to send a request's headers (and an idle kept-alive connection
    /// to begin its next request) before the connection is closed: a request sent slowly,
    /// byte by byte, cannot hold a connection for long.
    #[arg(long, env = "COZCADE_HEADER_READ_TIMEOUT_SECS", default_value_t = 10.0)]
    pub header_read_timeout_secs: f64,
    /// Seconds an HTTP request may take from its headers to its answer's; beyond it `503`.
    #[arg(long, env = "COZCADE_REQUEST_TIMEOUT_SECS", default_value_t = 10.0)]
    pub request_timeout_secs: f64,
    /// Most HTTP connections held at once (WebSockets, once upgraded, count under
    /// `--max-connections` instead); beyond it a new connection is answered `503` and closed.
    #[arg(long, env = "COZCADE_MAX_HTTP_CONNECTIONS", default_value_t = 4096)]
    pub max_http_connections: usize,
    /// Most HTTP connections held at once from one client address (not counted for a
    /// `--trusted-proxy`, whose connections carry many clients).
    #[arg(
        long,
        env = "COZCADE_MAX_HTTP_CONNECTIONS_PER_ADDRESS",
        default_value_t = 128
    )]
    pub max_http_connections_per_address: usize,
    /// Megabytes of link-preview pictures kept (a picture is 35–80 KB), least recently used
    /// forgotten first.
    #[arg(long, env = "COZCADE_PREVIEW_CACHE_MB", default_value_t = 64)]
    pub preview_cache_mb: usize,
    /// Link-preview pictures drawn at once (each takes a core for tens of milliseconds); more
    /// wait. The same picture asked for at once is drawn once.
    #[arg(long, env = "COZCADE_PREVIEW_RENDERS", default_value_t = 1)]
    pub preview_renders: usize,
    /// Seconds a message to a WebSocket client may take to go out; a client that does not
    /// read for that long (its buffers are full) is dropped, freeing its connection slot.
    #[arg(long, env = "COZCADE_SEND_TIMEOUT_SECS", default_value_t = 4.0)]
    pub send_timeout_secs: f64,
    /// Seconds a new connection has to send its hello.
    #[arg(long, env = "COZCADE_HELLO_SECS", default_value_t = 10.0)]
    pub hello_secs: f64,
    /// Days without activity after which a room is deleted.
    #[arg(long, env = "COZCADE_ROOM_TTL_DAYS", default_value_t = 7)]
    pub room_ttl_days: i64,
    /// Hours after its creation that a room nobody else ever joined is deleted: an invitation
    /// not taken up lapses, and rooms made only to fill the cap go long before a week.
    #[arg(long, env = "COZCADE_UNJOINED_ROOM_TTL_HOURS", default_value_t = 12.0)]
    pub unjoined_room_ttl_hours: f64,
    /// Seconds between sweeps for idle rooms.
    #[arg(long, env = "COZCADE_SWEEP_SECS", default_value_t = 3600.0)]
    pub sweep_secs: f64,
    /// Seconds a room's owner stays in memory after its last connection went away.
    #[arg(long, env = "COZCADE_ROOM_LINGER_SECS", default_value_t = 60.0)]
    pub room_linger_secs: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 4096,
            rate_per_sec: 10.0,
            rate_burst: 30.0,
            max_connections: 20_000,
            max_connections_per_address: 32,
            rooms_per_minute: 10.0,
            rooms_burst: 20.0,
            all_rooms_per_minute: 100.0,
            all_rooms_burst: 200.0,
            max_rooms: 200_000,
            max_room_events: 10_000,
            store_queue: 16_384,
            ping_secs: 4.0,
            send_timeout_secs: 4.0,
            preview_cache_mb: 64,
            preview_renders: 1,
            header_read_timeout_secs: 10.0,
            request_timeout_secs: 10.0,
            max_http_connections: 4096,
            max_http_connections_per_address: 128,
            hello_secs: 10.0,
            room_ttl_days: 7,
            unjoined_room_ttl_hours: 12.0,
            sweep_secs: 3600.0,
            room_linger_secs: 60.0,
        }
    }
}

/// A limit given as nonsense (a negative or not-a-number value), which stops the server at
/// start rather than doing something nobody asked for.
#[derive(Debug, thiserror::Error)]
#[error("--{flag} must be a number of at least 0, not {value}")]
pub struct BadLimit {
    pub flag: &'static str,
    pub value: f64,
}

impl Limits {
    /// Checks the limits that are fractional numbers.
    pub fn check(&self) -> Result<(), BadLimit> {
        let numbers = [
            ("rate-per-sec", self.rate_per_sec),
            ("rate-burst", self.rate_burst),
            ("rooms-per-minute", self.rooms_per_minute),
            ("rooms-burst", self.rooms_burst),
            ("all-rooms-per-minute", self.all_rooms_per_minute),
            ("all-rooms-burst", self.all_rooms_burst),
            ("ping-secs", self.ping_secs),
            ("send-timeout-secs", self.send_timeout_secs),
            ("header-read-timeout-secs", self.header_read_timeout_secs),
            ("request-timeout-secs", self.request_timeout_secs),
            ("hello-secs", self.hello_secs),
            ("unjoined-room-ttl-hours", self.unjoined_room_ttl_hours),
            ("sweep-secs", self.sweep_secs),
            ("room-linger-secs", self.room_linger_secs),
        ];
        match numbers.into_iter().find(|(_, v)| v.is_nan() || *v < 0.0) {
            Some((flag, value)) => Err(BadLimit { flag, value }),
            None => Ok(()),
        }
    }
}

/// A duration from seconds given by a user; nonsense (negative, NaN) becomes a small default.
pub fn secs(value: f64) -> Duration {
    Duration::try_from_secs_f64(value).unwrap_or(Duration::from_secs(1))
}

impl Config {
    /// Settings for tests and embedding: listen on 127.0.0.1 port 0 with the given database.
    pub fn for_tests(db: PathBuf) -> Self {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            metrics_listen: None,
            trusted_proxy: Vec::new(),
            db: Database::Sqlite(db),
            instance_id: None,
            lease_secs: 5.0,
            db_pool: 16,
            db_writers: 4,
            db_readers: 4,
            public_url: None,
            web_root: None,
            sync: Synchronous::Normal,
            limits: Limits::default(),
            app_links: AppLinks::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_or_nan_limits_are_refused() {
        assert!(Limits::default().check().is_ok());
        for bad in [-1.0, f64::NAN] {
            let limits = Limits {
                unjoined_room_ttl_hours: bad,
                ..Limits::default()
            };
            let error = limits.check().expect_err("refused");
            assert_eq!(error.flag, "unjoined-room-ttl-hours");
        }
    }
}
