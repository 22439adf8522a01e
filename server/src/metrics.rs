//! Counters for `/metrics`, in the Prometheus text format.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};

use cozcade_protocol::{CloseReason, ErrorCode};

use crate::store::StoreStats;

const ERROR_CODES: [ErrorCode; 16] = [
    ErrorCode::Malformed,
    ErrorCode::UnsupportedVersion,
    ErrorCode::ExpectedHello,
    ErrorCode::UnknownRoom,
    ErrorCode::RoomFull,
    ErrorCode::BadSeatKey,
    ErrorCode::SeatKeyReplaced,
    ErrorCode::NotYourTurn,
    ErrorCode::IllegalMove,
    ErrorCode::Stale,
    ErrorCode::Duplicate,
    ErrorCode::BadActionId,
    ErrorCode::AlreadyProposed,
    ErrorCode::Unavailable,
    ErrorCode::NoNewRoundRequest,
    ErrorCode::RoomExhausted,
];

const CLOSE_REASONS: [CloseReason; 11] = CloseReason::ALL;

#[derive(Debug, Default)]
pub struct Metrics {
    /// Rooms in the store.
    pub rooms: AtomicI64,
    /// Rooms whose owner is in memory.
    pub rooms_active: AtomicI64,
    pub rooms_created: AtomicU64,
    /// Room creations refused by the per-address or the server-wide rate.
    pub rooms_refused: AtomicU64,
    pub rooms_expired: AtomicU64,
    pub connections: AtomicI64,
    /// HTTP connections (not yet or never WebSockets) open.
    pub http_connections: AtomicI64,
    /// HTTP connections refused at once: beyond the cap in all or per address.
    pub http_refused: AtomicU64,
    /// Writes the store refused at once because its queue was full.
    pub store_busy: AtomicU64,
    pub actions: AtomicU64,
    /// Link-preview pictures rendered (a fetch the cache answered renders nothing).
    pub previews_rendered: AtomicU64,
    errors: [AtomicU64; ERROR_CODES.len()],
    closes: [AtomicU64; CLOSE_REASONS.len()],
}

impl Metrics {
    pub fn error(&self, code: ErrorCode) {
        if let Some(i) = ERROR_CODES.iter().position(|c| *c == code) {
            self.errors[i].fetch_add(1, Relaxed);
        }
    }

    pub fn close(&self, reason: CloseReason) {
        if let Some(i) = CLOSE_REASONS.iter().position(|c| *c == reason) {
            self.closes[i].fetch_add(1, Relaxed);
        }
    }

    pub fn render(&self, store: StoreStats) -> String {
        let mut out = String::new();
        let mut gauge = |name: &str, help: &str, kind: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        gauge(
            "cozcade_rooms",
            "Rooms stored.",
            "gauge",
            self.rooms.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_rooms_active",
            "Rooms with an owner in memory.",
            "gauge",
            self.rooms_active.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_rooms_created_total",
            "Rooms created.",
            "counter",
            self.rooms_created.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_rooms_refused_total",
            "Room creations refused: too many from one address, or from all.",
            "counter",
            self.rooms_refused.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_rooms_expired_total",
            "Rooms deleted after inactivity.",
            "counter",
            self.rooms_expired.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_previews_rendered_total",
            "Link-preview pictures rendered; the others came from the cache.",
            "counter",
            self.previews_rendered.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_connections",
            "Open WebSocket connections.",
            "gauge",
            self.connections.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_http_connections",
            "Open HTTP connections (WebSockets, once upgraded, are not among them).",
            "gauge",
            self.http_connections.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_http_refused_total",
            "HTTP connections refused at once: the server or the address held the most allowed.",
            "counter",
            self.http_refused.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_store_busy_total",
            "Writes refused at once because the store's queue was full (--store-queue).",
            "counter",
            self.store_busy.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_actions_total",
            "Confirmed (stored) actions.",
            "counter",
            self.actions.load(Relaxed).to_string(),
        );
        gauge(
            "cozcade_store_commits_total",
            "Store transactions committed (each a batch of actions).",
            "counter",
            store.commits.to_string(),
        );
        gauge(
            "cozcade_store_jobs_total",
            "Store calls served by those transactions.",
            "counter",
            store.jobs.to_string(),
        );
        gauge(
            "cozcade_store_commit_seconds_total",
            "Time spent running and committing store transactions.",
            "counter",
            format!("{:.6}", store.commit_seconds),
        );
        gauge(
            "cozcade_store_commit_seconds_max",
            "The longest store transaction so far.",
            "gauge",
            format!("{:.6}", store.longest_commit_seconds),
        );
        let _ = writeln!(
            out,
            "# HELP cozcade_errors_total Refused client messages, by code.\n\
             # TYPE cozcade_errors_total counter"
        );
        for (code, count) in ERROR_CODES.iter().zip(&self.errors) {
            let code = serde_json::to_string(code).unwrap_or_default();
            let _ = writeln!(
                out,
                "cozcade_errors_total{{code={code}}} {}",
                count.load(Relaxed)
            );
        }
        let _ = writeln!(
            out,
            "# HELP cozcade_closes_total Connections closed by the server, by reason.\n\
             # TYPE cozcade_closes_total counter"
        );
        for (reason, count) in CLOSE_REASONS.iter().zip(&self.closes) {
            let _ = writeln!(
                out,
                "cozcade_closes_total{{reason=\"{}\"}} {}",
                reason.as_str(),
                count.load(Relaxed)
            );
        }
        out
    }
}
